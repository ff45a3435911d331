"""The exchanges of two-handed vint (docs/rules/players-2-3-5.md §2.2, §2.3) and 2.5's widow:
the hands the players hold once they are done, or a located diagnostic where the record
contradicts the dealt cards."""
from __future__ import annotations

from ...engine.calls import Contract
from ...engine.cards import CARDS
from ...engine.seats import SEATS, Seat
from .method import Report
from .record import TableDeal

MAX_SWAPS = 13  # §2.3: one card at a time, "до самой последней"


def right_of(seat: Seat) -> Seat:
    """The place on a player's right: the pile he may take (N takes W's, S takes E's)."""
    return SEATS[(seat + 3) & 3]


def whole_pile(hands: list[int], table: TableDeal, players: tuple[Seat, ...], report: Report) -> list[int] | None:
    """§2.2: each player keeps his pile or takes the one on his right; the others are dead."""
    given = dict(table.exchanges)
    live = [0, 0, 0, 0]
    for seat in players:
        choice = given.pop(seat, False)
        if not isinstance(choice, bool):
            report("exchanges", f"exchanges.{seat}", "under 2.2 a player keeps his hand or takes the pile on his "
                                                     "right: write true or false")
            return None
        live[seat] = hands[right_of(seat)] if choice else hands[seat]
    if given:
        report("exchanges", f"exchanges.{next(iter(given))}", "only the players exchange")
        return None
    return live


def card_by_card(hands: list[int], table: TableDeal, players: tuple[Seat, ...], report: Report) -> list[int] | None:
    """§2.3: each player discards a card of his hand and takes one of the pile on his right,
    at most 13 times; a card taken must still be in that pile."""
    given = dict(table.exchanges)
    live = [0, 0, 0, 0]
    for seat in players:
        swaps = given.pop(seat, ())
        if isinstance(swaps, bool) or len(swaps) > MAX_SWAPS:
            report("exchanges", f"exchanges.{seat}", "under 2.3 each player lists his exchanges, at most 13 "
                                                     "[discard, taken] pairs")
            return None
        hand, pile = hands[seat], hands[right_of(seat)]
        for k, (discard, taken) in enumerate(swaps):
            if not hand >> discard & 1:
                report("exchanges", f"exchanges.{seat}[{k}]", f"{seat} discards {CARDS[discard].pretty}, which he does "
                                                              "not hold")
                return None
            if not pile >> taken & 1:
                report("exchanges", f"exchanges.{seat}[{k}]", f"{seat} takes {CARDS[taken].pretty}, which is not in the "
                                                              f"pile on his right ({right_of(seat)})")
                return None
            hand, pile = hand ^ (1 << discard) | (1 << taken), pile ^ (1 << taken)
        live[seat] = hand
    if given:
        report("exchanges", f"exchanges.{next(iter(given))}", "only the players exchange")
        return None
    return live


def take_widow(live: list[int], table: TableDeal, contract: Contract, dummy: Seat, report: Report,
               bid_ranks: tuple[int, ...]) -> Contract | None:
    """§2.5: the declarer's own hand or his exposed ``dummy`` takes the widow and gives one card
    to each other hand; the final contract is not lower than the winning bid (§6 ruling 9)."""
    declarer = contract.declarer
    if table.widow is None or table.widow_to is None:
        report("widow", "widow_to" if table.widow is not None else "widow",
               "the winner of the auction takes the widow: give the widow and the hand it went to")
        return None
    taker = table.widow_to
    if taker not in (declarer, dummy):
        report("widow", "widow_to", f"the widow goes to the declarer's hand ({declarer}) or his exposed dummy "
                                    f"({dummy}), not to {taker}")
        return None
    held = live[taker] | table.widow.mask
    gives = dict(table.widow_gives)
    others = [s for s in SEATS if s != taker]
    if sorted(gives) != others or len(table.widow_gives) != 3:
        report("widow", "widow_gives", f"{taker} gives one card to each of {', '.join(str(s) for s in others)}")
        return None
    for seat in others:
        card = gives[seat]
        if not held >> card & 1:
            report("widow", f"widow_gives.{seat}", f"{taker} gives {CARDS[card].pretty} to {seat}, but does not hold it "
                                                   "after taking the widow")
            return None
        held ^= 1 << card
        live[seat] |= 1 << card
    live[taker] = held
    final = table.final
    if final is None:
        return contract
    if not final.is_bid or bid_ranks[final.code] < bid_ranks[contract.bid.code]:
        report("widow", "final", f"the final contract may not be lower than the winning bid {contract.bid.pretty}")
        return None
    assert final.denomination is not None
    return Contract(final.level, final.denomination, declarer)
