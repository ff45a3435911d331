"""The rubber-bridge profile: docs/rules/rubber-bridge.md §2–§8, the worked rubber of §7 to the
point, and every ruling of §8."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import score_of_file

from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import Call, Contract, Denomination as D
from vint_replay.engine.cards import Card
from vint_replay.engine.errors import IllegalMove
from vint_replay.games.registry import get_profile
from vint_replay.games.registry import RubberState
from vint_replay.games.bridge.rubber import undertricks
from vint_replay.engine.scoring import DealFacts, Item
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json

RUBBER = Path(__file__).parent / "data" / "rubber_bridge.json"
BRIDGE = get_profile("rubber-bridge")


def auction(calls: str, dealer: Seat = Seat.N) -> Auction:
    a = Auction(dealer, BRIDGE)
    a.call_all([Call.parse(c) for c in calls.split()])
    return a


def items(entries) -> list[tuple[str, str, int]]:
    return sorted((e.side.name, str(e.item), e.points) for e in entries)


# §2 the auction ------------------------------------------------------------------------------

def test_s2_bridge_order_clubs_lowest():
    """§2: ♣ < ♦ < ♥ < ♠ < NT — 1♠ over 1♥ is sufficient, 1♣ over 1♦ is not."""
    assert auction("1H 1S pass pass pass").contract == Contract(1, D.SPADES, Seat.E)
    with pytest.raises(IllegalMove) as bad:
        auction("1D 1C")
    assert bad.value.code == "insufficient_bid" and "♣ < ♦ < ♥ < ♠ < NT" in bad.value.message


def test_s2_four_passes_pass_out_three_close():
    """§2: four passes with no bid pass the deal out; after a bid three passes close it."""
    assert auction("pass pass pass pass").passed_out
    assert not auction("pass pass pass").closed
    assert auction("1C pass pass pass").closed
    with pytest.raises(IllegalMove) as bad:
        auction("1C pass pass pass pass")
    assert bad.value.code == "call_after_close"


def test_s2_declarer_is_the_first_of_the_side_to_name_the_denomination():
    """§2: N names hearts first, S raises: N declares (vint would make S the declarer)."""
    contract = auction("1H pass 4H pass pass pass").contract
    assert contract == Contract(4, D.HEARTS, Seat.N)
    assert get_profile("volchaninov").choose_declarer(Seat.S, Seat.N) is Seat.S


def test_s2_double_and_redouble():
    """§2: X only over an opponent's undoubled bid, XX only over an opponent's double of one's
    side; a new bid cancels them; the contract carries its doubling."""
    assert auction("1NT X pass pass pass").contract.doubled == 2
    assert auction("1NT X XX pass pass pass").contract.doubled == 4
    assert auction("1NT X 2C pass pass pass").contract.doubled == 1
    for bad_calls in ("X", "1C pass X", "1C X X", "1C X pass XX", "1C XX", "1C X XX XX"):
        with pytest.raises(IllegalMove) as bad:
            auction(bad_calls)
        assert bad.value.code == "bad_call", bad_calls


def test_s2_a_vint_profile_refuses_a_double_at_its_index(tmp_path):
    raw = json.loads(RUBBER.read_text())
    raw["session"]["rules"] = "volchaninov"
    report = evaluate(read_json(json.dumps(raw).encode()).record)
    assert ("bad_call", 2, "auction[1]") in {(d.code, d.deal, d.at) for d in report.diagnostics}


# §4–§5 the deal's score ----------------------------------------------------------------------

def facts(contract: str, declarer: Seat, taken: int, vulnerable: bool = False, doubled: int = 1) -> DealFacts:
    level, denomination = int(contract[0]), Call.parse(contract).denomination
    c = Contract(level, denomination, declarer, doubled)
    tricks = (taken, 13 - taken) if declarer.side is Side.NS else (13 - taken, taken)
    vul = (vulnerable, False) if declarer.side is Side.NS else (False, vulnerable)
    return DealFacts(c, tricks, None, vul)


def test_s4_contract_values_and_the_seeds_140():
    """§4: (L × d + n) × m; the seed's "2 БК с контрой стоит (2х30+10)х2=140"."""
    assert BRIDGE.contract_score(Contract(2, D.NOTRUMP, Seat.N, 2)) == 140
    assert BRIDGE.contract_score(Contract(3, D.NOTRUMP, Seat.N)) == 100
    assert BRIDGE.contract_score(Contract(5, D.CLUBS, Seat.N)) == 100
    assert BRIDGE.contract_score(Contract(4, D.SPADES, Seat.N, 4)) == 480
    assert BRIDGE.below_points(Contract(3, D.NOTRUMP, Seat.N), Side.NS, 8) == 0  # not made yet
    assert BRIDGE.below_points(Contract(3, D.NOTRUMP, Seat.N), Side.NS, 9) == 100
    assert BRIDGE.below_points(Contract(3, D.NOTRUMP, Seat.N), Side.EW, 13) == 0  # defenders never


def test_s5_overtricks_insult_and_slams():
    """§5.1–5.3: overtricks at d undoubled, 100/200 doubled, 200/400 redoubled whatever the
    suit (ruling 6); 50/100 for a made (re)doubled contract; 500/750 and 1000/1500 slams."""
    assert items(BRIDGE.score(facts("2C", Seat.N, 10))) == [("NS", "overtricks", 40), ("NS", "tricks", 40)]
    assert items(BRIDGE.score(facts("2C", Seat.N, 10, doubled=2))) == [
        ("NS", "insult", 50), ("NS", "overtricks", 200), ("NS", "tricks", 80)]
    assert items(BRIDGE.score(facts("2C", Seat.N, 10, vulnerable=True, doubled=4))) == [
        ("NS", "insult", 100), ("NS", "overtricks", 800), ("NS", "tricks", 160)]
    assert ("EW", "slam", 750) in items(BRIDGE.score(facts("6S", Seat.E, 12, vulnerable=True)))
    assert ("NS", "slam", 1000) in items(BRIDGE.score(facts("7NT", Seat.S, 13)))
    assert not [e for e in BRIDGE.score(facts("4S", Seat.S, 13)) if e.item is Item.SLAM]  # not bid: nothing


@pytest.mark.parametrize(("short", "doubled", "vulnerable", "points"), [
    (1, 1, False, 50), (3, 1, True, 300),
    (1, 2, False, 100), (2, 2, False, 300), (3, 2, False, 500), (4, 2, False, 800), (5, 2, False, 1100),
    (1, 2, True, 200), (2, 2, True, 500), (4, 2, True, 1100),
    (1, 4, False, 200), (3, 4, False, 1000), (2, 4, True, 1000),
])
def test_s5_4_undertricks(short, doubled, vulnerable, points):
    """§5.4: doubled NV 100 + 200·min(u−1, 2) + 300·max(u−3, 0); doubled V 200 + 300·(u−1);
    redoubled twice doubled; undoubled 50 / 100 each."""
    assert undertricks(short, doubled, vulnerable) == points


def test_s5_5_honours_in_one_hand_and_ruling_3_4():
    """§5.5, rulings 3 and 4: 4 trump honours in one hand 100, 5 150, four aces in NT 150, for
    whichever side holds them; split between partners they count nothing; option honours=off."""
    record = read_json(RUBBER.read_bytes()).record
    report = evaluate(record)
    by_deal = {d.number: items(d.entries) for d in report.score.deals}
    assert ("EW", "honours", 100) in by_deal[4] and ("NS", "honours", 150) in by_deal[7]
    hands = [h.mask for h in record.deals[3].hands]  # deal 4: W holds ♠AKQJ
    four = BRIDGE.score(DealFacts(Contract(4, D.SPADES, Seat.W), (2, 11), tuple(hands)))
    assert ("EW", "honours", 100) in items(four)
    spade_jack = 1 << Card.SJ
    swap = next(1 << c for c in range(52) if hands[Seat.E] >> c & 1 and not c // 13 == 0)  # a non-spade of E
    hands[Seat.W] ^= spade_jack | swap
    hands[Seat.E] ^= spade_jack | swap  # the four honours now split between W and E: one hand has 3
    split = BRIDGE.score(DealFacts(Contract(4, D.SPADES, Seat.W), (2, 11), tuple(hands)))
    assert not [e for e in split if e.item is Item.HONOURS]
    off = get_profile("rubber-bridge", {"honours": "off"})
    assert not [e for e in off.score(DealFacts(Contract(4, D.SPADES, Seat.W), (2, 11), hands)) if e.item is Item.HONOURS]


# §6 game and rubber --------------------------------------------------------------------------

def test_s6_vulnerable_after_a_game_and_rubber_bonus():
    """§5–§6: a side is vulnerable once it has won a game of the rubber; 700 for 2–0, 500 for 2–1."""
    assert BRIDGE.vulnerability(RubberState((), 0), 1, None) == (False, False)
    assert BRIDGE.vulnerability(RubberState((Side.NS,), 0), 2, None) == (True, False)
    assert BRIDGE.vulnerability(RubberState((Side.NS, Side.EW), 0), 3, None) == (True, True)
    assert items(BRIDGE.game_entries(Side.EW, [Side.EW, Side.EW], True)) == [("EW", "rubber", 700)]
    assert items(BRIDGE.game_entries(Side.EW, [Side.EW, Side.NS, Side.EW], True)) == [("EW", "rubber", 500)]
    assert BRIDGE.game_entries(Side.EW, [Side.EW], False) == []


def test_s6_4_ruling_5_unfinished_rubber():
    """§6.4, ruling 5: 300 for the only game, 100 for a part score; option unfinished=none."""
    state = RubberState((Side.NS,), 0)
    assert items(BRIDGE.unfinished_rubber_entries(state, (0, 60))) == [("EW", "part_score", 100), ("NS", "game", 300)]
    assert get_profile("rubber-bridge", {"unfinished": "none"}).unfinished_rubber_entries(state, (0, 60)) == []
    raw = json.loads(RUBBER.read_text())
    raw["deals"] = raw["deals"][:3]  # N–S 60, E–W's 3NT X fails, N–S game: unfinished after deal 3
    score = evaluate(read_json(json.dumps(raw).encode()).record).score
    (rubber,) = score.rubbers
    assert not rubber.finished and items(rubber.closing_entries) == [("NS", "game", 300)]
    assert rubber.totals == [60 + 30 + 300 + 60 + 300, 0]


# §7 the worked rubber ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rubber():
    return score_of_file(RUBBER)


EXPECTED = {  # §7, deal by deal: contract, declarer, entries
    1: ("2H", "S", [("NS", "overtricks", 30), ("NS", "tricks", 60)]),
    2: ("3NTX", "E", [("NS", "undertricks", 300)]),
    3: ("2S", "N", [("NS", "tricks", 60)]),
    4: ("4S", "W", [("EW", "honours", 100), ("EW", "overtricks", 30), ("EW", "tricks", 120)]),
    5: (None, None, []),
    6: ("4HX", "N", [("EW", "undertricks", 800)]),
    7: ("6CXX", "S", [("NS", "honours", 150), ("NS", "insult", 100), ("NS", "overtricks", 400), ("NS", "rubber", 500),
                      ("NS", "slam", 750), ("NS", "tricks", 480)]),
}


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_s7_every_deal(rubber, number):
    deal = next(d for d in rubber.deals if d.number == number)
    contract, declarer, entries = EXPECTED[number]
    assert (None if deal.contract is None else str(deal.contract)) == contract
    assert (None if deal.contract is None else deal.contract.declarer.name) == declarer
    assert items(deal.entries) == entries


def test_s7_games_vulnerability_and_result(rubber):
    """§7: games N–S (deal 3), E–W (deal 4), N–S (deal 7, the rubber); N–S 2830, E–W 1050."""
    games = {d.number: (d.game.side, d.game.bonus) for d in rubber.deals if d.game}
    assert games == {3: (Side.NS, "game"), 4: (Side.EW, "game"), 7: (Side.NS, "rubber")}
    (r,) = rubber.rubbers
    assert r.totals == [2830, 1050] and r.difference == (Side.NS, 1780)
