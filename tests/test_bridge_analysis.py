"""Bridge as a first-class game in the double-dummy analysis (issue 24): bridge's own par
(duplicate-bridge.md §3, rubber-bridge.md §5.4: doubled sacrifices, vulnerability) against cases
worked by hand and against endplay's DDS par; the analysis views in the profile's order; doubled
contracts on the replay and ``/analysis``; each game's figures kept apart."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("endplay")

from vint_replay.analysis.dd import DDTable, dd_table  # noqa: E402
from vint_replay.analysis.par import best_for, outcomes, par  # noqa: E402
from vint_replay.engine.calls import Contract, Denomination  # noqa: E402
from vint_replay.engine.cards import Hand  # noqa: E402
from vint_replay.engine.profiles import get_profile  # noqa: E402
from vint_replay.engine.seats import SEATS, Seat, Side  # noqa: E402

D = Denomination
DUPLICATE = get_profile("duplicate-bridge")
NONE_VULNERABLE = (False, False)
HANDS = tuple(Hand.parse(h).mask for h in (  # any four hands: duplicate scoring never reads them (§3, no honours)
    "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def _table(ns: dict[Denomination, int], ew: dict[Denomination, int]) -> DDTable:
    """A DD table where both N–S declarers take ``ns[d]`` tricks and both E–W declarers ``ew[d]``."""
    return DDTable(tuple((ns[d], ew[d], ns[d], ew[d]) for d in Denomination))


# N–S make ten tricks in spades, E–W nine in hearts; everything else goes six for the declarer.
SACRIFICE = _table({D.SPADES: 10, D.HEARTS: 4, D.CLUBS: 6, D.DIAMONDS: 6, D.NOTRUMP: 6},
                   {D.SPADES: 3, D.HEARTS: 9, D.CLUBS: 6, D.DIAMONDS: 6, D.NOTRUMP: 6})


def test_bridge_par_is_the_doubled_sacrifice_not_vulnerable():
    """4♠ by N–S makes 420 (120 + 300, duplicate-bridge.md §3); E–W's 5♥ doubled two down not
    vulnerable costs 100 + 200 = 300 (rubber-bridge.md §5.4), less than 420, and N–S's 5♠ is
    one down doubled: the auction ends in 5♥X by East (E before W on a tie), whoever deals."""
    scored = outcomes(SACRIFICE, HANDS, DUPLICATE, NONE_VULNERABLE)
    for first in Side:
        result = par(scored, first)
        assert result is not None
        assert result.contract == Contract(5, D.HEARTS, Seat.E, doubled=2)
        assert result.points == (300, 0)
    ns = best_for(Side.NS, scored)
    assert ns.contract == Contract(4, D.SPADES, Seat.N) and ns.points == (420, 0)


def test_bridge_par_lets_the_game_stand_when_the_sacrifice_is_vulnerable():
    """E–W vulnerable: 5♥X two down costs 200 + 300 = 500 (§5.4), more than 420: 4♠ stands."""
    result = par(outcomes(SACRIFICE, HANDS, DUPLICATE, (False, True)), Side.NS)
    assert result is not None
    assert result.contract == Contract(4, D.SPADES, Seat.N)
    assert result.points == (420, 0)


def test_vint_par_never_doubles():
    """Vint has no doubles (volchaninov.md §3): no contract it scores is doubled, so a vint par is
    never a doubled contract whatever the table."""
    scored = outcomes(SACRIFICE, HANDS, get_profile(), NONE_VULNERABLE)
    assert {o.contract.doubled for o in scored} == {1}


def test_outcomes_come_in_the_profiles_bidding_order():
    """Bridge ranks ♣ < ♦ < ♥ < ♠ < NT (rubber-bridge.md §2), vint ♠ < ♣ < ♦ < ♥ < NT."""
    for name, first_five in (("duplicate-bridge", [D.CLUBS, D.DIAMONDS, D.HEARTS, D.SPADES, D.NOTRUMP]),
                             ("volchaninov", [D.SPADES, D.CLUBS, D.DIAMONDS, D.HEARTS, D.NOTRUMP])):
        scored = outcomes(SACRIFICE, HANDS, get_profile(name), NONE_VULNERABLE)
        assert [o.contract.denomination for o in scored[:20:4]] == first_five


def test_par_labels_come_from_the_profile():
    assert DUPLICATE.par_label == get_profile("rubber-bridge").par_label == "Par"
    assert get_profile("volchaninov").par_label == get_profile("classic").par_label == "Vint par"


def _random_hands(rng: random.Random) -> tuple[int, int, int, int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return tuple(sum(1 << c for c in cards[13 * i:13 * i + 13]) for i in range(4))  # type: ignore[return-value]


VULNERABILITIES = {(False, False): "none", (True, False): "ns", (False, True): "ew", (True, True): "both"}


def test_bridge_par_score_agrees_with_endplays_dds_par():
    """On random deals, every vulnerability and dealer: the N–S net at our duplicate par equals
    DDS's own par score (DealerParBin, through endplay), an independent implementation."""
    from endplay.dds import calc_dd_table, par as dds_par
    from endplay.types import Deal, Player, Vul

    rng = random.Random(24)
    for _ in range(6):
        hands = _random_hands(rng)
        ours = dd_table(hands)
        theirs = calc_dd_table(Deal("N:" + " ".join(Hand(h).pbn() for h in hands)))
        for vulnerable, vul in VULNERABILITIES.items():
            scored = outcomes(ours, hands, DUPLICATE, vulnerable)
            for dealer in SEATS:
                result = par(scored, dealer.side)
                net = 0 if result is None else result.net(Side.NS)
                assert net == dds_par(theirs, Vul[vul], Player(int(dealer))).score, (hands, vulnerable, dealer)
