"""Downloads on the dashboard (dashboards/downloads.py, docs/dashboard.md): a stored session, or
an event's sessions in one file, served as ``export`` writes them; the session page links each
format the session can be written in; what a format cannot hold is said in words (422)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vint_replay.analysis.batch import analyse_store
from vint_replay.engine.settle import settle
from vint_replay.formats import read_sessions
from vint_replay.store import Store

from conftest import dashboard_in_chromium
from lin_samples import vugraph
from test_bridge_analysis import page_nodes
from test_dashboard_browser import css, wait_for

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
VINT, SOLO = "arbat-2026-11-03-t1", "arbat-solo-2026-11-24"


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    folder = tmp_path_factory.mktemp("downloads")
    match = folder / "match.lin"
    match.write_text(vugraph(boards=3)[0])
    store = Store(folder / "store")
    summary = store.import_paths([str(match), str(SAMPLES / f"{VINT}.json"), str(SAMPLES / "solo" / f"{SOLO}.json")],
                                 workers=1)
    assert not summary.rejected
    analyse_store(store, workers=1)
    return store


@pytest.fixture(scope="module")
def client(store):
    from dashboards.app import create_app

    return create_app(store.root).server.test_client()


def _rooms(store: Store) -> list[str]:
    return sorted((sid for sid in store.session_ids() if sid.endswith(("-open", "-closed"))), key=lambda s: "-c" in s)


def _links(client, session_id: str) -> dict[str, str]:
    """The session page's download links: element id → href."""
    return {n["props"]["id"]: n["props"]["href"] for n in page_nodes(client, f"/session/{session_id}")
            if n.get("type") == "A" and "download" in n["props"]}


def test_a_match_s_rooms_download_as_one_pbn_and_one_lin_file_that_read_back_as_stored(client, store):
    opened, closed = _rooms(store)
    links = _links(client, opened)
    assert {"event-downloads-pbn", "event-downloads-lin"} <= set(links)
    for fmt in ("pbn", "lin"):
        got = client.get(links[f"event-downloads-{fmt}"])
        assert got.status_code == 200, got.text
        assert got.headers["Content-Disposition"].startswith("attachment") and f".{fmt}" in got.headers["Content-Disposition"]
        back = [settle(r.record)[0] for r in read_sessions(got.data, fmt)]
        assert [r.info.id.rsplit("-", 1)[1] for r in back] == ["open", "closed"]
        if fmt == "pbn":  # PBN holds the session whole, with the store's analysis as each board's table
            assert [r.info.id for r in back] == [opened, closed]
            assert all(d.pbn_tags[-1].name == "OptimumResultTable" for r in back for d in r.deals)
            assert [_without_analysis(r) for r in back] == [settle(store.load_session(s))[0] for s in (opened, closed)]


def _without_analysis(record):
    """The record without the analysis the download added."""
    return replace(record, deals=tuple(replace(d, pbn_tags=tuple(t for t in d.pbn_tags if t.name != "OptimumResultTable"))
                                       for d in record.deals))


def test_each_session_offers_the_formats_that_hold_it(client):
    """A vint evening: JSON, .vint and PBN (PBN's games are four-handed deals; LIN holds bridge
    only); solo whist: JSON and .vint alone (format.md §5.3)."""
    assert sorted(_links(client, VINT)) == ["downloads-json", "downloads-pbn", "downloads-vint"]
    assert sorted(_links(client, SOLO)) == ["downloads-json", "downloads-vint"]
    got = client.get(_links(client, VINT)["downloads-vint"])
    assert got.status_code == 200 and got.headers["Content-Disposition"].endswith(f"{VINT}.vint")
    [back] = read_sessions(got.data, "vint")
    assert back.record is not None and back.record.info.id == VINT


def test_what_cannot_be_written_is_said_in_words(client, store):
    lin = client.get(f"/download/lin/{VINT}")
    assert lin.status_code == 422 and "cannot be written as LIN" in lin.text and "write .json" in lin.text
    both = client.get(f"/download/json/{VINT}?also={SOLO}")
    assert both.status_code == 422 and "holds one session" in both.text
    assert client.get("/download/pbn/no-such-session").status_code == 404
    assert "no download format" in client.get(f"/download/xml/{VINT}").text


@pytest.mark.browser
@pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")
def test_the_page_s_download_link_serves_the_file_in_a_browser(store):
    """In Chromium, against the running dashboard: the session page's PBN link answers with the
    session as PBN, to be saved (its Content-Disposition), fetched as the browser fetches it."""
    with dashboard_in_chromium(store.root) as (driver, base):
        driver.get(f"{base}/session/{VINT}")
        wait_for(lambda: css(driver, "#downloads-pbn"))
        href = css(driver, "#downloads-pbn")[0].get_attribute("href")
        got = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(r => r.text().then(t => done([r.status, r.headers.get('content-disposition'), t])))",
            href)
        status, disposition, text = got
        assert status == 200 and disposition.startswith("attachment") and text.startswith("% PBN 2.1")
        [back] = read_sessions(text.encode("utf-8"), "pbn")
        assert back.record is not None and back.record.info.id == VINT
