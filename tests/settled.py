"""A record as a command that writes it without checking it sees it: read, then its shorthand
(``AP``, PBN's seat columns) settled by the engine (engine/settle.py), the problems settling
found located among the reader's."""
from __future__ import annotations

from dataclasses import replace

from vint_replay.engine.diagnostics import in_line_order
from vint_replay.engine.settle import settle
from vint_replay.formats import ReadResult
from vint_replay.formats.pbn import pbn_sessions, read_pbn


def settled(result: ReadResult) -> ReadResult:
    """``result`` with its record settled and settling's problems located among its own."""
    if result.record is None:
        return result
    record, found = settle(result.record)
    problems = result.diagnostics if not found else in_line_order(result.diagnostics, result.locate(found))
    return replace(result, record=record, diagnostics=problems)


def settled_pbn(data: bytes, strict: bool = False, session: int = 1) -> ReadResult:
    """A PBN file's session as a command that writes it sees it: read (formats/pbn.py), its
    seat columns and ``AP`` settled."""
    return settled(read_pbn(data, strict=strict, session=session))


def settled_pbn_sessions(data: bytes, strict: bool = False) -> list[ReadResult]:
    """Every session of a PBN file, each settled (:func:`settled_pbn`)."""
    return [settled(result) for result in pbn_sessions(data, strict)]
