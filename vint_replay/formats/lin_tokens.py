"""LIN's tokens: a hand record of BBO is ``tag|value|`` pairs (docs/format.md §5.7); each tag is
kept with the line and column where it stands, for located diagnostics."""
from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.diagnostics import Diagnostic, Severity

_TAG_NAME = re.compile(r"[A-Za-z]{2}")
_PAIR = re.compile(r"([^|]*)\|([^|]*)\|")


class LinTag(NamedTuple):
    """One ``tag|value|`` pair: the tag in lower case, its value, where the tag stands, and
    its place among the file's tags (1-based), which messages give as "tag 17"."""

    name: str
    value: str
    line: int
    column: int
    index: int

    def label(self) -> str:
        """How a message names the tag: ``md (tag 3)``."""
        return f"{self.name} (tag {self.index})"


def lin_text(data: bytes) -> str:
    """The file's text: UTF-8, else Latin-1 (older BBO files), without a byte-order mark and
    with every line end a ``\\n``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def lin_tags(text: str) -> tuple[list[LinTag], list[Diagnostic]]:
    """The tags of a LIN text in order, and its syntax problems: a tag name that is not two
    letters (skipped, an error) and a file that ends inside a pair (truncated, an error).
    Linear in the text's length, also for a file of one long line."""
    tags: list[LinTag] = []
    problems: list[Diagnostic] = []
    line, line_start, last = 1, 0, 0
    end = 0
    while (m := _PAIR.match(text, end)) is not None:  # anchored pairs: linear, also without any bar
        raw = m.group(1)
        name = raw.strip()
        at = m.start(1) + len(raw) - len(raw.lstrip())
        newlines = text.count("\n", last, at)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", last, at) + 1
        last, end = at, m.end()
        if _TAG_NAME.fullmatch(name) is None:
            problems.append(Diagnostic("syntax", f"{name[:20]!r} is not a LIN tag (two letters before '|'); "
                                                 "it and its value are skipped", line=line, column=at - line_start + 1))
            continue
        tags.append(LinTag(name.lower(), m.group(2), line, at - line_start + 1, len(tags) + 1))
    tail = text[end:]
    if tail.strip():
        at = end + len(tail) - len(tail.lstrip())
        line += text.count("\n", last, at)
        newline = text.rfind("\n", last, at)
        column = at - (newline + 1 if newline >= 0 else line_start) + 1
        name, bar, _ = tail.strip().partition("|")
        what = (f"the file ends inside the value of tag {name[:10]!r}: it is truncated (every value ends with '|')"
                if bar else f"the file ends with {name[:10]!r} and no '|': it is truncated")
        problems.append(Diagnostic("syntax", what, line=line, column=column))
    return tags, problems


def unknown_tag(tag: LinTag, strict: bool, deal: int | None = None) -> Diagnostic:
    """A tag vint-replay does not know: skipped, a warning (an error with ``--strict``)."""
    return Diagnostic("syntax", f"unknown LIN tag {tag.label()} {tag.value[:20]!r}: skipped", deal, None,
                      Severity.ERROR if strict else Severity.WARNING, tag.line, tag.column)
