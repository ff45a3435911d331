"""The store as the dashboard reads it: sessions evaluated once and cached, uploads checked
by the store's importer (nothing is written for a file with errors)."""
from __future__ import annotations

import re
import tempfile
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from threading import Lock
from typing import Callable

import pyarrow.dataset as ds

from vint_replay.engine.diagnostics import Diagnostic
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.store import Store

UPLOAD_SUFFIXES = (".json", ".vint", ".pbn", ".lin")
MAX_CACHED_DEALS = 2_000  # reports kept for the pages, counted in their deals (a report grows with its deals)
MAX_NAME_BYTES = 200  # a file system allows 255 bytes a name


def upload_name(filename: str | None) -> str:
    """A file name safe to write and to show for what a browser sent: its last path part, with
    control characters, lone surrogates and other unwritable characters replaced by ``_``, and
    the stem cut short so that the name stays within :data:`MAX_NAME_BYTES` in UTF-8 (the
    suffix kept)."""
    base = re.split(r"[/\\]", filename or "")[-1]
    clean = "".join("_" if unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Co") else ch for ch in base).strip()
    if clean in ("", ".", ".."):
        return "upload"
    if len(clean.encode("utf-8")) <= MAX_NAME_BYTES:
        return clean
    stem, dot, suffix = clean.rpartition(".")
    if not dot or len(suffix) > 10:
        stem, suffix = clean, ""
    budget = MAX_NAME_BYTES - len(suffix.encode("utf-8")) - 4  # "…" is 3 bytes, the dot 1
    return stem.encode("utf-8")[:budget].decode("utf-8", "ignore") + "…" + (f".{suffix}" if suffix else "")


@dataclass(frozen=True)
class SessionUpload:
    """What became of one session of an uploaded file: its id and the importer's verdict
    (imported, replaced, unchanged, rejected), with the reasons for a rejection."""

    status: str
    session_id: str | None
    diagnostics: tuple[Diagnostic, ...] = ()
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        return self.status != "rejected"


@dataclass(frozen=True)
class UploadResult:
    """What became of an uploaded file: each session's verdict, in the file's order (a PBN or
    LIN file holds a session per room or table, each stored or refused on its own), or why the
    file was refused before it was read (``reason``)."""

    sessions: tuple[SessionUpload, ...] = ()
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        """Whether every session of the file is in the store (imported, replaced or already there)."""
        return bool(self.sessions) and all(s.accepted for s in self.sessions)

    @property
    def stored(self) -> tuple[SessionUpload, ...]:
        """The sessions of the file the store holds now."""
        return tuple(s for s in self.sessions if s.accepted)


class Library:
    """One store, with each session's :class:`SessionReport` computed on first use."""

    def __init__(self, store: Store, max_upload_bytes: int, on_import: Callable[[], object] | None = None) -> None:
        self.store = store
        self.max_upload_bytes = max_upload_bytes
        self.on_import = on_import
        # by session id, rescoring, content; least recently used first, at most MAX_CACHED_DEALS deals in all
        self._reports: OrderedDict[tuple[str, str | None, str, str | None], SessionReport] = OrderedDict()
        self._lock = Lock()

    def report(self, session_id: str, rules: str | None = None) -> SessionReport | None:
        """The checked and scored session (rescored under profile ``rules`` when given), or
        ``None`` if the store has no such id. A session corrected meanwhile is scored afresh."""
        stored = self.store.read("sessions", ds.field("session_id") == session_id,
                                 ["content_sha256", "kept_sha256"]).to_pylist()
        if not stored:
            return None
        key = (session_id, rules, stored[0]["content_sha256"], stored[0]["kept_sha256"])
        with self._lock:
            cached = self._reports.get(key)
            if cached is not None:
                self._reports.move_to_end(key)
        if cached is not None:
            return cached
        try:
            record = self.store.load_session(session_id)
        except KeyError:
            return None
        report = evaluate(record, rules=rules)
        with self._lock:
            self._reports[key] = report
            while len(self._reports) > 1 and self.cached_deals() > MAX_CACHED_DEALS:
                self._reports.popitem(last=False)
        return report

    def cached_deals(self) -> int:
        """How many deals the reports kept hold (what bounds the cache)."""
        return sum(len(r.record.deals) for r in self._reports.values())

    def upload(self, filename: str, data: bytes) -> UploadResult:
        """Import one uploaded ``.json``/``.vint``/``.pbn``/``.lin`` file, each of its sessions
        stored or refused on its own as ``import`` does; a session id already stored with other
        content is refused (the store keeps what it has).
        Whatever the browser sent as the file name, the file is stored under :func:`upload_name`
        of it."""
        name = upload_name(filename)
        if not name.lower().endswith(UPLOAD_SUFFIXES):
            return UploadResult(reason=f"{name}: only .json, .vint, .pbn and .lin session records can be imported")
        if len(data) > self.max_upload_bytes:
            return UploadResult(reason=f"{name} is {len(data):,} bytes; the upload limit is {self.max_upload_bytes:,}")
        with tempfile.TemporaryDirectory(prefix="vint-upload-") as folder:
            path = Path(folder) / name
            path.write_bytes(data)
            outcomes = self.store.import_paths([str(path)], replace=False, workers=1).outcomes
        ids = {o.session_id for o in outcomes if o.session_id is not None}
        with self._lock:
            for key in [k for k in self._reports if k[0] in ids]:
                self._reports.pop(key, None)
        if any(o.status in ("imported", "replaced") for o in outcomes) and self.on_import is not None:
            self.on_import()
        return UploadResult(tuple(SessionUpload(o.status, o.session_id, tuple(o.diagnostics), o.reason)
                                  for o in outcomes))
