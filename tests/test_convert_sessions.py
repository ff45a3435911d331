"""``convert`` of a file of several sessions (format.md §5.2, §5.7): into PBN every session, into
LIN a match's two rooms, into JSON and ``.vint`` one session; what is written reads back as the
sessions read from the source, each as its own file would."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from vint_replay.cli import main
from vint_replay.engine.settle import settle
from vint_replay.formats import read_sessions, write_sessions
from vint_replay.formats.lin_write import write_lin
from vint_replay.formats.pbn_write import pbn_cannot_hold, write_pbn_sessions
from vint_replay.games.registry import profile_names

from lin_samples import vugraph
from strategies import random_session, sessions
from test_pbn_found import DEAL, DEAL_2, FOUR_HEARTS, game

TWO_TABLES = (game(1, "N", DEAL, FOUR_HEARTS) + game(2, "E", DEAL_2, '[Declarer "E"]\n[Contract "4H"]\n[Result "10"]\n')
              + game(1, "N", DEAL, '[Declarer "N"]\n[Contract "4H"]\n[Result "9"]\n[Score "NS -50"]\n')
              + game(2, "E", DEAL_2, '[Declarer "E"]\n[Contract "3H"]\n[Result "9"]\n'))


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _records(path: Path, fmt: str):
    return [settle(r.record)[0] for r in read_sessions(path.read_bytes(), fmt)]


def test_a_pairs_event_converts_to_one_pbn_file_table_by_table(tmp_path):
    source, target = tmp_path / "pairs.pbn", tmp_path / "out.pbn"
    source.write_text(TWO_TABLES)
    done = _run("convert", str(source), str(target))
    assert done.exit_code == 0, done.output
    assert "pbn_session" not in done.output  # no session left behind to name
    assert _records(target, "pbn") == _records(source, "pbn")
    assert [r.info.id for r in _records(target, "pbn")] == ["bbo-daylong-2024-05-01-table-1",
                                                            "bbo-daylong-2024-05-01-table-2"]
    listed = _run("score", "--compare", "--json", str(target))
    assert listed.exit_code == _run("score", "--compare", "--json", str(source)).exit_code


def test_the_writer_s_session_tag_keeps_sessions_of_one_event_apart():
    """Two sessions of one event with the same boards and no [Room] or [Table]: each game's
    [VintSession] names its session, so neither is read as a pairs event's table."""
    monday, tuesday = (_named(record, ident) for record, ident in zip(_records_of(TWO_TABLES),
                                                                       ("club-monday", "club-tuesday")))
    back = _records_of(write_pbn_sessions([monday, tuesday]))
    assert [(r.info.id, r.info.table) for r in back] == [("club-monday", None), ("club-tuesday", None)]
    assert back == [monday, tuesday]


def _records_of(text: str):
    return [settle(r.record)[0] for r in read_sessions(text.encode(), "pbn")]


def _named(record, ident: str):
    """The session under another id, at no table."""
    return replace(record, info=replace(record.info, id=ident, table=None))


def test_a_vugraph_match_converts_to_one_lin_and_one_pbn_file_with_both_rooms(tmp_path):
    text, rooms = vugraph(boards=6)
    source, as_pbn, as_lin = tmp_path / "match.lin", tmp_path / "match.pbn", tmp_path / "again.lin"
    source.write_text(text)
    assert _run("convert", str(source), str(as_pbn)).exit_code == 0
    assert _run("convert", str(as_pbn), str(as_lin)).exit_code == 0
    original = _records(source, "lin")
    assert [r.info.id.rsplit("-", 1)[1] for r in original] == ["open", "closed"]
    assert _records(as_pbn, "pbn") == original
    assert _records(as_lin, "lin") == original
    lines = as_lin.read_text().splitlines()
    assert [line[:6] for line in lines if line.startswith("qx|")] == [f"qx|{room}{n}|" for n in range(1, 7)
                                                                        for room in "oc"]
    assert sum(line.startswith("vg|") for line in lines) == 1  # one match, one header


def test_lin_takes_several_sessions_only_as_a_match_s_rooms(tmp_path):
    """A pairs event's tables are no match: into LIN goes the first table, the other named, as
    into JSON; export of both into one LIN file is refused, nothing written."""
    source, target = tmp_path / "pairs.pbn", tmp_path / "out.lin"
    source.write_text(TWO_TABLES)
    first = _run("convert", str(source), str(target))
    assert first.exit_code == 0 and "--session 2" in first.output
    [back] = _records(target, "lin")
    assert [d.result for d in back.deals] == [10, 10]
    one = _run("convert", "--session", "2", str(source), str(target))
    assert one.exit_code == 0, one.output
    [back] = _records(target, "lin")
    assert [d.result for d in back.deals] == [9, 9]
    store = tmp_path / "store"
    assert _run("import", "--store", str(store), str(source)).exit_code == 0
    ids = ["bbo-daylong-2024-05-01-table-1", "bbo-daylong-2024-05-01-table-2"]
    refused = _run("export", "--store", str(store), *ids, str(tmp_path / "both.lin"))
    assert refused.exit_code == 2 and "open and closed rooms" in refused.output and ".pbn" in refused.output
    assert not (tmp_path / "both.lin").exists()


def test_json_and_vint_take_one_session_and_name_the_others(tmp_path):
    source = tmp_path / "pairs.pbn"
    source.write_text(TWO_TABLES)
    for suffix in ("json", "vint"):
        target = tmp_path / f"first.{suffix}"
        done = _run("convert", str(source), str(target))
        assert done.exit_code == 0 and "--session 2" in done.output
        [record] = _records(target, suffix)
        assert record == _records(source, "pbn")[0]


def test_an_error_in_any_session_converts_none_and_names_that_session(tmp_path):
    source, target = tmp_path / "pairs.pbn", tmp_path / "out.pbn"
    source.write_text(TWO_TABLES.replace('[Contract "3H"]\n[Result "9"]', '[Contract "3H"]\n[Result "14"]'))
    refused = _run("convert", str(source), str(target))
    assert refused.exit_code == 1 and not target.exists()
    assert "(session 2: bbo-daylong-2024-05-01-table-2): not converted until the errors above are fixed" \
        in refused.output


def test_an_analysed_session_exports_to_pbn_with_its_tables_alone_and_beside_another(tmp_path):
    """format.md §5.3: ``export`` writes the store's double-dummy analysis as each board's
    [OptimumResultTable] (in place of one the file kept), and the file reads back as the
    session with that table (before, the read-back check refused every analysed session)."""
    from vint_replay.analysis.batch import analyse_store
    from vint_replay.analysis.optimum import optimum_tables
    from vint_replay.store import Store

    source = tmp_path / "match.lin"
    source.write_text(vugraph(boards=3)[0])
    store = Store(tmp_path / "store")
    ids = [o.session_id for o in store.import_paths([str(source)], workers=1).imported]
    assert len(ids) == 2 and analyse_store(store, workers=1).analysed == 6
    alone, both = tmp_path / "open.pbn", tmp_path / "both.pbn"
    done = _run("export", "--store", str(store.root), ids[0], str(alone))
    assert done.exit_code == 0, done.output
    assert _run("export", "--store", str(store.root), *ids, str(both)).exit_code == 0
    for path, sessions in ((alone, ids[:1]), (both, ids)):
        back = _records(path, "pbn")
        assert [r.info.id for r in back] == sessions
        for record in back:
            tables = optimum_tables(store, record.info.id)
            assert {d.number: d.pbn_tags[-1].name for d in record.deals} == dict.fromkeys(tables, "OptimumResultTable")
            rows = record.deals[0].pbn_tags[-1].section
            assert len(rows) == 20 and rows[0] == f"N NT {tables[record.deals[0].number][0][0]:>2}"
    refused = _run("export", "--store", str(store.root), *ids, str(tmp_path / "both.json"))
    assert refused.exit_code == 2 and not (tmp_path / "both.json").exists()


# the profiles whose sessions PBN holds (format.md §5.3: four players, no laws), by a session of each
PBN_PROFILES = [rules for rules in profile_names() if pbn_cannot_hold(random_session(lambda n: 0, 1, rules=rules)) is None]


def test_pbn_holds_the_four_handed_profiles():
    assert {"volchaninov", "classic", "rubber-bridge", "duplicate-bridge"} <= set(PBN_PROFILES)


@pytest.mark.parametrize("rules", PBN_PROFILES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_two_sessions_of_one_event_read_back_from_one_pbn_file(rules, data):
    """Random legal sessions of every profile PBN holds, two of one event with the same deal
    numbers, written into one file: each reads back as itself."""
    first, second = (_named(data.draw(sessions(rules=rules)), ident) for ident in ("night-open", "night-closed"))
    assert _records_of(write_pbn_sessions([first, second])) == [settle(first)[0], settle(second)[0]]


@settings(max_examples=25, deadline=None)
@given(opened=sessions(rules="duplicate-bridge"), closed=sessions(rules="duplicate-bridge"))
def test_any_match_s_two_rooms_read_back_from_one_lin_file(opened, closed):
    """format.md §5.7: a match's rooms in one vugraph file read back as each room's own file does."""
    rooms = [_named(opened, "night-open"), _named(closed, "night-closed")]
    alone = [settle(r.record)[0] for room in rooms for r in read_sessions(write_lin(settle(room)[0]).encode(), "lin")]
    joined = [settle(r.record)[0] for r in read_sessions(write_sessions(rooms, "lin").encode(), "lin")]
    assert joined == alone
    assert [r.info.id for r in joined] == ["generated-open", "generated-closed"]  # LIN's ids: the event and room


def test_a_match_file_imported_again_says_each_room_as_it_stands(tmp_path):
    """docs/store.md, re-imports: a LIN file of two rooms imported again is read again, not taken
    for its first stored room by its bytes: both rooms are unchanged; once the closed room was
    corrected from another file, the old file's closed room is refused as different (before: the
    file's bytes named one stored room, "1 unchanged", and the closed room went unsaid)."""
    source = tmp_path / "match.lin"
    source.write_text(vugraph(boards=3)[0])
    store = tmp_path / "store"
    assert _run("import", "--store", str(store), str(source)).output.startswith("2 imported")
    assert _run("import", "--store", str(store), str(source)).output.startswith("0 imported, 0 replaced, 2 unchanged")
    closed = tmp_path / "closed.pbn"
    assert _run("convert", "--session", "2", str(source), str(closed)).exit_code == 0
    closed.write_text(closed.read_text().replace('[North "Gus"]', '[North "Gustav"]'))
    fixed = _run("correct", "--store", str(store), str(closed), "--reason", "North's name")
    assert fixed.exit_code == 0, fixed.output
    again = _run("import", "--store", str(store), str(source))
    assert "0 imported, 0 replaced, 1 unchanged, 1 rejected" in again.output
    assert "different content (use --replace)" in again.output
