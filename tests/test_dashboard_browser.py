"""The dashboard in a real headless Chromium: pages load over a store of the sample sessions,
the replay steps with the keyboard, the upload reports a broken file.

One server and one browser serve the whole module (a few seconds in all). Without Chromium
the tests are skipped locally, but fail when ``CI`` is set: CI must run them.
"""
from __future__ import annotations

import csv
import json
import time
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import require_chromium
from dashboards.live import console_errors, headless_chromium, serving
from vint_replay.reports.diagnostic_labels import LABELS

if find_spec("endplay"):
    from test_dashboard_dd import ACE, analyse_sessions, write_ace_lead

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
WORKED = ROOT / "tests" / "data" / "worked_example.json"
HOSTILE = '<b>Bold</b><img src=x onerror="document.title=1">'
HOSTILE_ID = "вечер & <b>1</b>?"


@pytest.fixture(scope="module")
def store_path(tmp_path_factory):
    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("store")
    path = folder / "vint-store"
    hostile = json.loads(WORKED.read_text(encoding="utf-8"))
    hostile["session"]["id"] = HOSTILE_ID
    hostile["session"]["players"]["N"] = HOSTILE
    (folder / "hostile.json").write_text(json.dumps(hostile, ensure_ascii=False), encoding="utf-8")
    files = [str(p) for p in sorted(SAMPLES.glob("arbat-*.json"))] + [str(WORKED), str(folder / "hostile.json")]
    if find_spec("endplay"):
        files.append(str(write_ace_lead(folder)))
    summary = Store(path).import_paths(files, workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    if find_spec("endplay"):  # two deals analysed double dummy (~1 s), the rest left without
        analyse_sessions(Store(path), [ACE, "rules-6-worked-example"])
    return path


@pytest.fixture(scope="module")
def url(store_path):
    from dashboards.app import create_app

    with serving(create_app(store_path)) as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    with headless_chromium() as driver:
        yield driver


@pytest.fixture
def page(browser, url):
    """The browser, with a check after each test that the page logged no JavaScript error."""
    browser.get_log("browser")
    yield lambda path: browser.get(url + path)
    assert console_errors(browser) == []


def wait_for(find, timeout: float = 10.0):
    """Poll ``find()`` until it returns something truthy (a Selenium lookup that may raise)."""
    end = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < end:
        try:
            found = find()
            if found:
                return found
        except Exception as err:  # element not there yet / stale while React re-renders
            last = err
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting ({last!r})")


def css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def text_of(driver, selector: str) -> str:
    found = css(driver, selector)
    return found[0].text if found else ""


def slam_bids() -> list[tuple[str, int, str]]:
    """(session, deal, declarer's name) of every final bid at level 6 or 7 in the sample
    files, read straight from the JSON: the last bid of the auction and who made it."""
    seats = "NESW"
    found = []
    for path in sorted(SAMPLES.glob("arbat-*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        for deal in record["deals"]:
            bids = [(i, c) for i, c in enumerate(deal["auction"]) if c.lower() not in ("pass", "p")]
            if bids and int(bids[-1][1][0]) >= 6:
                seat = seats[(seats.index(deal["dealer"]) + bids[-1][0]) % 4]
                found.append((record["session"]["id"], deal["number"], record["session"]["players"][seat]))
    return found


def test_sessions_page_and_session_page_say_the_same_audit_tally(browser, page):
    """The tally of each sample session on / is the planted list's (deals, entries), and the
    session page shows the very same words."""
    page("/")
    ids = {p.stem for p in SAMPLES.glob("arbat-*.json")}
    links = wait_for(lambda: len(css(browser, "#sessions a")) >= len(ids) + 1 and css(browser, "#sessions a"))
    assert ids <= {a.text for a in links}
    with open(SAMPLES / "planted_mistakes.csv", newline="", encoding="utf-8") as planted:
        rows = list(csv.DictReader(planted))
    shown = {}
    for row in css(browser, "tr.session-row"):
        session = row.find_elements("css selector", "a")[0].text
        shown[session] = row.find_elements("css selector", ".badge")[0].text
    for session in ids:
        mine = [r for r in rows if r["session"] == session]
        deals = len({r["deal"] for r in mine})
        expected = "no mismatches" if not mine else \
            f"{deals} deal{'s' if deals > 1 else ''} with {'a mismatch' if len(mine) == 1 else 'mismatches'} " \
            f"({len(mine)} entr{'y' if len(mine) == 1 else 'ies'})"
        assert shown[session] == expected, session
    assert shown["arbat-2026-11-03-t2"] == "2 deals with mismatches (3 entries)"
    page("/session/arbat-2026-11-03-t2")
    wait_for(lambda: text_of(browser, "#audit-status") == "2 deals with mismatches (3 entries)")


def test_names_are_shown_as_text_never_as_markup(browser, page):
    page(f"/replay/{quote(HOSTILE_ID, safe='')}/1")
    wait_for(lambda: HOSTILE in text_of(browser, "#hand-N"))
    for path in ("/", f"/session/{quote(HOSTILE_ID, safe='')}"):
        page(path)
        wait_for(lambda: HOSTILE in browser.find_element("css selector", "main").text)
        assert HOSTILE_ID in browser.find_element("css selector", "main").text
    assert css(browser, "main b, main img") == [] and browser.title != "1"


def test_scoresheet_shows_the_worked_example(browser, page):
    page("/session/rules-6-worked-example")
    # rules/volchaninov.md §6: N–S 208 + 780 + 780 = 1768, E–W 130 + 1500 = 1630, N–S lead by 138.
    wait_for(lambda: text_of(browser, "#total-NS") == "1768")
    assert text_of(browser, "#total-EW") == "1630"
    assert text_of(browser, "#difference") == "N–S by 138"
    assert text_of(browser, "#audit-status") == "no mismatches"
    wait_for(lambda: css(browser, "#below-chart .main-svg"))


def test_scoresheet_switches_to_another_profile(browser, page):
    """The profile switch rescores the evening: classic.md §11.1 — the same deal leaves E–W
    810 ahead (2340 / 3150) — and says so; back to the table's own rules, 1768 / 1630."""
    page("/session/rules-6-worked-example?rules=classic")
    wait_for(lambda: text_of(browser, "#total-NS") == "2340")
    assert text_of(browser, "#total-EW") == "3150"
    assert text_of(browser, "#difference") == "E–W by 810"
    assert "Rescored under the classic rules; the table played volchaninov" in text_of(browser, "#rules-note")
    assert text_of(browser, "#audit-status") == "rescored under classic: not audited"
    assert "paper" not in text_of(browser, ".deals-card")  # the paper was kept under the table's rules
    link = next(a for a in css(browser, "#rules-switch a") if "played" in a.text)
    link.click()
    wait_for(lambda: text_of(browser, "#total-NS") == "1768")
    assert not css(browser, "#rules-note")


def test_replay_steps_with_the_keyboard_to_the_end(browser, page):
    from selenium.webdriver.common.keys import Keys

    page("/replay/rules-6-worked-example/1")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    body = css(browser, "body")[0]
    body.send_keys(Keys.ARROW_RIGHT * 5)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 5 of 52"))
    body.send_keys(Keys.SHIFT + Keys.ARROW_RIGHT)  # to the end of trick 2
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 8 of 52"))
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 7 of 52"))
    body.send_keys(Keys.ARROW_DOWN * 13)  # a trick at a time, past the end
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 52 of 52"))
    # rules/volchaninov.md §6: N–S took 8 tricks, E–W 5.
    assert (text_of(browser, "#tricks-NS"), text_of(browser, "#tricks-EW")) == ("8", "5")
    assert text_of(browser, "#below-NS") == "208 / 500" and text_of(browser, "#below-EW") == "130 / 500"
    assert len(css(browser, ".rank.played")) == 52
    body.send_keys(Keys.HOME)
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    assert css(browser, ".rank.played") == []


def test_replay_shows_only_what_one_seat_saw(browser, page):
    from selenium.webdriver.common.keys import Keys

    page("/replay/rules-6-worked-example/1")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0"))
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT * 6)  # trick 1 and two cards of trick 2
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 6"))
    css(browser, "#view-S")[0].click()  # the view of S opens where the play stands
    wait_for(lambda: "view=S" in browser.current_url and css(browser, "#hand-N.closed"))
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 6"))
    assert "closed" not in css(browser, "#hand-S")[0].get_attribute("class")
    assert "active" in css(browser, "#view-S")[0].get_attribute("class")
    # Play HK HJ H5 HQ | S8 SA: E (left of declarer N) leads ♥K and wins, then leads ♠8, S plays
    # ♠A. So far N and W played one card each, E two; S sees the rest of their hands face down.
    for seat, played in (("N", 1), ("E", 2), ("W", 1)):
        assert len(css(browser, f"#hand-{seat} .back")) == 13 - played
        assert len(css(browser, f"#hand-{seat} .seen .pc")) == played
        assert css(browser, f"#hand-{seat} .rank") == []  # the other hands are not in the page at all
    assert len(css(browser, "#hand-S .hand-open .rank")) == 13
    # Nor how long the play is (issue 23): the slider reaches the cards seen, and grows as S steps on.
    assert " of " not in text_of(browser, "#step-label")
    assert css(browser, "#replay-slider [role=slider]")[0].get_attribute("aria-valuemax") == "6"
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: css(browser, "#replay-slider [role=slider]")[0].get_attribute("aria-valuemax") == "7")
    assert text_of(browser, "#step-label").startswith("card 7")
    # Whatever double dummy knows (the deal is analysed) is not shown to S either.
    assert css(browser, "#dd-table") == [] and css(browser, "#dd-tricks") == [] and css(browser, ".dd-lost") == []
    assert "could not know" in text_of(browser, "#dd-hidden")
    assert css(browser, "#replay-hide input[value='best']") == []
    css(browser, "#view-all")[0].click()
    wait_for(lambda: css(browser, "#dd-table") and not css(browser, ".hand.closed"))
    assert text_of(browser, "#step-label").startswith("card 7")


def test_replay_marks_the_costly_card_and_shows_the_dd_table(browser, page):
    """The ♥A lead of tests/test_dd.py: 1NT by West; any spade holds E–W to one trick, ♥A
    gives them twelve."""
    from selenium.webdriver.common.keys import Keys

    if not find_spec("endplay"):
        pytest.skip("the analysis extra (endplay) is not installed")
    page(f"/replay/{ACE}/1")
    wait_for(lambda: text_of(browser, "#step-label").startswith("card 0 of 52"))
    assert text_of(browser, "#dd-tricks") == "1"
    # South holds all the diamonds: 13 tricks in ♦; in NT West cashes 13 clubs first.
    assert (text_of(browser, "#dd-S-D"), text_of(browser, "#dd-S-NT")) == ("13", "0")
    assert css(browser, ".dd-lost") == [] and css(browser, ".dd-best") == []
    css(browser, "#replay-hide input[value='best']")[0].click()
    best = wait_for(lambda: css(browser, "#hand-N .dd-best"))
    assert len(best) == 12 and len(css(browser, "#hand-N .suit-row:nth-child(1) .dd-best")) == 12  # the spades
    css(browser, "body")[0].send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: text_of(browser, "#dd-tricks") == "12")
    lost = css(browser, ".rank.dd-lost")
    assert len(lost) == 1 and lost[0].get_attribute("data-cost") == "−11"
    assert css(browser, "#hand-N .suit-row:nth-child(2) .rank.dd-lost")[0].text == "A"  # ♥A
    assert text_of(browser, ".slot-N.dd-lost .dd-mark") == "−11"


def test_analysis_page_draws_its_charts(browser, page):
    page("/analysis")
    graphs = ("contracts-chart", "made-chart", "players-chart", "pairs-chart", "games-chart", "luck-chart")
    wait_for(lambda: all(css(browser, f"#{g} .main-svg") for g in graphs), timeout=20)
    slams = text_of(browser, "#slams")
    for session, deal, declarer in slam_bids():
        assert f"{session} {deal} " in slams and declarer in slams


def test_analysis_says_no_game_was_won_instead_of_an_empty_chart(browser, tmp_path):
    """Issue 24: a store whose deals won no game (the worked example: 3♣ made, 208 below the line)
    has nothing to plot per partnership: /analysis says so in a sentence where the games chart
    was drawn empty, and keeps its other charts."""
    from dashboards.app import create_app
    from vint_replay.store import Store

    assert not Store(tmp_path / "store").import_paths([str(WORKED)], workers=1).rejected
    with serving(create_app(tmp_path / "store")) as base:
        browser.get(base + "/analysis")
        graphs = ("contracts-chart", "made-chart", "players-chart", "pairs-chart", "luck-chart")
        wait_for(lambda: all(css(browser, f"#{g} .main-svg") for g in graphs), timeout=20)
        assert not css(browser, "#games-chart")
        assert text_of(browser, "#games-none") == "No game was won in these sessions: nothing to plot."
        assert "Games and rubbers won, per partnership" in css(browser, "#games-none")[0].find_element(
            "xpath", "..").text


def test_upload_of_a_broken_file_shows_diagnostics_and_stores_nothing(browser, page, store_path):
    from vint_replay.store import Store

    before = Store(store_path).session_ids()
    page("/")
    wait_for(lambda: css(browser, "#upload input[type=file]"))
    css(browser, "#upload input[type=file]")[0].send_keys(str(SAMPLES / "broken" / "broken-evening.json"))
    shown = wait_for(lambda: text_of(browser, "#upload-diagnostics"))
    for code in ("revoke", "insufficient_bid", "bad_card", "hand_size", "bad_call"):
        assert LABELS[code] in shown and ("_" not in code or code not in shown)  # words, not the code
    assert Store(store_path).session_ids() == before
