"""A pairs event scored in IMPs (issue 24, item 3; docs/rules/duplicate-bridge.md §5.7; format.md
§4.3–§4.4, §5.2): Butler's datum and cross-IMPs computed once in bridge's package, a traveller's
``IMP_NS``/``IMP_EW`` audited by the reading its rows agree with, and ``score --compare`` ranking
such a session's pairs by IMPs. No public PBN file with IMP travellers was found (docs/real-records.md):
the files here are written for the tests by hand, their figures worked out in §5.7's example."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.engine.views import Block, Box, Fold, Table
from vint_replay.games.bridge.imps import ImpReading, butler_datum, imps, pairs_imps
from vint_replay.reports.pairs_standings import ranked
from vint_replay.reports.traveller_audit import audit_travellers

import real_records
from settled import settled_pbn_sessions

HEAD = ('[Event "Club Butler pairs"]\n[Date "2024.05.01"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
        '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 420"]\n')
COLUMNS = (r'[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\6L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;'
           r'IMP_NS\3R;IMP_EW\3R"]')
# §5.7's board, none vulnerable: +420, −100 (4HX one down), +450, +170 (3H with an overtrick), +420
SCORES = (420, -100, 450, 170, 420)
BUTLER = (' 1  2 4H     N 10    420      -   2  -2\n'
          ' 3  4 "4H X" N  9      -    100 -10  10\n'
          ' 5  6 4H     N 11    450      -   3  -3\n'
          ' 7  8 3H     N 10    170      -  -5   5\n'
          ' 9 10 4H     N 10    420      -   2  -2\n')
CROSS_AVERAGED = (' 1  2 4H     N 10    420      -   4.00  -4.00\n'
                  ' 3  4 "4H X" N  9      -    100 -10.00  10.00\n'
                  ' 5  6 4H     N 11    450      -   5.00  -5.00\n'
                  ' 7  8 3H     N 10    170      -  -3.00   3.00\n'
                  ' 9 10 4H     N 10    420      -   4.00  -4.00\n')


def _file(tmp_path, rows: str):
    path = tmp_path / "imp-pairs.pbn"
    path.write_text(HEAD + COLUMNS + "\n" + rows)
    return path


def test_butler_s_datum_leaves_out_the_top_and_the_bottom_and_rounds_to_ten():
    """§5.7: +450 and −100 left out, the mean of +420, +420, +170 (336.67) rounded to +340; a mean
    ending in 5 goes away from zero; one or two scores are all kept."""
    assert butler_datum(SCORES) == 340
    assert butler_datum([-335, -335, -335]) == -340 and butler_datum([335, 335, 335]) == 340
    assert butler_datum([420, -100]) == 160
    assert [imps(d) for d in (10, 20, 80, 110, -170, -440, 4000)] == [0, 1, 2, 3, -5, -10, 24]


def test_each_reading_gives_the_worked_example_s_imps():
    """§5.7: Butler 2, −10, 3, −5, 2; cross-IMPs summed 16, −40, 20, −12, 16, averaged over the four
    other tables 4, −10, 5, −3, 4."""
    def every(reading):
        return [pairs_imps(reading, s, [o for j, o in enumerate(SCORES) if j != k]) for k, s in enumerate(SCORES)]
    assert every(ImpReading.BUTLER) == [2, -10, 3, -5, 2]
    assert every(ImpReading.CROSS_IMPS) == [16, -40, 20, -12, 16]
    assert every(ImpReading.CROSS_IMPS_AVERAGED) == [4, -10, 5, -3, 4]


def test_the_reader_keeps_a_row_s_recorded_imps():
    """format.md §5.2: IMP_NS read as N–S's figure, written to whole IMPs (half a unit: 0.5)."""
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + BUTLER).encode())
    assert read.diagnostics == []
    rows = read.travellers[1]
    assert [r.figures.imps for r in rows] == [(Side.NS, v) for v in (2, -10, 3, -5, 2)]
    assert rows[0].imps_written == 0.5


@pytest.mark.parametrize("rows, reading", [(BUTLER, "butler"), (CROSS_AVERAGED, "cross-imps-averaged")])
def test_audit_finds_the_reading_the_rows_agree_with_and_the_traveller_clean(tmp_path, rows, reading):
    """format.md §4.4, §5.7: the rows' IMPs agree with one reading; audit names it and finds no mismatch."""
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path, rows))])
    assert shown.exit_code == 0, shown.output
    assert f"5 [ScoreTable] rows checked (IMPs read as {reading}), 0 mismatches" in shown.output
    doc = json.loads(CliRunner().invoke(main, ["audit", "--json", str(_file(tmp_path, rows))]).output)
    assert doc["traveller_imps"] == reading and doc["traveller_mismatches"] == []


def test_audit_names_a_row_whose_imps_differ(tmp_path):
    """§5.7: +450 is 110 over the datum of +340, 3 IMPs; a recorded 4 is named by board and line, exit 1,
    the other four rows still reading as Butler."""
    rows = BUTLER.replace("450      -   3  -3", "450      -   4  -4")
    shown = CliRunner().invoke(main, ["audit", str(_file(tmp_path, rows))])
    assert shown.exit_code == 1, shown.output
    assert ("deal 1, [ScoreTable] line 14 (4H N 11): recorded IMP_NS 4, recomputed NS 3 IMPs (butler)"
            in shown.output)
    assert "5 [ScoreTable] rows checked (IMPs read as butler), 1 mismatch" in shown.output


def test_an_e_w_figure_is_held_against_e_w_s_imps():
    """§5.7: E–W win N–S's IMPs with the sign turned; a traveller giving IMP_EW alone agrees."""
    rows = "".join(" ".join(line.split()[:-2] + ["-", line.split()[-1]]) + "\n" for line in BUTLER.splitlines())
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows).encode())
    report = evaluate(read.record)
    found = audit_travellers(report, read.travellers)
    assert found.imp_reading is ImpReading.BUTLER and found.mismatches == () and found.rows_checked == 5


def test_no_imp_columns_no_reading():
    """format.md §4.4: a matchpointed traveller has no IMP reading and no IMPs checked."""
    rows = "".join(" ".join(line.split()[:-2]) + "\n" for line in BUTLER.splitlines())
    columns = COLUMNS.replace(r";IMP_NS\3R;IMP_EW\3R", "")
    [read] = settled_pbn_sessions((HEAD + columns + "\n" + rows).encode())
    assert audit_travellers(evaluate(read.record), read.travellers).imp_reading is None


def test_score_compare_ranks_an_imp_session_by_imps(tmp_path):
    """format.md §4.3, §5.7: pair 4 (E–W against −100, +10 IMPs) ranks first alone, where by
    matchpoints it would tie with pair 5 (+450, a top); the heading names the reading; --json adds
    the session's "imps" and each pair's, the other keys as they were."""
    path = _file(tmp_path, BUTLER)
    shown = CliRunner().invoke(main, ["score", "--compare", str(path)])
    assert shown.exit_code == 0, shown.output
    table = shown.output[shown.output.index("the pairs by their boards' travellers"):].splitlines()
    assert table[0].endswith("(1 boards, IMPs, butler)")
    assert [line.split()[:4] for line in table[2:5]] == [["1", "4", "1", "+10.00"], ["2", "8", "1", "+5.00"],
                                                         ["3", "5", "1", "+3.00"]]
    assert [line.split()[:2] for line in table[5:7]] == [["4", "1"], ["4", "9"]]  # +2 each: tied
    doc = json.loads(CliRunner().invoke(main, ["score", "--compare", "--json", str(path)]).output)
    [standings] = doc["standings"]
    assert standings["imps"] == "butler"
    assert standings["pairs"][0] == {"rank": 1, "pair": "4", "names": None, "boards": 1, "matchpoints": 8.0,
                                     "percentage": 100.0, "imps": 10.0, "recorded": None}


@pytest.mark.parametrize("name", ["ffb-dn1-final-2022-session-1.pbn", "ffb-dn1-final-2022-session-5.pbn"])
def test_a_real_matchpointed_session_keeps_its_percentage_ranking(name):
    """format.md §4.3: the federation's travellers record matchpoints, not IMPs: no IMP reading, and
    its pairs ranked by percentage as before (the corpus holds no IMP traveller, docs/real-records.md)."""
    [read] = settled_pbn_sessions(real_records.path("pbn", name).read_bytes())
    report = evaluate(read.record)
    assert audit_travellers(report, read.travellers, read.totals).imp_reading is None
    places = ranked(report, read.travellers, read.totals)
    assert all(p.reading is None for p in places)
    percentages = [p.standing.listed_percentage for p in places]
    assert percentages == sorted(percentages, reverse=True)


def _tables(block: Block) -> dict[str, Table]:
    """Every table of a card's view data (engine/views.py), by its id."""
    if isinstance(block, Table):
        return {block.id: block} if block.id else {}
    parts = block.parts if isinstance(block, (Box, Fold)) else ()
    return {k: v for part in parts for k, v in _tables(part).items()}


def test_the_session_page_shows_the_imps_beside_the_recorded_ones_and_ranks_by_them():
    """dashboard: a session scored in IMPs (§5.7) has an IMPs column on each traveller, a row whose
    recorded IMPs differ marked as audit marks it, and the standings ranked by IMPs with their column."""
    from dashboards.traveller_view import traveller_cards
    rows = BUTLER.replace("450      -   3  -3", "450      -   4  -4")
    [read] = settled_pbn_sessions((HEAD + COLUMNS + "\n" + rows).encode())
    tables = {k: v for card in traveller_cards(evaluate(read.record)) for k, v in _tables(card).items()}
    traveller, standings = tables["traveller-1"], tables["standings-table"]
    assert traveller.head[0].cells[-1].content == "IMPs"
    wrong = traveller.body[2]
    assert wrong.classes == "problem-row" and wrong.cells[-1].classes == "num bad-cell"
    assert "recorded IMP_NS 4, recomputed NS 3 IMPs (butler)" == wrong.cells[-1].title
    assert traveller.body[0].classes is None and traveller.body[0].cells[-1].content == "2"
    assert [c.content for c in standings.head[0].cells][4] == "IMPs"
    assert [(r.cells[1].content, r.cells[4].content) for r in standings.body[:2]] == [("4", "+10.00"), ("8", "+5.00")]


def test_a_converted_session_keeps_its_imp_travellers_and_audits_alike(tmp_path):
    """format.md §5.2, *Tags kept*: the traveller's IMP_ columns travel with the board through
    convert to JSON and back to PBN; each copy's audit finds the same reading and the same row."""
    source = _file(tmp_path, BUTLER.replace("450      -   3  -3", "450      -   4  -4"))
    as_json, as_pbn = tmp_path / "imp.json", tmp_path / "imp.back.pbn"
    for args in (("convert", str(source), str(as_json)), ("convert", str(as_json), str(as_pbn))):
        assert CliRunner().invoke(main, list(args)).exit_code == 0

    def audited(path):
        doc = json.loads(CliRunner().invoke(main, ["audit", "--json", str(path)]).output)
        return doc["traveller_imps"], [(m["listed"], m["message"]) for m in doc["traveller_mismatches"]]
    planted = ("butler", [("4H N 11", "recorded IMP_NS 4, recomputed NS 3 IMPs (butler)")])
    assert audited(source) == audited(as_json) == audited(as_pbn) == planted
