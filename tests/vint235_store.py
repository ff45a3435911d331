"""A store of two-, three- and five-player evenings for the dashboard tests: the samples of
sample_data/vint235/ and short simulated evenings of the methods the samples lack (the dead
piles of 2.2 and 2.3, 2.1's blind lead, 2.5's widow)."""
from __future__ import annotations

from pathlib import Path

from vint_replay.formats import write_text
from vint_replay.simulators.vint235 import simulate_session
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "sample_data" / "vint235"
TWO, THREE, AUCTION, FIVE = ("dacha-2026-08-02-two", "dacha-2026-08-09-three", "dacha-2026-08-16-three",
                             "dacha-2026-08-23-five")
SIMULATED = ("vint2-exchange", "vint2-cards", "vint2-open", "vint2-widow")  # stored as "sim-<method>"


def simulated_file(folder: Path, rules: str, seed: int = 11) -> Path:
    """Six deals of ``rules`` between two players, written as a JSON record."""
    record = simulate_session(rules, ("Иванов", "Петров"), 6, seed, session_id=f"sim-{rules}", date="2026-09-01")
    path = folder / f"sim-{rules}.json"
    path.write_text(write_text(record, "json"), encoding="utf-8")
    return path


def table_store(folder: Path) -> Store:
    store = Store(folder / "store")
    files = [str(p) for p in sorted(TABLES.glob("*.json"))]
    files += [str(simulated_file(folder, rules, 11 + i)) for i, rules in enumerate(SIMULATED)]
    summary = store.import_paths(files, workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    return store


def balances_text(report) -> str:
    """Each player's balance from the engine's ``player_results``, ``Иванов +1230 · Петров −1230``:
    what the sessions list and the sheet's last line must say, reached another way than the
    score's own ``session_summary``."""
    from vint_replay.games.vint235.players import player_results

    return " · ".join(f"{r.player} {f'{r.points:+d}' if r.points else '0'}".replace("-", "−")
                      for r in player_results(report)) or "not scored"
