"""``/``: every stored session with its result and audit status; filter, sort, and upload a
record to import it."""
from __future__ import annotations

import base64
import binascii
from urllib.parse import quote

import dash
from dash import Input, Output, State, callback, dcc, html

from dashboards import data
from dashboards.app import library
from dashboards.library import SessionUpload, upload_name
from dashboards.views import Drawn, data_attribute

dash.register_page(__name__, path="/", title="Sessions — vint-replay")

SORTS = [{"label": "newest first", "value": "-date"}, {"label": "oldest first", "value": "date"},
         {"label": "most deals", "value": "-deals"}, {"label": "session id", "value": "id"}]
COLUMNS = ("date", "session", "event", "table", "players (N–S v E–W)", "deals", "rubbers", "result", "paper score")


def layout(**_query: object) -> html.Div:
    limit = library().max_upload_bytes
    return html.Div([
        html.Div([html.Div([html.H2("Sessions"), html.P("Club evenings in the store. Open one for its scoresheet and replays.",
                                                         className="muted")])], className="page-head"),
        html.Div([
            html.Div([
                dcc.Input(id="session-filter", type="text", placeholder="filter: player, event, session id…",
                          debounce=0.3, value=""),
                dcc.Dropdown(id="session-sort", options=SORTS, value="-date", clearable=False, style={"width": "190px"}),
                dcc.Checklist(id="session-audit-only", options=[{"label": "only with paper-score mismatches", "value": "yes"}],
                              value=[], inline=True),
            ], className="filters"),
            html.Div(id="session-table"),
        ], className="card"),
        html.Div([
            html.H3("Import a session"),
            dcc.Upload(id="upload", children=html.Div(["Drop a ", html.Code(".json"), ", ", html.Code(".vint"), ", ",
                                                       html.Code(".pbn"), " or ", html.Code(".lin"),
                                                       " record here, or click to choose one"]),
                       className="upload", max_size=limit, multiple=False, accept=".json,.vint,.pbn,.lin"),
            dcc.Loading(html.Div(id="upload-result"), type="dot"),
        ], className="card"),
    ])


def _table(rows: list[data.SessionRow]) -> html.Table | html.P:
    if not rows:
        return html.P("No sessions match.", className="muted", id="no-sessions")
    body = []
    for r in rows:
        badge = "warn" if r.mismatched else "ok" if r.audited else ""
        cells: list[tuple[Drawn, str]] = [(r.date, "nowrap"), (dcc.Link(r.id, href=f"/session/{quote(r.id, safe='')}"), "session-id"),
                 (r.event, "event"), (r.table, ""), (r.players, ""), (r.deals, "num"), (r.rubbers, "num"),
                 (r.result, "result"), (html.Span(r.audit, className=f"badge {badge}"), "")]
        # data-label: on a phone each row stacks its cells, each under the column's name (style.css)
        body.append(html.Tr([html.Td(value, className=kind, **data_attribute("label", column))
                             for column, (value, kind) in zip(COLUMNS, cells)], className="session-row"))
    return html.Table([html.Thead(html.Tr([html.Th(c) for c in COLUMNS])), html.Tbody(body)], id="sessions")


def _rows() -> list[data.SessionRow]:
    store = library().store
    sessions = store.sessions()
    rows = data.session_rows(sessions, store.deals(columns=data.AUDIT_COLUMNS))
    return data.own_sheet_rows(rows, sessions, library().report)  # each player's balance where the game settles so


@callback(Output("session-table", "children"),
          Input("session-filter", "value"), Input("session-sort", "value"), Input("session-audit-only", "value"),
          Input("upload-result", "children"))
def show_sessions(text: str | None, sort: str, audit_only: list[str], _uploaded: object):
    return _table(data.filter_rows(_rows(), text, bool(audit_only), sort or "-date"))


@callback(Output("upload-result", "children"), Input("upload", "contents"), State("upload", "filename"),
          prevent_initial_call=True)
def upload(contents: str | None, filename: str | None):
    if not contents:
        return dash.no_update
    filename = upload_name(filename if isinstance(filename, str) else None)  # a forged request may send anything
    try:
        if not isinstance(contents, str):
            raise binascii.Error("not a data URL")
        raw = base64.b64decode(contents.split(",", 1)[1], validate=True)
    except (IndexError, binascii.Error):
        return html.P(f"{filename}: the upload arrived damaged; nothing was stored.", className="upload-bad")
    result = library().upload(filename, raw)
    problems = [html.Li(f"{filename}{'' if s.session_id is None else f' ({s.session_id})'}: {data.diagnostic_text(d)}")
                for s in result.sessions if not s.accepted for d in s.diagnostics]
    problems += [html.Li(reason) for reason in (result.reason, *(s.reason for s in result.sessions if not s.accepted))
                 if reason]
    if not result.stored:
        return html.Div([html.P(f"{filename} was not imported; nothing was stored:", className="upload-bad"),
                         html.Ul(problems or [html.Li("no session could be read")], className="diagnostics",
                                 id="upload-diagnostics")])
    if len(result.sessions) == 1:
        return html.P([*_stored_line(result.stored[0], f"{filename}: session "), "."], className="upload-ok",
                      id="upload-ok")
    # a PBN or LIN file's sessions (rooms, tables) are each stored or refused on their own (Library.upload)
    out = [html.P(f"{filename}: {len(result.stored)} of its {len(result.sessions)} sessions stored",
                  className="upload-ok", id="upload-ok"),
           html.Ul([html.Li(_stored_line(s)) for s in result.stored], id="upload-stored")]
    if problems:
        out += [html.P("the others were not imported:", className="upload-bad"),
                html.Ul(problems, className="diagnostics", id="upload-diagnostics")]
    return html.Div(out)


_VERBS = {"imported": "imported", "replaced": "replaced", "unchanged": "already in the store (unchanged)"}


def _stored_line(session: SessionUpload, lead: str = "session ") -> list[str | dcc.Link]:
    """"session <link> imported" for an uploaded session the store holds."""
    sid = session.session_id or ""
    return [lead, dcc.Link(sid, href=f"/session/{quote(sid, safe='')}"), f" {_VERBS[session.status]}"]