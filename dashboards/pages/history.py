"""``/history/<id>``: every accepted version of a session (when, who, why) and, for a chosen
pair (``?from=N&to=M``, by default the last two), what changed deal by deal and how the
engine's score moved, in the game's own terms (vint's sides, a table's columns by player, solo
whist's payments and balances)."""
from __future__ import annotations

from urllib.parse import quote, unquote

import dash
from dash import dcc, html

from dashboards.app import library
from dashboards.data import url_number
from dashboards.history_view import versions_table
from vint_replay.reports.history import VersionDiff, compare, score_text, session_text

dash.register_page(__name__, path_template="/history/<session_id>", title="History — vint-replay")


def layout(session_id: str | None = None, **query: object) -> html.Div:
    session_id = unquote(session_id or "")
    try:
        versions = library().store.versions(session_id)
    except KeyError:
        return html.Div([html.H2("No such session"), html.P(f"The store has no session {session_id!r}."),
                         dcc.Link("Back to the sessions", href="/")], className="card")
    numbers = [v.number for v in versions]
    older, newer = _pair(query, numbers)
    body: list = [html.H2(f"History of {session_id}"),
                  dcc.Link("Back to the scoresheet", href=f"/session/{quote(session_id, safe='')}"),
                  html.Div([html.H3("Versions"), versions_table(versions)], className="card")]
    if older is None or newer is None:
        body.append(html.P("This session has a single version: it was never corrected.", className="muted",
                           id="history-single"))
    else:
        by_number = {v.number: v for v in versions}
        diff = compare(by_number[older].record, by_number[newer].record, (older, newer))
        body += [html.Div(_pair_links(session_id, numbers, older, newer), className="rules-switch", id="history-pairs"),
                 html.Div(_changes(diff), className="card", id="history-changes")]
    return html.Div(body)


def _pair(query: dict[str, object], numbers: list[int]) -> tuple[int | None, int | None]:
    """The versions to compare: ``from``/``to`` when both name stored versions, else the last two."""
    if len(numbers) < 2:
        return None, None
    wanted = [url_number(query.get("from")), url_number(query.get("to"))]
    if all(w in numbers for w in wanted) and wanted[0] != wanted[1]:
        return wanted[0], wanted[1]
    return numbers[-2], numbers[-1]


def _pair_links(session_id: str, numbers: list[int], older: int, newer: int) -> list:
    links: list = [html.Span("Compare: ", className="muted")]
    for a, b in ((a, b) for i, a in enumerate(numbers) for b in numbers[i + 1:]):
        label = f"v{a} → v{b}"
        links.append(html.Span(label, className="rules-choice current") if (a, b) == (older, newer) else
                     dcc.Link(label, href=f"/history/{quote(session_id, safe='')}?from={a}&to={b}",
                              className="rules-choice"))
    return links


def _changes(diff: VersionDiff) -> list:
    head = html.Tr([html.Th(h) for h in ("deal", "what changed", f"score v{diff.older}", f"score v{diff.newer}")])
    rows = [html.Tr([html.Td(d.number), html.Td(html.Ul([html.Li(c) for c in d.changes]) if d.changes
                                                 else html.Span("score only", className="muted")),
                     html.Td(score_text(d.before, " · "), className="num"),
                     html.Td(score_text(d.after, " · "), className="num")],
                    id=f"change-{d.number}", className="problem-row" if d.score_moved else None)
            for d in diff.deals]
    return [html.H3(f"Changes from v{diff.older} to v{diff.newer}"),
            html.Table([html.Thead(head), html.Tbody(rows)], className="deals", id="changes-table"),
            html.P([f"Session v{diff.older}: ", html.Strong(session_text(diff.totals_before), id="totals-before"),
                    f" · v{diff.newer}: ", html.Strong(session_text(diff.totals_after), id="totals-after")],
                   className="finals")]

