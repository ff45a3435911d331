"""Audit explanations: each kind of scorer's slip planted in sample_data/ is named in words."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from vint_replay.reports.audit import audit
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
