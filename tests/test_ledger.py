"""The ledger's shortcut for deals that reach no game against its full :meth:`Ledger.settle`."""
from __future__ import annotations

from vint_replay.engine.calls import BIDS, Contract
from vint_replay.engine.ledger import Ledger
from vint_replay.games.registry import get_profile
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.seats import SEATS
from vint_replay.simulators.vint import deal_record, generated_session


def _race(ledger: Ledger, replay) -> tuple[tuple[int, int], tuple[int, int], tuple[list[int], list[int]]]:
    """A played deal's final points below the line, the race's peaks, and the race."""
    running = ledger.running(replay.contract, [t.winner.side for t in replay.tricks])
    return (running[0][-1], running[1][-1]), (max(running[0]), max(running[1])), running


def test_settle_below_agrees_with_settle_over_a_long_session():
    profile = get_profile()
    full, quick = Ledger(profile), Ledger(profile)
    _, deals = generated_session(7, 0, 400)
    previous = None
    shortcuts = games = 0
    for scored in deals:
        deal = deal_record(scored)
        replay = replay_deal(deal, profile, previous)
        previous = deal
        if replay.contract is None:
            assert full.settle(None, replay.tricks_won, None, deal.dealer) == \
                quick.settle(None, replay.tricks_won, None, deal.dealer)
            continue
        final, peak, running = _race(quick, replay)
        settled = full.settle(replay.contract, replay.tricks_won, running, deal.dealer)
        rubber = quick.settle_below(final, peak)
        if rubber is None:
            assert quick.settle(replay.contract, replay.tricks_won, running, deal.dealer) == settled
            games += settled.game is not None
        else:
            shortcuts += 1
            assert (rubber, settled.game, settled.entries, settled.below) == (settled.rubber, None, (), final)
        assert quick.below == full.below and quick.rubber.number == full.rubber.number
    assert shortcuts > 100 and games > 50  # both ways were taken
    assert quick.finish().rubbers == full.finish().rubbers


def test_settle_below_leaves_a_deal_that_may_reach_game_to_settle():
    profile = get_profile()
    ledger = Ledger(profile)
    ledger.below = [profile.game_threshold - 10, 0]
    assert ledger.settle_below((5, 0), (10, 0)) is None  # the race touches the threshold mid-deal
    assert ledger.below == [profile.game_threshold - 10, 0]
    assert ledger.settle_below((5, 0), (9, 0)) == 1
    assert ledger.below == [profile.game_threshold - 5, 0]
    contract = Contract(BIDS[0].level, BIDS[0].denomination, SEATS[0])  # type: ignore[arg-type]
    ledger.rubber.games.append(SEATS[0].side)
    ledger.rubber.winner = SEATS[0].side  # a won rubber: the next deal opens a new one, by settle
    assert ledger.settle_below((0, 0), (0, 0)) is None
    assert ledger.settle(contract, (7, 6), ([0] * 13, [0] * 13), SEATS[0]).rubber == 2
