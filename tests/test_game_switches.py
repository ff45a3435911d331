"""No module outside the game packages asks which game or profile a session is (issue 20, "One
seam for every game"): what differs comes through the profile's hooks, as python-chess's
``pgn`` and ``svg`` never ask which variant they hold. The readers (``formats/``) are left out
while they are made generic; the test game ``tests/plain_whist`` proves the seam end to end."""
from __future__ import annotations

import re
from pathlib import Path

from vint_replay.games.registry import profile_names

ROOT = Path(__file__).resolve().parent.parent / "vint_replay"
EXEMPT = ("games", "formats")  # the games' own code; the readers, made generic apart
_NAMES = "|".join(re.escape(name) for name in profile_names())
SWITCHES = {
    "solo_record": re.compile(r"\.solo_record\b"),
    "SheetLayout.PAYMENTS": re.compile(r"SheetLayout\.PAYMENTS\b"),
    "isinstance(…, TableMethod)": re.compile(r"isinstance\(.*\bTableMethod\b"),
    # a deal's own fields (DealRecord.own) are narrowed by the game's accessor (solo_fields, table_fields)
    "isinstance(…, a game's deal fields)": re.compile(r"isinstance\(.*\b(SoloDeal|TableDeal)\b"),
    "is_seated / is_solo / is_table": re.compile(r"\b(is_seated|is_solo|is_table)\b"),
    "_seats_players": re.compile(r"\b_seats_players\b"),
    "a profile's name compared": re.compile(r"""\.(name|rules)\s*(==|!=|(not\s+)?in\b)\s*[(\[{]?\s*["']"""),
    "a profile named in a comparison": re.compile(rf"""(==|!=|\bin)\s*[(\[{{]?\s*["']({_NAMES})["']"""),
    # a table of writers, rows or views filed by a game's score or replay type: the game's
    # profile supplies them instead (RuleProfile.sheet_writer, DealCodec's store hooks)
    "a table keyed by type": re.compile(r"\b(dict|Mapping)\[type\b|\btype\(.*\)\.__mro__"),
}


def switches(text: str) -> list[tuple[int, str]]:
    """Each line of ``text`` that tests a game or profile, with the kind of test it makes."""
    return [(number, kind) for number, line in enumerate(text.splitlines(), 1)
            for kind, pattern in SWITCHES.items() if pattern.search(line.split("#", 1)[0])]


def test_the_patterns_catch_each_switch():
    """Each pattern catches the switch it names (a test that cannot fail proves nothing)."""
    caught = {kind for _, kind in switches("\n".join([
        "if report.profile.solo_record:", "if profile.scoresheet is SheetLayout.PAYMENTS:",
        "isinstance(get_profile(name), TableMethod)", "if isinstance(deal.own, SoloDeal):",
        "self.seated = is_seated(profile)",
        "if _seats_players(names):", 'if profile.name == "vint2-exchange":', "elif rules in ('classic', 'x'):",
        "WRITERS: dict[type, SheetWriter] = {SessionScore: SIDES}",
        "return next(WRITERS[k] for k in type(report.score).__mro__ if k in WRITERS)",
    ]))}
    assert caught == set(SWITCHES)
    assert not switches('rules=profile.name,  # not a test\nprofile = get_profile("solo-whist")')


def test_no_module_outside_the_games_tests_which_game_it_holds():
    found = [f"{path.relative_to(ROOT.parent)}:{number}: {kind}"
             for path in sorted(ROOT.rglob("*.py")) if path.relative_to(ROOT).parts[0] not in EXEMPT
             for number, kind in switches(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


# the batch path's bridge boards: columns of the store's own batch form, not a game's sheet
NAMED_FOR_A_GAME_KEPT = {"store/bridge_columnar.py"}
GAME_WORDS = re.compile(r"^(solo|table|vint235|vint[235]|bridge|whist)_")


def test_no_report_or_store_module_is_filed_by_game() -> None:
    """Issue 20: a game's sheet, audit and store rows live in its package (``games/<game>/``),
    reached through its profile and codec; ``reports/`` and ``store/`` hold no module per game."""
    found = [str(path.relative_to(ROOT)) for top in ("reports", "store") for path in sorted((ROOT / top).glob("*.py"))
             if GAME_WORDS.match(path.name) and str(path.relative_to(ROOT)) not in NAMED_FOR_A_GAME_KEPT]
    assert not found, found
    assert GAME_WORDS.match("solo_rows.py") and GAME_WORDS.match("table_sheet.py") and not GAME_WORDS.match("sheets.py")
