"""A scored session's sheet and audit (issue 20, "One seam for every game"): the command line
writes a session's score and audits its paper figures without asking which game it is. The
game's profile supplies its writer (``RuleProfile.sheet_writer``); the four-handed rubber or
board sheet is the one a profile that supplies none is written with."""
from __future__ import annotations

from ..engine.audit_report import AuditReport
from ..engine.ledger import SessionScore
from ..engine.rule_profile import Reported, SheetWriter
from .audit import Mismatch, audit
from .scoresheet import render_scoresheet, score_json


class SidesSheet:
    """Four hands' sheet: N–S and E–W above and below the line (or a score a board), the
    ``vint-score/1`` document, and the paper's figures audited line by line."""

    def text(self, report: Reported) -> str:
        return render_scoresheet(report.record, _sides(report), report.profile)

    def json(self, report: Reported) -> dict[str, object]:
        return score_json(report.record, _sides(report), report.profile)

    def audit(self, report: Reported) -> AuditReport[Mismatch]:
        """Sides' figures line by line, the laws' revoke penalties among the slips."""
        return audit(report.record, _sides(report), replays=report.replays)


SIDES = SidesSheet()


def sheet_writer(report: Reported) -> SheetWriter:
    """The writer of a scored session: its game's own, else four hands'."""
    return report.profile.sheet_writer() or SIDES


def _sides(report: Reported) -> SessionScore:
    """The session's rubber (or board) score: what the four-handed ledger finishes, or, when some
    of its boards are broken, its fine boards' (``fine_score``: boards scored each on its own)."""
    score = report.score if report.score is not None else report.fine_score
    assert isinstance(score, SessionScore), f"a four-handed sheet asked of a {type(score).__name__}"
    return score
