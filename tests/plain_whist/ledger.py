"""Plain whist's scoresheet (plain_whist §4–§5): a point a trick over six, game at five, rubbers
of three games, written as the engine's rubber score so that every sheet, store row and report
of a rubber game reads it."""
from __future__ import annotations

from dataclasses import dataclass

from vint_replay.engine.ledger import DealScore, GameWon, RubberScore, SessionScore, first_to_game
from vint_replay.engine.rule_profile import RuleProfile
from vint_replay.engine.scoring import Entry, Item, Line
from vint_replay.engine.seats import Side
from vint_replay.engine.summary import Summary, lines_column

from .replay import TRICKS_OVER, WhistReplay, points


@dataclass(frozen=True, slots=True)
class WhistDealScore(DealScore):
    """A plain-whist deal on the sheet: played out, with no contract (never passed out)."""

    @property
    def passed_out(self) -> bool:
        return False

    def summary(self, columns: tuple[tuple[str, str], tuple[str, str]], declarer: str) -> Summary:
        """Both sides' points and the tricks that made them."""
        (_, one), (_, two) = columns
        figures = tuple(lines_column(key, label, self.totals(side).below, self.totals(side).above)
                        for (key, label), side in zip(columns, Side))
        tricks = "" if self.tricks is None else f"tricks {one} {self.tricks[0]} {two} {self.tricks[1]}"
        return Summary(figures, tricks)


class WhistLedger:
    """Adds plain-whist deals one by one: the first side to five points wins the game (plain_whist §5)."""

    def __init__(self, profile: RuleProfile) -> None:
        self.profile = profile
        self.score = SessionScore()
        self.below = [0, 0]  # each side's points in the game being played
        self.rubber = self._new_rubber()

    def _new_rubber(self) -> RubberScore:
        rubber = RubberScore(len(self.score.rubbers) + 1)
        self.score.rubbers.append(rubber)
        self.below = [0, 0]
        return rubber

    def add(self, replay: WhistReplay) -> WhistDealScore:
        """Score a valid deal (all thirteen tricks played) and write it on the sheet."""
        assert replay.tricks_won is not None, "only valid deals are scored"
        if self.rubber.finished:
            self.rubber = self._new_rubber()
        rubber, before, tricks = self.rubber, (self.below[0], self.below[1]), replay.tricks_won
        taken = [0, 0]
        running: tuple[list[int], list[int]] = ([], [])
        for trick in replay.tricks:
            taken[trick.winner.side] += 1
            running[0].append(points(taken[0]))
            running[1].append(points(taken[1]))
        final = (points(tricks[0]), points(tricks[1]))
        entries = tuple(Entry(side, Line.BELOW, Item.TRICKS, final[side], f"{tricks[side] - TRICKS_OVER} over six")
                        for side in Side if final[side])
        reached = first_to_game(before, running, self.profile.game_threshold)
        game = None
        if reached is None:
            self.below = [before[0] + final[0], before[1] + final[1]]
        else:
            side, trick = reached
            rubber.games.append(side)
            won = rubber.games.count(side) >= self.profile.games_to_win_rubber
            if won:
                rubber.winner = side
            game = GameWon(side, trick, "rubber" if won else "game")
            self.below = [0, 0]  # plain_whist §5: points past five are not carried
        for entry in entries:
            rubber.totals[entry.side] += entry.points
        after = tuple((before[0] + ns, before[1] + ew) for ns, ew in zip(*running))
        deal = WhistDealScore(replay.deal.number, rubber.number, replay.deal.dealer, None, None, tricks, entries, game,
                              before, after, (before[0] + final[0], before[1] + final[1]))
        self.score.deals.append(deal)
        return deal

    def finish(self) -> SessionScore:
        """Close the session: an unfinished rubber writes nothing more (plain_whist §5)."""
        return self.score
