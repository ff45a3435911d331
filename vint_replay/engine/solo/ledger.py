"""The evening's payment sheet: each deal's payments per seat and every player's running
balance, in quarters (docs/rules/solo-whist.md §5)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..record import SessionInfo
from ..seats import SEATS, Seat
from ..summary import Column, Summary, ahead
from .contracts import SoloCall, points, points_text
from .payments import deal_payments
from .replay import SoloReplay


@dataclass(frozen=True, slots=True)
class SoloDealScore:
    """One deal on the payment sheet: the contract and who played it, its result, what each
    seat received (+) or paid (−), and every player's balance after it (quarters)."""

    number: int
    dealer: Seat
    players: tuple[str, str, str, str]  # by seat, in this deal
    sits_out: str | None
    contract: SoloCall | None
    declarer: Seat | None
    partner: Seat | None
    taken: int | None
    made: bool | None
    payments: tuple[int, int, int, int]  # quarters by seat
    balances: tuple[int, ...]  # quarters, by the session's roster, after this deal

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def paid(self, player: str) -> int:
        """What ``player`` received (+) or paid (−) in this deal; 0 when sitting out."""
        return self.payments[self.players.index(player)] if player in self.players else 0

    def summary(self, roster: tuple[str, ...]) -> Summary:
        """Each player's payment in this deal and balance after it (points); the outcome is the
        contract, who played it and its result."""
        columns = tuple(Column(player, player, {"payment": points(self.paid(player))},
                               f"{points_text(self.paid(player))} (balance {points_text(balance)})",
                               {"balance": points(balance)})
                        for player, balance in zip(roster, self.balances))
        result = result_words(self)
        return Summary(columns, contract_words(self) + (f": {result}" if result else ""))


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
        return Summary(columns, ahead(columns, lambda p: points_text(round(p * 4), sign=False)))


def contract_words(deal: SoloDealScore) -> str:
    """``open misère by Кирилл``, ``proposal and acceptance by Алексей with Влад``, or ``void``."""
    if deal.contract is None or deal.declarer is None:
        return "void (all passed)"
    text = f"{deal.contract.terms.title} by {deal.players[deal.declarer]}"
    return text + (f" with {deal.players[deal.partner]}" if deal.partner is not None else "")


def result_words(deal: SoloDealScore) -> str:
    """``made``, ``failed``, ``made, 7 tricks`` (where tricks are counted), or nothing for a void deal."""
    if deal.made is None or deal.contract is None:
        return ""
    verdict = "made" if deal.made else "failed"
    return f"{verdict}, {deal.taken} tricks" if deal.contract.terms.counts_tricks and deal.taken is not None else verdict


class SoloLedger:
    """Adds valid deals one by one, keeping each player's running balance."""

    def __init__(self, info: SessionInfo) -> None:
        self.score = SoloScore(info.roster)
        self.balances = [0] * len(info.roster)

    def add(self, replay: SoloReplay) -> SoloDealScore:
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
