"""The pen a deal's replay writes its own parts of the terminal view with (issue 20, "One seam
for every game"): the view's way of writing a seat, a card and a suit, the sheet's line of the
deal, and the view's common header, auction, result and ending, which the four-handed games
keep (:class:`CommonShown`) and solo whist writes its own way; and what a deal lays on a card
table beyond its hands and tricks (:class:`TableShown`, the dashboard's replay)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Protocol

from .calls import Contract
from .cards import Card, Suit
from .record import DealRecord
from .seats import Seat

NO_TAGS: tuple[tuple[str, ...], ...] = ((), (), (), ())
NEVER: tuple[int | None, ...] = (None, None, None, None)


@dataclass(frozen=True)
class TableShown:
    """What a deal lays on the card table besides the hands and the tricks, in the game's words,
    so that a view draws any game without asking which it is: the contract and who declares it,
    the tricks it needs (``None``: the game judges it otherwise, ``outcome`` says how it ended),
    and per place the tags of its hand, from which card everyone sees it face up (not the dummy
    laid down after the lead: ``face_up_dummy``) and whether it is a dead pile."""

    contract: str | None
    declarer: Seat | None
    needed: int | None
    trump: int | None
    value: int | None  # what a trick is worth below the line
    dealer: Seat | None  # None: the dealer is not at the table (solo whist with five)
    leader: Seat | None = None  # who leads, where the view says so before a card is recorded
    result: tuple[int, int] | None = None  # tricks by column of a deal kept by its result only
    claim: tuple[int, int] | None = None  # tricks by column once the rest are claimed
    tags: tuple[tuple[str, ...], ...] = NO_TAGS
    face_up: tuple[int | None, ...] = NEVER  # per place: the cards played before it lies face up
    dead: tuple[bool, ...] = (False, False, False, False)
    marked: tuple[Card, str] | None = None  # a card picked out in its hand, and why
    notes: tuple[tuple[str, int], ...] = ()  # lines for the status, each shown from a card on
    outcome: str | None = None  # how the deal ended, shown at the end of the play
    stopped: str | None = None  # how a deal with no contract stands: passed out, a hand record, a quiz …


class Played(Protocol):
    """What :meth:`CommonShown.shown_table` reads of a four-handed or 2/3/5 replay."""

    @property
    def deal(self) -> DealRecord: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def tricks_won(self) -> tuple[int, int] | None: ...
    @property
    def tricks(self) -> tuple[object, ...]: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def trick_value(self) -> int | None: ...
    @property
    def without_contract(self) -> str: ...


class Pen(Protocol):
    """What a replay's terminal hooks write with (``reports.terminal.DealView``)."""

    @property
    def line(self) -> object | None: ...  # the deal's line of the session's sheet, whatever the game's

    @property
    def players(self) -> tuple[str, ...]: ...
    def player(self, seat: Seat) -> str: ...
    def card(self, card: Card) -> str: ...
    def suit(self, suit: Suit) -> str: ...
    def common_header(self) -> str: ...
    def common_auction(self) -> str: ...
    def common_summary(self) -> str: ...
    def common_ending(self) -> Iterator[str]: ...


class CommonShown:
    """The terminal hooks of vint and bridge at four and of the 2/3/5 tables: the view's common
    header, auction in columns, result below the line and ending."""

    def shown_header(self, pen: Pen) -> str:
        return pen.common_header()

    def shown_auction(self, pen: Pen) -> str:
        return pen.common_auction()

    def shown_summary(self, pen: Pen) -> str:
        return pen.common_summary()

    def shown_ending(self, pen: Pen) -> Iterator[str]:
        return pen.common_ending()

    def shown_table(self: Played) -> TableShown:
        """The contract by its bid, the tricks it needs, and the tricks counted from the recorded
        result where no play (or only part of it) was kept."""
        contract, won, played = self.contract, self.tricks_won, len(self.tricks)
        return TableShown(
            None if contract is None else contract.pretty, None if contract is None else contract.declarer,
            None if contract is None else contract.tricks_needed, self.trump, self.trick_value, self.deal.dealer,
            result=won if won and not played else None,
            claim=won if won and 0 < played < 13 and self.deal.result is not None else None,
            stopped=self.without_contract if contract is None else None)
