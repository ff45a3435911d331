"""The scoresheet of a two-column method (docs/rules/players-2-3-5.md §2, §3.1, §4): classic
rubbers between the players each column stands for, the same players through a rubber, the
rotation of §3.1 and §4 between rubbers, and each rubber's settlement per player."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ...engine.calls import Contract
from ...engine.errors import IllegalMove
from ..laws.penalty import RevokePenalty, revoke_penalty
from ..laws.revoke import Revoke
from ...engine.ledger import DealScore, Ledger, SessionScore
from ...engine.plural import plural
from ...engine.record import DealRecord, SessionInfo
from ...engine.rule_profile import Replayed
from ...engine.scoring import Entry, Item
from ...engine.seats import SEATS, Seat, by_seat
from ...engine.summary import Summary, balances_summary
from .method import Sides, TableMethod
from .record import Role
from .replay import TableReplay

VIRTUAL = ((Seat.N, Seat.S), (Seat.E, Seat.W))  # where column 0's and column 1's places are scored


@dataclass(slots=True)
class TableScore(SessionScore):
    """The classic scoresheet by column (N–S is column 0, E–W column 1) with, per rubber, the
    players of each column, the player out, and what each player won or paid (points)."""

    players: tuple[str, ...] = ()
    sides: list[Sides] = field(default_factory=list)  # by rubber
    out: list[str | None] = field(default_factory=list)  # by rubber
    settlements: list[dict[str, int]] = field(default_factory=list)  # by finished rubber
    balances: list[dict[str, int]] = field(default_factory=list)  # running, after each finished rubber

    def column_label(self, rubber: int, column: int) -> str:
        """``Ivanov & Petrov``: the players of a column in a rubber (1-based); a rubber nobody
        has played yet (an evening of no deals) is headed by the column's letters."""
        if rubber > len(self.sides):
            return ("NS", "EW")[column]
        return " & ".join(self.sides[rubber - 1][column])

    def columns(self, rubber: int) -> tuple[tuple[str, str], tuple[str, str]]:
        """A rubber's two columns, keyed and labelled by their players (``Ivanov & Petrov``)."""
        one, two = self.column_label(rubber, 0), self.column_label(rubber, 1)
        return (one, one), (two, two)

    def declarer(self, deal: DealScore) -> str:
        """The column that declared a deal, by its players (the places are the sheet's, not theirs)."""
        return "" if deal.contract is None else self.column_label(deal.rubber, deal.contract.declarer.side)

    def session_summary(self) -> Summary:
        """Each player's balance after the finished rubbers (what the evening settles)."""
        balance = self.balances[-1] if self.balances else {player: 0 for player in self.players}
        return balances_summary(balance, f"after {plural(len(self.balances), 'finished rubber')}")


@dataclass(frozen=True, slots=True)
class _Won:
    winner: Seat


@dataclass(frozen=True, slots=True)
class _View:
    """A replayed deal as the four-handed ledger reads it: columns as N–S and E–W."""

    deal: DealRecord
    contract: Contract | None
    tricks: tuple[_Won, ...]
    tricks_won: tuple[int, int] | None
    hands: tuple[int, int, int, int] | None
    penalty: RevokePenalty | None = None  # laws §8.4 or players-2-3-5.md §2.2, on the columns
    void: bool = False  # no void deals (laws §3.3): the laws cover revokes only here
    bidding_record: bool = False  # nor bidding records (format.md §5.2): a deal here is played
    unfinished: bool = False  # nor unfinished boards (format.md §5.2): nor left before its end
    law_entries: tuple[Entry, ...] = ()  # nor the laws' other entries (law 24)
    revokes: tuple[Revoke, ...] = ()  # nor dropped cards (law 157), which ask for the revokes' suits


def four_handed(replay: TableReplay) -> tuple[_View, dict[Seat, Seat]]:
    """The deal with each column's places on N–S or E–W, and where each place went."""
    where: dict[Seat, Seat] = {}
    columns = replay.place_columns
    if columns is not None:
        for column, targets in enumerate(VIRTUAL):
            for place, target in zip([s for s in SEATS if columns[s] == column], targets):
                where[place] = target
    contract = replay.contract
    if contract is None or replay.live is None:
        return _View(replay.deal, None, (), replay.tricks_won, None), where
    hands = [0, 0, 0, 0]
    for place, target in where.items():
        hands[target] = replay.live[place]
    virtual = Contract(contract.level, contract.denomination, where[contract.declarer])
    tricks = tuple(_Won(where[t.winner]) for t in replay.tricks)
    penalty = None
    if replay.penalised and replay.tricks_won is not None:
        penalty = revoke_penalty(replay.tricks_won, [(where[place], points) for place, points in replay.penalised])
    return _View(replay.deal, virtual, tricks, replay.tricks_won, by_seat(hands), penalty), where


def five_player_rubber(party: tuple[str, ...], number: int) -> tuple[str, set[frozenset[str]]]:
    """§4, §5 example 6, §6 ruling 12: who sits out rubber ``number`` and the two partnerships."""
    out = party[(number - 1) % 5]
    playing = [p for p in party if p != out]  # draw order, highest first
    if number == 1:
        return out, {frozenset(playing[:2]), frozenset(playing[2:])}
    incoming = party[(number - 2) % 5]
    lowest = [p for p in playing if p != incoming][-1]
    return out, {frozenset((incoming, lowest)), frozenset(p for p in playing if p not in (incoming, lowest))}


class TableLedger:
    """Adds the replayed deals of a two-column method; a rubber's columns stand for the same players."""

    def __init__(self, profile: TableMethod, info: SessionInfo) -> None:
        self.profile = profile
        self.ledger = Ledger(profile)
        party = info.party or ()
        self.score = TableScore(rubbers=self.ledger.score.rubbers, players=party)
        self.ledger.score = self.score
        self.balance = {p: 0 for p in party}
        self.last_roles: tuple[Role, ...] | None = None

    def add(self, replay: Replayed) -> None:
        """Score a valid deal; :class:`IllegalMove` (``roles``) when its players break the rubber's columns."""
        assert isinstance(replay, TableReplay), f"the methods' ledger scores no {type(replay).__name__}"
        starting = not self.score.deals or self.ledger.rubber.finished
        self._check_players(replay, starting)
        view, where = four_handed(replay)
        deal = self.ledger.add(view)
        back = {v: k for k, v in where.items()}
        entries = tuple(replace(e, reason=_real_place(e.reason, back, replay))
                        if e.item in (Item.CORONKA, Item.REVOKE_PENALTY) else e for e in deal.entries)
        penalty = deal.penalty
        if penalty is not None:  # each revoke by the place that made it, as the record names it
            penalty = replace(penalty, transfers=tuple(replace(t, seat=back[t.seat]) for t in penalty.transfers))
        self.score.deals[-1] = replace(deal, dealer=replay.deal.dealer, entries=entries, penalty=penalty)
        self.last_roles = replay.roles
        rubber = self.ledger.rubber
        if rubber.finished:
            self._settle(rubber.number)

    def _check_players(self, replay: TableReplay, starting: bool) -> None:
        sides, table = replay.sides, replay.table
        assert sides is not None and table is not None
        number = len(self.score.sides) + (1 if starting else 0)
        if starting:
            expected = self._rotation(number, replay)
            if expected is not None:
                raise IllegalMove("roles", expected)
            self.score.sides.append(sides)
            self.score.out.append(table.sits_out)
        elif {frozenset(s) for s in sides} != {frozenset(s) for s in self.score.sides[-1]}:
            raise IllegalMove("roles", f"the columns change in the middle of rubber {number}: "
                                       f"{' v '.join(' & '.join(s) for s in self.score.sides[-1])} before this deal")

    def _rotation(self, number: int, replay: TableReplay) -> str | None:
        """Why the rubber's first deal seats the wrong players (§3.1, §4), or ``None``."""
        party = self.score.players
        sides = replay.sides
        assert sides is not None and replay.table is not None
        if self.profile.sits_out:
            out, pairs = five_player_rubber(party, number)
            if replay.table.sits_out != out or {frozenset(s) for s in sides} != pairs:
                told = " v ".join(" & ".join(sorted(p)) for p in pairs)
                return (f"rubber {number}: {out} sits out and the partners are {told} "
                        "(players-2-3-5.md §4, §6 ruling 12)")
            return None
        if self.profile.holder_rotates:
            holder = party[-1] if number == 1 else None if self.last_roles is None else next_holder(self.last_roles)
            if holder is not None and sides[0] != (holder,):
                return (f"rubber {number}: {holder} holds the dummy (players-2-3-5.md §3.1, §6 ruling 10), "
                        f"not {sides[0][0]}")
        return None

    def _settle(self, number: int) -> None:
        rubber = self.score.rubbers[number - 1]
        gains = settlement(self.score.sides[number - 1], (rubber.totals[0], rubber.totals[1]), self.profile.holder_share)
        self.score.settlements.append(gains)
        for player, points in gains.items():
            self.balance[player] += points
        self.score.balances.append(dict(self.balance))

    def finish(self) -> TableScore:
        self.ledger.finish()
        return self.score


def next_holder(roles: Sequence[Role]) -> str:
    """§3.1, §6 ruling 10: who holds the dummy next rubber: the player on the last holder's left."""
    owner = next(r.player for r in roles if r.dummy)
    place = next(s for s in SEATS if roles[s].live and roles[s].player == owner)
    return roles[place.left].seated


def settlement(sides: Sides, totals: tuple[int, int], holder_share: int = 1) -> dict[str, int]:
    """A rubber's settlement per player (§3.1, §4, §5 examples 4 and 6): with difference D, each
    player of the column ahead +D, of the other −D; a player alone against two (§3.1's holder,
    for himself and his dummy) ``holder_share`` × D."""
    difference = totals[0] - totals[1]
    gains: dict[str, int] = {}
    for column, players in enumerate(sides):
        share = holder_share if len(players) == 1 and len(sides[1 - column]) == 2 else 1
        for player in players:
            gains[player] = (difference if column == 0 else -difference) * share
    return gains


def _real_place(reason: str, back: dict[Seat, Seat], replay: TableReplay) -> str:
    """A coronka's or a revoke penalty's reason names the real place, not the seat it was scored at."""
    seat, _, rest = reason.partition(" ")
    own = "'s" if seat.endswith("'s") else ""  # a revoke penalty's reason: "N's revoke: …"
    try:
        place = back[Seat[seat.removesuffix("'s")]]
    except KeyError:
        return reason
    return f"{replay.name(place)} ({place}){own} {rest}"
