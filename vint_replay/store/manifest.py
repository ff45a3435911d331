"""What a generation holds, as its writer recorded it: ``manifest.json`` lists every data file
with its size, BLAKE2b checksum, row count and session ids, and the store's schema version.

``vint-replay check`` verifies the files against it, and ``repair`` uses the session ids to
name the sessions a damaged file held. A generation written before manifests existed (schema
version 1) has none.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .errors import StoreError
from .schema import SCHEMA_VERSION

MANIFEST = "manifest.json"
LEGACY_VERSION = 1  # a generation without a manifest


class ManifestError(Exception):
    """A manifest that cannot be read (the generation is damaged)."""


class NewerStoreError(StoreError):
    """A store of a schema version this vint-replay does not know: refused, not damaged."""


@dataclass(frozen=True)
class FileEntry:
    """One data file as written: bytes, checksum, rows, and the sessions it holds."""

    size: int
    blake2b: str
    rows: int
    sessions: tuple[str, ...]


@dataclass(frozen=True)
class Manifest:
    """A generation's schema version and files (by path relative to the generation)."""

    schema_version: int
    files: dict[str, FileEntry]


def checksum(path: Path) -> str:
    """The BLAKE2b-128 checksum of a file's bytes (streamed)."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, lambda: hashlib.blake2b(digest_size=16)).hexdigest()


def session_ids(column: pa.Array | pa.ChunkedArray) -> set[str]:
    """The distinct session ids of a column (plain or dictionary-encoded)."""
    ids: set[str] = set()
    for chunk in column.chunks if isinstance(column, pa.ChunkedArray) else [column]:
        if pa.types.is_dictionary(chunk.type):
            ids.update(chunk.dictionary.take(pc.unique(chunk.indices.drop_null())).to_pylist())
        else:
            ids.update(pc.unique(chunk.drop_null()).to_pylist())
    return ids


def entry_of(path: Path, sessions: set[str] | None = None) -> FileEntry:
    """Record a data file just written: its size, checksum, rows and distinct session ids
    (read from the file unless the writer knows them)."""
    metadata = pq.ParquetFile(path).metadata
    if sessions is None:
        sessions = session_ids(pq.read_table(path, columns=["session_id"], read_dictionary=["session_id"])
                               .column("session_id"))
    return FileEntry(os.path.getsize(path), checksum(path), metadata.num_rows, tuple(sorted(sessions)))


def load_manifest(generation: Path) -> Manifest | None:
    """The generation's manifest, ``None`` for a version-1 generation; raises
    :class:`ManifestError` if it is unreadable, :class:`NewerStoreError` if it is newer."""
    path = generation / MANIFEST
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise ManifestError(f"{MANIFEST} cannot be read: {err.strerror or err}") from err
    try:
        raw = json.loads(data.decode("utf-8"))
        version = int(raw["schema_version"])
    except (ValueError, KeyError, TypeError) as err:
        raise ManifestError(f"{MANIFEST} is damaged ({type(err).__name__}: {err})") from err
    if version > SCHEMA_VERSION:
        raise NewerStoreError(f"{generation.parent.parent} has store schema version {version}, written by a newer "
                              f"vint-replay; this version reads versions up to {SCHEMA_VERSION}: upgrade vint-replay")
    try:
        files = {name: FileEntry(int(e["size"]), str(e["blake2b"]), int(e["rows"]), tuple(e["sessions"]))
                 for name, e in raw["files"].items()}
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise ManifestError(f"{MANIFEST} is damaged ({type(err).__name__}: {err})") from err
    return Manifest(version, files)


def write_manifest(generation: Path, files: dict[str, FileEntry]) -> Path:
    """Write the manifest of a generation being built (before it is committed)."""
    path = generation / MANIFEST
    raw = {"schema_version": SCHEMA_VERSION,
           "files": {name: asdict(entry) for name, entry in sorted(files.items())}}
    path.write_text(json.dumps(raw, ensure_ascii=False, indent=1), encoding="utf-8")
    return path
