"""The synthetic test profiles change every hook of the base profile (so the profile-parametrised
tests can catch a part of the program that ignores one), and what only they exercise."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from strategies import random_session
from synthetic_profile import GAME_STEP, RUBBER_PREMIUM, SYNTHETIC, Synthetic
from vint_replay.games.registry import RuleProfile
from vint_replay.engine.record import LineTotals
from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import SIDES
from vint_replay.engine.session import evaluate
from vint_replay.reports.audit import audit

pytestmark = pytest.mark.usefixtures("synthetic_profiles")

# Base members that are not rules of their own: identity, options, and what is derived from the
# hooks (bid ranks from the order, the strength table and trick winner from card strengths,
# the sorted score from the deal entries, pass counts read by auction_closed), the batch path's
# hints (the synthetic profile's entries_by_counts is False unlike the default profile's) and the
# scoresheet's layout; the laws layered over a profile (``with_laws``); and what a game other
# than vint supplies in place of the whole replay and ledger, with its records' shape (solo
# whist's, tested in test_solo_whist.py); and whether its deals go to double-dummy analysis (tested
# over the solo and 2/3/5-player samples); and whether the laws' revoke penalty may be taken in
# points, a part of the laws layer the synthetic profile refuses (tested in test_players_235.py); and
# duplicate bridge's board rules — hand records, the dealer as the board gives it, boards in any
# order — (tested over duplicate bridge's boards in test_pbn_found.py), and its boards scored each on
# its own beside a broken one (tested in test_duplicate_comparison.py); and the names the analysis
# gives its game and its par (tested over the bridge profiles in test_bridge_analysis.py); and a
# game's own deal fields, whether its score is two sides' totals, whether its calls are stored and
# why it refuses rescoring (tested over plain whist, the test game, in test_plain_whist.py, and
# over solo whist and the 2/3/5-player methods); and how the record formats write a game — its
# deal fields' codecs, PBN's [Scoring], LIN's bridge boards, the text's AP — (tested over every
# game's records in the formats' tests: test_solo_formats.py, test_table_formats.py,
# test_pbn_export.py, test_lin.py, test_vint_text.py); and which analysis last changed its figures
# (tested over bridge's stale rows in test_analysis_versions.py); and how /analysis
# counts its evenings (tested over the solo and 2/3/5-player
# samples in test_dashboard_solo.py and test_dashboard_tables.py); and the dashboard's views a game
# supplies (tested over solo whist, the 2/3/5-player methods and a planted profile in
# test_dashboard_solo.py, test_dashboard_tables.py and test_dashboard_seam.py); and the writer of a
# game's own sheet (tested over solo whist and the 2/3/5-player methods in test_sheets.py).
NOT_HOOKS = {"name", "title", "doc", "option_values", "with_options", "with_laws", "bid_ranks", "order_text",
             "strength_table", "trick_winner", "score", "auction_closed", "batch_path", "entries_by_counts",
             "scoresheet", "deal_replayer", "session_ledger", "double_dummy",
             "revoke_choice", "hand_records", "dealer_rotation", "numbers_increase", "boards_independent", "game",
             "par_label",
             "deal_fields", "totals_stored", "calls_stored", "rescoring_refused",
             "deal_codecs", "pbn_scoring", "bridge_boards", "all_pass", "analysis_since",
             "analysed", "session_view", "replay_view", "players_view", "sheet_writer"}


def test_every_hook_of_the_base_profile_is_changed_by_a_synthetic_profile():
    hooks = {k for k in vars(RuleProfile) if not k.startswith("_")} - NOT_HOOKS
    changed = {k for cls in SYNTHETIC.values() for k in hooks
               if getattr(cls, k) != getattr(RuleProfile, k)}
    assert hooks - changed == set()


def _deal(found) -> tuple:
    """A synthetic session and the index of its first played deal for which ``found(deal)``."""
    for seed in range(200):
        record = random_session(random.Random(seed).randrange, 12, f"audit-{seed}", rules=Synthetic.name)
        report = evaluate(record)
        for k, deal in enumerate(report.score.deals):
            if deal.contract is not None and found(deal):
                return record, report, k
    raise AssertionError("no such deal in 200 sessions")


def _audited(record, report, k: int, side, above: int) -> str:
    """The audit's one explanation when ``side``'s above-the-line figure of deal ``k`` is
    recorded ``above`` points off."""
    deal = report.score.deals[k]
    totals = [deal.totals(s) for s in SIDES]
    totals[side] = LineTotals(totals[side].below, totals[side].above + above)
    deals = list(record.deals)
    deals[k] = replace(deals[k], recorded=tuple(totals))
    record = replace(record, deals=tuple(deals))
    (mismatch,) = audit(record, evaluate(record).score).mismatches
    assert mismatch.line is Line.ABOVE and mismatch.side is side
    return mismatch.explanation


def test_the_audit_offers_the_profiles_own_slips():
    """A first game's premium written as the rubber's: the synthetic profile's slips() names it."""
    record, report, k = _deal(lambda d: d.game is not None and d.game.bonus == "game" and
                              [e.points for e in d.entries if e.item is Item.GAME] == [GAME_STEP])
    side = report.score.deals[k].game.side
    explanation = _audited(record, report, k, side, RUBBER_PREMIUM - GAME_STEP)
    assert f"game written as {RUBBER_PREMIUM} (the rubber's premium) instead of {GAME_STEP}" in explanation


def test_the_audit_says_why_a_premium_is_not_due_in_the_profiles_words():
    """A game premium written in a deal without a game: premiums_not_due() and why_not_due()."""
    record, report, k = _deal(lambda d: d.game is None)
    explanation = _audited(record, report, k, SIDES[0], GAME_STEP)
    assert f"game {GAME_STEP} not due — N–S did not reach 300 below in this deal" in explanation
