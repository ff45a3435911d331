"""/analysis in a real headless Chromium with duplicate bridge beside vint (issue 24 item 3): each
game's figures apart and only those that apply to it — a duplicate board has no games, rubbers or
honours (duplicate-bridge.md §1) — its par in bridge's terms, and doubled and redoubled contracts
(rubber-bridge.md §5.4) counted, listed and analysed, the page raising no error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import dashboard_in_chromium
from test_dashboard_browser import css, text_of, wait_for

pytest.importorskip("endplay")

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]

BRIDGE = "bridge-duplicate-bridge"
WORKED = "rules-6-worked-example"
# The worked deal three times (N–S take 8 tricks in clubs, tests/bridge_records.py): 3♣ doubled
# by East (one down), 3♣ doubled and redoubled by South (one down), 6♣ doubled (four down).
DEALS = [(["3C", "X", "pass", "pass", "pass"], 52, None),
         (["3C", "X", "XX", "pass", "pass", "pass"], 52, None),
         (["6C", "X", "pass", "pass", "pass"], 52, None)]


@pytest.fixture(scope="module")
def browser_at(tmp_path_factory):
    from bridge_records import bridge_raw
    from test_dashboard_dd import analyse_sessions

    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("bridge_browser")
    path = folder / "doubled.json"
    path.write_text(json.dumps(bridge_raw("duplicate-bridge", DEALS)), encoding="utf-8")
    store = Store(folder / "store")
    summary = store.import_paths([str(path), str(Path(__file__).parent / "data" / "worked_example.json")], workers=1)
    assert len(summary.imported) == 2, [o.diagnostics for o in summary.rejected]
    analyse_sessions(store, [BRIDGE, WORKED])
    with dashboard_in_chromium(store.root) as (driver, base):
        yield driver, base


def _kpis(driver, suffix: str) -> dict[str, str]:
    """The headline figures of one game's section: label → value."""
    return {k.find_element("css selector", ".label").text: k.find_element("css selector", ".value").text
            for k in css(driver, f"#kpis{suffix} .kpi")}


def test_each_game_shows_only_its_own_figures(browser_at, page):
    """Vint keeps its games, rubbers and honours' luck; duplicate bridge has none of them (§1) and
    counts its doubled contracts instead: all three boards (X, XX, X)."""
    driver, _ = browser_at
    page("/analysis")
    bridge = "-duplicate-bridge"
    # vint's games card: the worked example won no game, so it says so (issue 24) instead of a chart
    wait_for(lambda: css(driver, f"#contracts-chart{bridge} .main-svg") and css(driver, "#games-none"), timeout=20)
    assert text_of(driver, f"#game{bridge}") == "Duplicate bridge"
    assert css(driver, "#luck-chart .main-svg")  # vint's
    assert not css(driver, f"#games-chart{bridge}") and not css(driver, f"#games-none{bridge}")
    assert not css(driver, f"#luck-chart{bridge}")
    vint, duplicate = _kpis(driver, ""), _kpis(driver, bridge)
    assert "games won" in vint and "doubled" not in vint  # vint has no doubles
    assert "games won" not in duplicate and duplicate["doubled"] == "3" and duplicate["deals"] == "3"
    headings = [h.text for h in css(driver, ".chart-card h3")]
    assert "Net board score per player" in headings and "Net points per player" in headings  # bridge's, vint's


def test_doubled_and_redoubled_contracts_are_listed_and_set_against_bridges_par(browser_at, page):
    """The slam table shows 6♣X; the furthest-below-par table shows each contract with its doubling
    (3♣X, 3♣XX, 6♣X) against par named "par" (bridge's), vint's table against "vint par"."""
    driver, _ = browser_at
    page("/analysis")
    bridge = "-duplicate-bridge"
    wait_for(lambda: css(driver, f"#par-gaps{bridge}"), timeout=20)
    assert "6♣X" in text_of(driver, f"#slams{bridge}")
    gaps = text_of(driver, f"#par-gaps{bridge}")
    assert all(c in gaps.split() for c in ("3♣X", "3♣XX", "6♣X")), gaps
    header = [th.text.lower() for th in css(driver, f"#par-gaps{bridge} th")]
    assert "par" in header and "vint par" not in header
    assert "vint par" in [th.text.lower() for th in css(driver, "#par-gaps th")]
