"""Two-, three- and five-player evenings in a real headless Chromium: the session pages show
the method's columns named by their players, a two-card-trick replay steps with the keys and
the slider, dead piles stay face down, and 3.1's dummy is turned up after the first trick."""
from __future__ import annotations

from urllib.parse import quote

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import dashboard_in_chromium
from vint235_store import AUCTION, FIVE, THREE, TWO, table_store
from test_dashboard_browser import css, text_of, wait_for
from vint_replay.engine.session import SessionReport
from vint_replay.games.vint235.columns import ColumnScore

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return table_store(tmp_path_factory.mktemp("tables"))


@pytest.fixture(scope="module")
def browser_at(store):
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base



def report_of(store, session_id: str) -> SessionReport:
    from vint_replay.engine.session import evaluate

    return evaluate(store.load_session(session_id))


def heads(browser, rubber: int) -> list[str]:
    return [e.text for e in css(browser, f"#rubber-{rubber}-columns .sheet-head")]


def test_a_two_player_evening_names_its_columns(browser_at, page):
    browser, _ = browser_at
    page(f"/session/{quote(TWO)}")
    wait_for(lambda: heads(browser, 1) == ["Иванов", "Петров"])
    assert "Settlement: Иванов" in text_of(browser, "#rubber-1-settlement")
    wait_for(lambda: css(browser, "#balance-chart .main-svg"))


def test_the_auction_game_shows_three_columns(browser_at, page, store):
    browser, _ = browser_at
    score = report_of(store, AUCTION).score
    assert isinstance(score, ColumnScore)
    page(f"/session/{quote(AUCTION)}")
    wait_for(lambda: heads(browser, 1) == list(score.players))
    totals = [e.text for e in css(browser, "#rubber-1-totals .sheet-total")]
    assert totals == [str(score.rubbers[0].totals[p]) for p in score.players]
    assert len({e.location["x"] for e in css(browser, "#rubber-1-columns .sheet-head")}) == 3  # side by side


def test_five_players_show_the_player_out_and_the_ledger(browser_at, page, store):
    browser, _ = browser_at
    score = report_of(store, FIVE).score
    page(f"/session/{quote(FIVE)}")
    title = lambda: css(browser, "#rubber-1-title")[0].get_attribute("textContent")  # noqa: E731 (shown in capitals)
    wait_for(lambda: title().endswith(f"{score.out[0]} sits out"))
    assert text_of(browser, "#ledger").startswith("Ledger in hundreds:")
    page("/")
    wait_for(lambda: any(FIVE in r.text and "5 players" in r.text for r in css(browser, "#sessions tr")))


def test_a_two_card_trick_replay_steps_with_keys_and_slider(browser_at, page, store):
    browser, _ = browser_at
    report = report_of(store, "sim-vint2-exchange")
    deal = next(r for r in report.replays if len(r.tricks) == 13)
    page(f"/replay/sim-vint2-exchange/{deal.deal.number}")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 26"))
    assert "closed" in css(browser, "#hand-E")[0].get_attribute("class")
    assert "dead" in css(browser, "#hand-W")[0].get_attribute("class")
    body = css(browser, "body")[0]
    body.send_keys(Keys.ARROW_RIGHT * 3)
    wait_for(lambda: text_of(browser, "#step-label") == "card 3 of 26 · trick 2")
    assert len(css(browser, "#trick .slot")) == 1
    body.send_keys(Keys.SHIFT + Keys.ARROW_RIGHT)  # to the end of trick 2
    wait_for(lambda: text_of(browser, "#step-label") == "card 4 of 26 · trick 2")
    assert len(css(browser, "#trick .slot")) == 2
    won = [int(text_of(browser, "#tricks-NS")), int(text_of(browser, "#tricks-EW"))]
    assert sum(won) == 2
    body.send_keys(Keys.END)
    wait_for(lambda: text_of(browser, "#step-label") == "card 26 of 26 · play finished")
    assert (int(text_of(browser, "#tricks-NS")), int(text_of(browser, "#tricks-EW"))) == deal.tricks_won
    mark = next(m for m in css(browser, "#replay-slider .dash-slider-mark") if m.text == "7")
    ActionChains(browser).move_to_element(mark).click().perform()  # the marks are tricks: trick 7 ends at card 14
    wait_for(lambda: text_of(browser, "#step-label") == "card 14 of 26 · trick 7")
    assert len(css(browser, "#trick .slot")) == 2


def test_the_dummy_of_3_1_is_turned_up_after_the_first_trick(browser_at, page, store):
    browser, _ = browser_at
    report = report_of(store, THREE)
    deal = next(r for r in report.replays if len(r.tricks) == 13)
    dummy = next(s for s in range(4) if deal.roles[s].dummy)
    partner = next(s for s in range(4) if deal.roles[s].live and deal.roles[s].player != deal.roles[dummy].player)
    seats = "NESW"
    page(f"/replay/{THREE}/{deal.deal.number}?view={seats[partner]}")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 · trick 1"))
    assert "closed" in css(browser, f"#hand-{seats[dummy]}")[0].get_attribute("class")
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT * 4)
    wait_for(lambda: "closed" not in css(browser, f"#hand-{seats[dummy]}")[0].get_attribute("class"))
    others = [s for s in range(4) if s not in (partner, dummy)]
    assert all("closed" in css(browser, f"#hand-{seats[s]}")[0].get_attribute("class") for s in others)
