"""The engine's ``score --json`` document against the independent scoring oracles, field by
field: tests/oracle.py (written from rules/volchaninov.md §2–§5 alone) and tests/classic_oracle.py
(from rules/classic.md alone), on random legal sessions biased towards the rare cases, on every
sample session and on the classic worked rubber."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import classic_oracle
import oracle
from strategies import random_deal
from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import Call
from vint_replay.engine.cards import CARDS, Hand, iter_bits
from vint_replay.cli import main
from vint_replay.formats.json_record import record_to_json
from vint_replay.engine.play import Play
from vint_replay.games.registry import RuleProfile, get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.reports.scoresheet import score_json
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import evaluate

SAMPLES = sorted(Path(__file__).parent.parent.glob("sample_data/*.json"))
CLASSIC_RUBBER = Path(__file__).parent / "data" / "classic_rubber.json"
PROFILE = get_profile("volchaninov")
ORACLES = {"volchaninov": oracle.score_session, "classic": classic_oracle.score_session}
DEAL_FIELDS = ("number", "rubber", "dealer", "passed_out", "contract", "declarer", "trick_value",
               "tricks", "game", "totals")


def entry_key(entry: dict) -> tuple:
    return entry["side"], entry["line"], entry["item"], entry["points"]


def assert_same_score(engine: dict, expected: dict) -> None:
    """Every deal and rubber fact of format.md §4 agrees; entries compared as a multiset."""
    assert len(engine["deals"]) == len(expected["deals"])
    for got, want in zip(engine["deals"], expected["deals"]):
        for key in DEAL_FIELDS:
            assert got[key] == want[key], (want["number"], key, got[key], want[key])
        assert sorted(map(entry_key, got["entries"])) == sorted(map(entry_key, want["entries"])), want["number"]
    assert engine["rubbers"] == expected["rubbers"]


# --- a generator biased towards slams, grand contracts, high trick values and result-only deals


def forced_auction(dealer: Seat, declarer: Seat, contract: str, rng: random.Random,
                   profile: RuleProfile = PROFILE) -> tuple[Call, ...]:
    """A legal auction won by ``declarer`` with ``contract``, sometimes over an earlier 1♠."""
    calls: list[str] = []
    offset = (declarer.value - dealer.value) % 4
    if rng.random() < 0.3:  # someone opens 1♠ first; the declarer outbids it later
        opener = rng.randrange(4)
        calls += ["pass"] * opener + ["1S"]
        offset = (offset - opener - 1) % 4
    calls += ["pass"] * offset + [contract] + ["pass"] * profile.passes_after_bid
    return tuple(Call.parse(c) for c in calls)


def steered_play(hands: tuple[Hand, ...], auction: tuple[Call, ...], dealer: Seat, strong: int,
                 rng: random.Random, profile: RuleProfile = PROFILE) -> tuple:
    """52 legal cards: the strong side plays its highest legal card, the other its lowest,
    with an occasional random card."""
    state = Auction(dealer, profile)
    for call in auction:
        state.call(call)
    contract = state.contract
    play = Play(tuple(h.mask for h in hands), contract.trump, profile.opening_leader(contract.declarer), profile)
    while not play.finished:
        legal = sorted(iter_bits(play.legal()), key=lambda c: c % 13)
        if rng.random() < 0.1:
            card = rng.choice(legal)
        else:
            card = legal[-1] if play.to_play.value % 2 == strong else legal[0]
        play.play(card)
    return tuple(card for trick in play.tricks for card in trick.cards)


def lopsided_hands(rng: random.Random, strong: int) -> tuple[Hand, ...]:
    """The strong side (0 N–S, 1 E–W) holds the 26 highest cards, minus 0–2 aces swapped away."""
    deck = sorted(range(52), key=lambda c: (-(c % 13), rng.random()))
    top, low = deck[:26], deck[26:]
    for _ in range(rng.choice((0, 0, 1, 2))):
        ace = next(c for c in top if c % 13 == 12)
        top.remove(ace)
        spare = low.pop()
        top.append(spare)
        low.insert(0, ace)
    rng.shuffle(top)
    rng.shuffle(low)
    seats: list[list[int]] = [[], [], [], []]
    for i, card in enumerate(top):
        seats[strong + 2 * (i % 2)].append(card)
    for i, card in enumerate(low):
        seats[(1 - strong) + 2 * (i % 2)].append(card)
    return tuple(Hand.from_cards(CARDS[c] for c in cards) for cards in seats)


def biased_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile = PROFILE) -> DealRecord:
    """A plain random deal, a lopsided high-level deal, or a random deal at level 5–7."""
    kind = rng.random()
    if kind < 0.45:
        return random_deal(rng.randrange, number, dealer, profile)
    contract = f"{rng.choice((5, 6, 6, 7, 7))}{rng.choice(('S', 'C', 'D', 'H', 'NT', 'NT'))}"
    declarer = SEATS[rng.randrange(4)]
    auction = forced_auction(dealer, declarer, contract, rng, profile)
    if kind < 0.8:
        strong = rng.randrange(2)
        hands = lopsided_hands(rng, strong)
        return DealRecord(number, dealer, auction, hands, steered_play(hands, auction, dealer, strong, rng, profile))
    hands = random_deal(rng.randrange, number, dealer, profile).hands
    return DealRecord(number, dealer, auction, hands,
                      steered_play(hands, auction, dealer, rng.randrange(2), rng, profile))


def biased_session(seed: int, deals: int, result_only: float = 0.2, rules: str = "volchaninov",
                   options: dict[str, str] | None = None) -> tuple[SessionRecord, list[int]]:
    """A legal session under ``rules``; about ``result_only`` of its played deals rewritten
    without their play where the game stays knowable. Also returns the deals that could not be
    (order needed)."""
    rng = random.Random(seed)
    profile = get_profile(rules, options)
    score_session = ORACLES[rules]
    dealer = SEATS[rng.randrange(4)]
    out = []
    for number in range(1, deals + 1):
        out.append(biased_deal(rng, number, dealer, profile))
        dealer = dealer.left
    info = SessionInfo(f"oracle-{seed}", ("Ivanov", "Petrov", "Sidorov", "Orlov"), rules=rules,
                       options=dict(options or {}))
    record = SessionRecord(info, tuple(out))
    candidates = [i for i, d in enumerate(out)
                  if d.play is not None and not all(c.is_pass for c in d.auction) and rng.random() < result_only]
    refused = []
    for i in candidates:
        deal = out[i]
        declarer_side = oracle.SIDE_OF[oracle.final_bid(deal.dealer.name, [str(c) for c in deal.auction])[1]]
        tricks = score_session(record_to_json(record))["deals"][i]["tricks"][declarer_side]
        trial = list(record.deals)
        trial[i] = replace(deal, play=None, result=tricks)
        try:
            score_session(record_to_json(replace(record, deals=tuple(trial))))
        except oracle.OrderNeeded:
            refused.append(i)
        else:
            record = replace(record, deals=tuple(trial))
    return record, refused


def features(expected: dict, record: SessionRecord) -> Counter:
    """Which rare cases a session exercises, from the oracle's document."""
    seen: Counter = Counter()
    below = {"NS": 0, "EW": 0}
    rubber = 1
    for deal, rec in zip(expected["deals"], record.deals):
        if deal["rubber"] != rubber:
            rubber = deal["rubber"]
            seen["passed-out deal opens a rubber"] += deal["passed_out"]
        if deal["passed_out"]:
            seen["passed out"] += 1
            continue
        tricks, level = deal["tricks"], int(deal["contract"][0])
        attack = oracle.SIDE_OF[deal["declarer"]]
        defence = "EW" if attack == "NS" else "NS"
        items = {e["item"] for e in deal["entries"]}
        seen["no-trump"] += deal["contract"].endswith("NT")
        seen["level 7"] += level == 7
        seen["slam made"] += "contract_premium" in items
        seen["slam failed"] += "failed_contract_premium" in items
        seen["defenders 12-13"] += tricks[defence] >= 12
        seen["result only"] += rec.play is None
        seen["result-only game"] += rec.play is None and deal["game"] is not None
        seen["7-level one down"] += level == 7 and tricks[attack] == 12
        seen["5 honours"] += any(e["item"] == "honours" and e["points"] == 40 * deal["trick_value"]
                                 for e in deal["entries"])
        hands = {s: oracle.hand_cards(h.pbn()) for s, h in zip("NESW", rec.hands)}
        if sum(1 for s in "NS" for c in hands[s] if c[1] == "A") == 2:
            seen["aces 2-2"] += 1
        v = deal["trick_value"]
        game = deal["game"]
        if game is not None and game["trick"] is not None:
            trump = None if deal["contract"].endswith("NT") else deal["contract"][1:]
            winners = oracle.trick_winners([c.name for c in rec.play], deal["declarer"], trump)
            won = sum(1 for seat in winners[:game["trick"]] if oracle.SIDE_OF[seat] == game["side"])
            seen["game at exactly 500"] += below[game["side"]] + won * v == oracle.GAME
        if deal["game"] is not None and all(below[s] + tricks[s] * v >= oracle.GAME for s in below):
            seen["both over 500, decided by trick order"] += 1
        below = {"NS": 0, "EW": 0} if deal["game"] else {s: below[s] + tricks[s] * v for s in below}
    seen["rubbers"] += len(expected["rubbers"])
    seen["tie"] += any(r["difference"]["side"] is None for r in expected["rubbers"])
    return seen


def check(record: SessionRecord) -> dict:
    """The engine's document equals the oracle of the record's profile; returns the oracle's."""
    report = evaluate(record)
    assert report.valid, [d.describe() for d in report.diagnostics]
    expected = ORACLES[record.info.rules](record_to_json(record))
    assert_same_score(score_json(record, report.score), expected)
    return expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), deals=st.integers(1, 40))
def test_engine_scores_like_the_oracle(seed: int, deals: int):
    """rules/volchaninov.md §2–§5: random legal sessions (long ones spanning several rubbers, slams, grand
    contracts, lopsided deals, result-only deals) score exactly as the oracle says."""
    record, refused = biased_session(seed, deals)
    expected = check(record)
    for name, count in features(expected, record).items():
        if count:
            event(name)
    if refused:
        event("order_needed checked")  # format.md §2: a result-only deal whose game order is unknowable is an error
        assert_order_needed(record, expected, refused[0])


def test_the_biased_generator_reaches_every_rare_case():
    """The fixed seeds below exercise each case the comparison is meant to cover, and agree."""
    seen: Counter = Counter()
    for seed in range(12):
        record, _ = biased_session(seed, 40)
        seen += features(check(record), record)
    wanted = ["passed out", "no-trump", "level 7", "slam made", "slam failed", "defenders 12-13",
              "result only", "result-only game", "aces 2-2", "both over 500, decided by trick order",
              "game at exactly 500", "passed-out deal opens a rubber", "7-level one down", "5 honours"]
    assert all(seen[name] > 0 for name in wanted), seen
    assert seen["rubbers"] >= 12 * 3, seen


def test_passed_out_only_session_is_a_tie():
    """rules/volchaninov.md §2, §5: nothing is scored for passed-out deals; equal sums are a difference of 0
    with no side named (format.md §4)."""
    rng = random.Random(7)
    deals = []
    dealer = Seat.E
    for number in (1, 2):
        deal = random_deal(rng.randrange, number, dealer)
        deals.append(replace(deal, auction=(Call.parse("pass"),) * PROFILE.passes_to_pass_out, play=None))
        dealer = dealer.left
    record = SessionRecord(SessionInfo("all-passed", ("a", "b", "c", "d")), tuple(deals))
    expected = check(record)
    assert expected["rubbers"] == [{"number": 1, "games": [], "totals": {"NS": 0, "EW": 0}, "finished": False,
                                    "winner": None, "difference": {"side": None, "points": 0}}]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_sessions_score_like_the_oracle(path: Path):
    """Every sample evening, through ``vint-replay score --json`` as a user runs it, against the
    oracle of its profile."""
    result = CliRunner().invoke(main, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    raw = json.loads(path.read_text())
    assert_same_score(json.loads(result.output), ORACLES[raw["session"].get("rules", "volchaninov")](raw))


def test_oracle_reproduces_the_worked_example():
    """rules/volchaninov.md §6 by hand: the oracle itself must give 208/1560 against 130/1500, N–S by 138."""
    data = json.loads((Path(__file__).parent / "data" / "worked_example.json").read_text())
    doc = oracle.score_session(data)
    assert doc["deals"][0]["totals"] == {"NS": {"below": 208, "above": 1560}, "EW": {"below": 130, "above": 1500}}
    assert doc["rubbers"][0]["difference"] == {"side": "NS", "points": 138}


# --- classic (tests/classic_oracle.py, from rules/classic.md alone)

X_MARKS = (None, "standard", "escalating", "played")  # rules/classic.md §9; None: the option left out


def classic_session(seed: int, deals: int, x_marks: str | None) -> tuple[SessionRecord, list[int]]:
    return biased_session(seed, deals, rules="classic", options=None if x_marks is None else {"x_marks": x_marks})


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), deals=st.integers(1, 30), x_marks=st.sampled_from(X_MARKS))
def test_engine_scores_classic_like_the_classic_oracle(seed: int, deals: int, x_marks: str | None):
    """rules/classic.md §3–§10 under each way of scoring passed-out deals: random legal classic
    sessions (lopsided deals for coronkas and slams, result-only deals, played passed-out deals)
    score exactly as the classic oracle says; a result-only deal whose game order is unknowable
    is ``order_needed`` (§10)."""
    record, refused = classic_session(seed, deals, x_marks)
    expected = check(record)
    for deal in expected["deals"]:
        for item in {e["item"] for e in deal["entries"]}:
            event(item)
    if refused:
        assert_order_needed(record, expected, refused[0])


def test_the_classic_generator_reaches_every_entry_of_the_rules():
    """Fixed seeds exercise every kind of classic entry (§3–§10), and the engine agrees."""
    seen: Counter = Counter()
    for seed in range(12):
        record, _ = classic_session(seed, 30, X_MARKS[seed % 4])
        expected = check(record)
        for deal in expected["deals"]:
            seen.update(e["item"] for e in deal["entries"])
        seen["rubbers"] += len(expected["rubbers"])
    wanted = ["tricks", "honours", "aces", "coronka", "slam", "contract_premium", "undertricks",
              "failed_contract_premium", "game", "rubber", "x_marks", "passed_out"]
    assert all(seen[name] > 0 for name in wanted), seen


def test_classic_oracle_reproduces_the_worked_rubber():
    """rules/classic.md §11.2 by hand: N–S 25870, E–W 37920, E–W ahead by 12050, N–S won the rubber
    (games N–S, E–W, N–S), with one X mark of 500."""
    doc = classic_oracle.score_session(json.loads(CLASSIC_RUBBER.read_text()))
    (rubber,) = doc["rubbers"]
    assert rubber["totals"] == {"NS": 25870, "EW": 37920}
    assert rubber["difference"] == {"side": "EW", "points": 12050}
    assert rubber["games"] == ["NS", "EW", "NS"] and rubber["winner"] == "NS"
    assert {"side": "NS", "line": "above", "item": "x_marks", "points": 500} in doc["deals"][-1]["entries"]


def test_classic_oracle_reproduces_the_worked_deal():
    """rules/classic.md §11.1 by hand: below 240 / 150, N–S 7 units × 300 = 2100, E–W 3000 for the
    undertrick: E–W lead by 810."""
    data = json.loads(CLASSIC_RUBBER.read_text())
    data["deals"] = data["deals"][:1]
    doc = classic_oracle.score_session(data)
    (deal,) = doc["deals"]
    assert doc["rubbers"][0]["difference"] == {"side": "EW", "points": 810}
    assert sorted(map(entry_key, deal["entries"])) == [("EW", "above", "undertricks", 3000),
                                                       ("EW", "below", "tricks", 150),
                                                       ("NS", "above", "honours", 2100),
                                                       ("NS", "below", "tricks", 240)]


def test_worked_classic_rubber_scores_like_the_classic_oracle():
    """The worked rubber through ``vint-replay score --json`` as a user runs it."""
    result = CliRunner().invoke(main, ["score", str(CLASSIC_RUBBER), "--json"])
    assert result.exit_code == 0, result.output
    assert_same_score(json.loads(result.output), classic_oracle.score_session(json.loads(CLASSIC_RUBBER.read_text())))


def assert_order_needed(record, expected: dict, i: int) -> None:
    """Deal ``i`` kept by its result only (the oracle's tricks) could take both sides to game:
    the engine refuses it with ``order_needed`` (format.md §2)."""
    deal = record.deals[i]
    declarer_side = oracle.SIDE_OF[expected["deals"][i]["declarer"]]
    broken = list(record.deals)
    broken[i] = replace(deal, play=None, result=expected["deals"][i]["tricks"][declarer_side])
    report = evaluate(replace(record, deals=tuple(broken)))
    assert [(d.code, d.deal) for d in report.diagnostics] == [("order_needed", deal.number)]
