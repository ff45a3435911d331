"""Finding damage in a store: each file of a generation against its manifest (exists, size,
checksum, readable Parquet, schema, rows), and the ``.current`` link itself.

A version-1 generation (no manifest) is checked for readability and schema only.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pyarrow.parquet as pq

from .layout import CURRENT, GENERATIONS, StoreError, current_generation, data_files, table_names
from .manifest import LEGACY_VERSION, MANIFEST, FileEntry, ManifestError, checksum, load_manifest
from .schema import ADDED_COLUMNS, TABLES, read_schema

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
    :class:`StoreDamaged` if ``.current`` points to nothing."""
    generation = current_generation(root)
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
        return [p for rel, path in sorted(on_disk.items()) for p in _unless_sound(path, rel, None)] \
            if thorough else []
    problems: list[Problem] = []
    for rel, entry in sorted(manifest.files.items()):
        if wanted is None or rel.split("/", 1)[0] in wanted:
            problems.extend(_check(generation / rel, rel, entry, thorough))
    for rel in sorted(set(on_disk) - set(manifest.files)):
        problems.append(Problem(rel, "is not recorded in the manifest: vint-replay did not write it"))
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


def _schema_differences(table: str, schema: object) -> str:
    expected = read_schema(table)
    found = {f.name: f.type for f in schema}  # type: ignore[attr-defined]
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
    """Verify every file of the committed generation against its manifest."""
    if not root.is_dir():
        raise StoreError(f"{root} is not a vint store: there is no such folder")
    generation, problems = committed_or_dangling(root)
    if generation is None and problems:
        return CheckReport(None, None, 0, problems)
    if generation is None:
        raise StoreError(f"{root} is not a vint store yet: import sessions into it first")
    try:
        manifest = load_manifest(generation)
    except ManifestError:
        manifest = None
    files = sum(len(data_files(generation, t)) for t in table_names(generation))
    version = manifest.schema_version if manifest is not None else \
        None if (generation / MANIFEST).exists() else LEGACY_VERSION
    return CheckReport(generation.name, version, files, problems)
