"""The fields of two-, three- and five-handed records (docs/format.md §5.6) in both spellings,
their :class:`DealCodec`: JSON values and ``.vint`` tag texts, read into a :class:`TableDeal`
with located problems; the session lists its players by name, in the order of the draw."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from ...engine.calls import Call
from ...engine.cards import Card, Hand, HandError
from ...engine.fields import DealCodec, GameFields, Report, SessionReport, Slot
from ...engine.record import DealRecord, SessionInfo
from ...engine.seats import SEATS, Seat, by_seat
from ..registry import get_profile
from .record import DEAD, DUMMY_OF, Exchange, Role, TableDeal, table_fields

JSON_KEYS = ("roles", "sits_out", "exchanges", "widow", "widow_to", "widow_gives", "final")
TAGS = {"Roles": "roles", "SitsOut": "sits_out", "Exchanges": "exchanges", "Widow": "widow", "WidowTo": "widow_to",
        "WidowGives": "widow_gives", "Final": "final"}
SEAT_NAMES = ("N", "E", "S", "W")


class _Method(Protocol):
    """What the codec reads of a method's profile (``method.TableMethod``, which lists this codec)."""

    name: str
    players_count: int


class TableFields(DealCodec):
    """The 2-, 3- and 5-player methods' codec: each deal's roles by place, the player out, the
    exchanges and the widow (format.md §5.6); the session's players are a list of names."""

    json_keys = frozenset(JSON_KEYS)
    tags = TAGS
    stored_key = "table"

    def foreign(self, name: str, text: bool, rules: str) -> str:
        if text:
            return f"[{name}] is a tag of the 2-, 3- and 5-player profiles (docs/format.md §5.6)"
        return f"'{name}' is a field of the 2-, 3- and 5-player profiles (format.md §5.6)"

    def pbn_lacks(self, info: SessionInfo) -> str | None:
        count = len(info.party) if info.party else "2, 3 or 5"
        return f"it has no tags for a game of {count} players: the roles, the player out, the exchanges and the widow"

    def party(self, players: object, rules: str, report: SessionReport) -> tuple[str, ...] | None:
        profile = cast(_Method, get_profile(rules))  # the codec of the methods' profiles only
        count = profile.players_count
        if not isinstance(players, list) or len(players) != count or \
                not all(isinstance(p, str) and p.strip() and ";" not in p for p in players) or len(set(players)) != count:
            report(f"under {profile.name} session.players is a list of {count} different names, in the order of the "
                   "draw (format.md §5.6)")
            return ()
        if any(p == DEAD or p.startswith(DUMMY_OF) for p in players):
            report(f"a player may not be called {DEAD!r} or 'dummy of …'")
            return ()
        return tuple(players)

    def seat_names(self, party: tuple[str, ...], deals: Sequence[DealRecord]) -> tuple[str, str, str, str]:
        """The first deal's roles (else the players)."""
        first = next(filter(None, map(table_fields, deals)), None)
        if first is None:
            return by_seat((list(party) + ["", "", "", ""])[:4])
        return by_seat(str(r) for r in first.roles)

    def read_json(self, raw: Mapping[str, object], report: Report) -> GameFields:
        table = read_table(raw, report)
        return GameFields(table, frozenset({"roles"} if table is None and "roles" in raw else ()))

    def read_text(self, tags: Mapping[str, str], auction: Sequence[str] | None, report: Report) -> GameFields:
        return self.read_json(tag_values(tags), report)

    def located(self, tag: str) -> tuple[str, ...]:
        key = TAGS[tag]
        return (key, *(f"{key}.{seat}" for seat in SEAT_NAMES), *(f"{key}.{seat}[{k}]" for seat in SEAT_NAMES
                                                                  for k in range(13)))

    def json_fields(self, deal: DealRecord) -> Mapping[Slot, Mapping[str, object]]:
        return {Slot.CLOSING: table_json(deal)}

    def text_tags(self, deal: DealRecord) -> Mapping[Slot, Sequence[tuple[str, str]]]:
        return {Slot.HANDS: table_tags(deal)}

    def stored(self, deal: DealRecord, scored: object) -> dict[str, object] | None:
        """docs/store.md: the roles, the player out, the exchanges and the widow, as JSON writes them."""
        return table_json(deal) or None

    def restored(self, raw: object) -> GameFields:
        assert isinstance(raw, dict), f"stored table fields are an object, not {raw!r}"
        return GameFields(read_table(raw, _unreadable))

    def content_kept(self, deal: DealRecord) -> dict[str, object] | None:
        return table_json(deal) or None


def read_table(raw: Mapping[str, Any], error: Report) -> TableDeal | None:
    """The table fields of a deal given as JSON values; ``None`` (with the problems reported)
    when the deal has none or one cannot be read."""
    if "roles" not in raw:
        if any(k in raw for k in JSON_KEYS):
            error("roles", "roles", "a deal with a widow, exchanges or a player out also names its roles")
        return None
    try:
        roles = _roles(raw["roles"])
        sits_out = _name(raw.get("sits_out"), "sits_out")
        exchanges = _exchanges(raw.get("exchanges", {}))
        widow = _hand(raw["widow"]) if "widow" in raw else None
        widow_to = _seat(raw["widow_to"], "widow_to") if "widow_to" in raw else None
        gives = _gives(raw.get("widow_gives", {}))
        final = _call(raw["final"]) if "final" in raw else None
    except _Bad as bad:
        error(bad.code, bad.at, bad.message)
        return None
    return TableDeal(roles, sits_out, exchanges, widow, widow_to, gives, final)


def table_json(deal: DealRecord) -> dict[str, object]:
    """A deal's table fields as JSON writes them (empty when it has none)."""
    table = table_fields(deal)
    if table is None:
        return {}
    out: dict[str, object] = {"roles": {s.name: str(r) for s, r in zip(SEATS, table.roles)}}
    if table.sits_out is not None:
        out["sits_out"] = table.sits_out
    if table.exchanges:
        out["exchanges"] = {s.name: e if isinstance(e, bool) else [[d.name, t.name] for d, t in e]
                            for s, e in table.exchanges}
    if table.widow is not None:
        out["widow"] = table.widow.pbn()
    if table.widow_to is not None:
        out["widow_to"] = table.widow_to.name
    if table.widow_gives:
        out["widow_gives"] = {s.name: c.name for s, c in table.widow_gives}
    if table.final is not None:
        out["final"] = str(table.final)
    return out


def table_tags(deal: DealRecord) -> list[tuple[str, str]]:
    """A deal's table fields as ``.vint`` tags, in the order they are written."""
    fields = table_json(deal)
    out = []
    for tag, key in TAGS.items():
        if key in fields:
            out.append((tag, _text(key, fields[key])))
    return out


def tag_values(tags: Mapping[str, str]) -> dict[str, Any]:
    """The JSON values of the table tags of a ``.vint`` deal (``TAGS`` names), as :func:`read_table` reads them."""
    out: dict[str, Any] = {}
    for tag, key in TAGS.items():
        if tag in tags:
            out[key] = _from_text(key, tags[tag])
    return out


def _text(key: str, value: Any) -> str:
    if key in ("roles", "widow_gives"):
        return "; ".join(f"{s} {v}" for s, v in value.items())
    if key == "exchanges":
        return "; ".join(f"{s} {('yes' if v else 'no') if isinstance(v, bool) else ' '.join(f'{d}>{t}' for d, t in v)}".rstrip()
                         for s, v in value.items())
    return str(value)


def _from_text(key: str, text: str) -> Any:
    """A tag's text as the JSON value of its field (shapes the reader then checks)."""
    if key not in ("roles", "widow_gives", "exchanges"):
        return text
    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(";")):
        seat, _, rest = part.partition(" ")
        rest = rest.strip()
        if key == "exchanges":
            out[seat] = {"yes": True, "no": False}.get(rest) if rest in ("yes", "no") else \
                [pair.split(">", 1) if ">" in pair else pair for pair in rest.split()]
        else:
            out[seat] = rest
    return out


class _Bad(Exception):
    def __init__(self, code: str, at: str, message: str) -> None:
        super().__init__(message)
        self.code, self.at, self.message = code, at, message


def _seat(value: Any, at: str) -> Seat:
    if value not in SEAT_NAMES:
        raise _Bad("schema", at, f"'{at}' must be one of N, E, S, W, not {value!r}"[:120])
    return SEATS[SEAT_NAMES.index(value)]


def _name(value: Any, at: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or ";" in value:
        raise _Bad("schema", at, f"'{at}' must be a player's name")
    return value


def _roles(raw: Any) -> tuple[Role, Role, Role, Role]:
    if not isinstance(raw, dict) or set(raw) != set(SEAT_NAMES):
        raise _Bad("schema", "roles", "'roles' must give N, E, S and W: a player, 'dummy of NAME' or 'dead'")
    out = []
    for seat in SEAT_NAMES:
        text = raw[seat]
        if not isinstance(text, str) or ";" in text:
            raise _Bad("schema", f"roles.{seat}", "a role is a player's name, 'dummy of NAME' or 'dead'")
        try:
            out.append(Role.parse(text))
        except ValueError as bad:
            raise _Bad("schema", f"roles.{seat}", str(bad)) from None
    return out[0], out[1], out[2], out[3]


def _card(value: Any, at: str) -> Card:
    try:
        return Card.parse(value)
    except (ValueError, TypeError, AttributeError):
        raise _Bad("bad_card", at, f"unknown card {str(value)[:20]!r} (write e.g. SA, HT, D9)") from None


def _exchanges(raw: Any) -> tuple[tuple[Seat, Exchange], ...]:
    if not isinstance(raw, dict):
        raise _Bad("schema", "exchanges", "'exchanges' must be an object by place: true/false, or [discard, taken] pairs")
    out: list[tuple[Seat, Exchange]] = []
    for key, value in raw.items():
        seat = _seat(key, "exchanges")
        if isinstance(value, bool):
            out.append((seat, value))
            continue
        if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
            raise _Bad("schema", f"exchanges.{key}", "an exchange is true/false or a list of [discard, taken] pairs")
        out.append((seat, tuple((_card(d, f"exchanges.{key}"), _card(t, f"exchanges.{key}")) for d, t in value)))
    return tuple(out)


def _hand(raw: Any) -> Hand:
    try:
        return Hand.parse(raw)
    except (HandError, AttributeError, TypeError) as bad:
        raise _Bad("bad_card", "widow", f"the widow must be a hand like \"A..K.32\": {bad}") from None


def _gives(raw: Any) -> tuple[tuple[Seat, Card], ...]:
    if not isinstance(raw, dict):
        raise _Bad("schema", "widow_gives", "'widow_gives' must be an object: the card given to each place")
    return tuple((_seat(k, "widow_gives"), _card(v, f"widow_gives.{k}")) for k, v in raw.items())


def _call(raw: Any) -> Call:
    try:
        call = Call.parse(raw)
    except (ValueError, TypeError):
        call = None
    if call is None or not call.is_bid:
        raise _Bad("schema", "final", "'final' must be a bid such as 5S")
    return call


TABLE_FIELDS = TableFields()


def _unreadable(code: str, at: str, message: str) -> None:
    raise ValueError(f"stored table fields unreadable at {at}: {message}")
