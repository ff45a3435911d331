"""Another final contract for a played deal (issue 21 item 2, the auction's alternative): the
auction's first calls kept, another call made where the next player called, the profile's
passes to close it; the new contract played out double dummy (Variation.finish) and the session
rescored by the engine with that play, so the points, the game (who reached it first, trick by
trick) and the rubbers come out as the scoresheet would write them, beside the actual score."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..engine.auction import Auction
from ..engine.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Contract
from ..engine.errors import IllegalMove
from ..engine.plural import plural
from ..engine.session import SessionReport, evaluate, is_four_hands
from .variation import Outcome, Variation, VariationError, branch


@dataclass(frozen=True)
class ContractChoice:
    """The auction as varied (``kept`` calls of the actual, then ``call`` and the closing
    passes), its contract played out double dummy (``line``) and the rescored session."""

    kept: int
    call: Call
    auction: tuple[Call, ...]
    line: Variation
    outcome: Outcome

    @property
    def contract(self) -> Contract:
        return self.line.contract

    @property
    def tricks(self) -> int:
        """The declarer's side's tricks, double dummy."""
        return self.line.state.tricks_won[self.contract.declarer.side]

    @property
    def margin(self) -> int:
        """Tricks over the contract, or minus the undertricks."""
        return self.tricks - self.contract.tricks_needed


def final_bid_turn(report: SessionReport, number: int) -> int:
    """The calls before the actual final bid: where another final contract is bid by default
    (the first call where nobody bid: a hand record, a pass-out)."""
    auction = branch(report, number, 0, bid=False).replay.deal.auction
    return max((i for i, c in enumerate(auction) if c.is_bid), default=0)


def legal_calls(report: SessionReport, number: int, kept: int) -> tuple[Call, ...]:
    """The bids, doubles and redoubles the player to call may make after the first ``kept``
    calls of the actual auction (the profile's order of bids and its doubles decide)."""
    out = []
    ranks = report.profile.bid_ranks  # low to high in the profile's order (bridge's ♣ first, vint's ♠)
    for call in (*sorted(BIDS, key=lambda bid: ranks[bid.code]), DOUBLE, REDOUBLE):
        try:
            _auction(report, number, kept, call)
        except VariationError:
            continue
        out.append(call)
    return tuple(out)


def _auction(report: SessionReport, number: int, kept: int, call: Call) -> tuple[Variation, tuple[Call, ...]]:
    """The actual deal branched before its play, and the varied auction closed by passes."""
    variation = branch(report, number, 0, bid=False)
    deal = variation.replay.deal
    last = max(len(deal.auction) - 1, 0)  # a hand record's auction is empty: its dealer calls first
    if not 0 <= kept <= last:
        raise VariationError(f"deal {number}'s auction has {plural(len(deal.auction), 'call')}: keep 0–{last}, not {kept}")
    auction = Auction(deal.dealer, report.profile)
    try:
        auction.call_all(deal.auction[:kept])
        seat = auction.to_call
        auction.call(call)
    except IllegalMove as err:
        raise VariationError(f"deal {number}: {call.pretty} after the auction's first {plural(kept, 'call')}: {err}") from err
    if call.is_pass:
        raise VariationError(f"deal {number}: {seat} passing there is not another contract")
    auction.call_all((PASS,) * auction.passes_needed)
    return variation, tuple(auction.calls)


def choose_contract(report: SessionReport, number: int, kept: int, call: Call) -> ContractChoice:
    """Deal ``number`` with ``call`` made after the auction's first ``kept`` calls, then passes,
    played out double dummy; :class:`VariationError` for a call the auction refuses there
    (``DDSFailure`` if DDS fails)."""
    actual, calls = _auction(report, number, kept, call)
    deal = dataclasses.replace(actual.replay.deal, auction=calls, play=(), result=None, contract=None)
    record = report.record
    index = actual.index
    unplayed = evaluate(dataclasses.replace(record, deals=record.deals[:index] + (deal,) + record.deals[index + 1:]))
    assert is_four_hands(unplayed), "the same session's deals, another call in one auction"
    line = Variation(unplayed, index, 0, actual=report.score).finish()
    return ContractChoice(kept, call, calls, line, line.outcome())
