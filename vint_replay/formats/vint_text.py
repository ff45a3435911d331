"""The ``.vint`` text record (format.md §3, grammar in docs/format.md): a lenient reader whose
every diagnostic has a line and column, and a canonical writer. Both keep comments in place."""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field, replace
from collections.abc import Mapping, Set as AbstractSet
from typing import Iterator

from ..engine.calls import Call, Contract
from ..engine.cards import CARD_BY_TEXT, Card, Hand, HandError
from ..engine.diagnostics import Diagnostic, Problems, Severity
from ..engine.fields import DealCodec, Slot
from ..engine.gc_pause import paused_gc
from ..games.laws.deal import missed_tricks
from ..games.laws.fields import SEAT_KEYS, parse_draw, parse_irregularity, parse_void
from ..games.laws.rulings import parse_rulings, rulings_from_text, rulings_text
from ..engine.plural import plural
from ..engine.settle import FIRST, all_pass_start
from ..games.registry import DEFAULT_PROFILE, ProfileError, RuleProfile, deal_codecs, get_profile, profile_names
from ..engine.record import (CallOutOfTurn, Comment, DealRecord, GameDeal, Irregularity, LineTotals, PbnTag, PlayColumns,
                             RecordedFigures, Ruling, SessionInfo, SessionRecord, Shorthand)
from ..engine.seats import SEATS, Seat, by_seat
from . import ReadResult, Section
from .json_problems import lone_surrogate_escape, surrogate_message, too_deep
from .board_fields import (ASKED, CONTRACT_HELP, contract_text, figures_json, parse_contract, parse_vulnerable,
                           question_words, read_figures, vulnerable_text)
from .encodings import utf16_kind
from .json_record import (DEAL_KEYS, FIFTH, SESSION_KEYS, clip, codecs_of, deal_number_problem, decode_text, laws_problem,
                          read_party, unknown_rules)
from .laws_text import YES_NO, irregularity_from_text, irregularity_text
from .pbn_kept import pbn_tags_json, read_pbn_tags
from .pbn_traveller import kept_travellers
from .vint_runs import TOKEN, Runs, Token, Where

SESSION_TAGS = {"Id": "id", "Event": "event", "Site": "site", "Date": "date", "Table": "table", "Rules": "rules"}
PLAYER_TAGS = ("North", "East", "South", "West")  # by Seat
IRREGULARITY, THROWN = "Irregularity", "Thrown"
FIFTH_TAG = "Fifth"  # a fifth player, for a game that seats one (DealCodec.fifth)
PBN_TAGS = "PbnTags"  # a PBN board's tags no field holds, as JSON's pbn_tags (format.md §5.2)
FIGURES = "BoardFigures"  # a board's recorded team and pairs figures, as JSON's recorded_figures (format.md §5.1)
COMMON_TAGS = {"Deal": "number", "Dealer": "dealer", "Hands": "hands", "Auction": "auction", "Play": "play",
               "Result": "result", "Score": "recorded", "Vulnerable": "vulnerable", "Contract": "contract",
               "Declarer": None, "BoardScore": "recorded_score", "Void": "void", "DealLost": "deal_lost",
               THROWN: "thrown", IRREGULARITY: None,
               PBN_TAGS: "pbn_tags", FIGURES: "recorded_figures"}  # every game's deal tags, by the field each spells
GAME_TAGS = {name: key for codec in deal_codecs() for name, key in codec.tags.items() if name not in COMMON_TAGS}
DEAL_TAGS = (*COMMON_TAGS, *GAME_TAGS)
FIELDS = GAME_TAGS | COMMON_TAGS  # the field each deal tag spells
GAME_KEYS = DEAL_KEYS.union(*(codec.json_keys for codec in deal_codecs()))  # the JSON fields no [Extra] may repeat
SECTIONS = ("Auction", "Play")
IN_SECTION = (IRREGULARITY, THROWN)  # tags that may stand among a section's lines without ending it
EXTRA, FILE_EXTRA, LAYOUT, OPTIONS = "Extra", "FileExtra", "PlayLayout", "Options"
LAWS, DRAW, RULING = "Laws", "Draw", "Ruling"  # the laws layer's session tags (docs/format.md §5.4)
PLAYERS = "Players"  # the 2, 3 or 5 players of docs/format.md §5.6
CANONICAL_TAGS = {t.lower(): t for t in (*SESSION_TAGS, *PLAYER_TAGS, *DEAL_TAGS, EXTRA, FILE_EXTRA, LAYOUT, OPTIONS,
                                         LAWS, DRAW, RULING, FIFTH_TAG, PLAYERS)}
LAWS_OFF_TEXT = "the laws layer is off: add [Laws \"001\"] to record irregularities"
KNOWN_TAGS = set(CANONICAL_TAGS)
LAYOUTS = ("trick", "pbn")
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
SCORE = re.compile(r"\s*NS\s+(-?\d+)\s*/\s*(-?\d+)\s+EW\s+(-?\d+)\s*/\s*(-?\d+)\s*$", re.ASCII)
BLANKS = re.compile(r"\s*")
QUOTED = re.compile(r'"((?:[^"\\]++|\\.)*+)"')  # a quoted value, escapes included (no backtracking)
ESCAPED = re.compile(r"\\(u[0-9a-fA-F]{4}|.)")
SURROGATE = re.compile("[\ud800-\udfff]")
NUMBER = re.compile(r"[0-9]{1,9}")
INTEGER = re.compile(r"-?[0-9]+")
# fields whose own unknown fields an [Extra] blob may hold, and their sub-objects that may too
SESSION_NESTED = {"players": ()}
DEAL_NESTED = {"hands": (), "result": (), "recorded": ("NS", "EW")}
UNESCAPE = {'"': '"', "\\": "\\", "n": "\n", "r": "\r", "t": "\t"}  # after a backslash in a tag value
# the writer's escapes: those five, and \uXXXX for every other control character (NUL, ESC, DEL, C1)
ESCAPE = {ord(v): "\\" + k for k, v in UNESCAPE.items()} | {
    c: f"\\u{c:04x}" for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in UNESCAPE.values()}


Draw = tuple[Card, Card, Card, Card]  # the card each seat drew (laws.md §1)


@dataclass
class Tag:
    """One ``[Name "value"]`` line; ``value`` is ``None`` for a bare ``[Name]``."""

    name: str
    value: str | None
    line: int
    column: int  # of the '['
    value_column: int  # of the first character inside the quotes
    broken: bool = False  # unreadable (already reported); kept so what follows it has a home

    @property
    def at(self) -> Where:
        return self.line, self.column

    def char(self, index: int) -> Where:
        """Where the ``index``-th character of the value stands (escapes aside)."""
        return self.line, self.value_column + index


@dataclass
class DealText:
    """What the scanner found for one deal, before any of it is interpreted."""

    start: Tag
    label: int | None = None  # the deal's number if readable, for syntax errors met while scanning it
    tags: dict[str, Tag] = field(default_factory=dict)
    unknown: dict[str, Tag] = field(default_factory=dict)  # unknown tags by name, in file order
    calls: Runs = field(default_factory=lambda: Runs(""))
    tricks: Runs = field(default_factory=lambda: Runs(""))  # one trick a line
    comments: list[Comment] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)  # tags present but unreadable (already reported)
    ends: dict[str, Where] = field(default_factory=dict)  # where each section ends: "what is missing" goes there
    irregularities: list[Tag] = field(default_factory=list)  # [Irregularity] tags, in file order
    thrown_after: int = 0  # how many trick lines stood before the [Thrown] tag

    def tag(self, name: str) -> Tag | None:
        return self.start if name == "Deal" else self.tags.get(name)


@dataclass
class Scan:
    """The whole file split into the session header and the deals."""

    header: dict[str, Tag] = field(default_factory=dict)
    unknown: dict[str, Tag] = field(default_factory=dict)
    comments: list[Comment] = field(default_factory=list)
    deals: list[DealText] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)


class _Reader:
    """Scans the lines, then reads the header and each deal, collecting located diagnostics."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems = Problems()
        self.locations: dict[tuple[int | None, str | None], Where] = {}
        self.sections: dict[tuple[int, str], Section] = {}  # where each call and card of a deal stands
        self.current: int | None = None  # the deal being scanned, for syntax errors
        self.laws = False  # whether the session switches the laws layer on (docs/format.md §5.4)
        self.game(())
        self.lister: DealCodec | None = None  # the codec that read the session's players as a list of names
        self.rules = DEFAULT_PROFILE  # the session's profile, as named

    def error(self, code: str, message: str, where: Where, deal: int | None = None, at: str | None = None,
              severity: Severity = Severity.ERROR) -> None:
        if self.problems.wants(deal, severity, where):
            self.problems.append(Diagnostic(code, message, deal, at, severity, where[0], where[1]))

    def unknown(self, name: str, where: Where, deal: int | None, at: str) -> None:
        """An unknown tag or field: kept, and a warning (an error in strict mode); a name close
        to a known tag gets a suggestion."""
        severity = Severity.ERROR if self.strict else Severity.WARNING
        if self.problems.wants(deal, severity, where):
            self.error("schema", f"unknown tag {clip(name)} (kept, but not used){did_you_mean(name)}", where, deal, at,
                       severity)

    def game(self, codecs: tuple[DealCodec, ...]) -> None:
        """Read the deals as the session's game spells them: its codecs (engine/fields.py), whether
        one owns the auction, the common fields it lacks, and the other games' tags it refuses."""
        self.codecs = codecs
        self.owned = any(c.owns_auction for c in codecs)
        self.lacks = frozenset().union(*(c.lacks for c in codecs))
        own = {name for codec in codecs for name in codec.tags}
        self.foreign_tags = tuple(name for name in GAME_TAGS if name not in own)

    # -- scanning ---------------------------------------------------------------------------

    def scan(self, text: str) -> Scan:
        scan = Scan()
        deal: DealText | None = None
        section: str | None = None
        pending: list[str] = []
        blank = 0  # how many pending comments came before the last blank line

        def place(anchor: str, upto: int | None = None) -> None:
            if not pending:
                return
            target = scan.comments if deal is None else deal.comments
            target.extend(Comment(anchor, c) for c in pending[:upto])
            del pending[:upto]

        for number, base, raw in _lines(text):
            line = raw.rstrip("\r")
            body = line.lstrip()
            indent = len(line) - len(body)
            if body.startswith("\ufeff"):
                self.error("syntax", "an invisible byte-order mark (U+FEFF) starts this line, as where two files "
                                     "were joined; delete it", (number, indent + 1), None if deal is None else deal.label)
                line = line[:indent] + " " + body[1:]
                body = body[1:].lstrip()
                indent = len(line) - len(body)
            if not body:
                blank = len(pending)
                continue
            if body.startswith("%"):
                pending.append(body[1:])
                continue
            rest_at, start, tag = indent, indent, None
            end = len(line.rstrip()) + 1  # where "what is missing" at the end of this line is reported
            while start < len(line) and line[start] == "[":  # any number of tags, blanks between them
                self.current = None if deal is None else deal.label
                tag, rest_at = self.tag(line, number, start)
                if tag is None:  # reported; the rest of the line is skipped
                    section = None
                    break
                if tag.name == "Deal":
                    place("end", blank)  # comments before a blank line close what went before
                    deal = DealText(tag, _deal_label(tag), calls=Runs(text), tricks=Runs(text))
                    scan.deals.append(deal)
                    place("Deal")
                elif tag.name == IRREGULARITY and deal is not None:
                    place(f"irregularities[{len(deal.irregularities)}]")
                elif tag.name != LAYOUT:
                    place(tag.name)
                blank = 0
                if tag.name == THROWN and deal is not None:
                    deal.thrown_after = len(deal.tricks)
                self.keep_tag(scan, deal, tag)
                if tag.name not in IN_SECTION:
                    section = tag.name if tag.name in SECTIONS and deal is not None else None
                    if deal is not None and section is not None:
                        deal.ends[section] = (number, end)
                start = _past_blanks(line, rest_at)
                if start < len(line) and line[start] != "[" and tag.name not in SECTIONS:
                    self.error("syntax", f"unexpected text after [{tag.name}]: another [Tag \"value\"] or the end "
                                         "of the line was expected", (number, start + 1), self.current)
                    rest_at = len(line)
                    break
            if body.startswith("[") and (tag is None or _past_blanks(line, rest_at) == len(line)):
                continue
            blank = 0
            if section is None or deal is None:
                first = TOKEN.search(line, rest_at)
                assert first is not None
                self.error("syntax", f"unexpected text {clip(first.group())}: expected a [Tag \"value\"] line, "
                                     "a % comment, or the calls and cards of an [Auction] or [Play] section",
                           (number, first.start() + 1), None if deal is None else deal.label)
                continue
            count = len(TOKEN.findall(line, rest_at))
            if section == "Auction":
                place(f"auction[{deal.calls.total}]")
                deal.calls.add(number, base, base + rest_at, base + len(line), count)
            else:
                place(f"play[{4 * len(deal.tricks)}]")
                deal.tricks.add(number, base, base + rest_at, base + len(line), count)
            deal.ends[section] = (number, end)
        place("end")
        return scan

    def tag(self, line: str, number: int, start: int) -> tuple[Tag | None, int]:
        """Parse ``[Name "value"]`` at ``start``; returns the tag and where the rest of the line starts."""
        i = start + 1
        while i < len(line) and line[i] in " \t":
            i += 1
        m = TAG_NAME.match(line, i)
        if m is None:
            self.error("syntax", "expected a tag name (letters, digits, _) after '['", (number, i + 1), self.current)
            return None, len(line)
        name, i = m.group(), m.end()
        name = _canonical_name(name)
        while i < len(line) and line[i] in " \t":
            i += 1
        value = None
        value_column = i + 2
        if i < len(line) and line[i] == '"':
            m = QUOTED.match(line, i)
            if m is None:
                self.error("syntax", f"unterminated quote: the value of [{name} opened here has no closing '\"'",
                           (number, i + 1), self.current)
                return _broken(name, number, start), len(line)
            value, i = m.group(1), m.end()
            if "\\" in value:
                value, lone = _join_surrogates(ESCAPED.sub(_unescape, value))
                if lone is not None:
                    self.error("syntax", surrogate_message(lone), (number, value_column), self.current)
                    return _broken(name, number, start), len(line)
            while i < len(line) and line[i] in " \t":
                i += 1
        if i >= len(line) or line[i] != "]":
            found = repr(line[i]) if i < len(line) else "the end of the line"
            self.error("syntax", f"expected ']' to close [{name}, found {found}", (number, i + 1), self.current)
            return _broken(name, number, start), len(line)
        return Tag(name, value, number, start + 1, value_column), i + 1

    def keep_tag(self, scan: Scan, deal: DealText | None, tag: Tag) -> None:
        """File the tag under the header or the current deal, refusing repeats and misplaced tags."""
        if tag.value is None and tag.name not in SECTIONS and not tag.broken:
            hint = "" if tag.name.lower() in KNOWN_TAGS else did_you_mean(tag.name)  # [Auctoin]: a section misspelt
            self.error("syntax", f"[{tag.name}] needs a value: [{tag.name} \"…\"]{hint}", tag.at,
                       None if deal is None else deal.label, _field(tag.name))
            tag.broken = True
        if tag.broken and tag.name not in SECTIONS:
            (scan if deal is None else deal).broken.add(tag.name)
        if tag.name == "Deal" or tag.value is None and tag.name not in SECTIONS:
            return
        if deal is None:
            if tag.name in DEAL_TAGS:
                self.error("schema", f"[{tag.name}] comes before the first [Deal \"…\"] tag", tag.at, at=_field(tag.name))
                return
            table, others = scan.header, scan.unknown
        else:
            if tag.name in SESSION_TAGS or tag.name in PLAYER_TAGS or tag.name in (FILE_EXTRA, OPTIONS, LAWS, DRAW,
                                                                                    RULING, FIFTH_TAG, PLAYERS):
                self.error("schema", f"session tag [{tag.name}] inside deal {deal.label}: "
                                     "session tags go before the first [Deal]", tag.at, deal.label)
                return
            table, others = deal.tags, deal.unknown
            if tag.name == IRREGULARITY:
                deal.irregularities.append(tag)
                return
        if tag.name.lower() not in KNOWN_TAGS:
            if tag.name in others:
                self.error("schema", f"tag [{clip(tag.name)}] given twice", tag.at, None if deal is None else deal.label)
                return
            others[tag.name] = tag
            return
        if tag.name in table:
            first = table[tag.name]
            self.error("schema", f"tag [{tag.name}] given twice (first on line {first.line}); the first is kept",
                       tag.at, None if deal is None else deal.label, _field(tag.name))
            return
        table[tag.name] = tag

    # -- the session header -----------------------------------------------------------------

    def session(self, scan: Scan) -> tuple[SessionInfo | None, dict[str, object], RuleProfile]:
        header = scan.header
        first = min((t.at for t in (*header.values(), *scan.unknown.values())), default=(1, 1))
        ok = True
        values: dict[str, str | None] = {}
        for tag_name, key in SESSION_TAGS.items():
            tag = header.get(tag_name)
            values[key] = None if tag is None else tag.value
        sid = values.pop("id") or ""
        if "Id" in scan.broken:
            ok = False
        elif not sid or not sid.strip():
            where = header["Id"].at if "Id" in header else first
            self.error("schema", "the session needs a non-empty [Id \"…\"] tag (its key in the store)", where,
                       at="session.id")
            ok = False
        names = []
        listed = header.get(PLAYERS)
        self.game(codecs_of(values.get("rules") or DEFAULT_PROFILE))
        self.lister, party = read_party(
            self.codecs, values.get("rules"), None if listed is None else [n.strip() for n in (listed.value or "").split(";")],
            lambda message: self.error("schema", message, first if listed is None else listed.char(0), at="session.players"))
        if party is not None:
            ok, names = ok and bool(party), ["", "", "", ""]
        for seat, tag_name in zip(SEATS, PLAYER_TAGS) if party is None else ():
            tag = header.get(tag_name)
            if tag is None:
                if tag_name not in scan.broken:
                    self.error("schema", f"the session needs a [{tag_name} \"…\"] tag naming the player", first,
                               at=f"session.players.{seat.name}")
                ok = False
            names.append("" if tag is None else tag.value or "")
        rules = values.pop("rules") or DEFAULT_PROFILE
        profile = get_profile()
        if rules not in profile_names():
            self.error("schema", unknown_rules(rules), header["Rules"].char(0), at="session.rules")
            ok = False
        else:
            profile = get_profile(rules)
        self.rules = profile.name
        options = self.options(header.get(OPTIONS), rules if ok else None)
        if options is None:
            ok = False
        laws, draw, read = self.session_laws(header, rules if ok else None)
        ok = ok and read
        rulings = self.rulings(header.get(RULING))
        if rulings is None:
            ok = False
        if LAYOUT in header:
            self.layout(header[LAYOUT], None)
        extra, nested = self.extras(list(scan.unknown.values()), header.get(EXTRA), None, SESSION_KEYS, "session.", SESSION_NESTED)
        top, _ = self.extras([], header.get(FILE_EXTRA), None, {"format", "session", "deals", "comments"}, "", {})
        if not ok:
            return None, top, profile
        fifth = header.get(FIFTH_TAG)
        if fifth is not None and (not any(c.fifth for c in self.codecs) or not (fifth.value or "").strip()
                                  or fifth.value in names):
            self.error("schema", f"[{FIFTH_TAG}] names a fifth player of a solo-whist session (docs/format.md §5.5), "
                                 "not one already seated", fifth.at, at=f"session.players.{FIFTH}")
            return None, top, profile
        info = SessionInfo(sid, by_seat(names), rules=rules, options=options or {}, laws=laws, draw=draw,
                           rulings=rulings or (),
                           extra=extra, nested_extra=nested, fifth=None if fifth is None else fifth.value, party=party or None,
                           **values)
        return info, top, profile.with_options(options or {})

    def session_laws(self, header: dict[str, Tag], rules: str | None) -> tuple[str | None, Draw | None, bool]:
        """``[Laws "001"]`` and ``[Draw "N:S2 HA D5 C9"]`` (the cards drawn, clockwise from the
        seat named), and whether both could be read (else reported)."""
        tag = header.get(LAWS)
        self.laws = tag is not None
        laws = None if tag is None else (tag.value or "").strip()
        read = True
        if tag is not None and rules is not None:
            problem = laws_problem(laws, rules)
            if problem is not None:
                self.error("schema", problem, tag.char(0), at="session.laws")
                read = False
        tag = header.get(DRAW)
        if tag is None:
            return laws, None, read
        if not self.laws:
            self.error("schema", f"[{DRAW}]: {LAWS_OFF_TEXT}", tag.char(0), at="session.draw")
            return laws, None, False
        first, sep, rest = (tag.value or "").partition(":")
        cards = rest.split()
        if not sep or first.strip().upper() not in SEAT_KEYS or len(cards) != 4:
            self.error("schema", "[Draw] must be \"N:<card> <card> <card> <card>\": a seat, a colon, then the card "
                                 "each player drew, clockwise from that seat", tag.char(0), at="session.draw")
            return laws, None, False
        start = SEAT_KEYS.index(first.strip().upper())
        found = parse_draw({SEAT_KEYS[(start + i) & 3]: card for i, card in enumerate(cards)})
        for at, message in found.errors:
            self.error("schema", message, tag.char(0), at=at)
        return laws, found.value, read and not found.errors

    def rulings(self, tag: Tag | None) -> tuple[Ruling, ...] | None:
        """``[Ruling "180 N rubber=2; 180 E rubber=3"]``: the laws' rulings on the session;
        ``None`` (after a diagnostic) when they cannot be read or the laws layer is off. Each
        ruling's place is kept, so the checker's findings on it point into the tag."""
        if tag is None:
            return ()
        if not self.laws:
            self.error("schema", f"[{RULING}]: {LAWS_OFF_TEXT}", tag.char(0), at="session.rulings")
            return None
        raw, starts = rulings_from_text(tag.value or "")
        for i, start in enumerate(starts):
            for name in ("", ".law", ".seat", ".rubber"):
                self.locations[(None, f"session.rulings[{i}]{name}")] = tag.char(start)
        found = parse_rulings(raw)
        for at, message in found.errors:
            self.error("schema", message, self.locations.get((None, at), tag.char(0)), at=at)
        return found.value

    def options(self, tag: Tag | None, rules: str | None) -> dict[str, str] | None:
        """``[Options "x_marks=played"]``: the profile's session options, ``name=value`` pairs
        separated by commas; ``None`` (after a diagnostic) when they do not fit the profile."""
        if tag is None:
            return {}
        options: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in (tag.value or "").split(","))):
            name, sep, value = part.partition("=")
            if not sep or not name.strip() or not value.strip():
                self.error("schema", f"[Options] holds name=value pairs separated by commas, not {part!r}",
                           tag.char(0), at="session.options")
                return None
            options[name.strip()] = value.strip()
        if rules is not None:
            try:
                get_profile(rules, options)
            except ProfileError as bad:
                self.error("schema", str(bad), tag.char(0), at="session.options")
                return None
        return options

    def extras(self, unknown: list[Tag], blob: Tag | None, deal: int | None, known: AbstractSet[str], prefix: str,
               nestable: Mapping[str, tuple[str, ...]], own: tuple[str, ...] = ()
               ) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
        """Unknown tags as string fields, plus the fields of an ``[Extra "{json}"]`` tag; all warned
        but the game's ``own`` deal fields (``RuleProfile.deal_fields``), kept as the others.
        A blob key naming a field in ``nestable`` holds that field's own unknown fields (and those
        of its sub-objects): returned second, by dotted path."""
        out: dict[str, object] = {}
        nested: dict[str, dict[str, object]] = {}
        for tag in unknown:
            if tag.name in known:
                self.error("schema", f"[{tag.name}] is not a tag of this format (it names a JSON field)", tag.at, deal)
                continue
            if tag.name not in own:
                self.unknown(tag.name, tag.at, deal, prefix + tag.name)
            out[tag.name] = tag.value
        if blob is None:
            return out, nested
        try:
            fields = json.loads(blob.value or "")
        except json.JSONDecodeError as err:
            self.error("syntax", f"[{blob.name}] must hold a JSON object: {err.msg}", blob.char(err.pos), deal)
            return out, nested
        except RecursionError:
            depth, _, column = too_deep(blob.value or "")
            self.error("syntax", f"[{blob.name}] is nested too deeply ({depth} levels)", blob.char(column - 1), deal)
            return out, nested
        except ValueError:  # more digits than Python reads (sys.get_int_max_str_digits)
            self.error("syntax", f"[{blob.name}] holds a number too long to read", blob.char(0), deal)
            return out, nested
        lone = lone_surrogate_escape(blob.value or "")
        if lone is not None:
            self.error("syntax", f"[{blob.name}] holds {surrogate_message(lone[1])}", blob.char(lone[0]), deal)
            return out, nested
        if not isinstance(fields, dict):
            self.error("syntax", f"[{blob.name}] must hold a JSON object", blob.char(0), deal)
            return out, nested
        severity = Severity.ERROR if self.strict else Severity.WARNING
        for key, value in fields.items():
            if key in nestable and isinstance(value, dict):
                for inner, inner_value in value.items():
                    if inner in nestable[key] and isinstance(inner_value, dict):
                        path, kept = f"{key}.{inner}", inner_value
                    else:
                        path, kept = key, {inner: inner_value}
                    for name in kept:
                        self.error("schema", f"unknown field {name!r} in {path} (kept, but not used)", blob.char(0),
                                   deal, f"{prefix}{path}.{name}", severity)
                    nested.setdefault(path, {}).update(kept)
                continue
            if key in known or key in out:
                self.error("schema", f"[{blob.name}] repeats the field {key!r}", blob.char(0), deal)
                continue
            self.error("schema", f"unknown field {key!r} (kept, but not used)", blob.char(0), deal,
                       prefix + key, severity)
            out[key] = value
        return out, nested

    def layout(self, tag: Tag, deal: int | None) -> str | None:
        value = (tag.value or "").strip().lower()
        if value not in LAYOUTS:
            self.error("schema", f"[{LAYOUT}] must be \"trick\" (one trick a line, leader first) or \"pbn\" "
                                 f"(PBN's seat columns), not {tag.value!r}", tag.char(0), deal, "play")
            return None
        return value

    # -- one deal ---------------------------------------------------------------------------

    def deal(self, text: DealText, label: int, profile: RuleProfile, layout: str) -> DealRecord:
        unreadable: set[str] = set()
        start = text.start
        number = label
        value = (start.value or "").strip()
        if INTEGER.fullmatch(value):
            problem = deal_number_problem(value)
            if problem is None:
                number = int(value)
            else:
                unreadable.add("number")
                self.error("schema", problem, start.char(0), label, "number")
        else:
            unreadable.add("number")
        if "number" in unreadable and not start.broken and not INTEGER.fullmatch(value):
            hint = " (the hands go in [Hands \"N:…\"])" if start.value and ":" in start.value else ""
            self.error("schema", f"[Deal] must give the deal number, not {start.value!r}{hint}",
                       start.char(0) if start.value is not None else start.at, label, "number")
        loc = self.locations
        loc.setdefault((number, None), start.at)
        loc.setdefault((number, "number"), start.at)

        dealer = Seat.N
        tag = text.tag("Dealer")
        if tag is None:
            if "Dealer" not in text.broken:
                self.error("schema", f"deal {number} has no [Dealer \"N|E|S|W\"] tag", start.at, number, "dealer")
            unreadable.add("dealer")
        elif tag.value is None or tag.value.strip().upper() not in ("N", "E", "S", "W"):
            self.error("schema", f"[Dealer] must be N, E, S or W, not {tag.value!r}", tag.char(0), number, "dealer")
            unreadable.add("dealer")
        else:
            dealer = Seat.parse(tag.value)
            loc[(number, "dealer")] = tag.char(0)

        unreadable |= {f for f in map(_field, text.broken) if f is not None and f != "recorded"}
        hands = self.hands(text.tag("Hands"), number, unreadable)
        void, deal_lost = self.void(text, number)
        out_of_turn: list[CallOutOfTurn] = []
        own = self.game_fields(text, number, unreadable) if self.codecs else None
        auction, all_pass, question = ((), False, None) if self.owned or void is not None and "Auction" not in text.tags \
            else self.auction(text, number, dealer, unreadable, out_of_turn)
        self.foreign(text, number)
        tag = text.tags.get(LAYOUT)
        if tag is not None:
            layout = self.layout(tag, number) or layout
        irregularities = self.irregularities(text, number, "Play" in text.tags)
        written = self.play(text, number, layout, unreadable, irregularities)
        columns = written if isinstance(written, PlayColumns) else None
        play = None if isinstance(written, PlayColumns) else written
        thrown = self.thrown(text, number, play is not None or columns is not None)
        result = self.result(text.tag("Result"), number, unreadable)
        recorded = None if "recorded" in self.lacks else self.score(text.tag("Score"), number)
        for name in ("Result", "Score", "Vulnerable", "Contract", "BoardScore", FIGURES, "Void", "DealLost", THROWN):
            tag = text.tag(name)
            if tag is not None:
                loc[(number, _field(name))] = tag.char(0)
                for codec in self.codecs:
                    why = codec.lacking(name)
                    if why is not None:
                        self.error("schema", why, tag.at, number, _field(name))
        vulnerable, contract, board_score = (None, None, None) if "vulnerable" in self.lacks else self.board(text, number)
        extra, nested = self.extras(list(text.unknown.values()), text.tags.get(EXTRA), number,
                                     GAME_KEYS.difference(profile.deal_fields), "", DEAL_NESTED, profile.deal_fields)
        shorthand = Shorthand(all_pass, columns) if all_pass or columns is not None else None  # the engine settles it
        return DealRecord(number, dealer, auction, hands, play, result, recorded, extra, frozenset(unreadable),
                          tuple(text.comments), nested, vulnerable, contract, board_score, irregularities,
                          tuple(out_of_turn), void, deal_lost, thrown, own, shorthand,
                          pbn_tags=self.pbn_tags(text.tag(PBN_TAGS), number), question=question,
                          recorded_figures=None if "recorded_figures" in self.lacks else self.figures(text.tag(FIGURES), number))

    def pbn_tags(self, tag: Tag | None, number: int) -> tuple[PbnTag, ...]:
        """``[PbnTags "[…]"]``: the board's kept PBN tags, as the JSON record's ``pbn_tags`` (format.md §5.2)."""
        if tag is None:
            return ()
        try:
            read = read_pbn_tags(json.loads(tag.value or ""))
        except ValueError:
            read = "it must hold the JSON record's 'pbn_tags' (a list)"
        if isinstance(read, str):
            self.error("schema", f"[{PBN_TAGS}]: {read}", tag.char(0), number, "pbn_tags")
            return ()
        return read

    def figures(self, tag: Tag | None, number: int) -> RecordedFigures | None:
        """``[BoardFigures "{…}"]``: the board's recorded team and pairs figures, as the JSON
        record's ``recorded_figures`` (format.md §5.1)."""
        if tag is None:
            return None
        try:
            read = read_figures(json.loads(tag.value or ""))
        except ValueError:
            read = "it must hold the JSON record's 'recorded_figures' (an object)"
        if isinstance(read, str):
            self.error("schema", f"[{FIGURES}]: {read}", tag.char(0), number, "recorded_figures")
            return None
        return read

    def game_fields(self, text: DealText, number: int, unreadable: set[str]) -> GameDeal | None:
        """The deal's tags of the session's game, read by its codecs (engine/fields.py); a game
        that owns the auction gets the words of the [Auction] section."""
        words = self.owned_auction(text, number, unreadable) if self.owned else None
        own = None
        for codec in self.codecs:
            tags = {name: tag for name in codec.tags if (tag := text.tag(name)) is not None}
            for name, tag in tags.items():
                for at in codec.located(name):
                    self.locations.setdefault((number, at), tag.char(0))

            def report(code: str, at: str, message: str) -> None:
                head = at.split(".")[0].split("[")[0]
                where = text.calls.where(int(at[8:-1])) if head == "auction" and "[" in at else next(
                    (tag.char(0) for name, tag in tags.items() if codec.tags[name] == head), None)
                self.error(code, message, where or text.start.at, number, at)

            read = codec.read_text({name: tag.value or "" for name, tag in tags.items()}, words, report)
            own = read.own if read.own is not None else own
            unreadable |= read.unreadable
        return own

    def owned_auction(self, text: DealText, number: int, unreadable: set[str]) -> list[str] | None:
        """The words of the [Auction] section, for a game that reads its own call tokens."""
        tag = text.tags.get("Auction")
        if tag is None:
            self.error("schema", f"deal {number} has no [Auction] section", text.start.at, number, "auction")
            unreadable.add("auction")
            return None
        self.locations[(number, "auction")] = tag.at
        self.sections[(number, "auction")] = text.calls
        self.locations[(number, f"auction[{text.calls.total}]")] = text.ends.get("Auction", tag.at)
        return [token.text for token in text.calls.tokens()]

    def foreign(self, text: DealText, number: int) -> None:
        """Tags of a game other than the session's: refused, saying whose (format.md §5.5, §5.6)."""
        for name in self.foreign_tags:
            tag = text.tags.get(name)
            if tag is not None:
                codec = next(c for c in deal_codecs() if name in c.tags)
                self.error("schema", codec.foreign(name, True, self.rules), tag.at, number, GAME_TAGS[name])

    def laws_tag(self, text: DealText, name: str, number: int) -> Tag | None:
        """The deal's tag ``name`` if the laws layer is on (else reported, and ``None``)."""
        tag = text.tag(name)
        if tag is not None and not self.laws:
            self.error("schema", f"[{name}]: {LAWS_OFF_TEXT}", tag.at, number, _field(name))
            return None
        return tag

    def void(self, text: DealText, number: int) -> tuple[str | None, bool]:
        """``[Void "25"]`` (the law a thrown-in deal was voided by) and ``[DealLost "yes"]``."""
        void, lost = None, False
        tag = self.laws_tag(text, "Void", number)
        if tag is not None:
            try:
                void = parse_void((tag.value or "").strip())
            except ValueError as bad:
                self.error("schema", f"[Void] {bad}", tag.char(0), number, "void")
        tag = self.laws_tag(text, "DealLost", number)
        if tag is not None:
            value = YES_NO.get((tag.value or "").strip().lower())
            if value is None:
                self.error("schema", f"[DealLost] must be yes (the deal passed to the next player) or no, not "
                                     f"{tag.value!r}", tag.char(0), number, "deal_lost")
            lost = bool(value)
        return void, lost

    def thrown(self, text: DealText, number: int, played: bool) -> tuple[Card, ...]:
        """``[Thrown "C2"]`` after the last trick: the cards thrown away after trick 13 (laws §3.4)."""
        tag = self.laws_tag(text, THROWN, number)
        if tag is None:
            return ()
        if not played or text.thrown_after < len(text.tricks):
            self.error("schema", "[Thrown] stands in [Play] after the last trick (the card a 14-card player "
                                 "throws away after trick 13)", tag.at, number, "thrown")
            return ()
        cards = []
        for m in re.finditer(r"\S+", tag.value or ""):
            card = CARD_BY_TEXT.get(m.group())
            if card is None:
                self.error("bad_card", f"unknown card {clip(m.group())} in [Thrown] (write e.g. C2)", tag.char(m.start()),
                           number, "thrown")
                return ()
            cards.append(card)
        return tuple(cards)

    def irregularities(self, text: DealText, number: int, played: bool) -> tuple[Irregularity, ...]:
        """The ``[Irregularity "revoke W trick=5 claimed"]`` tags, in file order (docs/format.md §5.4)."""
        out = []
        for i, tag in enumerate(text.irregularities):
            at = f"irregularities[{i}]"
            self.locations[(number, at)] = tag.at
            if not self.laws:
                self.error("schema", f"[{IRREGULARITY}]: {LAWS_OFF_TEXT}", tag.at, number, at)
                continue
            raw, where, problem = irregularity_from_text(tag.value or "")
            if problem is not None:
                self.error("schema", f"[{IRREGULARITY}]: {problem[1]}", tag.char(problem[0]), number, at)
                continue
            for name, offset in where.items():
                self.locations[(number, f"{at}.{name}")] = tag.char(offset)
            found = parse_irregularity(raw, at, played)
            for path, message in found.errors:
                self.error("schema", message, self.locations.get((number, path), tag.char(0)), number, path)
            severity = Severity.ERROR if self.strict else Severity.WARNING
            for path in found.unknown:
                self.error("schema", f"unknown field {clip(path.split('.', 1)[1])} (kept, but not used)",
                           self.locations.get((number, path), tag.char(0)), number, path, severity)
            if found.value is not None:
                out.append(found.value)
        return tuple(out) if len(out) == len(text.irregularities) else ()

    def board(self, text: DealText, number: int) -> tuple[tuple[bool, bool] | None, Contract | None, int | None]:
        """The board tags of format.md §5.1: [Vulnerable], [Contract] with [Declarer], [BoardScore]."""
        vulnerable = contract = score = None
        tag = text.tag("Vulnerable")
        if tag is not None:
            try:
                vulnerable = parse_vulnerable((tag.value or "").strip())
            except ValueError as bad:
                self.error("schema", f"[Vulnerable]: {bad}", tag.char(0), number, "vulnerable")
        tag, declarer = text.tag("Contract"), text.tag("Declarer")
        anchor = tag or declarer
        if anchor is not None:
            try:
                contract = parse_contract((tag.value if tag else None) or "", (declarer.value if declarer else None) or "")
            except ValueError as bad:
                where = anchor.char(0)
                self.error("schema", f"[Contract] and [Declarer] must be {CONTRACT_HELP} and N, E, S or W: {bad}",
                           where, number, "contract")
        tag = text.tag("BoardScore")
        if tag is not None:
            value = (tag.value or "").strip()
            if INTEGER.fullmatch(value) and len(value) < 8:
                score = int(value)
            else:
                self.error("schema", f"[BoardScore] must be the board's score from N–S's side, not {tag.value!r}",
                           tag.char(0), number, "recorded_score")
        return vulnerable, contract, score

    def hands(self, tag: Tag | None, number: int, unreadable: set[str]) -> tuple[Hand, Hand, Hand, Hand] | None:
        if tag is None:
            return None
        self.locations[(number, "hands")] = tag.at
        value = tag.value or ""
        first, sep, rest = value.partition(":")
        if not sep or first.strip().upper() not in ("N", "E", "S", "W"):
            self.error("schema", "[Hands] must be \"N:<hand> <hand> <hand> <hand>\": a seat, a colon, then the "
                                 "four hands clockwise from that seat", tag.char(0), number, "hands")
            unreadable.add("hands")
            return None
        offset = len(first) + 1
        parts = [(m.group(), m.start() + offset) for m in TOKEN.finditer(rest)]
        if len(parts) != 4:
            self.error("schema", f"[Hands] gives {plural(len(parts), 'hand')}; it needs 4, clockwise from {first.strip()}",
                       tag.char(offset), number, "hands")
            unreadable.add("hands")
            return None
        out: list[Hand | None] = [None] * 4
        seat = Seat.parse(first)
        for text, column in parts:
            where = tag.char(column)
            self.locations[(number, f"hands.{seat.name}")] = where
            try:
                out[seat] = Hand.parse(text)
            except HandError as err:
                self.error(err.code, f"{seat.full_name}: {err}", where, number, f"hands.{seat.name}")
                unreadable.add("hands")
            seat = seat.left
        dealt = [hand for hand in out if hand is not None]
        return None if "hands" in unreadable or len(dealt) != 4 else (dealt[0], dealt[1], dealt[2], dealt[3])

    def auction(self, text: DealText, number: int, dealer: Seat, unreadable: set[str],
                out_of_turn: list[CallOutOfTurn]) -> tuple[tuple[Call, ...], bool, tuple[Call | None, ...] | None]:
        """The calls as written, and whether ``AP`` (all pass) closes them: the engine settles
        which passes it stands for (engine/settle.py), each located at the ``AP``; a bidding
        quiz's calls stop at its first ``AC``, those from there on its question (format.md §5.2)."""
        tag = text.tags.get("Auction")
        if tag is None:
            self.error("schema", f"deal {number} has no [Auction] section", text.start.at, number, "auction")
            unreadable.add("auction")
            return (), False, None
        self.locations[(number, "auction")] = tag.at
        if tag.value is not None and tag.value.strip().upper() != dealer.name:
            self.error("schema", f"[Auction \"{tag.value}\"] must name the dealer ({dealer.name}), or no one",
                       tag.char(0), number, "auction")
        calls: list[Call] = []
        ap: Token | None = None
        question: list[Call | None] | None = None
        self.sections[(number, "auction")] = text.calls
        total = text.calls.total
        for i, token in enumerate(text.calls.tokens()):
            if token.text.upper() == ASKED:
                question = (question or []) + [None]
                continue
            if question is not None:  # a call after the quiz's question: one it depends on, kept as written
                try:
                    question.append(Call.parse(token.text))
                except ValueError as err:
                    self.error("bad_call", f"{err} (after the quiz's {ASKED!r})", token.at, number, f"auction[{i}]")
                    unreadable.add("auction")
                continue
            if token.text.upper() == "AP":
                if i != total - 1:
                    self.error("syntax", "AP (all pass) must be the last call of the auction", token.at, number,
                               f"auction[{i}]")
                    unreadable.add("auction")
                ap = token
                continue
            word = token.text
            if ":" in word:  # E:1S, a call spoken out of turn (docs/rules/laws.md §4.5)
                seat, _, word = word.partition(":")
                if not self.laws or seat.upper() not in SEAT_KEYS:
                    why = LAWS_OFF_TEXT if not self.laws else "the seat before the colon must be N, E, S or W"
                    self.error("schema", f"{token.text!r} marks a call spoken out of turn (E:1S): {why}", token.at,
                               number, f"auction[{i}]")
                    unreadable.add("auction")
                    continue
                out_of_turn.append(CallOutOfTurn(len(calls), SEATS[SEAT_KEYS.index(seat.upper())]))
            try:
                calls.append(Call.parse(word))
            except ValueError as err:
                self.error("bad_call", f"{err} (write e.g. pass, 1S, 3NT, AP)", token.at, number, f"auction[{i}]")
                unreadable.add("auction")
        self.locations[(number, f"auction[{total}]")] = text.ends.get("Auction", tag.at)
        asked = None if question is None else tuple(question)
        if ap is None or "auction" in unreadable:
            return tuple(calls), False, asked
        self.locations[(number, f"auction[{len(calls)}]")] = ap.at
        return tuple(calls), True, asked

    def play(self, text: DealText, number: int, layout: str, unreadable: set[str],
             irregularities: tuple[Irregularity, ...] = ()) -> tuple[Card, ...] | PlayColumns | None:
        """``[Play]``: one trick a line, leader first (format.md §3); a trick a player missed
        (law 169, laws.md §6.4) has three cards on its line, and the last line may stop early.
        In PBN's layout, the seat columns as written."""
        tag = text.tags.get("Play")
        if tag is None:
            return None
        self.locations[(number, "play")] = tag.at
        if layout == "pbn":
            return self.pbn_play(text, tag, number, unreadable)
        if tag.value is not None:
            self.error("schema", f"[Play \"{tag.value}\"] names a seat as PBN does; PBN's seat-column layout must "
                                 f"be declared with [{LAYOUT} \"pbn\"], else write [Play] and each trick leader first",
                       tag.char(0), number, "play")
            unreadable.add("play")
        cards: list[Card] = []
        index = 0  # of the token: an unknown card keeps its own place (play[i]) in the play
        tricks = text.tricks
        self.sections[(number, "play")] = tricks
        missed = missed_tricks(irregularities)
        for k in range(len(tricks)):
            size = tricks.counts[k]
            full = 3 if k + 1 in missed else 4
            long = size > full or (size < full and k < len(tricks) - 1)
            for i, m in enumerate(tricks.matches(k)):
                if long and i == (4 if size > 4 else 0):
                    self.error("schema", f"trick {k + 1} has {plural(size, 'card')}; a trick has {full} (one trick a line)",
                               tricks.at(k, m), number, f"play[{index - i}]")
                    unreadable.add("play")
                card = CARD_BY_TEXT.get(m.group())
                if card is not None:
                    cards.append(card)
                elif self.problems.wants(number, Severity.ERROR, tricks.at(k, m)):
                    self.card(tricks.token(k, m), number, index, unreadable)  # a Token only for a card listed
                else:
                    unreadable.add("play")
                index += 1
        self.locations[(number, f"play[{index}]")] = text.ends.get("Play", tag.at)
        return tuple(cards)

    def card(self, token: Token, number: int, index: int, unreadable: set[str]) -> Card | None:
        card = CARD_BY_TEXT.get(token.text)
        if card is None:
            unreadable.add("play")
            if self.problems.wants(number, Severity.ERROR, token.at):
                self.error("bad_card", f"unknown card {clip(token.text)} (write e.g. SA, HT, D9, ♥10)", token.at, number,
                           f"play[{index}]")
        return card

    def pbn_play(self, text: DealText, tag: Tag, number: int, unreadable: set[str]) -> PlayColumns | None:
        """PBN's layout: each line holds a trick's cards in fixed seat columns from the seat the
        ``[Play]`` tag names, ``-`` for a card not played; which column led each trick the
        winners say, so the engine orders them (engine/settle.py). Each cell is located by its
        place among the cells (``play[i]`` as written), the seat by ``play.first``."""
        if tag.value is None or tag.value.strip().upper() not in ("N", "E", "S", "W"):
            self.error("schema", "in PBN layout the [Play \"…\"] tag names the opening leader (N, E, S or W)",
                       tag.at, number, "play")
            unreadable.add("play")
            return None
        rows: list[tuple[Card | None, ...]] = []
        unread: dict[int, str] = {}  # an unknown card is reported where the play reaches it (its index)
        cells = 0
        for k in range(len(text.tricks)):
            tokens = list(text.tricks.line(k))
            if k == len(text.tricks) - 1 and tokens[-1].text == "*":
                tokens.pop()  # PBN's mark that the play stops
            row: list[Card | None] = []
            for token in tokens:
                card = None if token.text == "-" else CARD_BY_TEXT.get(token.text)
                if card is None and token.text != "-":
                    unread[cells] = f"unknown card {clip(token.text)} (write e.g. SA, HT, D9, ♥10)"
                row.append(card)
                cells += 1
            if row:
                rows.append(tuple(row))
        self.sections[(number, "play")] = text.tricks
        self.locations[(number, FIRST)] = tag.char(0)
        self.locations[(number, f"play[{cells}]")] = text.ends.get("Play", tag.at)
        return PlayColumns(Seat.parse(tag.value), tuple(rows), unread)

    def result(self, tag: Tag | None, number: int, unreadable: set[str]) -> int | None:
        if tag is None:
            return None
        value = (tag.value or "").strip()
        if not NUMBER.fullmatch(value) or not 0 <= int(value) <= 13:
            self.error("schema", f"[Result] must be the declarer's tricks, 0–13, not {tag.value!r}", tag.char(0),
                       number, "result")
            unreadable.add("result")
            return None
        return int(value)

    def score(self, tag: Tag | None, number: int) -> tuple[LineTotals, LineTotals] | None:
        if tag is None:
            return None
        m = SCORE.match(tag.value or "")
        if m is None:
            self.error("schema", f"[Score] must read \"NS <below>/<above> EW <below>/<above>\", not {tag.value!r}",
                       tag.char(0), number, "recorded")
            return None
        try:
            n = [int(g) for g in m.groups()]
        except ValueError:  # more digits than Python reads (sys.get_int_max_str_digits)
            self.error("schema", "[Score] has a number too long to read", tag.char(0), number, "recorded")
            return None
        return LineTotals(n[0], n[1]), LineTotals(n[2], n[3])


def _lines(text: str) -> Iterator[tuple[int, int, str]]:
    """Each line of ``text`` with its number (from 1) and the offset where it starts."""
    base, number = 0, 1
    while base <= len(text):
        end = text.find("\n", base)
        end = len(text) if end < 0 else end
        yield number, base, text[base:end]
        base, number = end + 1, number + 1


def _canonical_name(name: str) -> str:
    """Known tags are matched whatever their case (``[dealer]`` is ``[Dealer]``)."""
    return CANONICAL_TAGS.get(name.lower(), name)


def _broken(name: str, line: int, start: int) -> Tag | None:
    """A tag line that could not be read (already reported), kept without its value: a deal or
    a section still owns what follows it, and a missing tag is not reported twice."""
    return Tag(name, None, line, start + 1, start + 1, broken=True)


def _field(tag: str) -> str | None:
    return FIELDS.get(tag)


def _deal_label(start: Tag) -> int | None:
    """The number a ``[Deal]`` tag gives, if it is a readable one."""
    value = (start.value or "").strip()
    return int(value) if NUMBER.fullmatch(value) and deal_number_problem(value) is None else None


def read_vint(data: bytes | str, strict: bool = False) -> ReadResult:
    """Read a ``.vint`` text record. Every diagnostic has a line and column; reading goes on
    after a bad deal. Unknown tags are kept with a warning (an error in strict mode)."""
    with paused_gc():
        return _read_vint(data, strict)


def _read_vint(data: bytes | str, strict: bool) -> ReadResult:
    if isinstance(data, bytes) and utf16_kind(data) is None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as err:
            line_start = data.rfind(b"\n", 0, err.start) + 1
            line = data.count(b"\n", 0, err.start) + 1
            column = len(data[line_start:err.start].decode("utf-8", "replace")) + 1
            return ReadResult(None, [Diagnostic("syntax", f"not UTF-8 text (byte {data[err.start]:#04x}); save the "
                                                          "file as UTF-8", line=line, column=column)])
    text, problem = decode_text(data)
    if problem is not None:
        return ReadResult(None, [Diagnostic(problem.code, problem.message, line=1, column=1)])
    reader = _Reader(strict)
    assert text is not None
    scan = reader.scan(text)
    info, top, profile = reader.session(scan)
    layout = "trick"
    if LAYOUT in scan.header:
        layout = reader.layout(scan.header[LAYOUT], None) or layout
    deals = []
    last = 0
    for deal_text in scan.deals:
        deal = reader.deal(deal_text, last + 1, profile, layout)
        deals.append(deal)
        last = deal.number
    problems = sorted(reader.problems.kept, key=lambda d: (d.line or 0, d.column or 0))
    problems += reader.problems.listed()[len(problems):]  # the closing note, if any
    if info is None:
        return ReadResult(None, problems)
    if info.party is not None and reader.lister is not None:
        info = replace(info, players=reader.lister.seat_names(info.party, deals))
    record = SessionRecord(info, tuple(deals), top, tuple(scan.comments))
    travellers, totals, unread = kept_travellers(record)  # a PBN file's, kept in its boards' [PbnTags] (format.md §5.2)
    return ReadResult(record, problems + unread, reader.locations, reader.sections, travellers=travellers, totals=totals)


# -- the canonical writer -------------------------------------------------------------------

def _quote(value: str) -> str:
    return '"' + value.translate(ESCAPE) + '"'


def _unescape(m: re.Match[str]) -> str:
    """One backslash escape of a tag value; a backslash before anything else stands for itself."""
    what = m.group(1)
    if len(what) == 5:
        return chr(int(what[1:], 16))
    return UNESCAPE.get(what, m.group())


def _join_surrogates(value: str) -> tuple[str, str | None]:
    """The value with each high-low pair of ``\\u`` escapes joined into one character, and the
    spelling (``\\ud800``) of the first surrogate left alone (``None`` if none is)."""
    if SURROGATE.search(value) is None:
        return value, None
    out, i = [], 0
    while i < len(value):
        ch = value[i]
        if "\ud800" <= ch <= "\udbff" and i + 1 < len(value) and "\udc00" <= value[i + 1] <= "\udfff":
            out.append((ord(ch) - 0xD800 << 10 | ord(value[i + 1]) - 0xDC00) + 0x10000)
            i += 2
            continue
        if "\ud800" <= ch <= "\udfff":
            return value, f"\\u{ord(ch):04x}"
        out.append(ord(ch))
        i += 1
    return "".join(map(chr, out)), None


def did_you_mean(name: str) -> str:
    """``; did you mean [Dealer]?`` for a tag name close to a known one, else nothing."""
    close = difflib.get_close_matches(name.lower(), KNOWN_TAGS, n=1, cutoff=0.75)
    return f"; did you mean [{CANONICAL_TAGS[close[0]]}]?" if close else ""


def _plain(key: str) -> bool:
    """Whether an unknown field (of a string) can be written as its own ``[Key "value"]`` tag."""
    return TAG_NAME.fullmatch(key) is not None and key.lower() not in KNOWN_TAGS


def _past_blanks(line: str, at: int) -> int:
    """Where the blanks from ``at`` end (``BLANKS`` matches the empty run too)."""
    found = BLANKS.match(line, at)
    return at if found is None else found.end()


def _extra_lines(extra: dict[str, object], blob_name: str, put,
                 nested: dict[str, dict[str, object]] | None = None) -> list[str]:
    """Unknown string fields as their own tags; the rest, and the unknown fields inside known
    fields (``nested``, by dotted path, written as nested objects), in one JSON blob."""
    lines = []
    blob: dict[str, object] = {}
    for key, value in extra.items():
        if blob_name != FILE_EXTRA and isinstance(value, str) and _plain(key):
            lines.extend(put(key))
            lines.append(f"[{key} {_quote(value)}]")
        else:
            blob[key] = value
    for path, fields in (nested or {}).items():
        node = blob
        for part in path.split("."):
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        node.update(fields)
    if blob:
        lines.extend(put(blob_name))
        lines.append(f"[{blob_name} {_quote(json.dumps(blob, ensure_ascii=False))}]")
    return lines


class _Comments:
    """A record's comments by anchor, handed out as the writer reaches each anchor."""

    def __init__(self, comments: tuple[Comment, ...]) -> None:
        self.left: dict[str, list[str]] = {}
        for c in comments:
            self.left.setdefault(c.before, []).append(c.text)

    def __call__(self, anchor: str) -> list[str]:
        return ["%" + text.replace("\n", "\n%") for text in self.left.pop(anchor, [])]  # a CR inside stays

    def rest(self) -> list[str]:
        """Comments whose anchor was never reached: written at the end, in their order."""
        out = [line for key in list(self.left) for line in self(key)]
        return out


def _ap_start(deal: DealRecord, profile: RuleProfile | None, anchors: set[str], laws: bool) -> int | None:
    """Where ``AP`` is written for the closing passes: where the engine says it may stand
    (engine/settle.py), unless a comment or a call out of turn stands among those passes."""
    start = None if profile is None else all_pass_start(deal, profile, laws)
    if start is None:
        return None
    spoken = {c.index for c in deal.out_of_turn}
    if any(f"auction[{i}]" in anchors for i in range(start + 1, len(deal.auction) + 1)) or any(i >= start for i in spoken):
        return None
    return start


def _write_deal(deal: DealRecord, profile: RuleProfile | None, laws: bool) -> list[str]:
    put = _Comments(deal.comments)
    anchors = set(put.left)
    codecs = () if profile is None else profile.deal_codecs
    game: dict[Slot, list[str]] = {}  # the game's tags (engine/fields.py), by where they go
    for codec in codecs:
        for slot, fields in codec.text_tags(deal).items():
            game.setdefault(slot, []).extend(line for tag, value in fields
                                             for line in (*put(tag), f"[{tag} {_quote(value)}]"))
    lines = [*put("Deal"), f'[Deal "{deal.number}"]', *put("Dealer"), f'[Dealer "{deal.dealer.name}"]']
    lines += game.get(Slot.OPENING, ())
    if deal.vulnerable is not None:
        lines += [*put("Vulnerable"), f'[Vulnerable "{vulnerable_text(deal.vulnerable)}"]']
    if deal.hands is not None:
        lines += put("Hands")
        lines.append(f'[Hands "N:{" ".join(h.pbn() for h in deal.hands)}"]')
    lines += game.get(Slot.HANDS, ())
    lines += _extra_lines(deal.extra, EXTRA, put, deal.nested_extra)
    if deal.pbn_tags:
        lines += [*put(PBN_TAGS), f"[{PBN_TAGS} {_quote(json.dumps(pbn_tags_json(deal.pbn_tags), ensure_ascii=False))}]"]
    if deal.contract is not None:
        lines += [*put("Contract"), f'[Contract "{contract_text(deal.contract)}"]',
                  *put("Declarer"), f'[Declarer "{deal.contract.declarer.name}"]']
    if deal.void is not None:
        lines += [*put("Void"), f'[Void "{deal.void}"]']
    if deal.deal_lost:
        lines += [*put("DealLost"), '[DealLost "yes"]']
    lines += put("Auction")
    lines.append("[Auction]")
    owner = next((c for c in codecs if c.owns_auction), None) if codecs else None
    if owner is not None:
        words = owner.auction_words(deal)
    else:
        ap = _ap_start(deal, profile, anchors, laws)
        words = [str(c) for c in deal.auction[:ap]] + (["AP"] if ap is not None else []) + (
            question_words(deal.question) if deal.question is not None else [])
    for spoken in deal.out_of_turn:
        words[spoken.index] = f"{spoken.by.name}:{words[spoken.index]}"
    row: list[str] = []
    turns = 0  # calls in turn so far: a line holds one round
    for i, word in enumerate(words):
        here = put(f"auction[{i}]")
        if here and row:
            lines.append(" ".join(row))
            row = []
        lines += here
        row.append(word)
        turns += ":" not in word
        if turns % 4 == 0 and ":" not in word:
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    lines += game.get(Slot.AUCTION, ())
    after = _irregularity_places(deal)
    if deal.play is not None:
        lines += put("Play")
        lines.append("[Play]")
    lines += _irregularity_lines(deal, after.get(0, []), put)
    if deal.play is not None:
        for trick, (start, end) in enumerate(_trick_lines(deal), 1):
            lines += put(f"play[{start}]")
            lines.append(" ".join(c.name for c in deal.play[start:end]))
            lines += _irregularity_lines(deal, after.get(trick, []), put)
        if deal.thrown:
            lines += [*put(THROWN), f'[{THROWN} "{" ".join(c.name for c in deal.thrown)}"]']
    lines += game.get(Slot.PLAY, ())
    if deal.result is not None:
        lines += put("Result")
        lines.append(f'[Result "{deal.result}"]')
    lines += game.get(Slot.RESULT, ())
    if deal.recorded is not None:
        ns, ew = deal.recorded
        lines += put("Score")
        lines.append(f'[Score "NS {ns.below}/{ns.above} EW {ew.below}/{ew.above}"]')
    if deal.recorded_score is not None:
        lines += [*put("BoardScore"), f'[BoardScore "{deal.recorded_score}"]']
    if deal.recorded_figures is not None:
        lines += [*put(FIGURES), f"[{FIGURES} {_quote(json.dumps(figures_json(deal.recorded_figures)))}]"]
    lines += put("end")
    lines += put.rest()
    return lines


def _irregularity_places(deal: DealRecord) -> dict[int, list[int]]:
    """Where each irregularity is written, by the trick line it follows (0: before the first):
    after its own trick's line, unless an earlier one of the list stands later (the list's order
    is kept)."""
    lines = len(_trick_lines(deal))
    places: dict[int, list[int]] = {}
    at = 0
    for i, irregularity in enumerate(deal.irregularities):
        trick = irregularity.trick or 0
        at = max(at, trick if trick <= lines else 0)
        places.setdefault(at, []).append(i)
    return places


def _trick_lines(deal: DealRecord) -> list[tuple[int, int]]:
    """The play's lines as (first, end) card indices, one trick each (format.md §3): four cards,
    three in a trick a player missed (law 169, laws.md §6.4); a play stopped early ends with the
    cards of the trick begun."""
    missed = missed_tricks(deal.irregularities)
    play = deal.play or ()
    out: list[tuple[int, int]] = []
    start = 0
    while start < len(play):
        end = min(len(play), start + (3 if len(out) + 1 in missed else 4))
        out.append((start, end))
        start = end
    return out


def _irregularity_lines(deal: DealRecord, indexes: list[int], put) -> list[str]:
    lines = []
    for i in indexes:
        lines += put(f"irregularities[{i}]")
        lines.append(f"[{IRREGULARITY} {_quote(irregularity_text(deal.irregularities[i]))}]")
    return lines


def write_vint(record: SessionRecord) -> str:
    """The canonical text of a record: session tags, then each deal after a blank line; calls
    four to a line by rounds from the dealer with ``AP`` for the closing passes; one trick a line."""
    info = record.info
    put = _Comments(record.comments)
    lines = [*put("Id"), f"[Id {_quote(info.id)}]"]
    for tag, key in SESSION_TAGS.items():
        value = getattr(info, key)
        if key != "id" and value is not None:
            lines += put(tag)
            lines.append(f"[{tag} {_quote(value)}]")
    if info.party is not None:
        lines += [*put(PLAYERS), f"[{PLAYERS} {_quote('; '.join(info.party))}]"]
    for tag, name in zip(PLAYER_TAGS, info.players) if info.party is None else ():
        lines += put(tag)
        lines.append(f"[{tag} {_quote(name)}]")
    if info.fifth is not None:
        lines += [*put(FIFTH_TAG), f"[{FIFTH_TAG} {_quote(info.fifth)}]"]
    if info.options:
        lines += put(OPTIONS)
        lines.append(f"[{OPTIONS} {_quote(','.join(f'{k}={v}' for k, v in info.options.items()))}]")
    if info.laws is not None:
        lines += [*put(LAWS), f"[{LAWS} {_quote(info.laws)}]"]
    if info.draw is not None:
        lines += [*put(DRAW), f'[{DRAW} "N:{" ".join(c.name for c in info.draw)}"]']
    if info.rulings:
        lines += [*put(RULING), f"[{RULING} {_quote(rulings_text(info.rulings))}]"]
    lines += _extra_lines(info.extra, EXTRA, put, info.nested_extra)
    lines += _extra_lines(record.extra, FILE_EXTRA, put)
    try:
        profile: RuleProfile | None = get_profile(info.rules, info.options)
    except (KeyError, ProfileError):
        profile = None
    lines += put("end")
    lines += put.rest()
    for deal in record.deals:
        lines.append("")
        lines += _write_deal(deal, profile, info.laws is not None)
    return "\n".join(lines) + "\n"

