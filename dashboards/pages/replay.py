"""``/replay/<id>/<deal>``: the card table. The deal is shipped once in a ``dcc.Store``; every
step (buttons and keys in assets/keys.js, the slider) is computed and drawn in the browser
(assets/replay.js), never waiting for the server — but in one seat's view, where the page holds
only what that seat had seen so far and asks the server for each new position (``seat_view``)."""
from __future__ import annotations

from urllib.parse import quote, unquote

import dash
from dash import ClientsideFunction, Input, Output, State, callback, clientside_callback, dcc, html

from dashboards import board, board_contract, data, deal_panels, double_dummy, payload as deal_payload, seat_view, views
from dashboards.app import library
from vint_replay.engine.seats import SEATS
from vint_replay.engine.views import SEAT_VIEWS

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
    payload = None if report is None or number is None else deal_payload.replay_payload(report, number, seat)
    if payload is None:
        return html.Div([html.H2("No such deal"), html.P(f"The store has no deal {deal!r} in session {session_id!r}."),
                         dcc.Link("Back to the sessions", href="/")], className="card")
    assert report is not None and number is not None  # else there is no payload
    replay = data.replay_of(report, number)
    assert replay is not None
    analysed = None if seat is not None or not replay.profile.double_dummy else \
        double_dummy.deal_analysis(library().store, session_id, number)
    payload["dd"] = double_dummy.replay_dd(analysed, payload["play"])
    info = report.record.info
    sid = quote(info.id, safe="")
    prev_deal, next_deal = data.neighbours(report, number)
    cards = sum(len(t.cards) for t in replay.tricks)
    start = min(cards, data.url_number(card) or 0)
    payload["board"] = board.setup(report, number, data.url_number(card) or 0, board.line_names(line), seat)
    if seat is not None:
        payload = seat_view.cut_to(payload, start)
        cards = start  # the slider reaches the cards seen so far, not the play's length
    shown = report.profile.replay_view(report, replay, seat)
    if shown is None:  # four hands at N–S against E–W
        head, side = deal_panels.parts(report, replay, payload, analysed, seat)
        choices = list(SEAT_VIEWS)
    else:
        head, side, choices = views.blocks(shown.head), views.blocks(shown.side), list(shown.views)
    size = int(payload["size"])
    keep = "" if seat is None else f"?view={seat.name}"
    nav = html.Div([
        dcc.Link("‹ deal " + str(prev_deal), href=f"/replay/{sid}/{prev_deal}{keep}", id="prev-deal", className="btn")
        if prev_deal is not None else html.Span(),
        dcc.Link("scoresheet", href=f"/session/{sid}", className="btn"),
        dcc.Link("deal " + str(next_deal) + " ›", href=f"/replay/{sid}/{next_deal}{keep}", id="next-deal", className="btn")
        if next_deal is not None else html.Span(),
    ], className="deal-nav")
    return html.Div([
        dcc.Store(id="replay-deal", data=dict(payload)),
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
                html.Div([html.Button(glyph, id=f"step-{name}", title=tip, className="step-btn", **views.data_attribute("step", name))
                          for name, glyph, tip in STEP_BUTTONS], className="step-buttons"),
                dcc.Slider(id="replay-slider", min=0, max=cards, step=1, value=start, updatemode="drag",
                           marks=_trick_marks(cards, size), allow_direct_input=False),
                board.under_table(seat),
                html.Div([
                    html.Span("Show: "),
                    html.Span([html.A(label, href=f"?view={name}", className="view-link" + (" active" if name == payload["view"] else ""),
                                      id=f"view-{name}", **views.data_attribute("view", name))
                               for name, label in choices],
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
                board.side_card(seat, payload["board"]),
                board_contract.contract_card(report, number) if seat is None else None,
                *side,
                html.Div([html.H3("Problems"), html.Ul([html.Li(data.diagnostic_text(d)) for d in replay.diagnostics])],
                         className="card diagnostics") if replay.diagnostics and seat is None else None,
            ], className="side-col"),
        ], className="replay-grid"),
    ])


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
        deal_payload.replay_payload(report, where["deal"], seat)
    if payload is None:
        return dash.no_update, dash.no_update, dash.no_update
    payload["dd"] = None  # a seat's view never shows double dummy
    seen = seat_view.cut_to(payload, card)
    furthest = max(len(seen["play"]), reached if isinstance(reached, int) else 0)
    return seen, furthest, _trick_marks(furthest, int(seen["size"]))


clientside_callback(
    ClientsideFunction("vint", "render"),
    Output("replay-drawn", "data"),
    Input("replay-slider", "value"),
    Input("replay-hide", "value"),
    Input("replay-deal", "data"),  # a seat's view: each new position arrives from the server
)
