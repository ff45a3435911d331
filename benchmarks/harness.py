"""What the benchmarks share: a child process that fails ends the benchmark with what failed,
its exit status and the end of what it printed (so a failure is never timed as work), and the
one way a figure is judged against its target."""
from __future__ import annotations

import subprocess
from collections.abc import Sequence


def run_checked(command: Sequence[str], what: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` to the end, capturing its output; exit the benchmark if it fails."""
    done = subprocess.run(list(command), capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip() or done.stdout.strip())[-2000:]
        raise SystemExit(f"benchmark aborted: {what} failed with exit status {done.returncode}\n"
                         f"  command: {' '.join(command)[:300]}\n{tail}")
    return done


def verdict(met: bool) -> str:
    """How a figure compares with its target, in the words every benchmark prints."""
    return "met" if met else "NOT met"
