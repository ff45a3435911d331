"""Vint for two players (docs/rules/players-2-3-5.md §2): two dummies in the open game (2.1),
the exchange of whole hands (2.2) or card by card (2.3), two dummies with the special auction
(2.4) and with a widow (2.5). Reported as classic between the two players' columns."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.calls import Contract
from ..vint.classic import LEVE, UNIT_PER_LEVEL
from ...engine.scoring import DealFacts, Entry, Item, Line, aces_held, honours_held
from ...engine.seats import SEATS, SIDES, Seat, Side
from .exchange import card_by_card, take_widow, whole_pile
from .method import Report, swap
from .profile import TableProfile
from .record import Role, TableDeal

LIVE_MINIMUM = 2  # §2.2: two honours (or aces) count when the other player has fewer


class Vint2Open(TableProfile):
    """§2.1: players at N and E with their dummies opposite; the declarer leads blind."""

    name = "vint2-open"
    title = "Two players: two dummies, open game"
    section = "2.1"
    exposure = "the dummies lie face down through the auction and are turned up after the opening lead"
    dummies_up_after = 1
    option_values = {**TableProfile.option_values, "auction": ("full", "single")}
    live_places = (Seat.N, Seat.E)
    dummies = 2
    dummy_opposite = True

    @property
    def single_round(self) -> bool:
        """§2.1: by agreement, one declaration each."""
        return self.options["auction"] == "single"

    def first_speaker(self, dealer: Seat, roles: Sequence[Role], bidders: Sequence[Seat]) -> Seat:
        """§2.1: the dealer, or the owner of the dealing dummy."""
        return dealer if dealer in bidders else dealer.partner

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """§2.1, §6 ruling 3: the declarer, from his own hand, before the dummies are turned up."""
        return declarer, "the declarer leads from his own hand (players-2-3-5.md §6 ruling 3)"


class Vint2Exchange(TableProfile):
    """§2.2: players at N and S, each keeps his hand or takes the pile on his right; 13 tricks
    of two cards; honours and aces over the two live hands."""

    name = "vint2-exchange"
    title = "Two players: exchange of the whole hand"
    section = "2.2"
    exposure = "the hands given up are dead, face down; nothing is face up"
    live_places = (Seat.N, Seat.S)
    dead_piles = 2
    dealing_places = (Seat.N, Seat.S)
    revoke_choice = True  # §2.2, §6 ruling 6: three tricks or UT(L), as the wronged player chooses
    exchange = "hand"

    def live_hands(self, hands: list[int], table: TableDeal, report: Report) -> list[int] | None:
        """§2.2: the whole-hand exchange."""
        return whole_pile(hands, table, self.live_places, report)

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """§6 ruling 4: the declarer leads."""
        return declarer, "the declarer leads (players-2-3-5.md §6 ruling 4)"

    def _ace_count(self, facts: DealFacts, side: Side) -> int:
        """§6 ruling 5: more aces than the other player and at least two; 2–2 to леве."""
        mine, theirs = aces_held(facts, side), aces_held(facts, side.other)
        if mine >= LIVE_MINIMUM and (mine > theirs or (mine == theirs == LIVE_MINIMUM and facts.tricks[side] >= LEVE)):
            return mine
        return 0

    def _honours(self, facts: DealFacts) -> list[Entry]:
        """§2.2: the player with more trump honours counts them if he has two or more; units
        netted with the aces, 100 × L each (classic §4)."""
        trump = facts.contract.trump
        if trump is None:
            return super()._honours(facts)
        held = [honours_held(facts, side, trump) for side in SIDES]
        units = [(held[s] if held[s] >= LIVE_MINIMUM and held[s] > held[1 - s] else 0) + self._ace_count(facts, s)
                 for s in SIDES]
        if units[0] == units[1]:
            return []
        side = Side.NS if units[0] > units[1] else Side.EW
        net, unit = abs(units[0] - units[1]), UNIT_PER_LEVEL * facts.contract.level
        return [Entry(side, Line.ABOVE, Item.HONOURS, net * unit,
                      f"honours and aces in the live hands {units[side]}:{units[side.other]} units, {net} × {unit}")]


class Vint2Cards(Vint2Exchange):
    """§2.3: as 2.2, but each player exchanges card by card with the pile on his right."""

    name = "vint2-cards"
    title = "Two players: card-by-card exchange"
    section = "2.3"
    revoke_choice = False  # §6 ruling 14: the standard revoke law (laws §8), not 2.2's choice
    exchange = "cards"

    def live_hands(self, hands: list[int], table: TableDeal, report: Report) -> list[int] | None:
        """§2.3: the card-by-card exchange."""
        return card_by_card(hands, table, self.live_places, report)

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """§2.3: "the first lead belongs to the one who named the game"."""
        return declarer, "the declarer leads (players-2-3-5.md §2.3)"


class Vint2Dummies(TableProfile):
    """§2.4: players at N and E deal in turn; the dealer's dummy opposite him is exposed and
    goes to the declarer; the other player leads."""

    name = "vint2-dummies"
    title = "Two players: two dummies, special auction"
    section = "2.4"
    exposure = "the dealer's dummy is face up from the deal; the other is turned up after the auction"
    dummies_up_after = 0  # both face up once the play begins
    option_values = {**TableProfile.option_values, "move_dummies": ("no", "yes")}
    live_places = (Seat.N, Seat.E)
    dummies = 2
    dealing_places = (Seat.N, Seat.E)

    def owner_problem(self, roles: Sequence[Role], dealer: Seat, declarer: Seat | None) -> tuple[str, str] | None:
        """§6 ruling 7: the declarer takes the exposed dummy (the hand opposite the dealer); §2.4:
        on a passed-out deal it stays the dealer's, the hand opposite him."""
        exposed = dealer.partner
        if declarer is None:
            if roles[exposed].player != roles[dealer].player:
                return (f"roles.{exposed}", f"the dealer's dummy is the hand opposite him, {exposed}, also on a "
                                            f"passed-out deal, but the roles give it to {roles[exposed].player} "
                                            f"(players-2-3-5.md §2.4)")
            return None
        if roles[exposed].player != roles[declarer].player:
            return (f"roles.{exposed}", f"the declarer ({roles[declarer]}) takes the exposed dummy {exposed}, but the "
                                        f"roles give it to {roles[exposed].player} (players-2-3-5.md §6 ruling 7)")
        return None

    def dummies_after_auction(self, roles: list[Role], dealer: Seat, declarer: str | None) -> None:
        """§6 ruling 7: the exposed dummy (opposite the dealer) to the declarer, the other to the
        other player; §2.4: passed out, it stays the dealer's."""
        exposed = dealer.partner
        owner = declarer or roles[dealer].player
        other = next(r.player for r in roles if r.live and r.player != owner)
        roles[exposed], roles[Seat.S if exposed == Seat.W else Seat.W] = Role(owner, True), Role(other, True)

    def seating(self, hands: list[int], roles: list[Role], declarer: Seat, dealer: Seat) -> Seat:
        """§2.4 ``move_dummies: yes``: each dummy is moved opposite its player before the lead."""
        if self.options["move_dummies"] == "yes" and roles[declarer.partner].player != roles[declarer].player:
            swap(hands, roles, Seat.S, Seat.W)
        return declarer

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """§2.4: the player who did not declare, from his own hand."""
        other = next(s for s in SEATS if roles[s].live and roles[s].player != roles[declarer].player)
        return other, "the player who did not declare leads from his own hand (players-2-3-5.md §2.4)"


class Vint2Widow(Vint2Dummies):
    """§2.5: as 2.4 with 12 cards a place and a widow of 4, no bid below 3, game at 600."""

    name = "vint2-widow"
    title = "Two players: two dummies with a widow"
    section = "2.5"
    hand_size = 12
    min_level = 3
    game_threshold = 600

    def after_auction(self, live: list[int], table: TableDeal, contract: Contract, dealer: Seat,
                      report: Report) -> Contract | None:
        """§2.5, §6 rulings 8, 9, 13: the widow to the declarer or his exposed dummy (the hand
        opposite the dealer), the three cards given, the final contract."""
        return take_widow(live, table, contract, dealer.partner, report, self.bid_ranks)
