"""Audit of a duplicate board's recorded score (PBN's ``[Score "NS 620"]``): the recomputed board
score, and when they differ the slip that explains it (vulnerability, sign, tricks)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.ledger import DealScore
from ..games.registry import RuleProfile
from ..games.bridge.duplicate import board_score
from ..engine.record import DealRecord
from ..engine.scoring import DealFacts, Entry
from ..engine.seats import Side, by_seat


def board_mismatch(deal: DealRecord, computed: DealScore, profile: RuleProfile,
                   vulnerable: tuple[bool, bool]) -> tuple[int, str] | None:
    """The recomputed N–S score and why the recorded one differs, or ``None`` when they agree."""
    assert deal.recorded_score is not None
    score = board_score(computed.entries)
    if score == deal.recorded_score:
        return None
    head = f"recorded NS {deal.recorded_score}, recomputed NS {score}"
    return score, f"{head}: {_why(deal, computed, profile, vulnerable)}"


def _why(deal: DealRecord, computed: DealScore, profile: RuleProfile, vulnerable: tuple[bool, bool]) -> str:
    """The first slip that gives the recorded score, or the difference and the entries due."""
    recorded = deal.recorded_score
    assert recorded is not None  # board_mismatch asks only of a recorded score
    due = " + ".join(f"{e.side.label} {e.item.replace('_', ' ')} {e.points}" for e in computed.entries if e.points)
    if recorded == -board_score(computed.entries) and recorded:
        return "the score is written from E–W's side"
    contract, tricks = computed.contract, computed.tricks
    if contract is None or tricks is None:
        return f"difference {recorded - board_score(computed.entries):+d} (due: {due or 'nothing'})"
    hands = None if deal.hands is None else by_seat(h.mask for h in deal.hands)
    side = contract.declarer.side

    def rescored(vul: tuple[bool, bool], taken: tuple[int, int]) -> list[Entry]:
        return profile.score(DealFacts(contract, taken, hands, vul))

    flipped = (not vulnerable[0], vulnerable[1]) if side is Side.NS else (vulnerable[0], not vulnerable[1])
    other = rescored(flipped, tricks)
    if board_score(other) == recorded:
        said = "vulnerable" if flipped[side] else "not vulnerable"
        return f"{_changed(computed.entries, other)} — vulnerability: scored as if {side.label} were {said}"
    for delta in (-1, 1, -2, 2):
        taken = tricks[side] + delta
        if 0 <= taken <= 13:
            counts = (taken, 13 - taken) if side is Side.NS else (13 - taken, taken)
            if board_score(rescored(vulnerable, counts)) == recorded:
                return f"the score is that of {taken} tricks for the declarer; the record gives {tricks[side]}"
    return f"difference {recorded - board_score(computed.entries):+d} (due: {due})"


def _changed(due: Sequence[Entry], other: Sequence[Entry]) -> str:
    """``game 500 vs 300``: the entries that differ between the due score and another."""
    key: Callable[[Entry], tuple[Side, str]] = lambda e: (e.side, str(e.item))
    mine, theirs = {key(e): e.points for e in due}, {key(e): e.points for e in other}
    parts = [f"{item.replace('_', ' ')} {theirs.get((s, item), 0)} vs {mine.get((s, item), 0)}"
             for s, item in dict.fromkeys([*mine, *theirs]) if mine.get((s, item), 0) != theirs.get((s, item), 0)]
    return ", ".join(parts) or "the same entries"
