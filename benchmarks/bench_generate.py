"""Generator benchmark: simulated deals written to disk per second, and memory.

Target (issue 4): ``make_sample_data.py --deals N --out DIR`` writes at least 20,000 deals/s
(a million deals in under a minute) with bounded memory. That is the scored generator on its
default ``--jobs`` (one process per core), the only run this script judges against the target.
The script is run as a subprocess per ``--jobs`` value (and once with ``--no-scores``, for
comparison); each line reports the time ``--deals`` deals took as measured (no extrapolation
to a million), the wall-clock rate, the rate per CPU-second (what one core does when it is not
shared) and the peak memory of the largest process; then a one-core breakdown into simulation
(deal, bid, play, ledger) and JSON templating.

Run: ``python benchmarks/bench_generate.py [--deals 200000] [--runs 3] [--jobs 1,2]``.
"""
from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from harness import run_checked, verdict  # noqa: E402
from make_sample_data import deal_json  # noqa: E402

from vint_replay.simulators.vint import generated_session  # noqa: E402

TARGET = 20_000  # deals/s, scored, on the script's default --jobs (the machine's cores)
DEFAULT_JOBS = os.cpu_count() or 1  # make_sample_data.py's default


def run_script(deals: int, jobs: int, seed: int, scored: bool = True) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (all processes) and peak RSS in MB of one generator run."""
    out = Path(tempfile.mkdtemp(prefix="vint-gen-"))
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        command = [sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), "--deals", str(deals),
                   "--out", str(out), "--jobs", str(jobs), "--seed", str(seed)] + ([] if scored else ["--no-scores"])
        run_checked(command, f"make_sample_data.py --jobs {jobs}" + ("" if scored else " --no-scores"))
        elapsed = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        written = sum(f.stat().st_size for f in out.iterdir())
        if written <= deals * 400:
            raise SystemExit(f"benchmark aborted: make_sample_data.py wrote {written:,} bytes for {deals:,} deals "
                             "(at least 400 a deal expected)")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return elapsed, cpu, after.ru_maxrss / 1024
    finally:
        shutil.rmtree(out, ignore_errors=True)


def breakdown(deals: int) -> tuple[float, float]:
    """Microseconds per deal on one core: simulating and scoring, then JSON templating."""
    info, stream = generated_session(1, 0, deals)
    t0 = time.process_time()
    made = list(stream)
    t1 = time.process_time()
    sink = io.StringIO()
    for deal in made:
        sink.write(deal_json(deal))
    t2 = time.process_time()
    return (t1 - t0) / deals * 1e6, (t2 - t1) / deals * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", default="1,2", help="comma-separated process counts to try")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; {args.deals:,} deals, "
          f"median of {args.runs} runs")
    jobs_list = [int(j) for j in args.jobs.split(",")]
    for jobs, scored in [(j, True) for j in jobs_list] + [(max(jobs_list), False)]:
        results = [run_script(args.deals, jobs, seed, scored) for seed in range(args.runs)]
        wall = statistics.median(r[0] for r in results)
        cpu = statistics.median(r[1] for r in results)
        rss = max(r[2] for r in results)
        rate = args.deals / wall
        label = f"--jobs {jobs}" + ("" if scored else " --no-scores")
        judged = scored and jobs == DEFAULT_JOBS  # the target's workload
        against = f"target ≥ {TARGET:,}: {verdict(rate >= TARGET)}" if judged else "not the target's workload"
        print(f"{label}: {args.deals:,} deals in {wall:.1f} s, {rate:>9,.0f} deals/s wall ({against}), "
              f"{args.deals / cpu:,.0f} deals per CPU-second, peak RSS {rss:.0f} MB")
    # after the subprocesses: a child forked from a big parent would count the parent's memory
    simulate, template = breakdown(20_000)
    print(f"one core: simulate+score {simulate:.1f} µs/deal, JSON {template:.1f} µs/deal "
          f"-> {1e6 / (simulate + template):,.0f} deals/CPU-second")


if __name__ == "__main__":
    main()
