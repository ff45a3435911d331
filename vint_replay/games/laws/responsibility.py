"""Responsibility between partners (docs/rules/laws.md §9): who of two partners answers alone
for an amount X of a deal (laws 153, 157, 178, 179) or of a rubber (law 180)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...engine.calls import Contract
from ...engine.record import DealRecord, Irregularity, IrregularityKind
from ...engine.scoring import Entry
from ...engine.seats import Seat, Side
from .revoke import Revoke, match_revoke

SLAM_LEVELS = (6, 7)  # law 179: a small or grand slam
SLAM_DOWN_MORE_THAN = 3  # law 179: "поставивший более трех штрафов"


@dataclass(frozen=True, slots=True)
class Responsibility:
    """A partner who answers alone for ``amount`` (X, what it cost his side) of a deal, and the
    law that puts it on him: "153" (a revoke he denied when asked), "157" (a revoke after a
    dropped card), "178" (a blind bid), "179" (a lone slam)."""

    seat: Seat
    amount: int
    law: str


@dataclass(frozen=True, slots=True)
class RuledRubber:
    """Law 180: the culprit who answers alone for a rubber his side lost (X: its whole
    difference), as a ruling on the session names him."""

    rubber: int
    responsibility: Responsibility


def balance(entries: Sequence[Entry], side: Side) -> int:
    """A side's entries in a deal minus its opponents'."""
    return sum(e.points if e.side is side else -e.points for e in entries)


def culprits(deal: DealRecord, contract: Contract, tricks: tuple[int, int], written: Sequence[Entry],
             cost: tuple[int, int] | None = None, found: Sequence[Revoke] = ()) -> tuple[Responsibility, ...]:
    """Who answers alone for what in a deal (§9), at most one player of a side: the deal's whole
    net loss for a blind bid (law 178) or a lone slam down more than three (law 179); else what
    a revoke penalty cost the side (``cost``, by Side: its balance without the penalty minus as
    scored) for a revoke after a dropped card in its suit (law 157; ``found``: the revokes of
    the play) or one the partner questioned (153)."""
    out: dict[Side, Responsibility] = {}
    for side in (Side.NS, Side.EW):
        loss = -balance(written, side)
        whole = _blind_bidder(deal, side) or _lone_slammer(deal, contract, tricks, side)
        if whole is not None and loss > 0:
            out[side] = Responsibility(whole[0], loss, whole[1])
        elif cost is not None and cost[side] > 0:
            revoker = _revoker_alone(deal, side, found)
            if revoker is not None:
                out[side] = Responsibility(revoker[0], cost[side], revoker[1])
    return tuple(out.values())


def _blind_bidder(deal: DealRecord, side: Side) -> tuple[Seat, str] | None:
    """Law 178: a player of ``side`` recorded as bidding blind."""
    return next(((irr.seat, "178") for irr in deal.irregularities
                 if irr.kind is IrregularityKind.BLIND_BID and irr.seat.side is side), None)


def _lone_slammer(deal: DealRecord, contract: Contract, tricks: tuple[int, int], side: Side) -> tuple[Seat, str] | None:
    """Law 179: the declarer of ``side`` who bid a slam his partner never supported (made no
    bid in the auction) and went down more than three."""
    declarer = contract.declarer
    if declarer.side is not side or contract.level not in SLAM_LEVELS:
        return None
    if contract.tricks_needed - tricks[side] <= SLAM_DOWN_MORE_THAN:
        return None
    if any(call.is_bid and seat is declarer.partner for seat, call in zip(deal.speakers(), deal.auction)):
        return None
    return declarer, "179"


def _revoker_alone(deal: DealRecord, side: Side, found: Sequence[Revoke]) -> tuple[Seat, str] | None:
    """Laws 157 and 153 (ruling 7: the partner asks): the player of ``side`` whose claimed
    revoke followed a card he dropped, in its suit, or was questioned by his partner and denied."""
    drops = [irr for irr in deal.irregularities if irr.kind is IrregularityKind.DROPPED_CARD]
    for irr in deal.irregularities:
        if irr.kind is IrregularityKind.REVOKE and irr.claimed and irr.seat.side is side:
            if any(_on_the_dropped_suit(irr, drop, found) for drop in drops if drop.seat is irr.seat):
                return irr.seat, "157"
            if irr.asked:
                return irr.seat, "153"
    return None


def _on_the_dropped_suit(revoke: Irregularity, drop: Irregularity, found: Sequence[Revoke]) -> bool:
    """Law 157 («…перекроет масть уроненной карты козырем или сделает на нее снос»): the revoke
    comes at or after the drop's trick and is a trump or discard on the dropped card's suit. A
    revoke the play does not show card by card (a paper log) is taken as the record pairs it."""
    shown = match_revoke(revoke, found, {})
    trick = revoke.trick if shown is None else shown.trick
    if drop.trick is not None and trick is not None and trick < drop.trick:
        return False
    return shown is None or drop.card is None or shown.led is drop.card.suit
