"""Record text made safe for a terminal: a name may hold escape sequences (clear the screen, set
the window title) that a terminal would obey; they are shown as visible escapes instead."""
from __future__ import annotations

# the control characters (Unicode category Cc: C0, DEL, C1), the line and paragraph separators,
# and the bidirectional overrides that can make a line read differently from what it holds
_UNSAFE = [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_VISIBLE = {c: (f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}") for c in _UNSAFE}


def printable(text: str) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``, ``\\u202e``);
    for terminals only: JSON output keeps the exact text."""
    return text.translate(_VISIBLE) if not text.isprintable() else text
