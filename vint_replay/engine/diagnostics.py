"""Diagnostics: what is wrong with a record, where, and in words a club scorer understands."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable, Sequence


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


# The codes of format.md §4, plus ``result_mismatch`` (a deal with both play and result that disagree).
CODES = (
    "syntax", "schema", "bad_card", "bad_call", "duplicate_card", "hand_size", "hands_mismatch",
    "wrong_dealer", "deal_number", "insufficient_bid", "auction_incomplete", "call_after_close",
    "card_not_held", "revoke", "play_incomplete", "play_after_passout", "missing_play",
    "order_needed", "result_mismatch",
)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: a code from :data:`CODES`, the deal number (``None`` for file-level
    problems), a location such as ``play[17]`` or ``auction[4]``, and a plain message.
    Text records also give the line and column."""

    code: str
    message: str
    deal: int | None = None
    at: str | None = None
    severity: Severity = Severity.ERROR
    line: int | None = None
    column: int | None = None

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
        return f"{prefix}: {tag}: {self.message}" if prefix else f"{tag}: {self.message}"


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
    return sorted(diagnostics, key=lambda d: (-1 if d.deal is None else position.get(d.deal, len(position)), *_place(d)))


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)
