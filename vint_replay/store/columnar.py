"""Many sessions checked and scored at once with NumPy: the bulk path of imports, ``validate``
and benchmarks.

Sessions that are plainly valid, canonical ``vint-record/1`` JSON are checked here with arrays;
anything else — unknown fields, comments, result-only deals, a non-canonical spelling, any
illegal call or card — is refused, and the caller falls back to ``read_json`` +
``session.evaluate``, the only producer of diagnostics. Sessions arrive decoded
(:func:`parse_session`) or as text (:func:`parse_texts`, which reads the layout the writer and
``json.dumps`` produce without decoding every card into a Python object).

No rule is written here. The arrays are built from the profile's own hooks: bid ranks
(``bid_ranks``), pass counts, the card strengths that decide tricks (``strength_table``), what a
trick adds below the line (``below_points``) and each deal's entries (``score``); games, rubbers
and premiums come from the engine's own :class:`~vint_replay.engine.ledger.Ledger`. What is
vectorised is the base profile's *shape* of rules — the last bidder declares, players follow
suit, passed-out deals are thrown in, no doubles — so a profile that overrides one of those
hooks has no batch path (:func:`batch_supported`) and its sessions take the reference path.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import chain, repeat
from operator import itemgetter
from typing import Sequence

import numpy as np

from ..engine.calls import BID_TERMS, CALLS_BY_CODE, Contract
from ..engine.cards import FULL_DECK, RANK_CHARS, SUIT_MASKS
from ..games.registry import DEFAULT_PROFILE, ProfileError, RuleProfile, get_profile, profile_names
from ..engine.record import DEAL_NUMBERS, SessionInfo
from ..engine.scoring import ACES_MASK, HONOUR_RANKS_MASK, DealFacts, Item, Line
from ..engine.seats import SEATS, SIDES, by_seat
from ..formats.json_record import loads_record

FORMAT_NAME = "vint-record/1"
_TOP_KEYS = {"format", "session", "deals"}
_SESSION_KEYS = {"id", "players", "rules", "options", "event", "site", "date", "table"}
_SEAT_KEYS = {"N", "E", "S", "W"}
_PLAYED = frozenset({"number", "dealer", "hands", "auction", "play"})
_PASSED = _PLAYED - {"play"}
# deal shapes the batch path takes -> 1 if it has a play + 2 if it has recorded totals
_SHAPES = {_PLAYED | {"recorded"}: 3, _PLAYED: 1, _PASSED | {"recorded"}: 2, _PASSED: 0}
_HAND_ORDER = itemgetter("N", "E", "S", "W")
_SEAT_CODE = {"N": 0, "E": 1, "S": 2, "W": 3}
_LINE_INDEX = {line: i for i, line in enumerate(Line)}
_ITEM_INDEX = {item: i for i, item in enumerate(Item)}
_INT32 = 1 << 31
_FIND_END = json.JSONDecoder().raw_decode  # (value, end) of the JSON value at an index

# Per call code (0 = pass): the bid's contract facts (what it promises, its trump suit).
_NEEDED = np.array([0] + [Contract(level, d, SEATS[0]).tricks_needed for level, d in BID_TERMS], dtype=np.int64)
_TRUMP = np.array([-1] + [-1 if d.trump is None else int(d.trump) for _, d in BID_TERMS], dtype=np.int64)
_HONOURS = np.array([0] + [0 if d.trump is None else HONOUR_RANKS_MASK << (13 * d.trump) for _, d in BID_TERMS],
                    dtype=np.uint64)
_SUIT_MASKS = np.array(SUIT_MASKS, dtype=np.uint64)
_ONE = np.uint64(1)


@dataclass
class ParsedSession:
    """One session's deals as arrays, taken from its decoded JSON (nothing checked yet but the
    shape and spelling)."""

    info: SessionInfo
    number: np.ndarray  # (n,) int64
    dealer: np.ndarray  # (n,) int64
    hand_text: list[str]  # 4 per deal, N E S W, canonical PBN
    hands: np.ndarray  # (n, 4) uint64 bit sets
    call_counts: np.ndarray  # (n,) int64
    calls: np.ndarray  # flat Call.order + 1 codes (0 = pass), int8
    has_play: np.ndarray  # (n,) bool
    cards: np.ndarray  # (played deals, 52) int8
    has_recorded: np.ndarray  # (n,) bool
    recorded: np.ndarray  # (n, 4) int64: below NS, above NS, below EW, above EW (0 when absent)


@dataclass
class ColumnarBatch:
    """Checked and scored sessions as columns. Per deal arrays are in session order; the
    played deals' arrays (``played``, ``cards``, ``seats``, ``won``) and the entries follow
    the same order."""

    infos: list[SessionInfo]
    deal_counts: np.ndarray  # (s,) deals per session
    rubbers: np.ndarray  # (s,) rubbers per session
    totals: np.ndarray  # (s, 2) points per side over the session
    session: np.ndarray  # (n,) session index of each deal
    number: np.ndarray
    dealer: np.ndarray
    hand_text: list[str]
    hands: np.ndarray  # (n, 4) uint64
    call_counts: np.ndarray
    calls: np.ndarray
    contract: np.ndarray  # Call.order + 1 of the final bid; 0 when passed out
    declarer: np.ndarray  # seat; -1 when passed out
    trick_value: np.ndarray  # 0 when passed out
    tricks: np.ndarray  # (n, 2) tricks per side (0 when passed out)
    passed_out: np.ndarray
    made: np.ndarray
    rubber: np.ndarray
    game_side: np.ndarray  # -1 when no game was won in the deal
    game_trick: np.ndarray
    game_rubber: np.ndarray  # the game won the rubber (else it was a side's first game)
    line_totals: np.ndarray  # (n, 4) below NS, above NS, below EW, above EW
    has_recorded: np.ndarray
    recorded: np.ndarray  # (n, 4)
    played: np.ndarray  # (p,) deal index of each played deal
    cards: np.ndarray  # (p, 52) in play order
    seats: np.ndarray  # (p, 52) who played each card
    won: np.ndarray  # (p, 52) the card won its trick
    entry_counts: np.ndarray  # (n,) entries per deal
    entries: np.ndarray  # (m, 4) side, line (Line index), item (Item index), points

    def __len__(self) -> int:
        return len(self.infos)


def parse_session(raw: object, profile: RuleProfile | None = None) -> ParsedSession | None:
    """The session's deals as arrays if it has the plain canonical shape the batch path
    takes and uses ``profile``'s rules (default: the default profile); else ``None``."""
    profile = profile or get_profile(DEFAULT_PROFILE)
    try:
        return _parse(raw, profile)
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        return None


def decoded_session(text: str, profile: RuleProfile | None = None) -> ParsedSession | None:
    """:func:`parse_session` of a record's text decoded as the JSON reader decodes it (a
    repeated key, or anything the reader refuses: ``None``): for texts :func:`parse_texts` cannot read directly."""
    try:
        return parse_session(loads_record(text), profile)
    except (ValueError, RecursionError):
        return None


def _parse(raw: object, profile: RuleProfile) -> ParsedSession | None:
    if type(raw) is not dict or raw.keys() != _TOP_KEYS or raw["format"] != FORMAT_NAME:
        return None
    info = _info(raw["session"], profile)
    deals = raw["deals"]
    if info is None or type(deals) is not list or not deals:
        return None
    n = len(deals)
    shapes = np.fromiter(map(_SHAPES.__getitem__, map(frozenset, deals)), np.int64, n)
    numbers = [d["number"] for d in deals]
    if set(map(type, numbers)) != {int}:
        return None
    hand_dicts = [d["hands"] for d in deals]
    if set(map(type, hand_dicts)) != {dict} or set(map(len, hand_dicts)) != {4}:
        return None
    hand_text = list(chain.from_iterable(map(_HAND_ORDER, hand_dicts)))
    auctions = [d["auction"] for d in deals]
    if set(map(type, auctions)) != {list}:
        return None
    call_counts = np.fromiter(map(len, auctions), np.int64, n)
    calls = _calls(",".join(chain.from_iterable(auctions)), int(call_counts.sum()))
    has_play = (shapes & 1).astype(bool)
    plays = [d["play"] for d, s in zip(deals, has_play.tolist()) if s]
    if plays and (set(map(type, plays)) != {list} or set(map(len, plays)) != {52}):
        return None
    cards = _cards(",".join(chain.from_iterable(plays)), 52 * len(plays))
    has_recorded = (shapes & 2).astype(bool)
    figures: list[object] = []
    if has_recorded.any():
        records = [d["recorded"] for d, s in zip(deals, has_recorded.tolist()) if s]
        if set(map(len, records)) != {2}:
            return None
        sides = [x for r in records for x in (r["NS"], r["EW"])]
        if set(map(len, sides)) != {2}:
            return None
        figures = [v for x in sides for v in (x["below"], x["above"])]
        if set(map(type, figures)) != {int}:
            return None
    sessions = _assemble([info], [n], numbers, [d["dealer"] for d in deals], hand_text, call_counts, calls, has_play,
                         cards, has_recorded, figures)
    return None if sessions is None else sessions[0]


def _assemble(infos: list[SessionInfo], counts: list[int], numbers: list[int], dealers: list[str],
              hand_text: list[str], call_counts: np.ndarray, calls: np.ndarray | None, has_play: np.ndarray,
              cards: np.ndarray | None, has_recorded: np.ndarray, figures: Sequence[object]) -> list[ParsedSession] | None:
    """Sessions' arrays from what a reader took out of them, deals of all sessions one after
    the other (``counts`` per session; ``figures``: the recorded totals of the deals that have
    them, four each), after the checks both readers share; ``None`` if any session fails one."""
    n = len(numbers)
    number = np.array(numbers, dtype=np.int64)
    dealer = np.fromiter(map(_SEAT_CODE.__getitem__, dealers), np.int64, n)
    follows = np.ones(max(n - 1, 0), dtype=bool)  # deal i + 1 continues the session of deal i
    follows[np.cumsum(counts)[:-1] - 1] = False
    if (number < DEAL_NUMBERS.start).any() or (number >= DEAL_NUMBERS.stop).any() \
            or ((np.diff(number) <= 0) & follows).any() or ((((np.diff(dealer) - 1) & 3) != 0) & follows).any():
        return None  # numbers must increase, the deal passes to the left
    if set(map(type, hand_text)) != {str} or set(map(len, hand_text)) != {16}:
        return None
    hands = _hands(np.frombuffer("".join(hand_text).encode("ascii"), np.uint8).reshape(n, 4, 16))
    if hands is None or calls is None or cards is None:
        return None
    recorded = np.zeros((n, 4), dtype=np.int64)
    if figures:
        values = np.array(figures, dtype=np.int64)
        if (values < -_INT32).any() or (values >= _INT32).any():
            return None
        recorded[has_recorded] = values.reshape(-1, 4)
    calls, cards = calls.astype(np.int8), cards.astype(np.int8).reshape(-1, 52)
    if len(infos) == 1:
        return [ParsedSession(infos[0], number, dealer, hand_text, hands, call_counts, calls, has_play, cards,
                              has_recorded, recorded)]
    deal_at = np.r_[0, np.cumsum(counts)].tolist()
    call_at = np.r_[0, np.cumsum(call_counts)][deal_at].tolist()
    play_at = np.r_[0, np.cumsum(has_play)][deal_at].tolist()
    return [ParsedSession(info, number[a:b], dealer[a:b], hand_text[4 * a:4 * b], hands[a:b], call_counts[a:b],
                          calls[call_at[k]:call_at[k + 1]], has_play[a:b], cards[play_at[k]:play_at[k + 1]],
                          has_recorded[a:b], recorded[a:b])
            for k, (info, a, b) in enumerate(zip(infos, deal_at, deal_at[1:]))]


# ---------------------------------------------------------------- reading the text directly

_WS = r"[ \t\n\r]*"  # JSON's whitespace


def _json_pattern(template: str) -> re.Pattern[str]:
    """A pattern from a template whose spaces stand for JSON whitespace."""
    return re.compile(template.replace(" ", _WS) % {"int": r"(-?(?:0|[1-9][0-9]*))", "string": r'"([^"\\]*)"'})


_HEAD = _json_pattern(r' \{ "format" : "vint-record/1" , "session" : ')
_DEALS = _json_pattern(r' , "deals" : \[ ')
_DEAL = _json_pattern(  # one deal in the writer's order of fields; lists taken whole, read below
    r'\{ "number" : %(int)s , "dealer" : %(string)s , "hands" : \{ "N" : %(string)s , "E" : %(string)s , '
    r'"S" : %(string)s , "W" : %(string)s \} , "auction" : \[([^\]]*)\] (?:, "play" : \[([^\]]*)\] )?'
    r'(?:, "recorded" : \{ "NS" : \{ "below" : %(int)s , "above" : %(int)s \} , '
    r'"EW" : \{ "below" : %(int)s , "above" : %(int)s \} \} )?\} ([,\]]) ')
_TAIL = _json_pattern(r'\} ')
_SEPARATOR = '", "'  # between the strings of a list, as json.dumps writes it
_PLAY_TEXT = 52 * 4 + 51 * 2  # '"SA", "HT", …' between the brackets
_Pieces = tuple[SessionInfo, list[tuple]]  # a session's tags and its deals' pieces of text (the _DEAL groups)


def parse_texts(texts: Sequence[str], profile: RuleProfile | None = None) -> list[ParsedSession | None]:
    """:func:`parse_session` of each record whose decoded text is given, read straight from the
    text when it is laid out as the writer (or ``json.dumps``) lays it out: no Python object
    per card, and the arrays of all of them built at once. ``None`` for a text that is not so
    laid out (decode it and call ``parse_session``) or that ``parse_session`` would refuse."""
    profile = profile or get_profile(DEFAULT_PROFILE)
    out: list[ParsedSession | None] = [None] * len(texts)
    found = [(i, rows) for i, rows in enumerate(_pieces(text, profile) for text in texts) if rows is not None]
    for i, session in zip([i for i, _ in found], _sessions([rows for _, rows in found])):
        out[i] = session
    return out


def _pieces(text: str, profile: RuleProfile) -> _Pieces | None:
    """A session's tags and its deals' pieces of text, if it is laid out as :data:`_DEAL` reads."""
    try:
        head = _HEAD.match(text)
        if head is None:
            return None
        _, end = _FIND_END(text, head.end())  # where the session object ends; read as the reader reads it
        info = _info(loads_record(text[head.end():end]), profile)
        deals = _DEALS.match(text, end)
    except (ValueError, RecursionError):
        return None
    if info is None or deals is None:
        return None
    rows = []
    match, pos = _DEAL.match, deals.end()
    while True:
        deal = match(text, pos)
        if deal is None:
            return None
        rows.append(deal.groups())
        pos = deal.end()
        if rows[-1][-1] == "]":
            break
    return (info, rows) if _TAIL.fullmatch(text, pos) is not None else None


def _sessions(group: list[_Pieces]) -> list[ParsedSession | None]:
    """The sessions of ``group`` built together; when one is refused, each half again, so a
    refused session costs a few more passes and never holds back the others."""
    if not group:
        return []
    try:
        sessions = _from_rows(group)
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        sessions = None
    if sessions is not None:
        return list(sessions)
    if len(group) == 1:
        return [None]
    half = len(group) // 2
    return _sessions(group[:half]) + _sessions(group[half:])


def _from_rows(group: list[_Pieces]) -> list[ParsedSession] | None:
    """The arrays of every session of ``group`` at once, from their deals' pieces of text."""
    rows = [row for _, deals in group for row in deals]
    auctions = [row[6] for row in rows]
    call_counts = np.fromiter(map(str.count, auctions, repeat(_SEPARATOR)), np.int64, len(rows)) + 1
    calls = _calls(_items(auctions), int(call_counts.sum()))
    plays = [row[7] for row in rows if row[7] is not None]
    if set(map(len, plays)) - {_PLAY_TEXT}:
        return None  # another layout, or not 52 cards: parse_session decides
    cards = _card_cells("".join(play + ", " for play in plays).encode("ascii"), 52 * len(plays), b'"SR", ')
    has_play = np.array([row[7] is not None for row in rows], dtype=bool)
    has_recorded = np.array([row[8] is not None for row in rows], dtype=bool)
    figures = [int(v) for row in rows if row[8] is not None for v in row[8:12]]
    return _assemble([info for info, _ in group], [len(deals) for _, deals in group], [int(row[0]) for row in rows],
                     [row[1] for row in rows], [hand for row in rows for hand in row[2:6]], call_counts, calls,
                     has_play, cards, has_recorded, figures)


def _items(lists: list[str]) -> str:
    """The strings of JSON lists, each written between its brackets as ``"a", "b"``, all joined
    by commas. A list's count of items is its separators + 1: a comma inside a string makes
    the total disagree with the commas here, and anything else json.dumps would not write
    (an empty list among them) stays in an item; the callers refuse both."""
    joined = "\x00".join(lists)  # no NUL in a record's text: it marks where one list ends
    if joined[:1] != '"' or joined[-1:] != '"' or joined.count('"\x00"') != len(lists) - 1:
        raise ValueError("not lists of strings")
    return joined[1:-1].replace('"\x00"', ",").replace(_SEPARATOR, ",")


_RANK = np.full(256, -1, dtype=np.int8)  # canonical rank letters -> rank (2 = 0 … A = 12)
_RANK[np.frombuffer(RANK_CHARS.encode(), np.uint8)] = np.arange(13)
_SUIT = np.full(256, -1, dtype=np.int8)
_SUIT[np.frombuffer(b"SHDC", np.uint8)] = np.arange(4)
_DOT = ord(".")


def _hands(letters: np.ndarray) -> np.ndarray | None:
    """Bit sets from canonical PBN hands given as (deals, 4, 16) bytes: 13 rank letters, high
    to low in each suit, and 3 dots. ``None`` if any hand is not written so. Works on one row
    per letter position (a column per hand), so that each step runs along long rows."""
    cols = np.ascontiguousarray(letters.reshape(-1, 16).T)
    dots = cols == _DOT
    if not (dots.sum(axis=0) == 3).all():
        return None
    suit = np.cumsum(dots, axis=0, dtype=np.int8) - dots  # suit of each letter (dots counted before it)
    rank = _RANK[cols]
    if (rank[~dots] < 0).any():
        return None
    same_suit = ~dots[1:] & ~dots[:-1]
    if (same_suit & (rank[1:] >= rank[:-1])).any():
        return None  # not high to low (or a rank twice)
    bits = np.where(dots, np.uint64(0), _ONE << (13 * suit + rank).astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=0).reshape(-1, 4)


_DENOMINATION = np.full(256, -1, dtype=np.int64)  # second letter of a canonical bid -> Denomination
_DENOMINATION[np.frombuffer(b"SCDHN", np.uint8)] = np.arange(5)


def _calls(joined: str, count: int) -> np.ndarray | None:
    """Call codes (``Call.order + 1``, 0 = pass) from ``count`` canonical calls (``pass``,
    ``1S`` … ``7NT``) joined by commas; ``None`` if any is written otherwise."""
    data = np.frombuffer(joined.encode("ascii") + b",,,,", np.uint8)
    if not count:
        return np.zeros(0, dtype=np.int64)
    ends = np.flatnonzero(data[:-3] == ord(","))
    if len(ends) != count:
        return None
    starts = np.r_[0, ends[:-1] + 1]
    size = ends - starts
    first, second, third, fourth = data[starts], data[starts + 1], data[starts + 2], data[starts + 3]
    is_pass = (size == 4) & (first == ord("p")) & (second == ord("a")) & (third == ord("s")) & (fourth == ord("s"))
    level = first.astype(np.int64) - ord("0")
    denomination = _DENOMINATION[second]
    is_bid = (level >= 1) & (level <= 7) & (((size == 2) & (denomination >= 0) & (denomination < 4))
                                             | ((size == 3) & (denomination == 4) & (third == ord("T"))))
    if not (is_pass | is_bid).all():
        return None
    return np.where(is_pass, 0, (level - 1) * 5 + denomination + 1)


def _cards(joined: str, count: int) -> np.ndarray | None:
    """Card numbers from ``count`` canonical card names (``SA``, ``HT``) joined by commas."""
    return _card_cells(joined.encode("ascii") + b",", count, b"SR,")


def _card_cells(data: bytes, count: int, cell: bytes) -> np.ndarray | None:
    """Card numbers from ``count`` cards written one after another, each laid out as ``cell``
    (``S`` its suit letter, ``R`` its rank letter, any other byte itself); ``None`` if any is not."""
    if not count:
        return np.zeros(0, dtype=np.int64)
    if len(data) != len(cell) * count:
        return None
    letters = np.frombuffer(data, np.uint8).reshape(count, len(cell))
    template = np.frombuffer(cell, np.uint8)
    fixed = (template != ord("S")) & (template != ord("R"))
    suit, rank = _SUIT[letters[:, cell.index(b"S")]], _RANK[letters[:, cell.index(b"R")]]
    if (letters[:, fixed] != template[fixed]).any() or (suit < 0).any() or (rank < 0).any():
        return None
    return suit * 13 + rank


def _info(raw: object, profile: RuleProfile) -> SessionInfo | None:
    """The session tags, if plainly valid (no unknown keys, every value a string)."""
    if type(raw) is not dict or not raw.keys() <= _SESSION_KEYS:
        return None
    sid, players, rules = raw.get("id"), raw.get("players"), raw.get("rules", DEFAULT_PROFILE)
    if type(sid) is not str or not sid.strip() or type(players) is not dict or players.keys() != _SEAT_KEYS:
        return None
    names = _HAND_ORDER(players)
    tags = [raw.get(key) for key in ("event", "site", "date", "table")]
    if any(type(v) is not str for v in names) or any(v is not None and type(v) is not str for v in tags):
        return None
    options = raw.get("options", {})
    if type(options) is not dict or any(type(v) is not str for v in options.values()):
        return None
    if type(rules) is not str or rules not in profile_names():
        return None
    try:
        if get_profile(rules, options) != profile:
            return None
    except ProfileError:
        return None
    if not batch_supported(profile):
        return None
    event, site, date, table = tags
    return SessionInfo(sid, names, event, site, date, table, rules=rules, options=dict(options))


# The hooks whose base behaviour the arrays below reproduce; a profile overriding any of them,
# allowing doubles or playing its passed-out deals out, is checked by the reference engine only.
_VECTORISED_HOOKS = ("auction_closed", "choose_declarer", "expected_dealer", "legal_cards", "trick_winner",
                     "unfinished_rubber_entries", "vulnerability")


def batch_supported(profile: RuleProfile) -> bool:
    """Whether the batch path can check and score sessions of ``profile``. Whether passed-out
    deals are played is asked of the profile itself: it may depend on a session option. A
    session under the laws on irregularities (revokes, leads out of turn) takes the reference path."""
    base = RuleProfile
    return (profile.batch_path and profile.laws is None and not profile.doubles_allowed and not profile.plays_passed_out()
            and all(getattr(type(profile), hook) is getattr(base, hook) for hook in _VECTORISED_HOOKS))


# ---------------------------------------------------------------- checking and scoring


def check_sessions(raws: Sequence[object], profile: RuleProfile | None = None) -> tuple[ColumnarBatch, list[int]]:
    """Check and score decoded sessions; returns the batch of those taken (in order) and the
    indices of the others, which the caller must check with the reference engine."""
    parsed: list[ParsedSession] = []
    taken: list[int] = []
    refused: list[int] = []
    for i, raw in enumerate(raws):
        p = parse_session(raw, profile)
        if p is None:
            refused.append(i)
        else:
            parsed.append(p)
            taken.append(i)
    batch, bad = check_parsed(parsed, profile)
    refused = sorted(refused + [taken[k] for k in bad])
    return batch, refused


def legal_sessions(parsed: list[ParsedSession], profile: RuleProfile | None = None) -> list[bool]:
    """Whether each parsed session is valid (every hand, call and card legal): the verdict of
    :func:`check_parsed` without the scoring, for callers that need nothing else. (Sessions
    the batch path takes have their play, so the ledger cannot find them invalid.)"""
    if not parsed:
        return []
    return _legal(_concat(parsed), profile or get_profile(DEFAULT_PROFILE))[0]


def check_parsed(parsed: list[ParsedSession], profile: RuleProfile | None = None) -> tuple[ColumnarBatch, list[int]]:
    """Replay and score parsed sessions together; returns the batch of the valid ones and
    the indices (into ``parsed``) of those with any illegal or irregular deal."""
    profile = profile or get_profile(DEFAULT_PROFILE)
    if not parsed:
        return empty_batch(), []
    c = _concat(parsed)
    ok, replayed = _legal(c, profile)
    bad = [k for k, good in enumerate(ok) if not good]
    if bad:  # check the others again without them (rare: irregular sessions are mostly refused when parsed)
        parsed = [p for p, good in zip(parsed, ok) if good]
        if not parsed:
            return empty_batch(), bad
        c = _concat(parsed)
        _, replayed = _legal(c, profile)
    return _score(parsed, c, replayed, profile), bad


def _concat(parsed: list[ParsedSession]) -> dict[str, np.ndarray]:
    counts = np.array([len(p.number) for p in parsed], dtype=np.int64)
    cat = lambda name: np.concatenate([getattr(p, name) for p in parsed])  # noqa: E731
    return {
        "counts": counts,
        "session": np.repeat(np.arange(len(parsed)), counts),
        "number": cat("number"), "dealer": cat("dealer"), "hands": cat("hands"),
        "call_counts": cat("call_counts"), "calls": cat("calls").astype(np.int64), "has_play": cat("has_play"),
        "cards": np.concatenate([p.cards for p in parsed]).astype(np.int64).reshape(-1, 52),
        "has_recorded": cat("has_recorded"), "recorded": cat("recorded"),
    }


def _auction(dealer: np.ndarray, counts: np.ndarray, calls: np.ndarray,
             profile: RuleProfile) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The profile's auction over all auctions at once: (legal and closed, final bid code, declarer)."""
    n = len(counts)
    starts = np.cumsum(counts) - counts
    deal_of = np.repeat(np.arange(n), counts)
    bid_at = np.flatnonzero(calls > 0)
    deal = deal_of[bid_at]
    nbids = np.bincount(deal, minlength=n)
    same = np.r_[False, deal[1:] == deal[:-1]]  # a bid with an earlier bid in its auction
    before = np.where(same, np.r_[-1, bid_at[:-1]], starts[deal] - 1)
    passes = bid_at - before - 1  # passes since the last bid (or since the start)
    limit = np.where(same, profile.passes_after_bid, profile.passes_to_pass_out)
    rank = np.array(profile.bid_ranks, dtype=np.int64)[calls[bid_at]]
    higher = ~same | (rank > np.r_[0, rank[:-1]])
    ok = np.ones(n, dtype=bool)
    ok[deal[(passes >= limit) | ~higher]] = False  # a call after the close, or an insufficient bid
    is_last = np.r_[deal[1:] != deal[:-1], True] if len(deal) else np.zeros(0, dtype=bool)
    last = np.full(n, -1, dtype=np.int64)
    last[deal[is_last]] = bid_at[is_last]
    bid = nbids > 0
    closing = np.where(bid, starts + counts - 1 - last, counts)  # passes ending the auction
    ok &= closing == np.where(bid, profile.passes_after_bid, profile.passes_to_pass_out)
    contract = np.where(bid, calls[np.maximum(last, 0)] if len(calls) else 0, 0)
    declarer = np.where(bid, (dealer + last - starts) & 3, -1)
    return ok, contract, declarer


def _play(hands: np.ndarray, cards: np.ndarray, trump: np.ndarray, leader: np.ndarray, profile: RuleProfile,
          columns: bool = False, tricks: np.ndarray | None = None):
    """The play over all plays at once, one card position at a time: (legal, seat of each card,
    winner of each trick). Players follow suit when able (the base ``legal_cards``); the
    strongest card by the profile's ``strength_table`` wins. Works on (position, deal) arrays
    so each step reads a row. ``columns``: each trick's cards are given by seat from the
    opening leader (PBN's ``[Play]`` columns), not in the order played; ``tricks``: how many
    tricks of each deal were played (the rest claimed: the cards after them are not read)."""
    p = len(cards)
    cards_t = np.ascontiguousarray(cards.T)
    power = np.array(profile.strength_table, dtype=np.int64).reshape(-1)  # (trump, led, card) flattened
    row_of_trump = np.where(trump < 0, 4, trump) * 4
    left = hands.reshape(-1).copy()  # the cards each seat still holds, 4 per deal
    base = np.arange(p) * 4
    opening, deals = leader, np.arange(p)
    ok = np.ones(p, dtype=bool)
    seats = np.empty((52, p), dtype=np.int64)
    winners = np.empty((13, p), dtype=np.int64)
    for t in range(13):
        playing = None if tricks is None else t < tricks
        win = np.zeros(p, dtype=np.int64)
        for i in range(4):
            k = 4 * t + i
            seats[k] = seat = (leader + i) & 3
            card = cards_t[4 * t + ((seat - opening) & 3), deals] if columns else cards_t[k]
            suit, bit = card // 13, _ONE << card.astype(np.uint64)
            at = base + seat
            held = left[at]
            fine = (held & bit) != 0  # the seat holds the card (so it is not played twice)
            if i == 0:
                led, led_mask, row = suit, _SUIT_MASKS[suit], (row_of_trump + suit) * 52
                best = power[row + card]  # the strength of the card winning the trick so far
            else:
                fine &= (suit == led) | ((held & led_mask) == 0)  # follows suit when able
                strength = power[row + card]
                better = strength > best
                best = np.where(better, strength, best)
                win = np.where(better, i, win)
            ok &= fine if playing is None else fine | ~playing
            left[at] = held & ~bit if playing is None else np.where(playing, held & ~bit, held)
        winners[t] = leader = (leader + win) & 3
    return ok, seats.T, winners.T


def _legal(c: dict[str, np.ndarray], profile: RuleProfile):
    """Whether each session is valid as a whole (hands, auctions, plays), and the replay
    (final bids, declarers, seats and trick winners of the plays) when all are."""
    hands = c["hands"]
    ok = (np.bitwise_count(hands) == 13).all(axis=1)
    ok &= np.bitwise_or.reduce(hands, axis=1) == np.uint64(FULL_DECK)
    legal, contract, declarer = _auction(c["dealer"], c["call_counts"], c["calls"], profile)
    ok &= legal & (c["has_play"] == (contract > 0))
    played = np.flatnonzero(c["has_play"])
    good_play = ok[played]  # plays are only checked for deals otherwise sound
    fit = played[good_play]
    leaders = _leaders(profile)[declarer[fit]]
    play_ok, seats, winners = _play(hands[fit], c["cards"][good_play], _TRUMP[contract[fit]], leaders, profile)
    ok[fit] &= play_ok
    sessions_ok = np.logical_and.reduceat(ok, np.cumsum(c["counts"]) - c["counts"])
    return sessions_ok.tolist(), (contract, declarer, seats, winners)


def _leaders(profile: RuleProfile) -> np.ndarray:
    """The opening leader for each declarer seat."""
    return np.array([int(profile.opening_leader(seat)) for seat in SEATS], dtype=np.int64)


# per profile: deal key -> the deal's entries as rows (side, line, item, points); at most
# 35 bids × 4 declarers × 14 tricks × 6 honours × 5 aces keys for a profile scoring by counts
_entry_memo: dict[RuleProfile, dict[int, np.ndarray]] = {}


def _below_table(profile: RuleProfile) -> np.ndarray:
    """``profile.below_points`` for every bid code, for the declaring (1) and the defending (0)
    side, after 0–13 tricks taken: the race to game is run on this table."""
    table = np.zeros((len(CALLS_BY_CODE), 2, 14), dtype=np.int64)
    for code, (level, denomination) in enumerate(BID_TERMS, 1):  # a bid's code is its place in BIDS, from 1
        contract = Contract(level, denomination, SEATS[0])
        for taken in range(14):
            table[code, 1, taken] = profile.below_points(contract, SIDES[0], taken)
            table[code, 0, taken] = profile.below_points(contract, SIDES[1], taken)
    return table


def _score(parsed: list[ParsedSession], c: dict[str, np.ndarray], replayed, profile: RuleProfile) -> ColumnarBatch:
    """Score valid sessions from their replay: each deal's entries from the profile, then the
    engine's ledger for games, rubbers and their premiums."""
    n = len(c["number"])
    hands = c["hands"]
    contract, declarer, seats, winners = replayed
    played = np.flatnonzero(c["has_play"])
    p_contract, p_declarer = contract[played], declarer[played]
    cards = c["cards"]
    ns_won = (winners & 1) == 0
    tricks_ns = ns_won.sum(axis=1)
    tricks = np.zeros((n, 2), dtype=np.int64)
    tricks[played, 0] = tricks_ns
    tricks[played, 1] = 13 - tricks_ns
    values = np.array([0] + [profile.trick_value(Contract(level, d, SEATS[0])) for level, d in BID_TERMS],
                      dtype=np.int64)
    trick_value = values[contract]
    declarer_tricks = np.where(declarer & 1, tricks[:, 1], tricks[:, 0])
    made = declarer_tricks >= _NEEDED[contract]

    # the deal's own entries: profile.score, once per distinct key when it scores by counts
    tables = _own_entries(profile, hands[played], p_contract, p_declarer, tricks_ns)
    own_counts = np.zeros(n, dtype=np.int64)
    own_counts[played] = [len(rows) for rows in tables]

    # the race below the line, trick by trick, from the profile's below_points
    below = _below_table(profile)
    ns_declares = (p_declarer & 1) == 0
    ns_taken, ew_taken = np.cumsum(ns_won, axis=1), np.cumsum(~ns_won, axis=1)
    run_ns = below[p_contract[:, None], ns_declares[:, None].astype(np.int64), ns_taken]
    run_ew = below[p_contract[:, None], (~ns_declares)[:, None].astype(np.int64), ew_taken]
    game_side, game_trick, game_rubber, rubber, rubbers, extra = _ledger(c, contract, declarer, tricks, played,
                                                                         run_ns, run_ew, profile)

    extra_counts = np.array([len(rows) for rows in extra], dtype=np.int64)
    entry_counts = own_counts + extra_counts
    per_deal: list[np.ndarray] = [_NO_ROWS] * n
    for j, i in enumerate(played.tolist()):
        per_deal[i] = tables[j]
    for i in np.flatnonzero(extra_counts).tolist():
        per_deal[i] = np.concatenate([per_deal[i], extra[i]])
    entries = np.concatenate(per_deal) if n else _NO_ROWS

    entry_deal = np.repeat(np.arange(n), entry_counts)
    slot = entry_deal * 4 + entries[:, 0] * 2 + entries[:, 1]
    line_totals = np.bincount(slot, weights=entries[:, 3], minlength=4 * n).round().astype(np.int64).reshape(n, 4)
    s = len(parsed)
    side_points = np.bincount(c["session"][entry_deal] * 2 + entries[:, 0], weights=entries[:, 3], minlength=2 * s)
    return ColumnarBatch(
        infos=[p.info for p in parsed], deal_counts=c["counts"], rubbers=rubbers,
        totals=side_points.round().astype(np.int64).reshape(s, 2), session=c["session"], number=c["number"],
        dealer=c["dealer"], hand_text=list(chain.from_iterable(p.hand_text for p in parsed)), hands=hands,
        call_counts=c["call_counts"], calls=c["calls"], contract=contract, declarer=declarer,
        trick_value=trick_value, tricks=tricks, passed_out=contract == 0, made=made, rubber=rubber,
        game_side=game_side, game_trick=game_trick, game_rubber=game_rubber, line_totals=line_totals,
        has_recorded=c["has_recorded"], recorded=c["recorded"], played=played, cards=cards, seats=seats,
        won=seats == np.repeat(winners, 4, axis=1), entry_counts=entry_counts, entries=entries,
    )


_NO_ROWS = np.zeros((0, 4), dtype=np.int64)


def _rows(entries) -> np.ndarray:
    """Entries as rows of integers: side, line index, item index, points."""
    rows = [(int(e.side), _LINE_INDEX[e.line], _ITEM_INDEX[e.item], e.points) for e in entries]
    return np.array(rows, dtype=np.int64).reshape(-1, 4)


def _own_entries(profile: RuleProfile, hands: np.ndarray, codes: np.ndarray, declarers: np.ndarray,
                 tricks_ns: np.ndarray) -> list[np.ndarray]:
    """Each played deal's own entries from ``profile.score``: once per distinct contract,
    declarer, tricks, honours and aces when the profile scores by those counts, else per deal."""
    if not len(codes):
        return []
    if not profile.entries_by_counts:
        return [_rows(profile.score(_facts(int(code), int(seat), int(ns), h)))
                for code, seat, ns, h in zip(codes.tolist(), declarers.tolist(), tricks_ns.tolist(), hands)]
    ns_holding = hands[:, 0] | hands[:, 2]
    honours = np.bitwise_count(ns_holding & _HONOURS[codes]).astype(np.int64)
    aces = np.bitwise_count(ns_holding & np.uint64(ACES_MASK)).astype(np.int64)
    keys = (((codes * 4 + declarers) * 14 + tricks_ns) * 6 + honours) * 5 + aces
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    memo = _entry_memo.setdefault(profile, {})
    for key, j in zip(unique.tolist(), first.tolist()):
        if key not in memo:
            memo[key] = _rows(profile.score(_facts(int(codes[j]), int(declarers[j]), int(tricks_ns[j]), hands[j])))
    distinct = [memo[key] for key in unique.tolist()]
    return [distinct[k] for k in inverse.tolist()]


def _facts(code: int, declarer: int, tricks_ns: int, hands: np.ndarray) -> DealFacts:
    level, denomination = BID_TERMS[code - 1]
    contract = Contract(level, denomination, SEATS[declarer])
    return DealFacts(contract, (tricks_ns, 13 - tricks_ns), by_seat(int(h) for h in hands))


def _ledger(c: dict[str, np.ndarray], contract: np.ndarray, declarer: np.ndarray, tricks: np.ndarray,
            played: np.ndarray, run_ns: np.ndarray, run_ew: np.ndarray, profile: RuleProfile):
    """The engine's :class:`Ledger` over every session, deal by deal: who reached game first and
    at which trick, the rubber of each deal, the rubbers of each session, and the premiums the
    ledger wrote (as entry rows per deal)."""
    from ..engine.ledger import Ledger  # imported here: checking validity alone (validate) does not need it

    n = len(contract)
    row = np.full(n, -1, dtype=np.int64)
    row[played] = np.arange(len(played))
    game_side, game_trick, game_rubber, rubber_of = [-1] * n, [0] * n, [False] * n, [0] * n
    extra: list[np.ndarray] = [_NO_ROWS] * n
    contracts = {(code, seat): Contract(level, denomination, seat)
                 for code, (level, denomination) in enumerate(BID_TERMS, 1) for seat in SEATS}
    rows, codes, seats, dealers = row.tolist(), contract.tolist(), declarer.tolist(), c["dealer"].tolist()
    won = tricks.tolist()
    finals = list(zip(run_ns[:, -1].tolist(), run_ew[:, -1].tolist())) if len(played) else []
    peaks = list(zip(run_ns.max(axis=1).tolist(), run_ew.max(axis=1).tolist())) if len(played) else []
    premium_rows: dict[tuple, np.ndarray] = {}  # the same premiums come back often: their rows made once
    rubbers = []
    start = 0
    for count in c["counts"].tolist():
        ledger = Ledger(profile)
        for i in range(start, start + count):
            j = rows[i]
            if j >= 0:
                quiet = ledger.settle_below(finals[j], peaks[j])  # most deals reach no game
                if quiet is not None:
                    rubber_of[i] = quiet
                    continue
                settled = ledger.settle(contracts[codes[i], SEATS[seats[i]]], tuple(won[i]),
                                        (run_ns[j].tolist(), run_ew[j].tolist()), SEATS[dealers[i]])
            else:
                settled = ledger.settle(None, None, None, SEATS[dealers[i]])
            rubber_of[i] = settled.rubber
            if settled.game is not None:
                game_side[i], game_trick[i] = int(settled.game.side), settled.game.trick or 0
                game_rubber[i] = settled.game.bonus == "rubber"
            if settled.entries:
                if settled.entries not in premium_rows:
                    premium_rows[settled.entries] = _rows(settled.entries)
                extra[i] = premium_rows[settled.entries]
        rubbers.append(len(ledger.finish().rubbers))
        start += count
    return (np.array(game_side, dtype=np.int64), np.array(game_trick, dtype=np.int64),
            np.array(game_rubber, dtype=bool), np.array(rubber_of, dtype=np.int64), np.array(rubbers, dtype=np.int64),
            extra)


def empty_batch() -> ColumnarBatch:
    z = np.zeros(0, dtype=np.int64)
    return ColumnarBatch([], z, z, z.reshape(0, 2), z, z, z, [], z.astype(np.uint64).reshape(0, 4), z, z, z, z, z,
                         z.reshape(0, 2), z.astype(bool), z.astype(bool), z, z, z, z.astype(bool), z.reshape(0, 4),
                         z.astype(bool), z.reshape(0, 4), z, z.reshape(0, 52), z.reshape(0, 52),
                         z.astype(bool).reshape(0, 52), z, z.reshape(0, 4))
