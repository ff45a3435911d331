"""Sessions under the laws layer for format tests: random legal sessions (tests/strategies.py)
with every laws field of the record model drawn at random — the draw, irregularities of each
kind with any of their fields, calls spoken out of turn, void and lost deals, thrown cards.
The records need not be legal under the laws: they exercise what the formats must keep."""
from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from strategies import Choose, random_session
from vint_replay.engine.calls import BIDS, PASS
from vint_replay.engine.cards import CARDS
from vint_replay.engine.record import CallOutOfTurn, DealRecord, Irregularity, IrregularityKind, SessionRecord
from vint_replay.engine.seats import SEATS

FLAG_VALUES = (None, True, False)
EXTRA_VALUES = ("two words", 5, {"a": [1, "x\"y"]}, "5", None, True)


def random_irregularity(choose: Choose) -> Irregularity:
    """One irregularity: each kind, with or without each of its optional fields."""
    kind = list(IrregularityKind)[choose(len(IrregularityKind))]
    trick = 1 + choose(13)
    card = CARDS[choose(52)]
    fields: dict[str, object] = {}
    if kind is IrregularityKind.REVOKE:
        fields = {"trick": trick, "card": card if choose(2) else None, "claimed": FLAG_VALUES[choose(3)],
                  "asked": FLAG_VALUES[choose(3)]}
    elif kind is IrregularityKind.LEAD_OUT_OF_TURN:
        fields = {"trick": trick, "card": card if choose(2) else None, "accepted": FLAG_VALUES[choose(3)]}
    elif kind is IrregularityKind.DROPPED_CARD:
        fields = {"card": card, "trick": trick if choose(2) else None}
    elif kind is IrregularityKind.BLIND_BID:
        fields = {}
    elif kind is IrregularityKind.MISSED_TRICK:
        fields = {"trick": trick}
    elif kind is IrregularityKind.THROWN_DOWN:
        first, shown = choose(52), 1 + choose(4)  # different cards: 13 apart
        fields = {"cards": tuple(CARDS[(first + step * 13) % 52] for step in range(shown)),
                  "trick": trick if choose(2) else None}
    else:
        fields = {"card": card, "trick": trick if choose(2) else None, "called_round": (None, 1, 2, 3)[choose(4)]}
    extra = {} if choose(4) else {("note", "my key")[choose(2)]: EXTRA_VALUES[choose(len(EXTRA_VALUES))]}
    return Irregularity(kind, SEATS[choose(4)], extra=extra, **fields)  # type: ignore[arg-type]


def with_laws_fields(choose: Choose, deal: DealRecord) -> DealRecord:
    """``deal`` with laws fields drawn at random."""
    if choose(6) == 0:  # a void deal: thrown in during the deal or the auction
        auction = deal.auction[:choose(len(deal.auction) + 1)]
        return dataclasses.replace(deal, auction=auction, play=None, void=("25", "25g", "22", "76", "169")[choose(5)],
                                   deal_lost=bool(choose(2)))
    auction = list(deal.auction)
    spoken = []
    for _ in range(choose(3)):
        index = choose(len(auction) + 1)
        spoken = [CallOutOfTurn(c.index + (c.index >= index), c.by) for c in spoken]
        auction.insert(index, (PASS, *BIDS)[choose(36)])
        spoken.append(CallOutOfTurn(index, SEATS[choose(4)]))
    play, thrown = deal.play, ()
    if play is not None and choose(3) == 0:  # a 12/14-card deal: trick 13 of three cards, a card thrown
        play, thrown = play[:51], (play[51],)
    return dataclasses.replace(
        deal, auction=tuple(auction), out_of_turn=tuple(sorted(spoken, key=lambda c: c.index)), play=play,
        thrown=thrown, irregularities=tuple(random_irregularity(choose) for _ in range(choose(4))),
        deal_lost=choose(5) == 0)


@st.composite
def laws_sessions(draw: st.DrawFn, max_deals: int = 4) -> SessionRecord:
    """A session under the laws (classic or volchaninov) carrying random laws fields."""
    def choose(n: int) -> int:
        return draw(st.integers(0, n - 1)) if n > 1 else 0

    rules = ("classic", "volchaninov")[choose(2)]
    record = random_session(choose, 1 + choose(max_deals), rules=rules)
    cards = list(CARDS)
    drawn = tuple(cards.pop(choose(len(cards))) for _ in range(4))
    info = dataclasses.replace(record.info, laws="001", draw=drawn if choose(2) else None)
    return SessionRecord(info, tuple(with_laws_fields(choose, d) for d in record.deals))
