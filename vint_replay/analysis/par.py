"""Par: the best contract for each side, and where a double-dummy auction would end, scored
with the session profile's own scoring (vint's for vint, bridge's for bridge).

Every contract (35 bids × 4 declarers) is scored as if played double dummy: the declarer's
side takes the DD table's tricks, the other side the rest, and the profile's ``deal_entries``
give both sides' points in the deal's vulnerability (vint: tricks below the line for *both*
sides, slams, contract premiums, honours and aces, undertricks; bridge: trick score, bonuses,
undertricks). Where the profile allows doubles, a contract that fails is scored doubled: the
defenders, seeing every card, double it (rubber-bridge.md §5.4, duplicate-bridge.md §3). A
contract's *net* for a side is that side's points minus the other side's. Game and rubber
premiums of a rubber are left out: they depend on the state of the rubber, not on the deal.
See docs/analysis.md for the definition and its limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.calls import BIDS, Contract
from ..games.registry import RuleProfile
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


def outcomes(table: DDTable, hands: tuple[int, int, int, int], profile: RuleProfile,
             vulnerable: tuple[bool, bool]) -> list[Outcome]:
    """Every contract scored double dummy in the deal's vulnerability (by Side), in the
    profile's bidding order (lowest bid first; N, E, S, W); a failing one doubled where the
    profile allows doubles."""
    found = []
    for bid in sorted(BIDS, key=lambda b: profile.bid_ranks[b.code]):
        assert bid.denomination is not None
        for seat in SEATS:
            contract = Contract(bid.level, bid.denomination, seat)
            tricks = table.side_tricks(contract)
            if profile.doubles_allowed and tricks[seat.side] < contract.tricks_needed:
                contract = Contract(bid.level, bid.denomination, seat, doubled=2)
            points = [0, 0]
            for entry in profile.score(DealFacts(contract, tricks, hands, vulnerable)):
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
    let the contract stand) and then to the lower bid. Solved backwards from 7NT; ``scored`` is
    in bidding order, as :func:`outcomes` gives it.
    """
    rank = _ranks(scored)
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


def _ranks(scored: list[Outcome]) -> list[int]:
    """Each outcome's bid rank, from their order: the rank goes up wherever the bid changes."""
    ranks, rank = [], -1
    for i, outcome in enumerate(scored):
        if i == 0 or outcome.contract.bid != scored[i - 1].contract.bid:
            rank += 1
        ranks.append(rank)
    return ranks


def _net(outcome: Outcome | None, side: Side) -> int:
    return 0 if outcome is None else outcome.net(side)
