"""JSON and ``.vint`` carry the players, roles, player out, exchanges and widow of 2-, 3- and
5-handed records losslessly, and bad fields get located diagnostics (docs/format.md §5.6)."""
from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_replay.formats import write_text
from vint_replay.formats.json_record import read_json
from vint_replay.formats.vint_text import read_vint
from vint_replay.simulators.vint235 import simulate_session

from test_players_235 import METHODS


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(METHODS), st.integers(0, 10_000), st.sampled_from(["json", "vint"]))
def test_round_trips_keep_every_field(method, seed, fmt):
    """format.md §5.6: a record written and read again is the same record, in either format."""
    rules, party, options = method
    record = simulate_session(rules, party, 6, seed, options)
    text = write_text(record, fmt)
    back = (read_json if fmt == "json" else read_vint)(text)
    assert back.diagnostics == []
    assert replace(back.record, info=replace(back.record.info, players=record.info.players)) == record
    assert write_text(back.record, fmt) == text
    other = "vint" if fmt == "json" else "json"
    assert write_text((read_vint if other == "vint" else read_json)(write_text(back.record, other)).record, fmt) == text


def _document(rules="vint2-widow", players=("Ivanov", "Petrov"), **deal) -> str:
    record = simulate_session(rules, tuple(players) if len(players) in (2, 3, 5) else ("A", "B"), 1, 4)
    doc = json.loads(write_text(record, "json"))
    doc["session"]["players"] = list(players)
    doc["deals"][0].update(deal)
    return json.dumps(doc)


@pytest.mark.parametrize("change, code, at", [
    ({"roles": {"N": "Ivanov", "E": "Petrov", "S": "dummy of Ivanov"}}, "schema", "roles"),
    ({"widow": "AK.Q.J.T9.8"}, "bad_card", "widow"),
    ({"widow_to": "X"}, "schema", "widow_to"),
    ({"widow_gives": {"N": "ZZ"}}, "bad_card", "widow_gives.N"),
    ({"final": "pass"}, "schema", "final"),
    ({"exchanges": {"N": "maybe"}}, "schema", "exchanges.N"),
])
def test_bad_table_fields_are_located(change, code, at):
    result = read_json(_document(**change))
    assert [(d.code, d.deal, d.at) for d in result.diagnostics] == [(code, 1, at)]


@pytest.mark.parametrize("rules, players", [("vint2-widow", ["Ivanov"]), ("vint5", ["A", "B", "C", "D", "D"]),
                                            ("vint3-dummy", ["A", "dead", "C"])])
def test_the_players_must_be_the_methods_count_of_names(rules, players):
    doc = json.loads(_document())
    doc["session"].update(rules=rules, players=players)
    result = read_json(json.dumps(doc))
    assert result.record is None and [(d.code, d.at) for d in result.diagnostics] == [("schema", "session.players")]


def test_a_list_of_players_under_a_four_handed_profile_is_refused():
    doc = json.loads(_document())
    doc["session"].update(rules="classic")
    result = read_json(json.dumps(doc))
    assert ("schema", "session.players") in [(d.code, d.at) for d in result.diagnostics]


def test_a_bad_vint_tag_is_located_at_its_line():
    text = next(t for seed in range(50) if "[WidowTo" in (t := write_text(simulate_session(
        "vint2-widow", ("Ivanov", "Petrov"), 1, seed), "vint")))
    text = re.sub(r'\[WidowTo "[NESW]"\]', '[WidowTo "Q"]', text)
    result = read_vint(text)
    line = text.splitlines().index('[WidowTo "Q"]') + 1
    assert [(d.code, d.at, d.line) for d in result.diagnostics] == [("schema", "widow_to", line)]


def test_the_revoke_choice_round_trips_in_both_formats():
    """format.md §5.4, §5.6: a revoke's ``penalty`` (2.2's choice) is read and written in JSON and
    ``.vint`` alike; any other value is a located schema error."""
    doc = json.loads(_document())
    doc["session"]["laws"] = "001"
    doc["deals"][0]["irregularities"] = [{"kind": "revoke", "seat": "S", "trick": 1, "claimed": True, "penalty": "points"}]
    text = json.dumps(doc)
    first = read_json(text)
    irr = first.record.deals[0].irregularities[0]
    assert irr.penalty == "points"
    assert read_vint(write_text(first.record, "vint")).record.deals[0].irregularities == (irr,)
    assert read_json(write_text(first.record, "json")).record.deals[0].irregularities == (irr,)
    doc["deals"][0]["irregularities"][0]["penalty"] = "money"
    assert ("schema", "irregularities[0].penalty") in [(d.code, d.at) for d in read_json(json.dumps(doc)).diagnostics]


def test_the_laws_layer_is_refused_under_the_three_column_method():
    """players-2-3-5.md §1.6: 3.2 keeps a column a player, which the laws' two sides do not fit."""
    doc = json.loads(_document("vint3-auction", ("Ivanov", "Petrov", "Sidorov")))
    doc["session"]["laws"] = "001"
    assert ("schema", "session.laws") in [(d.code, d.at) for d in read_json(json.dumps(doc)).diagnostics]
    doc = json.loads(_document("vint3-dummy", ("Ivanov", "Petrov", "Sidorov")))
    doc["session"]["laws"] = "001"
    assert not read_json(json.dumps(doc)).diagnostics


def test_table_fields_under_a_four_handed_profile_are_refused():
    """format.md §5.6: roles, widow and the rest are fields of the 2-, 3- and 5-player profiles only."""
    from vint_replay.formats.json_record import write_json
    from builders import deal, session
    record = session(deal())
    doc = json.loads(write_json(record))
    doc["deals"][0]["roles"] = {"N": "a", "E": "b", "S": "c", "W": "d"}
    assert [(d.code, d.at) for d in read_json(json.dumps(doc)).diagnostics] == [("schema", "roles")]
    text = write_text(record, "vint").replace("[Auction]", '[Widow "A..."]\n[Auction]', 1)
    assert [(d.code, d.at) for d in read_vint(text).diagnostics] == [("schema", "widow")]
