"""What the benchmarks share: a child process that fails ends the benchmark with what failed,
its exit status and the end of what it printed (so a failure is never timed as work), and the
one way a figure is judged against its target."""
from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

Data = TypeVar("Data")


def run_checked(command: Sequence[str], what: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` to the end, capturing its output; exit the benchmark if it fails."""
    done = subprocess.run(list(command), capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip() or done.stdout.strip())[-2000:]
        raise SystemExit(f"benchmark aborted: {what} failed with exit status {done.returncode}\n"
                         f"  command: {' '.join(command)[:300]}\n{tail}")
    return done


def median_cpu(runs: int, work: Callable[[], object]) -> float:
    """The median CPU seconds of ``work`` over ``runs`` runs in this process."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def verdict(met: bool) -> str:
    """How a figure compares with its target, in the words every benchmark prints."""
    return "met" if met else "NOT met"


def side_by_side(runs: int, boards: int, data: Data, sides: dict[str, Callable[[Data], int]],
                 described: str) -> tuple[float, float]:
    """Time two readers on the same ``data`` (in-process CPU time, alternating, ``runs`` times),
    each of which must read all ``boards``; print each run and the medians; the two medians."""
    times: dict[str, list[float]] = {name: [] for name in sides}
    for run in range(runs):
        for name, work in sides.items():
            start = time.process_time()
            read = work(data)
            times[name].append(time.process_time() - start)
            if read != boards:
                raise SystemExit(f"benchmark aborted: {name} read {read} boards, not {boards}")
        a, b = (t[-1] for t in times.values())
        print(f"run {run + 1}: vint-replay {a:.3f} s, endplay {b:.3f} s CPU, ratio {b / a:.2f}", flush=True)
    print(f"{boards:,} boards in {described}; in-process CPU time, median of {runs} runs")
    for name, spent in times.items():
        med = statistics.median(spent)
        print(f"{name:38} {med:7.3f} s {med * 1e6 / boards:7.1f} µs/board {boards / med:9,.0f} boards/s")
    a, b = (statistics.median(t) for t in times.values())
    return a, b


def endplay_position(hands: Sequence[int], leader: int, trick: Sequence[int], strain: int):
    """A position as endplay's own ``Deal`` (remaining hands as bit sets by seat, the trick on the
    table from ``leader``), built the way a caller of endplay alone would: the "DDS directly"
    side of the double-dummy benchmarks."""
    from endplay import types

    from vint_replay.engine.cards import Hand

    deal = types.Deal("N:" + " ".join(Hand(h).pbn() for h in hands), first=types.Player(leader), trump=types.Denom(strain))
    for card in trick:
        deal.play(types.Card(suit=types.Denom(card // 13), rank=types.Rank(1 << (card % 13 + 2))), from_hand=False)
    return deal
