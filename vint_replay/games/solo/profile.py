"""Solo whist (docs/rules/solo-whist.md, from seeds 001 and 003): the turned-up trump, proposal
and acceptance, solo, misères and abondances, settled deal by deal in points. Its deals have
their own replayer and payment sheet; the play's card rules are the base profile's."""
from __future__ import annotations

from typing import Self

from ...engine.record import SessionInfo
from ...engine.rule_profile import Analysed, DealReplayer, Replayed, Reported, RuleProfile, SessionPage, SheetLayout
from ...engine.seats import Seat
from ...engine.views import ReplayView, SessionView
from . import views
from .fields import SOLO_FIELDS
from .ledger import SoloLedger
from .replay import SoloReplay, solo_replayer
from .sheet import PAYMENTS, PaymentSheet


class SoloWhist(RuleProfile):
    """Solo whist: four players (or five, the dealer sitting out); follow suit, else trump or
    discard freely; the highest trump, else the highest card of the suit led, wins."""

    name = "solo-whist"
    title = "Solo whist (payments in points)"
    doc = "docs/rules/solo-whist.md"
    scoresheet = SheetLayout.PAYMENTS
    deal_codecs = (SOLO_FIELDS,)  # turn-up, its own call tokens, payments … (format.md §5.5)
    calls_stored = False  # its calls are the deal's own fields, kept in the deal row (docs/store.md)
    batch_path = False
    double_dummy = False  # its contracts are not bids a double-dummy table scores
    analysed = Analysed.APART
    game = "Solo whist"
    laws_layer = False  # the vint laws on irregularities do not apply to solo whist

    def deal_replayer(self, info: SessionInfo) -> DealReplayer[Self, SoloReplay]:
        """§1–§4: the solo-whist replayer, which needs the session's players for the seating."""
        return solo_replayer(info)

    def session_ledger(self, info: SessionInfo) -> SoloLedger:
        """§5: the payment sheet with each player's running balance."""
        return SoloLedger(info)

    def sheet_writer(self) -> PaymentSheet:
        """§5: the payment sheet, its ``solo-score/1`` document, and the audit of written payments."""
        return PAYMENTS

    def rescoring_refused(self, table: RuleProfile, target: RuleProfile) -> str | None:
        return f"a {table.name} evening cannot be rescored under {target.name} rules: solo whist and vint are different games"

    def session_view(self, page: SessionPage) -> SessionView:
        """§5: the balances, their chart and the payment sheet."""
        return views.session_view(page)

    def replay_view(self, report: Reported, replay: Replayed, seat: Seat | None) -> ReplayView:
        """The dealing, the turn-up, the auction with its tokens and the deal's payments."""
        assert isinstance(replay, SoloReplay), type(replay)  # the replayer above gives no other
        return views.replay_view(report, replay, seat)
