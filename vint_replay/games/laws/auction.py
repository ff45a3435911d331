"""The auction under the laws (docs/rules/laws.md §4–§5): calls out of turn, insufficient and
late bids, and the opening-lead bar a call out of turn leaves (law 77).

:class:`LawsAuction` keeps the calls as spoken and hands the calls that count to the
profile's :class:`~vint_replay.engine.auction.Auction`, which keeps its own pass counts
(§4.2: the layer adds penalties, it does not change the auction).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from ...engine.auction import Auction, AuctionState
from ...engine.calls import BIDS, Call, CallKind, Contract
from ...engine.cards import Card, Suit
from ...engine.errors import IllegalMove
from ...engine.record import CallOutOfTurn
from ...engine.rule_profile import RuleProfile
from ...engine.seats import Seat

@dataclass(frozen=True, slots=True)
class Finding:
    """A warning the laws make of a call that stands in the record: its code, index and words."""

    code: str
    index: int
    message: str


class LawsAuction:
    """Replays an auction under the laws; the same face as :class:`Auction` for the replay.

    ``out_of_turn`` gives the calls spoken out of turn, by index and speaker. Such a call
    is void and the turn stays (§4.5); the speaker must pass at every later turn and his partner
    at his next (an error ``barred_call`` otherwise). An insufficient bid is read as the lowest
    sufficient bid of its denomination (§4.4, warning ``insufficient_bid_corrected``), or, when
    there is none, is void as a call out of turn (ruling 13: the caller keeps the turn and must
    pass). A bid after the closing passes is no call (§4.3, warning ``late_bid``).
    """

    __slots__ = ("inner", "profile", "calls", "speakers", "out_of_turn", "findings", "void", "read", "barred", "barred_next",
                 "named", "_states")

    def __init__(self, dealer: Seat, profile: RuleProfile, out_of_turn: Iterable[CallOutOfTurn] = (),
                 keep_states: bool = False) -> None:
        self.inner = Auction(dealer, profile)
        self.profile = profile
        self.calls: list[Call] = []  # as spoken, void ones included
        self.speakers: list[Seat] = []  # who spoke each call
        self.out_of_turn = {c.index: c.by for c in out_of_turn}
        self.findings: list[Finding] = []
        self.void: dict[int, str] = {}  # the calls that have no effect, by index, and why in a word or two
        self.read: dict[int, Call] = {}  # insufficient bids by index -> the bid they are read as
        self.barred: set[Seat] = set()  # must pass at every later turn
        self.barred_next: set[Seat] = set()  # must pass at his next turn
        self.named: dict[Seat, set[Suit]] = {}  # suits named out of turn, for law 77
        self._states: list[AuctionState] | None = [self.state()] if keep_states else None

    # -- the face of Auction ---------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self.inner.closed

    @property
    def passed_out(self) -> bool:
        return self.inner.passed_out

    @property
    def passes_needed(self) -> int:
        return self.inner.passes_needed

    @property
    def highest(self) -> Call | None:
        return self.inner.highest

    @property
    def highest_by(self) -> Seat | None:
        return self.inner.highest_by

    @property
    def contract(self) -> Contract | None:
        return self.inner.contract

    @property
    def states(self) -> list[AuctionState]:
        """The state before any call and after each call taken (with ``keep_states``)."""
        return list(self._states or ())

    def call_all(self, calls: Iterable[Call]) -> None:
        """Take the recorded calls in order; raises :class:`IllegalMove` at the first one the
        laws forbid (``len(self.calls)`` is then its index)."""
        for call in calls:
            self.call(call)

    def call(self, call: Call) -> None:
        index = len(self.calls)
        seat = self.inner.to_call
        by = self.out_of_turn.get(index)
        if by is not None:
            if by == seat and not self.inner.closed:
                raise IllegalMove("not_out_of_turn", f"{call.pretty} is marked as spoken out of turn by {by}, "
                                                     f"but it was {by}'s turn")
            self._void(index, call, by, "out of turn")
        elif self.inner.closed and call.is_bid:
            self.findings.append(Finding("late_bid", index, f"{seat} bid {call.pretty} after the auction had closed: "
                                                            "a late bid is not a call (docs/rules/laws.md §4.3)"))
            self.void[index] = "late"
        else:
            self._in_turn(index, seat, call)
        self.calls.append(call)
        self.speakers.append(seat if by is None else by)
        if self._states is not None:
            self._states.append(self.state())

    def state(self) -> AuctionState:
        """The state after the calls taken: the calls as spoken, the void ones by index, and
        who may only pass at his next turn."""
        to_pass = self.barred | self.barred_next
        return replace(self.inner.state(), calls=tuple(self.calls), void=tuple(self.void),
                       barred=tuple(s for s in Seat if s in to_pass))

    def void_lines(self) -> list[str]:
        """A line for each void call, for reports: ``void: E 1♠ (out of turn), call 1``."""
        return [f"void: {self.speakers[i]} {self.calls[i].pretty} ({why}), call {i + 1}" for i, why in self.void.items()]

    # -- the laws --------------------------------------------------------------------------------
    def _in_turn(self, index: int, seat: Seat, call: Call) -> None:
        if not call.is_pass and (seat in self.barred or seat in self.barred_next):
            why = ("he called out of turn earlier in this auction" if seat in self.barred
                   else "his partner called out of turn before his turn")
            raise IllegalMove("barred_call", f"{seat} called {call.pretty}, but must pass: {why} "
                                             "(docs/rules/laws.md §4.5)")
        self.barred_next.discard(seat)
        highest = self.inner.highest
        ranks = self.profile.bid_ranks
        if call.is_bid and highest is not None and ranks[call.code] <= ranks[highest.code]:
            read = lowest_sufficient(call, highest, ranks)
            if read is None:
                self.findings.append(Finding(
                    "insufficient_bid_void", index,
                    f"{seat} bid {call.pretty} after {highest.pretty}: no bid of its denomination is higher, so it is "
                    f"void as a call out of turn; {seat} must pass (docs/rules/laws.md §11 no. 13)"))
                self._void(index, call, seat, "insufficient")
                return
            self.findings.append(Finding("insufficient_bid_corrected", index,
                                         f"{seat} bid {call.pretty} after {highest.pretty}: read as {read.pretty}, "
                                         "binding (docs/rules/laws.md §4.4)"))
            self.read[index] = read
            call = read
        self.inner.call(call)

    def _void(self, index: int, call: Call, by: Seat, why: str) -> None:
        """A call without effect: bars for the speaker and his partner, and law 77's suit."""
        self.void[index] = why
        if self.inner.closed:
            return
        self.barred.add(by)
        self.barred_next.add(by.partner)
        if call.kind is CallKind.BID and call.denomination is not None and call.denomination.trump is not None:
            self.named.setdefault(by, set()).add(call.denomination.trump)



def replay_calls(dealer: Seat, profile: RuleProfile, calls: Iterable[Call], out_of_turn: Iterable[CallOutOfTurn],
                 laws: bool) -> Auction | LawsAuction | None:
    """The auction after ``calls`` as the readers and writers need it (where ``AP`` stands, who
    declares): read by the laws when ``laws``; ``None`` if a call is illegal."""
    auction = LawsAuction(dealer, profile, out_of_turn) if laws else Auction(dealer, profile)
    try:
        auction.call_all(calls)
    except IllegalMove:
        return None
    return auction


def lowest_sufficient(call: Call, highest: Call, ranks: tuple[int, ...]) -> Call | None:
    """The lowest bid of ``call``'s denomination that outranks ``highest`` (law 75), if any."""
    return next((bid for bid in BIDS if bid.denomination == call.denomination and ranks[bid.code] > ranks[highest.code]),
                None)


def lead_bar(named: Mapping[Seat, set[Suit]], contract: Contract, leader: Seat, card: Card) -> str | None:
    """Why the opening lead ``card`` by ``leader`` breaks law 77, or ``None``: a player who
    named a suit out of turn may not open-lead it unless his side declares (§5)."""
    if leader.side is contract.declarer.side or card.suit not in named.get(leader, ()):
        return None
    return (f"{leader} led {card.pretty}, but named {card.suit.symbol} out of turn in the auction and may not "
            "open-lead that suit while the other side declares (docs/rules/laws.md §5, law 77)")
