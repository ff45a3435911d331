"""Each score type's sheet and audit (issue 20, "One seam for every game"): the command line
writes a session's score and audits its paper figures without asking which game it is; the
writers are filed here by the type of score the game's ledger finishes (the engine imports no
report, so the table lives on this side)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.ledger import SessionScore
from ..engine.session import SessionReport
from ..games.solo.ledger import SoloScore
from ..games.vint235.columns import ColumnScore
from ..games.vint235.ledger import TableScore
from .audit import AuditReport, audit
from .scoresheet import render_scoresheet, score_json
from .solo_audit import audit_payments
from .solo_sheet import render_payments, solo_score_json
from .table_sheet import render_table_sheet, table_score_json


@dataclass(frozen=True, slots=True)
class SheetWriter:
    """How one score type is shown: its sheet as text, its ``vint-score/1`` document, and the
    audit of the figures written on paper against it."""

    text: Callable[[SessionReport], str]
    json: Callable[[SessionReport], dict[str, object]]
    audit: Callable[[SessionReport], AuditReport]


def _audit_sides(report: SessionReport) -> AuditReport:
    """Sides' (or columns') figures line by line, the laws' revoke penalties among the slips."""
    return audit(report.record, _scored(report), replays=report.replays)  # type: ignore[arg-type]


SIDES = SheetWriter(lambda r: render_scoresheet(r.record, r.score, r.profile),  # type: ignore[arg-type]
                     lambda r: score_json(r.record, r.score, r.profile),  # type: ignore[arg-type]
                     _audit_sides)
# a game of 2, 3 or 5: columns that are not N–S and E–W (format.md §5.6)
TABLE = SheetWriter(render_table_sheet, table_score_json, _audit_sides)
# solo whist: payments and balances
PAYMENTS = SheetWriter(lambda r: render_payments(r.record, r.score),  # type: ignore[arg-type]
                        lambda r: solo_score_json(r.record, r.score),  # type: ignore[arg-type]
                        lambda r: audit_payments(r.record, r.score))  # type: ignore[arg-type]

WRITERS: dict[type, SheetWriter] = {SessionScore: SIDES, TableScore: TABLE, ColumnScore: TABLE,
                                    SoloScore: PAYMENTS}


def sheet_writer(report: SessionReport) -> SheetWriter:
    """The writer of a scored session's score type (the nearest filed one of its classes)."""
    return next(WRITERS[kind] for kind in type(_scored(report)).__mro__ if kind in WRITERS)


def _scored(report: SessionReport) -> object:
    """The session's score, or, when some of its boards are broken, its fine boards' (``fine_score``)."""
    return report.score if report.score is not None else report.fine_score
