/* Keyboard and button stepping on the replay page (lichess-like): ← → a card, Shift+← → or ↑ ↓ a trick,
 * Home / End, PageUp / PageDown a trick, n / p the next / previous deal. Keys typed into text
 * fields are left alone; handled keys do not scroll the page or move a focused slider twice. */
(function () {
    "use strict";
    var TEXT_TYPES = ["text", "search", "number", "email", "password", "url", "tel", "date"];

    function typing(target) {
        if (!target) { return false; }
        var tag = target.tagName;
        return tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable ||
            (tag === "INPUT" && TEXT_TYPES.indexOf((target.type || "text").toLowerCase()) >= 0);
    }

    function actionOf(e) {
        if (e.ctrlKey || e.altKey || e.metaKey) { return null; }
        switch (e.key) {
            case "ArrowRight": return e.shiftKey ? "trick+" : "card+";
            case "ArrowLeft": return e.shiftKey ? "trick-" : "card-";
            case "ArrowDown": case "PageDown": return "trick+";
            case "ArrowUp": case "PageUp": return "trick-";
            case "Home": return "first";
            case "End": return "last";
            case "n": return "next-deal";
            case "p": return "prev-deal";
            default: return null;
        }
    }

    document.addEventListener("keydown", function (e) {
        if (!document.getElementById("card-table") || typing(e.target)) { return; }
        var action = actionOf(e);
        if (!action) { return; }
        e.preventDefault();
        e.stopPropagation();
        if (action === "next-deal" || action === "prev-deal") {
            var link = document.getElementById(action);
            if (link) { link.click(); }
            return;
        }
        window.vintReplay.go(action);
    }, true);

    document.addEventListener("click", function (e) {
        var button = e.target.closest && e.target.closest("[data-step]");
        if (button) { window.vintReplay.go(button.getAttribute("data-step")); }
    });
})();
