"""Reading cost of hostile records: both readers must be linear in time and memory. Times
4k/8k/16k/32k unknown tags (one a line, and all on one line), a 10 MB line of repeated
``[Dealer]`` tags, and files of bad cards, and prints CPU seconds (the median of the runs; CPU
time, so that other work on the machine does not blur the growth), µs per KB, the growth from
the previous size (2.0 is linear for a doubling) and the peak memory of the read.

Run: ``python benchmarks/bench_hostile_reading.py [--runs 3] [--megabytes 10]``.
"""
from __future__ import annotations

import argparse
import json
import tracemalloc
from typing import Callable

from harness import median_cpu
from vint_replay.formats.json_record import read_json
from vint_replay.formats.vint_text import read_vint

HEADER = '[Id "t"]\n[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n'


def unknown_tags(n: int, separator: str) -> bytes:
    return (HEADER + separator.join(f'[X{i} "v"]' for i in range(n)) + "\n").encode()


def repeated_dealer(megabytes: float) -> bytes:
    tag = ' [Dealer "N"]'
    return (HEADER + '[Deal "1"]' + tag * int(megabytes * 1e6 / len(tag)) + "\n").encode()


def bad_cards_vint(megabytes: float) -> bytes:
    line = "ZZ YY XX WW\n"
    return (HEADER + '[Deal "1"]\n[Dealer "N"]\n[Auction]\n1S AP\n[Play]\n'
            + line * int(megabytes * 1e6 / len(line))).encode()


def bad_cards_json(megabytes: float) -> bytes:
    count = int(megabytes * 1e6 / 6)
    return json.dumps({"format": "vint-record/1", "session": {"id": "t", "players": dict(N="a", E="b", S="c", W="d")},
                       "deals": [{"number": 1, "dealer": "N", "auction": ["1S"], "play": ["ZZ"] * count}]}).encode()


def peak_mb(job: Callable[[], object]) -> float:
    tracemalloc.start()
    job()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def report(name: str, cases: list[tuple[str, bytes]], read: Callable[[bytes], object], runs: int) -> None:
    print(name)
    previous = None
    for label, data in cases:
        t = median_cpu(runs, lambda: read(data))
        growth = "" if previous is None else f"  ×{t / previous:4.1f}"
        kb = len(data) / 1e3
        print(f"  {label:>10}  {kb:9.0f} KB  {t:7.3f} s  {t * 1e6 / kb:6.1f} µs/KB{growth:8}  "
              f"peak {peak_mb(lambda: read(data)):6.1f} MB")
        previous = t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--megabytes", type=float, default=10.0)
    args = parser.parse_args()
    sizes = (4000, 8000, 16000, 32000)
    report("unknown tags, one a line", [(f"{n // 1000}k", unknown_tags(n, "\n")) for n in sizes], read_vint, args.runs)
    report("unknown tags, one line", [(f"{n // 1000}k", unknown_tags(n, " ")) for n in sizes], read_vint, args.runs)
    mb = args.megabytes
    steps = [mb / 4, mb / 2, mb]
    report("repeated [Dealer] on one line", [(f"{m:g} MB", repeated_dealer(m)) for m in steps], read_vint, args.runs)
    report(".vint bad cards", [(f"{m:g} MB", bad_cards_vint(m)) for m in steps], read_vint, args.runs)
    report("JSON bad cards", [(f"{m:g} MB", bad_cards_json(m)) for m in steps], read_json, args.runs)


if __name__ == "__main__":
    main()
