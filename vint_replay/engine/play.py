"""The card play as a state machine: 13 tricks; which cards are legal and who wins a trick are
the profile's rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .cards import CARDS, SUIT_MASKS, Card, iter_bits
from .errors import IllegalMove
from .rule_profile import RuleProfile
from .seats import SEATS, Seat, Side, by_seat


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in play order, who won it."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def seat_of(self, index: int) -> Seat:
        """The seat that played the ``index``-th card of this trick."""
        return SEATS[(self.leader + index) & 3]


@dataclass(frozen=True, slots=True)
class ShortTrick(Trick):
    """A trick 13 of three cards under the laws: ``skipped`` had no card left (laws §3.4)."""

    skipped: Seat

    def seat_of(self, index: int) -> Seat:
        return [seat for seat in _ROUND[self.leader] if seat != self.skipped][index]


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
    """Replays cards one at a time and refuses illegal ones: a card must be held and be among
    the profile's legal cards; the profile's strongest card wins the trick and its player leads
    to the next.

    Under the laws (``profile.laws``) a revoke does not stop the play (the laws find and
    judge it afterwards, docs/rules/laws.md §8.2), and ``leads`` names who led a trick out of
    turn with the lead let stand (§7.3): trick number (1–13) -> the seat that led it. Hands of
    14 and 12 cards (a misdistribution found late, laws §3.4) are played too: the 12-card player
    has no card for trick 13, which then has three, and the 14-card player keeps his last card.
    """

    __slots__ = ("profile", "dealt", "hands", "trump", "to_play", "leader", "current", "tricks", "won", "leads",
                 "skips", "uneven", "in_trick")

    def __init__(self, hands: tuple[int, int, int, int], trump: int | None, leader: Seat,
                 profile: RuleProfile, leads: dict[int, Seat] | None = None, skips: dict[int, Seat] | None = None) -> None:
        self.leads = leads or None
        self.skips = skips or {}
        self.profile = profile
        self.dealt = hands
        self.hands = list(hands)
        self.trump = trump
        leader = leads.get(1, leader) if leads else leader
        if self.skips.get(1) is leader:  # the opening leader missed trick 1: his left-hand neighbour leads
            leader = leader.left
        self.leader = leader
        self.to_play: Seat | None = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.uneven = bool(skips) or (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(),
                                      hands[3].bit_count()) != (13, 13, 13, 13)
        self.in_trick: tuple[Seat, ...] = ()  # uneven hands: the seats that play to the current trick

    def copy(self) -> Play:
        """The play as it stands, to go on from in more than one way (its own hands and tricks:
        playing on from the copy leaves this one as it is)."""
        other = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands, other.current, other.tricks, other.won = (list(self.hands), list(self.current), list(self.tricks),
                                                                list(self.won))
        return other

    @property
    def finished(self) -> bool:
        return len(self.tricks) == 13

    @property
    def cards_played(self) -> int:
        if self.uneven:
            return sum(len(trick.cards) for trick in self.tricks) + len(self.current)
        return len(self.tricks) * 4 + len(self.current)

    @property
    def played_in(self) -> dict[int, int]:
        """Each card played so far -> the trick (1-based) it was played in, for messages."""
        out: dict[int, int] = {card: n for n, trick in enumerate(self.tricks, 1) for card in trick.cards}
        out.update((card, len(self.tricks) + 1) for card in self.current)
        return out

    def legal(self) -> int:
        """The bit set of cards the player to move may play: the suit led if he holds it."""
        seat = self.to_play
        if seat is None:
            return 0
        return self.profile.legal_cards(self.hands[seat], self.current[0].suit if self.current else None)

    def play(self, card: Card) -> Trick | None:
        """Play the next card; returns the trick it completed, if any.

        Raises :class:`IllegalMove` with ``card_not_held``, ``hands_mismatch`` or ``revoke``.
        """
        done = len(self.tricks)
        self.play_cards((card,))
        return self.tricks[-1] if len(self.tricks) > done else None

    def play_cards(self, cards: Iterable[int]) -> None:
        """Play cards in order (a whole recorded play at once is the fast path of a replay).

        At the first illegal card raises :class:`IllegalMove`; the cards before it stay played,
        so ``cards_played`` is the index of the bad card.
        """
        if self.uneven:
            for card in cards:
                self._play_uneven(card)
            return
        hands, current, tricks, won, trump = self.hands, self.current, self.tricks, self.won, self.trump
        seat, leader = self.to_play, self.leader
        legal_cards = self.profile.legal_cards
        strict = self.profile.laws is None
        leads = self.leads
        strengths = self.profile.strength_table[4 if trump is None else trump]
        led = current[0] // 13 if current else 0  # the suit led: set again by each trick's first card
        try:
            for card in cards:
                if seat is None:
                    raise IllegalMove("card_not_held", f"{CARDS[card].pretty} played after all 13 tricks")
                held = hands[seat]
                bit = 1 << card
                if not held & bit:
                    raise self._not_held(seat, card)
                if not current:
                    led = card // 13
                elif strict and not bit & legal_cards(held, led):
                    raise self._revoke(seat, card, held & SUIT_MASKS[led])
                hands[seat] = held ^ bit
                current.append(CARDS[card])
                if len(current) < 4:
                    seat = _NEXT[seat]
                    continue
                row = strengths[led]
                power = [row[c] for c in current]
                winner = SEATS[(leader + power.index(max(power))) & 3]
                tricks.append(Trick(leader, tuple(current), winner))
                won[winner & 1] += 1
                current.clear()
                leader = winner if leads is None else leads.get(len(tricks) + 1, winner)
                seat = leader if len(tricks) < 13 else None
        finally:
            self.to_play, self.leader = seat, leader

    def _play_uneven(self, card: int) -> None:
        """One card of a deal with a 14- and a 12-card hand, or with a trick a player missed
        (``skips``: trick number -> seat, law 169): a seat with no card left, or missing the
        trick, is passed over, in the trick and for the lead (laws §3.4, §6.4)."""
        seat, hands, current = self.to_play, self.hands, self.current
        if seat is None:
            raise IllegalMove("card_not_held", f"{CARDS[card].pretty} played after all 13 tricks")
        held, bit = hands[seat], 1 << card
        if not held & bit:
            raise self._not_held(seat, card)
        if current and self.profile.laws is None and not bit & self.profile.legal_cards(held, current[0].suit):
            raise self._revoke(seat, card, held & SUIT_MASKS[current[0].suit])
        if not current:
            missed = self.skips.get(len(self.tricks) + 1)
            self.in_trick = tuple(s for s in _ROUND[seat] if hands[s] and s is not missed)
        hands[seat] = held ^ bit
        current.append(CARDS[card])
        seats = self.in_trick
        if len(current) < len(seats):
            self.to_play = seats[len(current)]
            return
        winner = seats[self.profile.trick_winner(current, self.trump)]
        skipped = next((s for s in _ROUND[self.leader] if s not in seats), None)
        trick = Trick(self.leader, tuple(current), winner) if skipped is None else \
            ShortTrick(self.leader, tuple(current), winner, skipped)
        self.tricks.append(trick)
        self.won[winner & 1] += 1
        current.clear()
        leader = winner if self.leads is None else self.leads.get(len(self.tricks) + 1, winner)
        missed = self.skips.get(len(self.tricks) + 1)
        self.leader = next((s for s in _ROUND[leader] if hands[s] and s is not missed), leader)
        self.to_play = self.leader if len(self.tricks) < 13 else None

    def _revoke(self, seat: Seat, card: int, suit_held: int) -> IllegalMove:
        led = self.current[0].suit
        suit_cards = " ".join(c.name for c in sorted(iter_bits(suit_held), reverse=True))
        return IllegalMove("revoke", f"{seat} played {CARDS[card].pretty} but must follow {led.symbol} (holds {suit_cards})")

    def _not_held(self, seat: Seat, card: int) -> IllegalMove:
        name = CARDS[card].pretty
        played_in = self.played_in
        if card in played_in:
            return IllegalMove("card_not_held", f"{seat} played {name}, already played in trick {played_in[card]}")
        owner = next((s for s in SEATS if self.dealt[s] >> card & 1), None)
        if owner is None:
            return IllegalMove("card_not_held", f"{seat} played {name}, which is in nobody's hand")
        return IllegalMove("hands_mismatch", f"{seat} played {name}, but the hands give it to {owner}")

    def state(self) -> PlayState:
        return PlayState(
            cards_played=self.cards_played,
            hands=by_seat(self.hands),
            trick=tuple(self.current),
            trick_leader=self.leader,
            to_play=self.to_play,
            tricks_won=(self.won[Side.NS], self.won[Side.EW]),
        )


_NEXT = SEATS[1:] + SEATS[:1]  # the seat on the left of each seat
_ROUND = {seat: tuple(SEATS[(seat + i) & 3] for i in range(4)) for seat in SEATS}  # each seat and the next three


def play_states(hands: tuple[int, int, int, int] | None, trump: int | None, tricks: tuple[Trick, ...],
                profile: RuleProfile) -> tuple[PlayState, ...]:
    """The position before the first card and after each card of ``tricks`` (53 for a full deal),
    each trick led by whoever led it in the record (a lead out of turn that stood, laws §7.3)."""
    if hands is None or not tricks:
        return ()
    play = Play(hands, trump, tricks[0].leader, profile, {n: trick.leader for n, trick in enumerate(tricks, 1)},
                {n: trick.skipped for n, trick in enumerate(tricks, 1) if isinstance(trick, ShortTrick)})
    states = [play.state()]
    for trick in tricks:
        for card in trick.cards:
            play.play(card)
            states.append(play.state())
    return tuple(states)
