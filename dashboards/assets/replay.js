/* Replay stepping in the browser, for every game: it draws what the payload says
 * (dashboards/payload.py) and never asks which game it holds. The deal arrives once
 * (dcc.Store "replay-deal": the hands each view sees, the play order with the place of every
 * card, trick leaders and winners and the column each trick counts for); every position 0..n is
 * derived here, so a step never waits for the server. The clientside callback `vint.render`
 * draws the position straight into the DOM: the card spans are built once per deal and then only
 * change class, which keeps a step to a few milliseconds (re-creating Dash components per step
 * costs ~10× more).
 * Cards are integers suit*13+rank (suits ♠ ♥ ♦ ♣, rank 0 = two). Text is set with textContent
 * only, never as HTML, so names from a record cannot inject markup.
 * With a double-dummy analysis (deal.dd: per card played its cost and the best cards at that
 * point, and the declarer side's DD tricks at each position), a card that gave tricks away is
 * marked red with "−n" once played, and the best cards of the player to move are highlighted
 * on request.
 * Each place's hand is drawn face up from card deal.up_from[place] (null: never) and carries the
 * cards deal.held[place]; the dummy laid down after the lead is deal.dummy; a hand the game lays
 * face up during the play (deal.face_up: a 2/3/5 method's dummies, open misère) is tagged face
 * down until then; dead piles (deal.dead) are never played. The tricks are counted for the two
 * columns deal.column_names (deal.won_by: the column of each trick; deal.declaring_column the
 * declarer's). A game may add tags by place (deal.tags), mark a card (deal.marked: the turn-up),
 * add lines to the status from a card on (deal.notes) and state how the deal ended
 * (deal.outcome, shown at the end of the play); where it counts tricks needed (deal.needed) the
 * verdict is counted here from the engine's trick counts. A deal with no contract says how it
 * stands in the engine's words (deal.stopped: passed out, a hand record, a bidding quiz …).
 * Under the laws (deal.marks, deal.penalty) the irregular cards are marked where played, and at
 * the end of the play the score panel shows the engine's counts before and after the revoke
 * penalty and its lines; no penalty is computed here.
 * In one seat's view (deal.view) the deal holds only the cards played so far, whether the play
 * ended there (deal.ended: never how many cards it has) and what that seat had seen; each step
 * asks the server for the next position (pages/replay.py, seat_view.py), which replaces deal and
 * draws again, and the slider reaches only the cards seen so far. */
(function () {
    "use strict";
    var SEATS = ["N", "E", "S", "W"];
    var SEAT_NAMES = ["North", "East", "South", "West"];
    var SUITS = ["♠", "♥", "♦", "♣"];
    var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    var PACK = 52;  // no play is longer than the pack

    function node(tag, className, text) {
        var el = document.createElement(tag);
        if (className) { el.className = className; }
        if (text !== undefined) { el.textContent = text; }
        return el;
    }
    function sizeOf(deal) { return deal.size; }
    function sideName(deal, c) { return deal.column_names[c]; }
    function isRed(card) { var s = Math.floor(card / 13); return s === 1 || s === 2; }
    function cardNode(card, extra) {
        return node("span", "pc " + (isRed(card) ? "red" : "black") + (extra ? " " + extra : ""),
                    RANKS[card % 13] + SUITS[Math.floor(card / 13)]);
    }
    function fill(parent, children) {
        while (parent.firstChild) { parent.removeChild(parent.firstChild); }
        children.forEach(function (c) { parent.appendChild(c); });
    }

    /* Where the play stands after `pos` cards. The points below the line and the game are the
       engine's (deal.below_after per trick, deal.below_end for a result-only deal, deal.game):
       nothing is scored here. */
    function position(deal, pos) {
        // a seat's view holds the cards played so far: until deal.ended, more may follow
        var n = deal.play.length, open = deal.ended === false, size = sizeOf(deal);
        var done = pos === n && !open ? deal.winners.length : Math.floor(pos / size);  // the laws' trick 13 may be short
        var won = [0, 0], below = deal.below ? deal.below.slice() : null, game = null;
        for (var t = 0; t < done; t++) { if (deal.won_by[t] !== null) { won[deal.won_by[t]] += 1; } }
        if (below && done > 0 && deal.below_after && deal.below_after.length) { below = deal.below_after[done - 1].slice(); }
        if (deal.game && deal.game.trick !== null && done >= deal.game.trick) { game = deal.game; }
        if (!n && !open && deal.result) {                         // a deal kept by its result only
            won = deal.result.slice();
            if (deal.below_end) { below = deal.below_end.slice(); }
            if (deal.game) { game = deal.game; }
        }
        var claimed = !!(n && deal.claim && pos === n);
        if (claimed) {                                   // the rest claimed: counted from the result
            won = deal.claim.slice();
            if (deal.below_end) { below = deal.below_end.slice(); }
            if (deal.game) { game = deal.game; }
        }
        var penalised = !!(n && deal.penalty && pos === n);
        if (penalised) {                                 // laws §8.4: the engine's counts after the penalty
            if (deal.below_end) { below = deal.below_end.slice(); }
            if (deal.game) { game = deal.game; }
        }
        var toPlay = pos < n || open ? seatOf(deal, pos) : null;
        return {pos: pos, n: n, open: open, done: done, won: won, below: below, game: game, toPlay: toPlay, claimed: claimed, penalised: penalised,
                shown: pos === 0 ? -1 : Math.floor((pos - 1) / size), played: new Set(deal.play.slice(0, pos))};
    }

    /* The seat that played the i-th card. */
    function seatOf(deal, i) { return deal.seats[i]; }

    /* The card table's DOM for one deal, built once: per seat a header, four suit rows of
     * rank spans (the open view) and a row of card backs plus the cards seen played (the
     * view of another player, who sees no hand but his own). In the view of one seat the
     * deal carries no other hand (null): those seats are only ever drawn closed. */
    function build(deal) {
        var table = {deal: deal, cards: {}, backs: [], seen: [], hands: [], lost: {}, faces: []};
        if (deal.dd) {
            deal.play.forEach(function (c, i) { if (deal.dd.cost[i] > 0) { table.lost[c] = deal.dd.cost[i]; } });
        }
        for (var seat = 0; seat < 4; seat++) {
            var box = document.getElementById("hand-" + SEATS[seat]);
            var head = node("div", "hand-head");
            head.appendChild(node("span", "seat-letter", SEATS[seat]));
            head.appendChild(node("span", "player", deal.players[seat]));
            if (seat === deal.declarer) { head.appendChild(node("span", "tag", "declarer")); }
            if (seat === deal.dummy) { head.appendChild(node("span", "tag dummy", "dummy · played by " + SEATS[deal.declarer])); }
            if (seat === deal.dealer) { head.appendChild(node("span", "tag dealer", "dealer")); }
            deal.tags[seat].forEach(function (t) { head.appendChild(node("span", "tag", t)); });
            if (deal.dead[seat]) { head.appendChild(node("span", "tag dead", "dead, face down")); }
            var face = deal.face_up[seat] !== null ? node("span", "tag face") : null;
            if (face) { head.appendChild(face); }
            table.faces.push(face);
            var open = node("div", "hand-open");
            for (var s = 0; s < 4 && deal.hands && deal.hands[seat]; s++) {
                var row = node("div", "suit-row" + (deal.trump === s ? " trump" : ""));
                row.appendChild(node("span", "suit " + (s === 1 || s === 2 ? "red" : "black"), SUITS[s]));
                var ranks = node("span", "ranks");
                deal.hands[seat].filter(function (c) { return Math.floor(c / 13) === s; }).reverse().forEach(function (c) {
                    var span = node("span", "rank", RANKS[c % 13]);
                    if (table.lost[c]) {
                        span.setAttribute("data-cost", "−" + table.lost[c]);
                        span.title = "gave away " + table.lost[c] + " trick" + (table.lost[c] > 1 ? "s" : "") + " (double dummy)";
                    }
                    if (deal.marked && c === deal.marked.card) { span.title = deal.marked.title; table.marked = c; }
                    span.setAttribute("data-card", String(c));  // the analysis board's clicks (assets/replay_board.js)
                    table.cards[c] = span;
                    ranks.appendChild(span);
                });
                if (!ranks.firstChild) { ranks.appendChild(node("span", "void", "—")); }
                row.appendChild(ranks);
                open.appendChild(row);
            }
            var closed = node("div", "hand-closed");
            var backs = node("div", "backs");
            var seen = node("div", "seen");
            closed.appendChild(backs);
            closed.appendChild(seen);
            fill(box, [head, open, closed]);
            table.hands.push(box);
            table.backs.push(backs);
            table.seen.push(seen);
        }
        return table;
    }

    function drawHands(table, st, view, hide, showBest) {
        var deal = table.deal;
        var best = showBest && deal.dd && st.pos < st.n ? new Set(deal.dd.best[st.pos]) : null;
        for (var c in table.cards) {
            table.cards[c].className = st.played.has(+c) ? (table.lost[c] ? "rank played dd-lost" : "rank played")
                : best && best.has(+c) ? "rank dd-best" : "rank";
        }
        if (table.marked !== undefined) { table.cards[table.marked].classList.add("marked"); }
        for (var seat = 0; seat < 4; seat++) {
            var closed = !deal.hands[seat] || deal.up_from[seat] === null || st.pos < deal.up_from[seat];
            var face = table.faces[seat], down = !!face && st.pos < deal.face_up[seat];
            if (face) { face.textContent = down ? "face down until card " + deal.face_up[seat] : "face up"; }
            var dummyUp = seat === deal.dummy && !closed, faceUp = !!face && !down;
            var box = table.hands[seat];
            box.className = "hand hand-" + SEATS[seat] + (st.toPlay === seat ? " to-play" : "") +
                (closed ? " closed" : "") + (dummyUp ? " dummy-up" : "") + (faceUp ? " face-up" : "") +
                (hide ? " hide-played" : "") + (down ? " face-down" : "") + (deal.dead[seat] ? " dead" : "");
            if (!closed) { continue; }
            var gone = deal.play.slice(0, st.pos).filter(function (c, i) { return seatOf(deal, i) === seat; });
            var left = deal.held[seat] - gone.length;
            var backs = table.backs[seat];
            while (backs.childNodes.length > left) { backs.removeChild(backs.lastChild); }
            while (backs.childNodes.length < left) { backs.appendChild(node("span", "back")); }
            fill(table.seen[seat], gone.length ? [node("span", "", "played:")].concat(gone.map(function (c) { return cardNode(c); }))
                                               : [node("span", "", deal.dead[seat] ? "not played" : "nothing played yet")]);
        }
    }

    function drawTrick(deal, st) {
        var out = [];
        if (st.shown < 0) {
            var lead = deal.leaders.length ? deal.leaders[0] : deal.first_leader;
            var text = lead !== null ? SEAT_NAMES[lead] + " (" + deal.players[lead] + ") leads"
                : deal.contract === null ? deal.stopped || "passed out: no bid, nothing played"
                : deal.result ? "only the result was recorded: " + sideName(deal, 0) + " took " + deal.result[0] + ", " +
                                sideName(deal, 1) + " " + deal.result[1] + " tricks"
                : "no card play recorded";
            out.push(node("div", "trick-info", text));
        } else {
            var size = sizeOf(deal), t = st.shown, start = size * t, end = Math.min(st.pos, start + size), complete = end === start + size;
            for (var i = start; i < end; i++) {
                var seat = seatOf(deal, i);
                var cost = deal.dd ? deal.dd.cost[i] : 0;
                var slot = node("div", "slot slot-" + SEATS[seat] + (complete && deal.winners[t] === seat ? " winner" : "") +
                                (cost > 0 ? " dd-lost" : ""));
                slot.appendChild(cardNode(deal.play[i], "big"));
                if (cost > 0) { slot.appendChild(node("span", "dd-mark", "−" + cost)); }
                markedAt(deal, i).forEach(function (m) {       // laws: a revoke, a lead out of turn, an exposed card
                    slot.className += " irregular";
                    var badge = node("span", "irr-mark irr-" + m.kind, m.kind === "revoke" ? "revoke" : "!");
                    badge.title = m.text;
                    slot.appendChild(badge);
                });
                out.push(slot);
            }
            out.push(node("div", "trick-info", "Trick " + (t + 1) + (complete ? " — won by " + SEAT_NAMES[deal.winners[t]] : "")));
        }
        fill(document.getElementById("trick"), out);
    }

    /* The irregular cards (laws) played as the i-th card, and those noted at trick t (0-based). */
    function markedAt(deal, i) { return (deal.marks || []).filter(function (m) { return m.index === i; }); }
    function markedIn(deal, t) { return (deal.marks || []).filter(function (m) { return m.trick === t + 1; }); }

    function drawStatus(deal, st) {
        var out = [];
        var label = st.open ? "card " + st.pos + " · trick " + Math.max(1, Math.ceil(st.pos / sizeOf(deal)))
            : !st.n ? "no card play" : "card " + st.pos + " of " + st.n + " · " + (st.pos === st.n ? (st.claimed ? "the rest claimed"
                : st.done < 13 ? "the play stops after trick " + st.done : "play finished") : "trick " + Math.max(1, Math.ceil(st.pos / sizeOf(deal))));
        out.push(node("div", "step-label", label));
        out[0].id = "step-label";
        var tricks = node("div", "tricks");
        [0, 1].forEach(function (s) {
            var side = node("div", "side side-" + (s ? "EW" : "NS"), sideName(deal, s) + " tricks ");
            var count = node("strong", "", String(st.won[s]));
            count.id = "tricks-" + (s ? "EW" : "NS");
            side.appendChild(count);
            tricks.appendChild(side);
        });
        out.push(tricks);
        if (st.shown >= 0) {
            markedIn(deal, st.shown).forEach(function (m) { out.push(node("div", "irr-line irr-" + m.kind, m.text)); });
        }
        if (st.penalised) {                              // the engine's penalty, as applied: nothing computed here
            var pen = node("div", "penalty");
            pen.id = "penalty-panel";
            pen.appendChild(node("div", "small-head", "revoke penalty"));
            var counts = node("div", "penalty-counts", sideName(deal, 0) + " " + deal.penalty.before[0] + " → " + deal.penalty.after[0] +
                              ", " + sideName(deal, 1) + " " + deal.penalty.before[1] + " → " + deal.penalty.after[1]);
            counts.id = "penalty-counts";
            pen.appendChild(counts);
            deal.penalty.lines.slice(1).forEach(function (text) { pen.appendChild(node("div", "penalty-line", text)); });
            out.push(pen);
        }
        if (st.claimed) {
            var claimSide = deal.declaring_column;
            var claim = node("div", "claim-line", "the rest claimed: declarer " + sideName(deal, claimSide) + " took " + st.won[claimSide]);
            claim.id = "claim-line";
            out.push(claim);
        }
        if (deal.dummy_line) {
            var dummyLine = node("div", "dummy-line", deal.dummy_line);
            dummyLine.id = "dummy-line";
            out.push(dummyLine);
        }
        deal.notes.forEach(function (note, i) {          // the game's own lines, each from its card on
            if (st.pos >= note.from) {
                var line = node("div", "dummy-line note", note.text);
                line.id = "note-" + i;
                out.push(line);
            }
        });
        if (deal.declarer !== null && deal.needed !== null) {
            var counted = st.penalised ? deal.penalty.after : st.won;
            var mine = deal.declaring_column, have = counted[mine], need = deal.needed, lost = counted[1 - mine];
            var over = counted[0] + counted[1] === 13;
            out.push(node("div", "verdict", have >= need ? "contract made"
                          : over || st.claimed ? "contract failed by " + (need - have)
                          : 13 - lost < need ? "contract cannot be made" : "needs " + (need - have) + " more"));
        }
        if (deal.outcome && !st.open && st.pos === st.n) {   // how the engine says the deal ended
            var outcome = node("div", "verdict", deal.outcome);
            outcome.id = "outcome";
            out.push(outcome);
        }
        if (deal.dd && deal.declarer !== null) {
            var dd = node("div", "dd-line", sideName(deal, deal.declaring_column) + " can take ");
            var ddCount = node("strong", "", String(deal.dd.tricks[st.pos]));
            ddCount.id = "dd-tricks";
            dd.appendChild(ddCount);
            dd.appendChild(document.createTextNode(" tricks double dummy (need " + deal.needed + ")"));
            out.push(dd);
        }
        if (st.below) {
            var below = node("div", "below");
            below.appendChild(node("div", "small-head", "below the line (game " + deal.threshold + ")"));
            [0, 1].forEach(function (s) {
                var row = node("div", "bar-row");
                row.appendChild(node("span", "bar-label", sideName(deal, s)));
                var bar = node("div", "bar"), fillBar = node("div", "fill fill-" + s);
                fillBar.style.width = Math.min(100, 100 * st.below[s] / deal.threshold) + "%";
                bar.appendChild(fillBar);
                row.appendChild(bar);
                var num = node("span", "bar-num", st.below[s] + " / " + deal.threshold);
                num.id = "below-" + (s ? "EW" : "NS");
                row.appendChild(num);
                below.appendChild(row);
            });
            out.push(below);
            if (st.game) {
                out.push(node("div", "game-won", sideName(deal, st.game.side) + " reach game" + (st.game.trick ? " at trick " + st.game.trick : "")));
            }
        }
        fill(document.getElementById("replay-status"), out);
    }

    /* The view links (all hands, only what N saw, …) load the page of that view at the
     * position shown now. */
    function keepPosition(pos) {
        var links = document.querySelectorAll("a.view-link");
        for (var i = 0; i < links.length; i++) {
            links[i].setAttribute("href", "?view=" + links[i].getAttribute("data-view") + "&card=" + pos);
        }
    }

    /* Keys and buttons ask for a move from the position last asked for (if recent), so fast
     * repeated keys add up even before each step is drawn. */
    var live = {table: null, key: null, pos: 0, n: 0, size: 4, target: null, asked: 0, hide: []};
    function stepFrom(pos, action, n, size) {
        var next = pos;
        if (action === "card+") { next = pos + 1; }
        else if (action === "card-") { next = pos - 1; }
        else if (action === "trick+") { next = (Math.floor(pos / size) + 1) * size; }
        else if (action === "trick-") { next = (Math.ceil(pos / size) - 1) * size; }
        else if (action === "first") { next = 0; }
        else if (action === "last") { next = n; }
        return Math.max(0, Math.min(n, next));
    }
    window.vintReplay = {
        go: function (action) {
            if (window.vintBoard && window.vintBoard.go(action)) { return; }  // a variation's line (assets/replay_board.js)
            var now = performance.now();
            var base = live.target !== null && now - live.asked < 400 ? live.target : live.pos;
            var next = stepFrom(base, action, live.n, live.size);
            if (next === base) { return; }
            live.target = next;
            live.asked = now;
            window.dash_clientside.set_props("replay-slider", {value: next});
        }
    };

    window.dash_clientside = Object.assign({}, window.dash_clientside, {
        vint: {
            render: function (pos, hide, deal) {
                var none = window.dash_clientside.no_update;
                if (!deal || !document.getElementById("hand-N")) { return none; }
                if (!deal.hands) {
                    fill(document.getElementById("trick"), [node("div", "trick-info", "the dealt hands are unknown")]);
                    return none;
                }
                var key = [deal.deal, deal.view, deal.players.join("|"), deal.play.join(","), deal.dd ? "dd" : ""].join("/");
                if (!live.table || live.key !== key || !document.getElementById("hand-N").firstChild) {
                    live.table = build(deal);
                    live.key = key;
                }
                var st = position(deal, Math.max(0, Math.min(deal.play.length, pos || 0)));
                live.pos = st.pos;
                live.n = st.open ? PACK : st.n;  // a seat's view steps on past what it holds: the server stops at the end
                live.size = sizeOf(deal);
                if (live.target === st.pos) { live.target = null; }
                keepPosition(st.pos);
                live.hide = hide || [];
                draw(deal, st);
                if (window.vintBoard) { window.vintBoard.actual(deal, st.pos); }
                return none;
            }
        }
    });

    function draw(deal, st) {
        if (!live.table || live.table.deal !== deal) { live.table = build(deal); live.key = null; }
        drawHands(live.table, st, deal.view || "all", live.hide.indexOf("hide") >= 0, live.hide.indexOf("best") >= 0);
        drawTrick(deal, st);
        drawStatus(deal, st);
    }
    /* The table's words and DOM helpers, for the analysis board (assets/replay_board.js, loaded after this file). */
    window.vintReplay.dom = {SEATS: SEATS, SEAT_NAMES: SEAT_NAMES, SUITS: SUITS, RANKS: RANKS, node: node, fill: fill};
    /* The analysis board draws a variation's line (a deal of its own: the same hands, its play)
       after `pos` of its cards, with the same table, trick and status. */
    window.vintReplay.draw = function (deal, pos) { draw(deal, position(deal, pos)); };
})();
