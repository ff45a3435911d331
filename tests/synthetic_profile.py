"""Synthetic rule profiles for the tests: every hook changed from the default, so a part of the
engine or the batch path that still hard-wires the default rules diverges and fails a test.

``Synthetic`` changes only what the batch path (``store/columnar.py``) claims to take from the
profile: bid order, pass counts, opening leader, card strengths, trick value, what goes below
the line, threshold, games per rubber, premiums, deal entries that read single hands, what a
passed-out deal and a rubber's end write. ``SyntheticReference`` also overrides the hooks the
batch path declines (declarer, legal cards, played passed-out deals, doubles, the unfinished
rubber, vulnerability), so its sessions must take the reference path.

They are registered only inside :func:`registered` (a fixture of ``conftest.py``).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

from vint_replay.games import registry as profiles
from vint_replay.engine.calls import Contract, Denomination
from vint_replay.engine.cards import SUIT_MASKS, Suit
from vint_replay.games.registry import RubberState, RuleProfile, Slip
from vint_replay.engine.scoring import DealFacts, Entry, Item, Line
from vint_replay.games.solo.profile import SoloWhist
from vint_replay.games.vint235.method import TableMethod
from vint_replay.engine.seats import SEATS, Seat, Side
from oracle import SUIT_CARDS, follow_suit

BRIDGE_ORDER = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                Denomination.NOTRUMP)
VOID_POINTS = 70  # each void in a dealt hand, to its holder's side
UNDERTRICK = 110  # per trick short, to the defenders
MADE_PER_LEVEL = 30  # a made contract, to the declarers, × level
GAME_STEP = 200  # the n-th game of a side is worth n × 200
RUBBER_PREMIUM = 1300
X_MARK = 90  # per passed-out deal of the rubber, to its winner
WHITEWASH = 250  # a rubber won without the other side winning a game
THROWN_IN = 40  # a passed-out deal thrown in: to the side left of the dealer


class Synthetic(RuleProfile):
    """Bridge's bid order, 5 / 7 passes, the declarer's right hand leads, the lowest card wins
    in no-trump and the lowest trump among trumps, only the declarers write below the line, game
    at 300, three games a rubber."""

    name = "synthetic"
    title = "Synthetic test profile"
    denomination_order = BRIDGE_ORDER
    passes_to_pass_out = 5
    passes_after_bid = 7
    game_threshold = 300
    games_to_win_rubber = 3
    entries_by_counts = False  # deal_entries reads each hand's voids

    def opening_leader(self, declarer: Seat) -> Seat:
        """The player on the declarer's right leads."""
        return SEATS[(declarer + 3) & 3]

    def card_strength(self, card: int, led_suit: int, trump: int | None) -> int:
        """:func:`synthetic_strength`: the lowest trump wins, the lowest card in no-trump."""
        return synthetic_strength(card, led_suit, trump)

    def trick_value(self, contract: Contract) -> int:
        """15 a level, 5 more in no-trump."""
        return 15 * contract.level + (5 if contract.denomination is Denomination.NOTRUMP else 0)

    def undertrick_value(self, contract: Contract) -> int:
        """A flat figure a trick short, whatever the level."""
        return UNDERTRICK

    def below_points(self, contract: Contract, side: Side, taken: int) -> int:
        """Only the declaring side writes its tricks below the line."""
        return taken * self.trick_value(contract) if side is contract.declarer.side else 0

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """The declarers' tricks below; a made contract or undertricks; every void of a dealt hand."""
        contract = facts.contract
        declarers = contract.declarer.side
        taken = facts.tricks[declarers]
        value = self.trick_value(contract)
        entries = [Entry(declarers, Line.BELOW, Item.TRICKS, taken * value, f"{taken} tricks × {value}")]
        short = contract.tricks_needed - taken
        if short > 0:
            entries.append(Entry(declarers.other, Line.ABOVE, Item.UNDERTRICKS, self.undertrick_value(contract) * short,
                                 f"{short} short"))
        else:
            entries.append(Entry(declarers, Line.ABOVE, Item.CONTRACT_PREMIUM, MADE_PER_LEVEL * contract.level, "made"))
        if facts.hands is not None:
            for side in (Side.NS, Side.EW):
                voids = sum(1 for seat in (side, side + 2) for suit in Suit
                            if not facts.hands[seat] & SUIT_MASKS[suit])
                if voids:
                    entries.append(Entry(side, Line.ABOVE, Item.CORONKA, VOID_POINTS * voids, f"{voids} voids"))
        return entries

    def passed_out_entries(self, dealer: Seat, tricks: tuple[int, int] | None) -> list[Entry]:
        """Thrown in: the side on the dealer's left writes 40."""
        side = dealer.left.side
        return [Entry(side, Line.ABOVE, Item.PASSED_OUT, THROWN_IN, "thrown in")]

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        """The n-th game of a side is worth n × 200; the rubber's last game 1300 instead."""
        if rubber_won:
            return [Entry(side, Line.ABOVE, Item.RUBBER, RUBBER_PREMIUM, "rubber")]
        return [Entry(side, Line.ABOVE, Item.GAME, GAME_STEP * games.count(side), "game")]

    def rubber_won_entries(self, rubber: RubberState, winner: Side) -> list[Entry]:
        """90 per passed-out deal of the rubber and 250 for a whitewash, to the winner."""
        points = X_MARK * rubber.passed_out + (WHITEWASH if winner.other not in rubber.games else 0)
        return [Entry(winner, Line.ABOVE, Item.X_MARKS, points, "rubber's end")] if points else []

    def slips(self, entry: Entry, contract: Contract | None, trick_value: int | None) -> list[Slip]:
        """The rubber's premium written for a game and the other way round."""
        if entry.item is Item.RUBBER:
            return [Slip(GAME_STEP, "a first game's premium")]
        if entry.item is Item.GAME:
            return [Slip(RUBBER_PREMIUM, "the rubber's premium")]
        return []

    def premiums_not_due(self, contract: Contract | None, trick_value: int | None) -> list[tuple[Item, int]]:
        """A game or a rubber premium."""
        return [(Item.GAME, GAME_STEP), (Item.RUBBER, RUBBER_PREMIUM)]

    def why_not_due(self, item: Item, side: Side, contract: Contract | None, tricks: tuple[int, int] | None,
                    facts: DealFacts | None, game_won: bool) -> str:
        """A game premium: the side did not reach the threshold in this deal."""
        if item in (Item.GAME, Item.RUBBER):
            return f"{side.label} did not reach {self.game_threshold} below in this deal"
        return super().why_not_due(item, side, contract, tricks, facts, game_won)


class SyntheticReference(Synthetic):
    """``Synthetic`` plus what the batch path declines: the first of the side to name the
    denomination declares, a player void in the suit led must play a spade if he has one,
    doubles (each doubling the trick value), vulnerability, a dummy, passed-out deals played out
    with the dealer leading, and an unfinished rubber's below-the-line points written above."""

    name = "synthetic-reference"
    doubles_allowed = True
    has_vulnerability = True
    has_dummy = True  # shown as in bridge by the replays; the engine checks the play the same way
    laws_layer = False  # the readers refuse the laws layer over it, as over bridge

    def choose_declarer(self, last_bidder: Seat, first_to_name: Seat) -> Seat:
        return first_to_name

    def legal_cards(self, held: int, led_suit: Suit | None) -> int:
        """:func:`spades_when_void`."""
        return spades_when_void(held, led_suit)

    def trick_value(self, contract: Contract) -> int:
        return super().trick_value(contract) * contract.doubled

    def expected_dealer(self, previous: Seat, board: int) -> tuple[Seat, str]:
        """The deal passes to the right, not the left."""
        seat = SEATS[(previous + 3) & 3]
        return seat, f"after {previous} dealt the deal passes to his right, to {seat}"

    def vulnerability(self, rubber: RubberState, board: int, recorded: tuple[bool, bool] | None) -> tuple[bool, bool]:
        """N–S on odd deal numbers, E–W once it has won a game of the rubber."""
        return board % 2 == 1, Side.EW in rubber.games

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """Undertricks count double against vulnerable declarers."""
        entries = super().deal_entries(facts)
        if facts.vulnerable[facts.contract.declarer.side]:
            return [replace(e, points=2 * e.points) if e.item is Item.UNDERTRICKS else e for e in entries]
        return entries

    def plays_passed_out(self) -> bool:
        return True

    def passed_out_leader(self, dealer: Seat) -> Seat:
        return dealer

    def passed_out_entries(self, dealer: Seat, tricks: tuple[int, int] | None) -> list[Entry]:
        """Played out: the side with more tricks writes 10 a trick."""
        assert tricks is not None
        side = Side.NS if tricks[0] > tricks[1] else Side.EW
        return [Entry(side, Line.ABOVE, Item.PASSED_OUT, 10 * tricks[side], "played out")]

    def unfinished_rubber_entries(self, rubber: RubberState, below: tuple[int, int]) -> list[Entry]:
        """Each side's points below the current line, written again above it."""
        return [Entry(side, Line.ABOVE, Item.GAME, below[side], "unfinished") for side in (Side.NS, Side.EW)
                if below[side]]


def synthetic_strength(card: int, led_suit: int, trump: int | None) -> int:
    """``Synthetic``'s card strengths: any trump beats the suit led, and the lowest trump wins;
    in no-trump the lowest card of the suit led wins, in a suit contract its highest."""
    suit, rank = divmod(card, 13)
    if suit == trump:
        return 27 + 12 - rank
    if suit != led_suit:
        return 0
    return 14 + (12 - rank if trump is None else rank)


def synthetic_winner(cards: Sequence[int], trump: int | None) -> int:
    """The index of the card that wins a trick by :func:`synthetic_strength`."""
    strength = [synthetic_strength(c, cards[0] // 13, trump) for c in cards]
    return strength.index(max(strength))


def spades_when_void(held: int, led_suit: int | None) -> int:
    """``SyntheticReference``'s legal cards: follow suit; void in the suit led, a spade if he
    holds one."""
    if led_suit is not None and not held & SUIT_CARDS << 13 * led_suit and held & SUIT_CARDS:
        return held & SUIT_CARDS
    return follow_suit(held, led_suit)


SYNTHETIC: dict[str, type[RuleProfile]] = {cls.name: cls for cls in (Synthetic, SyntheticReference)}
# what the profile-parametrised tests run over: every registered profile whose deals are
# four-handed vint's (auction of bids, rubbers) and the synthetic ones; solo whist's own module
# tests it, and the 2-, 3- and 5-player methods have their own properties (test_players_235.py)
VINT_PROFILES = sorted(n for n in profiles.profile_names()
                       if not isinstance(profiles.get_profile(n), (SoloWhist, TableMethod)))
ALL_PROFILES = sorted(set(VINT_PROFILES) | set(SYNTHETIC))


@contextmanager
def registered() -> Iterator[None]:
    """The synthetic profiles in the engine's registry (``get_profile``, ``profile_names``, the
    readers) for the duration, through its public :func:`~vint_replay.games.registry.register`."""
    for cls in SYNTHETIC.values():
        profiles.register(cls)
    try:
        yield
    finally:
        for name in SYNTHETIC:
            profiles.unregister(name)
