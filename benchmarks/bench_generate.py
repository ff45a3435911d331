"""Generator benchmark: simulated deals written to disk per second, and memory.

Target (issue 4): ``make_sample_data.py --deals N --out DIR`` writes at least 20,000 deals/s
(a million deals in under a minute) with bounded memory. The script is run as a subprocess
per ``--jobs`` value (and once with ``--no-scores``); besides the wall-clock rate it reports
the rate per CPU-second (what one core does when it is not shared) and the peak memory of the
largest process, and a one-core breakdown into simulation (deal, bid, play, ledger) and JSON
templating.

Run: ``python benchmarks/bench_generate.py [--deals 200000] [--runs 3] [--jobs 1,2]``.
"""
from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from make_sample_data import deal_json  # noqa: E402

from vint_replay.simulate import generated_session  # noqa: E402

TARGET = 20_000  # deals/s


def run_script(deals: int, jobs: int, seed: int, scored: bool = True) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (all processes) and peak RSS in MB of one generator run."""
    out = Path(tempfile.mkdtemp(prefix="vint-gen-"))
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        command = [sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), "--deals", str(deals),
                   "--out", str(out), "--jobs", str(jobs), "--seed", str(seed)] + ([] if scored else ["--no-scores"])
        subprocess.run(command, check=True, capture_output=True)
        elapsed = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        written = sum(f.stat().st_size for f in out.iterdir())
        assert written > deals * 400, "too little output"
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
        verdict = "meets" if rate >= TARGET else "below"
        label = f"--jobs {jobs}" + ("" if scored else " --no-scores")
        print(f"{label}: {rate:>9,.0f} deals/s wall ({verdict} the {TARGET:,} target; 1M deals in {1e6 / rate:.0f} s), "
              f"{args.deals / cpu:,.0f} deals per CPU-second, peak RSS {rss:.0f} MB")
    # after the subprocesses: a child forked from a big parent would count the parent's memory
    simulate, template = breakdown(20_000)
    print(f"one core: simulate+score {simulate:.1f} µs/deal, JSON {template:.1f} µs/deal "
          f"-> {1e6 / (simulate + template):,.0f} deals/CPU-second")


if __name__ == "__main__":
    main()
