"""Properties of the auction under the laws over random legal auctions (docs/rules/laws.md
§4.4–§4.5): a call out of turn injected anywhere changes nothing but its bars, and an
insufficient bid is read as the lowest sufficient bid it stands for."""
from __future__ import annotations


from hypothesis import given
from hypothesis import strategies as st

from strategies import random_auction
from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import BIDS, PASS, Call
from vint_replay.games.laws import with_laws
from vint_replay.games.laws.auction import lowest_sufficient
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import CallOutOfTurn, DealRecord
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.seats import SEATS, Seat

PROFILES = st.sampled_from(["classic", "volchaninov"])


def auction_problems(deal: DealRecord, rules: str) -> tuple[object, list[tuple[str, str | None]]]:
    """The contract the laws read from ``deal`` and its auction's diagnostics as (code, at)."""
    replay = replay_deal(deal, with_laws(get_profile(rules), "001"))
    return replay.contract, [(d.code, d.at) for d in replay.diagnostics if (d.at or "").startswith("auction")]


def speakers(dealer: Seat, calls: tuple[Call, ...]) -> list[Seat]:
    return [SEATS[(dealer + i) & 3] for i in range(len(calls))]


@given(st.data(), PROFILES)
def test_a_call_out_of_turn_changes_nothing_but_its_bars(data, rules):
    """docs/rules/laws.md §4.5: inject a call by a seat whose turn it is not; the record stays
    valid with the same contract unless the offender bids later, or his partner at his next
    turn — then the first such bid is the one error, ``barred_call``."""
    def choose(n: int) -> int:
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    profile = get_profile(rules)
    dealer = SEATS[choose(4)]
    calls = random_auction(choose, dealer, profile)
    at = choose(len(calls))  # before the call at this index (so before the close)
    proper = SEATS[(dealer + at) & 3]
    offender = data.draw(st.sampled_from([s for s in SEATS if s is not proper]))
    spoken = data.draw(st.sampled_from([PASS, *BIDS]))
    record = DealRecord(1, dealer, calls[:at] + (spoken,) + calls[at:], out_of_turn=(CallOutOfTurn(at, offender),))
    expected = None
    partner_spoke = False
    for i, (seat, call) in enumerate(zip(speakers(dealer, calls), calls)):
        if i < at:
            continue
        barred = seat is offender or (seat is offender.partner and not partner_spoke)
        partner_spoke |= seat is offender.partner
        if barred and not call.is_pass:
            expected = i + 1  # its index after the injected call
            break
    contract, problems = auction_problems(record, rules)
    if expected is None:
        original = Auction(dealer, profile)
        original.call_all(calls)
        assert problems == [] and contract == original.contract
    else:
        assert problems == [("barred_call", f"auction[{expected}]")]


@given(st.data(), PROFILES)
def test_an_insufficient_bid_is_read_as_the_lowest_sufficient_bid(data, rules):
    """docs/rules/laws.md §4.4: a bid that was the lowest sufficient one of its denomination,
    spoken at a lower level instead, gives the same contract and one warning at it."""
    def choose(n: int) -> int:
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    profile = get_profile(rules)
    dealer = SEATS[choose(4)]
    calls = random_auction(choose, dealer, profile)
    ranks = profile.bid_ranks
    standing: Call | None = None
    candidates = []
    for i, call in enumerate(calls):
        if call.is_bid:
            if standing is not None and call.level > 1 and lowest_sufficient(call, standing, ranks) == call:
                candidates.append(i)
            standing = call
    if not candidates:
        return
    i = data.draw(st.sampled_from(candidates))
    bid = calls[i]
    lower = BIDS[(data.draw(st.integers(1, bid.level - 1)) - 1) * 5 + bid.denomination]
    spoken = calls[:i] + (lower,) + calls[i + 1:]
    original = Auction(dealer, profile)
    original.call_all(calls)
    contract, problems = auction_problems(DealRecord(1, dealer, spoken), rules)
    assert contract == original.contract
    assert problems == [("insufficient_bid_corrected", f"auction[{i}]")]
