"""Random legal sessions under any rule profile: a random deal, a random legal auction and a
random legal play.

The generator takes a ``choose(n)`` function (an integer in ``0 … n-1``) so that the same code
serves hypothesis (``draw(st.integers(...))``, which shrinks) and the benchmark
(``random.Random(seed).randrange``). Legality comes from the engine's own state machines run
with the profile: its bid order and pass counts, its doubles, its declarer, its opening leader
and legal cards, and its played-out passed-out deals.
"""
from __future__ import annotations

from typing import Callable

from hypothesis import strategies as st

from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call
from vint_replay.engine.cards import CARDS, Hand, iter_bits
from vint_replay.engine.play import Play
from vint_replay.engine.profiles import DEFAULT_PROFILE, RuleProfile, get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import SEATS, Seat

Choose = Callable[[int], int]
PROFILE = get_profile()


def random_hands(choose: Choose) -> tuple[Hand, Hand, Hand, Hand]:
    """A shuffled deck (Fisher–Yates) dealt 13 cards to each seat."""
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = choose(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(Hand.from_cards(CARDS[c] for c in deck[13 * s:13 * s + 13]) for s in range(4))  # type: ignore[return-value]


def bids_in_order(profile: RuleProfile) -> list[Call]:
    """The bids from lowest to highest under ``profile``."""
    return sorted(BIDS, key=lambda bid: profile.bid_ranks[bid.code])


def random_auction(choose: Choose, dealer: Seat, profile: RuleProfile = PROFILE) -> tuple[Call, ...]:
    """A complete legal auction: one time in ten passed out, else 1–4 rising bids, each after
    fewer passes than close the auction, then the closing passes. Where the profile has
    doubles, a bid is doubled one time in four and a double redoubled one time in two."""
    auction = Auction(dealer, profile)
    if choose(10) == 0:
        while not auction.closed:
            auction.call(PASS)
        return tuple(auction.calls)
    ranked = bids_in_order(profile)
    top = len(ranked) - 1
    order = -1
    for k in range(1 + choose(4)):
        limit = profile.passes_to_pass_out if k == 0 else profile.passes_after_bid
        for _ in range(choose(limit)):
            auction.call(PASS)
        if order >= top:
            break
        order = choose(15) if order < 0 else order + 1 + choose(min(5, top - order))
        auction.call(ranked[order])
        if profile.doubles_allowed and choose(4) == 0:
            auction.call(DOUBLE)  # the next seat is an opponent of the bidder
            if choose(2) == 0:
                auction.call(REDOUBLE)  # and the one after it the bidder's partner
    while not auction.closed:
        auction.call(PASS)
    return tuple(auction.calls)


def random_cards(choose: Choose, play: Play) -> tuple:
    """Legal cards chosen at random until the 13 tricks are played."""
    while not play.finished:
        legal = list(iter_bits(play.legal()))
        play.play(legal[choose(len(legal))])
    return tuple(card for trick in play.tricks for card in trick.cards)


def random_play(choose: Choose, hands: tuple[Hand, ...], auction: tuple[Call, ...], dealer: Seat,
                profile: RuleProfile = PROFILE) -> tuple:
    """52 legal cards for the contract the auction reached, or for a passed-out deal that the
    profile plays out (no trumps, its passed-out leader)."""
    state = Auction(dealer, profile)
    state.call_all(auction)
    masks: tuple[int, int, int, int] = tuple(h.mask for h in hands)  # type: ignore[assignment]
    contract = state.contract
    if contract is None:
        assert state.passed_out and profile.plays_passed_out()
        return random_cards(choose, Play(masks, None, profile.passed_out_leader(dealer), profile))
    return random_cards(choose, Play(masks, contract.trump, profile.opening_leader(contract.declarer), profile))


def random_deal(choose: Choose, number: int, dealer: Seat, profile: RuleProfile = PROFILE) -> DealRecord:
    hands = random_hands(choose)
    auction = random_auction(choose, dealer, profile)
    passed_out = all(c.is_pass for c in auction)
    played = not passed_out or profile.plays_passed_out()
    play = random_play(choose, hands, auction, dealer, profile) if played else None
    return DealRecord(number, dealer, auction, hands, play)


def random_options(choose: Choose, rules: str) -> dict[str, str]:
    """One of each option's values for the profile ``rules`` (the default named or left out)."""
    options = {}
    for key, values in get_profile(rules).option_values.items():
        k = choose(len(values) + 1)
        if k:
            options[key] = values[k - 1]
    return options


def random_session(choose: Choose, deals: int, session_id: str = "generated", rules: str = DEFAULT_PROFILE,
                   options: dict[str, str] | None = None) -> SessionRecord:
    """``deals`` legal deals under the profile ``rules`` (with its ``options``) numbered from 1,
    the first dealer drawn at random, the next as the profile deals them."""
    profile = get_profile(rules, options)
    dealer = SEATS[choose(4)]
    out = []
    for number in range(1, deals + 1):
        out.append(random_deal(choose, number, dealer, profile))
        dealer = profile.expected_dealer(dealer, number + 1)[0]
    info = SessionInfo(session_id, ("Ivanov", "Petrov", "Sidorov", "Orlov"), event="generated", rules=rules,
                       options=dict(options or {}))
    return SessionRecord(info, tuple(out))


@st.composite
def sessions(draw: st.DrawFn, min_deals: int = 1, max_deals: int = 6, rules: str = DEFAULT_PROFILE,
             with_options: bool = True) -> SessionRecord:
    """A hypothesis strategy for a valid session of random legal deals under the profile
    ``rules``, with options drawn among its option values (or none)."""
    def choose(n: int) -> int:
        return draw(st.integers(0, n - 1)) if n > 1 else 0

    options = random_options(choose, rules) if with_options else {}
    return random_session(choose, draw(st.integers(min_deals, max_deals)), rules=rules, options=options)
