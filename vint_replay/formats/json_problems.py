"""Where a JSON text goes wrong in ways ``json.loads`` accepts or reports without a place: a
lone surrogate escape (``"\\ud800"``, which no UTF-8 file can hold), nesting too deep to read,
and a key given twice in one object. Each scan is linear and runs only once a problem is known
or suspected."""
from __future__ import annotations

import json
import re
from typing import Any

_U_ESCAPE = re.compile(r"\\+u([0-9a-fA-F]{4})")  # a run of backslashes, then u and four hex digits
_LOW_ESCAPE = re.compile(r"\\u[dD][c-fC-F][0-9a-fA-F]{2}")
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_NESTING = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')  # strings (skipped) and brackets
DEEPEST = 100  # a record nests 4 levels; a nesting error points where the text passes this depth


def line_column(text: str, pos: int) -> tuple[int, int]:
    """Line and column (both from 1) of the character at ``pos``."""
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


def lone_surrogate_escape(text: str) -> tuple[int, str] | None:
    """The position and spelling of the first ``\\uD800``–``\\uDFFF`` escape that is not half of
    a high-low pair, or ``None``. Escapes inside strings only exist in JSON strings."""
    if _MAYBE_SURROGATE.search(text) is None:
        return None
    paired_low = -1  # where the low half of the last pair starts
    for m in _U_ESCAPE.finditer(text):
        slashes = m.end() - m.start() - 5
        if slashes % 2 == 0:
            continue  # an escaped backslash followed by a plain "u"
        start = m.end() - 6
        code = int(m.group(1), 16)
        if 0xD800 <= code <= 0xDBFF:
            if _LOW_ESCAPE.match(text, m.end()):
                paired_low = m.end()
                continue
            return start, text[start:m.end()]
        if 0xDC00 <= code <= 0xDFFF and start != paired_low:
            return start, text[start:m.end()]
    return None


def first_lone_surrogate(text: str) -> tuple[int, str] | None:
    """The position and code (``\\ud800``) of the first lone surrogate character in ``text``."""
    for pos, ch in enumerate(text):
        if 0xD800 <= ord(ch) <= 0xDFFF:
            return pos, f"\\u{ord(ch):04x}"
    return None


def surrogate_message(spelling: str) -> str:
    return f"not valid Unicode text (lone surrogate {spelling.lower()}): a name or field holds half a character"


def too_deep(text: str) -> tuple[int, int, int]:
    """The deepest nesting of ``text`` and the line and column where it first passes
    :data:`DEEPEST` levels (or reaches its deepest, if shallower)."""
    depth = deepest = where = 0
    for m in _NESTING.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest <= DEEPEST + 1:
                    where = m.start()
        elif ch in "]}":
            depth -= 1
    return (deepest, *line_column(text, where))


class _Pairs(list):
    """An object as its list of key-value pairs (duplicates kept), to find where a key repeats."""


def repeated_key_path(text: str) -> tuple[str, str] | None:
    """The path of the first object (``deals[3].hands``) that gives a key twice, and the key.
    Raises what ``json.loads`` raises on text that breaks after the repeated key."""
    tree = json.loads(text, object_pairs_hook=_Pairs)
    stack: list[tuple[str, Any]] = [("", tree)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, _Pairs):
            seen: set[str] = set()
            for key, _ in node:
                if key in seen:
                    return path or "the top-level object", key
                seen.add(key)
            stack.extend((f"{path}.{k}" if path else k, v) for k, v in reversed(node))
        elif isinstance(node, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(node))))
    return None
