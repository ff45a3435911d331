"""The analysis board's auction alternative (issue 21 item 3): on the replay page, another
final contract — a call legal after the auction's first K calls, then passes — played out
double dummy and scored beside the actual, in the words ``whatif --contract`` prints."""
from __future__ import annotations

import dash
from dash import Input, Output, State, callback, dcc, html

from dashboards.app import library
from vint_replay.analysis.contract_choice import choose_contract, final_bid_turn, legal_calls
from vint_replay.analysis.dd import DDSFailure
from vint_replay.analysis.variation import VariationError
from vint_replay.engine.calls import Call
from vint_replay.engine.session import SessionReport
from vint_replay.reports.whatif import choice_lines


def _options(report: SessionReport, number: int, kept: int) -> list[dict[str, str]]:
    return [{"label": call.pretty, "value": str(call)} for call in legal_calls(report, number, kept)]


def contract_card(report: SessionReport, number: int) -> html.Div | None:
    """The card under the board's panel (``None`` where the deal cannot be varied: the board says why)."""
    try:
        kept = final_bid_turn(report, number)
    except VariationError:
        return None
    calls = len(report.replays[[d.number for d in report.record.deals].index(number)].deal.auction)
    return html.Div([
        html.H3("Another contract"),
        html.P("A call in place of the auction's from its call K on (the others then pass), played out double dummy "
               "and scored against the actual.", className="muted"),
        dcc.Store(id="alt-where", data={"session": report.record.info.id, "deal": number}),
        html.Div([html.Label("calls kept ", htmlFor="alt-kept"),
                  dcc.Input(id="alt-kept", type="number", min=0, max=calls - 1, step=1, value=kept, debounce=True,
                            className="sd-samples"),
                  ], className="sd-controls"),
        dcc.RadioItems(id="alt-call", options=_options(report, number, kept), inline=True, className="alt-calls",
                       labelClassName="alt-call"),
        dcc.Loading(html.Div(id="alt-result", className="board-outcome"), type="dot"),
    ], className="card board-panel", id="alt-card")


def alt_options(kept: object, where: object):
    """The calls legal after the first ``kept`` calls."""
    if not isinstance(where, dict):
        return dash.no_update, dash.no_update
    report = library().report(str(where.get("session")))
    if report is None or not isinstance(kept, int) or not isinstance(where.get("deal"), int):
        return dash.no_update, dash.no_update
    try:
        return _options(report, where["deal"], kept), None
    except VariationError:
        return [], None


def alt_result(text: object, kept: object, where: object):
    """The chosen call's contract, double dummy, and its points beside the actual."""
    if not isinstance(where, dict):
        return dash.no_update
    report = library().report(str(where.get("session")))
    if report is None or not isinstance(text, str) or not isinstance(kept, int) or not isinstance(where.get("deal"), int):
        return dash.no_update
    try:
        lines = choice_lines(choose_contract(report, where["deal"], kept, Call.parse(text)))
    except (VariationError, DDSFailure, ValueError) as err:
        return html.P(f"Not played: {err}", className="board-error", id="alt-error")
    return [html.Div(line, className="outcome-line") for line in lines]


def register() -> None:
    """The card's callbacks, registered by the replay page each time Dash loads it (see board.register)."""
    callback(Output("alt-call", "options"), Output("alt-call", "value"), Input("alt-kept", "value"),
             State("alt-where", "data"), prevent_initial_call=True)(alt_options)
    callback(Output("alt-result", "children"), Input("alt-call", "value"), State("alt-kept", "value"),
             State("alt-where", "data"), prevent_initial_call=True)(alt_result)
