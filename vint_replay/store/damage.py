"""Finding damage in a store: each file of a generation against its manifest (exists, size,
checksum, readable Parquet, schema, rows), and the ``.current`` link itself.

A version-1 generation (no manifest) is checked for readability and schema only.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pyarrow as pa
import pyarrow.parquet as pq

from .layout import (CURRENT, GENERATIONS, StoreError, current_generation, data_files, generation_number,
                     link_problems, table_names)
from .manifest import LEGACY_VERSION, MANIFEST, FileEntry, ManifestError, checksum, load_manifest
from .schema import ADDED_COLUMNS, PARTITION, TABLES, UNKNOWN_YEAR, read_schema

SHOWN_PROBLEMS = 10  # problems listed in an error message; `vint-replay check` lists them all

# Files this process found sound, by device, inode, size, mtime and recorded checksum: a
# committed file never changes, so reads verify each file once, whichever generations link it
# (a file rewritten in place gets a new mtime and is verified again).
_sound: set[tuple[int, int, int, int, str | None]] = set()


@dataclass(frozen=True)
class Problem:
    """One damaged part of a store: ``file`` relative to the store folder (``deals/…``
    resolves through ``.current``), and what is wrong with it in plain words."""

    file: str
    message: str
    sessions: tuple[str, ...] = ()  # the sessions a problem found across tables concerns (no file to blame)

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


class StoreDamaged(StoreError):
    """The store's committed generation is damaged: reads and writes refuse it."""

    def __init__(self, root: Path, problems: list[Problem]) -> None:
        self.root = root
        self.problems = problems
        shown = [f"  {p}" for p in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            shown.append(f"  … and {len(problems) - SHOWN_PROBLEMS} more")
        super().__init__("\n".join([f"the store {root} is damaged:", *shown,
                                    f"`vint-replay check --store {root}` lists the problems; "
                                    f"`vint-replay repair --store {root}` brings the store back to a consistent state"]))


def committed(root: Path) -> Path | None:
    """The committed generation (``None`` for a store never written to); raises
    :class:`StoreDamaged` if ``.current`` points to nothing, or is missing though the store
    has generations (a copy that dropped the symbolic links)."""
    if os.path.lexists(root / CURRENT) and not (root / CURRENT).is_symlink():
        raise StoreDamaged(root, [Problem(CURRENT, "is a real folder or file, not the symbolic link to the committed "
                                                   "generation: the store was copied following its links")])
    generation = current_generation(root)
    if generation is None and generations(root):
        names = ", ".join(p.name for p in reversed(generations(root)))
        raise StoreDamaged(root, [Problem(CURRENT, f"is missing, but {GENERATIONS}/ holds {names}: the store lost its "
                                                   "symbolic links (a copy or sync that drops them does this)")])
    if generation is not None and not generation.is_dir():
        target = os.readlink(root / CURRENT)
        raise StoreDamaged(root, [Problem(CURRENT, f"points to {target}, which does not exist")])
    return generation


def verify(generation: Path, tables: Iterable[str] | None = None, thorough: bool = True,
           use_manifest: bool = True) -> list[Problem]:
    """The problems of a generation's files (of ``tables`` only, if given). ``thorough``
    checks checksums, schemas and rows; otherwise only that each recorded file exists with
    its size (cheap enough for every read). Without a manifest (or ``use_manifest=False``)
    every file is decoded and its schema checked. Raises :class:`NewerStoreError` for a
    store of a newer schema version."""
    wanted = set(tables) if tables is not None else None
    try:
        manifest = load_manifest(generation) if use_manifest else None
    except ManifestError as err:
        return [Problem(MANIFEST, str(err))]
    on_disk = {str(f.relative_to(generation)): f for t in table_names(generation)
               if wanted is None or t in wanted for f in data_files(generation, t)}
    if manifest is None:
        written_with = _manifest_era(generation) if use_manifest else None
        if written_with is not None:
            return [Problem(MANIFEST, f"is missing, though {written_with}: the record of what the generation holds "
                                      "is lost (a missing or replaced file cannot be told without it)")]
        return [p for rel, path in sorted(on_disk.items()) for p in _unless_sound(path, rel, None)] \
            if thorough else []
    problems: list[Problem] = []
    for rel, entry in sorted(manifest.files.items()):
        if wanted is None or rel.split("/", 1)[0] in wanted:
            problems.extend(_check(generation / rel, rel, entry, thorough))
    for rel in sorted(set(on_disk) - set(manifest.files)):
        problems.append(Problem(rel, "is not recorded in the manifest: vint-replay did not write it"))
    return problems


def _manifest_era(generation: Path) -> str | None:
    """Why a generation without a manifest must have had one (schema version 2 writes a
    manifest, ``deals.doubled`` and ``year=0`` together), or ``None`` if it may be a
    version-1 generation."""
    number = generation_number(generation)
    if any((g / MANIFEST).exists() for g in generations(generation.parent.parent) if generation_number(g) < number):
        return "the generations before it have one"
    if any(p.is_dir() for p in generation.glob(f"*/{PARTITION}={UNKNOWN_YEAR}")):
        return f"it has {PARTITION}={UNKNOWN_YEAR} partitions, which only stores with manifests write"
    for file in data_files(generation, "deals"):
        try:
            if "doubled" in pq.read_schema(file).names:
                return "its deals files have the doubled column, which only stores with manifests write"
        except Exception:  # an unreadable file says nothing about the era; verify names it
            continue
    return None


def consistency(generation: Path) -> list[Problem]:
    """What the tables of a generation say about each other, for a generation whose manifest
    is lost: every session has as many deals rows as its sessions row says, its calls and
    cards where its deals gave them, and no table holds rows of a session the sessions table
    lacks. Each problem names the sessions it concerns."""
    from ..games.registry import get_profile, profile_names

    uncalled = {name for name in profile_names() if not get_profile(name).calls_stored}

    def read(table: str, columns: list[str]) -> dict[str, list]:
        rows: dict[str, list] = {c: [] for c in columns}
        for file in data_files(generation, table):
            try:
                part = pq.read_table(file, columns=columns).to_pydict()
            except Exception:  # an unreadable file is damage that verify names
                continue
            for c in columns:
                rows[c].extend(part[c])
        return rows

    sessions = read("sessions", ["session_id", "deals", "rules"])
    deals = read("deals", ["session_id", "play_given", "result"])
    expected = dict(zip(sessions["session_id"], sessions["deals"]))
    uncalled_sessions = {sid for sid, rules in zip(sessions["session_id"], sessions["rules"]) if rules in uncalled}
    counted: dict[str, int] = {}
    played: set[str] = set()
    bid: set[str] = set()
    for sid, play, result in zip(deals["session_id"], deals["play_given"], deals["result"]):
        counted[sid] = counted.get(sid, 0) + 1
        if play:
            played.add(sid)
        if result is None and sid not in uncalled_sessions:  # a game may keep no calls rows (calls_stored)
            bid.add(sid)
    present = {t: set(read(t, ["session_id"])["session_id"]) for t in ("calls", "plays", "scores")}
    problems: list[Problem] = []

    def add(table: str, ids: set[str], message: str) -> None:
        if ids:
            shown = ", ".join(repr(i) for i in sorted(ids)[:SHOWN_PROBLEMS])
            problems.append(Problem(table, f"{message}: {shown}{' …' if len(ids) > SHOWN_PROBLEMS else ''}",
                                    tuple(sorted(ids))))

    add("deals", {sid for sid, n in expected.items() if counted.get(sid, 0) != n},
        "sessions whose deals rows are not as many as their sessions row says")
    add("calls", bid - present["calls"], "sessions whose auctions are recorded but have no calls rows")
    add("plays", played - present["plays"], "sessions whose play is recorded but have no plays rows")
    for table, ids in (("deals", set(counted)), *present.items()):
        add(table, ids - set(expected), "rows of sessions the sessions table does not hold")
    return problems


def _check(path: Path, rel: str, entry: FileEntry, thorough: bool) -> list[Problem]:
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        return [Problem(rel, f"is missing (it held {_rows(entry)})")]
    except OSError as err:
        return [Problem(rel, f"cannot be read: {err.strerror or err}")]
    if size != entry.size:
        return [Problem(rel, f"has {size} bytes where {entry.size} were written (truncated or overwritten)")]
    return _unless_sound(path, rel, entry) if thorough else []


def _unless_sound(path: Path, rel: str, entry: FileEntry | None) -> list[Problem]:
    """The file's problems, unless this process already found it sound: its checksum against
    the recorded one, then its Parquet schema and rows (every page, for a file without a
    recorded checksum)."""
    try:
        stat = os.stat(path)
        key = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, entry.blake2b if entry else None)
        if key in _sound:
            return []
        if entry is not None and checksum(path) != entry.blake2b:
            return [Problem(rel, "its bytes changed after it was written (the checksum differs)")]
    except OSError as err:
        return [Problem(rel, f"cannot be read: {err.strerror or err}")]
    problems = _readable(path, rel, entry, full=entry is None)
    if not problems:
        _sound.add(key)
    return problems


def _readable(path: Path, rel: str, entry: FileEntry | None, full: bool) -> list[Problem]:
    """A file opens as Parquet with its table's schema and recorded rows (``full``: every
    page is decoded too, for files that have no checksum)."""
    table = rel.split("/", 1)[0]
    try:
        source = pq.ParquetFile(path)
        if full:
            source.read()
    except Exception as err:  # pyarrow names no single exception class for a garbled file
        return [Problem(rel, f"is not a readable Parquet file ({err})")]
    schema = source.schema_arrow
    if table in TABLES:
        wrong = _schema_differences(table, schema)
        if wrong:
            return [Problem(rel, f"does not have the {table} table's schema ({wrong})")]
    elif "session_id" not in schema.names:
        return [Problem(rel, "has no session_id column")]
    rows = source.metadata.num_rows
    if entry is not None and rows != entry.rows:
        return [Problem(rel, f"holds {rows} rows where {entry.rows} were written")]
    return []


def _schema_differences(table: str, schema: pa.Schema) -> str:
    expected = read_schema(table)
    found = {f.name: f.type for f in schema}
    missing = [f.name for f in expected if f.name not in found and f.name not in ADDED_COLUMNS.get(table, ())]
    extra = [name for name in found if name not in expected.names]
    typed = [f"{f.name} is {found[f.name]}, not {f.type}" for f in expected
             if f.name in found and found[f.name] != f.type]
    parts = ([f"missing {', '.join(missing)}"] if missing else []) + \
            ([f"unexpected {', '.join(extra)}"] if extra else []) + typed
    return "; ".join(parts)


def _rows(entry: FileEntry) -> str:
    sessions = len(entry.sessions)
    return f"{entry.rows} rows of {sessions} session{'s' if sessions != 1 else ''}"


def generations(root: Path) -> list[Path]:
    """The store's generation folders, newest first."""
    folder = root / GENERATIONS
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if p.is_dir() and p.name[1:].isdigit()), reverse=True)


@dataclass(frozen=True)
class CheckReport:
    """What ``vint-replay check`` found: the committed generation, its schema version, how
    many files it holds and every problem."""

    generation: str | None
    schema_version: int | None
    files: int
    problems: list[Problem]


def committed_or_dangling(root: Path) -> tuple[Path | None, list[Problem]]:
    """The committed generation and all its problems; ``(None, [the link's problem])`` when
    ``.current`` points to nothing, ``(None, [])`` for a store never written to."""
    try:
        generation = committed(root)
    except StoreDamaged as err:
        return None, err.problems
    return generation, verify(generation) if generation is not None else []


def check_store(root: Path) -> CheckReport:
    """Verify every file of the committed generation against its manifest, the tables
    against each other when the manifest is lost, and the table links."""
    if not root.is_dir():
        raise StoreError(f"{root} is not a vint store: there is no such folder")
    generation, problems = committed_or_dangling(root)
    if generation is None and problems:
        return CheckReport(None, None, 0, problems)
    if generation is None:
        raise StoreError(f"{root} is not a vint store yet: import sessions into it first")
    if any(p.file == MANIFEST for p in problems):  # no record to check against: each file by itself
        problems = [*problems, *verify(generation, use_manifest=False), *consistency(generation)]
    problems = [*problems, *(Problem(name, message) for name, message in link_problems(root, generation))]
    try:
        manifest = load_manifest(generation)
    except ManifestError:
        manifest = None
    files = sum(len(data_files(generation, t)) for t in table_names(generation))
    version = manifest.schema_version if manifest is not None else \
        None if (generation / MANIFEST).exists() else LEGACY_VERSION
    return CheckReport(generation.name, version, files, problems)
