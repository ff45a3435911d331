"""PBN files read straight into columns for the batch path, as real files write them: games
cut at blank lines, tag pairs in any order (the tags it does not need skipped, with their
sections), ``{…}``, ``;`` and ``%`` comments, CRLF line ends, note references in the auction,
``AP``, claims; each game put in the session the reader puts it in (:func:`~.pbn.session_key`).

Nothing is checked here but the layout. A game in a shape the scan does not take (a hand record,
a hand not written high to low, ``-`` before the dealer, a partial trick, a tag the reader warns
about, ``[Scoring]`` rubber …) leaves its session to :func:`~vint_replay.formats.pbn.read_pbn`,
the only producer of diagnostics; a file whose games or sessions the scan cannot tell apart
for sure (a ``#`` inheritance, a tag pair over several lines, a broken comment, ``Vint…`` tags,
a non-UTF-8 byte) is left to it whole."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..engine.calls import CALL_BY_TEXT, Contract
from ..engine.seats import SEATS
from .board_fields import parse_contract, parse_figure
from .encodings import is_utf8
from .pbn import _SCORE, INHERITED, _meant, by_table, session_ident, session_key

_SUIT = rb"A?K?Q?J?T?9?8?7?6?5?4?3?2?"  # a holding high to low, each rank once
_HAND = rb'(?=[^ "]{16}(?:[ "]|$))' + rb"\.".join([_SUIT] * 4)  # 13 cards: 13 ranks and 3 dots
_DEAL = re.compile(rb"([NESW]):(" + b" ".join([_HAND] * 4) + rb")")
_CARD = re.compile(rb"[SHDC][2-9TJQKA]")
_VALUE = rb'"((?:[^"\\\n]|\\.)*)"'  # a quoted value, backslash escapes kept (pbn_tokens._VALUE)
_TAG = re.compile(rb"\[[ \t]*([A-Za-z0-9_]+)[ \t]*" + _VALUE + rb"[ \t]*\]")  # one tag pair; re.split gives name, value, section
_GAMES = re.compile(rb"\n[ \t]*(?=\n)")  # a blank line ends a game (PBN 2.1 §3.1)
_COMMENT = re.compile(rb'("(?:[^"\\\n]|\\.)*")|\{[^{}]*\}|;[^\n]*')  # a comment, outside a tag value
_PERCENT = re.compile(rb"(?m)^%[^\n]*")  # PBN's % lines
_NOTE_REF = re.compile(rb"=[0-9]+=")  # a note reference in the auction (its [Note] is not read)
_NOT_PLAYED = frozenset((b"-", b"--"))
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
# auction's seat, calls (one space apart), play's seat, play (TRICK_TEXT a trick) or None
Row = tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Session:
    """One session of a scanned file, as the reader cuts it: its id and its games' rows, or
    ``None`` when a game of it is not laid out as the scan takes it."""

    ident: str
    rows: list[Row] | None


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
    pos = _HEAD.match(data).end()  # type: ignore[union-attr]
    rows: list[Row] = []
    match, blank, end = _EXPORT.match, _BLANK.match, len(data)
    while pos < end:
        game = match(data, pos)
        if game is None:
            return None
        rows.append(game.groups())
        pos = blank(data, game.end()).end()  # type: ignore[union-attr]
    if not rows or len({row[0] for row in rows}) != 1 or len({int(row[1]) for row in rows}) != len(rows) \
            or b"rubber" in rows[0][5].lower():
        return None
    found = _found(data[:_EXPORT.match(data, _HEAD.match(data).end()).end()])  # type: ignore[union-attr]
    return None if found is None or len(found) != 1 else [Session(found[0].ident, rows)]  # the first game's id


def _found(data: bytes) -> list[Session] | None:
    """:func:`scan` of a file in any layout."""
    data = data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")
    if b"\r" in data or b'"#' in data or b"[Vint" in data or _GAP in data or not is_utf8(data):
        return None  # lone CRs, inheritance, vint-replay's own tags, encodings: the reader's business
    if b"%" in data:
        data = _PERCENT.sub(b"", data)
    if b"{" in data or b";" in data:
        data = _COMMENT.sub(lambda m: m[1] or _GAP, data)
        if b"{" in data or b"}" in data:
            return None  # a comment nested or left open
    keys: dict[tuple, list[Row | None]] = {}
    firsts: dict[tuple, dict[str, str]] = {}
    seen: dict[tuple[str, str, str, str, str], int] = {}
    matches: dict[tuple[str, frozenset[str]], str] = {}
    previous: dict[str, str] = {}
    for text in _GAMES.split(data):
        parts = _TAG.split(text)
        if len(parts) == 1:
            if _words(parts[0]):
                return None  # words outside any game's tags
            continue
        between = b"".join(parts[0::3][1:]) + parts[0]  # the text outside the tag pairs
        if b"[" in between or b"]" in between:
            return None  # a tag pair over several lines or broken: where games and tags are is the reader's
        tags = dict(zip(parts[1::3], parts[2::3]))
        values = {name: _text(tags[raw]) for name, raw in _KEY_TAGS if raw in tags}
        for name in INHERITED:  # pbn._inherit: the event tags of the previous game when absent
            if name not in values and name in previous:
                values[name] = previous[name]
        previous = values
        key = session_key(values, seen, matches)
        firsts.setdefault(key, values)
        keys.setdefault(key, []).append(_row(parts, tags, values))
    tables = by_table(keys)
    return [Session(session_ident(firsts[key], key, key[:4] in tables), _plain(rows)) for key, rows in keys.items()]


def _plain(rows: list[Row | None]) -> list[Row] | None:
    """A session's rows if the scan takes every game of it and each board number once (the
    reader reports a board given twice, "01" after "1" too); else ``None``."""
    if any(row is None for row in rows) or len({int(row[1]) for row in rows}) != len(rows):  # type: ignore[index]
        return None
    return rows  # type: ignore[return-value]


def _text(value: bytes) -> str:
    """A tag value as the reader reads it (pbn_tokens._add_tag: backslash escapes undone)."""
    text = value.decode()
    return re.sub(r"\\(.)", r"\1", text) if "\\" in text else text


def _row(parts: list[bytes], tags: dict[bytes, bytes], values: dict[str, str]) -> Row | None:
    """A game's fields (:data:`Row`), or ``None`` where it is not laid out as the scan takes it."""
    names = parts[1::3]
    if parts[0].strip() and _words(parts[0]) or len(tags) + names.count(b"Note") - (b"Note" in tags) != len(names):
        return None  # words before the first tag (stray), a tag given twice
    if "rubber" in values.get("Scoring", "").lower() or any(map(_slip, tags)) or b"ScoreTable" in tags:
        return None  # rubber bridge; a tag the reader takes for a slip (a warning); a traveller (its rows' warnings)
    board, dealer, vulnerable, deal = (tags.get(t) for t in (b"Board", b"Dealer", b"Vulnerable", b"Deal"))
    auction, contract = tags.get(b"Auction"), tags.get(b"Contract", b"")
    if (auction not in SEAT_CODE or dealer not in SEAT_CODE or vulnerable not in VULNERABLE_CODE or deal is None
            or board is None or not board.isdigit() or not 1 <= int(board) <= 32767 or contract not in CONTRACT_CODE):
        return None
    declarer, result = tags.get(b"Declarer", b""), tags.get(b"Result", b"")
    if declarer not in SEAT_CODE and declarer != b"" or result and not (result.isdigit() and int(result) <= 13):
        return None
    score = tags.get(b"Score", b"").strip()
    if score not in (b"", b"?") and _SCORE_TEXT.match(score) is None:
        return None  # unreadable: the reader warns
    if not _FIGURES.isdisjoint(tags) and any((f := tags.get(name, b"").strip()) not in (b"", b"?")
                                             and parse_figure(f.decode()) is None for name in _FIGURES):
        return None
    hands = _hands(deal)
    calls = _calls(parts[3 * names.index(b"Auction") + 3])
    play_seat = tags.get(b"Play")
    play = None if play_seat is None else _play(play_seat, parts[3 * names.index(b"Play") + 3])
    if hands is None or calls is None or play is False:
        return None
    return (tags.get(b"Event", b""), board, dealer, vulnerable, hands, tags.get(b"Scoring", b""), declarer,
            contract, result, auction, calls, play_seat or b"", play)  # type: ignore[return-value]


@cache
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
    """The auction's calls, blanks apart (note references dropped, ``AP`` written out as the
    passes that close it: rubber-bridge.md §2); ``None`` for any other word."""
    if _PLAIN_CALLS.fullmatch(section):
        return section  # bridge_columnar.pbn_columns splits it
    words = _words(_NOTE_REF.sub(b" ", section))
    if words and words[-1] == b"AP":
        words.pop()
        trailing = next((i for i, w in enumerate(reversed(words)) if w != b"Pass"), len(words))
        bid = any(w not in (b"Pass", b"X", b"XX") for w in words)
        words += [b"Pass"] * max(0, (3 if bid else 4) - trailing)
    if not words or not all(w in CALL_CODE for w in words):
        return None
    return b" ".join(words)


def _play(seat: bytes, section: bytes) -> bytes | None | bool:
    """``[Play]``'s whole tricks, four cards a line (rows of ``-`` after the last dropped, ``*``
    ends it); ``None`` when it holds none; ``False`` for anything else (a partial trick …)."""
    plain = _PLAIN_PLAY.fullmatch(section)
    if plain is not None and seat in SEAT_CODE:
        return plain[1]
    words = _words(section)
    if b"*" in words:
        words = words[:words.index(b"*")]
    if seat not in SEAT_CODE or len(words) % 4 or b"+" in words:
        return False
    rows = [words[i:i + 4] for i in range(0, len(words), 4)]
    while rows and all(w in _NOT_PLAYED for w in rows[-1]):
        rows.pop()
    if len(rows) > 13 or not all(_CARD.fullmatch(w) for row in rows for w in row):
        return False
    return b"".join(b" ".join(row) + b"\n" for row in rows) or None
