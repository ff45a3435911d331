"""What independent referees of the newer games found (issue 22), each item against its rule:
who deals first in the two-, three- and five-handed methods and a later five-handed rubber
(players-2-3-5.md §6 rulings 15, 16), 2.4's dealer's dummy on a passed-out deal, the score
output's declarer and solo tricks (format.md §4, §5.5, §5.6), a solo claim inside a trick, law
157's dropped card, law 169's three-card trick in ``.vint`` and an unstated lost deal (laws.md)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from vint_replay.engine.cards import Hand
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.simulators.vint235 import simulate_session

from vint235_builders import codes, table_deal, table_session
from settled import settled

TABLES = Path(__file__).resolve().parents[1] / "sample_data" / "vint235"
TWO = ("Ivanov", "Petrov")  # the draw, highest first: Petrov drew the lowest card
FIVE = ("Т", "А", "К", "Ф", "Н")
EXAMPLE_1 = "A432.432.AK32.32 KQJT98.KQJT.JT.A 765.A765.Q54.654 .98.9876.KQJT987"
METHODS = [("vint2-open", TWO), ("vint2-exchange", TWO), ("vint2-cards", TWO), ("vint2-dummies", TWO),
           ("vint2-widow", TWO), ("vint3-dummy", ("A", "B", "C")), ("vint3-auction", ("A", "B", "C")), ("vint5", FIVE)]


def _own_place(roles, player: str) -> Seat:
    """Where ``player`` plays his own hand."""
    return next(s for s in SEATS if roles[s].live and roles[s].player == player)


def _dealer_problems(report, number: int) -> list[str]:
    return [d.message for d in report.diagnostics if d.deal == number and (d.code, d.at) == ("wrong_dealer", "dealer")]


# -- players-2-3-5.md §6 ruling 15: the lowest card deals first ---------------------------------------

@pytest.mark.parametrize("rules, party", METHODS)
def test_ruling_15_the_highest_card_may_not_deal_first(rules, party):
    """players-2-3-5.md §6 ruling 15 (laws.md §1; 3.1: «Игру начинает вынувший младшую карту»):
    in every method the lowest card of the draw deals the first deal; dealt by the highest
    seated player it is ``wrong_dealer`` at the first deal's dealer."""
    record = simulate_session(rules, party, 1, 11)
    roles = record.deals[0].own.roles
    seated = [r.player for r in roles if r.live]
    lowest, highest = max(seated, key=party.index), min(seated, key=party.index)
    assert record.deals[0].dealer is _own_place(roles, lowest)
    assert not _dealer_problems(evaluate(record), 1)
    wrong = replace(record, deals=(replace(record.deals[0], dealer=_own_place(roles, highest)),))
    told = _dealer_problems(evaluate(wrong), 1)
    assert told and f"{lowest} ({_own_place(roles, lowest)}), deals first" in told[0]


def test_ruling_15_a_dummy_does_not_deal_the_first_deal():
    """players-2-3-5.md §6 ruling 15, §2.1: the lowest card deals first himself, not the dummy of
    the first dealer: Petrov (E) drew the lowest card, so his dummy W may not deal deal 1."""
    roles = "N Ivanov; E Petrov; S dummy of Ivanov; W dummy of Petrov"
    assert table_session("vint2-open", TWO, table_deal(1, "E", roles, EXAMPLE_1, "pass pass")).valid
    assert codes(table_session("vint2-open", TWO, table_deal(1, "W", roles, EXAMPLE_1, "pass pass"))) == [
        ("wrong_dealer", "dealer")]


@pytest.mark.parametrize("name", ["dacha-2026-08-02-two", "dacha-2026-08-09-three", "dacha-2026-08-16-three",
                                  "dacha-2026-08-23-five"])
def test_ruling_15_the_sample_evenings_start_with_the_lowest_card(name):
    """players-2-3-5.md §6 ruling 15 and format.md §5.6 (players in draw order, highest first):
    each sample evening's first deal is dealt by the last of its players."""
    raw = json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))
    first = raw["deals"][0]
    assert first["roles"][first["dealer"]] == raw["session"]["players"][-1]


# -- players-2-3-5.md §6 ruling 16: the first dealer of a later five-handed rubber ------------------

def _rubber_starts(record) -> list[int]:
    """Indices of the deals that begin a rubber after the first (a new player out)."""
    deals = record.deals
    return [k for k in range(1, len(deals)) if deals[k].own.sits_out != deals[k - 1].own.sits_out]


def _ruling_16(last, new) -> Seat:
    """The place, in ``new``, of the first player left of ``last``'s dealer (in ``last``'s
    seating) who plays the new rubber."""
    playing = {r.player for r in new.own.roles if r.live}
    place = last.dealer.left
    while last.own.roles[place].player not in playing:
        place = place.left
    return _own_place(new.own.roles, last.own.roles[place].player)


def test_ruling_16_a_later_rubber_is_dealt_first_left_of_the_last_dealer_among_the_four():
    """players-2-3-5.md §6 ruling 16: the first dealer of rubber 2 is the player left of rubber
    1's last dealer among the four who play rubber 2; any other place is ``wrong_dealer``."""
    record = simulate_session("vint5", FIVE, 80, 3, rubbers=3)
    starts = _rubber_starts(record)
    assert len(starts) == 2
    assert evaluate(record).valid
    for k in starts:
        right = _ruling_16(record.deals[k - 1], record.deals[k])
        assert record.deals[k].dealer is right
        for place in SEATS:
            deals = list(record.deals)
            deals[k] = replace(deals[k], dealer=place)
            problems = _dealer_problems(evaluate(replace(record, deals=tuple(deals))), deals[k].number)
            assert bool(problems) is (place is not right), (k, place, problems)


def test_ruling_16_the_five_player_sample_starts_rubber_2_with_the_right_player():
    """players-2-3-5.md §6 ruling 16 in the sample evening of five players."""
    record = read_file(TABLES / "dacha-2026-08-23-five.json").record
    report = evaluate(record)
    assert report.valid
    for k in _rubber_starts(record):
        assert record.deals[k].dealer is _ruling_16(record.deals[k - 1], record.deals[k])


def test_ruling_16_a_new_rubber_seating_strangers_is_a_roles_error_not_a_traceback():
    """players-2-3-5.md §6 ruling 16 on bad input: a deal with a new player out whose roles name
    none of the last rubber's players is reported (``roles``), located, and nothing raises."""
    first = table_deal(1, "S", "N Ф; E А; S Н; W К", EXAMPLE_1, "pass " * 4, SitsOut="Т")
    strangers = table_deal(2, "E", "N X; E Y; S Z; W Q", EXAMPLE_1, "pass " * 4, SitsOut="А")
    found = codes(table_session("vint5", FIVE, first, strangers))
    assert ("roles", "roles.N") in found and all(at is not None for _, at in found)


# -- players-2-3-5.md §2.4: the dealer's dummy is the hand opposite him ------------------------------

def _twelve_and_widow() -> tuple[str, str]:
    """EXAMPLE_1 with each place's lowest card laid aside: four hands of 12 and a widow of 4 (§2.5)."""
    hands = [Hand.parse(h).mask for h in EXAMPLE_1.split()]
    aside = [h & -h for h in hands]
    return " ".join(Hand(h ^ a).pbn() for h, a in zip(hands, aside)), Hand(sum(aside)).pbn()


@pytest.mark.parametrize("rules", ["vint2-dummies", "vint2-widow"])
def test_2_4_the_dealers_dummy_is_opposite_him_on_a_passed_out_deal(rules):
    """players-2-3-5.md §2.4 (and 2.5, "as 2.4"): "The dealer's dummy is the hand opposite him" —
    also when nobody bids: Petrov deals at E, so W is his; giving W to Ivanov is a ``roles`` error at W."""
    hands, widow = (EXAMPLE_1, None) if rules == "vint2-dummies" else _twelve_and_widow()
    extra = {} if widow is None else {"Widow": widow}
    good = table_deal(1, "E", "N Ivanov; E Petrov; S dummy of Ivanov; W dummy of Petrov", hands, "pass pass", **extra)
    assert table_session(rules, TWO, good).valid, codes(table_session(rules, TWO, good))
    bad = table_deal(1, "E", "N Ivanov; E Petrov; S dummy of Petrov; W dummy of Ivanov", hands, "pass pass", **extra)
    assert codes(table_session(rules, TWO, bad)) == [("roles", "roles.W")]


# -- the output contract: format.md §4 (a deal's declarer is a seat), §5.5, §5.6 ----------------------

def test_the_declarer_of_a_two_player_deal_is_his_place_not_his_columns_letter():
    """format.md §4 and §5.6: ``declarer`` is the place (as in ``places``); 2.2: Petrov, the
    second column (``EW``), declares from S, so the deal says ``"S"``, not ``"E"``."""
    from vint_replay.games.vint235.sheet import table_score_json
    deal = table_deal(1, "S", "N Ivanov; E dead; S Petrov; W dead", EXAMPLE_1, "3D pass pass pass pass", result=9,
                      Exchanges="N no; S no")
    report = table_session("vint2-exchange", TWO, deal)
    assert report.valid, codes(report)
    (scored,) = table_score_json(report)["deals"]
    assert (scored["declarer"], scored["declarer_player"], scored["declarer_column"]) == ("S", "Petrov", "EW")
    assert scored["places"]["S"] == "Petrov"


@pytest.mark.parametrize("name", ["dacha-2026-08-02-two", "dacha-2026-08-09-three", "dacha-2026-08-23-five"])
def test_the_declarer_is_the_place_of_the_deals_own_places(name):
    """format.md §4, §5.6 (3.1 in particular, whose columns are turned): each deal's ``declarer``
    is where ``places`` put the declaring player, and his column holds him in ``columns``."""
    from vint_replay.games.vint235.sheet import table_score_json
    doc = table_score_json(evaluate(read_file(TABLES / f"{name}.json").record))
    declared = [d for d in doc["deals"] if d["contract"] is not None]
    assert declared
    for deal in declared:
        assert deal["places"][deal["declarer"]] == deal["declarer_player"], deal["number"]
        assert deal["declarer_player"] in doc["columns"][deal["rubber"] - 1][deal["declarer_column"]]


def test_the_declarer_of_the_auction_game_is_his_place_and_his_name_a_field_of_its_own():
    """format.md §4, §5.6: under 3.2 (a column per player) a deal's ``declarer`` is a seat too —
    where ``places`` put the declaring player — and ``declarer_player`` names him."""
    from vint_replay.games.vint235.sheet import table_score_json
    doc = table_score_json(evaluate(read_file(TABLES / "dacha-2026-08-16-three.json").record))
    declared = [d for d in doc["deals"] if d["contract"] is not None]
    assert declared
    for deal in declared:
        assert deal["declarer"] in ("N", "E", "S", "W"), deal["number"]
        assert deal["places"][deal["declarer"]] == deal["declarer_player"], deal["number"]
        assert deal["declarer_player"] not in deal["defenders"], deal["number"]
    passed = [d for d in doc["deals"] if d["contract"] is None]
    assert all(d["declarer"] is None and d["declarer_player"] is None for d in passed)


SOLO_EVENING = Path(__file__).resolve().parents[1] / "sample_data" / "solo" / "arbat-solo-2026-11-24.json"


def test_solo_tricks_are_null_where_no_tricks_are_counted():
    """format.md §5.5: ``tricks`` is ``null`` for misère, open misère and déclaré (solo-whist.md
    §4 ruling 10: their play stops once settled), the declaring side's count elsewhere."""
    from vint_replay.games.solo.sheet import solo_score_json
    report = evaluate(read_file(SOLO_EVENING).record)
    deals = solo_score_json(report.record, report.score)["deals"]
    uncounted = {"misere", "open_misere", "declare"}
    assert {d["contract"] for d in deals} >= uncounted | {"solo", "abond"}
    for deal in deals:
        if deal["contract"] in uncounted or deal["contract"] is None:
            assert deal["tricks"] is None, deal["number"]
        else:
            assert isinstance(deal["tricks"], int) and 0 <= deal["tricks"] <= 13, deal["number"]


# -- claims inside a trick: format.md §5 "Claims", solo-whist.md §4 and ruling 10 ---------------------

@pytest.mark.parametrize("contract, cards", [("abond", 38), ("misere", 46)])
def test_a_solo_claim_inside_a_trick_is_scored_from_its_result_or_outcome(contract, cards):
    """format.md §5 (a claim "anywhere, also inside a trick"), solo-whist.md §4 and ruling 10 (play
    stops "when the declarer's fate is settled"): the sample's abondance stopped after 38 cards
    with its result, and its misère claimed made inside trick 12 with its outcome, score as played."""
    record = read_file(SOLO_EVENING).record
    played = evaluate(record)
    k = next(i for i, r in enumerate(played.replays) if r.contract is not None and r.contract.value == contract
             and len(r.deal.play) == 52)
    full = played.replays[k]
    claim = dict(result=full.taken) if full.contract.terms.counts_tricks else {}
    deal = replace(full.deal, play=full.deal.play[:cards], **claim)
    if not claim:
        deal = replace(deal, own=replace(deal.own, outcome=full.made))
    report = evaluate(replace(record, deals=record.deals[:k] + (deal,) + record.deals[k + 1:]))
    assert not [d for d in report.diagnostics if d.deal == deal.number], report.diagnostics
    assert report.score.deals[k].payments == played.score.deals[k].payments
    assert report.replays[k].made is full.made and len(report.replays[k].tricks) == cards // 4


# -- laws.md §8.1, law 157: the dropper pays alone only for a later revoke in the dropped suit -------

def _dropped(card: str, trick: int):
    """§10.1's evening (W revokes in trick 5, ♥ led, playing ♠4 with ♥4 in hand) with W's dropped card."""
    from laws_builders import file_under_laws, revoke
    from vint_replay.engine.cards import Card
    from vint_replay.engine.record import Irregularity, IrregularityKind
    drop = Irregularity(IrregularityKind.DROPPED_CARD, Seat.W, trick, Card.parse(card))
    return file_under_laws("revoke_10_1.json", {1: (drop, revoke("W", 5))})


@pytest.mark.parametrize("card, trick, alone", [("H4", 5, True), ("H4", 3, True), ("D9", 5, False), ("H4", 6, False)])
def test_law_157_only_a_later_revoke_in_the_dropped_suit_is_the_droppers_alone(card, trick, alone):
    """laws.md §8.1, law 157 («…перекроет масть уроненной карты козырем или сделает на нее снос»):
    W's revoke on hearts after dropping ♥4 is his alone; after dropping ♦9 (another suit), or
    before he dropped ♥4, both partners pay: nobody answers alone and each player's result is
    his side's difference."""
    from vint_replay.games.laws.settlement import settlement
    report = _dropped(card, trick)
    assert report.valid, report.diagnostics
    (deal,) = report.score.deals
    ns, ew = report.score.totals
    results = settlement(report.score)
    if alone:
        (r,) = deal.responsible
        assert (r.seat, r.law) == (Seat.W, "157") and results[Seat.W] == ew - ns - r.amount
    else:
        assert deal.responsible == () and results == (ns - ew, ew - ns, ns - ew, ew - ns)


# -- law 169 in .vint: a three-card trick on its own line (format.md §3, laws.md §6.4) -----------------

def _missed_trick_session(trick: int, seat: str):
    """1NT by S; ``seat`` plays no card to ``trick`` (law 169, accepted as played) and throws
    his extra card after trick 13."""
    from builders import RANKED, deal, hands
    from laws_deals import classic_auction, laws_session, lowest_play
    from vint_replay.engine.cards import Card
    from vint_replay.engine.record import Irregularity, IrregularityKind

    cards = lowest_play(tuple(h.mask for h in hands(RANKED)), None, Seat.W, skips={trick: Seat.parse(seat)})
    played = sum(1 << c for c in cards)
    record = deal(1, "S", RANKED, classic_auction("S", "S", "1NT"), " ".join(c.name for c in cards))
    left = tuple(Card(c) for c in range(52) if not played >> c & 1)
    return laws_session(replace(record, thrown=left, irregularities=(
        Irregularity(IrregularityKind.MISSED_TRICK, Seat.parse(seat), trick),)))


def _play_lines(text: str) -> list[list[str]]:
    """The card lines of a one-deal ``.vint`` text's [Play] section."""
    lines = text.split("[Play]", 1)[1].splitlines()[1:]
    out = []
    for line in lines:
        if not line or line.startswith("["):
            if out and line.startswith("[Thrown"):
                break
            continue
        out.append(line.split())
    return out


def test_law_169_the_writer_puts_the_three_card_trick_on_its_own_line():
    """format.md §3 (one trick a line, leader first) and laws.md §6.4 (law 169): trick 6, which
    E missed, is its own three-card line; every other line is one whole trick."""
    from vint_replay.formats import write_text
    record = _missed_trick_session(6, "E")
    assert evaluate(record).valid
    lines = _play_lines(write_text(record, "vint"))
    assert [len(line) for line in lines] == [4] * 5 + [3] + [4] * 7
    tricks = evaluate(record).replays[0].tricks
    assert [[c.name for c in t.cards] for t in tricks] == lines


def test_law_169_a_three_card_trick_written_one_trick_a_line_is_read():
    """format.md §3, laws.md §6.4: a ``.vint`` play one trick a line, with trick 6 of three
    cards in mid-play, reads as the same record (not ``schema: trick 6 has 3 cards``); a
    three-card line in a trick nobody missed is still that error, at its place."""
    from vint_replay.formats import read_bytes, write_text
    record = _missed_trick_session(6, "E")
    text = write_text(record, "vint")
    back = settled(read_bytes(text.encode(), "vint"))
    assert not back.diagnostics and back.record.deals == record.deals
    wrong = text.replace('trick=6', 'trick=7')
    assert wrong != text
    problems = [(d.code, d.at, d.message) for d in read_bytes(wrong.encode(), "vint").diagnostics]
    assert ("schema", "play[20]", "trick 6 has 3 cards; a trick has 4 (one trick a line)") in problems


# -- laws.md §2.3: a lost deal "a record must state (deal_lost: true)" -------------------------------

@pytest.mark.parametrize("law", ["14", "22", "76", "169"])
def test_a_lost_deal_without_its_flag_is_a_located_warning(law):
    """laws.md §2.3: after a void by law 14, 22, 76 or 169 the next player deals and "a record
    must state" it with ``deal_lost: true``; a record that forgets the flag is still read as a
    lost deal, with the warning ``deal_lost_unstated`` at the deal's dealer."""
    from builders import deal
    from laws_deals import evaluated
    north_long = "AKQJT98765432.2.. .AKQJT9876543.. ..AKQJT9876543.2 ...AKQJT987654"  # 14/12 for the count voids
    void = replace(deal(auction="", hands_text=north_long if law == "22" else None), void=law)
    nxt = replace(deal(2, "E", auction="pass pass pass pass"))
    stated = evaluated(void, replace(nxt, deal_lost=True))
    assert stated.valid and not stated.diagnostics, stated.diagnostics
    (warning,) = evaluated(void, nxt).diagnostics
    assert (warning.code, warning.deal, warning.at, warning.severity) == ("deal_lost_unstated", 2, "dealer", "warning")
    assert f"law {law}" in warning.message
