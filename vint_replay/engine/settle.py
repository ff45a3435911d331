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
from .errors import IllegalMove
from .diagnostics import Diagnostic, Severity
from .plural import plural
from .record import Comment, DealRecord, PlayColumns, SessionRecord, placed
from .rule_profile import RuleProfile
from .seats import SEATS, Seat

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


@dataclass(frozen=True, slots=True)
class Lead:
    """What orders a play in seat columns: the trumps, and who leads trick 1 (``None``: the
    first column's seat, unchecked — a passed-out deal's play, which the replay reports)."""

    trump: int | None
    leader: Seat | None
    under: str = ""  # what it is led under, for the wrong leader's message: "4S by S"


def column_lead(contract: Contract | None, passed_out: bool, dealer: Seat, profile: RuleProfile) -> Lead | None:
    """Who leads a play in seat columns under ``contract`` (a passed-out deal's: the profile's
    leader where it plays such a deal out); ``None`` without a contract."""
    if contract is not None:
        return Lead(contract.trump, profile.opening_leader(contract.declarer), f"{contract} by {contract.declarer}")
    if passed_out:
        return Lead(None, profile.passed_out_leader(dealer) if profile.plays_passed_out() else None, "the passed-out deal")
    return None


def column_play(columns: PlayColumns, lead: Lead | None, profile: RuleProfile, report: Report,
                hands: Sequence[int] | None = None) -> Ordered | None:
    """The cards in the order played, from PBN's layout: each row holds a trick's cards in fixed
    seat columns from ``columns.first``; ``lead`` says who leads trick 1, each trick's winner
    (``profile.trick_winner``, as the play's) the next. The play stops at the first ``-`` in
    the order played; a card written after it cannot have been played (rubber-bridge.md §3: each
    plays to a trick in turn) and is reported unless a card before it was not in its column's
    hand (``hands``, bit sets by seat: the replay says where that play went wrong). ``None``
    after a problem reported."""
    if lead is None:
        report("schema", "play", "the play in seat columns needs the contract (its trumps decide who leads each "
                                 "trick): a recorded contract, or a legal, closed auction")
        return None
    leader = lead.leader or columns.first
    first = leader if columns.from_lead else columns.first
    if first != leader:
        report("schema", "play", f"[Play \"{first}\"] names {first} as the opening leader, but {lead.under} is led by {leader}",
               written_at=FIRST)
        return None
    rows = columns.rows
    cards: list[Card] = []
    cells: list[int] = []
    held = True  # every card so far in the hand of the seat whose column holds it
    for k, row in enumerate(rows):
        base = 4 * k  # the row's first cell
        if len(row) != 4:
            report("schema", f"play[{len(cards)}]", f"trick {k + 1} has {plural(len(row), 'column')}; PBN layout needs "
                   "4 (- for a card not played)", written_at=f"play[{base + (4 if len(row) > 4 else 0)}]")
            return None
        order = [(leader - first + i) & 3 for i in range(4)]  # the columns from the trick's leader
        played: list[Card] = []
        for column in order:
            card = row[column]
            if base + column in columns.unread:
                report("bad_card", f"play[{len(cards)}]", columns.unread[base + column], written_at=f"play[{base + column}]")
                return None
            if card is None:
                break
            held = held and (hands is None or bool(hands[(first + column) & 3] & card.bit))
            played.append(card)
            cards.append(card)
            cells.append(base + column)
        if len(played) < 4:
            later = [(base + c, row[c]) for c in order[len(played) + 1:]] + [
                (4 * j + c, rows[j][c] if c < len(rows[j]) else None) for j in range(k + 1, len(rows)) for c in range(4)]
            written = [(cell, card) for cell, card in later if card is not None or cell in columns.unread]
            if written and written[0][0] in columns.unread:  # not a card at all: that is its problem
                report("bad_card", f"play[{len(cards)}]", columns.unread[written[0][0]], written_at=f"play[{written[0][0]}]")
                return None
            if written and held:  # else the play went wrong before (the replay says where): the stop is its echo
                shown = " ".join(str(card) for _, card in written[:4] if card is not None)
                report("bad_card", f"play[{len(cards)}]", f"trick {k + 1} stops at {SEATS[(leader + len(played)) & 3]}'s "
                       f"'-', yet {shown}{' …' if len(written) > 4 else ''} follow: a card after the play stopped cannot "
                       "have been played", written_at=f"play[{written[0][0]}]")
                return None
            break
        leader = SEATS[(leader + profile.trick_winner(played, lead.trump)) & 3]
    cells.append(4 * len(rows))
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
    play, unreadable, comments = deal.play, deal.unreadable, deal.comments
    if columns is not None:
        play = None if ordered is None else ordered.cards
        unreadable = unreadable | {"play"} if ordered is None else unreadable
        comments = placed(comments, _column_notes(columns, ordered)) if columns.notes else comments
    return replace(deal, auction=deal.auction + passes, play=play, unreadable=unreadable, comments=comments,
                   shorthand=None)


def _column_notes(columns: PlayColumns, ordered: Ordered | None) -> list[Comment]:
    """The notes on cards of seat columns as comments after their cards in the order played
    (``play[i + 1]`` for the i-th card); a note on a card not played at the deal's ``end``."""
    after = {} if ordered is None else {cell: i + 1 for i, cell in enumerate(ordered.cells[:-1])}
    played = sorted(((after[cell], text) for cell, text in columns.notes if cell in after), key=lambda note: note[0])
    return ([Comment(f"play[{i}]", text) for i, text in played]
            + [Comment("end", text) for cell, text in columns.notes if cell not in after])


def slip(dealer: Seat, calls: tuple[Call, ...], recorded: Contract, found: Contract | None,
         profile: RuleProfile) -> str | None:
    """Why an auction's contract differs from the recorded one when a known slip of the record
    explains it (vugraph exports): the dealer's leading passes left out, the double left out of
    the contract, or both; ``None`` when neither makes them agree."""
    for passes in range(4):
        if passes:
            replay = Auction(dealer, profile)
            try:
                replay.call_all((PASS,) * passes + calls)
            except IllegalMove:
                continue
            found = replay.contract if replay.closed else None
        if found is None or (found.level, found.denomination, found.declarer) != (
                recorded.level, recorded.denomination, recorded.declarer):
            continue
        slips = [f"with {plural(passes, 'pass', 'passes')} before its first call it gives {recorded} by "
                 f"{recorded.declarer}: the record leaves out the dealer's leading passes"] if passes else []
        if found.doubled != recorded.doubled:
            slips.append(f"the auction's contract is {found}, written {recorded}")
        return "; ".join(slips) or None
    return None


def played_under(auction: Auction | LawsAuction | None, deal: DealRecord, profile: RuleProfile) -> Lead | None:
    """Who leads the deal's play and what is trumps, for its seat columns: the contract of
    ``auction`` (the deal's calls as read, ``AP`` settled; ``None`` if one is illegal), or the
    record's where the auction gives none or a known slip explains the difference (:func:`slip`:
    the play was recorded under it); a passed-out deal's leader (:func:`column_lead`)."""
    found = auction.contract if auction is not None and auction.closed else None
    recorded = deal.contract
    if recorded is not None and found != recorded and (
            found is None or auction is not None and slip(deal.dealer, tuple(auction.calls), recorded, found, profile)):
        found = recorded
    return column_lead(found, auction is not None and auction.passed_out, deal.dealer, profile)


def written_auction(deal: DealRecord, profile: RuleProfile) -> Auction | LawsAuction | None:
    """The deal's calls as read, an ``AP`` closing them, for seat columns whose auction the
    replay does not replay as read (none, unreadable; an unreadable dealer it takes from the
    rotation): the columns were written after these calls."""
    auction = replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, profile.laws is not None)
    if auction is not None and deal.shorthand is not None and deal.shorthand.all_pass and not auction.closed:
        auction.call_all((PASS,) * auction.passes_needed)
    return auction


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
    if shorthand.columns is not None and "play" not in deal.unreadable:
        hands = None if deal.hands is None else tuple(hand.mask for hand in deal.hands)
        ordered = column_play(shorthand.columns, played_under(auction, deal, profile), profile, report, hands)
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
