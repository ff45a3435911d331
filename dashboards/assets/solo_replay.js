/* The status panel of a solo-whist deal on the replay page (deal.panel === "solo"; drawn by
 * assets/replay.js in place of vint's): the card and trick stepped to, the tricks of the declaring
 * side (deal.declaring: the declarer, and the partner of a proposal) against the opponents', what
 * the contract asks, the open misère's hand once face up, and at the last card the engine's
 * outcome (deal.outcome, with the early stop). Nothing is scored here: the payments are the
 * page's, from the engine. Text is set with textContent only. */
(function () {
    "use strict";
    var SEAT_NAMES = ["North", "East", "South", "West"];

    function solo(deal, st, h) {
        var out = [], n = st.n, done = Math.floor(st.pos / 4);
        var label = st.open ? "card " + st.pos + " · trick " + Math.max(1, Math.ceil(st.pos / 4))  // a seat's view: more may follow
            : !n ? "no card play" : "card " + st.pos + " of " + n + " · " + (st.pos === n ? (n < 52 ? "the play stops after trick " + done : "play finished")
                          : "trick " + Math.max(1, Math.ceil(st.pos / 4)));
        var step = h.node("div", "step-label", label);
        step.id = "step-label";
        out.push(step);
        if (deal.declarer === null) {
            out.push(h.node("div", "verdict", "everyone passed: the deal is void"));
            h.fill(document.getElementById("replay-status"), out);
            return;
        }
        var ours = 0;
        for (var t = 0; t < done; t++) { if (deal.declaring.indexOf(deal.winners[t]) >= 0) { ours += 1; } }
        var names = deal.declaring.map(function (s) { return deal.players[s]; }).join(" & ");
        var tricks = h.node("div", "tricks");
        [[names, ours, "tricks-declaring"], ["opponents", done - ours, "tricks-opponents"]].forEach(function (side, i) {
            var box = h.node("div", "side side-" + (i ? "EW" : "NS"), side[0] + " ");
            var count = h.node("strong", "", String(side[1]));
            count.id = side[2];
            box.appendChild(count);
            tricks.appendChild(box);
        });
        out.push(tricks);
        out.push(h.node("div", "dummy-line", SEAT_NAMES[deal.declarer] + " (" + deal.players[deal.declarer] + ") must " + deal.need));
        if (deal.face_up && st.pos >= deal.face_up.from) {
            var up = h.node("div", "dummy-line", deal.players[deal.face_up.seat] + "'s hand is face up since trick 1 (open misère)");
            up.id = "face-up-line";
            out.push(up);
        }
        if (st.pos === n && deal.outcome) {
            var outcome = h.node("div", "verdict", deal.outcome);
            outcome.id = "solo-outcome";
            out.push(outcome);
        }
        h.fill(document.getElementById("replay-status"), out);
    }

    window.vintPanels = Object.assign({}, window.vintPanels, {solo: solo});
})();
