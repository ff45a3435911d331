"""Solo-whist deals for the tests: the seed's worked example (docs/rules/solo-whist.md §7.1) and
a builder taking calls, cards and hands as short strings."""
from __future__ import annotations

from dataclasses import replace

from vint_replay.engine.cards import Card, Suit
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.games.solo.contracts import SoloCall
from vint_replay.games.solo.record import SoloDeal

from builders import hands as parse_hands
from builders import play as parse_play

# §7.1: Кирилл (N) deals, Алексей (E) is eldest, then Влад (S) and Роман (W). Кирилл's hand is the
# page's; the others are read off the two lines of play (Алексей: no spades, six hearts, ♦10 9,
# ♣A Q 7 5 3; Роман: no clubs, ♥8 6; Влад: ♥7 5 4 3, one club, the ♦4 that wins trick 3).
SEED_PLAYERS = ("Кирилл", "Алексей", "Влад", "Роман")
SEED_HANDS = "76543.2..KJT9642 .AKQJT9.T9.AQ753 J.7543.AK76542.8 AKQT982.86.QJ83."
SEED_AUCTION = "solo misere abond open_misere pass pass pass"
SEED_FIRST_LINE = ("DT D7 DJ CK  H8 H2 H9 H7  D9 D6 D8 CJ  HA H5 H6 S7  HK H4 SA S6  HQ H3 SK S5  "
                   "HJ C8 SQ S4")  # made: nothing can force a trick on Кирилл after trick 7
SEED_SECOND_LINE = ("DT D7 DJ CK  DQ CJ D9 D6  D3 CT HA D4  C8 SA C6 CA  C7 D2 S2 C4  C5 D5 S8 C2  "
                    "C3 DK S9 C9")  # Кирилл must win trick 7 with ♣9: failed


def solo_deal(number: int = 1, dealer: str = "N", hands: str | None = SEED_HANDS, auction: str = SEED_AUCTION,
              turn_up: str | None = "H2", play: str | None = None, outcome: bool | None = None,
              result: int | None = None, abond_trump: str | None = None, sits_out: str | None = None,
              payments: tuple[int, int, int, int] | None = None) -> DealRecord:
    """A deal from short strings: calls by token, cards by name, hands N E S W in PBN."""
    solo = SoloDeal(None if turn_up is None else Card.parse(turn_up),
                    tuple(SoloCall.parse(c) for c in auction.split()), sits_out,
                    _suit(abond_trump), outcome, payments)
    return DealRecord(number, Seat.parse(dealer), (), None if hands is None else parse_hands(hands),
                      None if play is None else parse_play(play), result, own=solo)


def _suit(letter: str | None) -> Suit | None:
    return None if letter is None else Suit("SHDC".index(letter))


def solo_session(*deals: DealRecord, players: tuple[str, str, str, str] = SEED_PLAYERS,
                 fifth: str | None = None) -> SessionRecord:
    return SessionRecord(SessionInfo("solo-test", players, rules="solo-whist", fifth=fifth), tuple(deals))


def solo_report(*deals: DealRecord, fifth: str | None = None) -> SessionReport:
    return evaluate(solo_session(*deals, fifth=fifth))


def with_solo(deal: DealRecord, **changes: object) -> DealRecord:
    """The deal with some of its solo-whist fields changed."""
    return replace(deal, own=replace(deal.own, **changes))  # type: ignore[arg-type]
