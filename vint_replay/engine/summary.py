"""A score in the game's own terms, small enough to compare between two versions of a session:
each score type (vint's sides, a table's columns by player, solo whist's payments) says what its
columns are called and what they hold, so a report reads any game without knowing its rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

Figure = int | float  # JSON-ready: solo whist's quarters become points


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a deal's or a session's score: its JSON key (``NS``, a player's name), the
    label shown (``N–S``), its figures as JSON (a number or figures by name) and how they read.
    ``running`` are figures carried from earlier deals (a balance): shown, but a deal whose own
    figures stay the same has not moved."""

    key: str
    label: str
    figures: Figure | dict[str, Figure]
    text: str
    running: dict[str, Figure] = field(default_factory=dict)

    def to_json(self) -> Figure | dict[str, Figure]:
        return {**self.figures, **self.running} if isinstance(self.figures, dict) else self.figures


@dataclass(frozen=True, slots=True)
class Summary:
    """A deal's or a session's score by column; ``outcome`` says what was played (a deal's
    contract, tricks and any revoke penalty) or who is ahead (a session), ``extra`` adds JSON
    fields beside the columns (vint's ``difference``)."""

    columns: tuple[Column, ...]
    outcome: str = ""
    extra: dict[str, Figure] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {**{c.key: c.to_json() for c in self.columns}, **self.extra}

    def own(self) -> tuple[tuple[str, object], ...]:
        """The figures this deal or session itself decides, by column (no running balance)."""
        return tuple((c.key, c.figures) for c in self.columns)

    def text(self, separator: str = "; ") -> str:
        return separator.join(f"{c.label} {c.text}" for c in self.columns)


def lines_column(key: str, label: str, below: int, above: int) -> Column:
    """A column of points below and above the line (vint, a table's column or player)."""
    return Column(key, label, {"below": below, "above": above}, f"{below} below / {above} above")


def ahead(figures: Sequence[tuple[str, Figure]], show: Callable[[Figure], str] = str) -> str:
    """``N–S ahead by 400``, ``Ivanov ahead by 300`` or ``level``: the leader over the next one,
    of the columns' ``(label, figure)`` (numbers as ``show`` writes them)."""
    ranked = sorted(figures, key=lambda f: f[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return "level"
    return f"{ranked[0][0]} ahead by {show(ranked[0][1] - ranked[1][1])}"


def balances_summary(balances: dict[str, int], note: str = "") -> Summary:
    """Each player's balance in points (a table's settled rubbers), with who is ahead."""
    columns = tuple(Column(player, player, points, f"{points:+d}".replace("-", "−") if points else "0")
                    for player, points in balances.items())
    return Summary(columns, ahead(list(balances.items())) + (f", {note}" if note else ""))
