"""Which analysis wrote a row (issue 24 item 3, "bridge as a first-class game"): a store analysed
before bridge had its own par keeps, on a bridge board, a par in vint's terms (no doubles, no
vulnerability). Those rows are stale: ``analyze`` does the deal again, and the dashboard does not
show them meanwhile; a vint deal's row of that time stays current (vint's par did not change).

The old store is written as the old analysis wrote it: ``dd_tables`` files without the
``analysis_version`` column, the bridge board's par scored by vint's profile."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

pytest.importorskip("endplay")

from vint_replay.analysis.batch import analyse_store, pending_deals  # noqa: E402
from vint_replay.analysis.jobs import DealJob, DealResult, analyse_job, jobs_for  # noqa: E402
from vint_replay.analysis.par import best_for, outcomes, par  # noqa: E402
from vint_replay.analysis.datasets import (  # noqa: E402
    ANALYSIS_VERSION,
    DD_TABLES,
    TABLES_SCHEMA,
    _table_row,
    dd_tables,
    stale_deals,
)
from vint_replay.analysis.views import deal_dd  # noqa: E402
from vint_replay.games.registry import get_profile  # noqa: E402
from vint_replay.engine.seats import Side  # noqa: E402
from vint_replay.engine.session import evaluate  # noqa: E402
from vint_replay.store import Store  # noqa: E402
from vint_replay.store.schema import writer_options  # noqa: E402
from vint_replay.store.store import partition_name  # noqa: E402

BRIDGE = "bridge-duplicate-bridge"
VINT = "rules-6-worked-example"
ANALYSED_AT = datetime(2026, 11, 30, tzinfo=timezone.utc)  # before bridge's par (commit b0bc2f5)
OLD_SCHEMA = pa.schema([f for f in TABLES_SCHEMA if f.name != "analysis_version"])


def _vint_par(result: DealResult) -> DealResult:
    """The result as the first analysis scored every game: vint's profile, nothing vulnerable."""
    assert result.table is not None
    scored = outcomes(result.table, result.job.hands, get_profile("volchaninov"), (False, False))
    return DealResult(result.job, result.table, par(scored, result.job.dealer_side),
                      (best_for(Side.NS, scored), best_for(Side.EW, scored)), result.actual, result.play)


def _write_the_old_way(store: Store) -> None:
    """One run of both sessions in the old ``dd_tables`` schema (no ``analysis_version``)."""
    rows = []
    for sid, digest, year in store.sessions(columns=["session_id", "content_sha256", "year"]).itertuples(index=False):
        for job in jobs_for(evaluate(store.load_session(sid)), digest, int(year)):
            assert isinstance(job, DealJob)
            result = analyse_job(job)
            row = _table_row(_vint_par(result) if sid == BRIDGE else result, "oldrun", ANALYSED_AT)
            del row["analysis_version"]
            rows.append((year, row))
    with store.transaction(merge_above=None) as txn:
        for year, row in rows:
            path = txn.new_file(DD_TABLES, partition_name(int(year)))
            pq.write_table(pa.Table.from_pylist([row], schema=OLD_SCHEMA), path, **writer_options(OLD_SCHEMA))


@pytest.fixture()
def old_store(tmp_path: Path) -> Store:
    from bridge_records import DOUBLED, bridge_raw

    path = tmp_path / "doubled.json"
    path.write_text(json.dumps(bridge_raw("duplicate-bridge", [(DOUBLED, 52, None)])), encoding="utf-8")
    store = Store(tmp_path / "store")
    worked = Path(__file__).parent / "data" / "worked_example.json"
    assert len(store.import_paths([str(path), str(worked)], workers=1).imported) == 2
    _write_the_old_way(store)
    return store


def test_a_bridge_row_of_the_old_analysis_is_stale_and_not_shown(old_store):
    """The old row gives the bridge board vint's par; it is left out of the current analysis (so the
    replay and /analysis do not show it), counted as stale, and its deal is pending again. The vint
    deal's row of the same run stays current and is not redone."""
    everything = dd_tables(old_store, include_stale=True)
    assert set(everything["session_id"]) == {BRIDGE, VINT} and everything["analysis_version"].isna().all()
    assert list(dd_tables(old_store)["session_id"]) == [VINT]
    assert deal_dd(old_store, BRIDGE, 1) is None
    assert deal_dd(old_store, VINT, 1) is not None
    assert stale_deals(old_store) == 1
    assert pending_deals(old_store) == {BRIDGE: {1}}


def test_analyze_redoes_the_stale_bridge_board_in_bridges_terms(old_store):
    """After ``analyze`` the board has bridge's par (duplicate-bridge.md §3, the worked deal none
    vulnerable: 4♥ by N making 11, 450; tests/test_bridge_analysis.py) written by this version."""
    summary = analyse_store(old_store)
    assert (summary.pending, summary.analysed) == (1, 1)
    found = deal_dd(old_store, BRIDGE, 1)
    assert found is not None and (found.par_contract, found.par_declarer, found.par_points) == ("4H", "N", (450, 0))
    rows = dd_tables(old_store)
    assert set(rows["session_id"]) == {BRIDGE, VINT}
    assert dict(zip(rows["session_id"], rows["analysis_version"].fillna(1))) == {BRIDGE: ANALYSIS_VERSION, VINT: 1}
    assert stale_deals(old_store) == 0 and pending_deals(old_store) == {}


def test_analysis_page_says_how_many_deals_wait_instead_of_showing_vint_par(old_store):
    """/analysis (through the Flask test client) shows the duplicate board's game without its stale
    par: no furthest-below-par row for it, and a note counting the one deal waiting for analyze."""
    from test_bridge_analysis import _replay_and_analysis

    (replay_status, replay), (status, text) = _replay_and_analysis(old_store)
    assert status == 200 and replay_status == 200, text[-400:]
    body = json.dumps(json.loads(text)["response"]["analysis-body"]["children"], ensure_ascii=False)
    assert "dd-stale-note-duplicate-bridge" in body and "1 deal(s) were analysed by an older vint-replay" in body
    assert "Vint par" not in replay and "Par: " not in replay  # the replay shows no par rather than vint's
