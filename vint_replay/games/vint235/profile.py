"""A 2-, 3- or 5-handed method as the session plays it (docs/rules/players-2-3-5.md): the
method's hooks, with the places' replayer and score columns that read them."""
from __future__ import annotations

from collections.abc import Callable

from ...engine.record import SessionInfo
from .ledger import TableLedger
from .method import TableMethod
from .replay import TableReplay, table_replayer
from .sheet import COLUMNS, ColumnSheet


class TableProfile(TableMethod):
    """The profile a method registers: its replayer and ledger are the places' own."""

    def deal_replayer(self, info: SessionInfo) -> Callable[..., TableReplay]:
        """§1.4: the places' replayer, which needs the session's players."""
        return table_replayer(info)

    def session_ledger(self, info: SessionInfo) -> TableLedger:
        """The score columns of the method and its settlement."""
        return TableLedger(self, info)

    def sheet_writer(self) -> ColumnSheet:
        """format.md §5.6: the columns and who they stand for, and the settlements."""
        return COLUMNS
