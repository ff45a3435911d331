"""A deal's irregularities under the laws in words, for the terminal and the dashboard alike: each
irregular card where it was played (docs/rules/laws.md §7–§8), and the revoke penalty as the
ledger applied it (§8.4: counts before and after, transfers, missing tricks, the cap)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine.cards import Card
from ..games.laws.exposed import ORDINALS
from ..games.laws.penalty import RevokePenalty, cap
from ..games.laws.revoke import Revoke, is_claimed, revokes_of
from ..engine.ledger import DealScore
from ..engine.play import Trick
from ..engine.record import DealRecord, IrregularityKind
from ..engine.rule_profile import RuleProfile
from ..engine.scoring import Item
from ..engine.seats import Seat, Side
from ..games.vint235.replay import TableReplay


@dataclass(frozen=True, slots=True)
class Mark:
    """One irregular card of the play: the trick (1–13), who, the card (``None`` if the record
    does not name it), its kind (an :class:`IrregularityKind` value) and what happened."""

    trick: int
    seat: Seat
    card: Card | None
    kind: str
    text: str

    def to_json(self) -> dict[str, object]:
        return {"trick": self.trick, "seat": self.seat.name, "card": None if self.card is None else self.card.name,
                "kind": self.kind, "text": self.text}


class Irregular(Protocol):
    """What these lines read of a replayed deal, of any game under the laws: its record, the
    revokes found in its play and the penalty of the claimed ones (laws.md §8)."""

    @property
    def deal(self) -> DealRecord: ...
    @property
    def profile(self) -> RuleProfile: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def revokes(self) -> tuple[Revoke, ...]: ...
    @property
    def penalty(self) -> RevokePenalty | None: ...


def play_marks(replay: Irregular) -> tuple[Mark, ...]:
    """The revokes found in the play (claimed or not), the leads out of turn and the exposed
    or dropped cards and the cards thrown down early of the record, in trick order."""
    marks = [Mark(r.trick, r.seat, r.card, IrregularityKind.REVOKE.value,
                  f"revoke by {r.seat}: {r.card.pretty} on {r.led.symbol} led while holding {r.led.symbol} — "
                  + ("claimed, penalised (laws.md §8.4)" if is_claimed(replay.deal, r)
                     else "not claimed, no penalty (laws.md §8.2)"))
             for r in replay.revokes]
    found = {(r.seat, r.trick) for r in replay.revokes}
    for irr in replay.deal.irregularities:
        trick = irr.trick or 1
        if irr.kind is IrregularityKind.LEAD_OUT_OF_TURN:
            card = irr.card
            if card is None and irr.accepted and trick <= len(replay.tricks):
                card = replay.tricks[trick - 1].cards[0]
            led = f" {card.pretty}" if card is not None else ""
            how = "the lead stood" if irr.accepted else "the lead was refused and the card lies exposed"
            marks.append(Mark(trick, irr.seat, card, irr.kind.value,
                              f"{irr.seat} led{led} out of turn; {how} (laws.md §7.3)"))
        elif irr.kind in (IrregularityKind.EXPOSED, IrregularityKind.DROPPED_CARD) and irr.card is not None:
            verb = "dropped" if irr.kind is IrregularityKind.DROPPED_CARD else "exposed"
            called = "" if irr.called_round is None else \
                f"; called to the {ORDINALS.get(irr.called_round, irr.called_round)} round of {irr.card.suit.symbol}"
            marks.append(Mark(trick, irr.seat, irr.card, irr.kind.value,
                              f"{irr.seat}'s {irr.card.pretty} {verb}{called} (laws.md §7.1)"))
            played = next((n for n, t in enumerate(replay.tricks, 1) if n > trick and irr.card in t.cards), None)
            if played is not None:  # where the card lying face up is played at last
                marks.append(Mark(played, irr.seat, irr.card, irr.kind.value,
                                  f"{irr.seat} plays his {verb} {irr.card.pretty} (laws.md §7.2)"))
        elif irr.kind is IrregularityKind.THROWN_DOWN and irr.cards:
            shown = " ".join(card.pretty for card in irr.cards)
            marks.append(Mark(trick, irr.seat, None, irr.kind.value,
                              f"{irr.seat} threw down {shown} early: exposed cards (laws.md §7.1, law 177)"))
        elif irr.kind is IrregularityKind.REVOKE and irr.claimed and (irr.seat, irr.trick) not in found \
                and irr.trick is not None:  # a claimed revoke the play does not show card by card
            marks.append(Mark(irr.trick, irr.seat, irr.card, irr.kind.value,
                              f"revoke by {irr.seat}, as recorded — claimed, penalised (laws.md §8.4)"))
    return tuple(sorted(marks, key=lambda m: m.trick))


def penalty_lines(replay: Irregular, score: DealScore | None) -> list[str]:
    """The revoke penalty as applied: the counts before → after, each revoke's transfer and
    missing tricks with what they cost, and what the cap put above the line; empty without one."""
    penalty: RevokePenalty | None = score.penalty if score is not None and score.penalty else replay.penalty
    if penalty is None:
        return []
    (b_ns, b_ew), (a_ns, a_ew) = penalty.tricks_before, penalty.tricks_after
    lines = [f"Revoke penalty (laws.md §8.4): tricks N–S {b_ns}, E–W {b_ew} → N–S {a_ns}, E–W {a_ew}"]
    where = {irr.seat: irr.trick for _j, irr in revokes_of(replay.deal) if irr.claimed}
    charged = iter([] if score is None else [e for e in score.entries if e.item is Item.REVOKE_PENALTY])
    for t in penalty.transfers:
        at = f" at trick {where[t.seat]}" if where.get(t.seat) else ""
        line = f"{t.seat}'s revoke{at}: {t.moved} tricks to {_wronged(replay, t.seat).label}"
        if t.missing:
            entry = next(charged, None)
            cost = "" if entry is None else f": {entry.points} above the line to {entry.side.label}"
            line = (f"{t.seat}'s revoke{at}: the penalty in points, no trick moved (players-2-3-5.md §2.2){cost}"
                    if t.points else f"{line}; {t.missing} missing, each charged as an undertrick{cost}")
        lines.append(line)
    for side in Side:
        if penalty.capped[side]:
            lines.append(f"{side.label} revoked: their tricks below stop at {cap(replay.profile)} (laws.md §8.4.4); "
                         f"the {penalty.capped[side]} beyond go above the line")
    return lines


def _wronged(replay: Irregular, seat: Seat) -> Side:
    """The side (under the 2/3/5-player methods, the score column) a revoke by ``seat`` wrongs."""
    if isinstance(replay, TableReplay) and replay.place_columns is not None:
        return Side(1 - replay.place_columns[seat])
    return seat.side.other


__all__ = ["Mark", "penalty_lines", "play_marks"]
