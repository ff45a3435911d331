"""LIN's tokens: a hand record of BBO is ``tag|value|`` pairs (docs/format.md §5.4); each tag is
kept with the line and column where it stands, for located diagnostics."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.diagnostics import Diagnostic, Severity

_TAG_NAME = re.compile(r"[A-Za-z]{2}")


@dataclass(frozen=True, slots=True)
class LinTag:
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
    letters (skipped, an error) and a file that ends inside a pair (truncated, an error)."""
    parts = text.split("|")
    tags: list[LinTag] = []
    problems: list[Diagnostic] = []
    line, column = 1, 1
    positions: list[tuple[int, int]] = []  # where each part starts
    for part in parts:
        positions.append((line, column))
        newlines = part.count("\n")
        if newlines:
            line += newlines
            column = len(part) - part.rfind("\n")
        else:
            column += len(part)
        column += 1  # the bar
    complete = (len(parts) - 1) // 2 * 2  # the parts of the pairs that end with a bar
    if len(parts) % 2 == 0:  # the last value has no closing bar
        where = _name_start(parts[-2], positions[-2])
        problems.append(Diagnostic("syntax", f"the file ends inside the value of tag {parts[-2].strip()[:10]!r}: it "
                                             "is truncated (every value ends with '|')", line=where[0], column=where[1]))
    elif parts[-1].strip():
        where = _name_start(parts[-1], positions[-1])
        problems.append(Diagnostic("syntax", f"the file ends with {parts[-1].strip()[:10]!r} and no '|': it is "
                                             "truncated", line=where[0], column=where[1]))
    fields = parts[:complete]
    for k in range(0, len(fields), 2):
        raw = fields[k]
        where = _name_start(raw, positions[k])
        name = raw.strip()
        if _TAG_NAME.fullmatch(name) is None:
            problems.append(Diagnostic("syntax", f"{name[:20]!r} is not a LIN tag (two letters before '|'); "
                                                 "it and its value are skipped", line=where[0], column=where[1]))
            continue
        tags.append(LinTag(name.lower(), fields[k + 1], where[0], where[1], len(tags) + 1))
    return tags, problems


def _name_start(raw: str, start: tuple[int, int]) -> tuple[int, int]:
    """Where a tag name's first character stands, past the blanks and line ends before it."""
    line, column = start
    for ch in raw:
        if ch == "\n":
            line, column = line + 1, 1
        elif ch in " \t":
            column += 1
        else:
            break
    return line, column


def unknown_tag(tag: LinTag, strict: bool, deal: int | None = None) -> Diagnostic:
    """A tag vint-replay does not know: skipped, a warning (an error with ``--strict``)."""
    return Diagnostic("syntax", f"unknown LIN tag {tag.label()} {tag.value[:20]!r}: skipped", deal, None,
                      Severity.ERROR if strict else Severity.WARNING, tag.line, tag.column)
