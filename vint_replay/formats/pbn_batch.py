"""PBN files read straight into columns for the batch path: one scan of each file's bytes by a
pattern of the plain layout tournament software writes (endplay's and most exporters' export
format: the standard tags in PBN's order, one game after another, full auctions, four cards a
line in ``[Play]``), the columns of many files built at once.

Nothing is checked here but the layout: a file in any other shape (another tag, a comment, a
note, ``AP``, a ``#`` inheritance, several events, a board twice, a non-UTF-8 byte) is not
scanned, and the caller reads it with :func:`~vint_replay.formats.pbn.read_pbn`, the only
producer of diagnostics."""
from __future__ import annotations

import re

from ..engine.calls import CALL_BY_TEXT, Contract
from ..engine.seats import SEATS
from .board_fields import parse_contract
from .encodings import is_utf8

_VALUE = rb'"([^"\\\n]*)"'
_ANY = rb'"[^"\\\n]*"'
_CALL = rb"(?:Pass|XX?|[1-7](?:NT|[CDHS]))"
_CARD = rb"[SHDC][2-9TJQKA]"
_SUIT = rb"A?K?Q?J?T?9?8?7?6?5?4?3?2?"  # a holding high to low, each rank once
_HAND = rb'(?=[^ "]{16}[ "])' + rb"\.".join([_SUIT] * 4)  # 13 cards: 13 ranks and 3 dots
_GAME = re.compile(  # one game in PBN's export order (PBN 2.1 §3.1); store/bridge_columnar.py reads its groups
    rb"\[Event " + _VALUE + rb"\]\n\[Site " + _ANY + rb"\]\n\[Date " + _ANY + rb"\]\n"
    rb'\[Board "([0-9]{1,5})"\]\n'
    rb"\[West " + _ANY + rb"\]\n\[North " + _ANY + rb"\]\n\[East " + _ANY + rb"\]\n\[South " + _ANY + rb"\]\n"
    rb'\[Dealer "([NESW])"\]\n\[Vulnerable "(None|NS|EW|All|Both)"\]\n'
    rb'\[Deal "N:(' + b" ".join([_HAND] * 4) + rb')"\]\n'
    rb"\[Scoring " + _VALUE + rb'\]\n\[Declarer "([NESW]?)"\]\n'
    rb'\[Contract "([1-7](?:NT|[CDHS])(?:XX?|xx?)?|Pass)"\]\n\[Result "(1[0-3]|[0-9]|)"\]\n'
    rb'\[Auction "([NESW])"\]\n((?:' + _CALL + rb"[ \n])+)"
    rb'(?:\[Play "([NESW])"\]\n((?:' + (_CARD + rb" ") * 3 + _CARD + rb"\n){1,13})(?:\*\n)?)?"
    rb'\[Score "(?:NS|EW) -?[0-9]{1,9}"\]\n')
_HEAD = re.compile(rb"(?:%[^\n]*\n)*\n*")  # PBN's % lines before the first game
_BLANK = re.compile(rb"\n*")
TRICK_TEXT = 12  # "SA HK D2 C3\n"
SEAT_CODE = {bytes(str(seat), "ascii"): int(seat) for seat in SEATS}
VULNERABLE_CODE = {b"None": (False, False), b"NS": (True, False), b"EW": (False, True), b"All": (True, True),
                   b"Both": (True, True)}
_BIDS = [f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT")]
CALL_CODE = {text.encode(): CALL_BY_TEXT[text].code for text in ("Pass", "X", "XX", *_BIDS)}


def _contract_tag(text: str) -> tuple[int, int]:
    """``[Contract]``'s bid code (0: ``Pass``) and doubling (1, 2, 4)."""
    if text == "Pass":
        return 0, 1
    contract: Contract = parse_contract(text, "N")  # type: ignore[assignment]
    return contract.bid.code, contract.doubled


CONTRACT_CODE = {text.encode(): _contract_tag(text) for text in
                 ("Pass", *(bid + doubled for bid in _BIDS for doubled in ("", "X", "XX", "x", "xx")))}

Row = tuple[bytes, ...]  # a game's groups of _GAME


def scan(data: bytes) -> list[Row] | None:
    """The games of a PBN file as the groups of :data:`_GAME`, if the whole file is laid out so,
    holds one session (one event, each board once) of duplicate bridge and is UTF-8; else
    ``None``. Each hand is 13 cards written high to low."""
    if b"\r" in data or b'"#' in data or not is_utf8(data):
        return None  # line ends, inheritance and encodings: the reader's business
    pos = _HEAD.match(data).end()  # type: ignore[union-attr]
    rows: list[Row] = []
    match, blank, end = _GAME.match, _BLANK.match, len(data)
    while pos < end:
        game = match(data, pos)
        if game is None:
            return None
        rows.append(game.groups())
        pos = blank(data, game.end()).end()  # type: ignore[union-attr]
    if not rows or len({row[0] for row in rows}) != 1 or len({int(row[1]) for row in rows}) != len(rows):
        return None
    return None if b"rubber" in rows[0][5].lower() else rows  # [Scoring] rubber: rubber bridge
