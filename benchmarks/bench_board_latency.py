"""The analysis board's variation step in a real browser (issue 21): from a click on a card (or
a ← / → key in the variation) to the painted frame that shows the new position, before its
analysis arrives; then to the frame that shows its double-dummy values (the server's answer,
one DDS call); side by side with endplay's ``solve_board`` called directly on the same positions.

A headless Chromium opens the sample evening's deals and plays a line of each from the opening
lead (every card the first the engine allows), card by card through the board. The page times
each step with ``performance.now()`` around the click and a ``requestAnimationFrame`` followed
by ``setTimeout 0`` (after that frame's paint); the values' time runs to the frame after the
value list appears. The keys are timed from the key event likewise, back and forth over the line.
Run: ``python benchmarks/bench_board_latency.py [--deals 3] [--cards 12]``. Target: ≤ 50 ms a step.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import tempfile
import time
from pathlib import Path

from endplay import dds

from dashboards.app import create_app
from dashboards.live import chromium_missing, headless_chromium, serving
from harness import endplay_position, verdict
from vint_replay.analysis.board import open_line
from vint_replay.analysis.dd import dds_strain
from vint_replay.analysis.variation import Variation
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
SESSION = "arbat-2026-11-03-t1"
TARGET_MS = 50.0

CLICK = """
var card = arguments[0], done = arguments[1], t0 = performance.now(), out = {};
var panel = document.getElementById('board-panel');
var seen = new MutationObserver(function () {
    if (!document.getElementById('board-values') || out.values !== undefined) { return; }
    out.values = null;
    requestAnimationFrame(function () { setTimeout(function () { out.values = performance.now() - t0; finish(); }, 0); });
});
function finish() { if (out.step !== undefined && out.values !== undefined && out.values !== null) { seen.disconnect(); done(out); } }
seen.observe(panel, {subtree: true, childList: true});
document.querySelector("#card-table [data-card='" + card + "']").click();
requestAnimationFrame(function () { setTimeout(function () { out.step = performance.now() - t0; finish(); }, 0); });
"""

KEY = """
window.__lastKey = null;
document.addEventListener('keydown', function once(e) {
    var t0 = e.timeStamp;
    document.removeEventListener('keydown', once, true);
    requestAnimationFrame(function () { setTimeout(function () { window.__lastKey = performance.now() - t0; }, 0); });
}, true);
"""


def lines(cards: int, deals: int) -> list[Variation]:
    """Each deal's line: ``cards`` cards from the opening lead, each the first legal one."""
    report = evaluate(read_file(ROOT / "sample_data" / f"{SESSION}.json").record)
    out = []
    for replay in report.replays[:deals]:
        if replay.contract is None or not replay.deal.play:
            continue
        variation = open_line(report, replay.deal.number, 0, []).variation
        for _ in range(cards):
            variation = variation.play(variation.legal[0])
        out.append(variation)
    return out


def direct(variation: Variation, upto: int) -> float:
    """Seconds for endplay alone on the line's position after ``upto`` of its cards."""
    state = dataclasses.replace(variation, cards=variation.cards[:upto]).state
    start = time.perf_counter()
    deal = endplay_position(state.hands, state.trick_leader, state.trick, dds_strain(variation.contract.denomination))
    dict(dds.solve_board(deal))
    return time.perf_counter() - start


def measure(driver, url: str, variation: Variation) -> tuple[list[float], list[float], list[float]]:
    """Per card of the line: click → frame, click → values' frame; then per key, key → frame."""
    from selenium.webdriver.common.keys import Keys

    driver.get(f"{url}/replay/{SESSION}/{variation.replay.deal.number}")
    end = time.monotonic() + 20
    while not driver.find_elements("css selector", "#board-values"):
        if time.monotonic() > end:
            raise RuntimeError("the board did not answer")
        time.sleep(0.05)
    steps, values, keys = [], [], []
    for card in variation.cards:
        out = driver.execute_async_script(CLICK, int(card))
        steps.append(out["step"])
        values.append(out["values"])
    body = driver.find_element("css selector", "body")
    for key in [Keys.ARROW_LEFT] * (len(variation.cards) - 1) + [Keys.ARROW_RIGHT] * (len(variation.cards) - 1):
        driver.execute_script(KEY)
        body.send_keys(key)
        end = time.monotonic() + 5
        while driver.execute_script("return window.__lastKey") is None and time.monotonic() < end:
            time.sleep(0.002)
        keys.append(driver.execute_script("return window.__lastKey"))
    return steps, values, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals of the sample session (default 3)")
    parser.add_argument("--cards", type=int, default=12, help="cards of each deal's line (default 12)")
    args = parser.parse_args()
    reason = chromium_missing()
    if reason:
        raise SystemExit(f"cannot measure: {reason}")
    found = lines(args.cards, args.deals)
    direct_ms = [direct(v, k) * 1000 for v in found for k in range(1, len(v.cards) + 1)]
    steps: list[float] = []
    values: list[float] = []
    keys: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "store")
        store.import_paths([str(ROOT / "sample_data" / f"{SESSION}.json")], workers=1)
        with serving(create_app(store.root)) as url, headless_chromium() as driver:
            driver.set_script_timeout(30)
            for variation in found:
                s, v, k = measure(driver, url, variation)
                steps += s
                values += v
                keys += [ms for ms in k if ms is not None]

    def p90(xs: list[float]) -> float:
        return sorted(xs)[int(0.9 * (len(xs) - 1))]

    print(f"{len(steps)} variation steps over {len(found)} deals of {SESSION}, {args.cards} cards each from the lead")
    print(f"click → painted frame: median {statistics.median(steps):.1f} ms, p90 {p90(steps):.1f} ms, "
          f"max {max(steps):.1f} ms")
    print(f"← / → in the variation → painted frame: median {statistics.median(keys):.1f} ms, p90 {p90(keys):.1f} ms "
          f"over {len(keys)} keys")
    print(f"click → its double-dummy values painted (server, one DDS call): median {statistics.median(values):.1f} ms, "
          f"p90 {p90(values):.1f} ms; endplay solve_board directly on the same positions: median "
          f"{statistics.median(direct_ms):.1f} ms, p90 {p90(direct_ms):.1f} ms")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"target ≤ {TARGET_MS:.0f} ms a step before its analysis: "
          f"{verdict(statistics.median(steps) <= TARGET_MS and p90(keys) <= TARGET_MS)}")


if __name__ == "__main__":
    main()
