"""LIN files read straight into columns for the batch path: one scan of each file's bytes by a
pattern of the plain layout of BBO's single-hand records and endplay's LIN writer (a board a
line: ``pn``, ``st``, ``md`` with every hand's suits in order, each holding low to high or high
to low, ``rh``, ``ah|Board n|``, ``sv``, the calls, ``pg`` after the auction and after each
trick, a claim ``mc`` at the end).

Nothing is checked here but the layout: a file in any other shape (``qx`` rooms, ``vg``, alerts
and notes, upper-case tags, a board twice, a non-UTF-8 byte) is not scanned, and the caller reads
it with :func:`~vint_replay.formats.lin.read_lin`, the only producer of diagnostics."""
from __future__ import annotations

import re

from ..engine.calls import CALL_BY_TEXT
from .encodings import is_utf8
from .lin import LIN_SEATS, LIN_VULNERABLE

_SUIT = rb"(?:2?3?4?5?6?7?8?9?T?J?Q?K?A?|A?K?Q?J?T?9?8?7?6?5?4?3?2?)"  # a holding low to high or high to low
_HAND = rb"(?=[^,|]{17}[,|])S" + _SUIT + b"H" + _SUIT + b"D" + _SUIT + b"C" + _SUIT  # 13 cards and 4 suit letters
_BOARD = re.compile(  # one board; store/bridge_columnar.py reads its groups
    rb"pn\|[^|\n]*\|st\|\|md\|([1-4])(" + _HAND + rb"),(" + _HAND + rb"),(" + _HAND + rb"),(" + _HAND + rb"|)"
    rb"\|rh\|\|ah\|Board ([0-9]{1,5})\|sv\|([oneb])\|((?:mb\|(?:p|d|r|[1-7][CDHSN])\|)+)pg\|\|"
    rb"((?:(?:pc\|[SHDC][2-9TJQKA]\|){4}pg\|\|){0,13})(?:mc\|(1[0-3]|[0-9])\|)?(?:\n|\Z)")
CARD_TEXT = 6  # "pc|SA|"
TRICK_TEXT = 4 * CARD_TEXT + 4  # four cards and "pg||"
DEALER_CODE = {str(d).encode(): int(seat) for d, seat in enumerate(LIN_SEATS, 1)}
VULNERABLE_CODE = {text.encode(): sides for text, sides in LIN_VULNERABLE.items()}
CALL_CODE = {text.encode(): CALL_BY_TEXT[text.upper()].code for text in
             ("p", "d", "r", *(f"{level}{d}" for level in range(1, 8) for d in "CDHSN"))}

Row = tuple[bytes, ...]  # a board's groups of _BOARD


def scan(data: bytes) -> list[Row] | None:
    """The boards of a LIN file as the groups of :data:`_BOARD`, if the whole file is laid out
    so, every board numbered once, and it is UTF-8; else ``None``. Each hand given is 13 cards."""
    if b"\r" in data or not is_utf8(data):
        return None
    rows: list[Row] = []
    match, pos, end = _BOARD.match, 0, len(data)
    while pos < end:
        board = match(data, pos)
        if board is None:
            return None
        rows.append(board.groups())
        pos = board.end()
    if not rows or len({int(row[5]) for row in rows}) != len(rows):
        return None
    return rows
