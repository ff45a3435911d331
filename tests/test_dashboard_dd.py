"""The dashboard's double-dummy panels without a browser: the replay's per-card payload, the
deal's DD table and vint par, the analysis page's accuracy and par gaps, and the note shown
when nothing was analysed. Expected values are known by hand (tests/test_dd.py's ♥A lead,
rules/volchaninov.md §6 with its par from tests/test_dd_par.py)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import pandas as pd
import pytest

pytest.importorskip("endplay")

from dash_tree import by_id, ids  # noqa: E402
from test_dd import ace_lead_deal  # noqa: E402

from dashboards.payload import replay_payload
from dashboards import data, double_dummy  # noqa: E402
from vint_replay.analysis.jobs import DealJob, analyse_job, jobs_for  # noqa: E402
from vint_replay.analysis.datasets import write_results  # noqa: E402
from vint_replay.engine.cards import Card  # noqa: E402
from vint_replay.formats.json_record import write_json  # noqa: E402
from vint_replay.engine.record import SessionInfo, SessionRecord  # noqa: E402
from vint_replay.engine.session import evaluate  # noqa: E402
from vint_replay.store import Store  # noqa: E402

WORKED = Path(__file__).parent / "data" / "worked_example.json"
PLAYERS = ("Север", "Восток", "Юг", "Запад")
ACE = "ace-lead"


def write_ace_lead(folder: Path) -> Path:
    """One deal: 1NT by West, North leads ♥A and gives 11 tricks away (tests/test_dd.py)."""
    record = SessionRecord(SessionInfo(ACE, PLAYERS, date="2026-11-29"), (ace_lead_deal(),))
    path = folder / "ace.json"
    path.write_text(write_json(record), encoding="utf-8")
    return path


def analyse_sessions(store: Store, session_ids: list[str]) -> None:
    """Analyse just these sessions (DDS, ~0.4 s a deal) and commit them in one run."""
    sessions = store.sessions(session_ids, columns=["session_id", "content_sha256", "year"])
    results = []
    for sid, digest, year in zip(sessions["session_id"], sessions["content_sha256"], sessions["year"]):
        report = evaluate(store.load_session(sid))
        year = None if pd.isna(year) else int(year)
        results += [analyse_job(j) for j in jobs_for(report, digest, year) if isinstance(j, DealJob)]
    assert write_results(store, results)


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    folder = tmp_path_factory.mktemp("dash_dd")
    s = Store(folder / "store")
    assert len(s.import_paths([str(write_ace_lead(folder)), str(WORKED)], workers=1).imported) == 2
    analyse_sessions(s, [ACE, "rules-6-worked-example"])
    return s


@pytest.fixture(scope="module")
def bare(tmp_path_factory) -> Store:
    s = Store(tmp_path_factory.mktemp("dash_bare") / "store")
    assert s.import_paths([str(WORKED)], workers=1).imported
    return s


def payload_of(store: Store, sid: str) -> dict:
    report = evaluate(store.load_session(sid))
    payload = replay_payload(report, 1)
    assert payload is not None
    return payload


def test_replay_payload_marks_the_costly_lead(store):
    play = payload_of(store, ACE)["play"]
    found = double_dummy.deal_analysis(store, ACE, 1)
    dd = double_dummy.replay_dd(found, play)
    assert dd is not None
    assert play[0] == int(Card.HA) and dd["cost"][0] == 11  # ♥A gave 11 tricks away
    assert sum(dd["cost"]) == 11
    spades = {int(Card.parse("S" + r)) for r in "KQJT98765432"}  # any spade keeps E–W to one trick
    assert set(dd["best"][0]) == spades
    assert dd["tricks"][:2] == [1, 12] and dd["tricks"][-1] == 12 and len(dd["tricks"]) == 53
    assert double_dummy.replay_dd(found, play[::-1]) is None  # not this play: nothing shown


def test_deal_panel_of_the_ace_lead_known_by_hand(store):
    panel = double_dummy.deal_panel(double_dummy.deal_analysis(store, ACE, 1))
    assert panel is not None
    table = dict(panel.rows)
    assert list(table) == ["N", "E", "S", "W"]
    # South holds all thirteen diamonds: he (or North, whose partner ruffs the lead) takes
    # every trick in ♦; in NT West leads his thirteen clubs, so South takes none.
    d, nt = 2, 4  # vint order ♠ ♣ ♦ ♥ NT
    assert table["S"][d] == table["N"][d] == 13 and table["S"][nt] == 0
    assert panel.played == ("W", "NT")


def test_deal_panel_of_the_worked_example_shows_par_and_gap(store):
    panel = double_dummy.deal_panel(double_dummy.deal_analysis(store, "rules-6-worked-example", 1))
    assert panel is not None
    assert panel.par == "5♥ by N: N–S 3550, E–W 100"
    assert panel.played == ("N", "C") and panel.contract_line.startswith("3♣ by N: 8 tricks")
    assert panel.gap == "as played: N–S net +138; 3312 below par for N–S"


def test_accuracy_and_par_distance(store):
    accuracy = double_dummy.accuracy(store).set_index("player")
    assert accuracy.loc["Север", "defending"] == pytest.approx(1100 / 13)
    assert math.isnan(accuracy.loc["Север", "declaring"])
    assert accuracy.loc["Запад", "declaring"] == 0
    gaps = double_dummy.par_distance(store, ["rules-6-worked-example"])
    assert list(gaps["declarer_gap"]) == [-3312]
    by = double_dummy.par_by_declarer(gaps)
    assert by.to_dict("records") == [{"player": "Иванов", "deals": 1, "mean_gap": -3312.0}]


def test_pages_show_the_panels(store):
    replay, analysis = _pages(store, ACE)
    found = ids(replay)
    assert {"dd-table", "dd-par", "dd-S-D", "dd-W-NT"} <= found and "dd-note" not in found
    assert by_id(replay, "replay-deal").data["dd"]["cost"][0] == 11
    assert "best cards" in str(replay)  # the "best cards" toggle is offered
    assert {"accuracy-chart", "par-chart", "par-gaps"} <= ids(analysis)


def test_pages_degrade_without_analysis(bare):
    replay, analysis = _pages(bare, "rules-6-worked-example")
    assert "dd-note" in ids(replay) and "dd-table" not in ids(replay)
    assert "vint-replay analyze" in str(replay) and "best cards" not in str(replay)
    assert by_id(replay, "replay-deal").data["dd"] is None
    assert "dd-analysis-note" in ids(analysis) and "accuracy-chart" not in ids(analysis)


def _pages(store: Store, session_id: str, view: str | None = None):
    """The replay page of deal 1 (in ``view``) and the analysis page's body, rendered from ``store``."""
    import dash

    from dashboards.app import create_app

    app = create_app(store.root)
    pages = {p["module"].rsplit(".", 1)[-1]: p for p in dash.page_registry.values() if "layout" in p}
    with app.server.app_context():
        replay = pages["replay"]["layout"](session_id=session_id, deal="1", view=view)
        analysis = sys.modules[pages["analysis"]["module"]].show(None, None, None)
    return replay, analysis


def test_demo_analyses_in_the_background_and_says_when_done(tmp_path):
    """The demo's runner analyses the store in a child process, reaps it, says it has finished
    with the run's summary, and has nothing to do the second time."""
    import psutil

    from dashboards.background import BackgroundAnalysis

    store = Store(tmp_path / "store")
    assert store.import_paths([str(WORKED)], workers=1).imported
    said: list[str] = []
    runner = BackgroundAnalysis(str(store.root), say=said.append)
    assert runner.request()
    runner.join(120)
    assert said[0].startswith("analysing 1 deal double dummy in the background")
    assert said[1].startswith("double-dummy analysis finished: 1 analysed, 0 failed, 0 skipped in ")
    assert psutil.Process().children() == []  # reaped: no zombie left behind
    assert double_dummy.deal_analysis(store, "rules-6-worked-example", 1) is not None
    assert not runner.request() and len(said) == 2  # nothing left to do


def test_seat_view_hides_what_the_seat_could_not_know(store):
    """Only what S saw, on the analysed ♥A deal: S's own hand, no other hand, no DD value, no
    DD table or par, in the page and in the data shipped to the browser."""
    replay = _pages(store, ACE, view="S")[0]
    shipped = by_id(replay, "replay-deal").data
    assert shipped["view"] == "S" and shipped["dd"] is None
    assert [h is not None for h in shipped["hands"]] == [False, False, True, False]
    assert len(shipped["hands"][2]) == 13 and shipped["play"] == [] and shipped["ended"] is False  # card 0: nothing played yet
    found = ids(replay)
    assert "dd-hidden" in found and not found & {"dd-table", "dd-par", "dd-gap", "dd-S-D"}
    text = str(replay)
    assert "best cards" not in text and "Vint par" not in text and "can take" not in text
    whole = by_id(_pages(store, ACE)[0], "replay-deal").data
    assert whole["view"] == "all" and all(whole["hands"]) and whole["dd"] is not None
