"""Where a run of a pattern that also matches nothing ends: the readers' skips of blanks,
comments and words, whose patterns are starred throughout and so match at any position."""
from __future__ import annotations

import re
from typing import AnyStr


def run_end(pattern: re.Pattern[AnyStr], text: AnyStr, pos: int = 0) -> int:
    """The end of ``pattern``'s match at ``pos`` in ``text``; ``ValueError`` for a pattern that
    does not match there (one that cannot match nothing is no skip)."""
    found = pattern.match(text, pos)
    if found is None:
        raise ValueError(f"{pattern.pattern!r} is not a skip: it does not match at {pos}")
    return found.end()
