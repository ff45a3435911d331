"""A record as a command that writes it without checking it sees it: read, then its shorthand
(``AP``, PBN's seat columns) settled by the engine (engine/settle.py), the problems settling
found located among the reader's."""
from __future__ import annotations

from dataclasses import replace

from vint_replay.engine.diagnostics import in_line_order
from vint_replay.engine.settle import settle
from vint_replay.formats import ReadResult


def settled(result: ReadResult) -> ReadResult:
    """``result`` with its record settled and settling's problems located among its own."""
    if result.record is None:
        return result
    record, found = settle(result.record)
    problems = result.diagnostics if not found else in_line_order(result.diagnostics, result.locate(found))
    return replace(result, record=record, diagnostics=problems)
