"""Property: random legal deals with one injected revoke, claimed, are scored by the penalty
rule of docs/rules/laws.md §8.4 — the deal's entries are the profile's on the adjusted counts,
plus UT(L) for each missing trick, with the revoking side capped at G − 10 below the line."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from strategies import random_auction, random_hands
from synthetic_profile import Synthetic
from vint_replay.engine.auction import Auction
from vint_replay.engine.cards import SUIT_MASKS, iter_bits
from vint_replay.games.laws import with_laws
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.ledger import Ledger
from vint_replay.engine.record import DealRecord, Irregularity, IrregularityKind
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.scoring import DealFacts, Item, Line
from vint_replay.engine.seats import SEATS

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def revoked_deal(choose, profile):
    """A random deal whose play has one revoke, at the first chance from a drawn card on:
    the deal, the revoking seat and trick, or ``None`` for a passed-out deal."""
    dealer = SEATS[choose(4)]
    hands = random_hands(choose)
    calls = random_auction(choose, dealer, profile)
    auction = Auction(dealer, profile)
    auction.call_all(calls)
    contract = auction.contract
    if contract is None:
        return None
    play = Play(tuple(h.mask for h in hands), contract.trump, profile.opening_leader(contract.declarer), profile)
    start = choose(48)
    revoker = None
    while not play.finished:
        held = play.hands[play.to_play]
        legal = list(iter_bits(play.legal()))
        if revoker is None and play.cards_played >= start and play.current:
            wrong = held & ~SUIT_MASKS[play.current[0].suit]
            if wrong and held & SUIT_MASKS[play.current[0].suit]:
                revoker = (play.to_play, len(play.tricks) + 1)
                legal = list(iter_bits(wrong))
        play.play(legal[choose(len(legal))])
    if revoker is None:
        return None
    cards = tuple(c for t in play.tricks for c in t.cards)
    irregularity = Irregularity(IrregularityKind.REVOKE, revoker[0], revoker[1], claimed=True)
    return DealRecord(1, dealer, calls, hands, cards, irregularities=(irregularity,)), revoker[0], tuple(play.won)


@pytest.mark.parametrize("rules", ["volchaninov", "classic", "synthetic"])
@FAST
@given(data=st.data())
def test_s8_4_one_claimed_revoke_moves_the_score_exactly_as_the_rule_says(rules, data):
    """docs/rules/laws.md §8.4.1–8.4.4 on random legal deals, with the unpenalised scoring of
    the adjusted counts as the reference; also over the synthetic profile, whose every number
    differs (a part of the layer that ignored a hook would show)."""
    def choose(n: int) -> int:
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    profile = with_laws(Synthetic() if rules == "synthetic" else get_profile(rules), "001")
    drawn = revoked_deal(choose, profile)
    assume(drawn is not None)
    deal, seat, played = drawn
    replay = replay_deal(deal, profile)
    assert replay.valid, [d.describe() for d in replay.diagnostics]
    room = profile.game_threshold - 10
    before = (data.draw(st.integers(0, room)), data.draw(st.integers(0, room)))  # the line the deal starts from
    ledger = Ledger(profile)
    ledger.below = list(before)
    scored = ledger.add(replay)
    side = seat.side
    moved = min(3, played[side])
    adjusted = list(played)
    adjusted[side] -= moved
    adjusted[side.other] += moved
    assert scored.tricks == tuple(adjusted) == scored.penalty.tricks_after
    assert scored.penalty.tricks_before == tuple(played)

    expected = Counter()
    for e in profile.score(DealFacts(scored.contract, tuple(adjusted), tuple(h.mask for h in deal.hands))):
        expected[e.side, e.line] += e.points
    expected[side.other, Line.ABOVE] += (3 - moved) * profile.undertrick_value(scored.contract)
    excess = max(0, expected[side, Line.BELOW] - (room - before[side]))
    expected[side, Line.BELOW] -= excess
    expected[side, Line.ABOVE] += excess
    got = Counter()
    for e in scored.entries:
        if e.item not in (Item.GAME, Item.RUBBER):
            got[e.side, e.line] += e.points
    assert +got == +expected
    assert scored.penalty.capped[side] == excess
    game_side = scored.game.side if scored.game else None
    reached = before[side.other] + expected[side.other, Line.BELOW] >= profile.game_threshold
    assert game_side == (side.other if reached else None)
    assert before[side] + scored.totals(side).below <= room
