"""A board's ``[ScoreTable]`` traveller audited (docs/format.md §4.4, §5.2): each listed table's
contract, declarer and result scored again under the session's rules (duplicate-bridge.md §3)
against the listed score, and its matchpoints against the other listed tables' (§5.1)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.record import DealRecord
from ..engine.scoring import DealFacts
from ..engine.seats import Side
from ..engine.session import SessionReport
from ..formats.pbn_traveller import TravellerLine
from ..games.bridge.duplicate import board_score
from ..games.registry import RubberState
from ..formats.board_fields import RecordedFigures
from .duplicate_comparison import Scoring, board_top, differs_matchpoints, matchpoints, neuberg


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
    vulnerability (a board the session does not hold is skipped: nothing to score it on). The
    tables that played are matchpointed among themselves and factored up to every table the
    board lists, an adjusted score's too, which has its assigned share of the top (§5.4–§5.5)."""
    deals = {d.number: d for d in report.record.deals}
    checked = 0
    found: list[TravellerMismatch] = []
    for number, rows in travellers.items():
        deal = deals.get(number)
        if deal is None:
            continue
        played = [row for row in rows if row.assigned is None]
        scores = [_score(report, deal, row) for row in played]
        tables = len(rows)
        top = board_top(Scoring.NEUBERG, len(played), tables)  # 2 per other table listed
        for k, (row, score) in enumerate(zip(played, scores)):
            checked += 1
            if row.score is not None and row.score != score:
                found.append(TravellerMismatch(number, row.line, row.text,
                                               f"listed NS {row.score}, recomputed NS {score}"))
            if tables > 1:
                won = neuberg(matchpoints(score, scores[:k] + scores[k + 1:]), len(played), tables)
                found.extend(_differs(number, row, won, top))
        for row in rows:
            if row.assigned is not None:
                checked += 1
                found.extend(_assigned_differs(number, row, top))
    return TravellerAudit(checked, tuple(found))


def _differs(board: int, row: TravellerLine, won: float, top: int) -> list[TravellerMismatch]:
    """The row's recorded figures that N–S's ``won`` of ``top`` contradicts."""
    return [TravellerMismatch(board, row.line, row.text, f"recorded {differs}, recomputed NS {won:.4g} of {top}")
            for differs in differs_matchpoints(row.figures, won, top, 100 * won / top, row.written)]


def _assigned_differs(board: int, row: TravellerLine, top: int) -> list[TravellerMismatch]:
    """An adjusted score's recorded figures against its side's assigned share of ``top`` (§5.5):
    the sides' shares need not add up to the top, so each figure is held against its own side's."""
    assert row.assigned is not None  # only adjusted rows come here
    out: list[TravellerMismatch] = []
    mp, percentage = row.figures.matchpoints, row.figures.percentage
    for figure, alone in ((mp, RecordedFigures(matchpoints=mp)), (percentage, RecordedFigures(percentage=percentage))):
        share = None if figure is None else row.assigned[figure[0]]
        if figure is None or share is None:
            continue
        own = share * top / 100 if figure[0] is Side.NS else top - share * top / 100  # as N–S's, as _differs reads it
        out.extend(_differs(board, replace(row, figures=alone), own, top))
    return out


def _score(report: SessionReport, deal: DealRecord, row: TravellerLine) -> int:
    """N–S's score of the row's result on ``deal`` (nothing for a pass-out)."""
    if row.contract is None or row.tricks is None:
        return 0
    profile = report.profile
    vulnerable = profile.vulnerability(RubberState((), 0), deal.number, deal.vulnerable)
    side = row.contract.declarer.side
    taken = (row.tricks, 13 - row.tricks) if side is Side.NS else (13 - row.tricks, row.tricks)
    hands = None if deal.hands is None else tuple(h.mask for h in deal.hands)
    return board_score(profile.score(DealFacts(row.contract, taken, hands, vulnerable)))  # type: ignore[arg-type]
