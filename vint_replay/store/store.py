"""The session store: import checked sessions, read the tables back as DataFrames, export a
session as it was imported, compact small files. See the package docstring for the API."""
from __future__ import annotations

import multiprocessing
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from ..engine.record import SessionRecord
from ..games.registry import registered
from .content import Digests, same_session
from .importer import CheckedBatch, FileOutcome, KnownFile, batched, check_files, expand_paths, remember
from .damage import Problem, StoreDamaged, committed, verify
from .errors import StoreError
from .layout import (Transaction, check_links, current_generation, data_files, link_problems, refuse_foreign, table_names,
                     upgraded, writer_lock, writing)
from .schema import PARTITION, SCHEMAS, TABLES, UNKNOWN_YEAR, read_schema, writer_options
from .manifest import session_ids
from .rows import record_from_tables
from .versions import VERSIONS, Correction, Version, record_versions, versions

HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"  # a version-1 store's unknown year, read as null
PARTITIONING = ds.HivePartitioning(pa.schema([(PARTITION, pa.int16())]), null_fallback=HIVE_NULL)
FILES_PER_BATCH = 64  # at most this many files, or
BYTES_PER_BATCH = 4 << 20  # of source text, are checked per worker task (bounds memory)
ROW_GROUP_ROWS = 1 << 20
AUTO_COMPACT_FILES = 16  # an import merges a partition holding more files than this

SessionIds = str | Sequence[str] | None
T = TypeVar("T")


def partition_name(year: int | None) -> str:
    """The hive folder name of a year partition (``year=2026``; ``year=0`` for an unknown
    year, so that every reader can infer the partition's type)."""
    return f"{PARTITION}={UNKNOWN_YEAR if year is None else year}"


def open_existing(path: str | os.PathLike[str]) -> Store:
    """The store at ``path``, refused with a :class:`StoreError` unless it is a store that
    has been written to, of a schema version this vint-replay reads, and not visibly damaged:
    the one check every command that reads a store makes before opening it."""
    store = Store(path)
    root = store.root
    if not root.is_dir():
        raise StoreError(f"{root} is not a vint store: there is no such folder")
    check_links(root)
    generation = committed(root)
    if generation is None:
        raise StoreError(f"{root} is not a vint store yet: import sessions into it first")
    problems = verify(generation, thorough=False)
    if problems:
        raise StoreDamaged(root, problems)
    return store


@dataclass
class ImportSummary:
    """The outcome of :meth:`Store.import_paths`, one :class:`FileOutcome` per file."""

    outcomes: list[FileOutcome] = field(default_factory=list)
    seconds: float = 0.0  # wall-clock time of the whole import
    check_cpu_seconds: float = 0.0  # CPU time spent reading, checking and scoring (all workers)
    peak_worker_rss_mb: float = 0.0

    def with_status(self, status: str) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.status == status]

    @property
    def imported(self) -> list[FileOutcome]:
        return self.with_status("imported")

    @property
    def replaced(self) -> list[FileOutcome]:
        return self.with_status("replaced")

    @property
    def unchanged(self) -> list[FileOutcome]:
        return self.with_status("unchanged")

    @property
    def rejected(self) -> list[FileOutcome]:
        return self.with_status("rejected")

    @property
    def deals(self) -> int:
        """Deals written (imported or replaced sessions)."""
        return sum(o.deals for o in self.outcomes if o.status in ("imported", "replaced"))


@dataclass(frozen=True)
class CompactSummary:
    files_before: int
    files_after: int
    seconds: float


class Store:
    """A folder of five hive-partitioned Parquet tables (see ``docs/store.md``)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.root = Path(path).expanduser()

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    # ------------------------------------------------------------ reading

    def dataset(self, table: str, generation: Path | None = None) -> ds.Dataset:
        """The pyarrow dataset of one table in the committed (or given) generation."""
        generation = generation or committed(self.root)
        schema = read_schema(table).append(pa.field(PARTITION, pa.int16()))
        if generation is None:
            return ds.dataset(pa.table({f.name: pa.array([], f.type) for f in schema}))
        problems = verify(generation, [table])  # each file's checksum once per process
        if problems:
            raise StoreDamaged(self.root, problems)
        return ds.dataset(generation / table, schema=schema, format="parquet", partitioning=PARTITIONING)

    def read(self, table: str, filter: ds.Expression | None = None, columns: list[str] | None = None,
             generation: Path | None = None) -> pa.Table:
        """Rows of ``table`` matching ``filter`` (pushed down to the Parquet scan), from the
        given generation or else the committed one."""
        if generation is not None:
            return self.dataset(table, generation).to_table(columns=columns, filter=filter)
        return self.snapshot(lambda g: self.dataset(table, g).to_table(columns=columns, filter=filter))

    def snapshot(self, read: Callable[[Path | None], T]) -> T:
        """``read(generation)`` on the committed generation; run again on the new one if a
        writer removed it meanwhile (old generations are deleted two commits later). A file
        that cannot be read raises :class:`StoreDamaged`, naming the damaged files."""
        for attempt in range(3):
            generation = committed(self.root)
            try:
                return read(generation)
            except (OSError, pa.ArrowException, StoreError) as err:
                if attempt < 2 and current_generation(self.root) != generation:
                    continue
                if isinstance(err, StoreError) or generation is None:
                    raise
                problems = verify(generation) or [Problem(str(generation.relative_to(self.root)),
                                                           f"a read failed though every file verifies ({err})")]
                raise StoreDamaged(self.root, problems) from err
        raise AssertionError("unreachable")

    def frame(self, table: str, session_id: SessionIds = None, deal: int | Sequence[int] | None = None,
              columns: list[str] | None = None, filter: ds.Expression | None = None) -> pd.DataFrame:
        """``table`` as a DataFrame, filtered by session id(s), deal number(s) and any
        pyarrow expression; coded columns come back as plain strings."""
        condition = _and(_match("session_id", session_id), _match("deal", deal) if table != "sessions" else None, filter)
        return self.read(table, condition, columns).to_pandas()

    def sessions(self, session_id: SessionIds = None, columns: list[str] | None = None,
                 filter: ds.Expression | None = None) -> pd.DataFrame:
        return self.frame("sessions", session_id, None, columns, filter)

    def deals(self, session_id: SessionIds = None, deal: int | Sequence[int] | None = None,
              columns: list[str] | None = None, filter: ds.Expression | None = None) -> pd.DataFrame:
        return self.frame("deals", session_id, deal, columns, filter)

    def calls(self, session_id: SessionIds = None, deal: int | Sequence[int] | None = None,
              columns: list[str] | None = None, filter: ds.Expression | None = None) -> pd.DataFrame:
        return self.frame("calls", session_id, deal, columns, filter)

    def plays(self, session_id: SessionIds = None, deal: int | Sequence[int] | None = None,
              columns: list[str] | None = None, filter: ds.Expression | None = None) -> pd.DataFrame:
        return self.frame("plays", session_id, deal, columns, filter)

    def scores(self, session_id: SessionIds = None, deal: int | Sequence[int] | None = None,
               columns: list[str] | None = None, filter: ds.Expression | None = None) -> pd.DataFrame:
        return self.frame("scores", session_id, deal, columns, filter)

    def session_ids(self) -> list[str]:
        return sorted(self.read("sessions", columns=["session_id"]).column("session_id").to_pylist())

    def __contains__(self, session_id: object) -> bool:
        return isinstance(session_id, str) and self.read("sessions", _match("session_id", session_id),
                                                         ["session_id"]).num_rows > 0

    def load_session(self, session_id: str, version: int | None = None) -> SessionRecord:
        """The record of a stored session, equal to the one its source file was read into;
        with ``version``, that accepted version of it (see :meth:`versions`). Raises
        ``KeyError`` if the store has no such session or version."""
        if version is not None:
            found = [v.record for v in self.versions(session_id) if v.number == version]
            if not found:
                raise KeyError(f"{session_id} version {version}")
            return found[0]
        where = _match("session_id", session_id)
        rows = self.snapshot(lambda g: {t: self.read(t, where, generation=g)
                                        for t in ("sessions", "deals", "calls", "plays")} if g else None)
        sessions = rows["sessions"].to_pylist() if rows else []
        if not sessions:
            raise KeyError(session_id)
        assert rows is not None  # a session was read from them
        if rows["deals"].num_rows != sessions[0]["deals"]:
            raise StoreDamaged(self.root, [Problem("deals", f"session {session_id!r} has {sessions[0]['deals']} deals, "
                                                            f"the deals table holds {rows['deals'].num_rows}")])
        return record_from_tables(sessions[0], rows["deals"], rows["calls"], rows["plays"])

    def versions(self, session_id: str) -> list[Version]:
        """Every accepted version of a session, oldest first (one if it was never corrected)."""
        return versions(self, session_id)

    def player_summary(self) -> pd.DataFrame:
        """Per player: deals played, deals declared, contracts made, points won by the player's
        side in those deals and the net (own side minus the other side), sorted by net."""
        from .summary import player_summary

        players = ["session_id", "player_n", "player_e", "player_s", "player_w"]
        deals = ["session_id", "declarer", "made", "below_ns", "above_ns", "below_ew", "above_ew"]
        return self.snapshot(lambda g: player_summary(self.read("sessions", columns=players, generation=g),
                                                      self.read("deals", columns=deals, generation=g)))

    # ------------------------------------------------------------ writing

    def import_paths(self, paths: Iterable[str | os.PathLike[str]], replace: bool = False, workers: int | None = None,
                     progress: Callable[[int], None] | None = None,
                     correction: Correction | None = None, skip_broken: bool = False) -> ImportSummary:
        """Import record files, folders and glob patterns; see the package docstring. With a
        ``correction``, only files changing a stored session are accepted (as its next version);
        ``skip_broken`` stores a session without its deals with errors (each listed in its outcome)."""
        replace = replace or correction is not None
        start = time.perf_counter()
        refuse_foreign(self.root)
        files, missing = expand_paths(paths)
        summary = ImportSummary(list(missing))
        if progress and missing:
            progress(len(missing))
        with (writing(self.root), _checker(files, workers, self._known_files(), skip_broken) as checked,
              writer_lock(self.root)):
            existing = self._existing()
            write = _ImportWriter(self.root)
            seen: dict[str, tuple[Digests, str]] = {}
            try:
                for batch in (batch for batches in checked for batch in batches):
                    summary.check_cpu_seconds += batch.cpu_seconds
                    summary.peak_worker_rss_mb = max(summary.peak_worker_rss_mb, batch.peak_rss_mb)
                    keep: list[int] = []
                    for outcome, row in zip(batch.outcomes, batch.row_of):
                        if outcome.status == "checked" and _decide(outcome, existing, seen, replace, row is not None) \
                                and (correction is None or correction.admit(outcome)):
                            assert row is not None  # _decide writes only a session that has rows
                            keep.append(row)
                        elif correction is not None:
                            correction.admit(outcome)
                        summary.outcomes.append(outcome)
                    if keep:
                        write.rows(batch, keep)
                    if progress:
                        progress(len(batch.outcomes))
                if correction is not None:
                    correction.settle(summary.outcomes)
                replaced = {o.session_id for o in summary.replaced if o.session_id is not None}  # each has one
                if write.txn is not None and replaced:
                    record_versions(self, write.txn, summary.replaced, correction)
                write.commit(replaced)
            except BaseException:
                write.abort()
                raise
        summary.seconds = time.perf_counter() - start
        return summary

    def _known_files(self) -> dict[str, KnownFile]:
        """The stored sessions by the SHA-256 of their source files (re-imports skip them)."""
        table = self.read("sessions", columns=["source_sha256", "session_id", "content_sha256", "deals", "kept_sha256"])
        return {sha: KnownFile(sid, digest, deals, kept) for sha, sid, digest, deals, kept in zip(*table.to_pydict().values())}

    def _existing(self) -> dict[str, Digests]:
        """Each stored session's content hash and the hash of its figures and kept tags."""
        table = self.read("sessions", columns=["session_id", "content_sha256", "kept_sha256"])
        return {sid: (digest, kept) for sid, digest, kept in zip(*table.to_pydict().values())}

    @contextmanager
    def transaction(self, merge_above: int | None = AUTO_COMPACT_FILES) -> Iterator[Transaction]:
        """Add files to the store atomically: under the writer lock, a new generation holding
        every committed file (hard links); what the body writes with ``txn.new_file`` is
        committed with it in one swap, or nothing if the body raises. Partitions holding more
        than ``merge_above`` files are merged (``None``: none). Used for derived datasets."""
        refuse_foreign(self.root)
        with writing(self.root), writer_lock(self.root):
            txn = begin(self.root)
            try:
                for table in table_names(txn.base):
                    txn.keep_table(table)
                yield txn
                if merge_above is not None:
                    for table in table_names(txn.path):
                        _merge_crowded(txn, table, limit=merge_above)
                txn.commit()
            except BaseException:
                txn.abort()
                raise

    def compact(self) -> CompactSummary:
        """Merge every partition's files into one, atomically (readers see no change in data)."""
        start = time.perf_counter()
        with writing(self.root), writer_lock(self.root):
            base = verified_base(self.root)
            if base is None:
                return CompactSummary(0, 0, time.perf_counter() - start)
            tables = table_names(base)  # the derived datasets are merged too
            before = sum(len(data_files(base, t)) for t in tables)
            if all(len(list(p.glob("*.parquet"))) <= 1 for t in tables for p in (base / t).iterdir()):
                return CompactSummary(before, before, time.perf_counter() - start)  # nothing to merge
            txn = Transaction(self.root)
            try:
                for table in tables:
                    txn.keep_table(table)
                    _merge_crowded(txn, table, limit=1)
                txn.commit()
            except BaseException:
                txn.abort()
                raise
            after = sum(len(data_files(txn.path, t)) for t in tables)
        return CompactSummary(before, after, time.perf_counter() - start)


# ---------------------------------------------------------------- writing helpers


def verified_base(root: Path) -> Path | None:
    """The committed generation, verified file by file, with its table links: nothing is
    built on damage (a missing link is not damage here: the commit makes it)."""
    base = committed(root)
    if base is not None:
        problems = verify(base) + [Problem(name, message) for name, message in link_problems(root, base)
                                   if os.path.lexists(root / name)]
        if problems:
            raise StoreDamaged(root, problems)
    return base


def begin(root: Path) -> Transaction:
    """A new generation on top of the committed one, once that one verifies clean. A new
    store first commits an empty generation, so that a writer killed while building the first
    data leaves a store with ``.current``, never generations without it (which is how a
    store copied without its symbolic links looks)."""
    if verified_base(root) is None:
        Transaction(root).commit()
    return Transaction(root)



def _decide(outcome: FileOutcome, existing: dict[str, Digests], seen: dict[str, tuple[Digests, str]], replace: bool,
            has_rows: bool) -> bool:
    """Set ``outcome.status`` for a valid session; ``True`` if its rows are to be written.
    A session without rows was recognised by its file's hash as already stored."""
    sid, digest = outcome.session_id, outcome.content_sha256
    assert sid is not None and digest is not None
    digests = (digest, outcome.kept_sha256)
    write = False
    if not has_rows and (sid not in existing or not same_session(existing[sid], digests)):
        outcome.status = "rejected"
        outcome.reason = "the store changed while this file was being imported; import it again"
        return False
    if sid in seen:
        first_digests, first_path = seen[sid]
        if same_session(first_digests, digests):
            outcome.status, outcome.reason = "unchanged", f"same session as {first_path}"
        else:
            outcome.status = "rejected"
            outcome.reason = f"session {sid!r} is also in {first_path} with {_differing(first_digests, digests)}"
        return False
    if sid not in existing:
        outcome.status, write = "imported", True
    elif same_session(existing[sid], digests):
        outcome.status, outcome.reason = "unchanged", "already in the store"
    elif replace:
        outcome.status, write = "replaced", True
    else:
        outcome.status = "rejected"
        outcome.reason = f"session {sid!r} is already in the store with {_differing(existing[sid], digests)} (use --replace)"
    seen[sid] = (digests, outcome.path)
    return write


def _differing(stored: Digests, checked: Digests) -> str:
    """What differs between two versions of a session, in a rejection's words."""
    return "different content" if stored[0] != checked[0] else "different recorded figures or kept PBN tags"


class _ImportWriter:
    """Streams the accepted rows into a new generation, opened on first use."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.txn: Transaction | None = None
        self.writers: dict[tuple[str, str], pq.ParquetWriter] = {}
        self.paths: dict[tuple[str, str], Path] = {}

    def rows(self, batch: CheckedBatch, keep: list[int]) -> None:
        assert batch.tables is not None
        if self.txn is None:
            self.txn = begin(self.root)
        by_year: dict[int | None, list[int]] = {}
        for row in keep:
            by_year.setdefault(batch.years[row], []).append(row)
        for year, rows in by_year.items():
            partition = partition_name(year)
            for table in TABLES:
                data = batch.tables[table]
                if len(rows) < len(batch.years):
                    index = np.arange(data.num_rows) if table == "sessions" else data.column("session_id").indices
                    data = data.filter(pa.array(np.isin(np.asarray(index), rows)))
                if data.num_rows:
                    self._writer(table, partition).write_batch(data, row_group_size=ROW_GROUP_ROWS)
                    self.txn.holds(self.paths[(table, partition)], session_ids(data.column("session_id")))

    def _writer(self, table: str, partition: str) -> pq.ParquetWriter:
        key = (table, partition)
        if key not in self.writers:
            assert self.txn is not None
            self.paths[key] = self.txn.new_file(table, partition)
            self.writers[key] = pq.ParquetWriter(self.paths[key], SCHEMAS[table], **writer_options(SCHEMAS[table]))
        return self.writers[key]

    def _close(self) -> None:
        for writer in self.writers.values():
            writer.close()
        self.writers.clear()

    def commit(self, replaced: set[str]) -> None:
        """Carry the untouched files over (derived datasets too), drop the replaced sessions'
        old rows from all of them, commit."""
        self._close()
        txn = self.txn
        if txn is None:
            return
        if txn.base is not None:
            for table in table_names(txn.base):
                for file in data_files(txn.base, table):
                    if replaced and table != VERSIONS and holds_any(file, replaced):  # versions only grow
                        copy_without(txn, table, file, replaced)
                    else:
                        txn.keep(file)
        for table in table_names(txn.path):
            _merge_crowded(txn, table, limit=AUTO_COMPACT_FILES)
        txn.commit()

    def abort(self) -> None:
        for writer in self.writers.values():
            try:
                writer.close()
            except OSError:  # the disk is full: the generation being built is deleted below
                pass
        self.writers.clear()
        if self.txn is not None:
            self.txn.abort()


def holds_any(file: Path, ids: set[str]) -> bool:
    column = pq.read_table(file, columns=["session_id"]).column("session_id")
    return bool(pc.any(pc.is_in(column, pa.array(sorted(ids)))).as_py())


def copy_without(txn: Transaction, table: str, file: Path, ids: set[str]) -> None:
    """Rewrite a file of the base generation into the new one without the given sessions."""
    source = pq.ParquetFile(file)
    drop = pa.array(sorted(ids))
    schema = _file_schema(table, source)
    with pq.ParquetWriter(txn.new_file(table, upgraded(Path(table, file.parent.name)).parts[1]), schema, **writer_options(schema)) as out:
        for i in range(source.num_row_groups):
            group = _conform(source.read_row_group(i), schema)
            out.write_table(group.filter(pc.invert(pc.is_in(group.column("session_id"), drop))),
                            row_group_size=ROW_GROUP_ROWS)


def _file_schema(table: str, source: pq.ParquetFile) -> pa.Schema:
    """The schema to rewrite a file with: a table's own, or a derived dataset's as written."""
    return read_schema(table) if table in TABLES else source.schema_arrow


def _conform(rows: pa.Table, schema: pa.Schema) -> pa.Table:
    """Rows of a file written by an older schema version in the current schema: the columns
    added since are null."""
    if rows.schema.names == schema.names:
        return rows
    return pa.table([rows.column(f.name) if f.name in rows.schema.names else pa.nulls(rows.num_rows, f.type)
                     for f in schema], schema=schema)


def _merge_crowded(txn: Transaction, table: str, limit: int) -> None:
    """Merge the files of every partition of ``table`` holding more than ``limit`` files."""
    folder = txn.path / table
    for partition in sorted(p for p in folder.iterdir() if p.is_dir()):
        files = sorted(partition.glob("*.parquet"))
        if len(files) <= limit:
            continue
        schema = _file_schema(table, pq.ParquetFile(files[0]))
        merged = txn.new_file(table, partition.name)
        known = [ids for file in files if (ids := txn.sessions_of(file)) is not None]
        if len(known) == len(files):  # every file says which sessions it holds
            txn.holds(merged, set[str]().union(*known))
        with pq.ParquetWriter(merged, schema, **writer_options(schema)) as out:
            pending: list[pa.Table] = []
            rows = 0
            for file in files:
                source = pq.ParquetFile(file)
                for i in range(source.num_row_groups):
                    group = _conform(source.read_row_group(i), schema)
                    pending.append(group)
                    rows += group.num_rows
                    if rows >= ROW_GROUP_ROWS:
                        out.write_table(pa.concat_tables(pending), row_group_size=ROW_GROUP_ROWS)
                        pending, rows = [], 0
            if pending:
                out.write_table(pa.concat_tables(pending), row_group_size=ROW_GROUP_ROWS)
        for file in files:
            file.unlink()
            if file in txn.written:
                txn.written.remove(file)


class _checker:
    """Checks files in batches: in this process for a few files, else in worker processes
    (started before the writer lock is taken, so they never hold it)."""

    def __init__(self, files: list[str], workers: int | None, known: dict[str, KnownFile], skip_broken: bool) -> None:
        self.chunks = list(batched(files, FILES_PER_BATCH, BYTES_PER_BATCH))
        workers = workers if workers is not None else (os.cpu_count() or 1)
        self.pool = None
        if workers > 1 and len(self.chunks) > 1:
            context = multiprocessing.get_context("forkserver")
            # pandas too: pyarrow imports it on the first pa.array call, which would cost each
            # worker half a second of CPU; imported once in the server, the workers share it
            context.set_forkserver_preload(["vint_replay.store.importer", "pandas"])
            self.pool = context.Pool(workers, initializer=remember, initargs=(known, skip_broken, registered()))
        else:
            remember(known, skip_broken)

    def __enter__(self) -> Iterator[list[CheckedBatch]]:
        if self.pool is None:
            return map(check_files, self.chunks)
        return self.pool.imap(check_files, self.chunks)

    def __exit__(self, *exc: Any) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
        else:
            remember({})


# ---------------------------------------------------------------- reading helpers


def _match(column: str, value: Any) -> ds.Expression | None:
    if value is None:
        return None
    if isinstance(value, (str, int)):
        return ds.field(column) == value
    return ds.field(column).isin(list(value))


def _and(*parts: ds.Expression | None) -> ds.Expression | None:
    out = None
    for part in parts:
        if part is not None:
            out = part if out is None else out & part
    return out
