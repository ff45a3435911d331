"""A deal under the laws in a real headless Chromium (docs/rules/laws.md §8.4, §9): the revoking
card marked in its trick, the penalty in the score panel at the end of the play, the deal's
irregularities listed, and each player's result on the session page."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for
from vint_replay.games.laws.settlement import settlement
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

ROOT = Path(__file__).resolve().parent.parent
CLAIMED = ROOT / "tests" / "data" / "laws" / "revoke_10_2.json"  # deal 2: S's claimed revoke at trick 7 (§10.2)
SESSION = "laws-10-2"
EVENING = ROOT / "sample_data" / "laws" / "arbat-2027-01-12-laws-t1.json"  # the classic evening under the laws


@pytest.fixture(scope="module")
def browser_at(tmp_path_factory):
    from vint_replay.store import Store

    store = tmp_path_factory.mktemp("laws") / "store"
    summary = Store(store).import_paths([str(CLAIMED), str(EVENING)], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    with dashboard_in_chromium(store) as (driver, base):
        yield driver, base



def test_the_revoke_is_marked_in_its_trick_and_the_penalty_shown_at_the_end(browser_at, page):
    from selenium.webdriver.common.keys import Keys

    browser, _ = browser_at
    page(f"/replay/{SESSION}/2")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    assert "revoke by S: ♦7" in text_of(browser, "#irregularities")
    body = css(browser, "body")[0]
    body.send_keys(Keys.ARROW_DOWN * 6)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 24 of 52"))
    assert css(browser, "#trick .slot.irregular") == []
    body.send_keys(Keys.ARROW_DOWN)  # trick 7: S's ♦7 on a heart
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 28 of 52"))
    (slot,) = css(browser, "#trick .slot.irregular")
    assert "slot-S" in slot.get_attribute("class") and "7♦" in slot.text and "revoke" in slot.text
    assert "claimed, penalised" in text_of(browser, "#replay-status")
    assert css(browser, "#penalty-panel") == []  # the penalty is applied after the play
    body.send_keys(Keys.END)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 52 of 52"))
    assert (text_of(browser, "#tricks-NS"), text_of(browser, "#tricks-EW")) == ("10", "3")  # as played
    assert text_of(browser, "#penalty-counts") == "N–S 10 → 7, E–W 3 → 6"
    assert "the 20 beyond go above the line" in text_of(browser, "#penalty-panel")  # the cap (§8.4.4)
    assert "contract failed by 2" in text_of(browser, "#replay-status")
    assert text_of(browser, "#below-NS") == "490 / 500"
    body.send_keys(Keys.HOME)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    assert css(browser, "#penalty-panel") == []


def test_the_session_page_shows_each_players_result(browser_at, page):
    browser, _ = browser_at
    score = evaluate(read_file(CLAIMED).record).score
    results = settlement(score)
    page(f"/session/{SESSION}")
    wait_for(lambda: css(browser, "#players-card"))
    assert [text_of(browser, f"#player-{seat}") for seat in "NESW"] == [f"{r:+d}" for r in results]
    assert "bad-cell" in css(browser, "#player-S")[0].get_attribute("class")


def test_the_sample_evenings_revoke_and_irregular_call_are_marked(browser_at, page):
    """sample_data/laws/: deal 1, N's claimed revoke at trick 7 (4–9 played, 1–12 scored); deal 4,
    S's 1♦ over 1♦ read as 2♦ (laws.md §4.4), marked in the auction."""
    from selenium.webdriver.common.keys import Keys

    browser, _ = browser_at
    page(f"/replay/{EVENING.stem}/1")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    body = css(browser, "body")[0]
    body.send_keys(Keys.ARROW_DOWN * 7)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 28 of 52"))
    (slot,) = css(browser, "#trick .slot.irregular")
    assert "slot-N" in slot.get_attribute("class") and "3♠" in slot.text
    body.send_keys(Keys.END)
    wait_for(lambda: text_of(browser, "#penalty-counts") == "N–S 4 → 1, E–W 9 → 12")
    page(f"/replay/{EVENING.stem}/4")
    wait_for(lambda: css(browser, "#call-3"))
    cell = css(browser, "#call-3")[0]
    assert "irregular" in cell.get_attribute("class") and "read as 2♦" in cell.get_attribute("title")
    assert "insufficient_bid" not in text_of(browser, "#irregularities") and "read as 2♦" in text_of(browser, "#irregularities")
