"""The score sheets filed by score type (issue 20): the command line asks no game which sheet
it writes, so every profile's score must find the writer its game's sheet calls for."""
from __future__ import annotations

import pytest

from vint_replay.engine.ledger import Ledger
from vint_replay.games.registry import SheetLayout, get_profile, profile_names
from vint_replay.engine.record import SessionInfo, SessionRecord
from vint_replay.engine.session import SessionReport
from vint_replay.games.vint235.method import TableMethod
from vint_replay.reports import sheets


@pytest.mark.parametrize("name", profile_names())
def test_every_profile_score_finds_its_games_sheet(name: str) -> None:
    """Solo whist's payments (format.md §5.5), a 2-, 3- or 5-player method's columns by player
    (format.md §5.6), sides' lines for the rest: by the type of score the profile's ledger finishes."""
    profile = get_profile(name)
    info = SessionInfo("sheets", ("a", "b", "c", "d"), rules=name)
    score = (profile.session_ledger(info) or Ledger(profile)).finish()
    report = SessionReport(SessionRecord(info, ()), profile, (), (), score)
    expected = (sheets.PAYMENTS if profile.scoresheet is SheetLayout.PAYMENTS
                else sheets.TABLE if isinstance(profile, TableMethod) else sheets.SIDES)
    assert sheets.sheet_writer(report) is expected
