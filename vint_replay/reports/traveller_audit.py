"""A board's ``[ScoreTable]`` traveller audited (docs/format.md §4.4, §5.2): each listed table's
contract, declarer and result scored again under the session's rules (duplicate-bridge.md §3)
against the listed score, and its matchpoints against the other listed tables' (§5.1, factored
up past an adjusted table, §5.4–§5.5), and its IMPs against a datum or the other tables' (§5.7);
and the pairs' totals over every traveller, against ``[TotalScoreTable]`` where the file lists them."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.plural import plural
from ..engine.record import DealRecord, RecordedFigures
from ..engine.scoring import DealFacts
from ..engine.seats import Side, by_seat
from ..engine.session import SessionReport
from ..formats.pbn_traveller import PairTotal, TravellerLine
from ..games.bridge.duplicate import board_score
from ..games.bridge.imps import ImpReading, pairs_imps
from ..games.registry import RubberState
from .duplicate_comparison import Scoring, agrees, board_top, differs_matchpoints, matchpoints, neuberg

Travellers = dict[int, tuple[TravellerLine, ...]]


@dataclass(frozen=True, slots=True)
class TravellerMismatch:
    """A traveller row whose listed score or matchpoints differ from the recomputed ones, or a
    pair's total (``[TotalScoreTable]``) that differs from the sum of its boards."""

    board: int  # the board whose tag holds the row
    line: int
    listed: str  # the row's result: ``4HX N 9``; a total's pair: ``pair 7``
    message: str
    tag: str = "ScoreTable"
    figure: str = ""  # what of a row differs: "score", "matchpoints", "percentage", "imps" or "pairs" (a total's: "")

    def describe(self) -> str:
        return f"deal {self.board}, [{self.tag}] line {self.line} ({self.listed}): {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"board": self.board, "line": self.line, "listed": self.listed, "message": self.message,
                **({"tag": self.tag} if self.tag != "ScoreTable" else {})}


@dataclass(frozen=True, slots=True)
class TravellerAudit:
    """The rows checked over every traveller of a session (and the pairs' totals), those that
    differ, and the reading its ``IMP_`` columns were checked by (``None``: it has none)."""

    rows_checked: int
    mismatches: tuple[TravellerMismatch, ...]
    totals_checked: int = 0
    imp_reading: ImpReading | None = None


@dataclass(frozen=True, slots=True)
class TableScore:
    """One traveller row scored: N–S's score recomputed (``None`` for an adjusted score), each
    side's matchpoints of the board's ``top`` (``None`` for an adjusted side not given), and N–S's
    IMPs by each reading of §5.7 (none for an adjusted score)."""

    row: TravellerLine
    score: int | None
    won: tuple[float | None, float | None]  # N–S's, E–W's
    top: int
    imps: dict[ImpReading, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's session over the travellers: the boards it played, its matchpoints and its
    percentage, the mean of its boards' (duplicate-bridge.md §5.3); and, as a scoring program
    adds them up, its boards' matchpoints as the travellers round them (``listed``) over the
    boards' tops."""

    pair: str
    boards: int
    matchpoints: float
    percentage: float
    listed: float
    tops: int
    imps: float = 0.0  # §5.7: its boards' IMPs by the session's reading, in either direction

    @property
    def listed_percentage(self) -> float:
        return 100 * self.listed / self.tops


def board_tables(report: SessionReport, deal: DealRecord, rows: tuple[TravellerLine, ...]) -> list[TableScore]:
    """Every row of ``deal``'s traveller scored: the tables that played matchpointed among
    themselves and factored up to every table listed, an adjusted one's sides their assigned
    shares of the top (duplicate-bridge.md §5.1, §5.4–§5.5)."""
    played = [row for row in rows if row.assigned is None]
    scores = [_score(report, deal, row) for row in played]
    tables = len(rows)
    top = board_top(Scoring.NEUBERG, len(played), tables)  # 2 per other table listed
    out = []
    for k, (row, score) in enumerate(zip(played, scores)):
        others = scores[:k] + scores[k + 1:]
        won = neuberg(matchpoints(score, others), len(played), tables) if tables > 1 else None
        out.append(TableScore(row, score, (won, None if won is None else top - won), top,
                              {reading: pairs_imps(reading, score, others) for reading in ImpReading}))
    for row in rows:
        if row.assigned is not None:
            ns, ew = row.assigned
            out.append(TableScore(row, None, (_of(ns, top), _of(ew, top)), top))
    return out


def _of(share: float | None, top: int) -> float | None:
    """An adjusted side's matchpoints: its percentage of the top (§5.5)."""
    return None if share is None else share * top / 100


def audit_travellers(report: SessionReport, travellers: Travellers, totals: tuple[PairTotal, ...] = ()) -> TravellerAudit:
    """Every row of the travellers of ``report``'s boards recomputed on its board's hands and
    vulnerability (a board the session does not hold is skipped: nothing to score it on), and
    each pair's listed total against the sum of its boards (:func:`standings`)."""
    checked = 0
    found: list[TravellerMismatch] = []
    scored = scored_tables(report, travellers)
    reading = imp_reading(scored)
    for number, tables in scored.items():
        for table in tables:
            checked += 1
            found.extend(row_mismatches(number, table, reading))
        found.extend(repeated_pairs(number, [table.row for table in tables]))
    if travellers:  # with no traveller read there is nothing to add up: the totals are not checked
        found.extend(_totals_differ(standings(report, travellers), totals, min(travellers)))  # on the first board
    return TravellerAudit(checked, tuple(found), len(totals) if travellers else 0, reading)


def imp_reading(scored: dict[int, list[TableScore]]) -> ImpReading | None:
    """The reading of §5.7 a session's ``IMP_`` columns were written by: the one most of its
    recorded IMPs agree with (Butler first, then cross-IMPs summed, then averaged, on a tie);
    ``None`` when no row records IMPs."""
    recorded = [(table, figure) for tables in scored.values() for table in tables
                if table.imps and (figure := table.row.figures.imps) is not None]
    if not recorded:
        return None
    return max(ImpReading, key=lambda reading: sum(
        agrees(value, _side_imps(table, reading, side), table.row.imps_written)
        for table, (side, value) in recorded))


def _side_imps(table: TableScore, reading: ImpReading, side: Side) -> float:
    """``side``'s IMPs on a scored row by ``reading``: E–W's are N–S's negated (§5.7)."""
    ns = table.imps[reading]
    return ns if side is Side.NS else -ns


def standings(report: SessionReport, travellers: Travellers) -> dict[str, PairStanding]:
    """Each pair's matchpoints over the boards its number is listed at, N–S or E–W (pairs may
    change direction), and its percentage, the mean of its boards' (duplicate-bridge.md §5.3);
    in a session scored in IMPs, its IMPs too, by the reading the travellers agree with (§5.7)."""
    boards: dict[str, list[tuple[float, float, int]]] = {}  # each board's matchpoints, as rounded, its top
    won_imps: dict[str, float] = {}
    scored = scored_tables(report, travellers)
    reading = imp_reading(scored)
    for tables in scored.values():
        for table in tables:
            for pair, won, side in zip(table.row.pairs or (), table.won, Side):
                if won is not None:
                    boards.setdefault(pair, []).append((won, _rounded(won, table.row.written[0]), table.top))
                if reading is not None and table.imps:
                    won_imps[pair] = won_imps.get(pair, 0.0) + _side_imps(table, reading, side)
    return {pair: PairStanding(pair, len(won), sum(w for w, _, _ in won), sum(100 * w / t for w, _, t in won) / len(won),
                               sum(r for _, r, _ in won), sum(t for _, _, t in won), won_imps.get(pair, 0.0))
            for pair, won in boards.items()}


def _rounded(value: float, written: float) -> float:
    """``value`` rounded half up as a figure written to ``written`` (half its last digit) is."""
    if not written:
        return value
    unit = 2 * written
    return math.floor(value / unit + 0.5 + 1e-9) * unit


def scored_tables(report: SessionReport, travellers: Travellers) -> dict[int, list[TableScore]]:
    """Each traveller of a board ``report`` holds, its rows scored (:func:`board_tables`)."""
    deals = {d.number: d for d in report.record.deals}
    return {number: board_tables(report, deals[number], rows) for number, rows in travellers.items() if number in deals}


def row_mismatches(board: int, table: TableScore, reading: ImpReading | None = None) -> list[TravellerMismatch]:
    """What of a scored row the recomputation contradicts: its listed score, its recorded
    figures against its side's recomputed matchpoints, and its recorded IMPs against its side's
    by the session's ``reading`` (§5.7; an adjusted row's are not checked). An adjusted table's
    sides' shares need not add up to the top, so each figure is held against its own side's."""
    row, top = table.row, table.top
    out: list[TravellerMismatch] = []
    if row.score is not None and table.score is not None and row.score != table.score:
        out.append(TravellerMismatch(board, row.line, row.text, f"listed NS {row.score}, recomputed NS {table.score}",
                                     figure="score"))
    for name, recorded in (("matchpoints", RecordedFigures(matchpoints=row.figures.matchpoints)),
                           ("percentage", RecordedFigures(percentage=row.figures.percentage))):
        figure = recorded.matchpoints or recorded.percentage
        won = None if figure is None else table.won[figure[0]]
        if figure is None or won is None:
            continue
        ns = won if figure[0] is Side.NS else top - won  # as N–S's, as differs_matchpoints reads it
        out.extend(TravellerMismatch(board, row.line, row.text, f"recorded {differs}, recomputed NS {ns:.4g} of {top}",
                                     figure=name)
                   for differs in differs_matchpoints(recorded, ns, top, 100 * ns / top, row.written))
    if reading is not None and table.imps and row.figures.imps is not None:
        side, value = row.figures.imps
        if not agrees(value, _side_imps(table, reading, side), row.imps_written):
            out.append(TravellerMismatch(board, row.line, row.text, f"recorded IMP_{side.name} {value:g}, recomputed NS "
                                         f"{table.imps[reading]:.4g} IMPs ({reading})", figure="imps"))
    return out


def repeated_pairs(board: int, rows: Sequence[TravellerLine]) -> list[TravellerMismatch]:
    """Each row of a board's traveller that lists a pair listed on an earlier row (or on its
    own other side): a pair plays a board once (duplicate-bridge.md §5.6), so one of the rows is
    another pair's or another board's, and the pair's session counts the board twice."""
    first: dict[str, int] = {}
    out: list[TravellerMismatch] = []
    for row in sorted(rows, key=lambda row: row.line):
        for pair in row.pairs or ():
            if pair in first:
                out.append(TravellerMismatch(board, row.line, row.text, f"pair {pair} is listed again (first on line "
                                             f"{first[pair]}): a pair plays a board once", figure="pairs"))
            else:
                first[pair] = row.line
    return out


def _totals_differ(found: dict[str, PairStanding], totals: tuple[PairTotal, ...], board: int) -> list[TravellerMismatch]:
    """Each listed pair's total against its standing as a scoring program adds it up: its boards'
    matchpoints as the travellers round them, over their tops."""
    out: list[TravellerMismatch] = []
    for total in totals:
        ours = found.get(total.pair)
        if ours is None:
            out.append(TravellerMismatch(board, total.line, f"pair {total.pair}", "listed, but on no traveller",
                                         "TotalScoreTable"))
            continue
        out.extend(TravellerMismatch(board, total.line, f"pair {total.pair}", f"recorded {recorded:g}{unit}, recomputed "
                                     f"{value:.2f}{unit} over {plural(ours.boards, 'board')}", "TotalScoreTable")
                   for recorded, value, unit in total_differences(total, ours))
    return out


def total_differences(total: PairTotal, ours: PairStanding) -> list[tuple[float, float, str]]:
    """The figures of a pair's listed total that its standing contradicts beyond the rounding
    they are written to: each as (recorded, recomputed, unit)."""
    return [(figure[0], value, unit)
            for figure, value, unit in ((total.matchpoints, ours.listed, " MP"), (total.percentage, ours.listed_percentage, " %"))
            if figure is not None and not agrees(figure[0], value, figure[1])]


def _score(report: SessionReport, deal: DealRecord, row: TravellerLine) -> int:
    """N–S's score of the row's result on ``deal`` (nothing for a pass-out)."""
    if row.contract is None or row.tricks is None:
        return 0
    profile = report.profile
    vulnerable = profile.vulnerability(RubberState((), 0), deal.number, deal.vulnerable)
    side = row.contract.declarer.side
    taken = (row.tricks, 13 - row.tricks) if side is Side.NS else (13 - row.tricks, row.tricks)
    hands = None if deal.hands is None else by_seat(h.mask for h in deal.hands)
    return board_score(profile.score(DealFacts(row.contract, taken, hands, vulnerable)))
