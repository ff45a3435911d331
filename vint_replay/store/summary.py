"""Per-player statistics over the deals table, computed in Arrow (fast at a million deals)."""
from __future__ import annotations

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .schema import SEAT_NAMES

_PLAYER_COLUMNS = ("player_n", "player_e", "player_s", "player_w")


def player_summary(sessions: pa.Table, deals: pa.Table) -> pd.DataFrame:
    """One row per player: ``deals`` played, ``declared``, ``made`` (contracts made as
    declarer), ``points`` (own side's points in those deals, below and above the line) and
    ``net`` (own side's minus the other side's)."""
    joined = deals.join(sessions, "session_id", join_type="inner")
    declarer = joined.column("declarer")
    made = pc.fill_null(joined.column("made"), False)
    ns = pc.add(joined.column("below_ns"), joined.column("above_ns"))
    ew = pc.add(joined.column("below_ew"), joined.column("above_ew"))
    parts = []
    for seat, column in zip(SEAT_NAMES, _PLAYER_COLUMNS):
        declared = pc.fill_null(pc.equal(declarer, seat), False)
        own, other = (ns, ew) if seat in ("N", "S") else (ew, ns)
        parts.append(pa.table({
            "player": joined.column(column),
            "declared": pc.cast(declared, pa.int32()),
            "made": pc.cast(pc.and_(declared, made), pa.int32()),
            "points": pc.cast(own, pa.int64()),
            "net": pc.cast(pc.subtract(own, other), pa.int64()),
        }))
    stacked = pa.concat_tables(parts)
    grouped = stacked.group_by("player").aggregate([
        ("player", "count"), ("declared", "sum"), ("made", "sum"), ("points", "sum"), ("net", "sum")])
    names = {"player": "player", "player_count": "deals", "declared_sum": "declared", "made_sum": "made",
             "points_sum": "points", "net_sum": "net"}
    frame = pa.table({new: grouped.column(old) for old, new in names.items()}).to_pandas()
    return frame.sort_values(["net", "player"], ascending=[False, True], ignore_index=True)
