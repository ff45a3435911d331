"""Growth of the PBN reader's cost with its input (issue 23): n, 2n, 4n and 8n boards (each
checked against the boards before it), ``{…}`` comments (each one located), and one tag value of
growing size. Prints CPU seconds (the median of the runs), the peak memory of the read, the
growth of each from the previous size (2.0 is linear for a doubling) and a verdict per input:
linear when no doubling costs more than 3× the time or memory of the size before.

Run: ``python benchmarks/bench_reader_growth.py [--runs 3] [--scale 1]`` (``--scale 2`` doubles n).
"""
from __future__ import annotations

import argparse
from typing import Callable

from bench_hostile_reading import peak_mb, seconds  # the same CPU-time median and peak memory
from vint_replay.formats.pbn import read_pbn

BOARD = ('[Event "Club"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
         '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
         '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n')
LINEAR = 3.0  # the most a doubling may multiply the cost by and still count as linear


def boards(n: int) -> bytes:
    """``n`` boards numbered 1 to ``n`` (the PBN limit is 32767, so beyond it they repeat 1…)."""
    return "\n".join(BOARD.format(n=1 + i % 32767) for i in range(n)).encode()


def comments(n: int) -> bytes:
    """One board with ``n`` ``{…}`` comments, one a line."""
    return (BOARD.format(n=1) + "{a comment}\n" * n).encode()


def long_value(n: int) -> bytes:
    """One board whose ``[Event]`` holds ``n`` characters, a backslash escape every 1,000."""
    value = ("x" * 998 + '\\"') * (n // 1000)
    return BOARD.format(n=1).replace('"Club"', f'"{value}"').encode()


def report(name: str, make: Callable[[int], bytes], n: int, runs: int) -> bool:
    """Print the cost of reading ``make(n)``, ``make(2n)``, ``make(4n)``, ``make(8n)``; whether it grew linearly."""
    print(name)
    previous: tuple[float, float] | None = None
    worst = 0.0
    for k in (1, 2, 4, 8):
        data = make(n * k)
        t = seconds(lambda: read_pbn(data), runs)
        mb = peak_mb(lambda: read_pbn(data))
        growth = ""
        if previous is not None:
            time_growth, memory_growth = t / max(previous[0], 1e-6), mb / max(previous[1], 1e-6)
            worst = max(worst, time_growth, memory_growth)
            growth = f"  time ×{time_growth:4.1f}  memory ×{memory_growth:4.1f}"
        print(f"  n = {n * k:>9}  {len(data) / 1e6:8.2f} MB  {t:7.3f} s  peak {mb:7.1f} MB{growth}")
        previous = (t, mb)
    linear = worst <= LINEAR
    print(f"  {'linear' if linear else 'NOT linear'}: the largest growth for a doubling is ×{worst:.1f}")
    return linear


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    s = args.scale
    verdicts = [report("PBN boards", boards, int(4000 * s), args.runs),
                report("PBN {…} comments", comments, int(20000 * s), args.runs),
                report("PBN tag value (characters)", long_value, int(2_500_000 * s), args.runs)]
    print("all linear" if all(verdicts) else "some input grows faster than linearly")


if __name__ == "__main__":
    main()
