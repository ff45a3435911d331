"""Readable deal construction for rule tests: PBN hands, calls and tricks as short strings.

``deal(hands=SUITED, auction="N 4NT", play=...)`` builds a :class:`DealRecord`; the auction
text may name the bidder instead of spelling out every pass (``contract_auction``).
"""
from __future__ import annotations

from vint_replay.engine.calls import Call
from vint_replay.engine.cards import Card, Hand
from vint_replay.engine.ledger import DealScore
from vint_replay.engine.record import DealRecord, LineTotals, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport, evaluate

# Each seat holds one whole suit: N spades, E hearts, S diamonds, W clubs.
SUITED = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# Ranks dealt in groups: N A J 7 (+♠2), E K T 6 (+♥2), S Q 9 5 (+♦2), W 8 4 3 (+♣2).
# N–S hold every ace and three honours (A Q J) in every suit; E–W two (K T).
RANKED = "AJ72.AJ7.AJ7.AJ7 KT6.KT62.KT6.KT6 Q95.Q95.Q952.Q95 843.843.843.8432"
PLAYERS = ("Ivanov", "Petrov", "Sidorov", "Orlov")


def hands(text: str) -> tuple[Hand, Hand, Hand, Hand]:
    """Four PBN hands, N E S W, separated by spaces."""
    parts = text.split()
    assert len(parts) == 4, text
    return tuple(Hand.parse(p) for p in parts)  # type: ignore[return-value]


def calls(text: str) -> tuple[Call, ...]:
    """Calls separated by spaces: ``"1C 1D p p 3C"``; ``AP`` is not expanded here."""
    return tuple(Call.parse(c) for c in text.split())


def contract_auction(dealer: str, declarer: str, bid: str) -> tuple[Call, ...]:
    """The shortest legal auction in which ``declarer`` makes the only bid: passes from the
    dealer round to him, the bid, then the 12 closing passes."""
    waiting = (Seat.parse(declarer) - Seat.parse(dealer)) % 4
    return calls(" ".join(["pass"] * waiting + [bid] + ["pass"] * 12))


def play(text: str) -> tuple[Card, ...]:
    """Cards in play order, tricks separated by ``/`` or new lines (only for readability)."""
    return tuple(Card.parse(c) for c in text.replace("/", " ").split())


def deal(number: int = 1, dealer: str = "N", hands_text: str | None = RANKED, auction: str | tuple[Call, ...] = "",
         cards: str | None = None, result: int | None = None,
         recorded: tuple[tuple[int, int], tuple[int, int]] | None = None) -> DealRecord:
    """A deal record; ``auction`` is call text or already-built calls."""
    return DealRecord(
        number=number,
        dealer=Seat.parse(dealer),
        auction=calls(auction) if isinstance(auction, str) else auction,
        hands=None if hands_text is None else hands(hands_text),
        play=None if cards is None else play(cards),
        result=result,
        recorded=None if recorded is None else (LineTotals(*recorded[0]), LineTotals(*recorded[1])),
    )


def result_deal(bid: str, declarer: str, tricks: int, number: int = 1, dealer: str = "N",
                hands_text: str = RANKED) -> DealRecord:
    """A result-only deal: ``declarer`` bid ``bid`` alone and took ``tricks`` tricks."""
    return deal(number, dealer, hands_text, contract_auction(dealer, declarer, bid), result=tricks)


def session(*deals: DealRecord) -> SessionRecord:
    return SessionRecord(SessionInfo("test-session", PLAYERS), tuple(deals))


def scored(*deals: DealRecord) -> SessionReport:
    """Evaluate a session that must be valid."""
    report = evaluate(session(*deals))
    assert report.valid, [d.describe() for d in report.diagnostics]
    assert report.score is not None
    return report


def items(score: DealScore) -> dict[tuple[str, str, str], int]:
    """A deal's entries as ``{(side, line, item): points}`` (each appears at most once)."""
    out: dict[tuple[str, str, str], int] = {}
    for e in score.entries:
        key = (e.side.name, str(e.line), str(e.item))
        assert key not in out, key
        out[key] = e.points
    return out


def codes(report: SessionReport) -> list[tuple[int | None, str, str | None]]:
    """The errors of a report as ``(deal, code, at)``."""
    return [(d.deal, d.code, d.at) for d in report.diagnostics if d.severity == "error"]
