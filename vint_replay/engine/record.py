"""The record of a session as the readers return it: session tags and the deals as written.
What a record writes in short (:class:`Shorthand`) the engine settles (engine/settle.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from .calls import Call, Contract
from .cards import Card, Hand
from .seats import Seat, Side

DEAL_NUMBERS = range(1, 32768)  # a deal number is an integer 1–32767: the store keeps it as int16
NESTED_FIELDS = ("hands", "result", "recorded", "recorded.NS", "recorded.EW")  # deal fields that are objects
VULNERABLE = {"None": (False, False), "NS": (True, False), "EW": (False, True), "All": (True, True)}  # format.md §5
VULNERABLE_TEXT = {v: k for k, v in VULNERABLE.items()}
RULING_LAWS = ("180",)  # the laws recorded only as a ruling on the session (docs/rules/laws.md §9)


@dataclass(frozen=True, slots=True)
class LineTotals:
    """Points of one side for one deal, below and above the line."""

    below: int
    above: int


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling on the session (docs/rules/laws.md §9): law 180 puts a rubber his side lost on
    one player alone; recorded, never inferred."""

    law: str
    seat: Seat
    rubber: int  # 1, 2, … in the session's order


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """The session's tags; ``id`` is its key in the store."""

    id: str
    players: tuple[str, str, str, str]  # by Seat
    event: str | None = None
    site: str | None = None
    date: str | None = None
    table: str | None = None
    rules: str = "volchaninov"
    options: dict[str, str] = field(default_factory=dict)  # the profile's session options, e.g. x_marks
    laws: str | None = None  # the laws on irregularities in force ("001"); None: strict records
    draw: tuple[Card, Card, Card, Card] | None = None  # the cards drawn for seats, by Seat (laws §1)
    rulings: tuple[Ruling, ...] = ()  # the laws' rulings on the session (laws §9, law 180)
    extra: dict[str, object] = field(default_factory=dict)  # unknown fields, kept for the writer
    nested_extra: dict[str, dict[str, object]] = field(default_factory=dict)  # by field: {"players": {...}}
    fifth: str | None = None  # solo whist: a fifth player, sitting between W and N (format.md §5.5)
    party: tuple[str, ...] | None = None  # 2, 3 or 5 players in draw order, highest first (format.md §5.6)

    def player(self, seat: Seat) -> str:
        return self.players[seat]

    @property
    def roster(self) -> tuple[str, ...]:
        """Every player in clockwise order: the four seats from N, then a fifth if one plays."""
        return self.players if self.fifth is None else (*self.players, self.fifth)


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment of a text record and where it stands: ``before`` names what follows it (a tag
    such as ``Auction``, a call ``auction[4]``, a trick ``play[8]``, or ``end``)."""

    before: str
    text: str


def one_line(text: str) -> str:
    """A comment is one line (format.md §3.7): a line end, a carriage return or a NUL inside a
    text read from a file becomes a space (the comment then writes to JSON and .vint as read)."""
    return text.translate(_NOT_IN_A_LINE)


_NOT_IN_A_LINE = {ord("\n"): " ", ord("\r"): " ", 0: " "}
ALERT = "!"  # a comment "!" or "! <explanation>" right after a call is its alert (format.md §5.7, §5.2)


def alerted(explanation: str) -> str:
    """The comment of an alerted call, with its explanation ("": none)."""
    return f"{ALERT} {explanation}" if explanation else ALERT


def explanation(text: str) -> str | None:
    """The explanation of an alert comment ("" for a bare ``!``); ``None``: no alert."""
    return "" if text == ALERT else text[2:] if text.startswith(ALERT + " ") else None


def place(before: str) -> tuple[int, int]:
    """Where a deal's comment anchor stands in a text record's order (format.md §3.7): the tags
    before the auction, the auction, the play, the tags after it, the end."""
    name, _, index = before.partition("[")
    if index[:-1].isdigit() and name in _SECTIONS:
        return _SECTIONS[name], int(index[:-1])
    if before in _SECTIONS:
        return _SECTIONS[before], -1
    return (2, 1 << 30) if before in _AFTER_PLAY else (3, 0) if before == "end" else (0, 0)


_SECTIONS = {"Auction": 1, "auction": 1, "Play": 2, "play": 2}
_AFTER_PLAY = frozenset(("Irregularity", "Thrown", "Result", "Score"))


def placed(kept: tuple[Comment, ...], marks: list[Comment]) -> tuple[Comment, ...]:
    """``kept`` with ``marks`` (comments a format writes on its calls and cards, as PBN's notes,
    in their order) put where they stand: each before the first kept comment at its place or
    after it, so that comments read back in file order come back in that order."""
    if not marks:
        return kept
    out: list[Comment] = []
    at = 0
    for comment in kept:
        where = place(comment.before)
        while at < len(marks) and place(marks[at].before) <= where:
            out.append(marks[at])
            at += 1
        out.append(comment)
    return (*out, *marks[at:])


class IrregularityKind(StrEnum):
    """The irregularities a deal under the laws may record (docs/rules/laws.md)."""

    REVOKE = "revoke"  # §8
    LEAD_OUT_OF_TURN = "lead_out_of_turn"  # §7.3
    EXPOSED = "exposed"  # §7.1–7.2
    DROPPED_CARD = "dropped_card"  # §8.1, law 157: a card dropped under the table (the revoke it led to is his alone)
    BLIND_BID = "blind_bid"  # §7.4, law 178: a bid of three or more without looking at the cards
    MISSED_TRICK = "missed_trick"  # §6.4, law 169: no card played to a trick, the deal accepted as played
    THROWN_DOWN = "thrown_down"  # §7.1, law 177: cards thrown down early, each an exposed card


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One irregularity where it happened: who, at which trick (1–13), and its kind's fields.

    Fields a kind does not use stay ``None``; ``extra`` keeps unknown fields for the writer.
    """

    kind: IrregularityKind
    seat: Seat
    trick: int | None = None
    card: Card | None = None  # exposed: the card shown
    claimed: bool | None = None  # revoke: the opponents claimed it (penalised)
    asked: bool | None = None  # revoke: the partner asked "not by mistake?" (law 153)
    accepted: bool | None = None  # lead out of turn: the lead stood (law 173)
    called_round: int | None = None  # exposed: the round of its suit it was called to (1–3)
    cards: tuple[Card, ...] | None = None  # thrown down: the cards shown (law 177)
    penalty: str | None = None  # revoke under vint2-exchange: the wronged player's choice, "tricks" or "points"
    extra: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CallOutOfTurn:
    """A call spoken out of turn: its index in the auction and who spoke (laws §4.5)."""

    index: int
    by: Seat


@dataclass(frozen=True, slots=True)
class PlayColumns:
    """The play as PBN lays it out (docs/format.md §3): a row a trick, its cards in fixed seat
    columns from ``first``; ``None`` is a ``-``, a card not played, or a cell the reader could
    not read: ``unread`` holds its problem by cell (row by row from 0), reported where the play
    reaches it. Which column led each trick only the trick winners tell, so the engine orders it
    (engine/settle.py)."""

    first: Seat
    rows: tuple[tuple[Card | None, ...], ...]
    unread: dict[int, str] = field(default_factory=dict)
    notes: tuple[tuple[int, str], ...] = ()  # (cell, text): a comment after the card of that cell (PBN's notes)
    from_lead: bool = False  # the columns run from the opening leader whatever ``first`` names (PBN, format.md
    # §5.2, as BBO writes and the batch path reads it); else ``first`` must be the opening leader (§3.5)

    @property
    def written(self) -> bool:
        """Whether a cell holds a card, or a word that is none: else the play is empty."""
        return bool(self.unread) or any(card is not None for row in self.rows for card in row)


@dataclass(frozen=True, slots=True)
class Shorthand:
    """What a deal's record wrote in short, kept as written for the engine to settle by the
    rules once per deal, in its replay (engine/settle.py): ``all_pass`` — the written calls end
    with ``AP``, the passes that close the auction; ``columns`` — the play in seat columns."""

    all_pass: bool = False
    columns: PlayColumns | None = None


@dataclass(frozen=True, slots=True)
class PbnTag:
    """A PBN tag pair no field of the record holds (``[Annotator]``, a board's ``[ScoreTable]``
    traveller …), kept as the file wrote it so that PBN written from the record gives it back
    (format.md §5.2): its value with its escapes, and its section's lines (a table's rows)."""

    name: str
    value: str
    section: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RecordedFigures:
    """A board's recorded team or pairs result (PBN's ``[ScoreIMP]``, ``[ScoreMP]``,
    ``[ScorePercentage]``; format.md §5.1), each as recorded for ``side`` (``NS 5`` or ``EW -5``)."""

    imps: tuple[Side, float] | None = None
    matchpoints: tuple[Side, float] | None = None
    percentage: tuple[Side, float] | None = None


class GameDeal:
    """A game's own fields of one deal, beyond the common ones (format.md §5.5, §5.6): the game
    subclasses it and reads it back through its own typed accessor, so the record names no game."""

    __slots__ = ()
    label: ClassVar[str] = ""  # how a record's history names them: "solo turn up: H2 → H3"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as recorded: the dealt hands, the calls, and the cards played (or the result).

    ``unreadable`` names the fields a lenient reader could not read, so that the checker does
    not report their absence as a second problem. ``shorthand`` is what the record wrote in
    short (its calls end at ``AP``, its play is in seat columns, ``play`` then ``None``); a
    settled deal (engine/settle.py) has none.
    """

    number: int
    dealer: Seat
    auction: tuple[Call, ...]
    hands: tuple[Hand, Hand, Hand, Hand] | None = None
    play: tuple[Card, ...] | None = None
    result: int | None = None  # declarer's tricks, for a deal recorded without its play
    recorded: tuple[LineTotals, LineTotals] | None = None  # the paper scoresheet, by Side
    extra: dict[str, object] = field(default_factory=dict)
    unreadable: frozenset[str] = frozenset()
    comments: tuple[Comment, ...] = ()  # kept by the text format (and JSON's "comments")
    # unknown fields inside a field, by its dotted path: {"recorded.NS": {...}, "result": {...}}
    nested_extra: dict[str, dict[str, object]] = field(default_factory=dict)
    vulnerable: tuple[bool, bool] | None = None  # as recorded (by Side), for profiles with vulnerability
    contract: Contract | None = None  # as recorded (PBN's Contract and Declarer); the auction's rules if both
    recorded_score: int | None = None  # a board's recorded score from N–S's side (PBN's [Score "NS 620"])
    # -- the laws layer (docs/format.md §5); all empty without it ---------------------------------
    irregularities: tuple[Irregularity, ...] = ()  # in the order they happened
    out_of_turn: tuple[CallOutOfTurn, ...] = ()  # calls of ``auction`` spoken out of turn
    void: str | None = None  # the law a void (thrown-in) deal was voided by, e.g. "25"
    deal_lost: bool = False  # the deal passed to the next player (laws §2.3)
    thrown: tuple[Card, ...] = ()  # a 14-card player's extra card thrown away after trick 13 (laws §3.4)
    own: GameDeal | None = None  # the game's own fields, e.g. solo whist's turn-up and calls (format.md §5.5)
    shorthand: Shorthand | None = None  # as written, until the engine settles it
    pbn_tags: tuple[PbnTag, ...] = ()  # the board's PBN tags no field holds, in the file's order (format.md §5.2)
    # a bidding quiz (format.md §5.2): ``auction`` stops at the contestant's first call; these are
    # the calls written from it on, ``None`` at each call the contestant is to make (PBN's ``AC``)
    question: tuple[Call | None, ...] | None = None
    recorded_figures: RecordedFigures | None = None  # the board's recorded IMPs, matchpoints, percentage (§5.1)

    @property
    def hand_record(self) -> bool:
        """Its hands alone (no call, contract, card or result read or unreadable): a hand record,
        as club dealing programs write them (format.md §5.2)."""
        return (not self.auction and self.contract is None and self.play is None and self.result is None
                and self.shorthand is None and self.question is None
                and not self.unreadable & {"auction", "contract", "play", "result"})

    @property
    def bidding_record(self) -> bool:
        """Its hands and contract (its auction, or the contract and declarer alone), no card nor
        result read or unreadable: a bidding record, as bidding-practice programs, robots' bidding
        tests and declarer-play problems write them (format.md §5.2). Hands that cannot be read
        are their own error; the missing play is then not a second one."""
        return ((bool(self.auction) or self.contract is not None) and (self.hands is not None or "hands" in self.unreadable)
                and self.play is None and self.result is None and (self.shorthand is None or self.shorthand.columns is None)
                and self.question is None and not self.unreadable & {"auction", "play", "result"})

    def recorded_for(self, side: Side) -> LineTotals | None:
        return None if self.recorded is None else self.recorded[side]

    def speakers(self) -> tuple[Seat, ...]:
        """Who spoke each call of ``auction``: in turn from the dealer, except the calls spoken
        out of turn, which are void, so the turn stays where it was (docs/rules/laws.md §4.5)."""
        by = {c.index: c.by for c in self.out_of_turn}
        out, turn = [], self.dealer
        for i in range(len(self.auction)):
            if i in by:
                out.append(by[i])
            else:
                out.append(turn)
                turn = turn.left
        return tuple(out)


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A whole session: its tags and its deals in order."""

    info: SessionInfo
    deals: tuple[DealRecord, ...]
    extra: dict[str, object] = field(default_factory=dict)
    comments: tuple[Comment, ...] = ()
