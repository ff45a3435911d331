"""The running scoresheet: deals' entries, games decided trick by trick, rubbers.

The numbers all come from the profile: what a trick adds below the line (``below_points``),
the game threshold, the game and rubber premiums, what a passed-out deal and a rubber's end
write. The one rule kept here is common to every system of the sources: the first side to
reach the threshold below the current line, in the order the tricks were played, wins the game;
a new line is drawn after that deal.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Sequence

from .calls import Contract
from .errors import IllegalMove
from ..games.laws.penalty import RevokePenalty, capped_entries, penalty_entries
from ..games.laws.responsibility import Responsibility, RuledRubber, balance, culprits
from .record import LineTotals
from .scored import Scored
from .rule_profile import RubberState, RuleProfile
from .scoring import DealFacts, Entry, Line
from .seats import SIDES, Seat, Side
from .summary import Column, Summary, ahead, lines_column


@dataclass(frozen=True, slots=True)
class GameWon:
    """A game won in a deal: by whom, at which trick (``None`` for a result-only deal), and
    whether it was the side's first game (``game``) or the one that won the rubber (``rubber``)."""

    side: Side
    trick: int | None
    bonus: str


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal on the scoresheet: its entries (game premiums included), its rubber, and the
    below-the-line race trick by trick (``below_after[k]``: both sides' points below the
    current line after trick k+1; empty when the trick order is not recorded)."""

    number: int
    rubber: int
    dealer: Seat
    contract: Contract | None
    trick_value: int | None
    tricks: tuple[int, int] | None
    entries: tuple[Entry, ...]
    game: GameWon | None
    below_before: tuple[int, int]  # both sides' points below the current line before the deal
    below_after: tuple[tuple[int, int], ...] = ()
    below_end: tuple[int, int] | None = None  # both sides below the old line once the deal is written
    vulnerable: tuple[bool, bool] = (False, False)  # both sides' vulnerability in the deal, as the profile gave it
    penalty: RevokePenalty | None = None  # laws §8.4: the revoke penalty applied (``tricks`` are then adjusted)
    responsible: tuple[Responsibility, ...] = ()  # laws §9: partners answering alone for part of the deal
    void: str | None = None  # under the laws: the law a void deal was thrown in by (nothing written)
    hand_record: bool = False  # the hands alone, never bid nor played (format.md §5.2): nothing written
    bidding_record: bool = False  # the hands and a closed auction, never played (format.md §5.2): nothing written
    unfinished: bool = False  # its auction or play stops with no result (format.md §5.2): nothing written
    quiz: bool = False  # unfinished as a bidding quiz: the auction stops at the contestant's call (format.md §5.2)

    @property
    def passed_out(self) -> bool:
        return self.contract is None and self.void is None and not self.hand_record and not self.unfinished

    @property
    def unplayed(self) -> bool:
        """A hand record, a bidding record or an unfinished board: never played to a result, so
        nothing to score nor to compare with another table's result (format.md §5.2)."""
        return self.hand_record or self.bidding_record or self.unfinished

    @property
    def unplayed_word(self) -> str | None:
        """What a board with no contract played to a result is called on a scoresheet: ``hand
        record``, ``bidding quiz`` or ``unfinished`` (format.md §5.2); ``None`` for any other."""
        return "hand record" if self.hand_record else "bidding quiz" if self.quiz else \
            "unfinished" if self.unfinished else None

    def totals(self, side: Side) -> LineTotals:
        below = sum(e.points for e in self.entries if e.side is side and e.line is Line.BELOW)
        above = sum(e.points for e in self.entries if e.side is side and e.line is Line.ABOVE)
        return LineTotals(below, above)

    def summary(self, columns: tuple[tuple[str, str], tuple[str, str]], declarer: str) -> Summary:
        """Both sides' points below and above the line, the columns' (key, label) given by Side;
        the outcome names the contract, who declared it, the tricks, any revoke penalty and any
        partner answering alone for the deal (docs/rules/laws.md §8.4, §9)."""
        (_, one), (_, two) = columns
        figures = tuple(lines_column(key, label, self.totals(side).below, self.totals(side).above)
                        for (key, label), side in zip(columns, Side))
        if self.bidding_record and self.contract is not None:
            return Summary(figures, f"bidding record: {self.contract.pretty} by {declarer}, not played")
        if self.hand_record:
            return Summary(figures, "hand record: not bid nor played")
        if self.quiz:
            return Summary(figures, "bidding quiz: the auction stops at the contestant's call, not played")
        if self.unfinished:
            return Summary(figures, "unfinished: the table stopped before the end, no result")
        if self.contract is None or self.tricks is None:
            return Summary(figures, "passed out")
        outcome = f"{self.contract.pretty} by {declarer}, tricks {one} {self.tricks[0]} {two} {self.tricks[1]}"
        if self.penalty is not None:
            was, now = self.penalty.tricks_before, self.penalty.tricks_after
            outcome += f"; revoke penalty: tricks {one} {was[0]} → {now[0]}, {two} {was[1]} → {now[1]}"
        outcome += "".join(f"; {r.seat} answers alone for {r.amount} (law {r.law})" for r in self.responsible)
        return Summary(figures, outcome)


@dataclass(slots=True)
class RubberScore:
    """A rubber: the games in the order won, and everything written during it."""

    number: int
    games: list[Side] = field(default_factory=list)
    winner: Side | None = None
    totals: list[int] = field(default_factory=lambda: [0, 0])
    passed_out: int = 0  # deals passed out during the rubber
    closing_entries: tuple[Entry, ...] = ()  # written for an unfinished rubber at the session's end

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def state(self) -> RubberState:
        return RubberState(tuple(self.games), self.passed_out)

    @property
    def difference(self) -> tuple[Side | None, int]:
        """The leading side (``None`` on a tie) and by how many points."""
        ns, ew = self.totals
        return (None if ns == ew else (Side.NS if ns > ew else Side.EW)), abs(ns - ew)


@dataclass(slots=True)
class SessionScore:
    deals: list[DealScore] = field(default_factory=list)
    rubbers: list[RubberScore] = field(default_factory=list)
    ruled: list[RuledRubber] = field(default_factory=list)  # law 180's rubbers, by the session's rulings

    @property
    def totals(self) -> tuple[int, int]:
        return sum(r.totals[0] for r in self.rubbers), sum(r.totals[1] for r in self.rubbers)

    def columns(self, rubber: int) -> tuple[tuple[str, str], tuple[str, str]]:
        """The two columns' JSON keys and labels in a rubber: the sides ``NS`` (N–S) and ``EW``."""
        return (Side.NS.name, Side.NS.label), (Side.EW.name, Side.EW.label)

    def declarer(self, deal: DealScore) -> str:
        """Who declared a deal, as the sheet names him: his seat."""
        return "" if deal.contract is None else str(deal.contract.declarer)

    def deal_summaries(self) -> dict[int, Summary]:
        """Each deal's score by column, by deal number (see :mod:`.summary`)."""
        return {deal.number: deal.summary(self.columns(deal.rubber), self.declarer(deal)) for deal in self.deals}

    def session_summary(self) -> Summary:
        """Both sides' totals over the rubbers and their difference."""
        ns, ew = self.totals
        columns = (Column(Side.NS.name, Side.NS.label, ns, str(ns)), Column(Side.EW.name, Side.EW.label, ew, str(ew)))
        return Summary(columns, ahead(((Side.NS.label, ns), (Side.EW.label, ew))), {"difference": ns - ew})


def first_to_game(before: Sequence[int], running: tuple[Sequence[int], Sequence[int]],
                  threshold: int) -> tuple[Side, int] | None:
    """Which side first reaches ``threshold`` below the line, and at which trick (1-based).

    ``running[side][k]`` is what the side has written in this deal after trick k+1 (never
    decreasing). A trick adds to one side only, so two sides cannot get there at the same trick.
    """
    at = [bisect_left(running[s], threshold - before[s]) for s in (0, 1)]
    k = min(at)
    if k >= len(running[0]):
        return None
    return (Side.NS if at[0] == k else Side.EW), k + 1


@dataclass(frozen=True, slots=True)
class Settled:
    """What the ledger adds to a deal: its rubber, the game won in it, the premiums, and what
    each side wrote below the line in it."""

    rubber: int
    game: GameWon | None
    entries: tuple[Entry, ...]
    below: tuple[int, int] = (0, 0)


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

    def vulnerability(self, board: int, recorded: tuple[bool, bool] | None = None) -> tuple[bool, bool]:
        """Both sides' vulnerability in the next deal (a new rubber starts after a won one)."""
        state = RubberState((), 0) if self.rubber.finished else self.rubber.state
        return self.profile.vulnerability(state, board, recorded)

    def running(self, contract: Contract, winners: Sequence[Side]) -> tuple[list[int], list[int]]:
        """Both sides' below-the-line points in this deal after each trick, from the winners."""
        points = self.profile.below_points
        taken = [0, 0]
        out: tuple[list[int], list[int]] = ([], [])
        for side in winners:
            taken[side] += 1
            out[0].append(points(contract, Side.NS, taken[0]))
            out[1].append(points(contract, Side.EW, taken[1]))
        return out

    def settle(self, contract: Contract | None, tricks: tuple[int, int] | None,
               running: tuple[Sequence[int], Sequence[int]] | None, dealer: Seat,
               final: tuple[int, int] | None = None) -> Settled:
        """Advance the scoresheet by one deal whose own entries are scored elsewhere.

        ``running`` is the race of :meth:`running` over the tricks played card by card (``None``
        for a result-only deal; fewer than all tricks for a claim), ``tricks`` the final counts,
        ``final`` what each side writes below the line when it is not the tricks' points (a
        revoke penalty's cap, laws §8.4.4).
        Raises :class:`IllegalMove` (``order_needed``) when tricks whose order is unknown would
        take both sides to game.
        """
        if self.rubber.finished:
            self._new_rubber()
        rubber = self.rubber
        if contract is None:
            rubber.passed_out += 1
            entries = self.profile.passed_out_entries(dealer, tricks)
            self._add(entries)
            return Settled(rubber.number, None, tuple(entries))
        assert tricks is not None
        profile, below = self.profile, self.below
        if final is None:
            final = (profile.below_points(contract, Side.NS, tricks[0]), profile.below_points(contract, Side.EW, tricks[1]))
        reached = self._reached(tricks, running, final)
        if reached is None:
            below[0] += final[0]
            below[1] += final[1]
            return Settled(rubber.number, None, (), final)
        side, trick = reached
        rubber.games.append(side)
        entries, won_rubber = self._game_premiums(side, rubber.games)
        if won_rubber:
            rubber.winner = side
        self.below = [0, 0]
        self._add(entries)
        return Settled(rubber.number, GameWon(side, trick, "rubber" if won_rubber else "game"), tuple(entries), final)

    def _reached(self, tricks: tuple[int, int], running: tuple[Sequence[int], Sequence[int]] | None,
                 final: tuple[int, int]) -> tuple[Side, int | None] | None:
        """Which side a deal takes to game and at which trick, changing nothing (see :meth:`settle`)."""
        below, threshold = self.below, self.profile.game_threshold
        reached: tuple[Side, int | None] | None  # the trick is unknown when the play is not card by card
        reached = first_to_game(below, running, threshold) if running is not None else None
        if reached is None and (running is None or len(running[0]) < sum(tricks)):
            # tricks not played card by card (a result-only deal, or the rest of a claim): their
            # order is unknown, so a game is known only if one side alone can reach it
            reach = [below[s] + final[s] >= threshold for s in (0, 1)]
            if reach[0] and reach[1]:
                raise IllegalMove(
                    "order_needed",
                    f"both sides reach {threshold} below the line in this deal (N–S {below[0]}+{final[0]}, "
                    f"E–W {below[1]}+{final[1]}); only the card play tells who got there first")
            reached = next(((s, None) for s in SIDES if reach[s]), None)
        return reached

    def _game_premiums(self, side: Side, games: Sequence[Side]) -> tuple[list[Entry], bool]:
        """What the game ``side`` wins writes (``games``: the rubber's, this one included), and
        whether it wins the rubber (then the rubber's premiums are written too)."""
        profile = self.profile
        won_rubber = list(games).count(side) >= profile.games_to_win_rubber
        entries = profile.game_entries(side, games, won_rubber)
        if won_rubber:
            entries = entries + profile.rubber_won_entries(RubberState(tuple(games), self.rubber.passed_out), side)
        return entries, won_rubber

    def settle_below(self, final: tuple[int, int], peak: tuple[int, int]) -> int | None:
        """:meth:`settle` of a deal played card by card that takes neither side to game, done
        cheaply (a batch settles most deals so): ``peak`` is each side's highest point of the
        race in the deal, ``final`` what it writes below the line. Returns the deal's rubber (no
        game, no entries), or ``None``, changing nothing, when the deal needs :meth:`settle`."""
        below, threshold = self.below, self.profile.game_threshold
        if self.rubber.finished or below[0] + peak[0] >= threshold or below[1] + peak[1] >= threshold:
            return None
        below[0] += final[0]
        below[1] += final[1]
        return self.rubber.number

    def _add(self, entries: Sequence[Entry]) -> None:
        for entry in entries:
            self.rubber.totals[entry.side] += entry.points

    def add(self, replay: Scored) -> DealScore:
        """Score a valid deal and write it on the scoresheet."""
        contract = replay.contract
        before = (self.below[0], self.below[1])
        vulnerable = self.vulnerability(replay.deal.number, replay.deal.vulnerable)
        if replay.void:  # thrown in under the laws: nothing written, not passed out (laws §3.3)
            if self.rubber.finished:
                self._new_rubber()
            deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, None, None, None, (), None,
                             before, vulnerable=vulnerable, void=replay.deal.void)
            self.score.deals.append(deal)
            return deal
        if contract is None and self.profile.hand_records and replay.deal.hand_record:  # nothing bid nor played
            deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, None, None, None, (), None,
                             before, vulnerable=vulnerable, hand_record=True)
            self.score.deals.append(deal)
            return deal
        if replay.bidding_record or replay.unfinished:  # not played to a result: the contract (if any), nothing written
            deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, contract,
                             None if contract is None else self.profile.trick_value(contract), None, (), None, before,
                             vulnerable=vulnerable, bidding_record=replay.bidding_record, unfinished=replay.unfinished,
                             quiz=replay.unfinished and replay.deal.question is not None)
            self.score.deals.append(deal)
            return deal
        if contract is None:
            settled = self.settle(None, replay.tricks_won, None, replay.deal.dealer)
            self._add(replay.law_entries)
            deal = DealScore(replay.deal.number, settled.rubber, replay.deal.dealer, None, None, replay.tricks_won,
                             settled.entries + replay.law_entries, None, before, vulnerable=vulnerable)
            self.score.deals.append(deal)
            return deal
        if replay.tricks_won is None:  # unscorable (its problem is reported): written as nothing
            deal = DealScore(replay.deal.number, self.rubber.number, replay.deal.dealer, None, None, None, (), None,
                             before, vulnerable=vulnerable)
            self.score.deals.append(deal)
            return deal
        if replay.penalty is not None:
            return self._add_penalised(replay, contract, replay.penalty, before, vulnerable)
        running = self.running(contract, [t.winner.side for t in replay.tricks]) if replay.tricks else None
        facts = DealFacts(contract, replay.tricks_won, replay.hands, vulnerable)
        settled = self.settle(contract, replay.tricks_won, running, replay.deal.dealer)
        own = self.profile.score(facts)
        if replay.law_entries:
            own += replay.law_entries
        self._add(own)
        after = () if running is None else tuple((before[0] + ns, before[1] + ew) for ns, ew in zip(*running))
        end = (before[0] + settled.below[0], before[1] + settled.below[1])
        written = tuple(own) + settled.entries
        alone = culprits(replay.deal, contract, replay.tricks_won, written) if self.profile.laws is not None else ()
        deal = DealScore(replay.deal.number, settled.rubber, replay.deal.dealer, contract,
                         self.profile.trick_value(contract), replay.tricks_won, written,
                         settled.game, before, after, end, vulnerable, responsible=alone)
        self.score.deals.append(deal)
        return deal

    def _add_penalised(self, replay: Scored, contract: Contract, penalty: RevokePenalty,
                       before: tuple[int, int], vulnerable: tuple[bool, bool]) -> DealScore:
        """A deal with a revoke penalty (laws §8.4): scored on the adjusted counts, the missing
        tricks charged, the revoking side capped below the line; the game race runs on the
        totals, not the trick order (the moved tricks have no place in it)."""
        profile = self.profile
        adjusted = penalty.tricks_after
        own = profile.score(DealFacts(contract, adjusted, replay.hands, vulnerable))
        own, penalty = capped_entries(profile, own + penalty_entries(profile, contract, penalty), penalty, before)
        own += replay.law_entries  # the laws' other entries (law 24's 2000), above the line: not capped
        own.sort(key=Entry.sort_key)
        ns, ew = (sum(e.points for e in own if e.side is side and e.line is Line.BELOW) for side in SIDES)
        unpenalised = self._unpenalised(replay, contract, vulnerable)
        settled = self.settle(contract, adjusted, None, replay.deal.dealer, (ns, ew))
        self._add(own)
        written = tuple(own) + settled.entries
        cost = (balance(unpenalised, Side.NS) - balance(written, Side.NS),
                balance(unpenalised, Side.EW) - balance(written, Side.EW))
        end = (before[0] + settled.below[0], before[1] + settled.below[1])
        deal = DealScore(replay.deal.number, settled.rubber, replay.deal.dealer, contract, profile.trick_value(contract),
                         adjusted, written, settled.game, before, (), end, vulnerable, penalty,
                         culprits(replay.deal, contract, adjusted, written, cost, replay.revokes))
        self.score.deals.append(deal)
        return deal

    def _unpenalised(self, replay: Scored, contract: Contract, vulnerable: tuple[bool, bool]) -> list[Entry]:
        """What the deal would have written without the revoke penalty (its game premium
        included), changing nothing: the measure of what the penalty cost (laws §9)."""
        assert replay.tricks_won is not None
        entries = self.profile.score(DealFacts(contract, replay.tricks_won, replay.hands, vulnerable)) + list(replay.law_entries)
        running = self.running(contract, [t.winner.side for t in replay.tricks]) if replay.tricks else None
        final = (self.profile.below_points(contract, Side.NS, replay.tricks_won[0]),
                 self.profile.below_points(contract, Side.EW, replay.tricks_won[1]))
        try:
            reached = self._reached(replay.tricks_won, running, final)
        except IllegalMove:
            reached = None  # the unpenalised race would need an order the record does not give
        if reached is not None:
            games = [] if self.rubber.finished else self.rubber.games  # a won rubber: the next starts afresh
            entries += self._game_premiums(reached[0], [*games, reached[0]])[0]
        return entries

    def finish(self) -> SessionScore:
        """Close the session: an unfinished last rubber gets what the profile writes for it."""
        rubber = self.rubber
        if not rubber.finished:
            closing = self.profile.unfinished_rubber_entries(rubber.state, (self.below[0], self.below[1]))
            if closing:
                rubber.closing_entries = tuple(closing)
                self._add(closing)
        return self.score
