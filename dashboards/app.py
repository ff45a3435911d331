"""The Dash app factory: four pages over one Parquet store, safe defaults for a local tool."""
from __future__ import annotations

from pathlib import Path

import dash
import flask
from dash import Dash, dcc, html

from dashboards.library import Library

HERE = Path(__file__).resolve().parent
MAX_UPLOAD_BYTES = 2_000_000  # one session file; a big club evening is well under 200 KB
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def create_app(store_path: str | Path, *, max_upload_bytes: int = MAX_UPLOAD_BYTES,
               trusted_hosts: list[str] | None = None) -> Dash:
    """Build the dashboard over the store at ``store_path``.

    Requests larger than the upload limit (plus room for base64 and the callback envelope) are
    refused by Flask with 413. ``trusted_hosts`` guards against DNS rebinding when serving on
    loopback only.
    """
    from vint_replay.store import Store

    server = flask.Flask(__name__)
    server.config["MAX_CONTENT_LENGTH"] = max_upload_bytes * 4 // 3 + 64_000
    if trusted_hosts:
        server.config["TRUSTED_HOSTS"] = trusted_hosts
    server.extensions["vint_library"] = Library(Store(store_path), max_upload_bytes)
    app = Dash(
        __name__,
        server=server,
        use_pages=True,
        pages_folder=str(HERE / "pages"),
        assets_folder=str(HERE / "assets"),
        title="vint-replay",
        suppress_callback_exceptions=True,
        update_title=None,
    )
    app.layout = html.Div([
        html.Header([
            dcc.Link([html.Span("♠♥♦♣", className="logo-suits"), " vint-replay"], href="/", className="brand"),
            html.Nav([dcc.Link("Sessions", href="/"), dcc.Link("Analysis", href="/analysis")]),
        ], className="topbar"),
        html.Main(dash.page_container, className="page"),
    ])
    return app


def library() -> Library:
    """The store of the app serving the current request."""
    return flask.current_app.extensions["vint_library"]
