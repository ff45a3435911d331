"""Replay stepping latency in a real browser: from the key press to the next painted frame.

Target (issue 6): ≤ 50 ms from key to paint. A headless Chromium presses → through whole
deals and ← back; the page records, per key, the time from the key event
(``KeyboardEvent.timeStamp``) to the first frame after the replay status changed
(MutationObserver → requestAnimationFrame → setTimeout 0, i.e. after that frame's paint).
The stepped deals are analysed double dummy first (as after ``vint-replay analyze``), so each
step also draws the DD marks and the DD trick count; ``--no-dd`` measures without; ``--solo``
steps through the solo-whist sample evening instead (its own status panel, no double dummy).
Run: ``python benchmarks/bench_replay_latency.py [--deals 3] [--no-dd | --solo]``.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from dashboards.app import create_app
from dashboards.live import chromium_missing, headless_chromium, serving
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
SESSION = "arbat-2026-11-03-t1"
SOLO = ROOT / "sample_data" / "solo" / "arbat-solo-2026-11-24.json"

PROBE = """
window.__lat = []; window.__t0 = null;
document.addEventListener('keydown', function (e) { window.__t0 = e.timeStamp; }, true);
new MutationObserver(function () {
    var t0 = window.__t0;
    if (t0 === null) { return; }
    window.__t0 = null;
    requestAnimationFrame(function () { setTimeout(function () { window.__lat.push(performance.now() - t0); }, 0); });
}).observe(document.getElementById('replay-status'), {subtree: true, childList: true, characterData: true});
"""


def measure(driver, url: str, session: str, deal: int) -> list[float]:
    from selenium.webdriver.common.keys import Keys

    driver.get(f"{url}/replay/{session}/{deal}")
    end = time.monotonic() + 10
    while not driver.find_elements("css selector", "#step-label"):
        if time.monotonic() > end:
            raise RuntimeError("the replay page did not render")
        time.sleep(0.05)
    driver.execute_script(PROBE)
    cards = int(driver.find_element("css selector", "#step-label").text.split(" of ")[1].split()[0])
    body = driver.find_element("css selector", "body")
    for key in [Keys.ARROW_RIGHT] * cards + [Keys.ARROW_LEFT] * cards:
        before = driver.execute_script("return window.__lat.length")
        body.send_keys(key)
        while driver.execute_script("return window.__lat.length") == before:
            time.sleep(0.002)
    return driver.execute_script("return window.__lat")


def analyse(store: Store, deals: int) -> None:
    """Analyse the first ``deals`` deals of the session double dummy and store the results."""
    from vint_replay.analysis.jobs import DealJob, analyse_job, jobs_for
    from vint_replay.analysis.datasets import write_results
    from vint_replay.engine.session import evaluate

    digest, year = store.sessions(SESSION, columns=["content_sha256", "year"]).iloc[0]
    jobs = jobs_for(evaluate(store.load_session(SESSION)), digest, int(year), set(range(1, deals + 1)))
    write_results(store, [analyse_job(j) for j in jobs if isinstance(j, DealJob)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals of the sample session to step through")
    parser.add_argument("--no-dd", action="store_true", help="do not analyse the deals double dummy first")
    parser.add_argument("--solo", action="store_true", help="step through the solo-whist sample evening")
    args = parser.parse_args()
    source, session = (SOLO, SOLO.stem) if args.solo else (ROOT / "sample_data" / f"{SESSION}.json", SESSION)
    reason = chromium_missing()
    if reason:
        raise SystemExit(f"cannot measure: {reason}")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "store")
        store.import_paths([str(source)], workers=1)
        if not args.no_dd and not args.solo:
            analyse(store, args.deals)
        with serving(create_app(store.root)) as url, headless_chromium() as driver:
            samples: list[float] = []
            for deal in range(1, args.deals + 1):
                samples += measure(driver, url, session, deal)
    samples.sort()
    p90 = samples[int(0.9 * (len(samples) - 1))]
    print(f"key → paint over {len(samples)} steps: median {statistics.median(samples):.1f} ms, "
          f"p90 {p90:.1f} ms, max {samples[-1]:.1f} ms (target ≤ 50 ms; "
          f"{'solo whist' if args.solo else 'without' if args.no_dd else 'with'}"
          f"{'' if args.solo else ' double-dummy marks'})")


if __name__ == "__main__":
    main()
