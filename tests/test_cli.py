"""``vint-replay validate / score / audit`` through click's CliRunner: exit codes, text and the
``--json`` shapes of format.md §4."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builders import RANKED, deal, result_deal, session
from vint_replay.cli import main
from vint_replay.formats.json_record import write_json

SCORE_DEAL_KEYS = {"number", "rubber", "dealer", "passed_out", "contract", "declarer", "trick_value", "tricks",
                   "entries", "game", "totals"}
RUBBER_KEYS = {"number", "games", "finished", "winner", "totals", "difference"}
ITEMS = {"tricks", "slam", "contract_premium", "honours", "aces", "undertricks", "failed_contract_premium", "game",
         "rubber"}


def run(runner, *args: str):
    result = runner.invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def write(tmp_path: Path, raw: dict | str, name: str = "session.json") -> str:
    path = tmp_path / name
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.fixture
def rubber_file(tmp_path) -> str:
    """Four result-only deals (5NT made with 11 tricks, V = 52): games N–S, N–S (the rubber),
    then a passed-out deal, then E–W's first game of rubber 2."""
    deals = [result_deal("5NT", "N", 11, number=1, dealer="N"), result_deal("5NT", "S", 11, number=2, dealer="E")]
    deals.append(deal(3, "S", RANKED, "pass " * 8))
    deals.append(result_deal("5NT", "E", 11, number=4, dealer="W"))
    return write(tmp_path, write_json(session(*deals)))


@pytest.fixture
def revoke_file(tmp_path, worked_example_raw) -> str:
    play = worked_example_raw["deals"][0]["play"]
    play[1], play[13] = play[13], play[1]
    return write(tmp_path, worked_example_raw, "revoke.json")


# validate ------------------------------------------------------------------------------------

def test_validate_valid_file(runner, worked_example_path):
    result = run(runner, "validate", str(worked_example_path))
    assert result.exit_code == 0 and "valid (1 deal)" in result.stdout
    result = run(runner, "validate", str(worked_example_path), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"file": str(worked_example_path), "valid": True, "errors": []}


def test_validate_reports_each_error_with_its_place(runner, revoke_file):
    result = run(runner, "validate", revoke_file)
    assert result.exit_code == 1
    assert f"{revoke_file}: deal 1, play[1]: revoke: trick 1: S played ♣5 but must follow ♥" in result.stderr
    result = run(runner, "validate", revoke_file, "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out == {"file": revoke_file, "valid": False, "errors": [
        {"deal": 1, "code": "revoke", "at": "play[1]",
         "message": "trick 1: S played ♣5 but must follow ♥ (holds HA HJ H7 H6)"}]}


def test_validate_several_files(runner, worked_example_path, revoke_file):
    result = run(runner, "validate", str(worked_example_path), revoke_file, "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert [(o["file"], o["valid"]) for o in out] == [(str(worked_example_path), True), (revoke_file, False)]


@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["score"], ["audit"], ["replay", "--deal", "1"],
                                     ["convert", "--to", "vint"]])
def test_a_missing_file_is_a_usage_error(runner, tmp_path, command):
    """A file that does not exist is a mistake on the command line (exit 2), not a broken record."""
    missing = str(tmp_path / "missing.json")
    args = [*command[:1], missing, *command[1:]] + (["-"] if command[0] == "convert" else [])
    result = run(runner, *args)
    assert result.exit_code == 2
    assert "missing.json" in result.stderr and "does not exist" in result.stderr


@pytest.mark.parametrize("args", [["validate"], ["validate", "--bogus", "x.json"], ["score"], ["score", "a", "b"],
                                  ["audit", "--json"], ["nonsense"]])
def test_usage_errors_exit_2(runner, args):
    assert run(runner, *args).exit_code == 2


# score ---------------------------------------------------------------------------------------

def test_score_json_shape(runner, rubber_file):
    result = run(runner, "score", rubber_file, "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert set(out) == {"format", "session", "deals", "rubbers"} and out["format"] == "vint-score/1"
    assert out["session"] == {"id": "test-session"}
    for deal in out["deals"]:
        assert set(deal) == SCORE_DEAL_KEYS
        for entry in deal["entries"]:
            assert set(entry) == {"side", "line", "item", "points"} and entry["item"] in ITEMS
            assert entry["side"] in ("NS", "EW") and entry["line"] in ("below", "above")
        for side in ("NS", "EW"):  # a deal's totals are its entries summed per side and line
            for line in ("below", "above"):
                assert deal["totals"][side][line] == sum(
                    e["points"] for e in deal["entries"] if e["side"] == side and e["line"] == line)
    first, second, passed, fourth = out["deals"]
    assert first["game"] == {"side": "NS", "trick": None, "bonus": "game"}
    assert second["game"] == {"side": "NS", "trick": None, "bonus": "rubber"}
    assert passed == {"number": 3, "rubber": 2, "dealer": "S", "passed_out": True, "contract": None,
                      "declarer": None, "trick_value": None, "tricks": None, "entries": [], "game": None,
                      "totals": {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}}
    assert (fourth["rubber"], fourth["contract"], fourth["declarer"], fourth["trick_value"]) == (2, "5NT", "E", 52)
    assert fourth["tricks"] == {"NS": 2, "EW": 11}
    assert fourth["game"] == {"side": "EW", "trick": None, "bonus": "game"}
    one, two = out["rubbers"]
    assert set(one) == RUBBER_KEYS
    assert (one["games"], one["finished"], one["winner"]) == (["NS", "NS"], True, "NS")
    assert (two["games"], two["finished"], two["winner"]) == (["EW"], False, None)
    for rubber in out["rubbers"]:
        deals = [d for d in out["deals"] if d["rubber"] == rubber["number"]]
        totals = {s: sum(d["totals"][s]["below"] + d["totals"][s]["above"] for d in deals) for s in ("NS", "EW")}
        assert rubber["totals"] == totals
        lead = None if totals["NS"] == totals["EW"] else max(totals, key=totals.get)
        assert rubber["difference"] == {"side": lead, "points": abs(totals["NS"] - totals["EW"])}


def test_score_text_is_a_paper_scoresheet(runner, rubber_file):
    result = run(runner, "score", rubber_file)
    assert result.exit_code == 0
    text = result.stdout
    assert "N–S" in text and "E–W" in text and "above the line" in text
    assert "Rubber 1 won by N–S" in text and "Rubber 2 not finished" in text
    assert "deal 3: passed out" in text


def test_score_refuses_an_invalid_file(runner, revoke_file):
    result = run(runner, "score", revoke_file, "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["valid"] is False and [e["code"] for e in out["errors"]] == ["revoke"]
    result = run(runner, "score", revoke_file)
    assert result.exit_code == 1 and "cannot be scored" in result.stderr


# audit ---------------------------------------------------------------------------------------

def planted(tmp_path, raw: dict, ns: tuple[int, int], ew: tuple[int, int]) -> str:
    raw["deals"][0]["recorded"] = {"NS": {"below": ns[0], "above": ns[1]}, "EW": {"below": ew[0], "above": ew[1]}}
    return write(tmp_path, raw, "planted.json")


def test_audit_json_lists_mismatches(runner, tmp_path, worked_example_raw):
    path = planted(tmp_path, worked_example_raw, (208, 1560), (130, 2000))
    result = run(runner, "audit", path, "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert {k: out[k] for k in ("file", "deals_checked", "deals_with_mismatches", "mismatching_entries", "summary")} == {
        "file": path, "deals_checked": 1, "deals_with_mismatches": 1, "mismatching_entries": 1,
        "summary": "1 deal with a mismatch (1 entry)"}
    (mismatch,) = out["mismatches"]
    assert {k: mismatch[k] for k in ("deal", "side", "line", "recorded", "computed")} == {
        "deal": 1, "side": "EW", "line": "above", "recorded": 2000, "computed": 1500}  # the documented fields
    assert mismatch["explanation"] == ("recorded E–W above 2000, recomputed 1500: game 500 not due — "
                                       "E–W did not win a game in this deal (due: undertricks 1500)")
    assert mismatch["likely"] == {"kind": "not_due", "item": "game", "points": 500,
                                  "text": "game 500 not due — E–W did not win a game in this deal",
                                  "accounts_for": [{"side": "EW", "line": "above"}], "why": None,
                                  "equally_likely": 0, "alternatives": []}


def test_audit_explains_a_premium_not_due(runner, tmp_path, worked_example_raw):
    """E–W wrote a 500 game premium they never won."""
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (208, 1560), (130, 2000)))
    assert result.exit_code == 1
    assert ("deal 1: recorded E–W above 2000, recomputed 1500: game 500 not due — "
            "E–W did not win a game in this deal") in result.stdout
    assert result.stdout.endswith("1 deal checked, 1 deal with a mismatch (1 entry)\n")


def test_audit_explains_a_missing_item(runner, tmp_path, worked_example_raw):
    """N–S forgot an item worth 780 (honours and aces are both 30 V = 780)."""
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (208, 780), (130, 1500)))
    assert ("recorded N–S above 780, recomputed 1560: equally likely, as nothing in the deal tells them apart: "
            "honours 780 missing from the record (N–S held 4 club honours); "
            "aces 780 missing from the record (N–S held 3 aces) (due: honours 780 + aces 780)") in result.stdout


def test_audit_explains_an_entry_on_the_wrong_side(runner, tmp_path, worked_example_raw):
    """The undertrick penalty written in N–S's column instead of E–W's."""
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (208, 3060), (130, 0)))
    assert "recorded N–S above 3060, recomputed 1560: undertricks 1500 written for the wrong side" in result.stdout
    assert ("recorded E–W above 0, recomputed 1500: undertricks 1500 missing from the record (1 undertrick at "
            "level 3) — this accounts for every differing entry of the deal") in result.stdout
    assert result.stdout.endswith("1 deal checked, 1 deal with mismatches (2 entries)\n")


def test_audit_explains_miscounted_tricks(runner, tmp_path, worked_example_raw):
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (234, 1560), (130, 1500)))
    assert "recorded N–S below 234, recomputed 208: N–S took 8 tricks × 26; the record counts 9" in result.stdout


def test_audit_without_recorded_scores(runner, tmp_path, worked_example_raw):
    worked_example_raw["deals"][0].pop("recorded")
    result = run(runner, "audit", write(tmp_path, worked_example_raw), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["deals_checked"] == 0


def test_audit_of_an_invalid_file_exits_1(runner, revoke_file):
    result = run(runner, "audit", revoke_file, "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)["valid"] is False


def test_audit_explains_honours_not_due_from_the_hands(runner, tmp_path, worked_example_raw):
    """E–W wrote 20 V = 520 for honours; they held only the ♣J (issue 2's example of an audit)."""
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (208, 1560), (130, 2020)))
    assert "recorded E–W above 2020, recomputed 1500: honours 520 not due — E–W held 1 club honour" in result.stdout


def test_audit_explains_a_premium_written_below(runner, tmp_path, worked_example_raw):
    result = run(runner, "audit", planted(tmp_path, worked_example_raw, (988, 780), (130, 1500)))
    assert ("recorded N–S below 988, recomputed 208: equally likely, as nothing in the deal tells them apart: "
            "honours 780 written below the line (premiums go above it); aces 780 written below the line "
            "(premiums go above it) — each accounts for every differing entry of the deal") in result.stdout
    assert ("recorded N–S above 780, recomputed 1560: equally likely, as nothing in the deal tells them apart: "
            "honours 780 missing from the record (N–S held 4 club honours); aces 780 missing from the record "
            "(N–S held 3 aces) — each accounts for every differing entry of the deal") in result.stdout


@pytest.mark.parametrize("command", ["score", "audit"])
def test_score_and_audit_name_the_sessions_of_the_file_they_leave(runner, command):
    """A PBN file of several sessions: score and audit of one session (``--session``) name the
    other session and the ``--session`` that reads it (diagnostics.md ``pbn_session``), so that a
    clean audit of the first room is not taken for the file's."""
    path = str(Path(__file__).parent / "data" / "pbn" / "junior-teams-1998.pbn")
    result = run(runner, command, path, "--session", "1")
    assert result.exit_code == 0
    warned = [line for line in result.stderr.splitlines() if "pbn_session (warning): session 2 of this file" in line]
    assert len(warned) == 1 and warned[0].startswith(path) and "--session 2" in warned[0]
    assert "pbn_session" not in result.stdout  # the scoresheet and the audit's lines stay on standard output alone


def test_score_help_says_compare_reads_lin_too(runner):
    """``score --compare`` compares a LIN vugraph file's rooms as a PBN file's (format.md §4.3):
    its help says so, as README does."""
    shown = " ".join(run(runner, "score", "--help").output.split())
    assert "--compare A PBN or LIN file's rooms (IMPs) or tables (matchpoints)" in shown


# a file of several sessions (issue 24) ----------------------------------------------------------

PAIRS_BOARD = """[Event "Club pairs"]
[Date "2024.05.01"]
[Board "1"]
[North "N{t}"]
[East "E{t}"]
[South "S{t}"]
[West "W{t}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Contract "4H"]
[Declarer "N"]
[Result "{tricks}"]
[Score "{score}"]

"""


def pairs_file(tmp_path: Path, *tricks: int, score: str = "") -> str:
    """A pairs event's board 1 played at one table per entry of ``tricks`` (each table a session,
    format.md §5.2); each table's [Score] as ``score`` says, else the one its tricks earn."""
    earned = {10: "NS 420", 9: "NS -50", 11: "NS 450"}
    text = "".join(PAIRS_BOARD.format(t=t, tricks=n, score=score or earned[n]) for t, n in enumerate(tricks, 1))
    return write(tmp_path, text, "pairs.pbn")


@pytest.mark.parametrize("command", [["replay", "--deal", "1"], ["convert"], ["score", "--session", "2"],
                                     ["audit", "--session", "2"], ["validate", "--session", "2"]])
def test_the_other_sessions_of_a_file_are_named_once(runner, tmp_path, command):
    """Issue 24: a command reading one session of a 4-table pairs file says once that the file
    holds 4 sessions, which one it read and how to read another, not a warning per session."""
    path = pairs_file(tmp_path, 10, 10, 9, 11)
    target = [str(tmp_path / "one.json")] if command == ["convert"] else []
    result = run(runner, command[0], path, *target, *command[1:])
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "pbn_session" in line]
    which = 2 if "--session" in command else 1
    assert said == [f"{path}:{16 if which == 1 else 1}:1: pbn_session (warning): this file holds 4 sessions with "
                    f"boards and this is session {which} (club-pairs-2024-05-01-table-{which}); read another with "
                    "--session N (validate checks every session, import stores every one)"], result.output


def test_a_file_of_two_sessions_names_the_other_as_before(runner):
    """One other session is named by its own warning, boards and all (diagnostics.md ``pbn_session``)."""
    path = str(Path(__file__).parent / "data" / "pbn" / "junior-teams-1998.pbn")
    result = run(runner, "validate", "--session", "1", path)
    said = [line for line in result.output.splitlines() if "pbn_session" in line]
    assert len(said) == 1 and "session 2 of this file" in said[0] and "read it with --session 2" in said[0]


@pytest.mark.parametrize("command", ["score", "audit"])
def test_score_and_audit_cover_every_session_of_a_file(runner, tmp_path, command):
    """Issue 24: score and audit take every session of a file, as validate does: each one named
    (``FILE (session 2: id)``), no warning of sessions left, the exit status covering them all."""
    path = pairs_file(tmp_path, 10, 9, 11)
    result = run(runner, command, path)
    assert result.exit_code == 0 and "pbn_session" not in result.output, result.output
    for k in (1, 2, 3):
        assert f"{path} (session {k}: club-pairs-2024-05-01-table-{k})" in result.stdout
    if command == "score":
        assert [line.split()[1] for line in result.stdout.splitlines() if line.startswith("Session club")] == \
            [f"club-pairs-2024-05-01-table-{k}" for k in (1, 2, 3)]
    else:
        assert result.stdout.count("1 deal checked, no mismatches") == 3
    one = run(runner, command, path, "--session", "2")  # --session still picks one
    assert one.exit_code == 0 and "(session" not in one.stdout
    assert one.stdout.count("Session club" if command == "score" else "deal checked") == 1, one.stdout


def test_audit_of_every_session_exits_1_when_one_differs(runner, tmp_path):
    """The exit status covers every session: table 2's [Score] is wrong, tables 1 and 3 agree."""
    text = Path(pairs_file(tmp_path, 10, 9, 11)).read_text().replace('[Score "NS -50"]', '[Score "NS -100"]')
    path = write(tmp_path, text, "pairs.pbn")
    result = run(runner, "audit", path)
    assert result.exit_code == 1
    assert f"{path} (session 2: club-pairs-2024-05-01-table-2): 1 deal checked, 1 deal with a mismatch" in result.stdout
    assert result.stdout.count("no mismatches") == 2
    assert run(runner, "audit", path, "--session", "3").exit_code == 0


@pytest.mark.parametrize("command", ["score", "audit"])
def test_score_and_audit_json_give_every_session(runner, tmp_path, command):
    """format.md §4.3, §4.4: a file of several sessions gives a list, one document a session in the
    file's order, each saying its session (a file of one session: the one document, as before)."""
    path = pairs_file(tmp_path, 10, 9, 11)
    result = run(runner, command, path, "--json")
    assert result.exit_code == 0
    documents = json.loads(result.stdout)
    ids = [f"club-pairs-2024-05-01-table-{k}" for k in (1, 2, 3)]
    if command == "score":
        assert [d["session"] for d in documents] == [{"id": i, "number": k} for k, i in enumerate(ids, 1)]
        assert all(d["format"] == "vint-score/1" for d in documents)
    else:
        assert [(d["session"], d["session_id"], d["deals_checked"]) for d in documents] == \
            [(k, i, 1) for k, i in enumerate(ids, 1)]
    one = json.loads(run(runner, command, path, "--json", "--session", "2").stdout)
    assert isinstance(one, dict) and "number" not in one.get("session", {}) and "session_id" not in one


def test_score_of_every_session_goes_on_past_one_with_errors(runner, tmp_path):
    """A session that cannot be scored is reported, the others are still scored, and exit 1."""
    text = Path(pairs_file(tmp_path, 10, 9, 11)).read_text()
    broken = text.replace('[Contract "4H"]\n[Declarer "N"]\n[Result "9"]', '[Contract "4H"]\n[Declarer "N"]\n'
                                                                         '[Result "14"]')
    assert broken != text
    path = write(tmp_path, broken, "pairs.pbn")
    result = run(runner, "score", path)
    assert result.exit_code == 1
    assert f"{path} (session 2: club-pairs-2024-05-01-table-2): cannot be scored until the errors above are fixed" \
        in result.stderr
    assert "Session club-pairs-2024-05-01-table-3" in result.stdout
    documents = json.loads(run(runner, "score", path, "--json").stdout)
    assert [d.get("valid", True) for d in documents] == [True, False, True]
    assert documents[1]["session"] == 2 and documents[1]["session_id"] == "club-pairs-2024-05-01-table-2"


def test_convert_to_stdout_writes_only_the_record_there_its_warnings_on_stderr(tmp_path):
    """``convert IN - --to json`` feeds a pipe: a warning (here a Latin-1 PBN file's, format.md
    §5.2) goes to standard error, and standard output is the record alone, valid JSON."""
    pbn = tmp_path / "latin1.pbn"
    pbn.write_bytes('[Event "Séance 1"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
                    .encode("latin-1"))
    done = CliRunner().invoke(main, ["convert", str(pbn), "-", "--to", "json"])
    assert done.exit_code == 0, done.output
    assert "not UTF-8" in done.stderr
    assert json.loads(done.stdout)["session"]["event"] == "Séance 1"
