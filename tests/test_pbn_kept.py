"""A PBN board's tags that no field holds, kept as the file wrote them (formats/pbn_kept.py,
docs/format.md §5.2 *Tags kept*, docs/store.md ``deals.pbn_tags``): PBN → JSON → PBN and PBN →
import → export give back the travellers, the pairs' totals and the other tags, on a file written
for the tests (tests/data/pbn/pairs-travellers.pbn) and on the FFB's real DN1 files; the JSON field
is checked; the store keeps them beside the content, never in its hash, and reads stores written
before it kept them; the session page shows the travellers only where a session keeps them."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import real_records
from test_bridge_analysis import session_page
from vint_replay.cli import main
from vint_replay.engine.record import PbnTag
from vint_replay.formats import read_sessions
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.pbn import read_pbn
from vint_replay.store import Store
from vint_replay.store.columnar import decoded_session, parse_texts
from vint_replay.store.content import NOTHING_KEPT, content_sha256, kept_sha256
from vint_replay.store.layout import data_files
from vint_replay.store.manifest import MANIFEST, entry_of, load_manifest
from vint_replay.store.schema import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parent.parent
PAIRS = ROOT / "tests" / "data" / "pbn" / "pairs-travellers.pbn"
SESSION = "club-pairs-2026-11-03"
FFB = ("ffb-dn1-final-2022-session-1.pbn", "ffb-dn1-final-2022-session-5.pbn")


def run(*args: str) -> str:
    done = CliRunner().invoke(main, list(args))
    assert done.exit_code in (0, 1) and (done.exception is None or isinstance(done.exception, SystemExit)), done.output
    return done.output


def converted(source: Path, tmp_path: Path) -> tuple[Path, Path]:
    """``source`` converted to JSON, and that JSON converted back to PBN."""
    as_json, as_pbn = tmp_path / f"{source.stem}.json", tmp_path / f"{source.stem}.back.pbn"
    run("convert", str(source), str(as_json))
    run("convert", str(as_json), str(as_pbn))
    return as_json, as_pbn


def travellers_audited(path: Path) -> tuple[int, int, list[tuple[int, str, str]]]:
    """``audit --json``'s traveller rows and totals checked and its mismatches (board, row, message)."""
    found = json.loads(run("audit", "--json", str(path)))
    session = found["sessions"][0] if "sessions" in found else found
    return (session["traveller_rows_checked"], session.get("traveller_totals_checked", 0),
            [(m["board"], m["listed"], m["message"]) for m in session["traveller_mismatches"]])


def test_the_reader_keeps_the_tags_no_field_holds_in_the_file_s_order():
    """Board 1 as written (the escapes of a value kept); board 2's ``#`` as the value it stands for
    and the ``##`` [Stage] of board 1, which it inherits, so each board keeps what it meant."""
    deals = read_pbn(PAIRS.read_bytes()).record.deals
    first, second = (d.pbn_tags for d in deals)
    assert [t.name for t in first] == ["Competition", "Stage", "Annotator", "BCFlags", "OptimumScore",
                                       "TotalScoreTable", "ScoreTable"]
    assert first[2] == PbnTag("Annotator", 'vint-replay tests \\"by hand\\"') and first[1].value == "Final"
    assert first[6].value.startswith("PairId_NS\\2R;PairId_EW\\2R;Contract\\4L")
    assert first[6].section == (" 1  5 4S   N 10    420      -    5    1  83.33  16.67",
                                " 2  6 4S   N 10    420      -    5    1  83.33  16.67",
                                " 3  7 4S   N  9    -50      -    0    6   0.00 100.00",
                                " 4  8 3NT  S  9    400      -    2    4  33.33  66.67")
    assert len(first[5].section) == 8
    assert [(t.name, t.value) for t in second if not t.section] == [("Competition", "Pairs"), ("Stage", "Final")]


def test_pbn_to_json_to_pbn_writes_every_kept_tag_back_as_the_file_had_it(tmp_path):
    as_json, as_pbn = converted(PAIRS, tmp_path)
    written = as_pbn.read_text(encoding="utf-8").splitlines()
    source = PAIRS.read_text(encoding="utf-8").splitlines()
    kept = [line for line in source[source.index('[Competition "Pairs"]'):] if not line.startswith(
        ("[Event", "[Site", "[Date", "[Board", "[West", "[North", "[East", "[South", "[Dealer", "[Vulnerable", "[Deal",
         "[Scoring", "[Competition \"#\"]", "[Stage \"##")) and line]
    assert all(line in written for line in kept)  # the traveller's header and its rows, line for line
    assert written.count('[Stage "Final"]') == 2 and written.count('[Competition "Pairs"]') == 2
    deal = json.loads(as_json.read_text(encoding="utf-8"))["deals"][0]
    assert deal["pbn_tags"][6]["name"] == "ScoreTable" and len(deal["pbn_tags"][6]["section"]) == 4
    assert "section" not in deal["pbn_tags"][0]
    original = read_pbn(PAIRS.read_bytes()).record
    back = read_pbn(as_pbn.read_bytes()).record
    assert [d.pbn_tags for d in back.deals] == [d.pbn_tags for d in original.deals]
    assert back == read_json(as_json.read_text(encoding="utf-8")).record  # and so again, without end


def test_audit_checks_the_same_rows_in_the_file_its_json_and_the_pbn_written_back(tmp_path):
    as_json, as_pbn = converted(PAIRS, tmp_path)
    planted = (8, 8, [(2, "2H E 9", "recorded [ScoreMP] NS 4, recomputed NS 0 of 6"),
                      (1, "pair 2", "recorded 6 MP, recomputed 5.00 MP over 2 boards"),
                      (1, "pair 2", "recorded 50 %, recomputed 41.67 % over 2 boards")])
    assert travellers_audited(PAIRS) == travellers_audited(as_json) == travellers_audited(as_pbn) == planted
    line = json.loads(run("audit", "--json", str(as_json)))["traveller_mismatches"][0]["line"]
    assert line == 2  # in a converted record, the row's line in its table: the second row


def test_export_s_own_double_dummy_table_replaces_a_kept_one():
    """format.md §5.3: with the store's analysis, its [OptimumResultTable] is written, the file's not."""
    from vint_replay.formats.pbn_write import write_pbn

    record = read_pbn(PAIRS.read_bytes()).record
    kept = PbnTag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ("N NT  9",))
    record = replace(record, deals=(replace(record.deals[0], pbn_tags=(*record.deals[0].pbn_tags, kept)),
                                    *record.deals[1:]))
    assert write_pbn(record).count("[OptimumResultTable") == 1 and "N NT  9" in write_pbn(record)
    analysed = write_pbn(record, {1: tuple(tuple(7 for _ in range(5)) for _ in range(4))})
    assert analysed.count("[OptimumResultTable") == 1 and "N NT  9" not in analysed and "N NT  7" in analysed


def test_the_text_record_keeps_them_too(tmp_path):
    """format.md §3.4: ``[PbnTags]``, JSON's ``pbn_tags``; PBN → .vint → PBN gives the same file."""
    as_vint, back = tmp_path / "p.vint", tmp_path / "p.back.pbn"
    run("convert", str(PAIRS), str(as_vint))
    run("convert", str(as_vint), str(back))
    assert back.read_text(encoding="utf-8") == converted(PAIRS, tmp_path)[1].read_text(encoding="utf-8")
    assert travellers_audited(as_vint)[:2] == (8, 8)
    broken = tmp_path / "broken.vint"
    broken.write_text(as_vint.read_text(encoding="utf-8").replace('[PbnTags "[', '[PbnTags "{', 1), encoding="utf-8")
    problems = [d for d in read_sessions(broken.read_bytes(), "vint")[0].diagnostics if d.at == "pbn_tags"]
    assert [(d.code, d.deal, d.line) for d in problems] == [("schema", 1, 15)]


BROKEN = [
    ("a text", "'pbn_tags' must be a list"),
    ([{"name": "Annotator"}], "'pbn_tags[0]' must be"),
    ([{"name": "Score Table", "value": "x"}], "'name' must be a tag name"),
    ([{"name": "Board", "value": "9"}], "names [Board], a tag the PBN reader reads"),
    ([{"name": "Annotator", "value": 'a "quoted" word'}], "'value' must be one line"),
    ([{"name": "Annotator", "value": "ends in \\"}], "'value' must be one line"),
    ([{"name": "ScoreTable", "value": "Table", "section": ['[Board "2"]']}], "'section' lines"),
    ([{"name": "ScoreTable", "value": "Table", "section": ["   "]}], "'section' lines"),
    ([{"name": "ScoreTable", "value": "Table", "section": ["1\n2"]}], "'section' lines"),
    ([{"name": "ScoreTable", "value": "Table", "section": "1 2"}], "'section' must be a list"),
    ([{"name": "Annotator", "value": "x", "rows": []}], "'pbn_tags[0]' must be"),
    ([{"name": "Annotator", "value": "x"}, {"name": "Annotator", "value": "y"}],
     "'pbn_tags[1]' names [Annotator] again"),
]


@pytest.mark.parametrize("tags, said", BROKEN, ids=[said for _, said in BROKEN])
def test_kept_tags_a_pbn_file_could_not_hold_are_a_located_schema_error(tmp_path, tags, said):
    raw = json.loads(write_json(read_pbn(PAIRS.read_bytes()).record))
    raw["deals"][1]["pbn_tags"] = tags
    result = read_json(json.dumps(raw))
    problems = [d for d in result.diagnostics if d.at == "pbn_tags"]
    assert [(d.code, d.deal, d.severity.value) for d in problems] == [("schema", 2, "error")]
    assert said in problems[0].message
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 1 and "pbn_tags" in done.output and "Traceback" not in done.output


def test_import_keeps_them_and_export_writes_them_back_as_convert_does(tmp_path):
    as_json, as_pbn = converted(PAIRS, tmp_path)
    store = Store(tmp_path / "store")
    assert [o.session_id for o in store.import_paths([str(PAIRS)], workers=1).imported] == [SESSION]
    assert store.load_session(SESSION) == read_pbn(PAIRS.read_bytes()).record
    column = store.deals(SESSION)["pbn_tags"].tolist()
    assert [t["name"] for t in json.loads(column[1])] == ["Competition", "ScoreTable", "Stage"]
    for out, expected in (("out.json", as_json), ("out.pbn", as_pbn)):
        run("export", "--store", str(store.root), SESSION, str(tmp_path / out))
        assert (tmp_path / out).read_text(encoding="utf-8") == expected.read_text(encoding="utf-8")
    again = Store(tmp_path / "again")  # the JSON imported: the record path (below), the same session back
    again.import_paths([str(as_json)], workers=1)
    assert again.load_session(SESSION) == store.load_session(SESSION)


def _retagged(tmp_path: Path) -> Path:
    """The pairs file with one kept tag's value changed (BridgeComposer's [BCFlags])."""
    changed = tmp_path / "changed.pbn"
    changed.write_text(PAIRS.read_text(encoding="utf-8").replace('[BCFlags "1f"]', '[BCFlags "2e"]'), encoding="utf-8")
    return changed


def test_the_kept_tags_are_outside_the_content_hash_and_a_change_of_them_is_a_new_version(tmp_path):
    """docs/store.md, re-imports: like the recorded figures, they are the file's notes beside the
    boards, outside ``content_sha256`` (older stores stay ``unchanged`` from their files) and hashed
    on their own (``kept_sha256``): a file whose kept tags alone differ is refused without
    ``--replace`` and is the next version with it, its history naming the tag."""
    changed = _retagged(tmp_path)
    assert [content_sha256(r.record) for r in read_sessions(PAIRS.read_bytes(), "pbn")] == \
        [content_sha256(r.record) for r in read_sessions(changed.read_bytes(), "pbn")]
    without = read_pbn(PAIRS.read_bytes()).record
    without = replace(without, deals=tuple(replace(d, pbn_tags=()) for d in without.deals))
    assert content_sha256(without) == content_sha256(read_pbn(PAIRS.read_bytes()).record)
    assert kept_sha256(without) == NOTHING_KEPT != kept_sha256(read_pbn(PAIRS.read_bytes()).record)
    store = Store(tmp_path / "store")
    store.import_paths([str(PAIRS)], workers=1)
    [refused] = store.import_paths([str(changed)], workers=1).outcomes
    assert refused.status == "rejected" and "different recorded figures or kept PBN tags (use --replace)" in refused.reason
    assert PbnTag("BCFlags", "1f") in store.load_session(SESSION).deals[0].pbn_tags
    fixed = CliRunner().invoke(main, ["correct", str(changed), "--reason", "BCFlags as the scorer set them",
                                      "--store", str(store.root)])
    assert fixed.exit_code == 0, fixed.output
    assert PbnTag("BCFlags", "2e") in store.load_session(SESSION).deals[0].pbn_tags
    history = json.loads(run("history", SESSION, "--store", str(store.root), "--json"))
    assert [v["version"] for v in history["versions"]] == [1, 2]
    assert "BCFlags" in json.dumps(history["versions"][1], ensure_ascii=False)
    again = CliRunner().invoke(main, ["correct", str(changed), "--reason", "again", "--store", str(store.root)])
    assert again.exit_code == 1 and "changes nothing" in again.output


def test_a_json_record_with_kept_tags_leaves_the_columnar_path_and_keeps_them(tmp_path):
    sample = (ROOT / "sample_data" / "arbat-2026-11-03-t1.json").read_text(encoding="utf-8")
    assert parse_texts([sample]) != [None]  # the plain sample is the columnar path's
    raw = json.loads(sample)
    raw["deals"][0]["pbn_tags"] = [{"name": "Annotator", "value": "the club's scorer"}]
    text = json.dumps(raw, ensure_ascii=False)
    assert parse_texts([text]) == [None] and decoded_session(text) is None
    path = tmp_path / "annotated.json"
    path.write_text(text, encoding="utf-8")
    store = Store(tmp_path / "store")
    store.import_paths([str(path)], workers=1)
    assert store.load_session(raw["session"]["id"]).deals[0].pbn_tags == (PbnTag("Annotator", "the club's scorer"),)


def _as_version_3(store: Store) -> None:
    """Make the store look as schema version 3 wrote it: deals files without ``pbn_tags``, sessions
    files without ``kept_sha256``."""
    for generation in (store.root / ".generations").iterdir():
        manifest = load_manifest(generation)
        assert manifest is not None
        files = dict(manifest.files)
        for table, column in (("deals", "pbn_tags"), ("sessions", "kept_sha256")):
            for file in data_files(generation, table):
                old = pq.read_table(file).drop_columns([column])
                file.unlink()
                pq.write_table(old, file)
                rel = str(file.relative_to(generation))
                files[rel] = entry_of(file, set(files[rel].sessions))
        raw = {"schema_version": 3, "files": {name: vars(entry) | {"sessions": list(entry.sessions)}
                                              for name, entry in sorted(files.items())}}
        (generation / MANIFEST).write_text(json.dumps(raw), encoding="utf-8")


def test_a_store_of_schema_version_3_reads_without_kept_tags_and_takes_new_ones(tmp_path):
    store = Store(tmp_path / "store")
    store.import_paths([str(PAIRS)], workers=1)
    _as_version_3(store)
    store = Store(store.root)
    check = json.loads(run("check", "--store", str(store.root), "--json"))
    assert check["ok"] and check["schema_version"] == 3
    assert all(not d.pbn_tags for d in store.load_session(SESSION).deals)
    # a session stored before kept_sha256 is judged by its content alone, as it was then
    assert {o.status for o in store.import_paths([str(_retagged(tmp_path))], workers=1).outcomes} == {"unchanged"}
    other = tmp_path / "other.pbn"
    other.write_text(PAIRS.read_text(encoding="utf-8").replace("Club pairs", "Club pairs B"), encoding="utf-8")
    store.import_paths([str(other)], workers=1)
    store.compact()
    assert json.loads(run("check", "--store", str(store.root), "--json"))["schema_version"] == SCHEMA_VERSION
    assert store.load_session("club-pairs-b-2026-11-03").deals[0].pbn_tags[0] == PbnTag("Competition", "Pairs")
    assert all(not d.pbn_tags for d in store.load_session(SESSION).deals)  # what version 3 never stored stays so


def _page_ids(store: Store, session_id: str) -> set[str]:
    return {str(n["props"].get("id")) for n in session_page(store, session_id)}


def test_the_session_page_shows_travellers_only_of_a_session_that_keeps_them(tmp_path):
    store = Store(tmp_path / "store")
    store.import_paths([str(PAIRS), str(ROOT / "sample_data" / "arbat-2026-11-03-t1.json")], workers=1)
    shown = _page_ids(store, SESSION)
    assert {"travellers-card", "standings-card", "traveller-1", "traveller-2-row-3", "standing-7"} <= shown
    assert not {"travellers-card", "standings-card"} & _page_ids(store, "arbat-2026-11-03-t1")


def test_a_pairs_session_no_other_rules_can_read_has_no_rules_switch(tmp_path):
    """docs/dashboard.md ``?rules=``: a pairs event's hand records read under no other profile, so
    the page offers no switch (it listed every profile struck out, a screen of refusals at phone
    width); a vint evening keeps its switch."""
    store = Store(tmp_path / "store")
    store.import_paths([str(PAIRS), str(ROOT / "sample_data" / "arbat-2026-11-03-t1.json")], workers=1)
    assert "rules-switch" not in _page_ids(store, SESSION)
    assert "rules-switch" in _page_ids(store, "arbat-2026-11-03-t1")


# -- the FFB's real files: 22 tables a board, adjusted scores, Latin-1, [TotalScoreTable] -----------

@pytest.mark.parametrize("name", FFB)
def test_a_real_ffb_file_keeps_its_travellers_through_convert_import_and_export(tmp_path, name):
    source = real_records.path("pbn", name)
    as_json, as_pbn = converted(source, tmp_path)
    original = read_pbn(source.read_bytes()).record
    back = read_pbn(as_pbn.read_bytes()).record
    assert [d.pbn_tags for d in back.deals] == [d.pbn_tags for d in original.deals]
    assert sum(t.name == "ScoreTable" for d in original.deals for t in d.pbn_tags) == len(original.deals)
    audited = travellers_audited(source)
    assert audited[0] > 500 and audited[1] == 44
    assert travellers_audited(as_json)[:2] == travellers_audited(as_pbn)[:2] == audited[:2]
    assert [m[1:] for m in travellers_audited(as_pbn)[2]] == [m[1:] for m in audited[2]]
    store = Store(tmp_path / "store")  # session 5's board 1 has a broken contract: stored without it
    stored = store.import_paths([str(source)], workers=1, skip_broken=True).outcomes[0]
    assert stored.session_id is not None and stored.status == "imported"
    run("export", "--store", str(store.root), stored.session_id, str(tmp_path / "exported.json"))
    exported = read_json((tmp_path / "exported.json").read_text(encoding="utf-8")).record
    assert {d.number: d.pbn_tags for d in exported.deals} == {
        d.number: d.pbn_tags for d in original.deals if d.number not in stored.dropped_deals}
    rows = next(t for t in original.deals[0].pbn_tags if t.name == "ScoreTable").section
    lines = {line.rstrip() for line in source.read_bytes().decode("latin-1").splitlines()}
    assert set(rows) <= lines and set(rows) <= set(as_pbn.read_text(encoding="utf-8").splitlines())  # as the file had them


def test_a_huge_kept_value_is_checked_in_memory_near_its_size():
    """format.md §5.2: a kept value is checked as one line a tag pair can hold; a 2 MB one (plain,
    then all escapes) is checked without the regex engine keeping a backtracking entry a
    character (that was 290 MB here, 2.7 GB for 20 MB)."""
    import tracemalloc

    raw = json.loads(write_json(read_pbn(PAIRS.read_bytes()).record))
    for value in ("y" * 2_000_000, '\\"' * 1_000_000):
        raw["deals"][1]["pbn_tags"] = [{"name": "Annotator", "value": value}]
        text = json.dumps(raw)
        tracemalloc.start()
        result = read_json(text)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert not [d for d in result.diagnostics if d.at == "pbn_tags"]
        assert peak < 40_000_000, peak
