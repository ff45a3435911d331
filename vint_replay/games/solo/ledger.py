"""The evening's payment sheet: each deal's payments per seat and every player's running
balance, in quarters (docs/rules/solo-whist.md §5)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.record import SessionInfo
from ...engine.rule_profile import Replayed
from ...engine.seats import SEATS
from ...engine.summary import Column, Summary, ahead
from .contracts import points, points_text
from .deal_line import SoloDealScore
from .payments import deal_payments
from .replay import SoloReplay


@dataclass(slots=True)
class SoloScore:
    """The evening: the roster (four or five players, clockwise), the deals, the balances."""

    players: tuple[str, ...]
    deals: list[SoloDealScore] = field(default_factory=list)

    @property
    def balances(self) -> tuple[int, ...]:
        """Each player's balance at the end of the evening, in quarters (sums to 0)."""
        return self.deals[-1].balances if self.deals else tuple(0 for _ in self.players)

    def deal_summaries(self) -> dict[int, Summary]:
        """Each deal's payments and balances by player, by deal number (see :mod:`..summary`)."""
        return {deal.number: deal.summary(self.players) for deal in self.deals}

    def session_summary(self) -> Summary:
        """Each player's balance at the end of the evening (points)."""
        columns = tuple(Column(player, player, points(q), points_text(q)) for player, q in zip(self.players, self.balances))
        return Summary(columns, ahead([(player, points(q)) for player, q in zip(self.players, self.balances)],
                                      lambda p: points_text(round(p * 4), sign=False)))


class SoloLedger:
    """Adds valid deals one by one, keeping each player's running balance."""

    def __init__(self, info: SessionInfo) -> None:
        self.score = SoloScore(info.roster)
        self.balances = [0] * len(info.roster)

    def add(self, replay: Replayed) -> SoloDealScore:
        assert isinstance(replay, SoloReplay), f"solo whist's ledger scores no {type(replay).__name__}"
        payments = (0, 0, 0, 0)
        if replay.contract is not None and replay.made is not None:
            payments = deal_payments(replay.contract.terms, replay.declaring, replay.made, replay.taken)
        for seat in SEATS:
            self.balances[self.score.players.index(replay.players[seat])] += payments[seat]
        deal = SoloDealScore(replay.deal.number, replay.deal.dealer, replay.players, replay.solo.sits_out,
                             replay.contract, replay.declarer, replay.partner, replay.taken, replay.made, payments,
                             tuple(self.balances))
        self.score.deals.append(deal)
        return deal

    def finish(self) -> SoloScore:
        return self.score
