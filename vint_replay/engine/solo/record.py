"""A solo-whist deal's own record fields (docs/format.md §5.4), kept on ``DealRecord.solo``."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from .contracts import SoloCall

OUTCOMES = {"made": True, "failed": False}  # a claim, or a concession, of a play stopped early (§4)
OUTCOME_TEXT = {v: k for k, v in OUTCOMES.items()}


@dataclass(frozen=True, slots=True)
class SoloDeal:
    """What a solo-whist deal records beyond the dealer, hands and play: the turned-up card,
    the auction's tokens, who sits out (five players), the named trump of an abondance, the
    outcome a play stopped early states, and the recorded payments (quarters, by seat)."""

    turn_up: Card | None
    calls: tuple[SoloCall, ...] = ()
    sits_out: str | None = None
    abond_trump: Suit | None = None
    outcome: bool | None = None  # True: claimed made; False: conceded failed
    payments: tuple[int, int, int, int] | None = None  # as the scorer wrote them, in quarters by Seat
