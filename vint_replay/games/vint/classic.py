"""Classic vint (docs/rules/classic.md, from seeds 002 and 001): 10 × level a trick, honours and
aces netted in units of 100 × level, coronkas, declared and taken slams, X marks."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.calls import Contract, Denomination
from ...engine.cards import SUIT_MASKS, Suit
from ...engine.rule_profile import RubberState, RuleProfile, Slip
from ...engine.scoring import ACES_MASK, DealFacts, Entry, Item, Line, aces_held, honours_held
from ...engine.seats import SEATS, SIDES, Seat, Side

TRICK_PER_LEVEL = 10  # §3: T = 10 × L, every denomination
UNIT_PER_LEVEL = 100  # §4: U = 100 × L
NT_ACE_PER_LEVEL = 250  # §5: A = 250 × L per ace in no-trump
HONOUR_COUNTS = (3, 4, 5)  # §4.1: a side holding 3–5 trump honours counts them
COUNTED_ACES = (3, 4)  # §4.2 / §5: 3 or 4 aces count; 2–2 goes to the side with леве
LEVE = 7  # §1: "леве", more than six tricks
PLAIN_CORONKA_STEP = 500  # §6: 500 × (k − 2) in a side suit of a suit contract
TRUMP_CORONKA_STEP = 1000  # §6: 1000 × (k − 2) in trumps, or any suit in no-trump
ACES_CORONKA = {(4, True): 2000, (4, False): 1000, (3, True): 1000, (3, False): 500}  # §6 (aces, no-trump)
DECLARED_SLAM = {6: 5000, 7: 10000}  # §7 declared and made; §8 added to the undertricks when failed
TAKEN_SLAM = {12: 1000, 13: 2000}  # §7 whoever takes exactly 12 / 13 tricks
UNDERTRICK_PER_LEVEL = 1000  # §8: 1000 × L a trick short
GAME_PREMIUM = 1000  # §10 "за окончание"
RUBBER_PREMIUM = 2000  # §10 the game that ends the rubber, instead of 1000 (ruling 6)
X_MARK = 500  # §9 standard: 500 per passed-out deal, to the rubber's winner
X_MARK_CYCLE = (500, 1000, 1500)  # §9 "винтящие знаки": the n-th X of the rubber (ruling 10)
PLAYED_PASS_OUT_PER_TRICK = 500  # §9 played распасовка: 500 × the difference in tricks


class Classic(RuleProfile):
    """Classic vint: 4 passes pass out, 8 close; T = 10 L below for both sides; honours and
    aces netted; coronkas; slams declared (5000/10000) and taken (1000/2000); undertricks
    1000 L; game 1000, rubber 2000; X marks for passed-out deals (three ways, a session option)."""

    name = "classic"
    title = "Classic vint (coronkas, X marks)"
    doc = "docs/rules/classic.md"
    option_values = {"x_marks": ("standard", "escalating", "played")}  # §9
    passes_to_pass_out = 4  # §2: one round of passes with no bid
    passes_after_bid = 8  # §2: two full rounds after a bid

    def trick_value(self, contract: Contract) -> int:
        """§3: T = 10 × L whatever the denomination."""
        return TRICK_PER_LEVEL * contract.level

    def undertrick_value(self, contract: Contract) -> int:
        """§8: 1000 × L for each trick short."""
        return UNDERTRICK_PER_LEVEL * contract.level

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """§3–§8: tricks below; honours/aces, coronkas, slams, undertricks above."""
        contract, tricks = facts.contract, facts.tricks
        level, value = contract.level, self.trick_value(contract)
        declarers = contract.declarer.side
        defenders = declarers.other
        entries = [Entry(side, Line.BELOW, Item.TRICKS, tricks[side] * value, f"{tricks[side]} tricks × {value}")
                   for side in SIDES]
        for side in SIDES:
            if tricks[side] in TAKEN_SLAM:
                entries.append(Entry(side, Line.ABOVE, Item.SLAM, TAKEN_SLAM[tricks[side]],
                                     f"{side.label} took {tricks[side]} tricks"))
        made = tricks[declarers] >= contract.tricks_needed
        if made and level in DECLARED_SLAM:
            entries.append(Entry(declarers, Line.ABOVE, Item.CONTRACT_PREMIUM, DECLARED_SLAM[level],
                                 f"level-{level} slam declared and made"))
        if not made:
            short = contract.tricks_needed - tricks[declarers]
            each = self.undertrick_value(contract)
            entries.append(Entry(defenders, Line.ABOVE, Item.UNDERTRICKS, each * short,
                                 f"{short} undertrick{'s' if short > 1 else ''} × {each}"))
            if level in DECLARED_SLAM:
                entries.append(Entry(defenders, Line.ABOVE, Item.FAILED_CONTRACT_PREMIUM, DECLARED_SLAM[level],
                                     f"declared level-{level} slam failed"))
        if facts.hands is not None:
            entries += self._honours(facts) + self._coronkas(facts)
        return entries

    def _ace_count(self, facts: DealFacts, side: Side) -> int:
        """§4.2: 3 or 4 aces count; on a 2–2 split the side with леве counts 2."""
        aces = aces_held(facts, side)
        if aces in COUNTED_ACES or (aces == 2 and facts.tricks[side] >= LEVE):
            return aces
        return 0

    def _honours(self, facts: DealFacts) -> list[Entry]:
        """§4 (suit contracts): units netted × 100 L; §5 (no-trump): aces × 250 L."""
        contract = facts.contract
        trump = contract.trump
        if trump is None:
            for side in SIDES:
                aces = self._ace_count(facts, side)
                if aces:
                    per = NT_ACE_PER_LEVEL * contract.level
                    return [Entry(side, Line.ABOVE, Item.ACES, aces * per, f"{side.label} held {aces} aces × {per}")]
            return []
        units = []
        for side in SIDES:
            honours = honours_held(facts, side, trump)
            units.append((honours if honours in HONOUR_COUNTS else 0) + self._ace_count(facts, side))
        if units[0] == units[1]:
            return []
        side = Side.NS if units[0] > units[1] else Side.EW
        net = abs(units[0] - units[1])
        unit = UNIT_PER_LEVEL * contract.level
        return [Entry(side, Line.ABOVE, Item.HONOURS, net * unit,
                      f"honours and aces {units[side]}:{units[side.other]} units, {net} × {unit}")]

    def _coronkas(self, facts: DealFacts) -> list[Entry]:
        """§6: each hand's unbroken runs from the ace (A K Q at least), one per suit, and three
        or four aces in one hand; written by the holder's side, not netted."""
        assert facts.hands is not None
        trump = facts.contract.trump
        no_trump = trump is None
        out = []
        for seat in SEATS:
            hand = facts.hands[seat]
            for suit in Suit:
                run = _run_from_ace(hand, suit)
                if run >= 3:
                    step = TRUMP_CORONKA_STEP if no_trump or suit is trump else PLAIN_CORONKA_STEP
                    kind = "no-trump" if no_trump else ("trump" if suit is trump else "plain")
                    out.append(Entry(seat.side, Line.ABOVE, Item.CORONKA, step * (run - 2),
                                     f"{seat} held {run} {suit.symbol} from the ace ({kind})"))
            aces = (hand & ACES_MASK).bit_count()
            if (aces, no_trump) in ACES_CORONKA:
                out.append(Entry(seat.side, Line.ABOVE, Item.CORONKA, ACES_CORONKA[aces, no_trump],
                                 f"{seat} held {aces} aces in one hand"))
        return out

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        """§10: 1000 for a game, 2000 instead for the game that ends the rubber."""
        if rubber_won:
            return [Entry(side, Line.ABOVE, Item.RUBBER, RUBBER_PREMIUM, f"{side.label} won the rubber")]
        return [Entry(side, Line.ABOVE, Item.GAME, GAME_PREMIUM, f"{side.label} won a game")]

    def plays_passed_out(self) -> bool:
        """§9 variant "played": four passes are followed by play in no trumps."""
        return self.options["x_marks"] == "played"

    def passed_out_entries(self, dealer: Seat, tricks: tuple[int, int] | None) -> list[Entry]:
        """§9 played: the side with fewer tricks writes 500 × the difference. Otherwise an X
        mark, written only when the rubber is won (:meth:`rubber_won_entries`)."""
        if tricks is None:
            return []
        fewer = Side.NS if tricks[0] < tricks[1] else Side.EW
        diff = abs(tricks[0] - tricks[1])
        return [Entry(fewer, Line.ABOVE, Item.PASSED_OUT, PLAYED_PASS_OUT_PER_TRICK * diff,
                      f"passed out and played: {fewer.label} took {tricks[fewer]} tricks to {tricks[fewer.other]}")]

    def rubber_won_entries(self, rubber: RubberState, winner: Side) -> list[Entry]:
        """§9: the rubber's winner writes its X marks: 500 each, or 500/1000/1500 in turn."""
        marks = rubber.passed_out
        if not marks or self.options["x_marks"] == "played":
            return []
        if self.options["x_marks"] == "escalating":
            points = sum(X_MARK_CYCLE[i % len(X_MARK_CYCLE)] for i in range(marks))
        else:
            points = X_MARK * marks
        return [Entry(winner, Line.ABOVE, Item.X_MARKS, points,
                      f"{marks} passed-out deal{'s' if marks > 1 else ''} (X) in the rubber won by {winner.label}")]

    def slips(self, entry: Entry, contract: Contract | None, trick_value: int | None) -> list[Slip]:
        """Game and rubber premiums swapped; the other taken-slam or declared-slam premium;
        1000 an undertrick without the level; a no-trump ace at 3 written 700 (the summary's
        misprint, ruling 4); the old 100 for a game (ruling 5)."""
        if entry.item is Item.RUBBER:
            return [Slip(GAME_PREMIUM, "a game's premium")]
        if entry.item is Item.GAME:
            return [Slip(RUBBER_PREMIUM, "the rubber's premium"), Slip(100, "the summary's 100 for a game")]
        if entry.item is Item.SLAM:
            return [Slip(sum(TAKEN_SLAM.values()) - entry.points, "the other slam premium")]
        if entry.item is Item.CONTRACT_PREMIUM:
            return [Slip(sum(DECLARED_SLAM.values()) - entry.points, "the other declared slam's premium")]
        if entry.item is Item.UNDERTRICKS and contract is not None and contract.level > 1:
            short = entry.points // (UNDERTRICK_PER_LEVEL * contract.level)
            return [Slip(UNDERTRICK_PER_LEVEL * short, f"{UNDERTRICK_PER_LEVEL} a trick, not {UNDERTRICK_PER_LEVEL} × level")]
        if entry.item is Item.ACES and contract is not None and contract.denomination is Denomination.NOTRUMP \
                and contract.level == 3:
            return [Slip(entry.points // 750 * 700, "700 an ace (a misprint in one summary), not 750")]
        return []

    def premiums_not_due(self, contract: Contract | None, trick_value: int | None) -> list[tuple[Item, int]]:
        """Game and rubber, taken and declared slam premiums (slams first after a slam bid)."""
        candidates = [(Item.GAME, GAME_PREMIUM), (Item.RUBBER, RUBBER_PREMIUM)]
        candidates += [(Item.SLAM, p) for p in TAKEN_SLAM.values()]
        candidates += [(Item.CONTRACT_PREMIUM, p) for p in DECLARED_SLAM.values()]
        if contract is not None and contract.level in DECLARED_SLAM:
            candidates.sort(key=lambda c: c[0] not in (Item.SLAM, Item.CONTRACT_PREMIUM))
        return candidates


def _run_from_ace(hand: int, suit: Suit) -> int:
    """How many cards of ``suit`` the hand holds from the ace down without a gap."""
    holding = (hand & SUIT_MASKS[suit]) >> (13 * suit)
    run = 0
    for rank in range(12, -1, -1):
        if not holding >> rank & 1:
            break
        run += 1
    return run
