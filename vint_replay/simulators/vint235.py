"""Random legal evenings of the two-, three- and five-handed methods (docs/rules/players-2-3-5.md):
seats and rotations as each method lays them, random exchanges, bids, widow and legal cards.

Pure (no I/O): the property tests check that such evenings validate and score consistently,
and ``scripts/make_table_samples.py`` writes the sample evenings from it.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..engine.calls import BIDS, PASS, Call
from ..engine.cards import CARDS, Card, Hand
from ..engine.record import DealRecord, SessionInfo, SessionRecord
from ..engine.seats import SEATS, Seat, by_seat
from ..engine.session import evaluate
from ..games.vint235.auction import run_auction
from ..games.vint235.exchange import right_of
from ..games.vint235.columns import ColumnScore
from ..games.vint235.ledger import TableScore, five_player_rubber, next_holder
from ..games.vint235.method import TableMethod, table_method
from ..games.vint235.record import Role, TableDeal, table_fields

N, E, S, W = SEATS


def _bits(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def seat_players(profile: TableMethod, party: tuple[str, ...], rubber: int, last: tuple[Role, ...] | None) -> list[Role]:
    """The roles of a rubber's deals before the auction names the dummies' owners."""
    p = party
    if profile.players_count == 2:
        if profile.dead_piles:
            return [Role(p[0]), Role(None), Role(p[1]), Role(None)]
        return [Role(p[0]), Role(p[1]), Role(p[0], True), Role(p[1], True)]
    if profile.players_count == 5:
        out, pairs = five_player_rubber(party, rubber)
        a, b = (sorted(pair, key=party.index) for pair in sorted(pairs, key=lambda x: min(party.index(n) for n in x)))
        return [Role(a[0]), Role(b[0]), Role(a[1]), Role(b[1])]
    if profile.holder_rotates:
        holder = p[-1] if last is None else next_holder(last)
        others = [x for x in p if x != holder]
        return [Role(holder), Role(others[0]), Role(holder, True), Role(others[1])]
    return [Role(p[0]), Role(p[1]), Role(None, True), Role(p[2])]  # 3.2: the dummy at S, owner named after the auction


def _points(hand: int) -> int:
    """High-card points: A 4, K 3, Q 2, J 1."""
    return sum(4 - (12 - c % 13) for c in _bits(hand) if c % 13 >= 9)


def _wish(seat: Seat, hands: list[int], roles: list[Role], lift: int) -> Call | None:
    """The highest bid a place would go to: the points of its hand and the hand opposite (its
    partner's or a dummy; twice its own facing a dead pile), in its longest suit or no-trump;
    ``lift`` levels higher where the bidding starts higher (2.5's widow)."""
    partner = seat.partner
    points = _points(hands[seat]) + (_points(hands[seat]) if roles[partner].player is None else _points(hands[partner]))
    points += 3 * lift
    if points < 22:
        return None
    both = hands[seat] | hands[partner]
    lengths = [(both >> (13 * suit) & 0x1FFF).bit_count() for suit in range(4)]
    longest = max(range(4), key=lambda suit: lengths[suit])
    denomination = 4 if lengths[longest] < 8 else (0, 3, 2, 1)[longest]  # ♠ ♥ ♦ ♣ as bidding denominations
    level = min(7, 1 + (points - 22) // 3)
    return BIDS[(level - 1) * 5 + denomination]


def _auction(profile: TableMethod, roles: list[Role], hands: list[int], dealer: Seat, rng: random.Random) -> list[Call]:
    """Each bidder names the cheapest bid of his wish over the standing bid, or passes."""
    bidders = profile.bidders(roles)
    first = profile.first_speaker(dealer, roles, bidders)
    k = bidders.index(first)
    order = bidders[k:] + bidders[:k]
    closer = profile.closer(roles)
    calls: list[Call] = []
    ranks = profile.bid_ranks
    highest: Call | None = None
    turn = 0
    while True:
        run = run_auction(calls, order, profile, profile.min_level, profile.single_round, closer)
        if run.closed:
            return calls
        bidders_done = run_auction(calls, order, profile, profile.min_level, profile.single_round).closed
        seat = closer if closer is not None and bidders_done else order[turn % len(order)]
        wish = _wish(seat, hands, roles, profile.min_level - 1)
        call = PASS
        if wish is not None and wish.level >= profile.min_level or (wish is not None and rng.random() < 0.5):
            assert wish is not None and wish.denomination is not None
            level = max(profile.min_level, 1)
            while level <= 7:
                bid = BIDS[(level - 1) * 5 + wish.denomination]
                if highest is None or ranks[bid.code] > ranks[highest.code]:
                    break
                level += 1
            if level <= max(wish.level, profile.min_level) and level <= 7:
                call = highest = BIDS[(level - 1) * 5 + wish.denomination]
        calls.append(call)
        turn += 1


def simulate_deal(profile: TableMethod, party: tuple[str, ...], number: int, dealer: Seat, base: list[Role],
                  sits_out: str | None, rng: random.Random) -> DealRecord:
    """One legal deal of the method with the rubber's roles ``base``."""
    pack = list(range(52))
    rng.shuffle(pack)
    size = profile.hand_size
    dealt = [sum(1 << c for c in pack[i * size:(i + 1) * size]) for i in range(4)]
    widow = sum(1 << c for c in pack[4 * size:])
    roles = list(base)
    live = list(dealt)
    exchanges: tuple = ()
    if profile.exchange == "hand":
        exchanges = ((N, _points(dealt[N]) < 10), (S, _points(dealt[S]) < 10))  # a weak hand takes the pile
        live = [dealt[W] if exchanges[0][1] else dealt[N], 0, dealt[E] if exchanges[1][1] else dealt[S], 0]
    elif profile.exchange == "cards":
        swaps = []
        live = [0, 0, 0, 0]
        for seat in (N, S):
            hand, pile, done = dealt[seat], dealt[right_of(seat)], []
            for _ in range(rng.randrange(0, 5)):
                discard, taken = rng.choice(_bits(hand)), rng.choice(_bits(pile))
                hand, pile = hand ^ (1 << discard) | (1 << taken), pile ^ (1 << taken)
                done.append((CARDS[discard], CARDS[taken]))
            live[seat] = hand
            swaps.append((seat, tuple(done)))
        exchanges = tuple(swaps)
    calls = _auction(profile, roles, live, dealer, rng)
    bidders = profile.bidders(roles)
    first = profile.first_speaker(dealer, roles, bidders)
    order = bidders[bidders.index(first):] + bidders[:bidders.index(first)]
    contract = run_auction(calls, order, profile, profile.min_level, profile.single_round, profile.closer(roles)).contract()
    declarer_name = None if contract is None else roles[contract.declarer].player
    profile.dummies_after_auction(roles, dealer, declarer_name)
    widow_to = final = None
    gives: tuple = ()
    hands_played = list(live)
    if profile.hand_size == 12 and contract is not None:
        widow_to = rng.choice((contract.declarer, dealer.partner))
        held = hands_played[widow_to] | widow
        given = []
        for seat in SEATS:
            if seat != widow_to:
                card = rng.choice(_bits(held))
                held ^= 1 << card
                hands_played[seat] |= 1 << card
                given.append((seat, CARDS[card]))
        hands_played[widow_to] = held
        gives = tuple(given)
        higher = [b for b in BIDS if profile.bid_ranks[b.code] > profile.bid_ranks[contract.bid.code]]
        final = contract.bid if not higher or rng.random() < 0.6 else min(higher, key=lambda b: profile.bid_ranks[b.code])
    table = TableDeal(by_seat(roles), sits_out, exchanges, None if profile.hand_size == 13 else Hand(widow),
                      widow_to, gives, final)
    record = DealRecord(number, dealer, tuple(calls), by_seat(Hand(h) for h in dealt), None, own=table)
    if contract is None:
        return record
    if final is not None and final.denomination is not None:  # the final contract named after the widow: a bid
        contract = replace(contract, level=final.level, denomination=final.denomination)
    seat_roles = list(roles)
    declarer = profile.seating(hands_played, seat_roles, contract.declarer, dealer)
    leader, _ = profile.table_leader(declarer, seat_roles, dealer)
    return replace(record, play=_play(hands_played, leader, contract.trump, profile, rng))


def _play(hands: list[int], leader: Seat, trump: int | None, profile: TableMethod, rng: random.Random) -> tuple[Card, ...]:
    """Legal cards round the live places: a leader plays his highest card; a follower the
    cheapest card that wins the trick so far, else his lowest (ties broken at random)."""
    places = [s for s in SEATS if hands[s]]
    held = list(hands)
    cards: list[Card] = []
    seat = leader
    for _ in range(13):
        trick: list[Card] = []
        order: list[Seat] = []
        for _ in places:
            legal = _bits(profile.legal_cards(held[seat], trick[0].suit if trick else None))
            rng.shuffle(legal)
            if not trick:
                card = max(legal, key=lambda c: c % 13)
            else:
                led = trick[0].suit
                best = max(profile.card_strength(c, led, trump) for c in trick)
                winners = [c for c in legal if profile.card_strength(c, led, trump) > best]
                card = min(winners or legal, key=lambda c: (profile.card_strength(c, led, trump), c % 13))
            held[seat] ^= 1 << card
            trick.append(CARDS[card])
            order.append(seat)
            seat = places[(places.index(seat) + 1) % len(places)]
        seat = order[profile.trick_winner(trick, trump)]
        cards += trick
    return tuple(cards)


def simulate_session(rules: str, party: tuple[str, ...], deals: int, seed: int,
                     options: dict[str, str] | None = None, session_id: str = "table", rubbers: int | None = None,
                     event: str | None = None, date: str | None = None) -> SessionRecord:
    """An evening of ``deals`` deals (or until ``rubbers`` rubbers are finished) under ``rules``,
    a 2-, 3- or 5-player method, of ``event`` on ``date`` if given."""
    profile = table_method(rules, options)
    rng = random.Random(seed)
    info = SessionInfo(session_id, ("", "", "", ""), event=event, date=date, rules=rules, options=dict(options or {}), party=party)
    record = SessionRecord(info, ())
    rubber, last, base = 1, None, seat_players(profile, party, 1, None)
    first = profile.first_dealer(base, party)
    assert first is not None
    dealer = first[0]  # §6 ruling 15: the lowest card of the draw
    out = five_player_rubber(party, 1)[0] if profile.sits_out else None
    for number in range(1, deals + 1):
        deal = simulate_deal(profile, party, number, dealer, base, out, rng)
        record = replace(record, deals=record.deals + (deal,))
        report = evaluate(record)
        assert report.valid, [d.describe() for d in report.diagnostics]
        score = report.score
        assert isinstance(score, (TableScore, ColumnScore)), "a valid evening of a method is scored in its columns"
        finished = score.rubbers[-1].finished
        if rubbers is not None and finished and len(score.rubbers) >= rubbers:
            break
        if finished:
            rubber += 1
            table = table_fields(deal)
            assert table is not None, "a simulated deal has its roles"
            last = table.roles
            base = seat_players(profile, party, rubber, last)
            out = five_player_rubber(party, rubber)[0] if profile.sits_out else None
            dealer = profile.rubber_dealer(dealer, last, base)[0]
        else:
            dealer = profile.expected_dealer(dealer, number + 1)[0]
    return record
