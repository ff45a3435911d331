"""Simulated solo-whist evenings for the sample data (pure: ``scripts/make_solo_sample.py``
writes what this module produces). Each deal's contract is chosen so that an evening shows
every contract of docs/rules/solo-whist.md §2; the auction reaching it is run through the
engine's own state machine, and the play comes from a simple player who wants the tricks his
side needs (the lowest card that wins, else the lowest) or, in a misère, avoids them."""
from __future__ import annotations

import random
from dataclasses import replace

from ..engine.cards import CARDS, SUIT_MASKS, Card, Hand, Suit, iter_bits
from ..engine.play import Play
from ..games.registry import get_profile
from ..engine.record import DealRecord, SessionInfo, SessionRecord
from ..engine.seats import SEATS, Seat, by_seat
from ..engine.session import evaluate
from ..games.solo.auction import SoloAuction
from ..games.solo.contracts import SoloCall, Trumps
from ..games.solo.ledger import SoloScore
from ..games.solo.record import SoloDeal, solo_fields
from ..games.solo.seating import five_handed

PROFILE = get_profile("solo-whist")


def _hands(rng: random.Random) -> tuple[Hand, Hand, Hand, Hand]:
    deck = list(CARDS)
    rng.shuffle(deck)
    return by_seat(Hand.from_cards(deck[13 * s:13 * s + 13]) for s in range(4))


def _calls(dealer: Seat, contract: SoloCall | None, declarer: Seat, partner: Seat | None, opener: bool) -> tuple[SoloCall, ...]:
    """An auction ending in ``contract`` by ``declarer`` (with ``partner`` accepting a proposal).
    ``opener``: a player speaking before him bids solo first (trump abondance: always, eldest
    hand bids abondance first)."""
    auction = SoloAuction(dealer)
    first = SoloCall.ABONDANCE if contract is SoloCall.TRUMP_ABONDANCE else SoloCall.SOLO
    opening = contract is SoloCall.TRUMP_ABONDANCE or (opener and contract is not None and contract.terms.rank > 2)
    while not auction.closed:
        seat, standing = auction.to_call, auction.standing
        if contract is None:
            call = SoloCall.PASS
        elif seat is declarer and (standing is None or standing.terms.rank < contract.terms.rank):
            call = contract
        elif opening and standing is None and seat is not partner:
            call = first
        elif seat is partner and standing is SoloCall.PROPOSAL and auction.acceptor is None:
            call = SoloCall.ACCEPT
        else:
            call = SoloCall.PASS
        auction.call(call)
    return tuple(c for _, c in auction.calls)


def _choose(play: Play, wants: bool, held: int) -> Card:
    """The simple player's card: to win, the lowest card that wins (leading: the highest of his
    longest suit); to lose, the highest card that does not win (leading: his lowest card)."""
    legal = list(iter_bits(play.legal()))
    if not play.current:
        if wants:
            longest = max(range(4), key=lambda s: ((held & SUIT_MASKS[s]).bit_count(), -s))
            return max((c for c in legal if c.suit == longest), default=max(legal, key=lambda c: c.rank))
        return min(legal, key=lambda c: c.rank)
    led = play.current[0].suit
    profile, trump = play.profile, play.trump
    best = max(profile.card_strength(c, led, trump) for c in play.current)
    winners = [c for c in legal if profile.card_strength(c, led, trump) > best]
    losers = [c for c in legal if c not in winners]
    if wants:
        return min(winners, key=lambda c: profile.card_strength(c, led, trump)) if winners else \
            min(legal, key=lambda c: c.rank)
    return max(losers, key=lambda c: c.rank) if losers else min(legal, key=lambda c: c.rank)


def _play(hands: tuple[Hand, Hand, Hand, Hand], contract: SoloCall, declaring: set[Seat], trump: Suit | None,
          leader: Seat) -> tuple[Card, ...]:
    """The cards until the result is settled (§4)."""
    terms = contract.terms
    masks = by_seat(h.mask for h in hands)
    play = Play(masks, trump, leader, PROFILE)
    cards: list[Card] = []
    while (seat := play.to_play) is not None:  # None once all 13 tricks are played
        wants = (seat in declaring) != terms.avoid
        card = _choose(play, wants, play.hands[seat])
        cards.append(card)
        trick = play.play(card)
        if trick is not None and terms.settles_early and (trick.winner in declaring) == terms.avoid:
            break
    return tuple(cards)


def _fit(hand: int, contract: SoloCall | None, turn_up: Suit) -> int:
    """How well a hand suits the contract, for choosing who bids it: high cards and trumps
    for the trick-taking contracts, low cards for the misères."""
    if contract is None:
        return 0
    ranks = sum(card.rank for card in iter_bits(hand))
    if contract.terms.avoid:
        return -ranks
    trumps = turn_up if contract.terms.trumps is Trumps.TURN_UP else \
        max(Suit, key=lambda s: (hand & SUIT_MASKS[s]).bit_count())
    honours = sum(card.rank - 8 for card in iter_bits(hand) if card.rank >= 9)  # J Q K A: 1–4
    return honours + 3 * (hand & SUIT_MASKS[trumps]).bit_count() if contract.terms.trumps is not Trumps.NONE \
        else honours


def solo_deal(rng: random.Random, number: int, dealer: Seat, contract: SoloCall | None,
              sits_out: str | None = None) -> DealRecord:
    """One deal played to ``contract`` (``None``: all pass) by a seat chosen at random."""
    hands = _hands(rng)
    turn_up = list(iter_bits(hands[dealer].mask))[rng.randrange(13)]
    eldest = dealer.left
    order = [SEATS[(eldest + i) & 3] for i in range(4)]
    bidders = order[1:] if contract is SoloCall.TRUMP_ABONDANCE else order  # eldest opens with abondance
    declarer = max(bidders, key=lambda seat: _fit(hands[seat].mask, contract, turn_up.suit))
    later = order[order.index(declarer) + 1:] or order[:1]  # who may still accept: later speakers, or eldest (§3.3)
    partner = max(later, key=lambda seat: _fit(hands[seat].mask, contract, turn_up.suit)) \
        if contract is SoloCall.PROPOSAL else None
    calls = _calls(dealer, contract, declarer, partner, contract is not None and rng.randrange(2) == 0)
    if contract is None:
        return DealRecord(number, dealer, (), hands, own=SoloDeal(turn_up, calls, sits_out))
    terms = contract.terms
    held = hands[declarer].mask
    named = max(Suit, key=lambda s: ((held & SUIT_MASKS[s]).bit_count(), -s)) if terms.trumps is Trumps.NAMED else None
    trump = {Trumps.TURN_UP: turn_up.suit, Trumps.NAMED: named, Trumps.NONE: None}[terms.trumps]
    declaring = {declarer} | ({partner} if partner is not None else set())
    play = _play(hands, contract, declaring, trump, declarer if terms.declarer_leads else eldest)
    return DealRecord(number, dealer, (), hands, play, own=SoloDeal(turn_up, calls, sits_out, named))


def evening(seed: int, info: SessionInfo, contracts: list[SoloCall | None], first_dealer: Seat = Seat.N,
            opening: tuple[DealRecord, ...] = ()) -> SessionRecord:
    """An evening: ``opening`` deals as given, then one deal for each of ``contracts``, the deal
    passing clockwise (five players: the next player deals and sits out); every deal carries
    its payments as the scorer wrote them (the engine's own figures)."""
    rng = random.Random(seed)
    deals = list(opening)
    dealer = deals[-1].dealer.left if deals else first_dealer
    roster = info.roster
    for k, contract in enumerate(contracts):
        number = len(deals) + 1
        sitter = roster[k % len(roster)] if info.fifth is not None else None
        seat = five_handed(roster, sitter).dealer if sitter is not None else dealer
        deals.append(solo_deal(rng, number, seat, contract, sitter))
        dealer = dealer.left
    record = SessionRecord(info, tuple(deals))
    report = evaluate(record)
    score = report.score
    assert report.valid and isinstance(score, SoloScore), report.diagnostics  # a valid evening: its payment sheet
    paid = [_written(d, s.payments) for d, s in zip(record.deals, score.deals)]
    return SessionRecord(info, tuple(paid))


def _solo(deal: DealRecord) -> SoloDeal:
    """The solo-whist fields every simulated deal has."""
    solo = solo_fields(deal)
    assert solo is not None, f"deal {deal.number} has no solo-whist fields"
    return solo


def _written(deal: DealRecord, payments: tuple[int, int, int, int]) -> DealRecord:
    """The deal with ``payments`` as the scorer wrote them."""
    return replace(deal, own=replace(_solo(deal), payments=payments))


def plant_one_stake(record: SessionRecord, number: int) -> tuple[SessionRecord, str]:
    """The scorer's slip planted in deal ``number``: the lone declarer's payment written as one
    opponent's stake instead of three. Returns the record and the slip in words."""
    deals = list(record.deals)
    k = next(i for i, d in enumerate(deals) if d.number == number)
    deal = deals[k]
    written = _solo(deal).payments
    assert written is not None, f"deal {number} carries no payments"
    paid = list(written)
    seat = max(SEATS, key=lambda s: abs(paid[s]))
    paid[seat] //= 3
    deals[k] = _written(deal, (paid[0], paid[1], paid[2], paid[3]))
    return replace(record, deals=tuple(deals)), f"deal {number}: the declarer ({seat}) written as receiving or " \
                                                f"paying one opponent's stake, not three"
