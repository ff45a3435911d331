"""Pages show a diagnostic in words (issue 23): each code's label is its heading in
docs/diagnostics.md, one table for every page, and the laws evening's session page shows the
labels, never the codes."""
from __future__ import annotations

import re
from pathlib import Path

from dash_tree import components
from vint_replay.engine.diagnostics import CODES, Diagnostic, Severity
from vint_replay.reports.diagnostic_labels import LABELS, diagnostic_words

ROOT = Path(__file__).resolve().parent.parent
LAWS = ROOT / "sample_data" / "laws" / "arbat-2027-01-12-laws-t1.json"


def headings() -> dict[str, set[str]]:
    """Each code of docs/diagnostics.md with the words of its ``### `code` — words`` headings."""
    found: dict[str, set[str]] = {}
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for code, words in re.findall(r"^### `([a-z_]+)` — ([^\n]*)$", text, flags=re.M):
        found.setdefault(code, set()).add(words)
    return found


def test_every_documented_code_has_its_heading_as_label():
    documented = headings()
    assert set(CODES) <= set(LABELS) and set(LABELS) == set(documented)
    assert {code for code, label in LABELS.items() if label not in documented[code]} == set()


def test_a_diagnostic_reads_as_place_label_and_message():
    warning = Diagnostic("revoke_unclaimed", "trick 7: S played ♠J while holding ♦", 9, "play[26]", Severity.WARNING)
    assert diagnostic_words(warning) == ("deal 9, card 27 — a revoke under the laws that nobody claimed (warning): "
                                         "trick 7: S played ♠J while holding ♦")
    call = Diagnostic("insufficient_bid", "W bid 1♦ over 1♠", 1, "auction[3]")
    assert diagnostic_words(call) == "deal 1, call 4 — a bid that is not higher than the standing one: W bid 1♦ over 1♠"
    whole = Diagnostic("syntax", "not JSON", line=2, column=5)
    assert diagnostic_words(whole) == "line 2:5 — the file cannot be read as a record: not JSON"


def test_the_laws_evening_shows_words_not_codes(tmp_path):
    """laws.md §4.4 (1♦ over 1♦ read as 2♦) and §8.2 (a revoke nobody claimed): the two warnings
    of the sample evening under the laws, on its session page."""
    import dash

    from dashboards.app import create_app
    from vint_replay.store import Store

    assert not Store(tmp_path / "store").import_paths([str(LAWS)], workers=1).rejected
    app = create_app(tmp_path / "store")
    session = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/session/<session_id>")
    with app.server.app_context():
        page = session(session_id=LAWS.stem)
    shown = " ".join(str(c.children) for c in components(page) if isinstance(getattr(c, "children", None), str))
    for code in ("insufficient_bid_corrected", "revoke_unclaimed"):
        assert code not in shown and f"{LABELS[code]} (warning)" in shown
