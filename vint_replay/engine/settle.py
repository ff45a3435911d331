"""Settling what a record wrote in short (docs/format.md §3): ``AP`` for the passes that close
the auction, and the play in PBN's seat columns, whose leaders only the trick winners tell.

A reader records what was written (:class:`~.record.Shorthand`); the engine settles it once a
deal, in the replay that replays the auction and the play anyway (engine/replay.py), under the
laws when the session has them (docs/rules/laws.md §4: calls out of turn void, insufficient bids
corrected). :func:`settle` is the one entry point for what writes a record without checking it
(convert); the session's check (engine/session.py) settles in its replays, or through
:func:`settle_deal` for a game with its own replay. The writers' inverse, where ``AP`` may stand
(:func:`all_pass_start`), is here too.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ..games.laws import with_laws
from ..games.laws.auction import LawsAuction, replay_calls
from ..games.registry import ProfileError, get_profile
from .auction import Auction
from .calls import PASS, Call, Contract
from .cards import Card
from .diagnostics import Diagnostic, Severity
from .plural import plural
from .record import DealRecord, PlayColumns, SessionRecord
from .rule_profile import RuleProfile
from .seats import SEATS

FIRST = "play.first"  # the written place of the seat the first column is (the [Play "S"] tag's)


class Report(Protocol):
    """How settling says what is wrong: as the replay reports (engine/replay.py)."""

    def __call__(self, code: str, at: str | None, message: str, severity: Severity = Severity.ERROR,
                 written_at: str | None = None) -> None: ...


@dataclass(frozen=True, slots=True)
class Ordered:
    """The cards of seat columns in the order played, and the written cell of each (row by row,
    from 0) followed by the cell count: where an item of the play stands as written."""

    cards: tuple[Card, ...]
    cells: tuple[int, ...]


def close_all_pass(auction: Auction | LawsAuction, written: int, report: Report) -> tuple[Call, ...]:
    """The passes ``AP`` after the ``written`` calls stands for, made on ``auction``: those that
    close it by the profile's rule (``passes_needed``); none, and ``call_after_close``, if it
    had closed. ``auction`` has made the written calls, legally."""
    if auction.closed:
        report("call_after_close", f"auction[{written}]", "AP after the auction had already closed")
        return ()
    passes = (PASS,) * auction.passes_needed
    auction.call_all(passes)
    return passes


def column_play(columns: PlayColumns, contract: Contract | None, profile: RuleProfile,
                report: Report) -> Ordered | None:
    """The cards in the order played, from PBN's layout: each row holds a trick's cards in fixed
    seat columns from ``columns.first``; the auction's contract says who leads trick 1, each
    trick's winner (``profile.trick_winner``, as the play's) the next. ``None`` after a problem
    reported."""
    if contract is None:
        report("schema", "play", "PBN-layout play can only be read after a legal, closed auction with a contract "
                                 "(the trump decides who led each trick)")
        return None
    first, leader = columns.first, profile.opening_leader(contract.declarer)
    if first != leader:
        report("schema", "play", f"[Play \"{first}\"] names {first} as the opening leader, but {contract} by "
                                 f"{contract.declarer} is led by {leader}", written_at=FIRST)
        return None
    cards: list[Card] = []
    cells: list[int] = []
    base = 0  # the row's first cell
    last = len(columns.rows) - 1
    for k, row in enumerate(columns.rows):
        if len(row) != 4:
            report("schema", f"play[{len(cards)}]", f"trick {k + 1} has {plural(len(row), 'column')}; PBN layout needs "
                   "4 (- for a card not played)", written_at=f"play[{base + (4 if len(row) > 4 else 0)}]")
            return None
        order = [(leader - first + i) & 3 for i in range(4)]  # the columns from the trick's leader
        played: list[Card] = []
        for i, column in enumerate(order):
            card = row[column]
            if base + column in columns.unread:
                report("bad_card", f"play[{len(cards) + i}]", columns.unread[base + column],
                       written_at=f"play[{base + column}]")
                return None
            if card is None:
                if any(row[c] is not None or base + c in columns.unread for c in order[i:]) or k != last:
                    report("schema", f"play[{len(cards) + i}]", "'-' (not played) may only end the play",
                           written_at=f"play[{base + column}]")
                    return None
                break
            played.append(card)
        cards.extend(played)
        cells.extend(base + column for column in order[:len(played)])
        if len(played) == 4:
            leader = SEATS[(leader + profile.trick_winner(played, contract.trump)) & 3]
        base += 4
    cells.append(base)
    return Ordered(tuple(cards), tuple(cells))


def written_place(at: str | None, calls: int | None, cells: Sequence[int]) -> str | None:
    """Where the item ``at`` of a settled deal stands as written, when not at ``at``: a pass
    that ``AP`` stood for (after ``calls`` written calls) is the ``AP``; a card of seat columns
    is its cell (``cells``, :class:`Ordered`); ``None`` otherwise."""
    name, _, index = (at or "").partition("[")
    if not index[:-1].isdigit():
        return None
    i = int(index[:-1])
    if name == "auction" and calls is not None and i > calls:
        return f"auction[{calls}]"
    if name == "play" and i < len(cells):
        return f"play[{cells[i]}]"
    return None


def settled_deal(deal: DealRecord, passes: tuple[Call, ...], ordered: Ordered | None) -> DealRecord:
    """``deal`` with its shorthand settled: the passes ``AP`` stood for added to its calls, the
    play in the order played (unreadable if its columns could not be ordered)."""
    columns = None if deal.shorthand is None else deal.shorthand.columns
    play, unreadable = deal.play, deal.unreadable
    if columns is not None:
        play = None if ordered is None else ordered.cards
        unreadable = unreadable | {"play"} if ordered is None else unreadable
    return replace(deal, auction=deal.auction + passes, play=play, unreadable=unreadable, shorthand=None)


def written_contract(deal: DealRecord, profile: RuleProfile) -> Contract | None:
    """The contract of the deal's calls as read when legal and closed, for a play in seat
    columns whose auction the replay does not replay as read (none, unreadable: the calls read;
    an unreadable dealer the replay takes from the rotation: the dealer read)."""
    auction = replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, profile.laws is not None)
    if auction is None:
        return None
    if deal.shorthand is not None and deal.shorthand.all_pass and not auction.closed:
        auction.call_all((PASS,) * auction.passes_needed)
    return auction.contract


def settle_deal(deal: DealRecord, profile: RuleProfile, report: Report) -> DealRecord:
    """The deal with its shorthand settled, replaying its calls once (for what does not replay
    the deal: :func:`settle`, a game with its own replay); unchanged without shorthand."""
    shorthand = deal.shorthand
    if shorthand is None:
        return deal
    passes: tuple[Call, ...] = ()
    auction = replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, profile.laws is not None)
    if auction is not None and shorthand.all_pass:
        passes = close_all_pass(auction, len(deal.auction), report)
    ordered = None
    if shorthand.columns is not None:
        ordered = column_play(shorthand.columns, None if auction is None else auction.contract, profile, report)
    return settled_deal(deal, passes, ordered)


def all_pass_start(deal: DealRecord, profile: RuleProfile, laws: bool) -> int | None:
    """Where ``AP`` may stand for the deal's closing passes, the writers' inverse of settling:
    after the last bid of a legal, closed auction of four seats in turn (``profile.all_pass``),
    read by the laws when ``laws``; ``None`` if nowhere."""
    if not profile.all_pass or not deal.auction or not deal.auction[-1].is_pass:
        return None
    auction = replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, laws)
    if auction is None or not auction.closed:
        return None
    start = len(deal.auction)
    while start > 0 and deal.auction[start - 1].is_pass:
        start -= 1
    return start


def settle(record: SessionRecord) -> tuple[SessionRecord, list[Diagnostic]]:
    """The session with every deal's shorthand settled under its rules and laws, and the
    problems settling found (located as the replay's: ``written_at``). A record of unknown
    rules is one no reader passes without an error: it is returned as it is."""
    if not any(deal.shorthand is not None for deal in record.deals):
        return record, []
    try:
        profile = with_laws(get_profile(record.info.rules, record.info.options), record.info.laws)
    except (KeyError, ProfileError):
        return record, []
    found: list[Diagnostic] = []
    deals = []
    for deal in record.deals:
        calls = len(deal.auction) if deal.shorthand is not None and deal.shorthand.all_pass else None

        def report(code: str, at: str | None, message: str, severity: Severity = Severity.ERROR,
                   written_at: str | None = None) -> None:
            found.append(Diagnostic(code, message, deal.number, at, severity,
                                    written_at=written_at or written_place(at, calls, ())))

        deals.append(settle_deal(deal, profile, report))
    return replace(record, deals=tuple(deals)), found
