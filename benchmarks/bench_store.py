#!/usr/bin/env python3
"""Store at scale: import N generated deals end to end, then measure size and queries.

    python benchmarks/bench_store.py                      # 1,000,000 deals
    python benchmarks/bench_store.py --deals 100000 --data /tmp/vint-100k

Targets (issue 5): import ≥ 50,000 deals/s on 2 cores, peak memory < 1.5 GB, ≤ 120 bytes per
played deal, per-player summary over the store < 1 s. The store's size is every file in its
folder after the import (the five tables, the generation's manifest, the lock; hard links counted
once), as ``du`` would count it. The data are written once by ``scripts/make_sample_data.py``
(not timed) and reused; the store is rebuilt on every run.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import stat
import statistics
import sys
import time
from pathlib import Path

from harness import run_checked, verdict

ROOT = Path(__file__).resolve().parents[1]


def ensure_data(folder: Path, deals: int) -> None:
    marker = folder / f".complete-{deals}"
    if marker.exists():
        return
    shutil.rmtree(folder, ignore_errors=True)
    print(f"generating {deals:,} deals into {folder} (once) …", flush=True)
    start = time.perf_counter()
    run_checked([sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), "--deals", str(deals),
                 "--out", str(folder)], "generating the deals (make_sample_data.py)")
    marker.touch()
    print(f"  generated in {time.perf_counter() - start:.0f} s", flush=True)


def file_bytes(root: Path) -> dict[Path, int]:
    """Every regular file under ``root`` (symbolic links not followed, a hard-linked file once)
    and its size."""
    sizes: dict[Path, int] = {}
    seen: set[tuple[int, int]] = set()
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) not in seen:
                seen.add((info.st_dev, info.st_ino))
                sizes[path] = info.st_size
    return sizes


def size_by_part(store_path: Path, generation: Path) -> dict[str, int]:
    """The store's bytes by what holds them: each table or derived dataset of the committed
    generation, its manifest, and everything else in the store's folder (other files, older
    generations)."""
    parts: dict[str, int] = {}
    for path, size in file_bytes(store_path).items():
        inside = path.relative_to(generation).parts if path.is_relative_to(generation) else ()
        part = inside[0] if len(inside) > 1 else "manifest.json" if inside == ("manifest.json",) else "other files"
        parts[part] = parts.get(part, 0) + size
    return parts


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
    if summary.rejected:
        raise SystemExit(f"benchmark aborted: the import rejected {len(summary.rejected)} generated files, "
                         f"e.g. {summary.rejected[:3]}")

    deals = store.read("deals", columns=["passed_out"])
    played = deals.num_rows - deals.column("passed_out").to_numpy(zero_copy_only=False).sum()
    generation = current_generation(store_path)
    if generation is None:
        raise SystemExit(f"benchmark aborted: {store_path} has no committed generation after the import")
    sizes = size_by_part(store_path, generation)
    total = sum(sizes.values())
    summary_time, players = median_time(lambda: Store(store_path).player_summary(), 5)
    one = store.sessions(columns=["session_id"]).session_id.iloc[len(summary.imported) // 2]
    load_time, record = median_time(lambda: Store(store_path).load_session(one), 3)
    check_command = [sys.executable, "-c", "from vint_replay.cli import main; main()", "check", "--store", str(store_path)]
    check_time, _ = median_time(lambda: run_checked(check_command, "vint-replay check"), 1)
    compact_time, compacted = median_time(store.compact, 1)
    again_time, again = median_time(lambda: store.import_paths([str(data)], workers=args.workers), 1)
    if len(again.unchanged) != len(summary.imported) or again.deals:
        raise SystemExit(f"benchmark aborted: re-importing the same files stored {again.deals} deals again")

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
    print(f"store size            {total:,} bytes in every file of the store = {total / played:.1f} bytes per "
          f"played deal ({played:,} played; target ≤ 120: {verdict(total / played <= 120)})")
    for part, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {part:14} {size:>13,} bytes {size / played:6.1f} bytes/deal")
    print(f"player summary        {summary_time * 1000:.0f} ms median of 5 over {len(players)} players (target < 1 s)")
    print(f"load_session          {load_time * 1000:.0f} ms median of 3 ({len(record.deals)} deals)")
    print(f"check                 {check_time:.2f} s (`vint-replay check`: every file's checksum, schema and rows, "
          "in a fresh process)")
    print(f"compact               {compact_time:.1f} s, {compacted.files_before} -> {compacted.files_after} files")
    print(f"re-import (no-op)     {again_time:.1f} s for the same {len(again.unchanged)} files (recognised by their SHA-256)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
