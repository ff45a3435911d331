"""One session of a file that holds several (a PBN file's events and rooms, a LIN file's
rooms: format.md §5.2, §5.7): the one asked for, with a warning at the first board of each
other session naming the ``--session`` that reads it (:func:`said_once`: one warning for them
all when there are several)."""
from __future__ import annotations

import dataclasses

from ..engine.diagnostics import Diagnostic, Severity
from ..engine.plural import plural
from . import ReadResult


class NoSuchSession(ValueError):
    """A session number past the file's last session (a usage error: the file itself is fine)."""


def chosen_session(results: list[ReadResult], labels: list[str], session: int,
                   problems: list[Diagnostic]) -> ReadResult:
    """The ``session``-th of ``results`` (1-based) with the file's ``problems`` first and a
    ``pbn_session`` warning for each other session with boards (``labels`` name them);
    :class:`NoSuchSession` when there is no such session."""
    if not 1 <= session <= len(results):
        raise NoSuchSession(f"the file holds {plural(len(results), 'session')}; there is no session {session}")
    chosen = results[session - 1]
    chosen.diagnostics[:0] = problems
    for i, (other, label) in enumerate(zip(results, labels), 1):
        deals = other.record.deals if other.record is not None else ()
        if i == session or not deals:
            continue
        line, column = other.locations.get((deals[0].number, None), (None, None))
        numbers = ", ".join(str(d.number) for d in deals)
        chosen.diagnostics.append(Diagnostic(
            "pbn_session", f"session {i} of this file ({label}) holds board{'s' if len(deals) > 1 else ''} "
            f"{numbers}: read it with --session {i} (import stores every session)", severity=Severity.WARNING,
            line=line, column=column))
    return chosen


def said_once(result: ReadResult, session: int) -> ReadResult:
    """``result``, the file's ``session``-th session, with the readers' ``pbn_session`` warnings
    (one for each other session) said as one when there are several: a 30-table pairs event
    gives one line saying how many sessions the file holds, which one this is and how to read
    another, not 29 (diagnostics.md ``pbn_session``). It stands where the first of them stood.
    (The readers warn of each other session with boards, so those are the ones counted.)"""
    others = [d for d in result.diagnostics if d.code == "pbn_session"]
    if len(others) < 2 or result.record is None:
        return result
    ident = result.record.info.id
    once = dataclasses.replace(others[0], message=(
        f"this file holds {len(others) + 1} sessions with boards and this is session {session} ({ident}); read another"
        " with --session N (validate checks every session, import stores every one)"))
    kept = [once if d is others[0] else d for d in result.diagnostics if d.code != "pbn_session" or d is others[0]]
    return dataclasses.replace(result, diagnostics=kept)
