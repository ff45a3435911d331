"""The shorthand a record may write, settled by the rules: ``AP`` for the closing passes, and
the play in PBN's seat columns, whose leaders only the trick winners tell (docs/format.md §3).
A reader records what was written; the engine reads it once per deal, under the laws when the
session has them (docs/rules/laws.md §4: calls out of turn void, insufficient bids corrected)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from ..games.laws.auction import replay_calls
from .calls import Call
from .cards import Card
from .plural import plural
from .record import CallOutOfTurn, DealRecord
from .rule_profile import RuleProfile
from .seats import SEATS, Seat

Where = tuple[int, int]  # line and column of a text record
Report = Callable[[str, str, Where, str], None]  # (code, message, where, at)


class Written(Protocol):
    """One token of a record as written: its text and where it stands."""

    @property
    def text(self) -> str: ...

    @property
    def at(self) -> Where: ...


T = TypeVar("T", bound=Written)


def all_pass(dealer: Seat, profile: RuleProfile, calls: Iterable[Call], out_of_turn: Iterable[CallOutOfTurn],
             laws: bool) -> int | None:
    """How many passes ``AP`` after ``calls`` stands for: those that close the auction; none if
    a call before it is illegal (the replay reports that); ``None`` if the auction had closed."""
    auction = replay_calls(dealer, profile, calls, out_of_turn, laws)
    if auction is None:
        return 0
    return None if auction.closed else auction.passes_needed


def all_pass_start(deal: DealRecord, profile: RuleProfile, laws: bool) -> int | None:
    """Where ``AP`` may stand for the deal's closing passes: after the last bid of a legal,
    closed auction of four seats in turn (``profile.all_pass``); ``None`` if nowhere."""
    if not profile.all_pass or not deal.auction or not deal.auction[-1].is_pass:
        return None
    auction = replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, laws)
    if auction is None or not auction.closed:
        return None
    start = len(deal.auction)
    while start > 0 and deal.auction[start - 1].is_pass:
        start -= 1
    return start


def column_play(rows: Sequence[Sequence[T]], first: Seat, tag: Where, value: Where, dealer: Seat,
                auction: Sequence[Call], out_of_turn: Sequence[CallOutOfTurn], profile: RuleProfile, laws: bool,
                card_of: Callable[[T, int], Card | None], report: Report) -> tuple[Card, ...] | None:
    """The cards in the order played, from PBN's layout: each row holds a trick's cards in fixed
    seat columns from ``first``; the contract says who leads trick 1, each winner the next.
    ``tag`` and ``value`` are where the ``[Play]`` tag and its seat stand; ``card_of`` reads a
    card (reporting an unknown one). ``None`` after a problem reported."""
    state = replay_calls(dealer, profile, auction, out_of_turn, laws)
    contract = None if state is None else state.contract
    if contract is None:
        report("schema", "PBN-layout play can only be read after a legal, closed auction with a contract "
                         "(the trump decides who led each trick)", tag, "play")
        return None
    leader = profile.opening_leader(contract.declarer)
    if first != leader:
        report("schema", f"[Play \"{first}\"] names {first} as the opening leader, but {contract} by "
                         f"{contract.declarer} is led by {leader}", value, "play")
        return None
    cards: list[Card] = []
    for k, row in enumerate(rows):
        if len(row) != 4:
            where = row[4].at if len(row) > 4 else row[0].at
            report("schema", f"trick {k + 1} has {plural(len(row), 'column')}; PBN layout needs 4 (- for a card "
                             "not played)", where, f"play[{len(cards)}]")
            return None
        order = [row[(leader - first + i) & 3] for i in range(4)]
        played: list[Card] = []
        for i, token in enumerate(order):
            if token.text == "-":
                if any(t.text != "-" for t in order[i:]) or k != len(rows) - 1:
                    report("schema", "'-' (not played) may only end the play", token.at, f"play[{len(cards) + i}]")
                    return None
                break
            card = card_of(token, len(cards) + i)
            if card is None:
                return None
            played.append(card)
        cards.extend(played)
        if len(played) == 4:
            leader = SEATS[(leader + profile.trick_winner(played, contract.trump)) & 3]
    return tuple(cards)
