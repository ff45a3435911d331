"""Engine benchmark: parse + validate + score throughput, and the CLI's start-up time.

Targets (issue 2): at least 50,000 deals/s on one core for parse + validate + score of a
generated session, and ``vint-replay validate`` on a 30-deal file within 4× the time of a bare
``python -c pass``. Two pipelines are measured on the same file:

* scalar (reference): ``read_json`` + ``session.evaluate`` — the engine the CLI, the dashboard
  and every diagnostic come from, one deal and one move at a time;
* batch (columnar): ``plain_text`` + ``columnar.parse_texts`` + ``columnar.check_parsed`` — the
  NumPy path the store importer uses for plain canonical files (all deals at once, read from the
  text without a Python object per card; anything irregular goes back to the scalar pipeline).

Run: ``python benchmarks/bench_engine.py [--deals 2000] [--runs 7]``.
"""
from __future__ import annotations

import argparse
import gc
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from harness import run_checked, verdict  # noqa: E402
from strategies import random_session  # noqa: E402

from vint_replay.store.columnar import check_parsed, parse_texts  # noqa: E402
from vint_replay.formats.json_record import plain_text, read_json, write_json  # noqa: E402
from vint_replay.engine.session import evaluate  # noqa: E402

THROUGHPUT_TARGET = 50_000  # deals/s on one core, the batch pipeline
STARTUP_TARGET = 4.0  # validate on 30 deals / python -c pass, wall


def generated_file(folder: Path, deals: int, seed: int) -> Path:
    """A valid generated session of ``deals`` deals written as canonical JSON."""
    record = random_session(random.Random(seed).randrange, deals, f"bench-{deals}")
    path = folder / f"bench-{deals}.json"
    path.write_text(write_json(record), encoding="utf-8")
    return path


def throughput(path: Path, runs: int) -> tuple[float, float, float]:
    """Median deals/s of read_json + evaluate, and the medians of the two parts (seconds)."""
    data = path.read_bytes()
    totals, reads, checks = [], [], []
    deals = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        result = read_json(data)
        t1 = time.perf_counter()
        report = evaluate(result.record, result.diagnostics)
        t2 = time.perf_counter()
        assert report.valid and report.score is not None, report.diagnostics[:3]
        deals = len(result.record.deals)
        totals.append(t2 - t0)
        reads.append(t1 - t0)
        checks.append(t2 - t1)
    return deals / statistics.median(totals), statistics.median(reads), statistics.median(checks)


def batch_throughput(path: Path, runs: int) -> tuple[float, float, float, float]:
    """Median deals/s of the batch pipeline as the importer runs it, and the medians of its
    parts (seconds): decoding the text (plain_text), reading it into arrays (parse_texts, no
    Python object per card), check_parsed (replay + score)."""
    data = path.read_bytes()
    totals, loads, parses, checks = [], [], [], []
    deals = 0
    collecting = gc.isenabled()
    gc.disable()  # as read_json and evaluate do (paused_gc)
    try:
        for _ in range(runs):
            t0 = time.perf_counter()
            text = plain_text(data)
            t1 = time.perf_counter()
            assert text is not None
            [parsed] = parse_texts([text])
            t2 = time.perf_counter()
            assert parsed is not None, "the generated file is plain canonical JSON"
            batch, refused = check_parsed([parsed])
            t3 = time.perf_counter()
            assert not refused and len(batch) == 1
            deals = len(batch.number)
            totals.append(t3 - t0)
            loads.append(t1 - t0)
            parses.append(t2 - t1)
            checks.append(t3 - t2)
    finally:
        if collecting:
            gc.enable()
    med = statistics.median
    return deals / med(totals), med(loads), med(parses), med(checks)


def wall(cmd: list[str], runs: int, what: str) -> float:
    """Median wall time of a command that succeeds, in seconds (after one warm-up run); a run
    that fails aborts the benchmark rather than being timed."""
    run_checked(cmd, what)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        run_checked(cmd, what)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--startup-runs", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="vint-bench-"))
    try:
        big = generated_file(folder, args.deals, seed=1)
        rate, read_s, check_s = throughput(big, args.runs)
        print(f"scalar throughput (read_json + evaluate): {rate:,.0f} deals/s (median of {args.runs} runs over "
              f"{args.deals} deals; read_json {read_s * 1000:.1f} ms, evaluate {check_s * 1000:.1f} ms) "
              "— no target: the importer's batch pipeline carries it")
        rate, load_s, parse_s, check_s = batch_throughput(big, args.runs)
        print(f"batch throughput (plain_text + columnar parse_texts + check_parsed): {rate:,.0f} deals/s "
              f"(median of {args.runs} runs; decode {load_s * 1000:.1f} ms, parse {parse_s * 1000:.1f} ms, "
              f"replay + score {check_s * 1000:.1f} ms) — target ≥ {THROUGHPUT_TARGET:,}: "
              f"{verdict(rate >= THROUGHPUT_TARGET)}")
        small = generated_file(folder, 30, seed=2)
        script = Path(sys.executable).parent / "vint-replay"  # the installed console script, not a pyenv shim
        cli = [str(script)] if script.exists() else [sys.executable, "-c", "from vint_replay.cli import main; main()"]
        bare = wall([sys.executable, "-c", "pass"], args.startup_runs, "python -c pass")
        validate = wall(cli + ["validate", str(small)], args.startup_runs, "vint-replay validate on 30 valid deals")
        ratio = validate / bare
        print(f"start-up: validate 30 deals {validate * 1000:.1f} ms, python -c pass {bare * 1000:.1f} ms, "
              f"ratio {ratio:.2f}× (median of {args.startup_runs} runs, each exit status 0) — target ≤ "
              f"{STARTUP_TARGET:g}×: {verdict(ratio <= STARTUP_TARGET)}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
