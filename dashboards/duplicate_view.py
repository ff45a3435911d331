"""A duplicate session's boards against the other rooms or tables of its event in the store:
the IMPs or matchpoints computed as ``score --compare`` computes them
(vint_replay/reports/duplicate_comparison.py), beside the figures the file recorded
(``[ScoreIMP]``, ``[ScoreMP]``, ``[ScorePercentage]``, kept by the store), a disagreement marked.
Chosen by the profile's sheet (``SheetLayout.BOARDS``), for any game kept board by board; the
cells are view data (engine/views.py) that dashboards/views.py draws."""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from urllib.parse import quote

from dashboards.app import library
from vint_replay.engine.seats import Side
from vint_replay.engine.session import SessionReport
from vint_replay.engine.views import Box, Cell, Line, Link, Row, Span, Strong, Table, card
from vint_replay.engine.record import RecordedFigures
from vint_replay.reports.duplicate_comparison import (UNITS, Comparison, Scoring, TableResult, board_figures,
                                                      compare, event_day, event_name)


@dataclass(frozen=True, slots=True)
class BoardFigure:
    """One board's computed figure for this session (``None``: not compared) and what was recorded."""

    computed: str | None  # "+10 IMPs", "5 MP 83.33%"
    recorded: str | None  # "NS 10", "EW 1 · EW 16.67%" as the file wrote them
    differs: tuple[str, ...]  # the recorded figures that disagree, as score --compare names them


@dataclass(frozen=True, slots=True)
class EventFigures:
    """The column the session page adds: its heading and each board's figure; the comparison
    they come from (``None``: no other session of the event in the store)."""

    heading: str  # "IMPs", "MP"; "IMPs (recorded)", "MP (recorded)" when the file recorded a figure
    boards: dict[int, BoardFigure]
    comparison: Comparison | None = None


def event_figures(report: SessionReport) -> EventFigures | None:
    """This session's boards compared with its event's other sessions in the store (same
    ``event``, day and rules; a session of no named event is compared with none), with the
    recorded figures; ``None`` when there is nothing to show (no other session, nothing recorded)."""
    info = report.record.info
    own = board_figures(report)
    results: dict[int, TableResult] = {}
    scoring = None
    comparison = None if info.event is None else _comparison(report)
    if comparison is not None:
        scoring = comparison.scoring
        results = {b.number: r for b in comparison.boards for r in b.results if r.session == info.id}
    if not results and not own:
        return None
    unit = "IMPs" if scoring is Scoring.IMPS or (scoring is None and _only_imps(own)) else "MP"
    boards = {number: BoardFigure(_computed(results.get(number), scoring), _recorded(own.get(number)),
                                  results[number].differs if number in results else ())
              for number in sorted(set(results) | set(own))}
    return EventFigures(unit + (" (recorded)" if own else ""), boards, comparison)  # nothing recorded: not said to be


def event_card(session_id: str, figures: EventFigures | None, saved: Line | None = None) -> Box | None:
    """The event's sessions in the store that this one is compared with (a match's other room, a
    pairs event's other tables), each with its boards compared and its total, as ``score
    --compare`` totals them; the sessions left out (errors) named; ``saved``: the links to save
    them in one file. ``None`` with none."""
    comparison = None if figures is None else figures.comparison
    if comparison is None:
        return None
    unit, name = UNITS[comparison.scoring]
    compared = Counter(r.session for board in comparison.boards for r in board.results)
    totals = comparison.totals()
    short = _short_names([*comparison.sessions, *comparison.unscored])

    def named(s: str) -> Cell:
        shown = Strong(short[s]) if s == session_id else Link(short[s], "/session/" + quote(s, safe=""), s)
        return Cell(shown, title=s)

    rows = [Row((named(s), Cell(compared[s], "num"),
                 Cell(f"{totals[s]:+g} {unit}" if comparison.scoring is Scoring.IMPS else f"{totals[s]:g} {unit}",
                      "num")), "this-session" if s == session_id else None)
            for s in comparison.sessions]
    rows += [Row((named(s), Cell("—", "num"), Cell("not scored: it has errors", "muted")))
             for s in comparison.unscored]
    head = Row(tuple(Cell(h, head=True) for h in ("session", "boards", "N–S total")))
    event = event_name(comparison.event, comparison.date, comparison.match)
    words = (f"{event[:1].upper()}{event[1:]}: this session's boards against the event's other "
             f"{'room' if comparison.scoring is Scoring.IMPS else 'tables'} in the store, board by board in {name} "
             "(the column in the deals above), as score --compare totals them.")
    return card("The event", Line(words, "muted"), Table((head,), tuple(rows), "deals", "event-sessions"), saved,
                id="event-card")


def _short_names(ids: list[str]) -> dict[str, str]:
    """Each session id without the part all of them share, up to a hyphen, and the word before a
    number (``…-2013-r-table-1``: ``table-1``; a match's ``open`` and ``closed``); an id that
    would be left empty stays whole."""
    shared = os.path.commonprefix(ids) if len(ids) > 1 else ""
    cut = shared.rfind("-") + 1
    if any(i[cut:].isdigit() for i in ids):
        cut = shared.rfind("-", 0, cut - 1) + 1
    return {i: i[cut:] or i for i in ids}


def _comparison(report: SessionReport) -> Comparison | None:
    """The comparison of the event ``report`` belongs to, over its stored sessions."""
    info = report.record.info
    store = library().store
    sessions = store.sessions(columns=["session_id", "event", "date", "rules"])
    day = event_day(info.date)  # the day, as score --compare groups an event (format.md §4.3)
    days = sessions["date"].map(lambda date: event_day(date) if isinstance(date, str) else None)
    same = sessions[(sessions["event"] == info.event) & (sessions["rules"] == info.rules)
                    & ((days == day) if day is not None else sessions["date"].isna())]
    if len(same) < 2:
        return None
    reports = [r for sid in same["session_id"]
               for r in [report if sid == info.id else library().report(sid)] if r is not None]
    found = [c for c in compare(reports) if info.id in c.sessions]
    return found[0] if found else None


def _only_imps(figures: dict[int, RecordedFigures]) -> bool:
    return all(f.matchpoints is None and f.percentage is None for f in figures.values())


def _computed(result: TableResult | None, scoring: Scoring | None) -> str | None:
    if result is None or scoring is None:
        return None
    if scoring is Scoring.IMPS:
        return f"{result.points:+g} IMPs"
    return f"{result.points:g} MP {result.percentage:.2f}%"


def _recorded(figures: RecordedFigures | None) -> str | None:
    """The recorded figures as the file wrote them: ``NS 10``, ``EW 1 · EW 16.67%``."""
    if figures is None:
        return None
    parts = [_side(figures.imps), _side(figures.matchpoints), _side(figures.percentage, "%")]
    return " · ".join(p for p in parts if p) or None


def _side(figure: tuple[Side, float] | None, unit: str = "") -> str | None:
    return None if figure is None else f"{figure[0].name} {figure[1]:g}{unit}"


def figure_cell(figure: BoardFigure | None) -> Cell:
    """A board's cell: the computed figure with the recorded one beside it, red where they
    disagree; the recorded alone in brackets when the board was not compared."""
    if figure is None:
        return Cell("", "num")
    if figure.computed is None:
        return Cell(f"({figure.recorded})", "num", title="recorded; no other room or table to compare with")
    if figure.recorded is None:
        return Cell(figure.computed, "num")
    beside = (figure.computed, Span(f" recorded {figure.recorded}", "paper"))
    if figure.differs:
        return Cell(beside, "num bad-cell", title="recorded differently: " + ", ".join(figure.differs))
    return Cell(beside, "num", title="as recorded")
