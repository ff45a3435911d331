"""The correction history in a real headless Chromium: the session page's History section
lists the versions and links to ``/history/<id>``, which shows the sample correction's changes
deal by deal and the engine's score of each version."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import dashboard_in_chromium
from dashboards.live import console_errors
from test_dashboard_browser import css, text_of, wait_for

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
CORRECTED, PLAIN = "arbat-2026-11-03-t2", "arbat-2026-11-03-t1"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from vint_replay.store import Store
    from vint_replay.store.corrections import apply_corrections

    store = Store(tmp_path_factory.mktemp("history") / "store")
    assert store.import_paths([str(SAMPLES / f"{CORRECTED}.json"), str(SAMPLES / f"{PLAIN}.json")], workers=1).imported
    assert "stored as the next version" in apply_corrections(store, SAMPLES / "corrections")[0]
    return store


@pytest.fixture(scope="module")
def browser_at(store):
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base


def test_session_page_lists_the_versions_and_the_history_page_shows_the_changes(browser_at, store):
    from vint_replay.engine.seats import Side
    from vint_replay.reports.history import compare

    driver, base = browser_at
    driver.get(f"{base}/session/{CORRECTED}")
    rows = wait_for(lambda: css(driver, "#history-card #versions-table tbody tr"))
    versions = store.versions(CORRECTED)
    assert [r.text.split()[0] for r in rows] == ["v1", "v2"]
    assert versions[1].author in rows[1].text and versions[1].reason in rows[1].text
    css(driver, "#history-link")[0].click()
    changed = wait_for(lambda: css(driver, "#changes-table tbody tr"))
    diff = compare(versions[0].record, versions[1].record)
    assert [r.get_attribute("id") for r in changed] == [f"change-{d.number}" for d in diff.deals] == ["change-3"]
    assert "card 29 (trick 8): ♦A → ♦8" in changed[0].text
    ns, ew = (c.figures for c in diff.totals_after.columns)
    assert text_of(driver, "#totals-after").startswith(f"{Side.NS.label} {ns}, {Side.EW.label} {ew}")
    assert console_errors(driver) == []


def test_a_never_corrected_session_says_so(browser_at):
    driver, base = browser_at
    driver.get(f"{base}/session/{PLAIN}")
    wait_for(lambda: css(driver, "#history-card"))
    assert "never corrected" in text_of(driver, "#history-card")
    driver.get(f"{base}/history/{PLAIN}")
    assert "never corrected" in wait_for(lambda: text_of(driver, "#history-single"))
    driver.get(f"{base}/history/no-such-session")
    assert "No such session" in wait_for(lambda: text_of(driver, "h2"))
    assert console_errors(driver) == []
