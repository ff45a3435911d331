"""``/session/<id>``: the scoresheet as kept on paper, the deal table with audit findings, and
charts of the running totals and the below-the-line race to each game."""
from __future__ import annotations

from urllib.parse import quote, unquote

import dash
import plotly.graph_objects as go
from dash import dcc, html

from dashboards import data, downloads, duplicate_view, traveller_view, views
from dashboards.app import library
from dashboards.charts import chart_card, label
from dashboards.dates import shown_date
from dashboards.history_view import versions_card
from vint_replay.games.registry import ProfileError, SheetLayout, get_profile, profile_names
from vint_replay.engine.seats import Side
from vint_replay.engine.session import SessionReport
from vint_replay.engine.rule_profile import SessionPage
from vint_replay.engine.views import Block, Line
from vint_replay.games.laws import views as laws_view
from vint_replay.reports import labels, scoresheet
from vint_replay.reports.audit import AuditReport
from vint_replay.reports.sheets import sheet_writer

dash.register_page(__name__, path_template="/session/<session_id>", title="Scoresheet — vint-replay")

SIDE_COLOURS = ("#1f5fa8", "#b8442e")


def layout(session_id: str | None = None, rules: str | None = None, **_query: object) -> html.Div:
    session_id = unquote(session_id or "")
    played_report = library().report(session_id)
    rescore = rules if rules in profile_names() else None
    try:
        report = library().report(session_id, rescore)
    except ProfileError as refused:  # e.g. solo whist and vint: different games; a 2/3/5 method's places
        return _refused(session_id, str(refused))
    unreadable = None if report is None or played_report is None else data.unreadable_under(played_report, report)
    if unreadable:  # e.g. a vint evening read in bridge's order of the suits
        return _refused(session_id, unreadable)
    if report is None:
        return html.Div([html.H2("No such session"), html.P(f"The store has no session {session_id!r}."),
                         dcc.Link("Back to the sessions", href="/")], className="card")
    return _game_body(report, rescore)


def _game_body(report: SessionReport, rescore: str | None) -> html.Div:
    """The page of a game that supplies its own parts (``session_view``), under the common head;
    four hands' otherwise."""
    rescored = rescore is not None and rescore != report.record.info.rules
    # the paper score was kept under the table's rules: a rescored evening is not audited
    checked = None if report.score is None or rescored else sheet_writer(report).audit(report)
    page = SessionPage(report, checked, data.diagnostic_text, data.explanations(report, checked))
    shown = report.profile.session_view(page)
    if shown is None:
        return _sides_body(report, rescore, checked)
    return html.Div([_head(report, checked, data.audit_status(report, checked, shown.unrecorded), shown.game_words),
                     *views.blocks(shown.body), versions_card(report.record.info.id)])


def _sides_body(report: SessionReport, rescore: str | None, checked: AuditReport | None) -> html.Div:
    """Four hands at N–S against E–W: the rules switch, the charts, the sheet and the deals
    (``checked``: the audit of the paper score, ``None`` when rescored)."""
    played = report.record.info.rules
    rescored = rescore is not None and rescore != played
    info = report.record.info
    session_id = info.id
    sheet = data.scoresheet(report, checked)
    rows = data.deal_rows(report, checked, paper=not rescored)
    status = f"rescored under {rescore}: not audited" if rescored else data.audit_status(report, checked)
    boards = report.profile.scoresheet is SheetLayout.BOARDS
    figures = duplicate_view.event_figures(report) if boards and not rescored else None
    return html.Div([
        _head(report, checked, status),
        _rules_switch(session_id, played, rescore or played),
        html.Div(_charts(report), className="chart-grid"),
        html.Div([
            html.Div(_sheet(sheet) if sheet else _invalid(report), className="card sheet-card"),
            html.Div([html.H3("Deals"), html.P("Click a contract to replay the deal" + (
                      f" as it was played, under {played}." if rescored else "."), className="muted"),
                      _deal_table(info.id, rows, played, report.profile.scoresheet, figures)],
                     className="card deals-card"),
        ], className="two-col"),
        *views.blocks(filter(None, [duplicate_view.event_card(session_id, figures, _event_downloads(figures))])),
        *views.blocks(() if rescored else traveller_view.traveller_cards(report)),  # the file's under its rules
        _drawn(laws_view.players_card(report)),
        versions_card(session_id),
    ])


def _event_downloads(figures: duplicate_view.EventFigures | None) -> Line | None:
    """The event's sessions compared, to save in one file."""
    compared = None if figures is None or figures.comparison is None else figures.comparison.sessions
    reports = [library().report(sid) for sid in compared or ()]
    return downloads.download_line([r.record for r in reports if r is not None], "event-downloads",
                                   "The event's sessions in one file:") if len(reports) > 1 else None


def _refused(session_id: str, why: str) -> html.Div:
    return html.Div([html.H2("Cannot rescore"), html.P(why, id="rescore-refused"),
                     dcc.Link("Back to the session", href=f"/session/{quote(session_id, safe='')}")], className="card")


def _head(report, checked, status: str, game_words: str | None = None) -> html.Div:
    info = report.record.info
    facts = " · ".join(x for x in (game_words, shown_date(info.date), info.event, info.site,
                                   info.table and f"table {info.table}") if x)
    saved = downloads.download_line([report.record], "downloads", "Download:")
    return html.Div([
        html.H2(f"Session {info.id}"),
        html.P(facts, className="muted"),
        html.Span(status, className="badge " + _badge(report, checked), id="audit-status"),
        *views.blocks(filter(None, [saved])),
    ], className="page-head")


def _rules_switch(session_id: str, played: str, shown: str) -> html.Div | None:
    """Score the evening under another profile: the table's contracts and play, the other rules'
    numbers (the engine's rescoring; nothing is computed here). A profile under which the record
    cannot be read is not offered, and one sentence says why; with none offered there is nothing
    to switch to (``None``: a pairs event's hand records, which no other rules read)."""
    as_played = library().report(session_id)
    assert as_played is not None  # the page is drawn for a stored session
    links: list[html.Span | dcc.Link] = []
    refusals = []
    for name in data.rescore_choices(played):
        label = name + (" (played)" if name == played else "")
        href = f"/session/{quote(session_id, safe='')}" + ("" if name == played else f"?rules={name}")
        rescored = None if name == played else library().report(session_id, name)
        unreadable = None if rescored is None else data.unreadable_under(as_played, rescored)
        if unreadable:
            links.append(html.Span(label, className="rules-choice refused", title=unreadable))
            refusals.append(html.Li(f"{name}: {unreadable}"))
        else:
            links.append(html.Span(label, className="rules-choice current") if name == shown
                         else dcc.Link(label, href=href, className="rules-choice"))
    if len(links) == len(refusals) + 1:  # the played rules alone
        return None
    note = scoresheet.rules_note(as_played.record, get_profile(shown)) if shown != played else None
    return html.Div([html.Span("Score under the rules of: ", className="muted"), *links]
                    + ([html.P(note, className="muted", id="rules-note")] if note else [])
                    + ([html.Ul(refusals, className="muted rules-refused", id="rules-refused")] if refusals else []),
                    className="rules-switch", id="rules-switch")


def _badge(report, checked) -> str:
    """Red for an invalid record, amber for paper-score mismatches, green for a clean audit."""
    if report.score is None or any(d.severity == "error" for d in report.diagnostics):
        return "bad"
    if checked is None or not checked.deals_checked:
        return ""
    return "ok" if checked.clean else "warn"


def _invalid(report) -> list:
    return [html.H3("Cannot be scored"),
            html.P("The record has errors; the score is recomputed once every deal replays legally."),
            html.Ul([html.Li(data.diagnostic_text(d)) for d in report.diagnostics if d.severity == "error"],
                    className="diagnostics")]


def _entry(e: data.SheetEntry) -> html.Div:
    return html.Div([html.Span(e.text, className="entry-label"),
                     html.Span(f"{e.points}", className="entry-points")],
                    className="entry" + (" mismatch" if e.mismatch else ""),
                    title="the paper score differs here" if e.mismatch else None)


def _drawn(part: Block | None) -> views.Drawn | None:
    return None if part is None else views.block(part)


def _boards(rows: list[data.BoardRow]) -> html.Table:
    """The board-by-board sheet: each board's score on the side that earned it, N–S's running total."""
    head = html.Tr([html.Th(h) for h in ("board", "vul", "contract", "by", "tricks", "N–S", "E–W", "total")])
    body = [html.Tr([html.Td(r.number), html.Td(r.vulnerable), html.Td(r.contract, className="contract"),
                     html.Td(r.declarer), html.Td(r.tricks, className="num"),
                     html.Td(f"{r.score:+d}" if r.score > 0 else "", className="num"),
                     html.Td(f"{-r.score:+d}" if r.score < 0 else "", className="num"),
                     html.Td(f"{r.running:+d}", className="num")], id=f"board-{r.number}") for r in rows]
    return html.Table([html.Thead(head), html.Tbody(body)], className="deals boards", id="board-table")


def _sheet(sheet: data.Scoresheet) -> list:
    out: list = [html.H3("Scoresheet"),
                 html.Div([html.Div(h, className="sheet-head") for h in sheet.headers], className="sheet-row")]
    if sheet.boards is not None:
        out.append(_boards(sheet.boards))
    for rubber in sheet.rubbers:
        out.append(html.Div(f"Rubber {rubber.number}", className="rubber-title"))
        out.append(html.Div([html.Div([_entry(e) for e in col], className="sheet-col above")
                             for col in rubber.above], className="sheet-row"))
        out.append(html.Div(className="the-line"))
        for block in rubber.below:
            out.append(html.Div([html.Div([_entry(e) for e in col], className="sheet-col")
                                 for col in block.cells], className="sheet-row"))
            if block.game:
                out.append(html.Div(html.Span(block.game), className="game-line"))
        out.append(html.Div([html.Div(f"{t}", className="sheet-total") for t in rubber.totals],
                            className="sheet-row totals", id=f"rubber-{rubber.number}-totals"))
        out.append(html.P(rubber.result, className="rubber-result"))
    out.append(html.Div([
        html.Div([html.Span(f"{side.label} "), html.Strong(f"{total}", id=f"total-{side.name}")], className="final")
        for side, total in zip(Side, sheet.totals)
    ] + [html.Div(["difference ", html.Strong(sheet.difference, id="difference")], className="final")],
        className="finals"))
    return out


def _deal_table(session_id: str, rows: list[data.DealRow], played: str, layout: SheetLayout,
                figures: duplicate_view.EventFigures | None = None) -> html.Table:
    """The deals with their points: below and above the line per side, or, board by board
    (duplicate-bridge.md §1), the one score of each board from N–S's side, and with ``figures``
    its IMPs or matchpoints against the event's other rooms or tables beside the recorded ones."""
    boards = layout is SheetLayout.BOARDS
    columns: tuple[str, ...] = ("score (N–S)",) if boards else ("N–S below", "N–S above", "E–W below", "E–W above")
    if figures is not None:
        columns += (figures.heading,)
    head = html.Tr([html.Th(h) for h in ("#", "dealer", "contract", "by", "tricks", *columns, "game")])
    body = []
    for r in rows:
        if boards:
            cells: list[html.Td | html.Th] = [_score_cell(_board_score(r.points), _board_score(r.recorded))]
            if figures is not None:
                cells.append(views.cell(duplicate_view.figure_cell(figures.boards.get(r.number))))
        else:
            cells = [_score_cell(None if r.points is None else r.points[side][line],
                                 None if r.recorded is None else r.recorded[side][line])
                     for side in Side for line in (0, 1)]
        contract = dcc.Link(r.contract, href=f"/replay/{quote(session_id, safe='')}/{r.number}",
                            title=f"replay this deal (under {played}, as played)") if r.declarer else r.contract
        body.append(html.Tr([html.Td(r.number), html.Td(r.dealer), html.Td(contract, className="contract"),
                             html.Td(r.declarer), html.Td(r.tricks), *cells, html.Td(r.game)],
                            className="problem-row" if r.problems else None))
        if r.problems:
            body.append(html.Tr(html.Td(html.Ul([html.Li(p) for p in r.problems]), colSpan=6 + len(columns)),
                                className="explain-row"))
    return html.Table([html.Thead(head), html.Tbody(body)], className="deals", id="deal-table")


def _board_score(points: tuple[tuple[int, int], tuple[int, int]] | None) -> int | None:
    """A board's score from N–S's side: N–S's points minus E–W's (PBN's ``[Score "NS 620"]``)."""
    return None if points is None else sum(points[Side.NS]) - sum(points[Side.EW])


def _score_cell(mine: int | None, paper: int | None) -> html.Td:
    """Our figure, with the paper's beside it when they differ (the paper's alone in brackets)."""
    if mine is None:
        return html.Td("" if paper is None else f"({paper})", className="num")
    if paper is not None and paper != mine:
        return html.Td([f"{mine}", html.Span(f" paper {paper}", className="paper")], className="num bad-cell")
    return html.Td(f"{mine}", className="num")


def _charts(report) -> list:
    prog = data.progress(report)
    if prog is None:
        return [html.P("No chart: the session cannot be scored.", className="muted")]
    if report.score is not None and report.score.deals and all(deal.unplayed for deal in report.score.deals):
        return [html.P("No chart: no deal of the session was played to a result (hand or bidding records, "
                       "unfinished boards), so nothing was scored.", className="muted")]
    info = report.record.info
    names = [label(side.label if (players := data.side_players(info, side)) == labels.NO_NAMES
                   else f"{side.label} ({players})") for side in Side]
    totals = go.Figure()
    for side in Side:
        totals.add_scatter(x=prog.deals, y=prog.totals[side], name=names[side], mode="lines+markers",
                           line={"color": SIDE_COLOURS[side], "width": 3})
    if prog.closing is not None and prog.deals:  # the unfinished rubber's closing entries, after the last deal
        for side in Side:
            totals.add_scatter(x=[prog.deals[-1], prog.deals[-1] + 1], y=[prog.totals[side][-1], prog.closing[side]],
                               mode="lines+markers+text", text=["", "end"], textposition="top center", showlegend=False,
                               line={"color": SIDE_COLOURS[side], "width": 2, "dash": "dot"},
                               hovertemplate="closing entries of the unfinished rubber: %{y}<extra>" + side.label + "</extra>")
    totals.update_xaxes(title="deal")
    below = go.Figure()
    steps = list(range(len(prog.trick_labels)))
    for side in Side:
        below.add_scatter(x=steps, y=prog.below[side], name=side.label, mode="lines", customdata=prog.trick_labels,
                          line={"color": SIDE_COLOURS[side], "shape": "hv", "width": 2},
                          hovertemplate="%{customdata}: %{y}<extra>" + side.label + "</extra>")
    below.add_hline(y=prog.threshold, line_dash="dot", line_color="#555",
                    annotation_text=f"game {prog.threshold}", annotation_position="top left")
    for side in Side:
        won = [(i, label) for i, s, label in prog.games if s is side]
        # the stars say game or rubber on hover and in the legend, not in text that overlaps when games are close
        below.add_scatter(x=[i for i, _ in won], y=[prog.below[side][i] for i, _ in won], mode="markers",
                          text=[label.split()[-1] for _, label in won], name=f"{side.label} game won",
                          customdata=[prog.trick_labels[i] for i, _ in won], showlegend=bool(won),
                          marker={"symbol": "star", "size": 13, "color": SIDE_COLOURS[side]},
                          hovertemplate="%{customdata}: " + side.label + " %{text}<extra></extra>")
    starts = data.spaced(prog.deal_starts, len(steps))
    below.update_xaxes(tickvals=[i for i, _ in starts], ticktext=[str(n) for _, n in starts], title="deal")
    charts = [chart_card("Running totals after each deal", totals, "totals-chart")]
    if report.profile.scoresheet is SheetLayout.RUBBER:  # board by board there is no race to game
        charts.append(chart_card("Below the line, trick by trick: the race to each game", below, "below-chart"))
    return charts
