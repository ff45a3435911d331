"""Reported sessions as rows of the five store tables, and stored rows back into records.

:class:`TableRows` gathers many sessions (a row tuple per deal; calls, cards and tricks as
byte arrays expanded with numpy) and turns them into one Arrow record batch per table, so the
cost per deal stays a few list operations; sessions checked by the columnar path
(:mod:`vint_replay.store.columnar`) come in as whole columns and give the same rows.
:func:`record_from_tables` is the inverse used by ``Store.load_session``: together they
round-trip a :class:`SessionRecord` exactly.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from collections.abc import Sequence
from typing import Any, Mapping, Protocol, runtime_checkable

import numpy as np
import pyarrow as pa

from ..engine.calls import CALL_BY_TEXT, CALLS_BY_CODE, Call
from ..engine.cards import CARDS, HOLDINGS, Hand
from .columnar import ColumnarBatch
from ..engine.ledger import DealScore
from ..engine.record import Comment, DealRecord, GameDeal, LineTotals, PbnTag, SessionInfo, SessionRecord
from ..engine.replay import DealReplay
from ..engine.seats import SEATS, Seat, by_seat
from ..engine.session import SessionReport
from ..formats.board_fields import board_fields, board_json
from ..formats.pbn_kept import pbn_tags_json, read_pbn_tags
from ..games.laws.fields import deal_laws_fields, parse_draw, session_laws_json, stored_laws_json
from ..games.laws.rulings import parse_rulings, session_rulings_json
from ..games.registry import deal_codecs
from . import schema as S
from .figures import COLUMNS as FIGURE_COLUMNS
from .figures import NOT_RECORDED, figure_row, figures_of

_LINE_CODE = {line: i for i, line in enumerate(S.LINE_NAMES)}
_BONUS_CODE = {bonus: i for i, bonus in enumerate(S.BONUS_NAMES)}
_ITEM_CODE = {item: i for i, item in enumerate(S.ITEM_NAMES)}
_YEAR = re.compile(r"(\d{4})")
_CALL_CODE = {id(c): c.code for c in CALLS_BY_CODE}


def year_of(date: str | None) -> int | None:
    """The partition year: the first four digits of the session's date, if any."""
    match = _YEAR.match(date or "")
    return int(match.group(1)) if match else None


def call_codes(auction: tuple[Call, ...]) -> bytes:
    """``Call.code`` of each call (0 for a pass), looked up by identity: the readers hand
    out the shared call objects of :data:`CALL_BY_TEXT`."""
    try:
        return bytes([_CALL_CODE[id(c)] for c in auction])
    except KeyError:
        return bytes([c.code for c in auction])


def pbn(mask: int) -> str:
    """A hand's PBN text from its bit set (table lookup per suit: the hot path of imports)."""
    return (f"{_HOLDING_TEXT[mask & 0x1FFF]}.{_HOLDING_TEXT[mask >> 13 & 0x1FFF]}."
            f"{_HOLDING_TEXT[mask >> 26 & 0x1FFF]}.{_HOLDING_TEXT[mask >> 39 & 0x1FFF]}")


_HOLDING_TEXT: list[str] = [""] * (1 << 13)
for _text, _bits in HOLDINGS.items():
    _HOLDING_TEXT[_bits] = _text


def _comments_json(comments: tuple[Comment, ...]) -> list[list[str]]:
    return [[c.before, c.text] for c in comments]


def _comments_of(raw: list[list[str]] | None) -> tuple[Comment, ...]:
    return tuple(Comment(before, text) for before, text in raw or ())


def stored_pbn_tags(deal: DealRecord) -> str | None:
    """``deals.pbn_tags``: the board's kept PBN tags as the record's JSON ``pbn_tags`` (null: none)."""
    return json.dumps(pbn_tags_json(deal.pbn_tags), ensure_ascii=False) if deal.pbn_tags else None


def pbn_tags_of(text: str | None) -> tuple[PbnTag, ...]:
    """A ``deals.pbn_tags`` value back (a store before schema version 4 has none: null)."""
    read = read_pbn_tags(json.loads(text)) if text else ()
    assert not isinstance(read, str), read  # the store wrote it from a record's tags
    return read


def _json_or_none(parts: dict[str, Any]) -> str | None:
    kept = {k: v for k, v in parts.items() if v}
    return json.dumps(kept, ensure_ascii=False) if kept else None


class Trick(Protocol):
    """A trick as the plays table keeps it: who led it and who won it."""

    @property
    def leader(self) -> Seat: ...
    @property
    def winner(self) -> Seat: ...


class Tricked(Protocol):
    """Any game's replay of a deal, as the plays table reads it: its tricks, and who led to the
    first (the game's own rule: vint's opening leader, solo whist's eldest hand or declarer)."""

    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def leader(self) -> Seat: ...


@runtime_checkable
class PaidReplay(Tricked, Protocol):
    """A replay of a deal settled in payments (solo whist's): the hands, who declared, the outcome."""

    @property
    def hands(self) -> tuple[int, int, int, int] | None: ...
    @property
    def declarer(self) -> Seat | None: ...
    @property
    def passed_out(self) -> bool: ...
    @property
    def made(self) -> bool | None: ...


@runtime_checkable
class PaidSheet(Protocol):
    """A sheet settled in payments per player, with no rubbers nor lines: the players and their
    balances, and each deal's score (docs/store.md)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def balances(self) -> tuple[int, ...]: ...
    @property
    def deals(self) -> Sequence[object]: ...


@dataclass(frozen=True, slots=True)
class Source:
    """Where a session came from, stored with it."""

    file: str
    format: str
    sha256: str


class TableRows:
    """The rows of all five tables for a batch of sessions; :meth:`batches` makes Arrow data."""

    def __init__(self) -> None:
        self.years: list[int | None] = []  # per session, in order of addition
        self.ids: list[str] = []
        self._sessions: list[tuple] = []  # one row per session, in SESSIONS column order
        self._deals: list[tuple] = []  # one row per deal, in DEALS column order (session as its index)
        # Scores, calls and plays, the long tables, as compact per-deal facts expanded with numpy:
        self._scores: list[tuple[int, int, int]] = []  # (session, deal, number of entries)
        self._entries: list[tuple[int, int, int, int]] = []  # (side, line, item, points)
        self._calls: list[tuple[int, int, int, int]] = []  # (session, deal, dealer, number of calls)
        self._call_codes = bytearray()  # Call.code of each call
        self._call_seats: dict[int, bytes] = {}  # by row of _calls: each call's speaker, where not the rotation
        self._played: list[tuple[int, int, int]] = []  # (session, deal, cards) of each deal with a card play
        self._cards = bytearray()  # 52 per played deal, in play order
        self._leaders = bytearray()  # per trick begun (13 unless claimed): the seat leading it
        self._winners = bytearray()  # per trick begun: the seat winning it (NO_WINNER: stopped by a claim)
        # Finished parts of the four per-deal tables, in session order: (columns, session index)
        self._parts: list[dict[str, tuple[dict[str, Any], np.ndarray]]] = []

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, report: SessionReport, source: Source, imported_at: datetime, content_hash: str,
            kept_hash: str) -> None:
        """Add one valid, scored session (``kept_hash``: of its figures and kept tags, store/content.py)."""
        score = report.score
        assert score is not None, "only valid sessions are stored"
        if any(codec.paid_sheet for codec in report.profile.deal_codecs):  # no rubbers nor lines (docs/store.md)
            self._add_payments(report, source, imported_at, content_hash, kept_hash)
            return
        record = report.record
        info = record.info
        k = len(self.ids)
        self.ids.append(info.id)
        self.years.append(year_of(info.date))
        ns, ew = score.totals
        self._sessions.append((
            info.id, info.event, info.site, info.date, info.table, info.rules, *info.players,
            len(record.deals), len(score.rubbers), ns, ew,
            None if ns == ew else (0 if ns > ew else 1), abs(ns - ew),
            source.file, source.format, source.sha256, content_hash, imported_at,
            _json_or_none({"session": info.extra, "record": record.extra, "comments": _comments_json(record.comments),
                           "session_nested": info.nested_extra, "options": info.options,
                           "laws": session_laws_json(info) | session_rulings_json(info), **_party_json(info)}),
            kept_hash,
        ))
        for deal, replay, scored in zip(record.deals, report.replays, score.deals):
            number = deal.number
            totals = [0, 0, 0, 0]  # below NS, above NS, below EW, above EW: the deal's entries summed
            for e in scored.entries:
                side, line = int(e.side), _LINE_CODE[e.line]
                totals[2 * side + line] += e.points
                self._entries.append((side, line, _ITEM_CODE[e.item], e.points))
            self._scores.append((k, number, len(scored.entries)))
            self._deals.append(self._deal_row(k, deal, replay, scored, totals) + figure_row(deal.recorded_figures)
                               + (stored_pbn_tags(deal),))
            speakers = _speakers(deal, replay)
            if speakers is not None:  # the seats after a void call are not the rotation's
                self._call_seats[len(self._calls)] = bytes(speakers)
            self._calls.append((k, number, int(deal.dealer), len(deal.auction)))
            self._call_codes += call_codes(deal.auction)
            self._add_play(k, deal, replay)

    def _add_play(self, k: int, deal: DealRecord, replay: Tricked) -> None:
        """The deal's cards with each trick's leader and winner (a trick begun at a claim has none)."""
        if not deal.play:
            return
        tricks = replay.tricks
        self._played.append((k, deal.number, len(deal.play)))
        self._cards.extend(deal.play)
        self._leaders.extend([t.leader for t in tricks])
        self._winners.extend([t.winner for t in tricks])
        if len(deal.play) > 4 * len(tricks):  # a trick begun when the claim was made
            self._leaders.append(tricks[-1].winner if tricks else replay.leader)
            self._winners.append(NO_WINNER)

    def _add_payments(self, report: SessionReport, source: Source, imported_at: datetime, content_hash: str,
                      kept_hash: str) -> None:
        """An evening settled in payments per player (solo whist's): no rubbers nor lines (zero
        totals, null vint columns); each deal's own fields and payments in its ``extra_json``, the
        fifth player and the balances in the session's; the cards as any deal's (docs/store.md)."""
        record, score = report.record, report.score
        assert isinstance(score, PaidSheet), f"a payment sheet, not {type(score).__name__}"
        info = record.info
        k = len(self.ids)
        self.ids.append(info.id)
        self.years.append(year_of(info.date))
        balances = dict(zip(score.players, score.balances))
        self._sessions.append((
            info.id, info.event, info.site, info.date, info.table, info.rules, *info.players,
            len(record.deals), 0, 0, 0, None, 0, source.file, source.format, source.sha256, content_hash, imported_at,
            _json_or_none({"session": info.extra, "record": record.extra, "comments": _comments_json(record.comments),
                           "session_nested": info.nested_extra, "options": info.options, "fifth": info.fifth,
                           "balances": balances}),
            kept_hash,
        ))
        for deal, replay, scored in zip(record.deals, report.replays, score.deals):
            assert isinstance(replay, PaidReplay), f"a replay of a paid deal, not {type(replay).__name__}"
            hands = replay.hands
            differs = next((d for codec in deal_codecs() if (d := codec.written_differs(deal, scored)) is not None), None)
            self._deals.append((
                k, deal.number, None, int(deal.dealer),
                *((None,) * 4 if hands is None else (pbn(hands[0]), pbn(hands[1]), pbn(hands[2]), pbn(hands[3]))),
                None, None if replay.declarer is None else int(replay.declarer), None, None, None, None,
                replay.passed_out, replay.made, None, None, None, 0, 0, 0, 0, None, None, None, None,
                None if differs is None else int(differs),
                deal.hands is not None, deal.play is not None, deal.result,
                _json_or_none({"extra": deal.extra, "comments": _comments_json(deal.comments),
                               "nested": deal.nested_extra, **_own_fields(deal, scored)}),
                *NOT_RECORDED, stored_pbn_tags(deal),
            ))
            self._scores.append((k, deal.number, 0))
            self._calls.append((k, deal.number, int(deal.dealer), 0))
            self._add_play(k, deal, replay)

    @staticmethod
    def _deal_row(k: int, deal: DealRecord, replay: DealReplay, scored: DealScore, totals: list[int]) -> tuple:
        hands = replay.hands
        contract = replay.contract
        won = replay.tricks_won
        game = scored.game
        rec = deal.recorded
        recorded = (None,) * 4 if rec is None else (rec[0].below, rec[0].above, rec[1].below, rec[1].above)
        return (
            k, deal.number, scored.rubber, int(deal.dealer),
            *((None,) * 4 if hands is None else (pbn(hands[0]), pbn(hands[1]), pbn(hands[2]), pbn(hands[3]))),
            *((None,) * 4 if contract is None else (contract.bid.code, int(contract.declarer), scored.trick_value,
                                                     contract.doubled)),
            *((None, None) if won is None else won), replay.passed_out,
            None if contract is None or won is None else won[_declarer_column(replay)] >= contract.tricks_needed,
            *((None,) * 3 if game is None else (int(game.side), game.trick, _BONUS_CODE[game.bonus])),
            *totals, *recorded,
            # What `vint-replay audit` compares: the paper's four figures against the computed ones.
            None if rec is None else int(recorded != tuple(totals)),
            deal.hands is not None, deal.play is not None, deal.result,
            _json_or_none({"extra": deal.extra, "comments": _comments_json(deal.comments), "nested": deal.nested_extra,
                           "board": board_json(deal), "laws": stored_laws_json(deal), **_own_fields(deal, scored)}),
        )

    def add_columnar(self, batch: ColumnarBatch, sources: list[Source], imported_at: datetime,
                     content_hashes: list[str], kept_hash: str) -> None:
        """Add the sessions of a batch checked by the columnar path (all valid, none with
        unknown fields or comments), column by column; the rows equal those :meth:`add` makes
        (``kept_hash``: every session's, as it holds no figures nor kept tags)."""
        self._flush()
        k = len(self.ids)
        for info, deals, rubbers, (ns, ew), source, digest in zip(
                batch.infos, batch.deal_counts.tolist(), batch.rubbers.tolist(), batch.totals.tolist(),
                sources, content_hashes):
            self.ids.append(info.id)
            self.years.append(year_of(info.date))
            self._sessions.append((
                info.id, info.event, info.site, info.date, info.table, info.rules, *info.players,
                deals, rubbers, ns, ew, None if ns == ew else (0 if ns > ew else 1), abs(ns - ew),
                source.file, source.format, source.sha256, digest, imported_at, None, kept_hash,
            ))
        session = (batch.session + k).astype(np.int32)
        number = batch.number.astype(np.int16)
        n = len(number)
        passed = batch.passed_out
        no_game = batch.game_side < 0
        no_record = ~batch.has_recorded
        hands = batch.hand_text
        totals = batch.line_totals.astype(np.int32)
        i8 = lambda values: values.astype(np.int8)  # noqa: E731 - codes and small counts
        deals = {
            "deal": number, "rubber": batch.rubber.astype(np.int16), "dealer": i8(batch.dealer),
            "hand_n": hands[0::4], "hand_e": hands[1::4], "hand_s": hands[2::4], "hand_w": hands[3::4],
            "contract": pa.array(i8(batch.contract), mask=passed),
            "declarer": pa.array(i8(batch.declarer), mask=passed),
            "trick_value": pa.array(batch.trick_value.astype(np.int16), mask=passed),
            "doubled": pa.array(np.ones(n, dtype=np.int8), mask=passed),  # the batch path takes no doubles
            "tricks_ns": pa.array(i8(batch.tricks[:, 0]), mask=passed),
            "tricks_ew": pa.array(i8(batch.tricks[:, 1]), mask=passed),
            "passed_out": passed, "made": pa.array(batch.made, mask=passed),
            "game_side": pa.array(i8(batch.game_side), mask=no_game),
            "game_trick": pa.array(i8(batch.game_trick), mask=no_game),
            "game_bonus": pa.array(i8(batch.game_rubber), mask=no_game),
            "below_ns": totals[:, 0], "above_ns": totals[:, 1], "below_ew": totals[:, 2], "above_ew": totals[:, 3],
            **{name: pa.array(batch.recorded[:, i].astype(np.int32), mask=no_record) for i, name in enumerate(
                ("recorded_below_ns", "recorded_above_ns", "recorded_below_ew", "recorded_above_ew"))},
            "audit": pa.array(i8((batch.recorded != batch.line_totals).any(axis=1)), mask=no_record),
            "hands_given": np.ones(n, dtype=bool), "play_given": ~passed,
            "result": pa.nulls(n, pa.int8()), "extra_json": pa.nulls(n, pa.string()),
            **{name: pa.nulls(n, S.DEALS.field(name).type.value_type if name.endswith("_side") else pa.float64())
               for name in FIGURE_COLUMNS},  # the batch path takes no deal with recorded_figures,
            "pbn_tags": pa.nulls(n, pa.string()),  # nor with PBN tags (it takes no deal with other keys)
        }
        counts = batch.call_counts
        index = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        calls = {"deal": np.repeat(number, counts), "index": i8(index),
                 "seat": i8((np.repeat(batch.dealer, counts) + index) & 3), "call": i8(batch.calls)}
        p = len(batch.played)
        plays = {"deal": np.repeat(number[batch.played], 52), "index": np.tile(np.arange(52, dtype=np.int8), p),
                 "trick": np.tile(np.arange(52, dtype=np.int8) // 4 + 1, p), "seat": i8(batch.seats).reshape(-1),
                 "card": i8(batch.cards).reshape(-1), "won": batch.won.reshape(-1)}
        entries = batch.entries
        scores = {"deal": np.repeat(number, batch.entry_counts), "side": i8(entries[:, 0]), "line": i8(entries[:, 1]),
                  "item": i8(entries[:, 2]), "points": entries[:, 3].astype(np.int32)}
        self._parts.append({
            "deals": (deals, session), "calls": (calls, np.repeat(session, counts)),
            "plays": (plays, np.repeat(session[batch.played], 52)),
            "scores": (scores, np.repeat(session, batch.entry_counts)),
        })

    def _flush(self) -> None:
        """Turn the rows added by :meth:`add` since the last part into a part."""
        if not self._deals and self._parts:
            return
        deals = _columns(S.DEALS.names, self._deals)
        self._parts.append({"deals": (deals, np.array(deals.pop("session_id"))), "calls": self._call_columns(),
                            "plays": self._play_columns(), "scores": self._score_columns()})
        self._reset_rows()

    def _reset_rows(self) -> None:
        self._deals, self._scores, self._entries, self._calls, self._played = [], [], [], [], []
        self._call_seats = {}
        self._call_codes, self._cards, self._leaders, self._winners = bytearray(), bytearray(), bytearray(), bytearray()

    def batches(self) -> dict[str, pa.RecordBatch]:
        """One record batch per table (the ``year`` partition is not a column)."""
        self._flush()
        ids = pa.array(self.ids, pa.string())
        out = {"sessions": _batch("sessions", _columns(S.SESSIONS.names, self._sessions), None, ids)}
        for table in ("deals", "calls", "plays", "scores"):
            parts = [_batch(table, *part[table], ids) for part in self._parts]
            out[table] = parts[0] if len(parts) == 1 else pa.concat_batches(parts)
        return out

    def _score_columns(self) -> tuple[dict[str, Any], np.ndarray]:
        facts = np.array(self._scores, dtype=np.int64).reshape(-1, 3)
        counts = facts[:, 2]
        entries = np.array(self._entries, dtype=np.int64).reshape(-1, 4)
        return {"deal": np.repeat(facts[:, 1], counts), "side": entries[:, 0], "line": entries[:, 1],
                "item": entries[:, 2], "points": entries[:, 3]}, np.repeat(facts[:, 0], counts)

    def _call_columns(self) -> tuple[dict[str, np.ndarray], np.ndarray]:
        facts = np.array(self._calls, dtype=np.int64).reshape(-1, 4)
        counts = facts[:, 3]
        starts = np.cumsum(counts) - counts
        index = np.arange(int(counts.sum())) - np.repeat(starts, counts)
        seats = (np.repeat(facts[:, 2], counts) + index) & 3
        for row, speakers in self._call_seats.items():
            seats[starts[row]:starts[row] + len(speakers)] = np.frombuffer(speakers, dtype=np.uint8)
        return {
            "deal": np.repeat(facts[:, 1], counts),
            "index": index,
            "seat": seats,
            "call": np.frombuffer(bytes(self._call_codes), dtype=np.uint8),
        }, np.repeat(facts[:, 0], counts)

    def _play_columns(self) -> tuple[dict[str, np.ndarray], np.ndarray]:
        facts = np.array(self._played, dtype=np.int64).reshape(-1, 3)
        counts = facts[:, 2]
        index = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        begun = (counts + 3) // 4  # tricks begun per deal
        trick_at = np.repeat(np.cumsum(begun) - begun, counts) + index // 4  # each card's trick, flat
        leaders = np.frombuffer(bytes(self._leaders), dtype=np.uint8)[trick_at]
        winners = np.frombuffer(bytes(self._winners), dtype=np.uint8)[trick_at]
        seats = (leaders + (index & 3)).astype(np.uint8) & 3
        return {
            "deal": np.repeat(facts[:, 1], counts),
            "index": index,
            "trick": index // 4 + 1,
            "seat": seats,
            "card": np.frombuffer(bytes(self._cards), dtype=np.uint8),
            "won": seats == winners,
        }, np.repeat(facts[:, 0], counts)


NO_WINNER = 255  # the winner of a trick the claim stopped


def _party_json(info: SessionInfo) -> dict[str, object]:
    """The 2, 3 or 5 players of a session under those methods (docs/format.md §5.6), if any."""
    return {} if info.party is None else {"party": list(info.party)}


def _own_fields(deal: DealRecord, scored: object) -> dict[str, object]:
    """A deal's own game fields as its codec keeps them (docs/store.md), by the codec's key."""
    return {codec.stored_key: part for codec in deal_codecs() if (part := codec.stored(deal, scored)) is not None}


def _own_fields_of(deal_extra: Mapping[str, Any]) -> GameDeal | None:
    """The record's game fields kept in a deal's ``extra_json`` (``None``: it keeps none)."""
    return next((codec.restored(deal_extra[codec.stored_key]).own for codec in deal_codecs()
                 if codec.stored_key in deal_extra), None)


def _declarer_column(replay: DealReplay) -> int:
    """The index of the declarer's side in ``tricks_won``: his partnership, or (2-, 3- and
    5-handed vint) his score column (the replay's ``declaring_column``, reports/terminal.py)."""
    assert replay.contract is not None
    column = replay.declaring_column
    return int(replay.contract.declarer.side) if column is None else column


_DICTIONARIES: dict[str, tuple[str, ...]] = {
    "dealer": S.SEAT_NAMES, "declarer": S.SEAT_NAMES, "seat": S.SEAT_NAMES,
    "game_side": S.SIDE_NAMES, "side": S.SIDE_NAMES, "difference_side": S.SIDE_NAMES,
    "line": S.LINE_NAMES, "item": S.ITEM_NAMES, "card": S.CARD_NAMES, "call": S.CALL_NAMES,
    "contract": S.CALL_NAMES, "audit": S.AUDIT_NAMES, "game_bonus": S.BONUS_NAMES,
}


def _columns(names: list[str], rows: list[tuple]) -> dict[str, list]:
    """Rows (tuples in column order) turned into columns."""
    columns = list(map(list, zip(*rows))) if rows else [[] for _ in names]
    return dict(zip(names, columns))


def _batch(table: str, cols: dict[str, Any], session_index: Any, ids: pa.Array) -> pa.RecordBatch:
    """One table's batch: codes become dictionary arrays over the fixed name lists, and the
    session id a dictionary over this batch's ids."""
    schema = S.SCHEMAS[table]
    arrays = []
    for field in schema:
        name = field.name
        if name == "session_id" and session_index is not None:
            arrays.append(pa.DictionaryArray.from_arrays(pa.array(session_index, pa.int32()), ids))
        elif pa.types.is_dictionary(field.type) and name in _DICTIONARIES:
            arrays.append(pa.DictionaryArray.from_arrays(_array(cols[name], pa.int8()),
                                                         pa.array(_DICTIONARIES[name], pa.string())))
        elif pa.types.is_dictionary(field.type):
            arrays.append(pa.array(cols[name], pa.string()).dictionary_encode().cast(field.type))
        else:
            arrays.append(_array(cols[name], field.type))
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def _array(values: Any, type: pa.DataType) -> pa.Array:
    """Values (a list, a NumPy array, or an Arrow array with its nulls) as an Arrow array."""
    return values if isinstance(values, pa.Array) else pa.array(values, type)


# ---------------------------------------------------------------- back to records


def record_from_tables(session: dict[str, Any], deals: pa.Table, calls: pa.Table, plays: pa.Table) -> SessionRecord:
    """Rebuild the record a session was imported from, given its stored rows (any order);
    calls and cards are converted column by column, not row by row."""
    extra = json.loads(session["extra_json"]) if session.get("extra_json") else {}
    laws = extra.get("laws", {})
    info = SessionInfo(
        id=session["session_id"],
        players=(session["player_n"], session["player_e"], session["player_s"], session["player_w"]),
        event=session["event"], site=session["site"], date=session["date"], table=session["table_name"],
        rules=session["rules"], options=extra.get("options", {}), extra=extra.get("session", {}),
        nested_extra=extra.get("session_nested", {}), laws=laws.get("laws"), fifth=extra.get("fifth"),
        draw=parse_draw(laws["draw"]).value if "draw" in laws else None,
        rulings=(parse_rulings(laws["rulings"]).value or ()) if "rulings" in laws else (),
        party=tuple(extra["party"]) if "party" in extra else None,
    )
    auctions = _by_deal(calls, "call", CALL_BY_TEXT)
    cards = _by_deal(plays, "card", CARDS_BY_NAME)
    out = []
    for row in sorted(deals.to_pylist(), key=lambda r: r["deal"]):
        number = row["deal"]
        hands = None
        if row["hands_given"]:
            hands = by_seat(Hand.parse(row[c]) for c in ("hand_n", "hand_e", "hand_s", "hand_w"))
        recorded = None
        if row["recorded_below_ns"] is not None:
            recorded = (LineTotals(row["recorded_below_ns"], row["recorded_above_ns"]),
                        LineTotals(row["recorded_below_ew"], row["recorded_above_ew"]))
        deal_extra = json.loads(row["extra_json"]) if row["extra_json"] else {}
        out.append(DealRecord(number, SEATS[S.SEAT_NAMES.index(row["dealer"])], auctions.get(number, ()), hands,
                              cards.get(number, ()) if row["play_given"] else None,
                              row["result"], recorded, deal_extra.get("extra", {}),
                              comments=_comments_of(deal_extra.get("comments")), nested_extra=deal_extra.get("nested", {}),
                              **board_fields(deal_extra.get("board", {})),
                              **deal_laws_fields(deal_extra.get("laws", {})),
                              own=_own_fields_of(deal_extra), pbn_tags=pbn_tags_of(row.get("pbn_tags")),
                              recorded_figures=figures_of(row)))
    return SessionRecord(info, tuple(out), extra.get("record", {}), _comments_of(extra.get("comments")))


def _by_deal(table: pa.Table, column: str, parse: dict[str, Any]) -> dict[int, tuple]:
    """The values of ``column`` grouped by deal, in index order, each mapped through ``parse``."""
    table = table.sort_by([("deal", "ascending"), ("index", "ascending")])
    deals = table.column("deal").to_pylist()
    values = [parse[v] for v in table.column(column).to_pylist()]
    out: dict[int, tuple] = {}
    start = 0
    for i in range(1, len(deals) + 1):
        if i == len(deals) or deals[i] != deals[start]:
            out[deals[start]] = tuple(values[start:i])
            start = i
    return out


CARDS_BY_NAME = {c.name: c for c in CARDS}


def _speakers(deal: DealRecord, replay: object) -> tuple[Seat, ...] | None:
    """Who spoke each call, where a void call (laws §4.5) breaks the rotation: the laws'
    reading of the whole auction, which also keeps the turn after an insufficient bid with no
    sufficient level (ruling 13); the record's marks where a call is illegal."""
    auction = replay.laws_auction() if isinstance(replay, DealReplay) else None  # other tables' replays: no laws
    if auction is None or not auction.void:
        return deal.speakers() if deal.out_of_turn else None
    if len(auction.speakers) == len(deal.auction):
        return tuple(auction.speakers)
    return deal.speakers() if deal.out_of_turn else None
