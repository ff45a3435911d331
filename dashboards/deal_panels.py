"""What the replay page writes around the card table, by the kind of replay (as reports/sheets.py
files the sheets by score type): the lines under the title, the side cards (the auction in the
game's columns, the double-dummy panel, the game's own facts) and the views the page offers."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from dash import html

from dashboards import double_dummy, laws_view, vint235_pages, vint235_view
from dashboards.charts import short
from dashboards.data import auction_grid
from vint_replay.engine.replay import DealReplay
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport
from vint_replay.games.laws.auction import LawsAuction
from vint_replay.games.vint235.replay import TableReplay


def _vint_parts(report: SessionReport, replay: DealReplay, payload: dict[str, object], analysed: object,
                seat: Seat | None) -> tuple[list, list]:
    """The lines under the title (dealer, contract, vulnerability) and the side cards (the auction
    in columns, the double-dummy panel) of a vint or bridge deal."""
    info, record, contract = report.record.info, replay.deal, replay.contract
    summary = (f"void (law {record.void})" if replay.void else "passed out") if contract is None else (
        f"{payload['contract']} by {contract.declarer.full_name} ({info.players[contract.declarer]}) · "
        f"needs {contract.tricks_needed} tricks · trick value V = {replay.trick_value}")
    vulnerable = payload["vulnerable"]
    laws_auction = replay.laws_auction()
    void = {} if laws_auction is None else laws_auction.void
    in_grid = [i for i in range(len(record.auction)) if i not in void]  # a cell's call by its index in the record
    auction = _auction(*auction_grid(record, void), info.players, in_grid, laws_view.auction_marks(replay))
    score = None if report.score is None else next((d for d in report.score.deals if d.number == replay.deal.number), None)
    irregularities = laws_view.deal_irregularities(replay, score) if seat is None else []
    head = [html.P([f"Session {info.id} · dealer {record.dealer.full_name} · ", html.Strong(summary)],
                   className="muted", id="contract-line"),
            html.P(vulnerable, className="muted", id="vulnerability") if vulnerable else None]
    side = [html.Div([html.H3("Auction"), auction, *_void_calls(laws_auction)], className="card"),
            html.Div([html.H3("Irregularities (laws)"), html.Ul([html.Li(text) for text in irregularities])],
                     className="card irregularities", id="irregularities") if irregularities else None,
            _dd_card(double_dummy.deal_panel(analysed)) if seat is None else html.Div([
                html.H3("Double dummy"),
                html.P(f"Hidden: {seat.full_name} could not know the other hands, nor what double dummy "
                       "makes of them.", className="muted", id="dd-hidden")], className="card")]
    return head, side


def _auction(seats: list[Seat], rows: list[list[str]], names: Sequence[str], in_grid: Sequence[int] = (),
             irregular: Mapping[int, str] | None = None) -> html.Table:
    """The calls in columns headed by the place and who plays it (``names`` by place);
    ``in_grid`` gives each cell's index in the record's auction, ``irregular`` the laws' marks by index."""
    width = len(seats)
    return html.Table([
        html.Thead(html.Tr([html.Th([s.name, html.Br(), html.Span(short(names[s]), className="muted")]) for s in seats])),
        html.Tbody([html.Tr([_call_cell(c, in_grid[width * r + i] if width * r + i < len(in_grid) else None,
                                        irregular or {}) for i, c in enumerate(row)]) for r, row in enumerate(rows)]),
    ], className="auction", id="auction")


def _dd_card(panel: double_dummy.DealPanel | None) -> html.Div:
    """The deal's double-dummy table (declarers × denominations in the profile's order) and its par."""
    if panel is None:
        return html.Div([html.H3("Double dummy"), html.P(double_dummy.NOT_ANALYSED, className="muted", id="dd-note")],
                        className="card")
    head = html.Tr([html.Th("")] + [html.Th(d.symbol, className=_call_class(d.symbol)) for d in panel.denominations])
    body = [html.Tr([html.Th(seat)] + [
        html.Td(tricks, id=f"dd-{seat}-{d.code}", className="num" + (" played" if panel.played == (seat, d.code) else ""))
        for d, tricks in zip(panel.denominations, row)]) for seat, row in panel.rows]
    return html.Div([
        html.H3("Double dummy"),
        html.Table([html.Thead(head), html.Tbody(body)], className="dd-table", id="dd-table",
                   title="tricks each declarer takes in each denomination with all hands open"),
        html.P(panel.contract_line, className="muted") if panel.contract_line else None,
        html.P([f"{panel.par_label}: ", html.Strong(panel.par)], id="dd-par"),
        html.Ul([html.Li(b) for b in panel.best], className="muted dd-best-list"),
        html.P(panel.gap, id="dd-gap") if panel.gap else None,
    ], className="card dd-card")


def _call_cell(call: str, index: int | None, irregular: Mapping[int, str]) -> html.Td:
    """One call of the auction grid (``index``: its place in the record's auction); an irregular
    one (laws) marked, what it was in its title."""
    if index is None or index not in irregular:
        return html.Td(call, className=_call_class(call))
    return html.Td([call, html.Span("!", className="irr-badge")], className=_call_class(call) + " irregular",
                   title=irregular[index], id=f"call-{index}")


def _call_class(call: str) -> str:
    if not call or call == "pass":
        return "call pass"
    return "call red" if ("♥" in call or "♦" in call) else "call"


def _void_calls(auction: LawsAuction | None) -> list[html.P]:
    """Under the laws, the calls left out of the auction's columns (out of turn, late)."""
    if auction is None or not auction.void:
        return []
    return [html.P("; ".join(auction.void_lines()), className="muted", id="void-calls")]


def _table_parts(report: SessionReport, replay: TableReplay, payload: dict[str, object], analysed: object,
                 seat: Seat | None) -> tuple[list, list]:
    """A 2/3/5 deal's lines and side cards: the auction in the columns of the places that bid."""
    auction = _auction(*vint235_view.auction_grid(replay), payload["players"])  # type: ignore[arg-type]
    return vint235_pages.replay_parts(report, replay, payload, seat, auction)


def _seat_views(replay: object) -> list[tuple[str, str]]:
    """All hands, and what each seat saw."""
    return [("all", "all hands"), *[(s.name, f"only what {s.name} saw") for s in SEATS]]


@dataclass(frozen=True)
class DealPanels:
    """What the page writes around the card table for one kind of replay: the lines under the
    title and the side cards (from the payload and the analysis), and the views it offers."""

    parts: Callable[[SessionReport, object, dict[str, object], object, Seat | None], tuple[list, list]]
    views: Callable[[object], list[tuple[str, str]]]


# filed by the type of replay the game's replayer gives, as reports/sheets.py files the sheets by score type
PANELS: dict[type, DealPanels] = {
    DealReplay: DealPanels(_vint_parts, _seat_views),  # type: ignore[arg-type]
    TableReplay: DealPanels(_table_parts, vint235_pages.view_choices),  # type: ignore[arg-type]
}


def panels_of(replay: object) -> DealPanels:
    """The panels of a replay's type (the nearest filed one of its classes); a game filed here by
    none draws as four hands do, from the terminal's protocol (``ReplayShown``)."""
    return next((PANELS[kind] for kind in type(replay).__mro__ if kind in PANELS), PANELS[DealReplay])
