"""What a deal of a two-, three- or five-handed session records beyond four-handed vint: who
plays each place, who sits out, the exchanges and the widow (docs/format.md §5.6)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...engine.calls import Call
from ...engine.cards import Card, Hand
from ...engine.record import DealRecord, GameDeal
from ...engine.seats import Seat

DEAD = "dead"
DUMMY_OF = "dummy of "

CardSwap = tuple[Card, Card]  # 2.3: the card discarded and the card taken
Exchange = bool | tuple[CardSwap, ...]  # 2.2: took the pile on his right; 2.3: the swaps in order


@dataclass(frozen=True, slots=True)
class Role:
    """Who plays a place: a player's own hand, his dummy (``dummy``), or nobody (``player`` None: a dead pile)."""

    player: str | None
    dummy: bool = False

    @property
    def live(self) -> bool:
        """A player's own hand (not a dummy, not a dead pile)."""
        return self.player is not None and not self.dummy

    @property
    def seated(self) -> str:
        """The player of a place that has one (his own hand or his dummy): ``ValueError`` for a
        dead pile, which no player holds."""
        if self.player is None:
            raise ValueError("a dead pile has no player")
        return self.player

    def __str__(self) -> str:
        if self.player is None:
            return DEAD
        return f"{DUMMY_OF}{self.player}" if self.dummy else self.player

    @classmethod
    def parse(cls, text: str) -> Role:
        """``NAME``, ``dummy of NAME`` or ``dead``; ``ValueError`` for an empty name."""
        text = text.strip()
        if text == DEAD:
            return cls(None)
        dummy = text.startswith(DUMMY_OF)
        name = text[len(DUMMY_OF):].strip() if dummy else text
        if not name:
            raise ValueError("a role is a player's name, 'dummy of NAME' or 'dead'")
        return cls(name, dummy)


@dataclass(frozen=True, slots=True)
class TableDeal(GameDeal):
    """A deal's roles by place and, where the method has them, the player out, the exchanges
    (by place, in the record's order) and the widow with what its taker gave."""

    roles: tuple[Role, Role, Role, Role]
    sits_out: str | None = None
    exchanges: tuple[tuple[Seat, Exchange], ...] = ()
    widow: Hand | None = None
    widow_to: Seat | None = None
    widow_gives: tuple[tuple[Seat, Card], ...] = ()
    final: Call | None = None  # 2.5: the final contract named after the widow
    extra: dict[str, object] = field(default_factory=dict)
    label: ClassVar[str] = "table"

    def owner(self, seat: Seat) -> str | None:
        return self.roles[seat].player


def table_fields(deal: DealRecord) -> TableDeal | None:
    """The deal's fields of a two-, three- or five-handed method, or ``None`` for a deal that has
    none (or another game's)."""
    return deal.own if isinstance(deal.own, TableDeal) else None
