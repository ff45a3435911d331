"""A board's ``[ScoreTable]`` traveller audited (docs/format.md §4.4, §5.2): each listed table's
contract, declarer and result scored again under the session's rules (duplicate-bridge.md §3)
against the listed score, and its matchpoints against the other listed tables' (§5.1)."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.record import DealRecord
from ..engine.scoring import DealFacts
from ..engine.seats import Side, by_seat
from ..engine.session import SessionReport
from ..formats.pbn_traveller import TravellerLine
from ..games.bridge.duplicate import board_score
from ..games.registry import RubberState
from .duplicate_comparison import Scoring, board_top, differs_matchpoints, matchpoints


@dataclass(frozen=True, slots=True)
class TravellerMismatch:
    """A traveller row whose listed score or matchpoints differ from the recomputed ones."""

    board: int
    line: int
    listed: str  # the row's result: ``4HX N 9``
    message: str

    def to_json(self) -> dict[str, object]:
        return {"board": self.board, "line": self.line, "listed": self.listed, "message": self.message}


@dataclass(frozen=True, slots=True)
class TravellerAudit:
    """The rows checked over every traveller of a session, and those that differ."""

    rows_checked: int
    mismatches: tuple[TravellerMismatch, ...]


def audit_travellers(report: SessionReport, travellers: dict[int, tuple[TravellerLine, ...]]) -> TravellerAudit:
    """Every row of the travellers of ``report``'s boards recomputed on its board's hands and
    vulnerability (a board the session does not hold is skipped: nothing to score it on)."""
    deals = {d.number: d for d in report.record.deals}
    checked = 0
    found: list[TravellerMismatch] = []
    for number, rows in travellers.items():
        deal = deals.get(number)
        if deal is None:
            continue
        scores = [_score(report, deal, row) for row in rows]
        top = board_top(Scoring.MATCHPOINTS, len(rows), len(rows))  # §5.1: 2 per other table
        for k, (row, score) in enumerate(zip(rows, scores)):
            checked += 1
            if row.score is not None and row.score != score:
                found.append(TravellerMismatch(number, row.line, row.text,
                                               f"listed NS {row.score}, recomputed NS {score}"))
            others = scores[:k] + scores[k + 1:]
            if others:
                won = matchpoints(score, others)
                for differs in differs_matchpoints(row.figures, won, top, 100 * won / top):
                    found.append(TravellerMismatch(number, row.line, row.text,
                                                   f"recorded {differs}, recomputed NS {won:g} of {top}"))
    return TravellerAudit(checked, tuple(found))


def _score(report: SessionReport, deal: DealRecord, row: TravellerLine) -> int:
    """N–S's score of the row's result on ``deal`` (nothing for a pass-out)."""
    if row.contract is None or row.tricks is None:
        return 0
    profile = report.profile
    vulnerable = profile.vulnerability(RubberState((), 0), deal.number, deal.vulnerable)
    side = row.contract.declarer.side
    taken = (row.tricks, 13 - row.tricks) if side is Side.NS else (13 - row.tricks, row.tricks)
    hands = None if deal.hands is None else by_seat(h.mask for h in deal.hands)
    return board_score(profile.score(DealFacts(row.contract, taken, hands, vulnerable)))
