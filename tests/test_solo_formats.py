"""Solo whist's record fields in JSON and .vint (docs/format.md §5.5): every field read and
written, lossless round trips of random evenings, and a located diagnostic for each bad input."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.vint_text import read_vint, write_vint

from fuzz_checks import check_commands, check_readers
from mutations import hostile_input
from solo_records import SEED_FIRST_LINE, solo_deal, solo_session
from solo_strategies import solo_sessions

EVENING = solo_session(
    solo_deal(play=SEED_FIRST_LINE, outcome=True, payments=(48, -16, -16, -16)),
    solo_deal(2, dealer="E", auction="abond pass pass pass", abond_trump="D", result=8, turn_up="HA",
              payments=(2, -6, 2, 2)),
    solo_deal(3, dealer="S", auction="pass prop pass pass accept", result=10, turn_up="SJ", payments=(-6, 6, 6, -6)),
)
FIVE = solo_session(solo_deal(dealer="E", auction="solo pass pass pass", result=6, sits_out="Вера", turn_up="HA"),
                    players=("Анна", "Борис", "Вера", "Глеб"), fifth="Дина")


def codes_at(result) -> list[tuple[str, str | None, int | None]]:
    return [(d.code, d.at, d.line) for d in result.diagnostics]


def test_every_field_round_trips_through_both_formats():
    for record in (EVENING, FIVE):
        assert evaluate(record).valid
        for read, write in ((read_json, write_json), (read_vint, write_vint)):
            back = read(write(record))
            assert not back.diagnostics and back.record == record


def test_the_json_fields_as_documented():
    raw = json.loads(write_json(FIVE))
    assert raw["session"]["players"] == {"N": "Анна", "E": "Борис", "S": "Вера", "W": "Глеб", "fifth": "Дина"}
    deal = json.loads(write_json(EVENING))["deals"][1]
    assert [k for k in deal] == ["number", "dealer", "turn_up", "hands", "auction", "abond_trump", "result", "payments"]
    assert deal["payments"] == {"N": 0.5, "E": -1.5, "S": 0.5, "W": 0.5} and deal["abond_trump"] == "D"


def test_the_text_tags_as_documented():
    text = write_vint(FIVE)
    assert '[Fifth "Дина"]' in text and '[SitsOut "Вера"]' in text and '[TurnUp "HA"]' in text
    assert '[Payments "N +12 E -4 S -4 W -4"]' in write_vint(EVENING)


@settings(max_examples=40, deadline=None)
@given(solo_sessions())
def test_random_evenings_round_trip_losslessly(record):
    for read, write in ((read_json, write_json), (read_vint, write_vint)):
        back = read(write(record))
        assert not back.diagnostics and back.record == record


def _text_with(old: str, new: str) -> str:
    text = write_vint(EVENING)
    assert old in text
    return text.replace(old, new, 1)


def test_a_contract_not_in_the_table_is_located():
    result = read_vint(_text_with("abond pass pass pass", "abond pass grand pass"))
    ((code, at, line),) = codes_at(result)
    assert (code, at) == ("bad_call", "auction[2]") and result.diagnostics[0].column == 12
    raw = json.loads(write_json(EVENING))
    raw["deals"][0]["auction"][1] = "grand"
    assert [(d.code, d.deal, d.at) for d in read_json(json.dumps(raw)).diagnostics] == [("bad_call", 1, "auction[1]")]


def test_acceptance_with_nothing_to_accept_is_located_in_the_text():
    result = read_vint(_text_with("abond pass pass pass", "accept pass pass pass"))
    report = evaluate(result.record, result.diagnostics)
    (d,) = result.locate(report.diagnostics)
    assert (d.code, d.at, d.column) == ("nothing_to_accept", "auction[0]", 1) and d.line is not None


def test_a_misere_played_past_its_lost_trick_is_located():
    second = solo_deal(play="DT D7 DJ CK  DQ CJ D9 D6  D3 CT HA D4  C8 SA C6 CA  C7 D2 S2 C4  C5 D5 S8 C2  "
                            "C3 DK S9 C9  CQ H3 ST S3")
    text = write_vint(solo_session(second))
    result = read_vint(text)
    (d,) = result.locate(evaluate(result.record).diagnostics)
    assert (d.code, d.at) == ("play_after_settled", "play[28]")
    assert text.splitlines()[d.line - 1] == "CQ H3 ST S3"


def test_a_named_trump_for_a_contract_without_one_is_located():
    result = read_vint(_text_with('[Result "10"]', '[AbondTrump "S"]\n[Result "10"]'))
    (d,) = result.locate(evaluate(result.record).diagnostics)
    assert (d.code, d.at, d.deal) == ("abond_trump", "abond_trump", 3)
    assert write_vint(EVENING).count("\n") + 1 == write_vint(result.record).count("\n")  # kept, not lost
    assert '[AbondTrump "S"]' in write_vint(result.record)


def test_bad_values_are_located():
    cases = {('[TurnUp "H2"]', '[TurnUp "H22"]'): ("bad_card", "turn_up"),
             ('[AbondTrump "D"]', '[AbondTrump "X"]'): ("schema", "abond_trump"),
             ('[Outcome "made"]', '[Outcome "won"]'): ("schema", "outcome"),
             ('[Payments "N +12', '[Payments "N +12.1'): ("schema", "payments")}
    for (old, new), (code, at) in cases.items():
        (d,) = read_vint(_text_with(old, new)).diagnostics
        assert (d.code, d.at) == (code, at) and d.line is not None and d.column is not None


def test_solo_tags_in_a_vint_session_are_refused():
    text = write_vint(EVENING).replace('[Rules "solo-whist"]', '[Rules "volchaninov"]').split('\n\n[Deal "2"]')[0]
    found = {(d.code, d.at) for d in read_vint(text).diagnostics}
    assert {("schema", "turn_up"), ("schema", "outcome"), ("schema", "payments")} <= found


def test_fifth_player_only_in_solo_whist():
    raw = json.loads(write_json(FIVE))
    raw["session"]["players"]["fifth"] = "Анна"
    assert [(d.code, d.at) for d in read_json(json.dumps(raw)).diagnostics] == [("schema", "session.players.fifth")]
    vint = json.loads(write_json(EVENING))
    vint["session"]["rules"], vint["deals"] = "volchaninov", []
    vint["session"]["players"]["fifth"] = "Дина"  # kept as an unknown field of a vint session, with a warning
    result = read_json(json.dumps(vint))
    assert [(d.code, d.at, d.severity) for d in result.diagnostics] == [("schema", "session.players.fifth", "warning")]
    assert result.record.info.fifth is None and "fifth" in write_json(result.record)


SOLO_BASES = [write_json(EVENING), write_vint(EVENING), write_json(FIVE), write_vint(FIVE)]


def _chooser(data):
    return lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_solo_records_never_break_the_readers(data):
    """Hostile input (issue 11) starting from solo-whist records: located diagnostics, never a
    traceback; what reads without errors converts to the other format and back unchanged."""
    check_readers(hostile_input(_chooser(data), SOLO_BASES))


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_hostile_solo_files_never_break_a_command(data):
    with tempfile.TemporaryDirectory() as folder:
        check_commands(hostile_input(_chooser(data), SOLO_BASES), Path(folder))


def test_a_recorded_contract_in_both_formats():
    raw = json.loads(write_json(EVENING))
    raw["deals"][2]["contract"] = {"bid": "prop", "declarer": "W", "partner": "E"}
    result = read_json(json.dumps(raw))
    assert not result.diagnostics
    text = write_vint(result.record)
    assert '[Contract "prop"]\n[Declarer "W"]\n[Partner "E"]' in text
    assert read_vint(text).record == result.record
    raw["deals"][2]["contract"] = {"bid": "prop", "declarer": "W"}
    assert [(d.code, d.at) for d in read_json(json.dumps(raw)).diagnostics] == [("schema", "contract")]
    bad = read_vint(text.replace('[Partner "E"]', '[Partner "X"]'))
    assert [(d.code, d.at) for d in bad.diagnostics] == [("schema", "contract")] and bad.diagnostics[0].line


def test_vint_only_tags_in_a_solo_deal_are_refused():
    text = write_vint(EVENING).replace('[TurnUp "HA"]', '[TurnUp "HA"]\n[Vulnerable "NS"]')
    assert [(d.code, d.at) for d in read_vint(text).diagnostics] == [("schema", "vulnerable")]


def test_the_laws_layer_is_refused_over_solo_whist():
    raw = json.loads(write_json(EVENING))
    raw["session"]["laws"] = "001"
    assert [(d.code, d.at) for d in read_json(json.dumps(raw)).diagnostics] == [("schema", "session.laws")]
