"""A pairs session's travellers and standings on its page, from the PBN tables its boards keep
(``[ScoreTable]``, ``[TotalScoreTable]``: docs/format.md §5.2): each traveller's rows as the file
lists them, with the matchpoints (and, in a session scored in IMPs, the IMPs) ``audit`` recomputes
beside them (reports/traveller_audit.py) and a mark where they differ, and the pairs ranked as ``score --compare`` ranks them
(reports/pairs_standings.py). Nothing is computed here; the parts are view data (engine/views.py)
that dashboards/views.py draws."""
from __future__ import annotations

import math

from vint_replay.engine.plural import plural
from vint_replay.engine.seats import Side
from vint_replay.engine.session import SessionReport
from vint_replay.engine.views import Block, Cell, Fold, Line, Row, Span, Table, card
from vint_replay.formats.pbn_traveller import kept_travellers
from vint_replay.games.bridge.imps import ImpReading
from vint_replay.reports.pairs_standings import Standing, ranked
from vint_replay.reports.traveller_audit import TableScore, TravellerMismatch, imp_reading, repeated_pairs, \
    row_mismatches, scored_tables, total_differences

_HEAD = ("N–S", "E–W", "contract", "by", "tricks", "score N–S", "MP", "%")


def traveller_cards(report: SessionReport) -> tuple[Block, ...]:
    """The standings card and the travellers card of a session whose boards keep travellers
    (none otherwise, nor for a session that cannot be scored)."""
    travellers, totals, _ = kept_travellers(report.record)
    if not travellers or report.score is None:
        return ()
    scored = scored_tables(report, travellers)
    reading = imp_reading(scored)  # duplicate-bridge.md §5.7: the IMPs' reading, as audit checks them
    boards = [_board(number, tables, reading) for number, tables in sorted(scored.items())]
    differing = sum(1 for _, bad in boards if bad)
    words = (f"{plural(len(boards), 'board')}' travellers as the file lists them, each table's matchpoints "
             "recomputed beside the recorded ones (red: they differ); open a board to see it.")
    summary = Line(words + (f" {plural(differing, 'board')} {'differs' if differing == 1 else 'differ'}."
                            if differing else " All agree."),
                   "muted", "travellers-summary")
    ranking = ("the boards' matchpoints as the travellers round them" if reading is None
               else f"the boards' IMPs ({reading}, as the travellers' IMP figures read)")
    standings = card("Pairs' standings", Line(f"Ranked by {ranking} (the file's totals beside them, red where "
                                              "they differ).", "muted"),
                     _standings(ranked(report, travellers, totals)), id="standings-card", classes="card wide-table")
    return (standings, card("Travellers", summary, *(fold for fold, _ in boards), id="travellers-card",
                            classes="card wide-table"))


def _board(number: int, tables: list[TableScore], reading: ImpReading | None) -> tuple[Fold, int]:
    """One board's traveller, folded under a line saying how many tables and how many differ; and
    that many. A session scored in IMPs has an IMPs column too."""
    repeated = {m.line: m for m in repeated_pairs(number, [table.row for table in tables])}
    rows = [_row(number, k, table, reading, repeated.get(table.row.line)) for k, table in enumerate(tables)]
    bad = sum(1 for r in rows if r.classes)
    said = f"Board {number}: {plural(len(tables), 'table')}, " + (
        f"{bad} differ{'s' if bad == 1 else ''}" if bad else "as recorded")
    head = Row(tuple(Cell(h, head=True) for h in _HEAD + (() if reading is None else ("IMPs",))))
    table = Table((head,), tuple(rows), "deals traveller", f"traveller-{number}")
    return Fold(Span(said, "differs" if bad else None), (table,), f"board-{number}-traveller"), bad


def _row(board: int, k: int, table: TableScore, reading: ImpReading | None, repeated: TravellerMismatch | None) -> Row:
    """A traveller row: its pairs (red where a pair is listed again on the board), result, the
    score and figures, each recomputed beside the recorded one."""
    row = table.row
    differs = {m.figure: m for m in row_mismatches(board, table, reading)}
    if repeated is not None:
        differs["pairs"] = repeated
    pairs = tuple(Cell(pair, "num" if repeated is None else "num bad-cell",
                       title=None if repeated is None else repeated.message) for pair in row.pairs or ("", ""))
    played: tuple[Cell, ...]
    if row.contract is None:
        played = (Cell(row.text, "contract", span=3),)
    else:
        played = (Cell(str(row.contract), "contract"), Cell(row.contract.declarer.name), Cell(str(row.tricks), "num"))
    score = _beside("" if row.score is None else str(row.score), None if table.score is None else str(table.score),
                    differs.get("score"))
    mp, pct = row.figures.matchpoints, row.figures.percentage
    side = (mp or pct or (Side.NS, 0.0))[0]  # the side the row's figures are written for
    won = table.won[side]
    imps = () if reading is None else (_imps(table, reading, differs.get("imps")),)
    return Row((*pairs, *played, score,
                _figure(mp, row.written[0], won, differs.get("matchpoints")),
                _figure(pct, row.written[1], None if won is None else 100 * won / table.top, differs.get("percentage")),
                *imps),
               "problem-row" if differs else None, f"traveller-{board}-row-{k}")


def _imps(table: TableScore, reading: ImpReading, differs: TravellerMismatch | None) -> Cell:
    """The row's recorded IMPs with the recomputed ones, for the same side, beside them (§5.7);
    an adjusted row's none."""
    recorded = table.row.figures.imps
    side = recorded[0] if recorded is not None else Side.NS
    ns = table.imps.get(reading)
    return _figure(recorded, table.row.imps_written, None if ns is None else ns if side is Side.NS else -ns, differs)


def _figure(recorded: tuple[Side, float] | None, written: float, computed: float | None,
            differs: TravellerMismatch | None) -> Cell:
    """A recorded matchpoints or percentage figure as finely as it is written (its side named
    when E–W's), and the recomputed one, for the same side, beside it where it reads otherwise."""
    decimals = _decimals(written) if recorded is not None else 2
    mine = None if computed is None else f"{computed:.{decimals}f}"
    if recorded is None:
        return _beside("", mine, differs)
    theirs = f"{recorded[1]:.{decimals}f}"
    return _beside(theirs + ("" if recorded[0] is Side.NS else f" {recorded[0].label}"),
                   None if mine == theirs else mine, differs)


def _decimals(written: float) -> int:
    """How many decimals a figure written to ``written`` (half its last digit: 0.05) has."""
    return max(0, round(-math.log10(2 * written))) if written else 2


def _beside(recorded: str, computed: str | None, differs: TravellerMismatch | None) -> Cell:
    """The file's figure with the recomputed one beside it (``None``: it reads the same), red
    where ``audit`` finds them different."""
    if computed is None or computed == recorded:
        return Cell(recorded or (computed or ""), "num", title=None if recorded else "recomputed; the file lists none")
    inner = (recorded, Span(f" ({computed})", "paper" if differs else "muted")) if recorded else computed
    if differs is not None:
        return Cell(inner, "num bad-cell", title=differs.message)
    return Cell(inner, "num", title="recomputed in brackets; agrees as rounded" if recorded else None)


def _standings(places: tuple[Standing, ...]) -> Table:
    in_imps = bool(places) and places[0].reading is not None  # ranked by IMPs (§5.7): a column for them
    head = Row(tuple(Cell(h, head=True) for h in ("rank", "pair", "names", "boards", *(("IMPs",) if in_imps else ()),
                                                  "MP", "%", "listed MP", "listed %")))
    body = []
    for p in places:
        s, r = p.standing, p.recorded
        wrong = r is not None and bool(total_differences(r, s))
        recorded = (Cell("", "num"), Cell("", "num")) if r is None else tuple(
            Cell("-" if f is None else f"{f[0]:.{_decimals(f[1])}f}", "num bad-cell" if wrong else "num",
                 title="; ".join(f"recorded {a:g}{u}, recomputed {b:.2f}{u}" for a, b, u in total_differences(r, s))
                 if wrong else None)
            for f in (r.matchpoints, r.percentage))
        imps = (Cell(f"{s.imps:+.2f}", "num"),) if in_imps else ()
        body.append(Row((Cell(str(p.rank), "num"), Cell(s.pair, "num"), Cell(p.names), Cell(str(s.boards), "num"),
                         *imps, Cell(f"{s.listed:.1f}", "num"), Cell(f"{s.listed_percentage:.2f}", "num"), *recorded),
                        "problem-row" if wrong else None, f"standing-{s.pair}"))
    return Table((head,), tuple(body), "deals standings", "standings-table")
