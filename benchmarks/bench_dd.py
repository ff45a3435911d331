"""Double-dummy benchmark: deals/s for DD tables, for per-card analysis and for the whole
``analyze`` job (table + par + per-card), on one core (in this process, as ``--workers 1``)
and on a Dask ``LocalCluster`` of N single-threaded worker processes; reports the medians and
the scaling ratio N cores / 1 core. Cluster start-up is timed separately (paid once per run).

Run: ``python benchmarks/bench_dd.py [--deals 40] [--runs 3] [--workers 2]``.
The machine's other load counts: compare ratios measured in the same run.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from vint_replay.analysis.dd import analyse_cards, dd_table
from vint_replay.analysis.jobs import DealJob, analyse_job, jobs_for
from vint_replay.games.registry import get_profile
from vint_replay.engine.session import evaluate
from vint_replay.simulators.vint import iter_sessions


def bench_jobs(deals: int, seed: int = 5) -> list[DealJob]:
    """Played (not passed-out) simulated deals as analysis jobs."""
    found: list[DealJob] = []
    for record in iter_sessions(seed, deals * 2):
        for job in jobs_for(evaluate(record)):
            if isinstance(job, DealJob) and job.cards:
                found.append(job)
                if len(found) == deals:
                    return found
    return found


def table_only(jobs: list[DealJob]) -> int:
    for job in jobs:
        dd_table(job.hands)
    return len(jobs)


def cards_only(jobs: list[DealJob]) -> int:
    profile = get_profile()
    for job in jobs:
        assert job.contract is not None
        analyse_cards(job.hands, job.contract, profile.opening_leader(job.contract.declarer), job.cards, profile)
    return len(jobs)


def whole_job(jobs: list[DealJob]) -> int:
    for job in jobs:
        assert analyse_job(job).error is None
    return len(jobs)


KINDS: dict[str, Callable[[list[DealJob]], int]] = {"table": table_only, "per-card": cards_only, "analyze": whole_job}


def measured(kind: str, jobs: list[DealJob]) -> tuple[int, float]:
    """Run one kind on some deals; returns the count and this process's CPU seconds."""
    start = time.process_time()
    done = KINDS[kind](jobs)
    return done, time.process_time() - start


def chunks(jobs: list[DealJob], size: int) -> list[list[DealJob]]:
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=4, help="deals per Dask task")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster, wait

    jobs = bench_jobs(args.deals)
    n = len(jobs)
    print(f"{n} played simulated deals, {args.runs} runs each, medians")
    one: dict[str, float] = {}
    for kind in KINDS:
        walls, cpus = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            cpus.append(measured(kind, jobs)[1])
            walls.append(time.perf_counter() - start)
        one[kind] = statistics.median(walls)
        print(f"  1 core   {kind:9} {n / one[kind]:7.2f} deals/s  ({1000 * one[kind] / n:6.1f} ms/deal wall,"
              f" {1000 * statistics.median(cpus) / n:6.1f} ms/deal CPU)")

    start = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        print(f"  LocalCluster of {args.workers} worker processes started in {time.perf_counter() - start:.1f} s")
        client.run(table_only, jobs[:1])  # import endplay and load DDS in every worker first
        parts = chunks(jobs, args.chunk)
        for kind in KINDS:
            walls, cpus = [], []
            for _ in range(args.runs):
                start = time.perf_counter()
                futures = client.map(measured, [kind] * len(parts), parts, pure=False)
                wait(futures)
                walls.append(time.perf_counter() - start)
                results = [f.result() for f in futures]
                assert sum(r[0] for r in results) == n
                cpus.append(sum(r[1] for r in results))
            many = statistics.median(walls)
            print(f"  {args.workers} cores  {kind:9} {n / many:7.2f} deals/s  ({1000 * many / n:6.1f} ms/deal wall,"
                  f" {1000 * statistics.median(cpus) / n:6.1f} ms/deal CPU)  scaling ×{one[kind] / many:.2f}")


if __name__ == "__main__":
    main()
