"""The solo-whist auction as a state machine (docs/rules/solo-whist.md §3): a pass puts a player
out, a bid must outrank the standing one, acceptance joins a proposal, eldest hand may accept after
passing, and a proposer nobody accepts must bid higher."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalMove
from ...engine.seats import SEATS, Seat
from .contracts import SoloCall


@dataclass(frozen=True, slots=True)
class SoloAuctionState:
    """The auction after some calls: the standing bid, its holder and acceptor, who is out,
    and who calls next (``None`` once it is closed)."""

    standing: SoloCall | None
    holder: Seat | None
    acceptor: Seat | None
    out: frozenset[Seat]
    to_call: Seat | None
    forced: bool  # the proposer must bid higher (§3.7)


class SoloAuction:
    """Takes the calls one at a time from eldest hand, refusing the illegal ones."""

    def __init__(self, dealer: Seat) -> None:
        self.eldest = dealer.left
        self.out: set[Seat] = set()
        self.standing: SoloCall | None = None
        self.holder: Seat | None = None
        self.acceptor: Seat | None = None
        self.eldest_asked = False  # eldest, out, has been asked to accept the standing proposal
        self.forced = False
        self.to_call: Seat | None = self.eldest
        self.calls: list[tuple[Seat, SoloCall]] = []

    @property
    def closed(self) -> bool:
        return self.to_call is None

    @property
    def void(self) -> bool:
        """Everyone passed: the deal is thrown in (§3.8)."""
        return self.closed and self.standing is None

    def _open_proposal(self) -> bool:
        return self.standing is SoloCall.PROPOSAL and self.acceptor is None

    def _asks_eldest(self, seat: Seat) -> bool:
        """Whether ``seat`` is eldest hand, out, and still to be asked to accept the proposal (§3.3)."""
        return seat is self.eldest and self._open_proposal() and not self.eldest_asked and self.holder is not seat

    def _next(self, after: Seat) -> Seat | None:
        for step in range(1, 5):
            seat = SEATS[(after + step) & 3]
            if seat in (self.holder, self.acceptor):
                continue
            if seat not in self.out or self._asks_eldest(seat):
                return seat
        if self._open_proposal() and not self.forced:
            self.forced = True  # §3.7: nobody accepts, so the proposer must bid higher
            return self.holder
        return None

    def call(self, call: SoloCall) -> None:
        """Add the next call; :class:`IllegalMove` says why it is not allowed."""
        seat = self.to_call
        if seat is None:
            raise IllegalMove("call_after_close", f"{call} after the auction had closed (docs/rules/solo-whist.md §3.4)")
        only_accept = seat in self.out  # eldest after passing (§3.3)
        if call is SoloCall.PASS:
            if self.forced:
                raise IllegalMove("proposal_unaccepted", f"nobody accepted {seat}'s proposal, so {seat} must bid a "
                                  "higher contract, not pass (docs/rules/solo-whist.md §3.7)")
            if only_accept:
                self.eldest_asked = True
            self.out.add(seat)
        elif call is SoloCall.ACCEPT:
            if not self._open_proposal() or seat is self.holder:
                what = ("no proposal stands" if self.standing is None or self.standing is not SoloCall.PROPOSAL
                        else f"{self.acceptor} has already accepted {self.holder}'s proposal"
                        if self.acceptor is not None else "a player cannot accept his own proposal")
                raise IllegalMove("nothing_to_accept", f"{seat} accepts, but {what} "
                                  "(docs/rules/solo-whist.md §3.1)")
            self.acceptor = seat
        else:
            self._bid(seat, call, only_accept)
        self.calls.append((seat, call))
        self.to_call = self._next(seat)

    def _bid(self, seat: Seat, call: SoloCall, only_accept: bool) -> None:
        if only_accept:
            raise IllegalMove("out_of_auction", f"{seat} passed earlier: as eldest hand he may still accept the "
                              f"proposal, but not bid {call} (docs/rules/solo-whist.md §3.3)")
        standing = self.standing
        if standing is not None and call.terms.rank <= standing.terms.rank:
            raise IllegalMove("insufficient_bid", f"{call} does not outrank the standing {standing} by "
                              f"{self.holder}: a bid must be strictly higher (docs/rules/solo-whist.md §3.2)")
        if call is SoloCall.TRUMP_ABONDANCE and standing is not SoloCall.ABONDANCE:
            raise IllegalMove("insufficient_bid", "trump abondance may only be bid over a standing abondance "
                              "(docs/rules/solo-whist.md §3.5)")
        self.standing, self.holder, self.acceptor, self.forced = call, seat, None, False

    def call_all(self, calls: tuple[SoloCall, ...]) -> None:
        for call in calls:
            self.call(call)

    def state(self) -> SoloAuctionState:
        return SoloAuctionState(self.standing, self.holder, self.acceptor, frozenset(self.out), self.to_call,
                                self.forced)
