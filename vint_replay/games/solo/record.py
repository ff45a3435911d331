"""A solo-whist deal's own record fields (docs/format.md §5.5), kept on ``DealRecord.own``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card, Suit
from ...engine.record import DealRecord, GameDeal
from ...engine.seats import Seat
from .contracts import SoloCall

OUTCOMES = {"made": True, "failed": False}  # a claim, or a concession, of a play stopped early (§4)
OUTCOME_TEXT = {v: k for k, v in OUTCOMES.items()}


@dataclass(frozen=True, slots=True)
class SoloContract:
    """A contract as the record states it: its kind (a bid), who plays it and, for a
    proposal, the partner who accepted."""

    kind: SoloCall
    declarer: Seat
    partner: Seat | None = None


@dataclass(frozen=True, slots=True)
class SoloDeal(GameDeal):
    """What a solo-whist deal records beyond the dealer, hands and play: the turned-up card,
    the auction's tokens, who sits out (five players), the named trump of an abondance, the
    outcome a play stopped early states, the recorded payments (quarters, by seat) and the
    contract with its declarer and partner (optional beside the calls; alone, a paper log's)."""

    turn_up: Card | None
    calls: tuple[SoloCall, ...] = ()
    sits_out: str | None = None
    abond_trump: Suit | None = None
    outcome: bool | None = None  # True: claimed made; False: conceded failed
    payments: tuple[int, int, int, int] | None = None  # as the scorer wrote them, in quarters by Seat
    contract: SoloContract | None = None  # as recorded: checked against the calls, or standing for them
    label: ClassVar[str] = "solo"


def solo_fields(deal: DealRecord) -> SoloDeal | None:
    """The deal's solo-whist fields, or ``None`` for a deal that has none (or another game's)."""
    return deal.own if isinstance(deal.own, SoloDeal) else None
