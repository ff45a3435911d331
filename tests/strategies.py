"""Random legal sessions under any rule profile: a random deal, a random legal auction and a
random legal play.

The generator takes a ``choose(n)`` function (an integer in ``0 … n-1``) so that the same code
serves hypothesis (``draw(st.integers(...))``, which shrinks) and the benchmark
(``random.Random(seed).randrange``). The auction comes from the engine's own state machine run
with the profile (its bid order and pass counts, its doubles, its declarer); the play does not:
each card is drawn among those a follow-suit rule written in the tests allows (tests/oracle.py,
or a synthetic profile's own rule) and each trick goes to the winner by that rule, so a
follow-suit or trick-winner bug of the engine makes a generated deal invalid instead of shaping
the generated play.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable

from hypothesis import strategies as st

from oracle import follow_suit, trick_winner_of
from synthetic_profile import spades_when_void, synthetic_winner
from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call
from vint_replay.engine.cards import CARDS, Card, Hand, iter_bits
from vint_replay.games.registry import DEFAULT_PROFILE, RuleProfile, get_profile
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


@dataclass(frozen=True)
class PlayRules:
    """The play's two rules, written in the tests: the cards a player holding ``held`` may play
    to a trick led in a suit (``None`` for a lead), and the index of a trick's winning card."""

    legal: Callable[[int, int | None], int]
    winner: Callable[[Sequence[int], int | None], int]


FOLLOW_SUIT = PlayRules(follow_suit, trick_winner_of)  # every engine profile (rules/volchaninov.md §3)
SYNTHETIC_RULES = {"synthetic": PlayRules(follow_suit, synthetic_winner),
                   "synthetic-reference": PlayRules(spades_when_void, synthetic_winner)}


def play_rules(profile: RuleProfile) -> PlayRules:
    """The rules a profile's play must obey: follow suit and the highest trump, else the highest
    card of the suit led, wins — or a synthetic profile's own (tests/synthetic_profile.py)."""
    return SYNTHETIC_RULES.get(profile.name, FOLLOW_SUIT)


def random_cards(choose: Choose, hands: Sequence[int], trump: int | None, leader: Seat, rules: PlayRules,
                 start: Sequence[int] = ()) -> tuple[Card, ...]:
    """The 52 cards of a play from ``leader``'s lead: first ``start`` (taken as given, legal or
    not), then cards chosen at random among those ``rules`` allow; each trick's winner by
    ``rules`` leads the next."""
    held = list(hands)
    cards: list[int] = []
    for t in range(13):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            if len(cards) < len(start):
                card = start[len(cards)]
            else:
                legal = list(iter_bits(rules.legal(held[seat], trick[0] // 13 if trick else None)))
                card = legal[choose(len(legal))]
            held[seat] &= ~(1 << card)
            trick.append(card)
            cards.append(card)
        leader = SEATS[(leader + rules.winner(trick, trump)) % 4]
    return tuple(CARDS[c] for c in cards)


def first_lead(auction: tuple[Call, ...], dealer: Seat, profile: RuleProfile) -> tuple[Seat, int | None]:
    """Who leads to the first trick and the trump suit, for the contract the auction reached or
    for a passed-out deal that the profile plays out (no trumps, its passed-out leader)."""
    state = Auction(dealer, profile)
    state.call_all(auction)
    contract = state.contract
    if contract is None:
        assert state.passed_out and profile.plays_passed_out()
        return profile.passed_out_leader(dealer), None
    return profile.opening_leader(contract.declarer), contract.trump


def random_play(choose: Choose, hands: tuple[Hand, ...], auction: tuple[Call, ...], dealer: Seat,
                profile: RuleProfile = PROFILE) -> tuple[Card, ...]:
    """52 cards legal by :func:`play_rules` for the contract the auction reached, or for a
    passed-out deal that the profile plays out."""
    leader, trump = first_lead(auction, dealer, profile)
    return random_cards(choose, [h.mask for h in hands], trump, leader, play_rules(profile))


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
