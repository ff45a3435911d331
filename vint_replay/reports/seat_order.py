"""Typing help for a trick written in seat order (N E S W, as bridge players often write it)
instead of leader first: when the card refused would be legal with the trick's cards rotated to
start from its leader, the diagnostic says so. The mirror slip of PBN's seat columns (format.md
§3.5, §5.2), a row written in the order played, is told the same way in its own words."""
from __future__ import annotations

import dataclasses
from typing import Protocol

from ..engine.diagnostics import Diagnostic
from ..engine.errors import IllegalMove
from ..engine.play import Play
from ..engine.record import DealRecord
from ..engine.rule_profile import RuleProfile
from ..engine.seats import Seat
from ..engine.session import SessionReport

HINTED = ("card_not_held", "hands_mismatch", "revoke")  # what a rotated trick produces


class Dealt(Protocol):
    """What the hint reads of any game's replay of a deal: the record, whether a contract was
    reached, the hands as dealt, the trump suit, who led first and the rules the play follows."""

    @property
    def deal(self) -> DealRecord: ...
    @property
    def contract(self) -> object | None: ...
    @property
    def hands(self) -> tuple[int, int, int, int] | None: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def profile(self) -> RuleProfile: ...


def seat_order_hint(replay: Dealt, d: Diagnostic) -> str | None:
    """The hint for ``d`` (a problem at ``play[i]`` of ``replay``'s deal), or ``None`` when no
    rotation of its trick makes the trick legal (so seat order does not explain it)."""
    deal, contract, at = replay.deal, replay.contract, d.at or ""
    if (d.code not in HINTED or not at.startswith("play[") or contract is None or deal.hands is None
            or deal.play is None or replay.hands is None):
        return None
    index = int(at[5:-1])
    start = index - index % 4
    trick = deal.play[start:start + 4]
    if len(trick) != 4:
        return None
    before = Play(replay.hands, replay.trump, replay.leader, replay.profile)
    try:
        before.play_cards(deal.play[:start])  # the tricks before it, played once for the three rotations
    except IllegalMove:
        return None
    first = before.to_play
    if first is None:
        return None  # no trick left to play: nothing to rotate
    columns = (d.written_at or "").startswith("play[")  # written in seat columns, which the engine ordered
    # seat columns from the opening leader: the row as written is the trick from its first column's seat
    turns = [(replay.leader - first) & 3] if columns else [1, 2, 3]
    for turn in turns:
        if not turn:
            return None  # the trick's leader has the first column: the row is the order played
        play = before.copy()
        rotated = trick[turn:] + trick[:turn]
        try:
            play.play_cards(rotated)
        except IllegalMove:
            continue
        shown = " ".join(c.name for c in rotated)
        if columns:
            return (f"; in PBN's layout each row holds a trick in seat columns from the opening leader "
                    f"({replay.leader}), and trick {start // 4 + 1} is led by {first}: read as written, leader first "
                    f"({shown}), it is legal — was it written in the order played?")
        return (f"; each trick is written leader first, and trick {start // 4 + 1} is led by {first}: read from "
                f"{first}'s card ({shown}) it is legal — was it written in seat order?")
    return None


def with_seat_order_hints(report: SessionReport) -> SessionReport:
    """The report with :func:`seat_order_hint` added to each play problem it explains."""
    replays = {r.deal.number: r for r in report.replays}
    out = []
    for d in report.diagnostics:
        replay = replays.get(d.deal) if d.code in HINTED else None
        hint = None if replay is None else seat_order_hint(replay, d)
        out.append(d if hint is None else dataclasses.replace(d, message=d.message + hint))
    return dataclasses.replace(report, diagnostics=tuple(out))
