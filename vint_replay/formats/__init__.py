"""Readers and writers of session records; the format is chosen by file extension."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from ..engine.diagnostics import Diagnostic
from ..engine.record import SessionRecord

if TYPE_CHECKING:
    from .pbn_traveller import PairTotal, TravellerLine


class Section(Protocol):
    """The calls or cards of one deal of a text record, which can say where each stands."""

    def where(self, index: int) -> tuple[int, int] | None: ...


@dataclass
class ReadResult:
    """What a reader made of a file: the record (``None`` if nothing usable) and the problems.

    ``locations`` (text records) maps ``(deal, at)`` such as ``(3, "Dealer")`` to the line and
    column where that item was written, and ``sections`` maps ``(3, "play")`` to where each card
    stands, so the checker's findings can point into the file (by their ``written_at`` when
    the item was written in short, as a card of PBN's seat columns)."""

    record: SessionRecord | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    locations: dict[tuple[int | None, str | None], tuple[int, int]] = field(default_factory=dict)
    sections: dict[tuple[int, str], Section] = field(default_factory=dict)
    travellers: dict[int, tuple[TravellerLine, ...]] = field(default_factory=dict)  # PBN's [ScoreTable], by board
    totals: tuple[PairTotal, ...] = ()  # PBN's [TotalScoreTable]: the pairs' totals over the session

    def locate(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics, each given the line and column of its item (else of its deal)."""
        out = []
        for d in diagnostics:
            at = d.written_at or d.at
            where = None if d.line is not None else (
                self.locations.get((d.deal, at)) or self._in_section(d.deal, at) or self.locations.get((d.deal, None)))
            out.append(d if where is None else replace(d, line=where[0], column=where[1]))
        return out

    def _in_section(self, deal: int | None, at: str | None) -> tuple[int, int] | None:
        """Where ``auction[i]`` or ``play[i]`` of ``deal`` stands, if a section knows."""
        name, _, index = (at or "").partition("[")
        section = self.sections.get((deal, name)) if deal is not None and index[:-1].isdigit() else None
        return None if section is None else section.where(int(index[:-1]))


def read_bytes(data: bytes, fmt: str, strict: bool = False, session: int = 1) -> ReadResult:
    """Read a record given its format name (``json``, ``vint``, ``pbn`` or ``lin``); ``session``
    picks one of the sessions a PBN or LIN file may hold (format.md §5.2, §5.7)."""
    if fmt == "lin":
        from .lin import read_lin

        return read_lin(data, strict=strict, session=session)
    if fmt == "pbn":
        from .pbn import read_pbn

        return read_pbn(data, strict=strict, session=session)
    if fmt == "json":
        from .json_record import read_json

        return read_json(data, strict=strict)
    from .vint_text import read_vint

    return read_vint(data, strict=strict)


def read_sessions(data: bytes, fmt: str, strict: bool = False) -> list[ReadResult]:
    """Every session of a record (a PBN file's events, rooms and tables, a LIN file's rooms:
    format.md §5.2, §5.7; any other file holds one), in the file's order."""
    if fmt == "pbn":
        from .pbn import pbn_sessions

        return pbn_sessions(data, strict)
    if fmt == "lin":
        from .lin import lin_sessions

        return lin_sessions(data, strict)
    return [read_bytes(data, fmt, strict)]


def format_of(path: str | Path) -> str:
    """``json``, ``vint``, ``pbn`` or ``lin`` from the extension (anything else is read as JSON)."""
    name = str(path).lower()
    return next((fmt for fmt in ("vint", "pbn", "lin") if name.endswith(f".{fmt}")), "json")


def sniff_format(data: bytes) -> str:
    """The format of a record given without a name (standard input): ``json`` if its first
    character after blanks and a byte-order mark is ``{``, else ``vint``."""
    return "json" if data[:4096].lstrip(b" \t\r\n").removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")[:1] == b"{" else "vint"


def read_file(path: str | Path, strict: bool = False) -> ReadResult:
    return read_bytes(Path(path).read_bytes(), format_of(path), strict)


def write_text(record: SessionRecord, fmt: str) -> str:
    """The record as ``json``, ``vint``, ``pbn`` or ``lin`` text, its shorthand settled first
    (engine/settle.py: the writers write every call and card in the order made, and lay ``AP``
    and seat columns out again where their format has them)."""
    from ..engine.settle import settle

    record = settle(record)[0]
    if fmt == "lin":
        from .lin_write import write_lin

        return write_lin(record)
    if fmt == "pbn":
        from .pbn_write import write_pbn

        return write_pbn(record)
    if fmt == "json":
        from .json_record import write_json

        return write_json(record)
    from .vint_text import write_vint

    return write_vint(record)


def write_sessions(records: Iterable[SessionRecord], fmt: str,
                   dd_tables: Sequence[Mapping[int, Sequence[Sequence[int]]] | None] = ()) -> str:
    """Several sessions of one file as one ``pbn`` or ``lin`` text (a match's rooms, a pairs
    event's tables: format.md §5.2, §5.7), each settled first as :func:`write_text` settles it;
    PBN with each session's double-dummy tables (``pbn_write.write_pbn``); LIN takes only a
    match's two rooms (``lin_write.LinRefused`` otherwise)."""
    from ..engine.settle import settle

    settled = [settle(record)[0] for record in records]
    if fmt == "lin":
        from .lin_write import write_lin_rooms

        return write_lin_rooms(settled)
    if fmt == "pbn":
        from .pbn_write import write_pbn_sessions

        return write_pbn_sessions(settled, dd_tables)
    raise ValueError(f"a {fmt} file holds one session")
