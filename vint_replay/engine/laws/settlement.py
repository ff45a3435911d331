"""Responsibility between partners (docs/rules/laws.md §9): who of two partners answers alone
for an amount X of a deal, and the per-player settlement of a session (D − X, D + X)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..calls import Contract
from ..record import DealRecord, IrregularityKind
from ..scoring import Entry
from ..seats import Seat, Side

if TYPE_CHECKING:
    from ..ledger import SessionScore

SLAM_LEVELS = (6, 7)  # law 179: a small or grand slam
SLAM_DOWN_MORE_THAN = 3  # law 179: "поставивший более трех штрафов"


@dataclass(frozen=True, slots=True)
class Responsibility:
    """A partner who answers alone for ``amount`` (X, what it cost his side) of a deal, and the
    law that puts it on him: "153" (a revoke he denied when asked), "179" (a lone slam)."""

    seat: Seat
    amount: int
    law: str


def balance(entries: Sequence[Entry], side: Side) -> int:
    """A side's entries in a deal minus its opponents'."""
    return sum(e.points if e.side is side else -e.points for e in entries)


def revoke_culprits(deal: DealRecord, cost: tuple[int, int]) -> list[Responsibility]:
    """§8.5, law 153 (ruling 7: the partner asks): a claimed revoke the revoker's partner
    questioned ("asked") is paid by the revoker alone — X is what the penalty cost his side
    (``cost``, by Side: its balance without the penalty minus as scored)."""
    out: list[Responsibility] = []
    for irr in deal.irregularities:
        side = irr.seat.side
        if (irr.kind is IrregularityKind.REVOKE and irr.claimed and irr.asked
                and cost[side] > 0 and all(r.seat.side is not side for r in out)):
            out.append(Responsibility(irr.seat, cost[side], "153"))
    return out


def lone_slam(deal: DealRecord, contract: Contract, tricks: tuple[int, int],
              entries: Sequence[Entry]) -> Responsibility | None:
    """§9, law 179: a slam bid without the partner's support (he made no bid in the auction)
    and down more than three: the bidder answers alone for the deal's net loss."""
    declarer = contract.declarer
    short = contract.tricks_needed - tricks[declarer.side]
    if contract.level not in SLAM_LEVELS or short <= SLAM_DOWN_MORE_THAN:
        return None
    if any(call.is_bid and seat is declarer.partner for seat, call in zip(deal.speakers(), deal.auction)):
        return None
    loss = -balance(entries, declarer.side)
    return Responsibility(declarer, loss, "179") if loss > 0 else None


def settlement(score: SessionScore) -> tuple[int, int, int, int]:
    """Each player's result for the session, by Seat: his side's difference D, less X for each
    amount he answers for alone, plus X for each his partner answers for (§9)."""
    ns, ew = score.totals
    results = [ns - ew, ew - ns, ns - ew, ew - ns]
    for deal in score.deals:
        for r in deal.responsible:
            results[r.seat] -= r.amount
            results[r.seat.partner] += r.amount
    return results[0], results[1], results[2], results[3]
