"""The ``vint-record/1`` JSON format: a lenient reader with located diagnostics, and a
canonical writer (format.md §2)."""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import replace
from typing import Any

from ..engine.calls import CALL_BY_TEXT, Call, Contract
from ..engine.cards import CARD_BY_TEXT, Card, Hand, HandError
from ..engine.diagnostics import Diagnostic, Problems, Severity
from ..engine.fields import DealCodec, SessionReport, Slot
from ..engine.gc_pause import paused_gc
from ..engine.plural import plural
from ..games.laws.fields import (LAWS_CODES, LAWS_OFF, Found, auction_json, deal_laws_json, parse_draw,
                                  parse_irregularities, parse_void, play_json, session_laws_json)
from ..games.laws.rulings import parse_rulings, session_rulings_json
from ..games.registry import DEFAULT_PROFILE, ProfileError, deal_codecs, get_profile, profile_names
from ..engine.record import (DEAL_NUMBERS, CallOutOfTurn, Comment, DealRecord, GameDeal, Irregularity, LineTotals,
                             PbnTag, RecordedFigures, Ruling, SessionInfo, SessionRecord)
from ..engine.seats import SEATS, Seat, Side, by_seat
from . import ReadResult
from .board_fields import (CONTRACT_HELP, board_json, figures_json, parse_contract, parse_question, parse_vulnerable,
                           read_figures)
from .pbn_kept import pbn_tags_json, read_pbn_tags
from .pbn_traveller import kept_travellers
from .encodings import utf16_kind, utf16_message
from .json_problems import (DEEPEST, first_lone_surrogate, line_column, lone_surrogate_escape, repeated_key_path,
                            surrogate_message, too_deep)

FORMAT_NAME = "vint-record/1"
SESSION_TAGS = ("event", "site", "date", "table")
SESSION_KEYS = {"id", "players", "rules", "options", "laws", "draw", "rulings", *SESSION_TAGS}
DEAL_KEYS = frozenset({"number", "dealer", "hands", "auction", "play", "result", "recorded", "comments", "vulnerable",
                       "contract", "declarer", "recorded_score", "irregularities", "void", "deal_lost",
                       "pbn_tags", "recorded_figures", "question"})  # every game's
FIFTH = "fifth"  # a fifth player's key in session.players, for a game that seats one (DealCodec.fifth)
TOP_KEYS = {"format", "session", "deals", "comments"}
SEAT_KEYS = ("N", "E", "S", "W")
LONG_INTEGER = re.compile(r"\d{4301,}")  # more digits than Python turns into an int (sys.get_int_max_str_digits)


def codecs_of(rules: object) -> tuple[DealCodec, ...]:
    """The deal codecs of the profile named ``rules`` (none for a name this program does not know)."""
    return get_profile(rules).deal_codecs if isinstance(rules, str) and rules in profile_names() else ()


def read_party(codecs: tuple[DealCodec, ...], rules: object, players: object,
               report: SessionReport) -> tuple[DealCodec | None, tuple[str, ...] | None]:
    """The session's players as a list of names, under a game whose codec lists them so (empty
    when wrong, reported), with that codec; ``(None, None)`` under a game that seats them N, E,
    S, W (a list is then reported, unless the profile is unknown and reported as such)."""
    for codec in codecs:
        party = codec.party(players, str(rules), report)
        if party is not None:
            return codec, party
    if isinstance(players, list) and not (isinstance(rules, str) and rules not in profile_names()):
        report("session.players is a list of names only under the 2-, 3- and 5-player profiles (format.md §5.6)")
    return None, None


def laws_problem(laws: object, rules: str) -> str | None:
    """Why ``laws`` cannot be the laws code of a session played under ``rules``, or ``None``."""
    if not isinstance(laws, str) or laws not in LAWS_CODES:
        return f"unknown laws {laws!r}; known: {', '.join(LAWS_CODES)}"
    if not get_profile(rules).laws_layer:
        return f"the laws layer is for vint profiles; {rules} keeps its own laws"
    return None


def deal_number_problem(number: int | str) -> str | None:
    """Why ``number`` (an int, or its digits with an optional sign) cannot be a deal number, or ``None``."""
    if isinstance(number, str):
        digits = number.lstrip("+-").lstrip("0")
        if len(digits) <= 5:
            return deal_number_problem(int(number))
        shown = number if len(number) <= 24 else f"{number[:12]}… ({len(digits)} digits)"
    elif number in DEAL_NUMBERS:
        return None
    else:
        shown = str(number) if number.bit_length() < 64 else f"of {number.bit_length()} bits"
    return (f"deal number {shown} is out of range {DEAL_NUMBERS.start}–{DEAL_NUMBERS.stop - 1} "
            "(the store keeps it as a 16-bit integer)")


def decode_text(data: bytes | str) -> tuple[str | None, Diagnostic | None]:
    """UTF-8 text (a BOM is allowed), or a ``syntax`` diagnostic saying why not."""
    if isinstance(data, bytes):
        kind = utf16_kind(data)
        if kind is not None:
            return None, Diagnostic("syntax", utf16_message(kind), line=1, column=1)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            return None, Diagnostic("syntax", f"not UTF-8 text (byte {err.start}: {data[err.start:err.start + 1]!r}); "
                                              "save the file as UTF-8")
    else:
        text = data
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            found = first_lone_surrogate(text)
            assert found is not None  # what UTF-8 could not encode
            pos, spelling = found
            line, column = line_column(text, pos)
            return None, Diagnostic("syntax", surrogate_message(spelling), line=line, column=column)
    if "\x00" in text:
        return None, Diagnostic("syntax", "the file holds binary data, not a text record")
    if not text.strip():
        return None, Diagnostic("syntax", "the file is empty")
    return text, None


class _Reader:
    """Walks the decoded JSON, turning each problem into a diagnostic and keeping going."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems = Problems()
        self.laws = False  # whether the session switches the laws layer on (docs/format.md §5.4)
        self.codecs: tuple[DealCodec, ...] = ()  # the session's game's own deal fields (engine/fields.py)
        self.owned = False  # one of them reads the auction (its own call tokens)
        self.known = DEAL_KEYS  # the deal keys of the session's game
        self.rules = ""  # the session's profile, as named
        self.lister: DealCodec | None = None  # the codec that read the session's players as a list of names
        self.own_fields: frozenset[str] = frozenset()  # deal keys the game reads from ``extra`` (RuleProfile.deal_fields)

    def error(self, code: str, message: str, deal: int | None = None, at: str | None = None) -> None:
        if self.problems.wants(deal):
            self.problems.append(Diagnostic(code, message, deal, at))

    def unknown(self, keys: set[str], deal: int | None, prefix: str) -> dict[str, object]:
        """Unknown fields: an error in strict mode, a warning (kept, ignored) otherwise."""
        severity = Severity.ERROR if self.strict else Severity.WARNING
        for key in sorted(keys):
            if self.problems.wants(deal, severity):
                self.problems.append(Diagnostic("schema", f"unknown field {clip(key)}", deal, f"{prefix}{key}", severity))
        return {}

    def nested_extra(self, raw: dict, allowed: tuple[str, ...], number: int | None, at: str,
                     kept: dict[str, dict[str, object]]) -> None:
        """Unknown keys inside the field ``at``: reported as :meth:`unknown` and kept in ``kept[at]``."""
        extra = {k: v for k, v in raw.items() if k not in allowed}
        if extra:
            self.unknown(set(extra), number, f"{at}.")
            kept[at] = extra

    def session(self, raw: Any) -> SessionInfo | None:
        if not isinstance(raw, dict):
            self.error("schema", "'session' must be an object with id and players", at="session")
            return None
        ok = True
        nested: dict[str, dict[str, object]] = {}
        sid = raw.get("id")
        if not isinstance(sid, str) or not sid.strip():
            self.error("schema", "session.id must be a non-empty string (the session's key)", at="session.id")
            ok = False
        players = raw.get("players")
        rules = raw.get("rules", DEFAULT_PROFILE)
        self.rules = str(rules)
        self.codecs = codecs_of(rules)
        self.owned = any(c.owns_auction for c in self.codecs)
        self.known = DEAL_KEYS.difference(*(c.lacks for c in self.codecs)).union(*(c.json_keys for c in self.codecs))
        if isinstance(rules, str) and rules in profile_names():
            self.own_fields = frozenset(get_profile(rules).deal_fields)
        names: list[str] = []
        self.lister, party = read_party(self.codecs, raw.get("rules"), players,
                                        lambda message: self.error("schema", message, at="session.players"))
        fifth = None
        seats_fifth = any(c.fifth for c in self.codecs)
        if party is not None:
            ok = ok and bool(party)
            names = ["", "", "", ""]
        elif not isinstance(players, dict):
            self.error("schema", "session.players must be an object naming N, E, S and W", at="session.players")
            ok = False
        else:
            for seat in SEAT_KEYS:
                name = players.get(seat)
                if not isinstance(name, str):
                    self.error("schema", f"session.players.{seat} must be a player's name (a string)",
                               at=f"session.players.{seat}")
                    ok = False
                names.append(name if isinstance(name, str) else "")
            fifth = players.get(FIFTH) if seats_fifth else None
            if seats_fifth and FIFTH in players and (not isinstance(fifth, str) or not fifth.strip() or fifth in names):
                self.error("schema", f"session.players.{FIFTH} must name a fifth player (a string, not a name "
                                     "already seated)", at=f"session.players.{FIFTH}")
                ok = False
            self.nested_extra(players, (*SEAT_KEYS, FIFTH) if seats_fifth else SEAT_KEYS, None, "session.players", nested)
        tags: dict[str, str | None] = {}
        for key in SESSION_TAGS:
            value = raw.get(key)
            if value is not None and not isinstance(value, str):
                self.error("schema", f"session.{key} must be a string, not {type(value).__name__}", at=f"session.{key}")
                value = None
            tags[key] = value
        options = raw.get("options", {})
        if not isinstance(rules, str) or rules not in profile_names():
            self.error("schema", unknown_rules(rules), at="session.rules")
            ok = False
        elif not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
            self.error("schema", "session.options must be an object of option names and text values, "
                                 "e.g. {\"x_marks\": \"played\"}", at="session.options")
            ok = False
        else:
            try:
                get_profile(rules, options)
            except ProfileError as bad:
                self.error("schema", str(bad), at="session.options")
                ok = False
        laws = self.session_laws(raw, rules if ok else None)
        if laws is None:
            ok = False
        rulings = self.session_rulings(raw)
        if rulings is None:
            ok = False
        extra = {k: raw[k] for k in raw if k not in SESSION_KEYS}
        self.unknown(set(extra), None, "session.")
        if not ok:
            return None
        assert isinstance(sid, str) and laws is not None and rulings is not None, "each was read, or ok is False"
        nested = {"players": nested["session.players"]} if nested else {}
        return SessionInfo(sid, by_seat(names), rules=rules, options=dict(options), laws=laws[0], draw=laws[1],
                           rulings=rulings, extra=extra, nested_extra=nested, fifth=fifth, party=party or None, **tags)

    def session_rulings(self, raw: dict) -> tuple[Ruling, ...] | None:
        """``session.rulings`` (docs/format.md §5.4): the laws' rulings; ``None`` if they cannot
        be read or the laws layer is off (reported)."""
        if "rulings" not in raw:
            return ()
        if not self.laws:
            self.error("schema", f"'rulings': {LAWS_OFF}", at="session.rulings")
            return None
        found = parse_rulings(raw["rulings"])
        self.found(found, None)
        return found.value

    def session_laws(self, raw: dict,
                     rules: str | None) -> tuple[str | None, tuple[Card, Card, Card, Card] | None] | None:
        """``session.laws`` and ``session.draw`` (docs/format.md §5.4), checked against ``rules``
        when known; ``None`` when they cannot be read (reported)."""
        self.laws = "laws" in raw
        laws, draw, readable = raw.get("laws"), None, True
        if self.laws and rules is not None:
            problem = laws_problem(laws, rules)
            if problem is not None:
                self.error("schema", problem, at="session.laws")
                readable = False
        if "draw" in raw:
            if not self.laws:
                self.error("schema", f"'draw': {LAWS_OFF}", at="session.draw")
                return None
            found = parse_draw(raw["draw"])
            self.found(found, None)
            draw = found.value
            readable = readable and not found.errors
        return (laws if isinstance(laws, str) else None, draw) if readable else None

    def found(self, found: Found, deal: int | None) -> None:
        """Report what a laws field's reader found (errors, and unknown fields as :meth:`unknown`)."""
        for at, message in found.errors:
            self.error("schema", message, deal, at)
        for at in found.unknown:
            prefix, _, name = at.rpartition(".")
            self.unknown({name}, deal, f"{prefix}.")

    def laws_only(self, name: str, raw: dict, number: int) -> bool:
        """Whether the deal field ``name`` may be read: present, and the laws layer on (else reported)."""
        if name not in raw:
            return False
        if not self.laws:
            self.error("schema", f"'{name}': {LAWS_OFF}", number, name)
            return False
        return True

    def deal(self, raw: Any, index: int, label: int) -> DealRecord | None:
        """One deal; ``label`` is the number used in diagnostics when the deal's own is unreadable."""
        if not isinstance(raw, dict):
            self.error("schema", "a deal must be an object", label, f"deals[{index}]")
            return None
        unreadable: set[str] = set()
        nested: dict[str, dict[str, object]] = {}
        number = raw.get("number")
        problem = "'number' must be an integer" if type(number) is not int else deal_number_problem(number)
        if problem is not None:
            self.error("schema", problem, label, "number")
            number = label
            unreadable.add("number")
        assert type(number) is int  # as written, or the label in its place
        dealer_raw = raw.get("dealer")
        dealer = Seat.N
        if dealer_raw not in SEAT_KEYS:
            self.error("schema", f"'dealer' must be one of N, E, S, W (got {clip(dealer_raw)})", number, "dealer")
            unreadable.add("dealer")
        else:
            dealer = SEATS[SEAT_KEYS.index(dealer_raw)]
        hands = self.hands(raw.get("hands"), number, unreadable, nested) if "hands" in raw else None
        void = None
        if self.laws_only("void", raw, number):
            try:
                void = parse_void(raw["void"])
            except ValueError as bad:
                self.error("schema", f"'void' {bad}", number, "void")
        out_of_turn: list[CallOutOfTurn] = []
        own = self.game_fields(raw, number, unreadable) if self.codecs else None
        auction = () if self.owned or void is not None and "auction" not in raw else \
            self.auction(raw.get("auction"), number, unreadable, out_of_turn)
        thrown: list[Card] = []
        play = self.play(raw["play"], number, unreadable, thrown) if "play" in raw else None
        result = None
        if "result" in raw:
            result = self.result(raw["result"], number, unreadable, nested)
        recorded = self.recorded(raw["recorded"], number, nested) if "recorded" in raw and "recorded" in self.known \
            else None
        comments = self.comments(raw["comments"], number, "comments") if "comments" in raw else ()
        pbn_tags = self.pbn_tags(raw["pbn_tags"], number) if "pbn_tags" in raw else ()
        figures = self.figures(raw["recorded_figures"], number) if "recorded_figures" in raw \
            and "recorded_figures" in self.known else None
        vulnerable, contract, score = self.board(raw, number) if "vulnerable" in self.known else (None, None, None)
        question = self.question(raw["question"], number, unreadable) if "question" in raw and "question" in self.known \
            else None
        irregularities: tuple[Irregularity, ...] = ()
        if self.laws_only("irregularities", raw, number):
            found = parse_irregularities(raw["irregularities"], "play" in raw)
            self.found(found, number)
            irregularities = found.value or ()
        deal_lost = False
        if self.laws_only("deal_lost", raw, number):
            deal_lost = raw["deal_lost"]
            if type(deal_lost) is not bool:
                self.error("schema", "'deal_lost' must be true (the deal passed to the next player) or false",
                           number, "deal_lost")
                deal_lost = False
        extra = {} if raw.keys() <= self.known else {k: raw[k] for k in raw if k not in self.known}
        if extra:
            self.foreign(extra, number)
        return DealRecord(number, dealer, auction, hands, play, result, recorded, extra, frozenset(unreadable), comments,
                          nested, vulnerable, contract, score, irregularities, tuple(out_of_turn), void,
                          deal_lost, tuple(thrown), own, pbn_tags=pbn_tags, question=question,
                          recorded_figures=figures)

    def game_fields(self, raw: dict, number: int, unreadable: set[str]) -> GameDeal | None:
        """The deal's fields of the session's game, read by its codecs (engine/fields.py)."""
        own = None
        for codec in self.codecs:
            read = codec.read_json(raw, lambda code, at, message: self.error(code, message, number, at))
            own = read.own if read.own is not None else own
            unreadable |= read.unreadable
        return own

    def foreign(self, extra: dict[str, object], number: int) -> None:
        """Fields this session's game does not know: another game's are refused, saying whose
        (format.md §5.5, §5.6); the rest are unknown fields (:meth:`unknown`), kept in ``extra`` — and
        warned, but for those the game reads from there itself (``own_fields``)."""
        for key in [k for k in extra if k not in DEAL_KEYS and k not in self.own_fields]:
            codec = next((c for c in deal_codecs() if key in c.json_keys), None)
            if codec is not None:
                self.error("schema", codec.foreign(key, False, self.rules), number, key)
                del extra[key]
        if extra.keys() - self.own_fields:
            self.unknown(set(extra) - self.own_fields, number, "")

    def board(self, raw: dict, number: int) -> tuple[tuple[bool, bool] | None, Contract | None, int | None]:
        """The board fields of format.md §5.1: vulnerable, contract with declarer, recorded_score."""
        vulnerable = contract = score = None
        if "vulnerable" in raw:
            try:
                vulnerable = parse_vulnerable(raw["vulnerable"])
            except ValueError as bad:
                self.error("schema", f"'vulnerable': {bad}", number, "vulnerable")
        if "contract" in raw or "declarer" in raw:
            try:
                contract = parse_contract(raw.get("contract"), raw.get("declarer"))
            except (ValueError, AttributeError) as bad:
                self.error("schema", f"'contract' and 'declarer' must be {CONTRACT_HELP} and N, E, S or W: {bad}",
                           number, "contract")
        if "recorded_score" in raw:
            score = raw["recorded_score"]
            if type(score) is not int or abs(score) > 100_000:
                self.error("schema", "'recorded_score' must be the board's score from N–S's side (an integer)",
                           number, "recorded_score")
                score = None
        return vulnerable, contract, score

    def question(self, raw: object, number: int, unreadable: set[str]) -> tuple[Call | None, ...] | None:
        """A bidding quiz's calls from the contestant's first on (format.md §5.2)."""
        try:
            return parse_question(raw)
        except ValueError as bad:
            self.error("schema", f"'question' {bad}", number, "question")
            unreadable.add("auction")
            return None

    def pbn_tags(self, raw: object, number: int) -> tuple[PbnTag, ...]:
        """The board's PBN tags no field holds, kept to be written back (format.md §5.2)."""
        read = read_pbn_tags(raw)
        if isinstance(read, str):
            self.error("schema", read, number, "pbn_tags")
            return ()
        return read

    def figures(self, raw: object, number: int) -> RecordedFigures | None:
        """The board's recorded team and pairs figures (format.md §5.1)."""
        read = read_figures(raw)
        if isinstance(read, str):
            self.error("schema", read, number, "recorded_figures")
            return None
        return read

    def comments(self, raw: Any, number: int | None, at: str) -> tuple[Comment, ...]:
        """The text format's comments: ``[{"before": "Auction", "text": " ..."}]`` (docs/format.md)."""
        if isinstance(raw, list) and all(isinstance(c, dict) and set(c) == {"before", "text"}
                                         and isinstance(c["before"], str) and isinstance(c["text"], str) for c in raw):
            for i, c in enumerate(raw):
                if "\n" in c["text"] or "\x00" in c["text"] or c["text"].endswith("\r"):
                    self.error("schema", "a comment is one line of text: no line feed, no NUL, no carriage return "
                                         "at its end (split it into several comments)", number, f"{at}[{i}]")
                    return ()
            return tuple(Comment(c["before"], c["text"]) for c in raw)
        self.error("schema", "'comments' must be a list of {\"before\": str, \"text\": str}", number, at)
        return ()

    def hands(self, raw: Any, number: int, unreadable: set[str],
              nested: dict[str, dict[str, object]]) -> tuple[Hand, Hand, Hand, Hand] | None:
        if isinstance(raw, dict) and len(raw) == 4:
            try:
                return Hand.parse(raw["N"]), Hand.parse(raw["E"]), Hand.parse(raw["S"]), Hand.parse(raw["W"])
            except (KeyError, AttributeError, HandError):
                pass  # found again below, with its place and reason
        if isinstance(raw, dict):
            self.nested_extra(raw, SEAT_KEYS, number, "hands", nested)
        if not isinstance(raw, dict) or any(not isinstance(raw.get(s), str) for s in SEAT_KEYS):
            self.error("schema", "'hands' must give N, E, S and W as PBN hands like \"AKQ2.T98.765.432\"", number, "hands")
            unreadable.add("hands")
            return None
        out = []
        for seat in SEAT_KEYS:
            try:
                out.append(Hand.parse(raw[seat]))
            except HandError as err:
                self.error(err.code, f"{Seat.parse(seat).full_name}: {err}", number, f"hands.{seat}")
                unreadable.add("hands")
        return by_seat(out) if len(out) == 4 else None

    def auction(self, raw: Any, number: int, unreadable: set[str], out_of_turn: list[CallOutOfTurn]) -> tuple[Call, ...]:
        """The calls; a call spoken out of turn (an object, laws only) is listed in ``out_of_turn``."""
        if not isinstance(raw, list):
            self.error("schema", "'auction' must be a list of calls starting with the dealer", number, "auction")
            unreadable.add("auction")
            return ()
        try:
            return tuple([CALL_BY_TEXT[c] for c in raw])
        except (KeyError, TypeError):
            pass
        calls: list[Call] = []
        for i, text in enumerate(raw):
            if isinstance(text, dict):
                text = self.out_of_turn(text, number, f"auction[{i}]", len(calls), out_of_turn)
                if text is None:
                    unreadable.add("auction")
                    continue
            if not isinstance(text, str):
                self.error("schema", f"a call must be a string like \"1S\" or \"pass\", not {clip(text)}", number, f"auction[{i}]")
                unreadable.add("auction")
                continue
            try:
                calls.append(Call.parse(text))
            except ValueError as err:
                self.error("bad_call", str(err), number, f"auction[{i}]")
                unreadable.add("auction")
        return tuple(calls)

    def out_of_turn(self, raw: dict, number: int, at: str, index: int, out: list[CallOutOfTurn]) -> str | None:
        """``{"call": "1S", "by": "E", "out_of_turn": true}``: the call's text, its speaker added
        to ``out`` (docs/rules/laws.md §4.5); ``None`` after a diagnostic."""
        if not self.laws:
            self.error("schema", f"a call must be a string like \"1S\" or \"pass\"; an object marks a call out of "
                                 f"turn, and {LAWS_OFF}", number, at)
            return None
        if set(raw) != {"call", "by", "out_of_turn"} or raw["out_of_turn"] is not True \
                or not isinstance(raw["call"], str) or raw["by"] not in SEAT_KEYS:
            self.error("schema", "a call out of turn reads {\"call\": \"1S\", \"by\": \"E\", \"out_of_turn\": true} "
                                 "(by: who spoke, N, E, S or W)", number, at)
            return None
        out.append(CallOutOfTurn(index, SEATS[SEAT_KEYS.index(raw["by"])]))
        return raw["call"]

    def thrown(self, raw: list, number: int, out: list[Card]) -> list:
        """``play`` without its trailing ``{"thrown": "C2"}`` objects, whose cards go to ``out``
        (docs/rules/laws.md §3.4: a 14-card player's last card, thrown after trick 13)."""
        end = len(raw)
        while end and isinstance(raw[end - 1], dict):
            end -= 1
        flat = sum(len(t) if isinstance(t, list) else 1 for t in raw[:end])
        for i, item in enumerate(raw[end:]):
            at = f"play[{flat + i}]"
            card = CARD_BY_TEXT.get(item.get("thrown")) if set(item) == {"thrown"} and isinstance(
                item.get("thrown"), str) else None
            if not self.laws:
                self.error("schema", f"a thrown card: {LAWS_OFF}", number, at)
            elif card is None:
                self.error("schema", "a thrown card reads {\"thrown\": \"C2\"} (after the last trick)", number, at)
            else:
                out.append(card)
        return raw[:end]

    def play(self, raw: Any, number: int, unreadable: set[str], thrown: list[Card]) -> tuple[Card, ...] | None:
        if isinstance(raw, list) and raw and isinstance(raw[-1], dict):
            raw = self.thrown(raw, number, thrown)
        if isinstance(raw, list) and raw and all(isinstance(t, list) for t in raw):
            flat: list[object] = []
            for k, trick in enumerate(raw):
                if len(trick) != 4 and k < len(raw) - 1:
                    self.error("schema", f"trick {k + 1} has {plural(len(trick), 'card')}; a trick has 4", number, f"play[{len(flat)}]")
                    unreadable.add("play")
                flat.extend(trick)
            raw = flat
        if not isinstance(raw, list):
            self.error("schema", "'play' must be a list of cards in the order played", number, "play")
            unreadable.add("play")
            return None
        try:
            return tuple([CARD_BY_TEXT[c] for c in raw])
        except (KeyError, TypeError):
            pass
        cards = []
        for i, text in enumerate(raw):
            card = CARD_BY_TEXT.get(text.strip()) if isinstance(text, str) else None
            if card is None:
                unreadable.add("play")
                if self.problems.wants(number):
                    code = "bad_card" if isinstance(text, str) else "schema"
                    self.error(code, f"unknown card {clip(text)} (write e.g. SA, HT, D9)", number, f"play[{i}]")
            else:
                cards.append(card)
        return tuple(cards)

    def result(self, raw: Any, number: int, unreadable: set[str], nested: dict[str, dict[str, object]]) -> int | None:
        if isinstance(raw, dict):
            self.nested_extra(raw, ("declarer_tricks",), number, "result", nested)
        tricks = raw.get("declarer_tricks") if isinstance(raw, dict) else None
        if type(tricks) is not int or not 0 <= tricks <= 13:
            self.error("schema", "'result' must be {\"declarer_tricks\": 0–13}", number, "result")
            unreadable.add("result")
            return None
        return tricks

    def recorded(self, raw: Any, number: int, nested: dict[str, dict[str, object]]) -> tuple[LineTotals, LineTotals] | None:
        out = []
        if isinstance(raw, dict):
            self.nested_extra(raw, ("NS", "EW"), number, "recorded", nested)
        for side in ("NS", "EW"):
            part = raw.get(side) if isinstance(raw, dict) else None
            if isinstance(part, dict):
                self.nested_extra(part, ("below", "above"), number, f"recorded.{side}", nested)
            below = part.get("below") if isinstance(part, dict) else None
            above = part.get("above") if isinstance(part, dict) else None
            if type(below) is not int or type(above) is not int:
                self.error("schema", f"recorded.{side} must be {{\"below\": int, \"above\": int}}", number, f"recorded.{side}")
                return None
            out.append(LineTotals(below, above))
        return out[0], out[1]


class DuplicateKey(ValueError):
    """A JSON object that names the same key twice: which value was meant is unknown."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` refusing an object that repeats a key (json.loads keeps the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return obj


def plain_text(data: bytes) -> str | None:
    """The text of a JSON record for the batch paths: what :func:`read_json` reads, or ``None``
    where it would refuse the text itself (not UTF-8, a NUL, a lone surrogate escape)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text or lone_surrogate_escape(text) is not None else text


def loads_record(text: str | bytes) -> Any:
    """``json.loads`` for records: the same, except that a repeated key raises :class:`DuplicateKey`."""
    return json.loads(text, object_pairs_hook=_unique_keys)


def read_json(data: bytes | str, strict: bool = False) -> ReadResult:
    """Read a ``vint-record/1`` file. Problems become diagnostics; reading goes on after a
    bad deal. In strict mode unknown fields are errors instead of warnings."""
    with paused_gc():
        return _read_json(data, strict)


def _read_json(data: bytes | str, strict: bool) -> ReadResult:
    text, problem = decode_text(data)
    if problem is not None:
        return ReadResult(None, [problem])
    assert text is not None  # decoded, as no problem was found
    raw, problem = _parse(text)
    if problem is not None:
        return ReadResult(None, [problem])
    lone = lone_surrogate_escape(text)
    if lone is not None:
        line, column = line_column(text, lone[0])
        return ReadResult(None, [Diagnostic("syntax", surrogate_message(lone[1]), line=line, column=column)])
    reader = _Reader(strict)
    if not isinstance(raw, dict):
        reader.error("schema", f"the file must hold one JSON object, not a {type(raw).__name__}")
        return ReadResult(None, reader.problems.listed())
    if raw.get("format") != FORMAT_NAME:
        reader.error("schema", f"'format' must be {FORMAT_NAME!r} (got {clip(raw.get('format'))})", at="format")
    info = reader.session(raw.get("session"))
    deals_raw = raw.get("deals")
    if not isinstance(deals_raw, list):
        reader.error("schema", "'deals' must be a list of deals", at="deals")
        deals_raw = []
    comments = reader.comments(raw["comments"], None, "comments") if "comments" in raw else ()
    extra = {k: raw[k] for k in raw if k not in TOP_KEYS}
    reader.unknown(set(extra), None, "")
    deals = []
    last = 0
    for index, deal_raw in enumerate(deals_raw):
        deal = reader.deal(deal_raw, index, last + 1)
        if deal is not None:
            deals.append(deal)
            last = deal.number
        else:
            last += 1
    if info is None:
        return ReadResult(None, reader.problems.listed())
    if info.party is not None and reader.lister is not None:
        info = replace(info, players=reader.lister.seat_names(info.party, deals))
    record = SessionRecord(info, tuple(deals), extra, comments)
    travellers, totals, unread = kept_travellers(record)  # a PBN file's, kept in its boards' pbn_tags (format.md §5.2)
    return ReadResult(record, reader.problems.listed() + unread, travellers=travellers, totals=totals)


def unknown_rules(rules: object) -> str:
    """The message for a profile this program does not know: what was found, the known ones,
    and the one it is likely a slip for (``rubber-brige``: ``rubber-bridge``)."""
    names = profile_names()
    close = difflib.get_close_matches(rules.lower(), names, n=1, cutoff=0.75) if isinstance(rules, str) else []
    return f"unknown rules {clip(rules)}; known: {', '.join(names)}" + (f"; did you mean {close[0]!r}?" if close else "")


def clip(value: object, width: int = 40) -> str:
    """``repr(value)``, shortened to about ``width`` characters: a message quotes what it found,
    not a megabyte of it."""
    if isinstance(value, (list, dict)):
        return f"a list of {len(value)}" if isinstance(value, list) else f"an object of {len(value)} fields"
    shown = repr(value)
    return shown if len(shown) <= width else f"{shown[:width]}… ({len(shown):,} characters)"


def _parse(text: str) -> tuple[Any, Diagnostic | None]:
    """The decoded JSON, or the ``syntax`` or ``schema`` diagnostic saying where it breaks."""
    try:
        return loads_record(text), None
    except DuplicateKey:
        pass  # read again below, keeping every pair, to say where (unless the text breaks later)
    except (ValueError, RecursionError) as err:
        return None, _parse_problem(text, err)
    try:
        repeated = repeated_key_path(text)
    except (ValueError, RecursionError) as err:
        return None, _parse_problem(text, err)
    assert repeated is not None  # loads_record found a key given twice
    path, key = repeated
    return None, Diagnostic("schema", f"the key {clip(key)} appears twice in one object ({path}): write each field "
                                      "once", at=path)


def _parse_problem(text: str, err: Exception) -> Diagnostic:
    if isinstance(err, json.JSONDecodeError):
        return Diagnostic("syntax", f"not valid JSON: {err.msg}", line=err.lineno, column=err.colno)
    if isinstance(err, RecursionError):
        depth, line, column = too_deep(text)
        return Diagnostic("syntax", f"not valid JSON: nested too deeply ({depth} levels of [ and {{; a record needs 4): "
                                    f"level {min(depth, DEEPEST + 1)} opens here", line=line, column=column)
    return long_integer(text)  # an integer longer than Python reads (sys.get_int_max_str_digits)


def long_integer(text: str) -> Diagnostic:
    """The ``syntax`` diagnostic for a number too long to read, located at its first digit."""
    m = LONG_INTEGER.search(text)
    if m is None:
        return Diagnostic("syntax", "not valid JSON: a number too long to read")
    line = text.count("\n", 0, m.start()) + 1
    column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    return Diagnostic("syntax", f"a number with {len(m.group())} digits: more than 4300, too long to read",
                      line=line, column=column)


def record_to_json(record: SessionRecord) -> dict[str, object]:
    """The record as the JSON object of format.md §2, in canonical form."""
    info = record.info
    session: dict[str, object] = {"id": info.id}
    for key in SESSION_TAGS:
        value = getattr(info, key)
        if value is not None:
            session[key] = value
    session["rules"] = info.rules
    if info.options:
        session["options"] = dict(info.options)
    session.update(session_laws_json(info) | session_rulings_json(info))
    session["players"] = list(info.party) if info.party is not None else \
        dict(zip(SEAT_KEYS, info.players)) | ({FIFTH: info.fifth} if info.fifth else {}) | info.nested_extra.get("players", {})
    session.update(info.extra)
    codecs = codecs_of(info.rules)
    owner = next((c for c in codecs if c.owns_auction), None)
    deals = []
    for deal in record.deals:
        out: dict[str, object] = {"number": deal.number, "dealer": deal.dealer.name}
        inside = deal.nested_extra
        game: dict[Slot, dict[str, object]] = {}  # the game's fields (engine/fields.py), by where they go
        for codec in codecs:
            for slot, fields in codec.json_fields(deal).items():
                game.setdefault(slot, {}).update(fields)
        out.update(game.get(Slot.OPENING, ()))
        if deal.hands is not None:
            out["hands"] = {s: h.pbn() for s, h in zip(SEAT_KEYS, deal.hands)} | inside.get("hands", {})
        out.update(game.get(Slot.HANDS, ()))
        if owner is not None:
            out["auction"] = owner.auction_words(deal)
        else:
            out["auction"] = auction_json(deal) if deal.out_of_turn else [str(c) for c in deal.auction]
        out.update(game.get(Slot.AUCTION, ()))
        if deal.play is not None:
            out["play"] = play_json(deal) if deal.thrown else [c.name for c in deal.play]
        out.update(game.get(Slot.PLAY, ()))
        if deal.result is not None:
            out["result"] = {"declarer_tricks": deal.result} | inside.get("result", {})
        out.update(game.get(Slot.RESULT, ()))
        if deal.recorded is not None:
            out["recorded"] = {side.name: {"below": t.below, "above": t.above} | inside.get(f"recorded.{side.name}", {})
                               for side, t in zip(Side, deal.recorded)} | inside.get("recorded", {})
        out.update(board_json(deal))
        out.update(deal_laws_json(deal))
        out.update(game.get(Slot.CLOSING, ()))
        if deal.comments:
            out["comments"] = comments_to_json(deal.comments)
        if deal.recorded_figures is not None:
            out["recorded_figures"] = figures_json(deal.recorded_figures)
        if deal.pbn_tags:
            out["pbn_tags"] = pbn_tags_json(deal.pbn_tags)
        out.update(deal.extra)
        deals.append(out)
    top: dict[str, object] = {"format": FORMAT_NAME, "session": session, "deals": deals}
    if record.comments:
        top["comments"] = comments_to_json(record.comments)
    top.update(record.extra)
    return top


def comments_to_json(comments: tuple[Comment, ...]) -> list[dict[str, str]]:
    return [{"before": c.before, "text": c.text} for c in comments]


def write_json(record: SessionRecord) -> str:
    """Canonical JSON text: two-space indent, one deal field a line, calls and cards inline."""
    top = record_to_json(record)
    dump = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    lines = ["{", f'  "format": {dump(top["format"])},', f'  "session": {dump(top["session"])},', '  "deals": [']
    deals = top["deals"]
    assert isinstance(deals, list)
    for i, deal in enumerate(deals):
        fields = [f'    {dump(k)}: {dump(v)}' for k, v in deal.items()]
        lines.append("   {\n" + ",\n".join(fields) + "\n   }" + ("," if i < len(deals) - 1 else ""))
    lines.append("  ]" + ("," if len(top) > 3 else ""))
    rest = [f"  {dump(k)}: {dump(v)}" for k, v in top.items() if k not in ("format", "session", "deals")]
    if rest:
        lines.append(",\n".join(rest))
    lines.append("}")
    return "\n".join(lines) + "\n"
