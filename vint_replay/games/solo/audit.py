"""Audit of a solo-whist payment sheet: each deal's recorded payments (by seat) against the
ones due under docs/rules/solo-whist.md §5, every difference explained in a scorer's words."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.audit_report import AuditReport
from ...engine.record import SessionRecord
from ...engine.seats import SEATS, Seat
from .contracts import Terms, points, points_text
from .ledger import SoloDealScore, SoloScore
from .payments import deal_payments, payment_reason
from .record import solo_fields


@dataclass(frozen=True, slots=True)
class PaymentMismatch:
    """One seat's recorded payment in a deal that differs from the one due, and why."""

    deal: int
    seat: Seat
    player: str
    recorded: int  # quarters
    computed: int
    explanation: str

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "seat": self.seat.name, "player": self.player,
                "recorded": points(self.recorded), "computed": points(self.computed), "explanation": self.explanation}


@dataclass(frozen=True)
class SoloAudit(AuditReport[PaymentMismatch]):
    """A payment sheet's audit: the deals with written payments, and each payment that differs."""

    mismatches: tuple[PaymentMismatch, ...]


def audit_payments(record: SessionRecord, score: SoloScore) -> SoloAudit:
    """Compare every deal that records its payments with the payments due."""
    checked, found = 0, []
    for deal_record, deal in zip(record.deals, score.deals):
        solo = solo_fields(deal_record)
        written = None if solo is None else solo.payments
        if written is None:
            continue
        checked += 1
        for seat in SEATS:
            if written[seat] != deal.payments[seat]:
                found.append(PaymentMismatch(deal.number, seat, deal.players[seat], written[seat], deal.payments[seat],
                                             explain(deal, seat, written)))
    return SoloAudit(checked, tuple(found))


def explain(deal: SoloDealScore, seat: Seat, written: tuple[int, int, int, int]) -> str:
    """Why ``seat``'s figure is wrong, naming the likeliest slip, then the rule."""
    due, wrote = deal.payments[seat], written[seat]
    who = f"{deal.players[seat]} ({seat}) is written {points_text(wrote)} but is due {points_text(due)}"
    if deal.contract is None or deal.made is None:
        return f"{who}: everyone passed, so nobody pays (docs/rules/solo-whist.md §3.8)"
    terms = deal.contract.terms
    slip = _slip(deal, seat, written, terms)
    rule = payment_reason(terms, deal.made, deal.taken, deal.partner is not None)
    return f"{who}: {slip}; {rule}" if slip else f"{who}: {rule}"


def _slip(deal: SoloDealScore, seat: Seat, written: tuple[int, int, int, int], terms: Terms) -> str | None:
    """The likeliest slip behind a wrong figure under the contract's ``terms``, most specific
    first; ``None`` if none fits."""
    due, wrote = deal.payments[seat], written[seat]
    off = [s for s in SEATS if written[s] != deal.payments[s]]
    if len(off) == 2 and written[off[0]] == deal.payments[off[1]] and written[off[1]] == deal.payments[off[0]]:
        return f"{deal.players[off[0]]}'s and {deal.players[off[1]]}'s figures are swapped"
    if wrote == -due:
        return f"the sign is reversed (the {terms.title} {'was made' if deal.made else 'failed'})"
    if seat == deal.declarer and deal.partner is None and wrote * 3 == due:
        return "the declarer's figure is one opponent's stake: he settles with each of the three"
    if terms.per_trick and deal.taken != terms.need and wrote == _without_odd_tricks(deal)[seat]:
        return "the over- or undertricks are left out"
    if sum(written):
        return f"the written payments do not sum to 0 (they come to {points_text(sum(written))})"
    return None


def _without_odd_tricks(deal: SoloDealScore) -> tuple[int, int, int, int]:
    """The deal's payments had the declaring side taken exactly what it needed."""
    assert deal.contract is not None and deal.made is not None
    declaring = tuple(s for s in (deal.declarer, deal.partner) if s is not None)
    return deal_payments(deal.contract.terms, declaring, deal.made, deal.contract.terms.need)
