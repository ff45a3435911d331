"""The audit's guesses for a revoke penalty a paper scoresheet misapplied (docs/rules/laws.md §8.4):
forgotten, the wrong number of tricks moved, the cap ignored, or an unclaimed revoke charged.
Each is the deal scored again the scorer's way; it fits when it gives the recorded figure."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..games.laws.penalty import RevokePenalty, cap, transfer
from ..games.laws.revoke import Revoke, is_claimed, revokes_of
from ..engine.ledger import DealScore, Ledger
from ..engine.replay import DealReplay
from ..engine.scoring import Line
from ..engine.seats import Side
from .audit_ranking import Figure, Guess, Kind

WRONG_COUNTS = (1, 2, 4)  # the other numbers of tricks a scorer may have moved for a revoke


@dataclass(frozen=True)
class Scoring:
    """The deal's four figures (side, line -> points) the way a scorer may have applied the penalty."""

    text: str
    figures: dict[Figure, int]


def penalty_guesses(scorings: Sequence[Scoring], computed: DealScore, side: Side, line: Line,
                    recorded: int) -> list[Guess]:
    """The penalty slips (the deal's ``scorings``) that give ``recorded`` for ``side``'s figure
    on ``line``, each with the deal's other figures it changes."""
    due = _figures(computed)
    found = []
    for scoring in scorings:
        if scoring.figures[(side, line)] != recorded:
            continue
        also = tuple((s, ln, scoring.figures[(s, ln)] - due[(s, ln)]) for s, ln in due
                     if (s, ln) != (side, line) and scoring.figures[(s, ln)] != due[(s, ln)])
        found.append(Guess(Kind.PENALTY, "revoke penalty", recorded - due[(side, line)], scoring.text, also, True))
    return found


def _figures(deal: DealScore) -> dict[Figure, int]:
    return {(side, line): getattr(deal.totals(side), str(line)) for side in Side for line in (Line.BELOW, Line.ABOVE)}


def penalty_scorings(replays: Sequence[DealReplay], number: int, computed: DealScore) -> list[Scoring]:
    """The ways a scorer may have gone wrong with deal ``number``'s revokes, each scored (none
    without the laws, or without ``replays``)."""
    index = next((i for i, r in enumerate(replays) if r.deal.number == number), None)
    if index is None or replays[index].profile.laws is None or replays[index].tricks_won is None:
        return []
    replay = replays[index]
    played = replay.tricks_won
    assert played is not None
    out = []
    penalty = replay.penalty
    if penalty is not None:
        said = _said(replay, penalty)
        out.append(Scoring(f"{said}; the record leaves the penalty out (scored on the tricks as played)",
                           _rescored(replays, index, None)))
        seats = [t.seat for t in penalty.transfers]
        for each in WRONG_COUNTS:
            wrong = transfer(played, seats, each)
            if wrong.transfers != penalty.transfers:
                out.append(Scoring(f"{said}; recorded as {each}", _rescored(replays, index, wrong)))
        capped = computed.penalty
        if capped is not None and any(capped.capped):
            out.append(Scoring(_uncapped_text(replay, capped), _uncapped(computed, capped)))
    for revoke in _unclaimed(replay):
        seats = [*([] if penalty is None else [t.seat for t in penalty.transfers]), revoke.seat]
        charged = transfer(played, seats)
        out.append(Scoring(f"revoke by {revoke.seat} at trick {revoke.trick} was not claimed, so no penalty is due "
                           f"(laws.md §8.2); the record charges it: {charged.transfers[-1].moved} tricks to "
                           f"{revoke.seat.side.other.label}", _rescored(replays, index, charged)))
    return out


def _said(replay: DealReplay, penalty: RevokePenalty) -> str:
    """``revoke by W at trick 5: 3 tricks to N–S``, for each claimed revoke penalised."""
    tricks = {irr.seat: irr.trick for _j, irr in revokes_of(replay.deal) if irr.claimed}
    parts = []
    for t in penalty.transfers:
        where = f" at trick {tricks[t.seat]}" if tricks.get(t.seat) else ""
        missing = f", {t.missing} missing" if t.missing else ""
        parts.append(f"revoke by {t.seat}{where}: {t.moved} tricks to {t.seat.side.other.label}{missing}")
    return "; ".join(parts)


def _unclaimed(replay: DealReplay) -> list[Revoke]:
    """The revokes found in the play that the record does not claim (warnings, no penalty)."""
    return [r for r in replay.revokes if not is_claimed(replay.deal, r)]


def _rescored(replays: Sequence[DealReplay], index: int, penalty: RevokePenalty | None) -> dict[Figure, int]:
    """The deal's figures with ``penalty`` in place of its own, the session's deals before it
    written first (the cap and the game depend on what stands below the line)."""
    ledger = Ledger(replays[index].profile)
    for earlier in replays[:index]:
        ledger.add(earlier)
    return _figures(ledger.add(replace(replays[index], penalty=penalty)))


def _uncapped(computed: DealScore, penalty: RevokePenalty) -> dict[Figure, int]:
    """The deal's figures with the points the cap put above the line left below it."""
    figures = _figures(computed)
    for side in Side:
        figures[(side, Line.BELOW)] += penalty.capped[side]
        figures[(side, Line.ABOVE)] -= penalty.capped[side]
    return figures


def _uncapped_text(replay: DealReplay, penalty: RevokePenalty) -> str:
    limit = cap(replay.profile)
    sides = [side for side in Side if penalty.capped[side]]
    return "; ".join(f"{side.label} revoked, so their tricks below stop at {limit} (laws.md §8.4.4); the record "
                     f"writes the {penalty.capped[side]} above the cap below the line" for side in sides)


__all__ = ["Scoring", "penalty_guesses", "penalty_scorings"]
