/* The analysis board on the replay page (issue 21). A click on a card the player to move may
 * play starts a variation from the position shown; further clicks play on. Variations form a
 * tree: per branch point of the actual play (card `at`), its variations in order, each card
 * with its own continuations (several per position, nested); promote moves a variation one place
 * up among its siblings, delete removes it and what follows, "actual play" goes back to the
 * branch point. The actual play never changes.
 * Each step is drawn here at once (replay.js's vintReplay.draw over the line as a deal of its
 * own), then the server is asked what the position is worth (dashboards/board.py, one DDS call
 * a position); answers are kept per position, so a position is asked for once. The line's
 * trick winners are worked out here for drawing only (the highest trump, else the highest card
 * of the suit led: volchaninov.md §3, rubber-bridge.md §3); the server replays every line with
 * the engine and its answer cuts a line the rules refuse.
 * The address bar follows the position (?card=K&line=…&view=…): Back and Forward reopen what
 * was viewed through the pages' dcc.Location, and the page opens a shared link there.
 * In one seat's view there is no variation (the page holds only what that seat saw): the panel
 * offers single dummy for the seat to play, over a sample of layouts of the unseen cards. */
(function () {
    "use strict";
    var dom = window.vintReplay.dom;  // assets/replay.js, loaded before this file
    var SEATS = dom.SEATS, SEAT_NAMES = dom.SEAT_NAMES, SUITS = dom.SUITS, RANKS = dom.RANKS, node = dom.node;
    var NAMES = "23456789TJQKA";

    function fill(parent, children) { dom.fill(parent, children.filter(Boolean)); }
    function pretty(card) { return SUITS[Math.floor(card / 13)] + RANKS[card % 13]; }
    function cardName(card) { return "SHDC"[Math.floor(card / 13)] + NAMES[card % 13]; }
    function cardSpan(card) {
        var s = Math.floor(card / 13);
        return node("span", "pc " + (s === 1 || s === 2 ? "red" : "black"), pretty(card));
    }

    /* The variation tree. A path is the list of child indices from a branch point. */
    function Tree() { this.roots = {}; }
    Tree.prototype.kids = function (at, path) {
        var kids = this.roots[at] || (this.roots[at] = []);
        for (var i = 0; i < path.length; i++) { kids = kids[path[i]].kids; }
        return kids;
    };
    Tree.prototype.cards = function (at, path) {
        var out = [], kids = this.roots[at] || [];
        for (var i = 0; i < path.length; i++) { out.push(kids[path[i]].card); kids = kids[path[i]].kids; }
        return out;
    };
    /* The path after playing `card` at `path` (the existing continuation if there is one). */
    Tree.prototype.play = function (at, path, card) {
        var kids = this.kids(at, path);
        var i = kids.findIndex(function (k) { return k.card === card; });
        if (i < 0) { kids.push({card: card, kids: []}); i = kids.length - 1; }
        return path.concat([i]);
    };
    /* `path` followed through first continuations to its end: the line the arrow keys walk. */
    Tree.prototype.line = function (at, path) {
        var out = path.slice(), kids = this.kids(at, path);
        while (kids.length) { out.push(0); kids = kids[0].kids; }
        return out;
    };
    /* The variation ending at `path` one place up among its siblings; returns its new path. */
    Tree.prototype.promote = function (at, path) {
        if (!path.length) { return path; }
        var last = path[path.length - 1], kids = this.kids(at, path.slice(0, -1));
        if (last === 0) { return path; }
        var moved = kids.splice(last, 1)[0];
        kids.splice(last - 1, 0, moved);
        return path.slice(0, -1).concat([last - 1]);
    };
    /* Delete the node at `path` and what follows it; returns the parent's path. */
    Tree.prototype.remove = function (at, path) {
        if (!path.length) { return path; }
        this.kids(at, path.slice(0, -1)).splice(path[path.length - 1], 1);
        return path.slice(0, -1);
    };

    /* Where a line stands: who holds what, who is to play, the trick on the table. */
    function standing(deal, at, cards) {
        var held = deal.hands.map(function (h) { return new Set(h); });
        var play = deal.play.slice(0, at).concat(cards);
        var leaders = [], winners = [], leader = deal.leaders.length ? deal.leaders[0] : deal.first_leader, trick = [];
        play.forEach(function (card, i) {
            if (!trick.length) { leaders.push(leader); }
            held[(leader + trick.length) % 4].delete(card);
            trick.push(card);
            if (trick.length === 4) {
                var t = leaders.length - 1;
                var winner = t < deal.winners.length && i < at ? deal.winners[t] : (leader + best(trick, deal.trump)) % 4;
                winners.push(winner);
                leader = winner;
                trick = [];
            }
        });
        if (trick.length === 0 && play.length < 52) { leaders.push(leader); }
        return {play: play, leaders: leaders, winners: winners, held: held, trick: trick,
                toPlay: play.length < 52 ? (leader + trick.length) % 4 : null};
    }
    function best(trick, trump) {
        var top = 0;
        for (var i = 1; i < 4; i++) {
            var a = trick[top], b = trick[i], sa = Math.floor(a / 13), sb = Math.floor(b / 13);
            if ((sb === sa && b > a) || (sb === trump && sa !== trump)) { top = i; }
        }
        return top;
    }

    /* Why `card` may not be played next, in the rules' words (null: it may). */
    function refusal(deal, st, card, rules) {
        if (st.toPlay === null) { return rules.NOT_HELD + ": " + pretty(card) + " comes after all 13 tricks"; }
        var holder = [0, 1, 2, 3].find(function (s) { return st.held[s].has(card); });
        if (holder === undefined) { return rules.NOT_HELD + ": " + pretty(card) + " has been played already; " + SEATS[st.toPlay] + " is to play"; }
        if (holder !== st.toPlay) { return rules.NOT_HIS_TURN + ": " + pretty(card) + " is " + SEATS[holder] + "'s card; " + SEATS[st.toPlay] + " is to play"; }
        if (st.trick.length) {
            var led = Math.floor(st.trick[0] / 13);
            var suit = Array.from(st.held[holder]).filter(function (c) { return Math.floor(c / 13) === led; });
            if (suit.length && Math.floor(card / 13) !== led) {
                suit.sort(function (a, b) { return b - a; });
                return rules.REVOKE + ": " + SEATS[holder] + " must follow " + SUITS[led] + " with " +
                    suit.map(pretty).join(" ") + ", not " + pretty(card);
            }
        }
        return null;
    }

    var board = {deal: null, tree: new Tree(), at: 0, path: [], answers: {}, asked: {}, refused: null, opened: false,
                 actualPos: 0, sd: {}};

    function inVariation() { return board.path.length > 0; }
    function cards() { return board.tree.cards(board.at, board.path); }
    function keyOf(at, line) { return at + ":" + line.join(","); }

    /* The line as a deal replay.js draws: the same hands and players, its own play. */
    function lineDeal(deal, st) {
        return Object.assign({}, deal, {play: st.play, leaders: st.leaders, winners: st.winners, dd: null, claim: null,
                                        result: null, below_after: null, below: null, below_end: null, game: null,
                                        marks: [], penalty: null});
    }

    function show() {
        var deal = board.deal;
        if (inVariation()) {
            var st = standing(deal, board.at, cards());
            window.vintReplay.draw(lineDeal(deal, st), st.play.length);
        }
        drawLine();
        drawPanel();
        follow();
        var key = keyOf(board.at, cards());
        if (!board.answers[key]) { ask(board.at, cards(), false); }
    }

    function ask(at, line, finish) {
        var key = keyOf(at, line) + (finish ? ":finish" : "");
        if (board.asked[key]) { return; }
        board.asked[key] = true;
        window.dash_clientside.set_props("board-ask", {data: {session: board.deal.board.session, deal: board.deal.board.deal,
                                                               at: at, line: line, finish: finish, key: key}});
    }

    /* The line under the table: the branch point, the variation's cards (each a step back to
     * it), the siblings at this position, and the board's buttons. */
    function drawLine() {
        var box = document.getElementById("board-line");
        if (!box) { return; }
        var out = [];
        if (inVariation()) {
            var head = node("div", "board-moves");
            head.id = "board-moves";
            head.appendChild(node("span", "muted", "variation from card " + board.at + ": "));
            var line = board.tree.line(board.at, board.path), all = board.tree.cards(board.at, line);
            all.forEach(function (c, i) {
                var move = cardSpan(c);
                move.className += " board-move" + (i === board.path.length - 1 ? " current" : "");
                move.setAttribute("data-board-go", String(i + 1));
                head.appendChild(move);
            });
            out.push(head);
        }
        var siblings = board.tree.kids(board.at, board.path.slice(0, -1));
        if (siblings.length > 1 || (!inVariation() && board.tree.kids(board.at, []).length)) {
            var alt = node("div", "board-alternatives muted", (inVariation() ? "variations here: " : "variations from this card: "));
            alt.id = "board-alternatives";
            (inVariation() ? siblings : board.tree.kids(board.at, [])).forEach(function (k, i) {
                var a = cardSpan(k.card);
                a.className += " board-alt";
                a.setAttribute("data-board-alt", String(i));
                alt.appendChild(a);
            });
            out.push(alt);
        }
        var buttons = node("div", "board-buttons");
        [["finish", "play on double dummy"], ["promote", "promote"], ["delete", "delete"], ["actual", "actual play"]].forEach(function (b) {
            var btn = node("button", "btn board-btn", b[1]);
            btn.id = "board-" + b[0];
            btn.setAttribute("data-board", b[0]);
            if (b[0] !== "finish" && !inVariation()) { btn.disabled = true; }
            buttons.appendChild(btn);
        });
        out.push(buttons);
        fill(box, out);
    }

    /* The panel: the refusal of the last click, a link's note, each legal card's worth, a
     * finished line's score beside the actual. */
    function drawPanel() {
        var box = document.getElementById("board-panel");
        if (!box) { return; }
        var out = [node("h3", "", "Analysis board")];
        var setup = board.deal.board;
        if (setup.note) { var note = node("p", "board-note", setup.note); note.id = "board-note"; out.push(note); }
        if (board.refused) { var r = node("p", "board-refused", board.refused); r.id = "board-refused"; out.push(r); }
        var a = board.answers[keyOf(board.at, cards())];
        if (!a) {
            var wait = node("p", "muted", "computing…");
            wait.id = "board-computing";
            out.push(wait);
        } else if (a.error) {
            var err = node("p", "board-error", a.error);
            err.id = "board-error";
            out.push(err);
        } else {
            if (a.note) { var cut = node("p", "board-note", a.note); cut.id = "board-cut"; out.push(cut); }
            if (a.to_play !== null) {
                out.push(node("p", "muted", SEAT_NAMES[a.to_play] + " to play; " + a.side + "'s tricks double dummy after each card:"));
                var list = node("ul", "board-values");
                list.id = "board-values";
                a.values.forEach(function (v) {
                    var li = node("li", "board-value");
                    li.setAttribute("data-card", String(v.card));
                    li.id = "value-" + cardName(v.card);
                    li.appendChild(cardSpan(v.card));
                    li.appendChild(node("strong", "", " " + v.tricks));
                    li.appendChild(node("span", "muted", " " + v.verdict));
                    list.appendChild(li);
                });
                out.push(list);
            }
            if (a.outcome) {
                var o = node("div", "board-outcome");
                o.id = "board-outcome";
                a.outcome.lines.forEach(function (line) { o.appendChild(node("div", "outcome-line", line)); });
                out.push(o);
            }
        }
        fill(box, out);
    }

    /* The address bar: a new history entry per position viewed, so Back/Forward step through them. */
    function follow() { address(inVariation() ? board.at : board.actualPos, inVariation() ? cards() : []); }
    function address(card, line) {
        var params = new URLSearchParams(window.location.search);
        params.set("card", String(card));
        if (line.length) { params.set("line", line.map(cardName).join(",")); } else { params.delete("line"); }
        var search = "?" + params.toString().replace(/%2C/g, ",");  // a line's cards stay readable: line=SA,H10
        if (search === window.location.search) { return; }
        if (board.opened) { window.history.pushState(null, "", window.location.pathname + search); }
        else { window.history.replaceState(null, "", window.location.pathname + search); }  // the page's own entry
        board.opened = true;
    }

    /* Back / Forward: reopen the position the address names, from the tree (a card the tree
     * lacks is added if the rules allow it, so an older entry always opens). */
    function reopen() {
        if (seatAt.setup && !board.deal && document.getElementById("card-table")) {  // a seat's view: its card
            window.dash_clientside.set_props("replay-slider", {value: parseInt(new URLSearchParams(window.location.search).get("card"), 10) || 0});
            return;
        }
        if (!board.deal || !board.deal.board.supported || !document.getElementById("card-table")) { return; }
        var params = new URLSearchParams(window.location.search);
        var at = Math.max(0, Math.min(board.deal.play.length, parseInt(params.get("card"), 10) || 0));
        var names = (params.get("line") || "").split(",").filter(Boolean);
        board.refused = null;
        board.at = at;
        board.path = [];
        for (var i = 0; i < names.length; i++) {
            var card = cardFromName(names[i]), st = standing(board.deal, at, cards());
            if (card === null || refusal(board.deal, st, card, board.deal.board.rules)) { break; }
            board.path = board.tree.play(at, board.path, card);
        }
        if (inVariation()) { show(); return; }
        board.actualPos = at;
        window.dash_clientside.set_props("replay-slider", {value: at});
        window.vintReplay.draw(board.deal, at);
        show();
    }
    function cardFromName(name) {
        var s = "SHDC".indexOf(name.charAt(0).toUpperCase()), r = NAMES.indexOf(name.slice(1).toUpperCase().replace("10", "T"));
        return s < 0 || r < 0 || name.length > 3 ? null : s * 13 + r;
    }
    window.addEventListener("popstate", reopen);

    function clickCard(card) {
        var deal = board.deal, at = inVariation() ? board.at : board.actualPos, line = cards();
        var st = standing(deal, at, line);
        var why = refusal(deal, st, card, deal.board.rules);
        if (why) {
            board.refused = "Refused — " + why;
            drawPanel();
            return;
        }
        board.refused = null;
        if (!inVariation() && at < deal.play.length && deal.play[at] === card) {  // the actual card: step the actual play
            window.dash_clientside.set_props("replay-slider", {value: at + 1});
            return;
        }
        board.at = at;
        board.path = board.tree.play(at, board.path, card);
        show();
    }

    function toActual() {
        var at = board.at;
        board.path = [];
        board.refused = null;
        window.dash_clientside.set_props("replay-slider", {value: at});
        window.vintReplay.draw(board.deal, at);
        show();
    }

    function act(what) {
        if (what === "finish") {
            ask(inVariation() ? board.at : board.actualPos, cards(), true);
            return;
        }
        if (!inVariation()) { return; }
        if (what === "promote") { board.path = board.tree.promote(board.at, board.path); show(); }
        if (what === "delete") { board.path = board.tree.remove(board.at, board.path); if (inVariation()) { show(); } else { toActual(); } }
        if (what === "actual") { toActual(); }
    }

    /* A finished line's answer: its cards join the tree and the board goes to its end. */
    function finished(a) {
        var at = a.at, path = inVariation() && board.at === at ? board.path : [];
        a.line.concat(a.finished).slice(path.length).forEach(function (c) { path = board.tree.play(at, path, c); });
        board.at = at;
        board.path = path;
        board.answers[keyOf(at, a.line.concat(a.finished))] = a;
        show();
    }

    window.vintBoard = {
        Tree: Tree,
        /* keys.js and the step buttons: in a variation they walk its line. */
        go: function (action) {
            if (!board.deal || !inVariation()) { return false; }
            var line = board.tree.line(board.at, board.path), n = board.path.length;
            var target = action === "card+" ? n + 1 : action === "card-" ? n - 1 : action === "trick+" ? n + 4
                : action === "trick-" ? n - 4 : action === "first" ? 0 : action === "last" ? line.length : n;
            target = Math.max(0, Math.min(line.length, target));
            if (target === 0) { toActual(); return true; }
            board.path = line.slice(0, target);
            show();
            return true;
        },
        /* replay.js drew the actual play at `pos` (slider, keys, a new page). */
        actual: function (deal, pos) {
            if (deal.view !== "all") { board.deal = null; seatPanel(deal, pos); return; }
            var fresh = board.deal === null || board.deal.board !== deal.board;
            board.deal = deal;
            board.actualPos = pos;
            if (!deal.board.supported) { drawUnsupported(deal.board); return; }
            if (fresh) {
                board.opened = false;
                board.tree = new Tree();
                board.answers = {};
                board.asked = {};
                board.path = [];
                board.at = deal.board.at;
                deal.board.line.forEach(function (c) { board.path = board.tree.play(board.at, board.path, c); });
                if (inVariation()) { show(); return; }
            }
            if (inVariation() && pos === board.at) { return; }  // drawn late for "actual play": a new variation may have begun
            board.path = [];
            board.at = pos;
            board.refused = null;
            show();
        },
        answer: function (a) {
            if (!a || !board.deal) { return window.dash_clientside.no_update; }
            if (a.key && a.key.slice(-7) === ":finish" && !a.error) { finished(a); return window.dash_clientside.no_update; }
            board.answers[a.key] = a;
            if (a.key === keyOf(board.at, cards())) { drawPanel(); }
            return window.dash_clientside.no_update;
        },
        sdAnswer: function (a) {
            if (a) { board.sd[a.card] = a; drawSingleDummy(a.card); }
            return window.dash_clientside.no_update;
        }
    };

    function drawUnsupported(setup) {
        var box = document.getElementById("board-panel");
        if (box) { fill(box, [node("h3", "", "Analysis board"), Object.assign(node("p", "muted", setup.why), {id: "board-unsupported"})]); }
        var line = document.getElementById("board-line");
        if (line) { fill(line, []); }
    }

    /* A seat's view: single dummy for the seat to play, over a sample of layouts. */
    var seatAt = {setup: null, pos: 0, view: null};
    function seatPanel(deal, pos) {  // each step's payload comes from the server; the setup came with the page
        if (deal.board) { board.opened = false; }  // a new page: its first position replaces its own entry
        seatAt = {setup: deal.board || seatAt.setup, pos: pos, view: deal.view};
        address(pos, []);
        drawSingleDummy(pos);
    }
    function drawSingleDummy(pos) {
        var box = document.getElementById("sd-result");
        if (!box || seatAt.pos !== pos) { return; }
        var a = board.sd[pos];
        if (!a) { fill(box, [node("p", "muted", board.sdAsked === pos ? "computing…" : "")]); return; }
        if (a.error) { fill(box, [Object.assign(node("p", "board-error", a.error), {id: "sd-error"})]); return; }
        var list = node("ul", "board-values");
        list.id = "sd-values";
        a.odds.forEach(function (o) {
            var li = node("li", "board-value");
            li.id = "sd-" + cardName(o.card);
            li.appendChild(cardSpan(o.card));
            li.appendChild(node("strong", "", " " + o.average.toFixed(2)));
            li.appendChild(node("span", "muted", " tricks · makes " + Math.round(100 * o.making) + "%"));
            list.appendChild(li);
        });
        var head = node("p", "muted", SEAT_NAMES[SEATS.indexOf(a.seat)] + " to choose; " + a.side + "'s average tricks (" +
                        a.needed + " needed) over " + a.layouts + " layouts:");
        head.id = "sd-layouts";
        fill(box, [head, list]);
    }
    function askSingleDummy() {
        var setup = seatAt.setup, input = document.getElementById("sd-samples");
        if (!setup) { return; }
        var samples = parseInt(input && input.value, 10) || setup.samples;
        delete board.sd[seatAt.pos];
        board.sdAsked = seatAt.pos;
        drawSingleDummy(seatAt.pos);
        window.dash_clientside.set_props("sd-ask", {data: {session: setup.session, deal: setup.deal,
                                                            card: seatAt.pos, view: seatAt.view, samples: samples}});
    }

    document.addEventListener("click", function (e) {
        var t = e.target.closest ? e.target : null;
        if (!t || !document.getElementById("card-table")) { return; }
        if (t.closest("#sd-run")) { askSingleDummy(); return; }
        if (!board.deal || !board.deal.board || !board.deal.board.supported) { return; }
        var card = t.closest("[data-card]");
        if (card && (card.closest("#card-table") || card.closest("#board-values"))) { clickCard(+card.getAttribute("data-card")); return; }
        var button = t.closest("[data-board]");
        if (button) { act(button.getAttribute("data-board")); return; }
        var go = t.closest("[data-board-go]");
        if (go) { board.path = board.tree.line(board.at, board.path).slice(0, +go.getAttribute("data-board-go")); show(); return; }
        var alt = t.closest("[data-board-alt]");
        if (alt) {
            var base = inVariation() ? board.path.slice(0, -1) : [];
            if (!inVariation()) { board.at = board.actualPos; }
            board.path = base.concat([+alt.getAttribute("data-board-alt")]);
            show();
        }
    });

    window.dash_clientside = Object.assign({}, window.dash_clientside, {
        vint_board: {
            answer: function (a) { return window.vintBoard.answer(a); },
            single_dummy: function (a) { return window.vintBoard.sdAnswer(a); }
        }
    });
})();
