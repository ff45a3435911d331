"""Denominations, calls (pass or bid) and contracts, in vint's order ♠ < ♣ < ♦ < ♥ < NT."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import Suit
from .seats import Seat


class Denomination(IntEnum):
    """A denomination in vint's bidding order, low to high (not bridge's order)."""

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


@dataclass(frozen=True, slots=True)
class Call:
    """A call in the auction: a pass (``level == 0``) or a bid of level 1–7 in a denomination.

    ``order`` ranks bids (higher wins); it is -1 for a pass.
    """

    level: int
    denomination: Denomination | None

    @property
    def is_pass(self) -> bool:
        return self.level == 0

    @property
    def order(self) -> int:
        return -1 if self.denomination is None else (self.level - 1) * 5 + self.denomination

    def __str__(self) -> str:
        return "pass" if self.denomination is None else f"{self.level}{self.denomination.code}"

    @property
    def pretty(self) -> str:
        return "pass" if self.denomination is None else f"{self.level}{self.denomination.symbol}"

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``pass``/``p``/``1S``/``3nt``/``2♥``; ``ValueError`` for anything else.

        Doubles are recognised only to be refused with a clear reason.
        """
        call = CALL_BY_TEXT.get(text)
        if call is None:
            key = text.strip() if isinstance(text, str) else text
            call = CALL_BY_TEXT.get(key)
            if call is None:
                if isinstance(key, str) and key.upper() in ("X", "XX", "D", "R", "DOUBLE", "REDOUBLE"):
                    raise ValueError(f"{text!r}: doubles and redoubles do not exist in vint")
                raise ValueError(f"unknown call {text!r}")
        return call


PASS = Call(0, None)
BIDS: tuple[Call, ...] = tuple(Call(level, d) for level in range(1, 8) for d in Denomination)
CALL_BY_TEXT: dict[str, Call] = {t: PASS for t in ("pass", "p", "Pass", "PASS", "P")}
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
    """The final bid of an auction and who made it."""

    level: int
    denomination: Denomination
    declarer: Seat

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
        return f"{self.level}{self.denomination.code}"
