"""Stored data is never lost or misreported (issue 23): a store that lost its links, its
manifest or its committed generation is named as damaged and never built upon; `repair` says
what it dropped; a full disk, a read-only store and a folder that is not a store give one
line; concurrent corrections each report their own version; the dashboard shows a damaged
store's message instead of failing."""
from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner, Result

from test_store import WORKED, snapshot, write_record
from test_store_damage import EVENING, assert_reported
from vint_replay.cli import main
from vint_replay.formats import read_file
from vint_replay.store import Store
from vint_replay.store.layout import CURRENT, current_generation, data_files
from vint_replay.store.manifest import MANIFEST
from vint_replay.store.schema import TABLES

WORKED_ID, EVENING_ID = "rules-6-worked-example", "arbat-2026-11-10-t1"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_one_line(result: Result, *words: str) -> None:
    """Exit 1 with a single line of message naming the problem, no traceback."""
    assert_reported(result, *words)
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """Two imports: the worked example, then an evening (each its own generation)."""
    store = Store(tmp_path / "store")
    assert store.import_paths([str(WORKED)], workers=1).imported
    assert store.import_paths([str(EVENING)], workers=1).imported
    return store


def changed_evening(tmp_path: Path, event: str) -> Path:
    """The evening of the fixture with another event name: a correction of it."""
    raw = json.loads(EVENING.read_text(encoding="utf-8"))
    raw["session"]["event"] = event
    return write_record(tmp_path / f"{event.replace(' ', '-')}.json", raw)


def new_session(tmp_path: Path, raw: dict, sid: str = "new") -> Path:
    raw["session"]["id"] = sid
    return write_record(tmp_path / f"{sid}.json", raw)


# ---------------------------------------------------------------- lost links


def test_a_store_copied_without_its_symlinks_is_damaged_not_empty(store: Store, tmp_path: Path,
                                                                   worked_example_raw: dict) -> None:
    """A copy that drops symlinks loses `.current` and the table links: `check` says so, an
    import refuses (it used to garbage-collect every generation), `repair` links the newest
    generation again and every session is there."""
    for name in (CURRENT, *TABLES):
        (store.root / name).unlink()
    before = snapshot(store.root)
    check = run("check", "--store", str(store.root))
    assert_reported(check, ".current", "is missing", "lost its symbolic links")
    assert_reported(run("import", str(new_session(tmp_path, worked_example_raw)), "--store", str(store.root)),
                    "damaged", "repair")
    assert_reported(run("sessions", "--store", str(store.root)), "lost its symbolic links")
    assert snapshot(store.root) == before  # nothing deleted, nothing written
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "made the links .current, sessions, deals" in repaired.output and "no session was dropped" in repaired.output
    assert run("check", "--store", str(store.root)).exit_code == 0
    assert store.session_ids() == [EVENING_ID, WORKED_ID]
    assert pq.read_table(store.root / "deals").num_rows == len(store.deals())  # plain readers see the tables again


def test_a_store_copied_following_its_symlinks_is_repaired_to_links_again(store: Store, tmp_path: Path) -> None:
    """`cp -rL` makes `.current` and the table links real folders: damage named, repaired
    into links, every session kept."""
    copy = tmp_path / "copy"
    shutil.copytree(store.root, copy, symlinks=False)
    assert (copy / CURRENT).is_dir() and not (copy / CURRENT).is_symlink()
    assert_reported(run("check", "--store", str(copy)), ".current: is a real folder", "copied following its links")
    assert_reported(run("sessions", "--store", str(copy)), ".current: is a real folder")
    repaired = run("repair", "--store", str(copy))
    assert repaired.exit_code == 0, repaired.output
    assert "made the links .current, sessions, deals" in repaired.output and "no session was dropped" in repaired.output
    assert (copy / CURRENT).is_symlink() and (copy / "deals").is_symlink()
    assert Store(copy).session_ids() == [EVENING_ID, WORKED_ID]
    assert run("check", "--store", str(copy)).exit_code == 0


def test_a_store_without_links_whose_newest_generation_is_damaged_names_what_repair_drops(store: Store) -> None:
    newest = current_generation(store.root)
    evening_plays = next(f for f in data_files(newest, "plays")
                         if EVENING_ID in pq.read_table(f, columns=["session_id"]).column(0).to_pylist())
    data = bytearray(evening_plays.read_bytes())
    data[100] ^= 0xFF
    evening_plays.write_bytes(bytes(data))
    for name in (CURRENT, *TABLES):
        (store.root / name).unlink()
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "made the links .current" in repaired.output
    assert f"dropped session '{EVENING_ID}': import {EVENING} again" in repaired.output
    assert "no session was dropped" not in repaired.output
    assert store.session_ids() == [WORKED_ID] and run("check", "--store", str(store.root)).exit_code == 0
    assert list((store.root / ".damaged").rglob(evening_plays.name))  # the damaged file is kept


def test_a_missing_table_link_is_reported_and_made_again(store: Store) -> None:
    (store.root / "plays").unlink()
    assert_reported(run("check", "--store", str(store.root)), "plays: is missing")
    assert store.plays(session_id=WORKED_ID).shape[0] > 0  # the store's own reads go through .current
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and "made the links plays again" in repaired.output, repaired.output
    assert os.readlink(store.root / "plays") == ".current/plays"
    assert run("check", "--store", str(store.root)).exit_code == 0


def test_a_table_link_replaced_by_a_folder_is_damage_that_repair_sets_aside(store: Store, tmp_path: Path,
                                                                           worked_example_raw: dict) -> None:
    link = store.root / "deals"
    target = link.resolve()
    link.unlink()
    shutil.copytree(target, link)  # what a sync tool that follows links leaves
    assert_reported(run("check", "--store", str(store.root)), "deals: is a real folder")
    listed = run("sessions", "--store", str(store.root))  # reads are not affected: they follow .current
    assert listed.exit_code == 0 and EVENING_ID in listed.output
    before = snapshot(store.root)
    assert_reported(run("import", str(new_session(tmp_path, worked_example_raw)), "--store", str(store.root)),
                    "deals: is a real folder", "repair")
    assert snapshot(store.root) == before
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0 and "made the links deals again" in repaired.output, repaired.output
    kept = list((store.root / ".damaged").glob("links-*/deals"))
    assert len(kept) == 1 and kept[0].is_dir() and not kept[0].is_symlink()  # set aside, not deleted
    assert link.is_symlink() and run("check", "--store", str(store.root)).exit_code == 0
    assert store.session_ids() == [EVENING_ID, WORKED_ID]


# ---------------------------------------------------------------- lost manifest, lost generation


def test_a_lost_manifest_of_a_schema_2_store_is_damage_not_version_1(store: Store, tmp_path: Path) -> None:
    """With the manifest gone a schema-2 store used to pass as version 1, a deleted plays file
    went unseen, `export` wrote the session without its play and `repair` made that
    permanent. Now the store is damaged, the session whose plays are gone is named, and
    repair drops it saying so (its file restores it) while the other session stays whole."""
    generation = current_generation(store.root)
    (generation / MANIFEST).unlink()
    check = run("check", "--store", str(store.root), "--json")
    assert check.exit_code == 1
    problems = json.loads(check.output)["problems"]
    assert problems[0]["file"] == MANIFEST and "is missing" in problems[0]["message"]
    assert len(problems) == 1  # every file still reads and the tables agree
    evening_plays = next(f for f in data_files(generation, "plays")
                         if EVENING_ID in pq.read_table(f, columns=["session_id"]).column(0).to_pylist())
    evening_plays.unlink()
    check = run("check", "--store", str(store.root), "--json")
    assert check.exit_code == 1
    plays = [p for p in json.loads(check.output)["problems"] if p["file"] == "plays"]
    assert len(plays) == 1 and EVENING_ID in plays[0]["message"] and WORKED_ID not in plays[0]["message"]
    assert_reported(run("export", EVENING_ID, str(tmp_path / "out.json"), "--store", str(store.root)),
                    "manifest.json", "is missing")
    assert not (tmp_path / "out.json").exists()
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert f"dropped session '{EVENING_ID}': import {EVENING} again" in repaired.output
    assert "upgraded" not in repaired.output and "no session was dropped" not in repaired.output
    assert run("check", "--store", str(store.root)).exit_code == 0
    assert store.session_ids() == [WORKED_ID]
    assert store.import_paths([str(EVENING)], workers=1).imported
    assert store.load_session(EVENING_ID) == read_file(EVENING).record  # with its play


def test_a_lost_manifest_with_nothing_else_wrong_is_recorded_anew_and_drops_nothing(store: Store) -> None:
    (current_generation(store.root) / MANIFEST).unlink()
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "recorded its files in a new manifest" in repaired.output and "no session was dropped" in repaired.output
    assert store.session_ids() == [EVENING_ID, WORKED_ID]
    assert json.loads(run("check", "--store", str(store.root), "--json").output)["ok"]


def test_a_deleted_committed_generation_is_not_reported_as_no_loss(store: Store) -> None:
    gone = current_generation(store.root)
    shutil.rmtree(gone)
    repaired = run("repair", "--store", str(store.root))
    assert repaired.exit_code == 0, repaired.output
    assert "rolled back" in repaired.output
    assert f"generation {gone.name} is gone" in repaired.output and "cannot be named" in repaired.output
    assert "no session was dropped" not in repaired.output
    assert store.session_ids() == [WORKED_ID]


# ---------------------------------------------------------------- full disk, read-only store, not a store


@contextmanager
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Parquet write fails as on a full disk (ENOSPC)."""
    def no_space(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(pq.ParquetWriter, "write_batch", no_space)
        patch.setattr(pq.ParquetWriter, "write_table", no_space)
        patch.setattr(pq, "write_table", no_space)
        yield


def test_an_import_on_a_full_disk_is_one_line_and_leaves_no_half_generation(store: Store, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch,
                                                                             worked_example_raw: dict) -> None:
    before = snapshot(store.root)
    new = new_session(tmp_path, worked_example_raw)
    with full_disk(monkeypatch):
        assert_one_line(run("import", str(new), "--store", str(store.root)), "disk is full", "nothing was changed")
        fix = changed_evening(tmp_path, "corrected")
        assert_one_line(run("correct", str(fix), "--reason", "typo", "--store", str(store.root)), "disk is full")
    assert snapshot(store.root) == before  # the half-written generation is gone with its files
    assert run("import", str(new), "--store", str(store.root)).exit_code == 0


@contextmanager
def mounted(kind: str, target: Path, *options: str) -> Iterator[None]:
    """A real file system mounted at ``target`` for the test (skipped where mounting is not
    allowed)."""
    done = subprocess.run(["mount", *options, kind, str(target)] if kind != "--bind" else
                          ["mount", "--bind", *options, str(target), str(target)], capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount here: {done.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(target)], check=True)


def test_an_import_that_fills_a_real_disk_frees_it_again(tmp_path: Path) -> None:
    """On a 400 KB file system, importing an evening 400 times over (about 1 MB of rows) fills
    it: one line, and the half-written generation is deleted, so the space is free again."""
    disk = tmp_path / "disk"
    disk.mkdir()
    many = tmp_path / "many"
    many.mkdir()
    raw = json.loads(EVENING.read_text(encoding="utf-8"))
    for i in range(400):
        raw["session"]["id"] = f"copy-{i:03d}"
        raw["session"]["event"] = os.urandom(3000).hex()  # bytes that do not compress away
        (many / f"copy-{i:03d}.json").write_text(json.dumps(raw), encoding="utf-8")
    with mounted("tmpfs", disk, "-t", "tmpfs", "-o", "size=400k"):
        store = Store(disk / "store")
        assert store.import_paths([str(WORKED)], workers=1).imported
        free = shutil.disk_usage(disk).free
        result = run("import", str(many), "--store", str(store.root), "--workers", "1")
        assert_one_line(result, "disk is full")
        assert shutil.disk_usage(disk).free >= free - 64 * 1024  # nothing half-written left behind
        assert store.session_ids() == [WORKED_ID] and run("check", "--store", str(store.root)).exit_code == 0


def test_a_read_only_store_reads_does_what_needs_no_write_and_refuses_the_rest_in_one_line(
        store: Store, tmp_path: Path, worked_example_raw: dict) -> None:
    new = new_session(tmp_path, worked_example_raw)
    fix = changed_evening(tmp_path, "corrected")
    store.compact()  # one file per partition: a second compact has nothing to write
    before = snapshot(store.root)
    with mounted("--bind", store.root, "-o", "ro"):
        subprocess.run(["mount", "-o", "remount,ro,bind", str(store.root)], check=True)
        with pytest.raises(OSError):
            (store.root / "probe").write_text("x")  # really read-only, for root too
        unchanged = run("import", str(WORKED), "--store", str(store.root))
        assert unchanged.exit_code == 0 and "1 unchanged" in unchanged.output, unchanged.output
        assert run("compact", "--store", str(store.root)).exit_code == 0  # nothing to merge
        assert "nothing to repair" in run("repair", "--store", str(store.root)).output
        assert run("check", "--store", str(store.root)).exit_code == 0
        assert_one_line(run("import", str(new), "--store", str(store.root)), "read-only")
        assert_one_line(run("correct", str(fix), "--reason", "typo", "--store", str(store.root)), "read-only")
    assert snapshot(store.root) == before


def test_a_read_only_folder_without_a_lock_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def read_only(path: object, flags: int, *args: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    (tmp_path / "store").mkdir()
    monkeypatch.setattr(os, "open", read_only)
    assert_one_line(run("import", str(WORKED), "--store", str(tmp_path / "store")), "read-only")


def test_import_refuses_a_folder_that_is_neither_empty_nor_a_store(tmp_path: Path) -> None:
    """`import --store /` wrote the store's files into `/`: a store must be a folder that is
    empty or already a store."""
    folder = tmp_path / "home"
    (folder / "notes").mkdir(parents=True)
    (folder / "letter.txt").write_text("dear")
    before = snapshot(folder)
    assert_one_line(run("import", str(WORKED), "--store", str(folder)), "not a vint store and not empty",
                    "letter.txt", "empty or already a store")
    assert snapshot(folder) == before
    assert run("import", str(WORKED), "--store", str(tmp_path / "empty")).exit_code == 0  # new folder: fine
    (tmp_path / "made").mkdir()
    assert run("import", str(WORKED), "--store", str(tmp_path / "made")).exit_code == 0  # empty folder: fine


# ---------------------------------------------------------------- concurrent corrections


def test_each_of_two_racing_corrections_reports_the_version_it_stored(store: Store, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A second correction commits right after the first one releases the lock, before the
    first reports: each names its own version (both used to print the latest)."""
    import vint_replay.store.store as store_module
    from vint_replay.store.versions import Correction

    first, second = changed_evening(tmp_path, "first fix"), changed_evening(tmp_path, "second fix")
    real_lock = store_module.writer_lock
    raced: list[str] = []

    @contextmanager
    def lock_then_race(root: Path) -> Iterator[None]:
        with real_lock(root):
            yield
        if not raced:  # the other writer was waiting for the lock: it goes first now
            raced.append("second")
            assert Store(root).import_paths([str(second)], workers=1, correction=Correction("B", "bob")).replaced

    monkeypatch.setattr(store_module, "writer_lock", lock_then_race)
    result = run("correct", str(first), "--reason", "A", "--by", "ann", "--store", str(store.root))
    assert result.exit_code == 0, result.output
    assert raced and f"{EVENING_ID}: version 2 stored (ann: A)" in result.output, result.output
    assert [(v.number, v.author, v.reason) for v in store.versions(EVENING_ID)] == [
        (1, None, None), (2, "ann", "A"), (3, "bob", "B")]


# ---------------------------------------------------------------- the dashboard


def test_the_dashboard_shows_a_damaged_store_s_message_not_a_500(store: Store) -> None:
    from dashboards.app import create_app

    (store.root / CURRENT).unlink()
    request = {"output": "session-table.children", "outputs": {"id": "session-table", "property": "children"},
               "inputs": [{"id": "session-filter", "property": "value", "value": ""},
                          {"id": "session-sort", "property": "value", "value": "-date"},
                          {"id": "session-audit-only", "property": "value", "value": []},
                          {"id": "upload-result", "property": "children", "value": None}],
               "changedPropIds": ["session-filter.value"]}
    client = create_app(store.root).server.test_client()
    answer = client.post("/_dash-update-component", data=json.dumps(request), content_type="application/json")
    assert answer.status_code == 200, answer.text[-500:]
    shown = json.dumps(answer.get_json(), ensure_ascii=False)
    assert "is damaged" in shown and "lost its symbolic links" in shown and "vint-replay repair" in shown


# ---------------------------------------------------------------- a killed first import


@pytest.mark.parametrize("delay", [0.05, 0.2])
def test_a_first_import_killed_midway_leaves_an_empty_store_not_one_without_links(tmp_path: Path,
                                                                                 delay: float) -> None:
    """The first import commits an empty generation before its data, so killing it leaves
    `.current` (the store as it was: empty), not generations without `.current`, which would
    look like a store that lost its links."""
    from test_store_atomic import start_import
    from killing import kill_when_writing

    files = tmp_path / "files"
    files.mkdir()
    raw = json.loads(EVENING.read_text(encoding="utf-8"))
    for i in range(120):
        raw["session"]["id"] = f"copy-{i:03d}"
        write_record(files / f"copy-{i:03d}.json", raw)
    root = tmp_path / "store"
    process = start_import(root, str(files))
    kill_when_writing(process, root, delay)
    assert os.path.islink(root / CURRENT)
    check = run("check", "--store", str(root))
    assert check.exit_code == 0, check.output
    assert len(Store(root).session_ids()) in (0, 120)
    assert len(Store(root).import_paths([str(files)], workers=1).outcomes) == 120
    assert len(Store(root).session_ids()) == 120
