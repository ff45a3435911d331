"""The analysis board's lines: the actual play up to card K, then a variation's cards, opened as
far as the rules allow. A line from a shared link may be impossible (a card not held, a revoke,
a branch point past the play); it opens at the nearest valid position, with a note saying why,
so that a link never fails (issue 21)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.session import SessionReport
from .variation import Refused, Variation, branch


@dataclass(frozen=True)
class Opened:
    """The position a line asks for, or the nearest valid one (``note`` says what was left out)."""

    variation: Variation
    note: str | None = None


def open_line(report: SessionReport, number: int, at: int, cards: Sequence[str]) -> Opened:
    """Deal ``number`` branched at card ``at`` with ``cards`` (as written in a URL: ``SA``, ``H10``)
    played on; a branch point outside the play is moved to its nearest end, and the line stops
    before its first card that is not a card or that the rules refuse. :class:`VariationError`
    for a deal that cannot be varied at all (the page says so in place of the board)."""
    played = next((len(d.play or ()) for d in report.record.deals if d.number == number), 0)
    notes = []
    if not 0 <= at <= played:
        notes.append(f"there is no card {at} in the play (0–{played}): opened at card {max(0, min(at, played))}")
        at = max(0, min(at, played))
    variation = branch(report, number, at)
    for i, text in enumerate(cards):
        try:
            card = Card.parse(text)
        except ValueError as err:
            notes.append(f"the line's card {i + 1}, {text[:12]!r}, is no card ({err}): the line stops before it")
            break
        try:
            variation = variation.play(card)
        except Refused as err:
            notes.append(f"the line's card {i + 1} is refused — {err.rule}: {_reason(err)}; the line stops before it")
            break
    return Opened(variation, "; ".join(notes) or None)


def _reason(err: Refused) -> str:
    """The refusal's own words, without the ``play[i]: rule:`` head the terminal prints."""
    return str(err).split(": ", 2)[-1]
