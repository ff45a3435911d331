"""The Arrow schemas of the five store tables and how they are written to Parquet.

Strings with few distinct values (seats, calls, cards, items) are dictionary-encoded; counts
and indexes use the smallest integer type that holds them; every file is zstd-compressed.
Each table is partitioned (hive style) by the session's ``year``.
"""
from __future__ import annotations

import pyarrow as pa

from ..engine.calls import CALLS_BY_CODE
from ..engine.cards import CARDS
from ..engine.scoring import Item

TABLES = ("sessions", "deals", "calls", "plays", "scores")
PARTITION = "year"  # hive partition key: the year of the session's date (0 if unknown)
UNKNOWN_YEAR = 0  # an explicit value, so that plain readers infer the partition's type
LEGACY_NULL_PARTITION = f"{PARTITION}=__HIVE_DEFAULT_PARTITION__"  # how version 1 wrote an unknown year

# The store's schema version, kept in each generation's manifest. 1: no manifest, unknown year
# as a null partition; 2: manifest, ``deals.doubled``, unknown year as ``year=0``; 3: the deals'
# recorded team and pairs figures (``deals.recorded_imps`` … ``recorded_percentage_side``); 4: the
# board's PBN tags no field holds (``deals.pbn_tags``: its travellers and the file's other tags); 5:
# the hash of those figures and tags (``sessions.kept_sha256``), which the content hash leaves out.
SCHEMA_VERSION = 5

_dict = pa.dictionary(pa.int8(), pa.string())
_sid = pa.dictionary(pa.int32(), pa.string())  # session ids repeat in long runs

SEAT_NAMES = ("N", "E", "S", "W")
SIDE_NAMES = ("NS", "EW")
LINE_NAMES = ("below", "above")
CARD_NAMES = tuple(c.name for c in CARDS)  # index = Card value
CALL_NAMES = tuple(str(c) for c in CALLS_BY_CODE)  # index = Call.code
ITEM_NAMES = tuple(str(i) for i in Item)
AUDIT_NAMES = ("ok", "mismatch")
BONUS_NAMES = ("game", "rubber")

SESSIONS = pa.schema([
    ("session_id", pa.string()),
    ("event", pa.string()),
    ("site", pa.string()),
    ("date", pa.string()),
    ("table_name", pa.string()),
    ("rules", _dict),
    ("player_n", pa.string()),
    ("player_e", pa.string()),
    ("player_s", pa.string()),
    ("player_w", pa.string()),
    ("deals", pa.int32()),
    ("rubbers", pa.int16()),
    ("total_ns", pa.int32()),
    ("total_ew", pa.int32()),
    ("difference_side", _dict),  # the side ahead over the whole session; null on a tie
    ("difference", pa.int32()),
    ("source_file", pa.string()),
    ("source_format", _dict),
    ("source_sha256", pa.string()),
    ("content_sha256", pa.string()),  # of the record itself: equal content, equal hash
    ("imported_at", pa.timestamp("ms", tz="UTC")),
    ("extra_json", pa.string()),  # unknown fields and comments of the record, for export
    # of the boards' recorded figures and kept PBN tags (store/content.py); null: stored before
    # schema version 5, when they were not compared
    ("kept_sha256", pa.string()),
])

DEALS = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("rubber", pa.int16()),
    ("dealer", _dict),
    ("hand_n", pa.string()),
    ("hand_e", pa.string()),
    ("hand_s", pa.string()),
    ("hand_w", pa.string()),
    ("contract", _dict),  # null when passed out
    ("declarer", _dict),
    ("trick_value", pa.int16()),
    ("doubled", pa.int8()),  # 1, 2 (doubled) or 4 (redoubled); null when passed out
    ("tricks_ns", pa.int8()),
    ("tricks_ew", pa.int8()),
    ("passed_out", pa.bool_()),
    ("made", pa.bool_()),  # null when passed out
    ("game_side", _dict),
    ("game_trick", pa.int8()),
    ("game_bonus", _dict),
    ("below_ns", pa.int32()),
    ("above_ns", pa.int32()),
    ("below_ew", pa.int32()),
    ("above_ew", pa.int32()),
    ("recorded_below_ns", pa.int32()),
    ("recorded_above_ns", pa.int32()),
    ("recorded_below_ew", pa.int32()),
    ("recorded_above_ew", pa.int32()),
    ("audit", _dict),  # ok / mismatch; null without recorded totals
    # How the record gave the deal, so that export writes back exactly what was imported:
    ("hands_given", pa.bool_()),
    ("play_given", pa.bool_()),
    ("result", pa.int8()),  # the record's result field (declarer's tricks), if it had one
    ("extra_json", pa.string()),
    # The board's recorded team and pairs figures (PBN's [ScoreIMP], [ScoreMP], [ScorePercentage]),
    # each as written: its value and the side it is written for (null: not recorded).
    ("recorded_imps", pa.float64()),
    ("recorded_imps_side", _dict),
    ("recorded_matchpoints", pa.float64()),
    ("recorded_matchpoints_side", _dict),
    ("recorded_percentage", pa.float64()),
    ("recorded_percentage_side", _dict),
    # The board's PBN tags no field holds, as the file wrote them (format.md §5.2), as the record's
    # JSON ``pbn_tags`` (null: none): its [ScoreTable] traveller, [TotalScoreTable], [Annotator] …
    ("pbn_tags", pa.string()),
])

CALLS = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("index", pa.int8()),
    ("seat", _dict),
    ("call", _dict),
])

PLAYS = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("index", pa.int8()),  # 0–51
    ("trick", pa.int8()),  # 1–13
    ("seat", _dict),
    ("card", _dict),
    ("won", pa.bool_()),  # this card won its trick
])

SCORES = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("side", _dict),
    ("line", _dict),
    ("item", _dict),
    ("points", pa.int32()),
])

SCHEMAS: dict[str, pa.Schema] = {"sessions": SESSIONS, "deals": DEALS, "calls": CALLS, "plays": PLAYS, "scores": SCORES}

# Parquet writer settings: zstd everywhere; dictionary pages for every column except those
# where zstd does better on plain values (measured on generated sessions: deal numbers, which
# repeat in runs, the 0–51 play index, and the hands, which are all different).
COMPRESSION = "zstd"
COMPRESSION_LEVEL = 3
PLAIN_COLUMNS = frozenset({"deal", "rubber", "index", "hand_n", "hand_e", "hand_s", "hand_w", "extra_json", "pbn_tags",
                           "source_sha256", "content_sha256", "kept_sha256", "imported_at"})


def writer_options(schema: pa.Schema) -> dict[str, object]:
    """Options for ``pq.ParquetWriter``. The Arrow schema is not stored in the files, so every
    reader sees the coded columns as plain strings, and pyarrow can skip row groups by the
    session id statistics (it does not for columns read back as dictionaries)."""
    dictionary = [f.name for f in schema if f.name not in PLAIN_COLUMNS]
    return {"compression": COMPRESSION, "compression_level": COMPRESSION_LEVEL, "store_schema": False,
            "use_dictionary": dictionary, "write_statistics": ["session_id", "deal"]}


# Columns that files written by an older schema version may lack (read back as nulls).
ADDED_COLUMNS = {"deals": frozenset({"doubled", "recorded_imps", "recorded_imps_side", "recorded_matchpoints",
                                      "recorded_matchpoints_side", "recorded_percentage", "recorded_percentage_side",
                                      "pbn_tags"}),
                 "sessions": frozenset({"kept_sha256"})}


def read_schema(table: str) -> pa.Schema:
    """The schema the files read back with: dictionary columns as plain strings."""
    return pa.schema([pa.field(f.name, f.type.value_type) if pa.types.is_dictionary(f.type) else f
                      for f in SCHEMAS[table]])
