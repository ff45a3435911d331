"""The versions of a session as the dashboard shows them: a table for ``/history/<id>``
and the "History" section of the session page."""
from __future__ import annotations

from urllib.parse import quote

from dash import dcc, html

from dashboards.app import library
from vint_replay.store.versions import Version


def versions_card(session_id: str) -> html.Div:
    """The session page's "History" section: the versions, and a link to their changes."""
    versions = library().store.versions(session_id)
    link = dcc.Link("what changed between versions", href=f"/history/{quote(session_id, safe='')}",
                    id="history-link") if len(versions) > 1 else html.Span("never corrected", className="muted")
    return html.Div([html.H3("History"), versions_table(versions), link], className="card", id="history-card")


def versions_table(versions: list[Version]) -> html.Table:
    """The versions of a session, oldest first: number, when, who, why."""
    head = html.Tr([html.Th(h) for h in ("version", "when (UTC)", "by", "why")])
    rows = [html.Tr([html.Td(f"v{v.number}"), html.Td(v.recorded_at.strftime("%Y-%m-%d %H:%M:%S")),
                     html.Td(v.author or "unknown"),
                     html.Td(v.reason or ("first import" if v.number == 1 else "no reason given"))],
                    id=f"version-{v.number}") for v in versions]
    return html.Table([html.Thead(head), html.Tbody(rows)], className="deals", id="versions-table")
