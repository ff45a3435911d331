"""LIN files read straight into rows for the batch path: single hands and vugraph files as
BBO and its tools write them (``vg``, ``rs``, ``pw``, ``qx`` rooms and boards, ``pg`` anywhere,
``nt`` notes, ``an`` and ``!`` alerts, upper-case tags, CRLF, md without its fourth hand),
split into rooms by :mod:`.lin`'s own rules (``_boards``, the room and number of a board).

Nothing is checked here but the layout. A file the tokenizer would have to mend (a bar or a
``qx`` name missing, ``%`` comments, text after the last pair), with an unknown tag, not UTF-8,
or of several rooms without a title is not scanned (nor one whose ``rs`` the reader warns
about); a room with any board the reader would read with a problem, that it would merge with
another copy of the board, or whose ``rs`` entry the reader warns of or a claim contradicts,
is left out (``boards`` ``None``); a board's other ``rs`` entry is its recorded contract and
result (``Row.stated``), which the batch path's check holds against the auction and the play. The caller reads those with :func:`~vint_replay.formats.lin.lin_sessions`,
the only producer of diagnostics."""
from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from ..engine.calls import CALL_BY_TEXT
from ..engine.diagnostics import Diagnostic
from .board_fields import trick_count
from .encodings import is_utf8
from .lin_tokens import LinTag
from .lin import _BOARD, _QX, KNOWN, LIN_VULNERABLE, ROOMS, _event
from .lin_results import ROOM_ORDER, Stated, stated_results
from .pbn import _slug

_RANKS = b"23456789TJQKA"
_KNOWN = frozenset(name.encode() for name in KNOWN)
_CALL = {f"{text.lower()}{mark}".encode(): call.code for text, call in CALL_BY_TEXT.items() if text.isascii()
         for mark in ("", "!", "?", "!?", "?!")}  # mb's value in lower case, as the reader reads it
CARD = 2  # a card's text in Row.cards: "sa"
_MB_CODE, _PC_CODE, _QX_CODE, _MD_CODE, _PN_CODE, _MC_CODE, _SV_CODE, _AH_CODE = np.frombuffer(
    b"mbpcqxmdpnmcsvah", np.uint16).tolist()  # tag codes
_ROW_CODES = (_MB_CODE, _PC_CODE, _MC_CODE, _SV_CODE, _MD_CODE, _QX_CODE, _AH_CODE)  # the tags a board's row reads


class Row(NamedTuple):
    """One board as the reader would read it, without problems."""

    number: int
    dealer: int  # md's digit 1–4 (S, W, N, E)
    vulnerable: str  # sv's value, a key of LIN_VULNERABLE
    hands: tuple[bytes, bytes, bytes, bytes]  # S, W, N, E: 17 upper-case letters each, E b"" when left out
    calls: tuple[int, ...]  # call codes
    cards: bytes  # the cards played, two letters each in lower case (a trick cut short only by the claim)
    claim: int | None  # mc's tricks; None when not claimed
    stated: tuple[int, int, int, int] | None = None  # its rs entry: bid code (0 passed out), doubling, declarer, tricks (-1: none)


class Room(NamedTuple):
    """One room of the file (a session of lin_sessions): its id, and its boards if scanned."""

    id: str
    boards: list[Row] | None


def scan(data: bytes) -> list[Room] | None:
    """The rooms of a LIN file in lin_sessions' order, or ``None`` if the file is not scanned."""
    if not is_utf8(data) or data.startswith(b"\xef\xbb\xbf"):
        return None
    plain = _plain(data)
    if plain is not None:
        return [Room("", plain)]
    # every case the reader ignores; a comment, a mended bar or text after the last pair leave
    # a name unknown (or text after the last bar)
    parts = data.strip().lower().replace(b"\r\n", b"\n").replace(b"|\n", b"|").split(b"|")
    names, values = parts[0:-1:2], parts[1::2]
    if not set(names) <= _KNOWN:  # other space before a name (blank lines): the reader strips it
        names = [name.strip() for name in names]
    if not names or parts[-1] or len(parts) % 2 == 0 or not set(names) <= _KNOWN:
        return None
    tag = np.frombuffer(b"".join(names), np.uint16)  # each name two letters: one code a tag
    header, boards = _boards(tag)
    where = _Where(tag, boards)
    calls = [_CALL.get(v, -1) for v in map(values.__getitem__, where.at[_MB_CODE])]
    cards = list(map(values.__getitem__, where.at[_PC_CODE]))
    vg = next((values[i] for i in range(header) if names[i] == b"vg"), None)
    slug = _slug(_event([] if vg is None else [LinTag("vg", vg.decode().replace("\r", "\n"), 0, 0, 0)]))
    rooms: dict[str, list[Row] | None] = {}
    places: dict[tuple[str, int], int] = {}  # (room, board number): its place in the room's rows
    room, by_qx = "", False
    for k, (_, _, qx) in enumerate(boards):
        if not qx and by_qx:  # a deal again without its qx: the reader may merge it with that board
            rooms[room] = None
            continue
        by_qx = qx
        tags = where.board(k)
        room = _room(values[tags.qx]) if qx and tags.qx is not None else room
        row = _row(tags, values, calls, cards)
        kept = rooms.setdefault(room, [])
        if kept is None:
            continue
        if row is None:
            rooms[room] = None
        elif (i := places.setdefault((room, row.number), len(kept))) == len(kept):
            kept.append(row)
        elif not qx or not _again(kept, i, row):
            rooms[room] = None
    if not rooms or (len(rooms) > 1 and not slug):  # the reader's id would be a digest of its deals
        return None
    rs = next((values[i] for i in range(header) if names[i] == b"rs"), None)
    if rs is not None and not _stated_alike(rs, vg, rooms):
        return None
    return [Room("-".join(p for p in (slug, ROOMS.get(r, "").lower()) if p), rows) for r, rows in rooms.items()]


def _stated_alike(rs: bytes, vg: bytes | None, rooms: dict[str, list[Row] | None]) -> bool:
    """Each board given its ``rs`` entry as its recorded contract and result (``Row.stated``),
    which store/bridge_columnar checks against the auction and the play as the reader's engine
    does (lin_results.with_stated); a room with an entry the reader warns of, or one that a
    claim contradicts (the reader's one error), left to the reader; ``False`` when the reader
    would warn about ``rs`` itself."""
    order = ROOM_ORDER if set(rooms) & set(ROOM_ORDER) else ("",)
    tag = LinTag("rs", rs.decode(), 0, 0, 0)
    stated, problems = stated_results(tag, None if vg is None else LinTag("vg", vg.decode(), 0, 0, 0), order)
    if problems or len(rooms) > 1 and not set(rooms) <= set(ROOM_ORDER):
        return False
    for room, rows in rooms.items():
        given = [] if rows is None else [_given(row, stated.get((room, row.number))) for row in rows]
        rooms[room] = None if rows is None or None in given else [row for row in given if row is not None]
    return True


def _given(row: Row, entry: Stated | Diagnostic | None) -> Row | None:
    """The board with its ``rs`` entry recorded, or ``None`` where the reader says more of it
    than the columns can: an unreadable entry (a warning), a claim the entry contradicts."""
    if entry is None:
        return row
    if isinstance(entry, Diagnostic) or entry.tricks is not None and row.claim not in (None, entry.tricks):
        return None
    if entry.contract is None:
        return row._replace(stated=(0, 1, -1, -1))
    tricks = -1 if entry.tricks is None else entry.tricks
    return row._replace(stated=(entry.contract.bid.code, entry.contract.doubled, int(entry.contract.declarer), tricks))


_SORTED = rb"(?:2?3?4?5?6?7?8?9?T?J?Q?K?A?|A?K?Q?J?T?9?8?7?6?5?4?3?2?)"  # a holding low to high or high to low
_PLAIN_HAND = rb"(?=[^,|]{17}[,|])S" + _SORTED + b"H" + _SORTED + b"D" + _SORTED + b"C" + _SORTED  # 13 cards
_PLAIN = re.compile(  # a board a line as BBO's robot games and endplay's writer lay it out
    rb"pn\|[^|\n]*\|st\|\|md\|([1-4])(" + _PLAIN_HAND + rb"),(" + _PLAIN_HAND + rb"),(" + _PLAIN_HAND + rb"),("
    + _PLAIN_HAND + rb"|)\|rh\|\|ah\|Board ([0-9]{1,5})\|sv\|([oneb])\|((?:mb\|(?:p|d|r|[1-7][CDHSN])\|)+)pg\|\|"
    rb"((?:(?:pc\|[SHDC][2-9TJQKA]\|){4}pg\|\|){0,13})(?:mc\|(1[0-3]|[0-9])\|)?(?:\n|\Z)")


def _plain(data: bytes) -> list[Row] | None:
    """The fast way for the plainest layout (one pattern a board, no tag to look up): the
    rows of a file of single hands laid out as :data:`_PLAIN`, each numbered once; else ``None``."""
    rows: list[Row] = []
    match, pos, end = _PLAIN.match, 0, len(data)
    while pos < end:
        board = match(data, pos)
        if board is None:
            return None
        dealer, s, w, n, e, number, sv, calls, cards, claim = board.groups()
        codes = tuple(map(_CALL.__getitem__, calls.lower().split(b"|")[1::2]))
        played = cards.replace(b"pg||", b"").replace(b"pc|", b"").replace(b"|", b"").lower()
        taken = None if claim is None or claim == b"0" and not played and codes == (0, 0, 0, 0) else int(claim)
        rows.append(Row(int(number), int(dealer), sv.decode(), (s, w, n, e), codes, played, taken))
        pos = board.end()
    if not rows or len({row.number for row in rows}) != len(rows):
        return None
    return rows


def _boards(tag: np.ndarray) -> tuple[int, list[tuple[int, int, bool]]]:
    """lin._boards on the tags' codes: the header's length, and each board's first and last tag
    (the pn and st of single hands after a deal are the next board's) and whether it starts at
    a ``qx``. Only qx, md and pn decide, so only they are looked at."""
    starts: list[tuple[int, bool]] = []
    pending = -1  # where the next board's tags began, if they have
    has_md = by_qx = False
    deciding = np.flatnonzero((tag == _QX_CODE) | (tag == _MD_CODE) | (tag == _PN_CODE))
    for i, code in zip(deciding.tolist(), tag[deciding].tolist()):
        if code == _QX_CODE or code == _MD_CODE and (not starts or has_md):
            by_qx, has_md = code == _QX_CODE, code == _MD_CODE
            starts.append((i if pending < 0 else pending, by_qx))
            pending = -1
        elif not starts:
            continue
        elif pending >= 0 or (code == _PN_CODE and has_md and not by_qx):
            pending = i if pending < 0 else pending
        else:
            has_md = has_md or code == _MD_CODE
    header = starts[0][0] if starts else len(tag)
    ends = [first for first, _ in starts[1:]] + [len(tag)]
    return header, [(first, end, qx) for (first, qx), end in zip(starts, ends)]


def _room(qx: bytes) -> str:
    """lin._Board.room: qx's room letter ("" when it has none)."""
    m = _QX.match(qx.decode())
    return m.group(1).lower() if m else ""


class _Tags(NamedTuple):
    """Where one board's tags stand in the file (their places among all its tags), by kind."""

    mb: range  # its calls' places among the file's mb tags (not among all tags)
    pc: range  # its cards' places among the file's pc tags
    first_pc: int | None  # the place of its first pc tag among all tags
    last_pc: int | None
    last_mb: int | None
    mc: list[int]
    sv: list[int]
    md: list[int]
    qx: int | None  # the first of each, where it has one
    ah: int | None


class _Where:
    """Every board's tags of the kinds a row reads, found once a file (NumPy's searchsorted
    over each kind's places), not by scanning each board's names."""

    def __init__(self, tag: np.ndarray, boards: list[tuple[int, int, bool]]) -> None:
        places = {code: np.flatnonzero(tag == code) for code in _ROW_CODES}
        self.at = {code: at.tolist() for code, at in places.items()}
        bounds = np.array([(first, last) for first, last, _ in boards], np.int64).reshape(-1, 2)
        self.spans = {code: (np.searchsorted(at, bounds[:, 0]).tolist(), np.searchsorted(at, bounds[:, 1]).tolist())
                      for code, at in places.items()}

    def board(self, k: int) -> _Tags:
        """Board ``k``'s tags."""
        at, spans = self.at, self.spans
        (a, b), (c, d) = ((spans[code][0][k], spans[code][1][k]) for code in (_MB_CODE, _PC_CODE))
        pcs, mbs = at[_PC_CODE], at[_MB_CODE]
        mc, sv, md, qx, ah = (at[code][spans[code][0][k]:spans[code][1][k]]
                              for code in (_MC_CODE, _SV_CODE, _MD_CODE, _QX_CODE, _AH_CODE))
        return _Tags(range(a, b), range(c, d), pcs[c] if d > c else None, pcs[d - 1] if d > c else None,
                     mbs[b - 1] if b > a else None, mc, sv, md, qx[0] if qx else None, ah[0] if ah else None)


def _number(tags: _Tags, values: list[bytes]) -> int | None:
    """lin._BoardReader._number when qx or ah gives it; ``None`` otherwise (or a bad qx)."""
    for at, pattern in ((tags.qx, _QX), (tags.ah, _BOARD)):
        if at is None:
            continue
        m = pattern.match(values[at].decode())
        if m is not None and 1 <= int(m.group(m.lastindex or 1)) <= 32767:
            return int(m.group(m.lastindex or 1))
        if at == tags.qx:
            return None
    return None


def _row(tags: _Tags, values: list[bytes], file_calls: list[int], file_cards: list[bytes]) -> Row | None:
    """The board of ``tags`` (its calls' codes among ``file_calls``, -1 for a word that is not
    one, its cards' text among ``file_cards``) as lin._BoardReader.deal reads it, or ``None``
    where it would say anything or the batch columns cannot hold it (a hand other than E left
    out, a call after the first card)."""
    number = _number(tags, values)
    calls = file_calls[tags.mb.start:tags.mb.stop]
    if number is None or -1 in calls or len(tags.md) != 1 or not tags.sv or len(tags.mc) > 1:
        return None
    played = len(tags.pc)
    cards = b"".join(file_cards[tags.pc.start:tags.pc.stop])
    if played > 52:
        return None  # a card after the 13th trick: the reader reports it
    if played and (len(cards) != CARD * played or cards[0::2].translate(None, b"shdc")
                   or cards[1::2].translate(None, b"23456789tjqka")
                   or tags.last_mb is not None and tags.first_pc is not None and tags.last_mb > tags.first_pc):
        return None
    sv = values[tags.sv[-1]].decode().strip()
    if any(values[at].decode().strip() not in LIN_VULNERABLE for at in tags.sv):
        return None
    claim = None
    if tags.mc:
        claim = trick_count(values[tags.mc[0]].decode().strip())
        if claim is None or tags.last_pc is not None and tags.last_pc > tags.mc[0]:
            return None
    elif played % 4:
        return None
    md = _MD.fullmatch(values[tags.md[0]].upper())
    if md is None:
        return None
    if claim == 0 and not played and calls == [0, 0, 0, 0]:
        claim = None  # BBO closes a passed-out board with mc|0| (lin.py)
    return Row(number, int(md[1]), sv, (md[2], md[3], md[4], md[5] or b""), tuple(calls), cards, claim)


# md's hand as lin._hand reads it into the columns: 13 ranks after its suit letters S, H, D, C in
# this order (the ranks of a suit in any order), 17 letters; md: the dealer's digit, then S, W and
# N's hands and E's or nothing, each with space round it (lin.py strips each)
_MD_HAND = rb"(?=[SHDC2-9TJQKA]{17}(?![SHDC2-9TJQKA]))S[2-9TJQKA]*H[2-9TJQKA]*D[2-9TJQKA]*C[2-9TJQKA]*"
_MD = re.compile(rb"\s*([1-4])" + rb"\s*(" + _MD_HAND + rb")\s*,\s*(" + _MD_HAND + rb")\s*,\s*(" + _MD_HAND
                 + rb")\s*(?:,\s*(" + _MD_HAND + rb")?\s*)?")


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

