"""The auction of a method over the places that bid (docs/rules/players-2-3-5.md §1.3): two
rounds of the bidders' passes after a bid, one without; a one-call round (2.1's ``single``);
and 3.1's closing call by the holder of the dummy."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.calls import Call, CallKind, Contract
from ...engine.errors import IllegalMove
from ..registry import RuleProfile
from ...engine.seats import Seat


@dataclass(frozen=True, slots=True)
class AuctionRun:
    """An auction replayed: the standing bid and its bidder, whether it is closed, and how many
    calls it still needs; ``error`` is the first illegal call and its index."""

    highest: Call | None
    highest_by: Seat | None
    closed: bool
    calls_needed: int
    error: tuple[int, IllegalMove] | None = None

    def contract(self) -> Contract | None:
        """The contract once closed with a bid (the declarer is the place that bid it)."""
        if not self.closed or self.highest is None or self.highest_by is None:
            return None
        assert self.highest.denomination is not None
        return Contract(self.highest.level, self.highest.denomination, self.highest_by)


def run_auction(calls: Sequence[Call], order: Sequence[Seat], profile: RuleProfile, min_level: int = 1,
                single: bool = False, closer: Seat | None = None) -> AuctionRun:
    """Replay ``calls`` made by ``order`` in turn (the first speaker first). ``single``: one call
    each; ``closer``: one more call after the bidders close, a pass or a higher bid (3.1)."""
    n = len(order)
    highest: Call | None = None
    by: Seat | None = None
    passes = made = 0
    closer_spoke = False

    def done() -> bool:
        return closer_spoke or (made >= n if single else passes >= (2 * n if highest is not None else n))

    for index, call in enumerate(calls):
        if done():
            if closer is None or closer_spoke:
                return AuctionRun(highest, by, True, 0, (index, IllegalMove(
                    "call_after_close", f"{call.pretty} was called after the auction had closed")))
            seat, closer_spoke = closer, True
        else:
            seat = order[made % n]
            made += 1
        problem = _refused(call, seat, highest, by, min_level, profile)
        if problem is not None:
            return AuctionRun(highest, by, False, 0, (index, problem))
        if call.kind is CallKind.PASS:
            passes += 1
        else:
            highest, by, passes = call, seat, 0
    closed = done() and (closer is None or closer_spoke)  # the closer speaks after the bidders close
    if closed:
        return AuctionRun(highest, by, True, 0)
    needed = (n - made if single else (2 * n if highest is not None else n) - passes) if not done() else 0
    return AuctionRun(highest, by, False, needed + (1 if closer is not None else 0))


def _refused(call: Call, seat: Seat, highest: Call | None, by: Seat | None, min_level: int,
             profile: RuleProfile) -> IllegalMove | None:
    """Why ``seat`` may not make ``call`` now, or ``None``."""
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        return IllegalMove("bad_call", f"{seat} called {call.pretty}: vint has no doubles")
    if call.kind is not CallKind.BID:
        return None
    if call.level < min_level:
        return IllegalMove("insufficient_bid", f"{seat} bid {call.pretty}: no bid below level {min_level} "
                                               f"under the {profile.name} rules")
    ranks = profile.bid_ranks
    if highest is not None and ranks[call.code] <= ranks[highest.code]:
        return IllegalMove("insufficient_bid", f"{seat} bid {call.pretty} but {by} had bid {highest.pretty}: a new "
                                               f"bid must be higher ({profile.order_text})")
    return None
