"""The solo-whist parts of the dashboard's pages (docs/rules/solo-whist.md): the session page's
payment sheet with running balances and the audit of a recorded sheet, and the replay page's
header, auction and payments. The data come from :mod:`dashboards.solo_data`."""
from __future__ import annotations

from urllib.parse import quote

import plotly.graph_objects as go
from dash import dcc, html

from dashboards import solo_data
from dashboards.charts import chart_card, label
from dashboards.dates import shown_date
from dashboards.data import diagnostic_text
from dashboards.history_view import versions_card
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport
from vint_replay.games.solo.replay import SoloReplay

RULES_NOTE = ("Solo whist settles each deal in points paid between the players, so the evening has a payment "
              "sheet and balances, not vint's lines; it is scored only under its own rules.")


def session_layout(report: SessionReport) -> html.Div:
    """``/session/<id>`` of a solo-whist evening: balances, the chart of running balances, and the
    payment sheet with the audit's findings on the recorded sheet."""
    info = report.record.info
    checked = solo_data.solo_audit_of(report)
    sheet = solo_data.payment_sheet(report, checked)
    facts = " · ".join(x for x in ("solo whist", shown_date(info.date), info.event, info.site, info.table and f"table {info.table}") if x)
    status = solo_data.solo_status(report, checked)
    body = [html.Div([html.H3("Cannot be scored"),
                      html.Ul([html.Li(diagnostic_text(d)) for d in report.diagnostics],
                              className="diagnostics")], className="card")] if sheet is None else [
        _balances(sheet),
        chart_card("Running balances after each deal (points)", _chart(sheet), "balances-chart", 300),
        html.Div([html.H3("Payment sheet"),
                  html.P("Each deal's payments (+ received, − paid) with every player's balance after it. "
                         "Click a contract to replay the deal.", className="muted"),
                  _sheet_table(info.id, sheet)], className="card deals-card"),
    ]
    return html.Div([
        html.Div([
            html.H2(f"Session {info.id}"),
            html.P(facts, className="muted"),
            html.Span(status, className="badge " + _badge(sheet, checked), id="audit-status"),
        ], className="page-head"),
        html.Div(html.P(RULES_NOTE, className="muted", id="rules-note"), className="rules-switch", id="rules-switch"),
        *body,
        versions_card(info.id),
    ])


def _badge(sheet: solo_data.PaymentSheet | None, checked: solo_data.SoloAudit | None) -> str:
    """Red when the evening cannot be scored, amber for a payment sheet with mistakes, green for a clean one."""
    if sheet is None:
        return "bad"
    if checked is None or not checked.deals_checked:
        return ""
    return "ok" if checked.clean else "warn"


def _balances(sheet: solo_data.PaymentSheet) -> html.Div:
    return html.Div([html.H3("Balances"), html.Div([
        html.Div([html.Div(b, className="value", id=f"balance-{i}"), html.Div(p, className="label")], className="kpi")
        for i, (p, b) in enumerate(zip(sheet.players, sheet.balances))], className="kpis", id="balances")],
        className="card")


def _chart(sheet: solo_data.PaymentSheet) -> go.Figure:
    figure = go.Figure()
    for player, values in sheet.running.items():
        figure.add_scatter(x=sheet.deals, y=values, name=label(player), mode="lines+markers", line={"width": 2})
    figure.update_xaxes(title="deal")
    return figure


def _sheet_table(session_id: str, sheet: solo_data.PaymentSheet) -> html.Table:
    """One row a deal and a balance row under it; a payment the scorer wrote differently is shown
    beside the one due, and the audit's explanation follows the deal."""
    fixed = ["#", "dealer"] + (["sits out"] if sheet.five else []) + ["contract", "declarer", "partner", "result"]
    head = html.Tr([html.Th(h) for h in fixed] + [html.Th(p, className="num") for p in sheet.players])
    width = len(fixed) + len(sheet.players)
    body = []
    for r in sheet.rows:
        contract = dcc.Link(r.contract, href=f"/replay/{quote(session_id, safe='')}/{r.number}",
                            title="replay this deal") if r.replayable else r.contract
        cells = [html.Td(c.due, className="num") if c.written is None else
                 html.Td([c.due, html.Span(f" written {c.written}", className="paper")], className="num bad-cell",
                         title="the recorded payment sheet differs here") for c in r.payments]
        body.append(html.Tr([html.Td(r.number), html.Td(r.dealer)] + ([html.Td(r.sits_out)] if sheet.five else [])
                            + [html.Td(contract, className="contract"), html.Td(r.declarer), html.Td(r.partner),
                               html.Td(r.result), *cells],
                            className="problem-row" if r.problems else None, id=f"deal-{r.number}"))
        body.append(html.Tr([html.Td("balance", colSpan=len(fixed), className="muted")]
                            + [html.Td(b, className="num") for b in r.balances], className="balance-row"))
        if r.problems:
            body.append(html.Tr(html.Td(html.Ul([html.Li(p) for p in r.problems]), colSpan=width),
                                className="explain-row", id=f"explain-{r.number}"))
    body.append(html.Tr([html.Th("final balances", colSpan=len(fixed))]
                        + [html.Th(b, className="num") for b in sheet.balances], className="final-row"))
    return html.Table([html.Thead(head), html.Tbody(body)], className="deals payments", id="payment-sheet")


def replay_parts(report: SessionReport, replay: SoloReplay, seat: Seat | None = None) -> tuple[list, list]:
    """The replay page's lines under the title (who dealt and sat out, the turn-up, the contract
    and who plays it) and its side cards (the auction with its tokens, the deal's payments). In
    one seat's view the payments are not shown: they tell how the deal ends before its trick
    (the status says the outcome at the end of the play)."""
    facts = solo_data.deal_facts(report, replay)
    head = [html.P(f"Session {report.record.info.id} · solo whist · {facts.dealing}", className="muted", id="dealing-line"),
            html.P(["Turn-up: ", html.Strong(facts.turn_up)], id="turn-up-line") if facts.turn_up else None,
            html.P(html.Strong(facts.contract), className="muted", id="contract-line")]
    auction = html.Table([html.Thead(html.Tr([html.Th(h) for h in ("", "seat", "player", "call", "token")])),
                          html.Tbody([html.Tr([html.Td(i, className="muted"), html.Td(c.seat), html.Td(c.player),
                                               html.Td(c.words, className="call"), html.Td(html.Code(c.token))])
                                      for i, c in enumerate(facts.auction, 1)])], className="auction", id="auction")
    payments = html.Table([html.Thead(html.Tr([html.Th(h) for h in ("seat", "player")]
                                              + [html.Th(h, className="num") for h in ("paid", "balance")])),
                           html.Tbody([html.Tr([html.Td(s), html.Td(p), html.Td(v, className="num"),
                                                html.Td(b, className="num")]) for s, p, v, b in facts.payments])],
                          id="deal-payments")
    hidden = html.Div([html.H3("Payments"), html.P(f"Hidden: the payments tell how the deal ends, which "
                                                   f"{seat.full_name} learns at the end of the play.", className="muted",
                                                   id="payments-hidden")], className="card") if seat is not None else None
    side = [html.Div([html.H3("Auction"), html.P("from eldest hand", className="muted"), auction], className="card"),
            hidden or html.Div([html.H3("Payments"),
                      html.P(facts.outcome, id="deal-outcome") if facts.outcome else None,
                      html.P(facts.reason, className="muted", id="payment-reason") if facts.reason else None,
                      payments if facts.payments else html.P("No payment: the deal is void or cannot be scored.",
                                                             className="muted")], className="card")]
    return head, side
