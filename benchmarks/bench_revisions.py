#!/usr/bin/env python3
"""The reference engine's speed at two revisions, side by side in one run (issue 20's "within
5 % of today"): the same records, read and checked by each revision's own code in turn.

    python benchmarks/bench_revisions.py --base 82af7b4           # base vs the working tree
    python benchmarks/bench_revisions.py --base 82af7b4 --rounds 7 --deals 2000

The records are written once as ``vint-record/1`` JSON (a format both revisions read): the
simulated four-handed evenings of ``bench_profiles.py`` (volchaninov, classic, each also under
the laws 001), an evening of every 2/3/5-player method and the solo-whist samples. The base
revision is checked out into a temporary ``git worktree``. Each round runs one worker process
per revision, in alternating order, which reads every file (untimed) and times ``evaluate`` on
each group (CPU seconds of the worker, best of its repeats); the figure is the median over the
rounds, and the ratio new/base per group. No target is printed as met unless every ratio is
within ``--limit`` (default 1.05).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_profiles import METHODS, PARTIES, solo_evenings, vint_evening  # noqa: E402

from vint_replay.formats import write_text  # noqa: E402
from vint_replay.simulators.vint235 import simulate_session  # noqa: E402

WORKER = """
import json, sys, time
from vint_replay.formats import read_file
from vint_replay.engine.session import evaluate
groups, repeats = json.loads(sys.argv[1]), int(sys.argv[2])
out = {}
for name, paths in groups.items():
    records = [read_file(p).record for p in paths]
    assert all(evaluate(r).valid for r in records), name
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for record in records:
            evaluate(record)
        times.append(time.process_time() - start)
    out[name] = [min(times), sum(len(r.deals) for r in records)]
print(json.dumps(out))
"""


def write_groups(folder: Path, deals: int, table_deals: int) -> dict[str, list[str]]:
    """The benchmark's records as JSON files in ``folder``, by group."""
    groups: dict[str, list] = {}
    for rules in ("volchaninov", "classic"):
        evening = vint_evening(rules, deals)
        groups[rules] = [evening]
        groups[f"{rules} + laws 001"] = [replace(evening, info=replace(evening.info, laws="001"))]
    for method, players in METHODS.items():
        groups[method] = [simulate_session(method, PARTIES[players], table_deals, seed=3)]
    groups["solo-whist (samples)"] = solo_evenings(deals)
    paths: dict[str, list[str]] = {}
    for name, records in groups.items():
        paths[name] = []
        for index, record in enumerate(records):
            path = folder / f"{name.replace(' ', '_')}-{index}.json"
            path.write_text(write_text(record, "json"), encoding="utf-8")
            paths[name].append(str(path))
    return paths


def run_worker(tree: Path, groups: dict[str, list[str]], repeats: int) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", WORKER, json.dumps(groups), str(repeats)], cwd=tree, env=env,
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the revision to compare with (a commit or branch)")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--table-deals", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--limit", type=float, default=1.05)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(base), args.base], cwd=ROOT, check=True)
        try:
            groups = write_groups(Path(tmp), args.deals, args.table_deals)
            runs: dict[str, list[dict[str, list[float]]]] = {"base": [], "new": []}
            for round_ in range(args.rounds):
                order = [("base", base), ("new", ROOT)] if round_ % 2 == 0 else [("new", ROOT), ("base", base)]
                for label, tree in order:
                    runs[label].append(run_worker(tree, groups, args.repeats))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    print(f"{'group':<26} {'deals':>6} {'base µs/deal':>13} {'new µs/deal':>12} {'new/base':>9}")
    worst = 0.0
    for name in groups:
        deals = runs["new"][0][name][1]
        old = statistics.median(r[name][0] for r in runs["base"]) / deals * 1e6
        new = statistics.median(r[name][0] for r in runs["new"]) / deals * 1e6
        worst = max(worst, new / old)
        print(f"{name:<26} {deals:>6} {old:>13.1f} {new:>12.1f} {new / old:>9.3f}")
    verdict = "met" if worst <= args.limit else "NOT met"
    print(f"worst ratio {worst:.3f}: within {args.limit - 1:.0%} of the base — {verdict}")


if __name__ == "__main__":
    main()
