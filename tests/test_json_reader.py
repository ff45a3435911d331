"""The ``vint-record/1`` reader on bad input (format.md §2, issue 2's "Bad input") and the
canonical writer. Each bad input gives its code and location, and via the CLI exit 1 and no
traceback."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_replay.cli import main
from vint_replay.engine.diagnostics import CODES
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.engine.session import evaluate


def found(data: bytes | str, strict: bool = False) -> list[tuple[int | None, str, str | None, str]]:
    """Every problem as ``(deal, code, at, severity)``, reader and engine together."""
    result = read_json(data, strict=strict)
    problems = result.diagnostics if result.record is None else evaluate(result.record, result.diagnostics).diagnostics
    return [(d.deal, d.code, d.at, str(d.severity)) for d in problems]


def errors(data: bytes | str) -> list[tuple[int | None, str, str | None]]:
    return [f[:3] for f in found(data) if f[3] == "error"]


def dump(raw: dict) -> str:
    return json.dumps(raw, ensure_ascii=False)


def cli_validate(runner, tmp_path: Path, data: bytes | str, *options: str):
    path = tmp_path / "record.json"
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    result = runner.invoke(main, ["validate", str(path), "--json", *options])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)


def deal0(raw: dict) -> dict:
    return raw["deals"][0]


# Each case: how to spoil the worked example (or raw bytes), and the errors it must give.
def _edit(change):
    def spoil(raw: dict) -> str:
        change(raw)
        return dump(raw)
    return spoil


FILE_CASES = {
    "empty file": (lambda raw: b"", [(None, "syntax", None)]),
    "only whitespace": (lambda raw: b"  \n\t\n", [(None, "syntax", None)]),
    "binary garbage": (lambda raw: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", [(None, "syntax", None)]),
    "binary zero bytes": (lambda raw: b"\x00\x01\x02{}", [(None, "syntax", None)]),
    "not UTF-8": (lambda raw: dump(raw).encode("cp1251"), [(None, "syntax", None)]),
    "not JSON": (lambda raw: b"[Event \"club\"]\n", [(None, "syntax", None)]),
    "truncated JSON": (lambda raw: dump(raw)[:200], [(None, "syntax", None)]),
    "a list, not an object": (lambda raw: b"[1, 2, 3]", [(None, "schema", None)]),
    "a bare string": (lambda raw: b'"vint"', [(None, "schema", None)]),
}

DEAL_CASES = {
    "wrong format name": (_edit(lambda r: r.update(format="vint-record/2")), [(None, "schema", "format")]),
    "no session": (_edit(lambda r: r.pop("session")), [(None, "schema", "session")]),
    "session id a number": (_edit(lambda r: r["session"].update(id=17)), [(None, "schema", "session.id")]),
    "player a number": (_edit(lambda r: r["session"]["players"].update(E=2)), [(None, "schema", "session.players.E")]),
    "deals not a list": (_edit(lambda r: r.update(deals={"1": {}})), [(None, "schema", "deals")]),
    "a deal not an object": (_edit(lambda r: r["deals"].insert(0, "deal 0")), [(1, "schema", "deals[0]")]),
    "number a string": (_edit(lambda r: deal0(r).update(number="1")), [(1, "schema", "number")]),
    "dealer a number": (_edit(lambda r: deal0(r).update(dealer=0)), [(1, "schema", "dealer")]),
    "hand a number": (_edit(lambda r: deal0(r)["hands"].update(N=652)), [(1, "schema", "hands")]),
    "call a number": (_edit(lambda r: deal0(r)["auction"].__setitem__(2, 0)), [(1, "schema", "auction[2]")]),
    "card a number": (_edit(lambda r: deal0(r)["play"].__setitem__(5, 12)), [(1, "schema", "play[5]")]),
    "auction not a list": (_edit(lambda r: deal0(r).update(auction="1C 1D")), [(1, "schema", "auction")]),
    "result out of range": (_edit(lambda r: (deal0(r).pop("play"), deal0(r).update(result={"declarer_tricks": 14}))),
                            [(1, "schema", "result")]),
    "recorded mistyped": (_edit(lambda r: deal0(r)["recorded"]["NS"].update(above="1560")),
                          [(1, "schema", "recorded.NS")]),
    # N gets E's ♠K: 14 cards against 12
    "14-card hand": (_edit(lambda r: deal0(r)["hands"].update(N="K652.QT9832.K.AT9", E="J98.K4.A9853.86")),
                     [(1, "hand_size", "hands.N"), (1, "hand_size", "hands.E")]),
    # E holds N's ♠6 instead of his own ♠9
    "card dealt twice": (_edit(lambda r: deal0(r)["hands"].update(E="KJ86.K4.A9853.86")),
                         [(1, "duplicate_card", "hands.E")]),
    "card twice in one hand": (_edit(lambda r: deal0(r)["hands"].update(E="KJ88.K4.A9853.86")),
                               [(1, "duplicate_card", "hands.E")]),
    "unknown card in a hand": (_edit(lambda r: deal0(r)["hands"].update(W="QT73.5.J74.J743X")), [(1, "bad_card", "hands.W")]),
    "unknown card in the play": (_edit(lambda r: deal0(r)["play"].__setitem__(9, "ZZ")), [(1, "bad_card", "play[9]")]),
    "a double": (_edit(lambda r: deal0(r)["auction"].__setitem__(2, "X")), [(1, "bad_call", "auction[2]")]),
    "a redouble": (_edit(lambda r: deal0(r)["auction"].__setitem__(3, "XX")), [(1, "bad_call", "auction[3]")]),
    "unknown call": (_edit(lambda r: deal0(r)["auction"].__setitem__(1, "8D")), [(1, "bad_call", "auction[1]")]),
    "call after the auction closed": (_edit(lambda r: deal0(r)["auction"].append("pass")),
                                      [(1, "call_after_close", "auction[17]")]),
    "auction one pass short": (_edit(lambda r: deal0(r)["auction"].pop()), [(1, "auction_incomplete", "auction[16]")]),
    "play for a passed-out deal": (_edit(lambda r: deal0(r).update(auction=["pass"] * 8)),
                                   [(1, "play_after_passout", "play[0]")]),
    "truncated play": (_edit(lambda r: deal0(r).update(play=deal0(r)["play"][:30])), [(1, "play_incomplete", "play[30]")]),
    "missing play": (_edit(lambda r: deal0(r).pop("play")), [(1, "missing_play", "play")]),
    "card played twice": (_edit(lambda r: deal0(r)["play"].__setitem__(4, "HK")), [(1, "card_not_held", "play[4]")]),
}


@pytest.mark.parametrize("case", list(FILE_CASES) + list(DEAL_CASES))
def test_bad_input_is_located(case, worked_example_raw):
    spoil, expected = {**FILE_CASES, **DEAL_CASES}[case]
    assert errors(spoil(worked_example_raw)) == expected


@pytest.mark.parametrize("case", ["empty file", "binary garbage", "not UTF-8", "a list, not an object"])
def test_bad_file_exits_1_via_cli(case, runner, tmp_path, worked_example_raw):
    spoil, expected = FILE_CASES[case]
    code, out = cli_validate(runner, tmp_path, spoil(worked_example_raw))
    assert code == 1 and out["valid"] is False
    assert [(e["deal"], e["code"], e["at"]) for e in out["errors"]] == expected
    assert all(e["message"] for e in out["errors"])


@pytest.mark.parametrize("case", list(DEAL_CASES))
def test_bad_deal_exits_1_via_cli(case, runner, tmp_path, worked_example_raw):
    spoil, expected = DEAL_CASES[case]
    code, out = cli_validate(runner, tmp_path, spoil(worked_example_raw))
    assert code == 1 and out["valid"] is False
    assert [(e["deal"], e["code"], e["at"]) for e in out["errors"]] == expected


def test_unknown_field_is_a_warning_kept_by_the_writer(worked_example_raw):
    deal0(worked_example_raw)["kibitzer"] = "none"
    worked_example_raw["session"]["scorer"] = "Orlov"
    text = dump(worked_example_raw)
    assert found(text) == [(None, "schema", "session.scorer", "warning"), (1, "schema", "kibitzer", "warning")]
    written = json.loads(write_json(read_json(text).record))
    assert written["deals"][0]["kibitzer"] == "none" and written["session"]["scorer"] == "Orlov"


def test_unknown_field_is_an_error_in_strict_mode(runner, tmp_path, worked_example_raw):
    deal0(worked_example_raw)["kibitzer"] = "none"
    text = dump(worked_example_raw)
    assert found(text, strict=True) == [(1, "schema", "kibitzer", "error")]
    code, out = cli_validate(runner, tmp_path, text)
    assert code == 0 and out["valid"] is True and out["warnings"][0]["code"] == "schema"
    code, out = cli_validate(runner, tmp_path, text, "--strict")
    assert code == 1 and out["errors"][0]["at"] == "kibitzer"


def test_a_broken_deal_does_not_hide_later_ones(worked_example_raw):
    """Three copies of the example as deals 1–3 (dealers N E S): deal 1 has a double, deal 2
    a revoke by S at trick 1, deal 3 one pass short — all three are reported."""
    first = deal0(worked_example_raw)
    deals = [json.loads(json.dumps(first)) for _ in range(3)]
    for number, (d, dealer) in enumerate(zip(deals, "NES"), 1):
        d.update(number=number, dealer=dealer)
        # rotate the hands and auction so that each deal is the example seen from the new dealer
        seats = "NESW"
        shift = seats.index(dealer)
        d["hands"] = {seats[(i + shift) % 4]: first["hands"][s] for i, s in enumerate(seats)}
    deals[0]["auction"][0] = "X"
    deals[1]["play"][1], deals[1]["play"][13] = deals[1]["play"][13], deals[1]["play"][1]  # HJ <-> C5
    deals[2]["auction"].pop()
    worked_example_raw["deals"] = deals
    assert errors(dump(worked_example_raw)) == [(1, "bad_call", "auction[0]"), (2, "revoke", "play[1]"),
                                                (3, "auction_incomplete", "auction[16]")]


def test_messages_name_seat_card_and_what_was_required(worked_example_raw):
    deal0(worked_example_raw)["play"][1], deal0(worked_example_raw)["play"][13] = "C5", "HJ"
    result = read_json(dump(worked_example_raw))
    (problem,) = evaluate(result.record).diagnostics
    # trick 1: E (left of declarer N) leads ♥K; S plays ♣5 instead of one of his four hearts
    assert problem.message == "trick 1: S played ♣5 but must follow ♥ (holds HA HJ H7 H6)"


def test_tricks_as_nested_lists_are_accepted(worked_example_raw):
    play = deal0(worked_example_raw)["play"]
    deal0(worked_example_raw)["play"] = [play[i:i + 4] for i in range(0, 52, 4)]
    assert found(dump(worked_example_raw)) == []


def test_hands_may_be_omitted_when_the_play_is_complete(worked_example_raw):
    deal0(worked_example_raw).pop("hands")
    result = read_json(dump(worked_example_raw))
    report = evaluate(result.record)
    assert report.valid and report.score.rubbers[0].totals == [1768, 1630]


def test_reader_accepts_the_lenient_notations(worked_example_raw):
    """format.md §1: readers accept 10 for T, lower case, suit symbols, p/Pass for pass, N for NT."""
    d = deal0(worked_example_raw)
    d["play"] = [{"HT": "H10", "SA": "♠A", "D6": "d6"}.get(c, c) for c in d["play"]]
    d["auction"] = ["1c", "1♦", "p", "Pass"] + d["auction"][4:]
    assert found(dump(worked_example_raw)) == []


def test_writer_is_canonical_and_stable(worked_example_path):
    original = worked_example_path.read_bytes()
    first = write_json(read_json(original).record)
    second = write_json(read_json(first).record)
    assert first == second
    assert read_json(first).record == read_json(original).record
    assert json.loads(first) == json.loads(original)  # same content, canonical layout


def _nested_unknowns(raw: dict) -> None:
    """Unknown fields inside every object-valued field of the worked example (and a result)."""
    d = deal0(raw)
    d["hands"]["dealt_by"] = "N"
    d["recorded"]["NS"]["game"] = 0
    d["recorded"]["EW"]["ink"] = {"colour": "blue"}
    d["recorded"]["scorer"] = "Orlov"
    raw["session"]["players"]["kibitzer"] = "Smirnov"
    second = {"number": 2, "dealer": "E", "hands": dict(d["hands"], dealt_by=None), "auction": ["1S"] + ["pass"] * 12,
              "result": {"declarer_tricks": 7, "note": "no play kept"}}
    raw["deals"].append(second)


NESTED_AT = [(None, "schema", "session.players.kibitzer"), (1, "schema", "hands.dealt_by"),
             (1, "schema", "recorded.scorer"), (1, "schema", "recorded.NS.game"),
             (1, "schema", "recorded.EW.ink"), (2, "schema", "hands.dealt_by"), (2, "schema", "result.note")]


def test_unknown_keys_inside_a_field_are_warnings_kept_and_written_back(worked_example_raw):
    """format.md §2: unknown fields are kept but ignored (a warning) outside strict mode, nested ones too."""
    _nested_unknowns(worked_example_raw)
    text = dump(worked_example_raw)
    problems = [f for f in found(text) if f[1] == "schema"]
    assert sorted(problems, key=str) == sorted([(*at, "warning") for at in NESTED_AT], key=str)
    record = read_json(text).record
    assert record.deals[0].nested_extra["recorded.EW"] == {"ink": {"colour": "blue"}}
    assert record.info.nested_extra == {"players": {"kibitzer": "Smirnov"}}
    assert json.loads(write_json(record)) == worked_example_raw  # every field back in its own object
    assert [f for f in found(text, strict=True) if f[3] == "error"] == [(*at, "error") for at in NESTED_AT]


@pytest.mark.parametrize("number", [-5, 0, 32768, 40000, 10 ** 30])
def test_a_deal_number_outside_1_to_32767_is_a_schema_error(worked_example_raw, number):
    deal0(worked_example_raw)["number"] = number
    result = read_json(dump(worked_example_raw))
    problems = [d for d in result.diagnostics if d.at == "number"]
    assert [(d.code, str(d.severity)) for d in problems] == [("schema", "error")]
    assert "out of range 1–32767" in problems[0].message
    assert (str(number) in problems[0].message) == (number < 10 ** 20)


@pytest.mark.parametrize("number", [1, 32767])
def test_deal_numbers_1_and_32767_are_accepted(worked_example_raw, number):
    deal0(worked_example_raw)["number"] = number
    assert errors(dump(worked_example_raw)) == []


@pytest.mark.parametrize("where", ["number", "recorded", "unknown"])
def test_an_integer_too_long_for_python_is_a_syntax_error(runner, tmp_path, worked_example_raw, where):
    """json.loads refuses integers over 4300 digits with a ValueError: a diagnostic, never a traceback."""
    huge = "1" + "0" * 5000
    text = dump(worked_example_raw)
    text = {"number": text.replace('"number": 1,', f'"number": {huge},'),
            "recorded": text.replace('"below": 208', f'"below": {huge}'),
            "unknown": text.replace('"deals": [', f'"big": -{huge}, "deals": [')}[where]
    assert huge in text
    result = read_json(text)
    assert result.record is None
    [problem] = result.diagnostics
    start = text.index(huge)
    assert (problem.code, problem.line, problem.column) == ("syntax", 1, start + 1)
    assert "5001 digits" in problem.message
    code, out = cli_validate(runner, tmp_path, text)
    assert code == 1 and [e["code"] for e in out["errors"]] == ["syntax"]


def test_an_unreadable_dealer_follows_from_the_rotation(worked_example_raw):
    """Deal 2 (E deals) has a mistyped dealer: it is still replayed with the dealer the rotation
    gives, so only the schema error is reported — not a wrong declarer's whole play."""
    first = deal0(worked_example_raw)
    second = json.loads(json.dumps(first))
    second.update(number=2, dealer=1)
    second["hands"] = {"E": first["hands"]["N"], "S": first["hands"]["E"], "W": first["hands"]["S"], "N": first["hands"]["W"]}
    worked_example_raw["deals"].append(second)
    assert errors(dump(worked_example_raw)) == [(2, "schema", "dealer")]
    first["dealer"] = "north"  # deal 1 unreadable: its play cannot be checked, deal 2 is not misjudged
    assert errors(dump(worked_example_raw)) == [(1, "schema", "dealer"), (2, "schema", "dealer")]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from(["N", "pass", "1NT", "X", "SA", "H10", "AKQ2.T98.765.432", "vint-record/1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_no_mutation_of_a_record_crashes_the_reader(data):
    """Any one value of the worked example replaced by any JSON value: diagnostics, never an exception."""
    raw = json.loads((Path(__file__).parent / "data" / "worked_example.json").read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(list(_paths(raw))[1:]))
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(JSON_VALUES)
    for strict in (False, True):
        result = read_json(dump(raw), strict=strict)
        if result.record is not None:
            report = evaluate(result.record, result.diagnostics)
            assert report.valid == (report.score is not None)
            for d in report.diagnostics:
                assert d.code in CODES and d.message
