"""Seats round the table and the two partnerships."""
from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import TypeVar

T = TypeVar("T")


class Side(IntEnum):
    """A partnership: N–S or E–W."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return SIDES[1 - self]

    @property
    def label(self) -> str:
        """The name a scoresheet prints: ``N–S``."""
        return ("N–S", "E–W")[self]

    def __str__(self) -> str:
        return self.name


class Seat(IntEnum):
    """A seat, numbered clockwise from North; the next seat clockwise is on the left."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise (left of N is E): who deals and calls next."""
        return SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) & 3]

    @property
    def side(self) -> Side:
        return SIDES[self & 1]

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Seat:
        seat = SEAT_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if seat is None:
            raise ValueError(f"unknown seat {text!r} (expected N, E, S or W)")
        return seat


SEATS: tuple[Seat, ...] = tuple(Seat)
SIDES: tuple[Side, ...] = tuple(Side)
SEAT_BY_TEXT = {s.name: s for s in Seat} | {s.full_name.upper(): s for s in Seat}


def by_seat(values: Iterable[T]) -> tuple[T, T, T, T]:
    """Four values in seat order N, E, S, W, as a record's per-seat tuples hold them
    (``ValueError`` unless there are four)."""
    n, e, s, w = values
    return n, e, s, w
