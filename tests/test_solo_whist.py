"""Solo whist's engine against docs/rules/solo-whist.md: every worked example of §7 to the point,
every ruling of §9, the bad inputs of issue 15, and random legal evenings (hypothesis)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_replay.engine.cards import Hand, Suit
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.games.solo.contracts import SoloCall, points_text
from vint_replay.games.solo.record import SoloContract
from vint_replay.games.solo.audit import audit_payments

from solo_records import (SEED_FIRST_LINE, SEED_PLAYERS, SEED_SECOND_LINE, solo_deal, solo_report, solo_session,
                          with_solo)
from solo_strategies import random_deal, solo_sessions

SPREAD = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"  # N ♠, E ♥, S ♦, W ♣


def codes(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics]


def payments(report) -> tuple[int, ...]:
    assert report.valid, report.diagnostics
    return report.score.deals[-1].payments


# -- §7 worked examples -------------------------------------------------------------------------

def test_seed_deal_first_line_open_misere_made_claimed_after_trick_7():
    """§7.1 first line: open misère by Кирилл, no trumps, Алексей leads; after trick 7 nothing
    can force a trick on him: made, the three pay 4 each, Кирилл +12."""
    report = solo_report(solo_deal(play=SEED_FIRST_LINE, outcome=True))
    replay = report.replays[0]
    assert (replay.contract, replay.declarer, replay.trump, replay.leader) == (SoloCall.OPEN_MISERE, Seat.N, None, Seat.E)
    assert len(replay.tricks) == 7 and replay.made is True
    assert payments(report) == (48, -16, -16, -16)  # quarters: +12, −4, −4, −4
    assert dict(zip(SEED_PLAYERS, report.score.balances)) == {"Кирилл": 48, "Алексей": -16, "Влад": -16, "Роман": -16}
    left = replay.hands[Seat.N]
    for trick in replay.tricks:
        left &= ~sum(1 << c for c in trick.cards)
    assert Hand(left).pbn() == "3...T9642"  # "пиковая 3 и карты трефовой масти: 10, 9, 6, 4, 2"


def test_seed_deal_second_line_open_misere_lost_at_trick_7():
    """§7.1 second line: at trick 3 ♥A does not win the diamond lead (no trumps), Влад's ♦4
    does; at trick 7 Кирилл must win with ♣9: failed, play stops, Кирилл −12, the others +4."""
    report = solo_report(solo_deal(play=SEED_SECOND_LINE))
    replay = report.replays[0]
    assert replay.tricks[2].winner is Seat.S
    assert [t.winner for t in replay.tricks][-1] is Seat.N and len(replay.tricks) == 7
    assert replay.made is False
    assert payments(report) == (-48, 16, 16, 16)


def test_open_misere_hand_is_exposed_after_trick_1():
    """§4: the open misère declarer's cards face up once trick 1 is complete: his 12 left."""
    replay = solo_report(solo_deal(play=SEED_FIRST_LINE, outcome=True)).replays[0]
    assert replay.exposed == replay.hands[Seat.N] & ~(1 << replay.tricks[0].cards[3])
    assert replay.exposed.bit_count() == 12


def test_solo_seven_tricks():
    """§7.2: solo with 7 tricks, o = 2: 1½ from each, declarer +4½."""
    assert payments(solo_report(solo_deal(auction="solo pass pass pass", result=7))) == (-6, 18, -6, -6)


@pytest.mark.parametrize("taken, partners, opponents", [(10, 6, -6), (6, -2, 2)])
def test_proposal_and_acceptance(taken, partners, opponents):
    """§7.3: 10 tricks, o = 2: each partner +1½; 6 tricks, u = 2: each partner −½ (§9 ruling 3:
    each opponent pays or receives as much)."""
    report = solo_report(solo_deal(auction="prop accept pass pass", result=taken))
    replay = report.replays[0]
    assert (replay.declarer, replay.partner) == (Seat.E, Seat.S)
    assert payments(report) == (opponents, partners, partners, opponents)


def test_abondance_one_short():
    """§7.4 and §9 ruling 4: abondance with 8 tricks, u = 1: ½ to each, declarer −1½."""
    report = solo_report(solo_deal(auction="abond pass pass pass", abond_trump="S", result=8))
    assert report.replays[0].trump is Suit.SPADES
    assert payments(report) == (2, -6, 2, 2)


def test_misere_failed_at_trick_4():
    """§7.5: a misère lost at trick 4 stops there: declarer −6, the others +2 each."""
    for seed in range(2000):
        deal = random_deal(random.Random(seed).randrange, 1, Seat.N)
        replay = evaluate(solo_session(deal)).replays[0]
        if replay.contract is SoloCall.MISERE and len(replay.tricks) == 4 and replay.made is False:
            break
    else:
        pytest.fail("no misère lost at trick 4 among the random deals")
    report = evaluate(solo_session(deal))
    quarters = payments(report)
    assert quarters[replay.declarer] == -24 and sorted(quarters)[1:] == [8, 8, 8]
    assert replay.tricks[3].winner is replay.declarer


def test_points_text_in_quarters():
    assert [points_text(q) for q in (18, -6, 0, 3, -48)] == ["+4½", "−1½", "0", "+¾", "−12"]


# -- §9 rulings ---------------------------------------------------------------------------------

FIVE = ("Анна", "Борис", "Вера", "Глеб")


def test_ruling_1_five_players_dealer_sits_out():
    """§9 ruling 1: with five, the dealer sits out and takes no part in the payments; the
    others sit N E S W in the session's order, the one on his right receives the turn-up."""
    deal = solo_deal(dealer="E", auction="solo pass pass pass", result=5, sits_out="Вера", turn_up=None)
    deal = with_solo(deal, turn_up=next(iter(deal.hands[Seat.E])))
    report = evaluate(solo_session(deal, players=FIVE, fifth="Дина"))
    replay = report.replays[0]
    assert replay.players == ("Анна", "Борис", "Глеб", "Дина")
    assert replay.declarer is Seat.S  # eldest: Глеб, on Вера's left
    score = report.score
    assert score.players == (*FIVE, "Дина") and score.balances[2] == 0
    assert sum(score.balances) == 0 and score.deals[0].paid("Глеб") == 12


def test_ruling_1_five_players_rotation_and_seat_checked():
    first = solo_deal(dealer="E", auction="pass pass pass pass", sits_out="Вера", turn_up="HA")
    second = solo_deal(number=2, dealer="E", auction="pass pass pass pass", sits_out="Анна", turn_up="HA")
    report = evaluate(solo_session(first, second, players=FIVE, fifth="Дина"))
    assert ("wrong_dealer", "sits_out") in codes(report)  # after Вера, Глеб deals
    four = solo_report(solo_deal(auction="pass pass pass pass", sits_out="Кирилл"))
    assert codes(four) == [("sits_out", "sits_out")]


def test_ruling_2_solo_trumps_are_the_turn_up_suit():
    replay = solo_report(solo_deal(auction="solo pass pass pass", result=5)).replays[0]
    assert replay.trump is Suit.HEARTS and replay.leader is Seat.E


def test_ruling_5_failed_declare_pays_the_stake_to_each():
    """§9 ruling 5: a failed déclaré pays its 6 to each opponent; déclaré is led by the declarer."""
    report = solo_report(solo_deal(auction="pass declare pass pass", outcome=False))
    assert report.replays[0].leader is Seat.S
    assert payments(report) == (24, 24, -72, 24)


def test_declare_play_stops_at_first_trick_lost():
    """§4: déclaré is led by the declarer and stops at the first trick he loses (a card after
    it is refused); stopped before that, it needs its outcome."""
    won = solo_deal(hands=SPREAD, auction="pass declare pass pass", turn_up="SA", play="DA CA SA HA  DK CK SK HK")
    assert codes(solo_report(won)) == [("play_incomplete", "play[8]")]  # S leads diamonds and wins
    assert payments(solo_report(with_solo(won, outcome=True))) == (-24, -24, 72, -24)
    lost = solo_deal(auction="declare pass pass pass", play="DT D7 DJ CK")  # Роман's ♦J wins trick 1
    report = solo_report(lost)
    assert report.replays[0].made is False and payments(report) == (24, -72, 24, 24)
    assert codes(solo_report(replace(lost, play=lost.play + lost.play[:1]))) == [("play_after_settled", "play[4]")]


def test_ruling_6_open_misere_has_no_trumps():
    replay = solo_report(solo_deal(play=SEED_SECOND_LINE)).replays[0]
    assert replay.trump is None and replay.tricks[2].cards[2].name == "HA"


def test_ruling_7_trump_abondance_only_over_abondance():
    assert codes(solo_report(solo_deal(auction="trump_abond pass pass pass", result=9))) == \
        [("insufficient_bid", "auction[0]")]
    report = solo_report(solo_deal(auction="abond trump_abond pass pass pass", result=9))
    assert report.valid and report.replays[0].contract is SoloCall.TRUMP_ABONDANCE
    assert report.replays[0].trump is Suit.HEARTS and report.replays[0].declarer is Seat.S


def test_ruling_8_unaccepted_proposal_must_be_raised():
    assert codes(solo_report(solo_deal(auction="prop pass pass pass pass", result=8))) == \
        [("proposal_unaccepted", "auction[4]")]
    replay = solo_report(solo_deal(auction="prop pass pass pass solo", result=5)).replays[0]
    assert (replay.contract, replay.declarer, replay.partner) == (SoloCall.SOLO, Seat.E, None)


def test_eldest_may_accept_after_passing():
    """§3.3: eldest hand may accept a proposal after passing; nobody else who passed may."""
    replay = solo_report(solo_deal(auction="pass prop pass pass accept", result=8)).replays[0]
    assert (replay.contract, replay.declarer, replay.partner) == (SoloCall.PROPOSAL, Seat.S, Seat.E)
    assert codes(solo_report(solo_deal(auction="pass prop pass pass solo", result=8))) == \
        [("out_of_auction", "auction[4]")]


def test_overcalled_bidder_may_bid_again():
    """§3.3: a player whose bid is overcalled may bid higher at his next turn."""
    replay = solo_report(solo_deal(auction="solo misere pass pass abond pass", abond_trump="H", result=9)).replays[0]
    assert (replay.contract, replay.declarer) == (SoloCall.ABONDANCE, Seat.E)


def test_ruling_9_all_pass_is_void():
    report = solo_report(solo_deal(auction="pass pass pass pass"),
                         solo_deal(number=2, dealer="E", auction="pass pass pass pass", turn_up="HA"))
    assert report.valid and payments(report) == (0, 0, 0, 0) and report.replays[0].passed_out
    assert codes(solo_report(solo_deal(auction="pass pass pass pass", play="DT D7 DJ CK"))) == \
        [("play_after_passout", "play[0]")]


def test_ruling_10_counted_contracts_play_all_13():
    report = solo_report(solo_deal(auction="solo pass pass pass", play="DT D7 DJ CK"))
    assert codes(report) == [("play_incomplete", "play[4]")]


def test_misere_played_past_its_lost_trick_is_refused():
    """Issue 15's bad input: a misère "played" past its lost trick."""
    play = SEED_SECOND_LINE + "  CQ H3 ST S3"
    assert codes(solo_report(solo_deal(play=play))) == [("play_after_settled", "play[28]")]


def test_ruling_11_equal_bid_refused():
    assert codes(solo_report(solo_deal(auction="solo solo pass pass pass", result=5))) == \
        [("insufficient_bid", "auction[1]")]


# -- bad input ----------------------------------------------------------------------------------

def test_acceptance_with_nothing_to_accept():
    assert codes(solo_report(solo_deal(auction="accept pass pass pass"))) == [("nothing_to_accept", "auction[0]")]
    assert codes(solo_report(solo_deal(auction="prop accept accept pass pass", result=8))) == \
        [("nothing_to_accept", "auction[2]")]


def test_contract_not_in_the_table():
    with pytest.raises(ValueError, match="not a call of solo whist"):
        SoloCall.parse("grand_slam")


def test_named_trump_for_a_contract_without_one():
    report = solo_report(solo_deal(auction="solo pass pass pass", abond_trump="S", result=5))
    assert codes(report) == [("abond_trump", "abond_trump")]
    assert codes(solo_report(solo_deal(auction="abond pass pass pass", result=9))) == [("abond_trump", "abond_trump")]


def test_turn_up_must_be_the_dealers():
    assert codes(solo_report(solo_deal(turn_up="HA", play=SEED_FIRST_LINE, outcome=True))) == [("turn_up", "turn_up")]
    assert codes(solo_report(solo_deal(turn_up=None, play=SEED_FIRST_LINE, outcome=True))) == [("turn_up", "turn_up")]


def test_stated_outcome_must_match_the_play():
    assert codes(solo_report(solo_deal(play=SEED_SECOND_LINE, outcome=True))) == [("result_mismatch", "outcome")]
    assert codes(solo_report(solo_deal(play=SEED_FIRST_LINE))) == [("play_incomplete", "play[28]")]


def test_dealer_rotation_four_players():
    report = solo_report(solo_deal(auction="pass pass pass pass"),
                         solo_deal(number=2, dealer="S", auction="pass pass pass pass", turn_up="SJ"))
    assert codes(report) == [("wrong_dealer", "dealer")]


# -- random evenings ----------------------------------------------------------------------------

# §2 and §5 as rules, in quarters: tricks needed (None: a misère, made by taking none; déclaré
# all 13 but paid as a stake), the stake when made, a quarter-count per over- or undertrick,
# the stake when failed
RULES_5 = {SoloCall.PROPOSAL: (8, 4, 1, 0), SoloCall.SOLO: (5, 4, 1, 0), SoloCall.MISERE: (None, 8, 0, 8),
           SoloCall.ABONDANCE: (9, 12, 2, 0), SoloCall.TRUMP_ABONDANCE: (9, 12, 2, 0),
           SoloCall.OPEN_MISERE: (None, 16, 0, 16), SoloCall.DECLARE: (13, 24, 0, 24)}


def stake_by_the_rules(call: SoloCall, made: bool, taken: int | None) -> int:
    """What each declaring player receives from (+) or pays to (−) each opponent (§5)."""
    need, win, per_trick, lose = RULES_5[call]
    odd = abs(taken - need) * per_trick if per_trick else 0
    return win + odd if made else -(lose + odd)


@settings(max_examples=60, deadline=None)
@given(solo_sessions())
def test_random_evenings_validate_and_each_deal_pays_by_the_rules(record):
    """Random legal evenings validate; each deal's payments are §5's stake between each
    declaring player and each opponent (§9 ruling 3: partners each against "the opponents"),
    summing to 0; the balances add the deals up."""
    report = evaluate(record)
    assert report.valid, report.diagnostics
    for replay, deal in zip(report.replays, report.score.deals):
        if replay.contract is None:
            assert deal.payments == (0, 0, 0, 0)  # §3.8: all pass, no payment
            continue
        stake = stake_by_the_rules(replay.contract, replay.made, replay.taken)
        declaring = {replay.declarer, replay.partner} - {None}
        mine = stake * (1 if len(declaring) == 2 else 3)
        assert deal.payments == tuple(mine if seat in declaring else -stake for seat in Seat)
    assert sum(report.score.balances) == 0


@settings(max_examples=40, deadline=None)
@given(solo_sessions(max_deals=1))
def test_a_corrupted_call_is_caught(record):
    deal = record.deals[0]
    late = with_solo(deal, calls=(*deal.own.calls, SoloCall.PASS))
    early = with_solo(deal, calls=(SoloCall.ACCEPT, *deal.own.calls))
    assert ("call_after_close", f"auction[{len(deal.own.calls)}]") in codes(evaluate(replace(record, deals=(late,))))
    assert ("nothing_to_accept", "auction[0]") in codes(evaluate(replace(record, deals=(early,))))


@settings(max_examples=40, deadline=None)
@given(solo_sessions(max_deals=1))
def test_a_corrupted_card_is_caught(record):
    deal = record.deals[0]
    if not deal.play or len(deal.play) < 2:
        return
    cards = (*deal.play[:1], deal.play[0], *deal.play[2:])  # the second card repeats the first
    assert ("card_not_held", "play[1]") in codes(evaluate(replace(record, deals=(replace(deal, play=cards),))))


@settings(max_examples=40, deadline=None)
@given(solo_sessions(max_deals=3), st.data())
def test_a_corrupted_payment_is_caught_by_the_audit(record, data):
    """The sheet written as due audits clean; one figure off by some quarters is found there."""
    score = evaluate(record).score
    paid = replace(record, deals=tuple(with_solo(d, payments=s.payments) for d, s in zip(record.deals, score.deals)))
    assert audit_payments(paid, score).clean
    k = data.draw(st.integers(0, len(paid.deals) - 1))
    seat = data.draw(st.sampled_from(list(Seat)))
    off = data.draw(st.integers(1, 12))
    deals = list(paid.deals)
    written = list(deals[k].own.payments)
    written[seat] += off
    deals[k] = with_solo(deals[k], payments=tuple(written))
    (mismatch,) = audit_payments(replace(paid, deals=tuple(deals)), score).mismatches
    assert (mismatch.deal, mismatch.seat, mismatch.recorded - mismatch.computed) == (deals[k].number, seat, off)


# -- a recorded contract ------------------------------------------------------------------------

def test_a_recorded_contract_agrees_with_the_auction_or_is_reported():
    stated = SoloContract(SoloCall.PROPOSAL, Seat.E, Seat.S)
    deal = with_solo(solo_deal(auction="prop accept pass pass", result=10), contract=stated)
    assert solo_report(deal).valid
    wrong = with_solo(deal, contract=SoloContract(SoloCall.PROPOSAL, Seat.E, Seat.W))
    (d,) = solo_report(wrong).diagnostics
    assert (d.code, d.at) == ("contract_mismatch", "contract") and "with W" in d.message and "with S" in d.message
    void = with_solo(solo_deal(auction="pass pass pass pass"), contract=stated)
    assert codes(solo_report(void)) == [("contract_mismatch", "contract")]


def test_a_paper_log_gives_the_contract_without_the_auction():
    """A deal recorded by its contract, declarer and partner alone is scored as its auction would be."""
    stated = SoloContract(SoloCall.PROPOSAL, Seat.E, Seat.S)
    report = solo_report(with_solo(solo_deal(auction="", result=10), contract=stated))
    replay = report.replays[0]
    assert (replay.contract, replay.declarer, replay.partner, replay.trump) == (SoloCall.PROPOSAL, Seat.E, Seat.S,
                                                                                Suit.HEARTS)
    assert payments(report) == (-6, 6, 6, -6)
    seed = with_solo(solo_deal(auction="", play=SEED_SECOND_LINE), contract=SoloContract(SoloCall.OPEN_MISERE, Seat.N))
    assert payments(solo_report(seed)) == (-48, 16, 16, 16)


# -- §5 payments, contract by contract ----------------------------------------------------------

# Each row: the auction (dealer N, so E is eldest hand), the declaring side's tricks or the stated
# outcome, and what each declaring player receives from (+) or pays to (−) each opponent, in
# points, worked out by hand from the table of §5 (o over, u short).
PAYMENT_TABLE = [
    ("prop accept pass pass", 10, None, 1.5),  # 1 + ¼ × 2 over
    ("prop accept pass pass", 8, None, 1),  # exactly 8: 1
    ("prop accept pass pass", 5, None, -0.75),  # ¼ × 3 short
    ("solo pass pass pass", 9, None, 2),  # 1 + ¼ × 4 over
    ("solo pass pass pass", 2, None, -0.75),  # ¼ × 3 short
    ("misere pass pass pass", None, True, 2),  # 2 from each
    ("misere pass pass pass", None, False, -2),  # 2 to each (§9 ruling 5)
    ("abond pass pass pass", 11, None, 4),  # 3 + ½ × 2 over
    ("abond pass pass pass", 6, None, -1.5),  # ½ × 3 short
    ("abond trump_abond pass pass pass", 13, None, 5),  # 3 + ½ × 4 over
    ("abond trump_abond pass pass pass", 8, None, -0.5),  # ½ × 1 short
    ("open_misere pass pass pass", None, True, 4),  # 4 from each
    ("open_misere pass pass pass", None, False, -4),  # 4 to each (§9 ruling 5)
    ("declare pass pass pass", None, True, 6),  # 6 from each
    ("declare pass pass pass", None, False, -6),  # 6 to each (§9 ruling 5)
]


@pytest.mark.parametrize("five", [False, True], ids=["four players", "five players"])
@pytest.mark.parametrize("auction, taken, outcome, stake", PAYMENT_TABLE)
def test_payments_of_every_contract_made_and_failed(auction, taken, outcome, stake, five):
    """§5: a lone declarer receives (or pays) the stake from (to) each of the three; proposal's
    partners each settle the stake with "the opponents" (§9 ruling 3); with five players the
    dealer sits out and takes no part (§9 ruling 1). The deal's payments sum to 0."""
    abond_trump = "S" if auction.startswith("abond pass") else None
    deal = solo_deal(auction=auction, result=taken, outcome=outcome, abond_trump=abond_trump)
    players, fifth = (FIVE, "Дина") if five else (SEED_PLAYERS, None)
    if five:  # E deals and sits out (Вера); the turn-up is the last card, of the player on his right
        deal = replace(deal, dealer=Seat.E)
        deal = with_solo(deal, sits_out="Вера", turn_up=next(iter(deal.hands[Seat.E])))
    report = evaluate(solo_session(deal, players=players, fifth=fifth))
    assert report.valid, codes(report)
    replay = report.replays[0]
    declaring = {replay.players[s] for s in (replay.declarer, replay.partner) if s is not None}
    eldest = Seat.S if five else Seat.E  # §2: the player on the dealer's left speaks first (§3.1)
    bidder = max(i for i, call in enumerate(auction.split()) if call not in ("pass", "accept"))
    assert replay.declarer is Seat((eldest + bidder) % 4)
    assert len(declaring) == (2 if auction.startswith("prop") else 1)
    quarters = round(4 * stake)
    for player in (*players, fifth) if five else players:
        paid = report.score.deals[0].paid(player)
        if player == "Вера" and five:
            assert paid == 0
        elif player in declaring:
            assert paid == quarters * (1 if len(declaring) == 2 else 3), (player, paid)
        else:
            assert paid == -quarters, (player, paid)
