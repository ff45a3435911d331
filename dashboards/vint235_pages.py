"""The parts of the session and replay pages for a two-, three- or five-handed evening: the
method's columns named by their players, settlements and ledger, the deal table with who
declared, and the replay's table card (who plays each place, the player out, the exchanges,
the widow). Content from :mod:`dashboards.vint235_view`; this module only lays it out."""
from __future__ import annotations

from urllib.parse import quote

import plotly.graph_objects as go
from dash import dcc, html

from dashboards import data, vint235_view
from dashboards.charts import chart_card, label
from dashboards.library import Library
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport
from vint_replay.games.vint235.replay import TableReplay
from vint_replay.reports.audit import AuditReport

COLOURS = ("#1f5fa8", "#b8442e", "#2e7d4f", "#8a5a00", "#6b3fa0")


def session_body(report: SessionReport, checked: AuditReport | None) -> list:
    """The session page below its head: the balance chart, the sheet, the deals."""
    summary = vint235_view.summary(report)
    mismatches: dict[int, list[str]] = {}
    for m in checked.mismatches if checked else ():
        mismatches.setdefault(m.deal, []).append(m.explanation)
    rows = vint235_view.deal_rows(report, mismatches)
    sheet = _sheet(report, summary) if summary else [html.H3("Cannot be scored"), html.Ul(
        [html.Li(data.diagnostic_text(d)) for d in report.diagnostics if d.severity == "error"], className="diagnostics")]
    return [
        html.P(f"{report.profile.title} ({report.profile.doc} §{report.profile.section}): "  # type: ignore[attr-defined]
               f"{', '.join(report.record.info.party or ())} in the order of the draw.", className="muted", id="table-method"),
        html.Div(_balance_chart(summary) if summary else [], className="chart-grid"),
        html.Div([
            html.Div(sheet, className="card sheet-card"),
            html.Div([html.H3("Deals"), html.P("Click a contract to replay the deal.", className="muted"),
                      _deal_table(report.record.info.id, rows, report.profile.sits_out)],  # type: ignore[attr-defined]
                     className="card deals-card"),
        ], className="two-col"),
    ]


def _sheet(report: SessionReport, summary: vint235_view.TableSummary) -> list:
    out: list = [html.H3(f"Scoresheet: {summary.columns} columns", id="table-sheet-title")]
    paper = data.scoresheet(report) if summary.columns == 2 else None
    blocks = vint235_view.column_sheet(report) if summary.columns == 3 else []
    row = "sheet-row" + (" cols-3" if summary.columns == 3 else "")
    for i, rubber in enumerate(summary.rubbers):
        out.append(html.Div(f"Rubber {rubber.number}" + (f" · {rubber.out} sits out" if rubber.out else ""),
                            className="rubber-title", id=f"rubber-{rubber.number}-title"))
        out.append(html.Div([html.Div(h, className="sheet-head") for h in rubber.headers], className=row,
                            id=f"rubber-{rubber.number}-columns"))
        if paper is not None and i < len(paper.rubbers):
            above, below = paper.rubbers[i].above, [b.cells for b in paper.rubbers[i].below]
        elif i < len(blocks):
            above, below = blocks[i].above, [blocks[i].below]
        else:
            above, below = (), []
        out.append(html.Div([html.Div([_entry(e) for e in col], className="sheet-col above") for col in above],
                            className=row))
        out.append(html.Div(className="the-line"))
        for k, cells in enumerate(below):
            if k:
                out.append(html.Div(html.Span("game"), className="game-line"))
            out.append(html.Div([html.Div([_entry(e) for e in col], className="sheet-col") for col in cells],
                                className=row))
        out.append(html.Div([html.Div(f"{t}", className="sheet-total") for t in rubber.totals],
                            className=row + " totals", id=f"rubber-{rubber.number}-totals"))
        out.append(html.P(rubber.result, className="rubber-result"))
        if rubber.settlement:
            out.append(html.P("Settlement: " + " · ".join(f"{p} {vint235_view.signed(n)}" for p, n in rubber.settlement)
                              .replace("-", "−"), className="settlement", id=f"rubber-{rubber.number}-settlement"))
    out.append(html.Div([html.Div([html.Span(f"{p} "), html.Strong(vint235_view.signed(n).replace("-", "−"))],
                                  className="final") for p, n in summary.balances], className="finals", id="balances"))
    if summary.ledger is not None:
        out.append(html.P("Ledger in hundreds: " + " · ".join(f"{p} {h}" for p, h in summary.ledger),
                          className="ledger", id="ledger"))
    return out


def _entry(e: data.SheetEntry) -> html.Div:
    return html.Div([html.Span(e.text, className="entry-label"), html.Span(f"{e.points}", className="entry-points")],
                    className="entry" + (" mismatch" if e.mismatch else ""))


def _deal_table(session_id: str, rows: list[vint235_view.TableDealRow], sits_out: bool) -> html.Table:
    heads = ["#", "rubber", "dealer", *(["out"] if sits_out else []), "contract", "by", "tricks", "points written", "game"]
    body = []
    for r in rows:
        contract = dcc.Link(r.contract, href=f"/replay/{quote(session_id, safe='')}/{r.number}",
                            title="replay this deal") if r.contract not in ("?",) else r.contract
        cells = [r.number, r.rubber or "", r.dealer, *([r.out] if sits_out else []), contract, r.declarer, r.tricks,
                 r.written, r.game]
        body.append(html.Tr([html.Td(c, className="contract" if c is contract else None) for c in cells],
                            className="problem-row" if r.problems else None))
        if r.problems:
            body.append(html.Tr(html.Td(html.Ul([html.Li(p) for p in r.problems]), colSpan=len(heads)),
                                className="explain-row"))
    return html.Table([html.Thead(html.Tr([html.Th(h) for h in heads])), html.Tbody(body)], className="deals",
                      id="deal-table")


def _balance_chart(summary: vint235_view.TableSummary) -> list:
    """Each player's balance after each finished rubber (the engine's settlements, added up)."""
    finished = [r for r in summary.rubbers if r.settlement]
    if not finished:
        return []
    figure = go.Figure()
    for k, player in enumerate(summary.players):
        running, points = 0, [0]
        for rubber in finished:
            running += dict(rubber.settlement).get(player, 0)
            points.append(running)
        figure.add_scatter(x=[0] + [r.number for r in finished], y=points, name=label(player), mode="lines+markers",
                           line={"color": COLOURS[k % len(COLOURS)], "width": 3})
    figure.update_xaxes(title="rubber", dtick=1)
    return [chart_card("Each player's balance after each rubber", figure, "balance-chart")]


# ---------------------------------------------------------------------------------------------
# the replay page


def contract_line(replay: TableReplay, payload: dict) -> str:
    contract = replay.contract
    if contract is None:
        return "passed out" if replay.passed_out else "no contract"
    return (f"{payload['contract']} by {replay.name(contract.declarer)} ({contract.declarer.name}) · "
            f"needs {contract.tricks_needed} tricks · trick value V = {replay.trick_value}")


def replay_parts(report: SessionReport, replay: TableReplay, payload: dict, seat: Seat | None,
                 auction: html.Table) -> tuple[list, list]:
    """The lines under the title and the side cards of a table deal: the auction, the table, no double dummy."""
    record = replay.deal
    head = [html.P([f"Session {report.record.info.id} · dealer {record.dealer.full_name} "
                    f"({vint235_view.place_text(replay, record.dealer)}) · ", html.Strong(contract_line(replay, payload))],
                   className="muted", id="contract-line")]
    return head, [html.Div([html.H3("Auction"), auction], className="card"), table_card(replay, seat), no_dd()]


def view_choices(replay: TableReplay) -> list[tuple[str, str]]:
    """The replay's views: all hands, and each player at his own place."""
    return [("all", "all hands")] + [(s.name, f"only what {vint235_view.place_text(replay, s)} saw")
                                     for s in vint235_view.viewer_places(replay)]


def table_card(replay: TableReplay, seat: Seat | None) -> html.Div:
    """Who plays each place, the method's face-up rule, the player out, exchanges and widow."""
    places = [html.Li([html.Strong(s.name), f" {vint235_view.place_text(replay, s)}"]) for s in SEATS]
    exposure = replay.profile.exposure  # type: ignore[attr-defined]
    facts = vint235_view.table_facts(replay, seat)
    return html.Div([
        html.H3("The table"),
        html.Ul(places, className="places", id="table-places"),
        html.P(exposure[:1].upper() + exposure[1:] + ".", className="muted", id="table-exposure") if exposure else None,
        html.Ul([html.Li(f) for f in facts], id="table-facts") if facts else None,
    ], className="card")


def no_dd() -> html.Div:
    """The double-dummy card of a table deal: the analysis reads four-handed deals only."""
    return html.Div([html.H3("Double dummy"), html.P("Not analysed under the 2-, 3- and 5-player methods.",
                                                         className="muted", id="dd-note")], className="card")


# ---------------------------------------------------------------------------------------------
# /analysis


def table_players(library: Library, sessions: dict[str, str]) -> list[str]:
    """Everybody who played in the stored 2-, 3- and 5-player evenings."""
    reports = (library.report(sid) for sid in sessions)
    return sorted({p for r in reports if r is not None for p in r.record.info.party or ()})


def player_card(library: Library, sessions: dict[str, str], player: str | None) -> html.Div | None:
    """Per player over the selected 2-, 3- and 5-player evenings (those of ``player`` if given):
    the engine's ``player_results``, counted whatever place or dummy he played, added up."""
    reports = [r for r in (library.report(sid) for sid in sorted(sessions)) if r is not None]
    reports = [r for r in reports if player is None or player in (r.record.info.party or ())]
    rows = vint235_view.add_up([vint235_view.results(r) for r in reports])
    if not rows:
        return None
    heads = ("player", "deals", "declared", "made", "tricks taken", "won (+) / paid (−)")
    body = [html.Tr([html.Td(r.player), html.Td(r.deals, className="num"), html.Td(r.declared, className="num"),
                     html.Td(r.made, className="num"), html.Td(r.tricks, className="num"),
                     html.Td(vint235_view.signed(r.points).replace("-", "−"), className="num")],
                    className="current" if r.player == player else None) for r in rows]
    return html.Div([
        html.H3(f"Two-, three- and five-player evenings ({len(reports)})"),
        html.P("Each player's own deals, contracts and tricks whatever place or dummy he played, and what he won or "
               "paid in the settlements. These evenings are not in the four-handed figures.", className="muted"),
        html.Table([html.Thead(html.Tr([html.Th(h) for h in heads])), html.Tbody(body)], className="deals",
                   id="table-players"),
    ], className="card deals-card")
