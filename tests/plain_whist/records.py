"""Plain-whist evenings for the tests, dealt and played at random by rules written here from
plain_whist §2–§4 (not the engine's), with each side's tricks as this referee counts them."""
from __future__ import annotations

import random
from dataclasses import dataclass

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Dealt:
    """A deal as JSON (format.md's fields, and ``turn_up``), the side (0 N–S, 1 E–W) winning each
    trick, and the tricks N–S and E–W took."""

    json: dict[str, object]
    winners: tuple[int, ...]

    @property
    def tricks(self) -> tuple[int, int]:
        return self.winners.count(0), self.winners.count(1)


def _winner(trick: list[str], trump: str) -> int:
    """The index of the winning card: the highest trump, else the highest of the suit led (§3)."""
    def strength(card: str) -> int:
        rank = RANKS.index(card[1])
        return 100 + rank if card[0] == trump else 50 + rank if card[0] == trick[0][0] else rank - 100
    return max(range(4), key=lambda i: strength(trick[i]))


def deal(number: int, dealer: int, rng: random.Random) -> Dealt:
    """One deal: shuffled, the dealer's last card turned up, played out following suit at random."""
    deck = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    turn_up = hands[dealer][-1]  # §2: dealt last to the dealer
    given = {SEATS[i]: ".".join("".join(sorted((c[1] for c in hands[i] if c[0] == s), key=RANKS.index, reverse=True))
                                for s in SUITS) for i in range(4)}
    held = [list(h) for h in hands]
    leader, play, winners = (dealer + 1) % 4, [], []
    for _ in range(13):
        trick: list[str] = []
        for k in range(4):
            seat = (leader + k) % 4
            follow = [c for c in held[seat] if trick and c[0] == trick[0][0]]
            card = rng.choice(follow or held[seat])
            held[seat].remove(card)
            trick.append(card)
        leader = (leader + _winner(trick, turn_up[0])) % 4
        winners.append(leader % 2)
        play += trick
    record = {"number": number, "dealer": SEATS[dealer], "turn_up": turn_up, "hands": given, "auction": [],
              "play": play}
    return Dealt(record, tuple(winners))


def evening(deals: int, seed: int, session_id: str = "whist-1") -> tuple[dict[str, object], list[Dealt]]:
    """A session of ``deals`` deals, the deal passing to the left (§1), and the deals dealt."""
    rng = random.Random(seed)
    dealt = [deal(n, (n - 1) % 4, rng) for n in range(1, deals + 1)]
    session = {"id": session_id, "date": "2026-11-30", "event": "Whist club", "rules": "plain-whist",
               "players": {"N": "Ada", "E": "Ben", "S": "Cy", "W": "Dot"}}
    return {"format": "vint-record/1", "session": session, "deals": [d.json for d in dealt]}, dealt
