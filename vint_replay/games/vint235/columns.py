"""The three-column scoresheet of the auction game (docs/rules/players-2-3-5.md §3.2): each
deal scored as classic between the declarer's side D and the defenders' side O, D's entries
written by the declarer and O's by each defender in full; the first to 500 below ends the
rubber; the top player collects from each other player the difference of their totals."""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from ...engine.calls import Contract
from ...engine.errors import IllegalMove
from ...engine.ledger import GameWon
from ..registry import RubberState
from ...engine.record import SessionInfo
from ...engine.plural import plural
from ...engine.rule_profile import Replayed
from ...engine.scoring import DealFacts, Entry, Line
from ...engine.seats import Side
from ...engine.summary import Summary, balances_summary, lines_column
from .ledger import four_handed
from .method import TableMethod
from .replay import TableReplay


@dataclass(frozen=True, slots=True)
class ColumnDeal:
    """One deal in the players' columns: ``written``, the entries each player wrote; ``entries``
    the deal's sheet between side D (as N–S) and side O (as E–W), game premiums included, as a
    four-handed deal's; who won the rubber in it and at which trick, everyone's points below
    before it."""

    number: int
    rubber: int
    contract: Contract | None
    declarer: str | None
    defenders: tuple[str, ...]
    trick_value: int | None
    tricks: tuple[int, int] | None  # D, O
    written: tuple[tuple[str, Entry], ...]
    winners: tuple[str, ...]
    trick: int | None
    below_before: dict[str, int]
    entries: tuple[Entry, ...] = ()
    game: GameWon | None = None

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def summary(self, players: tuple[str, ...]) -> Summary:
        """What each player's column got below and above the line; the outcome names the
        contract, the declarer and the tricks of D and O."""
        columns = tuple(lines_column(player, player, *(sum(e.points for who, e in self.written if who == player
                                                            and e.line is line) for line in (Line.BELOW, Line.ABOVE)))
                        for player in players)
        if self.contract is None or self.tricks is None:
            return Summary(columns, "passed out")
        return Summary(columns, f"{self.contract} by {self.declarer}, tricks {self.declarer} {self.tricks[0]} "
                                f"{' & '.join(self.defenders)} {self.tricks[1]}")


@dataclass(slots=True)
class ColumnRubber:
    """A rubber of the auction game: each player's total, who ended it, the settlement."""

    number: int
    totals: dict[str, int]
    winners: tuple[str, ...] = ()
    passed_out: int = 0
    settlement: dict[str, int] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return bool(self.winners)


@dataclass(slots=True)
class ColumnScore:
    """The evening in three columns, with each player's balance after the finished rubbers."""

    players: tuple[str, ...]
    deals: list[ColumnDeal] = field(default_factory=list)
    rubbers: list[ColumnRubber] = field(default_factory=list)

    @property
    def totals(self) -> tuple[int, int]:
        """The session's entries of the declarers' sides D and of the defenders' sides O."""
        return (sum(e.points for d in self.deals for e in d.entries if e.side is Side.NS),
                sum(e.points for d in self.deals for e in d.entries if e.side is Side.EW))

    @property
    def balances(self) -> dict[str, int]:
        out = {p: 0 for p in self.players}
        for rubber in self.rubbers:
            for player, points in rubber.settlement.items():
                out[player] += points
        return out

    def deal_summaries(self) -> dict[int, Summary]:
        """Each deal's entries by player's column, by deal number (see :mod:`...summary`)."""
        return {deal.number: deal.summary(self.players) for deal in self.deals}

    def session_summary(self) -> Summary:
        """Each player's balance after the finished rubbers."""
        return balances_summary(self.balances, f"after {plural(sum(r.finished for r in self.rubbers), 'finished rubber')}")


def top_collects(totals: dict[str, int]) -> dict[str, int]:
    """§3.2, §5 example 5: the top player wins from each other player the difference of their
    totals; players tied at the top each collect so; the others do not settle between them."""
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    out = {p: 0 for p in totals}
    for player, total in totals.items():
        if player in leaders:
            continue
        for leader in leaders:
            out[leader] += top - total
            out[player] -= top - total
    return out


class ColumnLedger:
    """Adds the replayed deals of the auction game."""

    def __init__(self, profile: TableMethod, info: SessionInfo) -> None:
        self.profile = profile
        self.score = ColumnScore(info.party or ())
        self.below = {p: 0 for p in self.score.players}
        self._new_rubber()

    def _new_rubber(self) -> None:
        self.rubber = ColumnRubber(len(self.score.rubbers) + 1, {p: 0 for p in self.score.players})
        self.score.rubbers.append(self.rubber)
        self.below = {p: 0 for p in self.score.players}

    def add(self, replay: Replayed) -> ColumnDeal:
        """Score a valid deal; :class:`IllegalMove` (``order_needed``) when a result alone cannot
        tell who reached 500 first."""
        assert isinstance(replay, TableReplay), f"the column ledger scores no {type(replay).__name__}"
        if self.rubber.finished:
            self._new_rubber()
        rubber, before = self.rubber, dict(self.below)
        if replay.contract is None or replay.sides is None or replay.tricks_won is None:
            rubber.passed_out += replay.contract is None
            deal = ColumnDeal(replay.deal.number, rubber.number, None, None, (), None, None, (), (), None, before)
            self.score.deals.append(deal)
            return deal
        view, _ = four_handed(replay)
        assert view.contract is not None
        facts = DealFacts(view.contract, replay.tricks_won, view.hands)
        (declarer,), defenders = replay.sides
        own = self.profile.score(facts)
        writers = {Side.NS: (declarer,), Side.EW: defenders}
        entries = [(player, e) for e in own for player in writers[e.side]]
        sheet = list(own)
        game = None
        winners, trick = self._race(replay, view.contract, replay.tricks_won, declarer, defenders)
        for player, points in self._below(view.contract, replay.tricks_won, declarer, defenders).items():
            self.below[player] += points
        if winners:
            state = RubberState((), rubber.passed_out)
            for player in winners:
                side = Side.NS if player == declarer else Side.EW
                premiums = self.profile.game_entries(side, (side,), True) + self.profile.rubber_won_entries(state, side)
                entries += [(player, e) for e in premiums]
                if game is None:
                    sheet += premiums
                    game = GameWon(side, trick, "rubber")
            rubber.winners = winners
        for player, entry in entries:
            rubber.totals[player] += entry.points
        if winners:
            rubber.settlement = top_collects(rubber.totals)
        deal = ColumnDeal(replay.deal.number, rubber.number, replay.contract, declarer, defenders,
                          self.profile.trick_value(replay.contract), replay.tricks_won, tuple(entries), winners, trick,
                          before, tuple(sorted(sheet, key=Entry.sort_key)), game)
        self.score.deals.append(deal)
        return deal

    def _below(self, contract: Contract, tricks: tuple[int, int], declarer: str,
               defenders: tuple[str, ...]) -> dict[str, int]:
        points = self.profile.below_points
        out = {declarer: points(contract, Side.NS, tricks[0])}
        out.update((p, points(contract, Side.EW, tricks[1])) for p in defenders)
        return out

    def _race(self, replay: TableReplay, contract: Contract, tricks_won: tuple[int, int], declarer: str,
              defenders: tuple[str, ...]) -> tuple[tuple[str, ...], int | None]:
        """Who first reaches the threshold below the line in this deal (``tricks_won`` by
        column), and at which trick."""
        threshold = self.profile.game_threshold
        players = (declarer, *defenders)
        if replay.tricks and len(replay.tricks) == 13:
            columns = replay.place_columns
            assert columns is not None
            taken = [0, 0]
            running: dict[str, list[int]] = {p: [] for p in players}
            for trick in replay.tricks:
                column = columns[trick.winner]
                if column is not None:  # a dead pile never wins a trick
                    taken[column] += 1
                for player in players:
                    side = Side.NS if player == declarer else Side.EW
                    running[player].append(self.profile.below_points(contract, side, taken[side]))
            at = {p: bisect_left(running[p], threshold - self.below[p]) for p in players}
            first = min(at.values())
            if first >= 13:
                return (), None
            return tuple(p for p in players if at[p] == first), first + 1
        final = self._below(contract, tricks_won, declarer, defenders)
        reach = [p for p in players if self.below[p] + final[p] >= threshold]
        if declarer in reach and len(reach) > 1:
            raise IllegalMove("order_needed", f"both the declarer and a defender reach {threshold} below the line in "
                                              "this deal; only the card play tells who got there first")
        if not reach:
            return (), None
        best = max(self.below[p] for p in reach)
        return tuple(p for p in reach if self.below[p] == best), None

    def finish(self) -> ColumnScore:
        return self.score
