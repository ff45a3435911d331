"""Team matches in IMPs and pairs events in matchpoints (issue 24 item 3): the boards of a PBN
file's rooms and tables compared, and checked against its [ScoreIMP]/[ScoreMP]/[ScorePercentage]
(shared/reference/bridge-team-pairs-scoring.md; docs/format.md §4.3, §5.2)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.reports.duplicate_comparison import Scoring, compare, imps, matchpoints

from settled import settled_pbn_sessions

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"


def game(room: str, tricks: int, tags: str = "", contract: str = "4H", event: str = "Match") -> str:
    """Board 1 (N deals, none vulnerable), North declaring ``contract`` and taking ``tricks``."""
    room_tag = f'[Room "{room}"]\n' if room else ""
    return (f'[Event "{event}"]\n[Date "2024.05.01"]\n{room_tag}[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n{tags}\n')


def events(text: str, scoring: Scoring | None = None):
    return compare([evaluate(r.record, r.diagnostics) for r in settled_pbn_sessions(text.encode())], scoring)


def compared(text: str):
    [event] = events(text)
    return event


@pytest.mark.parametrize("difference, won", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (360, 8), (370, 9), (420, 9), (430, 10),
    (1490, 16), (1500, 17), (2990, 21), (3000, 22), (3990, 23), (4000, 24), (7600, 24), (-470, -10)])
def test_the_wbf_imp_scale_at_its_boundaries(difference, won):
    """bridge-team-pairs-scoring.md, IMPs: 0–10 is 0, 20–40 is 1, …, 3500–3990 is 23, 4000 and more 24."""
    assert imps(difference) == won


def test_a_two_room_match_in_imps_agrees_with_its_recorded_score_imp():
    """IMPs (teams): open N–S +420 (4H made) against closed N–S −50 (4H one down): 470 is 10 IMPs,
    won by the open room's N–S and lost by the closed room's; [ScoreIMP] says as much from either side."""
    text = game("Open", 10, '[ScoreIMP "NS 10"]\n') + game("Closed", 9, '[ScoreIMP "EW 10"]\n')
    result = compared(text)
    assert result.scoring is Scoring.IMPS
    [board] = result.boards
    assert [(r.contract, r.score, r.points, r.differs) for r in board.results] == [
        ("4H N", 420, 10, ()), ("4H N", -50, -10, ())]
    assert result.totals() == {"match-2024-05-01-open": 10, "match-2024-05-01-closed": -10}


def test_a_recorded_score_imp_that_disagrees_is_reported(tmp_path):
    """A [ScoreIMP] of 9 where 470 is 10 IMPs (WBF scale 430–490) is marked, at the terminal and in JSON."""
    text = game("Open", 10, '[ScoreIMP "NS 9"]\n') + game("Closed", 9, '[ScoreIMP "NS -10"]\n')
    [board] = compared(text).boards
    assert [r.differs for r in board.results] == [("[ScoreIMP] NS 9",), ()]
    path = tmp_path / "match.pbn"
    path.write_text(text)
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    doc = CliRunner().invoke(main, ["score", str(path), "--compare", "--json"])
    assert shown.exit_code == 0, shown.output
    assert "! recorded [ScoreIMP] NS 9" in shown.output
    assert "1 result(s) differ" in shown.output
    [out] = json.loads(doc.output)["events"]
    assert (out["event"], out["date"], out["scoring"]) == ("Match", "2024-05-01", "imps")
    assert [r["differs"] for r in out["boards"][0]["results"]] == [["[ScoreIMP] NS 9"], []]


def test_a_pairs_board_at_four_tables_with_a_tie_in_matchpoints():
    """Matchpoints (pairs): N–S +420, +420, +170 (3H made with an overtrick), −50 at four tables;
    2 per score beaten, 1 per tie, top 6: +420 beats two and ties one = 5 (83.33%), +170 beats one
    = 2 (33.33%), −50 = 0. The tables' [ScoreMP]/[ScorePercentage] agree except table 4's."""
    text = (game("", 10, '[ScoreMP "NS 5"]\n[ScorePercentage "NS 83.33"]\n')
            + game("", 10, '[ScoreMP "EW 1"]\n')  # E–W's 1 of 6: N–S's 5
            + game("", 10, '[ScorePercentage "EW 66.67"]\n', contract="3H")
            + game("", 9, '[ScoreMP "NS 1"]\n'))
    result = compared(text)
    assert result.scoring is Scoring.MATCHPOINTS
    [board] = result.boards
    assert [(r.score, r.points) for r in board.results] == [(420, 5), (420, 5), (170, 2), (-50, 0)]
    assert [round(r.percentage, 2) for r in board.results] == [83.33, 83.33, 33.33, 0]
    assert [r.differs for r in board.results] == [(), (), (), ("[ScoreMP] NS 1",)]


def test_a_pairs_table_with_errors_is_left_out_and_the_others_still_matchpointed():
    """Matchpoints (pairs): three tables, the third's result impossible (14 tricks): its board is named
    as left out, and the two others are matchpointed (top 2), not turned into a two-room IMP match."""
    text = game("", 10) + game("", 9) + game("", 14)
    result = compared(text)
    assert result.scoring is Scoring.MATCHPOINTS
    assert result.left_out == (("match-2024-05-01-table-3", 1),)
    [board] = result.boards
    assert [(r.score, r.points, r.percentage) for r in board.results] == [(420, 2, 100), (-50, 0, 0)]


def two_boards(tricks: tuple[int, int], tags: tuple[str, str] = ("", "")) -> str:
    """One table of a pairs event: board 1 as :func:`game`, then board 2 (E deals, N–S vulnerable)
    with the same deal, North in 4H taking ``tricks[1]``; ``tags`` go to each board."""
    second = game("", tricks[1], tags[1]).replace('[Board "1"]', '[Board "2"]').replace(
        '[Dealer "N"]\n[Vulnerable "None"]', '[Dealer "E"]\n[Vulnerable "NS"]')
    return game("", tricks[0], tags[0]) + second


def test_a_table_with_one_broken_board_is_still_compared_on_its_fine_boards(tmp_path):
    """duplicate-bridge.md §1 (each board scored on its own) and §5.1: three tables play boards 1 and 2;
    table 2's board 1 claims 14 tricks. Board 1 is matchpointed between tables 1 and 3 alone (top 2) and
    the output says table 2's board 1 is left out; board 2 still counts all three tables: N–S +620,
    −100 and +650 (4H made, one down, made with an overtrick, vulnerable) are 2, 0 and 4 of 4."""
    text = two_boards((10, 10)) + two_boards((14, 9)) + two_boards((9, 11))
    result = compared(text)
    t1, t2, t3 = (f"match-2024-05-01-table-{n}" for n in (1, 2, 3))
    assert result.sessions == (t1, t2, t3) and result.unscored == ()
    assert result.left_out == ((t2, 1),)
    one, two = result.boards
    assert [(r.session, r.score, r.points) for r in one.results] == [(t1, 420, 2), (t3, -50, 0)]
    assert [(r.session, r.score, r.points) for r in two.results] == [(t1, 620, 2), (t2, -100, 0), (t3, 650, 4)]
    path = tmp_path / "pairs.pbn"
    path.write_text(text)
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    assert shown.exit_code == 0, shown.output
    assert f"board 1 of session {t2} has errors: left out of board 1's comparison" in shown.output
    doc = json.loads(CliRunner().invoke(main, ["score", str(path), "--compare", "--json"]).output)
    [event] = doc["events"]
    assert event["left_out"] == [{"session": t2, "board": 1}] and event["unscored"] == []
    checked = CliRunner().invoke(main, ["validate", str(path)])
    assert checked.exit_code == 1, checked.output  # format.md §4.1: the broken board is still an error


def test_a_rubber_with_one_broken_deal_is_not_scored_on_the_others():
    """rubber-bridge.md §6 (a rubber's games carry from deal to deal): after a broken deal the games won
    are unknown, so a rubber-bridge session with one is not scored at all, not even before it."""
    text = two_boards((10, 14)).replace('[Date "2024.05.01"]', '[Date "2024.05.01"]\n[Scoring "Rubber"]')
    [read] = settled_pbn_sessions(text.encode())
    report = evaluate(read.record, read.diagnostics)
    assert report.profile.name == "rubber-bridge"
    assert [d.deal for d in report.diagnostics if d.severity is Severity.ERROR] == [2]
    assert report.score is None and report.fine_score is None


def test_matchpoints_count_two_per_score_beaten_and_one_per_tie():
    """bridge-team-pairs-scoring.md, Matchpoints: against 100, 100 and 200, a 100 beats none and ties one."""
    assert matchpoints(100, [100, 200]) == 1
    assert matchpoints(300, [100, 100, 200]) == 6


def test_the_reader_keeps_the_recorded_figures_and_reports_an_unreadable_one():
    """format.md §5.2: [ScoreIMP], [ScoreMP], [ScorePercentage] are read by board, from the side they name;
    a value that is no figure is a located warning at its tag, the board still read."""
    [read] = settled_pbn_sessions(game("Open", 10, '[ScoreIMP "NS -2 EW 2"]\n[ScorePercentage "EW 41,5"]\n'
                                           '[ScoreMP "lots"]\n').encode())
    [deal] = read.record.deals
    figures = deal.recorded_figures
    assert figures.imps == (Side.NS, -2) and figures.percentage == (Side.EW, 41.5) and figures.matchpoints is None
    [bad] = [d for d in read.diagnostics if "[ScoreMP]" in d.message]
    assert (bad.deal, bad.severity, bad.line) == (1, "warning", 13)  # line 13: [ScoreMP]


def test_two_matches_in_one_file_are_compared_each_on_its_own_in_imps(tmp_path):
    """IMPs (teams) compare a match's two rooms: a file holding two events of an open and a closed
    room each gives two sections, each board set against its own match's other room only (not
    matchpointed over the four sessions): 420 − (−50) is 10 IMPs, 420 − 420 is 0."""
    text = (game("Open", 10, event="Match A") + game("Closed", 9, event="Match A")
            + game("Open", 10, event="Match B") + game("Closed", 10, event="Match B"))
    a, b = events(text)
    assert (a.event, a.scoring, a.totals()) == ("Match A", Scoring.IMPS,
                                                 {"match-a-2024-05-01-open": 10, "match-a-2024-05-01-closed": -10})
    assert (b.event, b.scoring, b.totals()) == ("Match B", Scoring.IMPS,
                                                 {"match-b-2024-05-01-open": 0, "match-b-2024-05-01-closed": 0})
    path = tmp_path / "two-matches.pbn"
    path.write_text(text)
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    doc = CliRunner().invoke(main, ["score", str(path), "--compare", "--json"])
    assert shown.exit_code == 0 and doc.exit_code == 0, shown.output + doc.output
    assert "event Match A 2024-05-01 (IMPs)" in shown.output and "event Match B 2024-05-01 (IMPs)" in shown.output
    out = json.loads(doc.output)["events"]
    assert [(e["event"], e["scoring"], [len(b["results"]) for b in e["boards"]]) for e in out] == [
        ("Match A", "imps", [2]), ("Match B", "imps", [2])]


def test_a_pairs_event_at_two_tables_is_matchpointed_not_scored_in_imps():
    """Matchpoints (pairs): two tables of a pairs event (no [Room], the board played twice: sessions
    ``…-table-1`` and ``…-table-2``) are matchpointed, top 2: +420 beats −50, 2 MP (100%), −50 none."""
    result = compared(game("", 10) + game("", 9))
    assert result.scoring is Scoring.MATCHPOINTS
    [board] = result.boards
    assert [(r.session, r.points, r.percentage) for r in board.results] == [
        ("match-2024-05-01-table-1", 2, 100), ("match-2024-05-01-table-2", 0, 0)]


def test_scoring_overrides_the_choice_and_imps_refuse_more_than_two_sessions(tmp_path):
    """--scoring matchpoints compares a two-room match in matchpoints (top 2: 2 and 0); --scoring imps
    a two-table pairs event in IMPs (470 is 10); IMPs asked of three tables is a clear usage error."""
    match = tmp_path / "match.pbn"
    match.write_text(game("Open", 10) + game("Closed", 9))
    pairs = tmp_path / "pairs.pbn"
    pairs.write_text(game("", 10) + game("", 9) + game("", 8))
    [as_mp] = json.loads(CliRunner().invoke(main, ["score", str(match), "--compare", "--json",
                                                   "--scoring", "matchpoints"]).output)["events"]
    assert (as_mp["scoring"], as_mp["totals"]) == (
        "matchpoints", {"match-2024-05-01-open": 2, "match-2024-05-01-closed": 0})
    [as_imps] = events(game("", 10) + game("", 9), Scoring.IMPS)
    assert (as_imps.scoring, list(as_imps.totals().values())) == (Scoring.IMPS, [10, -10])
    refused = CliRunner().invoke(main, ["score", str(pairs), "--compare", "--scoring", "imps"])
    assert refused.exit_code == 2 and ("event Match 2024-05-01: IMPs compare a match's two rooms, not 3 sessions"
                                       in refused.output)
    alone = CliRunner().invoke(main, ["score", str(pairs), "--scoring", "imps"])
    assert alone.exit_code == 2 and "give --compare too" in alone.output
    assert "Traceback" not in refused.output


# -- the matchpoint scales (duplicate-bridge.md §5), worked by hand ----------------------------------

def _pairs_event() -> str:
    """A pairs event worked by hand: board 1 at four tables (N–S +420, +420, +170, −50) and board 2,
    the same deal, at three (+420, +170, +170): board 2 was not played at the fourth table."""
    board_2 = lambda tricks, contract: game("", tricks, contract=contract).replace('[Board "1"]', '[Board "2"]')  # noqa: E731
    return (game("", 10) + board_2(10, "4H") + game("", 10) + board_2(10, "3H") + game("", 10, contract="3H")
            + board_2(10, "3H") + game("", 9))


def _results(scoring: Scoring) -> list[list[float]]:
    [event] = events(_pairs_event(), scoring)
    return [[round(r.points, 2) for r in board.results] for board in event.boards]


def test_matchpoints_two_per_score_beaten_worked_by_hand():
    """§5.1: board 1, top 6: +420 beats two and ties one = 5; +170 beats one = 2; −50 = 0. Board 2,
    top 4: +420 beats both = 4; each +170 ties one = 1."""
    assert _results(Scoring.MATCHPOINTS) == [[5, 5, 2, 0], [4, 1, 1]]


def test_tops_one_per_score_beaten_half_per_tie_worked_by_hand():
    """§5.2: half of §5.1's: board 1, top 3: 2.5, 2.5, 1, 0; board 2, top 2: 2, 0.5, 0.5."""
    assert _results(Scoring.TOPS) == [[2.5, 2.5, 1, 0], [2, 0.5, 0.5]]


def test_percentages_weigh_every_board_alike_worked_by_hand():
    """§5.3: each result as a percentage of its board's top (5 of 6 = 83.33%, 4 of 4 = 100%, 1 of 4 =
    25%); a table's total is the mean over its boards: table 1 (83.33 + 100) / 2 = 91.67, table 3
    (33.33 + 25) / 2 = 29.17, table 4 only board 1's 0."""
    [event] = events(_pairs_event(), Scoring.PERCENTAGES)
    assert [[round(r.points, 2) for r in b.results] for b in event.boards] == [[83.33, 83.33, 33.33, 0], [100, 25, 25]]
    assert {s[-7:]: v for s, v in event.totals().items()} == {"table-1": 91.67, "table-2": 54.17, "table-3": 29.17,
                                                             "table-4": 0}


def test_neuberg_factors_a_board_played_fewer_times_worked_by_hand():
    """§5.4: board 2 was played three times where the event's boards are played four times (top 6):
    (MP + 1) × 4 / 3 − 1: +420's 4 → 5.67, each +170's 1 → 1.67 (together 9 = 3 × (4 − 1), as three
    of four tables' matchpoints add up to); board 1, played four times, keeps its 5, 5, 2, 0."""
    assert _results(Scoring.NEUBERG) == [[5, 5, 2, 0], [5.67, 1.67, 1.67]]
    [event] = events(_pairs_event(), Scoring.NEUBERG)
    assert [round(r.percentage, 2) for r in event.boards[1].results] == [94.44, 27.78, 27.78]  # of the top 6


def test_recorded_figures_are_checked_on_the_chosen_scale():
    """§5.2: on the tops scale a two-table board's winner has 1 of 1, so a recorded [ScoreMP "NS 1"]
    agrees there and disagrees on §5.1's scale (top 2); an E–W figure is taken from the scale's top."""
    text = game("", 10, '[ScoreMP "NS 1"]\n') + game("", 9, '[ScoreMP "EW 1"]\n')
    [tops] = events(text, Scoring.TOPS)
    assert [r.differs for r in tops.boards[0].results] == [(), ()]
    [two] = events(text, Scoring.MATCHPOINTS)
    assert [r.differs for r in two.boards[0].results] == [("[ScoreMP] NS 1",), ("[ScoreMP] EW 1",)]


def test_a_neuberg_figure_recorded_to_two_decimals_agrees():
    """§5.4 with [ScoreMP "NS 5.67"] as a scorer rounds 17/3: within the two decimals it is written to."""
    text = _pairs_event().replace('[Board "2"]\n', '[Board "2"]\n[ScoreMP "NS 5.67"]\n', 1)
    [event] = events(text, Scoring.NEUBERG)
    assert event.boards[1].results[0].differs == ()
    [wrong] = events(text, Scoring.MATCHPOINTS)
    assert wrong.boards[1].results[0].differs == ("[ScoreMP] NS 5.67",)


@pytest.mark.parametrize("scoring", ["tops", "percentages", "neuberg"])
def test_score_compare_takes_every_scale(tmp_path, scoring):
    """--scoring offers every scale of the Scoring enum (§5), and the JSON says which was used."""
    path = tmp_path / "pairs.pbn"
    path.write_text(_pairs_event())
    shown = CliRunner().invoke(main, ["score", str(path), "--compare", "--scoring", scoring])
    doc = CliRunner().invoke(main, ["score", str(path), "--compare", "--json", "--scoring", scoring])
    assert shown.exit_code == 0 and doc.exit_code == 0, shown.output + doc.output
    [event] = json.loads(doc.output)["events"]
    assert event["scoring"] == scoring and event["sessions"][0].endswith("table-1")
    [option] = [p for p in main.commands["score"].params if p.name == "scoring"]
    assert list(option.type.choices) == [str(s) for s in Scoring]  # one list of scales: the enum's


def _table(table: str, home: str, visit: str, tricks: int, imp: str, teams: str = "HomeTeam") -> str:
    """Board 1 at one table of a team match as RealBridge writes it: no [Room], the match named by
    its teams (``teams="Match"``: by a [Match] tag alike at both tables, the table by [Section]), the
    table by [Table]."""
    if teams == "Match":
        named = f'[Match "{" v ".join(sorted((home, visit)))}"]\n[Section "{table}"]\n'
    else:
        named = f'[Table "{table}"]\n[HomeTeam "{home}"]\n[VisitTeam "{visit}"]\n'
    return game("", tricks, named + f'[ScoreIMP "{imp}"]\n')


def _two_matches(teams: str = "HomeTeam") -> str:
    """Two matches of one event, their tables interleaved: Lions v Tigers (+420 at table 7, −50 at
    table 2, the teams written the other way round there), Bears v Wolves (+420 at both tables)."""
    return (_table("7", "Lions", "Tigers", 10, "NS 10 EW -10", teams)
            + _table("3", "Bears", "Wolves", 10, "NS 1 EW -1", teams)
            + _table("2", "Tigers", "Lions", 9, "NS -10 EW 10", teams)
            + _table("4", "Wolves", "Bears", 10, "NS 0 EW 0", teams))


@pytest.mark.parametrize("teams", ["HomeTeam", "Match"])
def test_a_team_event_without_rooms_is_read_a_session_per_match_and_table(teams):
    """format.md §5.2 (a team event without [Room]): each table of each match is a session, keyed by
    the match ([HomeTeam] v [VisitTeam], either way round, or [Match]) and the table ([Table] or
    [Section]), not split as a pairs event by the showings of the board."""
    sessions = settled_pbn_sessions(_two_matches(teams).encode())
    assert [(r.record.info.id, r.record.info.table) for r in sessions] == [
        ("match-2024-05-01--lions-v-tigers--table-7", "7"), ("match-2024-05-01--bears-v-wolves--table-3", "3"),
        ("match-2024-05-01--lions-v-tigers--table-2", "2"), ("match-2024-05-01--bears-v-wolves--table-4", "4")]
    assert all(not r.diagnostics for r in sessions), [d.message for r in sessions for d in r.diagnostics]


@pytest.mark.parametrize("teams", ["HomeTeam", "Match"])
def test_each_match_of_a_team_event_without_rooms_is_compared_in_imps(teams):
    """IMPs (teams; bridge-team-pairs-scoring.md): each match's two tables set against each other
    board by board, not matchpointed over the event's four tables: 420 − (−50) is 10 IMPs, 420 − 420
    is 0; [ScoreIMP] is checked at every table, and Bears v Wolves's "NS 1" differs."""
    lions, bears = events(_two_matches(teams))
    assert (lions.match, lions.scoring, lions.totals()) == ("lions-v-tigers", Scoring.IMPS, {
        "match-2024-05-01--lions-v-tigers--table-7": 10, "match-2024-05-01--lions-v-tigers--table-2": -10})
    assert (bears.match, bears.scoring, bears.totals()) == ("bears-v-wolves", Scoring.IMPS, {
        "match-2024-05-01--bears-v-wolves--table-3": 0, "match-2024-05-01--bears-v-wolves--table-4": 0})
    assert [r.recorded is not None and r.recorded.imps is not None for c in (lions, bears)
            for r in c.boards[0].results] == [True] * 4
    assert [r.differs for c in (lions, bears) for r in c.boards[0].results] == [(), (), ("[ScoreIMP] NS 1",), ()]


def test_score_compare_heads_each_match_of_a_team_event(tmp_path):
    """format.md §4.3: a team event's match is its own section, named by its match, and in JSON
    its ``match``; a pairs event's ``match`` is null."""
    path = tmp_path / "realbridge.pbn"
    path.write_text(_two_matches())
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    doc = CliRunner().invoke(main, ["score", str(path), "--compare", "--json"])
    assert shown.exit_code == 0 and doc.exit_code == 0, shown.output + doc.output
    assert "event Match 2024-05-01, match lions-v-tigers (IMPs)" in shown.output
    assert "event Match 2024-05-01, match bears-v-wolves (IMPs)" in shown.output
    assert [(e["match"], e["scoring"]) for e in json.loads(doc.output)["events"]] == [
        ("lions-v-tigers", "imps"), ("bears-v-wolves", "imps")]
    path.write_text(game("", 10) + game("", 9))
    pairs = CliRunner().invoke(main, ["score", str(path), "--compare", "--json"])
    assert [(e["match"], e["scoring"]) for e in json.loads(pairs.output)["events"]] == [(None, "matchpoints")]


def test_score_compare_aligns_session_ids_of_any_length(tmp_path):
    """format.md §4.3: a section's rows keep their columns when a match's ids are longer than the
    usual column and differ in length (table 7 against table 12)."""
    path = tmp_path / "realbridge.pbn"
    path.write_text(_two_matches().replace('[Table "2"]', '[Table "12"]'))
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    rows = [line for line in shown.output.splitlines() if "lions-v-tigers--table-" in line and " NS " in line]
    assert len(rows) == 2 and len({len(row.split(" NS ")[0]) for row in rows}) == 1, shown.output


def test_tables_named_without_teams_or_with_rooms_stay_as_they_were():
    """format.md §5.2: [Table] alone is a pairs event's table (matchpointed, ``…-table-n``), and a
    game with [Room] is its room's even where it names its teams."""
    pairs = compared(game("", 10, '[Table "5"]\n') + game("", 9, '[Table "6"]\n'))
    assert (pairs.scoring, pairs.sessions) == (Scoring.MATCHPOINTS, ("match-2024-05-01-table-1", "match-2024-05-01-table-2"))
    teams = '[Table "1"]\n[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n'
    rooms = compared(game("Open", 10, teams) + game("Closed", 9, teams))
    assert (rooms.match, rooms.scoring, rooms.sessions) == (None, Scoring.IMPS,
                                                            ("match-2024-05-01-open", "match-2024-05-01-closed"))


def test_audit_checks_the_score_tags_of_a_pairs_tables_fine_boards(tmp_path):
    """duplicate-bridge.md §1, §3 and format.md §4.4: a table whose board 1 claims 14 tricks still has
    its board 2 audited: [Score "NS 600"] where 4H made vulnerable is 620 is a mismatch; the broken board
    is reported as an error (exit 1, ``valid`` false in JSON), not checked."""
    path = tmp_path / "table.pbn"
    path.write_text(two_boards((14, 10), ('[Score "NS 420"]\n', '[Score "NS 600"]\n')))
    shown = CliRunner().invoke(main, ["audit", str(path)])
    assert shown.exit_code == 1
    assert "deal 2: recorded NS 600, recomputed NS 620" in shown.output
    assert "deal 1, result: schema" in shown.output and "1 deal checked" in shown.output
    doc = json.loads(CliRunner().invoke(main, ["audit", str(path), "--json"]).output)
    assert doc["valid"] is False and [e["deal"] for e in doc["errors"]] == [1]
    assert doc["deals_checked"] == 1
    assert [(m["deal"], m["recorded"], m["computed"]) for m in doc["mismatches"]] == [(2, 600, 620)]


def test_a_pairs_event_whose_dates_give_each_tables_start_is_one_event():
    """BBO's tournament export gives each table's [Date] with the minute the table began
    (``2013-11-23 11:21``): the tables of one [Event] on one day are one pairs event, matchpointed
    together (format.md §4.3, duplicate-bridge.md §5) — not an event for each minute. N–S +420,
    −50 and −100 at three tables: 4, 2 and 0 of a top of 4."""
    text = "".join(game("", tricks).replace('[Date "2024.05.01"]', f'[Date "2013-11-23 11:2{i}"]')
                   for i, tricks in enumerate((10, 9, 8)))
    [event] = events(text)
    assert event.scoring is Scoring.MATCHPOINTS and (event.event, event.date) == ("Match", "2013-11-23")
    [board] = event.boards
    assert [(r.score, r.points) for r in board.results] == [(420, 4), (-50, 2), (-100, 0)]


def test_the_terminal_writes_contracts_as_the_scoresheet_does(tmp_path):
    """Issue 24: ``score --compare`` at the terminal writes a contract as ``score`` does (``4♥``,
    ``passed out``: reports/labels.py); its vint-compare/1 JSON keeps ``4H N`` and ``Pass`` (format.md §4.3)."""
    passed = game("Closed", 0, contract="Pass").replace('[Declarer "N"]\n', "").replace('[Result "0"]\n', "")
    path = tmp_path / "match.pbn"
    path.write_text(game("Open", 10) + passed, encoding="utf-8")
    shown = CliRunner().invoke(main, ["score", str(path), "--compare"])
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.output.splitlines() if " NS " in line]
    assert "-open        4♥ N       NS" in rows[0] and "-closed      passed out NS" in rows[1], shown.output
    sheet = CliRunner().invoke(main, ["score", str(path), "--session", "1"]).output
    assert " 4♥ " in sheet
    doc = json.loads(CliRunner().invoke(main, ["score", str(path), "--compare", "--json"]).output)
    assert [r["contract"] for r in doc["events"][0]["boards"][0]["results"]] == ["4H N", "Pass"]
