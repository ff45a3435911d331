"""Solo whist's own deal fields in both formats (docs/format.md §5.5), its :class:`DealCodec`:
each value read from its JSON or text form with a message saying what is expected, and written
back canonically."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ...engine.cards import SUIT_BY_CHAR, Card, Suit
from ...engine.fields import DealCodec, GameFields, Report, Slot
from ...engine.record import DealRecord, SessionInfo
from ...engine.seats import SEATS, Seat, by_seat
from .contracts import SoloCall, points
from .deal_line import SoloDealScore
from .record import OUTCOMES, OUTCOME_TEXT, SoloContract, SoloDeal, solo_fields

JSON_KEYS = ("sits_out", "turn_up", "abond_trump", "outcome", "payments", "contract")  # beside dealer, hands, auction, play
TAGS = {"SitsOut": "sits_out", "TurnUp": "turn_up", "Contract": "contract", "Declarer": "contract",
        "Partner": "contract", "AbondTrump": "abond_trump", "Outcome": "outcome", "Payments": "payments"}
# a vint or bridge deal's fields that a solo-whist deal has not (format.md §5.5), by JSON key and by tag
LACKS = frozenset({"recorded", "vulnerable", "declarer", "recorded_score", "recorded_figures", "irregularities", "void",
                   "deal_lost", "question"})
LACKS_TAGS = ("Score", "Vulnerable", "BoardScore", "BoardFigures")
T = TypeVar("T")
V = TypeVar("V")
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
    seats: list[Seat | None] = []
    for role, seat in (("declarer", declarer), ("partner", partner)):
        if seat is None:
            seats.append(None)
        elif isinstance(seat, str) and seat.strip().upper() in ("N", "E", "S", "W"):
            seats.append(Seat.parse(seat))
        else:
            raise ValueError(f"the {role} is a seat, N, E, S or W, not {seat!r}")
    lead, partner_seat = seats
    if lead is None:
        raise ValueError("a contract names its declarer's seat")
    if (call is SoloCall.PROPOSAL) != (partner_seat is not None) or lead == partner_seat:
        raise ValueError("a proposal names its partner (another seat), and no other contract has one")
    return SoloContract(call, lead, partner_seat)


def contract_json(contract: SoloContract) -> dict[str, str]:
    out = {"bid": contract.kind.value, "declarer": contract.declarer.name}
    return out | ({"partner": contract.partner.name} if contract.partner is not None else {})


def quarters(points: object) -> int:
    """Points (a number, whole or in quarters) as quarters; ``ValueError`` otherwise."""
    if not (type(points) is int or type(points) is float) or abs(points) > 1e6 or points * 4 != int(points * 4):
        raise ValueError(f"{points!r} is not a number of points in quarters")
    return int(points * 4)


def parse_payments_json(raw: object) -> tuple[int, int, int, int]:
    if not isinstance(raw, Mapping) or set(raw) != {"N", "E", "S", "W"}:
        raise ValueError(f"payments must give {PAYMENTS_HELP} (an object with N, E, S and W)")
    return by_seat(quarters(raw[s.name]) for s in SEATS)


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
    return by_seat(found[s.name] for s in SEATS)


def payments_json(payments: tuple[int, int, int, int]) -> dict[str, int | float]:
    return {s.name: points(q) for s, q in zip(SEATS, payments)}


def payments_text(payments: tuple[int, int, int, int]) -> str:
    return " ".join(f"{s.name} {points(q):+}" if q else f"{s.name} 0" for s, q in zip(SEATS, payments))


def outcome_text(outcome: bool) -> str:
    return OUTCOME_TEXT[outcome]


def _json_contract(raw: object) -> SoloContract:
    """A deal's ``contract`` object: ``{"bid": "prop", "declarer": "E", "partner": "S"}``."""
    if not isinstance(raw, dict) or not set(raw) <= {"bid", "declarer", "partner"}:
        raise ValueError('the contract is an object {"bid": …, "declarer": …} (and "partner" for a proposal)')
    return parse_contract(raw.get("bid"), raw.get("declarer"), raw.get("partner"))


def _calls(tokens: Sequence[object], report: Report, unreadable: set[str]) -> tuple[SoloCall, ...]:
    calls = []
    for i, token in enumerate(tokens):
        try:
            calls.append(SoloCall.parse(token if isinstance(token, str) else repr(token)))
        except ValueError as bad:
            report("bad_call", f"auction[{i}]", str(bad))
            unreadable.add("auction")
    return tuple(calls)


class _Reading:
    """One deal's solo fields being read: each parsed by its own parser, a bad one reported at
    its key and marked unreadable (its value ``None``)."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.unreadable: set[str] = set()

    def parsed(self, key: str, written: str, parse: Callable[[T], V], value: T) -> V | None:
        """``value`` read by ``parse``; ``written`` names it in the message."""
        try:
            return parse(value)
        except ValueError as bad:
            self.report("bad_card" if key == "turn_up" else "schema", key, f"{written}: {bad}")
            self.unreadable.add(key)
            return None

    def fields(self, solo: SoloDeal) -> GameFields:
        return GameFields(solo, frozenset(self.unreadable))


class SoloFields(DealCodec):
    """Solo whist's codec: the turn-up, its own call tokens, the player out, the named trump,
    the outcome of a play stopped early, the payments and the stated contract (format.md §5.5);
    a fifth player may be named beside the four seats."""

    json_keys = frozenset(JSON_KEYS)
    tags = TAGS
    lacks = LACKS
    fifth = True
    owns_auction = True
    stored_key = "solo"
    paid_sheet = True  # §5: each deal settled in payments, with running balances

    def foreign(self, name: str, text: bool, rules: str) -> str:
        what = f"[{name}] is a tag" if text else f"'{name}' is a field"
        return f"{what} of solo-whist deals (docs/format.md §5.5); these are {rules} rules"

    def pbn_lacks(self, info: SessionInfo) -> str | None:
        return "it has no tags for the turn-up, the calls and the payments"

    def lacking(self, tag: str) -> str | None:
        """Why the common tag ``tag`` cannot stand in a solo-whist deal, or ``None`` if it may."""
        return f"[{tag}] is not a tag of solo-whist deals (docs/format.md §5.5)" if tag in LACKS_TAGS else None

    def read_json(self, raw: Mapping[str, object], report: Report) -> GameFields:
        reading = _Reading(report)
        tokens = raw.get("auction")
        if not isinstance(tokens, list):
            report("schema", "auction", "'auction' must be a list of solo-whist calls starting with eldest hand, e.g. "
                                        "[\"solo\", \"pass\"]")
            reading.unreadable.add("auction")
            tokens = []
        calls = _calls(tokens, report, reading.unreadable)

        def parsed(key: str, parse: Callable[[object], V]) -> V | None:
            return reading.parsed(key, f"'{key}'", parse, raw[key]) if key in raw else None

        turn_up, abond_trump = parsed("turn_up", parse_turn_up), parsed("abond_trump", parse_suit)
        outcome, payments = parsed("outcome", parse_outcome), parsed("payments", parse_payments_json)
        contract = parsed("contract", _json_contract)
        sits_out = raw.get("sits_out")
        if sits_out is not None and not isinstance(sits_out, str):
            report("schema", "sits_out", "'sits_out' names the player who deals and sits out (a string)")
            sits_out = None
        return reading.fields(SoloDeal(turn_up, calls, sits_out, abond_trump, outcome, payments, contract))

    def read_text(self, tags: Mapping[str, str], auction: Sequence[str] | None, report: Report) -> GameFields:
        reading = _Reading(report)
        calls = _calls(auction or (), report, reading.unreadable)
        stated = [tags.get(name) for name in ("Contract", "Declarer", "Partner")]
        contract = None
        if any(value is not None for value in stated):
            contract = reading.parsed("contract", "[Contract], [Declarer] and [Partner]",
                                      lambda given: parse_contract(*(None if v is None else v.strip() for v in given)),
                                      stated)

        def parsed(name: str, parse: Callable[[str], V]) -> V | None:
            return reading.parsed(TAGS[name], f"[{name}]", parse, tags[name]) if name in tags else None

        sits_out, turn_up = parsed("SitsOut", str.strip), parsed("TurnUp", parse_turn_up)
        abond_trump, outcome = parsed("AbondTrump", parse_suit), parsed("Outcome", parse_outcome)
        payments = parsed("Payments", parse_payments_text)
        return reading.fields(SoloDeal(turn_up, calls, sits_out, abond_trump, outcome, payments, contract))

    def json_fields(self, deal: DealRecord) -> Mapping[Slot, Mapping[str, object]]:
        solo = solo_fields(deal)
        if solo is None:
            return {}
        opening: dict[str, object] = {}
        if solo.sits_out is not None:
            opening["sits_out"] = solo.sits_out
        if solo.turn_up is not None:
            opening["turn_up"] = solo.turn_up.name
        auction: dict[str, object] = {}
        if solo.contract is not None:
            auction["contract"] = contract_json(solo.contract)
        if solo.abond_trump is not None:
            auction["abond_trump"] = solo.abond_trump.letter
        play = {} if solo.outcome is None else {"outcome": outcome_text(solo.outcome)}
        result = {} if solo.payments is None else {"payments": payments_json(solo.payments)}
        return {Slot.OPENING: opening, Slot.AUCTION: auction, Slot.PLAY: play, Slot.RESULT: result}

    def text_tags(self, deal: DealRecord) -> Mapping[Slot, Sequence[tuple[str, str]]]:
        solo = solo_fields(deal)
        if solo is None:
            return {}
        opening = [] if solo.sits_out is None else [("SitsOut", solo.sits_out)]
        if solo.turn_up is not None:
            opening.append(("TurnUp", solo.turn_up.name))
        auction: list[tuple[str, str]] = []
        if solo.contract is not None:
            auction += [("Contract", solo.contract.kind.value), ("Declarer", solo.contract.declarer.name)]
            if solo.contract.partner is not None:
                auction.append(("Partner", solo.contract.partner.name))
        if solo.abond_trump is not None:
            auction.append(("AbondTrump", solo.abond_trump.letter))
        play = [] if solo.outcome is None else [("Outcome", outcome_text(solo.outcome))]
        result = [] if solo.payments is None else [("Payments", payments_text(solo.payments))]
        return {Slot.OPENING: opening, Slot.AUCTION: auction, Slot.PLAY: play, Slot.RESULT: result}

    def auction_words(self, deal: DealRecord) -> list[str]:
        solo = solo_fields(deal)
        return [] if solo is None else [c.value for c in solo.calls]

    def stored(self, deal: DealRecord, scored: object) -> dict[str, object] | None:
        """docs/store.md: the fields and the payments due, so that export writes back exactly
        what was imported and the Parquet schemas stay as they are."""
        solo = solo_fields(deal)
        if solo is None:
            return None
        assert isinstance(scored, SoloDealScore), f"a solo-whist deal scored as {type(scored).__name__}"
        return solo_json(solo, scored)

    def written_differs(self, deal: DealRecord, scored: object) -> bool | None:
        """The payments as the scorer wrote them against those due (§5)."""
        solo = solo_fields(deal)
        if solo is None or solo.payments is None:
            return None
        assert isinstance(scored, SoloDealScore), f"a solo-whist deal scored as {type(scored).__name__}"
        return solo.payments != scored.payments

    def restored(self, raw: object) -> GameFields:
        assert isinstance(raw, dict), f"stored solo-whist fields are an object, not {raw!r}"
        return GameFields(solo_of(raw))

    def content_part(self, deal: DealRecord) -> list[object] | None:
        solo = solo_fields(deal)
        if solo is None:
            return None
        return [None if solo.turn_up is None else int(solo.turn_up), [c.value for c in solo.calls], solo.sits_out,
                None if solo.abond_trump is None else int(solo.abond_trump), solo.outcome,
                None if solo.payments is None else list(solo.payments),
                None if solo.contract is None else contract_json(solo.contract)]


def solo_json(solo: SoloDeal, scored: SoloDealScore) -> dict[str, object]:
    """The deal's solo-whist fields as the store keeps them, and its payments due (quarters by
    seat N E S W)."""
    out: dict[str, object] = {"calls": [c.value for c in solo.calls], "due": list(scored.payments)}
    if solo.turn_up is not None:
        out["turn_up"] = solo.turn_up.name
    if solo.sits_out is not None:
        out["sits_out"] = solo.sits_out
    if solo.abond_trump is not None:
        out["abond_trump"] = solo.abond_trump.letter
    if solo.outcome is not None:
        out["outcome"] = solo.outcome
    if solo.payments is not None:
        out["payments"] = list(solo.payments)
    if solo.contract is not None:
        out["contract"] = contract_json(solo.contract)
    return out


def solo_of(raw: Mapping[str, Any]) -> SoloDeal:
    """The fields :func:`solo_json` stored, back as the record had them."""
    payments, stated = raw.get("payments"), raw.get("contract")
    return SoloDeal(None if "turn_up" not in raw else Card[raw["turn_up"]], tuple(SoloCall(c) for c in raw["calls"]),
                    raw.get("sits_out"), None if "abond_trump" not in raw else Suit("SHDC".index(raw["abond_trump"])),
                    raw.get("outcome"), None if payments is None else tuple(payments),
                    None if stated is None else parse_contract(stated["bid"], stated["declarer"], stated.get("partner")))


SOLO_FIELDS = SoloFields()
