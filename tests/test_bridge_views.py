"""Bridge in the replays and on the scoresheets: the dummy (and what each seat saw of it), the
contract's doubling and the sides' vulnerability, claims at the terminal, rubber bridge's closing
entries and duplicate's board-by-board sheet (docs/rules/rubber-bridge.md, duplicate-bridge.md)."""
from __future__ import annotations

import json

import pytest

from bridge_records import DOUBLED, PART_SCORE, bridge_raw, bridge_session
from dashboards.payload import replay_payload
from dashboards import data
from vint_replay.games.bridge.duplicate import ROTATION
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json
from vint_replay.reports.scoresheet import render_scoresheet
from vint_replay.reports.terminal import DealView

GAME = ["4C", "pass", "pass", "pass"]  # 80 below: with deal 2's 40 a game for N–S
# deal 1: 3♣ X one down, played out; deal 2: 2♣ claimed after 5 tricks; deal 3: 4♣ claimed
# after 3 tricks (the game is reached with the claimed tricks); deal 4: 1♣ kept by its result
DEALS = [(DOUBLED, 52, None), (PART_SCORE, 20, 8), (GAME, 12, 10), (["1C", "pass", "pass", "pass"], 0, 7)]


@pytest.fixture(scope="module")
def rubber():
    report = evaluate(bridge_session("rubber-bridge", DEALS))
    assert report.valid, [d.describe() for d in report.diagnostics]
    return report


@pytest.fixture(scope="module")
def duplicate():
    report = evaluate(bridge_session("duplicate-bridge", DEALS))
    assert report.valid, [d.describe() for d in report.diagnostics]
    return report


def test_the_ledger_records_each_deals_vulnerability(rubber, duplicate, worked_example_raw):
    # rubber bridge §5: vulnerable once the side has won a game of the rubber (N–S in deal 3)
    assert [d.vulnerable for d in rubber.score.deals] == [(False, False)] * 3 + [(True, False)]
    # duplicate §2: the board number's place in the rotation of 16
    assert [d.vulnerable for d in duplicate.score.deals] == list(ROTATION[:4])
    assert ROTATION[3] == (True, True)
    vint = evaluate(read_json(json.dumps(worked_example_raw).encode()).record)
    assert [d.vulnerable for d in vint.score.deals] == [(False, False)]


@pytest.mark.parametrize("seat, shipped, seen_from", [
    (None, "NESW", 0),   # the open view
    (Seat.N, "NS", 1),   # the declarer, like the defenders, once the dummy is spread after the lead
    (Seat.S, "S", 0),    # the dummy sees his own hand, not the declarer's
    (Seat.E, "ES", 1),   # the defenders see the dummy once the opening lead is made
    (Seat.W, "WS", 1),
])
def test_a_seat_view_ships_the_dummy_only_from_when_that_seat_saw_it(rubber, seat, shipped, seen_from):
    payload = replay_payload(rubber, 1, seat)
    assert [h is not None for h in payload["hands"]] == [s in shipped for s in "NESW"]
    assert payload["dummy"] == Seat.S and payload["up_from"][Seat.S] == seen_from
    assert payload["dummy_line"] == "N plays dummy S"
    assert len(payload["hands"][Seat.S]) == 13


def test_no_play_no_dummy_for_the_defenders(rubber):
    payload = replay_payload(rubber, 4, Seat.E)  # kept by its result: no lead was made
    assert [h is not None for h in payload["hands"]] == [False, True, False, False]
    assert payload["up_from"][Seat.S] is None


def test_vint_has_no_dummy_and_no_vulnerability(worked_example_raw):
    report = evaluate(read_json(json.dumps(worked_example_raw).encode()).record)
    payload = replay_payload(report, 1, Seat.E)
    assert [h is not None for h in payload["hands"]] == [False, True, False, False]
    assert payload["dummy"] is None and payload["dummy_line"] is None and payload["vulnerable"] is None
    text = DealView.of(report, 0).full()
    assert "dummy" not in text and "vulnerable" not in text


def test_the_payload_carries_doubling_and_vulnerability(rubber, duplicate):
    first, last = replay_payload(rubber, 1), replay_payload(rubber, 4)
    assert first["contract"] == "3♣ X"
    assert first["vulnerable"] == "N–S not vulnerable, E–W not vulnerable"
    assert last["vulnerable"] == "N–S vulnerable, E–W not vulnerable"
    assert first["below"] == [0, 0] and len(first["below_after"]) == 13
    board = replay_payload(duplicate, 4)  # board by board there is no race below the line
    assert board["vulnerable"] == "N–S vulnerable, E–W vulnerable"
    assert board["below"] is None and board["below_after"] is None and board["below_end"] is None


def test_terminal_replay_shows_the_dummy_after_the_lead(rubber):
    text = DealView.of(rubber, 0).full()
    header, _, rest = text.partition("\n\n")
    assert "Contract 3♣ X by North" in header and "N plays dummy S" in header
    assert "N–S not vulnerable, E–W not vulnerable" in header
    assert "South · Сидоров · dummy" in rest
    play = rest[rest.index("Play (East"):]
    lines = play.splitlines()
    assert lines[1].startswith("Dummy South") and "face up after the opening lead" in lines[1]
    assert lines[2:6] == ["    ♠ A 4", "    ♥ A J 7 6", "    ♦ Q 10 6 2", "    ♣ K Q 5"]
    assert lines[6].startswith(" 1. E leads")
    assert "Tricks N–S 8, E–W 5: 3♣ X 1 down" in text


def test_terminal_replay_of_a_claim_gives_the_ledgers_figures(rubber):
    text = DealView.of(rubber, 2).full()
    assert " 3. S leads" in text and " 4. " not in text
    assert "After trick 3 the rest claimed: declarer N–S took 10" in text
    below = rubber.score.deals[2]
    assert below.below_after[-1] == (40, 0) and below.below_end == (120, 0)
    assert "after the tricks played: N–S 40, E–W 0; with the claimed tricks: N–S 120, E–W 0" in text
    assert "N–S reach 100 below the line with the claimed tricks: the game" in text


def test_rubber_scoresheet_shows_and_counts_the_closing_entries(rubber):
    sheet = render_scoresheet(rubber.record, rubber.score, rubber.profile)
    closing = rubber.score.rubbers[0].closing_entries
    assert sorted(e.points for e in closing) == [100, 300]  # §6.4: the only game, a part score (1♣: 20)
    assert "end: game 300" in sheet and "end: part score 100" in sheet
    assert "total 540" in sheet  # 40 + 80 + 20 below, 300 + 100 at the end
    dash_sheet = data.scoresheet(rubber)
    ends = [e.text for e in dash_sheet.rubbers[0].above[0] if e.deal is None]
    assert sorted(ends) == ["end: game", "end: part score"]
    assert dash_sheet.totals == rubber.score.totals == (540, 100)


def test_duplicate_scoresheet_is_board_by_board(duplicate):
    sheet = render_scoresheet(duplicate.record, duplicate.score, duplicate.profile)
    assert "above the line" not in sheet and "Rubber" not in sheet
    rows = [line.split() for line in sheet.splitlines() if line[:5].strip().isdigit()]
    # 3♣X−1 not vulnerable 100 to E–W; 2♣ = 40+50; 4♣ = 80+50; 1♣ = 20+50
    assert rows == [["1", "none", "3♣", "X", "N", "8", "+100", "-100"], ["2", "N–S", "2♣", "N", "8", "+90", "-10"],
                    ["3", "E–W", "4♣", "N", "10", "+130", "+120"], ["4", "both", "1♣", "N", "7", "+70", "+190"]]
    boards = data.scoresheet(duplicate).boards
    assert [(b.number, b.score, b.running) for b in boards] == [(1, -100, -100), (2, 90, -10), (3, 130, 120), (4, 70, 190)]
    assert data.scoresheet(duplicate).rubbers == []


def test_scoresheet_heading_keeps_its_rule_when_the_names_are_long(duplicate):
    """The heading names each side's players over its column (the rule at the column's edge, as
    in every row); names longer than the column (RealBridge's ``Clemens Wanha#184195``) push the
    rule right but stay apart from it: ``… Wanha#184195 │ E–W: …``, not ``…#184195│ E–W``."""
    import dataclasses

    players = ("Markus Knob#39415", "Kasper Konow#20880", "Clemens Wanha#184195", "Michael Askgaard#23324")
    record = dataclasses.replace(duplicate.record, info=dataclasses.replace(duplicate.record.info, players=players))
    long_names = render_scoresheet(record, duplicate.score, duplicate.profile).splitlines()[1]
    assert long_names == "N–S: Markus Knob#39415 & Clemens Wanha#184195 │ E–W: Kasper Konow#20880 & Michael Askgaard#23324"
    short = render_scoresheet(duplicate.record, duplicate.score, duplicate.profile).splitlines()[1]
    assert short.index("│") == 23  # the rubber sheet's rule: 22 characters, a space, the rule (width 23)


def test_layout_comes_from_what_the_profile_declares(rubber):
    from vint_replay.games.registry import SheetLayout, get_profile

    assert {n: get_profile(n).scoresheet for n in ("volchaninov", "classic", "rubber-bridge", "duplicate-bridge")} == {
        "volchaninov": SheetLayout.RUBBER, "classic": SheetLayout.RUBBER, "rubber-bridge": SheetLayout.RUBBER,
        "duplicate-bridge": SheetLayout.BOARDS}
    rescored = evaluate(rubber.record, rules="duplicate-bridge")  # the same evening, board by board
    assert data.scoresheet(rescored).boards is not None and data.scoresheet(rubber).boards is None


def test_terminal_replay_of_a_board_gives_its_board_score_not_a_race(duplicate):
    text = DealView.of(duplicate, 0).full()
    assert "board score: E–W +100" in text  # 3♣ X one down, not vulnerable
    assert "below" not in text and "rubber" not in text
    assert "board score: N–S +90" in DealView.of(duplicate, 1).full()  # 2♣ made: 40 + 50


def test_the_payload_of_a_claim_carries_the_tricks_counted_from_the_result(rubber):
    claim = replay_payload(rubber, 2)  # 2♣ by N, 5 tricks played (N–S 3, E–W 2), then 8 claimed
    assert len(claim["play"]) == 20 and claim["claim"] == [8, 5]
    assert claim["below_after"][-1] == [0, 0] and claim["below_end"] == [40, 0]
    assert replay_payload(rubber, 1)["claim"] is None  # played out
    assert replay_payload(rubber, 4)["claim"] is None and replay_payload(rubber, 4)["result"] == [7, 6]


@pytest.mark.parametrize("rules", ["rubber-bridge", "duplicate-bridge"])
def test_the_cli_replays_and_scores_a_bridge_file(tmp_path, runner, rules):
    from vint_replay.cli import main

    path = tmp_path / f"{rules}.json"
    path.write_text(json.dumps(bridge_raw(rules, DEALS), ensure_ascii=False), encoding="utf-8")
    shown = runner.invoke(main, ["replay", str(path), "--deal", "3"])
    assert shown.exit_code == 0, shown.output
    assert "N plays dummy S" in shown.stdout and "Dummy South · Сидоров, face up" in shown.stdout
    assert "After trick 3 the rest claimed: declarer N–S took 10" in shown.stdout
    sheet = runner.invoke(main, ["score", str(path)])
    assert sheet.exit_code == 0, sheet.output
    if rules == "rubber-bridge":
        assert "end: game 300" in sheet.stdout and "Session totals: N–S 540, E–W 100" in sheet.stdout
    else:
        assert "N–S total" in sheet.stdout and "Session totals: N–S 290, E–W 100" in sheet.stdout


def test_the_totals_chart_ends_with_the_closing_entries(rubber, duplicate):
    progress = data.progress(rubber)
    assert (progress.totals[0][-1], progress.totals[1][-1]) == (140, 100)  # after deal 4, before the end
    assert progress.closing == rubber.score.totals == (540, 100)
    assert data.progress(duplicate).closing is None  # nothing is written at the end board by board
