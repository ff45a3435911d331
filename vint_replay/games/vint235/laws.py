"""The laws on irregularities over the 2-, 3- and 5-player methods (docs/rules/players-2-3-5.md
§1.1, §2.2, §6 rulings 6 and 14): the revokes of their tricks, checked and penalised as in
four-handed vint; the laws' other parts, made for four bidders, are refused where recorded."""
from __future__ import annotations

from collections.abc import Sequence

from ..laws.revoke import Revoke, check_revokes
from ..laws.revoke import Report as LawsReport
from ...engine.record import DealRecord, IrregularityKind
from ...engine.seats import Seat
from .method import TableMethod
from .play import TableTrick

REFUSED = "the laws over {method} cover revokes only (docs/rules/players-2-3-5.md §1.1)"


def refuse_other_laws(deal: DealRecord, profile: TableMethod, report: LawsReport) -> None:
    """Report, where recorded, each irregularity these methods do not take: every kind but a
    revoke, a call out of turn, a void deal, a lost deal and a thrown card."""
    why = REFUSED.format(method=profile.name)
    for j, irr in enumerate(deal.irregularities):
        if irr.kind is not IrregularityKind.REVOKE:
            report("schema", f"irregularities[{j}].kind", f"{irr.kind.value}: {why}")
    for call in deal.out_of_turn:
        report("schema", f"auction[{call.index}]", f"a call out of turn: {why}")
    for at, present in (("void", deal.void is not None), ("deal_lost", deal.deal_lost), ("play", bool(deal.thrown))):
        if present:
            report("schema", at, f"{'a thrown card' if at == 'play' else at.replace('_', ' ')}: {why}")


def table_revokes(deal: DealRecord, profile: TableMethod, live: Sequence[int], tricks: Sequence[TableTrick],
                  report: LawsReport) -> tuple[tuple[Revoke, ...], tuple[tuple[Seat, bool], ...]]:
    """The revokes of the play round the live places (two-card tricks too) and the claimed ones
    to penalise, each with whether the wronged player took points (§2.2 only)."""
    return check_revokes(deal, live, tricks, report, profile.revoke_choice)
