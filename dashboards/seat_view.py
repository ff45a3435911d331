"""One seat's view of a replay, as it stands after ``k`` cards: the payload (``payload``) cut to
what that seat had seen by then — the cards played so far, the winners of the tricks complete,
his own hand and the hands laid face up by then (a dummy, open misère's hand), the score's race
so far, the end of the play only at the end. The page asks the server for the next position
(``pages/replay.py``), so nothing later is sent."""
from __future__ import annotations

from typing import NotRequired, TypedDict

from vint_replay.engine.seats import SEATS, Seat


class Game(TypedDict):
    """Where the race below the line reached game: the side and the trick."""

    side: int
    trick: int | None


class Marked(TypedDict):
    """A card picked out in its hand, and why."""

    card: int
    title: str


Note = TypedDict("Note", {"text": str, "from": int})  # a status line, shown from card "from" on (a keyword)


class Payload(TypedDict):
    """A deal's JSON document for the replay page (replay.js reads it), by field: seats, cards
    and columns as numbers (docs/dashboard.md)."""

    deal: int
    players: list[str]
    dealer: int | None
    contract: str | None
    declarer: int | None
    dummy: int | None
    dummy_line: str | None
    vulnerable: str | None
    needed: int | None
    trump: int | None
    value: int | None
    threshold: int | None
    below: list[int] | None
    below_after: list[list[int]] | None
    below_end: list[int] | None
    game: Game | None
    view: str
    hands: list[list[int] | None] | None
    held: list[int]
    up_from: list[int | None]
    play: list[int]
    seats: list[int]
    size: int
    leaders: list[int]
    winners: list[int]
    won_by: list[int | None]
    first_leader: int | None
    column_names: list[str]
    declaring_column: int | None
    result: list[int] | None
    claim: list[int] | None
    tags: list[list[str]]
    face_up: list[int | None]
    dead: list[bool]
    marked: Marked | None
    notes: list[Note]
    outcome: str | None
    stopped: str | None  # how a deal with no contract stands, in the engine's words (passed out, a hand record …)
    marks: list[dict[str, object]]
    penalty: dict[str, object] | None
    ended: NotRequired[bool]  # a seat's view: whether the play ended at the position sent
    dd: NotRequired[dict[str, object] | None]  # the double-dummy marks (pages/replay.py)
    board: NotRequired[dict[str, object]]  # the analysis board's setup (dashboards/board.py)



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
    play = payload["play"]
    n = len(play)
    k = max(0, min(k, n))
    done = len(payload["winners"]) if k == n else k // payload["size"]  # tricks complete (the laws' trick 13 may be short)
    out = payload.copy()
    out["ended"], out["play"] = k == n, play[:k]
    # one entry a trick complete
    out["winners"], out["won_by"] = payload["winners"][:done], payload["won_by"][:done]
    below_after = payload["below_after"]
    out["below_after"] = None if below_after is None else below_after[:done]
    out["leaders"] = payload["leaders"][:done + 1]  # the next leader won the last trick
    out["seats"] = payload["seats"][:k + 1]  # whose turn it is
    game = payload["game"]
    if game is not None and (game["trick"] is None or game["trick"] > done) and k < n:
        out["game"] = None
    if payload["marks"]:
        out["marks"] = [m for m in payload["marks"] if isinstance(m["index"], int) and m["index"] < k]
    if k < n:  # what only the end of the play shows
        out["claim"], out["below_end"], out["penalty"], out["outcome"] = None, None, None, None
    out["notes"] = [note for note in payload["notes"] if note["from"] <= k]
    hands, shown = payload["hands"], payload["up_from"]
    if hands is not None:
        out["hands"] = [h if at is not None and at <= k else None for h, at in zip(hands, shown)]
    return out
