"""Time of one /analysis view over a big store: the filtered read plus every figure's data,
with the double-dummy section (per-player accuracy and par gaps).

Target (issue 6): ≤ 2 s per view on a 1M-deal store. Build the store first with
``python benchmarks/bench_store.py --deals 1000000``, then
``python benchmarks/bench_analysis.py --store /tmp/vint-bench-1000000-store [--runs 3]``.
Views: everything; one year; one player (the first name in the store).

``--synthetic-dd COPY`` first copies the store to COPY (the original is left alone) and writes
SYNTHETIC ``dd_tables`` rows for every deal through the analysis package's own writer: made-up
but well-formed values (random tricks, par and per-seat costs), for timing only — never real
analysis, which takes DDS ~0.15 s per deal. The views are then timed on the copy.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import time
from pathlib import Path

import numpy as np
import pyarrow as pa

from dashboards import double_dummy, stats
from vint_replay.analysis.datasets import (
    ANALYSIS_VERSION,
    CARDS_COLUMNS,
    DD_TABLES,
    LOST_COLUMNS,
    TABLES_SCHEMA,
    TRICK_COLUMNS,
    commit_run,
)
from vint_replay.store import Store
from vint_replay.store.schema import PARTITION, SEAT_NAMES


def view(store: Store, start: str | None, end: str | None, player: str | None) -> int:
    """Everything the analysis page computes for one filter setting; returns the deal count."""
    selection = stats.select(store, start, end, player)
    sessions, per_session = selection.sessions, selection.per_session
    stats.summary_numbers(selection)
    stats.contract_counts(selection.contracts)
    stats.made_failed(selection.contracts)
    stats.player_points(selection)
    stats.partnership_points(sessions, per_session)
    stats.game_winners(sessions, per_session)
    stats.luck_vs_play(sessions, per_session)
    stats.slam_attempts(sessions, selection.slams)
    ids = None if start is None and end is None and player is None else list(sessions["session_id"])
    double_dummy.accuracy(store, ids)
    double_dummy.par_by_declarer(double_dummy.par_distance(store, ids))
    double_dummy.stale(store, ids)
    return selection.deals


def write_synthetic_dd(store: Store, seed: int = 1) -> int:
    """SYNTHETIC, for timing only: one made-up ``dd_tables`` row per stored deal (played deals
    get 13 cards per seat and random costs), committed as one run; returns the rows written."""
    rng = np.random.default_rng(seed)
    deals = store.read("deals", None, ["session_id", "deal", "contract", "declarer", PARTITION])
    digests = store.read("sessions", None, ["session_id", "content_sha256"]).to_pandas()
    digest = dict(zip(digests["session_id"], digests["content_sha256"]))
    n = deals.num_rows
    played = deals.column("declarer").is_valid().to_numpy(zero_copy_only=False)
    lost = rng.integers(0, 3, (4, n))
    seats = np.array(SEAT_NAMES)
    bids = np.array([f"{level}{d}" for level in range(1, 8) for d in ("S", "C", "D", "H", "NT")])

    def maybe(values: np.ndarray, kind: pa.DataType) -> pa.Array:  # null where the deal was passed out
        return pa.array(values, kind, mask=~played)

    columns: dict[str, object] = {
        "session_id": deals.column("session_id"), "deal": deals.column("deal"), "run": ["synthetic"] * n,
        "analysed_at": pa.array(np.full(n, np.datetime64("2026-11-30T00:00", "ms")), pa.timestamp("ms", tz="UTC")),
        "content_sha256": [digest[s] for s in deals.column("session_id").to_pylist()],
        "profile": ["volchaninov"] * n, "status": ["ok"] * n, "message": pa.nulls(n, pa.string()),
        **{c: rng.integers(0, 14, n) for c in TRICK_COLUMNS},
        "contract": deals.column("contract"), "declarer": deals.column("declarer"),
        "contract_dd_tricks": maybe(rng.integers(0, 14, n), pa.int8()),
        "par_contract": bids[rng.integers(0, len(bids), n)], "par_declarer": seats[rng.integers(0, 4, n)],
        "par_ns": rng.integers(0, 4000, n), "par_ew": rng.integers(0, 4000, n),
        "best_ns_contract": bids[rng.integers(0, len(bids), n)], "best_ns_declarer": seats[rng.integers(0, 4, n) // 2 * 2],
        "best_ns_net": rng.integers(-2000, 4000, n), "best_ew_contract": bids[rng.integers(0, len(bids), n)],
        "best_ew_declarer": seats[rng.integers(0, 4, n) // 2 * 2 + 1], "best_ew_net": rng.integers(-2000, 4000, n),
        "actual_ns": maybe(rng.integers(0, 4000, n), pa.int32()), "actual_ew": maybe(rng.integers(0, 4000, n), pa.int32()),
        "lost_ns": maybe(lost[0] + lost[2], pa.int8()), "lost_ew": maybe(lost[1] + lost[3], pa.int8()),
        **{c: maybe(np.full(n, 13), pa.int8()) for c in CARDS_COLUMNS},
        **{c: maybe(lost[i], pa.int8()) for i, c in enumerate(LOST_COLUMNS)},
        "analysis_version": np.full(n, ANALYSIS_VERSION),
    }
    rows = pa.table({f.name: _typed(columns[f.name], f.type) for f in TABLES_SCHEMA}, schema=TABLES_SCHEMA)
    years = deals.column(PARTITION).to_numpy(zero_copy_only=False)

    def by_year(_base):
        for year in np.unique(years):
            yield DD_TABLES, int(year), rows.filter(pa.array(years == year))

    commit_run(store, by_year)
    return n


def _typed(values: object, kind: pa.DataType) -> pa.Array:
    """A column of made-up values in its ``dd_tables`` type (coded columns dictionary-encoded)."""
    array = values.combine_chunks() if isinstance(values, pa.ChunkedArray) else \
        values if isinstance(values, pa.Array) else pa.array(values)
    if pa.types.is_dictionary(kind):
        return array.cast(kind.value_type).dictionary_encode().cast(kind)
    return array.cast(kind)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--synthetic-dd", type=Path, default=None, metavar="COPY",
                        help="copy the store here and write SYNTHETIC dd_tables rows for every deal first")
    args = parser.parse_args()
    if args.synthetic_dd is not None:
        shutil.copytree(args.store, args.synthetic_dd, symlinks=True)
        start = time.perf_counter()
        written = write_synthetic_dd(Store(args.synthetic_dd))
        print(f"SYNTHETIC dd_tables: {written:,} rows written in {time.perf_counter() - start:.1f} s to {args.synthetic_dd}")
        args.store = args.synthetic_dd
    store = Store(args.store)
    dates = store.sessions(columns=["date"])["date"].dropna().sort_values()
    year = dates.iloc[-1][:4] if len(dates) else None
    someone = stats.players(store)[0]
    for label, filters in (("all sessions", (None, None, None)),
                           (f"year {year}", (f"{year}-01-01", f"{year}-12-31", None)),
                           (f"player {someone}", (None, None, someone))):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            deals = view(store, *filters)
            times.append(time.perf_counter() - start)
        print(f"{label}: {deals:,} deals, median {statistics.median(times):.2f} s over {args.runs} runs (target ≤ 2 s)")


if __name__ == "__main__":
    main()
