"""What the dashboard shows of a solo-whist evening (docs/rules/solo-whist.md), as plain view
data (engine/views.py): the session page's balances, chart and payment sheet with the audit's
findings (§5), and the replay page's dealing, turn-up, auction and payments. Every payment,
balance, result and finding is the engine's (``SoloScore``, ``SoloReplay``, the audit), never
recomputed; dashboards/views.py draws it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast
from urllib.parse import quote

from ...engine.rule_profile import Reported, SessionPage
from ...engine.seats import SEATS, Seat
from ...engine.views import (SEAT_VIEWS, Block, Box, Bullets, Cell, Chart, Code, Line, Link, ReplayView, Row, Series,
                             SessionView, Span, Strong, Table, card)
from .audit import SoloAudit
from .contracts import call_words, points_text
from .deal_line import result_words
from .ledger import SoloDealScore, SoloScore
from .payments import payment_reason
from .replay import SoloReplay

SITS_OUT = "—"  # a sitting-out player's cell
RULES_NOTE = ("Solo whist settles each deal in points paid between the players, so the evening has a payment "
              "sheet and balances, not vint's lines; it is scored only under its own rules.")


# ---------------------------------------------------------------------------------------------
# the payment sheet (§5)


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


def _score(report: Reported) -> SoloScore | None:
    """The evening's payments (``None``: it cannot be scored); a solo-whist session's ledger is ``SoloLedger``."""
    score = report.score
    assert score is None or isinstance(score, SoloScore), type(score)
    return score


def payment_sheet(report: Reported, checked: SoloAudit | None = None,
                  explained: Mapping[int, Sequence[str]] | None = None) -> PaymentSheet | None:
    """The payment sheet of a scored solo-whist evening; recorded figures that differ from the
    ones due are kept beside them with ``explained`` (the audit's words, then the problems, by
    deal). ``None`` if it cannot be scored."""
    score = _score(report)
    if score is None:
        return None
    written = {(m.deal, m.player): points_text(m.recorded) for m in (checked.mismatches if checked else ())}
    rows = []
    for deal in score.deals:
        cells = tuple(PaymentCell(SITS_OUT) if deal.sits_out == p else
                      PaymentCell(points_text(deal.paid(p)), written.get((deal.number, p))) for p in score.players)
        rows.append(PaymentRow(
            deal.number, deal.players[deal.dealer], deal.sits_out or "",
            "void (all passed)" if deal.contract is None else deal.contract.terms.title,
            _name(deal, deal.declarer), _name(deal, deal.partner), result_words(deal), cells,
            tuple(points_text(b) for b in deal.balances), tuple((explained or {}).get(deal.number, ()))))
    running = {p: [b / 4 for b in (d.balances[i] for d in score.deals)] for i, p in enumerate(score.players)}
    return PaymentSheet(score.players, report.record.info.fifth is not None, rows,
                        tuple(points_text(b) for b in score.balances), [d.number for d in score.deals], running)


def _name(deal: SoloDealScore, seat: Seat | None) -> str:
    return "" if seat is None else f"{deal.players[seat]} ({seat.name})"


def session_view(page: SessionPage) -> SessionView:
    """``/session/<id>`` of a solo-whist evening: balances, the chart of running balances, and the
    payment sheet with the audit's findings on the recorded sheet (§5)."""
    report = page.report
    checked = cast("SoloAudit | None", page.checked)  # the payments' audit (the profile's sheet_writer)
    sheet = payment_sheet(report, checked, page.explained)
    switch = Box((Line(RULES_NOTE, "muted", "rules-note"),), "rules-switch", "rules-switch")
    body: tuple[Block, ...] = (card("Cannot be scored", Bullets(tuple(page.words(d) for d in report.diagnostics), "diagnostics")),) \
        if sheet is None else (
        _balances(sheet),
        Chart("Running balances after each deal (points)", "balances-chart",
              tuple(Series(p, tuple(sheet.deals), tuple(v)) for p, v in sheet.running.items()), "deal", 300),
        card("Payment sheet", Line("Each deal's payments (+ received, − paid) with every player's balance after it. "
                                   "Click a contract to replay the deal.", "muted"),
             _sheet_table(report.record.info.id, sheet), classes="card deals-card"))
    return SessionView((switch, *body), "solo whist", "no payment sheet recorded")


def _balances(sheet: PaymentSheet) -> Box:
    return card("Balances", Box(tuple(Box((Box((b,), "value", f"balance-{i}"), Box((p,), "label")), "kpi")
                                      for i, (p, b) in enumerate(zip(sheet.players, sheet.balances))), "kpis", "balances"))


def _sheet_table(session_id: str, sheet: PaymentSheet) -> Table:
    """One row a deal and a balance row under it; a payment the scorer wrote differently is shown
    beside the one due, and the audit's explanation follows the deal."""
    fixed = ["#", "dealer"] + (["sits out"] if sheet.five else []) + ["contract", "declarer", "partner", "result"]
    head = Row(tuple(Cell(h, head=True) for h in fixed) + tuple(Cell(p, "num", head=True) for p in sheet.players))
    width = len(fixed) + len(sheet.players)
    body = []
    for r in sheet.rows:
        contract = Link(r.contract, f"/replay/{quote(session_id, safe='')}/{r.number}", "replay this deal") \
            if r.replayable else r.contract
        cells = tuple(Cell(c.due, "num") if c.written is None else
                      Cell((c.due, Span(f" written {c.written}", "paper")), "num bad-cell",
                           title="the recorded payment sheet differs here") for c in r.payments)
        body.append(Row((Cell(r.number), Cell(r.dealer)) + ((Cell(r.sits_out),) if sheet.five else ())
                        + (Cell(contract, "contract"), Cell(r.declarer), Cell(r.partner), Cell(r.result), *cells),
                        "problem-row" if r.problems else None, f"deal-{r.number}"))
        body.append(Row((Cell("balance", "muted", span=len(fixed)), *[Cell(b, "num") for b in r.balances]),
                        "balance-row"))
        if r.problems:
            body.append(Row((Cell(span=width, items=r.problems),), "explain-row", f"explain-{r.number}"))
    body.append(Row((Cell("final balances", span=len(fixed), head=True),
                     *[Cell(b, "num", head=True) for b in sheet.balances]), "final-row"))
    return Table((head,), tuple(body), "deals payments", "payment-sheet")


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


def deal_facts(report: Reported, replay: SoloReplay) -> SoloDealFacts:
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
    score = _score(report)
    scored = None if score is None else next((d for d in score.deals if d.number == deal.number), None)
    reason = "" if replay.contract is None or replay.made is None else payment_reason(
        replay.contract.terms, replay.made, replay.taken, replay.partner is not None)
    payments = [] if scored is None or score is None else [
        (s.name, players[s], points_text(scored.payments[s]), points_text(scored.balances[score.players.index(players[s])]))
        for s in SEATS]
    return SoloDealFacts(dealing, turn_up, contract, auction, replay.outcome_words(), reason, payments)


def replay_view(report: Reported, replay: SoloReplay, seat: Seat | None) -> ReplayView:
    """The replay page's lines under the title (who dealt and sat out, the turn-up, the contract
    and who plays it) and its side cards (the auction with its tokens, the deal's payments). In
    one seat's view the payments are not shown: they tell how the deal ends before its trick
    (the status says the outcome at the end of the play)."""
    facts = deal_facts(report, replay)
    head = (Line(f"Session {report.record.info.id} · solo whist · {facts.dealing}", "muted", "dealing-line"),
            *([Line(("Turn-up: ", Strong(facts.turn_up)), id="turn-up-line")] if facts.turn_up else []),
            Line(Strong(facts.contract), "muted", "contract-line"))
    auction = Table((Row(tuple(Cell(h, head=True) for h in ("", "seat", "player", "call", "token"))),),
                    tuple(Row((Cell(i, "muted"), Cell(c.seat), Cell(c.player), Cell(c.words, "call"), Cell(Code(c.token))))
                          for i, c in enumerate(facts.auction, 1)), "auction", "auction")
    payments = Table((Row(tuple(Cell(h, head=True) for h in ("seat", "player"))
                          + tuple(Cell(h, "num", head=True) for h in ("paid", "balance"))),),
                     tuple(Row((Cell(s), Cell(p), Cell(v, "num"), Cell(b, "num"))) for s, p, v, b in facts.payments),
                     id="deal-payments")
    shown = card("Payments", Line(f"Hidden: the payments tell how the deal ends, which {seat.full_name} learns at "
                                  "the end of the play.", "muted", "payments-hidden")) if seat is not None else card(
        "Payments",
        Line(facts.outcome, id="deal-outcome") if facts.outcome else None,
        Line(facts.reason, "muted", "payment-reason") if facts.reason else None,
        payments if facts.payments else Line("No payment: the deal is void or cannot be scored.", "muted"))
    side = (card("Auction", Line("from eldest hand", "muted"), auction), shown)
    return ReplayView(head, side, SEAT_VIEWS)
