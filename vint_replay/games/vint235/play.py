"""The play round the live places (docs/rules/players-2-3-5.md §1.4): a trick has one card from
each live hand — four, or two when two hands are live (2.2, 2.3) — and its winner leads."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import CARDS, SUIT_MASKS, Card, iter_bits
from ...engine.errors import IllegalMove
from ..registry import RuleProfile
from ...engine.seats import Seat


@dataclass(frozen=True, slots=True)
class TableTrick:
    """A finished trick: the places in the order they played, their cards, the winning place."""

    places: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat

    @property
    def leader(self) -> Seat:
        return self.places[0]

    def seat_of(self, index: int) -> Seat:
        """The place that played the ``index``-th card of this trick (as the laws read a trick)."""
        return self.places[index]


@dataclass(frozen=True, slots=True)
class PlayRun:
    """The play replayed: the finished tricks, the place to play next, and the first illegal card."""

    tricks: tuple[TableTrick, ...]
    to_play: Seat | None
    error: tuple[int, IllegalMove] | None = None


def play_round(cards: Sequence[Card], hands: Sequence[int], places: Sequence[Seat], trump: int | None,
               leader: Seat, profile: RuleProfile, names: Sequence[str]) -> PlayRun:
    """Replay ``cards`` round ``places`` (the live places clockwise) from ``leader``; ``names``
    says who plays each place, for messages. Under the laws a revoke does not stop the play
    (the laws judge it afterwards, tables/laws.py)."""
    held = list(hands)
    tricks: list[TableTrick] = []
    current: list[Card] = []
    order: list[Seat] = []
    seat = leader
    size = len(places)
    for index, card in enumerate(cards):
        if len(tricks) == 13:
            return PlayRun(tuple(tricks), None, (index, IllegalMove("card_not_held", f"{card.pretty} played after the last trick")))
        bit = 1 << card
        if not held[seat] & bit:
            owner = next((s for s in places if held[s] & bit), None)
            where = "already played or in no live hand" if owner is None else f"it is in {names[owner]}'s hand ({owner})"
            code = "card_not_held" if owner is None else "hands_mismatch"
            return PlayRun(tuple(tricks), seat, (index, IllegalMove(code, f"{names[seat]} ({seat}) is to play {card.pretty}, "
                                                                        f"but {where}")))
        if current and profile.laws is None and not bit & profile.legal_cards(held[seat], current[0].suit):
            suit = current[0].suit
            holding = " ".join(c.name for c in sorted(iter_bits(held[seat] & SUIT_MASKS[suit]), reverse=True))
            return PlayRun(tuple(tricks), seat, (index, IllegalMove(
                "revoke", f"{names[seat]} ({seat}) played {card.pretty} but must follow {suit.symbol} (holds {holding})")))
        held[seat] ^= bit
        current.append(CARDS[card])
        order.append(seat)
        if len(current) < size:
            seat = places[(places.index(seat) + 1) % size]
            continue
        winner = order[profile.trick_winner(current, trump)]
        tricks.append(TableTrick(tuple(order), tuple(current), winner))
        current, order, seat = [], [], winner
    finished = not any(held[s] for s in places) and not current
    return PlayRun(tuple(tricks), None if finished else seat)
