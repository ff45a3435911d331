"""Diagnostics: what is wrong with a record, where, and in words a club scorer understands."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Iterable, Sequence

from .printable import printable


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


# The codes of format.md §4, plus ``result_mismatch`` (a deal with both play and result that disagree).
CODES = (
    "syntax", "schema", "bad_card", "bad_call", "duplicate_card", "hand_size", "hands_mismatch",
    "wrong_dealer", "deal_number", "insufficient_bid", "auction_incomplete", "call_after_close",
    "card_not_held", "revoke", "play_incomplete", "play_after_passout", "missing_play",
    "order_needed", "result_mismatch", "contract_mismatch", "pbn_session", "traveller", "lin_drops", "unlisted",
    "unfinished",  # a duplicate board its table did not finish, or a quiz's question (format.md §5.2): a warning
    # solo whist (docs/rules/solo-whist.md)
    "turn_up", "sits_out", "nothing_to_accept", "out_of_auction", "proposal_unaccepted", "abond_trump",
    "play_after_settled",
    # two, three and five players (docs/rules/players-2-3-5.md)
    "roles", "lead_out_of_turn", "widow", "exchanges",
)
UNLISTED = "unlisted"  # the closing note of a capped list: how many problems were found but not listed
MAX_PER_DEAL = 50  # problems listed for one deal (or for the file outside any deal)
MAX_PER_FILE = 500  # problems listed for a whole file


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: a code from :data:`CODES`, the deal number (``None`` for file-level
    problems), a location such as ``play[17]`` or ``auction[4]``, and a plain message.
    Text records also give the line and column. ``written_at`` is where the item stands as
    the record wrote it when that is not ``at``: a card read from PBN's seat columns is
    ``play[17]`` in the order played and ``play[19]`` among the cells written (engine/settle.py);
    a reader locates the diagnostic by it, and it is no part of the diagnostic's identity."""

    code: str
    message: str
    deal: int | None = None
    at: str | None = None
    severity: Severity = Severity.ERROR
    line: int | None = None
    column: int | None = None
    written_at: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"deal": self.deal, "code": self.code, "at": self.at, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
            out["column"] = self.column
        return out

    def describe(self, file: str | None = None) -> str:
        """One line for a terminal: ``file:line:col: deal 3, play[17]: revoke: W must follow ♥``."""
        where = []
        if file:
            where.append(file if self.line is None else f"{file}:{self.line}:{self.column}")
        elif self.line is not None:
            where.append(f"line {self.line}:{self.column}")
        place = ", ".join(p for p in (f"deal {self.deal}" if self.deal is not None else None, self.at) if p)
        prefix = ": ".join(where + ([place] if place else []))
        tag = self.code if self.severity is Severity.ERROR else f"{self.code} (warning)"
        return printable(f"{prefix}: {tag}: {self.message}" if prefix else f"{tag}: {self.message}")


class Problems:
    """The diagnostics of one file as they are found, kept up to :data:`MAX_PER_DEAL` a deal and
    :data:`MAX_PER_FILE` a file and only counted past that, so that a hostile file costs bounded
    memory; :meth:`listed` closes the list with a note saying how many were left out."""

    def __init__(self) -> None:
        self.kept: list[Diagnostic] = []
        self.per_deal: Counter[int | None] = Counter()
        self.unlisted = 0
        self.unlisted_error = False
        self.first_unlisted: tuple[int | None, int | None] = (None, None)  # line and column, when known

    def wants(self, deal: int | None, severity: Severity = Severity.ERROR,
              where: tuple[int | None, int | None] = (None, None)) -> bool:
        """Whether a problem of ``deal`` would be listed; if not, it is counted here (with
        ``where`` it stands, for the first) and the caller need not even build it."""
        if len(self.kept) < MAX_PER_FILE and self.per_deal[deal] < MAX_PER_DEAL:
            return True
        if not self.unlisted:
            self.first_unlisted = where
        self.unlisted += 1
        self.unlisted_error |= severity is Severity.ERROR
        return False

    def append(self, d: Diagnostic) -> None:
        if d.code == UNLISTED:
            if not self.unlisted:
                self.first_unlisted = (d.line, d.column)
            self.unlisted += unlisted_count(d)
            self.unlisted_error |= d.severity is Severity.ERROR
        elif self.wants(d.deal, d.severity, (d.line, d.column)):
            self.kept.append(d)
            self.per_deal[d.deal] += 1

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            self.append(d)

    def listed(self) -> list[Diagnostic]:
        """The kept diagnostics, then the closing note if any were left out."""
        if not self.unlisted:
            return list(self.kept)
        severity = Severity.ERROR if self.unlisted_error else Severity.WARNING
        word = "problem" if self.unlisted == 1 else "problems"
        line, column = self.first_unlisted
        note = Diagnostic(UNLISTED, f"… and {self.unlisted:,} more {word} not listed (at most {MAX_PER_DEAL} "
                                    f"a deal and {MAX_PER_FILE} a file are listed; the first left out is "
                                    f"{'here' if line is not None else 'not located'})", severity=severity,
                          line=line, column=column)
        return [*self.kept, note]


def unlisted_count(note: Diagnostic) -> int:
    """The number a closing note (code ``unlisted``) says was left out."""
    return int(note.message.split()[2].replace(",", ""))


def capped(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics within the caps, closed by one note counting the rest (and any earlier note's)."""
    problems = Problems()
    problems.extend(diagnostics)
    return problems.listed()


_FIELD_ORDER = {"number": 0, "dealer": 1, "hands": 2, "auction": 3, "play": 4, "result": 5, "recorded": 6}


def _place(d: Diagnostic) -> tuple[int, int, int, int]:
    """Where in its deal a problem stands: line and column when known, else field and index."""
    at = d.at or ""
    head, _, rest = at.partition("[")
    field = _FIELD_ORDER.get(head.split(".")[0], len(_FIELD_ORDER))
    index = int(rest.rstrip("]")) if rest.rstrip("]").isdigit() else -1
    return d.line or 0, d.column or 0, field, index


def in_file_order(diagnostics: Iterable[Diagnostic], deal_numbers: Sequence[int]) -> list[Diagnostic]:
    """File-level problems first, then deal by deal in record order, each deal's problems in
    the order they stand in the file (so the first listed is the first to fix)."""
    position = {number: i for i, number in enumerate(deal_numbers)}
    last = len(position) + 1  # the closing note of a capped list stays last
    return sorted(diagnostics, key=lambda d: (last if d.code == UNLISTED else -1 if d.deal is None
                                              else position.get(d.deal, len(position)), *_place(d)))


def in_line_order(listed: list[Diagnostic], located: Iterable[Diagnostic]) -> list[Diagnostic]:
    """A text reader's diagnostics (``listed``, in line order, a closing note last) with more
    located ones put in their places: the order a reader that had found them would give."""
    notes = [d for d in listed if d.code == UNLISTED]
    kept = [d for d in listed if d.code != UNLISTED]
    return sorted([*kept, *located], key=lambda d: (d.line or 0, d.column or 0)) + notes


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)
