"""LIN's tokens: a hand record of BBO is ``tag|value|`` pairs (docs/format.md §5.7); each tag is
kept with the line and column where it stands, for located diagnostics."""
from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.diagnostics import Diagnostic, Severity
from .spans import run_end

_TAG_NAME = re.compile(r"[A-Za-z]{2}")
_TAG_START = re.compile(r"[A-Za-z]{1,2}")  # what a file cut inside a tag name ends with
_ROOM_BOARD = re.compile(r"[OoCc]\d{1,5}")  # qx's value: the room and the board
_COMMENTS = re.compile(r"(?:\s*%[^\n]*)*")  # aaBridge's "%" comments, where a tag name would start
_PAIR = re.compile(r"([^|]*)\|([^|]*)\|")


class LinTag(NamedTuple):
    """One ``tag|value|`` pair: the tag in lower case, its value, where the tag stands, and
    its place among the file's tags (1-based), which messages give as "tag 17"."""

    name: str
    value: str
    line: int
    column: int
    order: int  # not ``index``, which would hide the tuple's own method
    problem: str | None = None  # how the tokenizer mended a slip (a bar or qx's name missing), for its board

    def label(self) -> str:
        """How a message names the tag: ``md (tag 3)``."""
        return f"{self.name} (tag {self.order})"


def lin_text(data: bytes) -> str:
    """The file's text: UTF-8, else Latin-1 (older BBO files), without a byte-order mark and
    with every line end a ``\\n``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def lin_tags(text: str, known: frozenset[str]) -> tuple[list[LinTag], list[Diagnostic]]:
    """The tags of a LIN text in order, and its syntax problems: text where a tag should stand
    (skipped up to the next bar, an error) and a file that ends inside a pair (truncated, an
    error; text after the last pair that cannot start a tag, a warning). A bar missing before
    a ``known`` tag (``mb|2D!an|text|``) and a ``qx`` without its name (``o33|md|…``) are mended,
    so one slip does not shift every pair after it; the mended tag carries its ``problem``.
    A ``%`` where a tag name would start comments out the rest of its line (aaBridge's files).
    Linear in the text's length, also for a file of one long line."""
    tags: list[LinTag] = []
    problems: list[Diagnostic] = []
    line, line_start, last = 1, 0, 0
    end = 0
    stray: tuple[int, int, str] | None = None  # where skipped text began, and the text, for one diagnostic
    paired = False  # whether the text just read was a whole pair (a bar missing after it can be mended)
    while True:
        end = run_end(_COMMENTS, text, end)
        if (m := _PAIR.match(text, end)) is None:  # anchored pairs: linear, also without any bar
            break
        raw = m.group(1)
        name = raw.strip()
        at = m.start(1) + len(raw) - len(raw.lstrip())
        newlines = text.count("\n", last, at)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", last, at) + 1
        last = at
        if _TAG_NAME.fullmatch(name) is not None:
            if stray is not None:
                problems.append(_skipped(*stray))
                stray = None
            tags.append(LinTag(name.lower(), m.group(2), line, at - line_start + 1, len(tags) + 1))
            end, paired = m.end(), True
            continue
        mended = _missing_bar(tags[-1], raw, known) if paired else None
        if mended is not None:
            tags[-1:] = mended
        elif _ROOM_BOARD.fullmatch(name) and stray is None:  # o33|md|…: a board's qx without its name
            tags.append(LinTag("qx", name, line, at - line_start + 1, len(tags) + 1,
                               f"the tag name qx is missing before {name!r} (read as qx|{name}|)"))
        elif stray is None:
            stray = (line, at - line_start + 1, name)
        paired = False
        end = m.end(1) + 1  # one segment on: the next bar may start a pair again
    if stray is not None:
        problems.append(_skipped(*stray))
    tail = text[end:]
    if tail.strip():
        at = end + len(tail) - len(tail.lstrip())
        line += text.count("\n", last, at)
        newline = text.rfind("\n", last, at)
        column = at - (newline + 1 if newline >= 0 else line_start) + 1
        name, bar, _ = tail.strip().partition("|")
        if bar or _TAG_START.fullmatch(name):
            what = (f"the file ends inside the value of tag {name[:10]!r}: it is truncated (every value ends with '|')"
                    if bar else f"the file ends with {name[:10]!r} and no '|': it is truncated")
            problems.append(Diagnostic("syntax", what, line=line, column=column))
        else:  # no bar and not the start of a tag name: text after the last pair (BBO movies end with "0")
            problems.append(Diagnostic("syntax", f"{name[:10]!r} after the last pair is not LIN: ignored",
                                       severity=Severity.WARNING, line=line, column=column))
    return tags, problems


def _missing_bar(previous: LinTag, text: str, known: frozenset[str]) -> list[LinTag] | None:
    """``mb|2D!an|shows…|``: the value ``2D!an`` ends with a known tag whose bar is missing, and
    the ``text`` that follows is that tag's value. The two tags as meant, or ``None``."""
    value = previous.value.rstrip()
    name, kept = value[-2:].lower(), value[:-2]
    if name not in known or not kept.strip():
        return None
    why = (f"a '|' is missing between {kept[-12:]!r} and {name!r} (read as {previous.name}|{kept[-12:]}|{name}|…|, "
           "so that the pairs after it stay in step)")
    return [previous._replace(value=kept, problem=why),
            LinTag(name, text, previous.line, previous.column, previous.order + 1)]


def _skipped(line: int, column: int, text: str) -> Diagnostic:
    """One error for a run of text where tag names should stand, at its start."""
    return Diagnostic("syntax", f"{text[:20]!r} is not a LIN tag (two letters before '|'): the text up to the next "
                                "tag is skipped", line=line, column=column)


def unknown_tag(tag: LinTag, strict: bool, deal: int | None = None) -> Diagnostic:
    """A tag vint-replay does not know: skipped, a warning (an error with ``--strict``)."""
    return Diagnostic("syntax", f"unknown LIN tag {tag.label()} {tag.value[:20]!r}: skipped", deal, None,
                      Severity.ERROR if strict else Severity.WARNING, tag.line, tag.column)
