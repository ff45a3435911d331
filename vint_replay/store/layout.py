"""The store's folder: immutable generations of the five tables, switched atomically.

::

    store/
      .lock                          writers hold an exclusive flock on it
      .generations/g000007/deals/year=2026/part-….parquet   (and the other tables)
      .generations/g000007/manifest.json        every file's size, checksum, rows, sessions
      .current -> .generations/g000007          the one committed generation
      deals -> .current/deals                   (one such link per table, made once)
      dd_tables -> .current/dd_tables           derived datasets (e.g. the analysis) likewise

A writer builds generation N+1 next to N: unchanged files are hard links, new files are
written there, and every file is recorded in the manifest; then it flips ``.current`` with one ``rename`` of a symlink. A reader (ours,
pyarrow's, DuckDB's) follows ``store/deals`` to whichever generation is committed, so it sees
the store before or after an import, never in between. A crash leaves an unreferenced
generation behind, deleted by the next writer.

Besides the five tables a generation may hold *derived* datasets (any other folder, e.g. the
analysis' ``dd_tables``): rows computed from the tables, keyed by ``session_id``. Every writer
carries them over like the tables (hard links), so they live and die with their generation.
"""
from __future__ import annotations

import errno
import fcntl
import os
import shutil
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .errors import StoreError
from .manifest import FileEntry, Manifest, ManifestError, entry_of, load_manifest, write_manifest
from .schema import LEGACY_NULL_PARTITION, TABLES, UNKNOWN_YEAR, PARTITION

GENERATIONS = ".generations"
CURRENT = ".current"
LOCK = ".lock"
KEEP_PREVIOUS = 1  # generations kept after a commit besides the current one, for slow readers


def gen_name(number: int) -> str:
    return f"g{number:06d}"


def current_generation(root: Path) -> Path | None:
    """The committed generation's folder, or ``None`` for a store never written to."""
    link = root / CURRENT
    if not os.path.lexists(link):
        return None
    try:
        return root / GENERATIONS / Path(os.readlink(link)).name
    except OSError as err:
        raise StoreError(f"{link} should be a symbolic link to the committed generation; the store is damaged "
                         f"({err.strerror or err})") from err


def generation_number(path: Path | None) -> int:
    """A generation's number (-1 for none, or for a name that is not a generation's)."""
    if path is None or not path.name[1:].isdigit():
        return -1
    return int(path.name[1:])


def upgraded(relative: Path) -> Path:
    """A data file's path in a new generation: a version-1 store's null-year partition
    becomes the explicit ``year=0``."""
    parts = relative.parts
    if len(parts) > 1 and parts[1] == LEGACY_NULL_PARTITION:
        return Path(parts[0], f"{PARTITION}={UNKNOWN_YEAR}", *parts[2:])
    return relative


def table_names(generation: Path | None) -> list[str]:
    """The five tables, then the derived datasets a generation holds, sorted."""
    if generation is None:
        return list(TABLES)
    derived = sorted(p.name for p in generation.iterdir() if p.is_dir() and p.name not in TABLES)
    return [*TABLES, *derived]


def data_files(generation: Path, table: str) -> list[Path]:
    """The Parquet files of one table in a generation, sorted."""
    return sorted((generation / table).glob("*/*.parquet"))


def is_store(root: Path) -> bool:
    """Whether a folder has been written to as a store (it has generations or ``.current``)."""
    return (root / GENERATIONS).is_dir() or os.path.lexists(root / CURRENT)


def check_links(root: Path) -> None:
    """Refuse a folder that is not a store but has a table's name in it; a store whose table
    entry is a real folder is left to :func:`link_problems` (it is damage, for ``repair``)."""
    if is_store(root):
        return
    for table in TABLES:
        if os.path.lexists(root / table):
            raise StoreError(f"{root} is not a vint store (or was copied without its symlinks): "
                             f"{table}/ should be a link to .current/{table}")


def refuse_foreign(root: Path) -> None:
    """Refuse to make a store in a folder that holds anything but a store: a store must be a
    new or empty folder, or a store already (``import --store /`` must not write into ``/``)."""
    if root.exists() and not root.is_dir():
        raise StoreError(f"{root} is not a folder: a store must be a folder that is empty or already a store")
    if not root.is_dir() or is_store(root):
        return
    check_links(root)
    others = sorted(p.name for p in root.iterdir() if p.name != LOCK)
    if others:
        shown = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
        raise StoreError(f"{root} is not a vint store and not empty (it holds {shown}): a store must be a folder "
                         "that is empty or already a store; choose a new folder with --store")


def link_problems(root: Path, generation: Path) -> list[tuple[str, str]]:
    """The table entries of ``root`` that are not the links readers open (``store/deals ->
    .current/deals``): ``(name, what is wrong)`` for each."""
    wrong = []
    for table in table_names(generation):
        link = root / table
        expected = Path(CURRENT) / table
        if not os.path.lexists(link):
            wrong.append((table, f"is missing: pandas, pyarrow and DuckDB find no {table} table "
                                 f"(it should be a link to {expected})"))
        elif not link.is_symlink():
            wrong.append((table, f"is a real folder or file, not the link to {expected}: plain readers "
                                 "do not see the store's committed rows"))
        elif Path(os.readlink(link)) != expected:
            wrong.append((table, f"links to {os.readlink(link)}, not to {expected}"))
    return wrong


def switch_current(root: Path, generation: Path) -> None:
    """Point ``.current`` at ``generation`` with one rename of a fresh symlink: the commit point."""
    temp = root / f"{CURRENT}.{uuid.uuid4().hex[:8]}"
    os.symlink(Path(GENERATIONS) / generation.name, temp)
    os.replace(temp, root / CURRENT)


def link_tables(root: Path, generation: Path) -> None:
    """Make the missing ``store/<table> -> .current/<table>`` links (made once per table)."""
    for table in table_names(generation):
        link = root / table
        if not os.path.lexists(link):
            os.symlink(Path(CURRENT) / table, link)


@contextmanager
def writer_lock(root: Path) -> Iterator[None]:
    """Hold the store's writer lock (waits for another writer to finish). On a read-only
    store the lock is taken on the existing lock file opened for reading, so that a command
    with nothing to write still runs."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(root / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            if err.errno not in READ_ONLY or not (root / LOCK).is_file():
                raise
            fd = os.open(root / LOCK, os.O_RDONLY)
    except OSError as err:
        raise unwritable(root, err) from err
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def unwritable(root: Path, err: OSError) -> StoreError:
    """The one line to show for a write the file system refused (full, read-only, no access)."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        why = "the disk is full (no space left on device)"
    elif err.errno in READ_ONLY:
        why = "it is read-only or not writable by this user"
    else:
        why = err.strerror or str(err)
    return StoreError(f"cannot write the store {root}: {why}; nothing was changed")


@contextmanager
def writing(root: Path) -> Iterator[None]:
    """Turn the file system's refusal of a write (full, read-only, no access) into the
    :class:`StoreError` of :func:`unwritable`; whoever writes cleans up as it unwinds."""
    try:
        yield
    except OSError as err:
        if err.errno in (errno.ENOSPC, errno.EDQUOT, *READ_ONLY):
            raise unwritable(root, err) from err
        raise


def _fsync(path: Path) -> None:
    """Flush a file's data, or a folder's entries, to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Transaction:
    """A new generation being built under the writer lock; nothing is visible before
    :meth:`commit`, and :meth:`abort` (or a crash) leaves the store as it was."""

    def __init__(self, root: Path) -> None:
        check_links(root)
        self.root = root
        self.base = current_generation(root)
        collect_garbage(root)
        existing = [generation_number(p) for p in (root / GENERATIONS).glob("g*")]
        self.path = root / GENERATIONS / gen_name(max([generation_number(self.base), *existing]) + 1)
        self.committed = False
        try:
            self.path.mkdir(parents=True)
            for table in TABLES:
                (self.path / table).mkdir()
        except OSError:
            self.abort()
            raise
        self.written: list[Path] = []
        self.recorded: dict[str, FileEntry] = {}  # manifest entries of the files carried over
        self.sessions_in: dict[Path, set[str]] = {}  # session ids of new files, as their writers tell
        self._manifests: dict[Path, Manifest | None] = {}

    def new_file(self, table: str, partition: str) -> Path:
        """A fresh file name in ``table/partition`` of the new generation."""
        folder = self.path / table / partition
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"part-{uuid.uuid4().hex[:16]}.parquet"
        self.written.append(path)
        return path

    def holds(self, path: Path, ids: set[str]) -> None:
        """Tell the manifest that a new file holds these sessions (else it reads them back)."""
        self.sessions_in.setdefault(path, set()).update(ids)

    def sessions_of(self, path: Path) -> set[str] | None:
        """The session ids of a file of the new generation, if known without reading it."""
        entry = self.recorded.get(str(path.relative_to(self.path)))
        return set(entry.sessions) if entry is not None else self.sessions_in.get(path)

    def keep(self, file: Path, source: Path | None = None) -> None:
        """Carry a file of the base generation (or of ``source``) over unchanged (a hard
        link, no copy), with its manifest entry."""
        source = source or self.base
        assert source is not None
        relative = file.relative_to(source)
        target = upgraded(relative)
        self._link(file, self.path / target)
        entry = self._manifest(source).get(str(relative))
        if entry is not None:
            self.recorded[str(target)] = entry

    def _manifest(self, generation: Path) -> dict[str, FileEntry]:
        """A generation's recorded files (none if it has no readable manifest)."""
        if generation not in self._manifests:
            try:
                self._manifests[generation] = load_manifest(generation)
            except ManifestError:
                self._manifests[generation] = None
        manifest = self._manifests[generation]
        return manifest.files if manifest is not None else {}

    def keep_table(self, table: str) -> None:
        """Carry every file of one table (or derived dataset) over unchanged."""
        if self.base is not None:
            for file in data_files(self.base, table):
                self.keep(file)

    def _link(self, file: Path, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(file, target)
        except OSError:
            shutil.copy2(file, target)
            self.written.append(target)

    def commit(self) -> None:
        """Record every file in the manifest, make the new generation durable, then switch
        ``.current`` to it in one rename."""
        files = {str(f.relative_to(self.path)): f for t in table_names(self.path) for f in data_files(self.path, t)}
        entries = {rel: self.recorded.get(rel) or entry_of(path, self.sessions_in.get(path)) for rel, path in files.items()}
        self.written.append(write_manifest(self.path, entries))
        for path in self.written:
            _fsync(path)
        for folder, _, _ in os.walk(self.path):  # every folder: new files and hard links alike
            _fsync(Path(folder))
        _fsync(self.path.parent)
        switch_current(self.root, self.path)
        self.committed = True
        try:
            _fsync(self.root)
            link_tables(self.root, self.path)
            collect_garbage(self.root)
        except OSError:  # the commit stands; `check` names a missing link, and the next write makes it
            pass

    def abort(self) -> None:
        """Delete the generation being built (never one already committed)."""
        if not self.committed:
            shutil.rmtree(self.path, ignore_errors=True)


def collect_garbage(root: Path) -> None:
    """Delete generations left by crashed writers and all but the latest superseded ones.
    Call only under the writer lock. Deletes nothing while ``.current`` is missing or points
    to no generation: the generations are then all the store has (``repair`` needs them)."""
    generation = current_generation(root)
    current = generation_number(generation)
    folder = root / GENERATIONS
    if not folder.is_dir() or generation is None or not generation.is_dir():
        return
    older = []
    for entry in folder.iterdir():
        number = int(entry.name[1:]) if entry.name[1:].isdigit() else None
        if number is None or number > current:
            shutil.rmtree(entry, ignore_errors=True)
        elif number < current:
            older.append(number)
    for number in sorted(older)[:-KEEP_PREVIOUS or None]:
        shutil.rmtree(folder / gen_name(number), ignore_errors=True)
    for stray in root.glob(f"{CURRENT}.*"):
        stray.unlink(missing_ok=True)
