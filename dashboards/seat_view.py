"""One seat's view of a replay, as it stands after ``k`` cards: the payload (``payload``) cut to
what that seat had seen by then — the cards played so far, the winners of the tricks complete,
his own hand and the hands laid face up by then (a dummy, open misère's hand), the score's race
so far, the end of the play only at the end. The page asks the server for the next position
(``pages/replay.py``), so nothing later is sent."""
from __future__ import annotations

from typing import Any

from vint_replay.engine.seats import SEATS, Seat

Payload = dict[str, Any]  # a deal's JSON document for the replay page (replay.js reads it), by field

END_ONLY = ("claim", "below_end", "penalty", "outcome")  # what only the end of the play shows
PER_TRICK = ("winners", "won_by", "below_after")  # one entry a trick complete


def seat_of(view: object) -> tuple[Seat | None, str | None]:
    """The seat a ``?view=`` asks for, in either case (``s`` is South), and a note when it names
    none (``X``, a repeated key): then the page shows every hand and says so."""
    if view is None or view == "all":
        return None, None
    text = view if isinstance(view, str) else ""
    seat = next((s for s in SEATS if s.name == text.strip().upper()), None)
    if seat is None:
        shown = text[:20] if text else "repeated"
        return None, f"There is no view {shown!r}: the views are N, E, S and W; showing all hands."
    return seat, None


def cut_to(payload: Payload, k: int) -> Payload:
    """``payload`` (a seat's view) as it stands after ``k`` cards; ``ended`` says whether the play
    ended there, never how many cards it has (that would tell when it ends, e.g. a claim)."""
    play: list[int] = payload["play"]
    n = len(play)
    k = max(0, min(k, n))
    size = int(payload["size"])
    done = len(payload["winners"]) if k == n else k // size  # tricks complete (the laws' trick 13 may be short)
    out = dict(payload, ended=k == n, play=play[:k])
    for key in PER_TRICK:
        if payload.get(key) is not None:
            out[key] = list(payload[key])[:done]
    out["leaders"] = list(payload["leaders"])[:done + 1]  # the next leader won the last trick
    out["seats"] = list(payload["seats"])[:k + 1]  # whose turn it is
    game = payload.get("game")
    if isinstance(game, dict) and (game["trick"] is None or game["trick"] > done) and k < n:
        out["game"] = None
    if payload.get("marks"):
        out["marks"] = [m for m in payload["marks"] if m["index"] is not None and m["index"] < k]
    if k < n:
        out.update({key: None for key in END_ONLY})
    out["notes"] = [note for note in payload["notes"] if note["from"] <= k]
    shown: list[int | None] = payload["up_from"]
    hands: list[list[int] | None] | None = payload["hands"]
    if hands is not None:
        out["hands"] = [h if at is not None and at <= k else None for h, at in zip(hands, shown)]
    return out
