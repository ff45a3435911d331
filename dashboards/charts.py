"""The dashboard's charts in one look: margins, template, the legend under the plot, and the
title as a heading above the graph, so that a long title wraps on a phone instead of running out
of the picture (plotly does not wrap a title)."""
from __future__ import annotations

from html import escape

import plotly.graph_objects as go
from dash import dcc, html

GRAPH_CONFIG = {"displayModeBar": False, "responsive": True}
LONGEST_NAME = 40  # characters of a name in a chart, a menu or a tag; the rest is "…"


def short(name: object) -> str:
    """A name as a page shows it: cut to :data:`LONGEST_NAME` characters with "…". Plotly lays
    out a long label at a cost that grows faster than its length (a 2,000-character name kept
    /analysis busy for 10 s, 10,000 for 80 s), and no cell is wide enough anyway."""
    text = str(name)
    return text if len(text) <= LONGEST_NAME else text[:LONGEST_NAME - 1] + "…"


def label(name: object) -> str:
    """A name for a chart's labels: :func:`short`, and HTML-escaped (plotly reads its labels as HTML)."""
    return escape(short(name))


def chart_card(title: str, figure: go.Figure, graph_id: str, height: int = 320) -> html.Div:
    """A card with ``title`` as its heading and ``figure`` (given the shared style) under it."""
    figure.update_layout(margin={"l": 50, "r": 20, "t": 16, "b": 40}, template="plotly_white",
                         font={"family": "DejaVu Sans, sans-serif"}, legend={"orientation": "h", "y": -0.18})
    return html.Div([html.H3(title), dcc.Graph(figure=figure, id=graph_id, config=GRAPH_CONFIG,
                                               style={"height": f"{height}px"})], className="card chart-card")
