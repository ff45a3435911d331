"""Audit explanations: each kind of scorer's slip planted in sample_data/ is named in words, and
when several slips fit, they are ranked (what accounts for more of the deal, what nothing
contradicts, the commoner slip) and the ranking says why."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from vint_replay.engine.scoring import Line
from vint_replay.engine.seats import Side
from vint_replay.reports.audit import audit
from vint_replay.reports.audit_ranking import Guess, Kind, phrase, rank
from vint_replay.formats import read_file
from vint_replay.engine.session import evaluate

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"

# What the explanation must say for each kind of planted mistake (sample_data/README.md).
EXPECTED_PHRASE = {
    ("game_forgotten", "above"): "game 500 missing from the record",
    ("honours_wrong_side", "above", "-"): "missing from the record",
    ("honours_wrong_side", "above", "+"): "written for the wrong side",
    ("slam_for_failed_contract", "above"): "slam 500 not due",
    ("undertricks_at_level_one", "above"): "500 a trick, not 500 × level",
    ("rubber_as_game", "above"): "rubber written as 500",
    ("trick_miscounted", "below"): "the record counts 10",
}


def _planted() -> list[dict[str, str]]:
    with open(SAMPLES / "planted_mistakes.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("row", _planted(), ids=lambda r: f"{r['session']}-{r['deal']}-{r['side']}")
def test_planted_mistake_is_explained(row: dict[str, str]) -> None:
    result = read_file(SAMPLES / f"{row['session']}.json")
    report = evaluate(result.record, result.diagnostics)
    assert report.score is not None
    found = [m for m in audit(report.record, report.score).mismatches
             if m.deal == int(row["deal"]) and m.side.name == row["side"] and str(m.line) == row["line"]]
    assert len(found) == 1
    mismatch = found[0]
    assert mismatch.recorded - mismatch.computed == int(row["points"])
    sign = "-" if int(row["points"]) < 0 else "+"
    phrase = EXPECTED_PHRASE.get((row["kind"], row["line"], sign)) or EXPECTED_PHRASE[(row["kind"], row["line"])]
    assert phrase in mismatch.explanation
    assert mismatch.explanation.startswith(
        f"recorded {mismatch.side.label} {row['line']} {mismatch.recorded}, recomputed {mismatch.computed}")
    assert " or " not in mismatch.explanation  # never two explanations left unranked
    assert mismatch.ranked is not None and phrase in mismatch.ranked.guesses[0].text


def test_the_commoner_slip_is_named_most_likely_and_why() -> None:
    """arbat-2026-11-03-t2 deal 23: E–W wrote 500 too little above; a forgotten game premium and
    the slam written as 500 instead of 1000 both fit: the forgotten entry comes first, and says why."""
    result = read_file(SAMPLES / "arbat-2026-11-03-t2.json")
    report = evaluate(result.record, result.diagnostics)
    (m,) = [m for m in audit(report.record, report.score).mismatches if m.deal == 23]
    assert ": most likely game 500 missing from the record (E–W won its first game), because a forgotten entry " \
           "is a commoner slip than a wrong amount; less likely: slam written as 500" in m.explanation
    likely = m.to_json()["likely"]
    assert (likely["kind"], likely["item"], likely["points"]) == ("missing", "game", 500)
    assert [(a["kind"], a["item"], a["points"]) for a in likely["alternatives"]] == [("amount", "slam", 1000)]


EW_ABOVE, NS_ABOVE = (Side.EW, Line.ABOVE), (Side.NS, Line.ABOVE)


def test_the_guess_that_accounts_for_every_differing_entry_comes_first() -> None:
    differences = {NS_ABOVE: -400, EW_ABOVE: 400}
    lone = Guess(Kind.MISSING, "honours", 400, "honours 400 missing")
    moved = Guess(Kind.AMOUNT, "aces", 400, "aces written as …", also=((Side.EW, Line.ABOVE, 400),))
    ranked = rank([lone, moved], NS_ABOVE, differences)
    assert ranked.guesses == (moved, lone) and ranked.covered == 2 and ranked.tied == 1
    assert ranked.why == "it accounts for every differing entry of the deal, the next one for 1"
    assert phrase(ranked) == ("most likely aces written as …, because it accounts for every differing entry of "
                              "the deal, the next one for 1; less likely: honours 400 missing")


def test_a_guess_the_deal_contradicts_comes_after_one_it_does_not() -> None:
    """"Written for the wrong side" needs the other column short by as much; it is not."""
    moved = Guess(Kind.MOVED, "game", 500, "game 500 written for the wrong side",
                  also=((Side.EW, Line.ABOVE, -500),), required=True)
    not_due = Guess(Kind.NOT_DUE, "game", 500, "game 500 not due")
    ranked = rank([moved, not_due], NS_ABOVE, {NS_ABOVE: 500})
    assert ranked.guesses == (not_due, moved)
    assert ranked.why == "the others would have changed other figures of the deal as well, and those agree"
    both = rank([moved, not_due], NS_ABOVE, {NS_ABOVE: 500, EW_ABOVE: -500})
    assert both.guesses == (moved, not_due) and both.accounts_for == (NS_ABOVE, EW_ABOVE)


def test_guesses_nothing_tells_apart_are_said_to_be_equally_likely() -> None:
    honours = Guess(Kind.MISSING, "honours", 780, "honours 780 missing")
    aces = Guess(Kind.MISSING, "aces", 780, "aces 780 missing")
    slip = Guess(Kind.AMOUNT, "slam", 500, "slam written as 1000")
    ranked = rank([slip, honours, aces], NS_ABOVE, {NS_ABOVE: -780})
    assert ranked.guesses == (honours, aces, slip) and ranked.tied == 2
    assert phrase(ranked) == ("equally likely, as nothing in the deal tells them apart: honours 780 missing; "
                              "aces 780 missing; less likely: slam written as 1000")
    assert phrase(rank([], NS_ABOVE, {NS_ABOVE: -780})) is None
