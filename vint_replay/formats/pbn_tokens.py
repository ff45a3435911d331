"""PBN's lexical layer: a file cut into games, each game's tag pairs and the tokens of its
sections, every item with its line and column; comments, ``%`` lines and annotations dropped."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# a tag pair, or a comment, or one token of a section
_TOKEN = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]|;[^\n]*|[^\s\[;]+|\[[^\n]*')
_ANNOTATION = re.compile(r"^(?:\$\d+|=\d+=|[!?]{1,2}|\^[ISRL])$")  # NAGs, note references, suffixes, irregularities
_SUFFIX = re.compile(r"[!?]{1,2}$")


@dataclass(frozen=True, slots=True)
class Token:
    """One call, card or table element with where it stands (1-based line and column)."""

    text: str
    line: int
    column: int


@dataclass(slots=True)
class Tag:
    """A tag pair and the tokens of the section it opens (``Auction``, ``Play``, tables)."""

    name: str
    value: str
    line: int
    column: int
    section: list[Token] = field(default_factory=list)
    annotations: int = 0  # notes, NAGs and suffixes skipped in the section


@dataclass(slots=True)
class Game:
    """One PBN game (board): its tags in file order (a repeated tag: the first is kept, PBN
    import rule) and where the game starts."""

    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    repeated: list[Tag] = field(default_factory=list)
    notes: list[Tag] = field(default_factory=list)
    stray: list[Token] = field(default_factory=list)  # tokens before any tag, or a broken tag


def games(text: str) -> list[Game]:
    """The games of a PBN text: a game ends at a line holding only blanks (outside a comment)."""
    text, commented = _without_block_comments(text)
    out: list[Game] = []
    game: Game | None = None
    current: Tag | None = None
    for line_no, line in enumerate(text.split("\n"), 1):
        if line.startswith("%"):
            continue
        if not line.strip():
            if line_no not in commented:
                game, current = None, None
            continue
        for m in _TOKEN.finditer(line):
            word = m.group(0)
            if word.startswith(";"):
                break
            column = m.start() + 1
            if game is None:
                game = Game(line_no)
                out.append(game)
            if m.group(1) is not None:
                tag = Tag(m.group(1), re.sub(r"\\(.)", r"\1", m.group(2)), line_no, column)
                if tag.name == "Note":
                    game.notes.append(tag)
                elif tag.name in game.tags:
                    game.repeated.append(tag)
                else:
                    game.tags[tag.name] = tag
                current = tag
            elif current is None or word.startswith("["):
                game.stray.append(Token(word, line_no, column))
            elif _ANNOTATION.match(word):
                current.annotations += 1
            else:
                current.section.append(Token(_SUFFIX.sub("", word), line_no, column))
    return out


def _without_block_comments(text: str) -> tuple[str, set[int]]:
    """The text with every ``{…}`` comment blanked (line breaks kept, so positions stay), and
    the lines a comment covers (not game separators even when blank now)."""
    commented: set[int] = set()

    def blank(m: re.Match[str]) -> str:
        if m.group(0).startswith('"'):
            return m.group(0)
        first = text.count("\n", 0, m.start()) + 1
        commented.update(range(first, first + m.group(0).count("\n") + 1))
        return re.sub(r"[^\n]", " ", m.group(0))

    return _QUOTED_OR_COMMENT.sub(blank, text), commented


_QUOTED_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|\{[^}]*\}?')
