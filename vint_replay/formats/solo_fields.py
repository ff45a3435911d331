"""Solo whist's own deal fields in both formats (docs/format.md §5.5): each value read from its
JSON or text form with a message saying what is expected, and written back canonically."""
from __future__ import annotations

import re
from typing import Mapping

from ..engine.cards import SUIT_BY_CHAR, Card, Suit
from ..engine.seats import SEATS, Seat
from ..games.solo.contracts import SoloCall, points
from ..games.solo.record import OUTCOMES, OUTCOME_TEXT, SoloContract

JSON_KEYS = ("sits_out", "turn_up", "abond_trump", "outcome", "payments", "contract")  # beside dealer, hands, auction, play
FIFTH = "fifth"  # the session's players: a fifth player's key (JSON), [Fifth] tag (text)
PAYMENT = re.compile(r"\s*([NESW])\s+([+-]?\d{1,6}(?:\.\d{1,2})?)", re.ASCII)
PAYMENTS_HELP = 'points by seat, in quarters at most, e.g. "N +4.5 E -1.5 S -1.5 W -1.5"'


def parse_turn_up(text: object) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"the turned-up card is written as a card such as H2, not {text!r}")
    try:
        return Card.parse(text)
    except ValueError:
        raise ValueError(f"the turned-up card is written as a card such as H2, not {text!r}") from None


def parse_suit(text: object) -> Suit:
    suit = SUIT_BY_CHAR.get(text.strip()) if isinstance(text, str) else None
    if suit is None:
        raise ValueError(f"the named trump is a suit, S, H, D or C, not {text!r}")
    return suit


def parse_outcome(text: object) -> bool:
    if not isinstance(text, str) or text.strip().lower() not in OUTCOMES:
        raise ValueError(f"the outcome of a play stopped early is \"made\" (a claim) or \"failed\" (a "
                         f"concession), not {text!r}")
    return OUTCOMES[text.strip().lower()]


def parse_contract(kind: object, declarer: object, partner: object = None) -> SoloContract:
    """A recorded contract: a bid's token, the declarer's seat and, for a proposal (only), the
    partner's; ``ValueError`` saying what is wrong."""
    try:
        call = SoloCall.parse(kind) if isinstance(kind, str) else None
    except ValueError as bad:
        raise ValueError(str(bad)) from None
    if call is None or not call.is_bid:
        raise ValueError(f"a contract is one of {', '.join(c.value for c in SoloCall if c.is_bid)}, not {kind!r}")
    seats = []
    for role, seat in (("declarer", declarer), ("partner", partner)):
        if seat is None:
            seats.append(None)
        elif isinstance(seat, str) and seat.strip().upper() in ("N", "E", "S", "W"):
            seats.append(Seat.parse(seat))
        else:
            raise ValueError(f"the {role} is a seat, N, E, S or W, not {seat!r}")
    if seats[0] is None:
        raise ValueError("a contract names its declarer's seat")
    if (call is SoloCall.PROPOSAL) != (seats[1] is not None) or seats[0] == seats[1]:
        raise ValueError("a proposal names its partner (another seat), and no other contract has one")
    return SoloContract(call, seats[0], seats[1])


def contract_json(contract: SoloContract) -> dict[str, str]:
    out = {"bid": contract.kind.value, "declarer": contract.declarer.name}
    return out | ({"partner": contract.partner.name} if contract.partner is not None else {})


def quarters(points: object) -> int:
    """Points (a number, whole or in quarters) as quarters; ``ValueError`` otherwise."""
    if type(points) not in (int, float) or abs(points) > 1e6 or points * 4 != int(points * 4):  # type: ignore[operator]
        raise ValueError(f"{points!r} is not a number of points in quarters")
    return int(points * 4)  # type: ignore[operator]


def parse_payments_json(raw: object) -> tuple[int, int, int, int]:
    if not isinstance(raw, Mapping) or set(raw) != {"N", "E", "S", "W"}:
        raise ValueError(f"payments must give {PAYMENTS_HELP} (an object with N, E, S and W)")
    return tuple(quarters(raw[s.name]) for s in SEATS)  # type: ignore[return-value]


def parse_payments_text(text: str) -> tuple[int, int, int, int]:
    found: dict[str, int] = {}
    end = 0
    for m in PAYMENT.finditer(text):
        if m.start() != end or m.group(1) in found:
            break
        found[m.group(1)] = quarters(float(m.group(2)))
        end = m.end()
    if text[end:].strip() or len(found) != 4:
        raise ValueError(f"[Payments] must give {PAYMENTS_HELP}, not {text!r}")
    return tuple(found[s.name] for s in SEATS)  # type: ignore[return-value]


def payments_json(payments: tuple[int, int, int, int]) -> dict[str, int | float]:
    return {s.name: points(q) for s, q in zip(SEATS, payments)}


def payments_text(payments: tuple[int, int, int, int]) -> str:
    return " ".join(f"{s.name} {points(q):+}" if q else f"{s.name} 0" for s, q in zip(SEATS, payments))


def outcome_text(outcome: bool) -> str:
    return OUTCOME_TEXT[outcome]
