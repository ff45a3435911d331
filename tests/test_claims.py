"""Claims (docs/format.md §5): a play that stops early together with a result. The tricks
played are checked card by card, the rest are counted from the result; where the claimed tricks
could decide which side reached game first the record needs the order (``order_needed``)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from synthetic_profile import VINT_PROFILES
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json
from vint_replay.formats.vint_text import read_vint, write_vint

WORKED = json.loads((Path(__file__).parent / "data" / "worked_example.json").read_text())
CLOSING = {"volchaninov": 12, "classic": 8, "rubber-bridge": 3, "duplicate-bridge": 3}  # passes after 3♣


def record(rules: str, cards: int, result: int, below_before: int = 0):
    """The worked deal (3♣ by N, 8 tricks) stopped after ``cards`` cards with ``result``."""
    raw = copy.deepcopy(WORKED)
    raw["session"]["rules"] = rules
    deal = raw["deals"][0]
    deal.pop("recorded")
    deal["auction"] = ["3C"] + ["pass"] * CLOSING[rules]
    deal["play"] = deal["play"][:cards]
    deal["result"] = {"declarer_tricks": result}
    return read_json(json.dumps(raw).encode()).record


@pytest.mark.parametrize("rules", sorted(CLOSING))
def test_a_claim_is_checked_as_far_as_it_goes_and_scored_from_the_result(rules):
    """Five tricks played, then the claim: the deal scores as if 8 tricks were taken, and the
    same as the whole play gives."""
    claimed = evaluate(record(rules, 20, 8))
    assert claimed.valid, [d.describe() for d in claimed.diagnostics]
    whole = evaluate(record(rules, 52, 8))
    assert whole.valid
    assert len(claimed.replays[0].tricks) == 5 and claimed.replays[0].tricks_won == (8, 5)
    assert claimed.score.deals[0].entries == whole.score.deals[0].entries
    assert len(claimed.score.deals[0].below_after) == 5 and claimed.score.deals[0].below_end is not None


def test_a_claim_can_stop_inside_a_trick():
    report = evaluate(record("volchaninov", 22, 8))
    assert report.valid and len(report.replays[0].tricks) == 5


def test_an_illegal_card_before_the_claim_is_still_found():
    rec = record("volchaninov", 20, 8)
    bad = list(rec.deals[0].play)
    bad[5], bad[6] = bad[6], bad[5]  # E and S swap cards in trick 2: a card not held
    from dataclasses import replace
    report = evaluate(replace(rec, deals=(replace(rec.deals[0], play=tuple(bad)),)))
    assert [(d.code, d.at) for d in report.diagnostics][:1] == [("hands_mismatch", "play[5]")]


def test_a_result_the_tricks_played_rule_out_is_a_mismatch():
    """A claim giving the defenders fewer tricks than they already took is refused."""
    played = evaluate(record("volchaninov", 20, 8)).replays[0].tricks
    defenders = sum(1 for t in played if t.winner.side.name == "EW")
    assert defenders >= 1
    report = evaluate(record("volchaninov", 20, 13 - defenders + 1))
    assert [(d.code, d.at) for d in report.diagnostics] == [("result_mismatch", "result")]


def _evening(claim_result: int):
    """Two result-only 3♣ deals (V = 26) leave N–S 312 and E–W 364 below; then 4NT by N
    (V = 42) played for two tricks and claimed."""
    raw = copy.deepcopy(WORKED)
    first = raw["deals"][0]
    deals = []
    for number, dealer, calls, result in ((1, "N", ["3C"], 6), (2, "E", ["pass"] * 3 + ["3C"], 6)):
        deals.append({"number": number, "dealer": dealer, "hands": first["hands"],
                      "auction": calls + ["pass"] * 12, "result": {"declarer_tricks": result}})
    deals.append({"number": 3, "dealer": "S", "hands": first["hands"], "auction": ["pass", "pass", "4NT"] + ["pass"] * 12,
                  "play": first["play"][:8], "result": {"declarer_tricks": claim_result}})
    raw["deals"] = deals
    return evaluate(read_json(json.dumps(raw).encode()).record)


def test_claimed_tricks_that_could_decide_the_game_need_the_order():
    """N–S need 188 (5 tricks at 42), E–W 136 (4 tricks): with 8 : 5 claimed both get there,
    in an order nobody recorded: ``order_needed``."""
    report = _evening(8)
    assert [(d.code, d.deal) for d in report.diagnostics] == [("order_needed", 3)]


def test_claimed_tricks_that_take_one_side_to_game_decide_it():
    """With 12 : 1 claimed only N–S can reach 500: their game, at no known trick."""
    report = _evening(12)
    assert report.valid, [d.describe() for d in report.diagnostics]
    game = report.score.deals[2].game
    assert (game.side.name, game.trick, game.bonus) == ("NS", None, "game")
    assert report.score.deals[2].below_end == (312 + 12 * 42, 364 + 42)


def test_claims_round_trip_through_the_text_format():
    rec = record("volchaninov", 20, 8)
    again = read_vint(write_vint(rec))
    assert not again.diagnostics and again.record.deals[0].play == rec.deals[0].play
    assert again.record.deals[0].result == 8


def test_every_profile_is_covered():
    assert set(CLOSING) == set(VINT_PROFILES)
