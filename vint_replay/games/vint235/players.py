"""Per-player results of a 2-, 3- or 5-handed evening (docs/rules/players-2-3-5.md): a player's
own deals, contracts and tricks whatever place or dummy he played, and what he won or paid."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .columns import ColumnScore
from .ledger import TableScore
from .replay import TableReplay

if TYPE_CHECKING:  # the session runs the games; a game's report reader only reads its result
    from ...engine.session import SessionReport


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's evening: deals he played a hand in, contracts he declared (from his own
    hand, playing his dummy too) and made, tricks his side took, points won (+) or paid (−)."""

    player: str
    deals: int
    declared: int
    made: int
    tricks: int
    points: int


def player_results(report: SessionReport) -> list[PlayerResult]:
    """Each player's results, in the order of the draw (empty unless the session is valid)."""
    score = report.score
    if not isinstance(score, (TableScore, ColumnScore)):
        return []
    balances = score.balances if isinstance(score, ColumnScore) else (score.balances[-1] if score.balances else {})
    counts = {p: [0, 0, 0, 0] for p in score.players}
    for replay in report.replays:
        assert isinstance(replay, TableReplay)
        if replay.roles is None:  # passed out: who sat down is in the record's roles
            seated = {r.seated for r in replay.table.roles if r.live} if replay.table else set()
            for player in seated:
                counts[player][0] += 1
            continue
        for player in {r.seated for r in replay.roles if r.live}:
            line = counts[player]
            line[0] += 1
            if replay.sides is not None and replay.tricks_won is not None:
                own = 0 if player in replay.sides[0] else 1  # his score column
                line[3] += replay.tricks_won[own]
        contract, column = replay.contract, replay.declarer_column
        if contract is not None and replay.roles is not None and replay.tricks_won is not None and column is not None:
            line = counts[replay.roles[contract.declarer].seated]
            line[1] += 1
            line[2] += replay.tricks_won[column] >= contract.tricks_needed
    return [PlayerResult(p, c[0], c[1], c[2], c[3], balances.get(p, 0)) for p, c in counts.items()]
