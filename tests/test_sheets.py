"""Each game's sheet through the profile's hook (issue 20): the command line asks no game which
sheet it writes, so every profile's score must find the writer its game's sheet calls for."""
from __future__ import annotations

import pytest

from vint_replay.engine.ledger import Ledger
from vint_replay.games.registry import SheetLayout, get_profile, profile_names
from vint_replay.engine.record import SessionInfo, SessionRecord
from vint_replay.engine.session import SessionReport
from vint_replay.games.solo.sheet import PAYMENTS
from vint_replay.games.vint235.method import TableMethod
from vint_replay.games.vint235.sheet import COLUMNS
from vint_replay.reports import sheets


def empty_report(name: str) -> SessionReport:
    profile = get_profile(name)
    info = SessionInfo("sheets", ("a", "b", "c", "d"), rules=name)
    score = (profile.session_ledger(info) or Ledger(profile)).finish()
    return SessionReport(SessionRecord(info, ()), profile, (), (), score)


@pytest.mark.parametrize("name", profile_names())
def test_every_profile_score_finds_its_games_sheet(name: str) -> None:
    """Solo whist's payments (format.md §5.5), a 2-, 3- or 5-player method's columns by player
    (format.md §5.6), sides' lines for the rest: the writer the profile's game supplies."""
    report = empty_report(name)
    profile = report.profile
    expected = (PAYMENTS if profile.scoresheet is SheetLayout.PAYMENTS
                else COLUMNS if isinstance(profile, TableMethod) else sheets.SIDES)
    assert sheets.sheet_writer(report) is expected


def test_a_game_sheet_is_the_profiles_own() -> None:
    """A profile that supplies a writer is written with it, whatever its score's type."""
    class Own:
        def text(self, report: object) -> str:
            return "own"

    class OwnSheet(type(get_profile("classic"))):  # type: ignore[misc]
        def sheet_writer(self) -> Own:
            return own

    own = Own()
    report = empty_report("classic")
    assert sheets.sheet_writer(SessionReport(report.record, OwnSheet(), (), (), report.score)) is own
    assert sheets.sheet_writer(report) is sheets.SIDES


def test_a_sheet_heads_each_side_by_the_names_it_has() -> None:
    """format.md §5.2 (a PBN hand record names no player): the sheet's head lists the names
    given and says when a side has none, never a dangling "&"."""
    from vint_replay.engine.session import evaluate
    from vint_replay.reports.scoresheet import render_scoresheet

    def head(players: tuple[str, str, str, str]) -> str:
        record = SessionRecord(SessionInfo("s", players, rules="duplicate-bridge"), ())
        report = evaluate(record)
        return render_scoresheet(record, report.score, report.profile).splitlines()[1]

    assert head(("Ann", "Bob", "Cid", "Dan")).split("│") == ["N–S: Ann & Cid".ljust(23), " E–W: Bob & Dan"]
    assert head(("Ann", "", "", "")).split("│") == ["N–S: Ann".ljust(23), " E–W: (no names)"]
    assert "&" not in head(("", "", "", ""))
