"""What each dashboard page shows, computed from session reports and store tables.

Pure functions and plain data only (no Dash, no Flask), so every page's content is testable
without a browser. Scores, replays and audits all come from the engine; nothing is recomputed here.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

import pandas as pd

from dashboards.dates import shown_date
from vint_replay.reports import labels
from vint_replay.engine.audit_report import AuditTally, Found
from vint_replay.reports.audit import AuditReport, audit
from vint_replay.reports.sheets import sheet_writer
from vint_replay.reports.diagnostic_labels import diagnostic_words
from vint_replay.reports.scoresheet import vulnerable_short
from vint_replay.engine.diagnostics import Diagnostic, Severity
from vint_replay.engine.ledger import DealScore, SessionScore
from vint_replay.games.registry import SheetLayout, get_profile, profile_names
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.engine.record import LineTotals, SessionInfo
from vint_replay.engine.rescore import refusal
from vint_replay.engine.replay import DealReplay
from vint_replay.engine.seats import Side, by_seat
from vint_replay.engine.session import SessionReport
from vint_replay.engine.views import auction_grid
from vint_replay.engine.rubber_view import SheetEntry, SheetRubber, rubber_sheets


def side_players(info: SessionInfo, side: Side) -> str:
    """``Иванов & Сидоров``: the two partners of a side (reports/labels.py, as the terminal says it)."""
    return labels.pair_names(info.players[side], info.players[side + 2])


def difference_text(totals: tuple[int, int] | list[int]) -> str:
    """``N–S by 138`` or ``tie``: who leads and by how much."""
    ns, ew = totals
    if ns == ew:
        return "tie"
    return f"{(Side.NS if ns > ew else Side.EW).label} by {abs(ns - ew)}"


def rescore_choices(played: str) -> list[str]:
    """The profiles an evening played under ``played`` can be rescored under: its own and those
    neither game refuses (``RuleProfile.rescoring_refused``: solo whist and vint are different
    games, a 2/3/5 record names its places' roles). The switch offers these."""
    table = get_profile(played)
    return [name for name in profile_names() if refusal(table, get_profile(name)) is None]


def unreadable_under(played: SessionReport, rescored: SessionReport) -> str | None:
    """Why the record cannot be rescored under ``rescored``'s profile, in one sentence (``None``:
    it can): errors the evening as played does not have, such as a vint auction read in bridge's
    order of the suits, where a call that was higher in vint is insufficient."""
    def errors(report: SessionReport) -> list[Diagnostic]:
        return [d for d in report.diagnostics if d.severity is Severity.ERROR]

    new = errors(rescored)
    if len(new) <= len(errors(played)):
        return None
    count = f"{len(new)} error{'s' if len(new) > 1 else ''}"
    return (f"Not offered: under {rescored.profile.name} the record cannot be read as it was played "
            f"({count}; the first, {diagnostic_text(new[0])}).")


def audit_of(report: SessionReport) -> AuditReport | None:
    """The audit of a scored session (``None`` when it cannot be scored)."""
    return None if report.score is None else audit(report.record, report.score, replays=report.replays)


def audit_status(report: SessionReport, checked: AuditReport[Found] | None, unrecorded: str = "no paper score") -> str:
    """One phrase for a session: invalid, nothing recorded to check (``unrecorded``), or the
    audit tally as ``vint-replay audit`` says it (``no mismatches``, ``2 deals with mismatches (3 entries)``)."""
    errors = sum(1 for d in report.diagnostics if d.severity is Severity.ERROR)
    if errors:
        return f"invalid ({errors} error{'s' if errors != 1 else ''})"
    if checked is None or checked.deals_checked == 0:
        return unrecorded
    return checked.tally.text


# ---------------------------------------------------------------------------------------------
# the paper scoresheet


@dataclass(frozen=True)
class BoardRow:
    """One board of a board-by-board (duplicate) sheet: the score from N–S's side and the running total."""

    number: int
    vulnerable: str
    contract: str
    declarer: str
    tricks: str
    score: int  # board_score: positive for N–S, negative for E–W
    running: int


@dataclass
class Scoresheet:
    """The scoresheet as kept on paper: per rubber, both columns above and below the line; or,
    for a profile whose sheet is kept by boards, one row per board (``boards``)."""

    headers: tuple[str, str]
    rubbers: list[SheetRubber]
    totals: tuple[int, int]
    difference: str
    boards: list[BoardRow] | None = None


def scoresheet(report: SessionReport, checked: AuditReport | None = None) -> Scoresheet | None:
    """Build the paper scoresheet of a scored session; entries of deals whose recorded numbers
    disagree on that side and line are flagged. ``None`` if the session cannot be scored."""
    score = report.score
    if score is None:
        return None
    bad = {(m.deal, m.side, m.line) for m in (checked.mismatches if checked else ())}
    info = report.record.info
    headers = (f"N–S: {side_players(info, Side.NS)}", f"E–W: {side_players(info, Side.EW)}")
    if report.profile.scoresheet is SheetLayout.BOARDS:
        return Scoresheet(headers, [], score.totals, difference_text(score.totals), board_rows(score))
    rubbers = rubber_sheets(score, bad)
    return Scoresheet(headers, rubbers, score.totals, difference_text(score.totals))


def board_rows(score: SessionScore) -> list[BoardRow]:
    """Every board with its duplicate score (the engine's ``board_score``) and N–S's running total."""
    rows, running = [], 0
    for deal in score.deals:
        points = board_score(deal.entries)
        running += points
        contract = deal.contract
        taken = "" if contract is None or deal.tricks is None else str(deal.tricks[contract.declarer.side])
        if deal.bidding_record or deal.unfinished:  # bid, never played; stopped by its table (format.md §5.2)
            taken = "not played" if deal.bidding_record else "unfinished"
        shown = labels.contract_text(contract) if contract else (
            "passed out" if deal.passed_out else deal.unplayed_word or "?")
        rows.append(BoardRow(deal.number, vulnerable_short(deal.vulnerable), shown,
                             "" if contract is None else contract.declarer.name, taken, points, running))
    return rows


@dataclass(frozen=True)
class DealRow:
    """One deal in the scoresheet's deal table."""

    number: int
    dealer: str
    contract: str
    declarer: str
    tricks: str  # declarer's tricks / needed, e.g. "8/9"
    points: tuple[tuple[int, int], tuple[int, int]] | None  # (below, above) by side
    recorded: tuple[tuple[int, int], tuple[int, int]] | None
    game: str
    problems: tuple[str, ...]  # audit explanations or validation messages


def explanations(report: SessionReport, checked: AuditReport | None) -> dict[int, list[str]]:
    """What is wrong with each deal, by number: the audit's explanations, then the diagnostics."""
    explained: dict[int, list[str]] = {}
    for m in checked.mismatches if checked else ():
        explained.setdefault(m.deal, []).append(m.explanation)
    for d in report.diagnostics:
        if d.deal is not None:
            explained.setdefault(d.deal, []).append(diagnostic_text(d))
    return explained


def deal_rows(report: SessionReport, checked: AuditReport | None = None, paper: bool = True) -> list[DealRow]:
    """Every deal with contract, declarer, tricks and points, plus what is wrong with it; the
    paper figures beside them unless ``paper`` is off (a rescored evening: the paper was kept
    under the table's own rules)."""
    scored: dict[int, DealScore] = {d.number: d for d in (report.score.deals if report.score else ())}
    explained = explanations(report, checked)
    rows = []
    for replay in report.replays:
        deal = replay.deal
        s = scored.get(deal.number)
        contract = replay.contract
        if deal.void:  # laws.md §3.3: thrown in and dealt again, nothing scored
            shown, declarer, tricks = f"void (law {deal.void})", "", ""
        elif replay.passed_out:
            shown, declarer, tricks = "passed out", "", ""
        elif contract is None:
            shown = (s.unplayed_word if s is not None else None) or ("unfinished" if replay.unfinished else "?")
            declarer, tricks = "", ""
        else:
            shown = labels.contract_text(contract)
            declarer = contract.declarer.name
            taken = replay.tricks_won[contract.declarer.side] if replay.tricks_won else None
            tricks = ("not played" if replay.bidding_record else "unfinished" if replay.unfinished
                      else "?" if taken is None else f"{taken}/{contract.tricks_needed}")
            if s is not None and s.penalty is not None:  # laws §8.4: as played → as scored
                tricks = f"{taken} → {s.penalty.tricks_after[contract.declarer.side]}/{contract.tricks_needed}"
        points = None if s is None else _lines(s.totals(Side.NS), s.totals(Side.EW))
        recorded = None if deal.recorded is None or not paper else _lines(*deal.recorded)
        game = ""
        if s is not None and s.game is not None:
            game = f"{s.game.side.label} {'rubber' if s.game.bonus == 'rubber' else 'game'}" + (
                f" (trick {s.game.trick})" if s.game.trick else "")
        rows.append(DealRow(deal.number, deal.dealer.name, shown, declarer, tricks,
                            points, recorded, game, tuple(explained.get(deal.number, ()))))
    return rows


def _lines(ns: LineTotals, ew: LineTotals) -> tuple[tuple[int, int], tuple[int, int]]:
    """Both sides' points below and above the line, N–S first, as a deals row shows them."""
    return (ns.below, ns.above), (ew.below, ew.above)


def url_number(text: object) -> int | None:
    """A deal, card or version number from the URL: up to six ASCII digits, else ``None``
    (``int`` would take ``²`` and then fail, and refuses 5,000 digits; a repeated query key
    arrives as a list)."""
    if isinstance(text, str) and 0 < len(text) <= 6 and text.isascii() and text.isdigit():
        return int(text)
    return None


def spaced(starts: list[tuple[int, int]], steps: int, most: int = 12) -> list[tuple[int, int]]:
    """At most ``most`` of the (step, deal) ticks of the race chart, each at least ``steps / most``
    steps after the one before: a passed-out deal starts where the next one does, and two labels
    on one spot overlap."""
    kept: list[tuple[int, int]] = []
    for step, deal in starts:
        if not kept or step - kept[-1][0] >= max(1, steps / most):
            kept.append((step, deal))
    return kept


def diagnostic_text(d: Diagnostic) -> str:
    """A diagnostic in one line of words, without the file name: ``deal 3, card 18 — a player
    did not follow suit: …`` (the code's label, not the code)."""
    return diagnostic_words(d)


@dataclass(frozen=True)
class Progress:
    """The chart data of a session: totals after each deal and below-the-line points after
    each trick (reset at each game line), with where the games were won."""

    deals: list[int]  # deal numbers, one per point of ``totals``
    totals: tuple[list[int], list[int]]  # running total per side after each deal
    trick_labels: list[str]  # "deal 3, trick 7", one per point of ``below``
    deal_starts: list[tuple[int, int]]  # (index into trick_labels, deal number)
    below: tuple[list[int], list[int]]
    games: list[tuple[int, Side, str]]  # (index into trick_labels, side, label)
    threshold: int
    closing: tuple[int, int] | None = None  # the totals once an unfinished rubber's closing entries are written


def progress(report: SessionReport) -> Progress | None:
    """Running totals per deal and below-the-line progress per trick, from the engine's ledger."""
    score = report.score
    if score is None:
        return None
    totals: tuple[list[int], list[int]] = ([], [])
    running = [0, 0]
    labels: list[int] = []
    tlabels: list[str] = []
    starts: list[tuple[int, int]] = []
    below: tuple[list[int], list[int]] = ([], [])
    games: list[tuple[int, Side, str]] = []
    for deal in score.deals:
        for side in Side:
            t = deal.totals(side)
            running[side] += t.below + t.above
            totals[side].append(running[side])
        labels.append(deal.number)
        if deal.contract is None or deal.trick_value is None:
            continue
        # the ledger's own race: after each trick, or once for a deal kept by its result only
        race = list(deal.below_after) or ([deal.below_end] if deal.below_end else [])
        starts.append((len(tlabels), deal.number))
        for i, level in enumerate(race, 1):
            tlabels.append(f"deal {deal.number}, trick {i}" if deal.below_after else f"deal {deal.number} (result only)")
            below[0].append(level[0])
            below[1].append(level[1])
            if deal.game is not None and (deal.game.trick == i or (deal.game.trick is None and i == len(race))):
                what = "rubber" if deal.game.bonus == "rubber" else "game"
                games.append((len(tlabels) - 1, deal.game.side, f"{deal.game.side.label} {what}"))
    closing = score.totals if any(r.closing_entries for r in score.rubbers) else None
    return Progress(labels, totals, tlabels, starts, below, games, report.profile.game_threshold, closing)


# ---------------------------------------------------------------------------------------------
# the replay


def replay_of(report: SessionReport, number: int) -> DealReplay | None:
    return next((r for r in report.replays if r.deal.number == number), None)


def neighbours(report: SessionReport, number: int) -> tuple[int | None, int | None]:
    """The previous and next deal numbers of the session (``None`` at either end)."""
    numbers = [d.number for d in report.record.deals]
    if number not in numbers:
        return None, None
    i = numbers.index(number)
    return (numbers[i - 1] if i > 0 else None), (numbers[i + 1] if i + 1 < len(numbers) else None)


# ---------------------------------------------------------------------------------------------
# the sessions list (store tables)

SEAT_COLUMNS = ("player_n", "player_e", "player_s", "player_w")


@dataclass(frozen=True)
class SessionRow:
    """One line of the sessions list."""

    id: str
    date: str
    event: str
    table: str
    players: str  # "A & C v B & D"
    deals: int
    rubbers: int
    result: str
    audit: str  # the audit tally's text, as `vint-replay audit` says it
    audited: bool  # some deal has a paper score to check
    mismatched: bool


FIGURES = ("below_ns", "above_ns", "below_ew", "above_ew")
AUDIT_COLUMNS = ["session_id", *FIGURES, *(f"recorded_{f}" for f in FIGURES)]


def session_rows(sessions: pd.DataFrame, deals: pd.DataFrame) -> list[SessionRow]:
    """The sessions table joined with each session's audit tally, counted as ``audit`` counts
    (:class:`AuditTally`) from the deals' recorded and recomputed figures (``AUDIT_COLUMNS``;
    a deal without a recorded score is not checked)."""
    audited = deals.dropna(subset=[f"recorded_{f}" for f in FIGURES]).astype({"session_id": str})
    differing = sum((audited[f"recorded_{f}"] != audited[f]).astype(int) for f in FIGURES)
    per_deal = differing.groupby(audited["session_id"]).agg(list) if len(audited) else pd.Series(dtype=object)
    rows = []
    for s in sessions.itertuples(index=False):
        sid = str(s.session_id)
        tally = AuditTally.of(per_deal.get(sid, []))
        status = "no paper score" if not tally.deals_checked else tally.text
        rows.append(SessionRow(
            sid, shown_date(_text(s.date)), _text(s.event), _text(s.table_name),
            labels.table_names(*(_text(name) for name in (s.player_n, s.player_e, s.player_s, s.player_w))),
            int(s.deals), int(s.rubbers),
            difference_text((int(s.total_ns), int(s.total_ew))), status, bool(tally.deals_checked), not tally.clean))
    return rows


def own_sheet_rows(rows: list[SessionRow], sessions: pd.DataFrame,
                   report_of: Callable[[str], SessionReport | None]) -> list[SessionRow]:
    """The sessions list with each session whose game keeps a sheet of its own (``session_ledger``:
    a 2/3/5 party's players, solo whist's payments), which the store's two sides' totals do not
    hold, named by its players and its result as the game states it (the score's
    ``session_summary``, as ``vint-replay sessions`` prints it) and audited by its own sheet
    (``reports/sheets.py``); the others' rows stay as the store's totals give them."""
    own = {str(s.session_id) for s in sessions.itertuples(index=False) if keeps_own_sheet(s)}
    out = []
    for row in rows:
        report = report_of(row.id) if row.id in own else None
        if report is None or report.score is None:
            out.append(row)
            continue
        summary = report.score.session_summary()
        checked = sheet_writer(report).audit(report)
        out.append(replace(row, players=f"{len(summary.columns)} players: " + ", ".join(c.label for c in summary.columns),
                           result="balances " + summary.text(" · "), audit=audit_status(report, checked),
                           audited=bool(checked.deals_checked), mismatched=not checked.tally.clean))
    return out


def keeps_own_sheet(session: object) -> bool:
    """Whether a stored session's profile keeps its own sheet (``session_ledger``), from its
    sessions row (rules, options, players, and a fifth player or a party in ``extra_json``)."""
    stored = getattr(session, "extra_json")
    extra = json.loads(stored) if isinstance(stored, str) and stored else {}  # a missing value reads as NaN
    players = by_seat(str(getattr(session, c)) for c in SEAT_COLUMNS)
    info = SessionInfo(str(getattr(session, "session_id")), players, rules=str(getattr(session, "rules")),
                       fifth=extra.get("fifth"), party=tuple(extra["party"]) if "party" in extra else None)
    return get_profile(info.rules, extra.get("options")).session_ledger(info) is not None


def filter_rows(rows: list[SessionRow], text: str | None, audit_only: bool, sort: str) -> list[SessionRow]:
    """Rows whose id, event, table or players contain ``text`` (any case); with ``audit_only``
    only sessions whose paper score has mismatches; sorted by ``date``/``-date``/``deals``/``id``."""
    needle = (text or "").strip().casefold()
    out = [r for r in rows if not needle or needle in f"{r.id} {r.event} {r.table} {r.players}".casefold()]
    if audit_only:
        out = [r for r in out if r.mismatched]
    key, reverse = sort.lstrip("-"), sort.startswith("-")
    return sorted(out, key=lambda r: (getattr(r, key), r.id), reverse=reverse)


def _text(value: object) -> str:
    return "" if value is None or (isinstance(value, float) and value != value) else str(value)
