"""Hypothesis properties, for every registered profile and the synthetic test profiles: random
legal sessions validate, round-trip through JSON and ``.vint``, and score as the rules written in
the tests say (the play's legality and trick winners from tests/oracle.py or the synthetic
profile's own rules, a deal's entries from the independent oracles tests/oracle.py and
tests/classic_oracle.py); any single corruption of every kind, under every profile, is reported
with the right code, deal and location, and nothing else is reported in that deal."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import bridge_oracle
import classic_oracle
import oracle
from strategies import PlayRules, play_rules, random_cards, sessions
from synthetic_profile import ALL_PROFILES, SYNTHETIC
from vint_replay.engine.cards import Suit, iter_bits
from vint_replay.games.registry import RubberState, RuleProfile, get_profile
from vint_replay.engine.replay import DealReplay
from vint_replay.engine.scoring import DealFacts, Entry, Item, Line
from vint_replay.engine.seats import SIDES, Side
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats.json_record import read_json, record_to_json, write_json
from vint_replay.formats.vint_text import read_vint, write_vint
from vint_replay.engine.record import SessionRecord
from settled import settled

pytestmark = pytest.mark.usefixtures("synthetic_profiles")
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# one (profile, corruption kind) pair: each of the 13 kinds under each of the 6 profiles
PER_KIND = settings(max_examples=6, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.parametrize("rules", ALL_PROFILES)
@FAST
@given(data=st.data())
def test_random_legal_session_validates_and_scores(rules: str, data):
    """A random legal session is valid; its play obeys the profile's leader and the play's rules
    written in the tests (checked card by card here); a deal writes the entries the independent
    oracles give for its facts (vulnerability from the rubber's games and passed-out deals so
    far, where the profile has it), then the game's
    premiums; the game goes to the first side whose ``below_points`` reach the threshold, trick
    by trick, from a fresh line after each game; a rubber is the profile's number of games;
    passed-out deals write what the profile says; the totals add up."""
    record = data.draw(sessions(max_deals=8, rules=rules))
    report = evaluate(record)
    assert report.valid, [d.describe() for d in report.diagnostics]
    profile = report.profile
    score = report.score
    assert score is not None and len(score.deals) == len(record.deals)
    below = [0, 0]
    rubber = 1
    games: list[Side] = []
    passed_out = 0
    for replay, deal in zip(report.replays, score.deals):
        if deal.rubber != rubber:  # a new rubber only after a won one, with fresh lines
            assert deal.rubber == rubber + 1 and score.rubbers[rubber - 1].finished
            rubber, below, games, passed_out = deal.rubber, [0, 0], [], 0
        assert deal.below_before == tuple(below)
        if replay.passed_out:
            passed_out += 1
            assert deal.game is None and deal.contract is None
            if profile.plays_passed_out():
                check_play(replay, profile, None, profile.passed_out_leader(replay.deal.dealer))
                assert deal.tricks == tricks_by_side(replay)
            else:
                assert replay.tricks == ()
            assert list(deal.entries) == profile.passed_out_entries(replay.deal.dealer, deal.tricks)
            continue
        contract = deal.contract
        assert len(replay.tricks) == 13 and sum(deal.tricks) == 13
        # the deal's own entries first: the profile's, on its facts and the rubber's state so far
        vulnerable = profile.vulnerability(RubberState(tuple(games), passed_out), replay.deal.number, None)
        own = expected_entries(profile, DealFacts(contract, deal.tricks, replay.hands, vulnerable))
        assert sorted(map(entry_key, deal.entries[:len(own)])) == sorted(own)
        check_play(replay, profile, contract.trump, profile.opening_leader(contract.declarer))
        assert deal.tricks == tricks_by_side(replay)
        races = profile.below_points(contract, contract.declarer.side, 13) > 0  # else no game race (duplicate)
        for side in SIDES:  # only the tricks go below, as much as below_points says where games are raced for
            if races:
                assert deal.totals(side).below == profile.below_points(contract, side, deal.tricks[side])
            assert all(e.item is Item.TRICKS for e in deal.entries if e.side is side and e.line is Line.BELOW)
        running = list(below)
        taken = [0, 0]
        first = None
        for number, trick in enumerate(replay.tricks, 1):
            side = trick.winner.side
            taken[side] += 1
            running[side] = below[side] + profile.below_points(contract, side, taken[side])
            if first is None and running[side] >= profile.game_threshold:
                first = (side, number)
        if first is None:
            assert deal.game is None and len(deal.entries) == len(own)
            below = running
        else:
            assert (deal.game.side, deal.game.trick) == first
            games.append(first[0])
            won = games.count(first[0]) == profile.games_to_win_rubber
            assert deal.game.bonus == ("rubber" if won else "game")
            premiums = profile.game_entries(first[0], games, won)
            if won:
                premiums += profile.rubber_won_entries(RubberState(tuple(games), passed_out), first[0])
            assert deal.entries[len(own):] == tuple(premiums)
            below = [0, 0]
    for rubber_score in score.rubbers:
        mine = [d for d in score.deals if d.rubber == rubber_score.number]
        closing = [sum(e.points for e in rubber_score.closing_entries if e.side is s) for s in SIDES]
        assert rubber_score.totals == [sum(d.totals(s).below + d.totals(s).above for d in mine) + closing[s]
                                       for s in SIDES]
        assert [d.game.side for d in mine if d.game] == rubber_score.games
        assert len(rubber_score.games) <= 2 * profile.games_to_win_rubber - 1
        if rubber_score.finished:
            assert rubber_score.games.count(rubber_score.winner) == profile.games_to_win_rubber
            assert not rubber_score.closing_entries
    assert score.totals == tuple(sum(r.totals[s] for r in score.rubbers) for s in SIDES)
    assert score.totals == tuple(sum(e.points for d in score.deals for e in d.entries if e.side is s)
                                 + sum(e.points for r in score.rubbers for e in r.closing_entries if e.side is s)
                                 for s in SIDES)


def tricks_by_side(replay: DealReplay) -> tuple[int, int]:
    return tuple(sum(1 for t in replay.tricks if t.winner.side is s) for s in SIDES)  # type: ignore[return-value]


def check_play(replay: DealReplay, profile: RuleProfile, trump, leader) -> None:
    """The play card by card: ``leader`` leads, each card is held and allowed by the play's rules
    written in the tests (:func:`strategies.play_rules`), the trick's winner by those rules leads
    next; every card dealt is played."""
    rules = play_rules(profile)
    remaining = list(replay.hands)
    for trick in replay.tricks:
        assert trick.leader is leader
        led = trick.cards[0].suit
        for i, card in enumerate(trick.cards):
            seat = trick.seat_of(i)
            assert remaining[seat] >> card & 1
            if i:
                assert rules.legal(remaining[seat], led) >> card & 1
            remaining[seat] &= ~(1 << card)
        assert trick.winner is trick.seat_of(rules.winner([int(c) for c in trick.cards], trump))
        leader = trick.winner
    assert remaining == [0, 0, 0, 0]


EntryKey = tuple[str, str, str, int]  # (side "NS" / "EW", line, item, points), the oracles' form


def entry_key(entry: Entry) -> EntryKey:
    return entry.side.name, entry.line.value, entry.item.value, entry.points


def expected_entries(profile: RuleProfile, facts: DealFacts) -> list[EntryKey]:
    """A played deal's own entries (before any game premium) as rules written in the tests give
    them: rules/volchaninov.md §4 (tests/oracle.py), rules/classic.md §3–§8
    (tests/classic_oracle.py), rules/rubber-bridge.md §4–§5 (tests/bridge_oracle.py), a
    synthetic profile's own ``deal_entries`` (tests/synthetic_profile.py). Duplicate bridge has
    no independent oracle here: its entries are the profile's ``deal_entries`` (its values are
    proven by test_duplicate_bridge.py against the rules' worked boards)."""
    contract = facts.contract
    seat_cards = {seat: {oracle.card_name(c) for c in iter_bits(facts.hands[i])} for i, seat in enumerate(oracle.SEATS)}
    tricks = {side.name: facts.tricks[side] for side in SIDES}
    if profile.name == "volchaninov":
        side_cards = {"NS": seat_cards["N"] | seat_cards["S"], "EW": seat_cards["E"] | seat_cards["W"]}
        return oracle.deal_premiums(str(contract), contract.declarer.name, tricks, side_cards)
    if profile.name == "classic":
        return classic_oracle.deal_entries(str(contract), contract.declarer.name, tricks, seat_cards)
    if profile.name == "rubber-bridge":
        return bridge_oracle.deal_entries(contract.level, contract.denomination.code, contract.doubled,
                                          contract.declarer.name, tricks, seat_cards,
                                          facts.vulnerable[contract.declarer.side], profile.options["honours"] == "on")
    assert profile.name in SYNTHETIC or profile.name == "duplicate-bridge", f"no oracle for {profile.name}"
    return [entry_key(e) for e in profile.deal_entries(facts)]


@pytest.mark.parametrize("rules", ALL_PROFILES)
@FAST
@given(data=st.data())
def test_json_and_vint_round_trips_are_canonical_and_stable(rules: str, data):
    record = data.draw(sessions(max_deals=4, rules=rules))
    text = write_json(record)
    again = read_json(text)
    assert again.diagnostics == [] and again.record == record
    assert write_json(again.record) == text
    assert json.loads(text) == record_to_json(record)
    vint = write_vint(record)
    back = settled(read_vint(vint))
    assert [d for d in back.diagnostics if d.severity == "error"] == [] and back.record == record
    assert write_vint(back.record) == vint


# Corruptions: each edits one deal of the JSON form and says which (code, at) must be reported,
# or returns None when the deal does not allow it (a passed-out deal has no play to spoil).
Choose = Callable[[int], int]
Corruption = Callable[[dict, SessionReport, int, Choose], "tuple[str, str] | None"]


def swap_in_trick(raw: dict, report: SessionReport, k: int, choose: Choose):
    """Two cards of one trick exchanged: the first of them is not in its player's hand."""
    if "play" not in raw:
        return None
    trick, i = choose(13), choose(3)
    j = i + 1 + choose(3 - i)
    play = raw["play"]
    a, b = 4 * trick + i, 4 * trick + j
    play[a], play[b] = play[b], play[a]
    return "hands_mismatch", f"play[{a}]"


def revoke_in(suit: Suit) -> Corruption:
    """A revoke to a trick led in ``suit``: a player who could follow plays instead a card of
    another suit he holds, and the rest of the play is drawn again by the play's rules from
    there, so that the revoke is the deal's one fault (rules/volchaninov.md §3: follow suit)."""
    def revoke(raw: dict, report: SessionReport, k: int, choose: Choose):
        replay = report.replays[k]
        rules = play_rules(report.profile)
        options = []
        remaining = list(replay.hands)
        for t, trick in enumerate(replay.tricks):
            for i, card in enumerate(trick.cards):
                seat = trick.seat_of(i)
                if i and trick.cards[0].suit is suit and remaining[seat] & oracle.SUIT_CARDS << 13 * suit:
                    options += [(4 * t + i, c) for c in iter_bits(remaining[seat] & ~rules.legal(remaining[seat], suit))]
                remaining[seat] &= ~(1 << card)
        if not options:
            return None
        a, card = options[choose(len(options))]
        played = [int(c) for t in replay.tricks for c in t.cards]
        trump = None if replay.contract is None else replay.contract.trump
        play = random_cards(choose, replay.hands, trump, replay.tricks[0].leader, rules, start=[*played[:a], card])
        raw["play"] = [c.name for c in play]
        return "revoke", f"play[{a}]"

    revoke.__name__ = f"revoke_{suit.name.lower()}"
    return revoke


def short_auction(raw: dict, report: SessionReport, k: int, choose: Choose):
    raw["auction"].pop()
    stopped = _may_stop(raw, report) and "play" not in raw  # a duplicate board left in its auction
    return "unfinished" if stopped else "auction_incomplete", f"auction[{len(raw['auction'])}]"


def insufficient_bid(raw: dict, report: SessionReport, k: int, choose: Choose):
    """The call after the first bid becomes that same bid again."""
    bids = [i for i, c in enumerate(raw["auction"]) if c != "pass"]
    if not bids:
        return None
    raw["auction"][bids[0] + 1] = raw["auction"][bids[0]]
    return "insufficient_bid", f"auction[{bids[0] + 1}]"


def double(raw: dict, report: SessionReport, k: int, choose: Choose):
    """A double or redouble where the profile has none, or before any bid where it has them."""
    i = 0 if report.profile.doubles_allowed else choose(len(raw["auction"]))
    raw["auction"][i] = ("X", "XX")[choose(2)]
    return "bad_call", f"auction[{i}]"


def extra_pass(raw: dict, report: SessionReport, k: int, choose: Choose):
    """A pass after the profile's closing passes."""
    raw["auction"].append("pass")
    return "call_after_close", f"auction[{len(raw['auction']) - 1}]"


def passed_out_play(raw: dict, report: SessionReport, k: int, choose: Choose):
    """A passed-out deal with a play where the profile throws it in, without one where it
    plays it out."""
    if not report.replays[k].passed_out:
        return None
    if report.profile.plays_passed_out():
        del raw["play"]
        return "missing_play", "play"
    raw["play"] = [name for hand in raw["hands"].values() for name in _cards_of(hand)]
    return "play_after_passout", "play[0]"


def _may_stop(raw: dict, report: SessionReport) -> bool:
    """Whether the deal, cut short, is an unfinished board: a duplicate board with no result
    (duplicate-bridge.md §1, format.md §5.2: its table left it; one warning, not an error)."""
    return report.profile.hand_records and "result" not in raw


def _cards_of(pbn: str) -> list[str]:
    return [suit + rank for suit, holding in zip("SHDC", pbn.split(".")) for rank in holding]


def truncated_play(raw: dict, report: SessionReport, k: int, choose: Choose):
    if "play" not in raw:
        return None
    keep = choose(52)
    del raw["play"][keep:]
    return "unfinished" if _may_stop(raw, report) else "play_incomplete", f"play[{keep}]"


def wrong_dealer(raw: dict, report: SessionReport, k: int, choose: Choose):
    if k == 0 or not get_profile(report.record.info.rules).dealer_rotation:  # duplicate-bridge.md §2: as given
        return None
    seats = [s for s in "NESW" if s != raw["dealer"]]
    raw["dealer"] = seats[choose(3)]
    return "wrong_dealer", "dealer"


def duplicate_number(raw: dict, report: SessionReport, k: int, choose: Choose):
    if k == 0:
        return None
    raw["number"] = report.record.deals[k - 1].number
    return "deal_number", "number"


REVOKES = [revoke_in(suit) for suit in Suit]
CORRUPTIONS: list[Corruption] = [swap_in_trick, *REVOKES, short_auction, extra_pass, insufficient_bid, double,
                                 passed_out_play, truncated_play, wrong_dealer, duplicate_number]


def corrupt(data: st.DataObject, record: SessionRecord, kind: Corruption, raw: dict, exclude: set[int] = set()):
    """Apply ``kind`` to one deal chosen among those that allow it; (deal number, code, at)."""
    report = evaluate(record)
    choose = lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0  # noqa: E731
    candidates = [k for k in range(len(record.deals)) if k not in exclude]
    assume(candidates)
    k = candidates[choose(len(candidates))]
    trial = json.loads(json.dumps(raw["deals"][k]))
    expected = kind(trial, report, k, choose)
    assume(expected is not None)
    raw["deals"][k] = trial
    return k, trial["number"], *expected


def errors(raw: dict) -> list[tuple[int | None, str, str | None]]:
    """Every error of the record ``raw``, and an unfinished board's warning (see :func:`describe`): (deal, code, at)."""
    return [f[:3] for f in describe(raw)]


def describe(raw: dict) -> list[tuple[int | None, str, str | None, str]]:
    """Every error of the record ``raw``, and the one warning of a duplicate board cut short
    (``unfinished``, format.md §5.2): (deal, code, at, message)."""
    result = read_json(json.dumps(raw))
    assert result.record is not None
    report = evaluate(result.record, result.diagnostics)
    return [(d.deal, d.code, d.at, d.message) for d in report.diagnostics
            if d.severity == "error" or d.code == "unfinished"]


@pytest.mark.parametrize("kind", CORRUPTIONS, ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("rules", ALL_PROFILES)
@PER_KIND
@given(st.data())
def test_single_corruption_is_reported_where_it_is(rules: str, kind: Corruption, data):
    """Each kind of corruption under each profile (not a kind drawn at random, so that every
    pair is tried every run): the corrupted deal reports that one fault — its code at its
    place — and nothing else, other deals nothing. A wrong dealer (or, in duplicate, a board
    number, which fixes the dealer) reads the whole auction from the wrong seat, so there the
    fault is the deal's first report and the auction's consequences may follow it."""
    if kind is wrong_dealer and not get_profile(rules).dealer_rotation:
        pytest.skip(f"{rules}: the board gives the dealer (duplicate-bridge.md §2), no rotation to break")
    record = data.draw(sessions(min_deals=1, max_deals=4, rules=rules))
    raw = record_to_json(record)
    k, number, code, at = corrupt(data, record, kind, raw)
    found = describe(raw)
    mine = [f[:3] for f in found if f[0] == number]
    if kind in (wrong_dealer, duplicate_number):
        assert mine[:1] == [(number, code, at)], found
    else:
        assert mine == [(number, code, at)], found
    if kind in REVOKES:  # refused for that reason: the suit led is the one the player held
        suit = Suit[kind.__name__.removeprefix("revoke_").upper()]
        assert f"must follow {suit.symbol}" in next(f[3] for f in found if f[0] == number)
    later = {f[:3] for f in found if f[0] != number}
    if kind is wrong_dealer:  # the next deal's dealer is judged against this wrong one
        assert later <= {(number + 1, "wrong_dealer", "dealer")}
    elif kind is not duplicate_number:
        assert not later, found


@pytest.mark.parametrize("rules", ALL_PROFILES)
@FAST
@given(st.sampled_from(CORRUPTIONS), st.sampled_from(CORRUPTIONS), st.data())
def test_a_broken_deal_does_not_hide_a_later_one(rules: str, first: Corruption, second: Corruption, data):
    record = data.draw(sessions(min_deals=3, max_deals=4, rules=rules))
    raw = record_to_json(record)
    # the second deal is at least two after the first: a wrong dealer or number there is
    # judged against the deal just before it
    n = len(record.deals)
    k, number, code, at = corrupt(data, record, first, raw, exclude={n - 2, n - 1})
    _, number2, code2, at2 = corrupt(data, record, second, raw, exclude=set(range(k + 2)))
    assume(number2 != number)
    found = errors(raw)
    assert (number, code, at) in found and (number2, code2, at2) in found, found


@pytest.mark.parametrize("rules", ALL_PROFILES)
@FAST
@given(st.data())
def test_result_only_deals_score_like_their_play(rules: str, data):
    """format.md §2 `result`: a deal recorded by its result scores as its played version (the game
    without its trick number) — or is ``order_needed`` when the play shows both sides reaching
    the profile's threshold."""
    record = data.draw(sessions(max_deals=8, rules=rules))
    played = evaluate(record)
    profile = played.profile
    converted = set()
    deals = []
    for deal, replay in zip(record.deals, played.replays):
        if replay.contract is not None and data.draw(st.booleans()):
            converted.add(deal.number)
            deal = replace(deal, play=None, result=replay.tricks_won[replay.contract.declarer.side])
        deals.append(deal)
    report = evaluate(replace(record, deals=tuple(deals)))
    if not report.valid:
        (number, code, at), = [(d.deal, d.code, d.at) for d in report.diagnostics]
        assert code == "order_needed" and at == "result" and number in converted
        deal = next(d for d in played.score.deals if d.number == number)
        assert all(deal.below_before[s] + profile.below_points(deal.contract, s, deal.tricks[s])
                   >= profile.game_threshold for s in SIDES)
        return
    for before, after in zip(played.score.deals, report.score.deals):
        assert after.entries == before.entries and after.rubber == before.rubber
        if before.game is None:
            assert after.game is None
        else:
            trick = None if before.number in converted else before.game.trick
            assert (after.game.side, after.game.bonus, after.game.trick) == (before.game.side, before.game.bonus, trick)
