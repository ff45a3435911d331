"""Draws any game's view data (vint_replay/engine/views.py) as the page's elements: the one
renderer of what each game supplies for its session and replay pages (issue 20), so no page
asks which game it shows."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go
from dash import dcc, html
from dash.development.base_component import Component

from dashboards.charts import chart_card, label
from vint_replay.engine.views import (Block, Box, Break, Bullets, Cell, Chart, Code, Content, File, Fold, Inline, Line,
                                      Link, Row, Span, Strong, Table)

Drawn = Component | str | int


def _props(**given: object) -> dict[str, Any]:
    """The element's properties that are set (Dash refuses an ``id`` of ``None``); each goes to
    the Dash property of its name, which has its own type."""
    return {k: v for k, v in given.items() if v is not None}


def data_attribute(name: str, value: str) -> dict[str, Any]:
    """An element's ``data-NAME`` attribute, which Dash takes by keyword only (beside its typed
    properties), for the page's scripts and style to read."""
    return {f"data-{name}": value}


def inline(part: Inline) -> Drawn:
    """One run of text: plain, bold, with classes, a token, a link, a break."""
    if isinstance(part, Strong):
        return html.Strong(part.text)
    if isinstance(part, Span):
        return html.Span(part.text, className=part.classes)
    if isinstance(part, Code):
        return html.Code(part.text)
    if isinstance(part, Link):
        return dcc.Link(part.text, href=part.href, **_props(title=part.title))
    if isinstance(part, File):
        return html.A(part.text, href=part.href, download="", **_props(id=part.id))
    if isinstance(part, Break):
        return html.Br()
    return part


def content(value: Content) -> Drawn | list[Drawn]:
    """A cell's or a line's content: one run, or several side by side."""
    return [inline(p) for p in value] if isinstance(value, tuple) else inline(value)


def cell(part: Cell) -> html.Td | html.Th:
    """One cell of a table."""
    kind = html.Th if part.head else html.Td
    inner = html.Ul([html.Li(content(i)) for i in part.items]) if part.items else content(part.content)
    return kind(inner, **_props(className=part.classes, id=part.id, title=part.title,
                                colSpan=part.span if part.span != 1 else None))


def _row(row: Row) -> html.Tr:
    return html.Tr([cell(c) for c in row.cells], **_props(className=row.classes, id=row.id))


def _chart(chart: Chart) -> html.Div:
    figure = go.Figure()
    for s in chart.series:
        figure.add_scatter(x=list(s.x), y=list(s.y), name=label(s.name), mode="lines+markers",
                           line={"width": chart.line_width} | ({"color": s.colour} if s.colour else {}))
    figure.update_xaxes(title=chart.x_title, **({"dtick": chart.x_step} if chart.x_step else {}))
    return chart_card(chart.title, figure, chart.id, chart.height)


def block(part: Block) -> Drawn:
    """One part of a page."""
    if isinstance(part, Line):
        return html.P(content(part.content), **_props(className=part.classes, id=part.id))
    if isinstance(part, Bullets):
        return html.Ul([html.Li(content(i)) for i in part.items], **_props(className=part.classes, id=part.id))
    if isinstance(part, Table):
        return html.Table([html.Thead([_row(r) for r in part.head]), html.Tbody([_row(r) for r in part.body])],
                          **_props(className=part.classes, id=part.id))
    if isinstance(part, Chart):
        return _chart(part)
    if isinstance(part, Fold):
        return html.Details([html.Summary(content(part.summary)), *blocks(part.parts)], **_props(id=part.id))
    if isinstance(part, Box):
        title = [] if part.title is None else [html.H3(part.title, **_props(id=part.title_id))]
        lone = part.title is None and len(part.parts) == 1 and isinstance(part.parts[0], (str, int))
        inner = block(part.parts[0]) if lone else title + blocks(part.parts)  # a figure or a name alone: its text
        return html.Div(inner, **_props(className=part.classes, id=part.id))
    return inline(part)


def blocks(parts: Iterable[Block]) -> list[Drawn]:
    """Parts of a page, in order."""
    return [block(p) for p in parts]
