"""The default profile, ``volchaninov`` (docs/rules/volchaninov.md, from seed 000)."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.calls import Contract
from ...engine.rule_profile import RuleProfile, Slip
from ...engine.scoring import DealFacts, Entry, Item, Line, aces_held, honours_held
from ...engine.seats import SIDES, Side

TRICK_VALUE_BASE = (4, 6, 8, 10, 12)  # §4: V at level 1, by Denomination (♠ ♣ ♦ ♥ NT)
TRICK_VALUE_STEP = 10  # §4: + 10 per level above 1
SLAM_PREMIUM = {12: 500, 13: 1000}  # §4 slam premium, to whichever side took the tricks
CONTRACT_PREMIUM = {6: 3000, 7: 5000}  # §4 contract premium / failed slam contract
HONOURS_MULTIPLIER = {3: 20, 4: 30, 5: 40}  # §4 honours: × V
ACE_MULTIPLIER = 10  # §4 aces: 10 V each
UNDERTRICK_PER_LEVEL = 500  # §4 undertricks: 500 × level per trick short
_PREMIUM_MULTIPLES = (20, 30, 40)  # honours and aces are both written as 20, 30 or 40 V
GAME_PREMIUM = 500  # §5 a side's first game of the rubber
RUBBER_PREMIUM = 1000  # §5 the game that wins the rubber, instead of the game premium


class Volchaninov(RuleProfile):
    """Vint as the Volchaninov print has it: 8/12 passes, every trick × V below for both sides,
    first to 500 wins the game, slam / contract / honours / aces / undertrick premiums."""

    name = "volchaninov"
    title = "Vint, Volchaninov print"
    doc = "docs/rules/volchaninov.md"
    entries_by_counts = True  # deal_entries reads the hands only via honours_held and aces_held

    def trick_value(self, contract: Contract) -> int:
        """§4: V = 4/6/8/10/12 (♠ ♣ ♦ ♥ NT) + 10 per level above 1."""
        return TRICK_VALUE_BASE[contract.denomination] + TRICK_VALUE_STEP * (contract.level - 1)

    def undertrick_value(self, contract: Contract) -> int:
        """§4: 500 × level for each trick short."""
        return UNDERTRICK_PER_LEVEL * contract.level

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """§4: both sides' tricks below; slams, contract, honours, aces, penalties above."""
        contract = facts.contract
        value = self.trick_value(contract)
        tricks = facts.tricks
        declarers = contract.declarer.side
        defenders = declarers.other
        entries: list[Entry] = []
        for side in SIDES:
            taken = tricks[side]
            entries.append(Entry(side, Line.BELOW, Item.TRICKS, taken * value, f"{taken} tricks × {value}"))
            if taken in SLAM_PREMIUM:
                entries.append(Entry(side, Line.ABOVE, Item.SLAM, SLAM_PREMIUM[taken], f"{side.label} took {taken} tricks"))
        made = tricks[declarers] >= contract.tricks_needed
        if contract.level in CONTRACT_PREMIUM:
            item = Item.CONTRACT_PREMIUM if made else Item.FAILED_CONTRACT_PREMIUM
            verb = "made" if made else "failed"
            entries.append(Entry(declarers if made else defenders, Line.ABOVE, item,
                                 CONTRACT_PREMIUM[contract.level], f"level-{contract.level} contract {verb}"))
        if not made:
            short = contract.tricks_needed - tricks[declarers]
            entries.append(Entry(defenders, Line.ABOVE, Item.UNDERTRICKS, self.undertrick_value(contract) * short,
                                 f"{short} undertrick{'s' if short > 1 else ''} at level {contract.level}"))
        if facts.hands is not None:
            trump = contract.trump
            if trump is not None:
                for side in SIDES:
                    held = honours_held(facts, side, trump)
                    if held in HONOURS_MULTIPLIER:
                        entries.append(Entry(side, Line.ABOVE, Item.HONOURS, HONOURS_MULTIPLIER[held] * value,
                                             f"{side.label} held {held} {trump.name.lower()[:-1]} honours"))
            for side in SIDES:
                aces = aces_held(facts, side)
                if aces >= 3 or (aces == 2 and tricks[side] > tricks[side.other]):
                    why = f"{side.label} held {aces} aces" + (" (2–2 split, more tricks)" if aces == 2 else "")
                    entries.append(Entry(side, Line.ABOVE, Item.ACES, ACE_MULTIPLIER * aces * value, why))
        return entries

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        """§5: 500 for a side's first game; the second wins the rubber and gives 1000 instead."""
        if rubber_won:
            return [Entry(side, Line.ABOVE, Item.RUBBER, RUBBER_PREMIUM, f"{side.label} won the rubber")]
        return [Entry(side, Line.ABOVE, Item.GAME, GAME_PREMIUM, f"{side.label} won its first game")]

    def slips(self, entry: Entry, contract: Contract | None, trick_value: int | None) -> list[Slip]:
        """The slips a scorer makes with these premiums: game and rubber swapped, the other slam
        premium, 500 an undertrick without the level, honours or aces at the wrong multiple of V."""
        value = trick_value or 0
        if entry.item is Item.RUBBER:
            return [Slip(GAME_PREMIUM, "a first game's premium")]
        if entry.item is Item.GAME:
            return [Slip(RUBBER_PREMIUM, "the rubber's premium")]
        if entry.item is Item.SLAM:
            return [Slip(sum(SLAM_PREMIUM.values()) - entry.points, "the other slam premium")]
        if entry.item is Item.UNDERTRICKS and contract is not None and contract.level > 1:
            short = entry.points // (UNDERTRICK_PER_LEVEL * contract.level)
            return [Slip(UNDERTRICK_PER_LEVEL * short, f"{UNDERTRICK_PER_LEVEL} a trick, not {UNDERTRICK_PER_LEVEL} × level")]
        if entry.item in (Item.HONOURS, Item.ACES) and value:
            return [Slip(m * value, f"{m} V") for m in _PREMIUM_MULTIPLES if m * value != entry.points]
        return []

    def premiums_not_due(self, contract: Contract | None, trick_value: int | None) -> list[tuple[Item, int]]:
        """Game, rubber, slam and contract premiums (slam ones first after a slam bid), then
        honours and aces at 20/30/40 V."""
        candidates = [(Item.GAME, GAME_PREMIUM), (Item.RUBBER, RUBBER_PREMIUM)]
        candidates += [(Item.SLAM, p) for p in SLAM_PREMIUM.values()]
        candidates += [(Item.CONTRACT_PREMIUM, p) for p in CONTRACT_PREMIUM.values()]
        if contract is not None and contract.level in CONTRACT_PREMIUM:
            candidates.sort(key=lambda c: c[0] not in (Item.SLAM, Item.CONTRACT_PREMIUM))
        if trick_value:
            candidates += [(Item.HONOURS, m * trick_value) for m in HONOURS_MULTIPLIER.values()]
            candidates += [(Item.ACES, ACE_MULTIPLIER * aces * trick_value) for aces in (2, 3, 4)]
        return candidates

    def why_not_due(self, item: Item, side: Side, contract: Contract | None, tricks: tuple[int, int] | None,
                    facts: DealFacts | None, game_won: bool) -> str:
        """Honours and aces: what the side actually held (§4); the rest as every profile says."""
        if item is Item.HONOURS:
            trump = contract.trump if contract else None
            if trump is None:
                return "no honours in no-trump"
            if facts is None:
                return f"{side.label} did not hold 3 or more honours"
            held = honours_held(facts, side, trump)
            return f"{side.label} held {held} {trump.name.lower()[:-1]} honour{'' if held == 1 else 's'}"
        if item is Item.ACES:
            if facts is None:
                return f"{side.label} did not hold the majority of aces"
            aces = aces_held(facts, side)
            fewer = " and took fewer tricks" if aces == 2 else ""
            return f"{side.label} held {aces} ace{'' if aces == 1 else 's'}{fewer}"
        return super().why_not_due(item, side, contract, tricks, facts, game_won)
