"""rules/volchaninov.md §6, the worked example, reproduced to the point (tests/data/worked_example.json).

From a clean game line N–S contracted 3♣ and took 8 tricks (one down); V = 6 + 2 × 10 = 26.
N–S: 8 × 26 = 208 below; 4 club honours (A K Q 10) → 30 V = 780; 3 aces → 30 V = 780.
E–W: 5 × 26 = 130 below; 500 × 3 × 1 = 1500 for the undertrick.
Totals N–S 208 + 780 + 780 = 1768, E–W 130 + 1500 = 1630: N–S lead by 138. Nobody has game.
"""
from __future__ import annotations

import json

from vint_replay.cli import main
from vint_replay.reports.scoresheet import score_json
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate

# format.md §4's score example, which is this very deal.
FORMAT_EXAMPLE = {
    "format": "vint-score/1",
    "session": {"id": "rules-6-worked-example"},
    "deals": [
        {"number": 1, "rubber": 1, "dealer": "N", "passed_out": False,
         "contract": "3C", "declarer": "N", "trick_value": 26,
         "tricks": {"NS": 8, "EW": 5},
         "entries": [
             {"side": "NS", "line": "below", "item": "tricks", "points": 208},
             {"side": "EW", "line": "below", "item": "tricks", "points": 130},
             {"side": "NS", "line": "above", "item": "honours", "points": 780},
             {"side": "NS", "line": "above", "item": "aces", "points": 780},
             {"side": "EW", "line": "above", "item": "undertricks", "points": 1500}],
         "game": None,
         "totals": {"NS": {"below": 208, "above": 1560}, "EW": {"below": 130, "above": 1500}}}],
    "rubbers": [
        {"number": 1, "games": [], "finished": False, "winner": None,
         "totals": {"NS": 1768, "EW": 1630}, "difference": {"side": "NS", "points": 138}}],
}


def test_s6_deal_is_legal_and_contract_is_3c_by_north(worked_example):
    report = evaluate(worked_example)
    assert report.valid and report.diagnostics == ()
    replay = report.replays[0]
    assert str(replay.contract) == "3C" and replay.contract.declarer is Seat.N
    assert replay.trick_value == 26
    assert replay.tricks_won == (8, 5) and len(replay.tricks) == 13


def test_s6_every_entry(worked_example):
    deal = evaluate(worked_example).score.deals[0]
    got = sorted((e.side.name, str(e.line), str(e.item), e.points) for e in deal.entries)
    assert got == sorted([("NS", "below", "tricks", 208), ("EW", "below", "tricks", 130),
                          ("NS", "above", "honours", 780), ("NS", "above", "aces", 780),
                          ("EW", "above", "undertricks", 1500)])
    assert (deal.totals(Side.NS).below, deal.totals(Side.NS).above) == (208, 1560)
    assert (deal.totals(Side.EW).below, deal.totals(Side.EW).above) == (130, 1500)


def test_s6_totals_difference_and_no_game(worked_example):
    score = evaluate(worked_example).score
    rubber = score.rubbers[0]
    assert rubber.totals == [1768, 1630]
    assert rubber.difference == (Side.NS, 138)
    assert score.deals[0].game is None and rubber.games == [] and not rubber.finished


def test_s6_score_json_is_format_md_example(worked_example):
    report = evaluate(worked_example)
    assert score_json(report.record, report.score) == FORMAT_EXAMPLE


def test_s6_cli_score_reproduces_it(runner, worked_example_path):
    result = runner.invoke(main, ["score", str(worked_example_path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == FORMAT_EXAMPLE
    sheet = runner.invoke(main, ["score", str(worked_example_path)])
    assert sheet.exit_code == 0
    for text in ("honours 780", "aces 780", "undertricks 1500", "208", "130", "1768", "1630", "N–S by 138"):
        assert text in sheet.stdout


def test_s6_paper_scoresheet_audits_clean(runner, worked_example_path):
    result = runner.invoke(main, ["audit", str(worked_example_path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"file": str(worked_example_path), "deals_checked": 1, "deals_with_mismatches": 0,
                                         "mismatching_entries": 0, "summary": "no mismatches", "mismatches": []}


def test_s6_paper_scoresheet_text(runner, worked_example_path):
    """rules/volchaninov.md §6 on the paper scoresheet: 208 | 130 below the line, 780 honours and 780 aces
    for N–S and 1500 for E–W's undertrick above it, totals 1768 | 1630, N–S ahead by 138."""
    from vint_replay.cli import main

    result = runner.invoke(main, ["score", str(worked_example_path)])
    assert result.exit_code == 0
    rows = [" ".join(line.split()) for line in result.stdout.splitlines()]
    below = rows.index(next(r for r in rows if r.startswith("═")))
    above = rows[:below]
    assert "1: 3♣ 208 │ 1: 3♣ 130" in rows[below + 1]
    assert any("1: honours 780 │ 1: undertricks 1500" == r for r in above)
    assert any(r.startswith("1: aces 780 │") for r in above)
    assert "total 1768 │ total 1630" in rows
    assert rows[-1] == "Session totals: N–S 1768, E–W 1630; difference: N–S by 138"
    assert not any("game" in r and "─" in r for r in rows)  # nobody reached game
