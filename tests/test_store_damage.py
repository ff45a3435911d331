"""A damaged store is detected, named and never built upon; `check` finds it, `repair` brings
the store back to a consistent state; old stores open; newer ones are refused."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner, Result

from vint_replay.cli import main
from vint_replay.store import Store, StoreError, open_existing
from vint_replay.store.layout import CURRENT, current_generation, data_files
from vint_replay.store.manifest import MANIFEST
from vint_replay.store.schema import ADDED_COLUMNS, SCHEMA_VERSION

from test_store import WORKED, snapshot, write_record

ROOT = Path(__file__).parent.parent
EVENING = ROOT / "sample_data" / "arbat-2026-11-10-t1.json"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_reported(result: Result, *words: str) -> None:
    """Exit 1 with a message naming the problem, and no traceback."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "store")
    assert len(store.import_paths([str(WORKED), str(EVENING)], workers=1).imported) == 2
    return store


def deals_file(store: Store) -> Path:
    return data_files(current_generation(store.root), "deals")[0]


def flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


def as_version_1(store: Store) -> Path:
    """Make the store look as schema version 1 wrote it: no manifest in any generation, deals
    files without the columns added since (doubled, the recorded figures); the committed generation."""
    for generation in (store.root / ".generations").iterdir():
        (generation / MANIFEST).unlink()
        for file in data_files(generation, "deals"):
            old = pq.read_table(file).drop_columns(sorted(ADDED_COLUMNS["deals"]))
            file.unlink()
            pq.write_table(old, file)
    return current_generation(store.root)


def other_schema(path: Path) -> None:
    pq.write_table(pa.table({"session_id": ["x"], "something": [1]}), path)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "garbled page": lambda f: flip(f, 100),
    "garbled footer": lambda f: flip(f, f.stat().st_size - 12),
    "wrong schema": other_schema,
    "truncated": lambda f: f.write_bytes(f.read_bytes()[:50]),
    "missing": lambda f: f.unlink(),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=str)
def test_damage_is_named_and_nothing_is_built_on_it(store: Store, tmp_path: Path, damage: str,
                                                    worked_example_raw: dict) -> None:
    damaged = deals_file(store)
    DAMAGE[damage](damaged)
    name = f"deals/{damaged.parent.name}/{damaged.name}"
    check = run("check", "--store", str(store.root), "--json")
    assert check.exit_code == 1
    assert [p["file"] for p in json.loads(check.output)["problems"]] == [name]
    assert_reported(run("export", "rules-6-worked-example", str(tmp_path / "out.json"), "--store", str(store.root)),
                    name, "damaged")
    assert not (tmp_path / "out.json").exists()
    listed = run("sessions", "--store", str(store.root))  # the sessions table itself is intact
    assert "Traceback" not in listed.output and (listed.exception is None or isinstance(listed.exception, SystemExit))
    before = snapshot(store.root)
    worked_example_raw["session"]["id"] = "new"
    new = write_record(tmp_path / "new.json", worked_example_raw)
    assert_reported(run("import", str(new), "--store", str(store.root)), name)
    assert_reported(run("compact", "--store", str(store.root)), name)
    assert snapshot(store.root) == before


def test_a_dangling_current_is_reported_and_repaired_from_the_generation_before(store: Store, tmp_path: Path,
                                                                                worked_example_raw: dict) -> None:
    worked_example_raw["session"]["id"] = "second"
    store.import_paths([str(write_record(tmp_path / "second.json", worked_example_raw))], workers=1)
    os.rename(current_generation(store.root), store.root / "elsewhere")
    assert_reported(run("check", "--store", str(store.root)), CURRENT, "does not exist")
    assert_reported(run("sessions", "--store", str(store.root)), "does not exist")
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and "rolled back" in repaired.output
    assert run("check", "--store", str(store.root)).exit_code == 0
    assert sorted(store.session_ids()) == ["arbat-2026-11-10-t1", "rules-6-worked-example"]


def test_repair_drops_the_damaged_sessions_names_them_and_a_reimport_restores_them(store: Store) -> None:
    """The sessions table is damaged: its two sessions are dropped from every table (their ids
    come from the manifest), named, and importing their files again restores the store."""
    damaged = data_files(current_generation(store.root), "sessions")[0]
    flip(damaged, 100)
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "dropped session 'arbat-2026-11-10-t1'" in repaired.output
    assert "dropped session 'rules-6-worked-example'" in repaired.output
    kept = list((store.root / ".damaged").rglob("*.parquet"))
    assert [p.read_bytes() for p in kept] == [damaged.read_bytes()]  # nothing deleted silently
    assert run("check", "--store", str(store.root)).exit_code == 0
    assert store.session_ids() == [] and len(store.deals()) == 0 and len(store.plays()) == 0
    assert len(store.import_paths([str(WORKED), str(EVENING)], workers=1).imported) == 2
    assert store.load_session("rules-6-worked-example").deals


def test_repair_keeps_the_sessions_a_damaged_file_did_not_hold(store: Store, tmp_path: Path,
                                                               worked_example_raw: dict) -> None:
    worked_example_raw["session"].update(id="later", date="2027-01-01")  # its own partition, its own files
    later = write_record(tmp_path / "later.json", worked_example_raw)
    store.import_paths([str(later)], workers=1)
    damaged = next(f for f in data_files(current_generation(store.root), "plays") if "2027" in str(f))
    flip(damaged, 100)
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and f"import {later} again" in repaired.output
    assert sorted(store.session_ids()) == ["arbat-2026-11-10-t1", "rules-6-worked-example"]
    assert run("check", "--store", str(store.root)).exit_code == 0


def test_a_file_the_store_did_not_write_is_damage(store: Store) -> None:
    stray = deals_file(store).parent / "part-stray.parquet"
    stray.write_bytes(deals_file(store).read_bytes())  # would double every deal for plain readers
    assert_reported(run("check", "--store", str(store.root)), "part-stray.parquet", "not recorded")
    assert run("repair", "--store", str(store.root)).exit_code == 0
    assert sorted(store.session_ids()) == ["arbat-2026-11-10-t1", "rules-6-worked-example"]
    assert not (store.root / "deals" / stray.parent.name / stray.name).exists() and len(store.deals()) == 29


def test_a_clean_store_checks_clean_and_repair_changes_nothing(store: Store) -> None:
    check = run("check", "--store", str(store.root), "--json")
    assert check.exit_code == 0
    report = json.loads(check.output)
    assert report["ok"] and report["schema_version"] == SCHEMA_VERSION and report["files"] == 5
    before = snapshot(store.root)
    assert "nothing to repair" in run("repair", "--store", str(store.root)).output
    assert snapshot(store.root) == before


def test_a_store_without_manifest_opens_and_repair_upgrades_it(store: Store) -> None:
    """A version-1 store: no manifest, deals without the doubled column, the unknown year as
    the null partition; it is read as it is, checked for readability and schema, upgraded by
    repair (or by the next write)."""
    as_version_1(store)
    assert store.load_session("rules-6-worked-example").deals
    assert store.deals().doubled.isna().all()
    check = run("check", "--store", str(store.root))
    assert check.exit_code == 0 and "schema version 1" in check.output
    assert "upgraded" in run("repair", "--store", str(store.root)).output
    assert json.loads(run("check", "--store", str(store.root), "--json").output)["schema_version"] == SCHEMA_VERSION
    assert store.compact().files_after == 5  # old rows merge with new ones (doubled null)
    assert store.load_session("rules-6-worked-example").deals


def test_an_unreadable_old_file_is_found_without_a_manifest(store: Store) -> None:
    as_version_1(store)
    damaged = deals_file(store)
    data = damaged.read_bytes()
    damaged.write_bytes(data[:100] + bytes(2000) + data[2100:])  # garbled pages, same size
    assert_reported(run("check", "--store", str(store.root)), "deals/year=2026", "not a readable Parquet file")


def test_a_store_of_a_newer_schema_version_is_refused(store: Store, tmp_path: Path) -> None:
    manifest = current_generation(store.root) / MANIFEST
    manifest.write_text(json.dumps(dict(json.loads(manifest.read_text()), schema_version=99)))
    before = snapshot(store.root)
    for args in (["sessions"], ["export", "rules-6-worked-example", "-"], ["import", str(WORKED)], ["compact"],
                 ["check"], ["repair"]):
        assert_reported(run(*args, "--store", str(store.root)), "schema version 99", "newer vint-replay")
    assert snapshot(store.root) == before


def test_open_existing_refuses_what_is_not_a_store(tmp_path: Path, store: Store) -> None:
    for folder, words in ((tmp_path / "nothing", "no such folder"), (tmp_path, "not a vint store yet")):
        with pytest.raises(StoreError, match=words):
            open_existing(folder)
    (tmp_path / "copied" / "deals").mkdir(parents=True)
    with pytest.raises(StoreError, match="copied without its symlinks"):
        open_existing(tmp_path / "copied")
    assert open_existing(store.root).session_ids() == store.session_ids()


def test_a_current_link_to_nowhere_is_repaired_from_the_newest_clean_generation(store: Store) -> None:
    link = store.root / CURRENT
    link.unlink()
    os.symlink("somewhere-else", link)
    assert_reported(run("export", "rules-6-worked-example", "-", "--store", str(store.root)), "does not exist")
    assert run("repair", "--store", str(store.root)).exit_code == 0
    assert store.load_session("rules-6-worked-example").deals


def test_check_and_repair_of_a_folder_that_is_not_a_store_change_nothing(tmp_path: Path) -> None:
    assert_reported(run("check", "--store", str(tmp_path / "nothing")), "no such folder")
    assert_reported(run("repair", "--store", str(tmp_path / "nothing")), "never been written to")
    assert_reported(run("compact", "--store", str(tmp_path / "nothing")), "no such folder")
    assert not (tmp_path / "nothing").exists()
    assert_reported(run("check", "--store", str(tmp_path)), "not a vint store yet")


def test_an_old_null_year_partition_moves_to_year_0_on_upgrade(tmp_path: Path, worked_example_raw: dict) -> None:
    import pyarrow.dataset as ds

    del worked_example_raw["session"]["date"]
    store = Store(tmp_path / "store")
    store.import_paths([str(write_record(tmp_path / "undated.json", worked_example_raw)), str(EVENING)], workers=1)
    generation = as_version_1(store)
    for table in ("sessions", "deals", "calls", "plays", "scores"):  # as version 1 wrote it
        os.rename(generation / table / "year=0", generation / table / "year=__HIVE_DEFAULT_PARTITION__")
    assert sorted(store.sessions().year.fillna(-1).tolist()) == [-1, 2026]  # read as null
    assert "upgraded" in run("repair", "--store", str(store.root)).output
    assert sorted(store.sessions().year.tolist()) == [0, 2026]
    assert ds.dataset(store.root / "sessions", partitioning="hive").count_rows() == 2
    assert store.load_session("rules-6-worked-example").info.date is None


def test_the_manifest_records_what_each_file_holds(tmp_path: Path, monkeypatch, worked_example_raw: dict) -> None:
    """Sizes, checksums, rows and session ids as the writers recorded them (importer, the
    automatic merge, a replace, compact) equal those read back from the files."""
    import vint_replay.store.store as store_module
    from vint_replay.store.manifest import entry_of, load_manifest

    monkeypatch.setattr(store_module, "AUTO_COMPACT_FILES", 2)
    store = Store(tmp_path / "store")
    for i in range(4):
        worked_example_raw["session"]["id"] = f"s{i}"
        store.import_paths([str(write_record(tmp_path / f"s{i}.json", worked_example_raw)), str(EVENING)], workers=1)
    worked_example_raw["session"]["event"] = "replayed"  # s3 again, with other content
    assert store.import_paths([str(write_record(tmp_path / "s3.json", worked_example_raw))], replace=True,
                              workers=1).replaced
    for step in ("imports", "compact"):
        generation = current_generation(store.root)
        recorded = load_manifest(generation).files
        assert recorded == {rel: entry_of(generation / rel) for rel in recorded}, step
        assert {f"{f.relative_to(generation)}" for t in ("deals", "plays") for f in data_files(generation, t)} <= set(recorded)
        store.compact()
    assert set(recorded[next(r for r in recorded if r.startswith("plays/"))].sessions) == {
        "s0", "s1", "s2", "s3", "arbat-2026-11-10-t1"}


def test_a_rollback_names_the_sessions_it_reverts(store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    """The last import replaced a session and the file of its new content is damaged: both
    ways back lose that session, so repair goes back to the generation before, and says that
    the session has its earlier content again."""
    from vint_replay.store.manifest import load_manifest

    old_event = worked_example_raw["session"]["event"]
    worked_example_raw["session"]["event"] = "corrected"
    corrected = write_record(tmp_path / "corrected.json", worked_example_raw)
    assert store.import_paths([str(corrected)], replace=True, workers=1).replaced
    generation = current_generation(store.root)
    files = load_manifest(generation).files
    new = next(rel for rel, e in files.items() if rel.startswith("sessions/") and e.sessions == ("rules-6-worked-example",))
    flip(generation / new, 100)
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "rolled back" in repaired.output
    assert f"'rules-6-worked-example' is back to its earlier content: import {corrected} again with --replace" \
        in repaired.output
    assert store.sessions(session_id="rules-6-worked-example").event.tolist() == [old_event]
    assert len(store.session_ids()) == 2


def test_a_rollback_names_a_session_whose_recorded_figures_alone_it_reverts(tmp_path: Path) -> None:
    """docs/store.md, repair: a replacement that changed only a board's [ScoreIMP] (the same
    content_sha256, another kept_sha256) is a session the rollback takes back, and says so."""
    from vint_replay.store.manifest import load_manifest

    source = (ROOT / "tests/data/pbn/sample-imp.pbn").read_text(encoding="utf-8")
    first, fixed = tmp_path / "first.pbn", tmp_path / "fixed.pbn"
    first.write_text(source, encoding="utf-8")
    fixed.write_text(source.replace('[ScoreIMP "NS -2 EW 2"]', '[ScoreIMP "NS -3 EW 3"]'), encoding="utf-8")
    store = Store(tmp_path / "store")
    store.import_paths([str(first)], workers=1)
    [replaced] = store.import_paths([str(fixed)], replace=True, workers=1).replaced
    generation = current_generation(store.root)
    new = next(rel for rel, e in load_manifest(generation).files.items()
               if rel.startswith("sessions/") and e.sessions == (replaced.session_id,))
    flip(generation / new, 100)
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and "rolled back" in repaired.output, repaired.output
    assert f"{replaced.session_id!r} is back to its earlier content: import {fixed} again with --replace" \
        in repaired.output


def test_a_damaged_manifest_is_repaired_by_checking_every_file(store: Store) -> None:
    manifest = current_generation(store.root) / MANIFEST
    manifest.write_text("{not json")
    assert_reported(run("sessions", "--store", str(store.root)), "manifest.json is damaged")
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and "no session was dropped" in repaired.output, repaired.output
    assert run("check", "--store", str(store.root)).exit_code == 0
    assert sorted(store.session_ids()) == ["arbat-2026-11-10-t1", "rules-6-worked-example"]
