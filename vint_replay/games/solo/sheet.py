"""Solo whist's payment sheet (docs/format.md §5.5): each deal's contract, result and payments
per player with the running balances, for a terminal and as the ``solo-score/1`` JSON; with
the audit of the payments written on paper, the game's sheet writer (``SoloWhist.sheet_writer``)."""
from __future__ import annotations

from ...engine.printable import printable
from ...engine.record import SessionRecord
from ...engine.rule_profile import Reported
from ...engine.seats import Seat
from .audit import SoloAudit, audit_payments
from .contracts import points, points_text
from .deal_line import contract_words, result_words
from .ledger import SoloScore

SOLO_SCORE_FORMAT = "solo-score/1"


def solo_score_json(record: SessionRecord, score: SoloScore) -> dict[str, object]:
    """The ``solo-score/1`` document: per deal the contract, who played it, the result, each
    player's payment and balance in points (quarters as decimals); the final balances."""
    deals = []
    for deal in score.deals:
        deals.append({
            "number": deal.number,
            "dealer": deal.dealer.name,
            "sits_out": deal.sits_out,
            "seats": {s.name: deal.players[s] for s in Seat},
            "passed_out": deal.passed_out,
            "contract": None if deal.contract is None else deal.contract.value,
            "declarer": None if deal.declarer is None else deal.declarer.name,
            "partner": None if deal.partner is None else deal.partner.name,
            "tricks": deal.taken if deal.contract is not None and deal.contract.terms.counts_tricks else None,  # §5.5
            "made": deal.made,
            "payments": {p: points(deal.paid(p)) for p in score.players},
            "balances": {p: points(b) for p, b in zip(score.players, deal.balances)},
        })
    return {"format": SOLO_SCORE_FORMAT, "session": {"id": record.info.id, "rules": record.info.rules},
            "players": list(score.players), "deals": deals,
            "balances": {p: points(b) for p, b in zip(score.players, score.balances)}}


def render_payments(record: SessionRecord, score: SoloScore) -> str:
    """The payment sheet: one row a deal with each player's payment, the running balances
    under it, and the evening's balances at the end."""
    names = [printable(p) for p in score.players]
    width = max([7, *(len(n) for n in names)]) + 2
    info = record.info
    title = " · ".join(printable(t) for t in ("Solo whist", info.id, info.event or "", info.date or "") if t)
    labels = []
    for deal in score.deals:
        result = result_words(deal)
        labels.append(f"{deal.number:>4}  {printable(contract_words(deal))}" + (f": {result}" if result else ""))
    lead = max([14, *(len(label) for label in labels)]) + 2  # no deals: no label
    lines = [title, "Deal  Contract".ljust(lead) + "".join(n.rjust(width) for n in names)]
    for label, deal in zip(labels, score.deals):
        cells = ["—" if deal.sits_out == p else points_text(deal.paid(p)) for p in score.players]
        lines.append(label.ljust(lead) + "".join(c.rjust(width) for c in cells))
        lines.append("      balance".ljust(lead) + "".join(points_text(b).rjust(width) for b in deal.balances))
    lines.append("")
    lines.append("Balances: " + ", ".join(f"{n} {points_text(b)}" for n, b in zip(names, score.balances)))
    return "\n".join(lines) + "\n"


class PaymentSheet:
    """Solo whist's :class:`~vint_replay.engine.rule_profile.SheetWriter`: payments and balances."""

    def text(self, report: Reported) -> str:
        return render_payments(report.record, _payments(report))

    def json(self, report: Reported) -> dict[str, object]:
        return solo_score_json(report.record, _payments(report))

    def audit(self, report: Reported) -> SoloAudit:
        return audit_payments(report.record, _payments(report))


PAYMENTS = PaymentSheet()


def _payments(report: Reported) -> SoloScore:
    """The session's payment sheet: what solo whist's ledger finishes (``SoloWhist.session_ledger``)."""
    score = report.score
    assert isinstance(score, SoloScore), f"a solo-whist session scored as {type(score).__name__}"
    return score
