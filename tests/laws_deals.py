"""Records under the laws layer for the laws tests: a session with ``laws: "001"``, calls out
of turn by index, and a full legal play found by always playing the lowest legal card."""
from __future__ import annotations

from dataclasses import replace

from builders import PLAYERS, RANKED, calls, deal
from vint_replay.engine.calls import Call
from vint_replay.engine.cards import Card, iter_bits
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import CallOutOfTurn, DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport, evaluate


def laws_session(*deals: DealRecord, rules: str = "classic", draw: str | None = None,
                 laws: str | None = "001") -> SessionRecord:
    """A session under the laws; ``draw`` is four cards N E S W (``"SA C2 HA DK"``)."""
    cards = None if draw is None else tuple(Card.parse(c) for c in draw.split())
    info = SessionInfo("laws-test", PLAYERS, rules=rules, laws=laws, draw=cards)  # type: ignore[arg-type]
    return SessionRecord(info, tuple(deals))


def evaluated(*deals: DealRecord, **kwargs) -> SessionReport:
    return evaluate(laws_session(*deals, **kwargs))


def out_of_turn(deal: DealRecord, *calls: tuple[int, str]) -> DealRecord:
    """``deal`` with the calls at these indices marked as spoken out of turn by these seats."""
    return replace(deal, out_of_turn=tuple(CallOutOfTurn(i, Seat.parse(by)) for i, by in calls))


def found(report: SessionReport) -> list[tuple[int | None, str, str | None, str]]:
    """Every diagnostic as ``(deal, code, at, severity)``."""
    return [(d.deal, d.code, d.at, str(d.severity)) for d in report.diagnostics]


def lowest_play(hands: tuple[int, int, int, int], trump, leader: Seat, rules: str = "classic",
                first: Card | None = None, skips: dict[int, Seat] | None = None) -> tuple[Card, ...]:
    """A whole legal play from ``hands`` (bit sets): ``first`` led, then always the lowest legal
    card; ``skips``: tricks a player missed (law 169)."""
    play = Play(hands, trump, leader, get_profile(rules), skips=skips)
    cards: list[Card] = []
    while play.to_play is not None:
        card = first if first is not None and not cards else Card(min(iter_bits(play.legal())))
        play.play(card)
        cards.append(card)
    return tuple(cards)


def classic_auction(dealer: str, declarer: str, bid: str) -> tuple[Call, ...]:
    """The shortest classic auction in which ``declarer`` makes the only bid: passes round to
    him, the bid, the 8 closing passes."""
    waiting = (Seat.parse(declarer) - Seat.parse(dealer)) % 4
    return calls(" ".join(["pass"] * waiting + [bid] + ["pass"] * 8))


def classic_result(bid: str, declarer: str, tricks: int, number: int = 1, dealer: str = "N",
                   hands_text: str = RANKED) -> DealRecord:
    """A classic result-only deal: ``declarer`` bid ``bid`` alone and took ``tricks`` tricks."""
    return deal(number, dealer, hands_text, classic_auction(dealer, declarer, bid), result=tricks)
