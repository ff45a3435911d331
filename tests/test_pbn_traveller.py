"""PBN's [ScoreTable] traveller (issue 24; docs/format.md §4.4, §5.2): the reader keeps every table's
listed result, and `audit` scores each again (duplicate-bridge.md §3) and matchpoints it against the
others (§5.1), factored up by Neuberg's formula past a table given an adjusted score (§5.4–§5.5);
a row it cannot read is a warning naming its board and line."""
from __future__ import annotations

import json

import pytest

from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.reports.traveller_audit import audit_travellers

from settled import settled_pbn_sessions

HEAD = ('[Event "Club pairs"]\n[Date "2024.05.01"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
        '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 420"]\n')
COLUMNS = r'[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\6L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;MP_NS;MP_EW"]'
# board 1, none vulnerable (duplicate-bridge.md §2, §3): 4H made is N–S +420; 4HX one down is E–W +100
# (rubber-bridge.md §5: 100 a doubled undertrick not vulnerable); 4H with an overtrick +450.
# Matchpoints of three tables, top 4 (§5.1): +450 4, +420 2, −100 0.
ROWS = (' 1  2 4H     N 10    420      -  2  2\n'
        ' 3  4 "4H X" N  9      -    100  0  4\n'
        ' 5  6 4H     N 11    450      -  4  0\n'
        ' 7  8 ^4H    N 10   ^400      -  1  3\n')  # PBN 2.1 §3.9: ^ an artificial (adjusted) score


def _file(tmp_path, rows: str = ROWS):
    path = tmp_path / "traveller.pbn"
    path.write_text(HEAD + COLUMNS + "\n" + rows)
    return path


def test_the_reader_keeps_every_listed_table_and_skips_an_adjusted_one():
    """format.md §5.2: the three rows read with their contract (a quoted "4H X" too), declarer,
    tricks and N–S's score (E–W's 100 as −100); the adjusted row (^) is left out, with no warning."""
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + ROWS).encode())
    assert read.diagnostics == []
    rows = read.travellers[1]
    assert [(str(r.contract), r.contract.declarer, r.tricks, r.score) for r in rows] == [
        ("4H", Seat.N, 10, 420), ("4HX", Seat.N, 9, -100), ("4H", Seat.N, 11, 450)]
    assert [r.line for r in rows] == [12, 13, 14]
    assert rows[1].figures.matchpoints == (Side.NS, 0)


def test_audit_finds_a_correct_traveller_clean(tmp_path):
    """duplicate-bridge.md §3, §5.1: every listed score and matchpoint agrees with the recomputed one."""
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path))])
    assert shown.exit_code == 0, shown.output
    assert "3 [ScoreTable] rows checked, 0 mismatches" in shown.output


def test_audit_names_a_wrong_listed_score_and_wrong_matchpoints(tmp_path):
    """duplicate-bridge.md §3: 4HX one down not vulnerable is E–W +100, so a listed 200 is wrong; then
    by §5.1 the +450 table has 4 of 4, not the 3 listed; both named by board and line, exit 1."""
    rows = ROWS.replace("    100  0  4", "    200  0  4").replace("450      -  4  0", "450      -  3  1")
    path = _file(tmp_path, rows)
    shown = CliRunner().invoke(main, ["audit", str(path)])
    assert shown.exit_code == 1
    assert "deal 1, [ScoreTable] line 13 (4HX N 9): listed NS -200, recomputed NS -100" in shown.output
    assert "deal 1, [ScoreTable] line 14 (4H N 11): recorded [ScoreMP] NS 3, recomputed NS 4 of 4" in shown.output
    doc = json.loads(CliRunner().invoke(main, ["audit", str(path), "--json"]).output)
    assert doc["traveller_rows_checked"] == 3
    assert [(m["board"], m["line"]) for m in doc["traveller_mismatches"]] == [(1, 13), (1, 14)]


def test_a_malformed_traveller_line_is_a_located_warning():
    """format.md §5.2: a row short of an element, and one with 14 tricks, each a ``traveller`` warning
    naming board 1 and its own line; the board itself stays valid and the good row is kept."""
    rows = ' 1  2 4H N 10 420 - 2 2\n 3  4 4H N  9 - 2 0\n 5  6 4H N 14 450 - 4 0\n'
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows).encode())
    problems = [(d.code, d.deal, d.line, d.severity) for d in read.diagnostics]
    assert problems == [("traveller", 1, 13, Severity.WARNING), ("traveller", 1, 14, Severity.WARNING)]
    assert "line 13: 8 elements where the table has 9 columns" in read.diagnostics[0].message
    assert "line 14: result '14' is not a number of tricks" in read.diagnostics[1].message
    assert [r.line for r in read.travellers[1]] == [12]


@pytest.mark.parametrize("result", ["9" * 5001, "\u0661\u0660", "\u00b2"])
def test_a_result_of_thousands_of_digits_or_not_ascii_is_a_warning_not_a_traceback(result):
    """Bad input: a row's result that int() raises on (5,001 digits, '²') or reads as a number
    ('١٠', Arabic-Indic ten) is the row's located warning, as a result of 14 is."""
    rows = f' 1  2 4H N 10 420 - 2 2\n 5  6 4H N {result} 450 - 4 0\n'
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows).encode())
    [said] = read.diagnostics
    assert (said.code, said.line, said.severity) == ("traveller", 13, Severity.WARNING)
    assert "is not a number of tricks (0–13)" in said.message and len(said.message) < 200


def test_a_row_short_by_all_but_one_element_is_worded_in_the_singular():
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n 1\n").encode())
    assert "line 12: 1 element where the table has 9 columns" in read.diagnostics[0].message


def test_a_kept_traveller_s_unreadable_rows_are_warnings_at_pbn_tags_in_json_and_vint(tmp_path):
    """format.md §5.2 *Tags kept*: a JSON or .vint record's kept [ScoreTable] is read as the file's
    was, so a row it cannot read (a record edited by hand) is a warning naming its board and its
    line in the section, not a row the audit leaves out unsaid."""
    path = _file(tmp_path)
    as_json = tmp_path / "t.json"
    assert CliRunner().invoke(main, ["convert", str(path), str(as_json)]).exit_code == 0
    raw = json.loads(as_json.read_text(encoding="utf-8"))
    [table] = [t for t in raw["deals"][0]["pbn_tags"] if t["name"] == "ScoreTable"]
    table["section"].append("7 8 4H")
    as_json.write_text(json.dumps(raw), encoding="utf-8")
    as_vint = tmp_path / "t.vint"
    assert CliRunner().invoke(main, ["convert", str(as_json), str(as_vint)]).exit_code == 0
    for record in (as_json, as_vint):
        done = CliRunner().invoke(main, ["validate", str(record)])
        assert done.exit_code == 0, done.output
        assert (f"deal 1, pbn_tags: traveller (warning): [ScoreTable] section line {len(table['section'])}: "
                "3 elements where the table has 9 columns") in done.output


# duplicate-bridge.md §5.5: a fourth table given average plus to both sides. The three played are
# matchpointed among themselves (+450 4, +420 2, −100 0 of 4) and factored up to four tables by
# Neuberg (§5.4): (4 + 1) × 4/3 − 1 = 5.67, (2 + 1) × 4/3 − 1 = 3, (0 + 1) × 4/3 − 1 = 0.33 of 6;
# the adjusted table has 60 % of 6 = 3.6 each side. Written to one decimal, as scoring programs do.
ADJUSTED = (' 1  2 4H     N 10    420      -  3.0  3.0\n'
            ' 3  4 "4H X" N  9      -    100  0.3  5.7\n'
            ' 5  6 4H     N 11    450      -  5.7  0.3\n'
            ' 7  8 -      -  -     A+     A+  3.6  3.6\n')


def test_an_average_written_in_a_score_column_is_an_adjusted_score_with_its_sides_shares():
    """duplicate-bridge.md §5.5: A+ is 60 % of the top, A= 50 %, A- 40 %, a percentage itself; each
    side's own (both sides may have average plus); the row has no contract and is read, not skipped."""
    rows = ADJUSTED + ' 9 10 -      -  -     A-     A+  2.4  3.6\n11 12 -      -  -    50%      -  3.0  3.0\n'
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows).encode())
    assert read.diagnostics == []
    adjusted = [r for r in read.travellers[1] if r.contract is None]
    assert [(r.line, r.assigned, r.text) for r in adjusted] == [
        (15, (60.0, 60.0), "A+ / A+"), (16, (40.0, 60.0), "A- / A+"), (17, (50.0, None), "A= / ?")]


def test_audit_factors_the_played_tables_up_by_neuberg_past_an_adjusted_one(tmp_path):
    """duplicate-bridge.md §5.4–§5.5: with a table adjusted, each played table's matchpoints are
    Neuberg's of 6 and the adjusted table's 60 % of 6; figures written to one decimal agree within
    half of it (5.7 for 5.67)."""
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path, ADJUSTED))])
    assert shown.exit_code == 0, shown.output
    assert "4 [ScoreTable] rows checked, 0 mismatches" in shown.output


def test_audit_names_matchpoints_not_factored_up_and_a_wrong_average(tmp_path):
    """duplicate-bridge.md §5.4–§5.5: the +450 table listed with 4 (its matchpoints of the three
    played, not factored up to four tables) and the average-plus table with 3 (half the top, not
    60 %) are each named, with the figure recomputed; a figure off by more than half its last
    digit (3.1 for 3.0) is named too."""
    rows = (ADJUSTED.replace("450      -  5.7  0.3", "450      -  4  2").replace("A+  3.6  3.6", "A+  3  3")
            .replace("420      -  3.0  3.0", "420      -  3.1  2.9"))
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path, rows))])
    assert shown.exit_code == 1
    assert "deal 1, [ScoreTable] line 14 (4H N 11): recorded [ScoreMP] NS 4, recomputed NS 5.667 of 6" in shown.output
    assert "deal 1, [ScoreTable] line 15 (A+ / A+): recorded [ScoreMP] NS 3, recomputed NS 3.6 of 6" in shown.output
    assert "deal 1, [ScoreTable] line 12 (4H N 10): recorded [ScoreMP] NS 3.1, recomputed NS 3 of 6" in shown.output
    assert "4 [ScoreTable] rows checked, 3 mismatches" in shown.output


# duplicate-bridge.md §5.6: the pairs' totals of the one board above, each pair's matchpoints at its
# table (E–W's the rest of the top of 4) and their percentage of 4.
TOTALS = ('[TotalScoreTable "Rank\\1R;PairId\\2R;TotalScoreMP\\5R;TotalPercentage\\5R;Names\\20L"]\n'
          '1  5 4.0 100.00 "Ann - Bob"\n2  4 4.0 100.00 "Cy - Di"\n3  1 2.0  50.00 "Ed - Flo"\n'
          '4  2 2.0  50.00 "Gus - Hal"\n5  3 0.0   0.00 "Ida - Jo"\n6  6 0.0   0.00 "Kit - Lu"\n')


def _read(rows: str = ROWS, totals: str = TOTALS):
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows + totals).encode())
    return read


def test_the_pairs_totals_are_read_with_their_pairs_and_figures():
    """format.md §5.2: [TotalScoreTable]'s PairId, Names, TotalScoreMP and TotalPercentage, each
    figure with the rounding it is written to; the traveller's rows name their pairs."""
    read = _read()
    assert read.diagnostics == []
    assert [(t.pair, t.names, t.matchpoints, t.percentage) for t in read.totals][:2] == [
        ("5", "Ann - Bob", (4.0, 0.05), (100.0, 0.005)), ("4", "Cy - Di", (4.0, 0.05), (100.0, 0.005))]
    assert [r.pairs for r in read.travellers[1]] == [("1", "2"), ("3", "4"), ("5", "6")]


def test_each_pair_s_total_is_held_against_its_boards_over_every_traveller():
    """duplicate-bridge.md §5.6: each listed total is its pair's matchpoints on the boards it played,
    N–S or E–W, over their tops; one that differs is named by its pair and line."""
    read = _read()
    report = evaluate(read.record, read.diagnostics)
    clean = audit_travellers(report, read.travellers, read.totals)
    assert (clean.rows_checked, clean.totals_checked, clean.mismatches) == (3, 6, ())
    wrong = _read(totals=TOTALS.replace('3  1 2.0  50.00', '3  1 3.0  75.00'))
    found = audit_travellers(evaluate(wrong.record, wrong.diagnostics), wrong.travellers, wrong.totals)
    assert [m.describe() for m in found.mismatches] == [
        "deal 1, [TotalScoreTable] line 19 (pair 1): recorded 3 MP, recomputed 2.00 MP over 1 board",
        "deal 1, [TotalScoreTable] line 19 (pair 1): recorded 75 %, recomputed 50.00 % over 1 board"]


def test_totals_with_no_traveller_read_are_not_checked_nor_named_on_a_board_0():
    """duplicate-bridge.md §5.6: a pair's total is the sum of its boards' travellers; with none
    read (every row unreadable: the reader's warnings say why) there is nothing to add up, so no
    total is checked and none is reported "on no traveller" at a deal 0 the session has not."""
    read = _read(rows="".join(" ".join(row.split()[:3]) + "\n" for row in ROWS.splitlines()))  # rows cut short
    assert read.totals and not read.travellers
    assert [d.code for d in read.diagnostics] and {d.code for d in read.diagnostics} == {"traveller"}
    found = audit_travellers(evaluate(read.record, read.diagnostics), read.travellers, read.totals)
    assert (found.rows_checked, found.totals_checked, found.mismatches) == (0, 0, ())


def test_audit_says_the_pairs_totals_it_checked_and_lists_them_in_json(tmp_path):
    """format.md §4.4: the last line counts the pairs' totals with the rows; --json gives their count."""
    path = tmp_path / "totals.pbn"
    path.write_text(HEAD + COLUMNS + "\n" + ROWS + TOTALS)
    shown = CliRunner().invoke(main, ["audit", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "3 [ScoreTable] rows and 6 pairs' totals checked, 0 mismatches" in shown.output
    doc = json.loads(CliRunner().invoke(main, ["audit", str(path), "--json"]).output)
    assert doc["traveller_totals_checked"] == 6


def test_score_compare_ranks_the_pairs_over_their_travellers(tmp_path):
    """format.md §4.3, duplicate-bridge.md §5.6: the pairs in order of their percentage, tied pairs
    sharing a rank, each with its boards, matchpoints, percentage, recorded total and names; a
    recorded total that differs is marked; --json gives them as the document's standings."""
    path = tmp_path / "pairs.pbn"
    path.write_text(HEAD + COLUMNS + "\n" + ROWS + TOTALS.replace('3  1 2.0  50.00', '3  1 3.0  75.00'))
    shown = CliRunner().invoke(main, ["score", "--compare", str(path)])
    assert shown.exit_code == 0, shown.output
    table = shown.output[shown.output.index("the pairs by their boards' travellers"):].splitlines()
    assert [line.split()[:5] for line in table[2:]] == [
        ["1", "4", "1", "4.0", "100.00"], ["1", "5", "1", "4.0", "100.00"], ["3", "1", "1", "2.0", "50.00"],
        ["3", "2", "1", "2.0", "50.00"], ["5", "3", "1", "0.0", "0.00"], ["5", "6", "1", "0.0", "0.00"]]
    assert table[4].endswith("3 75  Ed - Flo  !") and table[2].endswith("4 100  Cy - Di")
    doc = json.loads(CliRunner().invoke(main, ["score", "--compare", "--json", str(path)]).output)
    [standings] = doc["standings"]
    assert standings["pairs"][2] == {"rank": 3, "pair": "1", "names": "Ed - Flo", "boards": 1, "matchpoints": 2.0,
                                     "percentage": 50.0, "recorded": {"matchpoints": 3.0, "percentage": 75.0}}


def test_score_points_a_pairs_session_s_sheet_to_its_travellers(tmp_path):
    """The sheet scores the file's own table only; a session whose boards list their tables in
    [ScoreTable] travellers says where their results are read (format.md §5.2), on stderr."""
    done = CliRunner().invoke(main, ["score", str(_file(tmp_path))])
    assert done.exit_code == 0, done.output
    assert ("the tables' results are in [ScoreTable] travellers on 1 board: score --compare ranks the pairs "
            "over them") in done.stderr
    assert "[ScoreTable]" not in done.stdout


def test_a_pair_listed_twice_on_a_board_is_named_by_audit_and_marked_on_the_traveller(tmp_path):
    """duplicate-bridge.md §5.6: a pair plays a board once; a traveller that lists pair 1 again
    (here as E–W of the third table) counts the board twice in its session, so audit names the
    later row with the first one's line, and the board's traveller card marks that row's pairs
    (a kept table's lines are its section's: formats/pbn_traveller.kept_travellers)."""
    from dashboards.traveller_view import traveller_cards

    rows = ROWS.replace(" 5  6 4H     N 11", " 5  1 4H     N 11")
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path, rows))])
    assert shown.exit_code == 1, shown.output
    assert ("deal 1, [ScoreTable] line 14 (4H N 11): pair 1 is listed again (first on line 12): "
            "a pair plays a board once") in shown.output
    clean = CliRunner().invoke(main, ["audit", str(_file(tmp_path))])
    assert "listed again" not in clean.output and clean.exit_code == 0, clean.output
    [read] = settled_pbn_sessions(_file(tmp_path, rows).read_bytes())
    _, travellers = traveller_cards(evaluate(read.record, read.diagnostics))
    marked = [(cell.content, cell.title) for cell in _cells(travellers) if "bad-cell" in (cell.classes or "")]
    said = "pair 1 is listed again (first on line 1): a pair plays a board once"  # the kept table's own line
    assert marked == [("5", said), ("1", said)]


def _cells(block):
    """Every table cell under a view block, in order."""
    from vint_replay.engine.views import Cell

    if isinstance(block, Cell):
        yield block
    elif isinstance(block, (list, tuple)):
        for part in block:
            yield from _cells(part)
    elif hasattr(block, "__dataclass_fields__"):
        for name in block.__dataclass_fields__:
            yield from _cells(getattr(block, name))
