"""The auction as a state machine: calls in turn from the dealer until the closing pass."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .calls import Call, Contract
from .errors import IllegalMove
from .profiles import RuleProfile
from .seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class AuctionState:
    """The auction after some calls: whose turn, the standing bid, and whether it is over."""

    calls: tuple[Call, ...]
    to_call: Seat
    highest: Call | None
    highest_by: Seat | None
    passes: int  # consecutive passes since the last bid (or since the start)
    closed: bool


class Auction:
    """Replays calls one by one and refuses illegal ones (rules/volchaninov.md §2).

    The dealer calls first, then clockwise. A bid must outrank the standing bid; a player may
    raise his own bid. 8 passes with no bid pass the deal out; after a bid, 12 consecutive
    passes close the auction and the last bidder declares the final bid.
    """

    __slots__ = ("profile", "dealer", "calls", "to_call", "highest", "highest_by", "passes")

    def __init__(self, dealer: Seat, profile: RuleProfile) -> None:
        self.profile = profile
        self.dealer = dealer
        self.calls: list[Call] = []
        self.to_call = dealer
        self.highest: Call | None = None
        self.highest_by: Seat | None = None
        self.passes = 0

    @property
    def closed(self) -> bool:
        limit = self.profile.passes_to_pass_out if self.highest is None else self.profile.passes_after_bid
        return self.passes >= limit

    @property
    def passed_out(self) -> bool:
        return self.closed and self.highest is None

    @property
    def passes_needed(self) -> int:
        """Passes still needed to close the auction."""
        limit = self.profile.passes_to_pass_out if self.highest is None else self.profile.passes_after_bid
        return limit - self.passes

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is closed with a bid, else ``None``."""
        if self.highest is None or self.highest_by is None or not self.closed:
            return None
        assert self.highest.denomination is not None
        return Contract(self.highest.level, self.highest.denomination, self.highest_by)

    def call(self, call: Call) -> None:
        """Make the next call, or raise :class:`IllegalMove` (``call_after_close``, ``insufficient_bid``)."""
        self.call_all((call,))

    def call_all(self, calls: Iterable[Call]) -> None:
        """Make calls in order (a whole recorded auction at once is the fast path of a replay).

        At the first illegal call raises :class:`IllegalMove`; the calls before it stay made,
        so ``len(auction.calls)`` is the index of the bad call.
        """
        made = self.calls
        seat, highest, passes = self.to_call, self.highest, self.passes
        limit = self.profile.passes_to_pass_out if highest is None else self.profile.passes_after_bid
        try:
            for call in calls:
                if passes >= limit:
                    raise IllegalMove("call_after_close", f"{seat} called {call.pretty} after the auction had closed")
                if call.is_pass:
                    passes += 1
                elif not call.is_bid:
                    raise IllegalMove("bad_call", f"{seat} called {call.pretty}: doubles and redoubles do not exist in vint")
                else:
                    if highest is not None and call.code <= highest.code:
                        raise IllegalMove(
                            "insufficient_bid",
                            f"{seat} bid {call.pretty} but {self.highest_by} had bid {highest.pretty}: "
                            f"a new bid must be higher (vint order ♠ < ♣ < ♦ < ♥ < NT)",
                        )
                    highest = self.highest = call
                    self.highest_by = seat
                    passes = 0
                    limit = self.profile.passes_after_bid
                made.append(call)
                seat = _NEXT[seat]
        finally:
            self.to_call, self.passes = seat, passes

    def state(self) -> AuctionState:
        return AuctionState(tuple(self.calls), self.to_call, self.highest, self.highest_by, self.passes, self.closed)


_NEXT = SEATS[1:] + SEATS[:1]  # the seat on the left of each seat
