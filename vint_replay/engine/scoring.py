"""Score items of one deal: what a side writes above or below the line, and why."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .calls import Contract
from .cards import SUIT_MASKS, Suit
from .seats import Side


class Line(StrEnum):
    """Where an entry is written: below the line (counts towards game) or above it."""

    BELOW = "below"
    ABOVE = "above"
    BOARD = "board"  # a duplicate board's total (audits only: no entry is written there)


class Item(StrEnum):
    """The kinds of entries (format.md §4 and §5 names). New kinds are appended (the store keeps
    them by name); :data:`ITEM_ORDER` is the order a scoresheet lists them in."""

    TRICKS = "tricks"
    SLAM = "slam"
    CONTRACT_PREMIUM = "contract_premium"
    HONOURS = "honours"
    ACES = "aces"
    UNDERTRICKS = "undertricks"
    FAILED_CONTRACT_PREMIUM = "failed_contract_premium"
    GAME = "game"
    RUBBER = "rubber"
    CORONKA = "coronka"
    X_MARKS = "x_marks"
    PASSED_OUT = "passed_out"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    PART_SCORE = "part_score"
    REVOKE_PENALTY = "revoke_penalty"  # laws §8.4.2: UT(L) for each trick a revoking side lacked
    CARD_COUNT_PENALTY = "card_count_penalty"  # laws: the dealer kept 14 cards (docs/rules/laws.md §3.1)


ITEM_ORDER = {item: i for i, item in enumerate((
    Item.TRICKS, Item.OVERTRICKS, Item.INSULT, Item.SLAM, Item.CONTRACT_PREMIUM, Item.HONOURS, Item.ACES,
    Item.CORONKA, Item.UNDERTRICKS, Item.FAILED_CONTRACT_PREMIUM, Item.REVOKE_PENALTY, Item.CARD_COUNT_PENALTY,
    Item.PASSED_OUT, Item.X_MARKS, Item.PART_SCORE,
    Item.GAME, Item.RUBBER))}


@dataclass(frozen=True, slots=True)
class Entry:
    """One itemised score entry; ``reason`` says in words why it is due (for audits)."""

    side: Side
    line: Line
    item: Item
    points: int
    reason: str = ""

    def sort_key(self) -> tuple[int, int]:
        return ITEM_ORDER[self.item], self.side


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What scoring needs to know about a played (or result-only) deal."""

    contract: Contract
    tricks: tuple[int, int]  # tricks taken, indexed by Side
    hands: tuple[int, int, int, int] | None  # dealt hands as bit sets, indexed by Seat
    vulnerable: tuple[bool, bool] = (False, False)  # by Side, where the profile has vulnerability

    @property
    def declarer_side(self) -> Side:
        return self.contract.declarer.side

    @property
    def declarer_tricks(self) -> int:
        return self.tricks[self.declarer_side]

    def side_holding(self, side: Side) -> int:
        """The two partners' dealt cards together, as one bit set."""
        assert self.hands is not None
        return self.hands[side] | self.hands[side + 2]


HONOUR_RANKS_MASK = 0b1111100000000  # A K Q J T of one suit (ranks 12..8)
ACES_MASK = sum(1 << (12 + 13 * s) for s in range(4))


def honours_held(facts: DealFacts, side: Side, trump: Suit) -> int:
    """How many of the trump A K Q J 10 the side held in its dealt hands."""
    mask = HONOUR_RANKS_MASK << (13 * trump)
    return (facts.side_holding(side) & mask & SUIT_MASKS[trump]).bit_count()


def aces_held(facts: DealFacts, side: Side) -> int:
    return (facts.side_holding(side) & ACES_MASK).bit_count()
