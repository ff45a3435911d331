"""A board's recorded team and pairs figures (the record's ``recorded_figures``: PBN's
``[ScoreIMP]``, ``[ScoreMP]``, ``[ScorePercentage]``; docs/format.md §5.1) as the ``deals`` table
keeps them: each figure's value and the side it is written for, as recorded, so that ``export``
gives them back with the record (docs/store.md)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import SupportsFloat

import pandas as pd

from ..engine.record import RecordedFigures
from ..engine.seats import Side
from ..formats.board_fields import FIGURES  # RecordedFigures' fields, in the deals table's order

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
