"""The deal under the laws (docs/rules/laws.md §1–§3): the draw, who deals, void deals and
redeals, and a 14/12 deal found after the opening lead."""
from __future__ import annotations

from dataclasses import replace

import pytest

from builders import RANKED, deal, hands
from laws_deals import classic_auction, classic_result, evaluated, found, lowest_play
from vint_replay.engine.cards import Card
from vint_replay.engine.errors import IllegalMove
from vint_replay.games.laws.deal import DEALER_LONG_PENALTY, draw_rank
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import Seat, Side
from settled import settled


def codes_of(report, severity: str) -> list[tuple[int | None, str, str | None]]:
    return [(d.deal, d.code, d.at) for d in report.diagnostics if d.severity == severity]


NORTH_LONG = "AKQJT98765432.2.. .AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432"  # N 14, E 12


def played(number: int, dealer: str, bid: str = "1NT", declarer: str | None = None) -> object:
    """A result-only deal of ``dealer`` in which ``declarer`` (the dealer by default) bids alone."""
    return classic_result(bid, declarer or dealer, 7, number, dealer)


# -- §1: the draw ---------------------------------------------------------------------------------

def test_section_1_1_the_ace_draws_lowest_and_hearts_is_the_highest_suit():
    """docs/rules/laws.md §1.1: ace low; equal ranks ♥ > ♦ > ♣ > ♠."""
    assert draw_rank(Card.SA) < draw_rank(Card.C2) < draw_rank(Card.SK)
    assert draw_rank(Card.S5) < draw_rank(Card.C5) < draw_rank(Card.D5) < draw_rank(Card.H5)
    assert draw_rank(Card.HA) < draw_rank(Card.S2)


def test_section_1_2_the_lowest_card_deals_first():
    """docs/rules/laws.md §1.2: N (♠A) and S (♥A) drew lowest, are partners, and N deals first."""
    assert evaluated(played(1, "N"), draw="SA C2 HA DK").valid
    report = evaluated(played(1, "E"), draw="SA C2 HA DK")
    assert codes_of(report, "warning") == [(1, "dealt_out_of_turn", "dealer")]
    assert "N drew the lowest card (♠A)" in report.diagnostics[0].message
    assert not evaluated(replace(played(1, "E"), deal_lost=True), draw="SA C2 HA DK").diagnostics  # law 14 at deal 1


def test_section_1_2_the_two_lowest_cards_are_partners():
    """docs/rules/laws.md §1.2: ♠A (N) and ♥A (E) are the two lowest, but N and E sit side by side."""
    report = evaluated(played(1, "N"), draw="SA HA C2 DK")
    assert codes_of(report, "error") == [(None, "bad_draw", "draw.E")]


def test_section_1_the_first_dealer_is_checked_only_for_a_record_starting_the_session():
    """docs/rules/laws.md §1: a record whose first deal is deal 5 continues a session."""
    assert evaluated(played(5, "E"), draw="SA C2 HA DK").valid
    assert not any(d.severity == "warning" for d in evaluated(played(5, "E"), draw="SA C2 HA DK").diagnostics)


# -- §2.3 and ruling 12: who deals -----------------------------------------------------------------

def test_section_2_3_a_void_deal_is_redealt_by_the_same_dealer():
    """docs/rules/laws.md §2.3: deal 1 (N) is void by law 25; N deals deal 2."""
    void = replace(deal(auction=""), void="25")
    assert evaluated(void, played(2, "N")).valid
    assert not [d for d in evaluated(void, played(2, "N")).diagnostics]
    report = evaluated(void, played(2, "E"))
    assert codes_of(report, "warning") == [(2, "dealt_out_of_turn", "dealer")]
    assert "deal 1 was void, so N deals again" in report.diagnostics[0].message


def test_section_2_3_law_18_a_lost_redeal_passes_to_the_next_player():
    """docs/rules/laws.md §2.3 (law 18): the players had looked at a misdeal; E deals instead."""
    void = replace(deal(auction=""), void="18")
    assert not evaluated(void, replace(played(2, "E"), deal_lost=True)).diagnostics
    report = evaluated(void, replace(played(2, "N"), deal_lost=True))
    assert codes_of(report, "warning") == [(2, "dealt_out_of_turn", "dealer")]


def test_section_2_3_law_14_a_reshuffle_after_the_cut_loses_the_deal():
    """docs/rules/laws.md §2.3 (law 14): E, due to deal deal 2, reshuffled; S deals it."""
    assert not evaluated(played(1, "N"), replace(played(2, "S"), deal_lost=True)).diagnostics
    assert codes_of(evaluated(played(1, "N"), played(2, "S")), "warning") == [(2, "dealt_out_of_turn", "dealer")]


def test_section_3_3_after_a_void_by_law_14_22_76_or_169_the_next_player_deals():
    """docs/rules/laws.md §3.3: the players have looked at their cards by then (a wrong count
    found in time, 76, 169); §2.3: a dealer who reshuffled after the cut loses the deal (14)."""
    for law in ("14", "22", "25c", "76", "169"):
        void = replace(deal(auction="", hands_text=NORTH_LONG), void=law)
        assert not evaluated(void, replace(played(2, "E"), deal_lost=True)).diagnostics, law
        assert codes_of(evaluated(void, played(2, "E")), "warning") == [(2, "deal_lost_unstated", "dealer")], law
        assert codes_of(evaluated(void, played(2, "N")), "warning") == [(2, "dealt_out_of_turn", "dealer")]


def test_ruling_12_after_a_deal_out_of_turn_that_stood_the_rotation_continues_from_its_dealer():
    """docs/rules/laws.md §11 no. 12 and law 20: S dealt deal 2 out of turn and it stood (a
    warning); deal 3 is W's, not S's."""
    report = evaluated(played(1, "N"), played(2, "S"), played(3, "W"))
    assert report.valid
    assert codes_of(report, "warning") == [(2, "dealt_out_of_turn", "dealer")]
    assert codes_of(evaluated(played(1, "N"), played(2, "S"), played(3, "S")), "warning")[-1] == \
        (3, "dealt_out_of_turn", "dealer")


def test_a_void_deal_dealt_out_of_turn_is_redealt_by_the_proper_dealer():
    """docs/rules/laws.md §3.2 (g): S dealt deal 2 out of turn, it was voided; E, whose deal it
    was, deals deal 3."""
    void = replace(deal(number=2, dealer="S", auction=""), void="25g")
    report = evaluated(played(1, "N"), void, played(3, "E"))
    assert not report.diagnostics, found(report)
    assert codes_of(evaluated(played(1, "N"), void, played(3, "S")), "warning") == [(3, "dealt_out_of_turn", "dealer")]


def test_without_the_laws_a_wrong_dealer_stays_an_error():
    report = evaluated(played(1, "N"), played(2, "S"), laws=None)
    assert codes_of(report, "error") == [(2, "wrong_dealer", "dealer")]


# -- §3.3: void deals -----------------------------------------------------------------------------

def test_section_3_3_a_void_deal_scores_nothing_and_needs_no_auction():
    """docs/rules/laws.md §3.3: nothing written; it is not a passed-out deal."""
    report = evaluated(replace(deal(auction="", hands_text=None), void="25"), played(2, "N"))
    assert report.valid and report.score is not None
    first = report.score.deals[0]
    assert first.entries == () and not first.passed_out and first.void == "25"


def test_section_3_3_a_void_deal_leaves_no_x_mark():
    """docs/rules/laws.md §3.3 over classic: a passed-out deal leaves an X mark for the rubber's
    winner (N–S, two grand slams); a void deal in its place does not."""
    def rubber(first, dealers: str) -> list:
        second, third = dealers
        report = evaluated(first, classic_result("7NT", "S", 13, 2, second), classic_result("7NT", "N", 13, 3, third))
        assert report.valid and report.score.rubbers[0].winner is Side.NS, found(report)
        return [e for d in report.score.deals for e in d.entries if e.item is Item.X_MARKS]

    assert rubber(deal(auction="p p p p"), "ES")
    assert rubber(replace(deal(auction=""), void="25"), "NE") == []


def test_section_3_3_a_void_by_an_unknown_law_is_reported_at_void():
    report = evaluated(replace(deal(auction=""), void="99"))
    assert codes_of(report, "error") == [(1, "void_law", "void")]


def test_section_3_1_a_void_for_a_wrong_count_with_every_hand_of_13_contradicts_itself():
    """docs/rules/laws.md §3.1: law 22 voids a deal with a short or long hand."""
    assert codes_of(evaluated(replace(deal(auction=""), void="22")), "error") == [(1, "void_law", "void")]
    assert evaluated(replace(deal(auction="", hands_text=NORTH_LONG), void="22")).valid


# -- §3.1, §3.4, §10.5, rulings 2 and 6: 14 and 12 cards found after the opening lead -------------

# S (the dealer in §10.5) holds 14 cards: W's ♣2 was dealt to him.
LONG_SOUTH = "AJ72.AJ7.AJ7.AJ7 KT6.KT62.KT6.KT6 Q95.Q95.Q952.Q952 843.843.843.843"


def misdealt(dealer: str = "S", hands_text: str = LONG_SOUTH, bid: str = "1NT", declarer: str = "S"):
    """A deal with a 14- and a 12-card hand played out by the lowest legal card, S's last card thrown."""
    dealt = tuple(h.mask for h in hands(hands_text))
    auction = classic_auction(dealer, declarer, bid)
    contract_leader = Seat.parse(declarer).left
    cards = lowest_play(dealt, None, contract_leader)
    played_mask = sum(1 << c for c in cards)
    left = [Card(c) for c in range(52) if any(m >> c & 1 for m in dealt) and not played_mask >> c & 1]
    record = deal(1, dealer, hands_text, auction, " ".join(c.name for c in cards))
    return replace(record, thrown=tuple(left))


def test_worked_example_10_5_the_dealers_14th_card():
    """docs/rules/laws.md §10.5 and §3.4: dealer S holds 14, W 12; W plays his last card to trick
    12, trick 13 has three cards, S throws his last card away, E–W write 2000 (ruling 2)."""
    record = misdealt()
    assert len(record.play) == 51 and len(record.thrown) == 1
    report = evaluated(record)
    assert report.valid, found(report)
    assert codes_of(report, "warning") == [(1, "hand_size", "hands.S"), (1, "hand_size", "hands.W")]
    replay = report.replays[0]
    assert len(replay.tricks) == 13 and len(replay.tricks[12].cards) == 3 and replay.tricks[12].skipped is Seat.W
    penalty = [e for e in report.score.deals[0].entries if e.item is Item.CARD_COUNT_PENALTY]
    assert [(e.side, e.line, e.points) for e in penalty] == [(Side.EW, Line.ABOVE, DEALER_LONG_PENALTY)]
    assert DEALER_LONG_PENALTY == 2000


def test_ruling_2_only_the_dealers_14th_card_costs_2000():
    """docs/rules/laws.md §11 no. 2 and law 24: N deals, S holds 14: no penalty."""
    report = evaluated(misdealt(dealer="N"))
    assert report.valid, found(report)
    assert not [e for e in report.score.deals[0].entries if e.item is Item.CARD_COUNT_PENALTY]


def test_section_3_4_the_thrown_card_must_be_the_one_left():
    """docs/rules/laws.md §3.4: the 14-card player's last card is thrown after trick 13."""
    record = misdealt()
    wrong = replace(record, thrown=(Card.C3,))
    assert codes_of(evaluated(wrong), "error") == [(1, "thrown_card", "thrown")]
    assert codes_of(evaluated(replace(record, thrown=())), "error") == [(1, "thrown_card", "thrown")]


def test_ruling_6_without_the_laws_a_14_card_hand_is_an_error():
    """docs/rules/laws.md §11 no. 6: the laws let a late-found 14/12 deal stand; strict records do not."""
    record = replace(misdealt(), thrown=())
    report = evaluated(record, laws=None)
    assert ("hand_size" in {c for _, c, _ in codes_of(report, "error")})


def test_section_3_1_hands_other_than_14_and_12_cannot_stand():
    """docs/rules/laws.md §3.1: a 15- and an 11-card hand would have been found before the lead
    and the deal voided; recorded as played, they are errors."""
    eleven = "AJ72.AJ7.AJ7.AJ732 KT6.KT62.KT6.KT6 Q95.Q95.Q952.Q95 843.843.843.84"
    assert [h.mask.bit_count() for h in hands(eleven)] == [15, 13, 13, 11]
    report = evaluated(deal(hands_text=eleven, auction=classic_auction("N", "N", "1NT"), result=7))
    assert [a for _, c, a in codes_of(report, "error") if c == "hand_size"] == ["hands.N", "hands.W"]
    assert not codes_of(report, "warning")


def test_ruling_6_trick_13_passes_over_the_12_card_player_who_won_trick_12():
    """docs/rules/laws.md §3.4 and §11 no. 6: W (12 clubs) wins tricks 1–12; with no card left
    he cannot lead, so N, on his left, leads trick 13, which has three cards."""
    dealt = tuple(h.mask for h in hands("AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.2 ...AKQJT9876543"))
    play = Play(dealt, None, Seat.W, get_profile("classic"))  # type: ignore[arg-type]
    cards = lowest_play(dealt, None, Seat.W, first=Card.CA)
    play.play_cards(cards)
    assert play.finished and len(cards) == 51
    assert [t.winner for t in play.tricks[:12]] == [Seat.W] * 12
    last = play.tricks[12]
    assert last.leader is Seat.N and last.skipped is Seat.W and [last.seat_of(i) for i in range(3)] == [Seat.N, Seat.E, Seat.S]
    assert play.hands[Seat.S].bit_count() == 1


def test_section_3_4_the_12_card_player_still_follows_suit():
    """docs/rules/laws.md §3.4: the play's rules hold for a 14/12 deal (strict records: a revoke is an error)."""
    dealt = tuple(h.mask for h in hands(LONG_SOUTH))
    play = Play(dealt, None, Seat.W, get_profile("classic"))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove) as bad:
        play.play_cards([Card.S3, Card.S2, Card.S6, Card.H5])
    assert bad.value.code == "revoke"


def test_section_3_3_the_scoresheet_names_a_void_deal_and_its_law():
    """docs/rules/laws.md §3.3: the sheet and ``score --json`` show the void deal, not a passed-out one."""
    from vint_replay.reports.scoresheet import deal_json, render_scoresheet

    record_deals = (replace(deal(auction=""), void="25"), played(2, "N"))
    report = evaluated(*record_deals)
    assert report.valid and report.score is not None
    first = deal_json(report.score.deals[0])
    assert first["void"] == "25" and first["passed_out"] is False and first["entries"] == []
    assert "void" not in deal_json(report.score.deals[1])
    sheet = render_scoresheet(report.record, report.score, report.profile)
    assert "deal 1: void (law 25)" in sheet and "passed out" not in sheet


def test_section_3_4_a_14_12_deal_and_a_void_deal_are_skipped_by_the_double_dummy_analysis():
    """docs/rules/laws.md §3.3–§3.4: double dummy needs 13 cards a hand; such deals are skipped
    with a reason, not sent to the solver."""
    from vint_replay.analysis.jobs import Skipped, jobs_for

    report = evaluated(replace(deal(auction=""), void="25"), replace(misdealt(dealer="N"), number=2))
    assert report.valid, found(report)
    skipped = list(jobs_for(report))
    assert all(isinstance(job, Skipped) for job in skipped)
    assert ["void" in skipped[0].reason, "14 and 12" in skipped[1].reason] == [True, True]


# -- §6.4: a trick missed, the deal accepted as played (law 169) ------------------------------------

def missed(trick: int = 6, seat: str = "E") -> object:
    """1NT by S from RANKED; ``seat`` plays no card to ``trick`` and throws his extra card after trick 13."""
    from vint_replay.engine.record import Irregularity, IrregularityKind

    dealt = tuple(h.mask for h in hands(RANKED))
    skips = {trick: Seat.parse(seat)}
    cards = lowest_play(dealt, None, Seat.W, skips=skips)
    played_mask = sum(1 << c for c in cards)
    left = tuple(Card(c) for c in range(52) if not played_mask >> c & 1)
    record = deal(1, "S", RANKED, classic_auction("S", "S", "1NT"), " ".join(c.name for c in cards))
    return replace(record, thrown=left,
                   irregularities=(Irregularity(IrregularityKind.MISSED_TRICK, Seat.parse(seat), trick),))


def test_section_6_4_a_missed_trick_accepted_as_played():
    """docs/rules/laws.md §6.4 and §3.4: E plays no card to trick 6, which has three; he keeps
    an extra card to the end and throws it away after trick 13."""
    record = missed()
    assert len(record.play) == 51 and len(record.thrown) == 1
    report = evaluated(record)
    assert report.valid and not report.diagnostics, found(report)
    sixth = report.replays[0].tricks[5]
    assert len(sixth.cards) == 3 and sixth.skipped is Seat.E and Seat.E not in [sixth.seat_of(i) for i in range(3)]
    assert sum(report.replays[0].tricks_won) == 13
    assert codes_of(evaluated(replace(record, thrown=(record.play[0],))), "error") == [(1, "thrown_card", "thrown")]
    assert codes_of(evaluated(replace(record, irregularities=())), "error")  # the same cards without the record of it


def test_section_6_4_a_missed_trick_round_trips_through_vint_and_json(tmp_path):
    """docs/rules/laws.md §6.4: the three-card trick stands on its line in .vint, and reads back the same."""
    from vint_replay.formats import read_file, write_text

    from laws_deals import laws_session

    record = laws_session(missed(trick=4, seat="N"))
    for fmt in ("vint", "json"):
        path = tmp_path / f"missed.{fmt}"
        path.write_text(write_text(record, fmt), encoding="utf-8")
        back = settled(read_file(path))
        assert not back.diagnostics and back.record.deals == record.deals, fmt


def test_the_terminal_replay_shows_a_three_card_trick_and_a_void_deal():
    """docs/rules/laws.md §3.4 and §3.3 on the terminal: trick 13 of the 14/12 deal lists three
    cards (W has none), and the void deal says so."""
    from pathlib import Path

    from click.testing import CliRunner

    from vint_replay.cli import main

    source = str(Path(__file__).parent / "data" / "laws_auction.vint")
    shown = CliRunner().invoke(main, ["replay", source, "--deal", "4"])
    assert shown.exit_code == 0, shown.output
    last = next(line for line in shown.output.splitlines() if line.startswith("13. "))
    assert [word for word in last.split() if word in "NESW"][1:] == ["N", "E", "S", "N"]  # three cards, then the winner
    after = CliRunner().invoke(main, ["replay", source, "--deal", "4", "--trick", "13"])
    assert after.exit_code == 0 and "After trick 13" in after.output
    void = CliRunner().invoke(main, ["replay", source, "--deal", "2"])
    assert void.exit_code == 0 and "Void deal (law 25)" in void.output


def test_section_6_4_the_opening_leader_who_missed_trick_1_passes_the_lead_left():
    """docs/rules/laws.md §6.4: W, on lead, plays no card to trick 1; N, on his left, leads it."""
    report = evaluated(missed(trick=1, seat="W"))
    assert report.valid, found(report)
    first = report.replays[0].tricks[0]
    assert first.leader is Seat.N and first.skipped is Seat.W and len(first.cards) == 3
