"""The stored double-dummy tables of a session in the shape PBN's ``[OptimumResultTable]``
wants: tricks by declarer seat and denomination (NT, S, H, D, C), per deal."""
from __future__ import annotations

from ..store.store import Store
from .datasets import dd_tables

PBN_DENOMINATIONS = ("nt", "s", "h", "d", "c")


def optimum_tables(store: Store, session_id: str) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Deal number → tricks[seat N, E, S, W][NT, S, H, D, C], for the deals analysed without error."""
    frame = dd_tables(store, session_id)
    out: dict[int, tuple[tuple[int, ...], ...]] = {}
    for row in frame.to_dict("records"):
        columns = [[row.get(f"tricks_{seat}_{d}") for d in PBN_DENOMINATIONS] for seat in "nesw"]
        if all(v is not None and v == v for seat in columns for v in seat):  # v == v: not NaN
            out[int(row["deal"])] = tuple(tuple(int(v) for v in seat) for seat in columns)
    return out
