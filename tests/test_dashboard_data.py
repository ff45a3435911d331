"""What the dashboard pages show, checked without a browser: the data layer (dashboards.data,
dashboards.stats), uploads, the app's safety settings, the replay's seat view and the demo's
background analysis.

Expected numbers come from rules/volchaninov.md §6 by hand or straight from the sample JSON files."""
from __future__ import annotations

import base64
import csv
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from dash_tree import by_id, components, ids
from dashboards.payload import replay_payload
from dashboards import data, stats
from dashboards.library import Library
from vint_replay.formats.json_record import read_json
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.reports.diagnostic_labels import LABELS
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
SAMPLE_FILES = sorted(SAMPLES.glob("arbat-*.json"))
SEATS = "NESW"


def report_of(raw: dict):
    result = read_json(json.dumps(raw).encode())
    assert result.record is not None, result.diagnostics
    return evaluate(result.record, result.diagnostics)


def sample_raw() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in SAMPLE_FILES]


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    store = Store(tmp_path_factory.mktemp("dash") / "store")
    summary = store.import_paths([str(p) for p in SAMPLE_FILES], workers=1)
    assert len(summary.imported) == len(SAMPLE_FILES)
    return store


# ---------------------------------------------------------------- scoresheet (rules/volchaninov.md §6)


def test_scoresheet_of_the_worked_example(worked_example_raw):
    report = report_of(worked_example_raw)
    checked = data.audit_of(report)
    sheet = data.scoresheet(report, checked)
    assert sheet.totals == (1768, 1630) and sheet.difference == "N–S by 138"
    (rubber,) = sheet.rubbers
    above = [sorted(e.points for e in col) for col in rubber.above]
    assert above == [[780, 780], [1500]]  # honours 30 V and aces 30 V; 500 × 3 × 1 undertrick
    (block,) = rubber.below  # nobody reached game: no game line
    assert [[e.points for e in col] for col in block.cells] == [[208], [130]] and block.game is None
    assert not any(e.mismatch for col in rubber.above for e in col)
    assert data.audit_status(report, checked) == "no mismatches"


def test_deal_row_of_the_worked_example(worked_example_raw):
    (row,) = data.deal_rows(report_of(worked_example_raw))
    assert (row.contract, row.declarer, row.tricks) == ("3♣", "N", "8/9")
    assert row.points == ((208, 1560), (130, 1500)) and row.recorded == row.points and row.problems == ()


def test_a_paper_mistake_is_flagged_and_explained(worked_example_raw):
    worked_example_raw["deals"][0]["recorded"]["NS"]["above"] = 2060  # 500 too many
    report = report_of(worked_example_raw)
    checked = data.audit_of(report)
    assert data.audit_status(report, checked) == "1 deal with a mismatch (1 entry)"
    sheet = data.scoresheet(report, checked)
    flagged = {(side, e.points) for side, col in enumerate(sheet.rubbers[0].above) for e in col if e.mismatch}
    assert flagged == {(Side.NS, 780)}  # both N–S entries above the line, none of E–W
    (row,) = data.deal_rows(report, checked)
    assert row.recorded[Side.NS] == (208, 2060)
    assert len(row.problems) == 1 and "2060" in row.problems[0] and "1560" in row.problems[0]


def test_an_invalid_session_lists_its_errors_and_has_no_sheet():
    raw = json.loads((SAMPLES / "broken" / "broken-evening.json").read_text(encoding="utf-8"))
    report = report_of(raw)
    assert data.scoresheet(report) is None and data.progress(report) is None
    assert data.audit_status(report, None).startswith("invalid (")
    problems = {r.number: " ".join(r.problems) for r in data.deal_rows(report)}
    assert LABELS["revoke"] in problems[2] and LABELS["insufficient_bid"] in problems[3]


# ---------------------------------------------------------------- charts


def test_below_the_line_progress_of_the_worked_example(worked_example_raw):
    prog = data.progress(report_of(worked_example_raw))
    assert prog.totals == ([1768], [1630]) and prog.threshold == 500
    assert len(prog.trick_labels) == 13 and prog.games == []
    assert (prog.below[0][-1], prog.below[1][-1]) == (8 * 26, 5 * 26)
    steps = [(b - a, d - c) for a, b, c, d in zip([0] + prog.below[0], prog.below[0], [0] + prog.below[1], prog.below[1])]
    assert all(step in ((26, 0), (0, 26)) for step in steps)  # one trick of V = 26 at a time


def test_games_are_marked_where_the_threshold_is_first_crossed():
    raw = json.loads(SAMPLE_FILES[0].read_text(encoding="utf-8"))
    report = report_of(raw)
    prog = data.progress(report)
    starts = {index for index, _ in prog.deal_starts}
    assert len(prog.games) == sum(1 for d in report.score.deals if d.game is not None) > 0
    for index, side, _label in prog.games:
        assert prog.below[side][index] >= prog.threshold
        before = 0 if index in starts else prog.below[side][index - 1]
        assert index in starts or before < prog.threshold
    final = [sum(d.totals(s).below + d.totals(s).above for d in report.score.deals) for s in Side]
    assert [t[-1] for t in prog.totals] == final


# ---------------------------------------------------------------- replay


def test_replay_payload_is_compact_and_matches_the_record(worked_example_raw):
    report = report_of(worked_example_raw)
    payload = replay_payload(report, 1)
    deal = worked_example_raw["deals"][0]
    names = {f"{'SHDC'[c // 13]}{'23456789TJQKA'[c % 13]}" for c in range(52)}
    assert len(names) == 52
    played = [f"{'SHDC'[c // 13]}{'23456789TJQKA'[c % 13]}" for c in payload["play"]]
    assert played == deal["play"]
    for seat, cards in zip(SEATS, payload["hands"]):
        pbn = deal["hands"][seat].split(".")
        assert sorted(f"{'SHDC'[c // 13]}{'23456789TJQKA'[c % 13]}" for c in cards) == sorted(
            suit + rank for suit, ranks in zip("SHDC", pbn) for rank in ranks)
    assert sum(1 for w in payload["winners"] if w % 2 == 0) == 8  # N–S took 8 tricks
    assert payload["leaders"][0] == SEATS.index("E")  # left of the declarer N leads
    assert (payload["value"], payload["below"], payload["threshold"]) == (26, [0, 0], 500)
    assert len(json.dumps(payload, ensure_ascii=False)) < 2000


def test_replay_payload_of_result_only_and_passed_out_deals():
    raw = json.loads((SAMPLES / "arbat-2026-11-10-t2.json").read_text(encoding="utf-8"))
    report = report_of(raw)
    result_only = next(d for d in raw["deals"] if "result" in d and "play" not in d)
    payload = replay_payload(report, result_only["number"])
    bids = [(i, c) for i, c in enumerate(result_only["auction"]) if c.lower() not in ("pass", "p")]
    declarer = (SEATS.index(result_only["dealer"]) + bids[-1][0]) % 4
    taken = result_only["result"]["declarer_tricks"]
    assert payload["play"] == [] and payload["result"][declarer % 2] == taken
    assert sum(payload["result"]) == 13
    raw, passed = next((r, d) for r in sample_raw() for d in r["deals"]
                       if all(c.lower() in ("pass", "p") for c in d["auction"]))
    payload = replay_payload(report_of(raw), passed["number"])
    assert payload["contract"] is None and payload["play"] == [] and payload["result"] is None


def test_auction_in_columns_from_the_dealer_and_neighbours():
    raw = json.loads(SAMPLE_FILES[0].read_text(encoding="utf-8"))
    report = report_of(raw)
    second = report.record.deals[1]
    seats, rows = data.auction_grid(second)
    assert seats[0].name == raw["deals"][1]["dealer"] and len(seats) == 4
    assert all(len(r) == 4 for r in rows)
    assert [c for r in rows for c in r if c][0] == second.auction[0].pretty
    numbers = [d["number"] for d in raw["deals"]]
    assert data.neighbours(report, numbers[0]) == (None, numbers[1])
    assert data.neighbours(report, numbers[-1]) == (numbers[-2], None)
    assert replay_payload(report, 10_000) is None


# ---------------------------------------------------------------- sessions list (store)


def test_session_rows_carry_results_and_audit_status(store):
    rows = {r.id: r for r in data.session_rows(store.sessions(), store.deals(columns=data.AUDIT_COLUMNS))}
    assert set(rows) == {p.stem for p in SAMPLE_FILES}
    with open(SAMPLES / "planted_mistakes.csv", newline="", encoding="utf-8") as f:
        planted = Counter((r["session"], r["deal"]) for r in csv.DictReader(f))
    wrong = Counter(session for session, _deal in planted)
    for sid, row in rows.items():
        expected = "no mismatches" if sid not in wrong else f"{wrong[sid]} deal{'s' if wrong[sid] > 1 else ''} with"
        assert row.audit.startswith(expected) and row.mismatched == (sid in wrong), sid
    for raw in sample_raw():
        row = rows[raw["session"]["id"]]
        assert row.deals == len(raw["deals"]) and row.date == raw["session"]["date"]
        p = raw["session"]["players"]
        assert row.players == f"{p['N']} & {p['S']} v {p['E']} & {p['W']}"


HAND_RECORD = ('[Event "Hand records"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
               '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n')


def test_a_session_without_names_is_said_so_on_the_pages_not_a_dangling_ampersand(tmp_path):
    """format.md §5.2 (a PBN hand record names no player): the sessions list and the session page's
    sides say "(no names)" as the terminal's sheet does (reports/labels.py), where they showed
    "& v &" and "N–S: &"; a side with one name shows it alone."""
    from vint_replay.engine.record import SessionInfo

    path = tmp_path / "deals.pbn"
    path.write_text(HAND_RECORD)
    named = Store(tmp_path / "store")
    named.import_paths([str(path)], workers=1)
    [row] = data.session_rows(named.sessions(), named.deals(columns=data.AUDIT_COLUMNS))
    assert row.players == "(no names)"
    info = SessionInfo("s", ("Ann", "", "", "Dan"), rules="duplicate-bridge")
    assert (data.side_players(info, Side.NS), data.side_players(info, Side.EW)) == ("Ann", "Dan")
    assert data.side_players(SessionInfo("s", ("", "", "", ""), rules="duplicate-bridge"), Side.NS) == "(no names)"


def test_a_session_of_hand_records_has_no_running_totals_chart_but_says_why(tmp_path):
    """duplicate-bridge.md §1 (a hand record scores nothing): the session page of boards none of
    which was played says so in a sentence instead of drawing a flat chart of zeros."""
    from dashboards.app import create_app

    app = create_app(tmp_path / "store")
    uploaded = app.server.extensions["vint_library"].upload("deals.pbn", HAND_RECORD.encode())
    [session] = uploaded.sessions
    assert session.status == "imported"
    with app.server.test_request_context("/"):
        page = sys.modules["pages.session"].layout(session.session_id)
    texts = [c.children for c in components(page) if isinstance(getattr(c, "children", None), str)]
    assert any(t.startswith("No chart: no deal of the session was played to a result") for t in texts)
    assert not [c for c in components(page) if type(c).__name__ == "Graph"]  # the running totals' and the line's


def test_one_audit_count_on_every_page_and_in_the_cli(store, runner):
    """The sessions list (from the store's figures), the session page (from the audit) and
    ``vint-replay audit`` (text and --json) say the same tally, which is the planted list's:
    deals with mismatches and mismatching entries (one row each in planted_mistakes.csv)."""
    from vint_replay import cli

    with open(SAMPLES / "planted_mistakes.csv", newline="", encoding="utf-8") as f:
        planted = list(csv.DictReader(f))
    rows = {r.id: r for r in data.session_rows(store.sessions(), store.deals(columns=data.AUDIT_COLUMNS))}
    for path in SAMPLE_FILES:
        mine = [r for r in planted if r["session"] == path.stem]
        deals, entries = len({r["deal"] for r in mine}), len(mine)
        expected = "no mismatches" if not mine else (
            f"{deals} deal{'s' if deals != 1 else ''} with {'a mismatch' if entries == 1 else 'mismatches'} "
            f"({entries} entr{'y' if entries == 1 else 'ies'})")
        report = report_of(json.loads(path.read_text(encoding="utf-8")))
        assert rows[path.stem].audit == expected == data.audit_status(report, data.audit_of(report))
        text = runner.invoke(cli.main, ["audit", str(path)])
        assert text.output.splitlines()[-1].endswith(f" deals checked, {expected}")
        out = json.loads(runner.invoke(cli.main, ["audit", str(path), "--json"]).output)
        assert (out["summary"], out["deals_with_mismatches"], out["mismatching_entries"]) == (expected, deals, entries)
    assert any(r.audit == "2 deals with mismatches (3 entries)" for r in rows.values())  # the example


def test_filter_and_sort_sessions(store):
    rows = data.session_rows(store.sessions(), store.deals(columns=data.AUDIT_COLUMNS))
    with_ivanov = {raw["session"]["id"] for raw in sample_raw() if "Иванов" in raw["session"]["players"].values()}
    assert {r.id for r in data.filter_rows(rows, "иванов", False, "-date")} == with_ivanov
    dates = [r.date for r in data.filter_rows(rows, "", False, "-date")]
    assert dates == sorted(dates, reverse=True)
    only = data.filter_rows(rows, None, True, "id")
    assert only and all(r.mismatched and "with" in r.audit for r in only)
    assert data.filter_rows(rows, "no such player", False, "id") == []


# ---------------------------------------------------------------- analysis (store)


def test_analysis_counts_agree_with_the_sample_files(store):
    selection = stats.select(store)
    sessions, per_session = selection.sessions, selection.per_session
    raws = sample_raw()
    contracts = Counter()
    for raw in raws:
        for deal in raw["deals"]:
            bids = [c for c in deal["auction"] if c.lower() not in ("pass", "p")]
            if bids:
                contracts[(int(bids[-1][0]), bids[-1][1:].upper())] += 1
    counts = stats.contract_counts(selection.contracts)
    assert {(level, d): int(counts.loc[level, d]) for level in counts.index for d in counts.columns
            if counts.loc[level, d]} == dict(contracts)
    made = stats.made_failed(selection.contracts)
    assert int(made.values.sum()) == sum(contracts.values())
    assert selection.deals == sum(len(raw["deals"]) for raw in raws)
    pairs = stats.partnership_points(sessions, per_session)
    assert pairs["net"].sum() == 0  # what one partnership nets, the other loses
    totals = store.sessions()
    assert pairs["points"].sum() == int(totals["total_ns"].sum() + totals["total_ew"].sum())
    # Every sample session ends with the deal that finishes its last rubber (sample_data/README.md),
    # so every rubber has a winner, who took two games in it.
    won = stats.game_winners(sessions, per_session)
    assert won["rubbers"].sum() == int(totals["rubbers"].sum())
    assert (won["games"] >= 2 * won["rubbers"]).all()
    luck = stats.luck_vs_play(sessions, per_session).set_index("player")
    seats_taken = Counter(name for raw in raws for name in raw["session"]["players"].values() for _ in raw["deals"])
    assert luck["deals"].to_dict() == dict(seats_taken)
    slams = stats.slam_attempts(sessions, selection.slams)
    assert len(slams) == sum(n for (level, _), n in contracts.items() if level >= 6)
    # per player, from session sums: the same as the store's own summary over deal rows
    mine = stats.player_points(selection)
    theirs = store.player_summary()
    assert mine.to_dict("records") == theirs[list(mine.columns)].to_dict("records")
    numbers = stats.summary_numbers(selection)
    assert numbers["sessions"] == str(len(raws)) and numbers["slams bid"] == str(len(slams))


def test_analysis_filters_are_pushed_down(store):
    raws = sample_raw()
    chosen = [raw for raw in raws if "Орлов" in raw["session"]["players"].values()
              and "2026-11-04" <= raw["session"]["date"] <= "2026-11-30"]
    selection = stats.select(store, "2026-11-04", "2026-11-30", "Орлов")
    assert set(selection.sessions["session_id"]) == {raw["session"]["id"] for raw in chosen}
    assert selection.deals == sum(len(raw["deals"]) for raw in chosen)
    assert stats.select(store, "2030-01-01", None, None).deals == 0
    assert "Орлов" in stats.players(store) and len(stats.players(store)) == 8


# ---------------------------------------------------------------- uploads and the app


def test_upload_of_a_broken_file_stores_nothing(tmp_path):
    library = Library(Store(tmp_path / "store"), max_upload_bytes=100_000)
    broken = (SAMPLES / "broken" / "broken-evening.json").read_bytes()
    result = library.upload("broken-evening.json", broken)
    assert not result.accepted and {d.code for d in result.sessions[0].diagnostics} >= {"revoke", "bad_call"}
    assert library.store.session_ids() == []
    too_big = library.upload("big.json", b" " * 100_001)
    assert not too_big.accepted and "limit" in too_big.reason
    assert not library.upload("evening.csv", b"a,b").accepted
    good = SAMPLE_FILES[0].read_bytes()
    assert [s.status for s in library.upload("../../etc/evening.json", good).sessions] == ["imported"]
    assert [s.status for s in library.upload("evening.json", good).sessions] == ["unchanged"]
    assert library.store.session_ids() == [SAMPLE_FILES[0].stem]
    assert library.report(SAMPLE_FILES[0].stem).score is not None and library.report("nope") is None


def upload_answer(store: Path, contents: object, name: object) -> str:
    """What the page shows after the upload callback gets ``contents`` and ``name`` (decoded
    from Dash's JSON reply, however Dash escaped it); the reply must not be a server error."""
    from dashboards.app import create_app

    request = {"output": "upload-result.children", "outputs": {"id": "upload-result", "property": "children"},
               "inputs": [{"id": "upload", "property": "contents", "value": contents}],
               "state": [{"id": "upload", "property": "filename", "value": name}], "changedPropIds": ["upload.contents"]}
    answer = create_app(store).server.test_client().post("/_dash-update-component", data=json.dumps(request),
                                                         content_type="application/json")
    assert answer.status_code == 200, answer.text[-300:]
    return json.dumps(answer.get_json()["response"], ensure_ascii=False)


@pytest.mark.parametrize("name", ["even\x00ing.json", "\ud800evening.json", "в" * 300 + ".json", "😀" * 80 + ".json"])
def test_upload_under_any_file_name_is_stored_and_shown(tmp_path, name):
    """A name with a NUL, a lone surrogate or 255+ bytes is stored under a safe name, and the
    page's answer can be sent (UTF-8, no control character)."""
    from dashboards.library import MAX_NAME_BYTES, upload_name

    safe = upload_name(name)
    assert safe.endswith(".json") and len(safe.encode("utf-8")) <= MAX_NAME_BYTES
    assert "\x00" not in safe and not any(0xD800 <= ord(c) <= 0xDFFF for c in safe)
    contents = "data:application/json;base64," + base64.b64encode(SAMPLE_FILES[0].read_bytes()).decode()
    shown = upload_answer(tmp_path / "store", contents, name)
    assert f"{safe}: session " in shown and "upload-ok" in shown
    assert Store(tmp_path / "store").session_ids() == [SAMPLE_FILES[0].stem]


def test_an_upload_that_adds_a_session_asks_for_its_analysis(tmp_path):
    asked: list[str] = []
    library = Library(Store(tmp_path / "store"), 1_000_000, on_import=lambda: asked.append("analyse"))
    good = SAMPLE_FILES[0].read_bytes()
    assert [s.status for s in library.upload("evening.json", good).sessions] == ["imported"] and asked == ["analyse"]
    assert [s.status for s in library.upload("evening.json", good).sessions] == ["unchanged"] and asked == ["analyse"]
    broken = (SAMPLES / "broken" / "broken-evening.json").read_bytes()
    assert not library.upload("broken.json", broken).accepted and asked == ["analyse"]


def test_background_analysis_reaps_reports_and_runs_again_when_asked_meanwhile():
    import psutil

    from dashboards.background import BackgroundAnalysis

    before = set(psutil.Process().children())  # e.g. an earlier test's import forkserver
    said: list[str] = []
    pending = iter([4, 2, 0])
    runner = BackgroundAnalysis("store", say=said.append, pending=lambda _path: next(pending),
                                command=[sys.executable, "-c", "import time; time.sleep(0.5); print('done: all of it')"])
    assert runner.request()
    assert runner.request()  # an upload while the first run works: one more run afterwards
    runner.join(30)
    assert said == ["analysing 4 deals double dummy in the background; the pages show results as they land",
                    "double-dummy analysis finished: done: all of it",
                    "analysing 2 deals double dummy in the background; the pages show results as they land",
                    "double-dummy analysis finished: done: all of it"]
    assert set(psutil.Process().children()) == before
    assert not runner.request()  # nothing pending


def test_background_analysis_stops_its_child():
    import psutil

    from dashboards.background import BackgroundAnalysis

    before = set(psutil.Process().children())  # e.g. an earlier test's import forkserver
    said: list[str] = []
    runner = BackgroundAnalysis("store", say=said.append, pending=lambda _path: 1,
                                command=[sys.executable, "-c", "import time; time.sleep(60)"])
    assert runner.request()
    (child,) = set(psutil.Process().children()) - before
    runner.stop()
    assert not child.is_running() and set(psutil.Process().children()) == before
    assert len(said) == 1 and not runner.request()  # nothing more said or started once stopped


def test_app_refuses_oversized_requests_and_foreign_hosts(tmp_path):
    from dashboards.app import LOOPBACK_HOSTS, create_app

    app = create_app(tmp_path / "store", max_upload_bytes=10_000, trusted_hosts=LOOPBACK_HOSTS)
    client = app.server.test_client()
    assert client.get("/", headers={"Host": "localhost"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    for host in ("[::1]:8050", "[::1]", "127.0.0.1:8050", "LocalHost"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    for host in ("[::2]:8050", "[::1", "localhost.evil.example", "127.0.0.1.evil.example:80"):
        assert client.get("/", headers={"Host": host}).status_code == 400, host
    big = client.post("/_dash-update-component", data=b"{" + b" " * 200_000 + b"}",
                      headers={"Host": "localhost", "Content-Type": "application/json"})
    assert big.status_code == 413


def test_page_layouts_render_from_the_store(store):
    import dash

    from dashboards.app import create_app

    app = create_app(store.root)
    layouts = {page["path_template"]: page["layout"] for page in dash.page_registry.values() if page["path_template"]}
    first = SAMPLE_FILES[0].stem
    with app.server.app_context():
        sheet = layouts["/session/<session_id>"](session_id=first)
        table = layouts["/replay/<session_id>/<deal>"](session_id=first, deal="1")
        missing = layouts["/replay/<session_id>/<deal>"](session_id=first, deal="999")
        odd = [layouts["/replay/<session_id>/<deal>"](session_id=first, deal=text)
               for text in ("²", "١", "𝟙", "1" * 40, "-1", " 1")]  # int() takes the first three
        started = layouts["/replay/<session_id>/<deal>"](session_id=first, deal="1", card="6")
        repeated = layouts["/replay/<session_id>/<deal>"](session_id=first, deal="1", card=["6", "7"], view=["S", "N"])
    found = ids(sheet)
    assert {"total-NS", "total-EW", "difference", "deal-table", "below-chart"} <= found
    assert {"card-table", "replay-deal", "replay-slider", "auction"} <= ids(table)
    assert "No such deal" in str(missing)
    assert all("No such deal" in str(page) for page in odd)
    assert by_id(started, "replay-slider").value == 6
    assert by_id(repeated, "replay-slider").value == 0 and by_id(repeated, "replay-deal").data["view"] == "all"


def test_a_profile_that_cannot_read_the_auctions_is_not_offered(store):
    """rubber-bridge.md §2: bridge's order ♣ < ♦ < ♥ < ♠ < NT makes a vint evening's higher calls
    (1♦ over 1♠, classic.md §2: ♠ < ♣ < ♦ < ♥ < NT) insufficient. The switch links only profiles
    that read the record, says in one sentence why the others are not offered, refuses them by
    URL too, and a rescored sheet's replay links are to the deals as played."""
    import dash

    from dash import dcc
    from dash_tree import components
    from dashboards.app import create_app

    app = create_app(store.root)
    session = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/session/<session_id>")
    sid = "arbat-2026-11-03-t2"
    with app.server.app_context():
        page = session(session_id=sid)
        asked = session(session_id=sid, rules="rubber-bridge")
        classic = session(session_id=sid, rules="classic")
    offered = {c.href for c in components(by_id(page, "rules-switch")) if isinstance(c, dcc.Link)}
    assert f"/session/{sid}?rules=classic" in offered
    assert not any("bridge" in href for href in offered)
    refused = [str(li.children) for li in by_id(page, "rules-refused").children]
    assert [r.split(":")[0] for r in refused] == ["duplicate-bridge", "rubber-bridge"]
    assert all("cannot be read" in r and "1♠" in r and r.count(". ") == 0 for r in refused), refused
    assert "cannot be read" in str(by_id(asked, "rescore-refused").children) and "deal-table" not in ids(asked)
    replays = [c for c in components(by_id(classic, "deal-table")) if isinstance(c, dcc.Link)]
    assert sorted(c.href for c in replays) == sorted(f"/replay/{sid}/{n}" for n in range(1, 31))
    assert all("under volchaninov, as played" in c.title for c in replays)


def test_the_race_chart_labels_do_not_overlap(tmp_path):
    """The below-the-line race (classic.md §10, game at 500) of the evening under the laws, whose
    deal 1 ends after one step: its deal ticks keep a twelfth of the chart apart, at most twelve,
    and the stars of a game or rubber won carry no text to collide (hover and legend say it)."""
    import dash

    from dashboards.app import create_app

    laws = SAMPLES / "laws" / "arbat-2027-01-12-laws-t1.json"
    assert not Store(tmp_path / "store").import_paths([str(laws)], workers=1).rejected
    app = create_app(tmp_path / "store")
    session = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/session/<session_id>")
    with app.server.app_context():
        figure = by_id(session(session_id=laws.stem), "below-chart").figure
    steps = len(figure.data[0].x)
    ticks = list(figure.layout.xaxis.tickvals)
    assert 2 <= len(ticks) <= 12 and all(b - a >= steps / 12 for a, b in zip(ticks, ticks[1:])), ticks
    stars = [t for t in figure.data if t.marker.symbol == "star"]
    assert stars and all("text" not in t.mode for t in stars)


@pytest.mark.parametrize("contents, name", [(["data:,e30="], "evening.json"), ({"a": 1}, "evening.json"),
                                            ("data:application/json;base64,e30=", 7), (7, None)])
def test_a_forged_upload_is_answered_not_a_server_error(tmp_path, contents, name):
    """What a hand-made request sends as the upload's contents and file name (a list, a dict, a
    number) gets the page's own answer, and nothing is stored."""
    assert "nothing was stored" in upload_answer(tmp_path / "store", contents, name)
    assert Store(tmp_path / "store").session_ids() == []


def test_history_takes_only_plain_version_numbers(tmp_path):
    """``?from=²`` or a 5,000-digit ``from`` compares the last two versions, as any other
    version that is not stored does."""
    import dash

    from dashboards.app import create_app
    from vint_replay.store.corrections import apply_corrections

    store = Store(tmp_path / "store")
    assert store.import_paths([str(SAMPLES / "arbat-2026-11-03-t2.json")], workers=1).imported
    apply_corrections(store, SAMPLES / "corrections")
    app = create_app(store.root)
    history = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/history/<session_id>")
    with app.server.app_context():
        for wanted in ("²", "1" * 5000, ["1", "2"], "-1"):
            page = history(session_id="arbat-2026-11-03-t2", **{"from": wanted, "to": "2"})
            assert "Changes from v1 to v2" in str(page), wanted


def test_a_very_long_player_name_is_cut_in_menus_and_charts(tmp_path, worked_example_raw):
    """A 10,000-character name (the menu's value and the charts' labels cost the browser
    superlinear time: 10k characters took minutes) is shown as its first 39 characters and "…";
    the menu still filters by that player."""
    import dash

    from dashboards.app import create_app
    from html import unescape

    from dashboards.charts import LONGEST_NAME
    from dash_tree import components

    long_name = "Я" * 10_000
    worked_example_raw["session"]["players"]["N"] = long_name
    path = tmp_path / "long.json"
    path.write_text(json.dumps(worked_example_raw, ensure_ascii=False), encoding="utf-8")
    assert not Store(tmp_path / "store").import_paths([str(path)], workers=1).rejected
    app = create_app(tmp_path / "store")
    analysis = next(p for p in dash.page_registry.values() if p["path"] == "/analysis")
    module = sys.modules[analysis["module"]]
    with app.server.app_context():
        menu = by_id(module.layout(), "analysis-player")
        (option,) = [o for o in menu.options if o["label"].startswith("ЯЯЯ")]
        assert len(option["label"]) == LONGEST_NAME and option["label"].endswith("…")
        assert len(option["value"]) < 100
        body = module.show(None, None, option["value"])
    figures = [c.figure for c in components(body) if isinstance(c, dash.dcc.Graph)]
    labels = [v for f in figures for t in f.data for part in (t.y, t.text) if part is not None and not isinstance(part, str)
              for v in part if isinstance(v, str)]
    assert any(v.startswith("ЯЯЯ") for v in labels) and max(len(unescape(v)) for v in labels) <= LONGEST_NAME
    assert by_id(body, "kpis")  # the long-named player's deals are found by the menu's value


def test_the_report_cache_keeps_the_recently_used_within_its_bound(store, monkeypatch):
    """Each session viewed under each rule set used to stay in memory for good: now the least
    recently used reports go once the kept ones hold more than MAX_CACHED_DEALS deals."""
    import dashboards.library as library_module

    monkeypatch.setattr(library_module, "MAX_CACHED_DEALS", 60)
    library = Library(store, 1_000_000)
    first, second = SAMPLE_FILES[0].stem, SAMPLE_FILES[1].stem
    kept = library.report(first)
    for rules in ("classic", "volchaninov", None):
        library.report(second, rules)
        assert library.cached_deals() <= 60
        assert library.report(first) is kept  # used again each time: kept, not scored anew
    library.report(second, "classic")
    assert library.report(first) is kept and library.cached_deals() <= 60


@pytest.mark.parametrize("broken", ["Open", "Closed"])
def test_an_upload_of_a_match_names_each_room_stored_or_refused(tmp_path, broken):
    """format.md §5.2 (a session per room) and docs/dashboard.md, the upload: a match file whose one
    room has a result of 14 tricks stores the other room, as `import` does, and the answer says
    so room by room. Before, it named the file's first session alone: a refused closed room went
    unsaid, and a refused open room read "nothing was stored" while the closed room was stored."""
    import base64

    from test_duplicate_comparison import game

    rooms = {room: game(room, 10, "") for room in ("Open", "Closed")}
    rooms[broken] = rooms[broken].replace('[Result "10"]', '[Result "14"]')
    assert '[Result "14"]' in rooms[broken]
    contents = "data:application/octet-stream;base64," + base64.b64encode("".join(rooms.values()).encode()).decode()
    answer = upload_answer(tmp_path / "store", contents, "match.pbn")
    fine = "Closed" if broken == "Open" else "Open"
    refused, stored = f"match-2024-05-01-{broken.lower()}", f"match-2024-05-01-{fine.lower()}"
    assert Store(tmp_path / "store").session_ids() == [stored]
    assert "match.pbn: 1 of its 2 sessions stored" in answer and "nothing was stored" not in answer
    assert f"/session/{stored}" in answer and f"/session/{refused}" not in answer
    assert f"match.pbn ({refused}): " in answer and "the others were not imported" in answer
