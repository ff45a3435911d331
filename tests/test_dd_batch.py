"""Batch analysis into a store: incremental, resumable, failures kept per deal, invalid deals
never sent to DDS, and the same results on a Dask cluster as in this process."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("endplay")

from click.testing import CliRunner  # noqa: E402

from vint_replay.analysis.batch import analyse_store, pending_deals  # noqa: E402
from vint_replay.analysis.jobs import DealJob, Skipped, analyse_job, jobs_for  # noqa: E402
from vint_replay.analysis.runner import run  # noqa: E402
from vint_replay.analysis.datasets import dd_plays, dd_tables, write_results  # noqa: E402
from vint_replay.engine.cards import Card, Hand  # noqa: E402
from vint_replay.cli import main  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402
from vint_replay.formats import read_file  # noqa: E402
from vint_replay.engine.session import evaluate  # noqa: E402
from vint_replay.simulators.vint import iter_sessions  # noqa: E402
from vint_replay.store import Store  # noqa: E402

DEALS = 4
WORKED_EXAMPLE = Path(__file__).parent / "data" / "worked_example.json"


def small_store(tmp_path, name="store"):
    """A store holding one simulated session of a few deals."""
    record = next(iter_sessions(7, DEALS))
    source = tmp_path / "session.json"
    source.write_text(write_json(record), encoding="utf-8")
    store = Store(tmp_path / name)
    assert store.import_paths([str(source)]).imported
    return store, record, source


def comparable(frame):
    return frame.drop(columns=["run", "analysed_at"], errors="ignore").reset_index(drop=True)


def test_store_analysis_is_complete_incremental_and_checked_by_the_engine(tmp_path):
    store, record, _ = small_store(tmp_path)
    summary = analyse_store(store, workers=1, flush_every=3)
    assert summary.pending == DEALS and summary.analysed == DEALS and not summary.failed
    assert summary.runs == 2  # 3 + 1 deals
    tables = dd_tables(store)
    assert list(tables["deal"]) == list(range(1, DEALS + 1))
    assert set(tables["status"]) == {"ok"}
    plays = dd_plays(store)
    deals = store.deals(columns=["deal", "declarer", "tricks_ns", "tricks_ew", "play_given"])
    played = deals[deals["play_given"]]
    assert len(played) > 0
    assert len(plays) == 52 * len(played)
    for row in played.itertuples():  # the last DD value is what the engine counted
        last = plays[(plays["deal"] == row.deal) & (plays["index"] == 51)].iloc[0]
        tricks = row.tricks_ns if row.declarer in ("N", "S") else row.tricks_ew
        assert last["dd_after"] == tricks
    assert analyse_store(store, workers=1).pending == 0


def test_interrupted_run_keeps_what_it_wrote_and_resumes(tmp_path):
    store, _, _ = small_store(tmp_path)
    done = []

    def stop_after_two(n):
        done.append(n)
        if len(done) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analyse_store(store, workers=1, flush_every=100, progress=stop_after_two)
    assert len(dd_tables(store)) == 2  # the unwritten run was written on the way out
    assert sum(len(v) for v in pending_deals(store).values()) == DEALS - 2
    assert analyse_store(store, workers=1).analysed == DEALS - 2
    assert list(dd_tables(store)["deal"]) == list(range(1, DEALS + 1))


def test_replaced_session_is_analysed_again(tmp_path):
    store, record, source = small_store(tmp_path)
    analyse_store(store, workers=1)
    changed = dataclasses.replace(record, info=dataclasses.replace(record.info, event="renamed"))
    source.write_text(write_json(changed), encoding="utf-8")
    assert store.import_paths([str(source)], replace=True).replaced
    # The import dropped the old analysis with the old rows, in the same generation.
    assert dd_tables(store, include_stale=True).empty and dd_plays(store).empty
    assert analyse_store(store, workers=1).analysed == DEALS
    assert set(dd_tables(store)["content_sha256"]) == set(store.sessions()["content_sha256"])


def test_dds_failure_is_recorded_and_the_batch_goes_on(tmp_path, monkeypatch):
    record = evaluate(read_file(WORKED_EXAMPLE).record)
    monkeypatch.chdir(tmp_path)  # DDS writes a dump.txt into the working folder on an error
    good = next(j for j in jobs_for(record) if isinstance(j, DealJob))
    twice = Hand.parse("AKQJT98765432...").mask  # North's spades dealt to East too
    bad = dataclasses.replace(good, deal=2, hands=(twice, twice) + good.hands[2:], cards=())
    results = list(run([bad, good]))
    assert [r.job.deal for r in results] == [2, 1]
    assert "DDS" in (results[0].error or "") and results[0].table is None
    assert results[1].error is None and results[1].play is not None


def test_invalid_deal_is_skipped_not_sent():
    report = evaluate(read_file("tests/data/worked_example.json").record)
    deal = report.record.deals[0]
    revoke = deal.play[:1] + (Card.SA,) + deal.play[2:]  # South plays ♠A on the ♥K lead
    broken = dataclasses.replace(report.record, deals=(dataclasses.replace(deal, play=revoke),))
    items = list(jobs_for(evaluate(broken)))
    assert len(items) == 1 and isinstance(items[0], Skipped)
    assert items[0].reason.startswith("revoke")


def test_analyze_command(tmp_path):
    store, _, _ = small_store(tmp_path)
    result = CliRunner().invoke(main, ["analyze", "--store", str(store.root), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert f"{DEALS} analysed, 0 failed, 0 skipped" in result.output
    again = CliRunner().invoke(main, ["analyze", "--store", str(store.root), "--workers", "1"])
    assert "0 analysed" in again.output


def test_dask_local_cluster_gives_the_local_results(tmp_path):
    from dask.distributed import LocalCluster

    local, _, _ = small_store(tmp_path, "local")
    remote, _, _ = small_store(tmp_path, "remote")
    analyse_store(local, workers=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        summary = analyse_store(remote, scheduler=cluster.scheduler_address, chunk=2)
    assert summary.analysed == DEALS and not summary.failed
    assert comparable(dd_tables(remote)).equals(comparable(dd_tables(local)))
    assert comparable(dd_plays(remote)).equals(comparable(dd_plays(local)))
    assert not dd_plays(local).empty


def test_analyse_job_is_deterministic():
    report = evaluate(read_file("tests/data/worked_example.json").record)
    job = next(j for j in jobs_for(report) if isinstance(j, DealJob))
    assert analyse_job(job) == analyse_job(job)


def test_results_of_a_session_replaced_meanwhile_are_not_written(tmp_path):
    """Results computed for the old content of a session replaced during the analysis are
    dropped when the run is committed (checked under the writer lock)."""
    store, record, source = small_store(tmp_path)
    report = evaluate(store.load_session(record.info.id))
    digest = store.sessions()["content_sha256"].iloc[0]
    results = [analyse_job(j) for j in jobs_for(report, digest, None, {1, 2}) if isinstance(j, DealJob)]
    changed = dataclasses.replace(record, info=dataclasses.replace(record.info, event="renamed"))
    source.write_text(write_json(changed), encoding="utf-8")
    assert store.import_paths([str(source)], replace=True).replaced
    write_results(store, results)
    assert dd_tables(store, include_stale=True).empty
