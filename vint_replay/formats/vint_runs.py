"""The lines of an ``[Auction]`` or ``[Play]`` section kept as offsets into the file's text:
calls and cards are cut out only while they are read, so a section of a million cards costs
a few bytes a line, and the place of the i-th token is found again when a diagnostic needs it."""
from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Iterator

TOKEN = re.compile(r"\S+")
Where = tuple[int, int]  # line, column (both from 1)


@dataclass(slots=True)
class Token:
    text: str
    line: int
    column: int

    @property
    def at(self) -> Where:
        return self.line, self.column


@dataclass
class Runs:
    """Section lines of one deal: for each, its line number, where the line starts in ``text``,
    and the span that holds its tokens (and how many it holds)."""

    text: str
    numbers: array = field(default_factory=lambda: array("q"))
    bases: array = field(default_factory=lambda: array("q"))
    starts: array = field(default_factory=lambda: array("q"))
    ends: array = field(default_factory=lambda: array("q"))
    counts: array = field(default_factory=lambda: array("q"))
    _before: array | None = None  # tokens before each line, built when a place is first looked up

    def add(self, number: int, base: int, start: int, end: int, count: int) -> None:
        """A line ``number`` starting at ``base`` whose ``count`` tokens lie in ``text[start:end]``."""
        self.numbers.append(number)
        self.bases.append(base)
        self.starts.append(start)
        self.ends.append(end)
        self.counts.append(count)
        self._before = None

    def __len__(self) -> int:
        return len(self.numbers)

    @property
    def total(self) -> int:
        """How many tokens the section holds."""
        return sum(self.counts)

    def matches(self, k: int) -> Iterator[re.Match[str]]:
        """The tokens of the ``k``-th line (from 0) as matches in ``text``: cheaper than tokens."""
        return TOKEN.finditer(self.text, self.starts[k], self.ends[k])

    def at(self, k: int, m: re.Match[str]) -> Where:
        """Line and column of the match ``m`` of line ``k``."""
        return self.numbers[k], m.start() - self.bases[k] + 1

    def token(self, k: int, m: re.Match[str]) -> Token:
        return Token(m.group(), *self.at(k, m))

    def line(self, k: int) -> Iterator[Token]:
        """The tokens of the ``k``-th line (from 0), one at a time."""
        for m in self.matches(k):
            yield self.token(k, m)

    def tokens(self) -> Iterator[Token]:
        """Every token of the section in order."""
        for k in range(len(self)):
            yield from self.line(k)

    def where(self, index: int) -> Where | None:
        """Line and column of the ``index``-th token (from 0), or ``None`` past the last."""
        if self._before is None:
            self._before = array("q", accumulate(self.counts, initial=0))
        k = bisect_right(self._before, index) - 1
        if not 0 <= k < len(self) or index < 0:
            return None
        for i, token in enumerate(self.line(k)):
            if i == index - self._before[k]:
                return token.at
        return None
