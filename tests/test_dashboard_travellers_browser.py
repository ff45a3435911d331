"""A stored pairs session's travellers and standings on its page, in a real headless Chromium
(dashboards/traveller_view.py, docs/dashboard.md): each board's traveller folded under a line that
says whether it agrees, the file's rows with the recomputed matchpoints beside them and the rows
``audit`` finds different marked, the pairs ranked with their listed totals; readable at 1,400 px
and at 500 px (the overflow check of test_dashboard_fit_browser.py, every traveller opened; neither
card's table scrolls inside it)."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for
from test_dashboard_fit_browser import DESKTOP, OVERFLOW_JS, overflow

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

PAIRS = Path(__file__).resolve().parent / "data" / "pbn" / "pairs-travellers.pbn"
SESSION = "club-pairs-2026-11-03"
PHONE = 500


@pytest.fixture(scope="module")
def browser_at(tmp_path_factory):
    from vint_replay.store import Store

    store = Store(tmp_path_factory.mktemp("travellers") / "store")
    assert store.import_paths([str(PAIRS)], workers=1).imported
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base


def test_a_board_s_traveller_opens_with_its_differing_row_marked(browser_at, page):
    browser, _ = browser_at
    page(f"/session/{SESSION}")
    summary = wait_for(lambda: text_of(browser, "#travellers-summary"))
    assert summary.startswith("2 boards' travellers") and summary.endswith("1 board differs.")
    folds = css(browser, "#travellers-card details")
    assert [f.get_attribute("id") for f in folds] == ["board-1-traveller", "board-2-traveller"]
    assert [f.find_element("css selector", "summary").text for f in folds] == [
        "Board 1: 4 tables, as recorded", "Board 2: 4 tables, 1 differs"]
    assert not css(browser, "#traveller-2-row-1")[0].is_displayed()  # folded until opened
    folds[1].find_element("css selector", "summary").click()
    row = wait_for(lambda: [r for r in css(browser, "#traveller-2-row-1") if r.is_displayed()])[0]
    cells = [c.text for c in row.find_elements("css selector", "td")]
    # the file: pairs 2 and 7, 2H by E making 9, E–W +140, N–S 4 MP (0.00 %); recomputed: N–S 0 of 6
    assert cells == ["2", "7", "2H", "E", "9", "-140", "4 (0)", "0.00"]
    assert "problem-row" in row.get_attribute("class")
    mp = row.find_elements("css selector", "td")[6]
    assert "bad-cell" in mp.get_attribute("class") and "recomputed NS 0 of 6" in mp.get_attribute("title")
    fine = css(browser, "#traveller-2-row-0")[0]
    assert [c.text for c in fine.find_elements("css selector", "td")][5:] == ["-110", "3", "50.00"]
    assert "problem-row" not in (fine.get_attribute("class") or "")


def test_the_pairs_standings_set_the_listed_totals_beside_the_boards(browser_at, page):
    browser, _ = browser_at
    page(f"/session/{SESSION}")
    wait_for(lambda: css(browser, "#standings-table"))
    first = [c.text for c in css(browser, "#standings-table tbody tr")[0].find_elements("css selector", "td")]
    assert first == ["1", "7", "Gordeev - Fomina", "2", "12.0", "100.00", "12", "100.00"]
    listed_wrong = css(browser, "#standing-2")[0]  # listed 6 MP, 50 %; its boards give 5, 41.67 %
    assert "problem-row" in listed_wrong.get_attribute("class")
    assert [c.text for c in listed_wrong.find_elements("css selector", "td")][3:] == ["2", "5.0", "41.67", "6", "50.00"]
    assert "problem-row" not in (css(browser, "#standing-1")[0].get_attribute("class") or "")


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_travellers_fit_a_desktop_and_a_narrow_window(browser_at, page, width):
    browser, _ = browser_at
    try:
        assert not overflow(browser, page, f"/session/{SESSION}", "#travellers-card", width)
        browser.execute_script("document.querySelectorAll('#travellers-card details').forEach(d => d.open = true)")
        wait_for(lambda: css(browser, "#traveller-2-row-3") and css(browser, "#traveller-2-row-3")[0].is_displayed())
        assert browser.execute_script(OVERFLOW_JS, width == DESKTOP) == []
        inner = "const c = document.getElementById(arguments[0]); return c.scrollWidth - c.clientWidth;"
        assert [browser.execute_script(inner, card) for card in ("standings-card", "travellers-card")] == [0, 0]
    finally:
        browser.set_window_size(DESKTOP, 1000)
