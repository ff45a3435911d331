"""The deal under the laws (docs/rules/laws.md §1–§3): the draw, who deals, void deals and
redeals, and a 14/12 misdistribution noticed too late to void the deal."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import CARDS, Card, Suit
from ...engine.diagnostics import Diagnostic, Severity
from ...engine.record import DealRecord, Irregularity, IrregularityKind
from ...engine.scoring import Entry, Item, Line
from ...engine.seats import SEATS, Seat

DEALER_LONG_PENALTY = 2000  # law 24: the dealer's opponents write it above when he kept 14 cards (ruling 2)
STANDING_SIZES = (12, 13, 13, 14)  # the only wrong counts a deal noticed late is played with (§3.1)
VOID_LAWS = {  # the laws that void a deal, and why (§2.3, §3.2–§3.3, §4.3, §6.4); law 25 may name its case a–i
    "14": "a reshuffle after the cut", "18": "a misdeal", "20": "a deal out of turn noticed during the deal",
    "22": "a wrong number of cards noticed before the opening lead", "25": "a compulsory redeal",
    "76": "late bidding", "169": "a new deal demanded after a player missed a trick",
}
COUNT_VOIDS = frozenset({"22", "25c"})  # voided for a wrong number of cards (law 22, law 25 c)
# the redeal goes to the next player: law 14's reshuffle, and voids found once the players had
# looked at their cards — a wrong count (§2.3, law 18), late bidding and law 169 (§3.3)
LOST_VOIDS = frozenset({"14", "76", "169"}) | COUNT_VOIDS
_DRAW_SUIT = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}  # §1.1: ♥ highest, ♠ lowest


def draw_rank(card: Card) -> tuple[int, int]:
    """How low a card draws (§1.1): the ace lowest, then two … king; equal ranks by suit."""
    return (card.rank + 1) % 13, _DRAW_SUIT[card.suit]


def check_draw(draw: Sequence[Card]) -> tuple[list[Diagnostic], Seat | None]:
    """Problems of the draw for seats (four different cards by Seat, as the readers ensure) and
    the first dealer it gives: the two lowest cards are partners and the lowest deals first (§1.2)."""
    low, second = sorted(SEATS, key=lambda seat: draw_rank(draw[seat]))[:2]
    if second != low.partner:
        return [Diagnostic("bad_draw", f"{low} ({draw[low].pretty}) and {second} ({draw[second].pretty}) drew the two "
                                       f"lowest cards and must be partners, but {low}'s partner is {low.partner} "
                                       "(docs/rules/laws.md §1)", None, f"draw.{second}")], low
    return [], low


@dataclass(slots=True)
class Rotation:
    """Who should deal each deal of a session under the laws (§2.3): the deal passes left after
    a played or passed-out deal, from whoever dealt it (law 20, ruling 12); a void deal is
    redealt by its proper dealer; a lost deal (``deal_lost``, or a void by law 76 or 169) goes
    to the next player."""

    proper: Seat | None = None  # who should deal the next deal, before a lost deal moves it
    why: str = ""
    lost_by: str | None = None  # the law that voided the last deal so that the next player deals (law 14, §3.3)

    def check(self, deal: DealRecord) -> Diagnostic | None:
        """The dealer's problem, if any, then move on to the next deal. A dealer other than the
        proper one is a warning: a deal out of turn that was completed stands (law 20); a void
        deal may well have been voided for being out of turn (law 25 g). A lost deal the record
        does not state (§2.3: "a record must state" ``deal_lost``) is inferred, with a warning."""
        expected, why = self.proper, self.why
        if expected is not None and (deal.deal_lost or self.lost_by is not None):
            expected, why = expected.left, f"{why}; the deal was lost, so it passes to {expected.left}"
        problem = None
        known = "dealer" not in deal.unreadable
        if expected is not None and deal.dealer != expected and deal.void is None and known:
            problem = Diagnostic("dealt_out_of_turn", f"dealer is {deal.dealer}, but {why}; a deal out of turn "
                                 "that was completed stands, and the deal passes on from its actual dealer "
                                 "(docs/rules/laws.md §2.3, law 20)", deal.number, "dealer", Severity.WARNING)
        elif expected is not None and self.lost_by is not None and not deal.deal_lost and deal.dealer == expected and known:
            problem = Diagnostic("deal_lost_unstated", f"the deal before was void by law {self.lost_by}, so the deal "
                                 f"was lost and {expected} deals, but the record does not say so: state it with "
                                 "deal_lost: true ([DealLost \"yes\"]) (docs/rules/laws.md §2.3)", deal.number, "dealer",
                                 Severity.WARNING)
        if deal.void is not None:
            redealer = expected if expected is not None else deal.dealer
            self.proper, self.why = redealer, f"deal {deal.number} was void, so {redealer} deals again"
            self.lost_by = deal.void if deal.void in LOST_VOIDS else None
        else:
            self.proper = deal.dealer.left
            self.why = f"after {deal.dealer} dealt deal {deal.number} the deal passes to {deal.dealer.left}"
            self.lost_by = None
        return problem


def hands_stand(sizes: Sequence[int]) -> bool:
    """Whether a deal whose hands have these sizes can be played: 13 each, or one 14 and one 12
    noticed after the opening lead (§3.1)."""
    return tuple(sorted(sizes)) in ((13, 13, 13, 13), STANDING_SIZES)


def void_problem(deal: DealRecord, sizes: Sequence[int] | None) -> Diagnostic | None:
    """Why a void deal's record contradicts its law, if it does: an unknown law, or a deal
    voided for a wrong number of cards whose hands have 13 each (§3.3)."""
    law = deal.void
    if law is None:
        return None
    if _base_law(law) not in VOID_LAWS:
        known = ", ".join(f"{n} ({what})" for n, what in VOID_LAWS.items())
        return Diagnostic("void_law", f"law {law} does not void a deal; the laws that do: {known} "
                                      "(docs/rules/laws.md §3.3)", deal.number, "void")
    if law in COUNT_VOIDS and sizes is not None and all(n == 13 for n in sizes):
        return Diagnostic("void_law", f"the deal is void by law {law} (a wrong number of cards), but every hand has 13 "
                                      "cards (docs/rules/laws.md §3.1)", deal.number, "void")
    return None


def _base_law(law: str) -> str:
    """The law of a void: ``25g`` is law 25, case g."""
    return law[:-1] if law[:-1] == "25" and law[-1] in "abcdefghi" else law


def long_dealer_entries(deal: DealRecord, sizes: Sequence[int]) -> list[Entry]:
    """Law 24 (§3.1, ruling 2): a dealer who kept 14 cards unnoticed gives his opponents 2000
    above the line."""
    if sizes[deal.dealer] != 14:
        return []
    side = deal.dealer.side.other
    return [Entry(side, Line.ABOVE, Item.CARD_COUNT_PENALTY, DEALER_LONG_PENALTY,
                  f"the dealer {deal.dealer} held 14 cards, found after the opening lead (law 24)")]


def missed_tricks(irregularities: Sequence[Irregularity]) -> dict[int, Seat]:
    """The tricks a player missed and the deal was accepted as played (law 169, §6.4): trick
    number -> that player, who then throws his extra card away after trick 13 (§3.4)."""
    return {i.trick: i.seat for i in irregularities if i.kind is IrregularityKind.MISSED_TRICK and i.trick}


def thrown_problem(deal: DealRecord, left: Sequence[int]) -> str | None:
    """Whether the cards thrown away after trick 13 are the ones still held (§3.4): ``left``
    is each seat's cards after the play."""
    thrown = 0
    for card in deal.thrown:
        thrown |= 1 << card
    held = 0
    for mask in left:
        held |= mask
    if thrown == held:
        return None
    names = lambda mask: " ".join(CARDS[c].pretty for c in range(52) if mask >> c & 1) or "nothing"  # noqa: E731
    return (f"the record throws away {names(thrown)} after trick 13, but the cards left in hand are {names(held)} "
            "(docs/rules/laws.md §3.4)")
