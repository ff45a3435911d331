"""LIN written here in BBO's own layout from generated legal boards (docs/format.md §5.7): the
inputs the LIN tests build themselves, so they run on a clean clone without the real records
(tests/real_records.py). A file of single hands is a BBO robot game's (one board a line: ``pn``,
``st``, ``md``, ``rh``, ``ah``, ``sv``, calls with ``an`` alerts, ``pg`` after the auction and each
trick, some boards ended by an ``mc`` claim); a vugraph is an aaBridge historic match's (``vg``,
``rs``, ``pn`` of eight, then ``qx|oN|``/``qx|cN|`` boards, a trick a line). The generator knows
every board's contract, declarer and tricks by its own count, so tests can check the reader
against it (rubber-bridge.md §1–§3: the deal, the auction, the play)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from pbn_referee import duplicate_score

TURN = "NESW"  # the order of play, clockwise
MD_SEATS = "SWNE"  # md's order: South first, East left out (BBO writes three hands)
RANKS = "23456789TJQKA"
STRAINS = "CDHSN"  # LIN's denominations, lowest first
VUL_CYCLE = ("o", "n", "e", "b", "n", "e", "b", "o", "e", "b", "o", "n", "b", "o", "n", "e")  # boards 1–16
ALERTS = ("Major suit opening -- 5+ !H; 11-21 HCP", "Michaels -- 5+ !S", "Stayman", "transfer", "forcing")


def dealer_of(number: int) -> str:
    """Board ``number``'s dealer: N, E, S, W in turn (the duplicate cycle)."""
    return TURN[(number - 1) % 4]


@dataclass(frozen=True)
class Board:
    """One generated board, as played, and what the generator counted of it."""

    number: int
    hands: dict[str, tuple[str, ...]]  # seat → its 13 cards ("SA", "H7", …)
    calls: tuple[tuple[str, str | None, bool], ...]  # LIN call, alert text, written with "!"
    cards: tuple[str, ...]  # in the order played, up to the claim
    contract: str | None  # "4S", "3NX", "6HXX"; None when passed out
    declarer: str | None
    tricks: int | None  # declarer's tricks by the play (the claim's when claimed)
    claimed: bool

    @property
    def dealer(self) -> str:
        return dealer_of(self.number)

    @property
    def vulnerability(self) -> str:
        return VUL_CYCLE[(self.number - 1) % 16]

    def ns_score(self) -> int:
        """The N–S duplicate score, by the referee's own formula (pbn_referee, Law 77)."""
        if self.contract is None or self.declarer is None or self.tricks is None:
            return 0
        vulnerable = self.vulnerability == "b" or self.vulnerability == ("n" if self.declarer in "NS" else "e")
        score = duplicate_score(self.contract, self.declarer, vulnerable, self.tricks)
        return score if self.declarer in "NS" else -score

    def result(self) -> str:
        """The board's result as rs writes it: "4SE=", "5HXN-1", "" for a pass-out."""
        if self.contract is None or self.declarer is None or self.tricks is None:
            return ""
        over = self.tricks - 6 - int(self.contract[0])
        contract = self.contract[:2] + self.contract[2:].lower()
        return f"{contract}{self.declarer}{'=' if over == 0 else f'{over:+d}'}"


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def _partner(seat: str) -> str:
    return TURN[(TURN.index(seat) + 2) % 4]


def _auction(dealer: str, rng: random.Random) -> tuple[list[tuple[str, str | None, bool]], str | None, str | None]:
    """A legal auction (rubber-bridge.md §2): each bid higher than the last, a double of an
    opponent's undoubled bid, a redouble of an opponent's double; closed by three passes after
    a bid, or four passes. The contract and its declarer (first of the side to name the strain)."""
    calls: list[tuple[str, str | None, bool]] = []
    last, bidder, risk, passes = -1, "", 0, 0
    first_named: dict[tuple[str, str], str] = {}
    seat = dealer
    while passes < (3 if last >= 0 else 4):
        opponent = bidder != "" and bidder not in (seat, _partner(seat))
        roll = rng.random()
        if last < 34 and roll < (0.55 if last < 0 else 0.45 - last / 100):
            last += 1 + rng.randrange(3 if last < 15 else 1)
            last = min(last, 34)
            bidder, risk, passes = seat, 0, 0
            strain = STRAINS[last % 5]
            first_named.setdefault((_side(seat), strain), seat)
            call = f"{last // 5 + 1}{strain}"
        elif opponent and risk == 0 and roll < 0.62:
            call, risk, passes = "d", 1, 0
        elif risk == 1 and not opponent and bidder != "" and roll < 0.7:
            call, risk, passes = "r", 2, 0
        else:
            call, passes = "p", passes + 1
        alert = rng.choice(ALERTS) if call not in "pdr" and rng.random() < 0.3 else None
        calls.append((call, alert, alert is not None and rng.random() < 0.5))
        seat = TURN[(TURN.index(seat) + 1) % 4]
    if last < 0:
        return calls, None, None
    strain = STRAINS[last % 5]
    contract = f"{last // 5 + 1}{strain}{('', 'X', 'XX')[risk]}"
    return calls, contract, first_named[(_side(bidder), strain)]


def _winner(trick: list[tuple[str, str]], trump: str) -> str:
    """The seat winning a trick: the highest trump, else the highest card of the suit led."""
    led = trick[0][1][0]
    best = max((c for c in trick if c[1][0] == trump), default=None, key=lambda c: RANKS.index(c[1][1]))
    return (best or max((c for c in trick if c[1][0] == led), key=lambda c: RANKS.index(c[1][1])))[0]


def board(number: int, rng: random.Random, claim: bool, hands: dict[str, tuple[str, ...]] | None = None) -> Board:
    """Board ``number``: a shuffled deal (or ``hands``), a random legal auction and a random legal
    play (following suit when able); a claim after some tricks states the tricks the play gives."""
    if hands is None:
        deck = [s + r for s in "SHDC" for r in RANKS]
        rng.shuffle(deck)
        hands = {seat: tuple(deck[13 * i:13 * i + 13]) for i, seat in enumerate(TURN)}
    calls, contract, declarer = _auction(dealer_of(number), rng)
    if contract is None or declarer is None:
        return Board(number, hands, tuple(calls), (), None, None, None, False)
    held = {seat: list(cards) for seat, cards in hands.items()}
    leader, won, cards = TURN[(TURN.index(declarer) + 1) % 4], 0, []
    stop = rng.randint(1, 12) if claim else 13
    for n in range(13):
        trick: list[tuple[str, str]] = []
        for i in range(4):
            seat = TURN[(TURN.index(leader) + i) % 4]
            follow = [c for c in held[seat] if trick and c[0] == trick[0][1][0]]
            card = rng.choice(sorted(follow or held[seat]))
            held[seat].remove(card)
            trick.append((seat, card))
        if n < stop:
            cards += [card for _, card in trick]
        leader = _winner(trick, contract[1])
        won += leader in (declarer, _partner(declarer))
    return Board(number, hands, tuple(calls), tuple(cards), contract, declarer, won, stop < 13)


def _deal_tags(b: Board) -> str:
    """md (dealer digit: 1 = S, 2 = W, 3 = N, 4 = E; East left out) and sv, as BBO writes them."""
    hand = ["".join(s + "".join(c[1] for c in sorted(b.hands[seat], key=lambda c: RANKS.index(c[1])) if c[0] == s)
                    for s in "SHDC") for seat in MD_SEATS[:3]]
    return f"md|{MD_SEATS.index(b.dealer) + 1}{','.join(hand)},|"


def _calls(b: Board) -> str:
    return "".join(f"mb|{call}{'!' if bang else ''}|" + (f"an|{alert}|" if alert else "")
                   for call, alert, bang in b.calls)


def _tricks(b: Board) -> list[str]:
    return ["".join(f"pc|{card}|" for card in b.cards[i:i + 4]) + "pg||" for i in range(0, len(b.cards), 4)]


def single_hands(boards: int = 8, seed: int = 1) -> tuple[str, list[Board]]:
    """A BBO robot game's file of ``boards`` single hands, one a line, every other one claimed."""
    rng = random.Random(seed)
    played = [board(n, rng, claim=n % 2 == 1) for n in range(1, boards + 1)]
    lines = []
    for b in played:
        claim = f"mc|{b.tricks}|" if b.claimed else ""
        lines.append(f"pn|robot,~~M1,~~M2,~~M3|st||{_deal_tags(b)}rh||ah|Board {b.number}|sv|{b.vulnerability}|"
                     f"{_calls(b)}pg||{''.join(_tricks(b))}{claim}")
    return "\n".join(lines) + "\n", played


def vugraph(boards: int = 4, seed: int = 2, first: int = 1) -> tuple[str, dict[str, list[Board]]]:
    """A two-room match of ``boards`` boards (numbered from ``first``), each room's own auction
    and play of the same deals, laid out as aaBridge's historic vugraph files: a trick a line."""
    rng = random.Random(seed)
    rooms: dict[str, list[Board]] = {"o": [], "c": []}
    for n in range(first, first + boards):
        opened = board(n, rng, claim=n % 2 == 0)
        rooms["o"].append(opened)
        rooms["c"].append(board(n, rng, claim=n % 3 == 0, hands=opened.hands))
    last = first + boards - 1
    lines = [f"vg|Club Teams Final,Segment 1,I,{first},{last},Reds,0,Blues,0|",
             f"rs|{','.join(r.result() for pair in zip(rooms['o'], rooms['c']) for r in pair)}|",
             "pn|Ann,Bob,Cy,Di,Eve,Fay,Gus,Hal|pg||"]
    for pair in zip(rooms["o"], rooms["c"]):
        for room, b in zip("oc", pair):
            claim = [f"mc|{b.tricks}|pg||"] if b.claimed else []
            lines += [f"qx|{room}{b.number}|{_deal_tags(b)}sv|{b.vulnerability}|pg||{_calls(b)}pg||",
                      *_tricks(b), *claim]
    return "\n".join(lines) + "\n", rooms
