"""Pausing Python's cycle collector while a session is read or checked.

Reading and replaying build thousands of small acyclic objects; the collector's passes over
them would cost about a third of the time and free nothing.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused_gc() -> Iterator[None]:
    """Disable the cycle collector for the block (restoring its previous state after)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
