"""The laws layer's record fields (docs/format.md §5.4, docs/rules/laws.md) as JSON spells them:
one typed reader with located problems and one writer, shared by the JSON and ``.vint`` formats
(``formats/laws_text.py`` spells an irregularity as text) and by the store, so every spelling of
a field is checked the same way."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, TypedDict, TypeVar

from ...engine.cards import CARD_BY_TEXT, Card
from ...engine.record import CallOutOfTurn, DealRecord, Irregularity, IrregularityKind, SessionInfo
from ...engine.seats import SEATS, Seat

LAWS_CODES = {"001": "the laws of vint, 1–180 (docs/rules/laws.md)"}
# the laws that void a deal (docs/rules/laws.md §2.3, §3, §4.3, §6.4); law 25 may name its case, a–i
VOID_LAW = re.compile(r"(?:14|18|20|22|25[a-i]?|76|169)")
VOID_HELP = "the law that voided the deal: 14, 18, 20, 22, 25 (or 25a–25i), 76 or 169"
SEAT_KEYS = ("N", "E", "S", "W")
PENALTY_CHOICES = ("tricks", "points")  # docs/rules/players-2-3-5.md §2.2, §6 ruling 6
LAWS_OFF = "the laws layer is off: set session.laws (\"001\") to record irregularities"
T = TypeVar("T")


# -- irregularities -------------------------------------------------------------------------

def _trick(value: object) -> int:
    if type(value) is not int or not 1 <= value <= 13:
        raise ValueError("must be a trick number, 1–13")
    return value


def _round(value: object) -> int:
    if type(value) is not int or not 1 <= value <= 3:
        raise ValueError("must be the round of the card's suit it was called to, 1–3")
    return value


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError("must be true or false")
    return value


def _card(value: object) -> Card:
    card = CARD_BY_TEXT.get(value.strip()) if isinstance(value, str) else None
    if card is None:
        raise ValueError("must be a card such as HQ")
    return card


def _choice(value: object) -> str:
    if value not in PENALTY_CHOICES:
        raise ValueError("must be tricks (three tricks, laws §8.4) or points (UT(L) above, players-2-3-5 §2.2)")
    return value


@dataclass(frozen=True)
class KindFields:
    """The fields an irregularity kind has: which it needs and which it may give."""

    required: tuple[str, ...]
    optional: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return ("seat", *self.required, *self.optional)


def _cards(value: object) -> tuple[Card, ...]:
    read = [CARD_BY_TEXT.get(v.strip()) if isinstance(v, str) else None
            for v in (value if isinstance(value, list) else ())]
    cards = tuple(c for c in read if c is not None)
    if not read or len(cards) < len(read) or len(set(cards)) < len(cards):
        raise ValueError("must be a list of different cards such as [\"SA\", \"HQ\"] (in .vint: cards=SA,HQ)")
    return cards


def _field_json(value: object) -> object:
    """A typed field's value as JSON spells it: a card by its name, cards as a list of names."""
    if isinstance(value, tuple):
        return [card.name for card in value]
    return value.name if isinstance(value, Card) else value


FIELD_NAMES = frozenset({"trick", "card", "claimed", "asked", "accepted", "called_round", "cards", "penalty"})
FLAGS = ("claimed", "asked", "accepted")
KIND_FIELDS = {
    IrregularityKind.REVOKE: KindFields((), ("trick", "card", "claimed", "asked", "penalty")),  # §8
    IrregularityKind.LEAD_OUT_OF_TURN: KindFields(("trick",), ("card", "accepted")),  # §7.3
    IrregularityKind.EXPOSED: KindFields(("card",), ("trick", "called_round")),  # §7.1–7.2
    IrregularityKind.DROPPED_CARD: KindFields(("card",), ("trick",)),  # §8.1, law 157
    IrregularityKind.BLIND_BID: KindFields((), ()),  # §7.4, law 178
    IrregularityKind.MISSED_TRICK: KindFields(("trick",), ()),  # §6.4, law 169
    IrregularityKind.THROWN_DOWN: KindFields(("cards",), ("trick",)),  # §7.1, law 177
}
FIELD_ORDER = ("kind", "seat", "trick", "card", "claimed", "asked", "accepted", "called_round", "cards", "penalty")


@dataclass
class Found(Generic[T]):
    """What reading one laws field found: its value (``None`` when wrong), errors and unknown
    field names, each by its path relative to the deal (``irregularities[1].trick``)."""

    value: T | None = None
    errors: list[tuple[str, str]] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def parse_irregularity(raw: object, at: str, has_play: bool) -> Found[Irregularity]:
    """One irregularity object, type-checked field by field; ``has_play``: a revoke in a deal
    with its play must say at which trick (it stands where it happened)."""
    found: Found[Irregularity] = Found()
    kinds = ", ".join(k.value for k in IrregularityKind)
    if not isinstance(raw, dict):
        found.errors.append((at, f"an irregularity must be an object with a kind ({kinds}) and a seat"))
        return found
    try:
        kind = IrregularityKind(str(raw.get("kind")))
    except ValueError:
        found.errors.append((f"{at}.kind", f"unknown kind {raw.get('kind')!r}; known: {kinds}"))
        return found
    spec = KIND_FIELDS[kind]
    seat = raw.get("seat")
    culprit = Seat.parse(seat) if isinstance(seat, str) and seat in SEAT_KEYS else None
    if culprit is None:
        found.errors.append((f"{at}.seat", f"'seat' must be N, E, S or W (who committed the {kind.value})"))
    for name in spec.required:
        if name not in raw:
            found.errors.append((f"{at}.{name}", f"a {kind.value} needs its '{name}'"))
    if kind is IrregularityKind.REVOKE and has_play and "trick" not in raw:
        found.errors.append((f"{at}.trick", "a revoke in a deal with its play needs its 'trick' (where it happened)"))
    wrong: dict[str, str] = {}  # the kind's fields given with a wrong value, by name

    def parsed(name: str, parse: Callable[[object], T]) -> T | None:
        if name not in raw or name not in spec.names:
            return None
        try:
            return parse(raw[name])
        except ValueError as bad:
            wrong[name] = f"'{name}' {bad}, not {raw[name]!r}"
            return None

    trick, card, cards = parsed("trick", _trick), parsed("card", _card), parsed("cards", _cards)
    claimed, asked, accepted = parsed("claimed", _flag), parsed("asked", _flag), parsed("accepted", _flag)
    called_round, penalty = parsed("called_round", _round), parsed("penalty", _choice)
    found.errors += [(f"{at}.{name}", wrong[name]) for name in (*spec.required, *spec.optional) if name in wrong]
    extra = {k: v for k, v in raw.items() if k not in ("kind", *spec.names)}
    for name in list(extra):
        if name in FIELD_NAMES:
            found.errors.append((f"{at}.{name}", f"a {kind.value} has no '{name}' (its fields: "
                                                 f"{', '.join(spec.names)})"))
            del extra[name]
    found.unknown = [f"{at}.{name}" for name in extra]
    if culprit is not None and not found.errors:
        found.value = Irregularity(kind, culprit, trick, card, claimed, asked, accepted, called_round, cards,
                                   penalty, extra)
    return found


def irregularity_json(irregularity: Irregularity) -> dict[str, object]:
    """An irregularity as JSON spells it: kind, seat, the fields it has, then its unknown fields."""
    out: dict[str, object] = {"kind": irregularity.kind.value, "seat": irregularity.seat.name}
    for name in FIELD_ORDER[2:]:
        value = getattr(irregularity, name)
        if value is not None:
            out[name] = _field_json(value)
    return out | irregularity.extra


def parse_irregularities(raw: object, has_play: bool) -> Found[tuple[Irregularity, ...]]:
    """A deal's ``irregularities``: a list, in the order they happened."""
    if not isinstance(raw, list):
        return Found(value=(), errors=[("irregularities", "'irregularities' must be a list of objects, in the "
                                                          "order they happened")])
    out: Found[tuple[Irregularity, ...]] = Found()
    read = []
    for i, item in enumerate(raw):
        one = parse_irregularity(item, f"irregularities[{i}]", has_play)
        out.errors += one.errors
        out.unknown += one.unknown
        if one.value is not None:
            read.append(one.value)
    out.value = tuple(read) if not out.errors else ()
    return out


# -- deal and session fields ----------------------------------------------------------------

def parse_void(raw: object) -> str:
    """``void``: the law that voided the deal; ``ValueError`` otherwise."""
    if not isinstance(raw, str) or VOID_LAW.fullmatch(raw) is None:
        raise ValueError(f"must be {VOID_HELP}, not {raw!r}")
    return raw


def parse_draw(raw: object) -> Found[tuple[Card, Card, Card, Card]]:
    """``session.draw``: the card each seat drew (docs/rules/laws.md §1), four different cards."""
    if not isinstance(raw, dict) or set(raw) != set(SEAT_KEYS):
        return Found(errors=[("session.draw", "'draw' must name the card each of N, E, S and W drew, "
                                              "e.g. {\"N\": \"S2\", \"E\": \"HA\", \"S\": \"D5\", \"W\": \"C9\"}")])
    found: Found[tuple[Card, Card, Card, Card]] = Found()
    cards = []
    for seat in SEAT_KEYS:
        try:
            cards.append(_card(raw[seat]))
        except ValueError as bad:
            found.errors.append((f"session.draw.{seat}", f"{bad}, not {raw[seat]!r}"))
    if not found.errors and len(set(cards)) < 4:
        found.errors.append(("session.draw", "the four cards drawn must be different cards"))
    if not found.errors:
        found.value = (cards[0], cards[1], cards[2], cards[3])
    return found


def draw_json(draw: tuple[Card, ...]) -> dict[str, str]:
    return {seat: card.name for seat, card in zip(SEAT_KEYS, draw)}


def session_laws_json(info: SessionInfo) -> dict[str, object]:
    """The session's laws fields as JSON spells them (empty without the layer)."""
    out: dict[str, object] = {}
    if info.laws is not None:
        out["laws"] = info.laws
    if info.draw is not None:
        out["draw"] = draw_json(info.draw)
    return out


def deal_laws_json(deal: DealRecord) -> dict[str, object]:
    """A deal's own laws fields (irregularities, void, deal_lost) as JSON spells them."""
    out: dict[str, object] = {}
    if deal.irregularities:
        out["irregularities"] = [irregularity_json(i) for i in deal.irregularities]
    if deal.void is not None:
        out["void"] = deal.void
    if deal.deal_lost:
        out["deal_lost"] = True
    return out


def call_json(text: str, by: Seat) -> dict[str, object]:
    """A call spoken out of turn as the auction list holds it."""
    return {"call": text, "by": by.name, "out_of_turn": True}


def auction_json(deal: DealRecord) -> list[object]:
    """The auction as JSON spells it: calls as text, those spoken out of turn as objects."""
    out: list[object] = [str(c) for c in deal.auction]
    for spoken in deal.out_of_turn:
        out[spoken.index] = call_json(str(deal.auction[spoken.index]), spoken.by)
    return out


def play_json(deal: DealRecord) -> list[object]:
    """The cards played, then each thrown card as ``{"thrown": "C2"}`` (laws §3.4)."""
    return [c.name for c in deal.play or ()] + [{"thrown": c.name} for c in deal.thrown]


class LawsDealFields(TypedDict):
    """The laws' DealRecord keyword arguments, as the store keeps them."""

    irregularities: tuple[Irregularity, ...]
    void: str | None
    deal_lost: bool
    out_of_turn: tuple[CallOutOfTurn, ...]
    thrown: tuple[Card, ...]


def deal_laws_fields(raw: Mapping[str, Any]) -> LawsDealFields:
    """The DealRecord keyword arguments of :func:`deal_laws_json`'s output plus ``out_of_turn``
    and ``thrown`` (as written, so valid): what the store keeps beside the columns."""
    irregularities = parse_irregularities(raw.get("irregularities", []), False).value or ()
    return {"irregularities": irregularities, "void": raw.get("void"), "deal_lost": bool(raw.get("deal_lost")),
            "out_of_turn": tuple(CallOutOfTurn(i, SEATS[SEAT_KEYS.index(s)]) for i, s in raw.get("out_of_turn", [])),
            "thrown": tuple(CARD_BY_TEXT[c] for c in raw.get("thrown", []))}


def stored_laws_json(deal: DealRecord) -> dict[str, object]:
    """What the store keeps of a deal's laws fields beside its columns: :func:`deal_laws_json`,
    who spoke each call out of turn (the calls are in the calls table) and the thrown cards."""
    out = deal_laws_json(deal)
    if deal.out_of_turn:
        out["out_of_turn"] = [[c.index, c.by.name] for c in deal.out_of_turn]
    if deal.thrown:
        out["thrown"] = [c.name for c in deal.thrown]
    return out
