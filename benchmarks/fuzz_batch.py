"""Fuzz the batch paths (PBN's and LIN's scans and columnar checks) against the reference path:
files of generated legal boards and real files as found, each after one to five token edits
(tests/mutations.py). A generated file must be taken only if the reference finds it valid and
silent, with the reference's score for every board, and else refused for a reason
(test_bridge_batch.assert_batch_is_safe); every session of a real PBN file the batch path vouches
for must be the reference's, read without a word (assert_sessions_agree); a real LIN file must be
checked without a traceback. ``tests/test_bridge_batch.py`` keeps each failure found so far.

Run: ``python benchmarks/fuzz_batch.py [--seconds 300] [--seed 1] [--real DIR]`` (the real
records' folder of tests/real_records.py by default, when there is one). Failing cases are saved.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import real_records  # noqa: E402
from mutations import mutate  # noqa: E402
from test_bridge_batch import WAYS, assert_batch_is_safe, assert_sessions_agree, fixed_files  # noqa: E402

SMALL = 60_000  # real files up to this size (bytes): many cases a second


def real_files(folder: Path | None, suffix: str) -> list[bytes]:
    """The small real files of one format under ``folder`` (none without it)."""
    if folder is None or not folder.is_dir():
        return []
    return [p.read_bytes() for p in sorted(folder.rglob(f"*.{suffix}")) if p.stat().st_size <= SMALL]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real", type=Path, default=None, help="a folder holding pbn/ and lin/ real files")
    parser.add_argument("--failures", type=Path, default=Path("fuzz-failures"), help="where failing cases are saved")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    real = {fmt: real_files(args.real / fmt if args.real else real_records.folder(fmt), fmt) for fmt in WAYS}
    cases = failures = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        fmt = rng.choice(sorted(WAYS))
        way = WAYS[fmt]
        generated = not real[fmt] or rng.random() < 0.6
        text = fixed_files(rng.randrange(10**6), 1, rng.randrange(1, 5), way)[0] if generated \
            else rng.choice(real[fmt])
        edited = mutate(text.decode("utf-8", "replace"), rng.randrange, edits=5).encode("utf-8", "surrogatepass")
        cases += 1
        try:
            if generated:
                assert_batch_is_safe(edited, way)
            elif fmt == "pbn":
                assert_sessions_agree(edited)
            else:
                way.check([edited])
        except Exception as err:  # noqa: BLE001 - every failure is reported and saved
            failures += 1
            args.failures.mkdir(exist_ok=True)
            saved = args.failures / f"batch-{args.seed}-{cases}.{fmt}"
            saved.write_bytes(edited)
            print(f"{saved}: {type(err).__name__}: {str(err)[:200]}")
    print(f"{cases:,} cases in {time.perf_counter() - start:.0f} s ({sum(map(len, real.values()))} small real files "
          f"beside generated ones), {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
