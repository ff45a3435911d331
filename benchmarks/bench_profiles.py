#!/usr/bin/env python3
"""The reference engine's throughput (check + score, ``evaluate``) per game, side by side.

    python benchmarks/bench_profiles.py                  # 2,000 deals (300 a 2/3/5 method), best of 5

What each row times, on records made once beforehand (not timed):
- ``volchaninov`` and ``classic``: a simulated evening of four-handed vint;
- the same evenings with the laws layer on (``session.laws "001"``): the laws' checks (every
  revoke looked for, the calls' bars) cost an ordinary evening this much;
- each 2/3/5-player method: a simulated evening of that method (``--table-deals``: its simulator
  checks the evening as it goes, so making long evenings is slow; the timing is not);
- ``solo-whist``: the sample evenings, repeated to the deal count.
There is no target: the figures show that the new games and the laws cost about what vint does.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from vint_replay.games.registry import get_profile
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.simulators.vint import deal_record, generated_session
from vint_replay.simulators.vint235 import simulate_session

ROOT = Path(__file__).resolve().parents[1]
PARTIES = {2: ("Иванов", "Петров"), 3: ("Сидоров", "Орлов", "Смирнов"),
           5: ("Кузнецов", "Волков", "Соколов", "Иванов", "Петров")}
METHODS = {"vint2-open": 2, "vint2-exchange": 2, "vint2-cards": 2, "vint2-dummies": 2, "vint2-widow": 2,
           "vint3-dummy": 3, "vint3-auction": 3, "vint5": 5}


def vint_evening(rules: str, deals: int) -> SessionRecord:
    info, scored = generated_session(7, 0, deals, get_profile(rules), scored=False)
    return SessionRecord(info, tuple(deal_record(d) for d in scored))


def solo_evenings(deals: int) -> list[SessionRecord]:
    samples = [read_file(p).record for p in sorted((ROOT / "sample_data" / "solo").glob("*.json"))]
    out, count = [], 0
    while count < deals:
        for record in samples:
            out.append(record)
            count += len(record.deals)
    return out


def best(records: list[SessionRecord], runs: int) -> tuple[float, int]:
    """The best time of ``runs`` over all ``records``, and their deal count (all must be valid)."""
    assert all(evaluate(r).valid for r in records), "a benchmark record is not valid"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for record in records:
            evaluate(record)
        times.append(time.perf_counter() - start)
    return min(times), sum(len(r.deals) for r in records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--table-deals", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows: list[tuple[str, list[SessionRecord]]] = []
    for rules in ("volchaninov", "classic"):
        evening = vint_evening(rules, args.deals)
        rows.append((rules, [evening]))
        rows.append((f"{rules} + laws 001", [replace(evening, info=replace(evening.info, laws="001"))]))
    for method, players in METHODS.items():
        rows.append((method, [simulate_session(method, PARTIES[players], args.table_deals, seed=3)]))
    rows.append(("solo-whist (samples)", solo_evenings(args.deals)))
    print(f"{'game':<24} {'deals':>6} {'seconds':>8} {'deals/s':>9}")
    for name, records in rows:
        seconds, deals = best(records, args.runs)
        print(f"{name:<24} {deals:>6} {seconds:>8.3f} {deals / seconds:>9,.0f}", flush=True)


if __name__ == "__main__":
    main()
