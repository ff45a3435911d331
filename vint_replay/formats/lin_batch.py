"""LIN files read straight into rows for the batch path: single hands and vugraph files as
BBO and its tools write them (``vg``, ``rs``, ``pw``, ``qx`` rooms and boards, ``pg`` anywhere,
``nt`` notes, ``an`` and ``!`` alerts, upper-case tags, CRLF, md without its fourth hand),
split into rooms by :mod:`.lin`'s own rules (``_boards``, the room and number of a board).

Nothing is checked here but the layout. A file the tokenizer would have to mend (a bar or a
``qx`` name missing, ``%`` comments, text after the last pair), with an unknown tag, not UTF-8,
or of several rooms without a title is not scanned; a room with any board the reader would
read with a problem, or that it would merge with another copy of the board, is left out
(``boards`` ``None``). The caller reads those with :func:`~vint_replay.formats.lin.lin_sessions`,
the only producer of diagnostics."""
from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.calls import CALL_BY_TEXT
from ..engine.cards import CARD_BY_TEXT
from .encodings import is_utf8
from .lin_tokens import LinTag
from .lin import _BOARD, _QX, KNOWN, LIN_VULNERABLE, ROOMS, _event
from .pbn import _slug

_FILE = re.compile(rb"(?:\s*[A-Za-z]{2}\|[^|]*\|)*\s*")  # pairs only: nothing the tokenizer mends
_PAIR = re.compile(rb"\s*([A-Za-z]{2})\|([^|]*)\|")
_SUIT = r"(?:2?3?4?5?6?7?8?9?T?J?Q?K?A?|A?K?Q?J?T?9?8?7?6?5?4?3?2?)"  # a holding low to high or high to low
_HAND = re.compile(r"(?=.{17}\Z)S" + _SUIT + "H" + _SUIT + "D" + _SUIT + "C" + _SUIT + r"\Z")  # 13 cards
_KNOWN = frozenset(name.encode() for name in KNOWN)
CARD = 2  # a card's text in Row.cards: "SA"


class Row(NamedTuple):
    """One board as the reader would read it, without problems."""

    number: int
    dealer: int  # md's digit 1–4 (S, W, N, E)
    vulnerable: str  # sv's value, a key of LIN_VULNERABLE
    hands: tuple[bytes, bytes, bytes, bytes]  # S, W, N, E: 17 letters each, E b"" when left out
    calls: tuple[int, ...]  # call codes
    cards: bytes  # the cards played, two letters each (a trick cut short only by the claim)
    claim: int | None  # mc's tricks; None when not claimed


class Room(NamedTuple):
    """One room of the file (a session of lin_sessions): its id, and its boards if scanned."""

    id: str
    boards: list[Row] | None


def scan(data: bytes) -> list[Room] | None:
    """The rooms of a LIN file in lin_sessions' order, or ``None`` if the file is not scanned."""
    if not is_utf8(data) or data.startswith(b"\xef\xbb\xbf") or _FILE.fullmatch(data) is None:
        return None
    tags = [(name.lower(), value) for name, value in _PAIR.findall(data)]
    if not tags or not {name for name, _ in tags} <= _KNOWN:
        return None
    header, boards = _boards(tags)
    vg = next((value for name, value in header if name == b"vg"), None)
    slug = _slug(_event([] if vg is None else [LinTag("vg", vg.decode().replace("\r\n", "\n").replace("\r", "\n"), 0, 0, 0)]))
    rooms: dict[str, list[Row] | None] = {}
    room, by_qx = "", False
    for tags_of, qx in boards:
        if not qx and by_qx:  # a deal again without its qx: the reader may merge it with that board
            rooms[room] = None
            continue
        by_qx = qx
        room = _room(tags_of) if qx else room
        row = _row(tags_of)
        kept = rooms.setdefault(room, [])
        if kept is None:
            continue
        if row is None:
            rooms[room] = None
        elif (i := next((k for k, b in enumerate(kept) if b.number == row.number), None)) is None:
            kept.append(row)
        elif not qx or not _again(kept, i, row):
            rooms[room] = None
    if not rooms or (len(rooms) > 1 and not slug):  # the reader's id would be a digest of its deals
        return None
    return [Room("-".join(p for p in (slug, ROOMS.get(r, "").lower()) if p), rows) for r, rows in rooms.items()]


Pair = tuple[bytes, bytes]


def _boards(tags: list[Pair]) -> tuple[list[Pair], list[tuple[list[Pair], bool]]]:
    """lin._boards on pairs: the header, and each board's pairs and whether it starts at a ``qx``."""
    header: list[Pair] = []
    boards: list[tuple[list[Pair], bool]] = []
    pending: list[Pair] = []
    current: list[Pair] | None = None
    by_qx = has_md = False
    for tag in tags:
        name = tag[0]
        if name == b"qx":
            current, by_qx, has_md = [*pending, tag], True, False
            boards.append((current, True))
            pending = []
        elif name == b"md" and (current is None or has_md):
            current, by_qx, has_md = [*pending, tag], False, True
            boards.append((current, False))
            pending = []
        elif current is None:
            header.append(tag)
        elif pending or (name == b"pn" and has_md and not by_qx):
            pending.append(tag)
        else:
            has_md = has_md or name == b"md"
            current.append(tag)
    if current is not None:
        current.extend(pending)
    return header, boards


def _room(tags: list[Pair]) -> str:
    """lin._Board.room: qx's room letter, lower case ("" when it has none)."""
    qx = next(value for name, value in tags if name == b"qx")
    m = _QX.match(qx.decode())
    return m.group(1).lower() if m else ""


def _number(tags: list[Pair]) -> int | None:
    """lin._BoardReader._number when qx or ah gives it; ``None`` otherwise (or a bad qx)."""
    for key, pattern in ((b"qx", _QX), (b"ah", _BOARD)):
        value = next((v for name, v in tags if name == key), None)
        if value is None:
            continue
        m = pattern.match(value.decode())
        if m is not None and 1 <= int(m.group(m.lastindex or 1)) <= 32767:
            return int(m.group(m.lastindex or 1))
        if key == b"qx":
            return None
    return None


def _row(tags: list[Pair]) -> Row | None:
    """The board as lin._BoardReader.deal reads it, or ``None`` where it would say anything or
    the batch columns cannot hold it (a hand other than E left out, a call after the first card)."""
    number = _number(tags)
    hands: tuple[bytes, bytes, bytes, bytes] | None = None
    dealer, vulnerable, claim = 0, None, None
    calls: list[int] = []
    cards: list[bytes] = []
    for name, value in tags:
        if name == b"mb":
            call = CALL_BY_TEXT.get(value.decode().strip().rstrip("!?").upper())
            if call is None or cards:
                return None
            calls.append(call.code)
        elif name == b"pc":
            card = value.strip().upper()
            if claim is not None or card.decode() not in CARD_BY_TEXT:
                return None
            cards.append(card)
        elif name == b"md":
            text = value.decode().strip()
            parts = text[1:].upper().split(",")
            if text[:1] not in ("1", "2", "3", "4") or not 3 <= len(parts) <= 4:
                return None
            parts += [""] * (4 - len(parts))
            parts = [p.strip() for p in parts]
            if not all(_HAND.match(p) for p in parts[:3]) or parts[3] and not _HAND.match(parts[3]):
                return None
            dealer, hands = int(text[0]), (parts[0].encode(), parts[1].encode(), parts[2].encode(), parts[3].encode())
        elif name == b"mc":
            text = value.decode().strip()
            if claim is not None or not text.isdigit() or int(text) > 13:
                return None
            claim = int(text)
        elif name == b"sv":
            vulnerable = value.decode().strip().lower()
            if vulnerable not in LIN_VULNERABLE:
                return None
    if number is None or hands is None or vulnerable is None or len(cards) % 4 and claim is None:
        return None
    if claim == 0 and not cards and calls == [0, 0, 0, 0]:
        claim = None  # BBO closes a passed-out board with mc|0| (lin.py)
    return Row(number, dealer, vulnerable, hands, tuple(calls), b"".join(cards), claim)


def _again(kept: list[Row], i: int, later: Row) -> bool:
    """lin._given_again where it says nothing: the same deal given again in a vugraph room,
    one copy the start of the other (announced, then played): the longer is kept. Whether the
    room stays scanned."""
    earlier = kept[i]
    if (earlier.dealer, earlier.hands) != (later.dealer, later.hands):
        return False
    if _starts(later, earlier):
        return True
    kept[i] = later
    return _starts(earlier, later)


def _starts(part: Row, whole: Row) -> bool:
    return (whole.calls[:len(part.calls)] == part.calls and whole.cards.startswith(part.cards)
            and part.claim in (None, whole.claim))

