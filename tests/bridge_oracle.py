"""An independent oracle for a rubber-bridge deal's entries, written from rules/rubber-bridge.md
§4–§5 alone (not from the engine's profiles/rubber_bridge.py), on plain data: the contract as
``(level, denomination, m)`` with ``m`` 1, 2 or 4, the declarer, the tricks per side, the cards
of each seat and the declarers' vulnerability."""
from __future__ import annotations

from oracle import SIDE_OF

ODD_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}  # §4: d
OTHER = {"NS": "EW", "EW": "NS"}


def doubled_undertricks(short: int, vulnerable: bool) -> int:
    """§5.4: doubled NV 100 + 200 × min(u − 1, 2) + 300 × max(u − 3, 0); doubled V 200 + 300 × (u − 1)."""
    if vulnerable:
        return 200 + 300 * (short - 1)
    return 100 + 200 * min(short - 1, 2) + 300 * max(short - 3, 0)


def deal_entries(level: int, denomination: str, m: int, declarer: str, tricks: dict[str, int],
                 seat_cards: dict[str, set[str]], vulnerable: bool, honours: bool) -> list[tuple[str, str, str, int]]:
    """§4–§5: the entries (side, line, item, points) of a played deal before any rubber premium."""
    attack = SIDE_OF[declarer]
    d = ODD_TRICK[denomination]
    needed = 6 + level
    entries = []
    if tricks[attack] >= needed:
        entries.append((attack, "below", "tricks", (level * d + (10 if denomination == "NT" else 0)) * m))  # §4
        over = tricks[attack] - needed
        if over:  # §5.1: undoubled d each; doubled 100 NV / 200 V; redoubled twice that
            each = d if m == 1 else (200 if vulnerable else 100) * m // 2
            entries.append((attack, "above", "overtricks", over * each))
        if m > 1:  # §5.2
            entries.append((attack, "above", "insult", 50 if m == 2 else 100))
        if level == 6:  # §5.3: bid and made
            entries.append((attack, "above", "slam", 750 if vulnerable else 500))
        if level == 7:
            entries.append((attack, "above", "slam", 1500 if vulnerable else 1000))
    else:
        short = needed - tricks[attack]  # §5.4
        points = short * (100 if vulnerable else 50) if m == 1 else doubled_undertricks(short, vulnerable) * m // 2
        entries.append((OTHER[attack], "above", "undertricks", points))
    if honours:  # §5.5: one hand, whichever side
        for seat, cards in seat_cards.items():
            if denomination == "NT":
                if sum(1 for s in "SHDC" if s + "A" in cards) == 4:
                    entries.append((SIDE_OF[seat], "above", "honours", 150))
            else:
                held = sum(1 for r in "AKQJT" if denomination + r in cards)
                if held >= 4:
                    entries.append((SIDE_OF[seat], "above", "honours", 150 if held == 5 else 100))
    return entries
