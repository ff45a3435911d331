"""The shape of a rule profile: auction, play and scoring rules of one variant in one object."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..calls import Contract
from ..scoring import DealFacts, Entry
from ..seats import Seat


@dataclass(frozen=True)
class RuleProfile:
    """Everything that differs between variants of vint.

    The auction and play state machines, the scorer and the ledger take their numbers and
    premium rules from here, so a new variant is a new module, not edits across the engine.
    """

    name: str
    title: str
    passes_to_pass_out: int  # consecutive passes with no bid that end the auction
    passes_after_bid: int  # consecutive passes after a bid that end the auction
    doubles_allowed: bool
    trick_value_base: tuple[int, int, int, int, int]  # level-1 value per Denomination
    trick_value_step: int  # added per level above 1
    game_threshold: int  # below-the-line points that win a game
    game_bonus: int  # premium for a side's first game of a rubber
    rubber_bonus: int  # premium for the game that wins the rubber (instead of game_bonus)
    games_to_win_rubber: int
    deal_entries: Callable[[RuleProfile, DealFacts], list[Entry]]  # tricks and premiums
    # True when deal_entries sees the hands only through each side's count of trump honours
    # and of aces: the batch path (columnar.py) may then reuse one result for equal counts.
    entries_by_counts: bool = False

    def trick_value(self, contract: Contract) -> int:
        """V: what each trick is worth in this contract."""
        return self.trick_value_base[contract.denomination] + self.trick_value_step * (contract.level - 1)

    def opening_leader(self, declarer: Seat) -> Seat:
        """Who leads to the first trick: the player left of the declarer."""
        return declarer.left

    def score(self, facts: DealFacts) -> list[Entry]:
        """The deal's own entries (game and rubber premiums are the ledger's business)."""
        return sorted(self.deal_entries(self, facts), key=Entry.sort_key)
