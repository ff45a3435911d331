"""Every page fits a 1,400 px desktop and a 390 px phone (issue 23): the sessions list, the session
page and a replay of each game (vint, solo whist, the laws, 2/3/5 players), /analysis and a
correction's /history page, in one headless Chromium resized between the two widths.

A page fits when the document does not scroll sideways, no text is cut short with an ellipsis,
and no element's right edge lies beyond the viewport or beyond the card that holds it, except inside a container made to scroll
sideways (``overflow-x: auto``) — and at 1,400 px not even those may need to scroll.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import dashboard_in_chromium
from vint235_store import AUCTION, FIVE, TABLES, THREE, TWO
from test_dashboard_browser import css, wait_for

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
VINT, CORRECTED = "arbat-2026-11-03-t1", "arbat-2026-11-03-t2"
SOLO, LAWS = "arbat-solo-2026-11-24", "arbat-2027-01-12-laws-t1"
GAMES = {"vint": VINT, "solo": SOLO, "laws": LAWS, "two": TWO, "three": THREE, "auction": AUCTION, "five": FIVE}
DESKTOP, PHONE = 1400, 390
BRIDGE = Path(__file__).resolve().parent / "data" / "pbn" / "junior-teams-1998.pbn"

# What sticks out: the document's own sideways scroll, then each element (outside a sideways
# scroller) whose right edge passes the viewport or its card, or that cuts its text with an
# ellipsis (a name in the score bars); with ``strict``, also every sideways scroller that has
# something to scroll. Hidden and empty elements are skipped.
OVERFLOW_JS = """
const strict = arguments[0], vw = window.innerWidth, found = new Set();
const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    ((el.getAttribute('class') || '').trim() ? '.' + el.getAttribute('class').trim().split(/\\s+/).join('.') : '');
const scroller = el => {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const ox = getComputedStyle(p).overflowX;
    if (ox === 'auto' || ox === 'scroll') return p;
  }
  return null;
};
if (document.documentElement.scrollWidth > vw) found.add('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px');
for (const el of document.querySelectorAll('body *')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
  const s = scroller(el);
  if (s) {
    if (strict && s.scrollWidth > s.clientWidth + 1) found.add(name(s) + ' scrolls sideways (' + s.scrollWidth + ' in ' + s.clientWidth + ' px)');
    continue;
  }
  if (r.right > vw + 1) found.add(name(el) + ' ends at ' + Math.round(r.right) + ' px');
  if (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) found.add(name(el) + ' cuts "' + el.textContent + '"');
  const card = el.parentElement && el.parentElement.closest('.card');
  if (card && r.right > card.getBoundingClientRect().right + 1) found.add(name(el) + ' spills out of its card');
}
return [...found].slice(0, 12);
"""


@pytest.fixture(scope="module")
def browser_at(tmp_path_factory):
    from vint_replay.store import Store
    from vint_replay.store.corrections import apply_corrections

    store = Store(tmp_path_factory.mktemp("fit") / "store")
    files = [SAMPLES / f"{VINT}.json", SAMPLES / f"{CORRECTED}.json", SAMPLES / "solo" / f"{SOLO}.json",
             SAMPLES / "laws" / f"{LAWS}.json", *(TABLES / f"{name}.json" for name in (TWO, THREE, AUCTION, FIVE)),
             BRIDGE]  # a championship's long session ids, in /analysis's bridge slams too
    summary = store.import_paths([str(p) for p in files], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    assert "stored as the next version" in apply_corrections(store, SAMPLES / "corrections")[0]
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base


def overflow(browser, open_page, path: str, ready: str, width: int) -> list[str]:
    """Open ``path`` in a window ``width`` px wide; once ``ready`` is on the page, what sticks out
    (empty: the page fits)."""
    browser.set_window_size(width, 1000)
    assert wait_for(lambda: browser.execute_script("return window.innerWidth") == width)
    open_page(path)
    wait_for(lambda: css(browser, ready))
    wait_for(lambda: not css(browser, "[data-dash-is-loading='true']"))
    # the charts lay out after the first paint; ask twice until two looks agree
    return wait_for(lambda: (lambda a, b: a == b and [a])(browser.execute_script(OVERFLOW_JS, width == DESKTOP),
                                                              browser.execute_script(OVERFLOW_JS, width == DESKTOP)))[0]


PAGES = [("/", "#sessions"), ("/analysis", "#kpis"), (f"/history/{CORRECTED}", "#changes-table")]
PAGES += [(f"/session/{quote(sid, safe='')}", "#deal-table, #deals-table, #payment-sheet, .sheet-card") for sid in GAMES.values()]
PAGES += [(f"/replay/{quote(sid, safe='')}/1", "#card-table .hand") for sid in GAMES.values()]
PAGES += [("/session/16th-european-youth-team-championships-1998-07-16-open", "#event-card")]  # a match's room: IMPs


def board_line(cards: int) -> str:
    """A line of the analysis board on the vint sample's deal 1 from its opening lead: each card
    the first the engine allows (``cards`` of them; 52 finishes it, and the board scores it)."""
    from vint_replay.analysis.board import open_line
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    variation = open_line(evaluate(read_file(str(SAMPLES / f"{VINT}.json")).record), 1, 0, []).variation
    for _ in range(cards):
        variation = variation.play(variation.legal[0])
    return ",".join(c.name for c in variation.cards)


# the board's states (issue 21): a variation, a finished one with its points, a seat's single dummy
PAGES += [(f"/replay/{VINT}/1?card=0&line={board_line(3)}", "#board-moves"),
          (f"/replay/{VINT}/1?card=0&line={board_line(52)}", "#board-outcome"),
          (f"/replay/{VINT}/1?view=S", "#sd-run")]


@pytest.mark.parametrize("path, ready", PAGES, ids=[p for p, _ in PAGES])
def test_the_page_fits_a_desktop_and_a_phone(browser_at, page, path, ready):
    browser, _ = browser_at
    try:
        for width in (DESKTOP, PHONE):
            sticking_out = overflow(browser, page, path, ready, width)
            assert not sticking_out, f"{path} at {width} px: " + "; ".join(sticking_out)
    finally:
        browser.set_window_size(DESKTOP, 1000)


# BBO's handles: long, without a space to wrap at (issue 24)
HANDLES = {"N": "averyveryverylongbbohandle1", "E": "anotherextremelylonghandle22",
           "S": "southsidelongestnameever333", "W": "westwardlongplayernameish44"}
LONG_NAMES_PBN = ('[Event "Long names pairs"]\n[Date "2024.05.01"]\n[Board "1"]\n'
                  + "".join(f'[{seat} "{HANDLES[seat[0]]}"]\n' for seat in ("North", "East", "South", "West"))
                  + '[Dealer "N"]\n[Vulnerable "None"]\n'
                  '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
                  '[Contract "4H"]\n[Declarer "N"]\n[Result "10"]\n[Auction "N"]\n1H Pass 2H Pass\n4H Pass Pass Pass\n')

# The auction's head: each name on one line inside its column (cut with an ellipsis, whole in the
# column's title), the table inside its card.
AUCTION_HEAD_JS = """
const t = document.querySelector('table.auction'), card = t.closest('.card'), found = [];
if (t.getBoundingClientRect().right > card.getBoundingClientRect().right + 1) found.push('the auction spills out of its card');
for (const th of t.querySelectorAll('th')) {
  const name = th.querySelector('span'), lines = name.getClientRects().length;
  if (lines !== 1) found.push(th.title + ' on ' + lines + ' lines');
  if (name.getBoundingClientRect().right > th.getBoundingClientRect().right + 1) found.push(th.title + ' passes its column');
}
return {found: found, titles: [...t.querySelectorAll('th')].map(th => th.title)};
"""


@pytest.fixture(scope="module")
def long_names_at(tmp_path_factory):
    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("long-names")
    (folder / "long.pbn").write_text(LONG_NAMES_PBN, encoding="utf-8")
    store = Store(folder / "store")
    summary = store.import_paths([str(folder / "long.pbn")], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base


def test_long_handles_keep_the_auction_in_its_card(long_names_at):
    """Issue 24: BBO handles of 27 letters wrapped mid-name over four lines in the replay page's
    auction head at 390 px; each now stands on one line in its column, cut with an ellipsis and
    whole in the column's title, and the table stays in its card at 390 and 1,400 px."""
    browser, base = long_names_at
    try:
        for width in (DESKTOP, PHONE):
            browser.set_window_size(width, 1000)
            assert wait_for(lambda: browser.execute_script("return window.innerWidth") == width)
            browser.get(f"{base}/replay/long-names-pairs-2024-05-01/1")
            wait_for(lambda: css(browser, "table.auction th span"))
            seen = browser.execute_script(AUCTION_HEAD_JS)
            assert seen["found"] == [], f"at {width} px: {seen['found']}"
            assert seen["titles"] == list(HANDLES.values())
            assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        browser.set_window_size(DESKTOP, 1000)
