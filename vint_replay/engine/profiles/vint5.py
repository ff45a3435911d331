"""Vint for five players (docs/rules/players-2-3-5.md §4): four play each rubber and one sits
out in draw order; partners rotate; the ledger is a running line of balances in hundreds."""
from __future__ import annotations

from collections.abc import Sequence

from ..seats import Seat
from ..tables.method import Sides, TableMethod
from ..tables.record import Role


class Vint5(TableMethod):
    """§4: four-handed classic vint among the four who play; the player out has no place."""

    name = "vint5"
    title = "Five players, one sitting out"
    section = "4"
    players_count = 5
    sits_out = True

    def sides(self, roles: Sequence[Role], party: Sequence[str], declarer: Seat | None) -> Sides | None:
        """The partners at N and S against those at E and W."""
        return (roles[Seat.N].player, roles[Seat.S].player), (roles[Seat.E].player, roles[Seat.W].player)  # type: ignore[return-value]
