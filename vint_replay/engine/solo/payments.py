"""A solo-whist deal's payments per seat, in quarters (docs/rules/solo-whist.md §5): each
declaring player against each opponent, so that a deal's payments always sum to 0."""
from __future__ import annotations

from ..seats import SEATS, Seat
from .contracts import Terms


def deal_payments(terms: Terms, declaring: tuple[Seat, ...], made: bool, taken: int | None) -> tuple[int, int, int, int]:
    """Quarters each seat receives (+) or pays (−). A lone declarer settles with each of three
    opponents; proposal partners each settle with "the opponents" as one (§9 ruling 3)."""
    stake = terms.stake(made, taken)
    mine = stake * (len(SEATS) - 1 if len(declaring) == 1 else 1)
    return tuple(mine if seat in declaring else -stake for seat in SEATS)  # type: ignore[return-value]
