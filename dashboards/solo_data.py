"""What the dashboard shows of a solo-whist evening (docs/rules/solo-whist.md): the payment
sheet with each player's running balance and the audit of a recorded sheet, the replay of one
deal, and the sessions list's line. Plain data only; every payment, balance, result and audit
finding is the engine's (``SoloScore``, ``SoloReplay``, ``audit_payments``), never recomputed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds

from dashboards.dates import shown_date
from dashboards.data import SessionRow, _text, audit_status, explanations, replay_of
from vint_replay.games.registry import get_profile, profile_names
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport
from vint_replay.games.solo.contracts import call_words, points_text
from vint_replay.games.solo.ledger import SoloDealScore, SoloScore
from vint_replay.games.solo.payments import payment_reason
from vint_replay.games.solo.replay import SoloReplay
from vint_replay.reports.audit import AuditTally
from vint_replay.reports.solo_audit import SoloAudit, audit_payments
from vint_replay.reports.solo_sheet import result_words
from vint_replay.store import Store

SITS_OUT = "—"  # a sitting-out player's cell


def solo_rules() -> list[str]:
    """The profiles whose evenings are solo whist (a payment sheet, not vint's lines)."""
    return [name for name in profile_names() if get_profile(name).solo_record]


def is_solo(report: SessionReport) -> bool:
    return report.profile.solo_record


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


def need_words(replay: SoloReplay) -> str | None:
    """What the declaring side must do: ``take no trick``, ``take 5 tricks``, ``take 8 tricks together``."""
    if replay.contract is None:
        return None
    terms = replay.contract.terms
    return "take no trick" if terms.avoid else f"take {terms.need} tricks" + (" together" if replay.partner else "")


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
        contract = f"{terms.title} by {who}: {need_words(replay)}; {trumps}; {SEATS[replay.leader].full_name} leads"
    auction = [AuctionCall(seat.name, players[seat], call.value, call_words(call)) for seat, call in replay.calls_with_callers()]
    scored = deal_score(report, deal.number)
    reason = "" if replay.contract is None or replay.made is None else payment_reason(
        replay.contract.terms, replay.made, replay.taken, replay.partner is not None)
    score: SoloScore | None = report.score  # type: ignore[assignment]
    payments = [] if scored is None or score is None else [
        (s.name, players[s], points_text(scored.payments[s]), points_text(scored.balances[score.players.index(players[s])]))
        for s in SEATS]
    return SoloDealFacts(dealing, turn_up, contract, auction, replay.outcome_words(), reason, payments)


def replay_payload(report: SessionReport, number: int, seat: Seat | None = None) -> dict[str, object] | None:
    """One solo deal for stepping in the browser, in the shape ``assets/replay.js`` draws (see
    :func:`dashboards.data.replay_payload`) with what solo whist adds: the turn-up card marked in
    the dealer's hand, the partner of a proposal, open misère's hand face up after trick 1, the
    declaring seats, and the engine's outcome for the end of the play (``panel: "solo"``, drawn
    by ``assets/solo_replay.js``). In the view of one ``seat`` only his hand is shipped, and the
    open misère's hand once it is laid down."""
    replay: SoloReplay | None = replay_of(report, number)  # type: ignore[assignment]
    if replay is None:
        return None
    deal, solo = replay.deal, replay.solo
    exposed_from = len(replay.tricks[0].cards) if replay.exposed is not None else None  # once trick 1 is complete
    tags: list[list[str]] = [[] for _ in SEATS]
    if replay.partner is not None:
        tags[replay.partner].append("partner")
    if solo.sits_out is not None:
        tags[deal.dealer].append(f"turn-up ({solo.sits_out} deals and sits out)")

    def seen(hand: int) -> bool:
        return seat is None or seat == hand or (hand == replay.declarer and exposed_from is not None)

    return {
        # with five players the dealer sits out: the seat of the turn-up is tagged instead
        "deal": number, "players": list(replay.players), "dealer": None if solo.sits_out else int(deal.dealer),
        "contract": None if replay.contract is None else replay.contract.terms.title,
        "declarer": None if replay.declarer is None else int(replay.declarer),
        "dummy": None, "dummy_from": None, "dummy_line": None, "vulnerable": None,
        "needed": None, "trump": None if replay.trump is None else int(replay.trump),
        "value": None, "threshold": None, "below": None, "below_after": None, "below_end": None, "game": None,
        "view": "all" if seat is None else seat.name,
        "hands": None if replay.hands is None else [sorted(i for i in range(52) if h >> i & 1) if seen(k) else None
                                                    for k, h in enumerate(replay.hands)],
        "play": [int(c) for t in replay.tricks for c in t.cards],
        "leaders": [int(t.leader) for t in replay.tricks],
        "winners": [int(t.winner) for t in replay.tricks],
        "result": None, "claim": None, "dd": None,
        "panel": "solo",
        "tags": tags,
        "marked": None if solo.turn_up is None else {"card": int(solo.turn_up), "title": "the turn-up card"},
        "face_up": None if exposed_from is None else
        {"seat": int(replay.declarer), "from": exposed_from, "tag": "face up"},  # type: ignore[arg-type]
        "declaring": [int(s) for s in replay.declaring],
        "need": need_words(replay),
        "outcome": replay.outcome_words() or None,
    }


# ---------------------------------------------------------------------------------------------
# the sessions list


def solo_deals(store: Store, sessions: pd.DataFrame) -> pd.DataFrame:
    """The stored deals (session_id, extra_json) of the solo-whist evenings among ``sessions``."""
    ids = [str(i) for i in sessions.loc[sessions["rules"].isin(solo_rules()), "session_id"]]
    if not ids:  # no scan of the deals of a store without solo whist
        return pd.DataFrame({"session_id": [], "extra_json": []})
    table = store.read("deals", ds.field("session_id").isin(pa.array(ids, pa.string())), ["session_id", "extra_json"])
    return table.to_pandas()


def session_rows(sessions: pd.DataFrame, deals: pd.DataFrame) -> dict[str, SessionRow]:
    """The sessions list's line of each solo-whist evening in ``sessions`` (all columns): every
    player (a fifth too), the final balances as the result, and the tally of the recorded payment
    sheet counted as the audit counts it (one entry a seat whose written payment is not the one
    due), from the deals' stored ``payments`` and ``due`` (``deals``: session_id, extra_json)."""
    per_deal: dict[str, list[int]] = {}
    for sid, extra in zip(deals["session_id"], deals["extra_json"]):
        stored = json.loads(extra)["solo"] if isinstance(extra, str) else {}
        if "payments" in stored:
            per_deal.setdefault(str(sid), []).append(sum(w != d for w, d in zip(stored["payments"], stored["due"])))
    rows = {}
    for s in sessions[sessions["rules"].isin(solo_rules())].itertuples(index=False):
        sid = str(s.session_id)
        extra = json.loads(s.extra_json)
        balances = extra["balances"]
        tally = AuditTally.of(per_deal.get(sid, []))
        rows[sid] = SessionRow(
            sid, shown_date(_text(s.date)), _text(s.event), _text(s.table_name), "solo whist: " + ", ".join(balances),
            int(s.deals), 0, "balances " + " · ".join(f"{p} {points_text(q)}" for p, q in balances.items()),
            "no payment sheet" if not tally.deals_checked else tally.text, bool(tally.deals_checked), not tally.clean)
    return rows
