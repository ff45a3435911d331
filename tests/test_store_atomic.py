"""The store never loses data: a killed import leaves it as it was, concurrent imports both
land, and readers only ever see whole imports."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from killing import kill_when_writing
from vint_replay.store import Store
from vint_replay.store.layout import current_generation

ROOT = Path(__file__).parent.parent
EVENINGS = sorted((ROOT / "sample_data").glob("arbat-*.json"))
WORKED = Path(__file__).parent / "data" / "worked_example.json"


@pytest.fixture(scope="module")
def many_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """120 session files (copies of the sample evenings under new ids, ~3,500 deals): an
    import long enough to be interrupted."""
    folder = tmp_path_factory.mktemp("many")
    raws = [json.loads(p.read_text(encoding="utf-8")) for p in EVENINGS]
    for i in range(120):
        raw = raws[i % len(raws)]
        raw["session"]["id"] = f"copy-{i:04d}"
        (folder / f"copy-{i:04d}.json").write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return folder


def start_import(store: Path, *paths: str, workers: int = 1) -> subprocess.Popen:
    code = ("import sys; from vint_replay.store import Store; "
            "s = Store(sys.argv[1]).import_paths(sys.argv[2:], workers=%d); "
            "sys.exit(1 if s.rejected else 0)" % workers)
    return subprocess.Popen([sys.executable, "-c", code, str(store), *paths], start_new_session=True)


def consistent_ids(store: Store) -> set[str]:
    """The sessions of one committed generation, after checking that its tables agree."""
    generation = current_generation(store.root)
    sessions = store.read("sessions", columns=["session_id", "deals"], generation=generation).to_pandas()
    deals = store.read("deals", columns=["session_id"], generation=generation).to_pandas()
    counts = deals.session_id.astype(str).value_counts().to_dict()
    assert counts == dict(zip(sessions.session_id, sessions.deals))
    assert sessions.session_id.is_unique
    return set(sessions.session_id)


def raw_duckdb_ids(root: Path) -> set[str]:
    rows = duckdb.sql(f"select session_id from read_parquet('{root}/sessions/**/*.parquet', hive_partitioning = true)")
    return {r[0] for r in rows.fetchall()}


def test_an_import_killed_midway_leaves_the_store_as_it_was(tmp_path: Path, many_files: Path) -> None:
    store = Store(tmp_path / "store")
    store.import_paths([str(WORKED)])
    before = consistent_ids(store)
    process = start_import(store.root, str(many_files))
    kill_when_writing(process, store.root, 0.0)
    assert process.returncode == -signal.SIGKILL
    assert consistent_ids(store) == before == {"rules-6-worked-example"}
    assert raw_duckdb_ids(store.root) == before
    # The next import cleans up after the dead one and completes.
    summary = store.import_paths([str(many_files)], workers=1)
    assert len(summary.imported) == 120 and not summary.rejected
    assert consistent_ids(store) == before | {f"copy-{i:04d}" for i in range(120)}
    assert len(list((store.root / ".generations").iterdir())) == 2


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.05, 0.15, 0.3, 0.6])
def test_kills_at_any_moment_leave_before_or_after(tmp_path: Path, many_files: Path, delay: float) -> None:
    store = Store(tmp_path / "store")
    store.import_paths([str(WORKED)])
    before = consistent_ids(store)
    after = before | {f"copy-{i:04d}" for i in range(120)}
    process = start_import(store.root, str(many_files), workers=2)
    kill_when_writing(process, store.root, delay)
    assert consistent_ids(store) in (before, after)
    assert raw_duckdb_ids(store.root) in (before, after)


def test_two_concurrent_imports_both_land(tmp_path: Path, many_files: Path) -> None:
    store = Store(tmp_path / "store")
    files = sorted(str(p) for p in many_files.glob("*.json"))
    first = start_import(store.root, *files[:70])
    second = start_import(store.root, *files[50:])  # 20 files in both: imported once, then unchanged
    assert first.wait(60) == 0 and second.wait(60) == 0
    assert consistent_ids(store) == {Path(f).stem for f in files}


def test_readers_only_see_whole_imports(tmp_path: Path, many_files: Path) -> None:
    store = Store(tmp_path / "store")
    store.import_paths([str(WORKED)])
    before = consistent_ids(store)
    after = before | {f"copy-{i:04d}" for i in range(120)}
    process = start_import(store.root, str(many_files))
    seen = []
    while process.poll() is None:
        seen.append(consistent_ids(store))
        time.sleep(0.02)
    assert process.returncode == 0
    assert all(ids in (before, after) for ids in seen) and len(seen) > 1
    assert consistent_ids(store) == after


def test_compact_during_an_import_loses_nothing(tmp_path: Path, many_files: Path) -> None:
    store = Store(tmp_path / "store")
    files = sorted(str(p) for p in many_files.glob("*.json"))
    for path in files[:20]:  # many small imports: many small files to merge
        store.import_paths([path])
    process = start_import(store.root, *files[20:])
    compact = subprocess.Popen([sys.executable, "-c", "import sys; from vint_replay.store import Store; "
                                "Store(sys.argv[1]).compact()", str(store.root)])
    assert process.wait(60) == 0 and compact.wait(60) == 0
    assert consistent_ids(store) == {Path(f).stem for f in files}
