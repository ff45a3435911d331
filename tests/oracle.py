"""Rules worked out independently of the engine, for tests to check the engine against."""
from __future__ import annotations

RANKS = "23456789TJQKA"


def trick_winner(cards: list[str], trump: str | None) -> int:
    """Index of the winning card of a trick given as card names (RULES.md §3): the highest
    trump, else the highest card of the suit led."""
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card[0] == top[0] and RANKS.index(card[1]) > RANKS.index(top[1]):
            best = i
        elif card[0] == trump and top[0] != trump:
            best = i
    return best
