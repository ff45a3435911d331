"""A solo-whist deal at the terminal: the turned-up card, the contract and who plays it, the
auction in order from eldest hand, and the payments and balances (docs/format.md §4.5, §5.5);
the table and the tricks (with open misère's hand laid face up after trick 1) are DealView's."""
from __future__ import annotations

from typing import Iterator

from ..engine.plural import plural
from ..engine.printable import printable
from ..engine.seats import SEATS, Seat
from ..engine.solo.contracts import SoloCall, Trumps, points_text
from ..engine.solo.ledger import SoloDealScore
from ..engine.solo.payments import payment_reason
from ..engine.solo.replay import SoloReplay
from .terminal import DealView


class SoloDealView(DealView):
    """:class:`DealView` for a solo-whist deal: the same table, tricks and views, solo whist's
    header, auction (the calls with their callers: a player who passed speaks no more) and
    payments."""

    replay: SoloReplay  # type: ignore[assignment]

    def header(self) -> str:
        replay, deal = self.replay, self.replay.deal
        solo = replay.solo
        parts = [f"Deal {deal.number}"]
        if solo.sits_out is not None:
            parts.append(f"{printable(solo.sits_out)} deals and sits out; the last card goes to {self.player(deal.dealer)}")
        else:
            parts.append(f"dealer {self.player(deal.dealer)}")
        if solo.turn_up is not None:
            parts.append(f"turn-up {self.card(solo.turn_up).rstrip()}")
        lines = [" · ".join(parts)]
        contract, declarer = replay.contract, replay.declarer
        if contract is None or declarer is None:
            lines.append("Everyone passed: the deal is void (no play, no payment)")
            return "\n".join(lines)
        terms = contract.terms
        who = self.player(declarer) + (f" with {self.player(replay.partner)}" if replay.partner is not None else "")
        need = "take no trick" if terms.avoid else f"take {plural(terms.need, 'trick')}" + \
            (" together" if replay.partner is not None else "")
        trumps = "no trumps" if replay.trump is None else f"trumps {self.suit(replay.trump)}" + \
            (" (named after the auction)" if terms.trumps is Trumps.NAMED else " (the turn-up's suit)")
        lines.append(f"Contract {terms.title} by {who}: {need}; {trumps}; {self.player(replay.leader)} leads")
        return "\n".join(lines)

    def auction(self) -> str:
        """The calls in order from eldest hand, each with its caller."""
        shown = [f"{seat} {call_words(call)}" for seat, call in auction_calls(self.replay)]
        lines = ["Auction (eldest hand first)"]
        lines += ["  " + "   ".join(shown[k:k + 4]) for k in range(0, len(shown), 4)]
        return "\n".join(lines)

    def summary(self) -> str:
        replay, score = self.replay, self.line if isinstance(self.line, SoloDealScore) else None
        if replay.contract is None or replay.made is None:
            return ""
        terms = replay.contract.terms
        lines = [outcome_words(replay), "  " + payment_reason(terms, replay.made, replay.taken, replay.partner is not None)]
        if score is not None:
            lines.append("  Payments: " + ", ".join(f"{self.player(s)} {points_text(score.payments[s])}" for s in SEATS))
            players = self.report.score.players if self.report.score is not None else self.report.record.info.roster
            lines.append("  Balances: " + ", ".join(f"{printable(p)} {points_text(b)}"
                                                    for p, b in zip(players, score.balances)))
        return "\n".join(lines)

    def ending(self) -> Iterator[str]:
        summary = self.summary()
        if summary:
            yield summary
        elif self.replay.tricks and self.replay.made is None:
            yield f"(the play stops after trick {len(self.replay.tricks)})"


def outcome_words(replay: SoloReplay) -> str:
    """How the deal ended: ``Misère failed (after trick 8)``, ``Open misère made (after trick 7,
    the rest claimed)``, ``Solo made (after 13 tricks, the declaring side took 11)``; ``""`` unsettled."""
    if replay.contract is None or replay.made is None:
        return ""
    terms = replay.contract.terms
    played = len(replay.tricks)
    if played == 13 or (played and replay.deal.result is None and replay.solo.outcome is None):
        how = f"after trick {played}" if played < 13 else "after 13 tricks"
    elif played:
        how = f"after trick {played}, the rest {'claimed' if replay.made else 'conceded'}"
    else:
        how = "no card play recorded"
    counted = f", the declaring side took {replay.taken}" if terms.counts_tricks and replay.taken is not None else ""
    return f"{terms.title.capitalize()} {'made' if replay.made else 'failed'} ({how}{counted})"


def auction_calls(replay: SoloReplay) -> list[tuple[Seat, SoloCall]]:
    """The legal calls in order from eldest hand, each with the seat that made it."""
    states = replay.auction_states()
    return [(states[i].to_call, call) for i, call in enumerate(replay.solo.calls[:len(states) - 1])]  # type: ignore[misc]


def call_words(call: SoloCall) -> str:
    return call.terms.title if call.is_bid else str(call.value)
