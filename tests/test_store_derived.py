"""The analysis lives inside the store's generations: imports and ``compact`` carry it over
unchanged, raw readers open ``store/dd_tables`` like the other tables, and a killed ``analyze`` leaves the store as it was before or after one of its runs."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import duckdb
import pyarrow.dataset as ds
import pytest

pytest.importorskip("endplay")

from killing import kill_when_writing  # noqa: E402
from vint_replay.analysis.batch import analyse_store, pending_deals  # noqa: E402
from vint_replay.analysis.datasets import dd_plays, dd_tables, merge_crowded  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402
from vint_replay.simulators.vint import iter_sessions  # noqa: E402
from vint_replay.store import Store  # noqa: E402
from vint_replay.store.layout import current_generation, data_files  # noqa: E402

WORKED = Path(__file__).parent / "data" / "worked_example.json"


def session_file(folder: Path, seed: int, deals: int) -> Path:
    path = folder / f"session-{seed}.json"
    path.write_text(write_json(next(iter_sessions(seed, deals))), encoding="utf-8")
    return path


def frames(store: Store):
    keep = lambda f: f.drop(columns=["year"]).reset_index(drop=True)  # noqa: E731
    return keep(dd_tables(store)), keep(dd_plays(store))


def test_analysis_survives_imports_and_compact(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    store.import_paths([str(session_file(tmp_path, 7, 3))])
    analyse_store(store, workers=1, flush_every=1)  # three runs: three files per dataset
    tables, plays = frames(store)
    assert len(tables) == 3 and len(plays) > 0
    generation = current_generation(store.root)
    assert len(data_files(generation, "dd_tables")) == 3
    assert (store.root / "dd_tables").is_symlink()

    assert not merge_crowded(store)  # 3 files: not crowded
    assert merge_crowded(store, limit=2)  # what analyze does at its end on crowded partitions
    assert len(data_files(current_generation(store.root), "dd_plays")) == 1
    merged = frames(store)
    assert merged[0].equals(tables) and merged[1].equals(plays)
    generation = current_generation(store.root)

    assert store.import_paths([str(WORKED)]).imported  # a new generation: the analysis comes along
    assert current_generation(store.root) != generation
    after_import = frames(store)
    assert after_import[0].equals(tables) and after_import[1].equals(plays)
    assert sum(len(v) for v in pending_deals(store).values()) == 1  # only the worked example's deal

    assert analyse_store(store, workers=1).analysed == 1
    assert len(data_files(current_generation(store.root), "dd_tables")) == 2
    tables, plays = frames(store)
    assert len(tables) == 4
    assert store.import_paths([str(session_file(tmp_path, 8, 1))]).imported  # more files to compact
    summary = store.compact()
    assert summary.files_after < summary.files_before
    compacted = current_generation(store.root)
    assert len(data_files(compacted, "dd_tables")) == 1 and len(data_files(compacted, "dd_plays")) == 1
    after_compact = frames(store)
    assert after_compact[0].equals(tables) and after_compact[1].equals(plays)
    assert analyse_store(store, workers=1).analysed == 1
    assert len(dd_tables(store)) == 5

    # Raw readers see the committed generation's analysis like the store's own tables.
    raw = ds.dataset(store.root / "dd_tables", partitioning="hive").to_table()
    assert raw.num_rows == 5
    count = duckdb.sql(f"select count(*) from read_parquet('{store.root}/dd_plays/**/*.parquet', "
                       "hive_partitioning = true)").fetchall()[0][0]
    assert count == len(dd_plays(store))


def start_analyze(store: Path) -> subprocess.Popen:
    code = ("import sys; from vint_replay.store import Store; from vint_replay.analysis.batch import analyse_store; "
            "analyse_store(Store(sys.argv[1]), workers=1, flush_every=1)")
    return subprocess.Popen([sys.executable, "-c", code, str(store)], start_new_session=True)


def consistent(store: Store) -> int:
    """Check one committed generation: the base tables unchanged, every analysed played deal
    with its 52 per-card rows; returns the deals analysed."""
    generation = current_generation(store.root)
    assert store.read("deals", columns=["session_id"], generation=generation).num_rows == 4
    tables = dd_tables(store)
    plays = dd_plays(store)
    played = tables["lost_ns"].notna().sum()
    assert len(plays) == 52 * played
    return len(tables)


@pytest.mark.parametrize("delay", [0.0, 0.3])
def test_a_killed_analyze_leaves_whole_runs(tmp_path: Path, delay: float) -> None:
    store = Store(tmp_path / "store")
    store.import_paths([str(session_file(tmp_path, 11, 4))])
    process = start_analyze(store.root)
    kill_when_writing(process, store.root, delay, timeout=60)
    done = consistent(store)
    assert 0 <= done <= 4
    assert analyse_store(store, workers=1).analysed == 4 - done  # resumes after the dead run
    assert consistent(store) == 4
    assert len(list((store.root / ".generations").iterdir())) == 2
