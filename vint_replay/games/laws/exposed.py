"""Exposed cards and leads out of turn under the laws (docs/rules/laws.md §7, §5 law 78): who
led a trick out of turn, which cards lay face up, and whether the play kept their restrictions."""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...engine.cards import SUIT_MASKS
from ...engine.play import Trick
from ...engine.record import DealRecord, Irregularity, IrregularityKind
from ...engine.seats import Seat
from .revoke import Report, played_by

FREE_AFTER_ROUNDS = 3  # §7.1, ruling 11: an exposed card is free after the third round of its suit
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def accepted_leads(deal: DealRecord) -> dict[int, Seat]:
    """The tricks led out of turn whose lead the opponents let stand (§7.3, ruling 16): trick
    number -> the seat that led it (the trick goes on clockwise from him)."""
    return {irr.trick: irr.seat for irr in deal.irregularities
            if irr.kind is IrregularityKind.LEAD_OUT_OF_TURN and irr.accepted and irr.trick is not None}


def check_exposures(deal: DealRecord, dealt: Sequence[int] | None, tricks: Sequence[Trick], leader: Seat,
                    report: Report) -> None:
    """Check every lead out of turn and exposed card of the record against the play
    (``leader``: who was to lead the first trick), and the play against the restrictions of
    the cards they left face up."""
    for j, irr in enumerate(deal.irregularities):
        at = f"irregularities[{j}]"
        if irr.kind is IrregularityKind.LEAD_OUT_OF_TURN:
            exposed = _lead_out_of_turn(irr, at, dealt, tricks, leader, report)
        elif irr.kind is IrregularityKind.EXPOSED:
            exposed = _shown(irr, at, dealt, tricks, report)
        elif irr.kind is IrregularityKind.DROPPED_CARD:  # held, and not exposed (law 176)
            _shown(irr, at, dealt, tricks, report)
            continue
        elif irr.kind is IrregularityKind.THROWN_DOWN:
            _thrown_down(deal, irr, at, dealt, tricks, report)
            continue
        else:
            continue
        if exposed and dealt is not None:
            _check_restrictions(irr, dealt, tricks, report)


def _lead_out_of_turn(irr: Irregularity, at: str, dealt: Sequence[int] | None, tricks: Sequence[Trick],
                      leader: Seat, report: Report) -> bool:
    """§7.3: the lead stood (the trick was led by the offender) or the card became exposed and
    the proper leader led; at the opening lead law 78 bars the offender's partner from its
    suit; ``accepted`` not said reads as refused (format.md §5.4). Returns whether the card
    lies exposed."""
    if irr.trick is None or (not irr.accepted and irr.card is None):
        need = "its trick" if irr.trick is None else "the card led: the lead did not stand, so it is exposed"
        report("irregularity_mismatch", at, f"a lead out of turn by {irr.seat} needs {need}")
        return False
    if irr.trick > len(tricks):
        return bool(not irr.accepted and _held(irr, at, dealt, tricks, report))
    proper = leader if irr.trick == 1 else tricks[irr.trick - 2].winner
    if irr.seat is proper:
        report("irregularity_mismatch", at, f"the record lists a lead out of turn by {irr.seat} in trick {irr.trick}, "
                                            f"but {irr.seat} was on lead")
        return False
    led = tricks[irr.trick - 1].cards[0]
    if irr.accepted:
        if irr.card is not None and irr.card != led:
            report("irregularity_mismatch", at, f"the record says {irr.seat} led {irr.card.pretty} out of turn to "
                                                f"trick {irr.trick} and it stood, but the play leads {led.pretty}")
        return False
    if not _held(irr, at, dealt, tricks, report):
        return False
    assert irr.card is not None
    if irr.trick == 1 and proper is irr.seat.partner and led.suit is irr.card.suit:
        report("barred_lead", "play[0]", f"{proper} may not open {irr.card.suit.symbol}: his partner {irr.seat} led "
                                         f"{irr.card.pretty} out of turn (laws.md §5, law 78)")
    return True


def _shown(irr: Irregularity, at: str, dealt: Sequence[int] | None, tricks: Sequence[Trick], report: Report) -> bool:
    """An exposed card (§7.1; also the wrong card of a revoke put right in time, §8.3, ruling
    14) or a dropped one (§8.1) must have been in the player's hand then. Returns whether it was."""
    if irr.card is None:
        report("irregularity_mismatch", at, f"{irr.kind.value.replace('_', ' ')} by {irr.seat} needs its card")
        return False
    return _held(irr, at, dealt, tricks, report)


def _thrown_down(deal: DealRecord, irr: Irregularity, at: str, dealt: Sequence[int] | None,
                 tricks: Sequence[Trick], report: Report) -> None:
    """Law 177: each card thrown down early is an exposed card (§7.1), checked as one; a card
    the opponents then called to a round is recorded as its own ``exposed`` entry, which rules it."""
    called = {i.card for i in deal.irregularities if i.kind is IrregularityKind.EXPOSED and i.seat is irr.seat}
    for card in irr.cards or ():
        one = replace(irr, card=card)
        if _held(one, at, dealt, tricks, report) and dealt is not None and card not in called:
            _check_restrictions(one, dealt, tricks, report)


def _held(irr: Irregularity, at: str, dealt: Sequence[int] | None, tricks: Sequence[Trick], report: Report) -> bool:
    """Whether the irregularity's card was in its player's hand when it happened (reported if not)."""
    assert irr.card is not None
    if dealt is None:
        return True
    start = irr.trick or 1
    if _hand_before(dealt, tricks, irr.seat, start) & irr.card.bit:
        return True
    owner = next((seat for seat in Seat if dealt[seat] & irr.card.bit), None)
    why = f"it was dealt to {owner}" if owner is not irr.seat \
        else f"{irr.seat} had played it before trick {start}"
    verb = {IrregularityKind.DROPPED_CARD: "dropped", IrregularityKind.LEAD_OUT_OF_TURN: "led",
            IrregularityKind.THROWN_DOWN: "threw down"}.get(irr.kind, "showed")
    report("irregularity_mismatch", at, f"the record says {irr.seat} {verb} {irr.card.pretty}, but {why}")
    return False


def _hand_before(dealt: Sequence[int], tricks: Sequence[Trick], seat: Seat, trick: int) -> int:
    """What ``seat`` held before trick number ``trick``."""
    hand = dealt[seat]
    for done in tricks[:trick - 1]:
        mine = played_by(done, seat)
        if mine is not None:
            hand &= ~mine[1].bit
    return hand


def _check_restrictions(irr: Irregularity, dealt: Sequence[int], tricks: Sequence[Trick], report: Report) -> None:
    """§7.1–7.2: an exposed card called to a round of its suit must be played to it, and is not
    played of the player's own choice while he holds another card of its suit, until the
    third round of its suit is over (ruling 11)."""
    card = irr.card
    assert card is not None, "an exposed card is recorded with the card shown"
    seat, suit = irr.seat, card.suit
    start = irr.trick or 1
    hand = _hand_before(dealt, tricks, seat, start)
    rounds = 0  # rounds of the card's suit since it was exposed, this trick's included
    place = sum(len(trick.cards) for trick in tricks[:start - 1])  # where trick ``start`` begins in the play
    for number in range(start, len(tricks) + 1):
        trick = tricks[number - 1]
        begins, place = place, place + len(trick.cards)
        rounds += trick.cards[0].suit is suit
        mine = played_by(trick, seat)
        if mine is None:
            continue
        index, played = mine
        at = f"play[{begins + index}]"
        called = irr.called_round is not None and trick.cards[0].suit is suit and rounds == irr.called_round
        if called and played != card:
            report("exposed_card", at, f"trick {number}: {seat} must play the exposed {card.pretty} to the "
                                       f"{ORDINALS.get(rounds, rounds)} round of {suit.symbol} (called), "
                                       f"but played {played.pretty} (laws.md §7.2)")
        elif played == card and not called and rounds - (trick.cards[0].suit is suit) < FREE_AFTER_ROUNDS \
                and hand & SUIT_MASKS[suit] & ~card.bit:
            report("exposed_card", at, f"trick {number}: {seat} played the exposed {card.pretty} of his own choice "
                                       f"while holding another {suit.symbol} (laws.md §7.1)")
        if played == card:
            return
        hand &= ~played.bit
