"""The running scoresheet: deals' entries, games decided trick by trick, rubbers (rules/volchaninov.md §5)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .calls import Contract
from .errors import IllegalMove
from .profiles import RuleProfile
from .record import LineTotals
from .replay import DealReplay
from .scoring import DealFacts, Entry, Item, Line
from .seats import SIDES, Seat, Side


@dataclass(frozen=True, slots=True)
class GameWon:
    """A game won in a deal: by whom, at which trick (``None`` for a result-only deal), and
    whether it was the side's first game (``game``) or the one that won the rubber (``rubber``)."""

    side: Side
    trick: int | None
    bonus: str


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal on the scoresheet: its entries (game premiums included) and its rubber."""

    number: int
    rubber: int
    dealer: Seat
    contract: Contract | None
    trick_value: int | None
    tricks: tuple[int, int] | None
    entries: tuple[Entry, ...]
    game: GameWon | None
    below_before: tuple[int, int]  # both sides' points below the current line before the deal

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def totals(self, side: Side) -> LineTotals:
        below = sum(e.points for e in self.entries if e.side is side and e.line is Line.BELOW)
        above = sum(e.points for e in self.entries if e.side is side and e.line is Line.ABOVE)
        return LineTotals(below, above)


@dataclass(slots=True)
class RubberScore:
    """A rubber: the games in the order won, and everything written during it."""

    number: int
    games: list[Side] = field(default_factory=list)
    winner: Side | None = None
    totals: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def difference(self) -> tuple[Side | None, int]:
        """The leading side (``None`` on a tie) and by how many points."""
        ns, ew = self.totals
        return (None if ns == ew else (Side.NS if ns > ew else Side.EW)), abs(ns - ew)


@dataclass(slots=True)
class SessionScore:
    deals: list[DealScore] = field(default_factory=list)
    rubbers: list[RubberScore] = field(default_factory=list)

    @property
    def totals(self) -> tuple[int, int]:
        return sum(r.totals[0] for r in self.rubbers), sum(r.totals[1] for r in self.rubbers)


class Ledger:
    """Adds deals one by one; a new line after each game, a new rubber after a won rubber."""

    def __init__(self, profile: RuleProfile) -> None:
        self.profile = profile
        self.score = SessionScore()
        self.below = [0, 0]  # each side's points below the current line
        self._new_rubber()

    def _new_rubber(self) -> None:
        self.rubber = RubberScore(len(self.score.rubbers) + 1)
        self.score.rubbers.append(self.rubber)
        self.below = [0, 0]

    def add(self, replay: DealReplay) -> DealScore:
        """Score a valid deal. Raises :class:`IllegalMove` (``order_needed``) when a result-only
        deal would take both sides to game, because then the order of tricks decides."""
        if self.rubber.finished:
            self._new_rubber()
        before = (self.below[0], self.below[1])
        contract = replay.contract
        if contract is None or replay.tricks_won is None:
            deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, None, None, None, (), None, before)
            self.score.deals.append(deal)
            return deal
        value = self.profile.trick_value(contract)
        entries = self.profile.score(DealFacts(contract, replay.tricks_won, replay.hands))
        game = self._game(replay, value)
        if game is not None:
            entries.append(self._game_entry(game))
            self.below = [0, 0]
        deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, contract, value,
                         replay.tricks_won, tuple(entries), game, before)
        for entry in entries:
            self.rubber.totals[entry.side] += entry.points
        self.score.deals.append(deal)
        return deal

    def _game(self, replay: DealReplay, value: int) -> GameWon | None:
        """Who first reached the game threshold in this deal, trick by trick (rules/volchaninov.md §5)."""
        threshold = self.profile.game_threshold
        below = self.below
        if replay.tricks:
            side = None
            trick_no = 0
            for trick_no, trick in enumerate(replay.tricks, 1):
                s = trick.winner & 1
                below[s] += value
                if side is None and below[s] >= threshold:
                    side = SIDES[s]
                    break
            if side is not None:
                return self._won(side, trick_no)
            return None
        assert replay.tricks_won is not None
        reach = [below[s] + replay.tricks_won[s] * value >= threshold for s in (0, 1)]
        if reach[0] and reach[1]:
            raise IllegalMove(
                "order_needed",
                f"both sides reach {threshold} below the line in this deal (N–S {below[0]}+{replay.tricks_won[0] * value}, "
                f"E–W {below[1]}+{replay.tricks_won[1] * value}); only the card play tells who got there first",
            )
        below[0] += replay.tricks_won[0] * value
        below[1] += replay.tricks_won[1] * value
        for s in SIDES:
            if reach[s]:
                return self._won(s, None)
        return None

    def _won(self, side: Side, trick: int | None) -> GameWon:
        self.rubber.games.append(side)
        if self.rubber.games.count(side) >= self.profile.games_to_win_rubber:
            self.rubber.winner = side
            return GameWon(side, trick, "rubber")
        return GameWon(side, trick, "game")

    def _game_entry(self, game: GameWon) -> Entry:
        if game.bonus == "rubber":
            return Entry(game.side, Line.ABOVE, Item.RUBBER, self.profile.rubber_bonus, f"{game.side.label} won the rubber")
        return Entry(game.side, Line.ABOVE, Item.GAME, self.profile.game_bonus, f"{game.side.label} won its first game")
