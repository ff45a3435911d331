"""Random legal solo-whist deals (docs/rules/solo-whist.md): random hands and turn-up, a random
legal auction run through the engine's own state machine, and a random legal play that stops
where the rules stop it (§4)."""
from __future__ import annotations

from copy import deepcopy

from hypothesis import strategies as st

from vint_replay.engine.cards import CARDS, iter_bits
from vint_replay.engine.errors import IllegalMove
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.games.solo.auction import SoloAuction
from vint_replay.games.solo.contracts import SoloCall, Trumps
from vint_replay.games.solo.record import SoloContract, SoloDeal
from vint_replay.games.solo.seating import five_handed

from strategies import Choose, random_hands

PROFILE = get_profile("solo-whist")
ROSTER = ("Анна", "Борис", "Вера", "Глеб", "Дина")


def random_calls(choose: Choose, dealer: Seat) -> tuple[SoloCall, ...]:
    """A complete legal auction: at each turn a legal call, passing more often than not."""
    auction = SoloAuction(dealer)
    while not auction.closed:
        legal = []
        for call in SoloCall:
            trial = deepcopy(auction)
            try:
                trial.call(call)
            except IllegalMove:
                continue
            legal.append(call)
        bids = [c for c in legal if c is not SoloCall.PASS]
        call = bids[choose(len(bids))] if bids and (SoloCall.PASS not in legal or choose(3) == 0) else SoloCall.PASS
        auction.call(call)
    return tuple(c for _, c in auction.calls)


def random_deal(choose: Choose, number: int, dealer: Seat, sits_out: str | None = None) -> DealRecord:
    """A legal deal; its play stops at the first trick that settles the result (§4)."""
    hands = random_hands(choose)
    held = list(iter_bits(hands[dealer].mask))
    turn_up = held[choose(len(held))]
    calls = random_calls(choose, dealer)
    auction = SoloAuction(dealer)
    auction.call_all(calls)
    if auction.void:
        return DealRecord(number, dealer, (), hands, own=SoloDeal(turn_up, calls, sits_out))
    terms = auction.standing.terms  # type: ignore[union-attr]
    named = SEATS[choose(4)] if terms.trumps is Trumps.NAMED else None
    abond_trump = None if named is None else CARDS[13 * named].suit
    trump = {Trumps.TURN_UP: turn_up.suit, Trumps.NAMED: abond_trump, Trumps.NONE: None}[terms.trumps]
    declaring = {auction.holder, auction.acceptor} - {None}
    play = Play(tuple(h.mask for h in hands), trump,  # type: ignore[arg-type]
                auction.holder if terms.declarer_leads else dealer.left, PROFILE)
    cards = []
    while not play.finished:
        legal = list(iter_bits(play.legal()))
        card = legal[choose(len(legal))]
        cards.append(card)
        trick = play.play(card)
        if trick is not None and terms.settles_early and (trick.winner in declaring) == terms.avoid:
            break
    stated = SoloContract(auction.standing, auction.holder, auction.acceptor) if choose(2) else None  # type: ignore[arg-type]
    return DealRecord(number, dealer, (), hands, tuple(cards),
                      own=SoloDeal(turn_up, calls, sits_out, abond_trump, contract=stated))


def random_session(choose: Choose, deals: int, five: bool = False) -> SessionRecord:
    """An evening of ``deals`` deals, the deal passing clockwise; five players one time in two."""
    roster = ROSTER if five else ROSTER[:4]
    out = []
    dealer, sitter = SEATS[choose(4)], choose(5)
    for number in range(1, deals + 1):
        if five:
            name = roster[(sitter + number - 1) % 5]
            out.append(random_deal(choose, number, five_handed(roster, name).dealer, name))
        else:
            out.append(random_deal(choose, number, dealer))
            dealer = dealer.left
    info = SessionInfo("random-solo", roster[:4], rules="solo-whist", fifth=roster[4] if five else None)  # type: ignore[arg-type]
    return SessionRecord(info, tuple(out))


@st.composite
def solo_sessions(draw: st.DrawFn, max_deals: int = 4) -> SessionRecord:
    choose = lambda n: draw(st.integers(0, n - 1))  # noqa: E731
    return random_session(choose, 1 + choose(max_deals), five=bool(choose(2)))
