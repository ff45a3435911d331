"""What the four-handed ledger reads of a replayed deal: vint's own replay, or a game's view of
its deal with the score columns on N–S and E–W (the 2/3/5 methods, players-2-3-5.md §1.4)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from .calls import Contract
from .record import DealRecord
from .scoring import Entry
from .seats import Seat

if TYPE_CHECKING:
    from ..games.laws.penalty import RevokePenalty
    from ..games.laws.revoke import Revoke


class Won(Protocol):
    """A trick as the ledger reads it: who won it (for the trick a game was reached at)."""

    @property
    def winner(self) -> Seat: ...


class Unplayed(Protocol):
    """Whether a replayed deal was played to a result at all: void under the laws, or a bidding
    record or unfinished board of a profile with hand records (format.md §5.2): nothing written."""

    @property
    def void(self) -> bool: ...
    @property
    def bidding_record(self) -> bool: ...
    @property
    def unfinished(self) -> bool: ...


class Scored(Unplayed, Protocol):
    """A replayed deal as the ledger scores it; under the laws, its revokes, their penalty and
    the laws' other entries (docs/rules/laws.md §3.3, §8)."""

    @property
    def deal(self) -> DealRecord: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def hands(self) -> tuple[int, int, int, int] | None: ...
    @property
    def tricks(self) -> Sequence[Won]: ...
    @property
    def tricks_won(self) -> tuple[int, int] | None: ...
    @property
    def penalty(self) -> RevokePenalty | None: ...
    @property
    def law_entries(self) -> tuple[Entry, ...]: ...
    @property
    def revokes(self) -> tuple[Revoke, ...]: ...
