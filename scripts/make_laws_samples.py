#!/usr/bin/env python3
"""Write the evenings played under the laws layer to sample_data/laws/ (docs/rules/laws.md).

    python scripts/make_laws_samples.py

Deals are dealt, bid and played by the club simulation (:mod:`vint_replay.simulators.vint`); this
script then plants the irregularities the laws deal with, each in a deal chosen so that the
record stays consistent with the laws: a claimed and an unclaimed revoke, a call out of turn,
an insufficient bid, a lead out of turn, an exposed card, a void deal with its redeal (by the
next player, and by the same dealer). The deal with the claimed revoke carries the paper score
by the penalty of laws.md §8.4, figured from the profile's own scoring of the adjusted tricks.
Regenerating gives byte-identical files.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from vint_replay.engine.calls import BIDS
from vint_replay.engine.cards import CARD_BY_TEXT, CARDS, Hand
from vint_replay.games.registry import RuleProfile, get_profile
from vint_replay.engine.record import (CallOutOfTurn, DealRecord, Irregularity, IrregularityKind, LineTotals,
                                       SessionInfo, SessionRecord)
from vint_replay.engine.scoring import DealFacts, Line
from vint_replay.engine.seats import SEATS, Seat, Side
from vint_replay.formats import write_text
from vint_replay.simulators.vint import CLUB, SimDeal, play_cards, simulate_deal

# laws.md §1: for the draw the ace is lowest and ♠ < ♣ < ♦ < ♥; N (♠A) and S (♣2) drew the two
# lowest cards, so they are partners and North deals first
DRAW = (CARD_BY_TEXT["SA"], CARD_BY_TEXT["DT"], CARD_BY_TEXT["C2"], CARD_BY_TEXT["HQ"])
OUT = Path(__file__).resolve().parents[1] / "sample_data" / "laws"
REVOKE_TRICKS = 3  # docs/rules/laws.md §8.4.1: a claimed revoke moves three tricks
SUIT_LETTERS = "SHDC"


@dataclass
class Planted:
    """One deal as recorded, and a line for the README saying what happened at the table."""

    deal: DealRecord
    note: str


# ---------------------------------------------------------------- play with a revoke


def play_with_revoke(hands: tuple[int, ...], trump: int | None, leader: int, profile: RuleProfile,
                     revoker: int, at_trick: int) -> tuple[list[int], int, int] | None:
    """13 tricks by a plain policy (lead the top of the longest suit, follow low, ruff low,
    discard low), except that ``revoker`` does not follow suit at trick ``at_trick`` although he
    can: he discards his lowest card of another suit. ``None`` if he cannot (he leads that
    trick, is void, or holds nothing else); else the cards, the number of tricks his side took, and the card he revoked with."""
    held = list(hands)
    cards: list[int] = []
    side_tricks, revoke = 0, None
    for trick in range(1, 14):
        played: list[int] = []
        for pos in range(4):
            seat = (leader + pos) & 3
            hand = held[seat]
            if pos == 0:
                suits = [hand >> (13 * s) & 0x1FFF for s in range(4)]
                longest = max(range(4), key=lambda s: (bin(suits[s]).count("1"), -s))
                card = 13 * longest + suits[longest].bit_length() - 1
            else:
                led = played[0] // 13
                follow = hand >> (13 * led) & 0x1FFF
                if seat == revoker and trick == at_trick:
                    if not follow or hand == follow << (13 * led):
                        return None
                    other = hand & ~(0x1FFF << (13 * led))
                    card = revoke = (other & -other).bit_length() - 1
                elif follow:
                    card = 13 * led + (follow & -follow).bit_length() - 1
                else:
                    trumps = hand >> (13 * trump) & 0x1FFF if trump is not None else 0
                    pool = trumps << (13 * trump) if trumps else hand  # type: ignore[operator]
                    card = (pool & -pool).bit_length() - 1
            held[seat] ^= 1 << card
            played.append(card)
        cards += played
        leader = (leader + profile.trick_winner(played, trump)) & 3
        side_tricks += (leader & 1) == (revoker & 1)
    return None if revoke is None else (cards, side_tricks, revoke)  # he led that trick: no revoke


# ---------------------------------------------------------------- the deals


def contract_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile,
                  fits: Callable[[SimDeal], bool] = lambda sim: True) -> SimDeal:
    """The first simulated deal with a contract that ``fits``."""
    while True:
        sim = simulate_deal(rng, number, dealer, profile)
        if sim.contract is not None and fits(sim):
            return sim


def record_of(sim: SimDeal, **changes: object) -> DealRecord:
    deal = DealRecord(sim.number, sim.dealer, sim.auction, tuple(Hand(h) for h in sim.hands),  # type: ignore[arg-type]
                      tuple(CARDS[c] for c in sim.play) if sim.play else None)
    return replace(deal, **changes)  # type: ignore[arg-type]


def revoke_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile, defenders: bool,
                claimed: bool, paper_moved: int = REVOKE_TRICKS) -> Planted:
    """A deal in which one player revokes once; a claimed revoke carries its penalised score, or
    with ``paper_moved`` a paper score that moved that many tricks (a planted mistake the audit names)."""
    while True:
        sim = contract_deal(rng, number, dealer, profile, lambda s: 2 <= s.contract.level <= 4)  # type: ignore[union-attr]
        contract = sim.contract
        assert contract is not None
        leader = profile.opening_leader(contract.declarer)
        revoker = int(leader if defenders else contract.declarer.left.left)  # a defender, or the declarer's partner
        trick = 2 + rng.randrange(8)
        played = play_with_revoke(sim.hands, contract.trump, int(leader), profile, revoker, trick)
        if played is None:
            continue
        cards, revoking_tricks, card = played
        if revoking_tricks < REVOKE_TRICKS:
            continue  # a side with fewer than three tricks is laws.md §10.1's case, reproduced by the tests
        seat = SEATS[revoker]
        irregularity = Irregularity(IrregularityKind.REVOKE, seat, trick=trick, card=CARDS[card], claimed=claimed)
        deal = record_of(sim, play=tuple(CARDS[c] for c in cards), irregularities=(irregularity,))
        own = (revoking_tricks, 13 - revoking_tricks)  # (revoking side, other side)
        note = (f"{contract} by {contract.declarer.name}: {seat.name} revokes at trick {trick} "
                f"({'claimed' if claimed else 'not claimed: a warning, no penalty'})")
        if claimed:
            adjusted = (own[0] - REVOKE_TRICKS, own[1] + REVOKE_TRICKS)
            recorded, sheet = penalised_score(profile, deal, contract, seat.side, adjusted)
            deal = replace(deal, recorded=recorded)
            note += f"; tricks {own[0]}–{own[1]} become {adjusted[0]}–{adjusted[1]}: {sheet}"
            if paper_moved != REVOKE_TRICKS:
                wrong = (own[0] - paper_moved, own[1] + paper_moved)
                recorded, paper = penalised_score(profile, deal, contract, seat.side, wrong)
                deal = replace(deal, recorded=recorded)
                note += f"; **planted mistake**: the paper moved {paper_moved} tricks, not 3: {paper}"
        return Planted(deal, note)


def penalised_score(profile: RuleProfile, deal: DealRecord, contract, revoking: Side,
                    adjusted: tuple[int, int]) -> tuple[tuple[LineTotals, LineTotals], str]:
    """The deal's figures (from a clean line) by laws.md §8.4: the profile's entries for the
    adjusted tricks, the game premium where the other side's tricks reach the threshold, and
    the revoking side's tricks below capped at G − 10 (the rest above)."""
    tricks = [0, 0]
    tricks[revoking], tricks[1 - revoking] = adjusted
    facts = DealFacts(contract, (tricks[0], tricks[1]), tuple(h.mask for h in deal.hands))  # type: ignore[arg-type]
    totals = {side: [0, 0] for side in Side}  # below, above
    for entry in profile.deal_entries(facts):
        totals[entry.side][entry.line is Line.ABOVE] += entry.points
    cap = profile.game_threshold - 10
    if totals[revoking][0] > cap:
        totals[revoking][1] += totals[revoking][0] - cap
        totals[revoking][0] = cap
    other = Side(1 - revoking)
    if totals[other][0] >= profile.game_threshold:
        for entry in profile.game_entries(other, [other], False):
            totals[other][1] += entry.points
    sheet = ", ".join(f"{side.name} {b}/{a}" for side, (b, a) in totals.items())
    return (LineTotals(*totals[Side.NS]), LineTotals(*totals[Side.EW])), sheet


def out_of_turn_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
    """Before the dealer speaks, his left-hand opponent bids a suit: void (laws.md §4.5). He
    passes throughout, his partner passes at his first turn, and he does not open-lead it."""
    offender, partner = dealer.left, dealer.left.left.left
    while True:
        sim = contract_deal(rng, number, dealer, profile)
        calls = sim.auction
        if any(not calls[i].is_pass for i in range(1, len(calls), 4)) or not calls[3].is_pass:
            continue
        led = sim.play[0] // 13
        suit = next(s for s in (0, 3, 2, 1) if s != led)
        spoken = BIDS[(1 - 1) * 5 + _denomination_index(SUIT_LETTERS[suit])]
        deal = record_of(sim, auction=(spoken, *calls), out_of_turn=(CallOutOfTurn(0, offender),))
        return Planted(deal, f"{offender.name} bids {spoken} before {dealer.name}'s first call: void; {offender.name} "
                             f"passes throughout, {partner.name} passes at his next turn; {sim.contract} by "
                             f"{sim.contract.declarer.name}")  # type: ignore[union-attr]


def _denomination_index(letter: str) -> int:
    """A suit's place in vint's order of denominations (♠ < ♣ < ♦ < ♥ < NT)."""
    return "SCDHN".index(letter)


def insufficient_bid_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
    """A bid that was the lowest sufficient one in its denomination, spoken a level too low:
    read as corrected (laws.md §4.4), so the auction goes on as before."""
    while True:
        sim = contract_deal(rng, number, dealer, profile)
        standing = -1
        for i, order in enumerate(sim.calls):
            if order < 0:
                continue
            lowest = next(o for o in range(standing + 1, 35) if o % 5 == order % 5)
            if standing >= 0 and order == lowest and order >= 5:
                auction = list(sim.auction)
                auction[i] = BIDS[order - 5]
                seat = SEATS[(dealer + i) & 3]
                return Planted(record_of(sim, auction=tuple(auction)),
                               f"{seat.name} says {BIDS[order - 5]} over {BIDS[standing]}: read as {BIDS[order]}; "
                               f"{sim.contract} by {sim.contract.declarer.name}")  # type: ignore[union-attr]
            standing = order


def lead_out_of_turn_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
    """The opening leader's partner leads; the declarer's side lets the lead stand (laws.md
    §7.3, ruling 16): the trick goes on from him."""
    sim = contract_deal(rng, number, dealer, profile)
    contract = sim.contract
    assert contract is not None
    offender = profile.opening_leader(contract.declarer).left.left
    cards, _ = play_cards(sim.hands, contract.trump, int(offender), contract.declarer.side)
    irregularity = Irregularity(IrregularityKind.LEAD_OUT_OF_TURN, offender, trick=1, card=CARDS[cards[0]],
                                accepted=True)
    return Planted(record_of(sim, play=tuple(CARDS[c] for c in cards), irregularities=(irregularity,)),
                   f"{contract} by {contract.declarer.name}: {offender.name} leads {CARDS[cards[0]].name} out of turn; "
                   "the lead stands")


def exposed_card_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
    """A defender shows a card at trick 1; the declarer calls it to the first round of its suit,
    and it is played there (laws.md §7.1–7.2)."""
    while True:
        sim = contract_deal(rng, number, dealer, profile)
        contract = sim.contract
        assert contract is not None
        rounds: set[int] = set()  # suits led so far
        leader = int(profile.opening_leader(contract.declarer))
        for k in range(13):
            trick = sim.play[4 * k:4 * k + 4]
            suit = trick[0] // 13
            if suit not in rounds and k >= 1:
                for pos, card in enumerate(trick):
                    seat = SEATS[(leader + pos) & 3]
                    if seat.side != contract.declarer.side and pos > 0 and card // 13 == suit:
                        irregularity = Irregularity(IrregularityKind.EXPOSED, seat, trick=1, card=CARDS[card],
                                                    called_round=1)
                        return Planted(record_of(sim, irregularities=(irregularity,)),
                                       f"{contract} by {contract.declarer.name}: {seat.name} shows "
                                       f"{CARDS[card].name} at trick 1; called to the first round of its suit, "
                                       f"it is played at trick {k + 1}")
            rounds.add(suit)
            leader = sim.winners[k]


def void_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile, law: str, calls: int,
              why: str, misdealt: tuple[Seat, Seat] | None = None) -> Planted:
    """A deal thrown in: its hands, the calls made before it was voided, no play. ``misdealt``
    (long, short): the short hand's lowest card was dealt to the long one (14 and 12, laws.md §3.1)."""
    sim = simulate_deal(rng, number, dealer, profile)
    hands = list(sim.hands)
    if misdealt is not None:
        long, short = misdealt
        low = hands[short] & -hands[short]
        hands[short] ^= low
        hands[long] |= low
    deal = DealRecord(number, dealer, sim.auction[:calls], tuple(Hand(h) for h in hands), void=law)  # type: ignore[arg-type]
    return Planted(deal, f"void by law {law}: {why}")


# ---------------------------------------------------------------- the evenings


def evening(rules: str, date: str, table: int, seed: int, players: tuple[int, ...],
            plan: list[Callable[[random.Random, int, Seat, RuleProfile], Planted]]) -> tuple[SessionRecord, list[str]]:
    """One evening: the deals ``plan`` makes, dealt in turn (after a void deal the same dealer
    deals again unless the next deal says ``deal_lost``)."""
    profile = get_profile(rules)
    rng = random.Random(f"laws-sample:{seed}")
    dealer = Seat.N
    deals, notes = [], []
    for number, make in enumerate(plan, 1):
        planted = make(rng, number, dealer, profile)
        deals.append(planted.deal)
        notes.append(f"| {number} | {dealer.name} | {planted.note} |")
        if planted.deal.void is None or (number < len(plan) and make_loses_deal(plan[number])):
            dealer = dealer.left
    names = tuple(CLUB[i][0] for i in players)
    latin = ", ".join(CLUB[i][1] for i in players)
    info = SessionInfo(f"arbat-{date}-laws-t{table}", names, event=f"Клуб «Арбат», вечер по законам {date} "  # type: ignore[arg-type]
                       f"(Arbat club evening under the laws; {latin})", site="Москва (Moscow)", date=date,
                       table=str(table), rules=rules, laws="001",
                       draw=DRAW)
    return SessionRecord(info, tuple(deals)), notes


def lost(make: Callable[[random.Random, int, Seat, RuleProfile], Planted]):
    """``make``'s deal, dealt by the next player because the void deal before it cost the deal."""
    def made(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
        planted = make(rng, number, dealer, profile)
        return Planted(replace(planted.deal, deal_lost=True), planted.note + " (dealt by the next player: deal_lost)")
    made.loses_deal = True  # type: ignore[attr-defined]
    return made


def make_loses_deal(make) -> bool:
    return getattr(make, "loses_deal", False)


def plain(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> Planted:
    sim = simulate_deal(rng, number, dealer, profile)
    return Planted(record_of(sim), f"{sim.contract} by {sim.contract.declarer.name}" if sim.contract else "passed out")


def main() -> None:
    claimed_defence = lambda r, n, d, p: revoke_deal(r, n, d, p, defenders=True, claimed=True,  # noqa: E731
                                                     paper_moved=2)  # the audit names it (laws.md §8.4.1)
    claimed_declarer = lambda r, n, d, p: revoke_deal(r, n, d, p, defenders=False, claimed=True)  # noqa: E731
    unclaimed = lambda r, n, d, p: revoke_deal(r, n, d, p, defenders=True, claimed=False)  # noqa: E731
    misdeal = lambda r, n, d, p: void_deal(r, n, d, p, "22", 2, "West has 12 cards and North 14, found "  # noqa: E731
                                                               "during the auction; the players have looked",
                                           (Seat.N, Seat.W))
    face_up = lambda r, n, d, p: void_deal(r, n, d, p, "25e", 0, "a card dealt face up; nobody has "  # noqa: E731
                                                                 "looked, the same dealer deals again")
    evenings = [
        ("classic", "2027-01-12", 1, 1, (0, 1, 2, 3),
         [claimed_defence, plain, out_of_turn_deal, insufficient_bid_deal, misdeal, lost(plain),
          lead_out_of_turn_deal, exposed_card_deal, unclaimed, plain]),
        ("volchaninov", "2027-01-19", 2, 2, (4, 5, 6, 7),
         [claimed_declarer, plain, out_of_turn_deal, face_up, plain, unclaimed, insufficient_bid_deal]),
    ]
    OUT.mkdir(parents=True, exist_ok=True)
    readme = [README_HEAD]
    for rules, date, table, seed, players, plan in evenings:
        record, notes = evening(rules, date, table, seed, players, plan)
        for fmt in ("json", "vint"):
            (OUT / f"{record.info.id}.{fmt}").write_text(write_text(record, fmt), encoding="utf-8")
        readme += [f"\n## `{record.info.id}` ({rules})\n", "| deal | dealer | what happened |", "| --- | --- | --- |",
                   *notes]
    (OUT / "README.md").write_text("\n".join(readme) + README_CHECKS, encoding="utf-8")


README_HEAD = """# Sample evenings under the laws layer

Generated by `python scripts/make_laws_samples.py`; regenerating gives byte-identical files.
Do not edit by hand. Two evenings of the Arbat club played under the laws on irregularities
(`"laws": "001"`, [docs/rules/laws.md](../../docs/rules/laws.md)), one by the classic scoring
and one by volchaninov's, each file in both formats (`.json` and `.vint`, the same record).
Their deals are dealt, bid and played by the club simulation; then the irregularities below are
planted, each where the laws keep the record consistent. The deal with a claimed revoke
carries its paper score (`recorded`) by the penalty of laws.md §8.4: three tricks move to the
other side, the deal is scored on the adjusted tricks, the revoking side's tricks below stop at
490. One paper score is wrong on purpose (a planted mistake): in `arbat-2027-01-12-laws-t1`
deal 1 the scorer moved 2 tricks for the revoke, not 3, and `vint-replay audit` says so ("revoke
by N at trick 7: 3 tricks to E–W; recorded as 2"). The other deals carry no paper score.

`vint-replay demo` imports them beside `sample_data/*.json`; they validate with warnings only
(the unclaimed revokes, the insufficient bids read as corrected). They are kept apart from
`sample_data/*.json` (whose tests check the club's plain evenings); `tests/test_laws_samples.py`
reads them, `tests/test_laws_audit.py` audits them."""

README_CHECKS = """

## The claimed revokes, checked by hand

- `arbat-2027-01-12-laws-t1` deal 1 (classic): 2♠ by W (T = 10 × 2 = 20). N leads and takes 4
  tricks with S, E–W 9; N's revoke at trick 7 (♠3 on a diamond while he still holds ♦K) is claimed.
  Three tricks move (laws.md §8.4.1): N–S 1, E–W 12. Below: N–S 1 × 20 = 20, E–W 12 × 20 =
  240 (no game). Above: the slam taken by the adjusted count (law 150, §8.4.3) 1000 to E–W, and
  classic's honours and aces (classic.md §4): E–W five honours (♠AKQJT) and an ace count of 3,
  N–S none: 8 units × 200 = 1600; no coronka. **N–S 20 / 0, E–W 240 / 2600.** (N–S stay far below the cap of 490.)
- `arbat-2027-01-19-laws-t2` deal 1 (volchaninov): 4♣ by N (V = 36); N–S take 6, E–W 7; S's
  revoke at trick 5 (♠9 on a diamond while he still holds ♦5) is claimed. Three tricks move:
  N–S 3, E–W 10, so 4♣ (10 tricks) is down 7: UT(4) = 500 × 4 a trick, 14000 to E–W. Below:
  N–S 3 × 36 = 108, E–W 10 × 36 = 360 (no game). Honours: N–S ♣AKQ (20 V) 720; aces 2–2, so
  they go to the side with леве by the adjusted count (§8.4.3), E–W: 20 V = 720.
  **N–S 108 / 720, E–W 360 / 14720.**
"""


if __name__ == "__main__":
    main()
