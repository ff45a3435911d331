"""What the dashboard shows of a solo-whist evening (docs/rules/solo-whist.md): the payment
sheet with each player's running balance and the audit of a recorded sheet, and the facts
around the card table of one deal. Plain data only; every payment, balance, result and audit
finding is the engine's (``SoloScore``, ``SoloReplay``, ``audit_payments``), never recomputed.
"""
from __future__ import annotations

from dataclasses import dataclass

from dashboards.data import audit_status, explanations
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport
from vint_replay.games.solo.contracts import call_words, points_text
from vint_replay.games.solo.ledger import SoloDealScore, SoloScore
from vint_replay.games.solo.payments import payment_reason
from vint_replay.games.solo.replay import SoloReplay
from vint_replay.games.solo.audit import SoloAudit, audit_payments
from vint_replay.games.solo.deal_line import result_words

SITS_OUT = "—"  # a sitting-out player's cell


def solo_audit_of(report: SessionReport) -> SoloAudit | None:
    """The audit of the recorded payment sheet (``None`` when the evening cannot be scored)."""
    return None if report.score is None else audit_payments(report.record, report.score)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# the payment sheet


@dataclass(frozen=True)
class PaymentCell:
    """One player's figure in one deal: what is due (``—`` when he sits out), and what the
    scorer wrote where it differs."""

    due: str
    written: str | None = None


@dataclass(frozen=True)
class PaymentRow:
    """One deal on the sheet: who dealt and sat out, the contract and who played it, the
    result, each player's payment and every player's balance after it (in the roster's order)."""

    number: int
    dealer: str
    sits_out: str
    contract: str
    declarer: str
    partner: str
    result: str
    payments: tuple[PaymentCell, ...]
    balances: tuple[str, ...]
    problems: tuple[str, ...]  # the audit's explanations, then validation messages

    @property
    def replayable(self) -> bool:
        return bool(self.declarer)


@dataclass(frozen=True)
class PaymentSheet:
    """The evening's payment sheet: the roster (four or five players), one row a deal, the
    final balances, and the running balances for a chart (points, by player)."""

    players: tuple[str, ...]
    five: bool
    rows: list[PaymentRow]
    balances: tuple[str, ...]
    deals: list[int]
    running: dict[str, list[float]]


def payment_sheet(report: SessionReport, checked: SoloAudit | None = None) -> PaymentSheet | None:
    """The payment sheet of a scored solo-whist evening; recorded figures that differ from the
    ones due are kept beside them with the audit's explanation. ``None`` if it cannot be scored."""
    score: SoloScore | None = report.score  # type: ignore[assignment]
    if score is None:
        return None
    written = {(m.deal, m.player): points_text(m.recorded) for m in (checked.mismatches if checked else ())}
    explained = explanations(report, checked)
    rows = []
    for deal in score.deals:
        cells = tuple(PaymentCell(SITS_OUT) if deal.sits_out == p else
                      PaymentCell(points_text(deal.paid(p)), written.get((deal.number, p))) for p in score.players)
        rows.append(PaymentRow(
            deal.number, deal.players[deal.dealer], deal.sits_out or "",
            "void (all passed)" if deal.contract is None else deal.contract.terms.title,
            _name(deal, deal.declarer), _name(deal, deal.partner), result_words(deal), cells,
            tuple(points_text(b) for b in deal.balances), tuple(explained.get(deal.number, ()))))
    running = {p: [b / 4 for b in (d.balances[i] for d in score.deals)] for i, p in enumerate(score.players)}
    return PaymentSheet(score.players, report.record.info.fifth is not None, rows,
                        tuple(points_text(b) for b in score.balances), [d.number for d in score.deals], running)


def _name(deal: SoloDealScore, seat: Seat | None) -> str:
    return "" if seat is None else f"{deal.players[seat]} ({seat.name})"


def solo_status(report: SessionReport, checked: SoloAudit | None) -> str:
    """One phrase for the evening: invalid, no payment sheet recorded, or the audit's tally."""
    return audit_status(report, checked, "no payment sheet recorded")


# ---------------------------------------------------------------------------------------------
# the replay


@dataclass(frozen=True)
class AuctionCall:
    """One call of the auction: who made it, its token in the record, and its words."""

    seat: str
    player: str
    token: str
    words: str


@dataclass(frozen=True)
class SoloDealFacts:
    """What the replay page writes around the card table: who dealt (and sat out), the turn-up,
    the contract and who plays it, the auction, the outcome and each player's payment."""

    dealing: str
    turn_up: str | None
    contract: str
    auction: list[AuctionCall]
    outcome: str
    reason: str
    payments: list[tuple[str, str, str, str]]  # (seat, player, payment, balance after the deal)


def deal_score(report: SessionReport, number: int) -> SoloDealScore | None:
    score: SoloScore | None = report.score  # type: ignore[assignment]
    return None if score is None else next((d for d in score.deals if d.number == number), None)


def deal_facts(report: SessionReport, replay: SoloReplay) -> SoloDealFacts:
    """The deal's header, auction and result, in the words of the terminal replay."""
    solo, deal, players = replay.solo, replay.deal, replay.players
    dealer = f"{deal.dealer.full_name} ({players[deal.dealer]})"
    dealing = (f"{solo.sits_out} deals and sits out; the turn-up goes to {dealer}" if solo.sits_out is not None
               else f"dealer {dealer}")
    turn_up = None if solo.turn_up is None else f"{solo.turn_up.pretty}, the last card dealt to {dealer}"
    contract = "everyone passed: the deal is void (no play, no payment)"
    if replay.contract is not None and replay.declarer is not None:
        terms = replay.contract.terms
        who = f"{players[replay.declarer]} ({replay.declarer.name})"
        if replay.partner is not None:
            who += f" with {players[replay.partner]} ({replay.partner.name}), who accepted"
        trumps = "no trumps" if replay.trump is None else f"trumps {replay.trump.symbol}"
        contract = f"{terms.title} by {who}: {replay.need_words()}; {trumps}; {SEATS[replay.leader].full_name} leads"
    auction = [AuctionCall(seat.name, players[seat], call.value, call_words(call)) for seat, call in replay.calls_with_callers()]
    scored = deal_score(report, deal.number)
    reason = "" if replay.contract is None or replay.made is None else payment_reason(
        replay.contract.terms, replay.made, replay.taken, replay.partner is not None)
    score: SoloScore | None = report.score  # type: ignore[assignment]
    payments = [] if scored is None or score is None else [
        (s.name, players[s], points_text(scored.payments[s]), points_text(scored.balances[score.players.index(players[s])]))
        for s in SEATS]
    return SoloDealFacts(dealing, turn_up, contract, auction, replay.outcome_words(), reason, payments)
