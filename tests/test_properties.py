"""Hypothesis properties: random legal sessions validate and score with the invariants of
rules/volchaninov.md; any single corruption is reported with the right code, deal and location."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Callable

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from strategies import sessions
from vint_replay.formats.json_record import read_json, record_to_json, write_json
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.scoring import Item, Line
from vint_replay.engine.seats import SIDES, Side
from vint_replay.engine.session import SessionReport, evaluate

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THRESHOLD = 500  # rules/volchaninov.md §5


@FAST
@given(sessions(max_deals=8))
def test_random_legal_session_validates_and_scores(record: SessionRecord):
    """A random legal session is valid; the play obeys §3 (checked independently) and the score
    §4–§5: 13 tricks, below = tricks × V, slams and undertricks as due, one side's aces, the game
    to the first side at 500 trick by trick, fresh lines and rubbers, totals that add up."""
    report = evaluate(record)
    assert report.valid, [d.describe() for d in report.diagnostics]
    score = report.score
    assert score is not None and len(score.deals) == len(record.deals)
    below = [0, 0]
    rubber = 1
    for replay, deal in zip(report.replays, score.deals):
        if deal.rubber != rubber:  # a new rubber only after a won one, with fresh lines
            assert deal.rubber == rubber + 1 and score.rubbers[rubber - 1].finished
            rubber, below = deal.rubber, [0, 0]
        assert deal.below_before == tuple(below)
        if replay.passed_out:
            assert deal.entries == () and deal.game is None and replay.tricks == ()
            continue
        value = deal.trick_value
        assert len(replay.tricks) == 13 and sum(deal.tricks) == 13
        check_play(replay)
        assert deal.tricks == tuple(sum(1 for t in replay.tricks if t.winner.side is s) for s in SIDES)
        entries = {(e.side, e.line, e.item): e.points for e in deal.entries}
        assert len(entries) == len(deal.entries)  # no item twice for one side
        for side in SIDES:
            taken = deal.tricks[side]
            assert entries[(side, Line.BELOW, Item.TRICKS)] == taken * value  # §4
            assert deal.totals(side).below == taken * value  # only tricks go below
            assert (entries.get((side, Line.ABOVE, Item.SLAM)) or 0) == {12: 500, 13: 1000}.get(taken, 0)
        assert sum(1 for k in entries if k[2] is Item.ACES) == 1  # 4 aces: one side always has them
        contract = deal.contract
        short = contract.tricks_needed - deal.tricks[contract.declarer.side]
        defenders = contract.declarer.side.other
        assert (entries.get((defenders, Line.ABOVE, Item.UNDERTRICKS)) or 0) == max(short, 0) * 500 * contract.level
        # §5: the game goes to the first side to reach 500 below, trick by trick
        running = list(below)
        first = None
        for number, trick in enumerate(replay.tricks, 1):
            running[trick.winner & 1] += value
            if first is None and running[trick.winner & 1] >= THRESHOLD:
                first = (Side(trick.winner & 1), number)
        if first is None:
            assert deal.game is None
            below = running
        else:
            assert (deal.game.side, deal.game.trick) == first
            assert sum(1 for k in entries if k[2] in (Item.GAME, Item.RUBBER)) == 1
            below = [0, 0]
    for rubber_score in score.rubbers:
        mine = [d for d in score.deals if d.rubber == rubber_score.number]
        assert rubber_score.totals == [sum(d.totals(s).below + d.totals(s).above for d in mine) for s in SIDES]
        assert [d.game.side for d in mine if d.game] == rubber_score.games
        assert len(rubber_score.games) <= 3
        if rubber_score.finished:
            assert rubber_score.games.count(rubber_score.winner) == 2
    assert score.totals == tuple(sum(r.totals[s] for r in score.rubbers) for s in SIDES)


def check_play(replay) -> None:
    """§3 by an independent route: left of declarer leads, suit followed when possible, the
    highest trump (else the highest of the suit led) wins and leads next, every card dealt."""
    contract = replay.contract
    trump = contract.trump
    remaining = list(replay.hands)
    leader = contract.declarer.left
    for trick in replay.tricks:
        assert trick.leader is leader
        led = trick.cards[0].suit
        for i, card in enumerate(trick.cards):
            seat = trick.seat_of(i)
            assert remaining[seat] >> card & 1
            if card.suit != led:
                assert not any(remaining[seat] >> c & 1 for c in range(13 * led, 13 * led + 13))
            remaining[seat] &= ~(1 << card)
        strength = [(c.suit == trump, c.suit == led, c.rank) for c in trick.cards]
        assert trick.winner is trick.seat_of(strength.index(max(strength)))
        leader = trick.winner
    assert remaining == [0, 0, 0, 0]


@FAST
@given(sessions(max_deals=4))
def test_json_round_trip_is_canonical_and_stable(record: SessionRecord):
    text = write_json(record)
    again = read_json(text)
    assert again.diagnostics == [] and again.record == record
    assert write_json(again.record) == text
    assert json.loads(text) == record_to_json(record)


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


def revoke(raw: dict, report: SessionReport, k: int, choose: Choose):
    """A player who followed suit plays instead a card of another suit he plays later."""
    replay = report.replays[k]
    if not replay.tricks:
        return None
    options = []
    for t, trick in enumerate(replay.tricks):
        for i in (1, 2, 3):
            card, seat = trick.cards[i], trick.seat_of(i)
            if card.suit != trick.cards[0].suit:
                continue
            for u in range(t + 1, 13):
                later = replay.tricks[u]
                j = (seat - later.leader) % 4
                if later.cards[j].suit != trick.cards[0].suit:
                    options.append((4 * t + i, 4 * u + j))
    if not options:
        return None
    a, b = options[choose(len(options))]
    play = raw["play"]
    play[a], play[b] = play[b], play[a]
    return "revoke", f"play[{a}]"


def short_auction(raw: dict, report: SessionReport, k: int, choose: Choose):
    raw["auction"].pop()
    return "auction_incomplete", f"auction[{len(raw['auction'])}]"


def insufficient_bid(raw: dict, report: SessionReport, k: int, choose: Choose):
    """The call after the first bid becomes that same bid again."""
    bids = [i for i, c in enumerate(raw["auction"]) if c != "pass"]
    if not bids:
        return None
    raw["auction"][bids[0] + 1] = raw["auction"][bids[0]]
    return "insufficient_bid", f"auction[{bids[0] + 1}]"


def double(raw: dict, report: SessionReport, k: int, choose: Choose):
    i = choose(len(raw["auction"]))
    raw["auction"][i] = ("X", "XX")[choose(2)]
    return "bad_call", f"auction[{i}]"


def truncated_play(raw: dict, report: SessionReport, k: int, choose: Choose):
    if "play" not in raw:
        return None
    keep = choose(52)
    del raw["play"][keep:]
    return "play_incomplete", f"play[{keep}]"


def wrong_dealer(raw: dict, report: SessionReport, k: int, choose: Choose):
    if k == 0:
        return None
    seats = [s for s in "NESW" if s != raw["dealer"]]
    raw["dealer"] = seats[choose(3)]
    return "wrong_dealer", "dealer"


def duplicate_number(raw: dict, report: SessionReport, k: int, choose: Choose):
    if k == 0:
        return None
    raw["number"] = report.record.deals[k - 1].number
    return "deal_number", "number"


CORRUPTIONS: list[Corruption] = [swap_in_trick, revoke, short_auction, insufficient_bid, double, truncated_play,
                                 wrong_dealer, duplicate_number]


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
    result = read_json(json.dumps(raw))
    assert result.record is not None
    report = evaluate(result.record, result.diagnostics)
    return [(d.deal, d.code, d.at) for d in report.diagnostics if d.severity == "error"]


@FAST
@given(sessions(min_deals=1, max_deals=4), st.sampled_from(CORRUPTIONS), st.data())
def test_single_corruption_is_reported_where_it_is(record: SessionRecord, kind: Corruption, data):
    raw = record_to_json(record)
    k, number, code, at = corrupt(data, record, kind, raw)
    found = errors(raw)
    assert (number, code, at) in found, found
    # nothing is reported before the corrupted deal, and the first report there is this one
    first = next(i for i, f in enumerate(found) if f[0] == number)
    assert found[first] == (number, code, at) and all(f[0] == number for f in found[:first + 1])
    if kind is wrong_dealer:  # the next deal's dealer is judged against this wrong one
        later = {f for f in found if f[0] != number}
        assert later <= {(number + 1, "wrong_dealer", "dealer")}
    elif kind is not duplicate_number:
        assert all(f[0] == number for f in found), found


@FAST
@given(sessions(min_deals=3, max_deals=4), st.sampled_from(CORRUPTIONS), st.sampled_from(CORRUPTIONS), st.data())
def test_a_broken_deal_does_not_hide_a_later_one(record: SessionRecord, first: Corruption, second: Corruption, data):
    raw = record_to_json(record)
    # the second deal is at least two after the first: a wrong dealer or number there is
    # judged against the deal just before it
    n = len(record.deals)
    k, number, code, at = corrupt(data, record, first, raw, exclude={n - 2, n - 1})
    _, number2, code2, at2 = corrupt(data, record, second, raw, exclude=set(range(k + 2)))
    assume(number2 != number)
    found = errors(raw)
    assert (number, code, at) in found and (number2, code2, at2) in found, found


@FAST
@given(sessions(max_deals=8), st.data())
def test_result_only_deals_score_like_their_play(record: SessionRecord, data):
    """format.md §2 `result`: a deal recorded by its result scores as its played version (the game
    without its trick number) — or is ``order_needed`` when the play shows both sides reaching 500."""
    played = evaluate(record)
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
        assert all(deal.below_before[s] + deal.tricks[s] * deal.trick_value >= THRESHOLD for s in SIDES)
        return
    for before, after in zip(played.score.deals, report.score.deals):
        assert after.entries == before.entries and after.rubber == before.rubber
        if before.game is None:
            assert after.game is None
        else:
            trick = None if before.number in converted else before.game.trick
            assert (after.game.side, after.game.bonus, after.game.trick) == (before.game.side, before.game.bonus, trick)
