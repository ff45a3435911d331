"""Which record files the batch path proves valid, for ``vint-replay validate``: many files
read and checked together, no diagnostics (the files it cannot vouch for go to the reference
engine, which says what is wrong): JSON by :mod:`.columnar`, PBN and LIN by :mod:`.bridge_columnar`.
Imports NumPy but nothing heavier."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..formats import format_of
from ..formats.json_record import plain_text
from .columnar import ParsedSession, decoded_session, legal_sessions, parse_texts
from .bridge_columnar import check_lin_rooms, check_pbn


Proven = int | tuple[tuple[str, int], ...]  # a file's deals, or each session's id and deals (LIN rooms)


def valid_by_batch(paths: Sequence[str]) -> dict[int, Proven]:
    """``{index in paths: deals}`` of the JSON, PBN and LIN files that the batch path finds
    valid (for a LIN file of several rooms, each room's id and deals); a file not listed may be valid or not (standard input, ``.vint`` files and anything
    irregular are left to the reference engine). A failure of the batch path leaves every file to it."""
    try:
        return _valid(paths)
    except Exception:  # a bug of the batch path must not cost a verdict: the reference path decides
        return {}


def _valid(paths: Sequence[str]) -> dict[int, Proven]:
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
    proven: dict[int, Proven] = {i: len(session.number) for (i, session), ok in zip(parsed.items(), verdicts) if ok}
    pbn, lin = ([(i, data) for i, path in enumerate(paths) if path != "-" and format_of(path) == fmt
                 and (data := _bytes(path)) is not None] for fmt in ("pbn", "lin"))
    for (i, _), checked in zip(pbn, check_pbn([data for _, data in pbn])):
        if checked is not None:
            proven[i] = len(checked.number)
    for (i, _), rooms in zip(lin, check_lin_rooms([data for _, data in lin])):
        if rooms is not None and all(room is not None for _, room in rooms):
            counts = tuple((ident, len(room.number)) for ident, room in rooms if room is not None)
            proven[i] = counts[0][1] if len(counts) == 1 else counts
    return proven


def _text(path: str) -> str | None:
    """The file's text as the JSON reader reads it (:func:`plain_text`), or ``None``."""
    data = _bytes(path)
    return None if data is None else plain_text(data)


def _bytes(path: str) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except OSError:
        return None
