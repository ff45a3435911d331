"""Downloads: a stored session, or an event's sessions in one file, as ``export`` writes them
(vint_replay/formats/written.py: read back before it is served, PBN with the double-dummy
tables once analysed) at ``/download/<format>/<session id>[?also=<id>…]``; and the links the
session page offers, one for each format the session can be written in."""
from __future__ import annotations

import io
import os
from collections.abc import Sequence
from urllib.parse import quote, urlencode

import flask
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.views import File, Inline, Line
from vint_replay.formats.lin_write import lin_refusal, match_rooms
from vint_replay.formats.pbn_write import pbn_cannot_hold
from vint_replay.formats.written import Unwritable, written

FORMATS = {"json": ("JSON", "application/json"), "vint": (".vint", "text/plain"), "pbn": ("PBN", "text/plain"),
           "lin": ("LIN", "text/plain")}


def register(server: flask.Flask) -> None:
    """Serve the downloads from the dashboard's own server."""
    server.add_url_rule("/download/<fmt>/<path:session_id>", "download", download)


def download(fmt: str, session_id: str) -> flask.Response:
    """The sessions as a file to save, or in plain words why not (404: no such format or session;
    422: what the format cannot hold)."""
    from dashboards.app import library
    from vint_replay.analysis.optimum import optimum_tables

    if fmt not in FORMATS:
        return _refused(404, f"no download format {fmt!r}: {', '.join(FORMATS)}")
    ids = [session_id, *flask.request.args.getlist("also")]
    store = library().store
    records = []
    for sid in ids:
        try:
            records.append(store.load_session(sid))
        except KeyError:
            return _refused(404, f"the store has no session {sid!r}")
    tables = [optimum_tables(store, sid) for sid in ids] if fmt == "pbn" else []
    try:
        out = written(records, fmt, tables)
    except Unwritable as err:
        return _refused(422, str(err))
    return flask.send_file(io.BytesIO(out.text.encode("utf-8")), FORMATS[fmt][1],
                           as_attachment=True, download_name=f"{_file_name(ids)}.{fmt}")


def _refused(status: int, why: str) -> flask.Response:
    return flask.Response(why + "\n", status, mimetype="text/plain")


def _file_name(ids: Sequence[str]) -> str:
    """The session's id, or what the ids of several share (``…-seg-5-8`` of a match's rooms)."""
    shared = os.path.commonprefix(list(ids)).rstrip("-_ .") if len(ids) > 1 else ids[0]
    return (shared or ids[0]).replace("/", "-")


def download_line(records: Sequence[SessionRecord], element_id: str, words: str) -> Line | None:
    """A line of links to save the sessions, one for each format they can be written in (one
    session: JSON, .vint, and PBN and LIN where they hold it; several: PBN, and LIN for a match's
    two rooms); ``None`` when there is none."""
    ids = [r.info.id for r in records]
    if len(records) == 1:
        formats = ["json", "vint", *(["pbn"] if pbn_cannot_hold(records[0]) is None else []),
                   *(["lin"] if lin_refusal(records[0]) is None else [])]
    else:
        formats = [*(["pbn"] if all(pbn_cannot_hold(r) is None for r in records) else []),
                   *(["lin"] if match_rooms(records) and all(lin_refusal(r) is None for r in records) else [])]
    if not formats:
        return None
    query = "?" + urlencode([("also", sid) for sid in ids[1:]]) if len(ids) > 1 else ""
    parts: list[Inline] = [words]
    for k, fmt in enumerate(formats):
        parts += [" · " if k else " ", File(FORMATS[fmt][0], f"/download/{fmt}/{quote(ids[0], safe='')}{query}",
                                            f"{element_id}-{fmt}")]
    return Line(tuple(parts), "muted downloads", element_id)
