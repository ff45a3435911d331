"""The audit of a paper scoresheet that misapplied a revoke penalty (docs/rules/laws.md §8.4):
forgotten, the wrong number of tricks moved, the cap ignored, an unclaimed revoke charged —
each planted in the §10 worked examples and named in the scorer's words."""
from __future__ import annotations

import json
from pathlib import Path
from dataclasses import replace

import pytest
from click.testing import CliRunner

from laws_builders import DATA, revoke, under_laws
from vint_replay.cli import main
from vint_replay.engine.record import LineTotals, SessionRecord
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.formats.json_record import write_json
from vint_replay.reports.audit import AuditReport, audit


def paper(deal) -> tuple[LineTotals, LineTotals]:
    """What a deal's score would be on paper if written as the engine scores it."""
    return deal.totals(Side.NS), deal.totals(Side.EW)


def planted(record: SessionRecord, number: int, sheet: tuple[LineTotals, LineTotals]) -> AuditReport:
    """The audit of ``record`` with deal ``number``'s paper score ``sheet``."""
    deals = tuple(replace(d, recorded=sheet) if d.number == number else d for d in record.deals)
    report = evaluate(replace(record, deals=deals))
    assert report.score is not None
    return audit(report.record, report.score, replays=report.replays)


def explained_by(result: AuditReport, text: str) -> bool:
    """Every mismatch is put down first to the one penalty slip ``text``, covering the whole deal."""
    return bool(result.mismatches) and all(
        m.ranked is not None and m.ranked.guesses[0].text == text and m.ranked.covered == len(result.mismatches)
        and text in m.explanation for m in result.mismatches)


CLAIMED = read_file(DATA / "revoke_10_2.json").record  # deal 2: S's claimed revoke at trick 7, 3 tricks to E–W
UNCLAIMED = under_laws(CLAIMED, {2: (revoke("S", 7, claimed=False),)})


def test_a_sheet_that_forgot_the_penalty_is_explained_by_it():
    """The deal written as played (the unclaimed version's own score) on a sheet where the revoke was claimed."""
    as_played = evaluate(UNCLAIMED).score.deals[1]
    result = planted(CLAIMED, 2, paper(as_played))
    assert explained_by(result, "revoke by S at trick 7: 3 tricks to E–W; the record leaves the penalty out "
                                "(scored on the tricks as played)")
    assert len(result.mismatches) == 4


def test_a_sheet_that_charged_an_unclaimed_revoke_is_explained_by_it():
    """The claimed version's score on a sheet whose revoke was not claimed: no penalty was due."""
    charged = evaluate(CLAIMED).score.deals[1]
    result = planted(UNCLAIMED, 2, paper(charged))
    assert explained_by(result, "revoke by S at trick 7 was not claimed, so no penalty is due (laws.md §8.2); "
                                "the record charges it: 3 tricks to E–W")


def test_a_sheet_that_moved_two_tricks_is_explained_in_the_scorers_words():
    """§10.2 with 2 tricks moved, checked by hand: 8–5, 3NT down 1 (UT(3) = 3000 to E–W, 5 × 30
    below); N–S's 240 stop at 490 − 300 = 190, the 50 above with their 1500 of honours."""
    result = planted(CLAIMED, 2, (LineTotals(190, 1550), LineTotals(150, 3000)))
    assert explained_by(result, "revoke by S at trick 7: 3 tricks to E–W; recorded as 2")
    assert len(result.mismatches) == 3  # N–S's below agrees: the cap holds it at 190 either way


def test_a_sheet_that_ignored_the_cap_is_explained_by_the_cap():
    """§10.2 with N–S's 210 all below (laws.md §8.4.4): the 20 belong above."""
    result = planted(CLAIMED, 2, (LineTotals(210, 1500), LineTotals(180, 6000)))
    assert explained_by(result, "N–S revoked, so their tricks below stop at 490 (laws.md §8.4.4); the record "
                                "writes the 20 above the cap below the line")


def test_a_sheet_that_applied_the_penalty_right_is_clean():
    assert planted(CLAIMED, 2, paper(evaluate(CLAIMED).score.deals[1])).clean


def test_a_penalty_slip_and_an_ordinary_one_are_ranked_together():
    """A forgotten honours entry in a penalised deal is still named: the penalty slips only
    join the guesses where they fit."""
    due = paper(evaluate(CLAIMED).score.deals[1])
    result = planted(CLAIMED, 2, (LineTotals(due[0].below, due[0].above - 1500), due[1]))
    (only,) = result.mismatches
    assert only.ranked is not None and only.ranked.guesses[0].kind.value == "missing"


@pytest.mark.parametrize("as_json", [False, True])
def test_audit_from_the_command_line_names_the_misapplied_penalty(tmp_path, as_json):
    sheet = (LineTotals(190, 1550), LineTotals(150, 3000))
    record = replace(CLAIMED, deals=tuple(replace(d, recorded=sheet) if d.number == 2 else d for d in CLAIMED.deals))
    path = tmp_path / "sheet.json"
    path.write_text(write_json(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", *(["--json"] if as_json else []), str(path)])
    assert result.exit_code == 1, result.output
    if as_json:
        likely = [m["likely"] for m in json.loads(result.output)["mismatches"]]
        assert {(x["kind"], x["text"]) for x in likely} == {("penalty", "revoke by S at trick 7: 3 tricks to E–W; "
                                                                        "recorded as 2")}
    else:
        assert "deal 2: recorded E–W above 3000, recomputed 6000: revoke by S at trick 7: 3 tricks to E–W; " \
               "recorded as 2" in result.output


SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_data" / "laws").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_the_laws_samples_validate_and_their_planted_penalty_mistake_is_named(path):
    """sample_data/laws/: valid (warnings only); the classic evening's paper moved 2 tricks for
    N's claimed revoke, and the audit says so for every figure it put wrong; the other is clean."""
    assert CliRunner().invoke(main, ["validate", str(path)]).exit_code == 0
    result = CliRunner().invoke(main, ["audit", "--json", str(path)])
    mismatches = json.loads(result.output)["mismatches"]
    planted = "t1" in path.stem
    assert result.exit_code == (1 if planted else 0)
    assert {(m["deal"], m["likely"]["kind"], m["likely"]["text"]) for m in mismatches} == (
        {(1, "penalty", "revoke by N at trick 7: 3 tricks to E–W; recorded as 2")} if planted else set())
