"""The laws in the play (docs/rules/laws.md §7–§8, §10–§11): revokes found from the hands and
penalised when claimed, leads out of turn, exposed cards."""
from __future__ import annotations

from dataclasses import replace

import pytest

from builders import RANKED, SUITED, calls
from laws_builders import DATA, EXPOSED, LEAD, file_under_laws, laws_deal, laws_session, revoke, under_laws
from vint_replay.engine.cards import Card
from vint_replay.engine.diagnostics import Severity
from vint_replay.games.laws import with_laws
from vint_replay.games.laws.penalty import cap
from vint_replay.games.laws.settlement import settlement
from vint_replay.engine.ledger import Ledger
from vint_replay.games.registry import get_profile
from vint_replay.games.vint.classic import Classic
from vint_replay.engine.record import Irregularity, IrregularityKind
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.scoring import DealFacts, Item
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.formats.vint_text import read_vint, write_vint
from vint_replay.store.columnar import batch_supported
from settled import settled


def entries(deal) -> set[tuple[str, str, str, int]]:
    return {(e.side.name, str(e.line), str(e.item), e.points) for e in deal.entries}


def totals(deal) -> tuple[int, int, int, int]:
    ns, ew = deal.totals(Side.NS), deal.totals(Side.EW)
    return ns.below, ns.above, ew.below, ew.above


def errors(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics if d.severity is Severity.ERROR]


def warnings(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics if d.severity is Severity.WARNING]


# -- §10: the worked examples ---------------------------------------------------------------------

def test_s10_1_defenders_revoke_with_two_tricks():
    """docs/rules/laws.md §10.1: 4♥ by S, N–S 11 tricks, W's claimed revoke at trick 5: E–W's 2
    tricks move and the missing one costs UT(4) = 4000; N–S 520 / 9400 (game, grand slam,
    6 units of honours and aces), E–W 0 / 0."""
    report = file_under_laws("revoke_10_1.json", {})  # the file's own claim: W at trick 5
    assert report.valid, report.diagnostics
    (deal,) = report.score.deals
    assert totals(deal) == (520, 9400, 0, 0)
    assert entries(deal) == {("NS", "below", "tricks", 520), ("EW", "below", "tricks", 0),
                             ("NS", "above", "revoke_penalty", 4000), ("NS", "above", "game", 1000),
                             ("NS", "above", "slam", 2000), ("NS", "above", "honours", 2400)}
    assert deal.game.side is Side.NS and deal.game.trick is None  # no trick order in a penalised deal
    shown = deal.penalty
    assert (shown.tricks_before, shown.tricks_after, deal.tricks) == ((11, 2), (13, 0), (13, 0))
    assert [(t.seat, t.moved, t.missing) for t in shown.transfers] == [(Seat.W, 2, 1)]
    assert shown.capped == (0, 0)
    assert [(r.seat, r.trick, r.index) for r in report.replays[0].revokes] == [(Seat.W, 5, 19)]


def test_s10_1_without_the_claim_the_revoke_is_a_warning_and_the_deal_scores_as_played():
    """docs/rules/laws.md §8.2 and §10.1 (without the revoke): N–S 440 / 2400, E–W 80 / 0, no
    game; the revoke is a warning at its card."""
    report = file_under_laws("revoke_10_1.json", {1: ()})
    assert report.valid
    assert warnings(report) == [("revoke_unclaimed", "play[19]")]
    (deal,) = report.score.deals
    assert totals(deal) == (440, 2400, 80, 0) and deal.game is None and deal.penalty is None


def test_s10_2_the_declarers_side_revokes_near_game():
    """docs/rules/laws.md §10.2: 3NT by N after 300 / 90 below, S's claimed revoke: 7 – 6, down
    2 (E–W 6000); N–S 210 below would pass 490: 190 below, 20 above; N–S 190 / 1520, E–W
    180 / 6000, no game."""
    report = file_under_laws("revoke_10_2.json", {})
    assert report.valid, report.diagnostics
    first, deal = report.score.deals
    assert totals(first)[0::2] == (300, 90)
    assert totals(deal) == (190, 1520, 180, 6000)
    assert ("NS", "above", "tricks", 20) in entries(deal) and ("EW", "above", "undertricks", 6000) in entries(deal)
    assert deal.game is None and deal.below_end == (490, 270)
    assert (deal.penalty.tricks_before, deal.penalty.tricks_after, deal.penalty.capped) == ((10, 3), (7, 6), (20, 0))


def test_s10_2_without_the_revoke_north_south_win_the_game():
    """docs/rules/laws.md §10.2: without the claim N–S's 300 below win the game."""
    report = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7, claimed=False),)})  # listed, not claimed
    assert warnings(report) == [("revoke_unclaimed", "play[27]")]
    assert report.score.deals[1].game.side is Side.NS


def test_without_the_laws_a_revoke_is_still_an_invalid_record():
    """docs/rules/laws.md §8.2: a session without ``laws`` keeps the strict rule."""
    strict = under_laws(read_file(DATA / "revoke_10_1.json").record, {1: ()}, laws=None)
    assert errors(evaluate(strict)) == [("revoke", "play[19]")]


@pytest.mark.parametrize("name", ["revoke_10_1.json", "revoke_10_2.json"])
def test_s10_the_worked_examples_score_the_same_from_a_text_record(name):
    """docs/rules/laws.md §10: the examples written as ``.vint`` (``[Laws]``, ``[Irregularity]``)
    read back and score exactly as the JSON files."""
    record = read_file(DATA / name).record
    text = settled(read_vint(write_vint(record)))
    assert not [d for d in text.diagnostics if d.severity is Severity.ERROR]
    assert text.record.deals == record.deals
    assert evaluate(text.record).score.deals == evaluate(record).score.deals


def test_s10_2_score_json_from_the_command_line():
    """docs/rules/laws.md §10.2 through ``vint-replay score --json`` (format.md §4.3)."""
    import json

    from click.testing import CliRunner

    from vint_replay.cli import main

    result = CliRunner().invoke(main, ["score", "--json", str(DATA / "revoke_10_2.json")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    deal = doc["deals"][1]
    assert (deal["tricks"], deal["totals"]) == ({"NS": 7, "EW": 6}, {"NS": {"below": 190, "above": 1520},
                                                                    "EW": {"below": 180, "above": 6000}})
    assert deal["revoke_penalty"]["capped"] == {"NS": 20, "EW": 0}
    assert doc["players"]["S"]["result"] == doc["players"]["N"]["result"] - 2 * 7180


# -- §8.2: claims against the play ----------------------------------------------------------------

def test_s8_2_a_claimed_revoke_where_the_player_followed_suit_is_a_located_error():
    report = file_under_laws("revoke_10_1.json", {1: (revoke("W", 4),)})
    assert ("irregularity_mismatch", "irregularities[0]") in errors(report)
    message = next(d.message for d in report.diagnostics if d.code == "irregularity_mismatch")
    assert "followed suit" in message and "trick 4" in message
    assert report.score is None


def test_s8_2_a_claimed_revoke_by_a_player_who_had_none_of_the_suit_is_a_located_error():
    """docs/rules/laws.md §8.1: in §10.1's trick 11 E discards ♠Q on a club with no club left."""
    report = file_under_laws("revoke_10_1.json", {1: (revoke("E", 11),)})
    assert errors(report) == [("irregularity_mismatch", "irregularities[0]")]
    assert any("held no ♣" in d.message for d in report.diagnostics)


def test_s8_2_a_claimed_revoke_without_its_trick_is_found_in_the_play():
    report = file_under_laws("revoke_10_1.json", {1: (revoke("W", None),)})
    assert report.valid and totals(report.score.deals[0]) == (520, 9400, 0, 0)


def test_s8_2_a_paper_log_revoke_is_taken_as_recorded():
    """docs/rules/laws.md §8.2 / format §5: with only a result the claimed revoke stands as recorded."""
    report = laws_session("classic", laws_deal(RANKED, "classic", "S", "4H", revoke("W", 5), result=11))
    assert report.valid
    assert report.score.deals[0].tricks == (13, 0)


# -- §11: the rulings -----------------------------------------------------------------------------

@pytest.mark.parametrize("rules,each", [("classic", 3000), ("volchaninov", 1500)])
def test_ruling_3_missing_tricks_cost_one_undertrick_at_the_contracts_level(rules, each):
    """docs/rules/laws.md §11 ruling 3: E–W hold 1 trick of 3NT; it moves and the 2 missing cost
    UT(3) each: classic 1000 × 3, volchaninov 500 × 3 (the profile's own undertrick value)."""
    report = laws_session(rules, laws_deal(RANKED, rules, "N", "3NT", revoke("E", 4), result=12))
    (deal,) = report.score.deals
    assert deal.tricks == (13, 0)
    assert ("NS", "above", "revoke_penalty", 2 * each) in entries(deal)
    profile = get_profile(rules)
    assert each == profile.undertrick_value(deal.contract)


def test_ruling_3_the_undertrick_value_is_one_hook_used_by_the_profiles_own_undertricks():
    """docs/rules/laws.md §11 ruling 3: UT(L) lives once — a profile changing it changes both."""

    class Dearer(Classic):
        def undertrick_value(self, contract):
            return 7

    profile = with_laws(Dearer(), "001")
    failed = replay_deal(laws_deal(RANKED, "classic", "N", "3NT", result=7), profile)
    revoked = replay_deal(laws_deal(RANKED, "classic", "N", "3NT", revoke("E", 4), result=12), profile)
    assert ("EW", "above", "undertricks", 14) in entries(Ledger(profile).add(failed))
    assert ("NS", "above", "revoke_penalty", 14) in entries(Ledger(profile).add(revoked))


def test_ruling_4_transferred_tricks_decide_the_contract():
    """docs/rules/laws.md §11 ruling 4: 4♥ by S took 8; W's revoke makes it 11: made, no undertricks."""
    (deal,) = laws_session("classic", laws_deal(RANKED, "classic", "S", "4H", revoke("W", 2), result=8)).score.deals
    assert deal.tricks == (11, 2)
    assert not [e for e in deal.entries if e.item is Item.UNDERTRICKS]
    assert ("NS", "below", "tricks", 440) in entries(deal)


def test_ruling_4_the_side_with_leve_is_judged_on_adjusted_counts():
    """docs/rules/laws.md §11 ruling 4 (§8.4.3): the deal is scored as the profile scores the
    adjusted counts — exactly its entries plus the penalty's."""
    profile = with_laws(get_profile("classic"), "001")
    record = laws_deal(RANKED, "classic", "S", "2D", revoke("N", 3), result=9)
    deal = laws_session("classic", record).score.deals[0]
    plain = profile.score(DealFacts(deal.contract, (6, 7), replay_deal(record, profile).hands))
    assert deal.tricks == (6, 7)
    assert {e for e in deal.entries if e.item is not Item.GAME} == set(plain)


def test_ruling_5_a_declared_slam_reached_by_the_transfer_is_made():
    """docs/rules/laws.md §11 ruling 5 (law 150): 6NT by N took 9; E's revoke gives 12: the
    declared slam is made (5000) and the taken small slam written (1000)."""
    (deal,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "6NT", revoke("E", 1), result=9)).score.deals
    assert deal.tricks == (12, 1)
    assert {("NS", "above", "contract_premium", 5000), ("NS", "above", "slam", 1000)} <= entries(deal)
    assert not [e for e in deal.entries if e.item in (Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM)]


def test_ruling_10_several_revokes_are_each_penalised_and_both_sides_are():
    """docs/rules/laws.md §11 ruling 10 (§8.4): two E–W revokes move 6 tricks; a revoke by each
    side moves 3 each way."""
    (two,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "3NT", revoke("E", 2), revoke("W", 6),
                                               result=7)).score.deals
    assert (two.penalty.tricks_before, two.tricks) == ((7, 6), (13, 0))
    (both,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "3NT", revoke("N", 2), revoke("W", 6),
                                                result=10)).score.deals
    assert [(t.seat, t.moved) for t in both.penalty.transfers] == [(Seat.N, 3), (Seat.W, 3)]
    assert both.tricks == (10, 3)


def test_ruling_15_the_cap_is_one_step_short_of_the_game_whatever_the_threshold():
    """docs/rules/laws.md §11 ruling 15 (§8.4.4): G − 10 — 490 at 500, 590 in the 600 game. 7NT
    by N, 13 tricks, N's revoke: 10 × 70 = 700 below, capped."""

    class Widow(Classic):
        game_threshold = 600

    for profile, room in ((with_laws(get_profile("classic"), "001"), 490), (with_laws(Widow(), "001"), 590)):
        assert cap(profile) == room
        deal = Ledger(profile).add(replay_deal(laws_deal(RANKED, "classic", "N", "7NT", revoke("N", 3), result=13),
                                               profile))
        assert deal.totals(Side.NS).below == room and deal.game is None
        assert ("NS", "above", "tricks", 700 - room) in entries(deal)
        assert deal.penalty.capped == (700 - room, 0)


def test_s8_4_4_the_other_side_can_win_a_game_by_its_adjusted_total():
    """docs/rules/laws.md §8.4.4: the non-revoking side wins the game by its total (no trick order)."""
    (deal,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "7NT", revoke("N", 3), result=10)).score.deals
    assert deal.tricks == (7, 6) and deal.game is None  # E–W 6 × 70 = 420 < 500
    (game,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "7NT", revoke("N", 3), result=8)).score.deals
    assert game.tricks == (5, 8) and game.game.side is Side.EW and game.game.trick is None


# -- §7: leads out of turn and exposed cards -------------------------------------------------------

def lead(seat: str, trick: int, accepted: bool | None, card: str | None = None) -> Irregularity:
    return Irregularity(LEAD, Seat.parse(seat), trick, Card.parse(card) if card else None, accepted=accepted)


def exposed(seat: str, card: str, trick: int | None = 1, called_round: int | None = None) -> Irregularity:
    return Irregularity(EXPOSED, Seat.parse(seat), trick, Card.parse(card), called_round=called_round)


def test_ruling_9_and_16_an_accepted_lead_out_of_turn_stands_and_the_trick_goes_on_from_the_offender():
    """docs/rules/laws.md §11 rulings 9 and 16 (§7.3): E leads to trick 1 instead of W; the
    lead stands, E's hearts win every trick."""
    record = laws_deal(SUITED, "classic", "S", "1NT", lead("E", 1, True))
    report = laws_session("classic", record)
    assert report.valid, report.diagnostics
    assert report.replays[0].tricks[0].leader is Seat.E and report.score.deals[0].tricks == (0, 13)
    without = laws_session("classic", replace(record, irregularities=()))
    assert errors(without) == [("hands_mismatch", "play[0]")]


def test_ruling_16_a_lead_out_of_turn_named_where_the_offender_was_on_lead_is_an_error():
    record = laws_deal(SUITED, "classic", "S", "1NT", lead("W", 1, True))
    assert errors(laws_session("classic", record)) == [("irregularity_mismatch", "irregularities[0]")]


def test_ruling_16_a_refused_lead_out_of_turn_is_exposed_and_law_78_bars_the_partners_opening_lead():
    """docs/rules/laws.md §11 ruling 16, §7.3 and §5 (law 78): E leads ♥K out of turn, refused:
    W leads; W may not open hearts; the ♥K stays exposed."""
    barred = laws_deal(RANKED, "classic", "S", "1NT", lead("E", 1, False, "HK"), chosen={(1, "W"): "H3"})
    assert errors(laws_session("classic", barred)) == [("barred_lead", "play[0]")]
    free = laws_deal(RANKED, "classic", "S", "1NT", lead("E", 1, False, "HK"))
    assert laws_session("classic", free).valid
    needs_card = laws_deal(RANKED, "classic", "S", "1NT", lead("E", 1, False))
    assert errors(laws_session("classic", needs_card)) == [("irregularity_mismatch", "irregularities[0]")]


def test_s7_2_an_exposed_card_never_held_is_a_located_error():
    record = laws_deal(SUITED, "classic", "S", "1NT", exposed("W", "HA"))
    report = laws_session("classic", record)
    assert errors(report) == [("irregularity_mismatch", "irregularities[0]")]
    assert "dealt to E" in report.diagnostics[0].message


def test_s7_1_an_exposed_card_is_not_played_of_the_players_own_choice_while_he_holds_its_suit():
    """docs/rules/laws.md §7.1: W (all the clubs) leads his exposed ♣A to trick 2."""
    record = laws_deal(SUITED, "classic", "S", "1NT", exposed("W", "CA"), chosen={(2, "W"): "CA"})
    assert errors(laws_session("classic", record)) == [("exposed_card", "play[4]")]


def test_ruling_11_an_exposed_card_is_free_after_the_third_round_of_its_suit():
    """docs/rules/laws.md §11 ruling 11: after three rounds of clubs W may lead the ♣A."""
    record = laws_deal(SUITED, "classic", "S", "1NT", exposed("W", "CA"), chosen={(4, "W"): "CA"})
    assert laws_session("classic", record).valid


def test_s7_2_a_called_card_must_be_played_to_its_round():
    """docs/rules/laws.md §7.2: the ♣A called to the 2nd round of clubs: played there it is
    right; a low club there instead is an error at that card."""
    right = laws_deal(SUITED, "classic", "S", "1NT", exposed("W", "CA", called_round=2), chosen={(2, "W"): "CA"})
    assert laws_session("classic", right).valid
    wrong = laws_deal(SUITED, "classic", "S", "1NT", exposed("W", "CA", called_round=2))
    assert errors(laws_session("classic", wrong)) == [("exposed_card", "play[4]")]


def test_ruling_14_a_corrected_revokes_wrong_card_stays_exposed_and_costs_nothing_else():
    """docs/rules/laws.md §11 ruling 14, §8.3: E first put ♥2 on trick 1's spade lead, then
    followed; the ♥2 stays exposed (recorded so, law 174) — E's low heart at the first heart
    round, with others held, is an error; there is no penalty and no revoke in the play."""
    plain = laws_deal(RANKED, "classic", "S", "1NT")
    first_heart = next(i for i, c in enumerate(plain.play) if c == Card.parse("H2"))
    report = laws_session("classic", replace(plain, irregularities=(exposed("E", "H2"),)))
    assert errors(report) == [("exposed_card", f"play[{first_heart}]")] and not warnings(report)
    assert report.replays[0].penalty is None and report.replays[0].revokes == ()


def test_s8_2_a_claimed_revokes_card_must_be_the_one_played():
    """docs/rules/laws.md §8.2: W revoked with ♠4 in §10.1's trick 5, not with ♠5."""
    named = replace(revoke("W", 5), card=Card.parse("S5"))
    assert errors(file_under_laws("revoke_10_1.json", {1: (named,)})) == \
        [("irregularity_mismatch", "irregularities[0]")]
    right = replace(revoke("W", 5), card=Card.parse("S4"))
    assert file_under_laws("revoke_10_1.json", {1: (right,)}).valid


# -- the layer's plumbing ---------------------------------------------------------------------------

def test_the_batch_path_declines_sessions_under_the_laws():
    assert batch_supported(get_profile("volchaninov"))
    assert not batch_supported(with_laws(get_profile("volchaninov"), "001"))


def test_the_laws_apply_over_vint_profiles_only():
    report = laws_session("rubber-bridge", laws_deal(RANKED, "classic", "S", "1NT", result=7))
    assert ("schema", "session.laws") in errors(report)


# -- §8.5 and §9: who of the partners pays -----------------------------------------------------------

def test_s8_5_and_ruling_7_an_asked_revoke_is_paid_by_the_revoker_alone():
    """docs/rules/laws.md §8.5 (law 153), §9, §11 ruling 7: in §10.2 N asked S "not by mistake?"
    and S denied: S alone bears X = N–S's deal balance without the penalty (300 + 1500 + the
    game's 1000 − 90 = 2710) minus as scored (1710 − 6180 = −4470) = 7180; N is spared it."""
    report = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7, asked=True),)})
    deal = report.score.deals[1]
    assert [(r.seat, r.amount, r.law) for r in deal.responsible] == [(Seat.S, 7180, "153")]
    ns, ew = report.score.totals
    assert settlement(report.score) == (ns - ew + 7180, ew - ns, ns - ew - 7180, ew - ns)
    unasked = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7),)})
    assert unasked.score.deals[1].responsible == ()
    assert settlement(unasked.score) == (ns - ew, ew - ns, ns - ew, ew - ns)


def test_s9_law_179_a_lone_slam_down_more_than_three_is_the_bidders_alone():
    """docs/rules/laws.md §9 (law 179): N bid 6NT with S silent and went down 4: N answers
    alone for the deal's whole net loss; down 3, or with S's support, both partners share it."""
    (alone,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "6NT", result=8)).score.deals
    loss = sum(e.points for e in alone.entries if e.side is Side.EW) - sum(e.points for e in alone.entries
                                                                           if e.side is Side.NS)
    assert [(r.seat, r.amount, r.law) for r in alone.responsible] == [(Seat.N, loss, "179")]
    (three,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "6NT", result=9)).score.deals
    assert three.responsible == ()
    supported = replace(laws_deal(RANKED, "classic", "N", "6NT", result=8),
                        auction=calls("pass pass 1C pass 6NT " + "pass " * 8))
    (shared,) = laws_session("classic", supported).score.deals
    assert shared.responsible == ()
    (strict,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "6NT", result=8), laws=None).score.deals
    assert strict.responsible == ()


def test_s9_score_output_shows_the_penalty_and_each_players_result():
    """docs/rules/laws.md §8.4 and §9 in ``score --json`` (format.md §5) and on the sheet."""
    from vint_replay.reports.scoresheet import render_scoresheet, score_json

    report = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7, asked=True),)})
    doc = score_json(report.record, report.score, report.profile)
    deal = doc["deals"][1]
    assert deal["tricks"] == {"NS": 7, "EW": 6}
    assert deal["revoke_penalty"] == {"tricks_before": {"NS": 10, "EW": 3},
                                      "transfers": [{"seat": "S", "moved": 3, "missing": 0}],
                                      "capped": {"NS": 20, "EW": 0}}
    assert deal["responsible"] == [{"seat": "S", "amount": 7180, "law": "153"}]
    d = doc["rubbers"][0]["totals"]["NS"] - doc["rubbers"][0]["totals"]["EW"]
    assert {seat: p["result"] for seat, p in doc["players"].items()} == {"N": d + 7180, "E": -d, "S": d - 7180, "W": -d}
    sheet = render_scoresheet(report.record, report.score, report.profile)
    assert "deal 2: revoke penalty, tricks 10–3 scored as 7–6 (S's revoke moves 3)" in sheet
    assert f"S South {d - 7180:+d}" in sheet and "answers alone for 7180 (law 153)" in sheet
    strict = laws_session("classic", laws_deal(RANKED, "classic", "N", "6NT", result=8), laws=None)
    assert "players" not in score_json(strict.record, strict.score, strict.profile)
    assert "Players:" not in render_scoresheet(strict.record, strict.score, strict.profile)


def test_ruling_16_a_lead_that_stood_is_replayed_from_the_offender_with_or_without_the_hands():
    """docs/rules/laws.md §7.3, ruling 16: the positions a replay steps through start with E to
    lead, and a play recorded without its hands is read with E leading trick 1."""
    record = laws_deal(SUITED, "classic", "S", "1NT", lead("E", 1, True))
    states = laws_session("classic", record).replays[0].play_states
    assert len(states) == 53 and states[0].to_play is Seat.E
    handless = laws_session("classic", replace(record, hands=None))
    assert handless.valid and handless.replays[0].hands == laws_session("classic", record).replays[0].hands


def test_s10_2_the_terminal_replay_judges_the_contract_on_the_adjusted_counts():
    """docs/rules/laws.md §8.4.3 at ``vint-replay replay``: 10–3 as played, 7–6 scored: down 2."""
    from click.testing import CliRunner

    from vint_replay.cli import main

    result = CliRunner().invoke(main, ["replay", "--deal", "2", str(DATA / "revoke_10_2.json")])
    assert result.exit_code == 0, result.output
    assert "Tricks N–S 10, E–W 3; after the revoke penalty N–S 7, E–W 6: 3NT 2 down" in result.output


def test_s8_4_4_the_audit_explains_a_paper_sheet_that_ignored_the_cap():
    """docs/rules/laws.md §8.4.4 in ``audit``: §10.2 written on paper with all 210 below is two
    mismatches, both put down to the 20 that belong above the line."""
    from vint_replay.engine.record import LineTotals
    from vint_replay.reports.audit import audit

    record = read_file(DATA / "revoke_10_2.json").record
    for paper, clean in (((190, 1520), True), ((210, 1500), False)):
        deals = (record.deals[0], replace(record.deals[1], recorded=(LineTotals(*paper), LineTotals(180, 6000))))
        report = evaluate(replace(record, deals=deals))
        result = audit(report.record, report.score)
        assert result.clean is clean
        assert clean or all("tricks 20" in m.explanation for m in result.mismatches)


def test_rescored_under_the_other_vint_profile_the_laws_ride_along():
    """docs/rules/laws.md §8.4.2: §10.1 rescored under volchaninov keeps its penalty, at
    volchaninov's UT(4) = 2000; under bridge the layer does not apply (an error at session.laws)."""
    record = read_file(DATA / "revoke_10_1.json").record
    (deal,) = evaluate(record, rules="volchaninov").score.deals
    assert deal.tricks == (13, 0) and ("NS", "above", "revoke_penalty", 2000) in entries(deal)
    assert ("schema", "session.laws") in errors(evaluate(record, rules="rubber-bridge"))


def test_s9_law_178_a_blind_bidder_answers_alone_for_the_deals_loss():
    """docs/rules/laws.md §7.4 and §9 (law 178): N bid 3NT blind and went down: N bears the
    deal's whole net loss; a made contract costs nobody anything."""
    blind = Irregularity(IrregularityKind.BLIND_BID, Seat.N)
    (down,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "3NT", blind, result=7)).score.deals
    loss = -sum(e.points if e.side is Side.NS else -e.points for e in down.entries)
    assert loss > 0 and [(r.seat, r.amount, r.law) for r in down.responsible] == [(Seat.N, loss, "178")]
    (made,) = laws_session("classic", laws_deal(RANKED, "classic", "N", "3NT", blind, result=13)).score.deals
    assert made.responsible == ()


def test_s9_law_157_a_revoke_after_a_dropped_card_is_the_revokers_alone():
    """docs/rules/laws.md §8.1 and §9 (law 157): W had dropped ♥4 and so revoked in §10.1's
    trick 5: the penalty's cost is W's alone, asked or not; a dropped card W never held is a
    located error."""
    dropped = Irregularity(IrregularityKind.DROPPED_CARD, Seat.W, 5, Card.parse("H4"))
    report = file_under_laws("revoke_10_1.json", {1: (dropped, revoke("W", 5))})
    assert report.valid, report.diagnostics
    (r,) = report.score.deals[0].responsible
    assert (r.seat, r.law) == (Seat.W, "157") and r.amount > 0
    foreign = Irregularity(IrregularityKind.DROPPED_CARD, Seat.W, 5, Card.parse("HA"))
    assert errors(file_under_laws("revoke_10_1.json", {1: (foreign, revoke("W", 5))})) == \
        [("irregularity_mismatch", "irregularities[0]")]


def test_ruling_16_a_lead_out_of_turn_not_said_to_have_stood_is_read_as_refused():
    """docs/rules/laws.md §7.3 and format.md §5.4 (``accepted`` absent reads as false): E's ♥K
    led out of turn is exposed and W leads; so W may not open hearts (law 78)."""
    barred = laws_deal(RANKED, "classic", "S", "1NT", lead("E", 1, None, "HK"), chosen={(1, "W"): "H3"})
    assert errors(laws_session("classic", barred)) == [("barred_lead", "play[0]")]
