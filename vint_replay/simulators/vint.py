"""A simulated vint club: seeded deals, a simple bidding policy and a heuristic card player,
played into whole sessions whose paper scores come from the engine's ledger.

Pure (no I/O): ``scripts/make_sample_data.py`` writes what this module produces, and
benchmarks import :func:`iter_sessions` for data of any size.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import count
from typing import Callable, Iterable, Iterator, NamedTuple

from ..engine.calls import BID_TERMS, BIDS, PASS, Call, Contract, Denomination
from ..engine.cards import CARDS, FULL_DECK, SUIT_MASKS, Hand
from ..engine.errors import IllegalMove
from ..engine.ledger import DealScore, Ledger
from ..engine.play import Trick
from ..games.registry import DEFAULT_PROFILE, RuleProfile, get_profile
from ..engine.record import DealRecord, LineTotals, SessionInfo, SessionRecord
from ..engine.replay import DealReplay, replay_deal
from ..engine.scoring import Entry, Item, Line
from ..engine.seats import SEATS, Seat, Side, by_seat

# The club: Cyrillic surnames as the scorer writes them, with their Latin transliteration.
CLUB: tuple[tuple[str, str], ...] = (
    ("Иванов", "Ivanov"), ("Петров", "Petrov"), ("Сидоров", "Sidorov"), ("Орлов", "Orlov"),
    ("Смирнов", "Smirnov"), ("Кузнецов", "Kuznetsov"), ("Волков", "Volkov"), ("Соколов", "Sokolov"),
)

_DENOMINATION_OF_SUIT = (Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS, Denomination.CLUBS)


def _holding_tables() -> tuple[list[int], list[int], list[bool]]:
    """Per 13-bit one-suit holding: high-card points (A4 K3 Q2 J1), losing tricks (at most
    one per card up to three, less each of A, K, Q held among them) and whether it stops the
    suit in no-trump (A, Kx, Qxx or Jxxx)."""
    hcp, losers, stopper = [], [], []
    for bits in range(1 << 13):
        n = bits.bit_count()
        top = [bits >> 12 & 1, bits >> 11 & 1, bits >> 10 & 1, bits >> 9 & 1]  # A K Q J
        hcp.append(4 * top[0] + 3 * top[1] + 2 * top[2] + top[3])
        covered = min(n, 3)
        losers.append(covered - sum(top[:covered]))
        stopper.append(bool(top[0] or (top[1] and n >= 2) or (top[2] and n >= 3) or (top[3] and n >= 4)))
    return hcp, losers, stopper


_HCP, _LOSERS, _STOPPER = _holding_tables()


class HandView(NamedTuple):
    """What a player sees in his hand when bidding, worked out once per deal."""

    suits: tuple[int, int, int, int]  # 13-bit holdings in PBN suit order
    lengths: tuple[int, int, int, int]
    points: int
    losers: int
    aces: int


def view(hand: int) -> HandView:
    """The bidding view of a hand given as a bit set."""
    suits = (hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39 & 0x1FFF)
    a, b, c, d = suits
    return HandView(suits, (a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count()),
                    _HCP[a] + _HCP[b] + _HCP[c] + _HCP[d], _LOSERS[a] + _LOSERS[b] + _LOSERS[c] + _LOSERS[d],
                    (a >> 12) + (b >> 12) + (c >> 12) + (d >> 12))


# ---------------------------------------------------------------- dealing


def deal_hands(rng: random.Random) -> tuple[int, int, int, int]:
    """Shuffle a deck (sort by random keys) and give 13 cards to each seat, as bit sets by Seat."""
    keys = [rng.random() for _ in _DECK]
    deck = sorted(_DECK, key=keys.__getitem__)
    return (sum([_BITS[c] for c in deck[0:13]]), sum([_BITS[c] for c in deck[13:26]]),
            sum([_BITS[c] for c in deck[26:39]]), sum([_BITS[c] for c in deck[39:52]]))


_DECK = range(52)
_BITS = tuple(1 << c for c in _DECK)


# ---------------------------------------------------------------- bidding


@dataclass(frozen=True, slots=True)
class SidePlan:
    """What a partnership thinks it can make: its denomination and the highest bid it will
    go to (``limit`` is a :attr:`Call.order`; -1 when it will not bid at all)."""

    denomination: Denomination
    limit: int


def plan_side(views: tuple[HandView, ...], side: Side, rng: random.Random) -> SidePlan:
    """Estimate the partnership's tricks in its best fit (losing-trick count) and in no-trump
    (points, with stoppers and aces), misjudge by a little noise, and stop there."""
    a, b = views[side], views[side + 2]
    points, losers, aces = a.points + b.points, a.losers + b.losers, a.aces + b.aces
    fits = [x + y for x, y in zip(a.lengths, b.lengths)]
    stopped = all(_STOPPER[x] or _STOPPER[y] for x, y in zip(a.suits, b.suits))
    best_tricks, best = -1.0, Denomination.SPADES
    for suit, fit in enumerate(fits):
        if fit < 7:
            continue
        tricks = 24 - losers - (1 if fit == 7 else 0) + (0.5 if fit >= 10 else 0)
        denomination = _DENOMINATION_OF_SUIT[suit]
        if tricks > best_tricks or (tricks == best_tricks and denomination > best):
            best_tricks, best = tricks, denomination
    if stopped and aces >= 2:
        tricks = 6 + (points - 20) / 2 + (0.5 if aces >= 3 else 0)
        if tricks >= best_tricks - 0.5:
            best_tricks, best = tricks, Denomination.NOTRUMP
    # The club's card play takes about 0.6 of a trick per trick the count promises above seven.
    estimate = min(7 + 0.6 * (best_tricks - 7) + rng.gauss(0, 0.8), 13.0)
    level = int(estimate + 0.2) - 6
    if level >= 6 and aces < 3:  # no slam without the aces
        level = 5
    if level >= 7 and aces < 4:
        level = 6
    if level < 1:
        return SidePlan(best, -1)
    return SidePlan(best, (level - 1) * 5 + best)


def _cheapest(denomination: int, above: int) -> int:
    """The order of the lowest bid in ``denomination`` that outranks the order ``above``."""
    return ((above - denomination) // 5 + 1) * 5 + denomination


def _opening(hand: HandView) -> Denomination | None:
    """What a player names when he speaks first for his side, or ``None`` without opening
    values (12 points, or 10 with a five-card suit, or 8 with a seven-card suit). A balanced
    hand of 15 with two aces says no-trump; otherwise his longest suit (the stronger, then the
    higher-ranking, of equal lengths)."""
    points, lengths = hand.points, hand.lengths
    longest = max(lengths)
    if not (points >= 12 or (points >= 10 and longest >= 5) or (points >= 8 and longest >= 7)):
        return None
    if min(lengths) >= 2 and sorted(lengths)[1] >= 3 and points >= 15 and hand.aces >= 2:
        return Denomination.NOTRUMP
    best = max(range(4), key=lambda s: (lengths[s], _HCP[hand.suits[s]], _DENOMINATION_OF_SUIT[s]))
    return _DENOMINATION_OF_SUIT[best]


def _holds(hand: int, denomination: Denomination, cards: int) -> bool:
    trump = denomination.trump
    return trump is None or (hand & SUIT_MASKS[trump]).bit_count() >= cards


@cache
def _closing_passes(profile: RuleProfile) -> tuple[int, int]:
    """The fewest passes in a row that close the auction under ``profile`` (its
    :meth:`~RuleProfile.auction_closed`), with no bid yet and after a bid."""
    return (next(n for n in count(1) if profile.auction_closed(n, False)),
            next(n for n in count(1) if profile.auction_closed(n, True)))


def bid_auction(hands: tuple[int, int, int, int], dealer: Seat, rng: random.Random,
                profile: RuleProfile) -> tuple[int, ...]:
    """The calls from the dealer round the table until the profile closes the auction, as
    :attr:`Call.order` numbers (-1 for a pass).

    A side opens in the opener's own suit (or no-trump) when a player has opening values,
    moves to the side's denomination, competes in it up to its limit (sometimes jumping
    there at once), and a partner with support raises to the limit; then everybody passes.
    """
    views = (view(hands[0]), view(hands[1]), view(hands[2]), view(hands[3]))
    plans = (plan_side(views, Side.NS, rng), plan_side(views, Side.EW, rng))
    calls: list[int] = []
    high, high_side = -1, -1
    passes = 0
    raised = [False, False, False, False]
    side_bid = [False, False]
    seat = int(dealer)
    closing = _closing_passes(profile)  # passes that close the auction: (no bid yet, after a bid)
    while passes < closing[high >= 0]:
        if plans[0].limit <= high and plans[1].limit <= high:  # nobody will bid again
            calls.extend([-1] * (closing[high >= 0] - passes))
            break
        side = seat & 1
        plan = plans[side]
        hand = hands[seat]
        order = -1
        if plan.limit > high:
            if high_side != side:
                if not side_bid[side]:
                    own = _opening(views[seat])
                    if own is not None:
                        order = _cheapest(own, high)
                        if order > plan.limit:
                            order = _cheapest(plan.denomination, high)
                elif _holds(hand, plan.denomination, 3):
                    order = _cheapest(plan.denomination, high)
                    if rng.random() < 0.35:
                        order = plan.limit
            elif high % 5 != plan.denomination and _holds(hand, plan.denomination, 3):
                order = _cheapest(plan.denomination, high)
            elif not raised[seat] and _holds(hand, plan.denomination, 3) and rng.random() < 0.7:
                raised[seat] = True
                order = plan.limit
        if 0 <= order <= plan.limit:
            calls.append(order)
            high, high_side, passes = order, side, 0
            side_bid[side] = True
        else:
            calls.append(-1)
            passes += 1
        seat = (seat + 1) & 3
    return tuple(calls)


def contract_of(calls: tuple[int, ...], dealer: Seat) -> Contract | None:
    """The last bid and the seat that made it (``None`` for a passed-out deal)."""
    for i in range(len(calls) - 1, -1, -1):
        if calls[i] >= 0:
            level, denomination = BID_TERMS[calls[i]]
            return Contract(level, denomination, SEATS[(dealer + i) & 3])
    return None


# ---------------------------------------------------------------- card play


def _discard(hand: int, trumps: int) -> int:
    """The lowest-ranking card outside trumps (a trump only when nothing else is left); of
    equal ranks, the one in the first suit in PBN order."""
    rest = hand & ~trumps or hand
    a, b, c, d = rest & 0x1FFF, rest >> 13 & 0x1FFF, rest >> 26 & 0x1FFF, rest >> 39
    ranks = a | b | c | d
    low = ranks & -ranks
    rank = low.bit_length() - 1
    if a & low:
        return rank
    if b & low:
        return rank + 13
    return rank + 26 if c & low else rank + 39


def _lead(hand: int, partner: int, unplayed: int, trumps: int, declaring: bool) -> int:
    """Draw trumps while the opponents have some (declarer's side), else cash a card that is
    the highest left in its suit, else lead from the longest suit: top of touching honours,
    otherwise low."""
    own_trumps = hand & trumps
    side_suits = hand & ~trumps
    if own_trumps and (not side_suits or (declaring and unplayed & trumps & ~hand & ~partner)):
        top = (unplayed & trumps).bit_length() - 1
        return top if own_trumps >> top & 1 else (own_trumps & -own_trumps).bit_length() - 1
    best, best_len = 0, 0
    for mask in SUIT_MASKS:
        cards = side_suits & mask
        if cards:
            top = (unplayed & mask).bit_length() - 1
            if cards >> top & 1:
                return top
            n = cards.bit_count()
            if n > best_len:
                best, best_len = cards, n
    top = best.bit_length() - 1
    if top % 13 >= 8 and best >> (top - 1) & 1:
        return top
    return (best & -best).bit_length() - 1


def play_cards(hands: tuple[int, int, int, int], trump: int | None, leader: int,
               declarer_side: int) -> tuple[list[int], list[int]]:
    """Play all 13 tricks heuristically; returns the 52 cards in order and each trick's winner.

    Following suit, a player plays the lowest card that beats the trick so far, or his lowest
    when he cannot beat it or his partner is winning; void, he ruffs as cheaply as wins, else
    discards his lowest card.
    """
    held = list(hands)
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    unplayed = FULL_DECK
    cards: list[int] = []
    winners: list[int] = []
    for _ in range(13):
        card = _lead(held[leader], held[leader ^ 2], unplayed, trumps, (leader & 1) == declarer_side)
        held[leader] ^= 1 << card
        unplayed ^= 1 << card
        cards.append(card)
        led = SUIT_MASKS[card // 13]
        ruffed = False  # a trump is winning a trick led in another suit
        win_card, win_pos = card, 0
        for pos in (1, 2, 3):
            seat = (leader + pos) & 3
            hand = held[seat]
            follow = hand & led
            if follow:
                if win_pos == pos - 2 or ruffed:  # partner winning, or cannot win
                    card = (follow & -follow).bit_length() - 1
                    if card > win_card and not ruffed:  # forced to overtake
                        win_card, win_pos = card, pos
                else:
                    over = follow >> (win_card + 1) << (win_card + 1)
                    if over:
                        card = (over & -over).bit_length() - 1
                        win_card, win_pos = card, pos
                    else:
                        card = (follow & -follow).bit_length() - 1
            else:
                own_trumps = hand & trumps
                over = 0
                if own_trumps and win_pos != pos - 2:
                    over = own_trumps >> (win_card + 1) << (win_card + 1) if ruffed else own_trumps
                if over:
                    card = (over & -over).bit_length() - 1
                    win_card, win_pos, ruffed = card, pos, True
                else:
                    card = _discard(hand, trumps)
                    if trumps >> card & 1 and (not ruffed or card > win_card):  # nothing left but trumps
                        win_card, win_pos, ruffed = card, pos, True
            held[seat] = hand ^ (1 << card)
            unplayed ^= 1 << card
            cards.append(card)
        leader = (leader + win_pos) & 3
        winners.append(leader)
    return cards, winners


# ---------------------------------------------------------------- deals and sessions


class SimDeal(NamedTuple):
    """One simulated deal: the hands dealt, the calls, and (unless passed out and not played
    out) the play and the winner of each trick, all as small integers (a tuple: quick to make
    by the million)."""

    number: int
    dealer: Seat
    hands: tuple[int, int, int, int]
    calls: tuple[int, ...]  # Call.order of each call, -1 for a pass
    contract: Contract | None
    play: tuple[int, ...]
    winners: tuple[int, ...]
    tricks_won: tuple[int, int]  # by Side

    @property
    def auction(self) -> tuple[Call, ...]:
        return tuple(PASS if c < 0 else BIDS[c] for c in self.calls)


def simulate_deal(rng: random.Random, number: int, dealer: Seat, profile: RuleProfile) -> SimDeal:
    """Deal, bid and play one deal; a passed-out deal is played (in no trumps, nobody
    declaring) only when the profile plays passed-out deals out."""
    hands = deal_hands(rng)
    calls = bid_auction(hands, dealer, rng, profile)
    contract = contract_of(calls, dealer)
    if contract is None:
        if not profile.plays_passed_out():
            return SimDeal(number, dealer, hands, calls, None, (), (), (0, 0))
        cards, winners = play_cards(hands, None, profile.passed_out_leader(dealer), -1)
    else:
        cards, winners = play_cards(hands, contract.trump, profile.opening_leader(contract.declarer),
                                    contract.declarer.side)
    ns = winners.count(0) + winners.count(2)
    return SimDeal(number, dealer, hands, calls, contract, tuple(cards), tuple(winners), (ns, 13 - ns))


def sim_of_record(deal: DealRecord, profile: RuleProfile) -> SimDeal:
    """A recorded (valid, played) deal as a :class:`SimDeal`, replayed by the engine."""
    replay = replay_deal(deal, profile)
    if not replay.valid or replay.hands is None:
        raise ValueError(f"deal {deal.number} is not a valid played deal: {replay.diagnostics}")
    play = tuple(c for t in replay.tricks for c in t.cards)
    return SimDeal(deal.number, deal.dealer, replay.hands, tuple(c.code - 1 for c in deal.auction), replay.contract,
                   play, tuple(int(t.winner) for t in replay.tricks), replay.tricks_won or (0, 0))


def _replay(sim: SimDeal, profile: RuleProfile, with_tricks: bool) -> DealReplay:
    """The engine's view of a simulated deal, for the ledger: the tricks in order, or only
    how many each side took (the play is legal by construction; the tests replay the
    written records to prove it)."""
    deal = DealRecord(sim.number, sim.dealer, ())
    if sim.contract is None:  # passed out: only the tricks of a played one count (to the profile)
        return DealReplay(deal, profile, None, True, sim.hands, (), sim.tricks_won if sim.play else None, ())
    tricks: tuple[Trick, ...] = ()
    if with_tricks:
        leader = profile.opening_leader(sim.contract.declarer)
        out = []
        play = sim.play
        for k, winner in enumerate(sim.winners):
            out.append(Trick(leader, (CARDS[play[4 * k]], CARDS[play[4 * k + 1]], CARDS[play[4 * k + 2]],
                                      CARDS[play[4 * k + 3]]), SEATS[winner]))
            leader = SEATS[winner]
        tricks = tuple(out)
    return DealReplay(deal, profile, sim.contract, False, sim.hands, tricks, sim.tricks_won, ())


class ScoredDeal(NamedTuple):
    """A simulated deal with its ledger score (``None`` when made without scores);
    ``result_only`` deals are written without play.

    ``score.game.trick`` is ``None`` unless the trick order was needed to know who reached game.
    """

    sim: SimDeal
    score: DealScore | None
    result_only: bool = False

    @property
    def scored(self) -> DealScore:
        """The ledger's score, which a mistake is planted in (every deal of :func:`plant` has it)."""
        assert self.score is not None, f"deal {self.sim.number} was made without scores"
        return self.score

    @property
    def recorded(self) -> tuple[LineTotals, LineTotals] | None:
        """The paper score: the ledger's totals for the deal."""
        if self.score is None:
            return None
        return self.score.totals(Side.NS), self.score.totals(Side.EW)


def play_session(rng: random.Random, profile: RuleProfile, first_dealer: Seat, *,
                 rubbers: int | None = None, deals: int | None = None,
                 opening: Iterable[SimDeal] = (), result_only_rate: float = 0.0,
                 scored: bool = True) -> Iterator[ScoredDeal]:
    """Deals of one table in order, scored by the engine's :class:`Ledger`.

    The session ends after ``deals`` deals, or after the deal that finishes the ``rubbers``-th
    rubber. ``opening`` deals (e.g. a worked example) come first. With ``result_only_rate``
    some played deals are kept as results only, as paper logs do, unless the ledger then
    needs the trick order (``order_needed``).

    The ledger gets each deal's result first and the trick order only when it asks for it
    (both sides could reach game): the entries are the same, and building tricks is slow.
    Without ``scored`` there is no ledger (a third less time): deals only, no paper scores.
    """
    if rubbers is not None and not scored:
        raise ValueError("a session of whole rubbers needs the scores")
    ledger = Ledger(profile)
    dealer = first_dealer
    number = 0
    pending = list(opening)
    while True:
        if pending:
            sim = pending.pop(0)
            if sim.dealer != dealer or sim.number != number + 1:
                raise ValueError(f"opening deal {sim.number} does not continue the session")
        else:
            sim = simulate_deal(rng, number + 1, dealer, profile)
        number, dealer = sim.number, dealer.left
        if scored:
            try:
                score, by_result = ledger.add(_replay(sim, profile, False)), True
            except IllegalMove:  # order_needed: the trick order decides who reached game first
                score, by_result = ledger.add(_replay(sim, profile, True)), False
            result_only = (by_result and sim.contract is not None and result_only_rate > 0
                           and rng.random() < result_only_rate)
            yield ScoredDeal(sim, score, result_only)
        else:
            yield ScoredDeal(sim, None)
        if deals is not None and number >= deals:
            return
        if rubbers is not None and ledger.rubber.finished and len(ledger.score.rubbers) >= rubbers:
            return


def deal_record(deal: ScoredDeal, recorded: tuple[LineTotals, LineTotals] | None = None) -> DealRecord:
    """The record a scorer would write: hands, calls, play (or the result), paper score
    (the ledger's, unless ``recorded`` overrides it)."""
    sim = deal.sim
    hands = by_seat(Hand(h) for h in sim.hands)
    play = result = None
    if sim.contract is not None and deal.result_only:
        result = sim.tricks_won[sim.contract.declarer.side]
    elif sim.play:  # a contract's play, or a passed-out deal played out
        play = tuple(CARDS[c] for c in sim.play)
    return DealRecord(sim.number, sim.dealer, sim.auction, hands, play, result,
                      recorded if recorded is not None else deal.recorded)


# ---------------------------------------------------------------- data of any size

SESSION_SIZES = (300, 3000)  # deals per generated session: "a few hundred to a few thousand"


def session_sizes(seed: int, n_deals: int) -> list[int]:
    """How ``n_deals`` are split into sessions (the last one takes the remainder)."""
    rng = random.Random(f"vint-sizes:{seed}")
    sizes: list[int] = []
    left = n_deals
    while left > 0:
        size = min(left, rng.randint(*SESSION_SIZES))
        sizes.append(size)
        left -= size
    return sizes


def generated_session(seed: int, index: int, size: int, profile: RuleProfile | None = None,
                      scored: bool = True) -> tuple[SessionInfo, Iterator[ScoredDeal]]:
    """Session ``index`` of the generated data: its tags and its ``size`` deals (lazily).

    Each session has its own random stream, so sessions can be made in any order or process;
    the deals do not depend on ``scored``.
    """
    profile = profile or get_profile()
    rng = random.Random(f"vint-session:{seed}:{index}")
    seats = rng.sample(range(len(CLUB)), 4)
    day = 1 + index % 28
    info = SessionInfo(
        id=f"sim-{seed}-{index:06d}",
        players=by_seat(CLUB[i][0] for i in seats),
        event=f"Симуляция клуба, вечер {index + 1} (simulated club evening {index + 1})",
        site="Москва (Moscow)",
        date=f"{2026 + index // 336:04d}-{1 + index // 28 % 12:02d}-{day:02d}",
        table=str(1 + index % 4),
        rules=profile.name,
        options=dict(profile.options),
    )
    return info, play_session(rng, profile, SEATS[rng.randrange(4)], deals=size, scored=scored)


def iter_sessions(seed: int, n_deals: int, scored: bool = True) -> Iterator[SessionRecord]:
    """``n_deals`` simulated deals as sessions of a few hundred to a few thousand deals (the
    last rubber of each may be unfinished), each deal with its paper score unless not
    ``scored``. Deterministic in ``seed``; one session in memory at a time. The files of
    ``make_sample_data.py --deals`` hold exactly these records."""
    for index, size in enumerate(session_sizes(seed, n_deals)):
        info, deals = generated_session(seed, index, size, scored=scored)
        yield SessionRecord(info, tuple(deal_record(d) for d in deals))


# ---------------------------------------------------------------- the sample club


Changes = tuple[tuple[Side, Line, int], ...]  # (side, line, points added to the true figure)
Found = tuple[str, Changes] | None  # a mistake that fits a deal: what the scorer did, and the lines off


@dataclass(frozen=True, slots=True)
class PlantedMistake:
    """A wrong entry planted on a paper scoresheet: where, what, and by how much each side's
    line differs from the true figure (so an audit must report exactly those lines)."""

    session: str
    deal: int
    kind: str
    what: str
    changes: Changes


def _entry(deal: ScoredDeal, item: Item) -> Entry | None:
    return next((e for e in deal.scored.entries if e.item is item), None)


def _failed_with(deal: ScoredDeal) -> int | None:
    """The tricks the declarer took in a contract that failed; ``None`` for one made, or none bid."""
    c, tricks = deal.sim.contract, deal.scored.tricks
    if c is None or tricks is None or tricks[c.declarer.side] >= c.tricks_needed:
        return None
    return tricks[c.declarer.side]


def _level(deal: ScoredDeal) -> int:
    """The level of the deal's contract (0: passed out)."""
    return 0 if deal.sim.contract is None else deal.sim.contract.level


def _honours_wrong_side(deal: ScoredDeal, profile: RuleProfile) -> Found:
    e = _entry(deal, Item.HONOURS)
    if e is not None and not any(o.points == e.points for o in deal.scored.entries if o is not e):
        return (f"honours {e.points} ({e.reason}) written for {e.side.other.label}",
                ((e.side, Line.ABOVE, -e.points), (e.side.other, Line.ABOVE, e.points)))
    return None


def _forgotten(item: Item, name: str) -> Callable[[ScoredDeal, RuleProfile], Found]:
    """A due entry of ``item`` left off the paper."""
    def forgotten(deal: ScoredDeal, profile: RuleProfile) -> Found:
        e = _entry(deal, item)
        if e is not None:
            return f"{e.side.label}'s {name} {e.points} forgotten", ((e.side, Line.ABOVE, -e.points),)
        return None
    return forgotten


def _slipped(item: Item) -> Callable[[ScoredDeal, RuleProfile], Found]:
    """A due entry of ``item`` written as the profile's first common slip for it (its audit hook)."""
    def slipped(deal: ScoredDeal, profile: RuleProfile) -> Found:
        e = _entry(deal, item)
        if e is None:
            return None
        slip = next((s for s in profile.slips(e, deal.sim.contract, deal.scored.trick_value) if s.written != e.points), None)
        if slip is None or any(o.points == e.points - slip.written for o in deal.scored.entries
                               if o is not e and o.side is e.side and o.line is e.line):
            return None  # no slip, or one an audit could not tell from another entry forgotten
        return (f"{item.replace('_', ' ')} {e.points} ({e.reason}) written as {slip.written}: {slip.slip}",
                ((e.side, e.line, slip.written - e.points),))
    return slipped


def _slam_for_failed_contract(deal: ScoredDeal, profile: RuleProfile) -> Found:
    """The profile's first slam premium (its audit's premiums not due) given for a failed contract."""
    c = deal.sim.contract
    taken = _failed_with(deal)
    if c is not None and taken is not None and c.level >= 3:
        points = next(p for item, p in profile.premiums_not_due(c, deal.scored.trick_value) if item is Item.SLAM)
        return (f"slam premium {points} given to {c.declarer.side.label} for the failed {c} ({taken} tricks)",
                ((c.declarer.side, Line.ABOVE, points),))
    return None


def _trick_miscounted(deal: ScoredDeal, profile: RuleProfile) -> Found:
    c = deal.sim.contract
    if c is not None and deal.scored.trick_value and not deal.result_only:
        side = c.declarer.side
        return (f"{side.label} credited with one trick too many below the line (+{deal.scored.trick_value})",
                ((side, Line.BELOW, deal.scored.trick_value),))
    return None


# The paper mistakes that can be planted: each says whether (and how) it fits a given deal
# under the session's profile, whose audit hooks give the wrong figures.
MISTAKES: dict[str, Callable[[ScoredDeal, RuleProfile], Found]] = {
    "honours_wrong_side": _honours_wrong_side,
    "game_forgotten": _forgotten(Item.GAME, "game premium"),
    "rubber_as_game": _slipped(Item.RUBBER),
    "slam_for_failed_contract": _slam_for_failed_contract,
    "undertricks_at_level_one": _slipped(Item.UNDERTRICKS),
    "trick_miscounted": _trick_miscounted,
    "coronka_forgotten": _forgotten(Item.CORONKA, "coronka"),
    "x_marks_forgotten": _forgotten(Item.X_MARKS, "X marks"),
    "passed_out_forgotten": _forgotten(Item.PASSED_OUT, "premium for a played passed-out deal"),
}


@dataclass(frozen=True, slots=True)
class Table:
    """One table on one club evening: who sits where, how many rubbers, which paper errors."""

    date: str
    table: int
    players: tuple[int, int, int, int]  # indexes into CLUB, by Seat
    rubbers: int = 3
    result_only_rate: float = 0.0
    mistakes: tuple[str, ...] = ()
    worked_example: bool = False
    rules: str = DEFAULT_PROFILE  # the profile the table plays, and its session options
    options: tuple[tuple[str, str], ...] = ()

    @property
    def profile(self) -> RuleProfile:
        return get_profile(self.rules, dict(self.options))


EVENINGS = ("2026-11-03", "2026-11-10", "2026-11-17", "2026-12-15", "2026-12-29")
CLUB_TABLES = (
    Table(EVENINGS[0], 1, (0, 1, 2, 3), worked_example=True),
    Table(EVENINGS[0], 2, (4, 5, 6, 7), rubbers=4, mistakes=("honours_wrong_side", "game_forgotten")),
    Table(EVENINGS[1], 1, (0, 4, 1, 5), mistakes=("slam_for_failed_contract",)),
    Table(EVENINGS[1], 2, (2, 6, 3, 7), rubbers=4, result_only_rate=0.15, mistakes=("undertricks_at_level_one",)),
    Table(EVENINGS[2], 1, (0, 6, 5, 3), rubbers=4, mistakes=("rubber_as_game", "trick_miscounted")),
    Table(EVENINGS[2], 2, (4, 2, 7, 1), mistakes=("honours_wrong_side",)),
    Table(EVENINGS[3], 1, (1, 7, 3, 5), rubbers=4, rules="classic",
          mistakes=("rubber_as_game", "coronka_forgotten", "undertricks_at_level_one", "x_marks_forgotten")),
    Table(EVENINGS[4], 2, (0, 2, 4, 6), rubbers=4, rules="classic", options=(("x_marks", "played"),),
          mistakes=("passed_out_forgotten", "honours_wrong_side")),
)


def table_info(table: Table) -> SessionInfo:
    """The session tags of a club table: Cyrillic names, their Latin spelling in the event."""
    names = by_seat(CLUB[i][0] for i in table.players)
    latin = ", ".join(CLUB[i][1] for i in table.players)
    return SessionInfo(
        id=f"arbat-{table.date}-t{table.table}",
        players=names,
        event=f"Клуб «Арбат», вечер {table.date} (Arbat club evening; {latin})",
        site="Москва (Moscow)",
        date=table.date,
        table=str(table.table),
        rules=table.rules,
        options=dict(table.options),
    )


def plant(info: SessionInfo, deals: list[ScoredDeal], kinds: tuple[str, ...], rng: random.Random,
          profile: RuleProfile) -> tuple[SessionRecord, list[PlantedMistake]]:
    """The session's record with the ledger's paper scores, and the ``kinds`` of mistakes
    planted in randomly chosen deals (one mistake a deal; a slam premium goes to one of the
    highest failed contracts, where a tired scorer might believe it), with the wrong figures
    ``profile``'s audit hooks name."""
    recorded = {d.sim.number: d.recorded for d in deals}
    planted: list[PlantedMistake] = []
    for kind in kinds:
        candidates = [(d, found) for d in deals if d.sim.number not in {p.deal for p in planted}
                      and (found := MISTAKES[kind](d, profile)) is not None]
        if not candidates:
            raise ValueError(f"session {info.id} has no deal for a {kind} mistake")
        if kind == "slam_for_failed_contract":
            top = max(_level(d) for d, _ in candidates)
            candidates = [(d, f) for d, f in candidates if _level(d) == top]
        deal, (what, changes) = candidates[rng.randrange(len(candidates))]
        written = recorded[deal.sim.number]
        assert written is not None  # a planted deal is scored
        totals = list(written)
        for side, line, points in changes:
            t = totals[side]
            totals[side] = LineTotals(t.below + points, t.above) if line is Line.BELOW else LineTotals(t.below, t.above + points)
        recorded[deal.sim.number] = (totals[0], totals[1])
        planted.append(PlantedMistake(info.id, deal.sim.number, kind, what, tuple(changes)))
    planted.sort(key=lambda p: p.deal)
    record = SessionRecord(info, tuple(deal_record(d, recorded[d.sim.number]) for d in deals))
    return record, planted


def club_sessions(seed: int, worked_example: DealRecord) -> list[tuple[SessionRecord, list[PlantedMistake]]]:
    """The sample club's evenings (:data:`CLUB_TABLES`): each table plays its rubbers under its
    own profile; the first holds ``worked_example`` (rules/volchaninov.md §6) as its deal 1."""
    out = []
    for table in CLUB_TABLES:
        profile = table.profile
        info = table_info(table)
        rng = random.Random(f"vint-club:{seed}:{info.id}")
        opening = (sim_of_record(worked_example, profile),) if table.worked_example else ()
        first = worked_example.dealer if table.worked_example else SEATS[rng.randrange(4)]
        deals = list(play_session(rng, profile, first, rubbers=table.rubbers, opening=opening,
                                  result_only_rate=table.result_only_rate))
        out.append(plant(info, deals, table.mistakes, rng, profile))
    return out
