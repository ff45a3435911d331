"""``vint-replay repair``: bring a damaged store back to a consistent generation, atomically.

Two ways back are weighed by the sessions each loses: the newest earlier generation that
verifies clean, or the committed one without the sessions the damaged files held (their rows
are dropped from every table, so no session is left half stored). The damaged files are kept
in ``.damaged/`` and every dropped session is named with the file it was imported from, so
nothing is lost silently: importing those files again restores them. A clean store of schema
version 1 (no manifest) is upgraded: the new generation gets a manifest.
"""
from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow.parquet as pq

from .damage import Problem, committed_or_dangling, consistency, generations, verify
from .content import same_session
from .errors import StoreError
from .layout import (CURRENT, Transaction, data_files, generation_number, is_store, link_problems, link_tables,
                     switch_current, table_names, writer_lock, writing)
from .manifest import MANIFEST, ManifestError, load_manifest
from .store import copy_without, holds_any

DAMAGED = ".damaged"  # where repair keeps the damaged files, for inspection


@dataclass(frozen=True)
class DroppedSession:
    """A session the repaired store no longer holds, and the file to import it again from."""

    session_id: str
    source_file: str | None
    reverted: bool = False  # still stored, with the content it had before its last replacement


@dataclass
class RepairSummary:
    """What ``repair`` did: ``action`` is ``clean``, ``upgraded``, ``relinked``, ``rolled
    back`` or ``dropped damaged sessions``."""

    action: str
    problems: list[Problem] = field(default_factory=list)
    dropped: list[DroppedSession] = field(default_factory=list)
    generation: str | None = None  # the new committed generation
    kept_in: Path | None = None  # where the damaged files were kept
    links: list[str] = field(default_factory=list)  # the links made again (``.current``, tables)
    set_aside: Path | None = None  # where what stood in place of a table link was moved
    unnamed: str | None = None  # a lost generation whose sessions cannot be named (its folder is gone)


@dataclass(frozen=True)
class _Plan:
    """One way back: the generation to start from, the files to leave out, the sessions lost."""

    source: Path
    damaged: frozenset[str]  # files (relative to source) left out
    lost: frozenset[str]  # session ids not in the result
    drop: frozenset[str]  # session ids whose rows are removed from the kept files


def repair(root: Path) -> RepairSummary:
    """Repair the store at ``root`` under the writer lock (see the module docstring)."""
    if not root.is_dir() or not is_store(root):  # checked before the lock, which would make the folder
        raise StoreError(f"{root} is not a vint store: it has never been written to")
    with writer_lock(root), writing(root):
        current, problems = committed_or_dangling(root)
        copied = os.path.lexists(root / CURRENT) and not (root / CURRENT).is_symlink()
        set_aside = _set_aside(root, [CURRENT]) if copied else None  # then repaired as a lost link
        unnamed = None
        if current is None and os.path.lexists(root / CURRENT):  # dangling: its generation is gone
            unnamed = Path(os.readlink(root / CURRENT)).name
        elif current is None:  # .current lost with the other links: the newest generation was committed
            current = generations(root)[0]
            problems = [*problems, *verify(current)]
        links = [p.file for p in problems if p.file == CURRENT]
        if current is not None:
            wrong = [name for name, _ in link_problems(root, current)]
            set_aside = _set_aside(root, wrong) or set_aside
            links += wrong
        damage = [p for p in problems if p.file != CURRENT]
        if current is not None and not damage:
            if links:
                switch_current(root, current)
                link_tables(root, current)
                return RepairSummary("relinked", problems, generation=current.name, links=links, set_aside=set_aside)
            if (current / MANIFEST).exists():
                return RepairSummary("clean", generation=current.name)
            return RepairSummary("upgraded", generation=_commit(root, _Plan(current, frozenset(), frozenset(),
                                                                             frozenset())))
        known = _sessions(current) if current is not None else {}
        rollback = _rollback(root, current, known)
        if current is not None and any(p.file == MANIFEST for p in damage):  # no record: the tables themselves
            damage = [p for p in damage if p.file != MANIFEST] + verify(current, use_manifest=False) + \
                consistency(current)
            problems = [*problems, *damage]
        older = _sessions(rollback.source) if rollback is not None else {}  # before the commit deletes it
        plans = [p for p in (rollback, _without_damage(current, damage, older, known)) if p is not None]
        if not plans:
            raise StoreError(f"{root} cannot be repaired: no earlier generation verifies clean and the damaged "
                             "files' sessions cannot be named; import the sessions into a new store")
        plan = min(plans, key=lambda p: len(p.lost))  # on a tie, the rollback (listed first)
        reverted = older if plan is rollback else {}
        dropped = [DroppedSession(sid, (known.get(sid) or older.get(sid) or _Stored()).source_file, sid in reverted)
                   for sid in sorted(plan.lost)]
        damaged = {p.file for p in damage if not p.sessions}.union(*(p.damaged for p in plans))
        kept_in = _keep_damaged(root, current, damaged) if current is not None else None
        generation = _commit(root, plan)
        action = "dropped damaged sessions" if plan.source == current else "rolled back"
        return RepairSummary(action, problems, dropped, generation, kept_in, links, set_aside, unnamed)


def _set_aside(root: Path, names: list[str]) -> Path | None:
    """Move what stands where a link should be (a real folder, a file, a link elsewhere) into
    ``.damaged/links-<time>/``, so that the link can be made again; the folder, if anything
    was moved."""
    folder = root / DAMAGED / f"links-{time.strftime('%Y%m%dT%H%M%S')}"
    moved = None
    for name in names:
        if os.path.lexists(root / name):
            folder.mkdir(parents=True, exist_ok=True)
            os.rename(root / name, folder / name)
            moved = folder
    return moved


def _rollback(root: Path, current: Path | None, known: dict[str, _Stored]) -> _Plan | None:
    """The newest generation before the committed one that verifies clean, if any."""
    newest = generation_number(current) if current is not None else _dangling_number(root)
    for candidate in generations(root):
        if generation_number(candidate) < newest and not verify(candidate):
            older = _sessions(candidate)
            changed = {sid for sid, stored in known.items() if sid not in older or not older[sid].holds(stored)}
            return _Plan(candidate, frozenset(), frozenset(changed), frozenset())
    return None


def _without_damage(current: Path | None, problems: list[Problem], older: dict[str, _Stored],
                    known: dict[str, _Stored]) -> _Plan | None:
    """The committed generation without its damaged files and the sessions they held (and,
    when its manifest is lost, without the sessions its tables disagree on; the sessions of
    the generation before that it lacks are lost too); ``None`` if they cannot be named."""
    if current is None:
        return None
    try:
        manifest = load_manifest(current)
    except ManifestError:
        manifest = None
    damaged = {p.file for p in problems if not p.sessions}
    lost: set[str] = {sid for p in problems for sid in p.sessions}
    if manifest is None:
        lost.update(set(older) - set(known))
    for rel in damaged:
        entry = manifest.files.get(rel) if manifest is not None else None
        if entry is not None:
            lost.update(entry.sessions)
        elif manifest is None:  # a version-1 file: every session of its partition
            partition = _partition_ids(current, rel, damaged)
            if partition is None:
                return None
            lost.update(partition)
        # a file missing from the manifest was never part of the store: left out, nothing lost
    return _Plan(current, frozenset(damaged), frozenset(lost), frozenset(lost))


def _partition_ids(generation: Path, rel: str, damaged: set[str]) -> set[str] | None:
    """The session ids of the partition ``rel`` lies in, from its undamaged sessions files."""
    partition = rel.split("/")[1]
    files = [f for f in (generation / "sessions" / partition).glob("*.parquet")]
    if any(str(f.relative_to(generation)) in damaged for f in files):
        return None
    return {sid for f in files for sid in pq.read_table(f, columns=["session_id"]).column(0).to_pylist()}


@dataclass(frozen=True)
class _Stored:
    """A stored session's source file and content hash (``None`` where unreadable)."""

    source_file: str | None = None
    content_sha256: str | None = None
    kept_sha256: str | None = None  # of its figures and kept tags (null before schema version 5)

    def holds(self, newer: _Stored) -> bool:
        """Whether this older generation's session holds what ``newer`` holds (both hashes known)."""
        return self.content_sha256 is not None and newer.content_sha256 is not None and same_session(
            (self.content_sha256, self.kept_sha256), (newer.content_sha256, newer.kept_sha256))


def _sessions(generation: Path) -> dict[str, _Stored]:
    """The sessions of a generation: from its readable sessions files, and from the
    manifest for the others (source and content unknown)."""
    out: dict[str, _Stored] = {}
    for file in data_files(generation, "sessions"):
        try:
            rows = pq.read_table(file, columns=["session_id", "source_file", "content_sha256"]).to_pydict()
            kept = pq.read_table(file, columns=["kept_sha256"]).column(0).to_pylist() \
                if "kept_sha256" in pq.read_schema(file).names else [None] * len(rows["session_id"])
        except Exception:  # a damaged file: its ids come from the manifest below
            continue
        out.update((sid, _Stored(source, digest, held)) for sid, source, digest, held in zip(*rows.values(), kept))
    try:
        manifest = load_manifest(generation)
    except ManifestError:
        manifest = None
    for rel, entry in (manifest.files.items() if manifest is not None else ()):
        if rel.startswith("sessions/"):
            for sid in entry.sessions:
                out.setdefault(sid, _Stored())
    return out


def _commit(root: Path, plan: _Plan) -> str:
    """A new generation from ``plan.source``: its files but the damaged ones, without the
    dropped sessions' rows, with a fresh manifest; committed in one rename."""
    txn = Transaction(root)
    try:
        for table in table_names(plan.source):
            for file in data_files(plan.source, table):
                rel = str(file.relative_to(plan.source))
                if rel in plan.damaged:
                    continue
                if plan.drop and holds_any(file, set(plan.drop)):
                    copy_without(txn, table, file, set(plan.drop))
                else:
                    txn.keep(file, plan.source)
        txn.commit()
    except BaseException:
        txn.abort()
        raise
    return txn.path.name


def _keep_damaged(root: Path, generation: Path, damaged: set[str]) -> Path | None:
    """Hard-link (or copy) the damaged files that still exist into ``.damaged/``."""
    existing = [rel for rel in sorted(damaged) if (generation / rel).is_file()]
    if not existing:
        return None
    folder = root / DAMAGED / f"{generation.name}-{time.strftime('%Y%m%dT%H%M%S')}"
    for rel in existing:
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(generation / rel, target)
        except OSError:
            shutil.copy2(generation / rel, target)
    return folder


def _dangling_number(root: Path) -> float:
    """The number of the generation a dangling ``.current`` names (any generation is older
    than a name that is not a generation's)."""
    number = generation_number(root / Path(os.readlink(root / CURRENT)).name)
    return number if number >= 0 else float("inf")

