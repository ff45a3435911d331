#!/usr/bin/env python3
"""Store at scale: import N generated deals end to end, then measure size and queries.

    python benchmarks/bench_store.py                      # 1,000,000 deals
    python benchmarks/bench_store.py --deals 100000 --data /tmp/vint-100k

Targets (issue 5): import ≥ 50,000 deals/s on 2 cores, peak memory < 1.5 GB, ≤ 120 bytes per
played deal (all tables), per-player summary over the store < 1 s. The data are written once by
``scripts/make_sample_data.py`` (not timed) and reused; the store is rebuilt on every run.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ensure_data(folder: Path, deals: int) -> None:
    marker = folder / f".complete-{deals}"
    if marker.exists():
        return
    shutil.rmtree(folder, ignore_errors=True)
    print(f"generating {deals:,} deals into {folder} (once) …", flush=True)
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), "--deals", str(deals),
                    "--out", str(folder)], check=True)
    marker.touch()
    print(f"  generated in {time.perf_counter() - start:.0f} s", flush=True)


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*.parquet"))


def median_time(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--data", type=Path, default=None, help="folder of generated files (default /tmp/vint-bench-N)")
    parser.add_argument("--store", type=Path, default=None, help="store folder (default /tmp/vint-bench-N-store)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--profile", action="store_true", help="cProfile one worker batch and print the hot spots")
    args = parser.parse_args()
    data = args.data or Path(f"/tmp/vint-bench-{args.deals}")
    store_path = args.store or Path(f"/tmp/vint-bench-{args.deals}-store")
    ensure_data(data, args.deals)

    from vint_replay.store import Store
    from vint_replay.store.layout import current_generation

    if args.profile:
        import cProfile
        import pstats

        from vint_replay.store.importer import check_files

        files = sorted(str(p) for p in data.glob("*.json"))[:2]
        cProfile.runctx("check_files(files)", globals(), {"check_files": check_files, "files": files}, "/tmp/bench_store.prof")
        pstats.Stats("/tmp/bench_store.prof").sort_stats("tottime").print_stats(20)

    shutil.rmtree(store_path, ignore_errors=True)
    store = Store(store_path)
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    cpu_start = time.process_time()
    summary = store.import_paths([str(data)], workers=args.workers)
    seconds = time.perf_counter() - start
    load_after = os.getloadavg()[0]
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu_self = time.process_time() - cpu_start
    assert not summary.rejected, summary.rejected[:3]

    deals = store.read("deals", columns=["passed_out"])
    played = deals.num_rows - deals.column("passed_out").to_numpy(zero_copy_only=False).sum()
    generation = current_generation(store_path)
    sizes = {t: folder_bytes(generation / t) for t in ("sessions", "deals", "calls", "plays", "scores")}
    total = sum(sizes.values())
    summary_time, players = median_time(lambda: Store(store_path).player_summary(), 5)
    one = store.sessions(columns=["session_id"]).session_id.iloc[len(summary.imported) // 2]
    load_time, record = median_time(lambda: Store(store_path).load_session(one), 3)
    check_command = [sys.executable, "-c", "from vint_replay.cli import main; main()", "check", "--store", str(store_path)]
    check_time, _ = median_time(lambda: subprocess.run(check_command, capture_output=True, check=True), 1)
    compact_time, compacted = median_time(store.compact, 1)
    again_time, again = median_time(lambda: store.import_paths([str(data)], workers=args.workers), 1)
    assert len(again.unchanged) == len(summary.imported) and again.deals == 0

    print(f"deals imported        {summary.deals:,} in {len(summary.imported)} sessions, {seconds:.1f} s "
          f"-> {summary.deals / seconds:,.0f} deals/s (target ≥ 50,000; {args.workers} workers)")
    print(f"CPU time              checking {summary.check_cpu_seconds:.1f} s in workers "
          f"({summary.deals / summary.check_cpu_seconds:,.0f} deals per CPU-second), "
          f"importer process {cpu_self:.1f} s (writing Parquet)")
    cpu_total = summary.check_cpu_seconds + cpu_self
    print(f"CPU-bound rate        {summary.deals / cpu_total:,.0f} deals per CPU-second checking and writing, "
          f"{args.workers * summary.deals / cpu_total:,.0f} deals/s on {args.workers} idle cores "
          "(worker start-up not counted)")
    print(f"machine load          {load_before:.2f} before, {load_after:.2f} after the import (1-minute load "
          f"average on {os.cpu_count()} cores; other processes slow the wall-clock rate)")
    print(f"peak RSS              importer {peak_self:,.0f} MB, largest worker {summary.peak_worker_rss_mb:,.0f} MB, "
          f"together ≤ {peak_self + args.workers * summary.peak_worker_rss_mb:,.0f} MB (target < 1,500 MB)")
    print(f"store size            {total:,} bytes = {total / played:.1f} bytes per played deal "
          f"({played:,} played; target ≤ 120)")
    for table, size in sizes.items():
        print(f"  {table:10} {size / played:6.1f} bytes/deal")
    print(f"player summary        {summary_time * 1000:.0f} ms median of 5 over {len(players)} players (target < 1 s)")
    print(f"load_session          {load_time * 1000:.0f} ms median of 3 ({len(record.deals)} deals)")
    print(f"check                 {check_time:.2f} s (`vint-replay check`: every file's checksum, schema and rows, "
          "in a fresh process)")
    print(f"compact               {compact_time:.1f} s, {compacted.files_before} -> {compacted.files_after} files")
    print(f"re-import (no-op)     {again_time:.1f} s for the same {len(again.unchanged)} files (recognised by their SHA-256)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
