"""Vint for five players (docs/rules/players-2-3-5.md §4): four play each rubber and one sits
out in draw order; partners rotate; the ledger is a running line of balances in hundreds."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.seats import SEATS, Seat
from .method import Sides
from .profile import TableProfile
from .record import Role


class Vint5(TableProfile):
    """§4: four-handed classic vint among the four who play; the player out has no place."""

    name = "vint5"
    title = "Five players, one sitting out"
    section = "4"
    players_count = 5
    sits_out = True

    def sides(self, roles: Sequence[Role], party: Sequence[str], declarer: Seat | None) -> Sides | None:
        """The partners at N and S against those at E and W."""
        return (roles[Seat.N].seated, roles[Seat.S].seated), (roles[Seat.E].seated, roles[Seat.W].seated)

    def rubber_dealer(self, last: Seat, last_roles: Sequence[Role], roles: Sequence[Role]) -> tuple[Seat, str]:
        """§6 ruling 16: the player on the left of the previous rubber's last dealer, among the
        four who play this rubber (the player going out is passed over)."""
        playing = {r.player: s for s, r in zip(SEATS, roles) if r.live}
        player = next((p for p in (last_roles[(last + k) & 3].player for k in range(1, 5)) if p in playing), None)
        if player is None:  # roles naming none of the last rubber's players: reported as roles problems
            return super().rubber_dealer(last, last_roles, roles)
        return playing[player], (f"the first dealer of a rubber is the player left of the last dealer "
                                 f"({last_roles[last].player}) among the four who play: {player} "
                                 f"(players-2-3-5.md §6 ruling 16)")
