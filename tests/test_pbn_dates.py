"""PBN dates (docs/format.md §5.2, §5.3; issue 24): PBN's ``[Date]`` is ``YYYY.MM.DD`` with ``??``
for an unknown part; the record's ``date`` is ISO ``YYYY-MM-DD``. A full date is turned into
the other form each way, a partial one is kept as given, and every date round-trips."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vint_replay.formats import read_file
from vint_replay.formats.pbn import read_pbn
from vint_replay.formats.pbn_write import write_pbn

ROOT = Path(__file__).parent.parent
JUNIOR = ROOT / "tests" / "data" / "pbn" / "junior-teams-1998.pbn"
GAME = """[Event "Club"]
[Date "{date}"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
"""


def _date(pbn_date: str) -> str | None:
    return read_pbn(GAME.format(date=pbn_date).encode()).record.info.date


def _date_tag(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("[Date "))


def test_a_full_pbn_date_is_read_as_the_records_iso_date():
    assert _date("2026.11.03") == "2026-11-03"
    assert read_pbn(JUNIOR.read_bytes()).record.info.date == "1998-07-16"  # a real file's [Date "1998.07.16"]


@pytest.mark.parametrize("pbn_date", ["2026.??.??", "2026.11.??", "????.??.??", "2026.02.30", "autumn"])
def test_a_date_with_unknown_parts_or_no_calendar_day_is_kept_as_given(pbn_date):
    assert _date(pbn_date) == pbn_date


def test_pbn_export_writes_pbns_date_form():
    record = read_file(ROOT / "tests" / "data" / "worked_example.json").record
    dated = replace(record, info=replace(record.info, date="2026-11-03"))
    text = write_pbn(dated)
    assert _date_tag(text) == '[Date "2026.11.03"]'
    assert "VintSessionExtra" not in text or '"date"' not in text  # the [Date] alone gives it back


@pytest.mark.parametrize("date", ["2026-11-03", "2026.??.??", "1998.07.16", "2026-13-45", "autumn 2026"])
def test_every_date_round_trips_through_pbn(date):
    """A record's date comes back as it was, even one [Date] alone would turn into ISO
    ("1998.07.16", as PBN imports stored it before): that one rides in [VintSessionExtra]."""
    record = read_file(ROOT / "tests" / "data" / "worked_example.json").record
    dated = replace(record, info=replace(record.info, date=date))
    back = read_pbn(write_pbn(dated).encode())
    assert not back.diagnostics and back.record == dated


def test_a_pbn_files_date_round_trips_through_the_record():
    record = read_pbn(GAME.format(date="2026.??.??").encode()).record
    assert _date_tag(write_pbn(record)) == '[Date "2026.??.??"]'
    record = read_pbn(GAME.format(date="2026.11.03").encode()).record
    assert _date_tag(write_pbn(record)) == '[Date "2026.11.03"]'
