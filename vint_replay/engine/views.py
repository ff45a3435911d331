"""What a game shows on the dashboard's pages, as plain typed data (issue 20, "One seam for
every game"): lines, lists, tables of cells, cards, folds and charts with the classes and ids the page
keeps. A game builds them from its replay and score; ``dashboards/views.py`` draws any of them,
so the dashboard never asks which game it holds. Nothing here imports Dash or a game."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

from .record import DealRecord
from .seats import SEATS, Seat

LONGEST_NAME = 40  # characters of a name in a chart, a menu or a tag; the rest is "…"


@dataclass(frozen=True, slots=True)
class Strong:
    """Text in bold."""

    text: str


@dataclass(frozen=True, slots=True)
class Span:
    """Text with its own classes (``paper``: the figure written on paper; ``muted``)."""

    text: str
    classes: str | None = None


@dataclass(frozen=True, slots=True)
class Code:
    """A token as the record writes it."""

    text: str


@dataclass(frozen=True, slots=True)
class Link:
    """A link to another page of the dashboard."""

    text: str
    href: str
    title: str | None = None


@dataclass(frozen=True, slots=True)
class File:
    """A link to a file the dashboard serves to be saved (a download), not to a page."""

    text: str
    href: str
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Break:
    """A line break inside a cell."""


Inline = Union[str, int, Strong, Span, Code, Link, File, Break]
Content = Union[Inline, tuple[Inline, ...]]


@dataclass(frozen=True, slots=True)
class Line:
    """A paragraph."""

    content: Content
    classes: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Bullets:
    """A list, one item a fact."""

    items: tuple[Content, ...]
    classes: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a table; a heading cell (``head``) or a data cell, over ``span`` columns.
    ``items`` puts a list in the cell (the explanations under a deal)."""

    content: Content = ""
    classes: str | None = None
    id: str | None = None
    title: str | None = None
    span: int = 1
    head: bool = False
    items: tuple[Content, ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    """A row of cells."""

    cells: tuple[Cell, ...]
    classes: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its heading rows and its body."""

    head: tuple[Row, ...]
    body: tuple[Row, ...]
    classes: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Series:
    """One line of a chart: its name, and a value at each point of the x axis."""

    name: str
    x: tuple[float, ...]
    y: tuple[float, ...]
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class Chart:
    """A line chart in a card of its own, under ``title``."""

    title: str
    id: str
    series: tuple[Series, ...]
    x_title: str
    height: int = 320
    line_width: int = 2
    x_step: int | None = None  # one tick every ``x_step`` (``None``: the chart's own ticks)


@dataclass(frozen=True, slots=True)
class Box:
    """A group of parts (a card when ``classes`` says so), under a heading if ``title`` is given."""

    parts: tuple[Block, ...]
    classes: str | None = None
    id: str | None = None
    title: str | None = None
    title_id: str | None = None


@dataclass(frozen=True, slots=True)
class Fold:
    """Parts shown folded under a line that opens them (a long table among many: one board's traveller)."""

    summary: Content
    parts: tuple[Block, ...]
    id: str | None = None


Block = Union[Line, Bullets, Table, Chart, Box, Fold, Inline]


def card(title: str | None, *parts: Block | None, classes: str = "card", id: str | None = None) -> Box:
    """A card: its heading and the parts that are there (``None`` parts are left out)."""
    return Box(tuple(p for p in parts if p is not None), classes, id, title)


# the replay's views where every seat holds his own hand: all hands, and what each seat saw
SEAT_VIEWS = (("all", "all hands"), *[(s.name, f"only what {s.name} saw") for s in SEATS])


@dataclass(frozen=True, slots=True)
class ReplayView:
    """What the replay page writes around the card table: the lines under the title, the side
    cards, and the views it offers (``("all", "all hands")``, then one per seat)."""

    head: tuple[Block, ...]
    side: tuple[Block, ...]
    views: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class SessionView:
    """The session page below its head: the game's parts, and the words the head starts its
    facts with (``None``: the date and event only)."""

    body: tuple[Block, ...]
    game_words: str | None = None
    unrecorded: str = "no paper score"  # the status when no deal has a written score to check


def short(name: object) -> str:
    """A name as a page shows it: cut to :data:`LONGEST_NAME` characters with "…". Plotly lays
    out a long label at a cost that grows faster than its length (a 2,000-character name kept
    /analysis busy for 10 s, 10,000 for 80 s), and no cell is wide enough anyway."""
    text = str(name)
    return text if len(text) <= LONGEST_NAME else text[:LONGEST_NAME - 1] + "…"


def call_classes(call: str) -> str:
    """A call's cell: a pass greyed, a red suit in red."""
    if not call or call == "pass":
        return "call pass"
    return "call red" if ("♥" in call or "♦" in call) else "call"


def auction_grid(deal: DealRecord, void: Collection[int] = ()) -> tuple[list[Seat], list[list[str]]]:
    """The calls in columns from the dealer: the seat order of the columns and the rows. The
    calls at the indices ``void`` (under the laws: out of turn, late) are left out of the columns;
    a bidding quiz's question follows its calls, ``?`` where the contestant is to call (format.md §5.2)."""
    seats = [SEATS[(deal.dealer + i) & 3] for i in range(4)]
    calls = [c.pretty for i, c in enumerate(deal.auction) if i not in void] + [
        "?" if c is None else c.pretty for c in deal.question or ()]
    rows = [calls[i:i + 4] + [""] * (4 - len(calls[i:i + 4])) for i in range(0, len(calls), 4)]
    return seats, rows


def auction_table(seats: Sequence[Seat], rows: Sequence[Sequence[str]], names: Sequence[str],
                  in_grid: Sequence[int] = (), irregular: Mapping[int, str] | None = None) -> Table:
    """The calls in columns headed by the place and who plays it (``names`` by place, each whole
    in its column's title: the page cuts a long one to its column); ``in_grid`` gives each cell's
    index in the record's auction, ``irregular`` the laws' marks by index."""
    width = len(seats)
    head = Row(tuple(Cell((s.name, Break(), Span(short(names[s]), "muted")), head=True, title=short(names[s]))
                     for s in seats))
    body = tuple(Row(tuple(_call_cell(c, in_grid[width * r + i] if width * r + i < len(in_grid) else None,
                                      irregular or {}) for i, c in enumerate(row))) for r, row in enumerate(rows))
    return Table((head,), body, "auction", "auction")


def _call_cell(call: str, index: int | None, irregular: Mapping[int, str]) -> Cell:
    """One call of the auction grid (``index``: its place in the record's auction); an irregular
    one (laws) marked, what it was in its title."""
    if index is None or index not in irregular:
        return Cell(call, call_classes(call))
    return Cell((call, Span("!", "irr-badge")), call_classes(call) + " irregular", f"call-{index}", irregular[index])
