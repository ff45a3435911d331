"""Which record files the batch path proves valid, for ``vint-replay validate``: many files
read and checked together, no diagnostics (the files it cannot vouch for go to the reference
engine, which says what is wrong). Imports NumPy but nothing heavier."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..formats import format_of
from ..formats.json_record import plain_text
from .columnar import ParsedSession, decoded_session, legal_sessions, parse_texts


def valid_by_batch(paths: Sequence[str]) -> dict[int, int]:
    """``{index in paths: deals}`` of the JSON files that the batch path finds valid; a file
    not listed may be valid or not (standard input, ``.vint`` files and anything irregular are
    left to the reference engine). A failure of the batch path leaves every file to it."""
    try:
        return _valid(paths)
    except Exception:  # a bug of the batch path must not cost a verdict: the reference path decides
        return {}


def _valid(paths: Sequence[str]) -> dict[int, int]:
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
    return {i: len(session.number) for (i, session), ok in zip(parsed.items(), verdicts) if ok}


def _text(path: str) -> str | None:
    """The file's text as the JSON reader reads it (:func:`plain_text`), or ``None``."""
    try:
        return plain_text(Path(path).read_bytes())
    except OSError:
        return None
