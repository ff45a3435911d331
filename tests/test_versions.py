"""Corrections keep every version of a session (issue 12, item 4): ``vint-replay correct``,
``Store.versions``/``load_session(version=)``, ``vint-replay history`` and atomicity."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pyarrow.dataset as ds
import pytest

from killing import kill_when_writing
from test_store import snapshot, write_record
from vint_replay.cli import main
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.reports.history import compare
from vint_replay.store import Store
from vint_replay.store.corrections import apply_corrections, listed
from vint_replay.store.errors import StoreError
from vint_replay.store.versions import Correction, os_user
from settled import settled

ROOT = Path(__file__).parent.parent
EVENING = ROOT / "sample_data" / "arbat-2026-11-10-t2.json"  # deal 12 is recorded by its result only
SID = "arbat-2026-11-10-t2"


def raw_evening() -> dict:
    return json.loads(EVENING.read_text(encoding="utf-8"))


def corrected(tmp_path: Path, name: str = "v2.json", tricks: int = 9) -> Path:
    """The evening with deal 12's declarer tricks mis-typed as 10 corrected to ``tricks``."""
    raw = raw_evening()
    deal = next(d for d in raw["deals"] if d["number"] == 12)
    deal["result"]["declarer_tricks"] = tricks
    return write_record(tmp_path / name, raw)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "store")
    assert store.import_paths([str(EVENING)], workers=1).imported
    return store


def test_a_correction_becomes_the_next_version_and_keeps_the_first(store: Store, tmp_path: Path) -> None:
    fixed = corrected(tmp_path)
    summary = store.import_paths([str(fixed)], workers=1, correction=Correction("deal 12: 9 tricks, not 10", "Орлов"))
    assert [o.status for o in summary.outcomes] == ["replaced"]
    first, second = store.versions(SID)
    assert (first.number, first.author, first.reason) == (1, None, None)
    assert (second.number, second.author, second.reason) == (2, "Орлов", "deal 12: 9 tricks, not 10")
    assert first.recorded_at <= second.recorded_at <= datetime.now(timezone.utc)
    assert second.recorded_at.tzinfo is not None
    assert store.load_session(SID, version=1) == read_file(EVENING).record
    assert store.load_session(SID, version=2) == read_file(fixed).record == store.load_session(SID)
    with pytest.raises(KeyError):
        store.load_session(SID, version=3)


def test_a_third_version_is_appended_and_the_earlier_ones_stay_exact(store: Store, tmp_path: Path) -> None:
    store.import_paths([str(corrected(tmp_path))], workers=1, correction=Correction("first ruling", "A"))
    before = [(v.number, v.recorded_at, v.author, v.reason, v.record) for v in store.versions(SID)]
    third = corrected(tmp_path, "v3.json", tricks=8)
    store.import_paths([str(third)], workers=1, correction=Correction("second ruling", "B"))
    versions = store.versions(SID)
    assert [(v.number, v.recorded_at, v.author, v.reason, v.record) for v in versions[:2]] == before
    assert (versions[2].number, versions[2].reason) == (3, "second ruling")
    assert versions[2].record == read_file(third).record


def test_a_never_corrected_session_has_one_version(store: Store) -> None:
    (only,) = store.versions(SID)
    assert only.number == 1 and only.record == read_file(EVENING).record


def test_import_replace_keeps_the_replaced_version_too(store: Store, tmp_path: Path) -> None:
    assert store.import_paths([str(corrected(tmp_path))], replace=True, workers=1).replaced
    first, second = store.versions(SID)
    assert first.record == read_file(EVENING).record
    assert (second.author, second.reason) == (os_user(), None)


def test_reimporting_an_identical_file_is_still_a_no_op(store: Store, tmp_path: Path) -> None:
    fixed = corrected(tmp_path)
    store.import_paths([str(fixed)], workers=1, correction=Correction("ruling", "A"))
    before = snapshot(store.root)
    assert [o.status for o in store.import_paths([str(fixed)], workers=1).outcomes] == ["unchanged"]
    assert snapshot(store.root) == before


def test_a_correction_that_changes_nothing_is_refused(store: Store, tmp_path: Path, runner) -> None:
    before = snapshot(store.root)
    copy = write_record(tmp_path / "same.json", raw_evening())  # other bytes, same content
    result = runner.invoke(main, ["correct", str(copy), "--reason", "nothing", "--store", str(store.root)])
    assert result.exit_code == 1
    assert "this correction changes nothing" in result.output
    assert snapshot(store.root) == before


def test_a_correction_of_an_unknown_session_is_refused(store: Store, tmp_path: Path, runner) -> None:
    raw = raw_evening()
    raw["session"]["id"] = "someone-else"
    other = write_record(tmp_path / "other.json", raw)
    before = snapshot(store.root)
    result = runner.invoke(main, ["correct", str(other), "--reason", "typo", "--store", str(store.root)])
    assert result.exit_code == 1 and "is not in the store: import it first" in result.output
    assert snapshot(store.root) == before


def test_an_invalid_correction_leaves_every_version_as_it_was(store: Store, tmp_path: Path, runner) -> None:
    store.import_paths([str(corrected(tmp_path))], workers=1, correction=Correction("ruling", "A"))
    before = snapshot(store.root)
    raw = raw_evening()
    raw["deals"][0]["play"][0], raw["deals"][0]["play"][1] = raw["deals"][0]["play"][1], raw["deals"][0]["play"][0]
    bad = write_record(tmp_path / "bad.json", raw)
    result = runner.invoke(main, ["correct", str(bad), "--reason", "oops", "--store", str(store.root)])
    assert result.exit_code == 1 and "not stored" in result.output
    assert snapshot(store.root) == before


def test_a_reason_is_required(store: Store, tmp_path: Path, runner) -> None:
    fixed = str(corrected(tmp_path))
    assert runner.invoke(main, ["correct", fixed, "--store", str(store.root)]).exit_code == 2
    assert runner.invoke(main, ["correct", fixed, "--reason", "  ", "--store", str(store.root)]).exit_code == 2


def test_correct_on_the_command_line_defaults_to_the_os_user(store: Store, tmp_path: Path, runner) -> None:
    result = runner.invoke(main, ["correct", str(corrected(tmp_path)), "--reason", "deal 12 ruling",
                                  "--store", str(store.root)])
    assert result.exit_code == 0, result.output
    assert f"{SID}: version 2 stored ({os_user()}: deal 12 ruling)" in result.output
    assert store.versions(SID)[1].author == os_user()


def test_history_shows_what_changed_and_how_the_engine_scored_it(store: Store, tmp_path: Path, runner) -> None:
    fixed = corrected(tmp_path)
    store.import_paths([str(fixed)], workers=1, correction=Correction("deal 12: 9 tricks", "Орлов"))
    result = runner.invoke(main, ["history", SID, "--json", "--store", str(store.root)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [(v["version"], v["by"], v["reason"]) for v in out["versions"]] == \
        [(1, None, None), (2, "Орлов", "deal 12: 9 tricks")]
    (change,) = out["changes"]
    assert (change["from"], change["to"]) == (1, 2)
    deal12 = next(d for d in change["deals"] if d["deal"] == 12)
    assert deal12["changes"][0] == "result: 10 → 9" and deal12["changes"][1].startswith("outcome: ")
    old, new = evaluate(read_file(EVENING).record).score, evaluate(read_file(fixed).record).score
    for key, score in (("score_before", old), ("score_after", new)):
        scored = next(d for d in score.deals if d.number == 12)
        assert deal12[key] == {s.name: {"below": scored.totals(s).below, "above": scored.totals(s).above} for s in Side}
    assert deal12["score_before"] != deal12["score_after"]
    # every deal listed differs in its record or in its score, and no other deal does
    moved = {d.number for d, e in zip(old.deals, new.deals) if (d.totals(Side.NS), d.totals(Side.EW)) !=
             (e.totals(Side.NS), e.totals(Side.EW))}
    assert {d["deal"] for d in change["deals"]} == moved | {12}
    assert change["totals_after"] == {"NS": new.totals[0], "EW": new.totals[1],
                                      "difference": new.totals[0] - new.totals[1]}
    text = runner.invoke(main, ["history", SID, "--store", str(store.root)]).output
    assert "v2" in text and "Орлов" in text and "deal 12:" in text and "result: 10 → 9" in text


def test_history_of_a_missing_session_is_a_clear_error(store: Store, runner) -> None:
    result = runner.invoke(main, ["history", "nope", "--store", str(store.root)])  # a usage error, as export's
    assert result.exit_code == 2 and "Invalid value for 'SESSION_ID': no session 'nope'" in result.output


def test_compare_names_a_changed_figure_and_the_score_ignores_it(tmp_path: Path) -> None:
    record = read_file(EVENING).record
    raw = raw_evening()
    raw["deals"][0]["recorded"]["NS"]["above"] += 100
    changed = read_file(write_record(tmp_path / "c.json", raw)).record
    diff = compare(record, changed)
    assert [d.number for d in diff.deals] == [1]
    (line,) = diff.deals[0].changes
    assert line.startswith("recorded: ") and line.count(" → ") == 1
    old, new = line.removeprefix("recorded: ").split(" → ")
    below, above = raw["deals"][0]["recorded"]["NS"]["below"], raw["deals"][0]["recorded"]["NS"]["above"]
    assert old != new and old.replace(f"N–S {below} below {above - 100} above", f"N–S {below} below {above} above") == new
    assert diff.deals[0].before == diff.deals[0].after  # the engine's score ignores the paper figures
    assert diff.totals_before == diff.totals_after


def test_deal_changes_names_each_call_card_and_hand_that_differs() -> None:
    from dataclasses import replace

    from vint_replay.engine.calls import Call
    from vint_replay.reports.history import deal_changes

    deal = read_file(EVENING).record.deals[0]
    assert deal_changes(deal, deal) == []
    auction = list(deal.auction)
    auction[1] = Call.parse("7NT") if auction[1] != Call.parse("7NT") else Call.parse("pass")
    play = list(deal.play)
    play[4], play[8] = play[8], play[4]
    hands = (deal.hands[1], deal.hands[0], *deal.hands[2:])
    lines = deal_changes(deal, replace(deal, auction=tuple(auction), play=tuple(play), hands=hands))
    seat = "NESW"[("NESW".index(str(deal.dealer)) + 1) % 4]
    assert lines == [f"call 2 ({seat}): {deal.auction[1].pretty} → {auction[1].pretty}",
                     f"card 5 (trick 2): {deal.play[4].pretty} → {deal.play[8].pretty}",
                     f"card 9 (trick 3): {deal.play[8].pretty} → {deal.play[4].pretty}",
                     f"hand N: {deal.hands[0]} → {deal.hands[1]}", f"hand E: {deal.hands[1]} → {deal.hands[0]}"]
    assert deal_changes(deal, replace(deal, play=deal.play[:-4])) == ["cards: 52 → 48"]
    assert deal_changes(None, deal) == ["deal added"] and deal_changes(deal, None) == ["deal removed"]


def test_deal_changes_names_a_board_s_figures_and_kept_tags() -> None:
    """docs/store.md (history): a board's recorded figures and its kept PBN
    tags are part of what a version lists as changed, field by field."""
    from dataclasses import replace

    from vint_replay.engine.record import PbnTag, RecordedFigures
    from vint_replay.engine.seats import Side
    from vint_replay.reports.history import deal_changes

    deal = read_file(EVENING).record.deals[0]
    old = replace(deal, pbn_tags=(PbnTag("Annotator", "club"),), recorded_figures=RecordedFigures(imps=(Side.NS, 5.0)))
    new = replace(old, pbn_tags=(PbnTag("Annotator", "director"),), recorded_figures=RecordedFigures(imps=(Side.NS, 6.0)))
    lines = deal_changes(old, new)
    assert [line.split(":")[0] for line in lines] == ["recorded figures imps 2", "pbn tags 1 value"], lines
    assert lines[1] == "pbn tags 1 value: club → director"


def test_the_versions_dataset_is_readable_without_project_code(store: Store, tmp_path: Path) -> None:
    store.import_paths([str(corrected(tmp_path))], workers=1, correction=Correction("ruling", "A"))
    table = ds.dataset(store.root / "versions", partitioning="hive").to_table()
    rows = sorted(table.select(["session_id", "version", "author", "reason"]).to_pylist(), key=lambda r: r["version"])
    assert rows == [{"session_id": SID, "version": 1, "author": None, "reason": None},
                    {"session_id": SID, "version": 2, "author": "A", "reason": "ruling"}]
    assert json.loads(table.column("record_json")[0].as_py())["session"]["id"] == SID
    assert set(table.column("year").to_pylist()) == {int(raw_evening()["session"]["date"][:4])}


def test_corrections_of_sessions_of_several_years_go_to_their_year_partitions(store: Store, tmp_path: Path) -> None:
    raw = raw_evening()
    raw["session"]["id"], raw["session"]["date"] = "older", "1999-05-01"
    store.import_paths([str(write_record(tmp_path / "older.json", raw))], workers=1)
    raw["deals"][11]["result"]["declarer_tricks"] = 9
    fixes = [corrected(tmp_path), write_record(tmp_path / "older-v2.json", raw)]
    assert len(store.import_paths([str(f) for f in fixes], workers=1, correction=Correction("r", "A")).replaced) == 2
    table = ds.dataset(store.root / "versions", partitioning="hive").to_table()
    years = {(r["session_id"], r["year"]) for r in table.select(["session_id", "year"]).to_pylist()}
    assert years == {(SID, int(raw_evening()["session"]["date"][:4])), ("older", 1999)}
    assert [v.number for v in store.versions("older")] == [1, 2]


def start_correction(store: Path, folder: Path) -> subprocess.Popen:
    code = ("import sys; from vint_replay.store import Store; from vint_replay.store.versions import Correction; "
            "Store(sys.argv[1]).import_paths([sys.argv[2]], workers=1, correction=Correction('bulk ruling', 'T'))")
    return subprocess.Popen([sys.executable, "-c", code, str(store), str(folder)], start_new_session=True,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("delay", [0.0, 0.2])
def test_a_correction_killed_midway_leaves_every_version_as_it_was(tmp_path: Path, delay: float) -> None:
    originals, fixes = tmp_path / "v1", tmp_path / "v2"
    originals.mkdir(), fixes.mkdir()
    for i in range(40):
        raw = raw_evening()
        raw["session"]["id"] = f"copy-{i:02d}"
        write_record(originals / f"copy-{i:02d}.json", raw)
        raw["deals"][11]["result"]["declarer_tricks"] = 9
        write_record(fixes / f"copy-{i:02d}.json", raw)
    store = Store(tmp_path / "store")
    store.import_paths([str(originals)], workers=1)
    process = start_correction(store.root, fixes)
    kill_when_writing(process, store.root, delay)
    counts = {len(store.versions(f"copy-{i:02d}")) for i in range(40)}
    assert counts in ({1}, {2})  # all corrected or none, whenever the kill came
    for i in (0, 39):
        assert store.load_session(f"copy-{i:02d}", version=1) == read_file(originals / f"copy-{i:02d}.json").record


def test_export_writes_any_version_back_exactly(store: Store, tmp_path: Path, runner) -> None:
    fixed = corrected(tmp_path)
    store.import_paths([str(fixed)], workers=1, correction=Correction("ruling", "A"))
    for version, source in ((1, EVENING), (2, fixed)):
        out = tmp_path / f"out{version}.vint"
        result = runner.invoke(main, ["export", SID, str(out), "--version", str(version), "--store", str(store.root)])
        assert result.exit_code == 0, result.output
        assert settled(read_file(out)).record == settled(read_file(source)).record
    result = runner.invoke(main, ["export", SID, "-", "--version", "3", "--store", str(store.root)])
    assert result.exit_code == 2 and "Invalid value for '--version'" in result.output and "version 3" in result.output


CORRECTIONS = ROOT / "sample_data" / "corrections"


def test_the_sample_correction_fixes_the_documented_card_of_deal_3() -> None:
    """The sample correction differs from its evening exactly as its README says: two cards of
    deal 3 trade places and deal 3's paper score follows the engine; the score moves."""
    (item,) = listed(CORRECTIONS)
    original = read_file(ROOT / "sample_data" / "arbat-2026-11-03-t2.json").record
    fixed = read_file(item.path).record
    diff = compare(original, fixed)
    assert [d.number for d in diff.deals] == [3]
    assert diff.deals[0].changes[:2] == ("card 29 (trick 8): ♦A → ♦8", "card 52 (trick 13): ♦8 → ♦A")
    # the suit symbols and the sides' names as every page and the scoresheet write them (issue 23)
    assert diff.deals[0].changes[2].startswith("recorded: N–S 324 below 1440 above, E–W 144 below")
    assert diff.deals[0].changes[3] == "outcome: 4♣ by N, tricks N–S 9 E–W 4 → 4♣ by N, tricks N–S 10 E–W 3"
    assert diff.totals_before != diff.totals_after
    assert "deal 3" in item.reason and item.reason in (CORRECTIONS / "corrections.json").read_text(encoding="utf-8")
    assert evaluate(fixed).score.deals[2].totals(Side.NS) == fixed.deals[2].recorded[Side.NS]


def test_the_demo_applies_each_sample_correction_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    store.import_paths(sorted(str(p) for p in (ROOT / "sample_data").glob("*.json")), workers=1)  # as the demo does
    assert apply_corrections(store, CORRECTIONS) == [
        "arbat-2026-11-03-t2: correction arbat-2026-11-03-t2.v2.json stored as the next version"]
    before = snapshot(store.root)
    assert apply_corrections(store, CORRECTIONS) == [
        "arbat-2026-11-03-t2: correction arbat-2026-11-03-t2.v2.json already applied"]
    assert snapshot(store.root) == before
    first, second = store.versions("arbat-2026-11-03-t2")
    assert second.author == listed(CORRECTIONS)[0].author


def test_a_broken_corrections_list_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "corrections.json").write_text('[{"file": "x.json"}]', encoding="utf-8")
    with pytest.raises(StoreError, match="corrections.json: not a list of"):
        listed(tmp_path)


def test_the_dashboard_scores_a_session_corrected_while_it_serves(store: Store, tmp_path: Path) -> None:
    from dashboards.library import Library

    library = Library(store, 1 << 20)
    before = library.report(SID)
    assert library.report(SID) is before  # cached
    fixed = corrected(tmp_path)
    store.import_paths([str(fixed)], workers=1, correction=Correction("ruling", "A"))
    assert library.report(SID).record == read_file(fixed).record != before.record
    assert library.report("nope") is None


def test_a_damaged_versions_file_is_named_not_read(store: Store, tmp_path: Path, runner) -> None:
    store.import_paths([str(corrected(tmp_path))], workers=1, correction=Correction("ruling", "A"))
    (damaged,) = (store.root / "versions").glob("*/*.parquet")
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    result = runner.invoke(main, ["history", SID, "--store", str(store.root)])
    assert result.exit_code == 1 and f"versions/{damaged.parent.name}/{damaged.name}" in result.output
    assert "Traceback" not in result.output
