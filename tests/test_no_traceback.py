"""Tracebacks a newcomer and an attacker found outside the readers (issue 23), each now a
clear answer: the audit of a game of three with N–S/E–W figures (players-2-3-5.md: it is scored
in the players' columns), laws records with a malformed ``irregularities``, session ids that
are not UTF-8 or hold bidi overrides, and the analysis of deals that hold an irregularity."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from vint_replay.cli import main

ROOT = Path(__file__).parent.parent
THREE_AUCTION = ROOT / "sample_data" / "vint235" / "dacha-2026-08-16-three.json"


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
    return result


def with_figures(tmp_path: Path, field: str) -> Path:
    """The three-player auction evening with N–S/E–W figures written on its first deal."""
    raw = json.loads(THREE_AUCTION.read_text(encoding="utf-8"))
    raw["deals"][0][field] = ({"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}
                              if field == "recorded" else 100)
    path = tmp_path / f"three-{field}.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


# the audit of a game of three ----------------------------------------------------------------------

@pytest.mark.parametrize("field", ["recorded", "recorded_score"])
def test_the_audit_of_a_three_player_game_says_its_side_figures_are_not_checked(tmp_path, field):
    path = with_figures(tmp_path, field)
    result = run("audit", str(path))
    assert result.exit_code == 0
    assert "deal 1: the recorded N–S and E–W figures are not checked" in result.output
    assert json.loads(run("audit", str(path), "--json").output)["unchecked"] == [1]


def test_the_session_page_of_such_an_upload_opens(tmp_path):
    sys.path.insert(0, str(ROOT))
    from dashboards.app import create_app

    app = create_app(tmp_path / "store")
    path = with_figures(tmp_path, "recorded")
    uploaded = app.server.extensions["vint_library"].upload(path.name, path.read_bytes())
    [session] = uploaded.sessions
    assert session.status == "imported"
    with app.server.test_request_context("/"):
        assert sys.modules["pages.session"].layout(session.session_id) is not None


# laws records whose irregularities are not a list (format.md §5.4) -----------------------------------

LAWS = ROOT / "sample_data" / "laws" / "arbat-2027-01-12-laws-t1.json"
READ_COMMANDS = (["validate"], ["validate", "--json"], ["score"], ["audit"], ["replay", "--deal", "1"],
                 ["convert", "--to", "vint"])


@pytest.mark.parametrize("value", [None, True, 0, "x", {}])
def test_irregularities_that_are_not_a_list_are_a_schema_error_at_the_deal_in_every_command(tmp_path, value):
    raw = json.loads(LAWS.read_text(encoding="utf-8"))
    raw["deals"][0]["irregularities"] = value
    path = tmp_path / "laws.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    number = raw["deals"][0]["number"]
    for command in READ_COMMANDS:
        result = run(command[0], str(path), *command[1:], *(["-"] if command[0] == "convert" else []))
        assert result.exit_code == 1, command
    said = run("validate", str(path)).output
    assert f"deal {number}, irregularities: schema: 'irregularities' must be a list" in said


# session ids and names that are not plain text ------------------------------------------------------

def test_a_session_id_that_is_not_utf8_is_a_usage_error_in_history_and_export(tmp_path):
    store = str(tmp_path / "store")
    assert run("import", str(ROOT / "sample_data" / "arbat-2026-11-03-t1.json"), "--store", store).exit_code == 0
    not_utf8 = b"ab\xff".decode("utf-8", "surrogateescape")  # what Python makes of such a shell argument
    for args in (["history", not_utf8], ["export", not_utf8, "-"], ["history", not_utf8, "--json"]):
        result = run(*args, "--store", store)
        assert result.exit_code == 2 and "is not UTF-8 text" in result.output, args


def test_the_three_player_sheet_prints_no_bidi_override_in_its_game_lines(tmp_path):
    source = ROOT / "sample_data" / "vint235" / "dacha-2026-08-09-three.json"  # two columns, labelled by players
    text = source.read_text(encoding="utf-8")
    path = tmp_path / "three.json"
    for name in json.loads(text)["session"]["players"]:
        text = text.replace(name, f"{name}\\u202e")
    path.write_text(text, encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 0 and "at trick" in result.output
    assert "\u202e" not in result.output


# the analysis of laws deals that hold an irregularity (laws.md §7.3, §8.2) ---------------------------

LAWS_SAMPLES = sorted((ROOT / "sample_data" / "laws").glob("*.json"))


def test_deals_with_a_revoke_get_their_table_par_and_play_up_to_the_revoke():
    from vint_replay.analysis.jobs import DealJob, analyse_job, jobs_for
    from vint_replay.engine.record import IrregularityKind
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    revokes = 0
    for path in LAWS_SAMPLES:
        report = evaluate(read_file(path).record)
        by_number = {d.number: d for d in report.record.deals}
        for job in jobs_for(report):
            if not isinstance(job, DealJob):
                continue
            result = analyse_job(job)
            assert result.error is None and result.table is not None, (path.name, job.deal, result.error)
            first = next(iter(by_number[job.deal].irregularities), None)
            if first is not None and first.kind is IrregularityKind.REVOKE:
                revokes += 1
                assert 4 * (first.trick - 1) <= len(job.cards) < 4 * first.trick  # up to the revoke, in its trick
                assert result.play is not None and len(result.play.cards) == len(job.cards)
    assert revokes >= 4


def test_analyze_exits_0_when_deals_are_only_skipped(tmp_path):
    store = str(tmp_path / "store")
    assert run("import", str(LAWS_SAMPLES[0]), "--store", store).exit_code == 0
    result = run("analyze", "--store", store, "--workers", "1")
    assert "0 failed, 1 skipped" in result.output and "DDS failed" not in result.output
    assert result.exit_code == 0


def test_the_note_of_a_deal_without_analysis_has_no_raw_markup():
    sys.path.insert(0, str(ROOT))
    from dashboards.double_dummy import NOT_ANALYSED

    assert "`" not in NOT_ANALYSED and "vint-replay analyze" in NOT_ANALYSED
