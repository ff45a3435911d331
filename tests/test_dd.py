"""Double-dummy analysis: DDS conventions checked on deals whose answers are known by hand, and
per-card results cross-checked against the engine and against DDS's AnalysePlay."""
from __future__ import annotations

import pytest

pytest.importorskip("endplay")

from vint_replay.analysis.dd import analyse_cards, analyse_replay, dd_table, table_for  # noqa: E402
from vint_replay.engine.calls import PASS, Call, Contract, Denomination  # noqa: E402
from vint_replay.engine.cards import Card, Hand  # noqa: E402
from vint_replay.formats import read_file  # noqa: E402
from vint_replay.games.registry import get_profile  # noqa: E402
from vint_replay.engine.record import DealRecord  # noqa: E402
from vint_replay.engine.replay import replay_deal  # noqa: E402
from vint_replay.engine.seats import Seat, Side  # noqa: E402
from vint_replay.engine.session import evaluate  # noqa: E402

PROFILE = get_profile()
D = Denomination

# Each seat holds one whole suit: North spades, East hearts, South diamonds, West clubs.
ONE_SUIT_EACH = tuple(Hand.parse(h).mask for h in (
    "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def test_one_suit_each_table_known_by_hand():
    """With a trump suit, its holder ruffs every trick: his side takes 13 whoever declares.
    In no-trump the leader (declarer's left) wins every trick and keeps the lead: declarer 0."""
    table = dd_table(ONE_SUIT_EACH)
    for seat in Seat:
        ns = seat.side is Side.NS
        assert table[D.SPADES, seat] == (13 if ns else 0)  # North holds the spades
        assert table[D.DIAMONDS, seat] == (13 if ns else 0)  # South the diamonds
        assert table[D.HEARTS, seat] == (0 if ns else 13)  # East the hearts
        assert table[D.CLUBS, seat] == (0 if ns else 13)  # West the clubs
        assert table[D.NOTRUMP, seat] == 0


def test_table_of_a_rotated_deal_rotates():
    """Giving every hand to the next seat clockwise moves each table column one seat on."""
    table = dd_table(ONE_SUIT_EACH)
    rotated = dd_table(ONE_SUIT_EACH[3:] + ONE_SUIT_EACH[:3])  # North now holds the clubs, …
    for d in Denomination:
        for seat in Seat:
            assert rotated[d, seat.left] == table[d, seat]


# North: ♠K–2 and ♥A; East: ♠A and ♥K–2; South all diamonds, West all clubs. West declares 1NT,
# North leads. A spade lead lets East win ♠A, but East must then lead hearts into North's ♥A and
# North runs his spades: N–S 12. Leading ♥A first leaves North no way back after the ♠A: N–S 1.
ACE_LEAD_HANDS = tuple(Hand.parse(h).mask for h in (
    "KQJT98765432.A..", "A.KQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def ace_lead_deal() -> DealRecord:
    play = ["HA", "H2", "D2", "C2", "S2", "SA", "D3", "C3"]
    hearts = "KQJT9876543"
    spades = "KQJT9876543"
    diamonds = "AKQJT987654"
    clubs = "AKQJT987654"
    for i in range(11):  # East runs his hearts; the others throw their single suit
        play += ["H" + hearts[i], "D" + diamonds[-1 - i], "C" + clubs[-1 - i], "S" + spades[-1 - i]]
    auction = (Call.parse("1NT"),) + (PASS,) * 12
    return DealRecord(1, Seat.W, auction, tuple(Hand(m) for m in ACE_LEAD_HANDS),  # type: ignore[arg-type]
                      tuple(Card.parse(c) for c in play))


def test_costly_opening_lead_known_by_hand():
    replay = replay_deal(ace_lead_deal(), PROFILE)
    assert replay.valid, replay.diagnostics
    assert replay.contract == Contract(1, D.NOTRUMP, Seat.W)
    analysis = analyse_replay(replay)
    assert analysis is not None
    lead = analysis.cards[0]
    assert lead.seat is Seat.N and lead.card is Card.HA
    assert lead.before == 1  # declarer's side (E–W) takes 1 trick against the spade lead
    assert lead.after == 12  # … and 12 after ♥A
    assert lead.cost == 11
    assert set(lead.best_cards) == {Card.parse("S" + r) for r in "KQJT98765432"}
    assert analysis.final == replay.tricks_won[Side.EW] == 12
    assert all(v.cost == 0 for v in analysis.cards[1:])  # the rest is forced or irrelevant


def worked_example_replay():
    return evaluate(read_file("tests/data/worked_example.json").record).replays[0]


def test_per_card_values_agree_with_analyse_play_and_the_engine():
    """Our per-position SolveBoard route against DDS's AnalysePlay route, and the last value
    against the tricks the engine counted."""
    from endplay.dds import analyse_play
    from endplay.types import Deal, Denom, Player

    from vint_replay.analysis.dd import _pbn

    replay = worked_example_replay()
    analysis = analyse_replay(replay)
    assert analysis is not None and len(analysis.cards) == 52
    deal = Deal(_pbn(replay.hands), first=Player.east, trump=Denom.clubs)  # 3♣ by North
    other_route = list(analyse_play(deal, [v.card.name for v in analysis.cards]))
    ours = [analysis.start] + [v.after for v in analysis.cards]
    assert ours[:len(other_route)] == other_route
    assert analysis.final == replay.tricks_won[Side.NS] == 8


def test_costs_add_up_and_positions_chain():
    analysis = analyse_replay(worked_example_replay())
    assert analysis is not None
    for a, b in zip(analysis.cards, analysis.cards[1:]):
        assert a.after == b.before
    for v in analysis.cards:
        assert v.cost >= 0
        assert (v.cost == 0) == bool(v.best >> v.card & 1)
    declaring, defending = analysis.lost_by(Side.NS), analysis.lost_by(Side.EW)
    assert analysis.final == analysis.start - declaring + defending
    assert declaring + defending > 0  # this real deal was not played perfectly


def test_table_matches_the_played_contract_start():
    replay = worked_example_replay()
    analysis = analyse_replay(replay)
    assert analysis is not None
    assert table_for(replay)[D.CLUBS, Seat.N] == analysis.start


def test_invalid_deal_is_refused_before_dds():
    deal = ace_lead_deal()
    bad = DealRecord(deal.number, deal.dealer, deal.auction, deal.hands,
                     deal.play[:5] + (Card.parse("D4"),) + deal.play[6:])  # East revokes with ♦4
    replay = replay_deal(bad, PROFILE)
    assert not replay.valid
    with pytest.raises(ValueError, match="not sent to DDS"):
        analyse_replay(replay)


def test_unfinished_play_values_its_last_card():
    cards = [c for c in ace_lead_deal().play[:6]]
    analysis = analyse_cards(ACE_LEAD_HANDS, Contract(1, D.NOTRUMP, Seat.W), Seat.N, cards, get_profile())
    assert [v.after for v in analysis.cards] == [12] * 6
