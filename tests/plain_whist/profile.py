"""Plain whist's rule profile: what the engine asks every game, answered by plain whist's rules
(the package's docstring, plain_whist §1–§5)."""
from __future__ import annotations

from typing import ClassVar

from vint_replay.engine.record import SessionInfo
from vint_replay.engine.rule_profile import DealReplayer, RuleProfile

from .ledger import WhistLedger
from .replay import replay_whist_deal


class PlainWhist(RuleProfile):
    """Trumps by the turned-up card, no auction, a point a trick over six, game at five, rubber
    of three games."""

    name = "plain-whist"
    title = "Plain whist (a test game)"
    game = "Whist"
    game_threshold = 5  # plain_whist §5
    games_to_win_rubber = 2  # plain_whist §5: best of three
    double_dummy = False  # no contract for a double-dummy table to score
    laws_layer = False  # vint's laws on irregularities are not whist's
    batch_path = False  # the columnar path replays vint's auctions: plain whist takes the reference path
    calls_stored = False  # plain_whist §3: no auction, so no calls rows
    deal_fields: ClassVar[tuple[str, ...]] = ("turn_up",)  # plain_whist §2

    def deal_replayer(self, info: SessionInfo) -> DealReplayer:
        return replay_whist_deal

    def session_ledger(self, info: SessionInfo) -> WhistLedger:
        return WhistLedger(self)

    def rescoring_refused(self, table: RuleProfile, target: RuleProfile) -> str | None:
        return "plain whist has no auction and no contract: its evenings are scored under its own rules only"

    def totals_stored(self, info: SessionInfo) -> bool:
        return True  # its sheet is two sides' rubbers, as vint's
