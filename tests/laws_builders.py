"""Records under the laws (docs/rules/laws.md) for the laws tests: a deal's irregularities put
in, and plays built card by card with chosen cards (revokes included) at chosen places."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builders import PLAYERS, calls, hands
from vint_replay.engine.calls import Call
from vint_replay.engine.cards import Card, iter_bits
from vint_replay.games.laws import with_laws
from vint_replay.engine.play import Play
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, Irregularity, IrregularityKind, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats import read_file

DATA = Path(__file__).parent / "data" / "laws"  # records under the laws (PBN cannot carry them)
REVOKE, LEAD, EXPOSED = IrregularityKind.REVOKE, IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.EXPOSED


def under_laws(record: SessionRecord, irregularities: dict[int, tuple[Irregularity, ...]],
               laws: str | None = "001") -> SessionRecord:
    """``record`` with the session's laws and each numbered deal's irregularities put in."""
    deals = tuple(replace(d, irregularities=irregularities.get(d.number, d.irregularities)) for d in record.deals)
    return replace(record, info=replace(record.info, laws=laws), deals=deals)


def file_under_laws(name: str, irregularities: dict[int, tuple[Irregularity, ...]]) -> SessionReport:
    return evaluate(under_laws(read_file(DATA / name).record, irregularities))


def auction(rules: str, dealer: str, declarer: str, bid: str) -> tuple[Call, ...]:
    """``declarer`` makes the only bid, then the profile's closing passes."""
    waiting = (Seat.parse(declarer) - Seat.parse(dealer)) % 4
    closing = get_profile(rules).passes_after_bid
    return calls(" ".join(["pass"] * waiting + [bid] + ["pass"] * closing))


def built_play(hands_text: str, rules: str, declarer: str, bid: str,
               chosen: dict[tuple[int, str], str] | None = None, leads: dict[int, Seat] | None = None) -> tuple[Card, ...]:
    """A whole play: the lowest legal card everywhere, except ``chosen`` (trick 1–13, seat) ->
    card, legal or not (a revoke under the laws), and tricks led out of turn (``leads``)."""
    profile = with_laws(get_profile(rules), "001")
    trump = calls(bid)[0].denomination.trump  # type: ignore[union-attr]
    play = Play(tuple(h.mask for h in hands(hands_text)), trump, Seat.parse(declarer).left, profile,  # type: ignore[arg-type]
                leads)
    cards = []
    while not play.finished:
        want = (chosen or {}).get((len(play.tricks) + 1, play.to_play.name))  # type: ignore[union-attr]
        card = Card.parse(want) if want else min(iter_bits(play.legal()))
        play.play(card)
        cards.append(card)
    return tuple(cards)


def laws_deal(hands_text: str, rules: str, declarer: str, bid: str, *irregularities: Irregularity,
              chosen: dict[tuple[int, str], str] | None = None, result: int | None = None,
              number: int = 1, dealer: str = "N") -> DealRecord:
    """A deal played (or, with ``result``, only scored) under the laws with its irregularities."""
    leads = {i.trick: i.seat for i in irregularities if i.kind is LEAD and i.accepted and i.trick}
    cards = None if result is not None else built_play(hands_text, rules, declarer, bid, chosen, leads)
    return DealRecord(number, Seat.parse(dealer), auction(rules, dealer, declarer, bid), hands(hands_text), cards,
                      result, irregularities=irregularities)


def laws_session(rules: str, *deals: DealRecord, laws: str | None = "001") -> SessionReport:
    info = SessionInfo("laws-session", PLAYERS, rules=rules, laws=laws)
    return evaluate(SessionRecord(info, deals))


def revoke(seat: str, trick: int | None, claimed: bool | None = True, asked: bool | None = None) -> Irregularity:
    return Irregularity(REVOKE, Seat.parse(seat), trick, claimed=claimed, asked=asked)
