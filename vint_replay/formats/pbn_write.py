"""The PBN writer: any session of any profile as PBN 2.1 games (docs/format.md §5.3), with what
PBN has no tag for kept in ``Vint…`` tags so that reading it back gives the same record."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from collections.abc import Mapping, Sequence

from ..engine.calls import Call, Contract
from ..engine.cards import CARDS, Card, Hand
from ..engine.errors import IllegalMove
from ..games.laws.auction import LawsAuction, replay_calls
from ..games.registry import RubberState, RuleProfile, get_profile
from ..engine.record import VULNERABLE_TEXT, Comment, DealRecord, PbnTag, SessionRecord
from ..engine.auction import Auction
from ..engine.replay import hands_from_play
from ..engine.settle import played_under
from ..engine.seats import SEATS, Seat
from .board_fields import ASKED, FIGURE_TAGS, contract_text, figure_text
from .pbn_kept import escaped, pbn_lines
from .pbn_notes import write_notes

# the optional deal fields PBN's mandatory tags always give a value; [VintAbsent] names those
# the record did not have, so the reader leaves them out again
ABSENT_FIELDS = ("vulnerable", "contract", "result", "hands")
DD_DENOMINATIONS = ("NT", "S", "H", "D", "C")  # OptimumResultTable's row order per declarer


_HEADER = "% PBN 2.1\n% EXPORT\n%\n"


def write_pbn(record: SessionRecord, dd_tables: Mapping[int, Sequence[Sequence[int]]] | None = None) -> str:
    """The session as PBN text, one game per deal; ``dd_tables`` (deal number → tricks by
    declarer N, E, S, W and denomination NT, S, H, D, C) add ``[OptimumResultTable]``."""
    return _HEADER + _games(record, dd_tables)


def write_pbn_sessions(records: Sequence[SessionRecord],
                       dd_tables: Sequence[Mapping[int, Sequence[Sequence[int]]] | None] = ()) -> str:
    """Several sessions as one PBN file (a match's rooms, a pairs event's tables), one after
    another, each with its ``dd_tables`` as :func:`write_pbn` takes them; each game's
    ``[VintSession]`` tells the reader its session."""
    tables = list(dd_tables) or [None] * len(records)
    return _HEADER + "\n".join(_games(record, table) for record, table in zip(records, tables, strict=True))


def _games(record: SessionRecord, dd_tables: Mapping[int, Sequence[Sequence[int]]] | None = None) -> str:
    profile = get_profile(record.info.rules, record.info.options)
    vulnerable = _vulnerability(record, profile)
    return "\n".join(_game(record, deal, profile, i == 0, (dd_tables or {}).get(deal.number), vulnerable[i])
                     for i, deal in enumerate(record.deals))


def pbn_cannot_hold(record: SessionRecord) -> str | None:
    """What of ``record`` PBN has no tags for, in words (``None``: PBN holds all of it). PBN's
    games are four-player bridge-like deals; a session that needs more is not written as PBN,
    since what would come back is not the session."""
    rules = record.info.rules
    for lacks in filter(None, (codec.pbn_lacks(record.info) for codec in get_profile(rules).deal_codecs)):
        return f"a {rules} session cannot be written as PBN ({lacks})"
    if record.info.laws is not None or any(d.irregularities or d.out_of_turn or d.void or d.deal_lost or d.thrown
                                           for d in record.deals):
        return ("a session under the laws on irregularities cannot be written as PBN (it has no tags for the laws, "
                "the draw, the rulings, calls out of turn, revokes and void deals)")
    if not record.deals:
        return "a session with no deals cannot be written as PBN (PBN holds a session's tags only in its games)"
    return None


def pbn_date(text: str) -> str:
    """The record's ISO date ``YYYY-MM-DD`` as PBN's ``YYYY.MM.DD``; any other date as given."""
    return text.replace("-", ".") if _ISO_DATE.fullmatch(text) else text


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escaped(value)}"]'


def _vulnerability(record: SessionRecord, profile: RuleProfile) -> list[tuple[bool, bool]]:
    """Each deal's vulnerability as the profile gives it in the course of the session (rubber
    bridge: a side with a game is vulnerable), for ``[Vulnerable]``; a deal after an invalid one
    takes what the profile gives it alone."""
    from ..engine.ledger import Ledger
    from ..engine.replay import replay_deal

    ledger = Ledger(profile)
    out: list[tuple[bool, bool]] = []
    previous = None
    valid = True
    for deal in record.deals:
        out.append(ledger.vulnerability(deal.number, deal.vulnerable) if valid
                   else profile.vulnerability(RubberState((), 0), deal.number, deal.vulnerable))
        replay = replay_deal(deal, profile, previous)
        previous = deal
        if valid and replay.valid:
            try:
                ledger.add(replay)
            except IllegalMove:
                valid = False
        else:
            valid = False
    return out


def _game(record: SessionRecord, deal: DealRecord, profile: RuleProfile, first: bool,
          dd: Sequence[Sequence[int]] | None, vulnerable: tuple[bool, bool]) -> str:
    info = record.info
    auction = _auction(deal, profile)
    contract = deal.contract or (None if auction is None else auction.contract)
    absent = [name for name, missing in (("vulnerable", deal.vulnerable is None), ("contract", deal.contract is None),
                                         ("result", deal.result is None), ("hands", deal.hands is None)) if missing]
    hands = deal.hands or _hands_from_play(deal, contract, profile)
    leader = _leader(deal, contract, profile)
    result = deal.result if deal.result is not None else _tricks(deal, contract, leader, profile)
    lines = [_tag("Event", info.event or ""), _tag("Site", info.site or ""), _tag("Date", pbn_date(info.date or "")),
             _tag("Board", str(deal.number)),
             *(_tag(tag, info.players[seat]) for tag, seat in (("West", 3), ("North", 0), ("East", 1), ("South", 2))),
             _tag("Dealer", deal.dealer.name),
             _tag("Vulnerable", VULNERABLE_TEXT[deal.vulnerable if deal.vulnerable is not None else vulnerable]),
             _tag("Deal", "N:" + " ".join(h.pbn() for h in hands) if hands else "N:- - - -"),
             _tag("Scoring", profile.pbn_scoring),
             _tag("Declarer", contract.declarer.name if contract else ""),
             _tag("Contract", contract_text(contract) if contract else "Pass"),
             _tag("Result", "" if result is None else str(result))]
    if deal.recorded_score is not None:
        lines.append(_tag("Score", f"NS {deal.recorded_score}"))
    if deal.recorded_figures is not None:  # the team and pairs figures, each for its side (format.md §5.1)
        lines += [_tag(tag, figure_text(figure)) for name, tag in FIGURE_TAGS.items()
                  if (figure := getattr(deal.recorded_figures, name)) is not None]
    if info.table:
        lines.append(_tag("Table", info.table))
    if absent:
        lines.append(_tag("VintAbsent", ";".join(absent)))
    if deal.recorded is not None:
        ns, ew = deal.recorded
        lines.append(_tag("VintRecorded", f"NS {ns.below}/{ns.above} EW {ew.below}/{ew.above}"))
    notes = write_notes(deal)  # the comments on its calls and cards as PBN's notes, the others kept below
    extra = _deal_extra(deal, notes.rest)
    if extra:
        lines.append(_tag("VintExtra", json.dumps(extra, ensure_ascii=False, sort_keys=True)))
    if info.options:
        lines.append(_tag("VintOptions", ";".join(f"{k}={v}" for k, v in info.options.items())))
    lines.append(_tag("VintRules", info.rules))
    lines.append(_tag("VintSession", info.id))
    if first:
        session_extra = _session_extra(record)
        if session_extra:
            lines.append(_tag("VintSessionExtra", json.dumps(session_extra, ensure_ascii=False, sort_keys=True)))
    if deal.auction or deal.question is not None:
        lines.append(_tag("Auction", deal.dealer.name))
        calls = [_call(c) + notes.calls.get(i, "") for i, c in enumerate(deal.auction)] + [
            ASKED if c is None else _call(c) for c in deal.question or ()]
        lines += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
        lines += notes.auction_notes
    lead = played_under(auction, deal, profile)  # as the engine will order the columns read back
    if deal.play is not None and leader is not None:
        opener = lead.leader or leader if lead is not None else leader
        lines.append(_tag("Play", opener.name))
        lines += _play_rows(deal.play, opener, None if lead is None else lead.trump, profile, notes.cards)
        lines += notes.play_notes
    # the tags no field holds, as the file wrote them (format.md §5.2); the writer's own analysis replaces the file's
    lines += pbn_lines(_analysed_tags(deal, dd))
    return "\n".join(lines) + "\n"


def with_analysis(record: SessionRecord, dd_tables: Mapping[int, Sequence[Sequence[int]]] | None) -> SessionRecord:
    """The record as its PBN written with ``dd_tables`` reads back: each analysed board's kept tags
    with the analysis's ``[OptimumResultTable]`` in place of the file's, last (format.md §5.3)."""
    if not dd_tables:
        return record
    return replace(record, deals=tuple(replace(deal, pbn_tags=_analysed_tags(deal, dd_tables.get(deal.number)))
                                       for deal in record.deals))


def _analysed_tags(deal: DealRecord, dd: Sequence[Sequence[int]] | None) -> tuple[PbnTag, ...]:
    """The board's kept tags, its ``[OptimumResultTable]`` replaced by the analysis ``dd`` when there is one."""
    if dd is None:
        return deal.pbn_tags
    rows = tuple(f"{seat.name} {d:>2} {dd[seat][k]:>2}" for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
                 for k, d in enumerate(DD_DENOMINATIONS))
    return (*(tag for tag in deal.pbn_tags if tag.name != "OptimumResultTable"),
            PbnTag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows))  # PBN's own column spec


def _call(call: Call) -> str:
    text = str(call)
    return "Pass" if text == "pass" else text


def _auction(deal: DealRecord, profile: RuleProfile) -> Auction | LawsAuction | None:
    return replay_calls(deal.dealer, profile, deal.auction, deal.out_of_turn, profile.laws is not None)


def _leader(deal: DealRecord, contract: Contract | None, profile: RuleProfile) -> Seat | None:
    if not deal.play:
        return None if deal.play is None else (profile.opening_leader(contract.declarer) if contract
                                               else profile.passed_out_leader(deal.dealer))
    return profile.opening_leader(contract.declarer) if contract else profile.passed_out_leader(deal.dealer)


def _hands_from_play(deal: DealRecord, contract: Contract | None, profile: RuleProfile) -> tuple[Hand, ...] | None:
    """The dealt hands of a deal recorded by its 52 cards alone (PBN's [Deal] wants them)."""
    leader = _leader(deal, contract, profile)
    if deal.play is None or len(deal.play) != 52 or leader is None:
        return None
    try:
        masks = hands_from_play(deal.play, None if contract is None else contract.trump, leader, profile)
    except Exception:  # a broken play: the hands stay unknown ("-")
        return None
    return tuple(Hand(m) for m in masks)


def _tricks(deal: DealRecord, contract: Contract | None, leader: Seat | None, profile: RuleProfile) -> int | None:
    """The declarer's tricks from a complete play (PBN's [Result] for a deal without one)."""
    if contract is None or deal.play is None or len(deal.play) != 52 or leader is None:
        return None
    won = 0
    for k in range(13):
        trick = deal.play[4 * k:4 * k + 4]
        leader = SEATS[(leader + profile.trick_winner(trick, contract.trump)) & 3]
        won += leader.side is contract.declarer.side
    return won


def _play_rows(play: Sequence[Card], first: Seat, trump: int | None, profile: RuleProfile,
               marks: Mapping[int, str]) -> list[str]:
    """The cards in PBN's seat columns (from the opening leader clockwise), a trick a line, each
    with its ``marks`` (by its index in the play: a note reference); ``-`` for a card not played,
    ``*`` after a play that stops early."""
    rows: list[str] = []
    leader = first
    for k in range(0, len(play), 4):
        trick = play[k:k + 4]
        row = ["-"] * 4
        for i, card in enumerate(trick):
            row[((leader + i) - first) & 3] = CARDS[card].name + marks.get(k + i, "")
        rows.append(" ".join(row))
        if len(trick) == 4:
            leader = SEATS[(leader + profile.trick_winner(trick, trump)) & 3]
    if len(play) < 52:
        rows.append("*")
    return rows


def _deal_extra(deal: DealRecord, comments: tuple[Comment, ...]) -> dict[str, object]:
    """What a deal holds beyond PBN's tags: unknown fields, nested unknowns, the ``comments``
    its notes do not give."""
    out: dict[str, object] = {}
    if deal.extra:
        out["extra"] = deal.extra
    if deal.nested_extra:
        out["nested_extra"] = deal.nested_extra
    if comments:
        out["comments"] = [{"before": c.before, "text": c.text} for c in comments]
    return out


def _session_extra(record: SessionRecord) -> dict[str, object]:
    from .pbn import iso_date

    info = record.info
    out: dict[str, object] = {}
    for key, value in (("extra", info.extra), ("nested_extra", info.nested_extra), ("record_extra", record.extra)):
        if value:
            out[key] = value
    if info.date and iso_date(pbn_date(info.date)) != info.date:  # a date [Date] would not give back, e.g. "1998.07.16"
        out["date"] = info.date
    if record.comments:
        out["comments"] = [{"before": c.before, "text": c.text} for c in record.comments]
    return out
