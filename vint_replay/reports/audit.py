"""Audit: compare a paper scoresheet (each deal's ``recorded`` totals, or a duplicate board's
``recorded_score``) with the recomputed score and explain every difference from the itemised entries."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.audit_report import AuditReport
from ..engine.ledger import DealScore, SessionScore
from ..engine.plural import plural
from ..engine.record import SessionRecord
from ..engine.replay import DealReplay
from ..engine.rule_profile import Replayed
from ..games.registry import RubberState, RuleProfile, get_profile
from ..engine.scoring import DealFacts, Entry, Item, Line
from ..engine.seats import Side, by_seat
from .audit_ranking import Guess, Kind, Ranked, phrase, rank
from .board_audit import board_mismatch
from .penalty_audit import penalty_guesses, penalty_scorings


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One figure of the paper score (a side's total above or below the line in a deal) that
    differs from the recomputed one, with its explanation and the ranked guesses behind it."""

    deal: int
    side: Side
    line: Line
    recorded: int
    computed: int
    explanation: str
    ranked: Ranked | None = None  # the guesses behind the explanation, likeliest first

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "side": self.side.name, "line": str(self.line),
                "recorded": self.recorded, "computed": self.computed,
                "explanation": self.explanation, "likely": None if self.ranked is None else self.ranked.to_json()}


def audit(record: SessionRecord, score: SessionScore, profile: RuleProfile | None = None,
          replays: Sequence[Replayed] = ()) -> AuditReport[Mismatch]:
    """Every deal with a ``recorded`` score is compared side by side and line by line; the
    explanations come from ``profile``'s catalogue of slips (default: the session's own) and,
    given the session's ``replays`` under the laws, from the revoke penalty misapplied. Those
    are rescored on the four-handed ledger (laws.md §8.4), so only four hands' replays give them."""
    profile = profile or get_profile(record.info.rules, record.info.options)
    four_hands = [r for r in replays if isinstance(r, DealReplay)]
    penalised = four_hands if len(four_hands) == len(replays) else []
    by_number = {d.number: d for d in score.deals}
    checked = 0
    found: list[Mismatch] = []
    unplayed: list[int] = []
    for deal in record.deals:
        if deal.recorded_score is not None and deal.number in by_number and by_number[deal.number].unplayed:
            unplayed.append(deal.number)  # format.md §5.2: no result to score it by, so nothing to check
            continue
        if deal.recorded_score is not None and deal.number in by_number:
            checked += 1
            computed = by_number[deal.number]
            vulnerable = profile.vulnerability(RubberState((), 0), deal.number, deal.vulnerable)
            board = board_mismatch(deal, computed, profile, vulnerable)
            if board is not None:
                found.append(Mismatch(deal.number, Side.NS, Line.BOARD, deal.recorded_score, board[0], board[1]))
        if deal.recorded is None:
            continue
        checked += 1
        computed = by_number[deal.number]
        hands = None if deal.hands is None else by_seat(h.mask for h in deal.hands)
        figures = {(side, line): (rec, comp) for side in Side for line, rec, comp in (
            (Line.BELOW, deal.recorded[side].below, computed.totals(side).below),
            (Line.ABOVE, deal.recorded[side].above, computed.totals(side).above))}
        differences = {key: rec - comp for key, (rec, comp) in figures.items() if rec != comp}
        scorings = penalty_scorings(penalised, deal.number, computed) if differences else []
        for (side, line), (rec, comp) in figures.items():
            if rec != comp:
                found_guesses = penalty_guesses(scorings, computed, side, line, rec) \
                    + guesses(computed, side, line, rec - comp, profile, hands)
                ranked = rank(found_guesses, (side, line), differences)
                found.append(Mismatch(deal.number, side, line, rec, comp,
                                      explain(computed, side, line, rec, comp, ranked), ranked))
    return AuditReport(checked, tuple(found), unplayed=tuple(unplayed))


def explain(deal: DealScore, side: Side, line: Line, recorded: int, computed: int, ranked: Ranked) -> str:
    """Why the numbers differ, in a scorer's words: the ranked guesses, and the entries that
    make up ``computed``."""
    mine = [e for e in deal.entries if e.side is side and e.line is line]
    head = f"recorded {side.label} {line} {recorded}, recomputed {computed}"
    parts = " + ".join(f"{e.item.replace('_', ' ')} {e.points}" for e in mine if e.points) or "nothing"
    detail = phrase(ranked) or f"difference {recorded - computed:+d}"
    return f"{head}: {detail} (due: {parts})"


def guesses(deal: DealScore, side: Side, line: Line, diff: int, profile: RuleProfile,
            hands: tuple[int, int, int, int] | None = None) -> list[Guess]:
    """Every way a scorer's slip gives ``diff`` (recorded minus recomputed) on this side and
    line, from the entries that make up the deal's score, the profile's slips (and the dealt
    ``hands``, when known, for honours and aces)."""
    mine = [e for e in deal.entries if e.side is side and e.line is line]
    theirs = [e for e in deal.entries if e.side is side.other and e.line is line]
    found: list[Guess] = []
    for e in mine:
        if e.points and diff == -e.points:
            found.append(Guess(Kind.MISSING, _name(e), e.points,
                               f"{_name(e)} {e.points} missing from the record ({e.reason})",
                               also=((side.other, line, e.points),)  # written in the other column
                               + (((side, Line.BELOW, e.points),) if line is Line.ABOVE else ())))  # or below
    for e in theirs:
        if e.points and diff == e.points:
            found.append(Guess(Kind.MOVED, _name(e), e.points, f"{_name(e)} {e.points} written for the wrong side ({e.reason})",
                               also=((side.other, line, -e.points),), required=True))
    for e in mine:
        for slip in profile.slips(e, deal.contract, deal.trick_value):
            if diff == slip.written - e.points:
                found.append(Guess(Kind.AMOUNT, _name(e), e.points, f"{_name(e)} written as {slip.written} "
                                   f"({slip.slip}) instead of {e.points} ({e.reason})"))
    if line is Line.BELOW:  # a premium of this side written below the line instead of above
        for e in deal.entries:
            if e.side is side and e.line is Line.ABOVE and e.points and diff == e.points:
                found.append(Guess(Kind.BELOW, _name(e), e.points,
                                   f"{_name(e)} {e.points} written below the line (premiums go above it)",
                                   also=((side, Line.ABOVE, -e.points),), required=True))
    if not found and diff > 0 and line is Line.ABOVE:
        held = {e.item for e in mine} | ({Item.GAME, Item.RUBBER} if deal.game and deal.game.side is side else set())
        for item, points in profile.premiums_not_due(deal.contract, deal.trick_value):
            if diff == points and item not in held:
                name = item.replace("_", " ")
                facts = None if hands is None or deal.contract is None or deal.tricks is None \
                    else DealFacts(deal.contract, deal.tricks, hands)
                why = profile.why_not_due(item, side, deal.contract, deal.tricks, facts, deal.game is not None)
                found.append(Guess(Kind.NOT_DUE, name, points, f"{name} {points} not due — {why}"))
                break
    if not found and line is Line.BELOW and deal.trick_value:
        tricks = deal.tricks[side] if deal.tricks else 0
        if diff % deal.trick_value == 0:
            found.append(Guess(Kind.TRICKS, "tricks", diff, f"{side.label} took {plural(tricks, 'trick')} × {deal.trick_value}; "
                               f"the record counts {tricks + diff // deal.trick_value}"))
    return found


def _name(entry: Entry) -> str:
    return entry.item.replace("_", " ")
