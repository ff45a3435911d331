"""Single dummy from a seat (issue 21 item 3): the layouts drawn for the cards a seat could not
see respect everything that seat knew — its hand, the cards played, the suits a player showed
out of (volchaninov.md §3, rubber-bridge.md §3: a player follows suit if he can), the dummy once
spread (rubber-bridge.md §3) — and the odds are each legal card's average over the layouts."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import sessions
from test_whatif import ENDING, race
from vint_replay.analysis.single_dummy import Knowledge, knowledge, layouts
from vint_replay.analysis.variation import VariationError, branch
from vint_replay.engine.cards import SUIT_MASKS, Card
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import evaluate

DD_PROFILES = ("volchaninov", "classic", "rubber-bridge")


def shown_void(tricks, cards: int) -> dict[Seat, int]:
    """The suits each seat did not follow in the first ``cards`` cards of ``tricks``, as card masks."""
    void = {s: 0 for s in SEATS}
    for trick in tricks:
        for i, card in enumerate(trick.cards):
            if cards <= 0:
                return void
            cards -= 1
            if i and card.suit is not trick.cards[0].suit:
                void[trick.seat_of(i)] |= SUIT_MASKS[trick.cards[0].suit]
    return void


def check_layout(known: Knowledge, hands: tuple[int, int, int, int], actual: tuple[int, int, int, int],
                 seen: set[Seat], void: dict[Seat, int]) -> None:
    """The rules a layout must keep, written here apart from the sampler's own check."""
    for seat in SEATS:
        assert hands[seat].bit_count() == actual[seat].bit_count(), seat
        if seat in seen:
            assert hands[seat] == actual[seat], f"{seat}'s hand was seen"
        else:
            assert not hands[seat] & void[seat], f"{seat} showed out of a suit he is dealt"
    assert sum(hands) == sum(actual) and hands[0] | hands[1] | hands[2] | hands[3] == sum(actual)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DD_PROFILES).flatmap(lambda rules: sessions(max_deals=1, rules=rules, with_options=False)),
       st.integers(0, 51), st.sampled_from(SEATS), st.integers(0, 2**32))
def test_every_layout_keeps_what_the_seat_knew(record, k, seat, seed):
    report = evaluate(record)
    replay = report.replays[0]
    if replay.contract is None or not replay.tricks:
        return  # a passed-out deal has no play to sample (checked: the sessions draw played deals too)
    variation = branch(report, record.deals[0].number, min(k, len(record.deals[0].play)))
    known = knowledge(variation, seat)
    actual = variation.state.hands
    dummy = replay.contract.declarer.partner if replay.profile.has_dummy else None
    seen = {seat} | ({dummy} if dummy is not None and variation.at else set())
    void = shown_void(replay.tricks, variation.at)
    check_layout(known, actual, actual, seen, void)  # the deal as it lies fits what the seat knew
    drawn = list(layouts(known, 5, seed))
    assert drawn == list(layouts(known, 5, seed))  # repeatable under a seed
    for hands in drawn:
        check_layout(known, hands, actual, seen, void)
        assert known.consistent(hands)


def test_the_suits_shown_out_of_are_kept():
    """tests/test_dd.py's ace lead: to N's ♥A, S and W discarded (♦2, ♣2), so from N's seat at
    trick 2 all eleven hearts left lie with E, in every layout, and E holds one other card."""
    from test_dd import ace_lead_deal

    record = evaluate(scored_record(ace_lead_deal()))
    known = knowledge(branch(record, 1, 4), Seat.N)
    hearts = SUIT_MASKS[1]
    for hands in layouts(known, 20, 7):
        assert hands[Seat.E] & hearts == sum(1 << (13 + r) for r in range(1, 12))  # ♥3 … ♥K and hands[Seat.E].bit_count() == 12
        assert not (hands[Seat.S] | hands[Seat.W]) & hearts


def scored_record(deal_record):
    from vint_replay.engine.record import SessionInfo, SessionRecord

    return SessionRecord(SessionInfo("ace", ("A", "B", "C", "D")), (deal_record,))


def test_single_dummy_is_for_the_seat_to_play():
    from vint_replay.analysis.single_dummy import single_dummy

    variation = branch(race(), 3, ENDING)
    with pytest.raises(VariationError, match="N chooses the next card, not S"):
        single_dummy(variation, Seat.S, 4)
    odds = single_dummy(variation, Seat.N, 8, seed=1)
    assert odds.layouts == 8 and {o.card for o in odds.odds} == {Card.parse("DA"), Card.parse("C2")}
    # N–S have 11 tricks in: 1NT (7) is made in every layout. ♦A is the last diamond: it wins,
    # 12 at least; with ♣2 led N–S may lose both tricks (11) or win the last with S's ♣A (12).
    by_card = {o.card: o for o in odds.odds}
    assert all(o.making == 1 for o in odds.odds)
    assert 12 <= by_card[Card.parse("DA")].average <= 13 and 11 <= by_card[Card.parse("C2")].average <= 12
    assert odds.odds[0].card is Card.parse("DA")


def test_a_declarer_chooses_for_the_dummy():
    """Rubber bridge: the declarer plays the dummy's cards (rubber-bridge.md §3)."""
    from builders import deal
    from vint_replay.analysis.single_dummy import deciding
    from vint_replay.engine.record import SessionInfo, SessionRecord

    from test_whatif import HANDS, PLAY

    record = SessionRecord(SessionInfo("bridge", ("A", "B", "C", "D"), rules="rubber-bridge"),
                           (deal(1, "N", HANDS, "pass pass 1NT pass pass pass", PLAY),))
    report = evaluate(record)
    assert report.score is not None, [d.describe() for d in report.diagnostics]
    variation = branch(report, 1, 1)  # W led, N (the dummy of S) to play
    assert variation.state.to_play is Seat.N and deciding(variation) is Seat.S
    assert knowledge(variation, Seat.E).seen[Seat.N] is not None  # the dummy is spread after the lead
    assert knowledge(branch(report, 1, 0), Seat.E).seen[Seat.N] is None

