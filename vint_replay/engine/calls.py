"""Denominations, calls (pass, bid, double, redouble) and contracts.

A call's ``code`` is its identity everywhere (records, the store, the batch path): 0 pass,
1–35 the bids, 36 double, 37 redouble. Which bid outranks which, and whether doubles exist, is
the rule profile's business (vint ranks ♠ < ♣ < ♦ < ♥ < NT, bridge ♣ < ♦ < ♥ < ♠ < NT).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import Suit
from .seats import Seat


class Denomination(IntEnum):
    """A denomination; the numbering (vint's bidding order) is only an identity for storage."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NOTRUMP = 4

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` in no-trump."""
        return _TRUMPS[self]

    @property
    def code(self) -> str:
        return ("S", "C", "D", "H", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♠", "♣", "♦", "♥", "NT")[self]


_TRUMPS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)


class CallKind(IntEnum):
    PASS = 0
    BID = 1
    DOUBLE = 2
    REDOUBLE = 3


SLAM_LEVELS = (6, 7)  # a small slam contract promises 12 tricks, a grand slam 13: the same in every system
DOUBLE_CODE = 36
REDOUBLE_CODE = 37


@dataclass(frozen=True, slots=True)
class Call:
    """A call in the auction: a pass, a bid of level 1–7 in a denomination, a double or a
    redouble. ``level`` is 0 and ``denomination`` ``None`` for everything but a bid."""

    kind: CallKind
    level: int = 0
    denomination: Denomination | None = None

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def code(self) -> int:
        """0 pass, 1–35 bids (level-major, denominations in :class:`Denomination` order), 36 X, 37 XX."""
        if self.kind is CallKind.BID:
            assert self.denomination is not None
            return (self.level - 1) * 5 + self.denomination + 1
        return {CallKind.PASS: 0, CallKind.DOUBLE: DOUBLE_CODE, CallKind.REDOUBLE: REDOUBLE_CODE}[self.kind]

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.denomination is not None
            return f"{self.level}{self.denomination.code}"
        return ("pass", "", "X", "XX")[self.kind]

    @property
    def pretty(self) -> str:
        if self.kind is CallKind.BID:
            assert self.denomination is not None
            return f"{self.level}{self.denomination.symbol}"
        return ("pass", "", "double", "redouble")[self.kind]

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``pass``/``p``/``1S``/``3nt``/``2♥``/``X``/``XX``; ``ValueError`` for anything else.

        Doubles are read here; whether the profile allows them is checked in the auction.
        """
        call = CALL_BY_TEXT.get(text)
        if call is None:
            key = text.strip() if isinstance(text, str) else text
            call = CALL_BY_TEXT.get(key)
            if call is None:
                raise ValueError(f"unknown call {text!r}")
        return call


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
BID_TERMS: tuple[tuple[int, Denomination], ...] = tuple((level, d) for level in range(1, 8) for d in Denomination)
BIDS: tuple[Call, ...] = tuple(Call(CallKind.BID, level, d) for level, d in BID_TERMS)  # BID_TERMS' bids, in order
CALLS_BY_CODE: tuple[Call, ...] = (PASS, *BIDS, DOUBLE, REDOUBLE)  # index = Call.code
CALL_BY_TEXT: dict[str, Call] = {t: PASS for t in ("pass", "p", "Pass", "PASS", "P")}
CALL_BY_TEXT.update({t: DOUBLE for t in ("X", "x", "D", "Double", "double", "DOUBLE")})
CALL_BY_TEXT.update({t: REDOUBLE for t in ("XX", "xx", "R", "Redouble", "redouble", "REDOUBLE")})
for _bid in BIDS:
    assert _bid.denomination is not None
    _codes = {_bid.denomination.code, _bid.denomination.symbol}
    if _bid.denomination is Denomination.NOTRUMP:
        _codes |= {"N", "NT", "БК"}
    else:
        _codes.add({0: "♤", 1: "♧", 2: "♢", 3: "♡"}[_bid.denomination])
    for _code in _codes:
        for _variant in {_code, _code.lower(), _code.capitalize()}:
            CALL_BY_TEXT[f"{_bid.level}{_variant}"] = _bid


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid of an auction, who declares it, and whether it was doubled (1, 2 or 4)."""

    level: int
    denomination: Denomination
    declarer: Seat
    doubled: int = 1  # 1 undoubled, 2 doubled, 4 redoubled

    @property
    def trump(self) -> Suit | None:
        return self.denomination.trump

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def bid(self) -> Call:
        return BIDS[(self.level - 1) * 5 + self.denomination]

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.code}" + {1: "", 2: "X", 4: "XX"}[self.doubled]

    @property
    def pretty(self) -> str:
        """``4♠ X``: the final bid with its suit symbol and, where doubled or redoubled, X or XX."""
        return self.bid.pretty + {1: "", 2: " X", 4: " XX"}[self.doubled]
