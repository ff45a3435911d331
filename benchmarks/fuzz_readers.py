"""Fuzz the record readers (JSON, .vint, PBN, LIN) (and, for a sample of the cases, every read command through click's
CliRunner) with random bytes and mutated valid records, as ``tests/test_fuzz_readers.py`` does
but a hundred thousand times. Reports cases/s, the slowest case for its size (µs per KB, so a
superlinear spot stands out), the exit codes seen, and every failure (saved for replaying).

Run: ``python benchmarks/fuzz_readers.py [--cases 100000] [--seed 1] [--command-every 100]``.
"""
from __future__ import annotations

import argparse
import heapq
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzz_checks import COMMANDS, check_commands, check_readers  # noqa: E402
from mutations import base_texts, hostile_input  # noqa: E402


def kilobytes(data: bytes) -> float:
    return max(len(data) / 1e3, 1.0)


def retime(data: bytes) -> float:
    """µs per KB of checking ``data``, the median of 5 runs."""
    times = []
    for _ in range(5):
        began = time.perf_counter()
        check_readers(data)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1e6 / kilobytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--command-every", type=int, default=100,
                        help="Also run every read command on one case in this many (0: never).")
    parser.add_argument("--failures", type=Path, default=Path("fuzz-failures"),
                        help="Folder where failing cases are saved.")
    parser.add_argument("--keep-slowest", type=Path, default=None, help="Save the slowest case (for its size) here.")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bases = base_texts()
    failures: list[tuple[int, str]] = []
    exits: Counter[int] = Counter()
    slowest: list[tuple[float, int, bytes]] = []  # the 20 slowest for their size: µs per KB, case, data
    commands = 0  # cases given to every read command
    command_runs = 0
    total_bytes = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        for case in range(args.cases):
            data = hostile_input(rng.randrange, bases)
            total_bytes += len(data)
            began = time.perf_counter()
            try:
                check_readers(data)
                if args.command_every and case % args.command_every == 0:
                    codes = check_commands(data, Path(scratch))
                    exits.update(code for _, code in codes)
                    commands += 1
                    command_runs += len(codes)
                    continue  # command runs are not timed against the size
            except Exception as err:  # noqa: BLE001 - every failure is reported and saved
                failures.append((case, f"{type(err).__name__}: {err}"[:300]))
                args.failures.mkdir(exist_ok=True)
                (args.failures / f"case-{args.seed}-{case}.bin").write_bytes(data)
                continue
            per_kb = (time.perf_counter() - began) * 1e6 / kilobytes(data)
            if len(slowest) < 20 or per_kb > slowest[0][0]:
                (heapq.heappush if len(slowest) < 20 else heapq.heapreplace)(slowest, (per_kb, case, data))
            if (case + 1) % 10_000 == 0:
                print(f"  {case + 1} cases, {len(failures)} failures, {time.perf_counter() - start:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    print(f"{args.cases} cases (seed {args.seed}, {total_bytes / 1e6:.1f} MB) in {seconds:.1f} s: "
          f"{args.cases / seconds:.0f} cases/s; each read as JSON, .vint and PBN, checked, and converted both "
          "ways when valid")
    print(f"every read command ({len(COMMANDS)} command lines, each on the case saved as .json, .vint and .pbn) "
          f"on {commands} of them: {command_runs} runs, exit codes {dict(sorted(exits.items()))}")
    # a single timing may catch a pause of the machine: the 20 slowest are timed again, 5 runs each
    retimed = sorted(((retime(data), case, data) for _, case, data in slowest), reverse=True)
    if retimed:
        per_kb, case, data = retimed[0]
        print(f"slowest for its size (median of 5 reruns of the 20 slowest): case {case}, {len(data)} bytes, "
              f"{per_kb:.0f} µs per KB, {per_kb * kilobytes(data) / 1e3:.1f} ms (sizes under 1 KB count as 1 KB)")
        if args.keep_slowest is not None:
            args.keep_slowest.write_bytes(data)
            print(f"slowest case saved as {args.keep_slowest}")
    print(f"{len(failures)} failures" + (f", saved in {args.failures}/" if failures else ""))
    for case, what in failures[:20]:
        print(f"  case {case}: {what}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
