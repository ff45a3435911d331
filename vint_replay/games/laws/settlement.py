"""The per-player settlement of a session under the laws (docs/rules/laws.md §9): law-180
rulings put on their culprits, and each player's D − X, D + X."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.diagnostics import Diagnostic
from ...engine.record import Ruling
from .responsibility import Responsibility, RuledRubber

if TYPE_CHECKING:
    from ...engine.ledger import SessionScore


def apply_rulings(rulings: Sequence[Ruling], score: SessionScore) -> list[Diagnostic]:
    """Put each law-180 ruling's rubber on its culprit (``score.ruled``): X = the rubber's whole
    difference; a rubber the session lacks or his side did not lose is a ``ruling`` error."""
    problems = []
    for i, ruling in enumerate(rulings):
        at = f"session.rulings[{i}]"
        if ruling.rubber > len(score.rubbers):
            problems.append(Diagnostic("ruling", f"law 180 names rubber {ruling.rubber}, but the session has "
                                                 f"{len(score.rubbers)} (docs/rules/laws.md §9)", None, f"{at}.rubber"))
            continue
        leader, points = score.rubbers[ruling.rubber - 1].difference
        if leader is not ruling.seat.side.other:
            how = "the sides are level" if leader is None else f"{ruling.seat.side.label} are ahead by {points}"
            problems.append(Diagnostic("ruling", f"law 180 puts a lost rubber on {ruling.seat}, but in rubber "
                                                 f"{ruling.rubber} {how} (docs/rules/laws.md §9)", None, at))
            continue
        score.ruled.append(RuledRubber(ruling.rubber, Responsibility(ruling.seat, points, ruling.law)))
    return problems


def settlement(score: SessionScore) -> tuple[int, int, int, int]:
    """Each player's result for the session, by Seat: his side's difference D, less X for each
    amount he answers for alone, plus X for each his partner answers for (§9)."""
    ns, ew = score.totals
    results = [ns - ew, ew - ns, ns - ew, ew - ns]
    alone = [r for deal in score.deals for r in deal.responsible] + [ruled.responsibility for ruled in score.ruled]
    for r in alone:
        results[r.seat] -= r.amount
        results[r.seat.partner] += r.amount
    return results[0], results[1], results[2], results[3]
