"""Runs analysis jobs here (one core) or on Dask distributed: a local cluster of worker
processes for all local cores, or a real cluster at ``tcp://HOST:PORT``. Results come back to
the caller, which alone writes them."""
from __future__ import annotations

from contextlib import contextmanager
from itertools import chain, islice
from typing import Iterable, Iterator

from .jobs import DealJob, DealResult, analyse_chunk, analyse_job

CHUNK = 8  # deals per Dask task: ~1–2 s of DDS work, far above the per-task overhead
IN_FLIGHT_PER_WORKER = 2  # tasks queued per worker; bounds memory on huge archives


def run(jobs: Iterable[DealJob], workers: int = 1, scheduler: str | None = None,
        chunk: int = CHUNK) -> Iterator[DealResult]:
    """Analyse ``jobs``, yielding each result as soon as it is back (not in job order).

    Without ``scheduler``, ``workers`` ≤ 1 runs in this process and more starts a Dask
    ``LocalCluster`` of that many single-threaded worker processes.
    """
    if scheduler is None and workers <= 1:
        for job in jobs:
            yield analyse_job(job)
        return
    it = iter(jobs)
    first = next(it, None)
    if first is None:  # nothing to do: no cluster to start or reach
        return
    with dask_client(scheduler, workers) as client:
        yield from run_on(client, chain([first], it), chunk)


@contextmanager
def dask_client(scheduler: str | None, workers: int):
    """A Dask client connected to ``scheduler``, or to a new local cluster of ``workers``
    processes with one thread each (DDS is not called from two threads of one process)."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def run_on(client, jobs: Iterable[DealJob], chunk: int = CHUNK) -> Iterator[DealResult]:
    """Submit chunks of jobs to a Dask client, a bounded number at a time, and yield the
    results as tasks finish. A task that fails as a whole (e.g. its worker died) is recorded
    as an error on each of its deals."""
    from dask.distributed import as_completed

    chunks = _chunks(jobs, chunk)
    workers = len(client.scheduler_info().get("workers", {}))
    limit = max(IN_FLIGHT_PER_WORKER * workers, 4)
    sent: dict[str, list[DealJob]] = {}
    pending = as_completed()

    def submit(part: list[DealJob]) -> None:
        future = client.submit(analyse_chunk, part, pure=False)
        sent[future.key] = part
        pending.add(future)

    for part in islice(chunks, limit):
        submit(part)
    for future in pending:
        part = sent.pop(future.key)
        try:
            results = future.result()
        except Exception as err:  # noqa: BLE001 — the whole task failed; keep the batch going
            results = [DealResult(job, error=f"task failed: {type(err).__name__}: {err}") for job in part]
        future.release()
        following = next(chunks, None)
        if following is not None:
            submit(following)
        yield from results


def _chunks(jobs: Iterable[DealJob], size: int) -> Iterator[list[DealJob]]:
    it = iter(jobs)
    while part := list(islice(it, size)):
        yield part
