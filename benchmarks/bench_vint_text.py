"""Text format benchmark: deals/s for reading and writing ``.vint`` records, with reading JSON
as the yardstick (ratio text/JSON), on the sample sessions (or generated ones if absent).

Run: ``python benchmarks/bench_vint_text.py [--runs 7]``. Reports medians over the runs.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Callable

from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.vint_text import read_vint, write_vint

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


def median_seconds(job: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    records = [read_json(p.read_bytes()).record for p in sorted(SAMPLES.glob("*.json"))]
    if not records:
        raise SystemExit(f"no samples in {SAMPLES}")
    deals = sum(len(r.deals) for r in records)
    texts = [write_vint(r) for r in records]
    jsons = [write_json(r) for r in records]
    read_text = median_seconds(lambda: [read_vint(t) for t in texts], args.runs)
    write_text = median_seconds(lambda: [write_vint(r) for r in records], args.runs)
    read_j = median_seconds(lambda: [read_json(t) for t in jsons], args.runs)
    print(f"{deals} deals in {len(records)} sessions, median of {args.runs} runs")
    print(f"read .vint   {deals / read_text:8.0f} deals/s  ({read_text * 1e6 / deals:.0f} µs/deal)")
    print(f"write .vint  {deals / write_text:8.0f} deals/s  ({write_text * 1e6 / deals:.0f} µs/deal)")
    print(f"read JSON    {deals / read_j:8.0f} deals/s  (text reading is {read_text / read_j:.1f}× slower)")


if __name__ == "__main__":
    main()
