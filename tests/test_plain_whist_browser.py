"""Plain whist, the game that lives only in the tests (issue 20 item 5), on the dashboard in a
real headless Chromium: its session page keeps the referee's scoresheet and its replay page plays
the deal out as the command line does, though no file of ``vint_replay/`` or ``dashboards/``
names it."""
from __future__ import annotations

import pytest

from conftest import require_chromium
from dashboards.live import console_errors, headless_chromium, serving
from plain_whist import plain_whist
from plain_whist.records import evening
from test_dashboard_browser import css, text_of, wait_for
from test_plain_whist import DEALS, SEED, sheet

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A store of one plain-whist evening, served, and the referee's deals."""
    import json

    from dashboards.app import create_app
    from vint_replay.store import Store

    require_chromium()
    folder = tmp_path_factory.mktemp("whist")
    doc, dealt = evening(DEALS, SEED)
    (folder / "whist.json").write_text(json.dumps(doc), encoding="utf-8")
    with plain_whist():
        summary = Store(folder / "store").import_paths([str(folder / "whist.json")], workers=1)
        assert not summary.rejected, [o.diagnostics for o in summary.rejected]
        with serving(create_app(folder / "store")) as base, headless_chromium() as driver:
            yield base, driver, dealt


def test_replay_page_plays_the_deal_out(served):
    """plain_whist §3: the dealer's left leads, thirteen tricks; the counts at the end are the referee's."""
    from selenium.webdriver.common.keys import Keys

    base, browser, dealt = served
    browser.get(base + "/replay/whist-1/2")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    css(browser, "body")[0].send_keys(Keys.END)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 52 of 52"))
    tricks = dealt[1].tricks
    assert (text_of(browser, "#tricks-NS"), text_of(browser, "#tricks-EW")) == (str(tricks[0]), str(tricks[1]))
    assert console_errors(browser) == []


def test_session_page_keeps_the_referees_sheet(served):
    """plain_whist §4–§5: the totals of every rubber, a point a trick over six, as the referee
    counts them; the page names no contract the game does not have."""
    base, browser, dealt = served
    browser.get(base + "/session/whist-1")
    totals, _ = sheet(dealt)
    wait_for(lambda: text_of(browser, "#total-NS") == str(totals[0]))
    assert text_of(browser, "#total-EW") == str(totals[1])
    assert "None" not in text_of(browser, "main")
    assert console_errors(browser) == []
