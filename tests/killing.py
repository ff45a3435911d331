"""Killing a store writer mid-way, for the crash-safety tests."""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from vint_replay.store.layout import GENERATIONS, current_generation, gen_name, generation_number


def kill_when_writing(process: subprocess.Popen, store: Path, delay: float, timeout: float = 30) -> None:
    """SIGKILL ``process`` (started in its own session) ``delay`` seconds after it began
    writing the store's next generation, or at once if it ends first."""
    target = store / GENERATIONS / gen_name(generation_number(current_generation(store)) + 1)
    deadline = time.monotonic() + timeout
    while not target.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(delay)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:  # it had already finished
        pass
    process.wait()
