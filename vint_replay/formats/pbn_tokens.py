"""PBN's lexical layer: a file cut into games, each game's tag pairs and the tokens of its
sections, every item with its line and column; comments, ``%`` lines and annotations dropped."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# a tag pair, or a comment, or one token of a section
_TOKEN = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]|;[^\n]*|[^\s\[;]+|\[[^\n]*')
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ANNOTATION = re.compile(r"^(?:\$\d+|=\d+=|[!?]{1,2}|\^[ISRL])$")  # NAGs, note references, suffixes, irregularities
_SUFFIX = re.compile(r"[!?]{1,2}$")
_SPECIAL = re.compile(r"[\[;$=!?^]")  # a line with any of these takes the slow path


@dataclass(frozen=True, slots=True)
class Token:
    """One call, card or table element with where it stands (1-based line and column)."""

    text: str
    line: int
    column: int


class Tag:
    """A tag pair and the words of the section it opens (``Auction``, ``Play``, tables): each
    word with its line; its column is found only when asked (:meth:`token`)."""

    __slots__ = ("name", "value", "line", "column", "words", "rows", "columns", "text", "annotations")

    def __init__(self, name: str, value: str, line: int, column: int, text: list[str]) -> None:
        self.name, self.value, self.line, self.column = name, value, line, column
        self.words: list[str] = _NONE  # shared and empty until the section has a word (most tags have none)
        self.rows: list[int] = _NONE  # the line of each word
        self.columns: dict[int, int] | None = None  # word index -> column, for words not on a plain line
        self.text = text  # the file's lines (shared), to find a column
        self.annotations = 0  # notes, NAGs and suffixes skipped in the section

    def extend(self, words: list[str], row: int) -> None:
        """Words of the section on line ``row``."""
        if self.words is _NONE:
            self.words, self.rows = words, [row] * len(words)
        else:
            self.words += words
            self.rows += [row] * len(words)

    def token(self, index: int) -> Token:
        """Word ``index`` of the section with its line and column."""
        row = self.rows[index]
        column = None if self.columns is None else self.columns.get(index)
        if column is None:  # a plain line: its words are the line's words in order
            nth = sum(1 for i in range(index) if self.rows[i] == row)
            column = _nth_word_column(self.text[row - 1], nth)
        return Token(self.words[index], row, column)


_NONE: list = []  # never appended to: Tag.extend replaces it


def _nth_word_column(line: str, nth: int) -> int:
    """The column of the ``nth`` token (0-based) of a plain section line."""
    at = 0
    for i, part in enumerate(line.split()):
        at = line.find(part, at)
        if i == nth:
            return at + 1
        at += len(part)
    return 1


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
    if "{" in text:
        text, commented = _without_block_comments(text)
    else:
        commented = set()
    lines = text.split("\n")
    out: list[Game] = []
    game: Game | None = None
    current: Tag | None = None
    for line_no, line in enumerate(lines, 1):
        if line.startswith("%"):
            continue
        stripped = line.strip()
        if not stripped:
            if line_no not in commented:
                game, current = None, None
            continue
        if game is None:
            game = Game(line_no)
            out.append(game)
        simple = _TAG.fullmatch(stripped) if stripped[0] == "[" and stripped[-1] == "]" else None
        if simple is not None:  # the common line: one tag pair
            current = _add_tag(game, simple, line_no, line.index("[") + 1, lines)
        elif current is not None and not _SPECIAL.search(line):  # the common line: plain section words
            current.extend(stripped.split(), line_no)
        else:
            current = _tokens(game, current, line, line_no, lines)
    return out


def _add_tag(game: Game, m: re.Match[str], line_no: int, column: int, lines: list[str]) -> Tag:
    value = m.group(2)
    tag = Tag(m.group(1), re.sub(r"\\(.)", r"\1", value) if "\\" in value else value, line_no, column, lines)
    if tag.name == "Note":
        game.notes.append(tag)
    elif tag.name in game.tags:
        game.repeated.append(tag)
    else:
        game.tags[tag.name] = tag
    return tag


def _add_word(current: Tag, word: str, line_no: int, column: int) -> None:
    """A section word, unless it is an annotation (skipped, counted); a suffix is cut off."""
    if word[0] in "$=!?^" and _ANNOTATION.match(word):
        current.annotations += 1
        return
    if word[-1] in "!?":
        word = _SUFFIX.sub("", word)
    if current.columns is None:
        current.columns = {}
    current.columns[len(current.words)] = column
    current.extend([word], line_no)


def _tokens(game: Game, current: Tag | None, line: str, line_no: int, lines: list[str]) -> Tag | None:
    """A line with several tags, words after a tag, annotations, a ``;`` comment or a broken tag."""
    for m in _TOKEN.finditer(line):
        word = m.group(0)
        if word.startswith(";"):
            break
        column = m.start() + 1
        if m.group(1) is not None:
            current = _add_tag(game, m, line_no, column, lines)
        elif current is None or word.startswith("["):
            game.stray.append(Token(word, line_no, column))
        else:
            _add_word(current, word, line_no, column)
    return current


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
