"""IMPs (docs/rules/duplicate-bridge.md §5, §5.7): the WBF scale a team match's two rooms are set
against each other by, and a pairs event scored in IMPs — each table's score against a datum
(Butler) or against every other table's (cross-IMPs)."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from enum import StrEnum

# The WBF IMP scale (§5): the largest N–S score difference of each IMP from 0 to 23; 4000 and more is 24.
IMP_SCALE = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990,
             2240, 2490, 2990, 3490, 3990)
DATUM_ROUNDING = 10  # §5.7: Butler's datum is rounded to a multiple of 10, as a score is


class ImpReading(StrEnum):
    """How a pairs event's traveller turns a table's score into IMPs (§5.7)."""

    BUTLER = "butler"  # against the datum: the mean with the highest and lowest left out
    CROSS_IMPS = "cross-imps"  # against every other table, summed
    CROSS_IMPS_AVERAGED = "cross-imps-averaged"  # the same, divided by the number of other tables


def imps(difference: int) -> int:
    """The IMPs a N–S score difference is worth (negative when the difference is)."""
    won = bisect_left(IMP_SCALE, abs(difference))
    return won if difference >= 0 else -won


def butler_datum(scores: Sequence[int]) -> int:
    """§5.7: the mean of a board's N–S scores, one highest and one lowest left out when there are
    three or more, rounded to the nearest multiple of 10 (a 5 away from zero)."""
    kept = sorted(scores)[1:-1] if len(scores) >= 3 else list(scores)
    mean = sum(kept) / len(kept)
    tens = int(abs(mean) / DATUM_ROUNDING + 0.5 + 1e-9)
    return tens * DATUM_ROUNDING if mean >= 0 else -tens * DATUM_ROUNDING


def pairs_imps(reading: ImpReading, score: int, others: Sequence[int]) -> float:
    """N–S's IMPs for ``score`` on a board whose other tables scored ``others`` (§5.7)."""
    if not others:
        return 0
    if reading is ImpReading.BUTLER:
        return imps(score - butler_datum([score, *others]))
    crossed = sum(imps(score - other) for other in others)
    return crossed / len(others) if reading is ImpReading.CROSS_IMPS_AVERAGED else crossed
