"""The LIN reader: BBO's hand records — single hands and vugraph files of both rooms — as
sessions of duplicate-bridge boards (docs/format.md §5.7).

A session is one room of the file (``qx|o1|`` open, ``qx|c1|`` closed; a file without ``qx``
is one room). The reader checks syntax only: whether the calls and cards are legal is the
engine's to say."""
from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace

from ..engine.calls import CALL_BY_TEXT, Call, CallKind
from ..engine.cards import CARD_BY_TEXT, CARDS, Card, Hand, HandError
from ..engine.diagnostics import Diagnostic, Severity
from ..engine.record import ALERT, Comment, DealRecord, SessionInfo, SessionRecord, alerted, one_line
from ..engine.seats import Seat
from . import ReadResult
from .board_fields import trick_count
from .lin_results import ROOM_ORDER, Stated, stated_results, with_stated
from .lin_tokens import LinTag, lin_tags, lin_text, unknown_tag
from .pbn import _slug
from .sessions import chosen_session

LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)  # md's dealer digit 1–4 and its hands, pn's names
LIN_VULNERABLE = {"o": (False, False), "0": (False, False), "-": (False, False), "n": (True, False),
                  "e": (False, True), "b": (True, True)}
ROOMS = {"o": "Open", "c": "Closed"}
TABLE = "table-"  # a traveller's table n (no qx, a board given again): session ``…-table-n``, as PBN's
# tags read elsewhere or that say nothing about the deal (layout, commentary, headers): skipped
SKIPPED = frozenset({"at", "bn", "bt", "cg", "cr", "ha", "hc", "lb", "mn", "mp", "pf", "pg", "pw", "px", "rh",
                     "sa", "sk", "st", "tu", "va"})
READ = frozenset({"ah", "an", "mb", "mc", "md", "nt", "pc", "pn", "qx", "rs", "sv", "vg"})
KNOWN = READ | SKIPPED
FULL_DECK = (1 << 52) - 1
_QX = re.compile(r"\s*([oc]?)(\d{1,5})\b", re.IGNORECASE)  # qx|o12|, qx|c12|, qx|12| (one room)
_BOARD = re.compile(r"\D*(\d{1,5})")
NO_BOARD = Diagnostic("syntax", "the file holds no LIN board (no md|…| deal, no qx|o1| board)")


@dataclass(slots=True)
class _Section:
    """Where each call or card of a board stands (the ``mb`` or ``pc`` tag)."""

    tags: list[LinTag]

    def where(self, index: int) -> tuple[int, int] | None:
        return (self.tags[index].line, self.tags[index].column) if 0 <= index < len(self.tags) else None


@dataclass(slots=True)
class _Board:
    """The tags of one board, from its ``qx`` (or ``md``) to the next board's."""

    tags: list[LinTag] = field(default_factory=list)
    by_qx: bool = False
    has_md: bool = False

    def room(self) -> str:
        qx = next((t for t in self.tags if t.name == "qx"), None)
        m = _QX.match(qx.value) if qx is not None else None
        return m.group(1).lower() if m else ""


def read_lin(data: bytes, strict: bool = False, session: int = 1) -> ReadResult:
    """The ``session``-th room of a LIN file (1-based, in the order of their first board); the
    boards of the other rooms are reported as ``pbn_session`` warnings naming their session."""
    results, problems = _read(data, strict)
    if not results:
        return ReadResult(None, problems or [NO_BOARD])
    return chosen_session(results, [r.record.info.id for r in results if r.record is not None], session, problems)


def lin_sessions(data: bytes, strict: bool = False) -> list[ReadResult]:
    """Every room of a LIN file as a session, in the order of their first board."""
    results, problems = _read(data, strict)
    if results:
        results[0].diagnostics[:0] = problems
    return results or [ReadResult(None, problems or [NO_BOARD])]


def _read(data: bytes, strict: bool) -> tuple[list[ReadResult], list[Diagnostic]]:
    tags, problems = lin_tags(lin_text(data), READ)
    header, boards = _boards(tags)
    for tag in header:
        if tag.problem is not None:
            problems.append(Diagnostic("syntax", f"{tag.label()}: {tag.problem}", line=tag.line, column=tag.column))
        if tag.name not in KNOWN:
            problems.append(unknown_tag(tag, strict))
    event = _event(header)
    players = _names(next((t for t in header if t.name == "pn"), None))
    rooms: dict[str, tuple[ReadResult, list[DealRecord], set[int]]] = {}
    seated: dict[str, tuple[str, ...]] = {}  # each room's players: those of its first board
    number, room, shown, by_qx = 0, "", "", False  # the previous board's number, room, md and whether it had qx
    travellers = not any(b.by_qx for b in boards)  # no qx: a board given again is another table's play
    dealt: dict[int, DealRecord] = {}  # there, each board's deal as first given, and the tables it was played at
    tables: dict[int, int] = {}
    owned = _by_board(problems, boards)
    for board, found in zip(boards, owned):
        md = next((t.value.strip() for t in board.tags if t.name == "md"), "")
        again = not board.by_qx and by_qx and md == shown  # a vugraph deal shown again without its qx: that board
        reader = _BoardReader(board, strict, number if again else number + 1)
        where = ReadResult(None)  # where its tags stand: the room's only if the board is kept
        deal = reader.deal(where)
        if travellers:  # format.md §5.7: its n-th showing (with the same deal) is table n's, as PBN's (§5.2)
            first = dealt.setdefault(deal.number, deal)
            same = (first.dealer, first.hands) == (deal.dealer, deal.hands)
            table = tables[deal.number] = tables.get(deal.number, 0) + 1 if same else 1
            room = f"{TABLE}{table}"
        else:
            room = board.room() if board.by_qx else room
        result, deals, numbers = rooms.setdefault(room, (ReadResult(None), [], set()))
        result.diagnostics.extend(reader.problems)
        number, shown, by_qx = deal.number, md, board.by_qx or again
        result.diagnostics.extend(replace(d, deal=number) for d in found)
        if number in numbers:
            kept, said = _given_again(deals, deal, board.tags[0], by_qx)
            result.diagnostics.extend(said)
            if not kept:
                continue
        else:
            deals.append(deal)
            numbers.add(number)
        result.locations.update(where.locations)
        result.sections.update(where.sections)
        seated.setdefault(room, reader.players or players)
    rs = next((t for t in header if t.name == "rs"), None)
    if rs is not None:
        problems.extend(_read_rs(rs, next((t for t in header if t.name == "vg"), None), rooms))
    out = []
    by_table = f"{TABLE}2" in rooms  # a traveller: a session per table, as a PBN pairs event's (§5.2)
    every = _digest_id([d for _, deals, _ in rooms.values() for d in deals]) if by_table else ""  # its tables' one name
    for room, (result, deals, _) in rooms.items():
        name = room.removeprefix(TABLE) if by_table else ""  # the table's
        ident = "-".join(p for p in (_slug(event) or every or _digest_id(deals), ROOMS.get(room, "").lower(),
                                     f"{TABLE}{name}" if name else "") if p)
        info = SessionInfo(ident, _seat_names(seated.get(room, players), room), event or None, table=name or None,
                           rules="duplicate-bridge")
        result.record = SessionRecord(info, tuple(deals))
        out.append(result)
    return out, problems


def _read_rs(rs: LinTag, vg: LinTag | None,
             rooms: dict[str, tuple[ReadResult, list[DealRecord], set[int]]]) -> list[Diagnostic]:
    """Each board given its ``rs`` entry (format.md §5.7), the entry's diagnostics in the board's
    room; what concerns ``rs`` as a whole is returned. A traveller's tables share one room's
    entries, so its ``rs`` cannot be placed."""
    if f"{TABLE}2" in rooms:
        return [Diagnostic("schema", f"{rs.label()}: the results cannot be placed: the file's boards are several "
                           "tables' (no qx), and rs gives one room's or two; rs is ignored", line=rs.line,
                           column=rs.column, severity=Severity.WARNING)]
    order = ROOM_ORDER if set(rooms) & set(ROOM_ORDER) else ("",)
    stated, problems = stated_results(rs, vg, order)
    for room, (result, deals, _) in rooms.items():
        key = room if room in ROOM_ORDER else ""
        for i, deal in enumerate(deals):
            entry = stated.pop((key, deal.number), None)
            if isinstance(entry, Diagnostic):
                result.diagnostics.append(entry)
            elif isinstance(entry, Stated):
                deals[i], said = with_stated(deal, entry, result.locations.get((deal.number, "result")))
                result.diagnostics.extend(said)
                result.locations[(deal.number, "contract")] = (entry.line, entry.column)
                result.locations.setdefault((deal.number, "result"), (entry.line, entry.column))
    problems.extend(d for d in stated.values() if isinstance(d, Diagnostic))  # boards the file does not give
    return problems


def _by_board(problems: list[Diagnostic], boards: list[_Board]) -> list[list[Diagnostic]]:
    """The tokenizer's problems (text skipped, a bar missing) that stand in each board, from its
    first tag to the next board's; those before the first board stay in ``problems``."""
    starts = [(b.tags[0].line, b.tags[0].column) for b in boards]
    owned: list[list[Diagnostic]] = [[] for _ in boards]
    before: list[Diagnostic] = []
    for problem in problems:
        at = bisect_right(starts, (problem.line or 0, problem.column or 0)) - 1
        (owned[at] if problem.line is not None and at >= 0 else before).append(problem)
    problems[:] = before
    return owned


def _given_again(deals: list[DealRecord], later: DealRecord, at: LinTag,
                 vugraph: bool) -> tuple[bool, list[Diagnostic]]:
    """A board given again in its room, as vugraph operators do: announced (its deal alone),
    then sent as played, or sent again to correct it. With the same deal the later copy
    replaces the earlier (a warning when it changes calls or cards the earlier one had), unless
    it only repeats the start of the earlier one (shown again: ignored). Another deal under the
    same number, or a single hand (no ``qx``: perhaps another table's play) given again, is an
    error, the first kept. Whether the later copy is kept, and what to say."""
    i = next(i for i, d in enumerate(deals) if d.number == later.number)
    earlier = deals[i]
    line, column = at.line, at.column
    if not vugraph:
        return False, [Diagnostic("deal_number", f"board {later.number} is given twice in this room; the first is "
                                  "kept", later.number, line=line, column=column)]
    if (earlier.dealer, earlier.hands) != (later.dealer, later.hands):
        return False, [Diagnostic("deal_number", f"board {later.number} is given twice in this room, with another "
                                  "deal; the first is kept", later.number, line=line, column=column)]
    if _starts(later, earlier):
        return False, []
    deals[i] = later
    if _starts(earlier, later):
        return True, []
    return True, [Diagnostic("deal_number", f"board {later.number} is given again with other calls or cards (a "
                             "correction): the later copy replaces the earlier", later.number,
                             severity=Severity.WARNING, line=line, column=column)]


def _starts(part: DealRecord, whole: DealRecord) -> bool:
    """Whether ``part``'s calls and cards begin ``whole``'s, and it states no other result."""
    return (whole.auction[:len(part.auction)] == part.auction and (whole.play or ())[:len(part.play or ())] ==
            (part.play or ()) and part.result in (None, whole.result))


def _boards(tags: list[LinTag]) -> tuple[list[LinTag], list[_Board]]:
    """The file's header tags (before the first board) and its boards. A board starts at a
    ``qx``; in a file of single hands, at an ``md`` (the ``pn`` and ``st`` just before it, after
    the previous board's deal, are this board's)."""
    header: list[LinTag] = []
    boards: list[_Board] = []
    pending: list[LinTag] = []
    current: _Board | None = None
    for tag in tags:
        if tag.name == "qx":
            current = _Board([*pending, tag], by_qx=True)
            boards.append(current)
            pending = []
        elif tag.name == "md" and (current is None or current.has_md):
            current = _Board([*pending, tag], has_md=True)
            boards.append(current)
            pending = []
        elif current is None:
            header.append(tag)
        elif pending or (tag.name == "pn" and current.has_md and not current.by_qx):
            pending.append(tag)
        else:
            current.has_md = current.has_md or tag.name == "md"
            current.tags.append(tag)
    if current is not None:
        current.tags.extend(pending)  # tags after the last board's deal
    return header, boards


def _event(header: list[LinTag]) -> str:
    """``vg|title,segment,scoring,first,last,team1,score1,team2,score2|``: the title and the
    segment (``Club teams — Segment 1``), which name the session."""
    vg = next((t for t in header if t.name == "vg"), None)
    parts = [] if vg is None else [p.strip() for p in vg.value.split(",")[:2]]
    return " — ".join(p for p in parts if p)


def _digest_id(deals: list[DealRecord]) -> str:
    """The id of a session whose event gives none (no ``vg``, or a title without Latin letters
    or digits): ``lin-`` and a digest of its boards, so that two files of single hands are two
    sessions, and the same boards the same session."""
    digest = hashlib.sha256()
    for d in deals:
        hands = "" if d.hands is None else " ".join(h.pbn() for h in d.hands)
        digest.update(f"{d.number}|{d.dealer.name}|{hands}|{' '.join(map(str, d.auction))}|"
                      f"{' '.join(CARDS[c].name for c in d.play or ())}|{d.result}|{d.vulnerable}\n".encode())
    return f"lin-{digest.hexdigest()[:12]}"


def _names(pn: LinTag | None) -> tuple[str, ...]:
    return () if pn is None else tuple(n.strip() for n in pn.value.split(","))


def _seat_names(names: tuple[str, ...], room: str) -> tuple[str, str, str, str]:
    """The players by Seat from pn's South, West, North, East (a vugraph's eight names: the
    open room's four, then the closed room's)."""
    four = names[4:8] if room == "c" and len(names) >= 8 else names[:4]
    by_seat = dict(zip(LIN_SEATS, (*four, "", "", "", "")[:4]))
    return by_seat[Seat.N], by_seat[Seat.E], by_seat[Seat.S], by_seat[Seat.W]


class _BoardReader:
    """One board's tags read into a deal; each problem located at its tag."""

    def __init__(self, board: _Board, strict: bool, fallback: int) -> None:
        self.board = board
        self.strict = strict
        self.problems: list[Diagnostic] = []
        self.number = fallback  # the number of a board without qx or ah
        self.players: tuple[str, ...] = ()
        self.unreadable: set[str] = set()

    def report(self, code: str, at: str | None, message: str, tag: LinTag) -> None:
        self.problems.append(Diagnostic(code, f"{tag.label()}: {message}", self.number, at, line=tag.line,
                                        column=tag.column))

    def deal(self, result: ReadResult) -> DealRecord:
        tags = self.board.tags
        self.number = self._number()
        number = self.number
        result.locations[(number, None)] = (tags[0].line, tags[0].column)
        dealer, hands = None, None
        vulnerable = None
        calls: list[Call] = []
        called: list[LinTag] = []
        cards: list[Card] = []
        played: list[LinTag] = []
        claim: int | None = None
        comments: list[Comment] = []
        for tag in tags:
            name = tag.name
            if tag.problem is not None:
                self.report("syntax", None, tag.problem, tag)
            if name == "md":  # one a board: a second md starts the next board
                dealer, hands = self._md(tag)
                result.locations[(number, "hands")] = result.locations[(number, "dealer")] = (tag.line, tag.column)
            elif name == "mb":
                if self._call(tag, calls, called) and tag.value.strip().endswith("!"):
                    comments.append(Comment(f"auction[{len(calls)}]", ALERT))
            elif name == "an" and calls and not cards:
                _alert(comments, f"auction[{len(calls)}]", one_line(tag.value))
            elif name in ("an", "nt"):  # commentary (an alert before any call or after the play began too)
                comments.append(Comment(f"play[{len(cards)}]" if cards else f"auction[{len(calls)}]",
                                        one_line(tag.value)))
            elif name == "pc":
                if claim is not None:
                    self.report("syntax", f"play[{len(cards)}]", f"card {tag.value[:8]!r} after the claim (mc)", tag)
                    self.unreadable.add("play")
                else:
                    self._card(tag, cards, played)
            elif name == "mc":
                claim = self._claim(tag, claim)
                result.locations[(number, "result")] = (tag.line, tag.column)
            elif name == "sv":
                vulnerable = LIN_VULNERABLE.get(tag.value.strip().lower())
                result.locations[(number, "vulnerable")] = (tag.line, tag.column)
                if vulnerable is None:
                    self.report("schema", "vulnerable", f"{tag.value[:8]!r} is not o, n, e or b (none, N–S, E–W, "
                                "both)", tag)
            elif name == "pn":
                self.players = _names(tag)
            elif name not in KNOWN:
                self.problems.append(unknown_tag(tag, self.strict, number))
        if dealer is None:
            self.report("schema", "dealer", "the board has no md (dealer and hands)", tags[0])
            self.unreadable.update(("dealer", "hands"))
        if claim == 0 and not cards and len(calls) == 4 and all(c.kind is CallKind.PASS for c in calls):
            claim = None  # BBO closes a passed-out board with mc|0| (no trick was played; format.md §5.7)
        result.sections[(number, "auction")] = _Section(called)
        result.sections[(number, "play")] = _Section(played)
        return DealRecord(number, dealer or Seat.N, tuple(calls), hands, tuple(cards) if played else None, claim,
                          unreadable=frozenset(self.unreadable), comments=tuple(comments), vulnerable=vulnerable)

    def _number(self) -> int:
        """``qx|o12|`` or else ``ah|Board 12|``; else one more than the previous board."""
        for name, pattern in (("qx", _QX), ("ah", _BOARD)):
            tag = next((t for t in self.board.tags if t.name == name), None)
            m = pattern.match(tag.value) if tag is not None else None
            if m is not None and 1 <= int(m.group(m.lastindex or 1)) <= 32767:
                return int(m.group(m.lastindex or 1))
            if tag is not None and name == "qx":
                self.report("schema", "number", f"{tag.value[:12]!r} is not a room (o or c) and a board number "
                            "1–32767", tag)
        return self.number

    def _md(self, tag: LinTag) -> tuple[Seat | None, tuple[Hand, Hand, Hand, Hand] | None]:
        """``md|3SAJ9HAQT6…,S…,S…,|``: the dealer (1 S, 2 W, 3 N, 4 E) and the hands of S, W, N
        and E; a hand left empty (E as BBO writes it, any one as other programs do) holds the
        other cards, and no cards at all leave the hands to the play."""
        value = tag.value.strip()
        if not value[:1].isdigit() or not 1 <= int(value[0]) <= 4:
            self.report("schema", "dealer", f"md must start with the dealer 1–4 (S, W, N, E), not {value[:1]!r}", tag)
            self.unreadable.update(("dealer", "hands"))
            return None, None
        dealer = LIN_SEATS[int(value[0]) - 1]
        parts = value[1:].split(",")
        if len(parts) > 4:
            self.report("bad_card", "hands", f"md gives {len(parts)} hands; it has at most 4 (S, W, N, E)", tag)
            self.unreadable.add("hands")
            return dealer, None
        masks: list[int] = []
        for seat, part in zip(LIN_SEATS, parts + [""] * (4 - len(parts))):
            try:
                masks.append(_hand(part.strip()).mask)
            except HandError as bad:
                self.report(bad.code, f"hands.{seat.name}", f"{seat.full_name}'s hand: {bad}", tag)
                self.unreadable.add("hands")
                return dealer, None
        if not any(masks):
            return dealer, None
        left_out = [i for i, mask in enumerate(masks) if not mask]
        if len(left_out) > 1:
            self.report("bad_card", "hands", "md gives some hands and not others; at most one may be left out", tag)
            self.unreadable.add("hands")
            return dealer, None
        if left_out:
            masks[left_out[0]] = FULL_DECK & ~(masks[0] | masks[1] | masks[2] | masks[3])
        by_seat = dict(zip(LIN_SEATS, masks))
        return dealer, (Hand(by_seat[Seat.N]), Hand(by_seat[Seat.E]), Hand(by_seat[Seat.S]), Hand(by_seat[Seat.W]))

    def _call(self, tag: LinTag, calls: list[Call], called: list[LinTag]) -> bool:
        """Read one ``mb``; whether it was a call (reading stops at the first that is not)."""
        if "auction" in self.unreadable:
            return False
        word = tag.value.strip().rstrip("!?").upper()
        call = CALL_BY_TEXT.get(word)
        if call is None:
            self.report("bad_call", f"auction[{len(calls)}]", f"{tag.value[:12]!r} is not a call (p, d, r, 1C … 7N)",
                        tag)
            self.unreadable.add("auction")
            return False
        calls.append(call)
        called.append(tag)
        return True

    def _card(self, tag: LinTag, cards: list[Card], played: list[LinTag]) -> None:
        if "play" in self.unreadable:
            return
        card = CARD_BY_TEXT.get(tag.value.strip().upper())
        if card is None:
            self.report("bad_card", f"play[{len(cards)}]", f"{tag.value[:12]!r} is not a card (suit S, H, D or C, "
                        "then rank A K Q J T 9 … 2)", tag)
            self.unreadable.add("play")
            return
        cards.append(card)
        played.append(tag)

    def _claim(self, tag: LinTag, claim: int | None) -> int | None:
        """``mc|9|``: the declarer's tricks in all, the play stopping at the claim."""
        if claim is not None:
            self.report("schema", "result", "a second claim (mc) in the board; the first is kept", tag)
            return claim
        text = tag.value.strip()
        tricks = trick_count(text)
        if tricks is None:
            self.report("schema", "result", f"mc {text[:8]!r} is not a number of tricks (0–13)", tag)
            self.unreadable.add("result")
        return tricks


def _alert(comments: list[Comment], anchor: str, text: str) -> None:
    """``an|text|``: the explanation of the call before it, joined to its ``!`` if flagged."""
    alert = Comment(anchor, alerted(text))
    if comments and comments[-1] == Comment(anchor, ALERT):
        comments[-1] = alert
    else:
        comments.append(alert)




def _hand(text: str) -> Hand:
    """A LIN hand ``SAJ9HAQT6DJT62C98`` (each suit letter, then its ranks) as a :class:`Hand`;
    :class:`HandError` naming a character that is neither (or a card given twice)."""
    suits = {"S": "", "H": "", "D": "", "C": ""}
    suit = None
    for ch in text.upper():
        if ch in suits:
            suit = ch
        elif suit is None:
            raise HandError("bad_card", f"{ch!r} stands before any suit letter (S, H, D, C) in {text[:20]!r}")
        else:
            suits[suit] += ch
    return Hand.parse(".".join(suits.values()))
