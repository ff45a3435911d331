"""Analyse a whole store incrementally: find the deals without a current analysis, check each
session with the engine, run DDS here or on Dask, and write the results in runs as they come
(an interruption loses at most the unwritten run; the next call resumes from there)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import pandas as pd

from ..engine.session import evaluate
from ..store import Store
from .jobs import DealJob, DealResult, Skipped, jobs_for
from .runner import CHUNK, run
from .datasets import STATUS_OK, dd_tables, merge_crowded, write_results

FLUSH_EVERY = 256  # deals per run written to the store, or
FLUSH_SECONDS = 15.0  # whatever is done after this long (results show up while a run goes on)


@dataclass
class AnalyseSummary:
    """What one ``analyze`` did."""

    pending: int = 0  # deals without a current analysis when it started
    analysed: int = 0  # written with status ok
    failed: list[DealResult] = field(default_factory=list)  # DDS failures (written as dds_error)
    skipped: list[Skipped] = field(default_factory=list)  # invalid deals, never sent to DDS
    runs: int = 0
    seconds: float = 0.0


def pending_deals(store: Store, retry_errors: bool = False) -> dict[str, set[int]]:
    """Deal numbers per session that have no current analysis (or only a failed one, with
    ``retry_errors``)."""
    done = dd_tables(store)
    if retry_errors:
        done = done[done["status"] == STATUS_OK]
    analysed = set(zip(done["session_id"], done["deal"].astype(int)))
    pending: dict[str, set[int]] = {}
    deals = store.deals(columns=["session_id", "deal"])
    for sid, number in zip(deals["session_id"], deals["deal"].astype(int)):
        if (sid, number) not in analysed:
            pending.setdefault(sid, set()).add(number)
    return pending


def store_jobs(store: Store, pending: dict[str, set[int]], skipped: list[Skipped]) -> Iterator[DealJob]:
    """Jobs for the pending deals, one session loaded and checked at a time; deals the engine
    rejects go to ``skipped`` instead."""
    if not pending:
        return
    sessions = store.sessions(list(pending), columns=["session_id", "content_sha256", "year"])
    for sid, digest, year in zip(sessions["session_id"], sessions["content_sha256"], sessions["year"]):
        report = evaluate(store.load_session(sid))
        for item in jobs_for(report, digest, None if pd.isna(year) else int(year), pending[sid]):
            if isinstance(item, Skipped):
                skipped.append(item)
            else:
                yield item


def analyse_store(store: Store, workers: int = 1, scheduler: str | None = None, retry_errors: bool = False,
                  flush_every: int = FLUSH_EVERY, chunk: int = CHUNK, flush_seconds: float = FLUSH_SECONDS,
                  progress: Callable[[int], None] | None = None) -> AnalyseSummary:
    """Analyse every deal of ``store`` not analysed yet; see :func:`~.runner.run` for
    ``workers``/``scheduler``. ``progress`` is called with 1 per deal finished or skipped."""
    start = time.perf_counter()
    summary = AnalyseSummary()
    pending = pending_deals(store, retry_errors)
    summary.pending = sum(len(v) for v in pending.values())
    buffer: list[DealResult] = []
    flushed = time.monotonic()

    def flush() -> None:
        nonlocal flushed
        if write_results(store, buffer):
            summary.runs += 1
        buffer.clear()
        flushed = time.monotonic()

    skipped_seen = 0
    try:
        for result in run(store_jobs(store, pending, summary.skipped), workers, scheduler, chunk):
            buffer.append(result)
            if result.error is None:
                summary.analysed += 1
            else:
                summary.failed.append(result)
            if len(buffer) >= flush_every or time.monotonic() - flushed >= flush_seconds:
                flush()
            if progress:
                progress(1 + len(summary.skipped) - skipped_seen)
                skipped_seen = len(summary.skipped)
    finally:
        flush()
        merge_crowded(store)
        summary.seconds = time.perf_counter() - start
    return summary
