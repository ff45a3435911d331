"""A PBN board's tags that no field of the record holds, kept as the file wrote them (docs/format.md
§5.2): taken from a game as read, written back as PBN lines, given and taken as JSON (the record's
``pbn_tags``, the store's ``deals.pbn_tags``), and read again as tags, so that the one parser of
a table (formats/pbn_traveller.py) reads a stored traveller as it reads the file's."""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from ..engine.record import PbnTag
from .pbn_tokens import Game, Tag, games

# a tag pair as written: its value's escapes kept. The value is runs of plain characters between
# escapes, matched possessively: nothing is kept to backtrack into (a 20 MB value took 9 s and
# 2.7 GB as one alternation a character; now 0.2 s, as the rest of the reading)
_PAIR = re.compile(r'\[\s*[A-Za-z0-9_]+\s*"([^"\\]*+(?:\\.[^"\\]*+)*+)"\s*\]')
_NAME = re.compile(r"[A-Za-z0-9_]{1,64}")  # a tag name PBN can write (format.md §5.2)
# the tags the PBN reader (formats/pbn.py) reads into the record's fields; a game's others are kept
READ_TAGS = ("Event", "Site", "Date", "Room", "Scoring", "Board", "North", "East", "South", "West", "Dealer",
             "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Score", "Auction", "Play", "Table", "Note",
             "HomeTeam", "VisitTeam", "Match", "Section",
             "ScoreIMP", "ScoreMP", "ScorePercentage",
             "VintRules", "VintOptions", "VintSession", "VintSessionExtra", "VintRecorded", "VintAbsent", "VintExtra")
_READ = frozenset(READ_TAGS)


def kept_tags(game: Game, values: Mapping[str, str]) -> tuple[PbnTag, ...]:
    """The game's tags the reader does not read (:data:`READ_TAGS`), in its order, each with its
    value as written and its section's lines; a value given by PBN's inheritance (``#``, ``##``:
    ``values`` has it resolved) as that value, and a ``##`` value of an earlier game that this one
    inherits too, so a board standing alone keeps what it meant."""
    out: list[PbnTag] = []
    for tag in game.tags.values():
        if tag.name in _READ:
            continue
        written = _written(tag)
        if written.startswith("#"):
            written = escaped(values.get(tag.name, ""))
        out.append(PbnTag(tag.name, written, _section(tag)))
    if len(values) > len(game.tags):  # a value inherited from an earlier game: a ## one is kept
        out += [PbnTag(name, escaped(value)) for name, value in values.items()
                if name not in game.tags and name not in _READ]
    return tuple(out)


def _written(tag: Tag) -> str:
    """The tag's value as the file wrote it (its escapes kept: ``Table\\2R``); the value as read
    when its line no longer shows it."""
    line = tag.text[tag.line - 1]
    if "\\" not in line:  # nothing escaped: the value as read is the value as written
        return tag.value
    m = _PAIR.match(line, tag.column - 1)
    return m.group(1) if m is not None else escaped(tag.value)


def _section(tag: Tag) -> tuple[str, ...]:
    """The section's lines as the file wrote them (blanks at their ends cut); a line that also
    holds a tag pair gives the section's words on it alone."""
    rows: dict[int, list[str]] = {}
    for word, row in zip(tag.words, tag.rows):
        rows.setdefault(row, []).append(word)
    return tuple(" ".join(words) if "[" in (line := tag.text[row - 1]) else line.rstrip()
                 for row, words in rows.items())


def escaped(value: str) -> str:
    """A value as a PBN tag pair writes it: ``\\`` and ``"`` escaped, one line."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def pbn_lines(tags: tuple[PbnTag, ...], skip: Collection[str] = ()) -> list[str]:
    """The kept tags as PBN lines, each tag pair followed by its section's lines (``skip``: the
    names the writer gives itself)."""
    out: list[str] = []
    for tag in tags:
        if tag.name not in skip:
            out.append(f'[{tag.name} "{tag.value}"]')
            out += tag.section
    return out


def as_tag(tag: PbnTag) -> Tag:
    """A kept tag read again as the PBN reader reads it; its section's lines numbered from 1 (the
    tag pair stands on line 0)."""
    found, _ = games("\n".join(pbn_lines((tag,))))
    read = found[0].tags[tag.name]
    read.line, read.rows = 0, [row - 1 for row in read.rows]
    read.text = read.text[1:]
    return read


def pbn_tags_json(tags: tuple[PbnTag, ...]) -> list[dict[str, object]]:
    """The record's ``pbn_tags`` (format.md §5.2): ``{"name", "value"}`` and ``"section"`` when it has lines."""
    return [{"name": t.name, "value": t.value, **({"section": list(t.section)} if t.section else {})} for t in tags]


def read_pbn_tags(raw: object) -> tuple[PbnTag, ...] | str:
    """The kept tags of a record's ``pbn_tags``, or what is wrong with them (format.md §5.2): each
    names a tag PBN can write and its reader does not read (it would be written twice), its value
    is one line without a bare ``"``, its section lines hold no line break and do not open a tag
    pair or end a game (a blank line), and no name comes twice (PBN 2.1 §3: a game holds a tag
    once; the second would not read back)."""
    if not isinstance(raw, list):
        return "'pbn_tags' must be a list of {\"name\": str, \"value\": str, \"section\": [str, …]}"
    out: list[PbnTag] = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        problem = _problem(item)
        if problem is not None:
            return f"'pbn_tags[{i}]' {problem}"
        assert isinstance(item, dict)
        if item["name"] in names:
            return f"'pbn_tags[{i}]' names [{item['name']}] again: a PBN board holds each tag once"
        names.add(item["name"])
        out.append(PbnTag(item["name"], item["value"], tuple(item.get("section", ()))))
    return tuple(out)


def _problem(item: object) -> str | None:
    if not isinstance(item, dict) or not {"name", "value"} <= item.keys() <= {"name", "value", "section"}:
        return "must be {\"name\": str, \"value\": str} with \"section\": [str, …] if the tag has lines"
    name, value, section = item["name"], item["value"], item.get("section", [])
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        return "'name' must be a tag name (letters, digits and _)"
    if name in _READ:
        return f"names [{name}], a tag the PBN reader reads into the record's fields, not one it keeps"
    if not isinstance(value, str) or _PAIR.fullmatch(f'[{name} "{value}"]') is None or "\n" in value:
        return "'value' must be one line as a PBN tag pair writes it (a \" or \\ escaped by \\)"
    if not isinstance(section, list) or not all(isinstance(s, str) for s in section):
        return "'section' must be a list of lines"
    for line in section:
        if "\n" in line or "\r" in line or not line.strip() or line.lstrip().startswith(("[", "%")):
            return "'section' lines must be one line each, not blank, not opening with [ or %"
    return None
