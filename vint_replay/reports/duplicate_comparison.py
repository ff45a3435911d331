"""A duplicate event's boards set side by side across its sessions: a team match's two rooms (or
tables) in IMPs, a pairs event's tables in matchpoints, each checked against the file's recorded figures
(PBN's ``[ScoreIMP]``, ``[ScoreMP]``, ``[ScorePercentage]``; docs/format.md §5.2)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..engine.calls import Contract
from ..engine.record import RecordedFigures
from ..games.bridge.duplicate import board_score
from ..games.bridge.imps import imps
from ..engine.seats import Side
from ..engine.session import SessionReport
from .labels import PASSED_OUT, contract_text

ROUNDING_SLACK = 0.01  # recorded matchpoints and percentages are rounded to two decimals
TABLE_ID = re.compile(r"-table-\d+$")  # a pairs event's session, as formats/pbn.py names it (format.md §5.2)
MATCH_ID = re.compile(r"--(?P<match>[a-z0-9-]+)--table-[a-z0-9-]+$")  # a team match's table, as formats/pbn.py names it
DAY_AND_TIME = re.compile(r"(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})[ T][0-9]")  # BBO's [Date "2013-11-23 11:21"]


class Scoring(StrEnum):
    """How an event's boards are compared (docs/rules/duplicate-bridge.md §5): a team match's rooms in
    IMPs, a pairs event's tables on one of the matchpoint scales."""

    IMPS = "imps"
    MATCHPOINTS = "matchpoints"  # §5.1: 2 for each score beaten, 1 for each tie; top 2 × (tables − 1)
    TOPS = "tops"  # §5.2: 1 for each score beaten, ½ for each tie; top tables − 1
    PERCENTAGES = "percentages"  # §5.3: each board's matchpoints as a percentage of its top; the mean over boards
    NEUBERG = "neuberg"  # §5.4: matchpoints of a board played fewer times factored up to the event's most


def matchpoints(score: int, others: list[int]) -> int:
    """N–S's matchpoints for ``score`` against the other tables' (duplicate-bridge.md §5.1): 2 for
    each score beaten, 1 for each tie."""
    return sum(2 if score > other else 1 if score == other else 0 for other in others)


def neuberg(points: float, played: int, most: int) -> float:
    """Matchpoints (§5.1's scale) won on a board played at ``played`` tables, factored to the
    ``most`` tables of the event by Neuberg's formula (§5.4): (points + 1) × most / played − 1."""
    return (points + 1) * most / played - 1


def board_top(scoring: Scoring, played: int, most: int) -> int:
    """The most matchpoints a table can win on a board played ``played`` times (§5): 2 per other
    table, 1 per other table on the tops scale, the event's ``most`` tables' top after Neuberg."""
    if scoring is Scoring.TOPS:
        return played - 1
    return 2 * ((most if scoring is Scoring.NEUBERG else played) - 1)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One room's or table's result on a board, from its N–S pair's side."""

    session: str
    final: Contract | None  # the contract played; None: passed out
    score: int
    points: float  # won by N–S: IMPs, matchpoints on the scoring's scale, or the percentage (PERCENTAGES)
    percentage: float | None  # matchpoints only: of the board's top
    recorded: RecordedFigures | None
    differs: tuple[str, ...]  # the recorded figures that disagree: "[ScoreIMP] NS 3"

    @property
    def contract(self) -> str:
        """The contract as vint-compare/1 writes it (format.md §4.3): ``4SX N``, ``Pass``."""
        return "Pass" if self.final is None else f"{self.final} {self.final.declarer}"

    @property
    def shown(self) -> str:
        """The contract as the terminal writes it everywhere (reports/labels.py): ``4♠ X N``, ``passed out``."""
        return PASSED_OUT if self.final is None else f"{contract_text(self.final)} {self.final.declarer.name}"


@dataclass(frozen=True, slots=True)
class BoardComparison:
    number: int
    results: tuple[TableResult, ...]  # in the order of the sessions


class ComparisonError(ValueError):
    """An event that cannot be compared as asked: IMPs set against more than two rooms."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """One event's boards compared: the sessions of one [Event] and [Date] (its rooms or tables), or
    of one match of a team event that names its matches and tables (format.md §5.2)."""

    event: str | None
    date: str | None
    match: str | None  # the match, as the sessions' ids name it (``austria-v-denmark``)
    scoring: Scoring
    sessions: tuple[str, ...]
    boards: tuple[BoardComparison, ...]
    unscored: tuple[str, ...]  # sessions left out: not valid, so not scored
    # boards with errors left out of their board's comparison, each as (session, board): the session's
    # other boards are still compared, a board being scored on its own (duplicate-bridge.md §1)
    left_out: tuple[tuple[str, int], ...] = ()
    # boards not played to a result, each as (session, board, "hand record", "bidding record" or
    # "unfinished board"): nothing to compare (format.md §5.2)
    unplayed: tuple[tuple[str, int, str], ...] = ()

    def totals(self) -> dict[str, float]:
        """Each session's N–S points over the boards compared: their sum, or in percentages their
        mean, so that every board weighs alike (duplicate-bridge.md §5.3)."""
        out: dict[str, float] = dict.fromkeys(self.sessions, 0)
        boards = dict.fromkeys(self.sessions, 0)
        for board in self.boards:
            for r in board.results:
                out[r.session] += r.points
                boards[r.session] += 1
        if self.scoring is Scoring.PERCENTAGES:
            return {s: round(v / boards[s], 2) if boards[s] else 0 for s, v in out.items()}
        return out

    @property
    def differences(self) -> int:
        return sum(1 for board in self.boards for r in board.results if r.differs)


def board_figures(report: SessionReport) -> dict[int, RecordedFigures]:
    """The session's boards' recorded team and pairs figures (the record's ``recorded_figures``,
    format.md §5.1), by board; boards without any left out."""
    return {d.number: d.recorded_figures for d in report.record.deals if d.recorded_figures is not None}


def compare(reports: list[SessionReport], scoring: Scoring | None = None) -> tuple[Comparison, ...]:
    """Each event of ``reports`` compared on its own, each board against its recorded figures, in
    the order of its first session, and each match of a team event on its own: in ``scoring``, else
    IMPs when its sessions are a match's two rooms or tables (``…--match--table-t``) and
    matchpoints when they are a pairs event's tables (``…-table-n``).
    :class:`ComparisonError` when IMPs are asked of more than two sessions."""
    events: dict[tuple[str | None, str | None, str | None], list[SessionReport]] = {}
    for report in reports:
        info = report.record.info
        found = MATCH_ID.search(info.id)
        events.setdefault((info.event, event_day(info.date), found and found["match"]), []).append(report)
    return tuple(_event(event, date, match, group, scoring) for (event, date, match), group in events.items())


def event_day(date: str | None) -> str | None:
    """A session's date without the time of day BBO writes after it: a pairs event's tables, each
    begun at its own minute (``2013-11-23 11:21``, ``… 11:22``), are that day's one event."""
    found = DAY_AND_TIME.match(date or "")
    return found["day"] if found else date


def _event(event: str | None, date: str | None, match: str | None, reports: list[SessionReport],
           scoring: Scoring | None) -> Comparison:
    """The boards played in more than one of one event's (or match's) sessions, compared (a table
    not scored is left out, the others still matchpointed)."""
    ids = [r.record.info.id for r in reports]
    rooms = len(ids) == 2 and (match is not None or not any(TABLE_ID.search(i) for i in ids))
    chosen = scoring or (Scoring.IMPS if rooms else Scoring.MATCHPOINTS)
    if chosen is Scoring.IMPS and len(ids) > 2:
        raise ComparisonError(f"{event_name(event, date, match)}: IMPs compare a match's two rooms, "
                              f"not {len(ids)} sessions ({', '.join(ids)}); compare them in matchpoints")
    scored = [r for r in reports if r.fine_score is not None]  # §1: a board on its own
    unscored = tuple(r.record.info.id for r in reports if r.fine_score is None)
    left_out = tuple((r.record.info.id, number) for r in scored for number in _not_scored(r))
    played: dict[int, list[tuple[str, Contract | None, int, RecordedFigures | None]]] = {}
    unplayed: list[tuple[str, int, str]] = []
    for report in scored:
        figures = board_figures(report)
        score = report.fine_score
        assert score is not None
        for deal in score.deals:
            if deal.unplayed:  # a hand or bidding record, an unfinished board: no result to compare (format.md §5.2)
                unplayed.append((report.record.info.id, deal.number, "bidding record" if deal.bidding_record
                                 else "unfinished board" if deal.unfinished else "hand record"))
                continue
            played.setdefault(deal.number, []).append(
                (report.record.info.id, deal.contract, board_score(deal.entries), figures.get(deal.number)))
    compared = {number: tables for number, tables in sorted(played.items()) if len(tables) > 1}
    most = max((len(tables) for tables in compared.values()), default=0)
    boards = tuple(_board(number, tables, chosen, most) for number, tables in compared.items())
    return Comparison(event, date, match, chosen, tuple(r.record.info.id for r in scored), boards, unscored,
                      left_out, tuple(unplayed))


def _not_scored(report: SessionReport) -> tuple[int, ...]:
    """The boards of a scored session that its ``fine_score`` leaves out (they have errors), each once."""
    assert report.fine_score is not None
    scored = {deal.number for deal in report.fine_score.deals}
    return tuple(dict.fromkeys(d.number for d in report.record.deals if d.number not in scored))


def event_name(event: str | None, date: str | None, match: str | None) -> str:
    """An event as the comparison names it: ``event Match 2024-05-01`` (``…, match austria-v-denmark``)."""
    return f"event {event or '(unnamed)'}{f' {date}' if date else ''}{f', match {match}' if match else ''}"


def _board(number: int, tables: list[tuple[str, Contract | None, int, RecordedFigures | None]],
           scoring: Scoring, most: int) -> BoardComparison:
    """One board's tables scored against each other; ``most``: the tables of the event's most played board."""
    scores = [score for _, _, score, _ in tables]
    top = board_top(scoring, len(tables), most)
    out = []
    for k, (session, contract, score, recorded) in enumerate(tables):
        others = scores[:k] + scores[k + 1:]
        if scoring is Scoring.IMPS:
            points: float = imps(score - others[0])
            out.append(TableResult(session, contract, score, points, None, recorded, _differs_imps(recorded, points)))
            continue
        won: float = matchpoints(score, others)
        if scoring is Scoring.TOPS:
            won /= 2
        elif scoring is Scoring.NEUBERG:
            won = neuberg(won, len(tables), most)
        percentage = 100 * won / top
        points = percentage if scoring is Scoring.PERCENTAGES else won
        out.append(TableResult(session, contract, score, points, percentage, recorded,
                               differs_matchpoints(recorded, won, top, percentage)))
    return BoardComparison(number, tuple(out))


def _differs_imps(recorded: RecordedFigures | None, points: float) -> tuple[str, ...]:
    """``[ScoreIMP]`` where it disagrees with the computed IMPs (E–W's turned to N–S's)."""
    if recorded is None or recorded.imps is None or _ns(recorded.imps, 0) == points:
        return ()
    return (f"[ScoreIMP] {_text(recorded.imps)}",)


def differs_matchpoints(recorded: RecordedFigures | None, won: float, top: int, percentage: float,
                         written: tuple[float, float] = (ROUNDING_SLACK, ROUNDING_SLACK)) -> tuple[str, ...]:
    """``[ScoreMP]`` and ``[ScorePercentage]`` where they disagree with the computed matchpoints (on
    the scale's ``top``) and percentage, N–S's; each is compared as rounded as it is ``written``
    (half its last digit; two decimals unless told)."""
    if recorded is None:
        return ()
    out = []
    if recorded.matchpoints is not None and not agrees(_ns(recorded.matchpoints, top), won, written[0]):
        out.append(f"[ScoreMP] {_text(recorded.matchpoints)}")
    if recorded.percentage is not None and not agrees(_ns(recorded.percentage, 100), percentage, written[1]):
        out.append(f"[ScorePercentage] {_text(recorded.percentage)}")
    return tuple(out)


def agrees(recorded: float, computed: float, written: float = ROUNDING_SLACK) -> bool:
    """Whether a recorded figure is the computed one rounded as it is ``written`` (half its last
    digit), never finer than two decimals."""
    return abs(recorded - computed) <= max(written, ROUNDING_SLACK) + 1e-9


def _ns(figure: tuple[Side, float], top: int) -> float:
    """A figure as N–S's: E–W's IMPs negated (``top`` 0), E–W's matchpoints or percentage taken from the top."""
    side, value = figure
    if side is Side.NS:
        return value
    return top - value if top else -value


def _text(figure: tuple[Side, float]) -> str:
    side, value = figure
    return f"{side.name} {value:g}"


UNITS = {Scoring.IMPS: ("IMPs", "IMPs"), Scoring.MATCHPOINTS: ("MP", "matchpoints"),
         Scoring.TOPS: ("MP", "matchpoints, 1 per score beaten"), Scoring.PERCENTAGES: ("%", "percentages"),
         Scoring.NEUBERG: ("MP", "matchpoints, Neuberg")}  # (after a figure, in the heading)


def render_comparison(comparisons: tuple[Comparison, ...]) -> str:
    """A section per event: its boards as a table, each difference from the record marked ``!``."""
    return "\n".join(_section(c) for c in comparisons)


def _section(comparison: Comparison) -> str:
    unit, name = UNITS[comparison.scoring]
    heading = f"{event_name(comparison.event, comparison.date, comparison.match)} ({name})\n"
    if not comparison.boards:
        return heading + (f"no board is played in more than one scored session ({len(comparison.sessions)} scored); "
                          "nothing to compare\n" + "".join(f"{line}\n" for line in _left_out(comparison)))
    lines = []
    width = max([28, *(len(r.session) for board in comparison.boards for r in board.results)])  # long team ids
    for board in comparison.boards:
        for k, r in enumerate(board.results):
            shown = (f"{r.points:+g} {unit}" if r.percentage is None else f"{r.percentage:.2f}%"
                     if comparison.scoring is Scoring.PERCENTAGES else f"{r.points:g} {unit} {r.percentage:.2f}%")
            mark = f"  ! recorded {', '.join(r.differs)}" if r.differs else ""
            lines.append(f"{board.number if k == 0 else '':>5}  {r.session:<{width}} {r.shown:<10} NS {r.score:>6}  "
                         f"{shown}{mark}")
    lines.append("totals: " + ", ".join(f"{s} {v:g} {unit}" for s, v in comparison.totals().items()))
    if comparison.differences:
        lines.append(f"{comparison.differences} result(s) differ from the recorded figures")
    lines += _left_out(comparison)
    return heading + "\n".join(lines) + "\n"


def _left_out(comparison: Comparison) -> list[str]:
    """A line for each session and each board left out of the comparison, saying why; a session's
    boards not played to a result (hand and bidding records, unfinished boards) in one line of each kind."""
    never: dict[tuple[str, str], list[int]] = {}
    for s, number, kind in comparison.unplayed:
        never.setdefault((s, kind), []).append(number)
    return [f"session {s} is not scored (it has errors): left out" for s in comparison.unscored] + [
        f"board {number} of session {s} has errors: left out of board {number}'s comparison"
        for s, number in comparison.left_out] + [
        f"session {s}: board{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}: "
        f"{kind}{'s' if len(numbers) > 1 else ''}, no result to compare"
        for (s, kind), numbers in never.items()]


def comparison_json(comparisons: tuple[Comparison, ...]) -> dict[str, object]:
    """The ``vint-compare/1`` document (docs/format.md §4.3): an entry per event."""
    return {"format": "vint-compare/1", "events": [
        {"event": c.event, "date": c.date, "match": c.match, "scoring": str(c.scoring), "sessions": list(c.sessions),
         "boards": [{"number": b.number, "results": [
             {"session": r.session, "contract": r.contract, "score": r.score, "points": r.points,
              "percentage": r.percentage, "differs": list(r.differs)} for r in b.results]}
             for b in c.boards],
         "totals": c.totals(), "unscored": list(c.unscored),
         "left_out": [{"session": s, "board": number} for s, number in c.left_out],
         "unplayed": [{"session": s, "board": number, "record": kind} for s, number, kind in c.unplayed]}
        for c in comparisons]}
