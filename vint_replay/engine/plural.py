"""Counts in messages: "1 deal", "2 deals" (never "1 deals")."""
from __future__ import annotations


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one (``many`` when the plural is not noun + s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"
