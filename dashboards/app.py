"""The Dash app factory: four pages over one Parquet store, safe defaults for a local tool."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import dash
import flask
from dash import Dash, dcc, html

from dashboards import downloads
from dashboards.library import Library

HERE = Path(__file__).resolve().parent
MAX_UPLOAD_BYTES = 2_000_000  # one session file; a big club evening is well under 200 KB
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def create_app(store_path: str | Path, *, max_upload_bytes: int = MAX_UPLOAD_BYTES,
               trusted_hosts: list[str] | None = None, on_import: Callable[[], object] | None = None) -> Dash:
    """Build the dashboard over the store at ``store_path``.

    Requests larger than the upload limit (plus room for base64 and the callback envelope) are
    refused by Flask with 413. ``trusted_hosts`` (host names as in a ``Host:`` header, IPv6 in
    brackets) guards against DNS rebinding when serving on loopback only: any other host gets 400. ``on_import`` is called after an upload adds or replaces a session (the
    demo analyses it in the background).
    """
    from vint_replay.store import Store

    server = flask.Flask(__name__)
    server.config["MAX_CONTENT_LENGTH"] = max_upload_bytes * 4 // 3 + 64_000
    if trusted_hosts:
        allowed = frozenset(trusted_hosts)
        server.before_request(lambda: None if host_name(flask.request.headers.get("Host", "")) in allowed
                              else flask.abort(400, "this dashboard answers only to its loopback address"))
    server.extensions["vint_library"] = Library(Store(store_path), max_upload_bytes, on_import)
    downloads.register(server)
    app = Dash(
        __name__,
        server=server,  # type: ignore[arg-type]  # Dash's hint leaves out the Flask app its docs take
        use_pages=True,
        pages_folder=str(HERE / "pages"),
        assets_folder=str(HERE / "assets"),
        title="vint-replay",
        suppress_callback_exceptions=True,
        update_title=None,  # type: ignore[arg-type]  # None: no "Updating…" title, as Dash documents
        on_error=show_store_error,
    )
    app.layout = html.Div([
        html.Header([
            dcc.Link([html.Span("♠♥♦♣", className="logo-suits"), " vint-replay"], href="/", className="brand"),
            html.Nav([dcc.Link("Sessions", href="/"), dcc.Link("Analysis", href="/analysis")]),
        ], className="topbar"),
        html.Main(dash.page_container, className="page"),
    ])
    return app


def show_store_error(err: Exception) -> None:
    """A callback that met a damaged or missing store (``StoreError``) shows the store's own
    message in place of the page, as the command line prints it; any other error stays an error."""
    from vint_replay.store import StoreError

    if not isinstance(err, StoreError):
        raise err
    dash.set_props("_pages_content", {"children": html.Pre(str(err), className="store-error", id="store-error")})


def host_name(header: str) -> str:
    """The host of a ``Host:`` header without its port; an IPv6 literal keeps its brackets
    (``[::1]:8050`` → ``[::1]``), which Werkzeug's own trusted-host check cannot match."""
    if header.startswith("["):
        end = header.find("]")
        return header[:end + 1] if end > 0 and header[end + 1:][:1] in ("", ":") else ""
    return header.partition(":")[0].lower()


def library() -> Library:
    """The store of the app serving the current request."""
    return flask.current_app.extensions["vint_library"]
