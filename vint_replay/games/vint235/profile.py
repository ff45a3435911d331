"""A 2-, 3- or 5-handed method as the session plays it (docs/rules/players-2-3-5.md): the
method's hooks, with the places' replayer and score columns that read them."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from ...engine.record import SessionInfo
from ...engine.rule_profile import DealReplayer, Replayed, Reported, SessionLedger, SessionPage
from ...engine.seats import Seat
from ...engine.session import SessionReport
from ...engine.views import Box, ReplayView, SessionView
from . import views
from .ledger import TableLedger
from .method import TableMethod
from .replay import TableReplay, table_replayer
from .sheet import COLUMNS, ColumnSheet


class TableProfile(TableMethod):
    """The profile a method registers: its replayer and ledger are the places' own."""

    def deal_replayer(self, info: SessionInfo) -> DealReplayer[Self, TableReplay]:
        """§1.4: the places' replayer, which needs the session's players."""
        return table_replayer(info)

    def session_ledger(self, info: SessionInfo) -> SessionLedger:
        """The score columns of the method and its settlement."""
        return TableLedger(self, info)

    def sheet_writer(self) -> ColumnSheet:
        """format.md §5.6: the columns and who they stand for, and the settlements."""
        return COLUMNS

    def session_view(self, page: SessionPage) -> SessionView:
        """The method's columns named by their players, the settlements, the deals."""
        return views.session_view(page, self)

    def replay_view(self, report: Reported, replay: Replayed, seat: Seat | None) -> ReplayView:
        """The auction in the columns of the places that bid, the table, the players' views."""
        assert isinstance(replay, TableReplay), type(replay)  # the replayer above gives no other
        return views.replay_view(report, replay, seat)

    def players_view(self, reports: Sequence[Reported], player: str | None) -> Box | None:
        """Each player's deals, contracts, tricks and settlements, whatever place he played."""
        return views.players_view([r for r in reports if isinstance(r, SessionReport)], player)
