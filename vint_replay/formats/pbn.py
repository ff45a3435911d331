"""The PBN reader: a ``.pbn`` file's games as boards of vint-replay sessions (docs/format.md §5.4).

A session is one event and room of the file (a team event holds each board twice, once per
room), or one match's table where a team event names matches and tables instead of rooms;
``read_pbn`` returns the first, and reports every board of the others, located, with the
session number that reads it (``pbn_sessions`` reads them all)."""
from __future__ import annotations

import difflib
import json
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from datetime import date
from typing import Literal

from ..engine.calls import CALL_BY_TEXT, PASS, Call, Contract
from ..engine.cards import CARD_BY_TEXT, Card, Hand, HandError
from ..engine.diagnostics import Diagnostic, Severity
from ..engine.gc_pause import paused_gc
from ..engine.plural import plural
from ..games.registry import ProfileError, get_profile, profile_names
from ..engine.record import (VULNERABLE, Comment, DealRecord, LineTotals, PlayColumns, SessionInfo, SessionRecord,
                             Shorthand, place, placed)
from ..engine.settle import FIRST
from ..engine.seats import SEATS, Seat, Side, by_seat
from . import ReadResult
from .board_fields import ASKED, CONTRACT_HELP, CONTRACT_PATTERN, RecordedFigures, parse_contract, parse_figure
from .encodings import utf16_kind, utf16_message
from .json_problems import line_column
from .json_record import unknown_rules
from .pbn_kept import READ_TAGS, kept_tags
from .pbn_notes import GameNotes
from .pbn_tokens import Game, Tag, Token, games
from .pbn_traveller import read_totals, read_traveller
from .sessions import NoSuchSession

INHERITED = frozenset({"Event", "Site", "Date", "Room", "Scoring", "VintRules", "HomeTeam", "VisitTeam",
                       "Match"})  # absent: the previous board's
BOARD_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")  # the board's own, which rpbridge leaves out at its other table
PLAYED_TAGS = ("Auction", "Contract", "Declarer", "Result", "Play")  # what a table made of the board
VULNERABLE_WORDS = VULNERABLE | {"Love": (False, False), "-": (False, False), "Both": (True, True)}
_SCORE = re.compile(r"^(?:(NS|EW)\s+)?(-?\+?[0-9]{1,9})(?![0-9])")  # ASCII digits: int() takes "1_0" and "١"
_BOARD = re.compile(r"[0-9]{1,5}")
_NOT_PLAYED = ("-", "--")  # a card not played: PBN's "-", and "--" as some vugraph files write it


@dataclass(slots=True)
class _Section:
    """Where each call or card of a board stands in the file (for located diagnostics)."""

    tag: Tag
    words: list[int]  # the word of the tag's section each call or card stands at

    def where(self, index: int) -> tuple[int, int] | None:
        if not 0 <= index < len(self.words):
            return None
        token = self.tag.token(self.words[index])
        return token.line, token.column


@dataclass(slots=True)
class _Session:
    # event, room, match and its table (a team event without [Room]; else ""), and n: the n-th time a
    # board number comes back in them (a pairs event's table n)
    key: tuple[str, str, str, str, int]
    boards: list[DealRecord] = field(default_factory=list)
    first: dict[str, str] = field(default_factory=dict)  # the first board's tags
    result: ReadResult = field(default_factory=lambda: ReadResult(None))
    options: dict[str, str] = field(default_factory=dict)  # the first board's [VintOptions], when valid
    by_table: bool = False  # its event and room is a pairs event: a session per table

    @property
    def label(self) -> str:
        """The session as messages name it: event / room / match / table (a match's) / table n (a pairs event's)."""
        event, room, match, table, n = self.key
        return " / ".join(p for p in (event, room, match, f"table {table}" if table else "",
                                      f"table {n}" if self.by_table else "") if p)


def read_pbn(data: bytes, strict: bool = False, session: int = 1) -> ReadResult:
    """The ``session``-th session of a PBN file (1-based); the boards of the other sessions are
    reported as warnings naming the session that holds them. ``strict``: a repeated tag and an
    unreadable ``[Score]`` are errors (else warnings; unknown tags are PBN's own and pass).
    :class:`NoSuchSession` when the file has no such session."""
    sessions, file_problems = _read(data, strict)
    if not sessions:
        return _nothing_read(file_problems)
    if not 1 <= session <= len(sessions):
        raise NoSuchSession(f"the file holds {plural(len(sessions), 'session')}; there is no session {session}")
    chosen = sessions[session - 1].result
    chosen.diagnostics[:0] = file_problems
    for i, other in enumerate(sessions, 1):
        if i != session and other.boards:
            line, column = other.result.locations.get((other.boards[0].number, None), (None, None))
            numbers = ", ".join(str(d.number) for d in other.boards)
            chosen.diagnostics.append(Diagnostic(
                "pbn_session", f"session {i} of this file ({other.label}) holds "
                f"board{'s' if len(other.boards) > 1 else ''} {numbers}: read it with --session {i} (import stores "
                "every session)", severity=Severity.WARNING, line=line, column=column))
    return chosen


def pbn_sessions(data: bytes, strict: bool = False) -> list[ReadResult]:
    """Every session of a PBN file, in the order of their first board."""
    sessions, problems = _read(data, strict)
    if not sessions:
        return [_nothing_read(problems)]
    sessions[0].result.diagnostics[:0] = problems
    return [s.result for s in sessions]


def _nothing_read(problems: list[Diagnostic]) -> ReadResult:
    """A file without a game: why (its encoding, broken comments), else that it has none."""
    return ReadResult(None, problems or [Diagnostic("syntax", "the file holds no PBN game (no tag pair)",
                                                    line=1, column=1)])


def _read(data: bytes, strict: bool) -> tuple[list[_Session], list[Diagnostic]]:
    """The file's sessions and its own problems (not any board's); the cycle collector paused,
    as the JSON reader pauses it (a vugraph archive's games are tens of thousands of small objects)."""
    with paused_gc():
        return _sessions(data, strict)


def _sessions(data: bytes, strict: bool) -> tuple[list[_Session], list[Diagnostic]]:
    kind = utf16_kind(data)
    if kind is not None:
        return [], [Diagnostic("syntax", utf16_message(kind), line=1, column=1)]
    text, decoded, lossy = _decode(data)
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    found, slips = games(text)
    starts = [game.line for game in found]
    # a broken comment, a stray byte: named by the board they stand in (Latin-1: the whole file's)
    named = [replace(d, deal=_board_of(found[at - 1])) if d.line is not None and (at := bisect_right(starts, d.line))
             else d for d in (decoded if lossy else []) + slips]
    problems = ([] if lossy else decoded) + named
    if lossy:
        problems += [Diagnostic("syntax", f"[{tag.name}] holds a byte that is not UTF-8 (read as \ufffd); save the "
                                          "file as UTF-8", _board_of(game), line=tag.line, column=tag.column)
                     for game in found for tag in (*game.tags.values(), *game.repeated) if "\ufffd" in tag.value]
    sessions: dict[tuple[str, str, str, str, int], _Session] = {}
    seen: dict[tuple[str, str, str, str, str], int] = {}  # (event, room, match, table, board): times played so far
    matches: dict[tuple[str, frozenset[str]], str] = {}  # (event, its two teams): the match's name as first given
    previous: dict[str, str] = {}
    sticky: dict[str, str] = {}
    follows: int | None = None  # the last board number read
    found, again = _other_tables(found)
    if again:
        problems.append(Diagnostic(
            "schema", f"{plural(len(again), 'game')} without [Board], [Dealer], [Vulnerable] or [Deal] after a board: "
            "each is read as the board before it, played at another table (as rpbridge.net's vugraph files write a "
            "match's other room; PBN 2.1 forbids inheriting [Deal])", _board_of(again[0]), severity=Severity.WARNING,
            line=again[0].line, column=1))
    for game in found:
        values = _inherit(game, previous, sticky)
        previous = values
        board = _Board(game, values, strict, follows)
        follows = _number(values.get("Board", "").strip()) or follows
        key = session_key(values, seen, matches)
        target = sessions.get(key)
        if target is None:
            target = sessions[key] = _Session(key, first=values)
            target.result.diagnostics.extend(_unknown_rules(game, values))
            target.options = _valid_options(game, values, target.result.diagnostics)
        deal = board.deal(target.result, get_profile(_rules(target.first), target.options))
        target.result.diagnostics.extend(board.problems)
        if deal is not None:
            target.boards.append(deal)
    tables = by_table(sessions)
    for s in sessions.values():
        s.by_table = s.key[:4] in tables
        kept = _Kept.of(_session_json(s.first.get("VintSessionExtra", "")))
        s.result.record = SessionRecord(_info(s, kept), tuple(s.boards), kept.record_extra,
                                        kept.comments) if s.boards else None
    out = [s for s in sessions.values() if s.boards or s.result.diagnostics]
    for s in out:
        if s.result.record is None:
            s.result.record = SessionRecord(_info(s, _Kept.of({})), ())
    return out, problems


SessionKey = tuple[str, str, str, str, int]  # event, room, match, its table, n (a pairs event's table n)


def session_key(values: dict[str, str], seen: dict[tuple[str, str, str, str, str], int],
                matches: dict[tuple[str, frozenset[str]], str]) -> SessionKey:
    """The session of a game whose tags (after inheritance) are ``values`` (format.md §5.2): its
    event, room, match and table, and n where its board comes back for the n-th time in them
    (a pairs event's table n; a match's table n where no tag names its tables); a game's
    ``[VintSession]`` stands for its match. ``seen`` and ``matches`` carry what the earlier games gave."""
    event, room = values.get("Event", ""), values.get("Room", "")
    named = values.get("VintSession", "")  # vint-replay's writer names each game's session: a file of several it wrote
    match, match_table = (named, "") if named else _match_table(values, matches)
    played = (event, room, match, match_table, values.get("Board", "").strip())
    table = seen[played] = seen.get(played, 0) + 1  # the n-th table of a board is session n of its event
    if match and not match_table and not named:  # a match whose tables only the board coming back tells: its table n
        return (event, room, match, str(table), 1)
    return (event, room, match, match_table, table)


def by_table(keys: Iterable[SessionKey]) -> set[tuple[str, str, str, str]]:
    """The pairs events among the sessions ``keys``: a board played at several tables, a session per table."""
    return {key[:4] for key in keys if key[4] > 1}


def session_ident(tags: dict[str, str], key: SessionKey, tables: bool) -> str:
    """The id of the session ``key`` whose first game's tags are ``tags`` (``tables``: its
    event is a pairs event): ``[VintSession]``, else its event, date, room and table as slugs;
    a team match's table is in it (``…--austria-v-denmark--table-11``: no id made of slugs otherwise holds ``--``)."""
    event, room, match, match_table, table = key
    ident = tags.get("VintSession") or "-".join(
        p for p in (_slug(event), _slug(tags.get("Date", "")), _slug(room), f"table-{table}" if tables else "") if p)
    if match and not tags.get("VintSession"):
        ident += f"--{_slug(match)}--table-{_slug(match_table)}"
    return ident or "pbn"


def _match_table(values: dict[str, str], matches: dict[tuple[str, frozenset[str]], str]) -> tuple[str, str]:
    """A team event's match and table, where a game without [Room] names them (format.md §5.2):
    [Match], else [HomeTeam] v [VisitTeam] as the match's first game gives them (its other table
    gives the teams the other way round); [Table], else [Section], else "" (the board coming
    back tells the table). ("", "") when it names no match, or gives a [Room]."""
    table = values.get("Table", "").strip() or values.get("Section", "").strip()
    home, visit = values.get("HomeTeam", "").strip(), values.get("VisitTeam", "").strip()
    match = values.get("Match", "").strip()
    if values.get("Room", "").strip() or not (match or home and visit):
        return "", ""
    if not match:
        match = matches.setdefault((values.get("Event", ""), frozenset((home, visit))), f"{home} v {visit}")
    return match, table


def _other_tables(found: list[Game]) -> tuple[list[Game], list[Game]]:
    """The games, each that gives none of its board's tags (:data:`BOARD_TAGS`) but a table's
    auction, contract, result or play given the board before it (format.md §5.2); and those games."""
    out: list[Game] = []
    again: list[Game] = []
    before: Game | None = None  # the last game with a [Board]
    for game in found:
        if (before is not None and not any(name in game.tags for name in BOARD_TAGS)
                and any(name in game.tags for name in PLAYED_TAGS)):
            game = replace(game, tags={**{n: before.tags[n] for n in BOARD_TAGS if n in before.tags}, **game.tags})
            again.append(game)
        if "Board" in game.tags:
            before = game
        out.append(game)
    return out, again


def _board_of(game: Game) -> int | None:
    """The board number a game's own [Board] gives (to name the board of its lexical problems)."""
    tag = game.tags.get("Board")
    return _number("" if tag is None else tag.value.strip())


def _number(text: str) -> int | None:
    """A [Board] value's board number: digits 0–9 (``int`` takes "1_0" and "١"), 1 to 32767."""
    return int(text) if _BOARD.fullmatch(text) and 1 <= int(text) <= 32767 else None


@dataclass(frozen=True, slots=True)
class _Kept:
    """What vint-replay's PBN writer keeps in ``[VintExtra]`` and ``[VintSessionExtra]``
    (format.md §5.3): unknown fields, nested unknowns by field, comments, the record's own
    unknowns, and a date PBN's ``[Date]`` cannot give back; what is not of its kind is left out."""

    extra: dict[str, object]
    nested: dict[str, dict[str, object]]
    comments: tuple[Comment, ...]
    record_extra: dict[str, object]
    date: str | None

    @classmethod
    def of(cls, value: dict[str, object]) -> _Kept:
        def mapping(key: str) -> dict[str, object]:
            found = value.get(key)
            return {str(k): v for k, v in found.items()} if isinstance(found, dict) else {}

        nested = {name: {str(k): v for k, v in fields.items()} for name, fields in mapping("nested_extra").items()
                  if isinstance(fields, dict)}
        raw = value.get("comments")
        comments = tuple(Comment(str(c.get("before", "")), str(c.get("text", ""))) for c in raw
                         if isinstance(c, dict)) if isinstance(raw, list) else ()
        date = value.get("date")
        return cls(mapping("extra"), nested, comments, mapping("record_extra"), str(date) if date else None)


def _decode(data: bytes) -> tuple[str, list[Diagnostic], bool]:
    """The text of a PBN file, the warning saying how it was decoded when not as UTF-8, and
    whether bytes were lost. PBN 2.1's character set is ISO 8859-1 (Latin-1): a file with no
    UTF-8 sequence at all is read as Latin-1; a UTF-8 file with stray bytes stays UTF-8 (a
    Latin-1 reading would turn all its other letters into mojibake), each stray byte read as
    U+FFFD and the first one located."""
    try:
        return data.decode("utf-8"), [], False
    except UnicodeDecodeError:
        pass
    escaped = data.decode("utf-8", "surrogateescape")  # each stray byte as one U+DC80–U+DCFF
    if _UTF8_LETTER.search(escaped) is None:
        return data.decode("latin-1"), [Diagnostic(
            "syntax", "the file is not UTF-8; it is read as ISO 8859-1 (Latin-1), PBN's own character set",
            severity=Severity.WARNING, line=1, column=1)], False
    stray = [m.start() for m in _STRAY_BYTE.finditer(escaped)]
    line, column = line_column(escaped, stray[0])
    others = f" ({len(stray) - 1} more in the file)" if len(stray) > 1 else ""
    return _STRAY_BYTE.sub("\ufffd", escaped), [Diagnostic(
        "syntax", f"byte {ord(escaped[stray[0]]) - 0xDC00:#04x} is not UTF-8, though the file's other letters are: "
        f"it is read as \ufffd{others}, the rest as UTF-8", severity=Severity.WARNING, line=line, column=column)], True


_STRAY_BYTE = re.compile("[\udc80-\udcff]")
_UTF8_LETTER = re.compile("[^\x00-\x7f\udc80-\udcff]")  # a character of a valid multi-byte UTF-8 sequence


def _inherit(game: Game, previous: dict[str, str], sticky: dict[str, str]) -> dict[str, str]:
    """The game's tag values after PBN's inheritance: ``#`` is the previous game's value,
    ``##text`` is text here and in every later game that does not say otherwise; the event
    tags of :data:`INHERITED` keep the previous game's value when absent."""
    values: dict[str, str] = {}
    for name, tag in game.tags.items():
        value = tag.value
        if value.startswith("##"):
            sticky[name] = value = value[2:]
        elif value == "#":
            value = previous.get(name, "")
        values[name] = value
    for name, value in sticky.items():
        values.setdefault(name, value)
    for name in INHERITED:
        if name not in values and name in previous:
            values[name] = previous[name]
    return values


def _rules(tags: dict[str, str]) -> str:
    """The profile: ``[VintRules]`` (written by vint-replay), else rubber bridge where
    ``[Scoring]`` says rubber, else duplicate bridge."""
    named = tags.get("VintRules", "")
    if named in profile_names():
        return named
    return "rubber-bridge" if "rubber" in tags.get("Scoring", "").lower() else "duplicate-bridge"


def _unknown_rules(game: Game, tags: dict[str, str]) -> list[Diagnostic]:
    """A ``schema`` error at a ``[VintRules]`` naming no profile: the session would else be
    scored as bridge without a word."""
    named = tags.get("VintRules")
    if named is None or named in profile_names():
        return []
    tag = game.tags.get("VintRules")  # absent: inherited from an earlier game
    return [Diagnostic("schema", f"[VintRules]: {unknown_rules(named)}; the session is read as {_rules(tags)}",
                       at="session.rules", line=tag.line if tag else game.line, column=tag.column if tag else 1)]


def _options(tags: dict[str, str]) -> dict[str, str]:
    """``[VintOptions "x_marks=on;…"]``: the session's profile options."""
    pairs = (item.partition("=") for item in tags.get("VintOptions", "").split(";") if "=" in item)
    return {k.strip(): v.strip() for k, _, v in pairs}


def _valid_options(game: Game, tags: dict[str, str], problems: list[Diagnostic]) -> dict[str, str]:
    """The session's ``[VintOptions]`` if its profile takes them; else none, with an error at
    the tag (the session's scores would follow options it does not have)."""
    options = _options(tags)
    try:
        get_profile(_rules(tags), options)
    except ProfileError as bad:
        tag = game.tags.get("VintOptions")
        problems.append(Diagnostic("schema", f"[VintOptions]: {bad}; the session is read without its options",
                                   line=tag.line if tag else game.line, column=tag.column if tag else 1))
        return {}
    return options


def _session_json(text: str) -> dict[str, object]:
    """``[VintSessionExtra]``: the session's fields PBN has no tag for (unknown fields, comments)."""
    try:
        value = json.loads(text) if text else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _info(session: _Session, kept: _Kept) -> SessionInfo:
    """The session's tags; a pairs event's table is in its id (:func:`session_ident`) and its
    ``table`` (the [Table] tag, else the table's number); a team match's table too."""
    tags = session.first
    event, _, _, match_table, table = session.key
    players = by_seat(tags.get(SEAT_TAG[seat], "") for seat in SEATS)
    known = {name: value for name, value in tags.items() if value != "?"}  # PBN's "?": unknown
    return SessionInfo(session_ident(tags, session.key, session.by_table), players,
                       (event if event != "?" else "") or None,
                       known.get("Site") or None, kept.date or iso_date(known.get("Date", "")) or None,
                       match_table or known.get("Table") or (str(table) if session.by_table else None),
                       _rules(tags), session.options,
                       extra=kept.extra, nested_extra=kept.nested)


def iso_date(text: str) -> str:
    """A PBN ``[Date]`` (``YYYY.MM.DD``) as the record's ISO date ``YYYY-MM-DD``; a date with
    unknown parts (``2026.??.??``) or not a calendar day has no ISO form and stays as given."""
    match = _PBN_DATE.fullmatch(text)
    if match is None:
        return text
    try:
        return date(*map(int, match.groups())).isoformat()
    except ValueError:
        return text


_PBN_DATE = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


SEAT_TAG = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
# the tags this reader reads (pbn_kept.READ_TAGS), and PBN 2.1's other tags (they pass unread, without a hint)
PBN_TAGS = frozenset(READ_TAGS) | {
    "Annotator", "AnnotatorNA", "Application", "BidSystemEW", "BidSystemNS", "Competition", "DealId", "Description",
    "EastNA", "EastType", "EventDate", "EventSponsor", "FrenchMP", "Generator", "Hidden", "Mode",
    "NorthNA", "NorthType", "OptimumScore", "ParContract", "Round",
    "ScoreRubber", "ScoreRubberHistory", "SouthNA", "SouthType", "Stage", "Termination", "Time", "TimeCall",
    "TimeCard", "TimeControl", "UTCDate", "UTCTime", "WestNA", "WestType", "ActionTable",
    "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable", "OptimumResultTable", "PlayTimeTable", "ScoreTable",
    "TotalScoreTable"}
_READ_LOWER = {t.lower(): t for t in READ_TAGS}


@cache
def _meant(name: str) -> str | None:
    """The tag read here that an unknown tag name is likely a slip for (``Auctoin``: ``Auction``)."""
    if name in PBN_TAGS:
        return None
    close = difflib.get_close_matches(name.lower(), _READ_LOWER, n=1, cutoff=0.75)
    return _READ_LOWER[close[0]] if close else None


class _Board:
    """One game read into a deal; its problems located at the tag or token they concern."""

    def __init__(self, game: Game, values: dict[str, str], strict: bool, follows: int | None = None) -> None:
        self.game = game
        self.values = values
        self.follows = follows  # the board of the last game read before it (to name a game without one)
        self.lenient = Severity.ERROR if strict else Severity.WARNING  # what a PBN import lets pass
        self.problems: list[Diagnostic] = []
        self.number: int | None = None
        self.unreadable: set[str] = set()
        self.marked: list[Comment] = []  # the comments its calls carry (notes, alerts), in order

    def report(self, code: str, at: str | None, message: str, where: Tag | Token | None,
               severity: Severity = Severity.ERROR) -> None:
        line, column = (where.line, where.column) if where is not None else (self.game.line, 1)
        self.problems.append(Diagnostic(code, message, self.number, at, severity, line, column))

    def deal(self, result: ReadResult, profile) -> DealRecord | None:
        """The deal of this game, or ``None`` (reported) when it has no usable board number."""
        tags, values = self.game.tags, self.values
        board = tags.get("Board")
        text = values.get("Board", "").strip()
        self.number = _number(text)
        for token in self.game.stray:  # named by the board when it has one
            self.report("syntax", None, f"{token.text[:40]!r} is neither a tag pair nor part of a section", token)
        if self.number is None:
            after = "" if self.follows is None else f" (the game after board {self.follows})"
            self.report("schema", "number", ("the game has no board number (1–32767) in [Board]; it is not read"
                        if board is None else f"board number {values['Board']!r} is not a number from 1 to 32767 "
                        "(digits 0–9); the game is not read") + after, board)
            return None
        number = self.number
        self.notes = GameNotes(self.game, self.report)  # its [Note] tags, for the marks of its calls and cards
        for tag in self.game.repeated:
            self.report("schema", None, f"tag [{tag.name}] given twice in the game; the first is kept", tag,
                        self.lenient)
        for tag in tags.values():
            meant = _meant(tag.name)
            if meant is not None:
                self.report("schema", None, f"unknown tag [{tag.name}] (PBN lets it pass, but it is not read); did you "
                            f"mean [{meant}]?", tag, Severity.WARNING)
        result.locations[(number, None)] = (self.game.line, 1)
        if "ScoreTable" in tags:  # the other tables' results (format.md §5.2), audited with the board
            lines, problems = read_traveller(tags["ScoreTable"], number)
            self.problems.extend(problems)
            if lines:
                result.travellers[number] = lines
        if "TotalScoreTable" in tags and not result.totals:  # the pairs' totals (format.md §5.2), on the first board
            result.totals, problems = read_totals(tags["TotalScoreTable"], number)
            self.problems.extend(problems)
        for name, at in (("Board", "number"), ("Dealer", "dealer"), ("Deal", "hands"), ("Auction", "auction"),
                         ("Play", "play"), ("Result", "result"), ("Contract", "contract"), ("Score", "recorded_score"),
                         ("Vulnerable", "vulnerable")):
            if name in tags:
                result.locations[(number, at)] = (tags[name].line, tags[name].column)
        hands, first = self._hands()
        dealer = self._dealer(first)
        contract = self._contract()
        auction, all_pass, question = self._auction(dealer, number, result)
        play, columns = self._play(number, result)
        absent = set(values.get("VintAbsent", "").split(";"))
        if auction is None:  # [Contract "Pass"] without an auction: passed out, unless only a filled-in tag
            auction = (PASS,) * 4 if contract is False and "contract" not in absent else ()
        tricks = None if "result" in absent else self._result()
        passed = contract is False or (contract is None and bool(auction) and not any(c.is_bid for c in auction))
        if passed and not (play or columns is not None and columns.written) and not profile.plays_passed_out():
            play, columns, tricks = None, None, None if tricks == 0 else tricks  # BBO's pass-out: [Result "0"], no card
        kept = _Kept.of(self._json("VintExtra"))
        return DealRecord(
            number, dealer or Seat.N, auction, None if "hands" in absent else hands, play,
            tricks, self._recorded(),
            kept.extra, frozenset(self.unreadable), placed(kept.comments, self.marked), kept.nested,
            vulnerable=None if "vulnerable" in absent else self._vulnerable(),
            contract=None if "contract" in absent else contract or None,
            recorded_score=self._score(contract or None),
            shorthand=Shorthand(all_pass, columns) if all_pass or columns is not None else None,  # the engine settles it
            pbn_tags=kept_tags(self.game, values),  # the tags no field holds, to write back (§5.2)
            question=question, recorded_figures=self._figures())

    def _figures(self) -> RecordedFigures | None:
        """The board's recorded IMPs, matchpoints and percentage (team and pairs results), if any;
        a value that is not a figure is reported and left out."""
        read = {}
        for name in ("ScoreIMP", "ScoreMP", "ScorePercentage"):
            tag = self.game.tags.get(name)
            if tag is None or tag.value.strip() in ("", "?"):
                continue
            read[name] = parse_figure(tag.value)
            if read[name] is None:
                self.report("schema", None, f"[{name}] {tag.value[:20]!r} is not a figure such as NS 5 or EW 41.67",
                            tag, self.lenient)
        if not any(read.values()):
            return None
        return RecordedFigures(read.get("ScoreIMP"), read.get("ScoreMP"), read.get("ScorePercentage"))

    def _json(self, name: str) -> dict[str, object]:
        """A ``Vint…`` tag holding a JSON object (written by vint-replay's PBN writer)."""
        tag = self.game.tags.get(name)
        if tag is None:
            return {}
        try:
            value = json.loads(tag.value)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            self.report("schema", None, f"[{name}] must hold a JSON object (as vint-replay writes it)", tag)
            return {}
        return value

    def _recorded(self) -> tuple[LineTotals, LineTotals] | None:
        """``[VintRecorded "NS 0/120 EW 30/0"]``: the paper scoresheet's totals of a vint deal."""
        tag = self.game.tags.get("VintRecorded")
        if tag is None:
            return None
        m = re.fullmatch(r"\s*NS\s+(-?[0-9]{1,9})/(-?[0-9]{1,9})\s+EW\s+(-?[0-9]{1,9})/(-?[0-9]{1,9})\s*", tag.value)
        if m is None:
            self.report("schema", "recorded", "[VintRecorded] must read \"NS <below>/<above> EW <below>/<above>\"", tag)
            return None
        n = [int(g) for g in m.groups()]
        return LineTotals(n[0], n[1]), LineTotals(n[2], n[3])

    def _hands(self) -> tuple[tuple[Hand, Hand, Hand, Hand] | None, Seat | None]:
        tag = self.game.tags.get("Deal")
        if tag is None:
            return None, None
        first, _, rest = tag.value.strip().partition(":")
        parts = rest.split()
        try:
            seat = Seat.parse(first)
        except ValueError:
            self.report("bad_card", "hands", f"[Deal] must start with the first hand's seat (N:, E:, S: or W:), "
                        f"not {first[:10]!r}", tag)
            self.unreadable.add("hands")
            return None, None
        if len(parts) != 4:
            self.report("bad_card", "hands", f"[Deal] gives {len(parts)} hands; it needs 4", tag)
            self.unreadable.add("hands")
            return None, seat
        if "-" in parts:
            return None, seat  # a hand not given: the play must tell who held what
        hands: list[Hand] = [Hand()] * 4
        for i, part in enumerate(parts):
            try:
                hands[(seat + i) & 3] = Hand.parse(part)
            except HandError as bad:
                self.report(bad.code, f"hands.{SEATS[(seat + i) & 3]}", str(bad.args[1] if len(bad.args) > 1 else bad),
                            tag)
                self.unreadable.add("hands")
                return None, seat
        return (hands[0], hands[1], hands[2], hands[3]), seat

    def _dealer(self, first: Seat | None) -> Seat | None:
        tag = self.game.tags.get("Dealer")
        if tag is not None:
            try:
                return Seat.parse(tag.value)
            except ValueError:
                self.report("schema", "dealer", f"[Dealer] {tag.value[:10]!r} is not N, E, S or W", tag)
        else:
            self.report("schema", "dealer", "the game has no [Dealer]", None)
        self.unreadable.add("dealer")
        return first

    def _vulnerable(self) -> tuple[bool, bool] | None:
        tag = self.game.tags.get("Vulnerable")
        if tag is None:
            return None
        value = VULNERABLE_WORDS.get(tag.value.strip()) or VULNERABLE_WORDS.get(tag.value.strip().capitalize())
        if value is None:
            self.report("schema", "vulnerable", f"[Vulnerable] {tag.value[:10]!r} is not None, NS, EW or All", tag)
        return value

    def _contract(self) -> Contract | Literal[False] | None:
        """The recorded contract; ``False`` for ``Pass``; ``None`` when not given or unreadable."""
        tag = self.game.tags.get("Contract")
        if tag is None or not tag.value.strip() or tag.value.strip() == "?":
            return None
        text = tag.value.strip()
        if text.lower() == "pass":
            return False
        declarer = self.game.tags.get("Declarer")
        try:
            return parse_contract(text, declarer.value if declarer is not None else "")
        except ValueError as bad:
            self.report("bad_call", "contract", f"[Contract] and [Declarer] must be {CONTRACT_HELP} (or Pass) and N, "
                        f"E, S or W: {bad}", tag if CONTRACT_PATTERN.match(text) is None or declarer is None else declarer)
            # the play was written for the contract the tag meant: checked under another (the
            # auction's) it would only echo this error as a false hands_mismatch (format.md §5.2)
            self.unreadable.add("play")
            if "Auction" not in self.game.tags:  # a board given by its contract alone: that was its auction
                self.unreadable.add("auction")
            return None

    def _auction(self, dealer: Seat | None, number: int,
                 result: ReadResult) -> tuple[tuple[Call, ...] | None, bool, tuple[Call | None, ...] | None]:
        """The calls as written, and whether ``AP`` ends them (the passes that close the auction,
        which the engine settles: engine/settle.py); ``None`` without ``[Auction]``. A bidding
        quiz's calls stop at its first ``AC``; the calls from there on are its question (§5.2)."""
        tag = self.game.tags.get("Auction")
        if tag is None:
            return None, False, None
        question: list[Call | None] | None = None
        calls: list[Call] = []
        at: list[int] = []
        all_pass = False
        first: Seat | None
        try:
            first = Seat.parse(tag.value)
        except ValueError:
            first = dealer
        skip = 0 if dealer is None or first is None else (dealer - first) & 3  # seats before the dealer: "-"
        for index, word in enumerate(tag.words):
            if word in ("*", "+"):
                break
            if word == "-":
                if skip:
                    skip -= 1
                    continue
                self.report("bad_call", f"auction[{len(calls)}]", "'-' stands for a seat before the dealer only",
                            tag.token(index))
                self.unreadable.add("auction")
                break
            if skip:  # PBN 2.1: [Auction] names the seat of the first call listed
                assert dealer is not None  # a seat is skipped only before a known dealer
                self.report("bad_call", "auction[0]", f"[Auction \"{first}\"] lists {SEATS[(dealer - skip) & 3]}'s "
                            f"call first, but {dealer} deals: write '-' for each seat before the dealer, or name "
                            "the dealer in [Auction]", tag.token(index))
                self.unreadable.add("auction")
                break
            if word.upper() == "AP" and question is None:
                all_pass = True
                at.append(index)  # where the passes it stands for are written
                break
            call = CALL_BY_TEXT.get(word)
            starred = call is None and len(word) > 1 and word[-1] == "*"
            if starred:  # an alert mark stuck to the call (format.md §5.2)
                call = CALL_BY_TEXT.get(word[:-1])
            if call is None and word.upper() == ASKED:  # BridgeComposer's quiz: the contestant is to call here
                if question is None:
                    at.append(index)  # where the auction stops
                question = (question or []) + [None]
                continue
            if call is None:
                self.report("bad_call", f"auction[{len(calls) + len(question or ())}]",
                            f"{word[:12]!r} is not a call" + (f" (after the quiz's {ASKED!r})" if question else ""),
                            tag.token(index))
                self.unreadable.add("auction")
                break
            if question is not None:
                question.append(call)
                continue
            calls.append(call)
            at.append(index)
            if starred or tag.marks and index in tag.marks:  # a note or an alert: its comments, after it (§3.7)
                self.marked += [Comment(f"auction[{len(calls)}]", text)
                                for text in self.notes.texts(tag, index, f"auction[{len(calls) - 1}]", True, starred)]
        if tag.comments:  # a {…} comment before the call it precedes, after the notes of the call before it
            self.marked += [Comment(f"auction[{bisect_left(at, word, hi=len(calls))}]", text) for word, text in tag.comments]
            self.marked.sort(key=lambda comment: place(comment.before))
        result.sections[(number, "auction")] = _Section(tag, at)
        return tuple(calls), all_pass, None if question is None else tuple(question)

    def _play(self, number: int, result: ReadResult) -> tuple[tuple[Card, ...] | None, PlayColumns | None]:
        """``[Play]`` as written: seat columns from the opening leader the tag names, four a trick
        (format.md §5.2), which the engine puts in the order played by the trick winners
        (engine/settle.py); an unreadable play as ``()``, none without the tag."""
        tag = self.game.tags.get("Play")
        if tag is None:
            return None, None
        try:
            first = Seat.parse(tag.value)
        except ValueError:
            if not tag.words or tag.words[0] in ("*", "+"):
                return None, None
            self.report("schema", "play", f"[Play] must name the opening leader, not {tag.value[:10]!r}", tag)
            self.unreadable.add("play")
            return (), None
        words = tag.words
        stop = min((words.index(end) for end in ("*", "+") if end in words), default=len(words))
        cells: list[Card | None] = []
        unread: dict[int, str] = {}  # a word that is no card, reported where the play reaches it
        for index, word in enumerate(words[:stop]):
            card = None if word in _NOT_PLAYED else CARD_BY_TEXT.get(word)
            if card is None and word not in _NOT_PLAYED:
                unread[index] = f"{word[:12]!r} is not a card"
            cells.append(card)
        cells += [None] * (-len(cells) % 4)  # a last trick cut short: its cards not played
        rows = tuple(tuple(cells[k:k + 4]) for k in range(0, len(cells), 4))
        result.sections[(number, "play")] = _Section(tag, list(range(stop)))  # a card is located by its cell
        result.locations[(number, FIRST)] = (tag.line, tag.column)
        return None, PlayColumns(first, rows, unread, self._play_notes(tag, stop) if tag.marks or tag.comments else (),
                                 from_lead=True)

    def _play_notes(self, tag: Tag, stop: int) -> tuple[tuple[int, str], ...]:
        """The notes on the play's cards (its first ``stop`` words) and its ``{…}`` comments inside
        a trick, each after its cell, to be placed when the play is ordered (engine/settle.py); a
        comment between tricks stands before the next (format.md §3.7), put among the deal's."""
        notes = [(cell, 0, text) for cell in sorted(tag.marks or ()) if 0 <= cell < stop
                 for text in self.notes.texts(tag, cell, "play", False)]
        for before, text in tag.comments or ():
            if before % 4:
                notes.append((before - 1, 1, text))
            else:
                self.marked.append(Comment(f"play[{before}]", text))
        notes.sort(key=lambda note: note[:2])  # a card's note before a comment after it
        return tuple((cell, text) for cell, _, text in notes)

    def _result(self) -> int | None:
        tag = self.game.tags.get("Result")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        text = tag.value.strip().lstrip("^")
        m = re.fullmatch(r"(?:(NS|EW)\s+)?([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?", text)
        both = m is not None and m.group(3) is not None  # "NS 9 EW 4": both sides' tricks, adding to 13
        if m is None or int(m.group(2)) > 13 or both and (
                m.group(1) in (None, m.group(3)) or int(m.group(2)) + int(m.group(4)) != 13):
            self.report("schema", "result", f"[Result] {text[:12]!r} is not a number of tricks (0–13) nor "
                        "\"NS n EW 13−n\"", tag)
            self.unreadable.add("result")
            return None
        if m.group(1):  # "NS 11": tricks of that side; the declarer's side is known from [Declarer]
            declarer = self.game.tags.get("Declarer")
            try:
                side = Seat.parse(declarer.value).side if declarer is not None else None
            except ValueError:
                side = None
            if side is not None and side.label.replace("–", "") != m.group(1):
                return 13 - int(m.group(2))
        return int(m.group(2))

    def _score(self, contract: Contract | None) -> int | None:
        """``[Score]`` from N–S's side: ``NS 620``, ``EW -50``, ``NS 620 EW -620``, or a bare
        number (the declarer's side's score)."""
        tag = self.game.tags.get("Score")
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        m = _SCORE.match(tag.value.strip())
        if m is None:
            self.report("schema", "recorded_score", f"[Score] {tag.value[:20]!r} is not a score such as NS 620", tag,
                        self.lenient)
            return None
        points = int(m.group(2).replace("+", ""))
        side = m.group(1) or (None if contract is None else ("NS" if contract.declarer.side is Side.NS else "EW"))
        if side is None:
            return points if points == 0 else None
        return points if side == "NS" else -points


