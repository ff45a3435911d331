"""The pen a deal's replay writes its own parts of the terminal view with (issue 20, "One seam
for every game"): the view's way of writing a seat, a card and a suit, the sheet's line of the
deal, and the view's common header, auction, result and ending, which the four-handed games
keep (:class:`CommonShown`) and solo whist writes its own way."""
from __future__ import annotations

from typing import Iterator, Protocol

from .cards import Card, Suit
from .seats import Seat


class Pen(Protocol):
    """What a replay's terminal hooks write with (``reports.terminal.DealView``)."""

    line: object | None  # the deal's line of the session's sheet, whatever the game's

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
