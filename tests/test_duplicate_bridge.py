"""The duplicate-bridge profile: docs/rules/duplicate-bridge.md §1–§4."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vint_replay.engine.calls import Contract, Denomination as D
from vint_replay.games.registry import get_profile
from vint_replay.games.registry import RubberState
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.engine.scoring import DealFacts, Item
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json

DUPLICATE = get_profile("duplicate-bridge")


def board(level, denomination, declarer, taken, vulnerable=False, doubled=1) -> int:
    contract = Contract(level, denomination, declarer, doubled)
    tricks = (taken, 13 - taken) if declarer.side is Side.NS else (13 - taken, taken)
    vul = (vulnerable, False) if declarer.side is Side.NS else (False, vulnerable)
    return board_score(DUPLICATE.score(DealFacts(contract, tricks, None, vul)))


@pytest.mark.parametrize(("args", "score"), [
    ((4, D.HEARTS, Seat.N, 10), 420), ((4, D.HEARTS, Seat.N, 10, True), 620),
    ((3, D.NOTRUMP, Seat.S, 10), 430), ((6, D.SPADES, Seat.N, 12, True), 1430),
    ((7, D.NOTRUMP, Seat.N, 13, True), 2220), ((1, D.CLUBS, Seat.N, 7, False, 2), 140),
    ((2, D.HEARTS, Seat.N, 9, False, 2), 570), ((2, D.SPADES, Seat.E, 7, False, 2), 100),
    ((1, D.NOTRUMP, Seat.N, 7), 90), ((4, D.SPADES, Seat.E, 10, True), -620), ((3, D.NOTRUMP, Seat.W, 6), 150),
])
def test_s3_s4_board_scores(args, score):
    """§3–§4: trick score + part-score 50 or game 300/500 + slams, overtricks, insult;
    undertricks to the defenders; the board's score from N–S's side."""
    assert board(*args) == score


def test_s1_no_honours_and_no_games_carried():
    """§1: honours are not scored and part scores do not add up to games across boards."""
    raw = json.loads((Path(__file__).parent / "data" / "rubber_bridge.json").read_text())
    raw["session"]["rules"] = "duplicate-bridge"
    score = evaluate(read_json(json.dumps(raw).encode()).record).score
    assert all(d.game is None for d in score.deals)
    assert not [e for d in score.deals for e in d.entries if e.item is Item.HONOURS]
    first, third = score.deals[0], score.deals[2]  # 2♥+1 by S and 2♠= by N, board 1 and 3: not vulnerable
    assert board_score(first.entries) == 140 and board_score(third.entries) == 110


def test_s2_vulnerability_by_the_board_or_the_rotation():
    """§2: the board's own vulnerability wins; otherwise the standard rotation of 16 boards."""
    none = RubberState((), 0)
    rotation = [DUPLICATE.vulnerability(none, n, None) for n in range(1, 18)]
    assert rotation[:4] == [(False, False), (True, False), (False, True), (True, True)]
    assert rotation[16] == rotation[0]
    assert DUPLICATE.vulnerability(none, 1, (True, True)) == (True, True)


def test_score_json_carries_vulnerability_and_each_board_score(tmp_path):
    """format.md §5: under bridge `score --json` adds each deal's vulnerability, and under
    duplicate each board's score from N–S's side (board 4: 4♠ by W + 1, both vulnerable,
    −(120 + 30 + 500); board 7: 6♣XX by S + 1, both vulnerable, 480 + 400 + 500 + 750 + 100)."""
    from click.testing import CliRunner

    from vint_replay.cli import main

    path = Path(__file__).parent / "data" / "rubber_bridge.json"
    doc = json.loads(CliRunner().invoke(main, ["score", str(path), "--json", "--rules", "duplicate-bridge"]).output)
    boards = {d["number"]: d for d in doc["deals"]}
    assert boards[4]["vulnerable"] == {"NS": True, "EW": True} and boards[4]["board_score"] == -650
    assert boards[7]["board_score"] == 2230
    rubber = json.loads(CliRunner().invoke(main, ["score", str(path), "--json"]).output)
    assert "board_score" not in rubber["deals"][0] and rubber["deals"][5]["vulnerable"] == {"NS": True, "EW": True}
    vint = json.loads(CliRunner().invoke(main, ["score", str(Path(__file__).parent / "data" / "worked_example.json"),
                                                "--json"]).output)
    assert "vulnerable" not in vint["deals"][0]
