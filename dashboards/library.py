"""The store as the dashboard reads it: sessions evaluated once and cached, uploads checked
by the store's importer (nothing is written for a file with errors)."""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from threading import Lock

from vint_replay.engine.diagnostics import Diagnostic
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.store import Store

UPLOAD_SUFFIXES = (".json", ".vint")


@dataclass(frozen=True)
class UploadResult:
    """What became of an uploaded file: the stored session id and the importer's verdict
    (imported, replaced, unchanged, rejected), with the reasons for a rejection."""

    status: str
    session_id: str | None
    diagnostics: tuple[Diagnostic, ...] = ()
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        return self.status != "rejected"


class Library:
    """One store, with each session's :class:`SessionReport` computed on first use."""

    def __init__(self, store: Store, max_upload_bytes: int) -> None:
        self.store = store
        self.max_upload_bytes = max_upload_bytes
        self._reports: dict[str, SessionReport] = {}
        self._lock = Lock()

    def report(self, session_id: str) -> SessionReport | None:
        """The checked and scored session, or ``None`` if the store has no such id."""
        with self._lock:
            cached = self._reports.get(session_id)
        if cached is not None:
            return cached
        try:
            record = self.store.load_session(session_id)
        except KeyError:
            return None
        report = evaluate(record)
        with self._lock:
            self._reports[session_id] = report
        return report

    def upload(self, filename: str, data: bytes) -> UploadResult:
        """Import one uploaded ``.json``/``.vint`` file; a session id already stored with other
        content is refused (the store keeps what it has)."""
        name = Path(filename or "upload").name
        if not name.lower().endswith(UPLOAD_SUFFIXES):
            return UploadResult("rejected", None, reason=f"{name}: only .json and .vint session records can be imported")
        if len(data) > self.max_upload_bytes:
            return UploadResult("rejected", None,
                                reason=f"{name} is {len(data):,} bytes; the upload limit is {self.max_upload_bytes:,}")
        with tempfile.TemporaryDirectory(prefix="vint-upload-") as folder:
            path = Path(folder) / name
            path.write_bytes(data)
            outcome = self.store.import_paths([str(path)], replace=False, workers=1).outcomes[0]
        if outcome.session_id is not None:
            with self._lock:
                self._reports.pop(outcome.session_id, None)
        return UploadResult(outcome.status, outcome.session_id, tuple(outcome.diagnostics), outcome.reason)
