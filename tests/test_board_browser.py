"""The analysis board in a real headless Chromium (issue 21): a click on a legal card starts a
variation with each legal card's double-dummy value, "play on double dummy" finishes it and
shows its points beside the actual; the address bar follows the position and Back/Forward step
through what was viewed; a link with an impossible line opens the nearest position with a note;
an illegal click is refused with its rule; a seat's view offers single dummy; a game without
double dummy says so. The variation tree (assets/replay_board.js) is tested in the page too.

The deals: tests/test_dd.py's ace lead (1NT by W; N's ♥A lead gives E–W 12 tricks where a spade
holds them to 1) and tests/test_whatif.py's race (N–S take the game with ♦A at trick 12)."""
from __future__ import annotations

import dataclasses
from importlib.util import find_spec
from urllib.parse import parse_qs, urlparse

import pytest

from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning"),
              pytest.mark.skipif(not find_spec("endplay"), reason="the board needs endplay's DDS")]

RACE = "game-race"
SOLO = "arbat-solo-2026-11-24"


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A store of the two deals and a solo whist evening."""
    from pathlib import Path

    from test_dashboard_dd import write_ace_lead
    from test_whatif import race
    from vint_replay.formats.json_record import write_json
    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("board")
    record = race().record
    (folder / "race.json").write_text(write_json(dataclasses.replace(
        record, info=dataclasses.replace(record.info, id=RACE))), encoding="utf-8")
    solo = Path(__file__).resolve().parent.parent / "sample_data" / "solo" / f"{SOLO}.json"
    store = Store(folder / "store")
    summary = store.import_paths([str(write_ace_lead(folder)), str(folder / "race.json"), str(solo)], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    return store


@pytest.fixture(scope="module")
def browser_at(stored):
    with dashboard_in_chromium(stored.root) as (driver, base):
        yield driver, base


def query(driver) -> dict[str, list[str]]:
    return parse_qs(urlparse(driver.current_url).query)


def click_card(driver, card: int) -> None:
    """Click the card (suit × 13 + rank, rank 0 the two) in its hand on the table (again if the
    table was redrawn under the click: the actual play's redraw can land after a step)."""
    def click() -> bool:
        css(driver, f"#card-table [data-card='{card}']")[0].click()
        return True

    wait_for(click)


def values(driver) -> dict[str, str]:
    """The board's value list: card → its line's text (tricks and verdict)."""
    wait_for(lambda: css(driver, "#board-values li"))
    return {li.find_element("css selector", ".pc").text: li.text.split(" ", 1)[1] for li in css(driver, "#board-values li")}


def panel_once_valued(driver) -> str:
    """The board panel's text once its position's values are there (not "computing…": after
    Back, the list of the position left may stand a moment while the new one is computed)."""
    def settled() -> str:
        text = text_of(driver, "#board-panel")
        return text if css(driver, "#board-values li") and "computing" not in text else ""

    return wait_for(settled)


S7, HA, H2, SA, DA_ = 5, 25, 13, 12, 38  # ♠7 ♥A ♥2 ♠A ♦A


def test_a_click_starts_a_variation_with_its_values_and_its_points(browser_at, page, stored):
    """At the opening lead N's ♥A is worth 12 tricks to E–W, a spade 1 (test_dd.py, by hand:
    E's hearts run only if N gives him the lead). Clicking ♠7 starts a variation: the line shows
    it, the address bar has it, E is to play; finished double dummy, E–W take 1 trick instead of
    12 and the deal's entries and totals come from the engine's rescoring (one implementation
    with ``whatif``: the same lines as its terminal output)."""
    driver, _ = browser_at
    page("/replay/ace-lead/1")
    shown = values(driver)
    assert shown["♥A"] == "12 made +5"
    assert all(shown[f"♠{r}"] == "1 down 6" for r in ("K", "7", "2"))
    click_card(driver, S7)
    assert wait_for(lambda: "♠7" in text_of(driver, "#board-moves"))
    assert query(driver)["line"] == ["S7"] and query(driver)["card"] == ["0"]
    assert "East to play" in panel_once_valued(driver)
    css(driver, "#board-finish")[0].click()
    outcome = wait_for(lambda: text_of(driver, "#board-outcome"))
    assert outcome.splitlines()[0] == "the line is finished: N–S 12, E–W 1 (actual: N–S 1, E–W 12)"
    assert outcome.splitlines() == [" ".join(line.split()) for line in  # the page's text runs its columns' spaces together
                                    whatif_lines(stored, "ace-lead", 1, 0, query(driver)["line"][0].split(","))]
    assert len(query(driver)["line"][0].split(",")) == 52


def whatif_lines(store, session: str, number: int, at: int, cards: list[str]) -> list[str]:
    """What ``whatif`` prints for the finished line (reports/whatif.py's outcome lines)."""
    from vint_replay.analysis.board import open_line
    from vint_replay.engine.session import evaluate
    from vint_replay.reports.whatif import outcome_lines

    opened = open_line(evaluate(store.load_session(session)), number, at, cards)
    assert opened.note is None
    return outcome_lines(opened.variation.outcome(), opened.variation.report.profile.scoresheet)


def test_a_variation_that_takes_the_game_says_so_in_points(browser_at, page):
    """test_whatif.py's race: at trick 12 N's ♦A gives N–S 508 below before E–W reach 500, so
    the game changes hands (volchaninov.md §5): +500 game and +500 for 12 tricks to N–S."""
    driver, _ = browser_at
    page(f"/replay/{RACE}/3?card=44")
    assert values(driver)["♦A"] == "12 made +5"
    click_card(driver, DA_)
    wait_for(lambda: "♦A" in text_of(driver, "#board-moves"))
    css(driver, "#board-finish")[0].click()
    outcome = wait_for(lambda: text_of(driver, "#board-outcome"))
    assert "game: E–W (game) → N–S (game) (changes hands)" in outcome.splitlines()
    assert any(line.startswith("session N–S:") and "+" in line for line in outcome.splitlines())


def test_the_url_follows_the_position_and_back_and_forward_step_through_it(browser_at, page):
    """A copied link opens the variation it names; each new position is a history entry, and
    Back / Forward reopen them."""
    driver, _ = browser_at
    page("/replay/ace-lead/1?card=0&line=S7,SA")
    assert wait_for(lambda: text_of(driver, ".board-move.current")) == "♠A"
    page("/replay/ace-lead/1")
    values(driver)
    click_card(driver, S7)
    wait_for(lambda: query(driver).get("line") == ["S7"])
    click_card(driver, SA)  # E wins with ♠A
    wait_for(lambda: query(driver).get("line") == ["S7,SA"])
    assert wait_for(lambda: text_of(driver, ".board-move.current")) == "♠A"
    driver.back()
    wait_for(lambda: query(driver).get("line") == ["S7"])
    assert wait_for(lambda: text_of(driver, ".board-move.current") == "♠7")
    assert "East to play" in panel_once_valued(driver)
    driver.back()
    wait_for(lambda: "line" not in query(driver))
    assert wait_for(lambda: not css(driver, "#board-moves"))
    assert "North to play" in panel_once_valued(driver)
    driver.forward()
    driver.forward()
    wait_for(lambda: query(driver).get("line") == ["S7,SA"])
    assert wait_for(lambda: text_of(driver, ".board-move.current") == "♠A")


def test_a_link_with_an_impossible_line_opens_the_nearest_position_with_a_note(browser_at, page):
    """♥2 is E's card while N is to lead: the line stops before it, with the rule; a card past
    the play opens at its end; nothing fails (no 500, no console error)."""
    driver, _ = browser_at
    page("/replay/ace-lead/1?card=0&line=S7,ZZ")
    note = wait_for(lambda: text_of(driver, "#board-note"))
    assert "'ZZ', is no card" in note and text_of(driver, "#board-moves").endswith("♠7")
    page("/replay/ace-lead/1?card=0&line=H2")
    assert "not his turn: ♥2 is E's card; N is to play" in wait_for(lambda: text_of(driver, "#board-note"))
    assert not css(driver, "#board-moves")
    page("/replay/ace-lead/1?card=99")
    assert "there is no card 99 in the play (0–52)" in wait_for(lambda: text_of(driver, "#board-note"))


def test_an_illegal_click_is_refused_in_place_with_its_rule(browser_at, page):
    """After N's ♥A, E must follow with a heart (volchaninov.md §3); S's card is not his turn."""
    driver, _ = browser_at
    page("/replay/ace-lead/1?card=1")
    values(driver)
    click_card(driver, SA)
    refused = wait_for(lambda: text_of(driver, "#board-refused"))
    assert refused.startswith("Refused — must follow suit (revoke): E must follow ♥ with ♥K ♥Q")
    assert refused.endswith("not ♠A")
    click_card(driver, 13 * 2 + 12)  # S's ♦A
    assert "not his turn: ♦A is S's card; E is to play" in wait_for(lambda: text_of(driver, "#board-refused"))
    assert not css(driver, "#board-moves") and "line" not in query(driver)


def test_keys_walk_the_line_and_the_tree_keeps_its_variations(browser_at, page):
    """← and → walk the variation's line; a second variation at the same card is kept beside the
    first, promote puts it first, delete removes it, "actual play" returns to the branch point."""
    driver, _ = browser_at
    from selenium.webdriver.common.keys import Keys

    page("/replay/ace-lead/1?card=0&line=S7,SA")
    wait_for(lambda: "♠A" in text_of(driver, "#board-moves"))
    body = css(driver, "body")[0]
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(lambda: query(driver).get("line") == ["S7"])
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: query(driver).get("line") == ["S7,SA"])
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait_for(lambda: "line" not in query(driver))
    click_card(driver, S7 - 1)  # ♠6: a second variation at card 0
    wait_for(lambda: query(driver).get("line") == ["S6"])
    assert wait_for(lambda: text_of(driver, "#board-alternatives")) == "variations here: ♠7♠6"
    css(driver, "#board-promote")[0].click()
    assert wait_for(lambda: text_of(driver, "#board-alternatives") == "variations here: ♠6♠7")
    css(driver, "#board-delete")[0].click()
    wait_for(lambda: "line" not in query(driver))
    assert wait_for(lambda: text_of(driver, "#board-alternatives")) == "variations from this card: ♠7"
    css(driver, "#board-alternatives .board-alt")[0].click()
    wait_for(lambda: query(driver).get("line") == ["S7"])
    css(driver, "#board-actual")[0].click()
    wait_for(lambda: "line" not in query(driver))


def test_the_tree_in_the_page(browser_at, page):
    """assets/replay_board.js's Tree: a card played twice at a position is one node; nested lines; the
    line the keys walk follows first continuations; promote and remove keep the others."""
    driver, _ = browser_at
    page("/replay/ace-lead/1")
    wait_for(lambda: css(driver, "#board-panel h3"))
    got = driver.execute_script("""
        var T = new window.vintBoard.Tree(), out = {};
        var a = T.play(0, [], 5), b = T.play(0, a, 12), again = T.play(0, [], 5), c = T.play(0, [], 4);
        out.paths = [a, b, again, c];
        out.cards = T.cards(0, b);
        out.line = T.line(0, []);
        out.promoted = T.promote(0, c);
        out.first = T.kids(0, []).map(function (k) { return k.card; });
        out.removed = T.remove(0, [1]);
        out.after = T.kids(0, []).map(function (k) { return k.card; });
        out.kept = T.cards(0, [0]);
        return out;""")
    assert got["paths"] == [[0], [0, 0], [0], [1]]
    assert got["cards"] == [5, 12] and got["line"] == [0, 0]
    assert got["promoted"] == [0] and got["first"] == [4, 5]
    assert got["removed"] == [] and got["after"] == [4] and got["kept"] == [4]


def test_a_dds_failure_is_a_message_on_the_page(browser_at, page, monkeypatch):
    """The server answers a failing DDS with a sentence in the panel, never a broken page."""
    import dashboards.board as board
    from vint_replay.analysis.dd import DDSFailure

    def failing(*_args):
        raise DDSFailure("DDS failed at card 0: input error")

    monkeypatch.setattr(board, "card_values", failing)
    driver, _ = browser_at
    page("/replay/ace-lead/1?card=2")
    assert wait_for(lambda: text_of(driver, "#board-error")) == \
        "Double dummy could not answer: DDS failed at card 0: input error"


def test_a_seat_view_offers_single_dummy_for_the_seat_to_play(browser_at, page):
    """N on lead sees only his hand: the odds of his 13 cards over the sample asked for; the
    address follows the seat's steps."""
    from selenium.webdriver.common.keys import Keys

    driver, _ = browser_at
    page("/replay/ace-lead/1?view=N")
    box = wait_for(lambda: css(driver, "#sd-samples"))[0]
    box.clear()
    box.send_keys("6")
    css(driver, "#sd-run")[0].click()
    head = wait_for(lambda: text_of(driver, "#sd-layouts"))
    assert head.startswith("North to choose; E–W's average tricks (7 needed) over 6 layouts")
    rows = {li.find_element("css selector", ".pc").text: li.text for li in css(driver, "#sd-values li")}
    assert set(rows) == {f"♠{r}" for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")} | {"♥A"}
    assert not css(driver, "#board-line")  # no variations in a seat's view
    css(driver, "body")[0].send_keys(Keys.ARROW_RIGHT)  # the seat steps on: the address follows, Back returns
    wait_for(lambda: query(driver).get("card") == ["1"] and query(driver).get("view") == ["N"])
    driver.back()
    wait_for(lambda: query(driver).get("card") == ["0"])
    assert wait_for(lambda: text_of(driver, "#step-label").startswith("card 0"))


def test_a_game_without_double_dummy_says_so(browser_at, page):
    driver, _ = browser_at
    page(f"/replay/{SOLO}/1")
    assert "has no double-dummy support" in wait_for(lambda: text_of(driver, "#board-unsupported"))


def test_another_final_contract_is_played_double_dummy_and_scored(browser_at, page):
    """The race's 1NT by S (its first call): 3NT in its place takes 11 tricks double dummy (the
    trick table, tests/test_whatif.py) and, at V = 32 a trick (volchaninov.md §4), the game changes
    hands; 1♠ is refused after 1NT (the auction's first call kept: a bid must be higher)."""
    from selenium.webdriver.common.keys import Keys

    driver, _ = browser_at
    page(f"/replay/{RACE}/3")
    call(driver, "3NT").click()
    result = wait_for(lambda: text_of(driver, "#alt-result"))
    assert "double dummy: N–S take 11 tricks, made +2" in result.splitlines()
    assert "game: E–W (game) → N–S (game) (changes hands)" in result.splitlines()
    assert text_of(driver, "#alt-call").split()[:3] == ["1♠", "1♣", "1♦"]  # any bid, S calling first (volchaninov.md §2)
    kept = css(driver, "#alt-kept")[0]
    kept.clear()
    kept.send_keys("1", Keys.ENTER)
    assert wait_for(lambda: text_of(driver, "#alt-call").split()[:1] == ["2♠"])  # W bids over 1NT: higher only


def call(driver, text: str):
    """The bidding box's label for ``text`` (a legal call)."""
    return wait_for(lambda: [label for label in css(driver, "#alt-call label") if label.text == text])[0]
