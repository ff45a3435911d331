#!/usr/bin/env python3
"""Write the two-, three- and five-handed evenings to sample_data/vint235/ (docs/rules/players-2-3-5.md).

    python scripts/make_table_samples.py

Deals are dealt, bid and played by the methods' simulation (:mod:`vint_replay.simulators.vint235`):
seats, dummies, the player out and the rotations as each method lays them, bids by points,
cards played to win tricks. Each deal of a two-column method carries its paper score
(``recorded``), written from the engine's own scoring, so that ``audit`` has something to check.
Regenerating gives byte-identical files.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vint_replay.engine.record import SessionRecord
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.games.vint235.ledger import TableScore
from vint_replay.formats import write_text
from vint_replay.simulators.vint235 import simulate_session

OUT = Path(__file__).resolve().parents[1] / "sample_data" / "vint235"

# (session id, rules, players in draw order, seed, rubbers, event)
EVENINGS = (
    ("dacha-2026-08-02-two", "vint2-dummies", ("Иванов", "Петров"), 3, 2,
     "Дача, вечер вдвоём (two players, two dummies with the special auction)"),
    ("dacha-2026-08-09-three", "vint3-dummy", ("Сидоров", "Орлов", "Смирнов"), 5, 3,
     "Дача, вечер втроём (three players, the dummy in turn)"),
    ("dacha-2026-08-16-three", "vint3-auction", ("Сидоров", "Орлов", "Смирнов"), 8, 2,
     "Дача, вечер втроём с аукционом (three players, a column each)"),
    ("dacha-2026-08-23-five", "vint5", ("Кузнецов", "Волков", "Соколов", "Иванов", "Петров"), 4, 5,
     "Дача, вечер впятером (five players, one sitting out each rubber)"),
)


def with_paper(record: SessionRecord) -> SessionRecord:
    """Each deal's paper score as the engine figures it (two-column methods only)."""
    score = evaluate(record).score
    if not isinstance(score, TableScore):
        return record
    deals = tuple(replace(deal, recorded=(s.totals(Side.NS), s.totals(Side.EW))) for deal, s in zip(record.deals, score.deals))
    return replace(record, deals=deals)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for session_id, rules, players, seed, rubbers, event in EVENINGS:
        record = simulate_session(rules, players, 150, seed, session_id=session_id, rubbers=rubbers,
                                  event=event, date=session_id[6:16])
        record = with_paper(record)
        for fmt in ("json", "vint"):
            (OUT / f"{session_id}.{fmt}").write_text(write_text(record, fmt), encoding="utf-8")


if __name__ == "__main__":
    main()
