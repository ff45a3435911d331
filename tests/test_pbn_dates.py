"""PBN dates (docs/format.md §5.2, §5.3; issue 24): PBN's ``[Date]`` is ``YYYY.MM.DD`` with ``??``
for an unknown part; the record's ``date`` is ISO ``YYYY-MM-DD``. A full date is turned into
the other form each way, a partial one is kept as given, and every date round-trips."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vint_replay.formats import read_file
from vint_replay.formats.pbn_write import write_pbn

from settled import settled_pbn

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
    return settled_pbn(GAME.format(date=pbn_date).encode()).record.info.date


def _date_tag(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("[Date "))


def test_a_full_pbn_date_is_read_as_the_records_iso_date():
    assert _date("2026.11.03") == "2026-11-03"
    assert settled_pbn(JUNIOR.read_bytes()).record.info.date == "1998-07-16"  # a real file's [Date "1998.07.16"]


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
    back = settled_pbn(write_pbn(dated).encode())
    assert not back.diagnostics and back.record == dated


def test_a_pbn_files_date_round_trips_through_the_record():
    record = settled_pbn(GAME.format(date="2026.??.??").encode()).record
    assert _date_tag(write_pbn(record)) == '[Date "2026.??.??"]'
    record = settled_pbn(GAME.format(date="2026.11.03").encode()).record
    assert _date_tag(write_pbn(record)) == '[Date "2026.11.03"]'


# -- every page shows dates alike (issue 24: "PBN dates show as 1998.07.16 beside ISO dates") -------

@pytest.mark.parametrize("stored, shown", [
    ("2026-11-03", "2026-11-03"), ("1998.07.16", "1998-07-16"), ("2026.11.??", "2026-11"), ("2026.??.??", "2026"),
    ("2026.??.05", "2026"), ("????.??.??", ""), ("2026.02.30", "2026.02.30"), ("autumn 2026", "autumn 2026"),
    (None, "")])
def test_pages_show_a_stored_date_in_iso_form(stored, shown):
    """format.md §5.2: a PBN date (``YYYY.MM.DD``, ``??`` for an unknown part) is shown as ISO, an
    unknown part left out (ISO's reduced forms ``2026-11``, ``2026``); what is no date stays as written."""
    from dashboards.dates import shown_date

    assert shown_date(stored) == shown


@pytest.fixture()
def dated_store(tmp_path):
    """Three copies of the worked evening dated as a store may hold them: PBN's full form (stored by
    imports before [Date] was read as ISO), PBN's form with an unknown day, and ISO."""
    import json

    from vint_replay.store import Store

    raw = json.loads((ROOT / "tests" / "data" / "worked_example.json").read_text(encoding="utf-8"))
    paths = []
    for sid, stored in (("pbn-form", "1998.07.16"), ("no-day", "1998.07.??"), ("iso", "1998-07-20")):
        raw["session"].update(id=sid, date=stored)
        path = tmp_path / f"{sid}.json"
        path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        paths.append(str(path))
    store = Store(tmp_path / "store")
    assert len(store.import_paths(paths, workers=1).imported) == 3
    assert set(store.sessions(columns=["date"])["date"]) == {"1998.07.16", "1998.07.??", "1998-07-20"}
    return store


def test_the_sessions_list_shows_and_sorts_every_date_in_iso_form(dated_store):
    """The list shows 1998-07-16, 1998-07 and 1998-07-20, newest first as ISO strings sort."""
    from dashboards import data

    rows = data.session_rows(dated_store.sessions(), dated_store.deals(columns=data.AUDIT_COLUMNS))
    assert {r.id: r.date for r in rows} == {"pbn-form": "1998-07-16", "no-day": "1998-07", "iso": "1998-07-20"}
    assert [r.id for r in data.filter_rows(rows, None, False, "-date")] == ["iso", "pbn-form", "no-day"]


def test_the_analysis_date_filter_takes_dates_in_either_form(dated_store):
    """/analysis from 1998-07-10 to 1998-07-18 keeps the 1998.07.16 session and leaves out 1998-07-20
    (ISO's 1998-07-20 is not compared with PBN's form, nor 1998.07.16 with ISO's: '.' sorts after '-');
    July as a whole keeps all three, the day-less one included."""
    from dashboards import stats

    assert set(stats.select(dated_store, "1998-07-10", "1998-07-18").sessions["session_id"]) == {"pbn-form"}
    assert set(stats.select(dated_store, "1998-07-01", "1998-08-31").sessions["session_id"]) == {
        "pbn-form", "no-day", "iso"}
    assert set(stats.select(dated_store, "1998-07-19", None).sessions["session_id"]) == {"iso", "no-day"}


def _page(store, path: str) -> str:
    from test_bridge_analysis import _dash

    from dashboards.app import create_app

    client = create_app(store.root).server.test_client()
    status, text = _dash(client, [("_pages_content", "children"), ("_pages_store", "data")],
                         [{"id": "_pages_location", "property": "pathname", "value": path},
                          {"id": "_pages_location", "property": "search", "value": ""}])
    assert status == 200, text[-400:]
    return text


def test_the_analysis_date_picker_spans_the_iso_days(dated_store):
    """The picker's bounds are whole ISO days: 1998-07-16 (from 1998.07.16) to 1998-07-20."""
    import json

    from test_bridge_analysis import _nodes

    tree = json.loads(_page(dated_store, "/analysis"))["response"]["_pages_content"]["children"]
    [picker] = [n["props"] for n in _nodes(tree) if n["props"].get("id") == "analysis-dates"]
    assert (picker["min_date_allowed"], picker["max_date_allowed"]) == ("1998-07-16", "1998-07-20")


def test_the_session_page_shows_iso_dates(dated_store):
    """The session page's head says 1998-07-16, never 1998.07.16."""
    import json

    from test_bridge_analysis import _nodes

    text = _page(dated_store, "/session/pbn-form")
    heads = [n["props"]["children"] for n in _nodes(json.loads(text)["response"]["_pages_content"]["children"])
             if n.get("type") == "P" and n["props"].get("className") == "muted"]
    assert any(str(h).startswith("1998-07-16") for h in heads) and "1998.07.16" not in text
