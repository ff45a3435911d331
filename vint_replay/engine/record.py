"""The record of a session as the readers return it: session tags and the deals as written."""
from __future__ import annotations

from dataclasses import dataclass, field

from .calls import Call, Contract
from .cards import Card, Hand
from .seats import Seat, Side

DEAL_NUMBERS = range(1, 32768)  # a deal number is an integer 1–32767: the store keeps it as int16
NESTED_FIELDS = ("hands", "result", "recorded", "recorded.NS", "recorded.EW")  # deal fields that are objects
VULNERABLE = {"None": (False, False), "NS": (True, False), "EW": (False, True), "All": (True, True)}  # format.md §5
VULNERABLE_TEXT = {v: k for k, v in VULNERABLE.items()}


@dataclass(frozen=True, slots=True)
class LineTotals:
    """Points of one side for one deal, below and above the line."""

    below: int
    above: int


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
    extra: dict[str, object] = field(default_factory=dict)  # unknown fields, kept for the writer
    nested_extra: dict[str, dict[str, object]] = field(default_factory=dict)  # by field: {"players": {...}}

    def player(self, seat: Seat) -> str:
        return self.players[seat]


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment of a text record and where it stands: ``before`` names what follows it (a tag
    such as ``Auction``, a call ``auction[4]``, a trick ``play[8]``, or ``end``)."""

    before: str
    text: str


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as recorded: the dealt hands, the calls, and the cards played (or the result).

    ``unreadable`` names the fields a lenient reader could not read, so that the checker does
    not report their absence as a second problem.
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

    def recorded_for(self, side: Side) -> LineTotals | None:
        return None if self.recorded is None else self.recorded[side]


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A whole session: its tags and its deals in order."""

    info: SessionInfo
    deals: tuple[DealRecord, ...]
    extra: dict[str, object] = field(default_factory=dict)
    comments: tuple[Comment, ...] = ()
