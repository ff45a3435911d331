"""One test per rule and per ruling of docs/rules/classic.md (profile ``classic``), each citing its section.

Every expected number is worked out by hand from the page in the test or its comment: T = 10 L,
U = 100 L, an ace in no-trump 250 L, coronkas 500 (k − 2) plain and 1000 (k − 2) trump / no-trump.
"""
from __future__ import annotations

import json
from itertools import cycle

import pytest

from builders import PLAYERS, RANKED, calls, codes, deal
from vint_replay.engine.auction import Auction
from vint_replay.engine.cards import Card, Hand
from vint_replay.engine.errors import IllegalMove
from vint_replay.engine.ledger import DealScore
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats import read_bytes, write_text
from settled import settled

CLASSIC = get_profile("classic")

# §9 / ruling 12: N holds six top spades, E seven top hearts, S and W the minors (S also ♠2, W no
# major). In no-trump whoever leads a major runs it, then must lead the other major.
RACE_HANDS = "AKQJT9.765432..2 876543.AKQJT98.. 2..AKQJT9.AKQJT9 ..8765432.876543"
# E (left of N) leads: E runs seven hearts, then leads a spade and N runs six.
RACE_E_FIRST = """HA S2 D2 H2 / HK D9 D3 H3 / HQ C9 C3 H4 / HJ DT D4 H5 / HT CT C4 H6 / H9 DJ D5 H7 /
                  H8 CJ C5 C2 / S3 DQ D6 S9 / SA S4 CQ C6 / SK S5 DK D7 / SQ S6 CK C7 / SJ S7 DA D8 / ST S8 CA C8"""
# N (left of W) leads: N runs six spades, then leads a heart and E runs seven.
RACE_N_FIRST = """SA S3 S2 D2 / SK S4 D9 D3 / SQ S5 C9 C3 / SJ S6 DT D4 / ST S7 CT C4 / S9 S8 DJ D5 /
                  H2 H8 CJ C5 / HA DQ D6 H3 / HK CQ C6 H4 / HQ DK D7 H5 / HJ CK C7 H6 / HT DA D8 H7 / H9 CA C8 C2"""

# §9 played: E holds eight top hearts, N five top spades; W holds ♦AKQJT987 and ♣AKQJT (coronkas
# that a played passed-out deal does not write). With N dealing, E leads: E–W 8 tricks, N–S 5.
PASSOUT_HANDS = "AKQJT.65432..432 98765.AKQJT987.. 432..65432.98765 ..AKQJT987.AKQJT"
PASSOUT_PLAY = """HA S2 D7 H2 / HK D2 D8 H3 / HQ S3 D9 H4 / HJ D3 DT H5 / HT S4 CT H6 / H9 D4 DJ C2 /
                  H8 D5 CJ C3 / H7 C5 DQ C4 / S5 D6 CQ ST / SA S6 C6 DK / SK S7 C7 CK / SQ S8 C8 DA / SJ S9 C9 CA"""

# Ruling 1: 1♥ by N, E leads. N–S held ♥Q J 10 (S ♥QJ, N ♥10), E–W ♥A K (W); in the play
# E–W's tricks hold ♥A K and N–S's ♥J. Aces 2–2 (N ♠A ♣A; E ♦A, W ♥A); N–S take 7 (леве).
HELD_HANDS = "AKQ.T862.K96.A82 J986.3.AQJ75.QT7 T54.QJ95.42.J963 732.AK74.T83.K54"
HELD_PLAY = """DA D2 D3 D6 / S6 ST S2 SQ / H2 H3 H5 H7 / C4 C8 CT CJ / H9 HK H6 D5 / S3 SK S8 S4 / H8 D7 HJ HA /
               D8 D9 DJ D4 / S9 S5 S7 SA / HT C7 HQ H4 / C3 C5 CA CQ / DK DQ C6 DT / C2 SJ C9 CK"""


def build(**fixed: str) -> str:
    """Four PBN hands N E S W: the cards named for a seat (``N="SA SK HA"``, all four aces must be
    placed) and every other card dealt round the table from the top, never to a hand whose run
    from the ace it would extend, so no coronka arises that the test did not place."""
    hands = {seat: {Card.parse(c) for c in fixed.get(seat, "").split()} for seat in "NESW"}
    placed = set().union(*hands.values())
    assert {Card.SA, Card.HA, Card.DA, Card.CA} <= placed
    rest = [c for c in sorted(Card, key=lambda c: (-c.rank, c.suit)) if c not in placed]
    seats = cycle("NESW")
    for card in rest:
        for seat in (next(seats) for _ in range(8)):
            above = range(card.rank + 1, 13)  # the ranks from the ace down to just above the card
            if len(hands[seat]) < 13 and not all(Card(card.suit * 13 + r) in hands[seat] for r in above):
                hands[seat].add(card)
                break
        else:
            raise AssertionError(f"no hand can take {card}")
    assert all(len(h) == 13 for h in hands.values())
    return " ".join(Hand.from_cards(hands[seat]).pbn() for seat in "NESW")


def auction(dealer: str, declarer: str, bid: str) -> str:
    """The classic auction in which ``declarer`` makes the only bid: passes up to him, the bid, 8 passes."""
    waiting = (Seat.parse(declarer) - Seat.parse(dealer)) % 4
    return " ".join(["pass"] * waiting + [bid] + ["pass"] * 8)


def result(bid: str, declarer: str, tricks: int, hands_text: str = RANKED, number: int = 1,
           dealer: str = "N") -> DealRecord:
    """A result-only deal: ``declarer`` bid ``bid`` alone and took ``tricks``."""
    return deal(number, dealer, hands_text, auction(dealer, declarer, bid), result=tricks)


def passed_out(number: int, dealer: str, cards: str | None = None, hands_text: str = RANKED) -> DealRecord:
    return deal(number, dealer, hands_text, "pass pass pass pass", cards=cards)


def classic_session(*deals: DealRecord, **options: str) -> SessionRecord:
    return SessionRecord(SessionInfo("classic-test", PLAYERS, rules="classic", options=options), tuple(deals))


def scored(*deals: DealRecord, **options: str) -> SessionReport:
    report = evaluate(classic_session(*deals, **options))
    assert report.valid, [d.describe() for d in report.diagnostics]
    assert report.score is not None
    return report


def one(bid: str, declarer: str, tricks: int, hands_text: str = RANKED) -> DealScore:
    """The score of a single result-only deal (dealer N)."""
    return scored(result(bid, declarer, tricks, hands_text)).score.deals[0]


def written(score: DealScore, *kinds: Item) -> set[tuple[str, int]]:
    """``(side, points)`` of the deal's entries of the given kinds."""
    return {(e.side.name, e.points) for e in score.entries if e.item in kinds}


def listed(score: DealScore, *kinds: Item) -> list[tuple[str, int]]:
    return sorted((e.side.name, e.points) for e in score.entries if e.item in kinds)


def run_auction(text: str, dealer: Seat = Seat.N) -> Auction:
    a = Auction(dealer, CLASSIC)
    a.call_all(calls(text))
    return a


def refused(text: str) -> tuple[str, int]:
    a = Auction(Seat.N, CLASSIC)
    with pytest.raises(IllegalMove) as bad:
        a.call_all(calls(text))
    return bad.value.code, len(a.calls)


# §2 Auction ------------------------------------------------------------------------------------

def test_s2_four_passes_pass_the_deal_out():
    """§2: no bid, one round of 4 passes passes the deal out; 3 passes do not."""
    assert not run_auction("pass pass pass").closed
    a = run_auction("pass pass pass pass")
    assert a.closed and a.passed_out and a.contract is None


def test_s2_a_fifth_pass_without_a_bid_is_a_call_after_the_close():
    """§2: under classic a 5th pass with no bid is ``call_after_close`` (auction[4])."""
    assert refused("pass pass pass pass pass") == ("call_after_close", 4)


def test_s2_eight_passes_after_a_bid_close_the_auction():
    """§2: after a bid, 8 passes in a row (two rounds) close it; 7 do not."""
    assert not run_auction("1S" + " pass" * 7).closed
    a = run_auction("1S" + " pass" * 8)
    assert a.closed and str(a.contract) == "1S" and a.contract.declarer is Seat.N


def test_s2_a_bid_after_seven_passes_is_legal_and_a_ninth_pass_is_not():
    """§2 and ruling 13: a bid after 7 passes in a row is legal (001's law 49); a 9th pass in a
    row after a bid is ``call_after_close``: 1♠, 7 passes, 1♣ (call 8), 8 passes (calls 9–16),
    a 9th pass at auction[17]."""
    a = run_auction("1S" + " pass" * 7 + " 1C" + " pass" * 8)
    assert a.closed and str(a.contract) == "1C" and a.contract.declarer is Seat.N  # 8 calls after N: N again
    assert refused("1S" + " pass" * 7 + " 1C" + " pass" * 9) == ("call_after_close", 17)


def test_s2_the_declarer_is_the_last_bidder_and_a_passed_player_may_bid_again():
    """§2: as volchaninov §2 — a player who passed may bid later; the last bidder declares."""
    a = run_auction("pass 1S pass pass 1NT" + " pass" * 8)  # N passed, then N bids 1NT
    assert a.contract.declarer is Seat.N and str(a.contract) == "1NT"


def test_s2_the_opening_lead_belongs_to_the_player_left_of_the_declarer():
    """§2: left of the declarer leads. 1♥ by N: E's ♦A leads; the same play led by S is refused."""
    good = deal(1, "N", HELD_HANDS, auction("N", "N", "1H"), cards=HELD_PLAY)
    assert scored(good).valid
    assert [CLASSIC.opening_leader(s) for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    east_leads = deal(1, "W", HELD_HANDS, auction("W", "W", "1H"), cards=HELD_PLAY)  # W declares: N must lead
    assert codes(evaluate(classic_session(east_leads))) == [(1, "hands_mismatch", "play[0]")]


# §3 Trick score ---------------------------------------------------------------------------------

@pytest.mark.parametrize("bid, tricks, ns, ew", [
    ("1C", 7, 70, 60),  # "a level-1 club contract with 7 tricks writes 70, the defenders 60"
    ("3C", 9, 270, 120),  # level 3: 9 × 30 = 270, 4 × 30 = 120
    ("5C", 11, 550, 100),  # level 5: 11 × 50 = 550, 2 × 50 = 100
])
def test_s3_the_manuals_trick_checks(bid, tricks, ns, ew):
    """§3: T = 10 × L, each side writes all its tricks below: 001's own three checks."""
    assert written(one(bid, "N", tricks), Item.TRICKS) == {("NS", ns), ("EW", ew)}


@pytest.mark.parametrize("denomination", ["S", "C", "D", "H", "NT"])
def test_s3_the_trick_value_does_not_depend_on_the_denomination(denomination):
    """§3: T = 10 × L whatever the denomination: 3-level, 9 tricks: 270 / 120, 30 a trick."""
    score = one(f"3{denomination}", "N", 9)
    assert score.trick_value == 30
    assert {(e.side.name, e.line, e.points) for e in score.entries if e.item is Item.TRICKS} == \
        {("NS", Line.BELOW, 270), ("EW", Line.BELOW, 120)}


@pytest.mark.parametrize("level", range(1, 8))
def test_s3_trick_value_table(level):
    """§3's table: T = 10, 20, …, 70 for L = 1 … 7; the failing declarer keeps his tricks below
    (6 tricks at any level: 6 × T)."""
    table = {1: 10, 2: 20, 3: 30, 4: 40, 5: 50, 6: 60, 7: 70}
    score = one(f"{level}NT", "N", 6)
    assert score.trick_value == table[level]
    assert written(score, Item.TRICKS) == {("NS", 6 * table[level]), ("EW", 7 * table[level])}


# §4 Honours and aces in a suit contract ---------------------------------------------------------

# Spades trumps, 2♠ by N: U = 200. Rows of §4's table, side A = N–S.
FIVE_CASES = [
    # 3 honours (N ♠A Q, S ♠K) + 2 aces (♠A, S ♥A) with леве (8 tricks); E–W ♠J 10 and 2 aces
    # without леве count nothing: 5 : 0 → 5 U = 1000
    ("5:0", dict(N="SA SQ", S="SK HA", E="SJ DA", W="ST CA"), 8, ("NS", 1000)),
    # 4 honours (♠A Q / ♠K J) + 2 aces with леве: 6 : 0 → 6 U = 1200
    ("6:0", dict(N="SA SQ", S="SK SJ HA", E="ST DA", W="CA"), 8, ("NS", 1200)),
    # 4 honours + 3 aces (♠A, ♥A, ♦A; 3 aces count without леве: 6 tricks): 7 : 0 → 7 U = 1400
    ("7:0", dict(N="SA SQ DA", S="SK SJ HA", E="ST", W="CA"), 6, ("NS", 1400)),
    # A: 3 honours (♠K Q J) + 1 ace (♥A); B: 3 aces (♠A ♦A ♣A) + 2 honours (♠A 10): 3 : 3 → nothing
    ("3:3", dict(N="SK SJ", S="SQ HA", E="SA DA", W="ST CA"), 8, None),
    # A: 4 honours (♠K Q J 10) + 1 ace; B: 3 aces + 1 honour (♠A): 4 : 3 → A writes 1 U = 200
    ("4:3", dict(N="SK SJ", S="SQ ST HA", E="SA DA", W="CA"), 8, ("NS", 200)),
    # A: 3 honours + 2 aces without леве (6 tricks); B: 2 aces with леве: 3 : 2 → A writes 1 U = 200
    ("3:2", dict(N="SA SQ", S="SK HA", E="SJ DA", W="ST CA"), 6, ("NS", 200)),
]


@pytest.mark.parametrize("holding, tricks, expected", [c[1:] for c in FIVE_CASES], ids=[c[0] for c in FIVE_CASES])
def test_s4_every_case_of_the_table_nets_the_units(holding, tricks, expected):
    """§4 rules 1–4 and its table of five cases (4 honours + 2 or 3 aces given both): units are
    honour count + ace count, only the difference × U is written, by the side with more."""
    score = one("2S", "N", tricks, build(**holding))
    assert written(score, Item.HONOURS, Item.ACES) == ({expected} if expected else set())
    assert written(score, Item.CORONKA) == set()


def test_s4_the_unit_is_100_times_the_level():
    """§4: U = 100 × L: the 5 : 0 holding of the table at level 5 (11 tricks) writes 5 × 500 = 2500."""
    score = one("5S", "N", 11, build(N="SA SQ", S="SK HA", E="SJ DA", W="ST CA"))
    assert written(score, Item.HONOURS) == {("NS", 2500)}


def test_s12_ruling_1_honours_are_those_held_not_those_won():
    """§12 ruling 1 (§4.1): honours are counted in the dealt hands. N–S held ♥Q J 10 (3), although
    E–W's tricks hold ♥A K J (3); aces 2–2, N–S took 7 (леве): 3 + 2 = 5 : 0 → 5 × 100 =
    500 for N–S (counting the tricks would give E–W 3 : 2 → 100)."""
    report = scored(deal(1, "N", HELD_HANDS, auction("N", "N", "1H"), cards=HELD_PLAY))
    replay = report.replays[0]
    won_by_ew = {c.name for t in replay.tricks if t.winner.side is Side.EW for c in t.cards}
    assert {"HA", "HK", "HJ", "HQ", "HT"} & won_by_ew == {"HA", "HK", "HJ"} and replay.tricks_won == (7, 6)  # the premise
    assert written(report.score.deals[0], Item.HONOURS) == {("NS", 500)}


def test_s12_ruling_2_two_aces_count_only_for_the_side_with_leve():
    """§12 ruling 2 (§4.2): E–W hold 3 trump honours (♠A from E, ♠K Q), aces 2–2. 2♠ by E:
    E–W with леве (8 tricks): 3 + 2 = 5 : 0 → 1000; without (N–S 7): 3 : 2 → E–W 1 × 200;
    3 aces count without леве: the same hands with ♦A moved to W: 3 + 3 = 6 : 0 → 1200."""
    two_two = build(E="SA SQ", W="SK HA", N="SJ DA", S="ST CA")
    assert written(one("2S", "E", 8, two_two), Item.HONOURS) == {("EW", 1000)}
    assert written(one("2S", "E", 6, two_two), Item.HONOURS) == {("EW", 200)}
    three = build(E="SA SQ", W="SK HA DA", N="SJ", S="ST CA")
    assert written(one("2S", "E", 6, three), Item.HONOURS) == {("EW", 1200)}


def test_s12_ruling_3_the_trump_ace_is_an_honour_and_an_ace():
    """§12 ruling 3: N–S hold ♠A K Q (3 honours) and ♠A ♥A ♦A (3 aces) and take only 6 (no леве):
    3 + 3 = 6 : 0 → 6 × 200 = 1200. (Without the ♠A as an ace: 2 aces without леве, 3 U = 600;
    without it as an honour: 2 honours, 3 U = 600.)"""
    score = one("2S", "N", 6, build(N="SA SQ HA", S="SK DA", E="SJ CA", W="ST"))
    assert written(score, Item.HONOURS) == {("NS", 1200)}


# §5 Aces in no-trump ------------------------------------------------------------------------------

@pytest.mark.parametrize("level, per_ace", [(1, 250), (2, 500), (3, 750), (4, 1000), (5, 1250), (6, 1500), (7, 1750)])
def test_s5_aces_in_no_trump_are_250_times_the_level(level, per_ace):
    """§5's table: A = 250 × L per ace; N–S hold 3 aces (N ♠A ♥A, S ♦A) → 3 × A."""
    score = one(f"{level}NT", "N", 13, build(N="SA HA", S="DA", E="CA"))
    assert written(score, Item.ACES, Item.HONOURS) == {("NS", 3 * per_ace)}


def test_s12_ruling_4_an_ace_in_no_trump_at_level_3_is_750():
    """§12 ruling 4: 750 at level 3, not the summary's 700: 3NT, N–S 3 aces → 2250 (not 2100)."""
    score = one("3NT", "N", 9, build(N="SA HA", S="DA", W="CA"))
    assert written(score, Item.ACES) == {("NS", 2250)}


def test_s5_aces_split_two_two_in_no_trump_go_to_the_side_with_leve():
    """§5: on a 2–2 split in no-trump the side with леве writes 2 aces: 1NT, 2 × 250 = 500; no
    netting of the other side's two, and no honours besides the aces."""
    hands = build(N="SA", S="HA", E="DA", W="CA")
    assert written(one("1NT", "N", 7, hands), Item.ACES, Item.HONOURS) == {("NS", 500)}
    assert written(one("1NT", "N", 6, hands), Item.ACES, Item.HONOURS) == {("EW", 500)}


# §6 Coronkas --------------------------------------------------------------------------------------

def run_of(k: int) -> str:
    """N holds ♠ from the ace down, k cards (the next spade is E's); one ace each, no other run."""
    top = " ".join(f"S{r}" for r in "AKQJT98765432"[:k])
    after = "AKQJT98765432"[k] if k < 13 else None
    return build(N=top, E="HA" + (f" S{after}" if after else ""), S="DA", W="CA")


@pytest.mark.parametrize("k", range(3, 14))
@pytest.mark.parametrize("column, bid", [("plain", "1H"), ("trump", "1S"), ("no-trump", "1NT")])
def test_s6_every_run_length_in_each_column(k, column, bid):
    """§6's table: a run of k cards from the ace, in one hand: plain (a side suit) 500 × (k − 2):
    500 … 5500; trumps, or any suit in no-trump, 1000 × (k − 2): 1000 … 11000. One entry, N–S's,
    the same whatever the tricks (not × L)."""
    plain = {3: 500, 4: 1000, 5: 1500, 6: 2000, 7: 2500, 8: 3000, 9: 3500, 10: 4000, 11: 4500, 12: 5000, 13: 5500}
    trump = {3: 1000, 4: 2000, 5: 3000, 6: 4000, 7: 5000, 8: 6000, 9: 7000, 10: 8000, 11: 9000, 12: 10000, 13: 11000}
    expected = plain[k] if column == "plain" else trump[k]
    assert listed(one(bid, "N", 7, run_of(k)), Item.CORONKA) == [("NS", expected)]


def test_s6_a_run_is_one_coronka_at_its_full_length():
    """§6: ♠A K Q J with spades trumps is one coronka of 2000, not A K Q (1000) plus A K Q J."""
    assert listed(one("2S", "N", 8, run_of(4)), Item.CORONKA) == [("NS", 2000)]


def test_s6_a_run_split_between_partners_is_no_coronka():
    """§1 and §6: a coronka lies in a single hand: N ♠A K, S ♠Q J (with spades trumps) writes none."""
    assert listed(one("2S", "N", 8, build(N="SA SK", S="SQ SJ HA", E="DA", W="CA")), Item.CORONKA) == []


@pytest.mark.parametrize("aces, bid, expected", [
    (4, "1NT", 2000), (4, "1H", 1000), (3, "1NT", 1000), (3, "1H", 500)])
def test_s12_ruling_7_aces_in_one_hand(aces, bid, expected):
    """§6 and §12 ruling 7: four aces in one hand 2000 in no-trump, 1000 in a suit contract;
    three aces 1000 / 500; written on top of the count of §4–§5: in no-trump 250 × aces; in 1♥
    (N ♥A, S ♥K Q: 3 honours; E–W ♥J 10) 3 + aces units × 100."""
    held = "SA HA DA CA" if aces == 4 else "SA HA DA"
    score = one(bid, "N", 7, build(N=held, S="HK HQ", E="HJ" if aces == 4 else "HJ CA", W="HT"))
    assert listed(score, Item.CORONKA) == [("NS", expected)]
    count = {"1NT": 250 * aces, "1H": 100 * (3 + aces)}[bid]
    assert written(score, Item.ACES, Item.HONOURS) == {("NS", count)}


@pytest.mark.parametrize("tricks", [9, 7])
def test_s12_ruling_8_coronkas_go_to_the_holders_side_made_or_failed_not_netted(tricks):
    """§6 and §12 ruling 8: 3♦ by N, made (9) or failed (7): N's ♣A K Q (plain, 500) for N–S the
    declarers, E's ♥A K Q J (plain, 1000) for E–W the defenders; both written in full."""
    hands = build(N="CA CK CQ SA", E="HA HK HQ HJ", S="DA")
    assert listed(one("3D", "N", tricks, hands), Item.CORONKA) == [("EW", 1000), ("NS", 500)]


# §7 Slams -----------------------------------------------------------------------------------------

SLAM_HANDS = build(N="SA HA", S="DA", E="CA")  # no coronka; aces 3 : 1


@pytest.mark.parametrize("bid, tricks, ns, ew", [
    ("6NT", 12, {("NS", 5000), ("NS", 1000)}, set()),  # made small slam: 5000 + 1000 = 6000
    ("6NT", 13, {("NS", 5000), ("NS", 2000)}, set()),  # level 6 with 13: 5000 + 2000 = 7000
    ("7NT", 13, {("NS", 10000), ("NS", 2000)}, set()),  # made grand slam: 10000 + 2000 = 12000
    ("7NT", 12, {("NS", 1000)}, {("EW", 7000), ("EW", 10000)}),  # failed by 1: 1000 taken; 7000 + 10000
])
def test_s7_declared_and_taken_slams(bid, tricks, ns, ew):
    """§7: a made level 6 writes 5000, level 7 10000; whoever takes exactly 12 writes 1000, 13 2000;
    a level 7 with 12 tricks still writes the 1000 and pays §8."""
    score = one(bid, "N", tricks, SLAM_HANDS)
    slams = written(score, Item.SLAM, Item.CONTRACT_PREMIUM, Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM)
    assert slams == ns | ew
    assert sum(p for s, p in slams if s == "NS") == {("6NT", 12): 6000, ("6NT", 13): 7000, ("7NT", 13): 12000,
                                                    ("7NT", 12): 1000}[bid, tricks]


@pytest.mark.parametrize("ns_tricks, ew_premium", [(1, 1000), (0, 2000)])
def test_s12_ruling_9_a_slam_taken_by_the_defenders(ns_tricks, ew_premium):
    """§12 ruling 9: 1NT by N; E–W take 12 (N–S 1) → E–W write 1000; 13 → 2000; no declared premium."""
    score = one("1NT", "N", ns_tricks, SLAM_HANDS)
    assert written(score, Item.SLAM, Item.CONTRACT_PREMIUM) == {("EW", ew_premium)}


def test_s12_ruling_9_a_slam_taken_at_the_wrong_level():
    """§12 ruling 9: 4♥ by N with 12 tricks: the 1000 for 12 tricks, no 5000 (not bid)."""
    assert written(one("4H", "N", 12, SLAM_HANDS), Item.SLAM, Item.CONTRACT_PREMIUM) == {("NS", 1000)}


# §8 Undertricks -----------------------------------------------------------------------------------

@pytest.mark.parametrize("bid, tricks, penalty", [
    ("1NT", 6, 1000),  # 1 down × 1000
    ("4H", 8, 8000),  # 2 down × 4000
    ("5C", 7, 20000),  # 4 down × 5000
])
def test_s8_undertricks_are_1000_times_the_level_a_trick(bid, tricks, penalty):
    """§8: the defenders write 1000 × L for each trick short (no slam premium below level 6)."""
    score = one(bid, "N", tricks, SLAM_HANDS)
    assert written(score, Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM) == {("EW", penalty)}


def test_s8_the_manuals_failed_slam_23000():
    """§8: 001's example: level 6 with 9 tricks: 3 × 6000 + 5000 = 23000 for the defenders."""
    score = one("6S", "N", 9, SLAM_HANDS)
    assert written(score, Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM) == {("EW", 18000), ("EW", 5000)}
    assert sum(p for s, p in written(score, Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM)) == 23000


def test_s8_nobody_writes_negative_points_the_failing_side_keeps_its_items():
    """§8: 3♣ by N one down (8 tricks): N–S keep 8 × 30 = 240 below and their honours (♣A K Q J:
    4 + 3 aces = 7 : 0 → 7 × 300 = 2100); E–W write 5 × 30 = 150 and 1 × 3000; no entry is < 0."""
    hands = build(N="CA CQ SA", S="CK CJ HA", E="DA CT")
    score = one("3C", "N", 8, hands)
    assert all(e.points > 0 for e in score.entries)
    assert written(score, Item.TRICKS, Item.HONOURS) == {("NS", 240), ("EW", 150), ("NS", 2100)}
    assert written(score, Item.UNDERTRICKS) == {("EW", 3000)}


# §10 Game, rubber ---------------------------------------------------------------------------------

def test_s10_game_at_500_even_for_a_failing_declarer():
    """§10: 500 below wins the game: 5NT by N with 10 tricks (one down) writes 10 × 50 = 500 → the
    game and its 1000 for N–S, while E–W write 5000 for the undertrick."""
    report = scored(result("5NT", "N", 10))
    first = report.score.deals[0]
    assert first.game is not None and first.game.side is Side.NS and first.game.bonus == "game"
    assert written(first, Item.GAME, Item.RUBBER) == {("NS", 1000)}
    assert written(first, Item.UNDERTRICKS) == {("EW", 5000)}


def test_s12_rulings_5_and_6_the_game_1000_and_the_rubber_game_2000_instead():
    """§12 rulings 5 and 6: a game writes 1000; the game that wins the rubber 2000, not 1000 + 2000.
    Two N–S games: 5NT by N with 11 tricks (550), then 5NT by E with 2 (N–S take 11: 550)."""
    report = scored(result("5NT", "N", 11), result("5NT", "E", 2, number=2, dealer="E"))  # E–W take 2, N–S 11
    first, second = report.score.deals
    assert written(first, Item.GAME, Item.RUBBER) == {("NS", 1000)}
    assert [(e.side.name, e.item, e.points) for e in second.entries if e.item in (Item.GAME, Item.RUBBER)] == \
        [("NS", Item.RUBBER, 2000)]
    assert report.score.rubbers[0].winner is Side.NS


def test_s12_ruling_14_a_failed_five_with_nine_tricks_ends_no_game():
    """§12 ruling 14: 5♠ by N, 9 tricks, from a clean line: 9 × 50 = 450 / 4 × 50 = 200, no game;
    the 450 stays below: 1NT by S with 7 tricks (70) then makes 520 → N–S's game in deal 2."""
    report = scored(result("5S", "N", 9), result("1NT", "S", 7, number=2, dealer="E"))
    first, second = report.score.deals
    assert written(first, Item.TRICKS) == {("NS", 450), ("EW", 200)} and first.game is None
    assert second.below_before == (450, 200)
    assert second.game is not None and second.game.side is Side.NS


def race(cards: str, declarer: str, dealer: str = "E") -> list[DealRecord]:
    """Deal 1: 3NT by N with 7 tricks: N–S 7 × 30 = 210, E–W 6 × 30 = 180 below. Deal 2: 5NT, N–S
    take 6 (210 + 300 = 510) and E–W 7 (180 + 350 = 530): both pass 500."""
    first = result("3NT", "N", 7)
    second = deal(2, dealer, RACE_HANDS, auction(dealer, declarer, "5NT"), cards=cards)
    return [first, second]


def test_s12_ruling_12_both_sides_over_500_the_first_in_trick_order_wins():
    """§12 ruling 12 (§10): E–W reach 530 at trick 7 before N–S's 510 at trick 13 → E–W's game;
    with N leading (5NT by W) N–S reach 510 at trick 6, first, and win the game with fewer points."""
    e_first = scored(*race(RACE_E_FIRST, "N")).score.deals[1]
    assert (e_first.game.side, e_first.game.trick) == (Side.EW, 7)
    assert e_first.tricks == (6, 7)
    n_first = scored(*race(RACE_N_FIRST, "W")).score.deals[1]
    assert (n_first.game.side, n_first.game.trick) == (Side.NS, 6)
    assert n_first.tricks == (6, 7)


def test_s10_a_result_only_record_of_such_a_deal_is_order_needed():
    """§10: the same 5NT as a result only: both sides reach 500, nobody can tell who was first."""
    first = result("3NT", "N", 7)
    second = deal(2, "E", RACE_HANDS, auction("E", "N", "5NT"), result=6)
    assert codes(evaluate(classic_session(first, second))) == [(2, "order_needed", "result")]


# §9 Passed-out deals ------------------------------------------------------------------------------

def game(number: int, dealer: str, side: str = "NS") -> DealRecord:
    """A deal that gives ``side`` a game: 5NT, 11 tricks = 550 below."""
    declarer = {"NS": "N", "EW": "E"}[side]
    return result("5NT", declarer, 11, number=number, dealer=dealer)


def x_marks(report: SessionReport) -> list[tuple[int, str, int]]:
    return [(d.number, e.side.name, e.points) for d in report.score.deals for e in d.entries if e.item is Item.X_MARKS]


def test_s9_standard_x_marks_are_500_each_for_the_rubbers_winner():
    """§9 standard: a passed-out deal writes nothing (an X for nobody); the rubber's winner writes
    500 per X in the deal that wins the rubber: 2 X → N–S 1000 in deal 4, with its 2000."""
    report = scored(passed_out(1, "N"), game(2, "E"), passed_out(3, "S"), game(4, "W"))
    deals = report.score.deals
    assert deals[0].entries == () and deals[2].entries == ()
    assert x_marks(report) == [(4, "NS", 1000)]
    assert written(deals[3], Item.RUBBER) == {("NS", 2000)}


def test_s9_the_x_marks_go_to_the_side_that_wins_the_rubber():
    """§9: one X, E–W win the rubber (games E–W, N–S, E–W): E–W write 500 in deal 4."""
    report = scored(passed_out(1, "N"), game(2, "E", "EW"), game(3, "S"), game(4, "W", "EW"))
    assert x_marks(report) == [(4, "EW", 500)]


@pytest.mark.parametrize("marks, points", [(1, 500), (2, 1500), (3, 3000), (4, 3500), (5, 4500), (7, 6500)])
def test_s12_ruling_10_escalating_marks_cycle_500_1000_1500(marks, points):
    """§9 escalating and §12 ruling 10: the n-th X is worth 500, 1000, 1500, 500, … (4 X: 3500,
    not the summary's 500 + 1000 + 500 + 1000 = 3000; 7 X: 3000 + 3000 + 500 = 6500)."""
    dealers = "NESW"
    deals = [passed_out(n + 1, dealers[n % 4]) for n in range(marks)]
    deals += [game(marks + 1, dealers[marks % 4]), game(marks + 2, dealers[(marks + 1) % 4])]
    report = scored(*deals, x_marks="escalating")
    assert x_marks(report) == [(marks + 2, "NS", points)]


def test_s12_ruling_10_the_x_marks_of_an_unfinished_rubber_are_not_scored():
    """§12 ruling 10: nobody finished the rubber, so its X are not written: one X, one game, end."""
    report = scored(passed_out(1, "N"), game(2, "E"))
    rubber = report.score.rubbers[0]
    assert not rubber.finished and rubber.closing_entries == ()
    assert x_marks(report) == []
    for side in Side:  # the rubber holds the deals' entries and nothing more
        assert rubber.totals[side] == sum(d.totals(side).below + d.totals(side).above for d in report.score.deals)


def test_s9_each_rubber_counts_its_own_x_marks():
    """§9: the X marks are those of the rubber: an X in rubber 1 (won by N–S) is not written again
    at the end of rubber 2, which had none."""
    report = scored(passed_out(1, "N"), game(2, "E"), game(3, "S"), game(4, "W"), game(5, "N"))
    assert x_marks(report) == [(3, "NS", 500)]


def played_passout(cards: str = PASSOUT_PLAY, dealer: str = "N") -> DealRecord:
    return passed_out(1, dealer, cards, PASSOUT_HANDS)


def test_s12_ruling_11_a_played_passed_out_deal_writes_only_500_a_trick_of_difference():
    """§9 played and §12 ruling 11: no trumps (S's ♠2 on E's ♥A does not win), left of the dealer
    (E) leads; E–W take 8, N–S 5 → N–S, with fewer, write 500 × 3 = 1500 — nothing else: no tricks
    below, no honours or aces, not W's ♦A K Q J 10 9 8 7 or ♣A K Q J 10 coronkas."""
    report = scored(played_passout(), x_marks="played")
    (score,) = report.score.deals
    assert score.tricks == (5, 8)
    assert [(e.side.name, e.line, e.item, e.points) for e in score.entries] == \
        [("NS", Line.ABOVE, Item.PASSED_OUT, 1500)]


def test_s12_ruling_11_the_player_left_of_the_dealer_leads():
    """§12 ruling 11: with W dealing, N must lead; E's first card is refused (not N's)."""
    report = evaluate(classic_session(played_passout(dealer="W"), x_marks="played"))
    assert codes(report) == [(1, "hands_mismatch", "play[0]")]


def test_s9_played_passed_out_deals_write_no_x_marks():
    """§9: with ``played`` the passed-out deal is paid at once; the rubber's end writes no X."""
    deals = [played_passout(), game(2, "E"), game(3, "S")]
    report = scored(*deals, x_marks="played")
    assert x_marks(report) == []


def test_s9_a_played_passed_out_deal_under_standard_is_play_after_passout():
    """§9: only ``played`` gives a passed-out deal a play; under the default it is refused."""
    assert codes(evaluate(classic_session(played_passout()))) == [(1, "play_after_passout", "play[0]")]


def test_s9_a_passed_out_deal_without_play_under_played_is_missing_play():
    """§9: under ``played`` a passed-out deal must carry its play."""
    report = evaluate(classic_session(passed_out(1, "N", None, PASSOUT_HANDS), x_marks="played"))
    assert codes(report) == [(1, "missing_play", "play")]


# Session options in both formats ------------------------------------------------------------------

def options_json(options: object) -> bytes:
    raw = json.loads(write_text(classic_session(passed_out(1, "N")), "json"))
    raw["session"]["options"] = options
    return json.dumps(raw).encode()


def options_vint(value: str) -> bytes:
    text = write_text(classic_session(passed_out(1, "N"), x_marks="played"), "vint")
    assert '[Options "x_marks=played"]' in text
    return text.replace('[Options "x_marks=played"]', f'[Options "{value}"]').encode()


@pytest.mark.parametrize("options", [{"x_marks": "sometimes"}, {"x_mark": "played"}])
def test_a_bad_or_unknown_option_is_a_located_schema_diagnostic_in_json(options):
    """The page's header: ``x_marks`` is ``standard``, ``escalating`` or ``played``; anything else,
    or another option name, is a ``schema`` diagnostic at ``session.options``."""
    result = read_bytes(options_json(options), "json")
    assert [(d.code, d.at) for d in result.diagnostics] == [("schema", "session.options")]
    assert result.record is None or not evaluate(result.record, result.diagnostics).valid


@pytest.mark.parametrize("value", ["x_marks=sometimes", "x_mark=played"])
def test_a_bad_or_unknown_option_is_a_located_schema_diagnostic_in_vint(value):
    """The same in a ``.vint`` header: a ``schema`` diagnostic at ``session.options`` with the
    line of the ``[Options]`` tag."""
    data = options_vint(value)
    result = read_bytes(data, "vint")
    assert [(d.code, d.at) for d in result.diagnostics] == [("schema", "session.options")]
    line = data.decode().splitlines().index(f'[Options "{value}"]') + 1
    assert result.diagnostics[0].line == line


@pytest.mark.parametrize("value", ["standard", "escalating", "played"])
def test_options_round_trip_between_json_and_vint(value):
    """Every ``x_marks`` value survives JSON → .vint → JSON and .vint → JSON → .vint unchanged."""
    record = classic_session(played_passout() if value == "played" else passed_out(1, "N"), x_marks=value)
    as_json = write_text(record, "json")
    via_vint = settled(read_bytes(write_text(record, "vint").encode(), "vint")).record
    assert via_vint is not None and via_vint.info.options == {"x_marks": value} and via_vint.info.rules == "classic"
    assert write_text(via_vint, "json") == as_json
    via_json = read_bytes(as_json.encode(), "json").record
    assert via_json is not None and write_text(via_json, "vint") == write_text(record, "vint")
    assert evaluate(via_vint).valid
