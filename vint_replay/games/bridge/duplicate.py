"""Duplicate bridge scoring (docs/rules/duplicate-bridge.md): every board scored on its own from
its contract, result and vulnerability — the score tournament PBN files carry in ``[Score]``."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.calls import Contract
from ...engine.rule_profile import RubberState, SheetLayout
from ...engine.scoring import DealFacts, Entry, Item, Line
from ...engine.seats import SEATS, Seat, Side
from .rubber import RubberBridge

PART_SCORE_BONUS = 50  # §3: a made contract whose trick score is under 100
GAME_BONUS = {False: 300, True: 500}  # §3: trick score 100 or more, not vulnerable / vulnerable
GAME_TRICK_SCORE = 100
# §2: the standard rotation of vulnerability over 16 boards: none, N–S, E–W, both …
ROTATION = ((False, False), (True, False), (False, True), (True, True), (True, False), (False, True), (True, True),
            (False, False), (False, True), (True, True), (False, False), (True, False), (True, True), (False, False),
            (True, False), (False, True))


class DuplicateBridge(RubberBridge):
    """Bridge's auction and play; each board alone: trick score, part-score or game bonus,
    slams, overtricks, the insult, undertricks — no honours, no games carried, no rubbers."""

    name = "duplicate-bridge"
    title = "Duplicate bridge (board by board)"
    doc = "docs/rules/duplicate-bridge.md"
    option_values = {}
    game = "Duplicate bridge"  # board scores, not a rubber's lines: never added to rubber bridge's
    scoresheet = SheetLayout.BOARDS
    pbn_scoring = "MP"  # PBN's name for board-by-board scoring (docs/format.md §5.3)
    hand_records = True  # §1: a board's hands dealt out for play, as club dealing programs print them
    dealer_rotation = False  # §2: the board says who deals
    numbers_increase = False  # §2: boards keep their numbers, in the order the file gives them
    boards_independent = True  # §1: nothing is carried from one board to the next

    def __init__(self, options=None) -> None:
        super().__init__(options)
        self.options.update(honours="off", unfinished="none")  # §3: neither exists board by board

    def vulnerability(self, rubber: RubberState, board: int, recorded: tuple[bool, bool] | None) -> tuple[bool, bool]:
        """§2: as the board says, else by the board number's place in the rotation of 16."""
        return recorded if recorded is not None else ROTATION[(board - 1) % len(ROTATION)]

    def expected_dealer(self, previous: Seat, board: int) -> tuple[Seat, str]:
        """§2: board n is dealt by the (n−1) mod 4-th seat from North, whatever came before."""
        seat = SEATS[(board - 1) % 4]
        return seat, f"board {board} is dealt by {seat}"

    def below_points(self, contract: Contract, side: Side, taken: int) -> int:
        """§1: nothing is carried from board to board: no game race."""
        return 0

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """§3: the rubber-bridge entries of the board, plus 50 for a part score or 300 / 500
        for a game (trick score of 100 or more)."""
        entries = super().deal_entries(facts)
        contract = facts.contract
        declarers = contract.declarer.side
        if facts.tricks[declarers] >= contract.tricks_needed:
            if self.contract_score(contract) >= GAME_TRICK_SCORE:
                bonus = GAME_BONUS[facts.vulnerable[declarers]]
                entries.append(Entry(declarers, Line.ABOVE, Item.GAME, bonus, "game bid and made"
                                     + (" vulnerable" if facts.vulnerable[declarers] else "")))
            else:
                entries.append(Entry(declarers, Line.ABOVE, Item.PART_SCORE, PART_SCORE_BONUS, "part score made"))
        return entries

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        return []


def board_score(entries: Sequence[Entry]) -> int:
    """The board's score from N–S's side, as PBN's ``[Score "NS 620"]`` gives it."""
    return sum(e.points if e.side is Side.NS else -e.points for e in entries)
