"""Solo whist in a real headless Chromium: the sample evening's session page shows every
player's balance and the planted payment mistake in the audit's words; the sessions list and
/analysis treat solo evenings as such; the replay of an open misère steps with the keys, lays
the declarer's hand face up after trick 1 (in a seat's view too) and ends with the outcome,
which a seat's view tells only there (its payments card stays hidden)."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.games.solo.contracts import SoloCall, points_text
from vint_replay.formats import read_file
from vint_replay.games.solo.audit import audit_payments

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

ROOT = Path(__file__).resolve().parent.parent
FOUR = ROOT / "sample_data" / "solo" / "arbat-solo-2026-11-24.json"
FIVE = ROOT / "sample_data" / "solo" / "arbat-solo-2026-12-01.json"
VINT = ROOT / "sample_data" / "arbat-2026-11-03-t1.json"


@pytest.fixture(scope="module")
def browser_at(tmp_path_factory):
    from vint_replay.store import Store

    store = Store(tmp_path_factory.mktemp("solo-browser") / "store")
    assert not store.import_paths([str(FOUR), str(FIVE), str(VINT)], workers=1).rejected
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base



def test_session_page_shows_balances_and_the_planted_mistake(browser_at, page):
    driver, _ = browser_at
    report = evaluate(read_file(str(FOUR)).record)
    audit = audit_payments(report.record, report.score)
    page(f"/session/{FOUR.stem}")
    wait_for(lambda: css(driver, "#payment-sheet"))
    shown = [text_of(driver, f"#balance-{i}") for i in range(len(report.score.players))]
    assert shown == [points_text(b) for b in report.score.balances]
    assert text_of(driver, "#audit-status") == audit.tally.text == "1 deal with a mismatch (1 entry)"
    (mistake,) = audit.mismatches
    assert text_of(driver, f"#explain-{mistake.deal}") == mistake.explanation
    row = text_of(driver, f"#deal-{mistake.deal}")
    assert f"{points_text(mistake.computed)} written {points_text(mistake.recorded)}" in row
    assert len(css(driver, "#payment-sheet .bad-cell")) == 1
    wait_for(lambda: css(driver, "#balances-chart .main-svg"))


def test_sessions_list_and_analysis_know_solo_evenings(browser_at, page):
    driver, _ = browser_at
    page("/")
    rows = wait_for(lambda: {r.find_elements("css selector", "a")[0].text: r.text for r in css(driver, "tr.session-row")}
                    if len(css(driver, "tr.session-row")) == 3 else None)
    assert "Дмитрий" in rows[FIVE.stem] and "balances" in rows[FIVE.stem]
    assert "1 deal with a mismatch (1 entry)" in rows[FOUR.stem]
    page("/analysis")
    note = wait_for(lambda: text_of(driver, "#analysis-solo-note"))
    assert note.startswith("Not counted here: 2 sessions (20 deals) of solo whist. Solo whist settles")
    page(f"/session/{FOUR.stem}?rules=volchaninov")
    assert "cannot be rescored" in wait_for(lambda: text_of(driver, "#rescore-refused"))


def test_replay_of_an_open_misere_steps_to_its_early_stop(browser_at, page):
    from selenium.webdriver.common.keys import Keys

    driver, _ = browser_at
    report = evaluate(read_file(str(FOUR)).record)
    replay = report.replays[0]
    assert replay.contract is SoloCall.OPEN_MISERE
    n = 4 * len(replay.tricks)
    declarer = replay.declarer.name
    watcher = next(s.name for s in Seat if s is not replay.declarer)
    page(f"/replay/{FOUR.stem}/1?view={watcher}")
    wait_for(lambda: text_of(driver, "#step-label").startswith("card 0 · trick 1"))
    hand = css(driver, f"#hand-{declarer}")[0]
    assert "closed" in hand.get_attribute("class")  # before trick 1 the declarer's hand is his own
    body = css(driver, "body")[0]
    body.send_keys(Keys.ARROW_RIGHT * 3)
    wait_for(lambda: text_of(driver, "#step-label").startswith("card 3 · trick 1"))
    assert "face-up" not in css(driver, f"#hand-{declarer}")[0].get_attribute("class")
    body.send_keys(Keys.ARROW_RIGHT)  # trick 1 complete: the hand goes face up
    wait_for(lambda: "face-up" in css(driver, f"#hand-{declarer}")[0].get_attribute("class"))
    hand = css(driver, f"#hand-{declarer}")[0]
    assert "closed" not in hand.get_attribute("class") and "face up" in hand.text
    assert text_of(driver, "#note-1").endswith("face up since trick 1 (open misère)")
    first = replay.tricks[0]
    ours = int(first.winner is replay.declarer)
    # the first column is the declaring side's, the second the opponents'
    assert (text_of(driver, "#tricks-NS"), text_of(driver, "#tricks-EW")) == (str(ours), str(1 - ours))
    body.send_keys(Keys.END)
    wait_for(lambda: text_of(driver, "#step-label") == f"card {n} of {n} · the play stops after trick {n // 4}")
    assert text_of(driver, "#outcome") == "Open misère made (after trick 7, the rest claimed)"
    assert text_of(driver, "#tricks-NS") == "0"
    assert css(driver, "#payments-hidden") and not css(driver, "#deal-payments")  # the outcome is not told ahead
    body.send_keys(Keys.HOME)
    wait_for(lambda: "closed" in css(driver, f"#hand-{declarer}")[0].get_attribute("class"))
    page(f"/replay/{FOUR.stem}/1")  # all hands: the deal's payments beside the table
    scored = report.score.deals[0]
    rows = wait_for(lambda: [r.text for r in css(driver, "#deal-payments tbody tr")] or None)
    assert rows == [f"{s.name} {replay.players[s]} {points_text(scored.payments[s])} "
                    f"{points_text(scored.balances[report.score.players.index(replay.players[s])])}"
                    for s in Seat]


def test_replay_marks_the_turn_up_and_shows_who_sits_out(browser_at, page):
    driver, _ = browser_at
    report = evaluate(read_file(str(FIVE)).record)
    replay = report.replays[0]
    page(f"/replay/{FIVE.stem}/1")
    marked = wait_for(lambda: css(driver, f"#hand-{replay.deal.dealer.name} .rank.marked"))
    turn_up = replay.solo.turn_up
    assert marked[0].text == turn_up.pretty[1:] and marked[0].get_attribute("title") == "the turn-up card"
    assert f"{replay.solo.sits_out} deals and sits out" in text_of(driver, "#dealing-line")
    assert f"turn-up ({replay.solo.sits_out} deals and sits out)" in text_of(driver, f"#hand-{replay.deal.dealer.name}")
