"""One test per rule of rules/volchaninov.md (default profile ``volchaninov``), each naming its section.

Every expected number is worked out by hand from rules/volchaninov.md in the test or its comment.
"""
from __future__ import annotations

import random

import pytest

from oracle import SUIT_CARDS, card_name
from strategies import FOLLOW_SUIT, random_cards
from builders import (RANKED, SUITED, calls, codes, contract_auction, deal, hands, items, play, result_deal,
                      scored, session)
from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import Call, Denomination
from vint_replay.engine.cards import Card, Hand, Suit, iter_bits
from vint_replay.engine.errors import IllegalMove
from vint_replay.engine.ledger import RubberScore
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate

# A deal built for §3 and §5: E runs six top hearts in no-trump, then N takes the last seven.
GAME_HANDS = "AKQJ.8.AKQJ.AKQJ 5432.AKQJT9.432. T98.765.T98.T987 76.432.765.65432"
GAME_PLAY = """HA H7 H4 H8 / HK H6 H3 CJ / HQ H5 H2 CQ / HJ C7 C2 CK / HT C8 C3 CA / H9 C9 C4 DJ /
               S5 S8 S6 SA / SK S4 S9 S7 / SQ S3 ST C5 / SJ S2 CT C6 / DA D2 D8 D5 / DK D3 D9 D6 / DQ D4 DT D7"""
ALL_PASS_12 = " pass" * 12
PROFILE = get_profile()


def masks(text: str) -> tuple[int, int, int, int]:
    return tuple(h.mask for h in hands(text))  # type: ignore[return-value]


def run_auction(text: str, dealer: Seat = Seat.N) -> Auction:
    auction = Auction(dealer, PROFILE)
    auction.call_all(calls(text))
    return auction


def refused(text: str, dealer: Seat = Seat.N) -> tuple[str, int]:
    """The code of the illegal call in ``text`` and its index."""
    auction = Auction(dealer, PROFILE)
    with pytest.raises(IllegalMove) as bad:
        auction.call_all(calls(text))
    return bad.value.code, len(auction.calls)


# §1 Table, deck, deal ------------------------------------------------------------------------

def test_s1_dealer_rotates_left_after_every_deal():
    """§1: after every deal the deal passes to the left (N → E → S → W → N)."""
    rotation = [deal(n, d, RANKED, contract_auction(d, d, "1NT"), result=7) for n, d in enumerate("NESWN", 1)]
    assert scored(*rotation).valid
    wrong = rotation[:2] + [deal(3, "N", RANKED, contract_auction("N", "N", "1NT"), result=7)]
    assert codes(evaluate(session(*wrong))) == [(3, "wrong_dealer", "dealer")]


def test_s1_dealer_rotates_after_a_passed_out_deal():
    """§1 and §2: a passed-out deal is dealt again by the *next* dealer, like after any deal."""
    passed = deal(1, "W", RANKED, "pass " * 8)
    following = result_deal("1NT", "N", 7, number=2, dealer="N")
    report = scored(passed, following)
    assert report.score.deals[0].passed_out and report.score.deals[0].entries == ()
    same_dealer = result_deal("1NT", "W", 7, number=2, dealer="W")
    assert codes(evaluate(session(passed, same_dealer))) == [(2, "wrong_dealer", "dealer")]


def test_s1_first_dealer_is_free():
    """§1: the first dealer is chosen at random, so any seat may deal the first deal."""
    for dealer in "NESW":
        assert scored(result_deal("2S", dealer, 8, dealer=dealer)).valid


# §2 Auction ----------------------------------------------------------------------------------

def test_s2_denomination_order_is_spades_clubs_diamonds_hearts_notrump():
    """§2: ♠ < ♣ < ♦ < ♥ < NT — not bridge's order."""
    assert list(Denomination) == [Denomination.SPADES, Denomination.CLUBS, Denomination.DIAMONDS,
                                  Denomination.HEARTS, Denomination.NOTRUMP]
    run_auction("1S 1C 1D 1H 1NT")  # each outranks the one before
    assert refused("1C 1S") == ("insufficient_bid", 1)  # clubs outrank spades in vint
    assert refused("1NT 1H") == ("insufficient_bid", 1)


def test_s2_new_bid_must_be_higher():
    """§2: a higher level, or the same level and a higher denomination."""
    assert run_auction("2D 3S").highest == Call.parse("3S")
    assert refused("2D pass 2D") == ("insufficient_bid", 2)
    assert refused("2D 1NT") == ("insufficient_bid", 1)


def test_s2_a_player_may_raise_his_own_standing_bid():
    """§2: after passing, or over his own highest bid, a player may bid again."""
    auction = run_auction("1S pass pass pass 2S" + ALL_PASS_12)
    assert auction.contract is not None
    assert (str(auction.contract), auction.contract.declarer) == ("2S", Seat.N)


def test_s2_eight_passes_pass_the_deal_out():
    """§2: no bid and 8 consecutive passes end the auction; nothing is scored."""
    assert not run_auction("pass " * 7).closed
    auction = run_auction("pass " * 8)
    assert auction.passed_out and auction.contract is None
    assert refused("pass " * 9) == ("call_after_close", 8)
    report = scored(deal(1, "N", RANKED, "pass " * 8))
    assert report.score.deals[0].entries == () and report.score.rubbers[0].totals == [0, 0]


def test_s2_a_passed_out_deal_has_no_play_and_still_needs_its_hands():
    """§2 with format.md §2: a passed-out deal has no play (not even an empty one), and its
    hands are required because no play gives them."""
    empty_play = deal(1, "N", RANKED, "pass " * 8, cards="")
    assert codes(evaluate(session(empty_play))) == [(1, "play_after_passout", "play")]
    no_hands = deal(1, "N", None, "pass " * 8)
    assert codes(evaluate(session(no_hands))) == [(1, "schema", "hands")]


def test_problems_are_listed_in_the_order_they_stand_in_the_deal():
    """A scorer fixes the first problem first: an insufficient bid (auction[6]) is listed
    before a card the same deal's play repeats, whatever found it first."""
    bad = deal(1, "N", RANKED, "1S 2S 3S 4S 5S 6S 1S " + "pass " * 12, cards="SA")
    record = session(bad)
    from vint_replay.engine.diagnostics import Diagnostic

    report = evaluate(record, [Diagnostic("bad_card", "unknown card 'Z9'", 1, "play[5]")])
    assert [(d.code, d.at) for d in report.diagnostics] == [("insufficient_bid", "auction[6]"), ("bad_card", "play[5]")]


def test_s2_twelve_passes_close_after_a_bid():
    """§2: after a bid only 12 consecutive passes end the auction."""
    assert not run_auction("1H" + " pass" * 11).closed
    assert run_auction("1H" + ALL_PASS_12).closed
    assert refused("1H" + ALL_PASS_12 + " 2H") == ("call_after_close", 13)
    # every new bid restarts the count
    auction = run_auction("1H" + " pass" * 11 + " 2H" + " pass" * 11)
    assert not auction.closed and auction.passes_needed == 1


def test_s2_seven_passes_then_a_bid_is_legal():
    """§2: 7 passes then a bid is legal (the 8th pass would have ended the auction)."""
    auction = run_auction("pass " * 7 + "1S" + ALL_PASS_12)
    # dealer N calls first, so the 8th call is W's
    assert auction.contract is not None and auction.contract.declarer is Seat.W


def test_s2_declarer_is_the_last_bidder():
    """§2: the declarer is the player who made the final bid, not the first of his side to name
    the denomination (bridge would make N declarer here)."""
    auction = run_auction("1C pass 2C" + ALL_PASS_12)
    assert str(auction.contract) == "2C" and auction.contract.declarer is Seat.S


def test_s2_no_doubles():
    """§2: no doubles, no redoubles — a record with one is invalid (``bad_call`` at the call)."""
    for text in ("X", "XX", "x"):
        bad = deal(1, "N", RANKED, f"1D {text} 2C" + ALL_PASS_12, result=8)
        report = evaluate(session(bad))
        assert codes(report) == [(1, "bad_call", "auction[1]")]
        assert "double" in report.diagnostics[0].message


def test_s2_located_diagnostic_for_an_illegal_call():
    """§2 via the replay: the bad call is named by its index in the auction."""
    bad = deal(1, "N", RANKED, "1D pass 1C" + ALL_PASS_12, result=7)
    assert codes(evaluate(session(bad))) == [(1, "insufficient_bid", "auction[2]")]


# §3 Play -------------------------------------------------------------------------------------

def game_deal(auction: str, cards: str = GAME_PLAY, number: int = 1, dealer: str = "N"):
    return deal(number, dealer, GAME_HANDS, auction, cards)


def test_s3_left_of_declarer_leads():
    """§3: the player left of the declarer leads to the first trick."""
    assert PROFILE.opening_leader(Seat.N) is Seat.E
    ok = evaluate(session(game_deal("4NT" + ALL_PASS_12)))  # N declares: E leads ♥A
    assert ok.valid
    # the same cards with S declaring: W should lead, but the first card is E's
    wrong = evaluate(session(game_deal("pass pass 4NT" + ALL_PASS_12)))
    assert codes(wrong) == [(1, "hands_mismatch", "play[0]")]


def test_s3_must_follow_suit():
    """§3: a player must follow the suit led when able (``revoke``)."""
    revoke = GAME_PLAY.replace("HA H7", "HA C7", 1).replace("HJ C7", "HJ H7", 1)
    report = evaluate(session(game_deal("4NT" + ALL_PASS_12, revoke)))
    assert codes(report) == [(1, "revoke", "play[1]")]
    assert "S played ♣7 but must follow ♥ (holds H7 H6 H5)" in report.diagnostics[0].message


# Card 13 × suit + rank dealt to seat (suit + rank) % 4: every hand holds 3 or 4 cards of each suit.
ROUND_ROBIN = tuple(sum(1 << c for c in range(52) if (c // 13 + c % 13) % 4 == seat) for seat in range(4))


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name.lower())
def test_s3_must_follow_every_suit(suit: Suit):
    """§3: the suit led must be followed, whichever it is: E leads his top card of ``suit`` to
    N's 1NT and S, who holds that suit, plays his lowest card of the next suit — the deal's one
    fault (the other 50 cards follow suit by tests/oracle.py's rule) is a revoke at play[1]."""
    held = list(ROUND_ROBIN)
    lead = max(iter_bits(held[Seat.E] & SUIT_CARDS << 13 * suit))
    other = (suit + 1) % 4
    discard = min(iter_bits(held[Seat.S] & SUIT_CARDS << 13 * other))
    rest = random_cards(random.Random(suit).randrange, held, None, Seat.E, FOLLOW_SUIT, start=[lead, discard])
    hands_text = " ".join(Hand(mask).pbn() for mask in held)
    report = evaluate(session(deal(1, "N", hands_text, "1NT" + ALL_PASS_12, " ".join(c.name for c in rest))))
    assert codes(report) == [(1, "revoke", "play[1]")]
    follow = " ".join(card_name(c) for c in sorted(iter_bits(held[Seat.S] & SUIT_CARDS << 13 * suit), reverse=True))
    assert f"S played {Card(discard).pretty} but must follow {suit.symbol} (holds {follow})" in report.diagnostics[0].message
    # the control: S follows with his top card of the suit instead, and the deal is valid
    followed = max(iter_bits(held[Seat.S] & SUIT_CARDS << 13 * suit))
    good = random_cards(random.Random(suit).randrange, held, None, Seat.E, FOLLOW_SUIT, start=[lead, followed])
    assert evaluate(session(deal(1, "N", hands_text, "1NT" + ALL_PASS_12, " ".join(c.name for c in good)))).valid


def test_s3_no_obligation_to_trump():
    """§3: a player void in the suit led may discard instead of trumping."""
    play_ = Play(masks(GAME_HANDS), Suit.HEARTS, Seat.N, PROFILE)
    play_.play_cards(play("CA S5 C7 C2"))  # E, void in clubs, keeps his trumps
    assert play_.tricks[0].winner is Seat.N


def test_s3_highest_trump_wins():
    """§3: a trick is won by the highest trump in it."""
    play_ = Play(masks(GAME_HANDS), Suit.HEARTS, Seat.N, PROFILE)
    play_.play_cards(play("CA H9 C7 C2"))  # E ruffs the ace with the nine of trumps
    assert play_.tricks[0].winner is Seat.E
    # two trumps: the higher wins, whatever the order
    assert PROFILE.trick_winner([Card.C2, Card.H3, Card.HK, Card.CA], Suit.HEARTS) == 2


def test_s3_in_notrump_only_the_suit_led_wins():
    """§3: without trumps, the highest card of the suit led wins; other suits never do."""
    play_ = Play(masks(GAME_HANDS), None, Seat.N, PROFILE)
    play_.play_cards(play("CJ HA C7 C2"))  # E's ace of hearts does not beat the ♣J
    assert play_.tricks[0].winner is Seat.N
    assert PROFILE.trick_winner([Card.C2, Card.SA, Card.DA, Card.C3], None) == 3


def test_s3_winner_leads_to_the_next_trick():
    """§3: the winner of a trick leads to the next; anyone else's card there is refused."""
    play_ = Play(masks(GAME_HANDS), Suit.HEARTS, Seat.N, PROFILE)
    play_.play_cards(play("CA H9 C7 C2"))
    assert play_.to_play is Seat.E
    with pytest.raises(IllegalMove) as bad:
        play_.play(Card.SA)  # N's card, but E is on lead
    assert bad.value.code == "hands_mismatch"


def test_a_copy_of_a_play_goes_on_alone():
    """A play copied in the middle of a trick goes on as the play itself would (one card refused,
    another taken), and leaves the play it was copied from where it stood."""
    play_ = Play(masks(GAME_HANDS), Suit.HEARTS, Seat.N, PROFILE)
    play_.play_cards(play("CA H9 C7 C2 D2"))
    state = play_.state()
    refused, taken = play_.copy(), play_.copy()
    with pytest.raises(IllegalMove):
        refused.play(Card.SA)
    taken.play_cards(play("D8 D5 DA"))
    fresh = Play(masks(GAME_HANDS), Suit.HEARTS, Seat.N, PROFILE)
    fresh.play_cards(play("CA H9 C7 C2 D2 D8 D5 DA"))
    assert taken.state() == fresh.state() and taken.tricks == fresh.tricks
    assert play_.state() == state and len(play_.tricks) == 1


def test_s3_all_thirteen_tricks_are_played():
    """§3: all 13 tricks are played; a record that stops early is ``play_incomplete``."""
    short = " ".join(GAME_PLAY.replace("/", " ").split()[:49])
    assert codes(evaluate(session(game_deal("4NT" + ALL_PASS_12, short)))) == [(1, "play_incomplete", "play[49]")]


# §4 Scoring ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bid, value", [
    ("1S", 4), ("1C", 6), ("1D", 8), ("1H", 10), ("1NT", 12),  # level 1 values
    ("2S", 14), ("3C", 26), ("5D", 48), ("6H", 60), ("7NT", 72),  # + 10 per level above 1
])
def test_s4_trick_value(bid, value):
    """§4: V is 4/6/8/10/12 at level 1 for ♠/♣/♦/♥/NT, plus 10 for every level above 1."""
    assert scored(result_deal(bid, "N", 7)).score.deals[0].trick_value == value


def test_s4_both_sides_write_all_their_tricks_below():
    """§4: both sides write all tricks × V below the line, made or not; the first six count."""
    # 3♣ by N, 8 tricks (one down): V = 26
    below = {k: v for k, v in items(scored(result_deal("3C", "N", 8)).score.deals[0]).items() if k[1] == "below"}
    assert below == {("NS", "below", "tricks"): 8 * 26, ("EW", "below", "tricks"): 5 * 26}
    # 2♦ by E made with 9 tricks: V = 8 + 10 = 18
    below = {k: v for k, v in items(scored(result_deal("2D", "E", 9)).score.deals[0]).items() if k[1] == "below"}
    assert below == {("EW", "below", "tricks"): 9 * 18, ("NS", "below", "tricks"): 4 * 18}


def test_s4_slam_premium_for_the_declarers():
    """§4: 12 tricks 500, 13 tricks 1000, whatever the contract (here a mere 1♠)."""
    # RANKED: N–S hold A Q J of spades (3 honours: 20 V) and all four aces (40 V); V = 4
    twelve = items(scored(result_deal("1S", "N", 12)).score.deals[0])
    assert twelve == {("NS", "below", "tricks"): 48, ("EW", "below", "tricks"): 4,
                      ("NS", "above", "slam"): 500, ("NS", "above", "honours"): 80, ("NS", "above", "aces"): 160}
    thirteen = items(scored(result_deal("1S", "N", 13)).score.deals[0])
    assert thirteen[("NS", "above", "slam")] == 1000


def test_s4_slam_premium_also_for_defenders():
    """§4 ruling: defenders who take 12 or 13 tricks get the slam premium too."""
    # 2♥ by E took 1 trick: N–S took 12. V = 20; 8 needed, 7 down: 500 × 2 × 7 = 7000
    got = items(scored(result_deal("2H", "E", 1)).score.deals[0])
    assert got[("NS", "above", "slam")] == 500
    assert got[("NS", "above", "undertricks")] == 7000
    got = items(scored(result_deal("2H", "E", 0)).score.deals[0])
    assert got[("NS", "above", "slam")] == 1000


@pytest.mark.parametrize("bid, tricks, slam, premium", [
    ("6C", 12, 500, 3000), ("6C", 13, 1000, 3000), ("7NT", 13, 1000, 5000)])
def test_s4_contract_premium_for_a_made_slam(bid, tricks, slam, premium):
    """§4: level 6 made +3000, level 7 made +5000, on top of the slam premium (7 made = 6000)."""
    got = items(scored(result_deal(bid, "S", tricks)).score.deals[0])
    assert got[("NS", "above", "slam")] == slam
    assert got[("NS", "above", "contract_premium")] == premium
    assert not any(k[2] in ("undertricks", "failed_contract_premium") for k in got)


def test_s4_grand_slam_with_twelve_tricks_gets_plain_500():
    """§4: a level-7 contract that took 12 tricks gets the 500 but no contract premium; it failed,
    so the defenders get 500 × 7 × 1 and the further 5000."""
    got = items(scored(result_deal("7NT", "N", 12)).score.deals[0])
    assert got[("NS", "above", "slam")] == 500
    assert ("NS", "above", "contract_premium") not in got
    assert got[("EW", "above", "undertricks")] == 3500
    assert got[("EW", "above", "failed_contract_premium")] == 5000


# Honour layouts: N–S hold 5, 4 or 3 of A K Q J 10 of spades.
HONOURS_5 = SUITED
HONOURS_4 = "AKQJ98765432.2.. T.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432"
HONOURS_3 = "AKQ98765432.32.. JT.AKQJT987654.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize("layout, multiplier", [(HONOURS_5, 40), (HONOURS_4, 30), (HONOURS_3, 20)])
def test_s4_honours_held(layout, multiplier):
    """§4: the side that held 3, 4 or 5 trump honours gets 20, 30 or 40 V — held as dealt,
    whoever won the tricks (here N–S take only 2 in 2♠, V = 14)."""
    got = items(scored(result_deal("2S", "N", 2, hands_text=layout)).score.deals[0])
    assert got[("NS", "above", "honours")] == multiplier * 14
    assert ("EW", "above", "honours") not in got


def test_s4_honours_for_either_side_in_the_trump_suit():
    """§4: honours go to the side holding them, declarer or not: 2♥ by N, E–W hold all hearts."""
    got = items(scored(result_deal("2H", "N", 2, hands_text=SUITED)).score.deals[0])
    assert got[("EW", "above", "honours")] == 40 * 20


def test_s4_no_honours_in_notrump():
    """§4: no trump honours exist in no-trump."""
    got = items(scored(result_deal("2NT", "N", 8, hands_text=SUITED)).score.deals[0])
    assert not any(k[2] == "honours" for k in got)


THREE_ACES = "AKQJT9876543...A .AKQJT98765432.. ..AKQJT98765432. 2...KQJT98765432"


@pytest.mark.parametrize("bid, value", [("3D", 28), ("3NT", 32)])
def test_s4_aces_three_and_four_in_every_contract(bid, value):
    """§4: the side holding 3 aces gets 30 V, 4 aces 40 V — no-trump included."""
    three = items(scored(result_deal(bid, "E", 9, hands_text=THREE_ACES)).score.deals[0])
    assert three[("NS", "above", "aces")] == 30 * value and ("EW", "above", "aces") not in three
    four = items(scored(result_deal(bid, "E", 9, hands_text=RANKED)).score.deals[0])
    assert four[("NS", "above", "aces")] == 40 * value


def test_s4_aces_two_two_go_to_the_side_with_more_tricks():
    """§4 ruling: with aces 2–2 the side that took more tricks counts 2 aces (20 V)."""
    # SUITED: N–S hold ♠A ♦A, E–W ♥A ♣A. 1NT by N, V = 12
    more_ns = items(scored(result_deal("1NT", "N", 7, hands_text=SUITED)).score.deals[0])
    assert more_ns[("NS", "above", "aces")] == 240 and ("EW", "above", "aces") not in more_ns
    more_ew = items(scored(result_deal("1NT", "N", 6, hands_text=SUITED)).score.deals[0])
    assert more_ew[("EW", "above", "aces")] == 240 and ("NS", "above", "aces") not in more_ew


@pytest.mark.parametrize("bid, tricks, penalty", [("3C", 8, 1500), ("2S", 5, 3000), ("5H", 10, 2500), ("1NT", 0, 3500)])
def test_s4_undertricks(bid, tricks, penalty):
    """§4: the defenders get 500 × level for each trick short."""
    got = items(scored(result_deal(bid, "W", tricks)).score.deals[0])
    assert got[("NS", "above", "undertricks")] == penalty


@pytest.mark.parametrize("bid, tricks, undertricks, further", [("6D", 10, 6000, 3000), ("7H", 11, 7000, 5000)])
def test_s4_failed_slam_contract_premium(bid, tricks, undertricks, further):
    """§4: a failed level 6 adds a further 3000 to the defenders, a failed level 7 5000."""
    got = items(scored(result_deal(bid, "N", tricks)).score.deals[0])
    assert got[("EW", "above", "undertricks")] == undertricks
    assert got[("EW", "above", "failed_contract_premium")] == further


def test_s4_penalties_cancel_nothing():
    """§4: the failing side keeps its tricks, honours and aces (here 3♥ by N, 5 tricks)."""
    got = items(scored(result_deal("3H", "N", 5)).score.deals[0])  # V = 30
    assert got == {("NS", "below", "tricks"): 150, ("EW", "below", "tricks"): 240,
                   ("NS", "above", "honours"): 600, ("NS", "above", "aces"): 1200,
                   ("EW", "above", "undertricks"): 500 * 3 * 4}


# §5 Games, rubber and the difference ---------------------------------------------------------

# Before the played deal: 5NT by N with 8 tricks (V = 52) leaves N–S 416, E–W 260 below.
SETUP = result_deal("5NT", "N", 8, number=1, dealer="N", hands_text=SUITED)


def test_s5_game_is_decided_trick_by_trick():
    """§5: the first side to 500 below wins the game, trick by trick, even if both pass 500.

    4NT by N (V = 42): E–W take tricks 1–6 (260 + 6 × 42 = 512 at trick 6), N–S the last 7
    (416 + 2 × 42 = 500 at trick 8, 710 in the end) — the game is E–W's, at trick 6.
    """
    played = deal(2, "E", GAME_HANDS, "pass pass pass 4NT" + ALL_PASS_12, GAME_PLAY)
    score = scored(SETUP, played).score
    second = score.deals[1]
    assert second.below_before == (416, 260)
    assert (second.game.side, second.game.trick, second.game.bonus) == (Side.EW, 6, "game")
    # 10 needed, 7 taken: 500 × 4 × 3; N holds 3 aces: 30 × 42
    assert items(second) == {("NS", "below", "tricks"): 294, ("EW", "below", "tricks"): 252,
                             ("EW", "above", "undertricks"): 6000, ("NS", "above", "aces"): 1260,
                             ("EW", "above", "game"): 500}


def test_s5_exactly_500_is_a_game():
    """§5: "the first partnership with 500 below" — 5♥ (V = 50) made with 10 tricks is 500 exactly."""
    game = scored(result_deal("5H", "W", 10)).score.deals[0].game
    assert (game.side, game.bonus) == (Side.EW, "game")
    assert scored(result_deal("5H", "W", 9)).score.deals[0].game is None  # 450


def test_s5_a_new_line_after_a_game():
    """§5: after the deal that won a game both sides start the next game at 0 below."""
    played = deal(2, "E", GAME_HANDS, "pass pass pass 4NT" + ALL_PASS_12, GAME_PLAY)
    after = result_deal("1S", "S", 7, number=3, dealer="S")
    score = scored(SETUP, played, after).score
    assert score.deals[2].below_before == (0, 0) and score.deals[2].game is None


def test_s5_result_only_deal_reaching_both_games_needs_the_order():
    """§5 / format.md: a result-only deal that takes both sides to 500 is ``order_needed``."""
    both = result_deal("4NT", "N", 7, number=2, dealer="E", hands_text=GAME_HANDS)
    report = evaluate(session(SETUP, both))
    assert codes(report) == [(2, "order_needed", "result")]
    one = result_deal("4NT", "N", 12, number=2, dealer="E", hands_text=GAME_HANDS)  # E–W 260 + 42
    game = scored(SETUP, one).score.deals[1].game
    assert (game.side, game.trick, game.bonus) == (Side.NS, None, "game")


def game_for(side: str, number: int) -> object:
    """A result-only deal in which only ``side`` reaches game: 5NT made with 11 tricks (V = 52:
    572 against 104), declared by N or E, dealers rotating from N."""
    dealer = "NESW"[(number - 1) % 4]
    return result_deal("5NT", "N" if side == "NS" else "E", 11, number=number, dealer=dealer)


def test_s5_two_games_win_the_rubber():
    """§5: a first game gives 500 above; the second game wins the rubber and gives 1000 instead."""
    score = scored(game_for("NS", 1), game_for("NS", 2)).score
    first, second = score.deals
    assert (first.game.bonus, items(first)[("NS", "above", "game")]) == ("game", 500)
    assert (second.game.bonus, items(second)[("NS", "above", "rubber")]) == ("rubber", 1000)
    assert ("NS", "above", "game") not in items(second)
    rubber = score.rubbers[0]
    assert rubber.games == [Side.NS, Side.NS] and rubber.winner is Side.NS and rubber.finished


def test_s5_a_rubber_of_three_games():
    """§5: a rubber has 2 or 3 games; after 1–1 the third game wins it."""
    score = scored(game_for("NS", 1), game_for("EW", 2), game_for("NS", 3)).score
    assert [d.game.bonus for d in score.deals] == ["game", "game", "rubber"]
    assert score.rubbers[0].games == [Side.NS, Side.EW, Side.NS] and score.rubbers[0].winner is Side.NS


def test_s5_several_rubbers_per_session():
    """§5 ruling: the deal after the rubber-winning one starts a new rubber, fresh lines, no games."""
    score = scored(game_for("EW", 1), game_for("EW", 2), game_for("NS", 3), game_for("EW", 4)).score
    assert [d.rubber for d in score.deals] == [1, 1, 2, 2]
    assert score.deals[2].game.bonus == "game"  # N–S's first game of rubber 2, not a rubber
    assert [r.games for r in score.rubbers] == [[Side.EW, Side.EW], [Side.NS, Side.EW]]
    assert [r.finished for r in score.rubbers] == [True, False]
    # each rubber's totals are its own deals' entries
    for rubber in score.rubbers:
        mine = [d for d in score.deals if d.rubber == rubber.number]
        assert rubber.totals == [sum(d.totals(s).below + d.totals(s).above for d in mine) for s in Side]


def test_s5_the_difference_and_a_tie():
    """§5: everything is added per side; the difference is the result; equal sums give 0 and the
    rubber winner still stands."""
    rubber = RubberScore(1, [Side.EW, Side.EW], Side.EW, [1768, 1630])
    assert rubber.difference == (Side.NS, 138)  # the rubber winner may have fewer points
    tie = RubberScore(1, [Side.NS, Side.NS], Side.NS, [2000, 2000])
    assert tie.difference == (None, 0) and tie.winner is Side.NS


def test_s5_passed_out_deals_score_nothing():
    """§2/§5: a passed-out deal writes nothing and draws no line."""
    score = scored(SETUP, deal(2, "E", RANKED, "pass " * 8), result_deal("1S", "S", 7, number=3, dealer="S")).score
    assert score.deals[1].passed_out and score.deals[1].entries == ()
    assert score.deals[2].below_before == (416, 260)
