"""PBN's lexical layer: a file cut into games, each game's tag pairs and the tokens of its
sections, every item with its line and column; comments, ``%`` lines and annotations dropped,
but for the marks a call or card carries (note references ``=n=`` and the alert mark ``!``).
Reading is linear in time and memory (possessive quantifiers: no backtracking state per character)."""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace

from ..engine.diagnostics import Diagnostic, Severity
from ..engine.record import one_line

_VALUE = r'"([^"\\]*+(?:\\.[^"\\]*+)*+)"'  # a quoted tag value, backslash escapes kept
# a tag pair, or a comment, or one token of a section
# PBN 2.1 import format (§3.7): the blank between name and value may be missing (``[Event"x"]``)
_TOKEN = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*' + _VALUE + r'\s*\]|;[^\n]*|[^\s\[;]+|\[[^\n]*')
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*' + _VALUE + r'\s*\]')
_OPEN_TAG = re.compile(r'\[\s*+[A-Za-z0-9_]++\s*+(?:"[^"\\]*+(?:\\.[^"\\]*+)*+)?')  # a tag pair its line leaves open
_TAG_LINES = 8  # the most lines one tag pair is read across
_ANNOTATION = re.compile(r"^(?:\$\d+|=\d+=|[!?]{1,2}|\^[ISRL])$")  # NAGs, note references, suffixes, irregularities
_SUFFIX = re.compile(r"[!?]{1,2}$")
_SPECIAL = re.compile(r"[\[;$=!?^]")  # a line with any of these takes the slow path
_MARK = re.compile(r"^(?:=\d+=|!)$")  # the marks kept, by the word they follow (docs/format.md §5.2)


@dataclass(frozen=True, slots=True)
class Token:
    """One call, card or table element with where it stands (1-based line and column)."""

    text: str
    line: int
    column: int


class Tag:
    """A tag pair and the words of the section it opens (``Auction``, ``Play``, tables): each
    word with its line; its column is found only when asked (:meth:`token`)."""

    __slots__ = ("name", "value", "line", "column", "words", "rows", "columns", "text", "annotations", "marks",
                 "comments")

    def __init__(self, name: str, value: str, line: int, column: int, text: list[str]) -> None:
        self.name, self.value, self.line, self.column = name, value, line, column
        self.words: list[str] = _NONE  # shared and empty until the section has a word (most tags have none)
        self.rows: list[int] = _NONE  # the line of each word
        self.columns: dict[int, int] | None = None  # word index -> column, for words not on a plain line
        self.text = text  # the file's lines (shared), to find a column
        self.annotations = 0  # notes, NAGs and suffixes skipped in the section
        self.marks: dict[int, list[Token]] | None = None  # word index -> the note references and ``!`` after it
        self.comments: list[tuple[int, str]] | None = None  # (the index of the word it stands before, its text)

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
            column = _nth_word_column(self.text[row - 1], index - bisect_left(self.rows, row))  # rows never fall
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


def games(text: str) -> tuple[list[Game], list[Diagnostic]]:
    """The games of a PBN text (a game ends at a line holding only blanks outside a comment),
    and the file's broken comments, located."""
    blocks: dict[int, list[tuple[int, str]]] = {}
    if "{" in text or "}" in text:
        text, commented, problems = _without_block_comments(text, blocks)
    else:
        commented, problems = set(), []
    lines = text.split("\n")
    commented = commented | _joined_tags(lines)
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
            elif line_no in blocks and current is not None:
                _attach(current, line_no, blocks[line_no])
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
        if line_no in blocks and current is not None:
            _attach(current, line_no, blocks[line_no])
    return out, problems


KEPT_COMMENTS = ("Auction", "Play")  # the sections whose notes and {…} comments are kept where they stand (format.md §5.2)


def _attach(tag: Tag, line_no: int, found: list[tuple[int, str]]) -> None:
    """The ``{…}`` comments that start on line ``line_no`` (column, text), kept by ``tag`` when
    it is an auction or a play, each with the index of the word it stands before."""
    if tag.name not in KEPT_COMMENTS:
        return
    if tag.comments is None:
        tag.comments = []
    for column, text in found:
        before = len(tag.words)
        while before and tag.rows[before - 1] == line_no and tag.token(before - 1).column > column:
            before -= 1
        tag.comments.append((before, text))


def _joined_tags(lines: list[str]) -> set[int]:
    """PBN 2.1 import format: a tag pair written across lines is joined onto its first line (in
    place; the lines it took are left blank, not game separators); the numbers of those lines."""
    taken: set[int] = set()
    for i, line in enumerate(lines):
        at = line.rfind("[")
        if at == -1 or line.rfind("]") > at or line.startswith("%") or ";" in line[:at] or i + 1 in taken:
            continue
        if _OPEN_TAG.fullmatch(line.rstrip(), at) is None:
            continue
        for j in range(i + 1, min(i + _TAG_LINES, len(lines))):
            if not lines[j].strip() or lines[j].lstrip().startswith("["):  # a blank line, the next tag: still open
                break
            lines[i] += " " + lines[j].strip()
            lines[j] = ""
            taken.add(j + 1)
            if lines[i].rfind("]") > at:
                break
    return taken


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
    """A section word, unless it is an annotation (skipped, counted; a note reference or ``!``
    kept as a mark of the word before it); a suffix is cut off (a ``!`` kept so)."""
    if word[0] in "$=!?^" and _ANNOTATION.match(word):
        current.annotations += 1
        if _MARK.match(word):
            _mark(current, len(current.words) - 1, Token(word, line_no, column))
        return
    if word[-1] in "!?":
        bare = _SUFFIX.sub("", word)
        if word[len(bare):] == "!":
            _mark(current, len(current.words), Token("!", line_no, column + len(bare)))
        word = bare
    if current.columns is None:
        current.columns = {}
    current.columns[len(current.words)] = column
    current.extend([word], line_no)


def _mark(current: Tag, index: int, token: Token) -> None:
    """A note reference or alert mark after word ``index`` (-1: before the section's first word)."""
    if current.marks is None:
        current.marks = {}
    current.marks.setdefault(index, []).append(token)


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


class _Lines:
    """Line and column of positions met in increasing order, in time linear in the text."""

    def __init__(self, text: str) -> None:
        self.text, self.at, self.line, self.start = text, 0, 1, 0

    def of(self, pos: int) -> tuple[int, int]:
        breaks = self.text.count("\n", self.at, pos)
        if breaks:
            self.line += breaks
            self.start = self.text.rfind("\n", self.at, pos) + 1
        self.at = pos
        return self.line, pos - self.start + 1


class _Slips:
    """The file's broken comments: the first of each kind located, the others counted."""

    def __init__(self) -> None:
        self.first: dict[str, Diagnostic] = {}
        self.more: dict[str, int] = {}

    def add(self, message: str, where: tuple[int, int], severity: Severity = Severity.ERROR) -> None:
        if message in self.first:
            self.more[message] = self.more.get(message, 0) + 1
        else:
            self.first[message] = Diagnostic("syntax", message, severity=severity, line=where[0], column=where[1])

    def listed(self) -> list[Diagnostic]:
        return [d if not self.more.get(m) else replace(d, message=f"{m} ({self.more[m]} more like it in the file)")
                for m, d in self.first.items()]


_UNCLOSED = "a '{' comment is never closed; PBN comments end at '}' (read as ending with its line)"
_NESTED = "a '{' inside a '{' comment: PBN comments do not nest (the comment ends at the first '}')"
_NESTED_CLOSED = ("a '{' inside a '{' comment: PBN comments do not nest; its writer closed both, so the "
                  "comment is read to its outer '}'")
_STRAY_CLOSE = "a '}' closes no '{' comment"


def _outer_close(text: str, start: int, close: int) -> int | None:
    """Where a nested comment opened at ``start`` closes when its braces are counted, if that
    is before the next line opening with a tag and within :data:`_NEST_REACH` characters of its
    first ``}`` at ``close`` (else PBN's first ``}`` ends it); bounded, so reading stays linear."""
    reach = min(len(text), close + _NEST_REACH)
    tag = text.find("\n[", close, reach)
    depth = 0
    for m in _BRACE.finditer(text, start, reach if tag == -1 else tag):
        depth += 1 if m.group() == "{" else -1
        if depth == 0:
            return m.start()
    return None


_BRACE = re.compile(r"[{}]")
_NEST_REACH = 2000  # how far past its first '}' a nested comment's outer '}' is looked for


def _without_block_comments(text: str, blocks: dict[int, list[tuple[int, str]]]) -> tuple[str, set[int], list[Diagnostic]]:
    """The text with every ``{…}`` comment blanked (line breaks kept, so positions stay), each
    comment's text put in ``blocks`` by the line and column it starts at (one line: its blanks
    run together), the lines a comment covers (not game separators even when blank now), and the broken comments:
    one never closed (it ends with its line, so the games after it are still read), one holding
    a ``{`` (PBN comments do not nest), a ``}`` outside any comment."""
    commented: set[int] = set()
    slips = _Slips()
    lines = _Lines(text)
    out: list[str] = []
    done = 0
    while (m := _SKIPPED_OR_BRACE.search(text, done)) is not None:
        if m.group(0) not in "{}":  # a quoted value, a % line, a ; comment
            out.append(text[done:m.end()])
            done = m.end()
            continue
        start = m.start()
        if m.group(0) == "}":
            slips.add(_STRAY_CLOSE, lines.of(start))
            out += [text[done:start], " "]
            done = m.end()
            continue
        first, _ = where = lines.of(start)
        close = text.find("}", start)
        if close == -1:
            slips.add(_UNCLOSED, where)
            end = text.find("\n", start)
            end = len(text) if end == -1 else end
        else:
            end = close + 1
        nested = text.find("{", start + 1, end)
        if nested != -1:
            outer = _outer_close(text, start, close)
            if outer is None:
                slips.add(_NESTED, lines.of(nested))
            else:  # the writer nested it and closed it: read as meant, nothing of it read as the game's
                slips.add(_NESTED_CLOSED, lines.of(nested), Severity.WARNING)
                end = outer + 1
        comment = text[start:end]
        said = " ".join(one_line(comment[1:-1 if comment.endswith("}") else None]).split())
        if said:
            blocks.setdefault(first, []).append((where[1], said))
        breaks = comment.count("\n")
        commented.update(range(first, first + breaks + 1))
        out += [text[done:start], re.sub(r"[^\n]", " ", comment) if breaks else " " * len(comment)]
        done = end
    out.append(text[done:])
    return "".join(out), commented, slips.listed()


# what may hold a brace that opens or closes nothing: a quoted value, a % line, a ; comment
_SKIPPED_OR_BRACE = re.compile(r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"|^%[^\n]*|;[^\n]*|[{}]', re.MULTILINE)
