"""The laws layer's record fields in JSON and ``.vint`` (docs/format.md §5.4): lossless round
trips of every field, the store's export, and a located ``schema`` error for each bad input —
including every laws field in a session without the layer, so strict records stay strict."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from laws_records import laws_sessions
from vint_replay.engine.cards import Card
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.record import CallOutOfTurn, Irregularity, IrregularityKind
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.laws_text import irregularity_from_text
from vint_replay.games.laws.fields import parse_irregularity
from vint_replay.formats.vint_text import read_vint, write_vint
from vint_replay.store import Store
from vint_replay.store.columnar import decoded_session
from vint_replay.store.content import content_sha256
from settled import settled

WORKED = Path(__file__).parent / "data" / "worked_example.json"


def errors(result) -> list[tuple[int | None, str | None, str]]:
    return [(d.deal, d.at, d.message) for d in result.diagnostics if d.severity is Severity.ERROR]


def laws_raw(**session: object) -> dict:
    """The worked example under the laws layer, as plain JSON to change."""
    raw = json.loads(WORKED.read_text(encoding="utf-8"))
    raw["session"].update({"laws": "001"} | session)
    return raw


def text_of(raw: dict) -> str:
    """The ``.vint`` text of a JSON record that reads without errors."""
    result = read_json(json.dumps(raw))
    assert result.record is not None and not errors(result), errors(result)
    return write_vint(result.record)


# -- round trips ------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(record=laws_sessions())
def test_every_laws_field_round_trips_through_both_formats(record):
    """docs/format.md §5.4: JSON → record and .vint → record give back the same record, and the
    text is canonical (written again, the same)."""
    as_json = read_json(write_json(record))
    assert not errors(as_json) and as_json.record == record
    text = write_vint(record)
    as_text = settled(read_vint(text))
    assert not errors(as_text), (errors(as_text), text)
    assert as_text.record == record
    assert write_vint(as_text.record) == text


def test_the_example_of_the_format_page_reads_into_the_record_model():
    """Each spelling fills its field of the record model (docs/format.md §5.4)."""
    raw = laws_raw(draw={"N": "S2", "E": "HA", "S": "D5", "W": "C9"})
    deal = raw["deals"][0]
    deal["auction"].insert(1, {"call": "1S", "by": "S", "out_of_turn": True})
    deal["irregularities"] = [{"kind": "revoke", "seat": "W", "trick": 5, "claimed": True, "asked": False},
                              {"kind": "exposed", "seat": "W", "card": "HQ", "trick": 4, "called_round": 2}]
    deal["play"] = deal["play"][:51] + [{"thrown": "C4"}]
    raw["deals"].append({"number": 2, "dealer": "E", "void": "25g", "deal_lost": True})
    for record in (read_json(json.dumps(raw)).record, read_vint(text_of(raw)).record):
        assert record.info.laws == "001" and record.info.draw == (Card.S2, Card.HA, Card.D5, Card.C9)
        first, second = record.deals
        assert first.out_of_turn == (CallOutOfTurn(1, Seat.S),) and str(first.auction[1]) == "1S"
        assert first.irregularities == (
            Irregularity(IrregularityKind.REVOKE, Seat.W, trick=5, claimed=True, asked=False),
            Irregularity(IrregularityKind.EXPOSED, Seat.W, trick=4, card=Card.HQ, called_round=2))
        assert len(first.play) == 51 and first.thrown == (Card.C4,)
        assert (second.void, second.deal_lost, second.auction) == ("25g", True, ())


def test_irregularities_stand_after_the_line_of_their_trick():
    """The writer puts an irregularity after its trick's line in [Play], and a call out of turn
    in the auction line with its speaker (E:1S)."""
    raw = laws_raw()
    raw["deals"][0]["auction"].insert(0, {"call": "1S", "by": "E", "out_of_turn": True})
    raw["deals"][0]["irregularities"] = [{"kind": "revoke", "seat": "W", "trick": 5, "claimed": True}]
    lines = text_of(raw).splitlines()
    assert lines[lines.index("[Auction]") + 1] == "E:1S 1C 1D pass pass"
    play = lines.index("[Play]")
    assert lines[play + 6] == '[Irregularity "revoke W trick=5 claimed"]'
    assert lines[play + 5] == "D6 D4 DK D5"


def test_hand_written_irregularities_take_flags_words_and_any_case():
    text = text_of(laws_raw()).replace("[Play]", '[Play]\n[irregularity "Revoke w trick=5 claimed=yes asked=No"]')
    result = read_vint(text)
    assert not errors(result)
    assert result.record.deals[0].irregularities == (
        Irregularity(IrregularityKind.REVOKE, Seat.W, trick=5, claimed=True, asked=False),)


def test_a_laws_session_is_exported_from_the_store_as_imported(tmp_path):
    """The store keeps every laws field the engine accepts today (laws, draw, irregularities,
    deal_lost) and the content digest sees them."""
    raw = laws_raw(draw={"N": "S2", "E": "HA", "S": "D5", "W": "SA"})  # W and E lowest (laws §1); W lost deal 1 to N
    # W's ♠Q, shown at trick 4 and called to the spade round that trick is: the play keeps it
    raw["deals"][0]["irregularities"] = [{"kind": "exposed", "seat": "W", "card": "SQ", "trick": 4, "called_round": 1}]
    raw["deals"][0]["deal_lost"] = True
    path = tmp_path / "laws.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    source = read_json(path.read_bytes()).record
    assert evaluate(source).valid
    store = Store(tmp_path / "store")
    assert not store.import_paths([str(path)]).rejected
    assert store.load_session(source.info.id) == source
    plain = dataclasses.replace(source, deals=tuple(dataclasses.replace(d, deal_lost=False) for d in source.deals))
    assert content_sha256(plain) != content_sha256(source)
    assert decoded_session(json.dumps(raw)) is None  # the batch path leaves laws sessions to the reference path


def test_the_stored_laws_fields_come_back_from_the_tables():
    """Calls out of turn, thrown cards and void deals survive the store's own spelling."""
    from vint_replay.games.laws.fields import deal_laws_fields, stored_laws_json

    record = read_json(json.dumps(laws_raw())).record
    deal = dataclasses.replace(record.deals[0], out_of_turn=(CallOutOfTurn(2, Seat.W),), thrown=(Card.C2,),
                               void="169", deal_lost=True,
                               irregularities=(Irregularity(IrregularityKind.LEAD_OUT_OF_TURN, Seat.E, trick=1),))
    kept = json.loads(json.dumps(stored_laws_json(deal)))
    assert dataclasses.replace(record.deals[0], **deal_laws_fields(kept)) == deal


# -- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("session,at,words", [
    ({"laws": "002"}, "session.laws", "unknown laws '002'"),
    ({"laws": 1}, "session.laws", "unknown laws 1"),
    ({"rules": "rubber-bridge"}, "session.laws", "for vint profiles"),
    ({"draw": {"N": "S2", "E": "S2", "S": "D5", "W": "C9"}}, "session.draw", "different cards"),
    ({"draw": {"N": "S2", "E": "ZZ", "S": "D5", "W": "C9"}}, "session.draw.E", "a card such as HQ"),
    ({"draw": ["S2"]}, "session.draw", "the card each of N, E, S and W drew"),
])
def test_bad_session_laws_fields_are_located(session, at, words):
    result = read_json(json.dumps(laws_raw(**session)))
    assert result.record is None
    assert [(d, a) for d, a, _ in errors(result)] == [(None, at)] and words in errors(result)[0][2]


@pytest.mark.parametrize("item,at,words", [
    ({"kind": "revoke", "seat": "W", "trick": 0}, "irregularities[1].trick", "1–13"),
    ({"kind": "revoke", "seat": "W", "trick": "5"}, "irregularities[1].trick", "1–13"),
    ({"kind": "revoke", "seat": "W"}, "irregularities[1].trick", "needs its 'trick'"),
    ({"kind": "revoke", "seat": "X", "trick": 5}, "irregularities[1].seat", "N, E, S or W"),
    ({"kind": "revoke", "seat": "W", "trick": 5, "claimed": "yes"}, "irregularities[1].claimed", "true or false"),
    ({"kind": "renege", "seat": "W"}, "irregularities[1].kind", "unknown kind 'renege'"),
    ({"kind": "exposed", "seat": "W", "trick": 4}, "irregularities[1].card", "needs its 'card'"),
    ({"kind": "exposed", "seat": "W", "card": "HQ", "called_round": 4}, "irregularities[1].called_round", "1–3"),
    ({"kind": "exposed", "seat": "W", "card": "HQ", "claimed": True}, "irregularities[1].claimed", "has no 'claimed'"),
    ({"kind": "lead_out_of_turn", "seat": "E"}, "irregularities[1].trick", "needs its 'trick'"),
    ("revoke", "irregularities[1]", "must be an object"),
])
def test_a_bad_irregularity_is_located_at_its_field(item, at, words):
    """docs/format.md §5.4: each field of an irregularity is type-checked where it stands."""
    raw = laws_raw()
    raw["deals"][0]["irregularities"] = [{"kind": "lead_out_of_turn", "seat": "E", "trick": 1}, item]
    found = errors(read_json(json.dumps(raw)))
    assert [(d, a) for d, a, _ in found] == [(1, at)] and words in found[0][2], found


def test_an_unknown_field_of_an_irregularity_is_kept_with_a_warning():
    raw = laws_raw()
    raw["deals"][0]["irregularities"] = [{"kind": "exposed", "seat": "W", "card": "HQ", "why": "dropped"}]
    result = read_json(json.dumps(raw))
    assert [(d.at, d.severity) for d in result.diagnostics] == [("irregularities[0].why", Severity.WARNING)]
    assert result.record.deals[0].irregularities[0].extra == {"why": "dropped"}


@pytest.mark.parametrize("change,at", [
    (lambda d: d.update(void="26"), "void"),
    (lambda d: d.update(void=25), "void"),
    (lambda d: d.update(deal_lost="yes"), "deal_lost"),
    (lambda d: d.update(irregularities={"kind": "revoke"}), "irregularities"),
    (lambda d: d["auction"].insert(1, {"call": "1S", "by": "Q", "out_of_turn": True}), "auction[1]"),
    (lambda d: d["auction"].insert(1, {"call": "1S", "by": "E", "out_of_turn": False}), "auction[1]"),
    (lambda d: d["play"].append({"thrown": "ZZ"}), "play[52]"),
    (lambda d: d["play"].append({"thrown": "C2", "why": 1}), "play[52]"),
])
def test_bad_deal_laws_fields_are_located(change, at):
    raw = laws_raw()
    change(raw["deals"][0])
    assert [(d, a) for d, a, _ in errors(read_json(json.dumps(raw)))] == [(1, at)]


@pytest.mark.parametrize("change,at", [
    (lambda s, d: s.update(draw={"N": "S2", "E": "HA", "S": "D5", "W": "C9"}), "session.draw"),
    (lambda s, d: d.update(irregularities=[]), "irregularities"),
    (lambda s, d: d.update(void="25"), "void"),
    (lambda s, d: d.update(deal_lost=True), "deal_lost"),
    (lambda s, d: d["auction"].insert(1, {"call": "1S", "by": "E", "out_of_turn": True}), "auction[1]"),
    (lambda s, d: d["play"].append({"thrown": "C2"}), "play[52]"),
])
def test_without_the_laws_layer_its_fields_are_refused(change, at):
    """docs/format.md §5.4: a session without session.laws stays strict; each laws field is a
    schema error saying the layer is off."""
    raw = json.loads(WORKED.read_text(encoding="utf-8"))
    change(raw["session"], raw["deals"][0])
    found = errors(read_json(json.dumps(raw)))
    assert [a for _, a, _ in found] == [at] and "laws layer is off" in found[0][2]


def _vint_errors(text: str) -> list[tuple[str | None, int, str]]:
    return [(d.at, d.line, d.message) for d in read_vint(text).diagnostics if d.severity is Severity.ERROR]


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old,new,at", [
    ('[Laws "001"]', '[Laws "1"]', "session.laws"),
    ("[Play]", '[Play]\n[Irregularity "revoke W trick=14"]', "irregularities[0].trick"),
    ("[Play]", '[Play]\n[Irregularity "revoke"]', "irregularities[0]"),
    ("[Play]", '[Play]\n[Irregularity "exposed W card=HQ trick=4 trick=5"]', "irregularities[0]"),
    ("[Play]", '[Play]\n[Irregularity "revoke W trick=5 claimed=maybe"]', "irregularities[0].claimed"),
    ("[Play]", '[Play]\n[Thrown "C2"]', "thrown"),
    ("[Play]", '[Play]\n[Irregularity "exposed W card=HQ note=\\"\\\\ud800\\""]', "irregularities[0]"),
    ("[Play]", '[Play]\n[Irregularity "exposed W card=HQ \\"\\\\udfff\\"=1"]', "irregularities[0]"),
    ("[Play]", '[Play]\n[Irregularity "revoke W trick=5 \\"\tx\\"=1"]', "irregularities[0]"),
    ("[Auction]", '[Void "19"]\n[Auction]', "void"),
    ("[Auction]", '[DealLost "perhaps"]\n[Auction]', "deal_lost"),
    ("1C 1D", "1C Q:1D", "auction[1]"),
    ('[Laws "001"]', '[Laws "001"]\n[Draw "N:S2 HA D5"]', "session.draw"),
])
def test_bad_vint_laws_tags_are_located_at_their_line(old, new, at):
    text = text_of(laws_raw()).replace(old, new, 1)
    line = _line_of(text, next(part for part in new.splitlines() if part not in old.splitlines()))
    found = _vint_errors(text)
    assert [(a, ln) for a, ln, _ in found] == [(at, line)], found


@pytest.mark.parametrize("addition,at", [
    ('[Draw "N:S2 HA D5 C9"]', "session.draw"),
    ('[Irregularity "revoke W trick=5 claimed"]', "irregularities[0]"),
    ('[Void "25"]', "void"),
    ('[DealLost "yes"]', "deal_lost"),
    ('[Thrown "C2"]', "thrown"),
])
def test_without_laws_the_vint_tags_are_refused(addition, at):
    text = text_of(laws_raw()).replace('[Laws "001"]\n', "")
    text = text.replace('[West "Орлов"]', f'[West "Орлов"]\n{addition}') if at == "session.draw" else \
        text.replace('[Score', f'{addition}\n[Score')
    found = _vint_errors(text)
    assert [a for a, _, _ in found] == [at] and "laws layer is off" in found[0][2], found


def test_a_call_out_of_turn_in_a_strict_vint_record_is_refused():
    text = text_of(laws_raw()).replace('[Laws "001"]\n', "").replace("1C 1D", "1C E:1S 1D")
    assert [(a, m.split(":")[0]) for a, _, m in _vint_errors(text)] == [("auction[1]", "'E")]


def test_the_calls_table_names_who_spoke_a_call_out_of_turn(tmp_path):
    """docs/rules/laws.md §4.5: a call out of turn is void and the turn stays, so the calls
    table gives its speaker and the proper seats after it. (Four void passes by W after E's
    1♦ keep the worked example legal under any reading: W passes throughout, E passes next.)"""
    raw = laws_raw()
    raw["deals"][0]["auction"][2:2] = [{"call": "pass", "by": "W", "out_of_turn": True}] * 4
    path = tmp_path / "ooturn.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    store = Store(tmp_path / "store")
    assert not store.import_paths([str(path)]).rejected
    calls = store.calls(session_id=raw["session"]["id"]).sort_values("index")
    assert list(calls["seat"])[:9] == ["N", "E", "W", "W", "W", "W", "S", "W", "N"]
    assert store.load_session(raw["session"]["id"]).deals[0].out_of_turn == tuple(
        CallOutOfTurn(i, Seat.W) for i in range(2, 6))


def test_speakers_keep_the_turn_after_a_call_out_of_turn():
    record = read_json(json.dumps(laws_raw())).record
    deal = dataclasses.replace(record.deals[0], out_of_turn=(CallOutOfTurn(0, Seat.E),))
    assert deal.speakers()[:4] == (Seat.E, Seat.N, Seat.E, Seat.S)
    assert record.deals[0].speakers()[:5] == (Seat.N, Seat.E, Seat.S, Seat.W, Seat.N)


DOCS = Path(__file__).parent.parent / "docs"


def _doc_examples() -> list[tuple[str, str]]:
    """Every irregularity the docs spell, in JSON (an object with a "kind") or as a tag."""
    found = []
    for page in (DOCS / "format.md", DOCS / "rules" / "laws.md"):
        text = page.read_text(encoding="utf-8")
        found += [("json", m) for m in re.findall(r'\{"kind": [^{}]*\}', text)]
        found += [("vint", m) for m in re.findall(r'\[Irregularity "([^"]*)"\]', text)]
    return found


@pytest.mark.parametrize("spelling,example", _doc_examples())
def test_the_docs_irregularities_read_without_a_problem(spelling, example):
    """docs/format.md §5.4 and docs/rules/laws.md: each example irregularity is one the readers take."""
    raw = json.loads(example) if spelling == "json" else irregularity_from_text(example)[0]
    found = parse_irregularity(raw, "irregularities[0]", has_play=True)
    assert found.value is not None and not found.errors and not found.unknown


def test_the_docs_show_irregularities_of_every_kind():
    kinds = {json.loads(e)["kind"] for s, e in _doc_examples() if s == "json"}
    assert kinds == {k.value for k in IrregularityKind}


@pytest.mark.usefixtures("synthetic_profiles")
@pytest.mark.parametrize("rules,refused", [("synthetic-reference", True), ("synthetic", False)])
def test_whether_the_layer_applies_is_the_profiles_hook(rules, refused):
    """The readers ask the profile (``laws_layer``), in both formats."""
    raw = laws_raw(rules=rules)
    raw["deals"] = []
    for result in (read_json(json.dumps(raw)),
                   read_vint(f'[Id "x"]\n[Rules "{rules}"]\n[Laws "001"]\n'
                             '[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n')):
        assert [a for _, a, _ in errors(result)] == (["session.laws"] if refused else [])
