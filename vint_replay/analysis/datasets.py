"""The two analysis datasets of a store, ``dd_tables/`` (a row per deal) and ``dd_plays/`` (a row
per card), hive-partitioned by year like the store's own tables.

They are derived datasets inside the store's generations (docs/store.md): each write is one
*run* (its rows carry the run id) committed through a store transaction, so it lands whole
with one symlink swap, under the writer lock, or not at all; imports and ``compact`` carry the
files over and drop the rows of replaced sessions. A deal's current analysis is its latest run
whose session content hash matches the stored session (a guard for rows written before this
layout), and ``dd_plays`` rows count only through their run's ``dd_tables`` row. A row written
by an analysis older than its game's (:data:`ANALYSIS_VERSION`, :func:`required_version`) is
stale: it is not current, so ``analyze`` does the deal again and the dashboard does not show it.
"""
from __future__ import annotations

import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from ..engine.calls import Denomination
from ..games.registry import get_profile, profile_names
from ..engine.seats import SEATS, Side
from ..store import Store
from ..store.layout import current_generation
from ..store.schema import CARD_NAMES, PARTITION, SEAT_NAMES, writer_options
from ..store.store import AUTO_COMPACT_FILES, PARTITIONING, partition_name
from .jobs import DealResult

DD_TABLES = "dd_tables"
DD_PLAYS = "dd_plays"
STATUS_OK = "ok"
STATUS_DDS_ERROR = "dds_error"

# The analysis that wrote a row (its ``analysis_version``; rows written before the column existed
# read as null, version 1). 1: every game's par in vint's terms (vint's bidding order, no doubles,
# no vulnerability); 2: bridge's own par (its bidding order, failing contracts doubled, the deal's
# vulnerability; issue 24).
ANALYSIS_VERSION = 2
FIRST_VERSION = 1

_dict = pa.dictionary(pa.int8(), pa.string())
_sid = pa.dictionary(pa.int32(), pa.string())
TRICK_COLUMNS = tuple(f"tricks_{s.lower()}_{d.code.lower()}" for s in SEAT_NAMES for d in Denomination)
# Per-seat sums of dd_plays, so per-player figures read a row per deal, not 52.
CARDS_COLUMNS = tuple(f"cards_{s.lower()}" for s in SEAT_NAMES)
LOST_COLUMNS = tuple(f"lost_{s.lower()}" for s in SEAT_NAMES)

TABLES_SCHEMA = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("run", _sid),  # the write that produced the row
    ("analysed_at", pa.timestamp("ms", tz="UTC")),
    ("content_sha256", pa.string()),  # of the session analysed
    ("profile", _dict),
    ("status", _dict),  # ok / dds_error
    ("message", pa.string()),
    *[(c, pa.int8()) for c in TRICK_COLUMNS],  # DD tricks of that declarer in that denomination
    ("contract", _dict),  # as played; null when passed out
    ("declarer", _dict),
    ("contract_dd_tricks", pa.int8()),  # DD tricks of the declarer in the played contract
    ("par_contract", _dict),  # null: the double-dummy auction passes the deal out
    ("par_declarer", _dict),
    ("par_ns", pa.int32()),  # deal points of each side at par (no game or rubber premiums)
    ("par_ew", pa.int32()),
    ("best_ns_contract", _dict),  # N–S's own best contract and its net for N–S
    ("best_ns_declarer", _dict),
    ("best_ns_net", pa.int32()),
    ("best_ew_contract", _dict),
    ("best_ew_declarer", _dict),
    ("best_ew_net", pa.int32()),
    ("actual_ns", pa.int32()),  # deal points as played, same definition as par
    ("actual_ew", pa.int32()),
    ("lost_ns", pa.int8()),  # tricks given away by N–S's cards, double dummy
    ("lost_ew", pa.int8()),
    *[(c, pa.int8()) for c in CARDS_COLUMNS],  # cards each seat played (null: no play analysed)
    *[(c, pa.int8()) for c in LOST_COLUMNS],  # tricks each seat's cards gave away, double dummy
    ("analysis_version", pa.int16()),  # ANALYSIS_VERSION of the run; null: version 1 (before the column)
])

PLAYS_SCHEMA = pa.schema([
    ("session_id", _sid),
    ("deal", pa.int16()),
    ("run", _sid),
    ("index", pa.int8()),  # 0–51
    ("trick", pa.int8()),  # 1–13
    ("seat", _dict),
    ("card", _dict),
    ("dd_before", pa.int8()),  # declarer side's tricks, double dummy, before this card
    ("dd_after", pa.int8()),
    ("cost", pa.int8()),  # tricks this card gave to the other side
    ("best", pa.string()),  # the cards that kept dd_before, high to low, space-separated
])

SCHEMAS = {DD_TABLES: TABLES_SCHEMA, DD_PLAYS: PLAYS_SCHEMA}


def _table_row(result: DealResult, run: str, when: datetime) -> dict[str, object]:
    job = result.job
    row: dict[str, object] = {
        "session_id": job.session_id, "deal": job.deal, "run": run, "analysed_at": when,
        "content_sha256": job.content_sha256, "profile": job.profile,
        "status": STATUS_OK if result.error is None else STATUS_DDS_ERROR, "message": result.error,
        "analysis_version": ANALYSIS_VERSION,
        "contract": None if job.contract is None else str(job.contract),
        "declarer": None if job.contract is None else job.contract.declarer.name,
    }
    table = result.table
    for column, (seat, d) in zip(TRICK_COLUMNS, ((s, d) for s in SEATS for d in Denomination)):
        row[column] = None if table is None else table[d, seat]
    if table is not None and job.contract is not None:
        row["contract_dd_tricks"] = table[job.contract.denomination, job.contract.declarer]
    if result.best is not None:
        row["par_ns"], row["par_ew"] = (0, 0) if result.par is None else result.par.points
        if result.par is not None:
            row["par_contract"], row["par_declarer"] = str(result.par.contract), result.par.contract.declarer.name
        for side, best in zip(("ns", "ew"), result.best):
            row[f"best_{side}_contract"] = str(best.contract)
            row[f"best_{side}_declarer"] = best.contract.declarer.name
            row[f"best_{side}_net"] = best.net(Side[side.upper()])
    if result.actual is not None:
        row["actual_ns"], row["actual_ew"] = result.actual
    if result.play is not None:
        row["lost_ns"], row["lost_ew"] = result.play.lost_by(Side.NS), result.play.lost_by(Side.EW)
        for seat, cards, lost in zip(SEATS, CARDS_COLUMNS, LOST_COLUMNS):
            row[cards] = sum(1 for v in result.play.cards if v.seat is seat)
            row[lost] = sum(v.cost for v in result.play.cards if v.seat is seat)
    return row


def _play_rows(result: DealResult, run: str) -> Iterable[dict[str, object]]:
    if result.play is None:
        return
    job = result.job
    for v in result.play.cards:
        yield {"session_id": job.session_id, "deal": job.deal, "run": run, "index": v.index,
               "trick": v.index // 4 + 1, "seat": v.seat.name, "card": CARD_NAMES[v.card],
               "dd_before": v.before, "dd_after": v.after, "cost": v.cost,
               "best": " ".join(CARD_NAMES[c] for c in v.best_cards)}


def required_version(profile: str) -> int:
    """The oldest analysis whose rows are current for a profile's deals (the profile's
    ``analysis_since``); a profile this version does not know needs this version's."""
    try:
        return get_profile(profile).analysis_since
    except KeyError:
        return ANALYSIS_VERSION


def write_results(store: Store, results: list[DealResult]) -> str | None:
    """Commit one run of results into the store in one transaction; results of a session
    replaced or removed meanwhile are dropped. Returns the run id (``None``: nothing written).
    Files are not merged here (a long analysis would rewrite its growing output again and
    again): :func:`merge_crowded` does it once at the end."""
    if not results:
        return None
    run = uuid.uuid4().hex[:16]
    when = datetime.now(timezone.utc)

    def tables(base: Path | None) -> Iterator[tuple[str, int | None, pa.Table]]:
        stored = _current_digests(store, base)
        by_year: dict[int | None, list[DealResult]] = {}
        for result in results:
            if stored.get(result.job.session_id) == result.job.content_sha256:
                by_year.setdefault(result.job.year, []).append(result)
        for name, rows_of in ((DD_TABLES, lambda r: [_table_row(r, run, when)]), (DD_PLAYS, lambda r: _play_rows(r, run))):
            for year, part in by_year.items():
                rows = [row for r in part for row in rows_of(r)]
                if rows:
                    yield name, year, pa.Table.from_pylist(rows, schema=SCHEMAS[name])

    commit_run(store, tables)
    return run


def commit_run(store: Store, tables: Callable[[Path | None], Iterable[tuple[str, int | None, pa.Table]]]) -> None:
    """Write one run in one store transaction: ``tables(base generation)``, called under the
    writer lock, gives ``(dataset name, year, rows in its schema)``; files are not merged."""
    with store.transaction(merge_above=None) as txn:
        for name, year, table in tables(txn.base):
            schema = SCHEMAS[name]
            if not table.schema.equals(schema):
                raise ValueError(f"{name} rows do not have the {name} schema")
            pq.write_table(table, txn.new_file(name, partition_name(year)), **writer_options(schema))


def merge_crowded(store: Store, limit: int = AUTO_COMPACT_FILES) -> bool:
    """Merge the analysis partitions holding more than ``limit`` files (one transaction, like
    an import does for the store's tables); ``True`` if there were any."""
    generation = current_generation(store.root)
    folders = [] if generation is None else [p for name in SCHEMAS if (generation / name).is_dir()
                                             for p in (generation / name).iterdir()]
    if not any(len(list(p.glob("*.parquet"))) > limit for p in folders):
        return False
    with store.transaction(merge_above=limit):
        pass
    return True


def _current_digests(store: Store, generation: Path | None) -> dict[str, str]:
    table = store.read("sessions", columns=["session_id", "content_sha256"], generation=generation)
    return dict(zip(table.column("session_id").to_pylist(), table.column("content_sha256").to_pylist()))


def _dataset(generation: Path | None, name: str) -> ds.Dataset | None:
    folder = None if generation is None else generation / name
    if folder is None or not any(folder.glob("*/*.parquet")):
        return None
    schema = SCHEMAS[name].append(pa.field(PARTITION, pa.int16()))
    return ds.dataset(folder, schema=schema, format="parquet", partitioning=PARTITIONING)


def frame_of(table: pa.Table) -> pd.DataFrame:
    """Arrow rows as a DataFrame: coded columns as plain strings, integers nullable."""
    for i, f in enumerate(table.schema):
        if pa.types.is_dictionary(f.type):
            table = table.set_column(i, f.name, table.column(i).cast(f.type.value_type))
    return table.to_pandas(types_mapper=_NULLABLE_INTS.get)


_NULLABLE_INTS = {pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype()}


def _filter(session_id: str | list[str] | None, deal: int | list[int] | None) -> ds.Expression | None:
    out = None
    for column, value in (("session_id", session_id), ("deal", deal)):
        if value is None:
            continue
        part = ds.field(column) == value if isinstance(value, (str, int)) else ds.field(column).isin(list(value))
        out = part if out is None else out & part
    return out


def dd_tables(store: Store, session_id: str | list[str] | None = None, deal: int | list[int] | None = None,
              include_stale: bool = False) -> pd.DataFrame:
    """The current analysis row of each deal (its latest run), as a DataFrame; rows whose
    session content no longer matches are left out unless ``include_stale``."""
    return store.snapshot(lambda g: _tables(store, g, session_id, deal, include_stale))


def _tables(store: Store, generation: Path | None, session_id, deal, include_stale: bool = False) -> pd.DataFrame:
    frame = frame_of(_current(store, generation, session_id, deal, include_stale=include_stale))
    return frame.sort_values(["session_id", "deal"]).reset_index(drop=True)


def current_rows(store: Store, columns: list[str], session_id: str | list[str] | None = None,
                 where: ds.Expression | None = None) -> pa.Table:
    """Only ``columns`` of the current analysis rows (as :func:`dd_tables`, in no particular
    order) as Arrow, for views over many deals: the sessions' year partitions and ``where``
    are pushed down to the scan, and the latest run per deal is picked with NumPy."""
    return store.snapshot(lambda g: _current(store, g, session_id, None, columns, where))


_KEYS = ["session_id", "deal", "analysed_at", "content_sha256", "profile", "analysis_version"]


def _current(store: Store, generation: Path | None, session_id, deal, columns: list[str] | None = None,
             where: ds.Expression | None = None, include_stale: bool = False, fresh: bool = True) -> pa.Table:
    """The latest run's row of each deal, of sessions whose stored content it analysed, written
    (``fresh``) by an analysis as new as its game needs (:func:`required_version`);
    ``include_stale`` keeps the latest row whatever it analysed."""
    wanted = [*TABLES_SCHEMA.names, PARTITION] if columns is None else list(columns)
    data = _dataset(generation, DD_TABLES)
    if data is None:
        return TABLES_SCHEMA.append(pa.field(PARTITION, pa.int16())).empty_table().select(wanted)
    condition = _filter(session_id, deal)
    stored = None
    if not include_stale:
        stored = store.read("sessions", _filter(session_id, None), ["session_id", "content_sha256", PARTITION], generation)
        years = stored.column(PARTITION)
        if session_id is not None and years.null_count == 0:  # prune the year partitions
            condition = _and(condition, ds.field(PARTITION).isin(pc.unique(years)))
    table = data.to_table(columns=list(dict.fromkeys(_KEYS + wanted)), filter=_and(condition, where))
    if table.num_rows == 0:
        return table.select(wanted)
    table = table.unify_dictionaries().combine_chunks()
    sessions = table.column("session_id").chunk(0)
    codes = sessions.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    key = (codes << 16) | table.column("deal").to_numpy().astype(np.int64)
    order = np.lexsort((table.column("analysed_at").cast(pa.int64()).to_numpy(), key))
    latest = np.ones(len(order), dtype=bool)
    latest[:-1] = key[order][1:] != key[order][:-1]
    keep = order[latest]
    if stored is not None:  # the analysed content must be the stored one
        digest = dict(zip(stored.column("session_id").to_pylist(), stored.column("content_sha256").to_pylist()))
        expected = pa.array([digest.get(sid) for sid in sessions.dictionary.to_pylist()], pa.string())
        same = pc.equal(expected.take(pa.array(codes[keep])), table.column("content_sha256").take(pa.array(keep)))
        keep = keep[pc.fill_null(same, False).to_numpy(zero_copy_only=False)]
        if fresh:
            keep = keep[_fresh(table, keep)]
    return table.take(pa.array(keep)).select(wanted)


def _fresh(table: pa.Table, rows: np.ndarray) -> np.ndarray:
    """Which of ``rows`` were written by an analysis at least as new as their profile's game needs."""
    profiles = table.column("profile").chunk(0)
    needed = np.array([required_version(p) for p in profiles.dictionary.to_pylist()], dtype=np.int64)
    codes = profiles.indices.to_numpy(zero_copy_only=False).astype(np.int64)[rows]
    written = pc.fill_null(table.column("analysis_version").take(pa.array(rows)), FIRST_VERSION)
    return written.to_numpy().astype(np.int64) >= needed[codes]


def stale_deals(store: Store, session_id: str | list[str] | None = None) -> int:
    """How many deals' latest analysis of their stored content an older version wrote for their
    game (``analyze`` redoes them); reads two columns of the rows, like :func:`current_rows`."""
    def count(generation: Path | None) -> int:
        data = _dataset(generation, DD_TABLES)
        if data is None or data.count_rows(filter=_and(_filter(session_id, None), _older())) == 0:
            return 0  # no row older than its game needs: the usual case, one column scanned
        latest = _current(store, generation, session_id, None, ["deal"], fresh=False).num_rows
        return latest - _current(store, generation, session_id, None, ["deal"]).num_rows
    return store.snapshot(count)


def _older() -> ds.Expression:
    """Rows written by an analysis older than their profile's game needs (null: version 1)."""
    version = ds.field("analysis_version")
    out = None
    for needed in sorted({required_version(name) for name in profile_names()} - {FIRST_VERSION}):
        names = [name for name in profile_names() if required_version(name) == needed]
        old = ds.field("profile").isin(names) & (version.is_null() | (version < needed))
        out = old if out is None else out | old
    assert out is not None
    return out


def _and(left: ds.Expression | None, right: ds.Expression | None) -> ds.Expression | None:
    return right if left is None else left if right is None else left & right


def dd_plays(store: Store, session_id: str | list[str] | None = None, deal: int | list[int] | None = None) -> pd.DataFrame:
    """Per-card verdicts of the deals' current analyses (see :func:`dd_tables`), in play order."""
    return store.snapshot(lambda g: _plays(store, g, session_id, deal))


def _plays(store: Store, generation: Path | None, session_id, deal) -> pd.DataFrame:
    data = _dataset(generation, DD_PLAYS)
    if data is None:
        return frame_of(PLAYS_SCHEMA.empty_table())
    runs = _tables(store, generation, session_id, deal)[["session_id", "deal", "run"]]
    frame = frame_of(data.to_table(filter=_filter(session_id, deal)))
    frame = frame.merge(runs, on=["session_id", "deal", "run"], how="inner")
    return frame.sort_values(["session_id", "deal", "index"]).reset_index(drop=True)
