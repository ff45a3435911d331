"""The default profile, ``volchaninov`` (rules/volchaninov.md, from seed 000): the Volchaninov print."""
from __future__ import annotations

from ..scoring import DealFacts, Entry, Item, Line, aces_held, honours_held
from ..seats import SIDES
from .base import RuleProfile

SLAM_PREMIUM = {12: 500, 13: 1000}  # §4 slam premium, to whichever side took the tricks
CONTRACT_PREMIUM = {6: 3000, 7: 5000}  # §4 contract premium / failed slam contract
HONOURS_MULTIPLIER = {3: 20, 4: 30, 5: 40}  # §4 honours: × V
UNDERTRICK_PER_LEVEL = 500  # §4 undertricks: 500 × level per trick short


def deal_entries(profile: RuleProfile, facts: DealFacts) -> list[Entry]:
    """rules/volchaninov.md §4: both sides' tricks below; slams, contract, honours, aces, penalties above."""
    contract = facts.contract
    value = profile.trick_value(contract)
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
        entries.append(Entry(defenders, Line.ABOVE, Item.UNDERTRICKS, UNDERTRICK_PER_LEVEL * contract.level * short,
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
            if aces >= 3 or (aces == 2 and tricks[side] > tricks[1 - side]):
                why = f"{side.label} held {aces} aces" + (" (2–2 split, more tricks)" if aces == 2 else "")
                entries.append(Entry(side, Line.ABOVE, Item.ACES, 10 * aces * value, why))
    return entries


PROFILE = RuleProfile(
    name="volchaninov",
    title="Vint, Volchaninov print (rules/volchaninov.md)",
    passes_to_pass_out=8,
    passes_after_bid=12,
    doubles_allowed=False,
    trick_value_base=(4, 6, 8, 10, 12),
    trick_value_step=10,
    game_threshold=500,
    game_bonus=500,
    rubber_bonus=1000,
    games_to_win_rubber=2,
    deal_entries=deal_entries,
    entries_by_counts=True,  # deal_entries reads the hands only via honours_held and aces_held
)
