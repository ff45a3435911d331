"""The rules the batch path (store/columnar.py) checks with its own arrays, one fixed, named case
each, judged by both paths: the reference engine (read_json + evaluate, its diagnostics) and the
batch path (``check_sessions`` as ``import`` runs it, and the text reader with
``legal_sessions`` as ``validate`` runs it).

Every record is written by hand from the rules (hands, calls and cards as text, builders.py),
never from either path's output. A faulty case must get the rules' diagnostic from the
reference engine and be refused by the batch path; its legal twin, the same deal without the
fault, must be taken by both. So the rule turned off in either path fails a case, and a batch
path refusing everything fails the twins. The cases run under each profile the batch path
takes: volchaninov, classic (two of its X-mark options) and, where they do not depend on vint's
order of bids or trick winner, the synthetic test profile (its own pass counts and leader).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from builders import PLAYERS, deal
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json, record_to_json
from vint_replay.store import validity
from vint_replay.store.columnar import batch_supported, check_sessions, legal_sessions, parse_texts


@dataclass(frozen=True)
class Rules:
    """A profile the batch path takes and what the cases need of its rules, as its rules page
    gives them: the pass counts, who declares so that N leads, which card wins in no-trump."""

    name: str
    pass_out: int  # consecutive passes with no bid that pass the deal out
    close: int  # consecutive passes after a bid that close the auction
    options: dict[str, str] = field(default_factory=dict)
    declarer: str = "W"  # the declarer whom N leads against (volchaninov.md §3: the player on his left leads)
    low_wins: bool = False  # in no-trump the lowest card of the suit led wins

    def __str__(self) -> str:
        return self.name + "".join(f"-{v}" for v in self.options.values())


# Deck, deal and play are volchaninov.md §1–§3 under both profiles (classic.md: "Everything not
# said here … is as in volchaninov.md §1–§3"); the pass counts are volchaninov.md §2 and classic.md §2.
PROFILES = [
    Rules("volchaninov", 8, 12),
    Rules("classic", 4, 8),
    Rules("classic", 4, 8, {"x_marks": "escalating"}),  # X marks change only what passed-out deals score (§9)
]
# tests/synthetic_profile.py: 5 / 7 passes, the declarer's right hand leads, the lowest card of
# the suit led wins in no-trump, bridge's order of bids: its pass counts and rotation are judged too
SYNTHETIC = Rules("synthetic", 5, 7, declarer="E", low_wins=True)
pytestmark = pytest.mark.usefixtures("synthetic_profiles")

# N holds the three top cards of every suit and the ♠J; E is long in ♥, S in ♦, W in ♣, and
# each holds three cards of every other suit. N, on lead, cashes A K Q of every suit (tricks
# 1–12: everybody follows, N wins, in no-trump or any trump) and leads the ♠J to trick 13, to
# which the others play their long suit's last card.
TOPS = "AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"
SUITS = "SHDC"  # PBN's order of a hand's suits
LONG = {"E": "H", "S": "D", "W": "C"}
LOW = str.maketrans("AKQJT98765432", "23456789TJQKA")  # each rank to its mirror: 2 the highest
RANKS = {seat: dict(zip(SUITS, hand.split("."))) for seat, hand in zip("NESW", TOPS.split())}


def cashing(last: str, revoker: str | None = None) -> str:
    """The 52 cards of TOPS's play, suit ``last`` cashed last (tricks 10–12). With ``revoker``
    (not long in ``last``), that seat plays its long suit's last card to trick 12, although it
    holds a card of ``last`` (a revoke), and that card to trick 13."""
    tricks = [[suit + RANKS[seat][suit][r] for seat in "NESW"]
              for suit in [s for s in SUITS if s != last] + [last] for r in range(3)]
    tricks.append(["SJ"] + [LONG[seat] + RANKS[seat][LONG[seat]][3] for seat in "ESW"])
    if revoker is not None:
        at = "NESW".index(revoker)
        tricks[11][at], tricks[12][at] = tricks[12][at], tricks[11][at]
    return " / ".join(" ".join(trick) for trick in tricks)


def dealt(rules: Rules) -> str:
    """TOPS, or where the lowest card wins its mirror: N holds the three lowest of every suit."""
    if not rules.low_wins:
        return TOPS
    return " ".join(".".join(suit.translate(LOW)[::-1] for suit in hand.split(".")) for hand in TOPS.split())


def seat_after(seat: str, steps: int) -> str:
    """The seat ``steps`` places clockwise (to the left) of ``seat``; negative: to the right."""
    return "NESW"[("NESW".index(seat) + steps) % 4]


def auction(*parts: str | int) -> str:
    """Calls in order from the dealer: an int is that many passes, a string a bid."""
    return " ".join(" ".join(["pass"] * p) if isinstance(p, int) else p for p in parts if p != 0)


def bid_and_played(number: int, dealer: str, rules: Rules, calls: str, cards: str | None = None) -> DealRecord:
    """A deal of :func:`dealt` with these calls and ``cards`` (default: :func:`cashing`, ♣
    last), mirrored where the lowest card wins."""
    cards = cards or cashing("C")
    return deal(number, dealer, dealt(rules), calls, cards.translate(LOW) if rules.low_wins else cards)


def played(number: int, dealer: str, rules: Rules, bid: str = "1NT", cards: str | None = None) -> DealRecord:
    """A deal that the declarer alone bids: passes round to him, his bid, the closing passes."""
    waiting = ("NESW".index(rules.declarer) - "NESW".index(dealer)) % 4
    return bid_and_played(number, dealer, rules, auction(waiting, bid, rules.close), cards)


def passed_out(number: int, dealer: str, rules: Rules) -> DealRecord:
    return deal(number, dealer, dealt(rules), auction(rules.pass_out))


def raw_session(rules: Rules, *deals: DealRecord) -> dict:
    info = SessionInfo("batch-rules", PLAYERS, rules=rules.name, options=dict(rules.options))
    return json.loads(json.dumps(record_to_json(SessionRecord(info, tuple(deals)))))


def reference_errors(raw: dict) -> list[tuple[int | None, str, str | None]]:
    """The reference engine's diagnostics of a decoded file, as (deal, code, at)."""
    result = read_json(json.dumps(raw))
    assert result.record is not None, [d.describe() for d in result.diagnostics]
    report = evaluate(result.record, result.diagnostics)
    return [(d.deal, d.code, d.at) for d in report.diagnostics]


def batch_takes(raw: dict, rules: Rules, tmp_path: Path) -> bool:
    """Whether the batch path takes the session, the same way by every entry: ``check_sessions``
    (import), the text reader + ``legal_sessions`` (validate's verdict) and, for the default
    profile, which alone validate sends to the batch path, ``valid_by_batch`` on a file."""
    profile = get_profile(rules.name, rules.options)
    assert batch_supported(profile)
    batch, refused = check_sessions([raw], profile)
    assert refused in ([], [0]) and len(batch) == 1 - len(refused)
    text = json.dumps(raw, ensure_ascii=False)
    parsed = parse_texts([text], profile)[0]  # None: refused when read (a wrong dealer is, e.g.)
    verdicts = {not refused, parsed is not None and legal_sessions([parsed], profile) == [True]}
    if rules.name == "volchaninov" and not rules.options:
        path = tmp_path / "session.json"
        path.write_text(text, encoding="utf-8")
        verdicts.add(validity.valid_by_batch([str(path)]) == {0: [("", len(raw["deals"]))]})
    assert len(verdicts) == 1, "the batch path's entries disagree"
    return verdicts.pop()


def assert_judged(raw: dict, rules: Rules, tmp_path: Path, fault: tuple[int, str, str] | None = None) -> None:
    """With a ``fault``: the reference engine reports it first (later problems of that deal may
    follow from it) and nothing in other deals, and the batch path refuses the session.
    Without: valid and silent for the reference engine, and taken by the batch path."""
    errors = reference_errors(raw)
    if fault is None:
        assert errors == []
    else:
        assert errors[:1] == [fault], errors
        assert all(number == fault[0] for number, _, _ in errors), errors
    assert batch_takes(raw, rules, tmp_path) == (fault is None)


@pytest.fixture(params=PROFILES, ids=str)
def rules(request) -> Rules:
    """The vint profiles the batch path takes."""
    return request.param


@pytest.fixture(params=[*PROFILES, SYNTHETIC], ids=str)
def any_rules(request) -> Rules:
    """Every profile the batch path takes, the synthetic one too: for the cases that depend
    neither on vint's order of bids nor on its trick winner in a trump contract."""
    return request.param


def test_the_pass_counts_and_leaders_here_are_the_profiles():
    """The counts and leaders above are copied from the rules pages; the profiles must say the
    same, or the cases below test another boundary than the rules'."""
    for r in [*PROFILES, SYNTHETIC]:
        profile = get_profile(r.name, r.options)
        assert (profile.passes_to_pass_out, profile.passes_after_bid) == (r.pass_out, r.close), r
        assert profile.opening_leader(Seat.parse(r.declarer)) is Seat.N, r


# ---------------------------------------------------------------- following suit

def revoke_cases() -> list[tuple[str, str]]:
    """(suit of the revoke, contract): in no-trump, in that suit as trumps, in another trump."""
    out = []
    for suit in SUITS:
        other = SUITS[(SUITS.index(suit) + 1) % 4]
        out += [(suit, "1NT"), (suit, "1" + suit), (suit, "1" + other)]
    return out


def revoker(suit: str, bid: str) -> str:
    """The first of E, S, W whose long suit is neither the suit led nor trumps: its discard
    to trick 12 neither follows nor wins it, so the play goes on as without the revoke."""
    return next(seat for seat in "ESW" if LONG[seat] not in (suit, bid[1:]))


@pytest.mark.parametrize("suit, bid", revoke_cases())
def test_a_revoke_in_each_suit_is_refused_by_both_paths(rules: Rules, suit: str, bid: str, tmp_path: Path):
    """volchaninov.md §3 (classic.md: as there): a player must follow the suit led if he can.
    The third round of ``suit`` is trick 12; a player other than N, on lead, discards instead of
    following and plays his last card of the suit to trick 13, where any card is legal."""
    seat = revoker(suit, bid)
    raw = raw_session(rules, played(1, "W", rules, bid, cashing(suit, seat)))
    assert_judged(raw, rules, tmp_path, (1, "revoke", f"play[{44 + 'NESW'.index(seat)}]"))
    assert_judged(raw_session(rules, played(1, "W", rules, bid, cashing(suit))), rules, tmp_path)


# ---------------------------------------------------------------- the dealer's rotation

@pytest.mark.parametrize("first", ["played", "passed out"])
@pytest.mark.parametrize("second", ["played", "passed out"])
@pytest.mark.parametrize("dealer", ["N", "S", "W"], ids=["same dealer", "one skipped", "passed right"])
def test_a_wrong_dealer_after_any_deal_is_refused_by_both_paths(any_rules: Rules, first: str, second: str, dealer: str,
                                                                tmp_path: Path):
    """volchaninov.md §1, classic.md §9: after every deal, a passed-out one included, the deal
    passes to the left: N dealt deal 1, so E deals deal 2, passed out or played."""
    rules = any_rules
    build = {"played": played, "passed out": passed_out}
    opening = build[first](1, "N", rules)
    raw = raw_session(rules, opening, build[second](2, dealer, rules))
    assert_judged(raw, rules, tmp_path, (2, "wrong_dealer", "dealer"))
    assert_judged(raw_session(rules, opening, build[second](2, "E", rules)), rules, tmp_path)


# ---------------------------------------------------------------- the pass counts

@pytest.mark.parametrize("extra", [-1, 0, 1], ids=["one short", "exact", "one extra"])
def test_passes_that_pass_a_deal_out(any_rules: Rules, extra: int, tmp_path: Path):
    """volchaninov.md §2 (8), classic.md §2 (4): that many passes with no bid pass the deal out;
    one fewer leave the auction open, one more is a call after the close."""
    rules = any_rules
    raw = raw_session(rules, deal(1, "N", dealt(rules), auction(rules.pass_out + extra)))
    faults = {-1: (1, "auction_incomplete", f"auction[{rules.pass_out - 1}]"), 0: None,
              1: (1, "call_after_close", f"auction[{rules.pass_out}]")}
    assert_judged(raw, rules, tmp_path, faults[extra])


@pytest.mark.parametrize("extra", [-1, 0, 1], ids=["one short", "exact", "one extra"])
def test_passes_that_close_an_auction_after_a_bid(any_rules: Rules, extra: int, tmp_path: Path):
    """volchaninov.md §2 (12), classic.md §2 (8): that many passes after the last bid close the
    auction; one fewer leave it open, one more is a call after the close. The dealer bids."""
    rules = any_rules
    raw = raw_session(rules, bid_and_played(1, rules.declarer, rules, auction("1NT", rules.close + extra)))
    faults = {-1: (1, "auction_incomplete", f"auction[{rules.close}]"), 0: None,
              1: (1, "call_after_close", f"auction[{1 + rules.close}]")}
    assert_judged(raw, rules, tmp_path, faults[extra])


@pytest.mark.parametrize("extra", [-1, 0], ids=["one short", "exact"])
def test_passes_before_the_first_bid(any_rules: Rules, extra: int, tmp_path: Path):
    """volchaninov.md §2 ("a bid after 7 opening passes is still legal, while the 8th pass of an
    opening run has already closed the auction"), classic.md §2 (4): a bid after one pass fewer
    than pass the deal out is legal; after as many, the deal is passed out and the bid is a call
    after the close. The dealer is chosen so that the declarer bids either way."""
    rules = any_rules
    waiting = rules.pass_out + extra
    dealer = seat_after(rules.declarer, -waiting)
    raw = raw_session(rules, bid_and_played(1, dealer, rules, auction(waiting, "1NT", rules.close)))
    assert_judged(raw, rules, tmp_path, None if extra < 0 else (1, "call_after_close", f"auction[{rules.pass_out}]"))


@pytest.mark.parametrize("extra", [-1, 0], ids=["one short", "exact"])
def test_passes_between_two_bids(any_rules: Rules, extra: int, tmp_path: Path):
    """volchaninov.md §2 ("each new bid starts the count again"), classic.md §2 ("a bid after 7
    passes is still legal"): a new bid after one pass fewer than close the auction is legal;
    after as many, it is a call after the close. The dealer opens 1♠; the declarer bids 1NT
    (higher in either order of bids), then all pass."""
    rules = any_rules
    waiting = rules.close + extra
    dealer = seat_after(rules.declarer, -(waiting + 1))
    raw = raw_session(rules, bid_and_played(1, dealer, rules, auction("1S", waiting, "1NT", rules.close)))
    assert_judged(raw, rules, tmp_path, None if extra < 0 else (1, "call_after_close", f"auction[{1 + rules.close}]"))


# ---------------------------------------------------------------- the other checks of the arrays

@pytest.mark.parametrize("number, legal", [(5, False), (4, False), (7, True)], ids=["same", "lower", "a gap"])
def test_deal_numbers_must_increase(any_rules: Rules, number: int, legal: bool, tmp_path: Path):
    """format.md §2: each deal's ``number`` is strictly increasing (a gap is allowed). Deal 5
    comes first."""
    rules = any_rules
    raw = raw_session(rules, passed_out(5, "N", rules), passed_out(number, "E", rules))
    assert_judged(raw, rules, tmp_path, None if legal else (number, "deal_number", "number"))


@pytest.mark.parametrize("hands_text, fault", [
    ("AKQJ.AKQJ.AKQ.AKQ T98.T98.JT9.JT9 765.765.8765.876 432.432.432.5432", "hand_size"),  # N 14, E 12
    ("AKQJ.AKQ.AKQ.AKQ A98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432", "duplicate_card"),  # ♠A twice, no ♠T
], ids=["14 and 12 cards", "a card dealt twice"])
def test_each_seat_is_dealt_13_of_the_52_cards(rules: Rules, hands_text: str, fault: str, tmp_path: Path):
    """volchaninov.md §1: a pack of 52 cards, 13 to each player. A passed-out deal, so that the
    hands alone are judged."""
    at = "hands.N" if fault == "hand_size" else "hands.E"  # docs/diagnostics.md: the first hand found wrong
    raw = raw_session(rules, deal(1, "N", hands_text, auction(rules.pass_out)))
    assert_judged(raw, rules, tmp_path, (1, fault, at))


@pytest.mark.parametrize("first, second, legal", [
    ("1S", "1C", True),  # vint's order: ♠ < ♣ (bridge's is the other way)
    ("1C", "1S", False),
    ("1H", "1NT", True),
    ("1NT", "1NT", False),  # the same bid is not higher
    ("1NT", "2S", True),  # a higher level, the lowest denomination
    ("2S", "1NT", False),
])
def test_a_new_bid_must_be_higher_in_vints_order(rules: Rules, first: str, second: str, legal: bool, tmp_path: Path):
    """volchaninov.md §2 (classic.md §2: as there): a new bid must be higher — a higher level,
    or the same level and a higher denomination, ♠ < ♣ < ♦ < ♥ < NT. S, the dealer, bids
    ``first``, W ``second``, then all pass: W declares."""
    raw = raw_session(rules, bid_and_played(1, "S", rules, auction(first, second, rules.close)))
    assert_judged(raw, rules, tmp_path, None if legal else (1, "insufficient_bid", "auction[1]"))


def test_the_last_bidder_declares(rules: Rules, tmp_path: Path):
    """volchaninov.md §2: the declarer is the last bidder, not the first of his side to name the
    denomination; the player on his left leads (§3). E opens 1NT, W raises to 2NT: W declares
    and N leads. W opening and E raising, E declares and S leads, so N's first card is out of turn."""
    legal = bid_and_played(1, "E", rules, auction("1NT", 1, "2NT", rules.close))
    assert_judged(raw_session(rules, legal), rules, tmp_path)
    turned = bid_and_played(1, "W", rules, auction("1NT", 1, "2NT", rules.close))
    assert_judged(raw_session(rules, turned), rules, tmp_path, (1, "hands_mismatch", "play[0]"))


def test_a_card_is_played_once(rules: Rules, tmp_path: Path):
    """volchaninov.md §3: each player plays his own hand, a card once. E plays the ♥J to tricks
    4 and 5 (his ♥T stays in his hand to the end, where following suit never asks for it)."""
    twice = cashing("C").replace("HT", "HJ", 1)
    raw = raw_session(rules, played(1, "W", rules, "1NT", twice))
    assert_judged(raw, rules, tmp_path, (1, "card_not_held", "play[17]"))


def test_a_contract_is_played_and_a_passed_out_deal_is_not(rules: Rules, tmp_path: Path):
    """volchaninov.md §2–§3, format.md §2: a contract's 13 tricks are played (the record has its
    play or its result); a passed-out deal is thrown in, with no play."""
    thrown_in = bid_and_played(1, "N", rules, auction(rules.pass_out))
    assert_judged(raw_session(rules, thrown_in), rules, tmp_path, (1, "play_after_passout", "play[0]"))
    unplayed = deal(1, "W", dealt(rules), auction("1NT", rules.close))
    assert_judged(raw_session(rules, unplayed), rules, tmp_path, (1, "missing_play", "play"))
