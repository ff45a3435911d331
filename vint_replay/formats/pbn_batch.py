"""PBN files read straight into columns for the batch path, as real files write them: games
cut at blank lines, tag pairs in any order (the tags it does not need skipped, with their
sections), ``{…}``, ``;`` and ``%`` comments, CRLF line ends, note references in the auction,
``AP``, claims; each game put in the session the reader puts it in (:func:`~.pbn.session_key`).

Besides games with an auction it takes hand records (the deal alone: duplicate-bridge.md §1),
boards recorded by ``[Contract]`` and ``[Declarer]`` without an auction, and a play a claim cut
short inside a trick (the cards not played written ``-``).

Nothing is checked here but the layout. A game in a shape the scan does not take (a hand not
written high to low, ``-`` before the dealer, a card after a ``-``, a tag the reader warns
about, ``[Scoring]`` rubber …) leaves its session to :func:`~vint_replay.formats.pbn.read_pbn`,
the only producer of diagnostics, which :func:`read_left` gives the file's text cut to the
games of the sessions left (:func:`cut`); a file whose games or sessions the scan cannot tell
apart for sure (a ``#`` inheritance, a tag pair over several lines, a broken comment, ``Vint…``
tags, a stray byte in UTF-8) is left to it whole, and so is the first session of a file read
as Latin-1 (the reader's warning of it is that session's)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..engine.calls import CALL_BY_TEXT, Contract
from ..engine.seats import SEATS
from .board_fields import parse_contract, parse_figure
from . import ReadResult
from .encodings import is_utf8
from .spans import run_end
from .pbn import _SCORE, INHERITED, SessionKey, _decode, _meant, _number, by_table, pbn_sessions, session_ident, session_key

_SUIT = rb"A?K?Q?J?T?9?8?7?6?5?4?3?2?"  # a holding high to low, each rank once
_HAND = rb'(?=[^ "]{16}(?:[ "]|$))' + rb"\.".join([_SUIT] * 4)  # 13 cards: 13 ranks and 3 dots
_DEAL = re.compile(rb"([NESW]):(" + b" ".join([_HAND] * 4) + rb")")
_CARDS = re.compile(rb"(?:[SHDC][2-9TJQKA] )*")  # cards one space after another (upper case: the reader takes either)
# a quoted value, backslash escapes kept (pbn_tokens._VALUE), its runs of plain bytes taken whole
# without backtracking (an alternation tried byte by byte was a sixth of the scan of real files)
_VALUE = rb'"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"'
# one tag pair; re.split gives name, value, section
_TAG = re.compile(rb"\[[ \t]*+([A-Za-z0-9_]++)[ \t]*+" + _VALUE + rb"[ \t]*+\]")
_GAMES = re.compile(rb"\n[ \t]*(?=\n)")  # a blank line ends a game (PBN 2.1 §3.1)
_QUOTED = rb'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'  # a quoted value whole (as _VALUE)
_COMMENT = re.compile(rb"(" + _QUOTED + rb")|\{[^{}]*\}|;[^\n]*")  # a comment, outside a tag value
_PERCENT = re.compile(rb"(?m)^%[^\n]*")  # PBN's % lines
_SEMICOLON_LINE = re.compile(rb"(?m)^[^\n;]*;[^\n]*")  # a line holding a ;
_BARE_SEMICOLON = re.compile(rb'(?:[^"\n;]++|' + _QUOTED + rb")*+;")  # a line's ; outside its quoted values
_NOTE_REF = re.compile(rb"=[0-9]+=")  # a note reference in the auction (its [Note] is a comment: not checked here)
_NOTE_VALUE = re.compile(rb"[ \t]*([0-9]+)[ \t]*:")  # [Note "n:text"]
_NOT_PLAYED = frozenset((b"-", b"--"))
ALL_PASS = b"AP"  # PBN's "the passes that close the auction"
_GAP = b"\x00"  # a comment's place: not a blank line (the reader does not end a game at a commented line)
TRICK_TEXT = 12  # "SA HK D2 C3\n"
SEAT_CODE = {bytes(str(seat), "ascii"): int(seat) for seat in SEATS}
VULNERABLE_CODE = {b"None": (False, False), b"NS": (True, False), b"EW": (False, True), b"All": (True, True),
                   b"Both": (True, True)}
_BIDS = [f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT")]
CALL_CODE = {text.encode(): CALL_BY_TEXT[text].code for text in ("Pass", "X", "XX", *_BIDS)}
_KEY_TAGS = [(name, name.encode()) for name in ("Event", "Room", "Board", "Table", "Section", "HomeTeam", "VisitTeam",
                                                 "Match", "Site", "Date", "Scoring")]  # session_key's, session_ident's
_CALL = rb"(?:Pass|XX?|[1-7](?:NT|[CDHS]))"
_PLAIN_CALLS = re.compile(rb"\s*(?:" + _CALL + rb"\s+)*" + _CALL + rb"\s*")  # the common auction: calls alone
_PLAIN_PLAY = re.compile(rb"\n((?:(?:[SHDC][2-9TJQKA] ){3}[SHDC][2-9TJQKA]\n){1,13})(?:\*\s*)?")  # four cards a line
_FIGURES = frozenset((b"ScoreIMP", b"ScoreMP", b"ScorePercentage"))
_SCORE_TEXT = re.compile(_SCORE.pattern.encode())  # the reader's [Score] pattern (ASCII), on bytes
_ODD_BLANK = re.compile("[\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")  # str.strip's, not [ \t]


def _contract_tag(text: str) -> tuple[int, int]:
    """``[Contract]``'s bid code (0: ``Pass``) and doubling (1, 2, 4)."""
    if text == "Pass":
        return 0, 1
    contract: Contract = parse_contract(text, "N")
    return contract.bid.code, contract.doubled


CONTRACT_CODE = {text.encode(): _contract_tag(text) for text in  # "3N": notrump as many files write it
                 ("Pass", *(bid + doubled for bid in (*_BIDS, *(f"{level}N" for level in range(1, 8)))
                            for doubled in ("", "X", "XX", "x", "xx")))}
CONTRACT_CODE[b""] = (-1, 1)  # none recorded

# a game's fields in store/bridge_columnar.pbn_columns's order: event, board, dealer,
# vulnerable, deal (the four hands from North, 67 bytes), scoring, declarer, contract, result,
# auction's seat (b"": no [Auction]), calls (one space apart), play's seat, play (TRICK_TEXT a
# complete trick) or None, the trick a claim cut short (its four columns, "-" where no card was played) or b""
Row = tuple[bytes, ...]
_LATIN1 = b"%\xff"  # a % line (skipped: pbn_tokens.games) with a byte that is not UTF-8, so the reader reads Latin-1
_PASSED_OUT = b"Pass Pass Pass Pass"  # [Contract "Pass"] without an auction: the reader's four passes


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a game stands in its file and what the reader's cutting into sessions reads of it."""

    lines: tuple[int, int]  # its text's first and last line (1-based; % lines and comments in it)
    own: dict[str, str]  # its tags of session_key and session_ident, as written
    values: dict[str, str]  # the same after pbn._inherit
    follows: int | None  # the board number read last before it (the reader names a game without one by it)
    numbered: bool  # whether its [Board] is a board number


@dataclass(frozen=True, slots=True)
class Session:
    """One session of a scanned file, as the reader cuts it: its id and its games' rows, or
    ``None`` when a game of it is not laid out as the scan takes it; where its games stand
    (:func:`cut`; none for a file in PBN's export layout, one session)."""

    ident: str
    rows: list[Row] | None
    games: tuple[Placed, ...] = ()


_ANY = rb'"[^"\\\n]*"'
_EXPORT = re.compile(  # one game in PBN's export order (PBN 2.1 §3.1): most generated files, one match a game
    rb'\[Event "([^"\\\n]*)"\]\n\[Site ' + _ANY + rb"\]\n\[Date " + _ANY + rb"\]\n"
    rb'\[Board "([0-9]{1,5})"\]\n'
    rb"\[West " + _ANY + rb"\]\n\[North " + _ANY + rb"\]\n\[East " + _ANY + rb"\]\n\[South " + _ANY + rb"\]\n"
    rb'\[Dealer "([NESW])"\]\n\[Vulnerable "(None|NS|EW|All|Both)"\]\n'
    rb'\[Deal "N:(' + b" ".join([_HAND] * 4) + rb')"\]\n'
    rb'\[Scoring "([^"\\\n]*)"\]\n\[Declarer "([NESW]?)"\]\n'
    rb'\[Contract "([1-7](?:NT|[CDHS])(?:XX?|xx?)?|Pass)"\]\n\[Result "(1[0-3]|[0-9]|)"\]\n'
    rb'\[Auction "([NESW])"\]\n((?:' + _CALL + rb"[ \n])+)"
    rb'(?:\[Play "([NESW])"\]\n((?:' + (rb"[SHDC][2-9TJQKA] " * 3) + rb"[SHDC][2-9TJQKA]\n){1,13})(?:\*\n)?)?"
    rb'\[Score "(?:NS|EW) -?[0-9]{1,9}"\]\n')
_HEAD = re.compile(rb"(?:%[^\n]*\n)*\n*")  # PBN's % lines before the first game
_BLANK = re.compile(rb"\n*")


def scan(data: bytes) -> list[Session] | None:
    """The sessions of a PBN file in the reader's order, each with its games' rows where the
    scan takes them all; ``None`` when the file is left to the reader whole."""
    exported = _exported(data)
    return exported if exported is not None else _found(data)


def _exported(data: bytes) -> list[Session] | None:
    """A file of one session wholly in PBN's export layout (one event, each board once, no
    rubber), scanned a game a match; else ``None`` (:func:`_found` reads it)."""
    if b"\r" in data or b'"#' in data or not is_utf8(data):
        return None
    pos = run_end(_HEAD, data)
    rows: list[Row] = []
    match, end = _EXPORT.match, len(data)
    first_end = 0  # where the first game ends
    while pos < end:
        game = match(data, pos)
        if game is None:
            return None
        first_end = first_end or game.end()
        rows.append((*game.groups(), b""))
        pos = run_end(_BLANK, data, game.end())
    if not rows or len({row[0] for row in rows}) != 1 or len({int(row[1]) for row in rows}) != len(rows) \
            or b"rubber" in rows[0][5].lower():
        return None
    found = _found(data[:first_end])
    return None if found is None or len(found) != 1 else [Session(found[0].ident, rows)]  # the first game's id


def _found(data: bytes) -> list[Session] | None:
    """:func:`scan` of a file in any layout; a file the reader reads as Latin-1 leaves its first
    session to it (which holds the reader's warning that it is not UTF-8)."""
    text, latin1, lossy = _decode(data)
    data = data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")
    if b"\r" in data or b'"#' in data or b"[Vint" in data or _GAP in data or lossy or _ODD_BLANK.search(text):
        return None  # lone CRs, inheritance, vint-replay's own tags, stray bytes, blanks only str.strip takes
    encoding = "latin-1" if latin1 else "utf-8"
    # a % line or a comment stands as a gap, its line breaks kept: neither ends a game (pbn_tokens.games)
    if b"%" in data:
        data = _PERCENT.sub(_GAP, data)
    if b"{" in data or b"}" in data or b";" in data and any(map(_BARE_SEMICOLON.match, _SEMICOLON_LINE.findall(data))):
        # (a ; in tag values only, PBN tables' columns, is no comment)
        data = _COMMENT.sub(lambda m: m[1] or _GAP + m[0].count(b"\n") * (b"\n" + _GAP), data)
        if b"{" in data or b"}" in data:
            return None  # a comment nested or left open, or a } that opens none
    keys: dict[SessionKey, list[tuple[list[bytes], dict[bytes, bytes], dict[str, str]]]] = {}  # each game's parts
    placed: dict[SessionKey, list[Placed]] = {}
    firsts: dict[SessionKey, dict[str, str]] = {}
    seen: dict[tuple[str, str, str, str, str], int] = {}
    matches: dict[tuple[str, frozenset[str]], str] = {}
    previous: dict[str, str] = {}
    follows: int | None = None
    line = 1  # where the next game's text starts (_GAMES takes one line break)
    for chunk in _GAMES.split(data):
        first, line = line, line + chunk.count(b"\n") + 1
        parts = _TAG.split(chunk)
        if len(parts) == 1:
            if _words(parts[0]):
                return None  # words outside any game's tags
            continue
        between = b"".join(parts[0::3][1:]) + parts[0]  # the text outside the tag pairs
        if b"[" in between or b"]" in between:
            return None  # a tag pair over several lines or broken: where games and tags are is the reader's
        tags = dict(zip(parts[-3:0:-3], parts[-2:1:-3]))  # a tag given twice: the first (pbn_tokens._add_tag)
        if b"Board" not in tags and b"Deal" not in tags:
            return None  # a board at another table, or a game the reader reports: its business (pbn._other_tables)
        own = {name: _text(tags[raw], encoding) for name, raw in _KEY_TAGS if raw in tags}
        values = previous = _inherit(own, previous)
        key = session_key(values, seen, matches)
        firsts.setdefault(key, values)
        keys.setdefault(key, []).append((parts, tags, values))
        number = _number(values.get("Board", "").strip())
        placed.setdefault(key, []).append(Placed((first, line - 1), own, values, follows, number is not None))
        follows = number or follows
    tables = by_table(keys)
    return [Session(session_ident(firsts[key], key, key[:4] in tables),
                    None if latin1 and not k else _rows(games, placed[key]), tuple(placed[key]))
            for k, (key, games) in enumerate(keys.items())]


def _inherit(own: dict[str, str], previous: dict[str, str]) -> dict[str, str]:
    """A game's tags after pbn._inherit: the event tags of the previous game when absent."""
    values = dict(own)
    for name in INHERITED:
        if name not in values and name in previous:
            values[name] = previous[name]
    return values


def cut(data: bytes, sessions: list[Session], left: list[int]) -> bytes | None:
    """The text of the file ``sessions`` were scanned from holding only the games of sessions
    ``left`` (the others' lines blank, so every line keeps its number), for the reader to read
    those alone, each session's boards and problems as in the whole file; ``None`` where it
    would read them otherwise there (a tag inherited from a game left out, two sessions run
    into one, a game without a board named by another board): then it reads the whole file.
    The reader of the cut text may number a pairs event's tables otherwise: the ids are the scan's."""
    games = sorted(((game, k) for k in left for game in sessions[k].games), key=lambda placed: placed[0].lines)
    if not games:
        return None
    keys: dict[SessionKey, int] = {}
    seen: dict[tuple[str, str, str, str, str], int] = {}
    matches: dict[tuple[str, frozenset[str]], str] = {}
    previous: dict[str, str] = {}
    follows: int | None = None
    for game, k in games:  # the reader's cutting of the text left, as _found follows it
        previous = _inherit(game.own, previous)
        if previous != game.values or not game.numbered and follows != game.follows:
            return None
        if keys.setdefault(session_key(previous, seen, matches), k) != k:
            return None
        follows = _number(previous.get("Board", "").strip()) or follows
    if len(keys) != len(left):
        return None  # a session left cut in two
    lines = data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n").split(b"\n")
    out = [b""] * len(lines)
    for game, _ in games:
        start, end = game.lines
        out[start - 1:end] = lines[start - 1:end]
    if not is_utf8(data):  # read as Latin-1 as the file, whose warning is the first session's
        if 0 not in left:
            return None
        kept = next(k for k in range(len(sessions)) if k not in left)
        out[sessions[kept].games[-1].lines[1] - 1] = _LATIN1  # a line left blank: blank lines round it
    return b"\n".join(out)


def _rows(games: list[tuple[list[bytes], dict[bytes, bytes], dict[str, str]]], placed: list[Placed]) -> list[Row] | None:
    """A session's rows if the scan takes every game of it and each board number once (the
    reader reports a board given twice, "01" after "1" too); else ``None``, found at the first
    game it does not take (a game without a board number first: the reader reports it)."""
    if not all(game.numbered for game in placed):
        return None
    rows = []
    for game in games:
        row = _row(*game)
        if row is None:
            return None
        rows.append(row)
    return rows if len({int(row[1]) for row in rows}) == len(rows) else None


def _text(value: bytes, encoding: str = "utf-8") -> str:
    """A tag value as the reader reads it (pbn._decode, pbn_tokens._add_tag: backslash escapes undone)."""
    text = value.decode(encoding)
    return re.sub(r"\\(.)", r"\1", text) if "\\" in text else text


def _row(parts: list[bytes], tags: dict[bytes, bytes], values: dict[str, str]) -> Row | None:
    """A game's fields (:data:`Row`), or ``None`` where it is not laid out as the scan takes it."""
    names = parts[1::3]
    if parts[0].strip() and _words(parts[0]) or len(tags) + names.count(b"Note") - (b"Note" in tags) != len(names):
        return None  # words before the first tag (stray), a tag given twice
    if "rubber" in values.get("Scoring", "").lower() or any(map(_slip, tags)) or b"ScoreTable" in tags:
        return None  # rubber bridge; a tag the reader takes for a slip (a warning); a traveller (its rows' warnings)
    board, dealer, vulnerable, deal = (tags.get(t) for t in (b"Board", b"Dealer", b"Vulnerable", b"Deal"))
    auction = tags.get(b"Auction")
    # PBN's "?" is no value (pbn._Board: a contract, declarer or result not given)
    contract, declarer, result = (b"" if (v := tags.get(t, b"")) == b"?" else v
                                  for t in (b"Contract", b"Declarer", b"Result"))
    if (auction is not None and auction not in SEAT_CODE or dealer not in SEAT_CODE or vulnerable not in VULNERABLE_CODE
            or deal is None or board is None or not board.isdigit() or len(board) > 5 or not 1 <= int(board) <= 32767
            or contract not in CONTRACT_CODE):
        return None
    if declarer not in SEAT_CODE and declarer != b"" or result and not (
            result.isdigit() and len(result) <= 2 and int(result) <= 13):
        return None
    score = tags.get(b"Score", b"").strip()
    if score not in (b"", b"?") and _SCORE_TEXT.match(score) is None:
        return None  # unreadable: the reader warns
    if not _FIGURES.isdisjoint(tags) and any((f := tags.get(name, b"").strip()) not in (b"", b"?")
                                             and parse_figure(f.decode("latin-1")) is None for name in _FIGURES):
        return None  # the reader warns (a byte that is not ASCII makes no figure, and Latin-1 decodes any byte)
    hands = _hands(deal)
    section = parts[3 * names.index(b"Auction") + 3] if auction is not None else b""
    if (b"Note" in tags or b"=" in section) and not _noted(parts, names, section):
        return None  # the reader warns of a note (formats/pbn_notes.py)
    if auction is not None:
        calls = _calls(section)
    elif contract == b"Pass":  # pbn._Board.deal: passed out
        auction, calls = dealer, _PASSED_OUT
    elif contract or b"Play" not in tags:  # a board recorded by its contract, or a hand record (bridge_columnar._check)
        auction, calls = b"", b""
    else:
        return None  # a [Play] makes it no hand record (DealRecord.hand_record): the reader's
    play_seat = tags.get(b"Play")
    play = None if play_seat is None else _play(play_seat, parts[3 * names.index(b"Play") + 3])
    if hands is None or calls is None or play is False:
        return None
    tricks, partial = play or (None, b"")
    return (tags.get(b"Event", b""), board, dealer, vulnerable, hands, tags.get(b"Scoring", b""), declarer,
            contract, result, auction, calls, play_seat or b"", tricks or b"", partial)


def _noted(parts: list[bytes], names: list[bytes], auction: bytes) -> bool:
    """Whether each [Note] of a game reads ``n:text`` and each note reference of its auction
    has its [Note], as the reader takes them without a warning (formats/pbn_notes.py)."""
    numbers = set()
    for k, name in enumerate(names):
        if name == b"Note":
            found = _NOTE_VALUE.match(parts[3 * k + 2])
            if found is None:
                return False
            numbers.add(found[1].lstrip(b"0"))  # as the reader keys them (pbn_notes.GameNotes)
    return all(ref[1:-1].lstrip(b"0") in numbers for ref in _NOTE_REF.findall(auction))


def _slip(name: bytes) -> bool:
    """Whether the reader warns of tag ``name`` as a likely slip for a tag it reads (pbn._meant)."""
    return _meant(name.decode()) is not None


def _words(section: bytes) -> list[bytes]:
    """A section's words, comments left out."""
    return section.replace(_GAP, b" ").split()


def _hands(deal: bytes) -> bytes | None:
    """``[Deal]``'s hands from North, one space apart, each 13 cards high to low; else ``None``."""
    found = _DEAL.fullmatch(deal)
    if found is None:
        return None
    at = -SEAT_CODE[found[1]] & 3
    if not at:
        return found[2]
    hands = found[2].split(b" ")
    return b" ".join(hands[at:] + hands[:at])


def _calls(section: bytes) -> bytes | None:
    """The auction's calls, blanks apart (note references dropped; a closing ``AP`` kept as
    written, for the checker to settle by the profile's rule: bridge_columnar.pbn_columns);
    ``None`` for any other word."""
    if _PLAIN_CALLS.fullmatch(section):
        return section  # bridge_columnar.pbn_columns splits it
    words = [word for word in _words(section) if not _NOTE_REF.fullmatch(word)]  # "=1=1S" is no call: the reader's
    calls = words[:-1] if words and words[-1] == ALL_PASS else words
    if not calls or not all(w in CALL_CODE for w in calls):
        return None
    return b" ".join(words)


def _play(seat: bytes, section: bytes) -> tuple[bytes | None, bytes] | Literal[False] | None:
    """``[Play]``'s complete tricks, four cards a line (rows of ``-`` after the last dropped, ``*``
    ends it), and the last row when a claim cut it short (``-`` for the cards not played; which
    of them were played, in turn from the trick's leader, bridge_columnar._check finds);
    ``None`` when it holds no card; ``False`` for anything else (a ``-`` before the last row …)."""
    plain = _PLAIN_PLAY.fullmatch(section)
    if plain is not None and seat in SEAT_CODE:
        return plain[1], b""
    words = _words(section)
    if b"*" in words:
        words = words[:words.index(b"*")]
    if seat not in SEAT_CODE or len(words) % 4 or b"+" in words:
        return False
    tricks = len(words) // 4
    while tricks and _NOT_PLAYED.issuperset(words[4 * tricks - 4:4 * tricks]):
        tricks -= 1
    cut = []
    if tricks and not _NOT_PLAYED.isdisjoint(words[4 * tricks - 4:4 * tricks]):  # a claim cut it (rubber-bridge.md §4)
        tricks -= 1
        cut = [b"-" if w in _NOT_PLAYED else w.upper() for w in words[4 * tricks:4 * tricks + 4]]
    text = bytearray(b" ".join(words[:4 * tricks]).upper() + b" " if tricks else b"")
    if tricks > 12 + (not cut) or not _CARDS.fullmatch(text) or not all(w == b"-" or _CARDS.fullmatch(w + b" ") for w in cut):
        return False
    partial = b" ".join(cut)
    if not tricks and not partial:
        return None
    text[11::12] = b"\n" * tricks  # TRICK_TEXT a trick
    return bytes(text) or None, partial


def read_left(data: bytes, sessions: list[Session], vouched: list[tuple[str, int] | None],
              strict: bool = False) -> list[tuple[str, ReadResult] | None] | None:
    """The sessions of a PBN file the batch path left (``None`` in ``vouched``, each session's id
    and boards), each read by :func:`~.pbn.pbn_sessions` from the :func:`cut` text holding its
    games alone, with its id (as the whole file's reading names it); ``None`` for a vouched one.
    ``sessions`` is the file's :func:`scan`, the one the batch path checked (not scanned again).
    ``None`` when the file is to be read whole (not cut, or not cut as ``vouched`` says)."""
    left = [k for k, v in enumerate(vouched) if v is None]
    if len(sessions) != len(vouched) or not left or any(
            v is not None and (v[0] != s.ident or s.rows is None or len(s.rows) != v[1]) for s, v in zip(sessions, vouched)):
        return None
    text = cut(data, sessions, left)
    results = [] if text is None else pbn_sessions(text, strict)
    if len(results) != len(left):
        return None
    out: list[tuple[str, ReadResult] | None] = [None] * len(vouched)
    for k, result in zip(left, results):
        out[k] = (sessions[k].ident, result)
    return out
