"""The text spelling of an irregularity in ``.vint`` (docs/format.md §5.4): ``revoke W trick=5
claimed`` read as the JSON object it spells, for the laws' typed reader, and written back."""
from __future__ import annotations

import json
import re

from ..engine.cards import Card
from ..engine.record import Irregularity
from ..games.laws.fields import FIELD_NAMES, FIELD_ORDER, FLAGS
from .json_problems import lone_surrogate_escape, surrogate_message
from .spans import run_end

_KEY = re.compile(r'\s*([A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*")(=?)')  # a name, or a JSON string
_WORD = re.compile(r"\S*")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
YES_NO = {"yes": True, "true": True, "no": False, "false": False}  # how the text format spells a flag
TEXT_HELP = "an irregularity reads \"<kind> <seat> field=value …\", e.g. \"revoke W trick=5 claimed\""


def irregularity_from_text(value: str) -> tuple[dict[str, object], dict[str, int], tuple[int, str] | None]:
    """``revoke W trick=5 claimed asked=no`` as the JSON object it spells, where each field
    stands in ``value`` (by name), and the first problem (offset, message) if any. Known fields
    take words (``trick=5``, ``claimed=yes``; a flag alone means yes); unknown fields take a
    JSON value, or a bare word (a string)."""
    raw: dict[str, object] = {}
    where: dict[str, int] = {}
    lone = lone_surrogate_escape(value)
    if lone is not None:  # a JSON name or value escaping half a character: no text can hold it
        return raw, where, (lone[0], surrogate_message(lone[1]))
    pos = 0
    for name in ("kind", "seat"):
        m = re.compile(r"\s*(\S+)").match(value, pos)
        if m is None:
            return raw, where, (pos, TEXT_HELP)
        word = m.group(1)
        raw[name], where[name], pos = (word.upper() if name == "seat" else word.lower()), m.start(1), m.end()
    while True:
        m = _KEY.match(value, pos)
        if m is None:
            rest = value[pos:].strip()
            if not rest:
                return raw, where, None
            return raw, where, (len(value) - len(value[pos:].lstrip()), f"expected field=value, not {rest[:20]!r}")
        key, has_value, pos = m.group(1), m.group(2), m.end()
        try:
            name = json.loads(key) if key.startswith('"') else key
        except json.JSONDecodeError:
            return raw, where, (m.start(1), f"a quoted field name must be a JSON string, not {key[:20]!r}")
        where[name] = m.start(1)
        if name in raw:
            return raw, where, (m.start(1), f"the field {name!r} is given twice")
        if not has_value:
            if name not in FLAGS:
                return raw, where, (m.start(1), f"{name!r} needs a value: {name}=…")
            raw[name] = True
        elif name in FIELD_NAMES:
            word = value[pos:run_end(_WORD, value, pos)]
            raw[name], pos = _known_word(name, word), pos + len(word)
        else:
            try:
                raw[name], pos = json.JSONDecoder().raw_decode(value, pos)
            except json.JSONDecodeError:
                word = value[pos:run_end(_WORD, value, pos)]
                raw[name], pos = word, pos + len(word)
        if pos < len(value) and not value[pos].isspace():
            return raw, where, (pos, f"expected a blank after the value of {name!r}")


def _known_word(name: str, word: str) -> object:
    """The value a known field's word spells (a number, a yes/no, a card); else the word, which
    the typed reader then refuses with its own message."""
    if name in FLAGS:
        return YES_NO.get(word.lower(), word)
    if name in ("trick", "called_round"):
        return int(word) if re.fullmatch(r"[0-9]{1,2}", word) else word
    if name == "cards":
        return word.split(",")
    return word


def irregularity_text(irregularity: Irregularity) -> str:
    """The canonical text spelling: ``revoke W trick=5 claimed asked=no``."""
    parts = [irregularity.kind.value, irregularity.seat.name]
    for name in FIELD_ORDER[2:]:
        value = getattr(irregularity, name)
        if value is None:
            continue
        if name in FLAGS:
            parts.append(name if value else f"{name}=no")
        elif isinstance(value, tuple):
            parts.append(f"{name}={','.join(card.name for card in value)}")
        else:
            parts.append(f"{name}={value.name if isinstance(value, Card) else value}")
    parts += [f"{k if _NAME.fullmatch(k) else json.dumps(k, ensure_ascii=False)}={json.dumps(v, ensure_ascii=False)}"
              for k, v in irregularity.extra.items()]
    return " ".join(parts)
