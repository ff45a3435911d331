"""Rubber bridge (docs/rules/rubber-bridge.md, from seed 004 and the standard Laws): bridge's
auction with doubles, a dummy, tricks bid and made below the line for the declarer only, game at
100, vulnerability, the rubber bonus 700 / 500."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.calls import Contract, Denomination
from ...engine.cards import SUIT_MASKS
from ...engine.rule_profile import RubberState, RuleProfile
from ...engine.scoring import ACES_MASK, HONOUR_RANKS_MASK, DealFacts, Entry, Item, Line
from ...engine.seats import SEATS, Seat, Side

BRIDGE_ORDER = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                Denomination.NOTRUMP)  # §2: ♣ < ♦ < ♥ < ♠ < NT
MINOR_TRICK, MAJOR_TRICK, NOTRUMP_FIRST_EXTRA = 20, 30, 10  # §4: d = 20 ♣ ♦, 30 ♥ ♠ NT; n = 10 in NT
DOUBLED_OVERTRICK = {False: 100, True: 200}  # §5.1, by vulnerability; redoubled twice as much
INSULT = {2: 50, 4: 100}  # §5.2 a doubled / redoubled contract made
SLAM_BONUS = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}  # §5.3
UNDOUBLED_UNDERTRICK = {False: 50, True: 100}  # §5.4
DOUBLED_UNDERTRICKS = {False: (100, 200, 200, 300), True: (200, 300, 300, 300)}  # §5.4: 1st, 2nd, 3rd, 4th+
HONOURS_FOUR, HONOURS_FIVE, NOTRUMP_ACES = 100, 150, 150  # §5.5, one hand
GAME_THRESHOLD = 100  # §6.1
RUBBER_BONUS = {0: 700, 1: 500}  # §6.2 by the opponents' games
UNFINISHED_GAME, UNFINISHED_PART_SCORE = 300, 100  # §6.4


class RubberBridge(RuleProfile):
    """Contract bridge scored by the rubber: bridge's order, doubles, 4 passes pass out and 3
    close, the first of the side to name the denomination declares, his partner is dummy."""

    name = "rubber-bridge"
    title = "Rubber bridge"
    doc = "docs/rules/rubber-bridge.md"
    option_values = {"honours": ("on", "off"), "unfinished": ("standard", "none")}  # §8 rulings 3 and 5
    denomination_order = BRIDGE_ORDER
    passes_to_pass_out = 4
    passes_after_bid = 3
    doubles_allowed = True
    bridge_boards = True  # BBO's LIN holds its boards (format.md §5.7)
    has_dummy = True
    has_vulnerability = True
    game_threshold = GAME_THRESHOLD
    game = "Rubber bridge"
    par_label = "Par"  # bridge's own par: its scoring, doubled sacrifices, vulnerability
    analysis_since = 2  # bridge's own par came with analysis version 2 (issue 24)
    laws_layer = False  # bridge has its own laws; the vint laws layer does not apply

    def choose_declarer(self, last_bidder: Seat, first_to_name: Seat) -> Seat:
        """§2: the first of the declaring side to name the final denomination declares."""
        return first_to_name

    def trick_value(self, contract: Contract) -> int:
        """§4: d × doubling, what each odd trick bid is worth (the first in NT adds 10)."""
        return _per_trick(contract.denomination) * contract.doubled

    def contract_score(self, contract: Contract) -> int:
        """§4: (L × d + n) × m, the contract's trick score."""
        extra = NOTRUMP_FIRST_EXTRA if contract.denomination is Denomination.NOTRUMP else 0
        return (contract.level * _per_trick(contract.denomination) + extra) * contract.doubled

    def below_points(self, contract: Contract, side: Side, taken: int) -> int:
        """§4: only the declaring side, only the tricks bid, only once the contract is made."""
        if side is contract.declarer.side and taken >= contract.tricks_needed:
            return self.contract_score(contract)
        return 0

    def vulnerability(self, rubber: RubberState, board: int, recorded: tuple[bool, bool] | None) -> tuple[bool, bool]:
        """§5: a side is vulnerable once it has won a game in the current rubber."""
        return Side.NS in rubber.games, Side.EW in rubber.games

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """§4–§5: the trick score, overtricks, the insult, slams, undertricks, honours."""
        contract, tricks = facts.contract, facts.tricks
        declarers = contract.declarer.side
        vulnerable = facts.vulnerable[declarers]
        taken, needed, m = tricks[declarers], contract.tricks_needed, contract.doubled
        entries: list[Entry] = []
        if taken >= needed:
            entries.append(Entry(declarers, Line.BELOW, Item.TRICKS, self.contract_score(contract),
                                 f"{contract} made: {contract.level} odd tricks bid"))
            over = taken - needed
            if over:
                each = _per_trick(contract.denomination) if m == 1 else DOUBLED_OVERTRICK[vulnerable] * m // 2
                entries.append(Entry(declarers, Line.ABOVE, Item.OVERTRICKS, over * each, f"{over} overtrick"
                                     f"{'s' if over > 1 else ''} × {each}"))
            if m in INSULT:
                entries.append(Entry(declarers, Line.ABOVE, Item.INSULT, INSULT[m],
                                     f"{'re' if m == 4 else ''}doubled contract made"))
            if (contract.level, vulnerable) in SLAM_BONUS:
                entries.append(Entry(declarers, Line.ABOVE, Item.SLAM, SLAM_BONUS[contract.level, vulnerable],
                                     f"level-{contract.level} slam bid and made{' vulnerable' if vulnerable else ''}"))
        else:
            short = needed - taken
            entries.append(Entry(declarers.other, Line.ABOVE, Item.UNDERTRICKS, undertricks(short, m, vulnerable),
                                 f"{short} down{' doubled' if m == 2 else ' redoubled' if m == 4 else ''}"
                                 f"{' vulnerable' if vulnerable else ''}"))
        if facts.hands is not None and self.options["honours"] == "on":
            entries += self._honours(facts)
        return entries

    def _honours(self, facts: DealFacts) -> list[Entry]:
        """§5.5: 4 or 5 trump honours in one hand (100 / 150); 4 aces in one hand in NT (150)."""
        assert facts.hands is not None
        trump = facts.contract.trump
        out = []
        for seat in SEATS:
            hand = facts.hands[seat]
            if trump is None:
                if (hand & ACES_MASK).bit_count() == 4:
                    out.append(Entry(seat.side, Line.ABOVE, Item.HONOURS, NOTRUMP_ACES, f"{seat} held the four aces"))
                continue
            held = (hand & SUIT_MASKS[trump] & HONOUR_RANKS_MASK << (13 * trump)).bit_count()
            if held >= 4:
                out.append(Entry(seat.side, Line.ABOVE, Item.HONOURS, HONOURS_FIVE if held == 5 else HONOURS_FOUR,
                                 f"{seat} held {held} trump honours"))
        return out

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        """§6.2: no premium for a game; the rubber writes 700, or 500 if the opponents have a game."""
        if not rubber_won:
            return []
        theirs = sum(1 for g in games if g is not side)
        return [Entry(side, Line.ABOVE, Item.RUBBER, RUBBER_BONUS[theirs],
                      f"{side.label} won the rubber {len(games) - theirs}–{theirs}")]

    def unfinished_rubber_entries(self, rubber: RubberState, below: tuple[int, int]) -> list[Entry]:
        """§6.4: 300 for the only game of an unfinished rubber, 100 for a part score in its
        unfinished game (nothing with the option ``unfinished: none``)."""
        if self.options["unfinished"] == "none":
            return []
        out = [Entry(side, Line.ABOVE, Item.GAME, UNFINISHED_GAME, f"{side.label} won the only game of an "
                     "unfinished rubber") for side in rubber.games]
        out += [Entry(side, Line.ABOVE, Item.PART_SCORE, UNFINISHED_PART_SCORE,
                      f"{side.label} had a part score of {below[side]} in the unfinished game")
                for side in (Side.NS, Side.EW) if below[side] > 0]
        return out


def _per_trick(denomination: Denomination) -> int:
    return MINOR_TRICK if denomination in (Denomination.CLUBS, Denomination.DIAMONDS) else MAJOR_TRICK


def undertricks(short: int, doubled: int, vulnerable: bool) -> int:
    """§5.4: what the defenders write for ``short`` undertricks (redoubled = 2 × doubled)."""
    if doubled == 1:
        return short * UNDOUBLED_UNDERTRICK[vulnerable]
    steps = DOUBLED_UNDERTRICKS[vulnerable]
    return sum(steps[min(i, len(steps) - 1)] for i in range(short)) * doubled // 2
