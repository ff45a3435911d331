"""The dashboard's data from the stored analysis, checked on deals known by hand."""
from __future__ import annotations

import json
import shutil
from datetime import timedelta

import pyarrow as pa
import pytest

pytest.importorskip("endplay")

from test_dd import ace_lead_deal  # noqa: E402

from vint_replay.analysis.batch import analyse_store  # noqa: E402
from vint_replay.analysis.datasets import (  # noqa: E402
    DD_TABLES,
    TABLES_SCHEMA,
    commit_run,
    current_rows,
    dd_plays,
    dd_tables,
)
from vint_replay.analysis.views import card_costs, deal_dd, par_gaps, player_accuracy  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402
from vint_replay.engine.record import SessionInfo, SessionRecord  # noqa: E402
from vint_replay.store import Store  # noqa: E402

PLAYERS = ("Север", "Восток", "Юг", "Запад")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """Two analysed sessions: rules/volchaninov.md §6 (worked example) and the costly ♥A lead."""
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


def test_per_seat_sums_agree_with_the_cards(store):
    """The per-seat sums of dd_tables (what accuracy reads) are those of dd_plays, deal by deal;
    in the ♥A-lead deal North alone gave 11 tricks away."""
    tables = dd_tables(store).set_index(["session_id", "deal"])
    sums = dd_plays(store).groupby(["session_id", "deal", "seat"])["cost"].agg(["size", "sum"])
    assert len(sums) == 8
    for (sid, deal, seat), (cards, lost) in sums.iterrows():
        assert (tables.loc[(sid, deal), f"cards_{seat.lower()}"], tables.loc[(sid, deal), f"lost_{seat.lower()}"]) == (cards, lost)
    ace = tables.loc[("ace-lead", 1)]
    assert [ace[f"lost_{s}"] for s in "nesw"] == [11, 0, 0, 0] and ace["lost_ns"] == 11


def test_accuracy_of_listed_sessions(store):
    """A list of session ids (what the page's filters give) reads only those sessions."""
    both = player_accuracy(store, ["ace-lead", "rules-6-worked-example"])
    assert both.equals(player_accuracy(store))
    assert player_accuracy(store, ["ace-lead"]).equals(player_accuracy(store, "ace-lead"))
    assert player_accuracy(store, ["no-such-session"]).empty


def test_latest_run_counts(store, tmp_path):
    """Two more runs of the ♥A-lead deal: the later one (North now losing 5) is the deal's
    analysis, the one older than the original is ignored."""
    copy = Store(shutil.copytree(store.root, tmp_path / "copy", symlinks=True))
    row = current_rows(copy, list(TABLES_SCHEMA.names), "ace-lead")
    when = row.column("analysed_at")[0].as_py()

    def run(name: str, at, lost_n: int) -> pa.Table:
        changed = {"run": pa.array([name]).dictionary_encode(), "analysed_at": pa.array([at], row.schema.field("analysed_at").type),
                   "lost_n": pa.array([lost_n], pa.int8())}
        return pa.table({f.name: changed.get(f.name, row.column(f.name)) for f in TABLES_SCHEMA}).cast(TABLES_SCHEMA)

    commit_run(copy, lambda _base: [(DD_TABLES, 2026, run("newer", when + timedelta(seconds=1), 5)),
                                    (DD_TABLES, 2026, run("older", when - timedelta(seconds=1), 9))])
    assert list(dd_tables(copy, "ace-lead")["run"]) == ["newer"]
    north = player_accuracy(copy, ["ace-lead"]).set_index(["player", "role"]).loc[("Север", "defending")]
    assert (north["cards"], north["tricks_lost"]) == (13, 5)


def test_worked_example_par_gap(store):
    """rules/volchaninov.md §6: as played N–S 1768, E–W 1630 (net +138); par 5♥ by North, 3550 to 100
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
