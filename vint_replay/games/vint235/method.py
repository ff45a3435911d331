"""The common profile of the two-, three- and five-handed methods (docs/rules/players-2-3-5.md):
classic scoring, and the hooks by which each method says who bids, who leads, where the hands
lie for the play and which players a score column stands for. The places' replay and ledger
read these hooks; :mod:`.profile` hands them to the session."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from ...engine.calls import Contract
from ...engine.rule_profile import Analysed, RuleProfile
from ..vint.classic import Classic
from ...engine.seats import SEATS, Seat
from ..registry import get_profile
from .fields import TABLE_FIELDS
from .record import Role, TableDeal

Report = Callable[[str, "str | None", str], None]
Sides = tuple[tuple[str, ...], tuple[str, ...]]  # the players of score column 0 and of column 1


class TableMethod(Classic):
    """A method for other than four players: classic scoring over the places its roles name."""

    doc = "docs/rules/players-2-3-5.md"
    section: ClassVar[str] = ""  # the method's section of the rules page
    option_values = {"x_marks": ("standard", "escalating")}  # classic §9; a passed-out deal is not played
    batch_path = False
    double_dummy = False  # sides are not always N–S against E–W; places change hands (analysis: a gap)
    analysed = Analysed.PLAYERS  # a place is not a player: each player's results over his places
    # the laws on irregularities: their revoke part (§1.1); the rest is refused (tables/laws.py)
    laws_layer = True
    deal_codecs = (TABLE_FIELDS,)  # roles, player out, exchanges, widow (format.md §5.6)
    all_pass = False  # the auction goes round the places the roles name, not four seats in turn
    players_count: ClassVar[int] = 2
    live_places: ClassVar[tuple[Seat, ...] | None] = None  # where the players sit, when the method fixes it
    dummies: ClassVar[int] = 0  # dummy hands in a deal
    dead_piles: ClassVar[int] = 0  # piles nobody plays (2.2, 2.3)
    dummy_opposite: ClassVar[bool] = False  # a dummy lies opposite its player (2.1, 3.1)
    dealing_places: ClassVar[tuple[Seat, ...]] = SEATS  # the places that deal, in turn
    hand_size: ClassVar[int] = 13  # cards dealt to each place
    min_level: ClassVar[int] = 1
    sits_out: ClassVar[bool] = False  # one player sits out each rubber (§4)
    holder_rotates: ClassVar[bool] = False  # the dummy passes to the holder's left after each rubber (§3.1)
    holder_share: ClassVar[int] = 1  # stakes a player alone against two settles (§3.1: 2, for him and his dummy)
    exposure: ClassVar[str] = ""  # when the method's dummies (or dead piles) are face up, for replays
    dummies_up_after: ClassVar[int | None] = None  # cards played before the dummies lie face up (None: no dummy)
    exchange: ClassVar[str] = ""  # what a player may exchange before the auction: "hand" (2.2), "cards" (2.3)

    def dummies_after_auction(self, roles: list[Role], dealer: Seat, declarer: str | None) -> None:
        """Hand the dummies to their players once the auction has named the ``declarer`` (a
        player; ``None``: passed out), in place: the roles as dealt stay in most methods."""

    def rescoring_refused(self, table: RuleProfile, target: RuleProfile) -> str | None:
        return ("--rules rescores four-handed evenings only: the 2-, 3- and 5-player methods seat their players "
                "in their own way (docs/format.md §5.6)")

    def expected_dealer(self, previous: Seat, board: int) -> tuple[Seat, str]:
        """§6 ruling 15: the deal passes left round the places that deal."""
        places = self.dealing_places
        following = places[(places.index(previous) + 1) % len(places)] if previous in places else places[0]
        return following, f"after {previous} dealt the deal passes to {following} (players-2-3-5.md §{self.section})"

    def first_dealer(self, roles: Sequence[Role], party: Sequence[str]) -> tuple[Seat, str] | None:
        """§6 ruling 15: the lowest card of the draw deals first — of the players seated, the
        last in ``party`` (the draw order, highest first); ``None`` when nobody known is seated."""
        seated = [s for s in SEATS if roles[s].live and roles[s].player in party]
        if not seated:
            return None
        place = max(seated, key=lambda s: party.index(roles[s].player))
        return place, (f"the lowest card of the draw, {roles[place].player} ({place}), deals first "
                       f"(players-2-3-5.md §6 ruling 15)")

    def rubber_dealer(self, last: Seat, last_roles: Sequence[Role], roles: Sequence[Role]) -> tuple[Seat, str]:
        """Who deals the first deal of a rubber whose seats are ``roles``, after a rubber whose
        last deal ``last`` dealt with ``last_roles``: the deal passes on as usual (§6 ruling 15)."""
        return self.expected_dealer(last, 0)

    # -- roles ------------------------------------------------------------------------------------

    def layout_problems(self, roles: Sequence[Role]) -> list[tuple[str, str]]:
        """Where the method's roles put players and dummies wrong: (place, why) pairs."""
        out = []
        if self.live_places is not None:
            for seat in SEATS:
                if roles[seat].live != (seat in self.live_places):
                    where = " and ".join(str(s) for s in self.live_places)
                    out.append((f"roles.{seat}", f"the players sit at {where} (players-2-3-5.md §{self.section}); "
                                                 f"{seat} is {roles[seat]}"))
        if self.dummy_opposite:
            for seat in SEATS:
                role = roles[seat]
                if role.dummy and roles[seat.partner].player != role.player:
                    out.append((f"roles.{seat}", f"{seat} is {role} but lies opposite {roles[seat.partner]}: a dummy "
                                                 f"lies opposite its player (players-2-3-5.md §{self.section})"))
        return out

    def owner_problem(self, roles: Sequence[Role], dealer: Seat, declarer: Seat | None) -> tuple[str, str] | None:
        """Once the auction is over (``declarer`` ``None``: passed out): a dummy given to the
        wrong player (none by default)."""
        return None

    def sides(self, roles: Sequence[Role], party: Sequence[str], declarer: Seat | None) -> Sides | None:
        """The players of each score column in this deal (``None``: not known without a declarer)."""
        return (party[0],), (party[1],)

    # -- auction ----------------------------------------------------------------------------------

    def bidders(self, roles: Sequence[Role]) -> tuple[Seat, ...]:
        """The places that bid, clockwise: the live players."""
        return tuple(s for s in SEATS if roles[s].live)

    def first_speaker(self, dealer: Seat, roles: Sequence[Role], bidders: Sequence[Seat]) -> Seat:
        """Who speaks first: the first bidding place from the dealer clockwise."""
        return next(s for s in (SEATS[(dealer + k) & 3] for k in range(4)) if s in bidders)

    def closer(self, roles: Sequence[Role]) -> Seat | None:
        """A place that makes one call after the bidders close (3.1's holder); none by default."""
        return None

    @property
    def single_round(self) -> bool:
        """One call each (2.1's ``auction: single``)."""
        return False

    # -- hands -------------------------------------------------------------------------------------

    def live_hands(self, hands: list[int], table: TableDeal, report: Report) -> list[int] | None:
        """The hands the places hold for the auction, after any exchange (none by default)."""
        if table.exchanges:
            report("exchanges", "exchanges", f"there are no exchanges under {self.name}")
            return None
        return hands

    def after_auction(self, live: list[int], table: TableDeal, contract: Contract, dealer: Seat,
                      report: Report) -> Contract | None:
        """What happens between the auction and the play (2.5's widow); returns the contract played."""
        return contract if self.no_widow(table, report) else None

    def no_widow(self, table: TableDeal, report: Report) -> bool:
        """Whether the deal has no widow fields, as a method without a widow (or a passed-out deal) needs."""
        if table.widow_to is not None or table.widow_gives or table.final is not None:
            field = "widow_to" if table.widow_to is not None else "widow_gives" if table.widow_gives else "final"
            report("widow", field, "no widow is taken in this deal" if self.hand_size == 12
                   else f"there is no widow under {self.name}")
            return False
        return True

    # -- play -------------------------------------------------------------------------------------

    def seating(self, hands: list[int], roles: list[Role], declarer: Seat, dealer: Seat) -> Seat:
        """Move hands (and their roles) where the method plays them; returns the declarer's
        place for the play. Nothing moves by default."""
        return declarer

    def table_leader(self, declarer: Seat, roles: Sequence[Role], dealer: Seat) -> tuple[Seat, str]:
        """Who leads to the first trick, and why in words: the place left of the declarer."""
        return declarer.left, f"the hand on the declarer's left leads (players-2-3-5.md §{self.section})"


def swap(hands: list[int], roles: list[Role], a: Seat, b: Seat) -> None:
    """Exchange two places' cards and roles."""
    hands[a], hands[b] = hands[b], hands[a]
    roles[a], roles[b] = roles[b], roles[a]


def table_method(rules: str, options: Mapping[str, str] | None = None) -> TableMethod:
    """The 2-, 3- or 5-player method registered as ``rules``, under ``options``; ``ValueError``
    for another game's profile."""
    profile = get_profile(rules, options)
    if not isinstance(profile, TableMethod):
        raise ValueError(f"{rules} is not a 2-, 3- or 5-player method (docs/rules/players-2-3-5.md)")
    return profile
