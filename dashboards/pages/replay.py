"""``/replay/<id>/<deal>``: the card table. The deal is shipped once in a ``dcc.Store``; every
step (buttons and keys in assets/keys.js, the slider) is computed and drawn in the browser
(assets/replay.js), never waiting for the server — but in one seat's view, where the page holds
only what that seat had seen so far and asks the server for each new position (``seat_view``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import quote, unquote

import dash
from dash import ClientsideFunction, Input, Output, State, callback, clientside_callback, dcc, html

from dashboards import board, board_contract, data, double_dummy, laws_view, seat_view, solo_data, solo_view, tables_pages, tables_view
from dashboards.app import library
from dashboards.charts import short
from vint_replay.engine.laws.auction import LawsAuction
from vint_replay.engine.replay import DealReplay
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport

dash.register_page(__name__, path_template="/replay/<session_id>/<deal>", title="Replay — vint-replay")
board.register()  # the analysis board's callbacks, for the app loading this page
board_contract.register()

STEP_BUTTONS = (("first", "⇤", "Start of the play (Home)"), ("trick-", "«", "Previous trick (Shift+← or ↑)"),
                ("card-", "‹", "Previous card (←)"), ("card+", "›", "Next card (→)"),
                ("trick+", "»", "Next trick (Shift+→ or ↓)"), ("last", "⇥", "End of the play (End)"))


def layout(session_id: str | None = None, deal: str | None = None, view: str | None = None,
           card: str | None = None, line: str | None = None, **_query: object) -> html.Div:
    """The card table of one deal; ``?view=S`` (or ``s``) shows only what South could know (his
    hand, the auction, the cards as they are played: no other hand, no double-dummy value, no
    problem that names a card; the page holds nothing he had not seen), and ``?card=K`` starts
    at the K-th card played; ``&line=SA,H2`` opens the analysis board's variation of those cards
    from card K (dashboards/board.py). A view that names no seat shows all hands, with a note."""
    session_id = unquote(session_id or "")
    report = library().report(session_id)
    number = data.url_number(deal)
    seat, view_note = seat_view.seat_of(view)
    solo = report is not None and solo_data.is_solo(report)  # solo whist: its own payload and panels
    table = report is not None and tables_view.is_table(report)  # 2, 3 or 5 players: places, not seats
    payload = None if report is None or number is None else _payload(report, number, seat)
    analysed = None if payload is None or seat is not None or solo or table else \
        double_dummy.deal_analysis(library().store, session_id, number)
    if payload is not None:
        payload["dd"] = double_dummy.replay_dd(analysed, payload["play"])
    if payload is None:
        return html.Div([html.H2("No such deal"), html.P(f"The store has no deal {deal!r} in session {session_id!r}."),
                         dcc.Link("Back to the sessions", href="/")], className="card")
    replay = data.replay_of(report, number)
    assert report is not None and replay is not None
    info = report.record.info
    sid = quote(info.id, safe="")
    prev_deal, next_deal = data.neighbours(report, number)
    cards = sum(len(t.cards) for t in replay.tricks)
    start = min(cards, data.url_number(card) or 0)
    payload["board"] = board.setup(report, number, data.url_number(card) or 0, board.line_names(line), seat)
    if seat is not None:
        payload = seat_view.cut_to(payload, start)
        cards = start  # the slider reaches the cards seen so far, not the play's length
    if table:
        auction = _auction(*tables_view.auction_grid(replay), payload["players"])  # type: ignore[arg-type]
        head, side = tables_pages.replay_parts(report, replay, payload, seat, auction)  # type: ignore[arg-type]
    else:
        head, side = solo_view.replay_parts(report, replay) if solo else _vint_parts(report, replay, payload, analysed, seat)
    size = int(payload.get("size") or 4)  # type: ignore[call-overload]
    views = tables_pages.view_choices(replay) if table else [  # type: ignore[arg-type]
        ("all", "all hands"), *[(s.name, f"only what {s.name} saw") for s in SEATS]]
    keep = "" if seat is None else f"?view={seat.name}"
    nav = html.Div([
        dcc.Link("‹ deal " + str(prev_deal), href=f"/replay/{sid}/{prev_deal}{keep}", id="prev-deal", className="btn")
        if prev_deal is not None else html.Span(),
        dcc.Link("scoresheet", href=f"/session/{sid}", className="btn"),
        dcc.Link("deal " + str(next_deal) + " ›", href=f"/replay/{sid}/{next_deal}{keep}", id="next-deal", className="btn")
        if next_deal is not None else html.Span(),
    ], className="deal-nav")
    return html.Div([
        dcc.Store(id="replay-deal", data=payload),
        dcc.Store(id="replay-seat", data=None if seat is None else {"session": info.id, "deal": number, "view": seat.name}),
        dcc.Store(id="replay-drawn"),
        *board.stores(),
        html.Div([
            html.Div([html.H2(f"Deal {number}"), *head,
                      html.P(view_note, className="muted", id="view-note") if view_note else None]),
            nav,
        ], className="page-head replay-head"),
        html.Div([
            html.Div([
                html.Div([html.Div(id=f"hand-{s.name}", className=f"hand hand-{s.name}") for s in SEATS]
                         + [html.Div(id="trick", className="trick")], className="table-felt", id="card-table"),
                html.Div([html.Button(glyph, id=f"step-{name}", title=tip, className="step-btn", **{"data-step": name})
                          for name, glyph, tip in STEP_BUTTONS], className="step-buttons"),
                dcc.Slider(id="replay-slider", min=0, max=cards, step=1, value=start, updatemode="drag",
                           marks=_trick_marks(cards, size), allow_direct_input=False),
                board.under_table(seat),
                html.Div([
                    html.Span("Show: "),
                    html.Span([html.A(label, href=f"?view={name}", className="view-link" + (" active" if name == payload["view"] else ""),
                                      id=f"view-{name}", **{"data-view": name})
                               for name, label in views],
                              id="replay-view", className="view-links"),
                    dcc.Checklist(id="replay-hide", options=[{"label": "hide played cards", "value": "hide"}]
                                  + ([{"label": "best cards (double dummy)", "value": "best"}] if payload["dd"] else []),
                                  value=[], inline=True),
                ], className="view-options"),
                html.P("Keys: ← → card · Shift+← → or ↑ ↓ trick · Home / End · n / p next / previous deal",
                       className="muted keys-help"),
            ], className="table-col"),
            html.Div([
                html.Div(id="replay-status", className="card status"),
                board.side_card(seat, payload["board"]),  # type: ignore[arg-type]
                board_contract.contract_card(report, number) if seat is None else None,
                *side,
                html.Div([html.H3("Problems"), html.Ul([html.Li(data.diagnostic_text(d)) for d in replay.diagnostics])],
                         className="card diagnostics") if replay.diagnostics and seat is None else None,
            ], className="side-col"),
        ], className="replay-grid"),
    ])


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
    auction = _auction(*data.auction_grid(record, void), info.players, in_grid, laws_view.auction_marks(replay))
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


def _payload(report: SessionReport, number: int, seat: Seat | None) -> dict[str, object] | None:
    """The whole deal for the browser, by the game's own builder (``None``: no such deal)."""
    if solo_data.is_solo(report):
        return solo_data.replay_payload(report, number, seat)
    if tables_view.is_table(report):
        return tables_view.payload_of(report, number, seat)
    return data.replay_payload(report, number, seat)


def _trick_marks(cards: int, size: int) -> dict[int, str]:
    """The slider's marks: the tricks complete, up to ``cards``."""
    return {i: str(i // size) for i in range(0, cards + 1, size)}


@callback(Output("replay-deal", "data"), Output("replay-slider", "max"), Output("replay-slider", "marks"),
          Input("replay-slider", "value"), State("replay-seat", "data"), State("replay-slider", "max"),
          prevent_initial_call=True)
def seat_step(card: object, where: object, reached: object):
    """A seat's view after ``card`` cards, from the server: the page never held what came later;
    the slider grows to the furthest card seen (keys and buttons step past it)."""
    if not isinstance(where, dict) or not isinstance(card, int):
        return dash.no_update, dash.no_update, dash.no_update
    seat, _ = seat_view.seat_of(where.get("view"))
    report = library().report(str(where.get("session")))
    payload = None if seat is None or report is None or not isinstance(where.get("deal"), int) else \
        _payload(report, where["deal"], seat)
    if payload is None:
        return dash.no_update, dash.no_update, dash.no_update
    payload["dd"] = None  # a seat's view never shows double dummy
    seen = seat_view.cut_to(payload, card)
    furthest = max(len(seen["play"]), reached if isinstance(reached, int) else 0)  # type: ignore[arg-type]
    return seen, furthest, _trick_marks(furthest, int(seen.get("size") or 4))  # type: ignore[call-overload]


clientside_callback(
    ClientsideFunction("vint", "render"),
    Output("replay-drawn", "data"),
    Input("replay-slider", "value"),
    Input("replay-hide", "value"),
    Input("replay-deal", "data"),  # a seat's view: each new position arrives from the server
)


def _void_calls(auction: LawsAuction | None) -> list[html.P]:
    """Under the laws, the calls left out of the auction's columns (out of turn, late)."""
    if auction is None or not auction.void:
        return []
    return [html.P("; ".join(auction.void_lines()), className="muted", id="void-calls")]
