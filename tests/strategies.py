"""Random legal sessions: a random deal, a random legal auction and a random legal play.

The generator takes a ``choose(n)`` function (an integer in ``0 … n-1``) so that the same code
serves hypothesis (``draw(st.integers(...))``, which shrinks) and the benchmark
(``random.Random(seed).randrange``). Legality comes from the engine's own state machines.
"""
from __future__ import annotations

from typing import Callable

from hypothesis import strategies as st

from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import BIDS, PASS, Call
from vint_replay.engine.cards import CARDS, Hand, iter_bits
from vint_replay.engine.play import Play
from vint_replay.engine.profiles import get_profile
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


def random_auction(choose: Choose, dealer: Seat) -> tuple[Call, ...]:
    """A complete legal auction: one time in ten passed out, else 1–4 rising bids, each after
    0–7 (opening) or 0–11 passes, then the 12 closing passes."""
    auction = Auction(dealer, PROFILE)
    if choose(10) == 0:
        while not auction.closed:
            auction.call(PASS)
        return tuple(auction.calls)
    order = -1
    for k in range(1 + choose(4)):
        limit = PROFILE.passes_to_pass_out if k == 0 else PROFILE.passes_after_bid
        for _ in range(choose(limit)):
            auction.call(PASS)
        top = len(BIDS) - 1
        if order >= top:
            break
        order = choose(15) if order < 0 else order + 1 + choose(min(5, top - order))
        auction.call(BIDS[order])
    while not auction.closed:
        auction.call(PASS)
    return tuple(auction.calls)


def random_play(choose: Choose, hands: tuple[Hand, ...], auction: tuple[Call, ...], dealer: Seat) -> tuple:
    """52 legal cards for the contract the auction reached."""
    state = Auction(dealer, PROFILE)
    for call in auction:
        state.call(call)
    contract = state.contract
    assert contract is not None
    play = Play(tuple(h.mask for h in hands), contract.trump, PROFILE.opening_leader(contract.declarer), PROFILE)  # type: ignore[arg-type]
    while not play.finished:
        legal = list(iter_bits(play.legal()))
        play.play(legal[choose(len(legal))])
    return tuple(card for trick in play.tricks for card in trick.cards)


def random_deal(choose: Choose, number: int, dealer: Seat) -> DealRecord:
    hands = random_hands(choose)
    auction = random_auction(choose, dealer)
    passed_out = all(c.is_pass for c in auction)
    play = None if passed_out else random_play(choose, hands, auction, dealer)
    return DealRecord(number, dealer, auction, hands, play)


def random_session(choose: Choose, deals: int, session_id: str = "generated") -> SessionRecord:
    """``deals`` legal deals numbered from 1, the dealer rotating from a random first dealer."""
    dealer = SEATS[choose(4)]
    out = []
    for number in range(1, deals + 1):
        out.append(random_deal(choose, number, dealer))
        dealer = dealer.left
    info = SessionInfo(session_id, ("Ivanov", "Petrov", "Sidorov", "Orlov"), event="generated")
    return SessionRecord(info, tuple(out))


@st.composite
def sessions(draw: st.DrawFn, min_deals: int = 1, max_deals: int = 6) -> SessionRecord:
    """A hypothesis strategy for a valid session of random legal deals."""
    def choose(n: int) -> int:
        return draw(st.integers(0, n - 1)) if n > 1 else 0

    return random_session(choose, draw(st.integers(min_deals, max_deals)))
