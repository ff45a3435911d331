"""One seat's view of a replay, as it stands after ``k`` cards: the payload of any game
(``data``, ``solo_data``, ``vint235_view``) cut to what that seat had seen by then — the cards
played so far, the winners of the tricks complete, his own hand and the hands exposed by then
(a dummy, open misère's hand), the score's race so far, the end of the play only at the end.
The page asks the server for the next position (``pages/replay.py``), so nothing later is sent."""
from __future__ import annotations

from vint_replay.engine.seats import SEATS, Seat

END_ONLY = ("claim", "below_end", "penalty", "outcome")  # what only the end of the play shows


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


def cut_to(payload: dict[str, object], k: int) -> dict[str, object]:
    """``payload`` (a seat's view) as it stands after ``k`` cards; ``ended`` says whether the play
    ended there, never how many cards it has (that would tell when it ends, e.g. a claim)."""
    play: list[int] = payload["play"]  # type: ignore[assignment]
    n = len(play)
    k = max(0, min(k, n))
    size = int(payload.get("size") or 4)  # type: ignore[call-overload]
    done = k // size  # tricks complete
    out = dict(payload, ended=k == n, play=play[:k])
    out["winners"] = list(payload["winners"])[:done]  # type: ignore[call-overload]
    out["leaders"] = list(payload["leaders"])[:done + 1]  # type: ignore[call-overload]  # the next leader won the last trick
    if payload.get("seats") is not None:
        out["seats"] = list(payload["seats"])[:k + 1]  # type: ignore[call-overload]  # whose turn it is
    if payload.get("below_after") is not None:
        out["below_after"] = list(payload["below_after"])[:done]  # type: ignore[call-overload]
    game = payload.get("game")
    if isinstance(game, dict) and (game["trick"] is None or game["trick"] > done) and k < n:
        out["game"] = None
    if payload.get("marks"):
        out["marks"] = [m for m in payload["marks"] if m["index"] is not None and m["index"] < k]  # type: ignore[union-attr]
    if k < n:
        out.update({key: None for key in END_ONLY if key in payload})
    hands = payload.get("hands")
    if isinstance(hands, list):
        out["hands"] = [h if _shown_from(payload, i) <= k else None for i, h in enumerate(hands)]
    return out


def _shown_from(payload: dict[str, object], place: int) -> int:
    """From which card the seat of this view sees the hand at ``place`` (his own from the start)."""
    if SEATS[place].name == payload["view"]:
        return 0
    if payload.get("dummy") == place and payload.get("dummy_from") is not None:
        return int(payload["dummy_from"])  # type: ignore[call-overload]
    face_up = payload.get("face_up")
    if isinstance(face_up, dict) and face_up["seat"] == place:
        return int(face_up["from"])
    up_from = payload.get("up_from")
    if isinstance(up_from, list) and up_from[place] is not None:
        return int(up_from[place])
    return 0  # a hand the payload ships without a later start: its owner's (tables: the place played)
