"""A board's recorded team and pairs figures (PBN's ``[ScoreIMP]``, ``[ScoreMP]``,
``[ScorePercentage]``; docs/format.md §5.2) as the ``deals`` table keeps them: each figure's
value and the side it is written for, as recorded, so the session page can set them beside the
IMPs and matchpoints computed from the store (docs/store.md)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, SupportsFloat

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds

from ..engine.seats import Side
from ..formats.board_fields import RecordedFigures


class Readable(Protocol):
    """What :func:`recorded_figures` asks of a store (``Store.read``): this module is one the
    store itself imports."""

    def read(self, table: str, filter: ds.Expression | None = None, columns: list[str] | None = None) -> pa.Table: ...

FIGURES = ("imps", "matchpoints", "percentage")  # RecordedFigures' fields, in the deals table's order
COLUMNS = tuple(c for f in FIGURES for c in (f"recorded_{f}", f"recorded_{f}_side"))
NOT_RECORDED = (None,) * len(COLUMNS)


def figure_row(figures: RecordedFigures | None) -> tuple[float | str | None, ...]:
    """The deals table's :data:`COLUMNS` for a board's figures (all null when none were recorded)."""
    if figures is None:
        return NOT_RECORDED
    out: list[float | str | None] = []
    for name in FIGURES:
        figure = getattr(figures, name)
        out += [None, None] if figure is None else [figure[1], figure[0].name]
    return tuple(out)


def figures_of(row: Mapping[str, object]) -> RecordedFigures | None:
    """A deals row's figures back (``None`` when it has none, as a store of schema version 2 reads)."""
    read = {}
    for name in FIGURES:
        value, side = row.get(f"recorded_{name}"), row.get(f"recorded_{name}_side")
        if isinstance(value, SupportsFloat) and not pd.isna(value) and isinstance(side, str):
            read[name] = (Side[side], float(value))
    return RecordedFigures(**read) if read else None


def recorded_figures(store: Readable, session_id: str) -> dict[int, RecordedFigures]:
    """The recorded figures of a stored session's boards, by board number (boards without any left out)."""
    rows = store.read("deals", ds.field("session_id") == session_id, ["deal", *COLUMNS]).to_pylist()
    found = {int(row["deal"]): figures_of(row) for row in rows}
    return {number: figures for number, figures in found.items() if figures is not None}
