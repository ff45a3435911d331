"""The dashboard's data from the stored analysis, checked on deals known by hand."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("endplay")

from test_dd import ace_lead_deal  # noqa: E402

from vint_replay.analysis.batch import analyse_store  # noqa: E402
from vint_replay.analysis.views import card_costs, deal_dd, par_gaps, player_accuracy  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402
from vint_replay.record import SessionInfo, SessionRecord  # noqa: E402
from vint_replay.store import Store  # noqa: E402

PLAYERS = ("Север", "Восток", "Юг", "Запад")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """Two analysed sessions: RULES.md §6 (worked example) and the costly ♥A lead."""
    tmp_path = tmp_path_factory.mktemp("dd_views")
    ace = SessionRecord(SessionInfo("ace-lead", PLAYERS, date="2026-11-29"), (ace_lead_deal(),))
    (tmp_path / "ace.json").write_text(write_json(ace), encoding="utf-8")
    s = Store(tmp_path / "store")
    assert len(s.import_paths([str(tmp_path / "ace.json"), "tests/data/worked_example.json"]).imported) == 2
    assert analyse_store(s, workers=1).analysed == 2
    return s


def test_replay_marks_the_costly_lead(store):
    costs = card_costs(store, "ace-lead", 1)
    assert len(costs) == 52
    assert (costs[0].seat, costs[0].card, costs[0].cost) == ("N", "HA", 11)
    assert costs[0].best == tuple("S" + r for r in "KQJT98765432")
    assert sum(c.cost for c in costs) == 11
    found = deal_dd(store, "ace-lead", 1)
    assert found is not None
    assert found.positions[:2] == [1, 12] and found.positions[-1] == 12 and len(found.positions) == 53
    assert card_costs(store, "ace-lead", 2) == []  # no such deal
    shipped = json.loads(json.dumps(found.to_json()))
    assert shipped["cost"][0] == 11 and shipped["positions"][0] == 1 and len(shipped["best_cards"]) == 52


def test_player_accuracy_known_by_hand(store):
    table = player_accuracy(store, "ace-lead")
    rows = {(r.player, r.role): (r.cards, r.tricks_lost) for r in table.itertuples()}
    assert rows == {("Север", "defending"): (13, 11), ("Юг", "defending"): (13, 0),
                    ("Восток", "declaring"): (13, 0), ("Запад", "declaring"): (13, 0)}
    north = table[table["player"] == "Север"].iloc[0]
    assert north["lost_per_100"] == pytest.approx(1100 / 13)


def test_worked_example_par_gap(store):
    """RULES.md §6: as played N–S 1768, E–W 1630 (net +138); par 5♥ by North, 3550 to 100
    (net +3450, see test_dd_par): N–S were 3312 short of par, and North declared."""
    found = deal_dd(store, "rules-6-worked-example", 1)
    assert found is not None
    assert found.actual_points == (1768, 1630)
    assert (found.par_contract, found.par_declarer, found.par_points) == ("5H", "N", (3550, 100))
    assert found.table["C"]["N"] == found.contract_dd_tricks == 8
    assert found.gap_ns == 138 - 3450
    gaps = par_gaps(store, "rules-6-worked-example")
    row = gaps.iloc[0]
    assert (row["declarer_name"], row["gap_ns"], row["declarer_gap"]) == ("Иванов", -3312, -3312)
