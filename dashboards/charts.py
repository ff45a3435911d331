"""The dashboard's charts in one look: margins, template, the legend under the plot, and the
title as a heading above the graph, so that a long title wraps on a phone instead of running out
of the picture (plotly does not wrap a title)."""
from __future__ import annotations

from html import escape

import plotly.graph_objects as go
from dash import dcc, html

from vint_replay.engine.views import LONGEST_NAME, short

GRAPH_CONFIG: dcc.Graph.Config = {"displayModeBar": False, "responsive": True}


def label(name: object) -> str:
    """A name for a chart's labels: :func:`short`, and HTML-escaped (plotly reads its labels as HTML)."""
    return escape(short(name))


def chart_card(title: str, figure: go.Figure, graph_id: str, height: int = 320) -> html.Div:
    """A card with ``title`` as its heading and ``figure`` (given the shared style) under it."""
    figure.update_layout(margin={"l": 50, "r": 20, "t": 16, "b": 40}, template="plotly_white",
                         font={"family": "DejaVu Sans, sans-serif"}, legend={"orientation": "h", "y": -0.18})
    return html.Div([html.H3(title), dcc.Graph(figure=figure, id=graph_id, config=GRAPH_CONFIG,
                                               style={"height": f"{height}px"})], className="card chart-card")


__all__ = ["GRAPH_CONFIG", "LONGEST_NAME", "chart_card", "label", "short"]
