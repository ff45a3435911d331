"""The auction as a state machine: calls in turn from the dealer until the closing pass.

Every rule comes from the profile: which bid outranks which, how many passes close the auction
or pass the deal out, whether doubles exist, and who declares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol, TypeVar

from .calls import Call, CallKind, Contract, Denomination
from .errors import IllegalMove
from .rule_profile import RuleProfile
from .seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class AuctionState:
    """The auction after some calls: whose turn, the standing bid, and whether it is over."""

    calls: tuple[Call, ...]
    to_call: Seat
    highest: Call | None
    highest_by: Seat | None
    passes: int  # consecutive passes since the last bid, double or redouble (or since the start)
    closed: bool
    doubled: int = 1  # 1, 2 (doubled) or 4 (redoubled)
    void: tuple[int, ...] = ()  # under the laws: indices of calls without effect (out of turn, late)
    barred: tuple[Seat, ...] = ()  # under the laws: who must pass at his next turn


class Auction:
    """Replays calls one by one and refuses illegal ones.

    The dealer calls first, then clockwise. A bid must outrank the standing bid in the
    profile's order; where the profile has doubles, a double answers an opponent's bid and a
    redouble an opponent's double. The profile's pass counts close the auction.
    """

    __slots__ = ("profile", "dealer", "calls", "to_call", "highest", "highest_by", "passes", "doubled",
                 "_ranks", "_first_namer")

    def __init__(self, dealer: Seat, profile: RuleProfile) -> None:
        self.profile = profile
        self.dealer = dealer
        self.calls: list[Call] = []
        self.to_call = dealer
        self.highest: Call | None = None
        self.highest_by: Seat | None = None
        self.passes = 0
        self.doubled = 1
        self._ranks = profile.bid_ranks
        # (side, denomination) -> first to bid it; a bid's denomination is never None
        self._first_namer: dict[tuple[int, Denomination | None], Seat] = {}

    @property
    def closed(self) -> bool:
        return self.profile.auction_closed(self.passes, self.highest is not None)

    @property
    def passed_out(self) -> bool:
        return self.closed and self.highest is None

    @property
    def passes_needed(self) -> int:
        """Passes still needed to close the auction."""
        needed = 0
        while not self.profile.auction_closed(self.passes + needed, self.highest is not None):
            needed += 1
        return needed

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is closed with a bid, else ``None``."""
        if self.highest is None or self.highest_by is None or not self.closed:
            return None
        denomination = self.highest.denomination
        assert denomination is not None
        first = self._first_namer[(self.highest_by & 1, denomination)]
        declarer = self.profile.choose_declarer(self.highest_by, first)
        return Contract(self.highest.level, denomination, declarer, self.doubled)

    def call(self, call: Call) -> None:
        """Make the next call, or raise :class:`IllegalMove`."""
        self.call_all((call,))

    def call_all(self, calls: Iterable[Call]) -> None:
        """Make calls in order (a whole recorded auction at once is the fast path of a replay).

        At the first illegal call raises :class:`IllegalMove`; the calls before it stay made,
        so ``len(auction.calls)`` is the index of the bad call.
        """
        made, ranks, closed = self.calls, self._ranks, self.profile.auction_closed
        seat, highest, passes = self.to_call, self.highest, self.passes
        try:
            for call in calls:
                if closed(passes, highest is not None):
                    raise IllegalMove("call_after_close", f"{seat} called {call.pretty} after the auction had closed")
                kind = call.kind
                if kind is CallKind.PASS:
                    passes += 1
                elif kind is CallKind.BID:
                    if highest is not None and ranks[call.code] <= ranks[highest.code]:
                        raise IllegalMove(
                            "insufficient_bid",
                            f"{seat} bid {call.pretty} but {self.highest_by} had bid {highest.pretty}: "
                            f"a new bid must be higher (order under the {self.profile.name} rules: {self.profile.order_text})")
                    highest = self.highest = call
                    self.highest_by = seat
                    self.doubled = 1
                    self._first_namer.setdefault((seat & 1, call.denomination), seat)
                    passes = 0
                else:
                    self._double(seat, call)
                    passes = 0
                made.append(call)
                seat = _NEXT[seat]
        finally:
            self.to_call, self.passes = seat, passes

    def _double(self, seat: Seat, call: Call) -> None:
        """A double of an opponent's standing bid, or a redouble of an opponent's double."""
        if not self.profile.doubles_allowed:
            raise IllegalMove("bad_call", f"{seat} called {call.pretty}: doubles and redoubles do not exist "
                                          f"under the {self.profile.name} rules")
        opponents = self.highest_by is not None and (self.highest_by & 1) != (seat & 1)
        if call.kind is CallKind.DOUBLE:
            if self.highest is None or not opponents or self.doubled != 1:
                raise IllegalMove("bad_call", f"{seat} doubled, but a double needs an opponent's bid that is not "
                                              f"doubled yet")
            self.doubled = 2
        else:
            if self.highest is None or opponents or self.doubled != 2:
                raise IllegalMove("bad_call", f"{seat} redoubled, but a redouble needs an opponent's double of "
                                              f"his side's bid")
            self.doubled = 4

    def state(self) -> AuctionState:
        return AuctionState(tuple(self.calls), self.to_call, self.highest, self.highest_by, self.passes, self.closed,
                            self.doubled)


C = TypeVar("C", contravariant=True)  # a call the auction takes
S = TypeVar("S", covariant=True)  # the state it tells
_NEXT = SEATS[1:] + SEATS[:1]  # the seat on the left of each seat


class Steps(Protocol[C, S]):
    """An auction a replay can step through: it takes calls of one kind and tells its state."""

    def call(self, call: C) -> object: ...
    def state(self) -> S: ...


def stepped(auction: Steps[C, S], calls: Iterable[C]) -> list[S]:
    """An auction's state before any call and after each legal call, up to the first illegal
    one: what a replay steps through (any auction with ``call`` and ``state``, vint's or solo's)."""
    states = [auction.state()]
    for call in calls:
        try:
            auction.call(call)
        except IllegalMove:
            break
        states.append(auction.state())
    return states
