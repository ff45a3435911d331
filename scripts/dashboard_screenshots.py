"""Take the dashboard screenshots in docs/screenshots/ with headless Chromium: the sample
sessions are imported into a temporary store and analysed double dummy (about a minute on two
cores), served on loopback and photographed page by page.

    python scripts/dashboard_screenshots.py [--out docs/screenshots] [--only solo-session solo-replay …]
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from dashboards.app import create_app
from dashboards.live import console_errors, headless_chromium, serving
from vint_replay.analysis.batch import analyse_store
from vint_replay.store import Store
from vint_replay.store.corrections import apply_corrections

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 1400

# (file name, path, keys to press after loading, checkbox to tick)
PAGES = [
    ("sessions", "/", "", None),
    ("scoresheet", "/session/arbat-2026-11-03-t2", "", None),  # has planted paper mistakes
    ("replay", "/replay/arbat-2026-11-03-t1/1", "\ue014" * 18, None),  # 18 × →: trick 5, two cards on the table
    ("replay-seat-view", "/replay/arbat-2026-11-03-t1/1?view=S&card=30", "", None),  # South's view at card 30
    # 5 × →: North's ♠3 (the first card of trick 2) gave two tricks away; East's best cards lit
    ("replay-dd", "/replay/arbat-2026-11-03-t1/2", "\ue014" * 5, "best"),
    ("analysis", "/analysis", "", None),
    # the analysis board: deal 2 from card 4, where North's ♠3 gave two tricks away, played on double dummy
    ("replay-board", "/replay/arbat-2026-11-03-t1/2?card=4&line={board}", "", None),
    ("scoresheet-rescored", "/session/arbat-2026-11-03-t1?rules=classic", "", None),  # the profile switch
    ("scoresheet-classic", "/session/arbat-2026-12-15-t1", "", None),  # classic: coronkas, X marks
    # a real tournament board (PBN), 5 × →: the opening lead made, the dummy face up
    ("replay-bridge", "/replay/16th-european-youth-team-championships-1998-07-16-open/1", "\ue014" * 5, None),
    ("history", "/history/arbat-2026-11-03-t2", "", None),
    # a pairs session's travellers and standings (PBN [ScoreTable], [TotalScoreTable]): a planted wrong row in red
    ("session-travellers", "/session/club-pairs-2026-11-03", "", None),  # the corrected sample: what changed, how the score moved
    ("solo-session", "/session/arbat-solo-2026-11-24", "", None),  # payments, balances, the planted mistake
    # a match's room (PBN): each board's IMPs against the other room, the event card, the downloads
    ("session-match", "/session/16th-european-youth-team-championships-1998-07-16-open", "", None),
    # 6 × →: an open misère in trick 2, the declarer's hand face up since trick 1
    ("solo-replay", "/replay/arbat-solo-2026-11-24/1", "\ue014" * 6, None),
    ("scoresheet-three", "/session/dacha-2026-08-16-three", "", None),  # 3.2: a column per player
    ("scoresheet-five", "/session/dacha-2026-08-23-five", "", None),  # five players: who sits out, the ledger
    # 3.1 in a partner's view, 2 × →: the holder's dummy still face down in the first trick
    ("replay-three", "/replay/dacha-2026-08-09-three/1?view=E", "\ue014" * 2, None),
    # under the laws: 7 × ↓ to the end of trick 7, N's claimed revoke; End: the penalty as applied
    ("replay-laws", "/replay/arbat-2027-01-12-laws-t1/1", "\ue015" * 7, None),
    ("replay-laws-penalty", "/replay/arbat-2027-01-12-laws-t1/1", "\ue010", None),
]


def board_line() -> str:
    """The cards double dummy plays from card 4 of the first sample evening's deal 2."""
    from vint_replay.analysis.board import open_line
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    report = evaluate(read_file(ROOT / "sample_data" / "arbat-2026-11-03-t1.json").record)
    return ",".join(c.name for c in open_line(report, 2, 4, []).variation.finish().cards)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", nargs="+", choices=[name for name, *_ in PAGES], help="retake only these pictures")
    args = parser.parse_args()
    out = Path(args.out)
    pages = [page for page in PAGES if not args.only or page[0] in args.only]
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "store")
        store.import_paths([str(p) for p in sorted((ROOT / "sample_data").glob("*.json"))]
                           + [str(p) for p in sorted((ROOT / "sample_data" / "laws").glob("*.json"))]
                           + [str(p) for p in sorted((ROOT / "sample_data" / "solo").glob("*.json"))]
                           + [str(p) for p in sorted((ROOT / "sample_data" / "vint235").glob("*.json"))]
                           + [str(ROOT / "tests" / "data" / "pbn" / name)
                              for name in ("junior-teams-1998.pbn", "pairs-travellers.pbn")], workers=1)
        for _ in apply_corrections(store, ROOT / "sample_data" / "corrections"):  # as the demo does
            pass
        analyse_store(store, workers=os.cpu_count() or 1)
        with serving(create_app(store.root)) as url, headless_chromium(WIDTH, 900) as driver:
            for name, path, keys, tick in pages:
                driver.set_window_size(WIDTH, 900)
                driver.get(url + path.format(board=board_line() if "{board}" in path else ""))
                time.sleep(2.5)  # layout callback, then plotly's first draw
                if keys:
                    driver.find_element("css selector", "body").send_keys(keys)
                if tick:
                    driver.find_element("css selector", f"#replay-hide input[value='{tick}']").click()
                time.sleep(0.8)
                driver.execute_script("window.scrollTo(0, 0)")
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(WIDTH, min(height + 80, 3000))
                time.sleep(0.8)
                driver.save_screenshot(str(out / f"{name}.png"))
                errors = console_errors(driver)
                print(f"{name}: {out / (name + '.png')}" + (f"  console errors: {errors}" if errors else ""))


if __name__ == "__main__":
    main()
