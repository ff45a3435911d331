"""A solo-whist deal at the terminal: the turned-up card, the contract and who plays it, the
auction in order from eldest hand, the tricks with the declaring side's count, open misère's
hand laid face up after trick 1, and the payments and balances (docs/format.md §4.5, §5.5)."""
from __future__ import annotations

from typing import Iterator

from ..engine.diagnostics import Severity
from ..engine.play import Trick
from ..engine.plural import plural
from ..engine.printable import printable
from ..engine.seats import SEATS, Seat
from ..engine.session import SessionReport
from ..engine.solo.contracts import SoloCall, Trumps, points_text
from ..engine.solo.ledger import SoloDealScore, SoloLedger
from ..engine.solo.payments import payment_reason
from ..engine.solo.replay import SoloReplay
from .terminal import DealView


class SoloDealView(DealView):
    """:class:`DealView` for a solo-whist deal: the same table diagram and views, solo whist's
    header, auction, tricks and ending."""

    replay: SoloReplay  # type: ignore[assignment]
    score: SoloDealScore | None  # type: ignore[assignment]

    @classmethod
    def of(cls, report: SessionReport, index: int, color: bool = False) -> SoloDealView:
        return cls(report, report.replays[index], _deal_score(report, index), color)  # type: ignore[arg-type]

    def player(self, seat: Seat) -> str:
        name = printable(self.replay.players[seat])
        return f"{seat.full_name} · {name}" if name else seat.full_name

    @property
    def dummy(self) -> Seat | None:
        return None

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

    def trick(self, number: int, trick: Trick) -> str:
        declaring = self.replay.declaring
        taken = sum(1 for t in self.replay.tricks[:number] if t.winner in declaring)
        cards = "  ".join(f"{trick.seat_of(i)} {self.card(c)}" for i, c in enumerate(trick.cards))
        return (f"{number:>2}. {trick.leader} leads   {cards}   → {trick.winner} wins   "
                f"declaring side {taken}, opponents {number - taken}")

    def play_head(self) -> str:
        return f"Play ({self.player(self.replay.tricks[0].leader)} leads)"

    def exposed(self) -> str | None:
        """Open misère: the declarer's hand as it goes face up once trick 1 is complete."""
        cards, declarer = self.replay.exposed, self.replay.declarer
        if cards is None or declarer is None:
            return None
        lines = [f"    {self.player(declarer)} lays his hand face up after trick 1 (open misère):"]
        lines += ["        " + text for text, _ in self.hand_lines(cards)]
        return "\n".join(lines)

    def steps(self) -> Iterator[str]:
        yield self.opening()
        if self.replay.tricks:
            yield self.play_head()
            for n, t in enumerate(self.replay.tricks, 1):
                yield self.trick(n, t) + (("\n" + self.exposed()) if n == 1 and self.exposed() else "")
        yield from self.ending()

    def full(self) -> str:
        pieces = list(self.steps())
        head = [p for p in pieces[:1]]
        if self.replay.tricks:
            play = pieces[1:2 + len(self.replay.tricks)]
            head.append("\n".join(play))
            rest = pieces[2 + len(self.replay.tricks):]
        else:
            rest = pieces[1:]
        return "\n\n".join(head + rest) + "\n"

    def summary(self) -> str:
        replay, score = self.replay, self.score
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

    def after(self, k: int) -> str:
        state = self.replay.play_states[4 * k]
        declaring = self.replay.declaring
        taken = sum(1 for t in self.replay.tricks[:k] if t.winner in declaring)
        title = f"After trick {k}: declaring side {taken}, opponents {k - taken}"
        parts = [self.header(), self.diagram(state.hands, title)]
        if self.replay.tricks[:k]:
            parts.append("\n".join(self.trick(n, t) for n, t in enumerate(self.replay.tricks[:k], 1)))
        parts.append(f"{self.player(state.to_play)} to lead" if k < len(self.replay.tricks) and state.to_play is not None
                     else self.summary() or f"(the play stops after trick {k})")
        return "\n\n".join(parts) + "\n"


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


def _deal_score(report: SessionReport, index: int) -> SoloDealScore | None:
    """The deal's line of the payment sheet, or ``None`` if it or an earlier deal is invalid."""
    if report.score is not None:
        return report.score.deals[index]  # type: ignore[return-value]
    broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
    if None in broken or any(r.deal.number in broken for r in report.replays[:index + 1]):
        return None
    ledger = SoloLedger(report.record.info)
    score = None
    for replay in report.replays[:index + 1]:
        score = ledger.add(replay)  # type: ignore[arg-type]
    return score
