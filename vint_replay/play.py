"""The card play as a state machine: 13 tricks, following suit, highest trump wins."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, SUIT_MASKS, Card, Suit, iter_bits
from .errors import IllegalMove
from .seats import SEATS, Seat, Side


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the four cards in play order, who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def seat_of(self, index: int) -> Seat:
        """The seat that played the ``index``-th card of this trick."""
        return SEATS[(self.leader + index) & 3]


def trick_winner(cards: list[int] | tuple[int, ...], trump: int | None) -> int:
    """Index (0–3) of the winning card: the highest trump, else the highest of the suit led."""
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in (1, 2, 3):
        card = cards[i]
        suit = card // 13
        if suit == best_suit:
            if card > best_card:
                best, best_card = i, card
        elif suit == trump:
            best, best_card, best_suit = i, card, suit
    return best


@dataclass(frozen=True, slots=True)
class PlayState:
    """The position after some cards: what each seat still holds, the trick on the table."""

    cards_played: int
    hands: tuple[int, int, int, int]  # remaining cards per seat (bit sets)
    trick: tuple[Card, ...]  # cards of the unfinished trick, leader first
    trick_leader: Seat
    to_play: Seat | None  # None once all 13 tricks are played
    tricks_won: tuple[int, int]  # by Side


class Play:
    """Replays cards one at a time and refuses illegal ones (RULES.md §3).

    Every player plays his own closed hand (no dummy), must follow the suit led when able,
    need not trump or overtake; the winner of a trick leads to the next.
    """

    __slots__ = ("dealt", "hands", "trump", "to_play", "leader", "current", "tricks", "won", "played_in")

    def __init__(self, hands: tuple[int, int, int, int], trump: Suit | None, leader: Seat) -> None:
        self.dealt = hands
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.to_play: Seat | None = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.played_in: dict[int, int] = {}  # card -> trick number (1-based), for messages

    @property
    def finished(self) -> bool:
        return len(self.tricks) == 13

    def play(self, card: Card) -> Trick | None:
        """Play the next card; returns the trick it completed, if any.

        Raises :class:`IllegalMove` with ``card_not_held``, ``hands_mismatch`` or ``revoke``.
        """
        seat = self.to_play
        if seat is None:
            raise IllegalMove("card_not_held", f"{CARDS[card].pretty} played after all 13 tricks")
        bit = 1 << card
        held = self.hands[seat]
        if not held & bit:
            raise self._not_held(seat, card)
        if self.current:
            led = self.current[0] // 13
            if card // 13 != led and held & SUIT_MASKS[led]:
                suit_cards = " ".join(c.name for c in sorted(iter_bits(held & SUIT_MASKS[led]), reverse=True))
                raise IllegalMove(
                    "revoke",
                    f"{seat} played {CARDS[card].pretty} but must follow {Suit(led).symbol} (holds {suit_cards})",
                )
        self.hands[seat] = held ^ bit
        self.current.append(CARDS[card])
        self.played_in[card] = len(self.tricks) + 1
        if len(self.current) < 4:
            self.to_play = SEATS[(seat + 1) & 3]
            return None
        winner = SEATS[(self.leader + trick_winner(self.current, self.trump)) & 3]
        trick = Trick(self.leader, tuple(self.current), winner)  # type: ignore[arg-type]
        self.tricks.append(trick)
        self.won[winner & 1] += 1
        self.current = []
        self.leader = winner
        self.to_play = winner if len(self.tricks) < 13 else None
        return trick

    def _not_held(self, seat: Seat, card: int) -> IllegalMove:
        name = CARDS[card].pretty
        if card in self.played_in:
            return IllegalMove("card_not_held", f"{seat} played {name}, already played in trick {self.played_in[card]}")
        owner = next((s for s in SEATS if self.dealt[s] >> card & 1), None)
        if owner is None:
            return IllegalMove("card_not_held", f"{seat} played {name}, which is in nobody's hand")
        return IllegalMove("hands_mismatch", f"{seat} played {name}, but the hands give it to {owner}")

    def state(self) -> PlayState:
        return PlayState(
            cards_played=len(self.tricks) * 4 + len(self.current),
            hands=tuple(self.hands),  # type: ignore[arg-type]
            trick=tuple(self.current),
            trick_leader=self.leader,
            to_play=self.to_play,
            tricks_won=(self.won[Side.NS], self.won[Side.EW]),
        )
