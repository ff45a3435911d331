"""The auction under the laws (docs/rules/laws.md §4–§5): calls out of turn and their bars,
insufficient and late bids, the pass counts, and law 77's opening-lead bar."""
from __future__ import annotations

from dataclasses import replace

from builders import RANKED, calls, deal, hands
from laws_deals import evaluated, found, lowest_play, out_of_turn
from vint_replay.engine.calls import Call, Contract, Denomination
from vint_replay.engine.cards import Card, Suit
from vint_replay.games.laws.auction import LawsAuction, lead_bar
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import CallOutOfTurn
from vint_replay.engine.seats import Seat

EIGHT = " p" * 8  # classic closes the auction with 8 passes after a bid (§4.2)
RANKED_MASKS = tuple(h.mask for h in hands(RANKED))


def warnings(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics if d.severity == "warning"]


def errors(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics if d.severity == "error"]


# -- §4.5 and §10.4: a call out of turn ------------------------------------------------------------

WORKED_10_4 = "1S 1H p 1NT p p p p 2D" + EIGHT  # E's 1♠ before N spoke; W passes once, then bids 2♦


def test_worked_example_10_4_the_call_out_of_turn_is_void_and_the_auction_goes_on():
    """docs/rules/laws.md §10.4 and §4.5: E's 1♠ out of turn is void, E and W pass as barred, W
    bids again from the following round; the contract is W's 2♦."""
    report = evaluated(out_of_turn(deal(auction=WORKED_10_4, result=8), (0, "E")))
    assert report.valid, found(report)
    assert report.replays[0].contract == Contract(2, Denomination.DIAMONDS, Seat.W)
    assert report.score is not None


def test_ruling_8_a_call_out_of_turn_has_no_effect_and_the_turn_stays():
    """docs/rules/laws.md §11 no. 8: the call is void; N still calls first, the standing bid is
    N's 1♥, not E's 1♠."""
    auction = LawsAuction(Seat.N, get_profile("classic"), (CallOutOfTurn(0, Seat.E),))
    auction.call_all(calls("1S"))
    assert auction.inner.to_call is Seat.N and auction.highest is None
    auction.call_all(calls("1H"))
    assert auction.highest == Call.parse("1H") and auction.highest_by is Seat.N


def test_section_4_5_the_offenders_partner_must_pass_at_his_next_turn():
    """docs/rules/laws.md §4.5: W (E's partner) bidding at his first turn after E's call out of turn."""
    report = evaluated(out_of_turn(deal(auction="1S 1H p 1NT 2D" + EIGHT, result=8), (0, "E")))
    assert errors(report) == [("barred_call", "auction[4]")]
    assert "partner called out of turn" in report.diagnostics[0].message


def test_section_4_5_the_offender_must_pass_at_every_later_turn():
    """docs/rules/laws.md §4.5: E bids in the second round, after the offence."""
    report = evaluated(out_of_turn(deal(auction="1S 1H p 1NT p p 2S" + EIGHT, result=8), (0, "E")))
    assert errors(report) == [("barred_call", "auction[6]")]
    assert "called out of turn earlier" in report.diagnostics[0].message


def test_a_call_marked_out_of_turn_that_was_in_turn_is_reported_where_it_stands():
    """docs/rules/laws.md §4.5: a record that marks N's own first call as out of turn contradicts itself."""
    report = evaluated(out_of_turn(deal(auction="1H" + EIGHT, result=7), (0, "N")))
    assert errors(report) == [("not_out_of_turn", "auction[0]")]


def test_without_the_mark_the_same_calls_are_read_in_turn():
    """docs/rules/laws.md §4.5: the laws void a call only where the record marks it out of turn;
    unmarked, the same calls are N's 1♠, E's 1♥ … and the ninth, 2♦, is N's."""
    report = evaluated(deal(auction=WORKED_10_4, result=8))
    assert report.valid and report.replays[0].contract == Contract(2, Denomination.DIAMONDS, Seat.N)


def test_auction_states_show_the_void_call_without_applying_it():
    """docs/rules/laws.md §4.5: stepping through the auction shows E's call out of turn; after it
    N is still to call, nothing stands, and E and W are barred."""
    replay = evaluated(out_of_turn(deal(auction=WORKED_10_4, result=8), (0, "E"))).replays[0]
    states = replay.auction_states()
    assert len(states) == len(calls(WORKED_10_4)) + 1
    after = states[1]
    assert after.calls == (Call.parse("1S"),) and after.void == (0,)
    assert after.to_call is Seat.N and after.highest is None
    assert after.barred == (Seat.E, Seat.W)
    assert states[5].barred == (Seat.E,)  # W has passed his barred turn
    assert states[-1].closed and states[-1].highest == Call.parse("2D")


def test_law_77_the_offender_may_not_open_lead_the_suit_he_named():
    """docs/rules/laws.md §10.4 and §5 (law 77): N–S declare 1♥, E is on lead and leads a spade."""
    auction = "1S 1H" + EIGHT
    spade = lowest_play(RANKED_MASKS, Suit.HEARTS, Seat.E, first=Card.SK)
    report = evaluated(out_of_turn(deal(auction=auction, cards=" ".join(c.name for c in spade)), (0, "E")))
    assert errors(report) == [("barred_lead", "play[0]")]
    heart = lowest_play(RANKED_MASKS, Suit.HEARTS, Seat.E, first=Card.HK)
    assert evaluated(out_of_turn(deal(auction=auction, cards=" ".join(c.name for c in heart)), (0, "E"))).valid


def test_law_77_does_not_bar_the_lead_when_the_offenders_side_declares():
    """docs/rules/laws.md §5: "unless his side declares"."""
    named = {Seat.E: {Suit.SPADES}}
    assert lead_bar(named, Contract(2, Denomination.DIAMONDS, Seat.W), Seat.E, Card.SA) is None
    assert lead_bar(named, Contract(1, Denomination.HEARTS, Seat.N), Seat.E, Card.SA) is not None
    assert lead_bar(named, Contract(1, Denomination.HEARTS, Seat.N), Seat.E, Card.CA) is None


def test_a_no_trump_call_out_of_turn_bars_no_suit():
    """docs/rules/laws.md §5: law 77 bars the suit named; 1NT names none."""
    auction = LawsAuction(Seat.N, get_profile("classic"), (CallOutOfTurn(0, Seat.E),))
    auction.call_all(calls("1NT"))
    assert auction.named == {}


# -- §4.4, §10.3 and ruling 13: insufficient bids ----------------------------------------------------

def test_worked_example_10_3_an_insufficient_bid_is_read_as_the_lowest_sufficient_one():
    """docs/rules/laws.md §10.3 and §4.4: 1♥ (N), 2♦ (E), 2♣ (S) is read as 3♣ by S, binding."""
    report = evaluated(deal(auction="1H 2D 2C" + EIGHT, result=9))
    assert report.valid, found(report)
    assert warnings(report) == [("insufficient_bid_corrected", "auction[2]")]
    assert "read as 3♣" in report.diagnostics[0].message
    assert report.replays[0].contract == Contract(3, Denomination.CLUBS, Seat.S)


def test_section_4_4_both_sides_may_go_on_bidding_over_the_corrected_bid():
    """docs/rules/laws.md §4.4: W bids 3♦ over the 3♣ the insufficient 2♣ was read as."""
    report = evaluated(deal(auction="1H 2D 2C 3D" + EIGHT, result=9))
    assert report.valid and report.replays[0].contract == Contract(3, Denomination.DIAMONDS, Seat.W)
    too_low = evaluated(deal(auction="1H 2D 2C 2D" + EIGHT, result=9))  # 2♦ is no higher than the 3♣ read
    assert warnings(too_low) == [("insufficient_bid_corrected", "auction[2]"), ("insufficient_bid_corrected", "auction[3]")]
    assert too_low.replays[0].contract == Contract(3, Denomination.DIAMONDS, Seat.W)


def test_without_the_laws_an_insufficient_bid_stays_an_error():
    """A session without laws keeps today's strict behaviour."""
    report = evaluated(deal(auction="1H 2D 2C" + EIGHT, result=9), laws=None)
    assert errors(report) == [("insufficient_bid", "auction[2]")]


def test_ruling_13_an_insufficient_bid_with_no_sufficient_level_is_void_as_out_of_turn():
    """docs/rules/laws.md §11 no. 13: 7♣ after 7♦ is no bid; E keeps the turn and passes, and
    N's 7♦ stands."""
    report = evaluated(deal(auction="7D 7C" + EIGHT, result=13))
    assert report.valid, found(report)
    assert warnings(report) == [("insufficient_bid_void", "auction[1]")]
    assert report.replays[0].contract == Contract(7, Denomination.DIAMONDS, Seat.N)


def test_ruling_13_brings_the_bars_of_a_call_out_of_turn():
    """docs/rules/laws.md §11 no. 13 with §4.5: E may not bid again, nor W at his next turn."""
    offender = evaluated(deal(auction="7D 7C 7NT" + EIGHT, result=13))
    assert errors(offender) == [("barred_call", "auction[2]")]
    partner = evaluated(deal(auction="7D 7C p p 7NT" + EIGHT, result=13))
    assert errors(partner) == [("barred_call", "auction[4]")]


# -- §4.3: late bidding -----------------------------------------------------------------------------

def test_section_4_3_a_late_bid_is_not_a_call():
    """docs/rules/laws.md §4.3: a bid after the closing passes is ignored (a warning); the
    auction stands as closed."""
    report = evaluated(deal(auction="1H" + EIGHT + " 2S", result=7))
    assert report.valid
    assert warnings(report) == [("late_bid", "auction[9]")]
    assert report.replays[0].contract == Contract(1, Denomination.HEARTS, Seat.N)


def test_section_4_3_a_pass_after_the_close_is_still_an_error():
    """docs/rules/laws.md §4.3 speaks of late bids only; a stray pass is a broken record."""
    report = evaluated(deal(auction="1H" + EIGHT + " p", result=7))
    assert errors(report) == [("call_after_close", "auction[9]")]


def test_section_4_3_a_late_bid_voids_the_deal_at_the_players_demand():
    """docs/rules/laws.md §4.3 and §3.3: ``void: "76"`` — nothing is scored, and the next
    player deals the next deal."""
    late = replace(deal(auction="1H" + EIGHT + " 2S"), void="76")
    report = evaluated(late, deal(number=2, dealer="E", auction="1H" + EIGHT, result=7))
    assert report.valid, found(report)
    assert report.score is not None and report.score.deals[0].entries == ()


# -- §4.2 and ruling 1: the passes that close the auction -------------------------------------------

def test_ruling_1_classic_four_passes_pass_out_and_eight_close_after_a_bid():
    """docs/rules/laws.md §4.2 and §11 no. 1 over classic: 4 without a bid, 8 after one."""
    passed = evaluated(deal(auction="p p p p"))
    assert passed.valid and passed.replays[0].passed_out
    seven = evaluated(deal(auction="1H" + " p" * 7, result=7))
    assert errors(seven) == [("auction_incomplete", "auction[8]")]


def test_section_4_2_over_volchaninov_the_layer_keeps_volchaninovs_counts():
    """docs/rules/laws.md §4.2: over volchaninov 8 passes pass out and 12 close after a bid."""
    eight_after_bid = evaluated(deal(auction="1H" + EIGHT, result=7), rules="volchaninov")
    assert errors(eight_after_bid) == [("auction_incomplete", "auction[9]")]
    assert evaluated(deal(auction="1H" + " p" * 12, result=7), rules="volchaninov").valid
    assert evaluated(deal(auction=" p" * 8), rules="volchaninov").replays[0].passed_out


def test_the_terminal_replay_shows_void_calls_apart_and_insufficient_bids_as_read():
    """docs/rules/laws.md §4.5 and §4.4: the columns keep their seats; E's call out of turn
    stands under them, and S's 2♣ shows the 3♣ it is read as."""
    from vint_replay.reports.terminal import DealView

    ten_4 = evaluated(out_of_turn(deal(auction=WORKED_10_4, result=8), (0, "E")))
    lines = DealView.of(ten_4, 0).auction().splitlines()
    assert [line.split() for line in lines[2:5]] == [["1♥", "pass", "1NT", "pass"], ["pass", "pass", "pass", "2♦"],
                                                     ["all", "pass"]]
    assert lines[5:] == ["void: E 1♠ (out of turn), call 1"]
    ten_3 = DealView.of(evaluated(deal(auction="1H 2D 2C" + EIGHT, result=9)), 0).auction()
    assert "2♣ (3♣)" in ten_3 and "void" not in ten_3
    ruling_13 = DealView.of(evaluated(deal(auction="7D 7C" + EIGHT, result=13)), 0).auction().splitlines()
    assert ruling_13[-1] == "void: E 7♣ (insufficient), call 2" and ruling_13[2].split()[:2] == ["7♦", "all"]


def test_law_77_follows_the_opening_lead_out_of_turn_that_stood():
    """docs/rules/laws.md §5 and §7.3: the bar is on the player who made the opening lead. S
    declares 1♥, so W should lead; E, who named ♠ out of turn, leads ♠K out of turn and the lead
    stands: barred. W leading ♠8 out of turn in the other auction (E on lead) is not barred."""
    from vint_replay.engine.record import Irregularity, IrregularityKind

    def led_out_of_turn(auction: str, seat: Seat, card: Card) -> object:
        cards = " ".join(c.name for c in lowest_play(RANKED_MASKS, Suit.HEARTS, seat, first=card))
        return replace(out_of_turn(deal(auction=auction, cards=cards), (0, "E")), irregularities=(
            Irregularity(IrregularityKind.LEAD_OUT_OF_TURN, seat, 1, card, accepted=True),))

    assert ("barred_lead", "play[0]") in errors(evaluated(led_out_of_turn("1S p p 1H" + EIGHT, Seat.E, Card.SK)))
    assert ("barred_lead", "play[0]") not in errors(evaluated(led_out_of_turn("1S 1H" + EIGHT, Seat.W, Card.S8)))


def test_the_dashboards_auction_grid_leaves_void_calls_out_of_the_columns():
    """docs/rules/laws.md §4.5: the columns stay the seats' from the dealer; E's call out of turn is left out."""
    from dashboards import data

    replay = evaluated(out_of_turn(deal(auction=WORKED_10_4, result=8), (0, "E"))).replays[0]
    seats, rows = data.auction_grid(replay.deal, replay.laws_auction().void)
    assert seats == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert rows[0] == ["1♥", "pass", "1NT", "pass"] and rows[1] == ["pass", "pass", "pass", "2♦"]


def test_a_laws_file_is_read_checked_and_scored_as_the_laws_say(tmp_path):
    """docs/rules/laws.md §10.4, §10.3, §3.3 and §10.5 from a .vint file and its JSON twin: E's
    1♠ out of turn is void (2♦ by W); the void deal 2 scores nothing and E deals again; W's 2♣
    reads as 3♣; dealer S kept 14 cards, W 12: trick 13 has three cards and E–W write 2000."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from vint_replay.cli import main

    source = Path(__file__).parent / "data" / "laws_auction.vint"
    twin = tmp_path / "laws_auction.json"
    converted = CliRunner().invoke(main, ["convert", str(source), str(twin)])
    assert converted.exit_code == 0, converted.output
    for path in (str(source), str(twin)):
        checked = CliRunner().invoke(main, ["validate", path])
        assert checked.exit_code == 0 and "valid (4 deals)" in checked.output, checked.output
        assert [line.split(": ")[2] for line in checked.output.splitlines()[:-1]] == [
            "insufficient_bid_corrected (warning)", "hand_size (warning)", "hand_size (warning)"]
        scored = json.loads(CliRunner().invoke(main, ["score", "--json", path]).output)
        first, void, third, fourth = scored["deals"]
        assert (first["contract"], first["declarer"]) == ("2D", "W")
        assert void["void"] == "25" and void["entries"] == [] and not void["passed_out"]
        assert (third["dealer"], third["contract"], third["declarer"]) == ("E", "3C", "W")
        assert {"side": "EW", "line": "above", "item": "card_count_penalty", "points": 2000} in \
            [{k: e[k] for k in ("side", "line", "item", "points")} for e in fourth["entries"]]
        assert sum(fourth["tricks"].values()) == 13


def test_a_laws_session_from_the_store_shows_its_void_call_on_the_replay_page(tmp_path):
    """docs/rules/laws.md §4.5 and §3.3 through the store and the dashboard: the session scores
    the same from the store, and deal 1's page lists E's call out of turn under the auction;
    deal 2's page names the void deal."""
    from pathlib import Path

    import dash

    from dash_tree import by_id
    from dashboards.app import create_app
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file
    from vint_replay.store import Store

    source = Path(__file__).parent / "data" / "laws_auction.vint"
    store = Store(tmp_path / "store")
    assert store.import_paths([str(source)], workers=1).imported
    stored = evaluate(store.load_session("laws-auction-examples"))
    assert stored.score == evaluate(read_file(source).record).score
    app = create_app(store.root)
    pages = {p["module"].rsplit(".", 1)[-1]: p for p in dash.page_registry.values() if "layout" in p}
    with app.server.app_context():
        first = pages["replay"]["layout"](session_id="laws-auction-examples", deal="1")
        second = pages["replay"]["layout"](session_id="laws-auction-examples", deal="2")
    assert by_id(first, "void-calls").children == "void: E 1♠ (out of turn), call 1"
    assert "void (law 25)" in str(by_id(second, "contract-line").children)


def test_the_stores_calls_table_keeps_the_turn_after_a_void_insufficient_bid(tmp_path):
    """docs/rules/laws.md §11 no. 13: E's 7♣ after 7♦ is void and E keeps the turn, so the
    pass after it is E's, not S's."""
    from vint_replay.formats.json_record import write_json
    from vint_replay.store import Store

    from laws_deals import laws_session

    record = laws_session(deal(auction="7D 7C" + EIGHT, result=13))
    path = tmp_path / "ruling13.json"
    path.write_text(write_json(record), encoding="utf-8")
    store = Store(tmp_path / "store")
    assert store.import_paths([str(path)], workers=1).imported
    calls = store.calls(session_id=record.info.id).sort_values("index")
    assert list(calls["seat"])[:5] == ["N", "E", "E", "S", "W"]


def test_section_4_1_calls_go_round_from_the_dealer_one_a_turn():
    """docs/rules/laws.md §4.1: dealer E speaks first, then S; the fifth call is E's again."""
    report = evaluated(deal(dealer="E", auction="p 1NT p p 2NT" + EIGHT, result=8))
    assert report.valid and report.replays[0].contract == Contract(2, Denomination.NOTRUMP, Seat.E)


def test_section_4_6_conventions_are_never_enforced():
    """docs/rules/laws.md §4.6: the laws' bidding advice is not checked — E–W, holding no ace,
    may bid a grand slam in no trumps."""
    report = evaluated(deal(auction="p 7NT" + EIGHT, result=0))
    assert report.valid and not report.diagnostics
