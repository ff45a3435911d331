"""Revokes under the laws (docs/rules/laws.md §8.1–8.2): every revoke found from the hands, the
record's claims checked against them, unclaimed ones reported as warnings."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from ...engine.cards import SUIT_MASKS, Card, Suit
from ...engine.diagnostics import Severity
from ...engine.record import DealRecord, Irregularity, IrregularityKind
from ...engine.seats import Seat

Report = Callable[..., None]  # report(code, at, message, severity=Severity.ERROR)


class PlayedTrick(Protocol):
    """A trick as the revoke laws read it, round four seats (engine/play.py's ``Trick``) or the
    live places (vint235's ``TableTrick``): its cards in play order, and who played each."""

    @property
    def leader(self) -> Seat: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    def seat_of(self, index: int) -> Seat: ...


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke found in the play (§8.1): who played ``card`` to ``trick`` (1–13) while holding
    a card of the suit ``led``; ``index`` is the card's place in the play."""

    seat: Seat
    trick: int
    index: int
    card: Card
    led: Suit


def played_by(trick: PlayedTrick, seat: Seat) -> tuple[int, Card] | None:
    """The place in the trick and the card ``seat`` played to it (``None`` if he had none)."""
    return next(((i, card) for i, card in enumerate(trick.cards) if trick.seat_of(i) is seat), None)


def find_revokes(dealt: Sequence[int], tricks: Sequence[PlayedTrick]) -> tuple[Revoke, ...]:
    """Every revoke of the play, from the dealt hands: a card off the suit led while the player
    still held that suit."""
    hands = list(dealt)
    found = []
    start = 0  # the trick's first card's place in the play
    for number, trick in enumerate(tricks, 1):
        led = trick.cards[0].suit
        for i, card in enumerate(trick.cards):
            seat = trick.seat_of(i)
            if i and card.suit is not led and hands[seat] & SUIT_MASKS[led]:
                found.append(Revoke(seat, number, start + i, card, led))
            hands[seat] &= ~card.bit
        start += len(trick.cards)
    return tuple(found)


def revokes_of(deal: DealRecord) -> list[tuple[int, Irregularity]]:
    """The record's revokes (each established: one put right in time, §8.3, leaves only its
    wrong card exposed, recorded as such), with their indices."""
    return [(j, irr) for j, irr in enumerate(deal.irregularities) if irr.kind is IrregularityKind.REVOKE]


def is_claimed(deal: DealRecord, revoke: Revoke) -> bool:
    """Whether the record claims this revoke found in the play (penalised, §8.4) or not (§8.2)."""
    return any(irr.claimed and irr.seat is revoke.seat and irr.trick in (None, revoke.trick)
               for _j, irr in revokes_of(deal))


def check_revokes(deal: DealRecord, dealt: Sequence[int] | None, tricks: Sequence[PlayedTrick],
                  report: Report, choice: bool = False) -> tuple[tuple[Revoke, ...], tuple[tuple[Seat, bool], ...]]:
    """Check the record's revokes against the play and report every revoke found.

    Returns the revokes found and the claimed revokes to penalise, in the record's order: each
    seat, and whether the wronged side took the penalty in points (only where the profile gives
    that ``choice``, players-2-3-5.md §2.2; elsewhere a recorded ``penalty`` is a schema error).
    A claimed revoke in a trick not played card by card (a paper log, or after a claim) is
    taken as recorded; one the play contradicts is an error at the record's entry.
    """
    found = find_revokes(dealt, tricks) if dealt is not None else ()
    played = len(tricks) if dealt is not None else 0  # tricks the play shows card by card
    matched: dict[Revoke, Irregularity] = {}
    penalised: list[tuple[Seat, bool]] = []
    for j, irr in revokes_of(deal):
        if irr.penalty is not None and not choice:
            report("schema", f"irregularities[{j}].penalty", "only under vint2-exchange does the wronged player choose "
                   "a revoke's penalty (docs/rules/players-2-3-5.md §2.2); here it is three tricks (laws.md §8.4)")
        if played and (irr.trick is None or irr.trick <= played):
            revoke = match_revoke(irr, found, matched)
            if revoke is None:
                report("irregularity_mismatch", f"irregularities[{j}]", _no_revoke(irr, tricks))
                continue
            matched[revoke] = irr
        if irr.claimed:
            penalised.append((irr.seat, choice and irr.penalty == "points"))
    for revoke in found:
        entry = matched.get(revoke)
        if entry is None or not entry.claimed:
            noted = "recorded as not claimed" if entry is not None else "not claimed in the record"
            report("revoke_unclaimed", f"play[{revoke.index}]",
                   f"trick {revoke.trick}: {revoke.seat} played {revoke.card.pretty} while holding "
                   f"{revoke.led.symbol}: a revoke, {noted}, so not penalised (laws.md §8.2)", Severity.WARNING)
    return found, tuple(penalised)


def report_unpriced(deal: DealRecord, report: Report) -> None:
    """Each claimed revoke of a deal with no contract (a passed-out deal played out, classic
    ``x_marks=played``) as a warning: the laws price a revoke by the contract (§8.4)."""
    for j, irr in revokes_of(deal):
        if irr.claimed:
            trick = "" if irr.trick is None else f" in trick {irr.trick}"
            report("revoke_unpriced", f"irregularities[{j}]",
                   f"{irr.seat}'s claimed revoke{trick} is not penalised: the laws price a revoke by the contract "
                   f"(laws.md §8.4), and a passed-out deal has none", Severity.WARNING)


def match_revoke(irr: Irregularity, found: Sequence[Revoke], matched: Mapping[Revoke, Irregularity]) -> Revoke | None:
    """The revoke of the play that a record's entry names (by seat, and trick and card where
    given), not already named by another; ``None`` if the play shows none."""
    return next((revoke for revoke in found if revoke.seat is irr.seat and revoke not in matched
                 and irr.trick in (None, revoke.trick) and irr.card in (None, revoke.card)), None)


def _no_revoke(irr: Irregularity, tricks: Sequence[PlayedTrick]) -> str:
    """Why the play shows no revoke where the record claims one."""
    if irr.trick is None:
        return f"the record lists a revoke by {irr.seat}, but {irr.seat} followed suit throughout the play"
    trick = tricks[irr.trick - 1]
    mine = played_by(trick, irr.seat)
    if mine is None:
        return f"the record lists a revoke by {irr.seat} in trick {irr.trick}, but {irr.seat} played no card to it"
    card = mine[1]
    led = trick.cards[0].suit
    if irr.card is not None and card != irr.card and card.suit is not led:
        return (f"the record lists {irr.seat}'s revoke in trick {irr.trick} with {irr.card.pretty}, but "
                f"{irr.seat} played {card.pretty}")
    if trick.leader is irr.seat:
        return f"the record lists a revoke by {irr.seat} in trick {irr.trick}, but {irr.seat} led it ({card.pretty})"
    if card.suit is led:
        return (f"the record lists a revoke by {irr.seat} in trick {irr.trick}, but {irr.seat} followed suit "
                f"({led.symbol} led, {irr.seat} played {card.pretty})")
    return (f"the record lists a revoke by {irr.seat} in trick {irr.trick}, but {irr.seat} held no "
            f"{led.symbol} then ({irr.seat} played {card.pretty})")


__all__ = ["Revoke", "check_revokes", "find_revokes", "is_claimed", "match_revoke", "played_by", "report_unpriced",
           "revokes_of"]
