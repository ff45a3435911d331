"""Every profile's sessions in a real headless Chromium: every page opens without a console
error, bridge replays lay the dummy face up after the opening lead (in a defender's view too),
and show the contract's doubling, the vulnerability and the board-by-board sheet."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

from bridge_records import DOUBLED, PART_SCORE, bridge_raw
from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

DATA = Path(__file__).resolve().parent / "data"
DEALS = [(DOUBLED, 52, None), (PART_SCORE, 20, 8), (["1C", "pass", "pass", "pass"], 0, 7)]
BRIDGE = ("bridge-rubber-bridge", "bridge-duplicate-bridge")


@pytest.fixture(scope="module")
def sessions(tmp_path_factory) -> dict[str, list[int]]:
    """Every record in tests/data and a played-out bridge session of each bridge profile: id -> deals."""
    folder = tmp_path_factory.mktemp("profiles")
    files = sorted(DATA.glob("*.json"))
    for rules in ("rubber-bridge", "duplicate-bridge"):
        path = folder / f"{rules}.json"
        path.write_text(json.dumps(bridge_raw(rules, DEALS), ensure_ascii=False), encoding="utf-8")
        files.append(path)
    out = {}
    for path in files:
        raw = json.loads(path.read_text(encoding="utf-8"))
        out[raw["session"]["id"]] = [d["number"] for d in raw["deals"]]
    from vint_replay.store import Store

    summary = Store(folder / "store").import_paths([str(p) for p in files], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    assert {json.loads(p.read_text(encoding="utf-8"))["session"]["rules"] for p in files} == {
        "volchaninov", "classic", "rubber-bridge", "duplicate-bridge"}
    out["_store"] = folder / "store"  # type: ignore[assignment]
    return out


@pytest.fixture(scope="module")
def browser_at(sessions):
    with dashboard_in_chromium(sessions["_store"]) as (driver, base):
        yield driver, base



def test_every_page_opens_for_every_profile(browser_at, page, sessions):
    browser, _ = browser_at
    page("/")
    wait_for(lambda: all(sid in text_of(browser, "body") for sid in sessions if sid != "_store"))
    for sid, deals in sessions.items():
        if sid == "_store":
            continue
        page(f"/session/{quote(sid, safe='')}")
        wait_for(lambda: css(browser, "#totals-chart .main-svg") and css(browser, "#deal-table"))
        assert "Cannot be scored" not in text_of(browser, "body")
        for number in (deals[0], deals[-1]):
            page(f"/replay/{quote(sid, safe='')}/{number}")
            wait_for(lambda: text_of(browser, "#step-label"))
            assert "No such deal" not in text_of(browser, "body")
    page("/analysis")
    wait_for(lambda: css(browser, "#contracts-chart .main-svg"), timeout=20)


def test_a_defender_sees_the_dummy_after_the_opening_lead(browser_at, page):
    from selenium.webdriver.common.keys import Keys

    browser, _ = browser_at
    page("/replay/bridge-rubber-bridge/1?view=E")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 · trick 1"))
    assert "3♣ X by North" in text_of(browser, "#contract-line")
    assert text_of(browser, "#vulnerability") == "N–S not vulnerable, E–W not vulnerable"
    assert text_of(browser, "#dummy-line") == "N plays dummy S"
    assert "dummy · played by N" in text_of(browser, "#hand-S .hand-head")
    # before the lead East sees his own hand only
    assert "closed" in css(browser, "#hand-S")[0].get_attribute("class")
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT)  # E leads ♥K: the dummy goes down
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 1 · trick 1"))
    wait_for(lambda: "closed" not in css(browser, "#hand-S")[0].get_attribute("class"))
    assert len(css(browser, "#hand-S .hand-open .rank")) == 13
    for seat in "NW":  # the declarer's and the partner's hands stay out of the page
        assert css(browser, f"#hand-{seat} .rank") == [] and "closed" in css(browser, f"#hand-{seat}")[0].get_attribute("class")
    css(browser, "body")[0].send_keys(Keys.HOME)
    wait_for(lambda: "closed" in css(browser, "#hand-S")[0].get_attribute("class"))


def test_the_declarer_sees_the_dummy_once_it_is_spread(browser_at, page):
    """rubber-bridge.md §3: the dummy is spread after the opening lead, for the declarer too."""
    from selenium.webdriver.common.keys import Keys

    browser, _ = browser_at
    page("/replay/bridge-rubber-bridge/1?view=N")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 · trick 1"))
    assert "closed" in css(browser, "#hand-S")[0].get_attribute("class")
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: "closed" not in css(browser, "#hand-S")[0].get_attribute("class"))
    assert all("closed" in css(browser, f"#hand-{s}")[0].get_attribute("class") for s in "EW")


def test_duplicate_sessions_show_board_by_board_scores(browser_at, page):
    browser, _ = browser_at
    page("/session/bridge-duplicate-bridge")
    wait_for(lambda: css(browser, "#board-table"))
    # 3♣ X one down not vulnerable: 100 to E–W; 2♣ made: 40 + 50; 1♣ made: 20 + 50
    rows = [text_of(browser, f"#board-{n}") for n in (1, 2, 3)]
    assert rows[0].split()[-2:] == ["+100", "-100"] and rows[1].split()[-2:] == ["+90", "-10"]
    assert rows[2].split()[-2:] == ["+70", "+60"]
    assert css(browser, ".the-line") == [] and css(browser, "#below-chart") == []
    page("/replay/bridge-duplicate-bridge/2")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 20"))
    assert text_of(browser, "#vulnerability") == "N–S vulnerable, E–W not vulnerable"  # board 2 of the rotation
    assert css(browser, "#below-NS") == [] and "N plays dummy S" in text_of(browser, "#replay-status")


def test_a_claim_is_counted_at_the_end_of_the_play(browser_at, page):
    from selenium.webdriver.common.keys import Keys

    browser, _ = browser_at
    page("/replay/bridge-rubber-bridge/2")  # 2♣ by N: five tricks played (N–S 3, E–W 2), then 8 claimed
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 20"))
    body = css(browser, "body")[0]
    body.send_keys(Keys.ARROW_RIGHT * 19)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 19 of 20"))
    assert (text_of(browser, "#tricks-NS"), text_of(browser, "#tricks-EW")) == ("2", "2")
    assert css(browser, "#claim-line") == []
    body.send_keys(Keys.END)
    wait_for(lambda: text_of(browser, "#claim-line") == "the rest claimed: declarer N–S took 8")
    assert (text_of(browser, "#tricks-NS"), text_of(browser, "#tricks-EW")) == ("8", "5")
    assert text_of(browser, "#below-NS") == "40 / 100"  # the ledger's figure with the claimed tricks
