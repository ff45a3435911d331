"""What a game shows on the dashboard's pages, as plain typed data (issue 20, "One seam for
every game"): lines, lists, tables of cells, cards and charts with the classes and ids the page
keeps. A game builds them from its replay and score; ``dashboards/views.py`` draws any of them,
so the dashboard never asks which game it holds. Nothing here imports Dash or a game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Strong:
    """Text in bold."""

    text: str


@dataclass(frozen=True, slots=True)
class Span:
    """Text with its own classes (``paper``: the figure written on paper; ``muted``)."""

    text: str
    classes: str


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
class Break:
    """A line break inside a cell."""


Inline = Union[str, int, Strong, Span, Code, Link, Break]
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


Block = Union[Line, Bullets, Table, Chart, Box, Inline]


def card(title: str | None, *parts: Block | None, classes: str = "card", id: str | None = None) -> Box:
    """A card: its heading and the parts that are there (``None`` parts are left out)."""
    return Box(tuple(p for p in parts if p is not None), classes, id, title)


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
