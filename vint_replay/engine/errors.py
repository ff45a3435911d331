"""Rule violations raised by the state machines, each with a diagnostic code (format.md §4)."""
from __future__ import annotations


class IllegalMove(Exception):
    """A call or card the rules forbid; ``code`` is the diagnostic code, the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
