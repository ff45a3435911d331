"""Every accepted version of a session: the ``versions`` dataset of a store.

A correction (``vint-replay correct``, or ``import --replace``) replaces a session's rows in the
five tables; before that generation is committed, this module appends to ``versions/`` the
session's earlier content (as version 1, the first time) and its new content, each with when,
who and why. Rows are only ever added, so nothing a store accepted is lost (``docs/store.md``).
"""
from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from ..engine.record import SessionRecord
from ..engine.settle import settle
from ..formats import format_of, read_bytes, read_sessions, write_text
from .damage import StoreDamaged, verify
from .errors import StoreError
from .importer import FileOutcome
from .layout import Transaction
from .schema import PARTITION, UNKNOWN_YEAR, writer_options
from .content import Digests, content_sha256, kept_sha256
from .rows import year_of

if TYPE_CHECKING:
    import pandas as pd

T = TypeVar("T")


class StoreReader(Protocol):
    """What the versions read of a store (store/store.py's ``Store``, which calls them): a
    protocol, so that the two modules do not import each other."""

    root: Path

    def read(self, table: str, filter: ds.Expression | None = None, columns: list[str] | None = None,
             generation: Path | None = None) -> pa.Table: ...
    def snapshot(self, read: Callable[[Path | None], T]) -> T: ...
    def sessions(self, session_id: str, columns: list[str] | None = None) -> pd.DataFrame: ...
    def load_session(self, session_id: str) -> SessionRecord: ...

VERSIONS = "versions"
SCHEMA = pa.schema([
    pa.field("session_id", pa.string()),
    pa.field("version", pa.int16()),
    pa.field("recorded_at", pa.timestamp("ms", tz="UTC")),
    pa.field("author", pa.string()),  # null: not known (the first import of a session)
    pa.field("reason", pa.string()),  # null: not given (the first import, or import --replace)
    pa.field("content_sha256", pa.string()),
    pa.field("source_file", pa.string()),
    pa.field("record_json", pa.string()),  # the whole record, as `vint-replay export` writes JSON
])
_PARTITIONING = ds.HivePartitioning(pa.schema([(PARTITION, pa.int16())]))


def os_user() -> str:
    """The name of the user running vint-replay: who made a correction when ``--by`` is not given."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name and no passwd entry (some containers)
        return "unknown"


@dataclass(frozen=True)
class Correction:
    """Why and by whom a session is being corrected (``reason`` must say something)."""

    reason: str | None
    author: str

    def admit(self, outcome: FileOutcome) -> bool:
        """Whether a checked session is a correction the store accepts: it must change a stored
        session. Otherwise the outcome becomes a rejection saying why; a session as stored stays
        ``unchanged`` (a match file corrected in one room holds the other as it was) until
        :meth:`settle` finds that the correction changed nothing at all."""
        if outcome.status == "replaced":
            return True
        if outcome.status == "imported":
            outcome.reason = f"session {outcome.session_id!r} is not in the store: import it first, then correct it"
        if outcome.status not in ("rejected", "unchanged"):
            outcome.status = "rejected"
        return False

    @staticmethod
    def settle(outcomes: list[FileOutcome]) -> None:
        """A correction that replaced no session changes nothing: its sessions as stored are
        rejections saying so."""
        if any(o.status == "replaced" for o in outcomes):
            return
        for outcome in outcomes:
            if outcome.status == "unchanged":
                outcome.status = "rejected"
                outcome.reason = (f"this correction changes nothing: session {outcome.session_id!r} is already "
                                  "stored with exactly this content")


@dataclass(frozen=True)
class Version:
    """One accepted version of a session: its number (1 = first import), when it was accepted
    (UTC), by whom and why (``None`` when not known or not given), and its record."""

    number: int
    recorded_at: datetime
    author: str | None
    reason: str | None
    content_sha256: str
    source_file: str | None
    record: SessionRecord

    @property
    def digests(self) -> Digests:
        """Its content hash and the hash of its figures and kept tags (store/content.py)."""
        return self.content_sha256, kept_sha256(self.record)


def _dataset(generation: Path) -> ds.Dataset | None:
    if not (generation / VERSIONS).is_dir():
        return None
    return ds.dataset(generation / VERSIONS, schema=SCHEMA.append(pa.field(PARTITION, pa.int16())),
                      format="parquet", partitioning=_PARTITIONING)


def version_rows(store: StoreReader, session_id: str, generation: Path | None) -> list[dict]:
    """The ``versions`` rows of one session in a generation, oldest first (verified first)."""
    data = None if generation is None else _dataset(generation)
    if data is None:
        return []
    assert generation is not None
    problems = verify(generation, [VERSIONS])
    if problems:
        raise StoreDamaged(store.root, problems)
    rows = data.to_table(filter=ds.field("session_id") == session_id).to_pylist()
    return sorted(rows, key=lambda r: r["version"])


def _record_of(text: str, where: str) -> SessionRecord:
    record = read_bytes(text.encode("utf-8"), "json").record
    if record is None:
        raise StoreError(f"{where}: the stored record cannot be read back")
    return record


def versions(store: StoreReader, session_id: str) -> list[Version]:
    """Every accepted version of a stored session, oldest first; a session never corrected has
    one. Raises ``KeyError`` if the store has no such session."""
    def read(generation: Path | None) -> list[Version]:
        rows = version_rows(store, session_id, generation)
        if not rows:
            session = store.read("sessions", ds.field("session_id") == session_id,
                                 ["imported_at", "content_sha256", "source_file"], generation).to_pylist()
            if not session:
                raise KeyError(session_id)
            return [Version(1, session[0]["imported_at"], None, None, session[0]["content_sha256"],
                            session[0]["source_file"], store.load_session(session_id))]
        return [Version(r["version"], r["recorded_at"], r["author"], r["reason"], r["content_sha256"],
                        r["source_file"], _record_of(r["record_json"], f"{VERSIONS} of {session_id!r} v{r['version']}"))
                for r in rows]
    return store.snapshot(read)


def record_versions(store: StoreReader, txn: Transaction, replaced: list[FileOutcome], correction: Correction | None) -> None:
    """Append the versions of the sessions an import replaces to ``txn`` (new files): the
    stored content as version 1 if the session has no history yet, then the new content as the
    next version; one file per year partition. Runs under the writer lock, so the committed
    generation is the base."""
    now = datetime.now(timezone.utc)
    author = correction.author if correction is not None else os_user()
    reason = correction.reason if correction is not None else None
    by_year: dict[int | None, list[dict]] = {}
    for outcome in replaced:
        sid = outcome.session_id
        assert sid is not None
        record = _new_record(outcome)
        rows = by_year.setdefault(year_of(record.info.date), [])
        earlier = version_rows(store, sid, txn.base)
        if not earlier:
            old = store.sessions(sid, columns=["imported_at", "content_sha256", "source_file"]).iloc[0]
            earlier = [_row(sid, 1, old["imported_at"].to_pydatetime(), None, None, old["content_sha256"],
                            old["source_file"], store.load_session(sid))]
            rows.extend(earlier)
        outcome.version = earlier[-1]["version"] + 1  # under the lock: no other writer takes this number
        rows.append(_row(sid, outcome.version, now, author, reason, outcome.content_sha256,
                         str(Path(outcome.path).resolve()), record))
    for year, rows in by_year.items():  # one file per year partition, as in the tables
        path = txn.new_file(VERSIONS, f"{PARTITION}={UNKNOWN_YEAR if year is None else year}")
        pq.write_table(pa.Table.from_pylist(rows, SCHEMA), path, **writer_options(SCHEMA))
        txn.holds(path, {r["session_id"] for r in rows})


def _new_record(outcome: FileOutcome) -> SessionRecord:
    """The record of an accepted session, read again from its file (the session of its id, of
    the several a PBN or LIN file may hold) and settled as its check settled it (engine/settle.py);
    it must still hold what was checked."""
    read = [r.record for r in read_sessions(Path(outcome.path).read_bytes(), format_of(outcome.path))
            if r.record is not None and r.record.info.id == outcome.session_id]  # a PBN or LIN file holds several
    record = settle(read[0])[0] if len(read) == 1 else None
    if record is None or content_sha256(record) != outcome.content_sha256:
        raise StoreError(f"{outcome.path} changed while it was being imported; nothing was written: run it again")
    return record


def _row(sid: str, number: int, when: datetime, author: str | None, reason: str | None, digest: str | None,
         source: str | None, record: SessionRecord) -> dict:
    return {"session_id": sid, "version": number, "recorded_at": when, "author": author, "reason": reason,
            "content_sha256": digest, "source_file": source, "record_json": write_text(record, "json")}
