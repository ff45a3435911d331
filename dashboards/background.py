"""The demo's background double-dummy analysis: ``vint-replay analyze`` in one child process at a
time, reaped by a waiting thread that reports when it is done and runs again if more sessions
arrived (an upload) meanwhile."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import Callable, Sequence


def analyze_command(store_path: str) -> list[str]:
    """``vint-replay analyze`` on the store with all cores but one, so the server stays responsive."""
    workers = str(max(1, (os.cpu_count() or 1) - 1))
    return [sys.executable, "-c", "import sys; from vint_replay.cli import main; sys.exit(main())",
            "analyze", "--store", store_path, "--workers", workers]


def pending_count(store_path: str) -> int:
    """How many stored deals have no double-dummy analysis yet."""
    from vint_replay.analysis.batch import pending_deals
    from vint_replay.store import Store

    return sum(len(v) for v in pending_deals(Store(store_path)).values())


class BackgroundAnalysis:
    """Runs ``command`` (by default ``vint-replay analyze``) when asked, one run at a time; what
    it does is told through ``say`` (a line each: started, finished with the run's summary)."""

    def __init__(self, store_path: str, say: Callable[[str], None], command: Sequence[str] | None = None,
                 pending: Callable[[str], int] = pending_count) -> None:
        self.store_path = store_path
        self.say = say
        self.command = list(command) if command is not None else analyze_command(store_path)
        self.pending = pending
        self._lock = threading.Lock()
        self._child: subprocess.Popen[str] | None = None
        self._waiter: threading.Thread | None = None
        self._again = False
        self._stopped = False

    def request(self) -> bool:
        """Analyse what is pending now, or right after the run in progress; ``False`` when
        nothing is pending and nothing runs."""
        with self._lock:
            if self._stopped:
                return False
            if self._child is not None:
                self._again = True
                return True
            return self._start()

    def _start(self) -> bool:
        """Start a run (the lock is held) if any deal is pending."""
        count = self.pending(self.store_path)
        if not count:
            return False
        self.say(f"analysing {count} deal{'s' if count != 1 else ''} double dummy in the background; "
                 "the pages show results as they land")
        self._child = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, text=True, encoding="utf-8", errors="replace")
        self._waiter = threading.Thread(target=self._wait, args=(self._child,), daemon=True,
                                        name="vint-background-analysis")
        self._waiter.start()
        return True

    def _wait(self, child: subprocess.Popen[str]) -> None:
        """Reap the child (no zombie), report its outcome, and start again if asked meanwhile."""
        output, _ = child.communicate()
        with self._lock:
            self._child = None
            if self._stopped:
                return
            summary = output.strip().splitlines()[-1] if output.strip() else f"exit status {child.returncode}"
            verdict = "finished" if child.returncode == 0 else f"ended with problems (exit {child.returncode})"
            self.say(f"double-dummy analysis {verdict}: {summary}")
            if self._again:
                self._again = False
                self._start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the run in progress, and for any run it starts on its way out, to end."""
        while True:
            with self._lock:
                waiter = self._waiter
            if waiter is None:
                return
            waiter.join(timeout)
            if waiter.is_alive():
                return
            with self._lock:
                if self._waiter is waiter:
                    return

    def stop(self) -> None:
        """Stop the run in progress and reap it; the next demo resumes (analyze commits whole runs)."""
        with self._lock:
            self._stopped = True
            child, waiter = self._child, self._waiter
        if child is not None and child.poll() is None:
            child.terminate()
        if waiter is not None:
            waiter.join(30)
