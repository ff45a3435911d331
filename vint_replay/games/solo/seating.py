"""Who holds which seat in a solo-whist deal (docs/rules/solo-whist.md §1, docs/format.md §5.5).

With four players the seats are the session's. With five, the dealer sits out: the four others
take N, E, S, W in the session's clockwise order with him left out, and the player on his right
(the one before him in that order) receives the last card, the turn-up: that seat is the deal's
``dealer`` in the record, so eldest hand is still the seat on its left.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.seats import SEATS, Seat, by_seat


@dataclass(frozen=True, slots=True)
class Seating:
    """The players by seat in one deal, and the seat that receives the turn-up."""

    players: tuple[str, str, str, str]
    dealer: Seat


def five_handed(roster: tuple[str, ...], sits_out: str) -> Seating:
    """The seating when ``sits_out`` (one of the five in ``roster``) deals and sits out."""
    k = roster.index(sits_out)
    active = roster[k + 1:] + roster[:k]  # clockwise from his left neighbour, eldest hand
    players = by_seat(p for p in roster if p != sits_out)
    right = active[-1]
    return Seating(players, SEATS[players.index(right)])


def next_to_sit_out(roster: tuple[str, ...], sat_out: str) -> str:
    """Who deals (and sits out) after ``sat_out``: the next player clockwise."""
    return roster[(roster.index(sat_out) + 1) % len(roster)]
