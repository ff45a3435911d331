"""The session's rulings under the laws (docs/format.md §5.4, docs/rules/laws.md §9): law 180's
culprit of a rubber, as JSON spells it (``session.rulings``) and as ``.vint`` does (``[Ruling]``),
read with located problems and written back unchanged."""
from __future__ import annotations

import re

from ...engine.record import RULING_LAWS, Ruling, SessionInfo
from ...engine.seats import Seat
from .fields import SEAT_KEYS, Found

RULING_FIELDS = ("law", "seat", "rubber")
RULING_HELP = 'a ruling is {"law": "180", "seat": "N", "rubber": 2} (in .vint: [Ruling "180 N rubber=2"])'
TEXT_RULING = re.compile(r"\s*(\S+)\s+(\S+)\s+rubber=(\S+)\s*")
SEPARATOR = ";"  # several rulings in one [Ruling] tag


def parse_ruling(raw: object, at: str) -> Found[Ruling]:
    """One ruling object: the law (180), the culprit's seat and the rubber number (1 or more)."""
    if not isinstance(raw, dict):
        return Found(errors=[(at, RULING_HELP)])
    found: Found[Ruling] = Found()
    if raw.get("law") not in RULING_LAWS:
        found.errors.append((f"{at}.law", f"'law' must be one of {', '.join(RULING_LAWS)} (a ruling the laws "
                                          f"record on the session), not {raw.get('law')!r}"))
    if raw.get("seat") not in SEAT_KEYS:
        found.errors.append((f"{at}.seat", f"'seat' must be N, E, S or W (the culprit), not {raw.get('seat')!r}"))
    rubber = raw.get("rubber")
    number = rubber if type(rubber) is int and rubber >= 1 else None
    if number is None:
        found.errors.append((f"{at}.rubber", f"'rubber' must be a rubber number, 1 or more, not {rubber!r}"))
    for name in raw:
        if name not in RULING_FIELDS:
            found.errors.append((f"{at}.{name}", f"a ruling has no '{name}' (its fields: {', '.join(RULING_FIELDS)})"))
    if number is not None and not found.errors:
        found.value = Ruling(str(raw["law"]), Seat.parse(str(raw["seat"])), number)
    return found


def parse_rulings(raw: object) -> Found[tuple[Ruling, ...]]:
    """``session.rulings``: a list of rulings, at most one per side and rubber."""
    if not isinstance(raw, list):
        return Found(errors=[("session.rulings", f"'rulings' must be a list; {RULING_HELP}")])
    out: Found[tuple[Ruling, ...]] = Found()
    read = []
    seen: set[tuple[int, object]] = set()
    for i, item in enumerate(raw):
        one = parse_ruling(item, f"session.rulings[{i}]")
        out.errors += one.errors
        if isinstance(one.value, Ruling):
            key = (one.value.rubber, one.value.seat.side)
            if key in seen:
                out.errors.append((f"session.rulings[{i}]", f"a second culprit of {one.value.seat.side.label} in "
                                                             f"rubber {one.value.rubber}: one answers for a rubber"))
            seen.add(key)
            read.append(one.value)
    out.value = tuple(read) if not out.errors else None
    return out


def rulings_json(rulings: tuple[Ruling, ...]) -> list[dict[str, object]]:
    return [{"law": r.law, "seat": r.seat.name, "rubber": r.rubber} for r in rulings]


def rulings_from_text(value: str) -> tuple[list[object], list[int]]:
    """``180 N rubber=2; 180 E rubber=3`` as the JSON list it spells (a part that does not
    read as one stays a string, which the typed reader refuses) and where each part starts."""
    raw: list[object] = []
    starts: list[int] = []
    pos = 0
    for part in value.split(SEPARATOR):
        starts.append(pos + len(part) - len(part.lstrip()))
        m = TEXT_RULING.fullmatch(part)
        if m is None:
            raw.append(part.strip())
        else:
            rubber = m.group(3)
            raw.append({"law": m.group(1), "seat": m.group(2).upper(),
                        "rubber": int(rubber) if re.fullmatch(r"[0-9]{1,6}", rubber) else rubber})
        pos += len(part) + len(SEPARATOR)
    return raw, starts


def rulings_text(rulings: tuple[Ruling, ...]) -> str:
    """The canonical text spelling: ``180 N rubber=2; 180 E rubber=3``."""
    return f"{SEPARATOR} ".join(f"{r.law} {r.seat.name} rubber={r.rubber}" for r in rulings)


def session_rulings_json(info: SessionInfo) -> dict[str, object]:
    """The session's rulings as JSON spells them, beside :func:`session_laws_json`'s fields."""
    return {"rulings": rulings_json(info.rulings)} if info.rulings else {}
