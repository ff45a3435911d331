"""What an audit of a paper score found, whatever the game (issue 20): a plain value type in the
core, so that each game's audit returns it and every report counts it the same way."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar


class Found(Protocol):
    """One figure of a paper score that differs from the one due, in the deal it belongs to."""

    @property
    def deal(self) -> int: ...
    @property
    def explanation(self) -> str: ...
    def to_json(self) -> dict[str, object]: ...


Mismatched = TypeVar("Mismatched", bound=Found, covariant=True)


@dataclass(frozen=True)
class AuditTally:
    """The one count of a paper score's mismatches shown everywhere (``audit``, its ``--json``,
    every dashboard page): deals checked, deals with at least one mismatching entry, and the
    mismatching entries (figures: a side's total above or below the line of a deal)."""

    deals_checked: int
    deals_with_mismatches: int
    entries: int

    @classmethod
    def of(cls, differing_per_deal: Iterable[int]) -> AuditTally:
        """From the number of mismatching entries of each checked deal (0 for a clean one)."""
        counts = list(differing_per_deal)
        return cls(len(counts), sum(1 for c in counts if c), sum(counts))

    @property
    def clean(self) -> bool:
        return not self.entries

    @property
    def text(self) -> str:
        """``no mismatches`` or ``2 deals with mismatches (3 entries)``."""
        if self.clean:
            return "no mismatches"
        deals, entries = self.deals_with_mismatches, self.entries
        return (f"{deals} deal{'s' if deals != 1 else ''} with {'a mismatch' if entries == 1 else 'mismatches'} "
                f"({entries} entr{'y' if entries == 1 else 'ies'})")


@dataclass(frozen=True)
class AuditReport(Generic[Mismatched]):
    """What an audit found: how many deals had a written score to check, and each mismatch
    (anything with the ``deal`` it belongs to)."""

    deals_checked: int
    mismatches: tuple[Mismatched, ...]
    unchecked: tuple[int, ...] = ()  # deals with N–S and E–W figures but scored in a column per player
    unplayed: tuple[int, ...] = ()  # boards with a recorded score but not played to a result (format.md §5.2)

    @property
    def clean(self) -> bool:
        return not self.mismatches

    def unchecked_notes(self) -> list[str]:
        """A line for each deal whose recorded figures could not be compared, saying why."""
        return [f"deal {n}: the recorded N–S and E–W figures are not checked: this game is scored in a column per "
                "player (players-2-3-5.md), not by sides" for n in self.unchecked] + [
            f"deal {n}: the recorded score is not checked: the board was not played to a result (a hand or "
            "bidding record, or unfinished: format.md §5.2)" for n in self.unplayed]

    @property
    def tally(self) -> AuditTally:
        per_deal = Counter(m.deal for m in self.mismatches)
        return AuditTally.of(list(per_deal.values()) + [0] * (self.deals_checked - len(per_deal)))
