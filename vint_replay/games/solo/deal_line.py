"""One deal's line of the payment sheet (docs/rules/solo-whist.md §5): its contract and who
played it, its result, the payments by seat and the balances after it; apart from the ledger so
that the replay's terminal hooks can read it."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.seats import Seat
from ...engine.summary import Column, Summary
from .contracts import SoloCall, points, points_text


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
