"""Sessions written out in a format for a person to take away (``convert``, ``export``, the
dashboard's downloads): one session in any format, several in one PBN file or a match's two
rooms in one LIN file, never a text that would not read back as what was written (format.md
§5.3, §5.7); what a format cannot hold is an :class:`Unwritable` in words, nothing written."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine.diagnostics import Diagnostic
from ..engine.record import SessionRecord

DdTables = Mapping[int, Sequence[Sequence[int]]]  # deal number → tricks by declarer N, E, S, W and NT, S, H, D, C


class Unwritable(ValueError):
    """What the format cannot hold of these sessions, and what to write instead."""


@dataclass(frozen=True, slots=True)
class Written:
    """The text, and what LIN left out of each session (``lin_drops``: its index and the warning)."""

    text: str
    dropped: tuple[tuple[int, Diagnostic], ...] = ()


def written(records: Sequence[SessionRecord], fmt: str, dd_tables: Sequence[DdTables | None] = ()) -> Written:
    """``records`` as one ``json``, ``vint``, ``pbn`` or ``lin`` text (PBN with each session's
    double-dummy tables ``dd_tables``); :class:`Unwritable` when the format cannot hold them: a
    session PBN or LIN has no tags for, several sessions in JSON or ``.vint``, or in LIN sessions
    that are not a match's two rooms, or a text that does not read back as the sessions."""
    tables = list(dd_tables) or [None] * len(records)
    alone = [_one(record, fmt, table) for record, table in zip(records, tables, strict=True)]
    if len(records) == 1:
        return alone[0]
    if fmt not in ("pbn", "lin"):
        raise Unwritable(f"a .{fmt} file holds one session: write these {len(records)} as .pbn, or one a file")
    from ..engine.settle import settle
    from . import read_sessions, write_sessions
    from .lin_write import LinRefused

    try:
        text = write_sessions(records, fmt, tables)
    except LinRefused as err:
        raise Unwritable(str(err))

    def sessions_of(text: str) -> list[SessionRecord | None]:
        return [None if r.record is None else settle(r.record)[0] for r in read_sessions(text.encode("utf-8"), fmt)]

    if sessions_of(text) != [session for one in alone for session in sessions_of(one.text)]:
        raise Unwritable(f"these {len(records)} sessions do not read back from one {fmt.upper()} file as they are: "
                         "write one a file")
    return Written(text, tuple((k, d) for k, one in enumerate(alone) for _, d in one.dropped))


def _one(record: SessionRecord, fmt: str, dd_tables: DdTables | None) -> Written:
    """One session as ``fmt`` (PBN read back and compared; LIN's ``lin_drops`` said)."""
    from . import write_text

    if fmt == "pbn":
        return Written(_pbn(record, dd_tables))
    if fmt == "lin":
        from .lin_write import lin_drops, lin_refusal

        why = lin_refusal(record)
        if why is not None:
            raise Unwritable(why)
        lost = lin_drops(record)
        return Written(write_text(record, fmt), () if lost is None else ((0, lost),))
    return Written(write_text(record, fmt))


def _pbn(record: SessionRecord, dd_tables: DdTables | None) -> str:
    """The session as PBN, read back and compared first, so that nothing is written that would
    not come back as the session (with its analysis's tables)."""
    from ..engine.settle import settle
    from .pbn import read_pbn
    from .pbn_write import pbn_cannot_hold, with_analysis, write_pbn

    why = pbn_cannot_hold(record)
    text = write_pbn(record, dd_tables) if why is None else ""
    back = read_pbn(text.encode("utf-8")).record
    if why is None and (back is None or settle(back)[0] != settle(with_analysis(record, dd_tables))[0]):
        why = "this session does not read back from PBN as it is"
    if why is not None:
        raise Unwritable(f"{why}: write .json or .vint")
    return text
