"""Vint for two, three and five players: every worked example of docs/rules/players-2-3-5.md §5
and every ruling of its §6, the bad roles the issue names, and random legal evenings."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_replay.engine.cards import Card, Hand, Suit
from vint_replay.games.registry import get_profile
from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.record import CallOutOfTurn, Irregularity, IrregularityKind, LineTotals, SessionInfo, SessionRecord
from vint_replay.engine.session import evaluate
from vint_replay.games.vint235.auction import run_auction
from vint_replay.games.vint235.columns import ColumnScore, top_collects
from vint_replay.games.vint235.ledger import TableScore, five_player_rubber, settlement
from vint_replay.simulators.vint235 import _play, simulate_session

from builders import calls
from vint235_builders import codes, table_deal, table_session
from vint235_store import balances_text

N, E, S, W = Seat
TWO = ("Petrov", "Ivanov")  # the draw, highest first: Ivanov (N) drew the lowest card and deals first (§6 ruling 15)
OPEN_ROLES = "N Ivanov; E Petrov; S dummy of Ivanov; W dummy of Petrov"
PILES_ROLES = "N Ivanov; E dead; S Petrov; W dead"
# §5 example 1: N's and S's live hands; ♦J ♦10 and ♣A lie in the dead piles
EXAMPLE_1 = "A432.432.AK32.32 KQJT98.KQJT.JT.A 765.A765.Q54.654 .98.9876.KQJT987"


def _texts(masks) -> str:
    return " ".join(Hand(m).pbn() for m in masks)


def _entries(score, number: int) -> list[tuple[int, str, str, int]]:
    deal = next(d for d in score.deals if d.number == number)
    return sorted((e.side, e.line, e.item, e.points) for e in deal.entries)


# -- §5 worked examples ---------------------------------------------------------------------------

def test_example_1_honours_and_aces_in_the_two_live_hands():
    """players-2-3-5.md §5 example 1 (§2.2): 2 honours and 2 aces in N's live hand, 4 : 0 units, 1200."""
    deal = table_deal(1, "N", PILES_ROLES, EXAMPLE_1, "3D pass pass pass pass", result=10, Exchanges="N no; S no")
    report = table_session("vint2-exchange", TWO, deal)
    assert report.valid, codes(report)
    assert _entries(report.score, 1) == [(Side.NS, Line.BELOW, Item.TRICKS, 90), (Side.EW, Line.ABOVE, Item.HONOURS, 1200),
                                         (Side.EW, Line.BELOW, Item.TRICKS, 300)]  # N's Ivanov is the second column
    assert report.score.sides[0] == (("Petrov",), ("Ivanov",))


def test_example_2_side_by_side_partners_and_the_yielder_leads():
    """players-2-3-5.md §5 example 2 (§2.4): E declares 2♥ and takes S; sides E+S v N+W; N leads."""
    roles = "N Ivanov; E Petrov; S dummy of Petrov; W dummy of Ivanov"
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    cards = " ".join(c.name for c in _play(list(hands), N, Suit.HEARTS, get_profile("vint2-dummies"), random.Random(2)))
    deal = table_deal(1, "N", roles, _texts(hands), "1S 2H pass pass pass pass", cards)
    report = table_session("vint2-dummies", TWO, deal)
    assert report.valid, codes(report)
    replay = report.replays[0]
    assert str(replay.contract) == "2H" and replay.contract.declarer is E
    assert replay.place_columns == (1, 0, 0, 1)  # N and W are Ivanov's, E and S Petrov's
    assert replay.leader is N and replay.tricks[0].places == (N, E, S, W)
    led_by_dummy = table_deal(1, "N", roles, _texts(hands), "1S 2H pass pass pass pass",
                              " ".join(c.name for c in _play(list(hands), S, Suit.HEARTS, get_profile("vint2-dummies"), random.Random(2))))
    assert ("lead_out_of_turn", "play[0]") in codes(table_session("vint2-dummies", TWO, led_by_dummy))


def _widow_deal(number: int, dealer: str, bid: str, final: str, result: int, to: str = "S") -> tuple:
    """A 2.5 deal: 12 cards a place, the widow the last 4; ``to`` takes it and gives its lowest
    card of each suit round (one card to each other place)."""
    pack = list(range(52))
    random.Random(number).shuffle(pack)
    hands = [sum(1 << c for c in pack[12 * i:12 * i + 12]) for i in range(4)]
    widow = sum(1 << c for c in pack[48:])
    taker = Seat.parse(to)
    held = hands[taker] | widow
    gives = []
    for seat in Seat:
        if seat != taker:
            card = next(i for i in range(52) if held >> i & 1)
            held ^= 1 << card
            gives.append(f"{seat} {Card(card).name}")
    dummy_of = {"N": ("Ivanov", "Petrov"), "E": ("Petrov", "Ivanov")}[dealer]  # the dealer's dummy is exposed
    exposed = Seat.parse(dealer).partner
    roles = f"N Ivanov; E Petrov; {exposed} dummy of {dummy_of[0]}; {S if exposed is W else W} dummy of {dummy_of[1]}"
    return table_deal(number, dealer, roles, _texts(hands), f"{bid} pass pass pass pass", result=result,
                      Widow=Hand(widow).pbn(), WidowTo=to, WidowGives="; ".join(gives), Final=final)


def test_example_3_widow_and_game_at_600():
    """players-2-3-5.md §5 example 3 (§2.5): N–S have 350 below; 5♠ with 11 tricks writes 550: game at 600."""
    first = table_deal(1, "E", "N Ivanov; E Petrov; S dummy of Ivanov; W dummy of Petrov",
                       _texts(_widow_hands(1)), "5H pass pass pass pass", result=6,
                       Widow=Hand(_widow_rest(1)).pbn(), WidowTo="E",
                       WidowGives=_gives_text(1, E))
    second = _widow_deal(2, "N", "4S", "5S", 11)
    report = table_session("vint2-widow", ("Ivanov", "Petrov"), first, second)  # Petrov (E) drew the lowest card
    assert report.valid, codes(report)
    score = report.score
    assert score.deals[0].below_end == (350, 300)
    assert score.deals[1].game is not None and score.deals[1].game.side is Side.NS
    assert (Side.NS, Line.BELOW, Item.TRICKS, 550) in _entries(score, 2)
    assert (Side.EW, Line.BELOW, Item.TRICKS, 100) in _entries(score, 2)
    assert report.replays[1].live[S].bit_count() == 13 and report.replays[1].leader is E


def _widow_hands(number: int) -> list[int]:
    pack = list(range(52))
    random.Random(number).shuffle(pack)
    return [sum(1 << c for c in pack[12 * i:12 * i + 12]) for i in range(4)]


def _widow_rest(number: int) -> int:
    return ((1 << 52) - 1) ^ sum(_widow_hands(number))


def _gives_text(number: int, taker: Seat) -> str:
    held = _widow_hands(number)[taker] | _widow_rest(number)
    out = []
    for seat in Seat:
        if seat != taker:
            card = next(i for i in range(52) if held >> i & 1)
            held ^= 1 << card
            out.append(f"{seat} {Card(card).name}")
    return "; ".join(out)


def test_550_alone_is_no_game_at_600():
    """players-2-3-5.md §2.5: "под чертой не 500, а 600" — 550 below from nothing is no game."""
    report = table_session("vint2-widow", TWO, _widow_deal(1, "N", "4S", "5S", 11))
    assert report.valid, codes(report)
    assert report.score.deals[0].game is None and report.score.deals[0].below_end == (100, 550)  # Ivanov's is column 2


def test_example_4_the_holder_settles_twice_the_difference():
    """players-2-3-5.md §5 example 4 (§3.1): H 18 400, the partners 15 900: H +5000, each partner −2500."""
    gains = settlement((("H",), ("P1", "P2")), (18400, 15900), holder_share=get_profile("vint3-dummy").holder_share)
    assert gains == {"H": 5000, "P1": -2500, "P2": -2500}
    assert gains["H"] // 100 == 50 and -gains["P1"] // 100 == 25  # "по сотой": 50 and 25 kopecks


def test_example_5_the_top_player_collects():
    """players-2-3-5.md §5 example 5 (§3.2): А 4135, Б 1065, В 2700."""
    assert top_collects({"А": 4135, "Б": 1065, "В": 2700}) == {"А": 4505, "Б": -3070, "В": -1435}


def test_tied_top_players_each_collect():
    """players-2-3-5.md §3.2: tied top players share; they do not settle between themselves."""
    assert top_collects({"А": 3000, "Б": 3000, "В": 1000}) == {"А": 2000, "Б": 2000, "В": -4000}


def test_example_6_five_players_rotation_and_ledger():
    """players-2-3-5.md §5 example 6 (§4, §6 ruling 12): who sits out and the partners of rubbers
    1–6; the ledger after rubber 2 in hundreds."""
    party = ("Т", "А", "К", "Ф", "Н")
    table = {1: ("Т", "ФН", "АК"), 2: ("А", "ТН", "КФ"), 3: ("К", "АН", "ТФ"), 4: ("Ф", "КН", "ТА"),
             5: ("Н", "ФК", "ТА"), 6: ("Т", "НФ", "АК")}
    for rubber, (out, one, two) in table.items():
        assert five_player_rubber(party, rubber) == (out, {frozenset(one), frozenset(two)})
    balance = dict.fromkeys(party, 0)
    for sides, totals in (((("А", "К"), ("Ф", "Н")), (1200, 0)), ((("К", "Ф"), ("Т", "Н")), (800, 0))):
        for player, points in settlement(sides, totals).items():
            balance[player] += points
    assert {p: b // 100 for p, b in balance.items()} == {"Т": -8, "А": 12, "К": 20, "Ф": -4, "Н": -20}


# -- §6 rulings -----------------------------------------------------------------------------------

@pytest.mark.parametrize("bidders, after_bid, without", [((N, E), 4, 2), ((N, E, W), 6, 3), ((N, E, S, W), 8, 4)])
def test_ruling_1_two_rounds_of_the_bidders_passes(bidders, after_bid, without):
    """players-2-3-5.md §6 ruling 1, §1.3: 4 / 2, 6 / 3, 8 / 4 passes."""
    profile = get_profile("vint3-auction")
    assert run_auction(calls("pass " * without), bidders, profile).closed
    assert not run_auction(calls("pass " * (without - 1)), bidders, profile).closed
    assert run_auction(calls("1S " + "pass " * after_bid), bidders, profile).closed
    assert not run_auction(calls("1S " + "pass " * (after_bid - 1)), bidders, profile).closed


def test_single_round_auction_of_2_1():
    """players-2-3-5.md §2.1 (``auction: single``): one call each, the higher bid is the contract."""
    profile = get_profile("vint2-open", {"auction": "single"})
    run = run_auction(calls("1S 2H"), (N, E), profile, single=True)
    assert run.closed and str(run.contract()) == "2H" and run.contract().declarer is E
    assert run_auction(calls("pass pass"), (N, E), profile, single=True).closed
    assert run_auction(calls("1S 2H pass"), (N, E), profile, single=True).error[1].code == "call_after_close"


@pytest.mark.parametrize("rules, roles, dealer, leader", [
    ("vint2-open", OPEN_ROLES, "N", N),  # ruling 3: the declarer, from his own hand
    ("vint2-exchange", PILES_ROLES, "N", N),  # ruling 4
])
def test_rulings_3_and_4_the_declarer_leads(rules, roles, dealer, leader):
    """players-2-3-5.md §6 rulings 3 and 4: the declarer leads; a lead from another hand is out of turn."""
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    extra = {"Exchanges": "N no; S no"} if "dead" in roles else {}
    profile = get_profile(rules)
    live = hands if "dead" not in roles else [hands[0], 0, hands[2], 0]
    good = " ".join(c.name for c in _play(list(live), leader, None, profile, random.Random(1)))
    report = table_session(rules, TWO, table_deal(1, dealer, roles, _texts(hands), "1NT pass pass pass pass", good, **extra))
    assert report.valid, codes(report)
    wrong = [s for s in Seat if live[s] and s is not leader][0]
    bad = " ".join(c.name for c in _play(list(live), wrong, None, profile, random.Random(1)))
    report = table_session(rules, TWO, table_deal(1, dealer, roles, _texts(hands), "1NT pass pass pass pass", bad, **extra))
    assert codes(report) == [("lead_out_of_turn", "play[0]")]


def test_two_card_tricks_of_2_2():
    """players-2-3-5.md §2.2: 13 tricks of two cards between the live hands N and S."""
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    cards = " ".join(c.name for c in _play([hands[0], 0, hands[2], 0], N, Suit.DIAMONDS, get_profile("vint2-exchange"), random.Random(3)))
    report = table_session("vint2-exchange", TWO, table_deal(1, "N", PILES_ROLES, _texts(hands), "3D pass pass pass pass",
                                                             cards, Exchanges="N no; S no"))
    assert report.valid, codes(report)
    assert len(report.replays[0].tricks) == 13 and all(len(t.cards) == 2 for t in report.replays[0].tricks)
    assert sum(report.replays[0].tricks_won) == 13


def test_the_whole_hand_exchange_takes_the_pile_on_the_right():
    """players-2-3-5.md §2.2: N takes W's pile; the hand given up is dead."""
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    report = table_session("vint2-exchange", TWO, table_deal(1, "N", PILES_ROLES, _texts(hands), "3D pass pass pass pass",
                                                             result=7, Exchanges="N yes; S no"))
    assert report.valid and report.replays[0].live == (hands[W], 0, hands[S], 0)


def test_card_by_card_exchange_2_3():
    """players-2-3-5.md §2.3: a card discarded, one taken from the pile on the right; taken cards must be there."""
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    good = table_deal(1, "N", PILES_ROLES, _texts(hands), "3D pass pass pass pass", result=7, Exchanges="N C2>CK; S C4>SK")
    report = table_session("vint2-cards", TWO, good)
    assert report.valid, codes(report)
    live = report.replays[0].live
    assert live[N] >> Card.parse("CK") & 1 and not live[N] >> Card.parse("C2") & 1 and live[S] >> Card.parse("SK") & 1
    bad = table_deal(1, "N", PILES_ROLES, _texts(hands), "3D pass pass pass pass", result=7, Exchanges="N C2>SK; S")
    assert codes(table_session("vint2-cards", TWO, bad)) == [("exchanges", "exchanges.N[0]")]


@pytest.mark.parametrize("aces, tricks, counted", [((2, 1), 6, 2), ((2, 2), 7, 2), ((2, 2), 6, 0), ((1, 1), 8, 0), ((3, 1), 3, 3)])
def test_ruling_5_aces_in_two_live_hands(aces, tricks, counted):
    """players-2-3-5.md §6 ruling 5: more aces than the other and at least two; 2–2 to леве."""
    from vint_replay.engine.calls import Contract, Denomination
    from vint_replay.engine.scoring import DealFacts
    ace = [Card.parse(x).bit for x in ("SA", "HA", "DA", "CA")]
    mine, theirs = sum(ace[:aces[0]]), sum(ace[aces[0]:aces[0] + aces[1]])
    facts = DealFacts(Contract(1, Denomination.NOTRUMP, N), (tricks, 13 - tricks), (mine, theirs, 0, 0))
    assert get_profile("vint2-exchange")._ace_count(facts, Side.NS) == counted


def _with_laws(report_rules: str, *deals, party: tuple[str, str] = TWO) -> object:
    """A session of ``deals`` under ``report_rules`` with the laws layer (session.laws "001")."""
    info = SessionInfo("t", ("", "", "", ""), rules=report_rules, party=party, laws="001")
    return evaluate(SessionRecord(info, deals))


def _revoke(seat: Seat, **fields) -> Irregularity:
    return Irregularity(IrregularityKind.REVOKE, seat, claimed=True, **fields)


@pytest.mark.parametrize("choice, tricks, above", [(None, (0, 13), 0), ("tricks", (0, 13), 0), ("points", (3, 10), 3000)])
def test_ruling_6_the_wronged_player_chooses_tricks_or_points(choice, tricks, above):
    """players-2-3-5.md §2.2, §6 ruling 6: 3♦ by N, N 10 tricks, S's revoke claimed: three tricks
    (the default, laws §8.4) or one UT(3) = 3000 above the line, as Ivanov chooses."""
    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    deal = replace(table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", result=10, Exchanges="N no; S no"),
                   irregularities=(_revoke(S, penalty=choice),))
    report = _with_laws("vint2-exchange", deal)
    assert report.valid, codes(report)
    scored = report.score.deals[0]
    assert scored.tricks == tricks
    fines = [e for e in scored.entries if e.item is Item.REVOKE_PENALTY]
    assert [(e.side, e.line, e.points) for e in fines] == ([(Side.EW, Line.ABOVE, above)] if above else [])
    assert all(e.reason.startswith("Petrov (S)'s revoke") for e in fines)
    from vint_replay.reports.irregularities import penalty_lines
    told = penalty_lines(report.replays[0], scored)[1]
    assert told == ("S's revoke: the penalty in points, no trick moved (players-2-3-5.md §2.2): 3000 above the line to E–W"
                    if choice == "points" else "S's revoke: 3 tricks to E–W")  # Ivanov's column: Petrov's place S scores as N–S


def test_ruling_14_the_card_by_card_exchange_takes_the_standard_law():
    """players-2-3-5.md §6 ruling 14: under 2.3 a revoke found in a two-card trick is penalised
    by three tricks (laws §8.4); 2.2's points choice is a located schema error; unclaimed, a warning."""
    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    # N leads ♠A; S holds spades but plays a heart
    base = table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", "SA HA", result=10, Exchanges="N; S")
    claimed = _with_laws("vint2-cards", replace(base, irregularities=(_revoke(S, trick=1),)))
    assert claimed.valid, codes(claimed)
    assert [(r.seat, r.trick, r.card.name) for r in claimed.replays[0].revokes] == [(S, 1, "HA")]
    assert claimed.score.deals[0].tricks == (0, 13)
    chosen = _with_laws("vint2-cards", replace(base, irregularities=(_revoke(S, trick=1, penalty="points"),)))
    assert codes(chosen) == [("schema", "irregularities[0].penalty")]
    unclaimed = _with_laws("vint2-cards", base)
    assert codes(unclaimed) == [("revoke_unclaimed", "play[1]")] and unclaimed.valid
    assert unclaimed.score.deals[0].tricks == (3, 10)
    assert codes(table_session("vint2-cards", TWO, base)) == [("revoke", "play[1]")]  # without the laws


def test_the_points_choice_is_refused_over_four_handed_vint():
    """§2.2's choice is vint2-exchange's alone: over classic a revoke's ``penalty`` is a schema error."""
    from builders import deal, session
    record = session(deal())
    record = replace(record, info=replace(record.info, laws="001"),
                     deals=(replace(record.deals[0], irregularities=(Irregularity(IrregularityKind.REVOKE, W, penalty="points"),)),))
    assert ("schema", "irregularities[0].penalty") in codes(evaluate(record))


def test_ruling_15_of_the_laws_the_widow_game_caps_a_revoker_at_590():
    """players-2-3-5.md §2.5 and laws ruling 15: N–S, 350 below, revoke (claimed) in 5♠ with 11
    tricks: 8 tricks count, 400 below is cut to 240 (590 in all), 160 goes above."""
    first = table_deal(1, "E", "N Ivanov; E Petrov; S dummy of Ivanov; W dummy of Petrov",
                       _texts(_widow_hands(1)), "5H pass pass pass pass", result=6,
                       Widow=Hand(_widow_rest(1)).pbn(), WidowTo="E", WidowGives=_gives_text(1, E))
    second = replace(_widow_deal(2, "N", "4S", "5S", 11), irregularities=(_revoke(S),))
    report = _with_laws("vint2-widow", first, second, party=("Ivanov", "Petrov"))  # Petrov (E) drew the lowest card
    assert report.valid, codes(report)
    scored = report.score.deals[1]
    assert scored.tricks == (8, 5) and scored.game is None and scored.below_end[0] == 590
    assert (Side.NS, Line.BELOW, Item.TRICKS, 240) in _entries(report.score, 2)
    assert (Side.NS, Line.ABOVE, Item.TRICKS, 160) in _entries(report.score, 2)


def test_the_laws_other_parts_are_refused_with_their_place():
    """Over these methods the laws cover revokes only: a call out of turn or an exposed card is refused where recorded."""
    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    deal = replace(table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", result=10, Exchanges="N no; S no"),
                   irregularities=(Irregularity(IrregularityKind.EXPOSED, S, card=Card.parse("HA")),),
                   out_of_turn=(CallOutOfTurn(1, S),))
    assert {("schema", "irregularities[0].kind"), ("schema", "auction[1]")} <= set(codes(_with_laws("vint2-exchange", deal)))


def test_an_unclaimed_revoke_under_a_wrong_paper_figure_is_audited_not_a_traceback():
    """Laws §8.2 over vint2-cards: the revoke found in the play is not claimed, and the paper
    writes nothing for the deal; the audit lists both sides' figures as mismatches (before, the
    audit's revoke guesses rescored the places' replay as four hands' and raised a TypeError)."""
    from vint_replay.reports.sheets import sheet_writer
    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    deal = table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", "SA HA", result=10, Exchanges="N; S")
    report = _with_laws("vint2-cards", replace(deal, recorded=(LineTotals(0, 0), LineTotals(0, 0))))
    assert codes(report) == [("revoke_unclaimed", "play[1]")] and report.valid
    checked = sheet_writer(report).audit(report)
    assert checked.deals_checked == 1
    assert {(m.deal, m.side) for m in checked.mismatches} == {(1, Side.NS), (1, Side.EW)}


def test_the_terminal_score_shows_the_revoke_penalty(tmp_path):
    """``vint-replay score`` of a 2.2 evening under the laws shows the points the wronged player chose."""
    from click.testing import CliRunner
    from vint_replay.cli import main
    from vint_replay.formats.json_record import write_json
    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    deal = replace(table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", result=10, Exchanges="N no; S no"),
                   irregularities=(_revoke(S, penalty="points"),))
    path = tmp_path / "evening.json"
    path.write_text(write_json(SessionRecord(SessionInfo("t", ("", "", "", ""), rules="vint2-exchange", party=TWO,
                                                         laws="001"), (deal,))))
    shown = CliRunner().invoke(main, ["score", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "1: revoke penalty 3000" in shown.output
    assert "(S's revoke: the penalty in points, no trick moved)" in shown.output
    assert "Players:" not in shown.output  # the seats' laws §9 results are four-handed; these settle by columns
    doc = json.loads(CliRunner().invoke(main, ["score", "--json", str(path)]).output)
    assert doc["players"] == list(TWO)
    assert doc["deals"][0]["revoke_penalty"]["transfers"] == [{"seat": "S", "moved": 0, "missing": 1, "points": True}]


def test_ruling_7_the_declarer_takes_the_exposed_dummy():
    """players-2-3-5.md §6 ruling 7: E declares, so S (opposite the dealer N) is E's dummy."""
    wrong = table_deal(1, "N", OPEN_ROLES, EXAMPLE_1, "1S 2H pass pass pass pass", result=8)
    assert codes(table_session("vint2-dummies", TWO, wrong)) == [("roles", "roles.S")]


def test_move_dummies_puts_each_dummy_opposite_its_player():
    """players-2-3-5.md §2.4 option ``move_dummies``: the sides then sit opposite."""
    roles = "N Ivanov; E Petrov; S dummy of Petrov; W dummy of Ivanov"
    report = table_session("vint2-dummies", TWO, table_deal(1, "N", roles, EXAMPLE_1, "1S 2H pass pass pass pass", result=8),
                           move_dummies="yes")
    replay = report.replays[0]
    assert report.valid and replay.place_columns == (1, 0, 1, 0)
    assert replay.live[W] == Hand.parse(EXAMPLE_1.split()[2]).mask


def test_rulings_8_9_13_widow_gives_and_final_contract():
    """players-2-3-5.md §6 rulings 8, 9, 13: one card to each of the three other hands; the
    final contract not lower than the winning bid; no bid below 3."""
    good = _widow_deal(1, "N", "4S", "4S", 10)
    assert table_session("vint2-widow", TWO, good).valid
    lower = _widow_deal(1, "N", "4S", "3NT", 10)
    assert codes(table_session("vint2-widow", TWO, lower)) == [("widow", "final")]
    table = good.own
    from dataclasses import replace
    two_only = replace(good, own=replace(table, widow_gives=table.widow_gives[:2]))
    assert codes(table_session("vint2-widow", TWO, two_only)) == [("widow", "widow_gives")]
    to_opponent = replace(good, own=replace(table, widow_to=W))
    assert codes(table_session("vint2-widow", TWO, to_opponent)) == [("widow", "widow_to")]
    low_bid = _widow_deal(1, "N", "2S", "4S", 10)
    assert codes(table_session("vint2-widow", TWO, low_bid)) == [("insufficient_bid", "auction[0]")]


def test_ruling_10_the_dummy_passes_left_after_each_rubber():
    """players-2-3-5.md §6 ruling 10: a 3.1 evening whose second rubber keeps the same holder is refused."""
    record = simulate_session("vint3-dummy", ("A", "B", "C"), 40, 5, rubbers=2)
    report = evaluate(record)
    assert report.valid and len(report.score.sides) == 2
    holders = [sides[0][0] for sides in report.score.sides]
    assert holders[0] == "C" and holders[1] != holders[0]
    from dataclasses import replace
    first_of_second = next(i for i, d in enumerate(report.score.deals) if d.rubber == 2)
    keep = record.deals[first_of_second - 1].own.roles
    deals = list(record.deals)
    deals[first_of_second] = replace(deals[first_of_second], own=replace(deals[first_of_second].own, roles=keep))
    bad = evaluate(replace(record, deals=tuple(deals)))
    assert any(d.code == "roles" and d.deal == deals[first_of_second].number for d in bad.diagnostics)


def test_3_1_two_phases_and_the_holders_one_call():
    """players-2-3-5.md §3.1: the partners bid between themselves (4 / 2 passes), then H one call."""
    roles = "N A; E B; S dummy of A; W C"
    hands = EXAMPLE_1
    overcall = table_session("vint3-dummy", ("B", "C", "A"), table_deal(1, "N", roles, hands, "1S pass pass pass pass 2H", result=8))
    assert overcall.valid and overcall.replays[0].contract.declarer is N and str(overcall.replays[0].contract) == "2H"
    stands = table_session("vint3-dummy", ("B", "C", "A"), table_deal(1, "N", roles, hands, "1S pass pass pass pass pass", result=8))
    assert stands.valid and stands.replays[0].contract.declarer is E
    too_low = table_session("vint3-dummy", ("B", "C", "A"), table_deal(1, "N", roles, hands, "2S pass pass pass pass 1H", result=8))
    assert codes(too_low) == [("insufficient_bid", "auction[5]")]


def test_ruling_11_each_defender_writes_side_o_in_full():
    """players-2-3-5.md §6 ruling 11 (§3.2): a defender's column gets all of O's entries."""
    roles = "N A; E B; S dummy of A; W C"
    report = table_session("vint3-auction", ("B", "C", "A"), table_deal(1, "N", roles, EXAMPLE_1, "1S " + "pass " * 6, result=5))
    assert report.valid, codes(report)
    score: ColumnScore = report.score
    deal = score.deals[0]
    assert deal.declarer == "A" and set(deal.defenders) == {"B", "C"}
    written = {p: sorted((e.item, e.points) for q, e in deal.written if q == p) for p in "ABC"}
    assert written["B"] == written["C"] and (Item.UNDERTRICKS, 2000) in written["B"]
    assert score.rubbers[0].totals["B"] == score.rubbers[0].totals["C"]


def test_3_2_the_declarer_moves_opposite_the_dummy():
    """players-2-3-5.md §3.2: B (at E) declares; he swaps places with A opposite the dummy S; the
    player on the dummy's right (E, the declarer's left) leads."""
    roles = "N A; E B; S dummy of B; W C"
    report = table_session("vint3-auction", ("B", "C", "A"), table_deal(1, "N", roles, EXAMPLE_1, "pass 1S " + "pass " * 6, result=7))
    replay = report.replays[0]
    assert report.valid and replay.contract.declarer is N and str(replay.roles[N]) == "B"
    assert replay.live[N] == Hand.parse(EXAMPLE_1.split()[1]).mask and replay.leader is E


def test_3_2_game_is_the_rubber():
    """players-2-3-5.md §3.2: the first to 500 below ends the rubber and writes 2000."""
    record = simulate_session("vint3-auction", ("A", "B", "C"), 60, 7, rubbers=1)
    report = evaluate(record)
    rubber = report.score.rubbers[0]
    assert rubber.finished and sum(rubber.settlement.values()) == 0
    last = report.score.deals[-1]
    assert all(any(q == w and e.item is Item.RUBBER and e.points == 2000 for q, e in last.written) for w in last.winners)


def test_ruling_15_the_players_deal_in_turn():
    """players-2-3-5.md §6 ruling 15: in 2.4 the deal alternates N, E."""
    record = simulate_session("vint2-dummies", TWO, 3, 1)
    from dataclasses import replace
    bad = replace(record, deals=(record.deals[0], replace(record.deals[1], dealer=S)))
    assert ("wrong_dealer", "dealer") in codes(evaluate(bad))


def test_ruling_12_a_rubber_with_the_wrong_partners_is_refused():
    """players-2-3-5.md §6 ruling 12: rubber 1's partners are the two lowest v the two highest."""
    party = ("Т", "А", "К", "Ф", "Н")
    good = table_deal(1, "S", "N Ф; E А; S Н; W К", EXAMPLE_1, "pass " * 4, SitsOut="Т")  # Н, the lowest, deals
    assert table_session("vint5", party, good).valid
    wrong = table_deal(1, "E", "N Ф; E Н; S А; W К", EXAMPLE_1, "pass " * 4, SitsOut="Т")
    assert [c for c, _ in codes(table_session("vint5", party, wrong))] == ["roles"]


# -- bad roles --------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, party, roles, extra, at", [
    ("vint2-open", TWO, "N Ivanov; E Petrov; S Ivanov; W dummy of Petrov", {}, "roles.S"),  # two live hands
    ("vint5", ("Т", "А", "К", "Ф", "Н"), "N Т; E А; S Н; W К", {"SitsOut": "Т"}, "roles.N"),  # the player out plays
    ("vint2-open", TWO, "N Ivanov; E Orlov; S dummy of Ivanov; W dummy of Petrov", {}, "roles.E"),  # unknown name
    ("vint2-open", TWO, "N Ivanov; E Petrov; S dummy of Petrov; W dummy of Ivanov", {}, "roles.S"),  # dummy not opposite
    ("vint2-open", TWO, OPEN_ROLES, {"SitsOut": "Petrov"}, "sits_out"),
])
def test_roles_that_contradict_the_method(rules, party, roles, extra, at):
    """The issue's bad input: a player playing two live hands, a sitting-out player given a
    place (so a call), a stranger, a dummy where the method does not lay it."""
    report = table_session(rules, party, table_deal(1, "N", roles, EXAMPLE_1, "pass " * 4, **extra))
    assert ("roles", at) in codes(report)


def test_a_deal_without_roles_is_refused():
    from vint_replay.engine.record import DealRecord
    from builders import hands
    report = table_session("vint2-open", TWO, DealRecord(1, N, calls("pass pass"), hands(EXAMPLE_1)))
    assert codes(report) == [("roles", "roles")]


# -- random legal evenings --------------------------------------------------------------------------

METHODS = [("vint2-open", TWO, {}), ("vint2-open", TWO, {"auction": "single"}), ("vint2-exchange", TWO, {}),
           ("vint2-cards", TWO, {}), ("vint2-dummies", TWO, {}), ("vint2-dummies", TWO, {"move_dummies": "yes"}),
           ("vint2-widow", TWO, {}), ("vint3-dummy", ("A", "B", "C"), {}), ("vint3-auction", ("A", "B", "C"), {}),
           ("vint5", ("Т", "А", "К", "Ф", "Н"), {})]


def rubber_settlement(sides: tuple[tuple[str, ...], tuple[str, ...]], totals: tuple[int, int]) -> dict[str, int]:
    """A finished rubber's settlement as players-2-3-5.md says, with D the first column's lead:
    §2 and §4 (five players, example 6) each player of the side ahead +D, of the other −D; §3.1
    (example 4) the holder, alone against the two partners, 2D for himself and his dummy."""
    lead = totals[0] - totals[1]
    gains = {}
    for column, players in enumerate(sides):
        alone = len(players) == 1 and len(sides[1 - column]) == 2  # §3.1: "и за себя, и за болвана"
        for player in players:
            gains[player] = (lead if column == 0 else -lead) * (2 if alone else 1)
    return gains


def top_player_collects(totals: dict[str, int]) -> dict[str, int]:
    """players-2-3-5.md §3.2 (example 5): the top player (each of tied top players) wins from
    every other player the difference of their totals; the others do not settle between them."""
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    return {p: sum(top - t for t in totals.values()) if p in leaders else -(top - totals[p]) * len(leaders)
            for p in totals}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
@pytest.mark.parametrize("method", METHODS, ids=lambda m: "-".join([m[0], *m[2].values()]))
def test_random_evenings_validate_and_score_consistently(method, seed):
    """Random legal evenings of each method (each method every run) validate; every deal's
    tricks add up to 13; each column's totals are the sum of its entries; every finished
    rubber settles as the rules say (``rubber_settlement``, ``top_player_collects``, written
    here) and the running balances add up the settlements."""
    rules, party, options = method
    report = evaluate(simulate_session(rules, party, 30, seed, options))
    assert report.valid, [d.describe() for d in report.diagnostics]
    for replay in report.replays:
        assert replay.tricks_won is None or sum(replay.tricks_won) == 13
    score = report.score
    if isinstance(score, TableScore):
        for rubber in score.rubbers:
            entries = [e for d in score.deals if d.rubber == rubber.number for e in d.entries]
            assert rubber.totals == [sum(e.points for e in entries if e.side is side) for side in Side]
        finished = [r for r in score.rubbers if r.finished]
        assert len(score.settlements) == len(finished)
        balance = dict.fromkeys(party, 0)
        for rubber, paid, running in zip(finished, score.settlements, score.balances):
            expected = rubber_settlement(score.sides[rubber.number - 1], (rubber.totals[0], rubber.totals[1]))
            assert {p: g for p, g in paid.items() if g or p in expected} == expected
            for player, gain in expected.items():
                balance[player] += gain
            assert {p: running.get(p, 0) for p in party} == balance  # §4: the player out gains 0
    else:
        for rubber in score.rubbers:
            assert rubber.totals == {p: sum(e.points for d in score.deals if d.rubber == rubber.number
                                            for q, e in d.written if q == p) for p in party}
            if rubber.finished:
                assert rubber.settlement == top_player_collects(rubber.totals)


def test_a_players_results_count_whatever_place_or_dummy_he_played():
    """The issue's per-player analysis: E declares with S (dealt opposite N), and the deal counts
    for Petrov; each player's tricks are his side's, and the settlements are his."""
    from vint_replay.games.vint235.players import player_results
    roles = "N Ivanov; E Petrov; S dummy of Petrov; W dummy of Ivanov"
    report = table_session("vint2-dummies", TWO, table_deal(1, "N", roles, EXAMPLE_1, "1S 2H pass pass pass pass", result=9))
    petrov, ivanov = player_results(report)  # in the order of the draw
    assert (ivanov.player, ivanov.deals, ivanov.declared, ivanov.tricks) == ("Ivanov", 1, 0, 4)
    assert (petrov.player, petrov.deals, petrov.declared, petrov.made, petrov.tricks) == ("Petrov", 1, 1, 1, 9)
    five = evaluate(simulate_session("vint5", ("Т", "А", "К", "Ф", "Н"), 40, 3, rubbers=2))
    results = {r.player: r for r in player_results(five)}
    out_first = [d for d in five.replays if d.deal.own.sits_out == "Т"]
    assert results["Т"].deals == len(five.replays) - len(out_first)
    assert sum(r.points for r in results.values()) == 0
    assert results["Т"].points == five.score.balances[-1]["Т"]


@pytest.mark.parametrize("rules, words", [("vint2-open", "face down through the auction"),
                                          ("vint2-dummies", "dealer's dummy is face up from the deal"),
                                          ("vint3-dummy", "face down through the first trick"),
                                          ("vint3-auction", "face up from the deal")])
def test_ruling_2_and_the_replay_says_when_dummies_are_face_up(rules, words):
    """players-2-3-5.md §6 ruling 2 (2.1: the auction with closed dummies), §2.4, §3.1, §3.2:
    the terminal replay says when the method turns its dummies up."""
    from vint_replay.reports.terminal import DealView
    party = TWO if rules.startswith("vint2") else ("A", "B", "C")
    report = evaluate(simulate_session(rules, party, 1, 2))
    assert words in DealView.of(report, 0).full()


def test_3_1_the_holder_leads_from_his_dummy_when_it_is_on_the_declarers_left():
    """players-2-3-5.md §3.1: B declares at E; the dummy S is on his left, so A leads from it."""
    roles = "N A; E B; S dummy of A; W C"
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    profile = get_profile("vint3-dummy")
    good = " ".join(c.name for c in _play(list(hands), S, Suit.SPADES, profile, random.Random(4)))
    report = table_session("vint3-dummy", ("B", "C", "A"), table_deal(1, "N", roles, EXAMPLE_1, "1S pass pass pass pass pass", good))
    assert report.valid and report.replays[0].leader is S
    wrong = " ".join(c.name for c in _play(list(hands), N, Suit.SPADES, profile, random.Random(4)))
    report = table_session("vint3-dummy", ("B", "C", "A"), table_deal(1, "N", roles, EXAMPLE_1, "1S pass pass pass pass pass", wrong))
    assert codes(report) == [("lead_out_of_turn", "play[0]")]


def test_2_1_the_owner_of_the_dealing_dummy_speaks_first():
    """players-2-3-5.md §2.1: S (Ivanov's dummy) deals, so Ivanov speaks first; the deal goes round all four places."""
    passed = [table_deal(k, dealer, OPEN_ROLES, EXAMPLE_1, "pass pass") for k, dealer in ((1, "N"), (2, "E"))]
    report = table_session("vint2-open", TWO, *passed, table_deal(3, "S", OPEN_ROLES, EXAMPLE_1, "1S pass pass pass pass", result=7))
    assert report.valid and report.replays[2].contract.declarer is N


def test_the_dashboards_deal_list_shows_the_tricks_before_and_after_the_penalty():
    """players-2-3-5.md §6 ruling 6 with the tricks taken (laws §8.4): the session page's deal list
    reads the declaring column's tricks as played and after the penalty from the engine: 10 → 13."""
    from vint_replay.games.vint235.views import deal_rows

    hands = _texts([Hand.parse(h).mask for h in EXAMPLE_1.split()])
    deal = replace(table_deal(1, "N", PILES_ROLES, hands, "3D pass pass pass pass", result=10, Exchanges="N no; S no"),
                   irregularities=(_revoke(S),))
    (row,) = deal_rows(_with_laws("vint2-exchange", deal))
    assert row.tricks == "10 → 13/9"


def test_five_player_score_writes_the_balances_the_dashboard_computes():
    """players-2-3-5.md §4 (five players, example 6): ``score`` ends with each player's balance
    after the finished rubbers in points, the words and sign (−) of the dashboard's sessions
    list for the same session (balances_text over player_results), not in hundreds."""
    from pathlib import Path

    from click.testing import CliRunner

    from vint_replay.games.vint235 import views as vint235_view
    from vint_replay.cli import load, main

    path = str(Path(__file__).resolve().parent.parent / "sample_data" / "vint235" / "dacha-2026-08-23-five.json")
    _, report = load(path)
    assert report is not None and len(report.record.info.party) == 5
    page = {r.player: r.points for r in vint235_view.results(report)}
    assert any(page.values()) and sum(page.values()) == 0
    out = CliRunner().invoke(main, ["score", path])
    assert out.exit_code == 0
    last = out.stdout.rstrip("\n").splitlines()[-1]
    assert last == f"Balances: {balances_text(report)}"
    shown = dict(item.rsplit(" ", 1) for item in last.removeprefix("Balances: ").split(" · "))
    assert {p: int(v.replace("−", "-")) for p, v in shown.items()} == page
