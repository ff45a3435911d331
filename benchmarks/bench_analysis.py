"""Time of one /analysis view over a big store: the filtered read plus every figure's data.

Target (issue 6): ≤ 2 s per view on a 1M-deal store. Build the store first with
``python benchmarks/bench_store.py --deals 1000000``, then
``python benchmarks/bench_analysis.py --store /tmp/vint-bench-1000000-store [--runs 3]``.
Views: everything; one year; one player (the first name in the store).
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from dashboards import stats
from vint_replay.store import Store


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
    return selection.deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
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
