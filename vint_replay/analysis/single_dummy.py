"""Single dummy from one seat: what the seat knew at a position (its own hand, the cards played,
the suits a player showed void in by not following, the dummy once it is spread), layouts of the
cards it could not see drawn at random consistent with that, each solved double dummy, and each
legal card's average tricks and chance to make the contract over the layouts (issue 21 item 3).

Without a void shown the unseen cards are shuffled and dealt (every layout equally likely);
with voids they are dealt one at a time to the seats that may hold them, each with weight its
free places, never into a dead end (Hall's condition over the seats, checked before each card).
A seed makes the draw repeatable."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from ..engine.cards import SUIT_MASKS, Card, iter_bits
from ..engine.play import PlayState
from ..engine.seats import SEATS, Seat, by_seat
from .dd import dds_strain, side_total, solve_positions
from .variation import Variation, VariationError

DEFAULT_SAMPLES = 16  # layouts a position: at an opening lead 0.7 s median, 1.5 s at worst (benchmarks/bench_single_dummy.py)
MAX_SAMPLES = 500


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knew at a position: the hands it saw (``seen``, the others ``None``), how
    many cards each unseen hand holds, the suits (bit sets of :data:`SUIT_MASKS` unions) each
    unseen hand cannot hold, and the pool of cards it did not see."""

    seat: Seat
    state: PlayState
    seen: tuple[int | None, int | None, int | None, int | None]
    counts: tuple[int, int, int, int]
    barred: tuple[int, int, int, int]  # cards each hand cannot hold: the suits it showed void in
    unseen: int  # the cards left in the hands the seat did not see

    def consistent(self, hands: tuple[int, int, int, int]) -> bool:
        """Whether a layout of the remaining cards fits everything the seat knew."""
        return (all(h == s for h, s in zip(hands, self.seen) if s is not None)
                and all(h.bit_count() == n and not h & bar for h, n, bar in zip(hands, self.counts, self.barred))
                and sum(hands) == sum(self.state.hands) and not any(a & b for a, b in combinations(hands, 2)))


def knowledge(variation: Variation, seat: Seat) -> Knowledge:
    """What ``seat`` knew after the line's cards: its own hand, and the dummy's once the opening
    lead is made where the profile spreads it (rubber-bridge.md §3); a player who did not follow
    the suit led has none left (volchaninov.md §3: he must follow if he can)."""
    profile = variation.replay.profile
    play = variation.opening()
    barred = [0, 0, 0, 0]
    for card in variation.line:
        mover = play.to_play
        assert mover is not None
        if play.current and Card(card).suit is not play.current[0].suit:
            barred[mover] |= SUIT_MASKS[play.current[0].suit]
        play.play(card)
    state = play.state()
    dummy = variation.contract.declarer.partner if profile.has_dummy else None
    visible = {seat} | ({dummy} if dummy is not None and (seat is dummy or state.cards_played) else set())
    seen = by_seat(state.hands[s] if s in visible else None for s in SEATS)
    unseen = sum(state.hands[s] for s in SEATS if s not in visible)
    counts = by_seat(h.bit_count() for h in state.hands)
    bars = by_seat(0 if s in visible else barred[s] for s in SEATS)
    return Knowledge(seat, state, seen, counts, bars, unseen)


def sample(known: Knowledge, rng: random.Random) -> tuple[int, int, int, int]:
    """One layout of the unseen cards consistent with ``known``."""
    hands = [h or 0 for h in known.seen]
    free = {s: known.counts[s] for s in SEATS if known.seen[s] is None}
    cards = list(iter_bits(known.unseen))
    rng.shuffle(cards)
    if not any(known.barred[s] for s in free):  # no void shown: deal the shuffled cards in turn
        start = 0
        for seat, count in free.items():
            hands[seat] |= sum(1 << c for c in cards[start:start + count])
            start += count
        return by_seat(hands)
    takers = {c: frozenset(s for s in free if not known.barred[s] >> c & 1) for c in cards}
    left = Counter(takers[c] for c in cards)  # the cards still to deal, by the seats that may take them
    for card in cards:
        left[takers[card]] -= 1
        fits = [s for s in takers[card] if free[s] and _feasible({**free, s: free[s] - 1}, left)]
        seat = rng.choices(fits, weights=[free[s] for s in fits])[0]
        hands[seat] |= 1 << card
        free[seat] -= 1
    return by_seat(hands)


def _feasible(free: dict[Seat, int], left: Counter[frozenset[Seat]]) -> bool:
    """Hall's condition: every set of seats has room for the cards only it may take."""
    seats = list(free)
    for size in range(1, len(seats) + 1):
        for group in combinations(seats, size):
            only = sum(n for takers, n in left.items() if takers <= set(group))
            if only > sum(free[s] for s in group):
                return False
    return True


def layouts(known: Knowledge, count: int, seed: int | None = None) -> Iterator[tuple[int, int, int, int]]:
    """``count`` layouts drawn independently (repeatable under ``seed``)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield sample(known, rng)


@dataclass(frozen=True, slots=True)
class CardOdds:
    """One legal card over the layouts: the declarer side's average tricks if it is played (the
    best played after it, double dummy) and the share of layouts where the contract is made."""

    card: Card
    average: float
    making: float  # 0…1


@dataclass(frozen=True)
class SingleDummy:
    """Each legal card's odds for ``seat`` at a position, over ``layouts`` layouts."""

    seat: Seat
    mover: Seat
    odds: tuple[CardOdds, ...]
    layouts: int


def deciding(variation: Variation) -> Seat | None:
    """Who chooses the next card: the player to move, or the declarer for a dummy he plays."""
    mover = variation.state.to_play
    contract = variation.contract
    if mover is not None and variation.replay.profile.has_dummy and mover is contract.declarer.partner:
        return contract.declarer
    return mover


def single_dummy(variation: Variation, seat: Seat, samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> SingleDummy:
    """``seat``'s single-dummy odds at the variation's position: ``samples`` layouts solved by
    DDS in one batch; :class:`VariationError` when ``seat`` does not choose the next card."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise VariationError(f"the sample is 1–{MAX_SAMPLES} layouts, not {samples}")
    chooser = deciding(variation)
    if chooser is None:
        raise VariationError("the play is over: there is no card to choose")
    if chooser is not seat:
        raise VariationError(f"{chooser} chooses the next card, not {seat}: single dummy is for the seat to play")
    known = knowledge(variation, seat)
    contract = variation.contract
    state = known.state
    drawn = list(layouts(known, samples, seed))
    scores = solve_positions([PlayState(state.cards_played, hands, state.trick, state.trick_leader, state.to_play,
                                   state.tricks_won) for hands in drawn], dds_strain(contract.denomination))
    side = contract.declarer.side
    totals = {c: [side_total(state, s[c], side) for s in scores] for c in scores[0]}
    odds = [CardOdds(Card(c), sum(t) / len(t), sum(1 for x in t if x >= contract.tricks_needed) / len(t))
            for c, t in totals.items()]
    mine = side is seat.side
    odds.sort(key=lambda o: ((-o.making, -o.average) if mine else (o.making, o.average), -o.card))
    assert state.to_play is not None
    return SingleDummy(seat, state.to_play, tuple(odds), len(drawn))

