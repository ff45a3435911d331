"""The worked examples of docs/rules/classic.md §11, reproduced to the point."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import score_of_file

from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json

RUBBER = Path(__file__).parent / "data" / "classic_rubber.json"


def scored(raw: dict):
    result = read_json(json.dumps(raw).encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics]
    return report.score


def entries(deal) -> set[tuple[str, str, str, int]]:
    return {(e.side.name, str(e.line), str(e.item), e.points) for e in deal.entries}


def test_s11_1_the_default_profiles_worked_deal_under_classic():
    """§11.1: 3♣ by N, one down. T = 30, U = 300: below 240 / 150; N–S 4 honours + 3 aces =
    7 units → 2100; E–W 3000 for the undertrick; E–W lead by 810."""
    raw = json.loads(RUBBER.read_text())
    raw["deals"] = raw["deals"][:1]
    score = scored(raw)
    (deal,) = score.deals
    assert deal.trick_value == 30
    assert entries(deal) == {("NS", "below", "tricks", 240), ("EW", "below", "tricks", 150),
                             ("NS", "above", "honours", 2100), ("EW", "above", "undertricks", 3000)}
    assert score.rubbers[0].totals == [2340, 3150]
    assert score.rubbers[0].difference == (Side.EW, 810)


def test_s11_1_the_same_deal_leaves_north_south_ahead_under_volchaninov():
    """§11.1: the same deal under the default profile leaves N–S 138 ahead (volchaninov §6)."""
    raw = json.loads(RUBBER.read_text())
    raw["deals"] = raw["deals"][:1]
    raw["deals"][0]["auction"] = raw["deals"][0]["auction"] + ["pass"] * 4  # 12 passes close it there
    raw["session"]["rules"] = "volchaninov"
    assert scored(raw).rubbers[0].difference == (Side.NS, 138)


DEAL_TOTALS = {  # §11.2, per deal: (N–S below, N–S above, E–W below, E–W above)
    1: (240, 2100, 150, 3000),
    2: (0, 0, 0, 0),
    3: (80, 0, 180, 4500),
    4: (550, 8500, 100, 0),
    5: (60, 0, 720, 12200),
    6: (840, 13500, 70, 17000),  # N–S 13000 + the X mark of deal 2
}


@pytest.fixture(scope="module")
def rubber():
    return score_of_file(RUBBER)


@pytest.mark.parametrize("number", sorted(DEAL_TOTALS))
def test_s11_2_every_deal_of_the_rubber(rubber, number):
    deal = next(d for d in rubber.deals if d.number == number)
    ns, ew = deal.totals(Side.NS), deal.totals(Side.EW)
    assert (ns.below, ns.above, ew.below, ew.above) == DEAL_TOTALS[number]


def test_s11_2_the_items_of_each_deal(rubber):
    """§11.2 item by item: coronkas, netted units, slams declared and taken, X mark."""
    by = {d.number: entries(d) for d in rubber.deals}
    assert {("EW", "above", "aces", 1500), ("EW", "above", "coronka", 2000), ("EW", "above", "coronka", 1000)} <= by[3]
    assert {("NS", "above", "honours", 3500), ("NS", "above", "coronka", 4000), ("NS", "above", "game", 1000)} <= by[4]
    assert {("EW", "above", "honours", 4200), ("EW", "above", "coronka", 1000), ("EW", "above", "contract_premium", 5000),
            ("EW", "above", "slam", 1000), ("EW", "above", "game", 1000)} <= by[5]
    assert {("NS", "above", "aces", 7000), ("NS", "above", "coronka", 1000), ("NS", "above", "coronka", 2000),
            ("NS", "above", "slam", 1000), ("NS", "above", "rubber", 2000), ("NS", "above", "x_marks", 500),
            ("EW", "above", "undertricks", 7000), ("EW", "above", "failed_contract_premium", 10000)} == \
        {e for e in by[6] if e[1] == "above"}
    assert by[2] == set()


def test_s11_2_games_rubber_and_the_difference(rubber):
    """§11.2: games N–S, E–W, N–S; totals 25870 / 37920; E–W +12050 although N–S won the rubber."""
    (r,) = rubber.rubbers
    assert r.games == [Side.NS, Side.EW, Side.NS] and r.winner is Side.NS
    assert r.totals == [25870, 37920]
    assert r.difference == (Side.EW, 12050)
    games = {d.number: (d.game.side, d.game.bonus) for d in rubber.deals if d.game}
    assert games == {4: (Side.NS, "game"), 5: (Side.EW, "game"), 6: (Side.NS, "rubber")}
    x_mark = [e for d in rubber.deals for e in d.entries if e.item is Item.X_MARKS]
    assert [(e.side, e.line, e.points) for e in x_mark] == [(Side.NS, Line.ABOVE, 500)]


def test_rescoring_a_volchaninov_evening_under_classic(tmp_path):
    """``score --rules classic``: the table's contracts and declarers, classic's numbers, and a
    note saying so; §11.1's deal leaves E–W ahead by 810 instead of N–S by 138."""
    from click.testing import CliRunner

    from vint_replay.cli import main

    raw = json.loads(RUBBER.read_text())
    raw["deals"] = raw["deals"][:1]
    raw["deals"][0]["auction"] = raw["deals"][0]["auction"] + ["pass"] * 4
    raw["session"]["rules"] = "volchaninov"
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(raw))
    run = CliRunner().invoke(main, ["score", str(path), "--rules", "classic", "--json"])
    assert run.exit_code == 0, run.output
    doc = json.loads(run.output)
    assert doc["session"] == {"id": "classic-rubber-11-2", "rules": "classic", "recorded_rules": "volchaninov"}
    assert doc["rubbers"][0]["difference"] == {"side": "EW", "points": 810}
    text = CliRunner().invoke(main, ["score", str(path), "--rules", "classic"]).output
    assert "Rescored under the classic rules; the table played volchaninov" in text
    plain = json.loads(CliRunner().invoke(main, ["score", str(path), "--json"]).output)
    assert plain["session"] == {"id": "classic-rubber-11-2"}
    assert plain["rubbers"][0]["difference"] == {"side": "NS", "points": 138}


def test_rescoring_names_an_auction_the_other_rules_do_not_allow(tmp_path):
    """A bid sufficient under the table's order but not under the target's is a located
    diagnostic: here a synthetic target ranking no-trump lowest refuses 1NT over 1♠."""
    from vint_replay.engine.calls import Denomination as D
    from vint_replay.games.vint.classic import Classic
    from vint_replay.engine.rescore import rescoring
    from vint_replay.engine.session import _evaluate

    class NoTrumpLowest(Classic):
        denomination_order = (D.NOTRUMP, D.SPADES, D.CLUBS, D.DIAMONDS, D.HEARTS)

    raw = json.loads(RUBBER.read_text())
    raw["deals"] = raw["deals"][:1]
    raw["deals"][0]["auction"] = ["1S", "1NT"] + ["pass"] * 8
    record = read_json(json.dumps(raw).encode()).record
    report = _evaluate(record, [], rescoring(Classic(), NoTrumpLowest()))
    assert [(d.code, d.at) for d in report.diagnostics] == [("insufficient_bid", "auction[1]")]
