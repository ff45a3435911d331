"""Double-dummy analysis of vint deals with DDS (through ``endplay``): what each seat could make,
and, card by card, which cards gave a trick away.

Vint's card play is bridge's (follow suit, no duty to trump, highest trump else highest of the
suit led), so DDS analyses it exactly; there is no dummy, which changes nothing when all four
hands are open. Conventions, all converted here and nowhere else:

- our :class:`~vint_replay.engine.cards.Suit` (S, H, D, C) has endplay's ``Denom`` numbering; our
  :class:`~vint_replay.engine.calls.Denomination` (♠ ♣ ♦ ♥ NT, vint order) does not, so a
  denomination goes to DDS as its trump suit (NT = 4);
- our :class:`~vint_replay.engine.seats.Seat` (N, E, S, W) has endplay's ``Player`` numbering;
- DDS's table gives the tricks *declarer* takes with the player on his left leading; its
  ``SolveBoard`` scores are tricks for the *side to move*, counted over the tricks not yet
  finished (the current one included). Everything returned here is in the declarer side's terms.

Only legal deals may come here: DDS answers a revoke with a bare "input error", so callers
replay the deal with the engine first (:func:`analyse_replay` does).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from ..engine.calls import Contract, Denomination
from ..engine.cards import CARDS, Card, Hand, iter_bits
from ..games.registry import RuleProfile
from ..engine.play import Play, PlayState
from ..engine.replay import DealReplay
from ..engine.seats import SEATS, Seat, Side

NOTRUMP = 4  # DDS's strain number for no-trump; suits use our Suit numbers
_lock = threading.Lock()  # DDS's single-deal calls share thread slot 0: one call per process at a time
_threads_set = False


class DDSFailure(RuntimeError):
    """DDS refused or failed on a deal; the message is DDS's own."""


def _dds():
    """endplay's DDS modules, imported on first use (they load a C library), limited to one
    DDS thread per process so that parallelism comes from processes, not from DDS."""
    global _threads_set
    import endplay._dds as raw
    from endplay import dds, types

    if not _threads_set:
        raw.SetMaxThreads(1)
        _threads_set = True
    return raw, dds, types


def dds_strain(denomination: Denomination) -> int:
    """DDS's strain number: the trump suit's number (S 0, H 1, D 2, C 3), or 4 for no-trump."""
    trump = denomination.trump
    return NOTRUMP if trump is None else int(trump)


def _pbn(hands: tuple[int, int, int, int] | list[int]) -> str:
    return "N:" + " ".join(Hand(h).pbn() for h in hands)


def _card_from_dds(card) -> Card:
    """endplay's ``Card`` (``Denom`` suit, ``Rank`` bit 4…0x4000) as ours."""
    return CARDS[int(card.suit) * 13 + int(card.rank).bit_length() - 3]


def _dds_deal(state: PlayState, trump: int):
    """The position ``state`` as an endplay ``Deal``: remaining hands, trick so far, leader, trump."""
    _, _, types = _dds()
    deal = types.Deal(_pbn(state.hands), first=types.Player(state.trick_leader), trump=types.Denom(trump))
    for card in state.trick:
        deal.play(types.Card(suit=types.Denom(card // 13), rank=types.Rank(1 << (card % 13 + 2))), from_hand=False)
    return deal


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks each seat would take as declarer in each denomination, double dummy, with the
    player on the declarer's left leading. ``tricks[denomination][seat]``."""

    tricks: tuple[tuple[int, int, int, int], ...]

    def __getitem__(self, key: tuple[Denomination, Seat]) -> int:
        denomination, seat = key
        return self.tricks[denomination][seat]

    def side_tricks(self, contract: Contract) -> tuple[int, int]:
        """Tricks by :class:`Side` if ``contract`` were played double dummy."""
        own = self.tricks[contract.denomination][contract.declarer]
        return (own, 13 - own) if contract.declarer.side is Side.NS else (13 - own, own)


def dd_table(hands: tuple[int, int, int, int]) -> DDTable:
    """The double-dummy table of a full deal (four 13-card hands as bit sets, by Seat)."""
    raw, dds, types = _dds()
    try:
        with _lock:
            result = dds.calc_dd_table(types.Deal(_pbn(hands)))
    except (raw.DDSError, RuntimeError, ValueError) as err:
        raise DDSFailure(f"DDS could not build the trick table: {err}") from err
    return DDTable(tuple(
        tuple(result[types.Denom(dds_strain(d)), types.Player(seat)] for seat in SEATS)
        for d in Denomination
    ))


def table_for(replay: DealReplay) -> DDTable:
    """The table of a replayed deal; refuses a profile whose opening lead is not the declarer's
    left-hand opponent, because DDS's table assumes that lead."""
    assert replay.hands is not None
    if any(replay.profile.opening_leader(seat) is not seat.left for seat in SEATS):
        raise DDSFailure(f"profile {replay.profile.name}: DDS tables assume the declarer's left-hand opponent leads")
    return dd_table(replay.hands)


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """One card of the play judged double dummy.

    ``before``/``after`` are the tricks the declarer's side ends with (already won + the best
    it can still force) before and after this card; ``best`` is the bit set of the cards that
    keep ``before`` (all of the player's legal cards when they are all equal).
    """

    index: int
    seat: Seat
    card: Card
    before: int
    after: int
    best: int
    declarer_side: Side

    @property
    def cost(self) -> int:
        """Tricks this card gave to the other side (0 for a double-dummy best card)."""
        lost = self.before - self.after
        return lost if self.seat.side is self.declarer_side else -lost

    @property
    def best_cards(self) -> list[Card]:
        return sorted(iter_bits(self.best), reverse=True)


@dataclass(frozen=True)
class PlayAnalysis:
    """Every card of a played deal judged double dummy (52 verdicts for a full play)."""

    contract: Contract
    cards: tuple[CardVerdict, ...]

    @property
    def start(self) -> int:
        """Declarer's side's double-dummy tricks before the opening lead."""
        return self.cards[0].before

    @property
    def final(self) -> int:
        """Declarer's side's tricks after the last card analysed (the actual result after 52)."""
        return self.cards[-1].after

    def lost_by(self, side: Side) -> int:
        """Tricks the players of ``side`` gave away in total."""
        return sum(v.cost for v in self.cards if v.seat.side is side)


def analyse_cards(hands: tuple[int, int, int, int], contract: Contract, leader: Seat,
                  cards: tuple[Card, ...] | list[Card], profile: RuleProfile) -> PlayAnalysis:
    """Judge each card of a legal play: DDS solves every position where the player had a choice;
    a forced card keeps the value of the position after it.

    Raises :class:`DDSFailure` if DDS fails, ``IllegalMove`` if a card is illegal (validate first).
    """
    side = contract.declarer.side
    strain = dds_strain(contract.denomination)
    play = Play(hands, contract.trump, leader, profile)
    solved: list[tuple[PlayState, int, dict[int, int] | None]] = []  # position, legal cards, scores
    for i, card in enumerate(cards):
        state = play.state()
        legal = play.legal()
        last_of_unfinished = i == len(cards) - 1 and state.cards_played < 51
        scores = _solve(state, strain) if legal & (legal - 1) or last_of_unfinished else None
        solved.append((state, legal, scores))
        play.play(card)
    value = play.state().tricks_won[side]  # where a finished play ends; unused otherwise
    verdicts: list[CardVerdict] = []
    for i in range(len(cards) - 1, -1, -1):
        state, legal, scores = solved[i]
        seat = state.to_play
        assert seat is not None
        if scores is None:  # a forced card: the position keeps its value
            verdicts.append(CardVerdict(i, seat, CARDS[cards[i]], value, value, legal, side))
            continue
        top = max(scores.values())
        before = side_total(state, top, side)
        after = side_total(state, scores[cards[i]], side)
        best = sum(1 << c for c, s in scores.items() if s == top)
        verdicts.append(CardVerdict(i, seat, CARDS[cards[i]], before, after, best, side))
        value = before
    verdicts.reverse()
    return PlayAnalysis(contract, tuple(verdicts))


def _solve(state: PlayState, strain: int) -> dict[int, int]:
    """DDS's score (tricks for the side to move, from this trick on) of each legal card."""
    raw, dds, _ = _dds()
    try:
        with _lock:
            return {_card_from_dds(c): s for c, s in dds.solve_board(_dds_deal(state, strain))}
    except (raw.DDSError, RuntimeError, ValueError) as err:
        raise DDSFailure(f"DDS failed at card {state.cards_played}: {err}") from err


def solve_positions(states: list[PlayState], strain: int) -> list[dict[int, int]]:
    """:func:`_solve` of many positions in one batch call (endplay's ``solve_all_boards``): the
    single-dummy layouts of one position (analysis/single_dummy.py)."""
    raw, dds, _ = _dds()
    try:
        with _lock:
            solved = dds.solve_all_boards([_dds_deal(s, strain) for s in states])
        return [{_card_from_dds(c): score for c, score in board} for board in solved]
    except (raw.DDSError, RuntimeError, ValueError) as err:
        raise DDSFailure(f"DDS failed on {len(states)} positions: {err}") from err


def side_total(state: PlayState, score: int, side: Side) -> int:
    """The tricks ``side`` ends with when DDS scores the mover's card ``score``: the tricks it
    has won, and the mover's score or what the mover's side leaves of the tricks not finished."""
    assert state.to_play is not None
    remaining = 13 - state.cards_played // 4
    return state.tricks_won[side] + (score if state.to_play.side is side else remaining - score)


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card at a position, double dummy: the tricks the declarer's side ends with
    if it is played and the best is played after it, and what that makes of the contract."""

    card: Card
    tricks: int
    needed: int  # the contract's tricks

    @property
    def margin(self) -> int:
        """Tricks over the contract (0: just made), or minus the undertricks."""
        return self.tricks - self.needed

    @property
    def verdict(self) -> str:
        """``made``, ``made +2`` or ``down 1``."""
        if self.margin < 0:
            return f"down {-self.margin}"
        return "made" if self.margin == 0 else f"made +{self.margin}"


def card_values(state: PlayState, contract: Contract) -> tuple[CardValue, ...]:
    """Every legal card of the player to move, best first for his side (one DDS call: DDS's
    ``SolveBoard`` scores all the mover's cards at once), in the declarer's side's tricks.

    A position with one legal card is solved too (DDS gives its value); a finished play has none.
    """
    if state.to_play is None:
        return ()
    scores = solve_position(state, dds_strain(contract.denomination))
    side = contract.declarer.side
    values = [CardValue(CARDS[c], side_total(state, s, side), contract.tricks_needed) for c, s in scores.items()]
    return tuple(sorted(values, key=lambda v: (-scores[v.card], -v.card)))


@lru_cache(maxsize=4096)
def _solve_cached(hands: tuple[int, int, int, int], trick: tuple[Card, ...], leader: Seat, played: int,
                  strain: int) -> tuple[tuple[int, int], ...]:
    state = PlayState(played, hands, trick, leader, SEATS[(leader + len(trick)) & 3], (0, 0))
    return tuple(_solve(state, strain).items())


def solve_position(state: PlayState, strain: int) -> dict[int, int]:
    """:func:`_solve`, cached by position (what is held, the trick on the table, its leader),
    so that stepping back and forth over a line asks DDS once a position."""
    return dict(_solve_cached(state.hands, state.trick, state.trick_leader, state.cards_played, strain))


def analyse_replay(replay: DealReplay) -> PlayAnalysis | None:
    """Per-card analysis of a valid, played deal; ``None`` for a deal without play.

    Raises ``ValueError`` for a deal the engine found invalid: it must never reach DDS.
    """
    if not replay.valid:
        raise ValueError(f"deal {replay.deal.number} is invalid; it is not sent to DDS")
    if replay.contract is None or replay.hands is None or not replay.tricks:
        return None
    cards = [c for trick in replay.tricks for c in trick.cards]
    return analyse_cards(replay.hands, replay.contract, replay.profile.opening_leader(replay.contract.declarer), cards,
                         replay.profile)
