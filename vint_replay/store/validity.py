"""Which record files the batch path proves valid, for ``vint-replay validate``: many files
read and checked together, no diagnostics (the files it cannot vouch for go to the reference
engine, which says what is wrong): JSON by :mod:`.columnar`, PBN and LIN by :mod:`.bridge_columnar`.
Imports NumPy but nothing heavier."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..formats import format_of, pbn_batch
from ..formats.json_record import plain_text
from .columnar import ParsedSession, decoded_session, legal_sessions, parse_texts
from .bridge_columnar import check_lin_rooms, check_scanned

Vouched = tuple[str, int]  # a session the batch path finds valid: its id (as the reader names it; a JSON file's "") and its deals


def valid_by_batch(paths: Sequence[str],
                   scans: dict[int, list[pbn_batch.Session]] | None = None) -> dict[int, list[Vouched | None]]:
    """``{index in paths: its sessions}`` of the JSON, PBN and LIN files that the batch path
    scans, each session it finds valid with its id and deals, ``None`` for a session left to the
    reference engine (which may find it valid or not); a file not listed is left to it whole
    (standard input, ``.vint`` files and anything irregular). A failure of the batch path leaves every file to it.
    ``scans`` gets the scan of each PBN file listed with a session left, which
    :func:`~vint_replay.formats.pbn_batch.read_left` cuts to those sessions without scanning the file again."""
    try:
        return _valid(paths, {} if scans is None else scans)
    except Exception:  # a bug of the batch path must not cost a verdict: the reference path decides
        return {}


def _valid(paths: Sequence[str], scans: dict[int, list[pbn_batch.Session]]) -> dict[int, list[Vouched | None]]:
    texts: dict[int, str] = {}
    for i, path in enumerate(paths):
        text = _text(path) if path != "-" and format_of(path) == "json" else None
        if text is not None:
            texts[i] = text
    parsed: dict[int, ParsedSession] = {}
    for i, session in zip(texts, parse_texts(list(texts.values()))):
        session = session or decoded_session(texts[i])  # laid out otherwise: decoded first
        if session is not None:
            parsed[i] = session
    verdicts = legal_sessions(list(parsed.values()))
    proven: dict[int, list[Vouched | None]] = {i: [("", len(session.number))]
                                                for (i, session), ok in zip(parsed.items(), verdicts) if ok}
    files = _read_all(paths, "lin")
    for (i, _), rooms in zip(files, check_lin_rooms([data for _, data in files])):
        if rooms is not None and any(room is not None for _, room in rooms):
            proven[i] = [None if room is None else (ident, len(room.number)) for ident, room in rooms]
    files = _read_all(paths, "pbn")
    scanned = [pbn_batch.scan(data) for _, data in files]
    for (i, _), found, sessions in zip(files, scanned, check_scanned(scanned)):
        if found is not None and sessions is not None and any(sessions):
            proven[i] = [None if s is None else (s.ident, len(s.number)) for s in sessions]
            if not all(sessions):
                scans[i] = found
    return proven


def _read_all(paths: Sequence[str], fmt: str) -> list[tuple[int, bytes]]:
    """The ``fmt`` files among ``paths`` that can be read, with their index."""
    return [(i, data) for i, path in enumerate(paths) if path != "-" and format_of(path) == fmt
            and (data := _bytes(path)) is not None]


def _text(path: str) -> str | None:
    """The file's text as the JSON reader reads it (:func:`plain_text`), or ``None``."""
    data = _bytes(path)
    return None if data is None else plain_text(data)


def _bytes(path: str) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except OSError:
        return None
