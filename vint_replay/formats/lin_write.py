"""The LIN writer: a bridge session as BBO hand records, a board a line (docs/format.md §5.7),
which the LIN reader, endplay and BBO's hand viewer read. What LIN has no tag for is refused
(:func:`lin_refusal`) or, for the few fields listed in the docs, not written."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.diagnostics import Diagnostic, Severity
from ..engine.plural import plural
from ..engine.calls import Call, CallKind, Denomination
from ..engine.cards import CARDS
from ..engine.record import DealRecord, SessionRecord, explanation
from ..games.registry import get_profile, profile_names
from .lin import LIN_SEATS, LIN_VULNERABLE, ROOMS
from .lin_results import ROOM_ORDER, entry_text

_VULNERABLE_LETTER = {value: letter for letter, value in LIN_VULNERABLE.items() if letter in "oneb"}
_CALL = {CallKind.PASS: "p", CallKind.DOUBLE: "d", CallKind.REDOUBLE: "r"}


class LinRefused(ValueError):
    """A session LIN cannot hold: writing it would lose what it records."""


def lin_refusal(record: SessionRecord) -> str | None:
    """Why the session cannot be written as LIN (``None`` if it can): a profile other than
    bridge, a board recorded by its contract without the auction in a session without an
    event (with one, ``rs`` holds the contract), a name with LIN's separators ``|`` or ``,``
    in it, a bidding quiz, or a comment with ``|``."""
    rules = record.info.rules
    if rules not in profile_names() or not get_profile(rules).bridge_boards:
        return (f"a {rules} session cannot be written as LIN (BBO's format holds bridge boards only): "
                "write .json, .vint or .pbn")
    for deal in record.deals if not record.info.event else ():
        if deal.contract is not None and not deal.auction:
            return (f"deal {deal.number} is recorded by its contract ({deal.contract}) without the auction, and "
                    "LIN holds a contract only as its auction: write .json, .vint or .pbn")
    for text in (*record.info.players, record.info.event or ""):
        if "|" in text or "," in text:
            return f"{text!r} holds '|' or ',', which LIN uses to separate its fields: write .json, .vint or .pbn"
    for deal in record.deals:
        if deal.question is not None:
            return (f"deal {deal.number} is a bidding quiz (its auction stops at the call the contestant is to make, "
                    "AC), which LIN has no way to write: write .json, .vint or .pbn")
        if any("|" in c.text for c in deal.comments):
            return f"a comment of deal {deal.number} holds '|', which ends a LIN value: write .json, .vint or .pbn"
    return None


# what a board records to be checked that LIN does not write (format.md §5.7 *What LIN cannot hold*)
_NOT_WRITTEN: tuple[tuple[str, Callable[[DealRecord], bool]], ...] = (
    ("recorded team and pairs figures ([ScoreIMP], [ScoreMP], [ScorePercentage])",
     lambda d: d.recorded_figures is not None),
    ("recorded score ([Score])", lambda d: d.recorded_score is not None),
    ("paper scoresheet (recorded)", lambda d: d.recorded is not None),
    ("PBN tags kept ([ScoreTable] …)", lambda d: bool(d.pbn_tags)))


def lin_drops(record: SessionRecord) -> Diagnostic | None:
    """A ``lin_drops`` warning naming what the boards record that LIN does not write (format.md
    §5.7), each with its boards, so that a LIN written from them says what it left out;
    ``None`` when it leaves out nothing of the kind."""
    lost = []
    for what, has in _NOT_WRITTEN:
        boards = [d.number for d in record.deals if has(d)]
        if boards:
            lost.append(f"the {what} of " + (f"board{'s' if len(boards) > 1 else ''} {', '.join(map(str, boards))}"
                                              if len(boards) <= 4 else plural(len(boards), "board")))
    if not lost:
        return None
    return Diagnostic("lin_drops", f"LIN does not hold {'; '.join(lost)}: not written (.json, .vint and .pbn keep them)",
                      severity=Severity.WARNING)


def write_lin(record: SessionRecord) -> str:
    """The session as LIN text: a ``vg`` line with the event when it has one and the ``rs`` of
    its boards' recorded contracts and results, then a line per board; :class:`LinRefused`
    when :func:`lin_refusal` says why it cannot be."""
    return _write([record])


def write_lin_rooms(records: Sequence[SessionRecord]) -> str:
    """A match's open and closed rooms as one vugraph file (format.md §5.7): one ``vg`` and
    ``rs``, then each board at the open room and at the closed room; :class:`LinRefused` unless
    they are the two rooms of one event (their ids end in ``-open`` and ``-closed``, as the
    reader names them), or for what :func:`lin_refusal` says of either."""
    if not match_rooms(records):
        raise LinRefused(f"LIN holds several sessions only as the open and closed rooms of one event's match, not "
                         f"these {len(records)}: write them as .pbn, or one session a file")
    return _write(records)


def match_rooms(records: Sequence[SessionRecord | None]) -> bool:
    """Whether the sessions are a match's open and closed rooms of one event, which one LIN file holds."""
    rooms = [r for r in records if r is not None]
    return (len(rooms) == len(records) and sorted(map(_room, rooms)) == sorted(ROOM_ORDER)
            and bool(rooms[0].info.event) and all(r.info.event == rooms[0].info.event for r in rooms))


def _room(record: SessionRecord) -> str:
    """The room letter of ``qx`` for a session that is a room of a vugraph, as the reader names
    its id (``…-open``: ``o``; "": none)."""
    return next((letter for letter, word in ROOMS.items() if record.info.id.endswith("-" + word.lower())), "")


def _write(records: Sequence[SessionRecord]) -> str:
    """The sessions' boards as one LIN text: a session's in its order, a match's by board and
    room (open, then closed)."""
    for record in records:
        why = lin_refusal(record)
        if why is not None:
            raise LinRefused(why)
    boards = [(deal, _room(r), _names(r)) for r in records for deal in r.deals]
    if len(records) > 1:
        boards.sort(key=lambda board: (board[0].number, ROOM_ORDER.index(board[1])))
    lines = []
    if records[0].info.event:
        numbers = [deal.number for deal, _, _ in boards] or [1]
        lines.append(f"vg|{records[0].info.event},,I,{min(numbers)},{max(numbers)},,0,,0|")
        lines.append(f"rs|{_results(records, min(numbers), max(numbers))}|")
    lines += [_board(deal, names, room) for deal, room, names in boards]
    return "\n".join(lines) + "\n"


def _names(record: SessionRecord) -> str:
    """``pn``'s players in LIN's seat order."""
    by_seat = dict(zip((0, 1, 2, 3), record.info.players))
    return ",".join(by_seat[seat] for seat in LIN_SEATS)


def _board(deal: DealRecord, names: str, room: str) -> str:
    """One board; ``qx|o3|`` first when the session is a room of a vugraph (its id ends with
    the room, as the reader makes it). Comments are written where they stand: an alert after
    its call (``mb|2H!|an|…|``), any other as commentary (``nt``) before the call or card it
    precedes, those of another place at the end."""
    notes: dict[str, list[str]] = {}
    for comment in deal.comments:
        notes.setdefault(comment.before, []).append(comment.text)
    out = [f"qx|{room}{deal.number}|" if room else "",
           f"pn|{names}|st||md|{LIN_SEATS.index(deal.dealer) + 1}{_hands(deal)}|rh||ah|Board {deal.number}|"]
    if deal.vulnerable is not None:
        out.append(f"sv|{_VULNERABLE_LETTER[deal.vulnerable]}|")
    out += _commentary(notes.pop("auction[0]", []))
    for i, call in enumerate(deal.auction, 1):
        texts = notes.pop(f"auction[{i}]", [])
        alerts = [e for e in map(explanation, texts[:1]) if e is not None]  # only right after the call
        out.append(f"mb|{_call(call)}{'!' if alerts else ''}|")
        out += [f"an|{e}|" for e in alerts if e]
        out += _commentary(texts[len(alerts):])
    out.append("pg||")
    for k, card in enumerate(deal.play or ()):
        out += _commentary(notes.pop(f"play[{k}]", []))
        out.append(f"pc|{CARDS[card].name}|")
        if k % 4 == 3:
            out.append("pg||")
    out += _commentary([text for texts in notes.values() for text in texts])
    if deal.result is not None:
        out.append(f"mc|{deal.result}|")
    return "".join(out)


def _results(records: Sequence[SessionRecord], first: int, last: int) -> str:
    """``rs``: an entry per board from ``first`` to ``last`` and room (open, then closed, in a
    match's rooms: a room not written left empty), each the deal's recorded contract and result
    (format.md §5.7); empty where none is recorded, so that reading it back adds nothing."""
    rooms = ROOM_ORDER if any(map(_room, records)) else ("",)
    entries = [""] * ((last - first + 1) * len(rooms))
    for record in records:
        room = rooms.index(_room(record))
        for deal in record.deals:
            entries[(deal.number - first) * len(rooms) + room] = entry_text(deal.contract, deal.result)
    return ",".join(entries)


def _commentary(texts: list[str]) -> list[str]:
    return [f"nt|{text}|" for text in texts]


def _hands(deal: DealRecord) -> str:
    """md's hands in LIN's order S, W, N, E, all four (so that a deal is written as recorded,
    even one whose hands the engine rejects); nothing when the hands are not recorded."""
    if deal.hands is None:
        return ""
    return ",".join("".join(suit + part for suit, part in zip("SHDC", deal.hands[seat].pbn().split(".")))
                    for seat in LIN_SEATS)


def _call(call: Call) -> str:
    if call.kind is not CallKind.BID or call.denomination is None:  # a bid always has its denomination
        return _CALL[call.kind]
    return f"{call.level}{'N' if call.denomination is Denomination.NOTRUMP else call.denomination.code}"
