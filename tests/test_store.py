"""The Parquet session store: round trips, idempotence, refusals, compaction and plain readers."""
from __future__ import annotations

import dataclasses
import json
import os
from datetime import datetime, timezone
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.dataset as ds
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from vint_replay.cli import main
from vint_replay.formats import read_file
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.reports.scoresheet import score_json
from vint_replay.engine.session import evaluate
from vint_replay.store import Store, StoreDamaged
from vint_replay.store.schema import TABLES
from vint_replay.store.content import content_sha256

from settled import settled
from strategies import sessions

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "sample_data").glob("*.json")) + sorted((ROOT / "sample_data").glob("*.vint"))
WORKED = Path(__file__).parent / "data" / "worked_example.json"


def snapshot(root: Path) -> dict[str, object]:
    """Every entry under ``root``: file bytes, link targets, folders (hidden ones included)."""
    out: dict[str, object] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(root))
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                out[rel] = "dir"
            else:
                out[rel] = path.read_bytes()
    return out


def write_record(path: Path, raw: dict) -> Path:
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "store")


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    store = Store(tmp_path_factory.mktemp("samples") / "store")
    summary = store.import_paths([str(p) for p in SAMPLES], workers=1)
    assert not summary.rejected
    return store


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_round_trips(sample_store: Store, path: Path) -> None:
    source = settled(read_file(path)).record
    assert source is not None
    loaded = sample_store.load_session(source.info.id)
    assert loaded == source
    # The loaded record replays and scores exactly as the file does.
    assert score_json(loaded, evaluate(loaded).score) == score_json(source, evaluate(source).score)


def test_json_and_text_forms_of_a_session_are_the_same_content(sample_store: Store) -> None:
    # Each sample evening exists as .json and .vint: one of each pair is imported, the other unchanged.
    sessions = sample_store.sessions()
    assert len(sessions) == len(SAMPLES) // 2
    assert sorted(sessions.session_id) == sorted({read_file(p).record.info.id for p in SAMPLES})


def test_tables_hold_the_computed_facts(store: Store, worked_example_raw: dict) -> None:
    # rules/volchaninov.md §6: 3♣ by N, N–S take 8 tricks; N–S 208 below, 780+780 above; E–W 130 below, 1500 above.
    store.import_paths([str(WORKED)])
    deal = store.deals().iloc[0]
    assert (deal.contract, deal.declarer, deal.trick_value, deal.tricks_ns, deal.tricks_ew) == ("3C", "N", 26, 8, 5)
    assert (deal.below_ns, deal.above_ns, deal.below_ew, deal.above_ew) == (208, 1560, 130, 1500)
    assert deal.made == False and deal.audit == "ok"  # noqa: E712
    assert deal.hand_n == worked_example_raw["deals"][0]["hands"]["N"]
    calls = store.calls()
    assert list(calls.call) == worked_example_raw["deals"][0]["auction"]
    assert list(calls.seat[:5]) == ["N", "E", "S", "W", "N"]
    plays = store.plays()
    assert list(plays.card) == worked_example_raw["deals"][0]["play"]
    assert list(plays["index"]) == list(range(52))
    assert list(plays.trick[:8]) == [1, 1, 1, 1, 2, 2, 2, 2]
    assert plays.won.sum() == 13 and plays.seat.iloc[0] == "E"  # the player left of the declarer leads
    # Each trick's winner leads to the next trick.
    for t in range(1, 13):
        winner = plays[(plays.trick == t) & plays.won].seat.iloc[0]
        assert plays[plays.trick == t + 1].seat.iloc[0] == winner
    scores = {(r.side, r.line, r.item): r.points for r in store.scores().itertuples()}
    assert scores == {("NS", "below", "tricks"): 208, ("EW", "below", "tricks"): 130, ("NS", "above", "honours"): 780,
                      ("NS", "above", "aces"): 780, ("EW", "above", "undertricks"): 1500}
    session = store.sessions().iloc[0]
    assert (session.total_ns, session.total_ew, session.difference_side, session.difference) == (1768, 1630, "NS", 138)
    assert session.year == 2026


def test_filters_select_sessions_and_deals(sample_store: Store) -> None:
    ids = sorted(sample_store.sessions().session_id)
    one = sample_store.deals(session_id=ids[0])
    assert set(one.session_id) == {ids[0]} and len(one) == sample_store.sessions(ids[0]).deals.iloc[0]
    two = sample_store.plays(session_id=ids[:2], deal=[1, 2])
    assert set(two.session_id) == set(ids[:2]) and set(two.deal) == {1, 2} and len(two) <= 4 * 52


def test_extras_and_comments_round_trip(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    raw = worked_example_raw
    raw["session"]["id"] = "with-extras"
    raw["session"]["scorer"] = {"name": "Орлов", "pen": "blue"}
    raw["deals"][0]["note"] = ["late", 3]
    raw["venue_notes"] = "kept"
    raw["session"]["players"]["kibitzer"] = "Смирнов"
    raw["deals"][0]["hands"]["shuffled_by"] = "E"
    raw["deals"][0]["recorded"]["note"] = "re-added"
    raw["deals"][0]["recorded"]["EW"]["ink"] = {"colour": "red"}
    path = write_record(tmp_path / "extras.json", raw)
    source = read_json(path.read_bytes()).record
    assert source.info.extra and source.deals[0].extra and source.extra
    assert source.info.nested_extra and set(source.deals[0].nested_extra) == {"hands", "recorded", "recorded.EW"}
    assert not store.import_paths([str(path)]).rejected
    assert store.load_session("with-extras") == source
    text = (ROOT / "sample_data" / "arbat-2026-11-03-t1.vint").read_text(encoding="utf-8")
    commented = text.replace('[Id "arbat-2026-11-03-t1"]', '% scored by Orlov\n[Id "commented"]', 1)
    commented = commented.replace("[Auction]", "[Auction]\n% a slow auction", 1)
    vint = tmp_path / "commented.vint"
    vint.write_text(commented, encoding="utf-8")
    record = settled(read_file(vint)).record
    assert record.comments and record.deals[0].comments
    store.import_paths([str(vint)])
    assert store.load_session("commented") == record


def test_unknown_fields_inside_fields_count_in_the_content_digest(worked_example_raw: dict) -> None:
    plain = read_json(json.dumps(worked_example_raw)).record
    worked_example_raw["deals"][0]["recorded"]["NS"]["pen"] = "blue"
    nested = read_json(json.dumps(worked_example_raw)).record
    assert content_sha256(plain) != content_sha256(nested)


@pytest.mark.parametrize("number", ["-5", "0", "40000", "1" + "0" * 5000])
def test_import_rejects_an_unstorable_deal_number_with_the_reference_diagnostics(
        store: Store, tmp_path: Path, worked_example_raw: dict, number: str) -> None:
    """Both the columnar path and the reference engine see the file; the reference's diagnostics decide."""
    text = json.dumps(worked_example_raw).replace('"number": 1,', f'"number": {number},')
    path = tmp_path / "bad-number.json"
    path.write_text(text, encoding="utf-8")
    summary = store.import_paths([str(path)])
    [outcome] = summary.outcomes
    assert outcome.status == "rejected"
    expected = read_json(text).diagnostics
    assert [(d.code, d.at, d.message) for d in outcome.diagnostics if str(d.severity) == "error"] == \
        [(d.code, d.at, d.message) for d in expected if str(d.severity) == "error"]
    assert expected and expected[0].code == ("syntax" if len(number) > 4300 else "schema")
    assert not (store.root / "sessions").exists() or store.load_session(worked_example_raw["session"]["id"]) is None


def test_reimport_is_a_no_op(store: Store) -> None:
    store.import_paths([str(WORKED)])
    before = snapshot(store.root)
    summary = store.import_paths([str(WORKED)])
    assert [o.status for o in summary.outcomes] == ["unchanged"] and summary.deals == 0
    assert snapshot(store.root) == before


def test_rejected_files_leave_the_store_byte_for_byte_unchanged(store: Store, runner) -> None:
    store.import_paths([str(WORKED)])
    before = snapshot(store.root)
    broken = ROOT / "sample_data" / "broken" / "broken-evening.json"
    result = runner.invoke(main, ["import", str(broken), "--store", str(store.root)])
    assert result.exit_code == 1
    assert "revoke" in result.output and "rejected" in result.output
    assert snapshot(store.root) == before


def test_a_rejected_import_does_not_create_a_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "new")
    summary = store.import_paths([str(ROOT / "sample_data" / "broken")])
    assert len(summary.rejected) == 1 and summary.rejected[0].errors
    assert {p.name for p in (tmp_path / "new").iterdir()} <= {".lock"}  # no tables, no generation
    assert store.sessions().empty and list(store.deals().columns)[:2] == ["session_id", "deal"]


def test_changed_content_is_refused_unless_replace(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    store.import_paths([str(WORKED)])
    raw = worked_example_raw
    raw["session"]["event"] = "corrected title"
    changed = write_record(tmp_path / "changed.json", raw)
    before = snapshot(store.root)
    refused = store.import_paths([str(changed)])
    assert [o.status for o in refused.outcomes] == ["rejected"] and "--replace" in refused.outcomes[0].reason
    assert snapshot(store.root) == before
    replaced = store.import_paths([str(changed)], replace=True)
    assert [o.status for o in replaced.outcomes] == ["replaced"]
    assert store.load_session("rules-6-worked-example").info.event == "corrected title"
    for table in ("sessions", "deals", "plays"):
        assert len(store.frame(table)) == {"sessions": 1, "deals": 1, "plays": 52}[table]  # the old rows are gone


def test_two_files_with_one_id_and_different_content_conflict(store: Store, tmp_path: Path,
                                                              worked_example_raw: dict) -> None:
    worked_example_raw["session"]["event"] = "another"
    other = write_record(tmp_path / "other.json", worked_example_raw)
    summary = store.import_paths([str(WORKED), str(other)])
    assert [o.status for o in summary.outcomes] == ["imported", "rejected"]
    assert "also in" in summary.outcomes[1].reason


def test_globs_folders_and_missing_paths(store: Store, tmp_path: Path) -> None:
    summary = store.import_paths([str(ROOT / "sample_data" / "arbat-2026-11-1*.json"), str(tmp_path / "nope.json")])
    assert len(summary.imported) == 4
    assert [o.path for o in summary.rejected] == [str(tmp_path / "nope.json")]
    folder = store.import_paths([str(ROOT / "sample_data")])
    evenings = len([*(ROOT / "sample_data").glob("*.json"), *(ROOT / "sample_data").glob("solo/*.json"),
                    *(ROOT / "sample_data").glob("vint235/*.json"), *(ROOT / "sample_data").glob("laws/*.json")])
    assert len(folder.imported) == evenings - 4 and len(folder.unchanged) == 4 + evenings  # 4 stored, the twins


def test_plain_pyarrow_and_duckdb_read_every_table(sample_store: Store) -> None:
    root = sample_store.root
    counts = {t: len(sample_store.frame(t)) for t in TABLES}
    deals = sample_store.deals()
    assert counts["plays"] == 52 * int(deals.play_given.sum())  # classic's played passed-out deals too
    for table in TABLES:
        assert ds.dataset(root / table, partitioning="hive").count_rows() == counts[table]
        query = f"select count(*) from read_parquet('{root}/{table}/**/*.parquet', hive_partitioning = true)"
        assert duckdb.sql(query).fetchall()[0][0] == counts[table]
    made = duckdb.sql(f"select count(*) from read_parquet('{root}/deals/**/*.parquet', hive_partitioning = true) "
                      "where made and year = 2026").fetchall()[0][0]
    assert made == int(sample_store.deals().made.eq(True).sum())


def test_player_summary_on_the_worked_example(store: Store) -> None:
    store.import_paths([str(WORKED)])
    summary = store.player_summary().set_index("player")
    # N (Иванов) declared 3♣ and went down; N–S scored 208+780+780, E–W 130+1500 (rules/volchaninov.md §6).
    assert summary.loc["Иванов"].to_dict() == {"deals": 1, "declared": 1, "made": 0, "points": 1768, "net": 138}
    assert summary.loc["Петров"].to_dict() == {"deals": 1, "declared": 0, "made": 0, "points": 1630, "net": -138}
    assert summary.loc["Сидоров", "points"] == 1768 and summary.loc["Орлов", "net"] == -138


def test_player_summary_agrees_with_the_deals_table(sample_store: Store) -> None:
    deals = sample_store.deals().merge(sample_store.sessions(), on="session_id")
    summary = sample_store.player_summary().set_index("player")
    for player, row in summary.iterrows():
        declared = made = 0
        for seat in "NESW":
            mine = deals[deals[f"player_{seat.lower()}"] == player]
            declared += int((mine.declarer == seat).sum())
            made += int(((mine.declarer == seat) & mine.made.eq(True)).sum())
        assert (row.declared, row.made) == (declared, made)
    assert summary.deals.sum() == 4 * len(deals)


def test_compact_merges_small_imports_without_changing_data(store: Store) -> None:
    for path in SAMPLES[:6]:
        store.import_paths([str(path)])
    def files() -> int:
        return sum(1 for t in TABLES for _ in (store.root / t).glob("*/*.parquet"))
    assert files() > len(TABLES)
    before = {t: store.frame(t).sort_values(list(store.frame(t).columns[:3])).reset_index(drop=True) for t in TABLES}
    result = store.compact()
    assert result.files_after == files() == len(TABLES)  # one partition (2026) per table
    for t in TABLES:
        after = store.frame(t).sort_values(list(before[t].columns[:3])).reset_index(drop=True)
        assert after.equals(before[t])


def test_many_small_imports_do_not_pile_up_files(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    from vint_replay.store.store import AUTO_COMPACT_FILES

    for i in range(AUTO_COMPACT_FILES + 3):
        worked_example_raw["session"]["id"] = f"s{i:03d}"
        store.import_paths([str(write_record(tmp_path / f"s{i}.json", worked_example_raw))])
    assert len(list((store.root / "plays").glob("*/*.parquet"))) <= AUTO_COMPACT_FILES
    assert len(store.sessions()) == AUTO_COMPACT_FILES + 3 and len(store.plays()) == 52 * (AUTO_COMPACT_FILES + 3)
    # Superseded generations are cleaned up: the committed one and one before it remain.
    assert len(list((store.root / ".generations").iterdir())) == 2


def test_cli_import_sessions_export(tmp_path: Path, runner) -> None:
    store = str(tmp_path / "st")
    result = runner.invoke(main, ["import", str(ROOT / "sample_data" / "arbat-2026-11-03-t1.vint"), "--store", store])
    assert result.exit_code == 0, result.output
    assert "1 imported" in result.output
    listed = runner.invoke(main, ["sessions", "--store", store, "--json"])
    assert [s["session_id"] for s in json.loads(listed.output)] == ["arbat-2026-11-03-t1"]
    out = tmp_path / "back.vint"
    assert runner.invoke(main, ["export", "arbat-2026-11-03-t1", str(out), "--store", store]).exit_code == 0
    assert read_file(out).record == read_file(ROOT / "sample_data" / "arbat-2026-11-03-t1.vint").record
    missing = runner.invoke(main, ["export", "nope", str(out), "--store", store])  # a usage error, as --session's
    assert missing.exit_code == 2 and "Invalid value for 'SESSION_ID': no session 'nope' in the store" \
        in missing.output, missing.output
    version = runner.invoke(main, ["export", "arbat-2026-11-03-t1", str(out), "--store", store, "--version", "7"])
    assert version.exit_code == 2 and "no session 'arbat-2026-11-03-t1' version 7 in the store" in version.output
    env = runner.invoke(main, ["sessions", "--json"], env={"VINT_STORE": store})
    assert len(json.loads(env.output)) == 1


def test_compact_on_a_compact_store_changes_nothing(store: Store) -> None:
    store.import_paths([str(WORKED)])
    before = snapshot(store.root)
    result = store.compact()
    assert result.files_before == result.files_after == len(TABLES)
    assert snapshot(store.root) == before


@pytest.mark.parametrize("dated", [True, False], ids=["dated-and-undated", "undated-only"])
def test_a_store_with_undated_sessions_is_readable_without_project_code(store: Store, tmp_path: Path,
                                                                        worked_example_raw: dict, dated: bool) -> None:
    """An unknown year is the explicit partition ``year=0``, so the plain pyarrow line of
    docs/store.md and DuckDB read every store, even one of undated sessions only."""
    del worked_example_raw["session"]["date"]
    worked_example_raw["session"]["id"] = "undated"
    store.import_paths([str(write_record(tmp_path / "undated.json", worked_example_raw))] + ([str(WORKED)] * dated))
    expected = [("rules-6-worked-example", 2026)] * dated + [("undated", 0)]
    assert sorted(zip(store.sessions().session_id, store.sessions().year)) == expected
    for table in TABLES:  # the line docs/store.md gives
        plain = ds.dataset(store.root / table, partitioning="hive").to_table()
        assert plain.schema.field("year").type == "int32" and plain.num_rows == len(store.frame(table))
    rows = duckdb.sql(f"select session_id, year from read_parquet('{store.root}/deals/**/*.parquet', "
                      "hive_partitioning = true) order by session_id").fetchall()
    assert rows == expected
    assert store.load_session("undated").info.date is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=sessions(max_deals=4), forms=st.lists(st.sampled_from(["full", "play_only", "result_only"]),
                                                     min_size=4, max_size=4))
def test_generated_sessions_round_trip(tmp_path_factory: pytest.TempPathFactory, record, forms) -> None:
    """Deals recorded in every accepted way (hands and play, play alone, result alone) come
    back from the store exactly as written."""
    report = evaluate(record)
    deals = []
    for deal, replay, form in zip(record.deals, report.replays, forms):
        if deal.play and form == "play_only":
            deal = dataclasses.replace(deal, hands=None)
        elif deal.play and form == "result_only":
            deal = dataclasses.replace(deal, play=None, result=replay.tricks_won[replay.contract.declarer.side])
        deals.append(deal)
    record = dataclasses.replace(record, deals=tuple(deals))
    assume(evaluate(record).valid)  # a result-only deal may need its play to order the games
    folder = tmp_path_factory.mktemp("prop")
    path = folder / "s.json"
    path.write_text(write_json(record), encoding="utf-8")
    source = read_file(path).record
    store = Store(folder / "store")
    assert not store.import_paths([str(path)]).rejected
    loaded = store.load_session(source.info.id)
    assert loaded == source
    assert score_json(loaded, evaluate(loaded).score) == score_json(source, evaluate(source).score)


def test_audit_column_agrees_with_the_audit_command(sample_store: Store) -> None:
    from vint_replay.reports.audit import audit

    deals = sample_store.deals()
    flagged = 0
    for path in SAMPLES:
        record = read_file(path).record
        mismatched = {m.deal for m in audit(record, evaluate(record).score).mismatches}
        mine = deals[deals.session_id == record.info.id]
        assert set(mine[mine.audit == "mismatch"].deal) == mismatched
        assert set(mine[mine.audit == "ok"].deal) == {d.number for d in record.deals if d.recorded} - mismatched
        flagged += len(mismatched)
    assert flagged  # the sample evenings carry planted scoring mistakes


def test_a_read_interrupted_by_a_commit_is_retried_on_the_new_generation(store: Store, tmp_path: Path,
                                                                          worked_example_raw: dict) -> None:
    from vint_replay.store.layout import current_generation

    store.import_paths([str(WORKED)])
    worked_example_raw["session"]["id"] = "second"
    second = write_record(tmp_path / "second.json", worked_example_raw)
    seen: list[Path | None] = []

    def read(generation: Path | None) -> Path | None:
        seen.append(generation)
        if len(seen) == 1:
            store.import_paths([str(second)])  # a writer commits meanwhile
            raise FileNotFoundError(generation)
        return generation

    assert store.snapshot(read) == current_generation(store.root) != seen[0]
    with pytest.raises(StoreDamaged) as raised:  # without a new commit the error is real
        store.snapshot(lambda generation: (_ for _ in ()).throw(FileNotFoundError(generation)))
    assert isinstance(raised.value.__cause__, FileNotFoundError)


def test_a_folder_that_is_not_a_store_is_refused(tmp_path: Path, runner) -> None:
    (tmp_path / "notastore" / "deals").mkdir(parents=True)
    result = runner.invoke(main, ["import", str(WORKED), "--store", str(tmp_path / "notastore")])
    assert result.exit_code == 1 and "is not a vint store" in result.output
    assert [p.name for p in (tmp_path / "notastore" / "deals").iterdir()] == []


PLAYER_SQL = """
with d as (select * from read_parquet('{root}/deals/**/*.parquet', hive_partitioning = true)),
     s as (select * from read_parquet('{root}/sessions/**/*.parquet', hive_partitioning = true)),
     seats as (select s.player_n as player, 'N' as seat, d.* from d join s using (session_id)
               union all select s.player_e, 'E', d.* from d join s using (session_id)
               union all select s.player_s, 'S', d.* from d join s using (session_id)
               union all select s.player_w, 'W', d.* from d join s using (session_id))
select player, count(*) as deals, count(*) filter (where declarer = seat) as declared,
       count(*) filter (where declarer = seat and made) as made,
       sum(case when seat in ('N', 'S') then below_ns + above_ns else below_ew + above_ew end) as points,
       sum(case when seat in ('N', 'S') then below_ns + above_ns - below_ew - above_ew
                else below_ew + above_ew - below_ns - above_ns end) as net
from seats group by player order by player
"""


def test_player_summary_agrees_with_plain_sql(sample_store: Store) -> None:
    """The summary computed in Arrow equals the one an analyst writes in DuckDB (docs/store.md)."""
    rows = duckdb.sql(PLAYER_SQL.format(root=sample_store.root)).fetchall()
    mine = sample_store.player_summary().sort_values("player")
    assert [tuple(r) for r in mine[["player", "deals", "declared", "made", "points", "net"]].itertuples(index=False)] == rows


def test_a_stored_file_is_recognised_by_its_bytes_without_checking(store: Store, monkeypatch) -> None:
    from vint_replay.store import importer

    store.import_paths([str(WORKED)])

    def not_again(*args: object) -> None:
        raise AssertionError("a file already stored was checked again")

    monkeypatch.setattr(importer, "evaluate", not_again)
    summary = store.import_paths([str(WORKED)])
    assert [(o.status, o.session_id, o.deals) for o in summary.outcomes] == [("unchanged", "rules-6-worked-example", 1)]


def test_a_file_known_from_a_stale_snapshot_is_not_taken_as_unchanged(store: Store, monkeypatch) -> None:
    from vint_replay.store.importer import KnownFile

    store.import_paths([str(WORKED)])
    stale = {sha: KnownFile(k.session_id, "0" * 64, k.deals, k.kept_sha256) for sha, k in store._known_files().items()}
    monkeypatch.setattr(Store, "_known_files", lambda self: stale)  # as if another import replaced it meanwhile
    before = snapshot(store.root)
    summary = store.import_paths([str(WORKED)])
    assert [o.status for o in summary.outcomes] == ["rejected"] and "import it again" in summary.outcomes[0].reason
    assert snapshot(store.root) == before


def test_a_damaged_store_file_is_reported_not_a_traceback(store: Store) -> None:
    from click.testing import CliRunner

    assert store.import_paths([str(WORKED)], workers=1).imported
    damaged = next((store.root / "deals").glob("*/*.parquet"))
    damaged.write_bytes(b"garbage")
    result = CliRunner().invoke(main, ["export", "--store", str(store.root), "rules-6-worked-example", "-"])
    assert result.exit_code == 1
    assert "is damaged" in result.output and damaged.name in result.output and "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_sessions_of_a_folder_that_is_no_store_is_an_error(tmp_path: Path) -> None:
    from click.testing import CliRunner

    (tmp_path / "records").mkdir()
    result = CliRunner().invoke(main, ["sessions", "--store", str(tmp_path / "records")])
    assert result.exit_code == 1 and "not a vint store" in result.output


def test_a_file_with_a_repeated_key_is_rejected_and_the_store_unchanged(store: Store, tmp_path: Path,
                                                                        worked_example_raw: dict) -> None:
    assert store.import_paths([str(WORKED)], workers=1).imported
    before = snapshot(store.root)
    text = json.dumps(dict(worked_example_raw, session=dict(worked_example_raw["session"], id="other")))
    twice = tmp_path / "twice.json"
    twice.write_text(text.replace('"dealer": "N"', '"dealer": "E", "dealer": "N"', 1), encoding="utf-8")
    summary = store.import_paths([str(twice)], workers=1)
    assert [o.path for o in summary.rejected] == [str(twice)]
    assert "appears twice" in summary.rejected[0].diagnostics[0].message
    assert snapshot(store.root) == before


def test_one_file_that_breaks_the_checker_costs_only_itself(store: Store, tmp_path: Path, monkeypatch,
                                                             worked_example_raw: dict) -> None:
    """A lone surrogate in a name once made the batch's content hash raise, and the whole
    import was lost; now the reader refuses it (``syntax``) and only that file is rejected, in
    worker processes as in this one."""
    import vint_replay.store.store as store_module

    monkeypatch.setattr(store_module, "FILES_PER_BATCH", 2)  # several batches, so worker processes run
    paths = []
    for i in range(5):
        worked_example_raw["session"]["id"] = f"s{i}"
        paths.append(write_record(tmp_path / f"s{i}.json", worked_example_raw))
    bad = tmp_path / "s2.json"
    bad.write_text(bad.read_text(encoding="utf-8").replace('"N": "Иванов"', '"N": "\\ud800"'), encoding="utf-8")
    for workers in (1, 2):
        summary = Store(tmp_path / f"store{workers}").import_paths([str(p) for p in paths], workers=workers)
        assert sorted(o.session_id for o in summary.imported) == ["s0", "s1", "s3", "s4"]
        assert [o.path for o in summary.rejected] == [str(bad)]
        assert "lone surrogate" in summary.rejected[0].diagnostics[0].message


def test_a_checker_failure_on_one_file_costs_only_that_file(tmp_path: Path, monkeypatch,
                                                           worked_example_raw: dict) -> None:
    """When checking a batch raises (a bug met on some file), each file is checked alone: the
    others go through, the culprit is rejected with an ``internal`` diagnostic."""
    from vint_replay.store import importer

    paths = []
    for i in range(3):
        worked_example_raw["session"]["id"] = f"s{i}"
        paths.append(str(write_record(tmp_path / f"s{i}.json", worked_example_raw)))
    real = importer._check_batch

    def fragile(batch):
        if paths[1] in batch:
            raise RuntimeError("a bug met on s1")
        return real(batch)

    monkeypatch.setattr(importer, "_check_batch", fragile)
    importer.remember({})
    batches = importer.check_files(paths)
    outcomes = [o for b in batches for o in b.outcomes]
    rejected = [o for o in outcomes if o.diagnostics and o.diagnostics[0].code == "internal"]
    assert [o.path for o in rejected] == [paths[1]] and "a bug met on s1" in rejected[0].diagnostics[0].message
    assert len(batches) == 3


def test_the_profile_name_is_stored_and_round_trips(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    """Each session keeps its profile's name; a record naming none is stored with the
    profile the reader gave it, so a later change of default does not change it."""
    del worked_example_raw["session"]["rules"]
    worked_example_raw["session"]["id"] = "no-rules"
    plain = write_record(tmp_path / "plain.json", worked_example_raw)
    store.import_paths([str(WORKED), str(plain)])
    expected = {"rules-6-worked-example": "volchaninov", "no-rules": read_file(plain).record.info.rules}
    assert dict(zip(store.sessions().session_id, store.sessions().rules)) == expected
    assert {sid: store.load_session(sid).info.rules for sid in expected} == expected


def test_doubles_and_redoubles_round_trip_through_the_tables(store: Store, worked_example: object) -> None:
    """No profile accepts doubles yet, so the rows are made directly: call codes 36 (X) and
    37 (XX) are stored and read back, and ``deals.doubled`` says 4 for a redoubled contract."""
    import pyarrow.parquet as pq

    from vint_replay.engine.calls import CALL_BY_TEXT
    from vint_replay.store.schema import SCHEMAS, writer_options
    from vint_replay.store.rows import Source, TableRows

    report = evaluate(worked_example)
    deal = report.record.deals[0]
    auction = tuple(CALL_BY_TEXT[c] for c in ("1C", "1D", "pass", "pass", "3C", "X", "XX", "pass", "pass", "pass"))
    assert [c.code for c in auction[5:7]] == [36, 37]
    record = dataclasses.replace(report.record, deals=(dataclasses.replace(deal, auction=auction),))
    replay = report.replays[0]
    replay = dataclasses.replace(replay, contract=dataclasses.replace(replay.contract, doubled=4))
    rows = TableRows()
    rows.add(dataclasses.replace(report, record=record, replays=(replay,)), Source("x.json", "json", "0" * 64),
             datetime.now(timezone.utc), "0" * 64, "0" * 64)
    with store.transaction() as txn:
        for table, batch in rows.batches().items():
            pq.write_table(pa.Table.from_batches([batch]), txn.new_file(table, "year=2026"),
                           **writer_options(SCHEMAS[table]))
    assert store.load_session(record.info.id).deals[0].auction == auction
    assert store.calls().call.tolist()[5:7] == ["X", "XX"]
    assert store.deals().doubled.tolist() == [4]


DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(("name", "options"), [
    ("classic_rubber.json", {"x_marks": "escalating"}), ("rubber_bridge.json", {"honours": "off"}),
    ("rubber_bridge.json", {}), ("worked_example.json", {})])
def test_sessions_of_every_profile_round_trip_with_their_options(store: Store, tmp_path: Path, name, options) -> None:
    """A session keeps its profile and options in the store; doubles, result-only deals and
    the profile's own scoring come back exactly."""
    raw = json.loads((DATA / name).read_text())
    if options:
        raw["session"]["options"] = options
    path = tmp_path / name
    path.write_text(json.dumps(raw))
    summary = store.import_paths([str(path)], workers=1)
    assert not summary.rejected, [o.reason for o in summary.rejected]
    loaded = store.load_session(raw["session"]["id"])
    source = read_file(path).record
    assert loaded == source
    assert score_json(loaded, evaluate(loaded).score) == score_json(source, evaluate(source).score)


def test_a_claimed_deal_round_trips(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    raw = json.loads(json.dumps(worked_example_raw))
    deal = raw["deals"][0]
    deal["play"] = deal["play"][:22]
    deal["result"] = {"declarer_tricks": 8}
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(raw))
    assert not store.import_paths([str(path)], workers=1).rejected
    assert store.load_session(raw["session"]["id"]) == read_file(path).record
