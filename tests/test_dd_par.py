"""Vint par against small cases worked out by hand from rules/volchaninov.md §4."""
from __future__ import annotations

from vint_replay.analysis.dd import DDTable
from vint_replay.analysis.par import best_for, outcomes, par
from vint_replay.engine.calls import Contract, Denomination
from vint_replay.engine.cards import Hand
from vint_replay.games.registry import get_profile
from vint_replay.engine.seats import Seat, Side

PROFILE = get_profile()
NONE_VULNERABLE = (False, False)  # vint has no vulnerability
D = Denomination
# North all spades, East all hearts, South all diamonds, West all clubs: one ace each (2–2).
HANDS = tuple(Hand.parse(h).mask for h in (
    "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
# Its DD table (see test_dd): the holder's side takes 13 in his suit, declarer 0 in no-trump.
ONE_SUIT_EACH = DDTable((
    (13, 0, 13, 0),  # spades, by N E S W
    (0, 13, 0, 13),  # clubs
    (13, 0, 13, 0),  # diamonds
    (0, 13, 0, 13),  # hearts
    (0, 0, 0, 0),  # no-trump
))


def test_best_contracts_one_suit_each():
    scored = outcomes(ONE_SUIT_EACH, HANDS, PROFILE, NONE_VULNERABLE)
    # 7♦ by N–S, V = 8 + 60 = 68: 13 tricks 884 + slam 1000 + grand slam made 5000
    # + all five diamond honours 40 V = 2720 + aces 2–2 with more tricks 20 V = 1360.
    ns = best_for(Side.NS, scored)
    assert ns.contract == Contract(7, D.DIAMONDS, Seat.N)
    assert ns.points == (884 + 1000 + 5000 + 2720 + 1360, 0)
    # 7♥ by E–W, V = 10 + 60 = 70: 910 + 1000 + 5000 + 2800 + 1400 = 11110.
    ew = best_for(Side.EW, scored)
    assert ew.contract == Contract(7, D.HEARTS, Seat.E)
    assert ew.net(Side.EW) == 11110


def test_par_one_suit_each_hearts_outrank_diamonds():
    """7♥ beats 7♦ in vint's order, and N–S's only higher bid, 7NT, loses 13 tricks at level 7:
    whoever starts, the double-dummy auction ends in 7♥ by East."""
    scored = outcomes(ONE_SUIT_EACH, HANDS, PROFILE, NONE_VULNERABLE)
    for first in Side:
        result = par(scored, first)
        assert result is not None
        assert result.contract == Contract(7, D.HEARTS, Seat.E)
        assert result.points == (0, 11110)


def test_par_passed_out_when_every_contract_fails():
    """Declarer's side takes 6 tricks everywhere, one short of any contract: nobody bids."""
    table = DDTable(((6, 6, 6, 6),) * 5)
    scored = outcomes(table, HANDS, PROFILE, NONE_VULNERABLE)
    assert par(scored, Side.NS) is None
    # N–S's least bad contract is 1♦ (V 8): N–S 6 × 8 + diamond honours 40 × 8 = 368;
    # E–W 7 × 8 + 500 for the undertrick + aces 2–2 with more tricks 20 × 8 = 716.
    ns = best_for(Side.NS, scored)
    assert ns.contract == Contract(1, D.DIAMONDS, Seat.N)
    assert ns.points == (368, 716)


def test_par_worked_example_deal():
    """rules/volchaninov.md §6 deal with its DD table (test_dd): N–S's best is 5♥ by North making 11:
    V = 50; 11 × 50 = 550; honours ♥A Q J 10 = 4 → 30 V = 1500; aces ♠A ♥A ♣A → 1500.
    E–W take 2 × 50 = 100. E–W cannot outbid it profitably."""
    table = DDTable(((6, 7, 6, 7), (8, 5, 8, 5), (7, 6, 7, 6), (11, 1, 11, 1), (10, 2, 10, 2)))
    hands = tuple(Hand.parse(h).mask for h in (
        "652.QT9832.K.AT9", "KJ98.K4.A9853.86", "A4.AJ76.QT62.KQ5", "QT73.5.J74.J7432"))
    scored = outcomes(table, hands, PROFILE, NONE_VULNERABLE)
    ns = best_for(Side.NS, scored)
    assert ns.contract == Contract(5, D.HEARTS, Seat.N)
    assert ns.points == (550 + 1500 + 1500, 100)
    assert par(scored, Side.NS) == ns
