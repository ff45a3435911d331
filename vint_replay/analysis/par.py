"""Vint "par": the best contract for each side, and where a double-dummy auction would end,
scored with the session profile's own vint scoring (never bridge's par).

Every contract (35 bids × 4 declarers) is scored as if played double dummy: the declarer's
side takes the DD table's tricks, the other side the rest, and the profile's ``deal_entries``
give both sides' points (tricks below the line for *both* sides, slams, contract premiums,
honours and aces from the dealt hands, undertricks). A contract's *net* for a side is that
side's points minus the other side's. Game and rubber premiums are left out: they depend on the
state of the rubber, not on the deal. See docs/analysis.md for the definition and its limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.calls import BIDS, Contract
from ..engine.profiles import RuleProfile
from ..engine.scoring import DealFacts
from ..engine.seats import SEATS, Side
from .dd import DDTable


@dataclass(frozen=True, slots=True)
class Outcome:
    """One contract played double dummy: the tricks and deal points of each side (by Side)."""

    contract: Contract
    tricks: tuple[int, int]
    points: tuple[int, int]

    def net(self, side: Side) -> int:
        """``side``'s points minus the other side's."""
        return self.points[side] - self.points[side.other]


def outcomes(table: DDTable, hands: tuple[int, int, int, int], profile: RuleProfile) -> list[Outcome]:
    """Every contract scored double dummy, in bidding order (lowest bid first; N, E, S, W)."""
    found = []
    for bid in BIDS:
        assert bid.denomination is not None
        for seat in SEATS:
            contract = Contract(bid.level, bid.denomination, seat)
            tricks = table.side_tricks(contract)
            points = [0, 0]
            for entry in profile.score(DealFacts(contract, tricks, hands)):
                points[entry.side] += entry.points
            found.append(Outcome(contract, tricks, (points[0], points[1])))
    return found


def best_for(side: Side, scored: list[Outcome]) -> Outcome:
    """The contract declared by ``side`` with the highest net for it (the lowest such bid on a
    tie): what the side would choose if the other side never bid."""
    best = None
    for outcome in scored:
        if outcome.contract.declarer.side is side and (best is None or outcome.net(side) > best.net(side)):
            best = outcome
    assert best is not None
    return best


def par(scored: list[Outcome], first: Side) -> Outcome | None:
    """Where a double-dummy auction ends (``None``: passed out, 0 to both).

    ``first`` (the dealer's side) opens with any contract or passes; then the sides take turns:
    the side whose contract stands may be overcalled by the other side with any higher bid, and
    so on. Each side picks what ends best for its own net; ties go to the passive choice (pass,
    let the contract stand) and then to the lower bid. Solved backwards from 7NT.
    """
    rank = [o.contract.bid.code for o in scored]
    standing = list(scored)  # standing[i]: how the auction ends once scored[i] is the highest bid
    for i in range(len(scored) - 1, -1, -1):
        responder = scored[i].contract.declarer.side.other
        result = scored[i]
        for j in range(i + 1, len(scored)):
            if rank[j] > rank[i] and scored[j].contract.declarer.side is responder:
                if standing[j].net(responder) > result.net(responder):
                    result = standing[j]
        standing[i] = result

    def opening(side: Side, otherwise: Outcome | None) -> Outcome | None:
        best = otherwise
        for i, outcome in enumerate(scored):
            if outcome.contract.declarer.side is side:
                if _net(standing[i], side) > _net(best, side):
                    best = standing[i]
        return best

    return opening(first, opening(first.other, None))


def _net(outcome: Outcome | None, side: Side) -> int:
    return 0 if outcome is None else outcome.net(side)
