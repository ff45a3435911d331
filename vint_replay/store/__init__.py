"""The Parquet session store (``docs/store.md``): five hive-partitioned tables — sessions,
deals, calls, plays, scores — that pandas, pyarrow and DuckDB open directly.

API (names are stable)::

    store = Store(path)
    summary = store.import_paths(["logs/", "2026/*.vint"], replace=False)  # -> ImportSummary
    summary.imported / .replaced / .unchanged / .rejected   # lists of FileOutcome (path, status,
                                                            #   session_id, deals, diagnostics, reason,
                                                            #   version: the number a replacement took)
    store.sessions(session_id=None)                     # pandas DataFrames; filters are pushed
    store.deals(session_id=None, deal=None)             #   down to the Parquet scan: session_id
    store.calls(...); store.plays(...); store.scores(...)  #   and deal take one value or a list,
                                                        #   ``columns=`` and ``filter=`` (a pyarrow
                                                        #   dataset expression) narrow further
    store.load_session(session_id) -> SessionRecord     # exactly the record the reader returned
    store.load_session(session_id, version=N)           # an earlier accepted version (versions.py)
    store.versions(session_id) -> list[Version]         # every accepted version: when, who, why
    store.import_paths([file], correction=Correction(reason, author))  # the next version of a session
    store.player_summary() -> DataFrame                 # player, deals, declared, made, points, net
    store.compact() -> CompactSummary                   # one file per table partition
    store.read(table, filter, columns) -> pyarrow.Table # the same scans without pandas
    store.dataset(table)                                # the raw pyarrow dataset
    store.snapshot(fn)                                  # fn(generation): several reads of one commit
    with store.transaction() as txn: ...                # add derived files (txn.new_file) atomically
    open_existing(path) -> Store                        # refuses (StoreError) what is not a store,
                                                        #   a damaged store (StoreDamaged, .problems)
                                                        #   or a newer schema (NewerStoreError)

Each generation has a manifest (``manifest.py``); reads and writes verify against it
(``damage.py``) and ``repair.py`` restores a consistent generation.

Coded columns (seats, cards, calls, items) come back as plain strings. ``evaluate()`` on a
loaded record gives the same replay and score as on the source file. ``ImportSummary`` also
has ``deals`` (written), ``seconds``, ``check_cpu_seconds`` and ``peak_worker_rss_mb``; the
CLI exits 1 when ``rejected`` is not empty.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .damage import Problem, StoreDamaged
    from .errors import StoreError
    from .importer import FileOutcome
    from .manifest import NewerStoreError
    from .store import CompactSummary, ImportSummary, Store, open_existing

__all__ = ["Store", "ImportSummary", "CompactSummary", "FileOutcome", "StoreError", "StoreDamaged", "Problem",
           "NewerStoreError", "open_existing"]
# imported when first used, so that the batch path (columnar.py) loads without pyarrow and pandas
_HOMES = {"Store": ".store", "ImportSummary": ".store", "CompactSummary": ".store", "open_existing": ".store",
          "FileOutcome": ".importer", "StoreError": ".errors", "StoreDamaged": ".damage", "Problem": ".damage",
          "NewerStoreError": ".manifest"}


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name], __name__), name)
    globals()[name] = value
    return value
