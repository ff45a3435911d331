"""The established-revoke penalty (docs/rules/laws.md §8.4): tricks transferred, missing ones
charged at UT(L), the deal scored on the adjusted counts, the revoking side capped at G − 10."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ...engine.calls import Contract
from ...engine.rule_profile import RuleProfile
from ...engine.scoring import Entry, Item, Line
from ...engine.seats import SIDES, Seat, Side

PENALTY_TRICKS = 3  # §8.4.1 (law 148): three tricks move to the other side
CAP_BELOW_GAME = 10  # §8.4.4 (law 151): the revoking side stays at G − 10 below the line (490)


@dataclass(frozen=True, slots=True)
class Transfer:
    """One claimed revoke's penalty (§8.4.1–2): who revoked, how many tricks moved from his
    side to the other, and how many it lacked (each charged at UT(L)); ``points``: the wronged
    side took UT(L) once instead of the tricks (players-2-3-5.md §2.2, §6 ruling 6)."""

    seat: Seat
    moved: int
    missing: int
    points: bool = False


@dataclass(frozen=True, slots=True)
class RevokePenalty:
    """What the revoke penalty did to a deal, for showing it without recomputing: the trick
    counts before and after (by Side), each revoke's transfer, and (once written on the sheet)
    what each side's tricks would have added below the line beyond the cap, written above."""

    tricks_before: tuple[int, int]
    tricks_after: tuple[int, int]
    transfers: tuple[Transfer, ...]
    capped: tuple[int, int] = (0, 0)

    @property
    def offenders(self) -> frozenset[Side]:
        """The sides whose revoke moved tricks: capped below the line (§8.4.4)."""
        return frozenset(t.seat.side for t in self.transfers if not t.points)


def transfer(tricks: tuple[int, int], revokers: Sequence[Seat], each: int = PENALTY_TRICKS) -> RevokePenalty:
    """§8.4.1–2, each claimed revoke in turn (ruling 10), both sides' if both revoked: three
    tricks (``each``; another number only to retrace a scorer's slip) move from the revoking
    side, or all it has and the rest are missing."""
    counts = list(tricks)
    transfers = []
    for seat in revokers:
        side = seat.side
        moved = min(each, counts[side])
        counts[side] -= moved
        counts[side.other] += moved
        transfers.append(Transfer(seat, moved, each - moved))
    return RevokePenalty(tricks, (counts[0], counts[1]), tuple(transfers))


def revoke_penalty(tricks: tuple[int, int], revokers: Sequence[tuple[Seat, bool]]) -> RevokePenalty:
    """Each claimed revoke in turn, as the wronged side chose (``True``: points, one UT(L) with
    no trick moved, players-2-3-5.md §2.2; else the three tricks of §8.4.1)."""
    moved = transfer(tricks, [seat for seat, points in revokers if not points])
    by_trick = iter(moved.transfers)
    transfers = tuple(Transfer(seat, 0, 1, True) if points else next(by_trick) for seat, points in revokers)
    return replace(moved, transfers=transfers)


def cap(profile: RuleProfile) -> int:
    """§8.4.4, ruling 15: the most a revoking side may have below the line after the deal (G − 10)."""
    return profile.game_threshold - CAP_BELOW_GAME


def penalty_entries(profile: RuleProfile, contract: Contract, penalty: RevokePenalty) -> list[Entry]:
    """§8.4.2, ruling 3: the other side writes UT(L) for each trick the revoking side lacked."""
    each = profile.undertrick_value(contract)
    return [Entry(t.seat.side.other, Line.ABOVE, Item.REVOKE_PENALTY, each * t.missing,
                  f"{t.seat}'s revoke: the penalty in points, {each} (the wronged player's choice)" if t.points else
                  f"{t.seat}'s revoke: {t.missing} of its {PENALTY_TRICKS} tricks missing × {each}")
            for t in penalty.transfers if t.missing]


def capped_entries(profile: RuleProfile, entries: Sequence[Entry], penalty: RevokePenalty,
                   below_before: tuple[int, int]) -> tuple[list[Entry], RevokePenalty]:
    """§8.4.4: a revoking side's tricks below the line stop at G − 10 in this deal; the rest is
    written above. Returns the entries and the penalty with what was moved above."""
    limit = cap(profile)
    out: list[Entry] = []
    above: list[Entry] = []
    capped = [0, 0]
    room = [max(0, limit - below_before[side]) if side in penalty.offenders else None for side in SIDES]
    for entry in entries:
        left = room[entry.side]
        if left is None or entry.line is not Line.BELOW:
            out.append(entry)
            continue
        kept = min(entry.points, left)
        room[entry.side] = left - kept
        if kept == entry.points:
            out.append(entry)
            continue
        capped[entry.side] += entry.points - kept
        out.append(replace(entry, points=kept, reason=f"{entry.reason}, capped at {limit} below (revoke)"))
        above.append(Entry(entry.side, Line.ABOVE, Item.TRICKS, entry.points - kept,
                           f"above the {limit} cap: a revoking side cannot win a game in this deal"))
    out += above
    return out, replace(penalty, capped=(capped[0], capped[1]))
