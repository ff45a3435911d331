"""Variations of a played deal (issue 21): the engine's play rules refuse an illegal card with
the rule it breaks, DDS values every legal card of a position, and a finished line is scored
by the engine as the scoresheet would write it, games and rubbers included."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("endplay")

from builders import contract_auction, deal, items, result_deal, scored, session  # noqa: E402
from vint_replay.analysis.dd import card_values  # noqa: E402
from vint_replay.analysis.variation import OutOfRange, Refused, Rule, VariationError, branch  # noqa: E402
from vint_replay.cli import main  # noqa: E402
from vint_replay.engine.cards import Card  # noqa: E402
from vint_replay.engine.seats import Seat, Side  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402

# N wins the first eleven tricks with his top cards, everybody following suit (W leads ♠5
# against S's no-trump contract; N's ♠A wins and N leads on). Then the two-trick ending, N on lead:
#   N ♦A ♣2 · E ♠2 ♣A · S ♥2 ♣3 · W ♣5 ♣4
# Actually N led ♣2 (E's ♣A won, then E's ♠2, the last spade): N–S took 11 tricks.
HANDS = "AKQ.AKQ.AKQJ.KQ2 JT92.JT9.T98.AJT 876.8762.765.983 543.543.432.7654"
PLAY = ("S5 SA SJ S8 / SK ST S7 S4 / SQ S9 S6 S3 / HA HJ H8 H5 / HK HT H7 H4 / HQ H9 H6 H3 / "
        "DK DT D7 D4 / DQ D9 D6 D3 / DJ D8 D5 D2 / CK CJ C9 C7 / CQ CT C8 C6 / C2 CA C3 C4 / S2 H2 C5 DA")
ENDING = 44  # the card index of trick 12's lead
DEALERS = "NESW"


def played(number: int) -> object:
    """The deal above as deal ``number`` of a session, S declaring 1NT (V = 12, volchaninov.md §4)."""
    dealer = DEALERS[(number - 1) % 4]
    return deal(number, dealer, HANDS, contract_auction(dealer, "S", "1NT"), PLAY)


def race():
    """Before the played deal (deal 3) N–S have 364 below the line (3♦ all 13: 13 × 28) and E–W
    494 (4♦, E–W all 13: 13 × 38); nobody has a game (volchaninov.md §5)."""
    return scored(result_deal("3D", "N", 13, 1, "N"), result_deal("4D", "E", 13, 2, "E"), played(3))


def c(text: str) -> Card:
    return Card.parse(text)


def test_ending_values_worked_by_hand():
    """No-trump, N to lead to trick 12 with N–S 11 tricks in. ♦A wins (nobody else has a
    diamond) and N–S end with 12 whatever follows. ♣2 loses to E's ♣A, and E's ♠2 then wins the
    last trick (nobody else has a spade): 11. 1NT needs 7: made +5 and made +4."""
    variation = branch(race(), 3, ENDING)
    assert variation.state.to_play is Seat.N
    assert variation.legal == (c("C2"), c("DA"))
    assert variation.state.tricks_won == (11, 0)
    values = {v.card: (v.tricks, v.verdict) for v in card_values(variation.state, variation.contract)}
    assert values == {c("DA"): (12, "made +5"), c("C2"): (11, "made +4")}


def test_values_of_the_defenders_cards_are_in_the_declarers_tricks():
    """After ♦A, E (no diamond) discards ♠2 or ♣A. Keeping ♣A wins the last trick over N's ♣2;
    keeping ♠2, N's ♣2 loses to W's ♣4 or ♣5 instead: N–S 12 either way."""
    variation = branch(race(), 3, ENDING).play(c("DA"))
    assert variation.state.to_play is Seat.E and variation.state.trick == (c("DA"),)
    values = {v.card: v.tricks for v in card_values(variation.state, variation.contract)}
    assert values == {c("S2"): 12, c("CA"): 12}


def test_down_is_counted_in_undertricks():
    """The same ending in 6NT (12 needed): ♦A makes it exactly, ♣2 is one down."""
    report = scored(deal(1, "N", HANDS, contract_auction("N", "S", "6NT"), PLAY))
    verdicts = {v.card: v.verdict for v in card_values(branch(report, 1, ENDING).state, report.replays[0].contract)}
    assert verdicts == {c("DA"): "made", c("C2"): "down 1"}


def test_variation_takes_the_game_from_the_other_side():
    """Actually E–W's 12th-trick win takes them from 494 to 506 below: their first game, 500
    (volchaninov.md §5), N–S stuck at 364 + 11 × 12 = 496. With ♦A, N–S reach 508 at trick 12
    first: the game is theirs. N–S: +12 below (12 tricks × 12 instead of 11), +500 for taking
    12 tricks (§4 slam premium), +500 game; E–W: −12 below (1 trick instead of 2), −500 game."""
    outcome = branch(race(), 3, ENDING).play(c("DA")).finish().outcome()
    assert outcome.actual_deal.game is not None and outcome.actual_deal.game.side is Side.EW
    assert outcome.varied_deal.game is not None and outcome.varied_deal.game.side is Side.NS
    assert outcome.varied_deal.game.trick == 12
    assert outcome.game_changes and not outcome.rubbers_change
    assert items(outcome.varied_deal) == {("NS", "below", "tricks"): 144, ("EW", "below", "tricks"): 12,
                                          ("NS", "above", "slam"): 500, ("NS", "above", "aces"): 360,
                                          ("NS", "above", "game"): 500}
    assert (outcome.difference(Side.NS), outcome.difference(Side.EW)) == (12 + 500 + 500, -12 - 500)


def test_variation_wins_the_rubber():
    """With N–S's 7NT game first (13 × 72 = 936 below), the ending decides the rubber: actually
    E–W win their first game (500); with ♦A N–S win their second, the rubber: 1000 instead of
    500 (volchaninov.md §5), and no game for E–W. N–S +12 + 500 (12 tricks) + 1000; E–W −12 − 500."""
    report = scored(result_deal("7NT", "N", 13, 1, "N"), result_deal("3D", "N", 13, 2, "E"),
                    result_deal("4D", "E", 13, 3, "S"), played(4))
    outcome = branch(report, 4, ENDING).play(c("DA")).finish().outcome()
    assert [r.winner for r in outcome.actual.rubbers] == [None]
    assert [r.winner for r in outcome.varied.rubbers] == [Side.NS]
    assert outcome.rubbers_change
    assert items(outcome.varied_deal)[("NS", "above", "rubber")] == 1000
    assert (outcome.difference(Side.NS), outcome.difference(Side.EW)) == (12 + 500 + 1000, -12 - 500)


def test_the_actual_play_rescored_changes_nothing():
    """Branching at the last card and playing nothing more is the actual deal: difference 0."""
    outcome = branch(race(), 3, 52).outcome()
    assert outcome.varied.totals == outcome.actual.totals
    assert not outcome.game_changes


def test_finish_plays_double_dummy_best():
    """Played out double dummy from trick 12, N leads ♦A (his only card keeping 12 tricks) and
    wins trick 12; E, whose two cards are worth the same, discards the first in the deck's order
    (♠2, before ♣A) and wins trick 13 with ♣A over the ♣2 N leads."""
    variation = branch(race(), 3, ENDING).finish()
    assert variation.cards[:2] == (c("DA"), c("S2"))
    assert variation.finished and variation.state.tricks_won == (12, 1)
    assert [(t.winner, t.cards[0]) for t in variation.tricks[11:]] == [(Seat.N, c("DA")), (Seat.E, c("C2"))]


@pytest.mark.parametrize("at, cards, rule, index", [
    (ENDING, "SA", Rule.NOT_HELD, 44),  # ♠A went in trick 1
    (ENDING, "CA", Rule.NOT_HIS_TURN, 44),  # E's card, N to play
    (ENDING + 1, "S2", Rule.REVOKE, 45),  # after N's ♣2, E holds ♣A and must follow clubs
    (ENDING, "DA S2 H2 C5 CA", Rule.NOT_HIS_TURN, 48),  # N won trick 12 with ♦A: he leads, not E
])
def test_illegal_cards_are_refused_with_their_rule(at, cards, rule, index):
    """Volchaninov.md §3: a player plays his own cards, in turn, and follows suit if he can."""
    with pytest.raises(Refused) as refused:
        branch(race(), 3, at).play(*(c(t) for t in cards.split()))
    assert refused.value.rule is rule
    assert refused.value.index == index
    assert str(refused.value).startswith(f"play[{index}]: {rule}")


def test_set_up_errors():
    report = race()
    with pytest.raises(OutOfRange, match="no deal 9"):
        branch(report, 9, 0)
    with pytest.raises(OutOfRange, match="0–52, not 53"):
        branch(report, 3, 53)
    with pytest.raises(OutOfRange, match="0 cards played: --at is 0–0, not 1"):  # kept by its result: from the lead only
        branch(report, 1, 1)
    passed = scored(deal(1, "N", HANDS, "pass " * 8))
    with pytest.raises(VariationError, match="passed out"):
        branch(passed, 1, 0)


@pytest.fixture
def race_file(tmp_path) -> str:
    path = tmp_path / "race.json"
    raw = write_json(session(result_deal("3D", "N", 13, 1, "N"), result_deal("4D", "E", 13, 2, "E"), played(3)))
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw), encoding="utf-8")
    return str(path)


def test_cli_json_shape(runner, race_file):
    """docs/format.md §4.6: the position, each legal card's value, a finished line's outcome."""
    result = runner.invoke(main, ["whatif", race_file, "--deal", "3", "--at", "44", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["format"] == "vint-whatif/1"
    assert (out["deal"], out["contract"], out["declarer"], out["at"]) == (3, "1NT", "S", 44)
    assert out["position"] == {"cards_played": 44, "to_play": "N",
                               "hands": {"N": "..A.2", "E": "2...A", "S": ".2..3", "W": "...54"},
                               "trick": {"leader": "N", "cards": []}, "tricks": {"NS": 11, "EW": 0}}
    assert out["values"] == [{"card": "DA", "tricks": 12, "margin": 5}, {"card": "C2", "tricks": 11, "margin": 4}]
    assert out["outcome"] is None

    result = runner.invoke(main, ["whatif", race_file, "--deal", "3", "--at", "44", "--play", "DA", "--finish", "--json"])
    out = json.loads(result.output)
    assert out["played"] == ["DA"] and len(out["finished"]) == 7 and out["values"] == []
    assert out["outcome"]["difference"] == {"NS": 1012, "EW": -512}
    assert out["outcome"]["game_changes"] is True and out["outcome"]["rubbers_change"] is False
    assert out["outcome"]["deal"]["variation"]["game"] == {"side": "NS", "trick": 12, "bonus": "game"}
    assert out["outcome"]["deal"]["actual"]["game"] == {"side": "EW", "trick": 12, "bonus": "game"}
    actual, varied = out["outcome"]["totals"]["actual"], out["outcome"]["totals"]["variation"]
    assert (varied["NS"] - actual["NS"], varied["EW"] - actual["EW"]) == (1012, -512)


def test_cli_text(runner, race_file):
    result = runner.invoke(main, ["whatif", race_file, "--deal", "3", "--at", "44", "--play", "DA", "--finish"])
    assert result.exit_code == 0, result.output
    assert "game: E–W (game) → N–S (game) (changes hands)" in result.output
    assert "session N–S:" in result.output and "(+1012 points)" in result.output
    assert "(-512 points)" in result.output


@pytest.mark.parametrize("args, code, message", [
    (["--deal", "7", "--at", "0"], 2, "no deal 7"),
    (["--deal", "3", "--at", "60"], 2, "not 60"),
    (["--deal", "3", "--at", "44", "--play", "XY"], 2, "unknown card 'XY'"),
    (["--deal", "3", "--at", "44", "--play", "CA"], 1, "deal 3, play[44]: not his turn: ♣A is E's card; N is to play"),
    (["--deal", "3", "--at", "45", "--play", "S2"], 1, "play[45]: must follow suit (revoke)"),
    (["--deal", "1", "--at", "1"], 2, "has 0 cards played: --at is 0–0, not 1"),
])
def test_cli_errors_are_one_line(runner, race_file, args, code, message):
    result = runner.invoke(main, ["whatif", race_file, *args])
    assert result.exit_code == code
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert [line for line in result.output.splitlines() if line.startswith("Error:")] == \
        [line for line in result.output.splitlines() if message in line]


def test_cli_profile_without_double_dummy(runner):
    """Solo whist's contracts are not bids a double-dummy table scores (profile double_dummy)."""
    solo = Path(__file__).parents[1] / "sample_data" / "solo" / "arbat-solo-2026-11-24.json"
    result = runner.invoke(main, ["whatif", str(solo), "--deal", "1", "--at", "0"])
    assert result.exit_code == 1
    assert "the solo-whist profile has no double-dummy support" in result.output


def test_cli_another_final_contract(runner, race_file):
    """``--contract 3NT``: S bids 3NT where he bid 1NT (the auction's final bid, its first call),
    the others pass; played double dummy S takes what DDS's trick table gives him (11). Below the
    line each trick counts V = 12 + 2 × 10 = 32 for 3NT (volchaninov.md §4): N–S 11 × 32, E–W 2 × 32."""
    from vint_replay.analysis.dd import dd_table
    from vint_replay.engine.calls import Denomination

    result = runner.invoke(main, ["whatif", race_file, "--deal", "3", "--contract", "3NT", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    choice = out["choice"]
    assert (choice["kept"], choice["call"], choice["contract"], choice["declarer"]) == (0, "3NT", "3NT", "S")
    assert choice["auction"] == ["3NT"] + ["pass"] * 12 and len(choice["play"]) == 52
    assert choice["tricks"] == dd_table(race().replays[2].hands)[Denomination.NOTRUMP, Seat.S] == 11
    assert choice["margin"] == 2
    below = {(e["side"], e["item"]): e["points"] for e in out["outcome"]["deal"]["variation"]["entries"] if e["line"] == "below"}
    assert below == {("NS", "tricks"): 11 * 32, ("EW", "tricks"): 2 * 32}
    text = runner.invoke(main, ["whatif", race_file, "--deal", "3", "--contract", "3NT"]).output
    assert text.splitlines()[1] == "double dummy: N–S take 11 tricks, made +2"


@pytest.mark.parametrize("args, code, message", [
    (["--contract", "1S", "--call-at", "1"], 1, "W bid 1♠ but S had bid 1NT: a new bid must be higher"),  # after S's 1NT, W may not bid 1♠ (volchaninov.md §2)
    (["--contract", "X"], 1, "doubles and redoubles do not exist"),
    (["--contract", "pass"], 1, "passing there is not another contract"),
    (["--contract", "9Q"], 2, "--contract:"),
    (["--contract", "3NT", "--play", "DA"], 2, "--play, --finish and --seat go with --at"),
    ([], 2, "give --at K"),
    (["--at", "44", "--samples", "4"], 2, "--samples goes with --seat"),
    (["--at", "44", "--seat", "S"], 1, "N chooses the next card, not S"),
])
def test_cli_contract_and_seat_errors(runner, race_file, args, code, message):
    result = runner.invoke(main, ["whatif", race_file, "--deal", "3", *args])
    assert result.exit_code == code, result.output
    assert message in result.output


def test_cli_single_dummy_from_a_seat(runner, race_file):
    """N at trick 12 sees ♦A ♣2 and the cards played: ♦A is the last diamond and wins, so N–S
    end with 12 or 13 (S may hold ♣A); ♣2 can lose to ♣A; N–S have 11 in, 1NT is made in every
    layout. The same seed draws the same layouts."""
    args = ["whatif", race_file, "--deal", "3", "--at", "44", "--seat", "N", "--samples", "8", "--json"]
    out = json.loads(runner.invoke(main, args).output)
    single = out["single_dummy"]
    assert (single["seat"], single["layouts"], single["seed"]) == ("N", 8, 21)
    odds = {o["card"]: o for o in single["odds"]}
    assert set(odds) == {"DA", "C2"} and all(o["making"] == 1 for o in odds.values())
    assert 12 <= odds["DA"]["average"] <= 13 and 11 <= odds["C2"]["average"] <= 12
    assert json.loads(runner.invoke(main, args).output)["single_dummy"] == single


def test_cli_varies_the_session_asked_for(runner):
    """A PBN file of two rooms: ``--session 2`` varies the closed room's board 3 (3♦ there, 2♠ in
    the open room, as the file's [Contract] tags say); it used to read session 1 whatever was asked."""
    junior = Path(__file__).parent / "data" / "pbn" / "junior-teams-1998.pbn"
    contracts = [json.loads(runner.invoke(main, ["whatif", str(junior), "--deal", "3", "--at", "0", "--json", *extra]).output)
                 ["contract"] for extra in ([], ["--session", "2"])]
    assert contracts == ["2S", "3D"]


def test_cli_a_duplicate_board_s_line_is_its_one_score(runner):
    """duplicate-bridge.md §1: a board is scored on its own, from N–S's side, with no line and no
    game carried on: the open room's board 3 (2♠) finished double dummy from the lead says its
    entries without "below"/"above", the board's score actual → variation, and no "game:" line."""
    junior = Path(__file__).parent / "data" / "pbn" / "junior-teams-1998.pbn"
    out = runner.invoke(main, ["whatif", str(junior), "--deal", "3", "--at", "0", "--finish"]).output
    entries = out[out.index("the deal's entries"):out.index("board score")].splitlines()[1:]
    assert entries and not [line for line in entries if " below " in line or " above " in line]
    [board] = [line for line in out.splitlines() if line.startswith("board score (N–S): ")]
    was, now = (int(v) for v in board.split(": ")[1].split(" (")[0].split(" → "))
    moved = {line.split(":")[0][8:]: int(line.split("(")[1].split()[0]) for line in out.splitlines()
             if line.startswith("session ")}
    assert f"({now - was:+d})" in board and "game:" not in out
    assert moved["N–S"] - moved["E–W"] == now - was  # the sessions' totals move by what the board does
