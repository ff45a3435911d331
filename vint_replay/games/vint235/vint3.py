"""Vint for three players (docs/rules/players-2-3-5.md §3): the dummy in turn with its
two-phase auction and 2:1 settlement (3.1), and the auction game with a column per player (3.2)."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.record import SessionInfo
from ...engine.seats import SEATS, Seat
from .columns import ColumnLedger
from .method import Sides, swap
from .profile import TableProfile
from .record import Role


def _holder(roles: Sequence[Role]) -> Seat:
    """The place of the player who holds the dummy."""
    owner = next(r.player for r in roles if r.dummy)
    return next(s for s in SEATS if roles[s].live and roles[s].player == owner)


class Vint3Dummy(TableProfile):
    """§3.1: the holder H sits opposite his dummy, the two partners opposite each other; the
    partners bid, then H makes one call; the rubber settles 2D for H, D for each partner."""

    name = "vint3-dummy"
    title = "Three players: the dummy in turn"
    section = "3.1"
    exposure = "the dummy stays face down through the first trick and is turned up after it"
    dummies_up_after = 4  # the first trick's four cards
    players_count = 3
    dummies = 1
    dummy_opposite = True
    holder_share = 2  # §3.1: H pays and collects for himself and his dummy
    holder_rotates = True  # §6 ruling 10

    def bidders(self, roles: Sequence[Role]) -> tuple[Seat, ...]:
        """§3.1 phase 1: the two partners, H silent."""
        holder = _holder(roles)
        return tuple(s for s in SEATS if roles[s].live and s != holder)

    def closer(self, roles: Sequence[Role]) -> Seat | None:
        """§3.1 phase 2: H's one call, a pass or one higher bid."""
        return _holder(roles)

    def sides(self, roles: Sequence[Role], party: Sequence[str], declarer: Seat | None) -> Sides | None:
        """H (with his dummy) against the two partners, from H's left."""
        holder = _holder(roles)
        return (roles[holder].seated,), (roles[holder.left].seated, roles[holder.left.partner].seated)


class Vint3Auction(TableProfile):
    """§3.2: all three bid for the face-up dummy; the declarer moves opposite it; each player
    keeps his own column, game is the rubber, the top player collects."""

    name = "vint3-auction"
    title = "Three players: the auction game, a column each"
    section = "3.2"
    exposure = "the dummy lies face up from the deal"
    dummies_up_after = 0
    players_count = 3
    laws_layer = False  # a column a player: the revoke penalty's two sides do not fit (players-2-3-5.md §1.6)
    dummies = 1

    def owner_problem(self, roles: Sequence[Role], dealer: Seat, declarer: Seat | None) -> tuple[str, str] | None:
        """§3.2: the highest bidder plays the dummy (nobody, when the deal is passed out)."""
        if declarer is None:
            return None
        dummy = next(s for s in SEATS if roles[s].dummy)
        if roles[dummy].player != roles[declarer].player:
            return (f"roles.{dummy}", f"the declarer {roles[declarer].player} plays the dummy, but the roles give it "
                                      f"to {roles[dummy].player} (players-2-3-5.md §3.2)")
        return None

    def dummies_after_auction(self, roles: list[Role], dealer: Seat, declarer: str | None) -> None:
        """§3.2: the highest bidder plays the dummy; passed out, the dealer (or, when the dealer's
        place is the dummy's, the player on its left) keeps it."""
        dummy = next(s for s in SEATS if roles[s].dummy)
        roles[dummy] = Role(declarer or roles[dealer.left if dealer == dummy else dealer].player, True)

    def seating(self, hands: list[int], roles: list[Role], declarer: Seat, dealer: Seat) -> Seat:
        """§3.2: the declarer changes places (cards and all) with the player opposite the dummy."""
        dummy = next(s for s in SEATS if roles[s].dummy)
        if dummy.partner != declarer:
            swap(hands, roles, declarer, dummy.partner)
        return dummy.partner

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """§3.2: the player on the dummy's right leads."""
        dummy = next(s for s in SEATS if roles[s].dummy)
        return dummy.partner.left, "the player on the dummy's right leads (players-2-3-5.md §3.2)"

    def sides(self, roles: Sequence[Role], party: Sequence[str], declarer: Seat | None) -> Sides | None:
        """Side D (the declarer) against side O (the two defenders, from his left)."""
        if declarer is None:
            return None
        me = roles[declarer].player
        assert me is not None, "the declarer plays his own hand or his dummy"
        after = (roles[SEATS[(declarer + k) & 3]] for k in range(1, 4))
        return (me,), tuple(r.player for r in after if r.live and r.player is not None and r.player != me)

    def session_ledger(self, info: SessionInfo) -> ColumnLedger:
        """§3.2: three columns, game = rubber, the top player collecting."""
        return ColumnLedger(self, info)
