"""A variation of a played deal: the actual play up to card K, then other cards, each proved
legal by the engine's own play rules, and, once the line is finished, the deal and the session
rescored by the engine as if the variation had been played.

The position and the legality come from :class:`~vint_replay.engine.play.Play` and the profile's
``legal_cards``; the scores from :func:`~vint_replay.engine.session.evaluate` over a copy of the
session whose deal holds the variation's play, so a game or rubber that changes hands, and
every later deal's lines, come out as the scoresheet would write them.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from ..engine.calls import Contract
from ..engine.cards import Card, Hand, iter_bits
from ..engine.ledger import DealScore, GameWon, SessionScore
from ..engine.play import Play, PlayState, Trick
from ..engine.plural import plural
from ..engine.replay import DealReplay
from ..engine.seats import SEATS, Seat, Side, by_seat
from ..engine.rule_profile import Replayed, Sheet
from ..engine.session import SessionReport, evaluate, is_four_hands
from .dd import card_values


class VariationError(ValueError):
    """A variation that cannot be set up: no such deal, no such card, a deal without a played
    contract, a game without double-dummy support. The message says which."""


class OutOfRange(VariationError):
    """A deal number or a branch point the session does not have (a usage error at the terminal)."""


class Rule(StrEnum):
    """The play rules a variation's card can break (the same in every profile a variation
    takes: docs/rules/volchaninov.md §3, rubber-bridge.md §3)."""

    NOT_HELD = "not held"  # a player plays a card from his own hand
    REVOKE = "must follow suit (revoke)"  # he follows the suit led if he can
    NOT_HIS_TURN = "not his turn"  # clockwise from the leader; the trick's winner leads next


class Refused(ValueError):
    """A card of the variation the rules forbid: ``index`` is its place in the deal's play
    (``play[index]``), ``rule`` the rule it breaks."""

    def __init__(self, index: int, rule: Rule, message: str) -> None:
        super().__init__(f"play[{index}]: {rule}: {message}")
        self.index = index
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished variation scored: the deal's entries and the session's score, each as
    actually played and as in the variation."""

    actual: SessionScore
    varied: SessionScore
    deal_index: int  # the deal's place in the session's scored deals

    @property
    def actual_deal(self) -> DealScore:
        return self.actual.deals[self.deal_index]

    @property
    def varied_deal(self) -> DealScore:
        return self.varied.deals[self.deal_index]

    def difference(self, side: Side) -> int:
        """What the variation adds to (or takes from) ``side``'s session total, in points."""
        return self.varied.totals[side] - self.actual.totals[side]

    @property
    def game_changes(self) -> bool:
        """Whether the deal's game goes to another side (or is won, or not won, instead)."""
        return _game_side(self.actual_deal.game) != _game_side(self.varied_deal.game)

    @property
    def rubbers_change(self) -> bool:
        """Whether any rubber of the session is won by another side (or ends elsewhere)."""
        return [r.winner for r in self.actual.rubbers] != [r.winner for r in self.varied.rubbers]


def _game_side(game: GameWon | None) -> Side | None:
    return None if game is None else game.side


@dataclass(frozen=True)
class Variation:
    """Deal ``index`` of ``report``'s session, its actual play kept up to card ``at`` (0: before
    the opening lead), then ``cards``. Make one with :func:`branch`, grow it with :meth:`play`."""

    report: SessionReport[DealReplay, SessionScore]
    index: int
    at: int
    cards: tuple[Card, ...] = ()
    actual: SessionScore | None = None  # the score the outcome is set beside, if not the report's (another auction's)

    @property
    def replay(self) -> DealReplay:
        return self.report.replays[self.index]

    @property
    def contract(self) -> Contract:
        assert self.replay.contract is not None
        return self.replay.contract

    @property
    def line(self) -> tuple[Card, ...]:
        """The whole play of the variation: the actual cards before ``at``, then its own."""
        return (self.replay.deal.play or ())[:self.at] + self.cards

    @property
    def hands(self) -> tuple[int, int, int, int]:
        """The deal's hands as dealt."""
        hands = self.replay.hands
        assert hands is not None, "branch() varies no deal without its hands"
        return hands

    def opening(self) -> Play:
        """The deal's play before its opening lead, in the contract of the variation."""
        return Play(self.hands, self.contract.trump, self.replay.leader, self.replay.profile)

    def _play(self) -> Play:
        play = self.opening()
        play.play_cards(self.line)
        return play

    @property
    def state(self) -> PlayState:
        return self._play().state()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of the line."""
        return tuple(self._play().tricks)

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may play, highest first (none once 52 are played)."""
        return tuple(sorted(iter_bits(self._play().legal()), reverse=True))

    @property
    def finished(self) -> bool:
        return len(self.line) == 52

    def play(self, *cards: Card) -> Variation:
        """The variation with ``cards`` played next; :class:`Refused` at the first the rules
        forbid (the engine's ``legal_cards`` decide, laws or not: a variation has no revoke)."""
        play = self._play()
        for n, card in enumerate(cards):
            index = len(self.line) + n
            seat = play.to_play
            if seat is None:
                raise Refused(index, Rule.NOT_HELD, f"{card.pretty} comes after all 13 tricks")
            holder = next((s for s in SEATS if play.hands[s] >> card & 1), None)
            if holder is None:
                raise Refused(index, Rule.NOT_HELD, f"{card.pretty} has been played already; {seat} is to play")
            if holder is not seat:
                raise Refused(index, Rule.NOT_HIS_TURN, f"{card.pretty} is {holder}'s card; {seat} is to play")
            if not play.legal() >> card & 1:
                led = play.current[0].suit
                held = " ".join(c.pretty for c in sorted(iter_bits(play.legal()), reverse=True))
                raise Refused(index, Rule.REVOKE, f"{seat} must follow {led.symbol} with {held}, not {card.pretty}")
            play.play(card)
        return dataclasses.replace(self, cards=self.cards + cards)

    def finish(self) -> Variation:
        """The variation played out double dummy: at each position the player to move plays a
        card that keeps his side's best (of several, the first in the deck's order ♠2 … ♣A), one
        DDS call a position."""
        variation = self
        while not variation.finished:
            state = variation.state
            mover = state.to_play
            assert mover is not None, "a line short of 52 cards has a player to move"
            values = card_values(state, variation.contract)
            side = mover.side
            declarer = self.contract.declarer.side
            best = max(v.tricks for v in values) if side is declarer else min(v.tricks for v in values)
            variation = variation.play(min(v.card for v in values if v.tricks == best))
        return variation

    def outcome(self) -> Outcome:
        """The session rescored with this variation's play (52 cards) in place of the deal's;
        :class:`VariationError` for an unfinished line."""
        if not self.finished:
            raise VariationError(f"the line has {len(self.line)} cards: it is scored once all 52 are played")
        deal = self.replay.deal
        hands = by_seat(Hand(h) for h in self.hands)
        varied = dataclasses.replace(deal, play=self.line, hands=hands, result=None)
        record = self.report.record
        deals = record.deals[:self.index] + (varied,) + record.deals[self.index + 1:]
        rescored = evaluate(dataclasses.replace(record, deals=deals))
        actual = self.actual or self.report.score
        assert actual is not None
        varied_score = rescored.score
        if varied_score is None:  # cannot happen for a legal line; said plainly if it does
            raise VariationError("; ".join(d.describe() for d in rescored.diagnostics if d.severity == "error"))
        assert isinstance(varied_score, SessionScore), "the session's own four hands are scored on their ledger"
        return Outcome(actual, varied_score, self.index)


def branch(report: SessionReport[Replayed, Sheet], number: int, at: int, bid: bool = True) -> Variation:
    """Deal ``number`` of a scored session, branched before its card ``at``; a
    :class:`VariationError` says why a deal cannot be varied. A deal kept without its play (a
    bidding record, a result alone) is varied from the opening lead; ``bid=False`` takes a deal
    with no contract too (a hand record, a pass-out), whose auction another contract replaces."""
    profile = report.profile
    if not profile.double_dummy:
        raise VariationError(f"the {profile.name} profile has no double-dummy support: its deals cannot be varied")
    assert is_four_hands(report), "a double-dummy profile's deals are four hands' (RuleProfile.double_dummy)"
    if report.score is None:
        raise VariationError("the session has errors: it is varied once it is valid")
    numbers = [d.number for d in report.record.deals]
    if number not in numbers:
        shown = f"{numbers[0]}–{numbers[-1]}" if numbers else "none"
        raise OutOfRange(f"there is no deal {number} (deals: {shown})")
    index = numbers.index(number)
    replay = report.replays[index]
    deal = replay.deal
    if replay.void:
        raise VariationError(f"deal {number} is void under the laws (law {deal.void}): it has no play")
    if replay.contract is None and bid:  # a hand record has its hands alone (duplicate-bridge.md §1)
        what = "a hand record (its hands alone)" if deal.hand_record else "a bidding quiz" if deal.question is not None \
            else "unfinished in its auction" if replay.unfinished else "passed out"
        raise VariationError(f"deal {number} is {what}: it has no contract to play")
    if deal.irregularities or replay.hands is None or any(h.bit_count() != 13 for h in replay.hands):
        raise VariationError(f"deal {number} records irregularities under the laws: it is not varied")
    played = len(deal.play or ())  # a bidding record has none (duplicate-bridge.md §1): varied from the lead
    if not 0 <= at <= played:
        raise OutOfRange(f"deal {number} has {plural(played, 'card')} played: --at is 0–{played}, not {at}")
    return Variation(report, index, at)

