"""A solo-whist deal's payments per seat, in quarters (docs/rules/solo-whist.md §5): each
declaring player against each opponent, so that a deal's payments always sum to 0."""
from __future__ import annotations

from ...engine.seats import SEATS, Seat, by_seat
from .contracts import Terms, points_text


def deal_payments(terms: Terms, declaring: tuple[Seat, ...], made: bool, taken: int | None) -> tuple[int, int, int, int]:
    """Quarters each seat receives (+) or pays (−). A lone declarer settles with each of three
    opponents; proposal partners each settle with "the opponents" as one (§9 ruling 3)."""
    stake = terms.stake(made, taken)
    mine = stake * (len(SEATS) - 1 if len(declaring) == 1 else 1)
    return by_seat(mine if seat in declaring else -stake for seat in SEATS)


def payment_reason(terms: Terms, made: bool, taken: int | None, partners: bool) -> str:
    """The rule of §5 behind a deal's payments, in a scorer's words: ``solo made with 7 tricks:
    1 + ¼ × 2 = 1½ from each of the three``."""
    stake = terms.stake(made, taken)
    odd = abs(taken - terms.need) if taken is not None and terms.per_trick else 0  # tricks over or short (§5)
    per = points_text(terms.per_trick, sign=False)
    if made:
        base = points_text(terms.made, sign=False)
        how = f"{base} + {per} × {odd} over = {points_text(stake, sign=False)}" if odd else base
        verb = "receives"
    else:
        how = f"{per} × {odd} short = {points_text(-stake, sign=False)}" if odd else points_text(terms.failed, sign=False)
        verb = "pays"
    tricks = f" with {taken} tricks" if taken is not None and terms.counts_tricks else ""
    who = ("each partner " + verb + " " + how + ", each opponent as much the other way") if partners else \
        f"the declarer {verb} {how} {'from' if made else 'to'} each of the three"
    return f"{terms.title} {'made' if made else 'failed'}{tricks}: {who} (docs/rules/solo-whist.md §5)"
