"""An independent referee for LIN boards, written from rules/rubber-bridge.md §1–§3 (the deal,
the auction and the play, which duplicate bridge shares) and LIN's plain layout, not from the
reader or the engine: the file split at every bar into name and value, no mending of slips.

A board is consistent when its deal has 52 different cards, 13 a hand (one hand may be left
out: it holds the rest), its auction is legal and closed, every card is its player's and
follows suit, and its claim (``mc``, the declarer's tricks in all) is possible after the tricks
played; a board with a contract and neither a full play nor a claim is not.

A vugraph file's ``rs`` (hand-record-tools.md §2: the results, one per board of ``vg``'s range
and room, open then closed) states each board's contract, declarer and tricks: a board whose
auction, claim or complete play says otherwise is an ``rs`` fault; a board without a claim or
a complete play takes its tricks from it (and a board without calls its contract)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

SEATS = "NESW"  # clockwise (rubber-bridge.md §1)
LIN_SEATS = "SWNE"  # md's dealer digit 1–4 and the order of its hands
RANKS = "23456789TJQKA"
STRAINS = "CDHSN"  # low to high (rubber-bridge.md §2)
ROOMS = {"o": "open", "c": "closed"}


@dataclass
class Board:
    """One copy of a board as the file gives it, and what is wrong with it (``None``: consistent)."""

    room: str
    number: int
    md: str = ""
    calls: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    claim: str | None = None
    vulnerable: str | None = None
    dealer: str = ""
    hands: dict[str, frozenset[str]] = field(default_factory=dict)
    problem: str | None = None  # deal, call, illegal call, auction open, revoke, not held, claim, passout, syntax, rs
    stated: tuple[str, str, str, int, int | None] | None = None  # rs: level, strain, declarer, doubled, tricks
    passed: bool = False  # rs says passed out
    result: int | None = None  # the declarer's tricks as judged: the claim's, else the play's or rs's

    def size(self) -> int:
        return len(self.calls) + len(self.cards) + (self.claim is not None)


def boards(text: str) -> list[Board]:
    """Each (room, board) of the file once: of several copies, the one with the most calls and
    cards (the later on a tie), judged; two copies with different deals make it a ``twice``."""
    copies: dict[tuple[str, int], list[Board]] = {}
    for board in _copies(text):
        copies.setdefault((board.room, board.number), []).append(board)
    stated = _stated(text, {room for room, _ in copies})
    out = []
    for key, group in copies.items():
        chosen = max(reversed(group), key=Board.size)
        entry = stated.get(key, "")
        chosen.passed = entry in ("P", "PASS")
        m = re.fullmatch(r"([1-7])(NT|[CDHSN])(X*)([NESW])(X*)(=|[+-]\d+)?", entry)
        if m and len(m.group(3) + m.group(5)) <= 2:
            tricks = None if m.group(6) is None else int(m.group(1)) + 6 + (0 if m.group(6) == "=" else int(m.group(6)))
            if tricks is None or 0 <= tricks <= 13:
                chosen.stated = (m.group(1), m.group(2)[0], m.group(4), len(m.group(3) + m.group(5)), tricks)
        _judge(chosen)
        if len({b.md for b in group}) > 1:
            chosen.problem = chosen.problem or "twice"
        out.append(chosen)
    return out


def _stated(text: str, rooms: set[str]) -> dict[tuple[str, int], str]:
    """The header's ``rs`` entries by (room, board), upper case; none when ``vg`` gives no board
    range or the count is not boards × rooms (two rooms, o and c, when the boards name them)."""
    parts = text.split("|")
    header: dict[str, str] = {}
    for name, value in zip(parts[0::2], parts[1::2]):
        name = name.strip().lower()
        if name in ("qx", "md"):
            break
        header.setdefault(name, value)
    fields = header.get("vg", "").split(",")
    if "rs" not in header or len(fields) < 5 or not (fields[3].strip().isdigit() and fields[4].strip().isdigit()):
        return {}
    first, last = int(fields[3]), int(fields[4])
    order = ["o", "c"] if rooms & {"o", "c"} else [""]
    entries = header["rs"].split(",")
    if len(entries) != (last - first + 1) * len(order):
        return {}
    return {(order[i % len(order)], first + i // len(order)): e.strip().upper() for i, e in enumerate(entries)}


def _copies(text: str) -> list[Board]:
    kept = "\n".join(line for line in text.replace("\r\n", "\n").split("\n") if not line.lstrip().startswith("%"))
    parts = kept.split("|")
    out: list[Board] = []
    current: Board | None = None
    by_qx = False
    lost = False  # a name that is not two letters: the pairs are out of step until the next qx
    for name, value in zip(parts[0::2], parts[1::2]):
        name = name.strip().lower()
        if not re.fullmatch(r"[a-z]{2}", name):
            if current is not None and not lost:
                current.problem = "syntax"
            lost = True
            continue
        if lost and name != "qx":
            continue
        lost = False
        if name == "qx":
            m = re.match(r"\s*([oc]?)(\d+)", value, re.IGNORECASE)
            current = Board(m.group(1).lower(), int(m.group(2))) if m else Board("?", 0)
            by_qx = True
            out.append(current)
        elif name == "md":
            if current is None or current.md:
                number = current.number if current is not None and by_qx else (current.number + 1 if current else 1)
                current = Board(current.room if current is not None and by_qx else "", number)
                out.append(current)
            current.md = value.strip()
        elif current is None:
            continue
        elif name == "ah" and not by_qx and (m := re.search(r"\d+", value)):
            current.number = int(m.group())
        elif name == "mb":
            current.calls.append(value.strip().rstrip("!?").upper())
        elif name == "pc":
            current.cards.append(value.strip().upper())
        elif name == "mc" and current.claim is None:
            current.claim = value.strip()
        elif name == "sv":
            current.vulnerable = value.strip().lower()
    return out


def _judge(board: Board) -> None:
    board.problem = board.problem or _deal(board) or _play(board, *_auction(board))


def _deal(board: Board) -> str | None:
    md = board.md
    if not md[:1] in ("1", "2", "3", "4"):
        return "deal"
    board.dealer = LIN_SEATS[int(md[0]) - 1]
    given = md[1:].split(",")
    if len(given) > 4:
        return "deal"
    hands: dict[str, set[str]] = {}
    for seat, text in zip(LIN_SEATS, given + [""] * (4 - len(given))):
        cards, suit = set(), None
        for ch in text.strip().upper():
            if ch in "SHDC":
                suit = ch
            elif suit is None or ch not in RANKS or suit + ch in cards:
                return "deal"
            else:
                cards.add(suit + ch)
        hands[seat] = cards
    empty = [s for s, c in hands.items() if not c]
    if len(empty) > 1:
        return "deal"
    deck = {s + r for s in "SHDC" for r in RANKS}
    if empty:
        hands[empty[0]] = deck - set().union(*hands.values())
    if any(len(c) != 13 for c in hands.values()) or set().union(*hands.values()) != deck:
        return "deal"
    board.hands = {s: frozenset(c) for s, c in hands.items()}
    return None


def _auction(board: Board) -> tuple[str | None, tuple[str, str, str, int] | None]:
    """The auction's problem, and the contract (level, strain, declarer, doubled 0–2) or ``None``
    if passed out (or, without calls, rs's contract)."""
    turn = SEATS.index(board.dealer) if board.dealer else 0
    last_bid: tuple[int, int, str] | None = None  # level, strain index, bidder
    doubled = 0
    passes = 0
    first_named: dict[tuple[int, str], str] = {}
    for i, call in enumerate(board.calls):
        seat = SEATS[(turn + i) % 4]
        if (last_bid is None and passes == 4) or (last_bid is not None and passes == 3):
            return "illegal call", None  # a call after the auction closed
        side = SEATS.index(seat) % 2
        if call == "P":
            passes += 1
            continue
        if call in ("D", "X"):
            if last_bid is None or SEATS.index(last_bid[2]) % 2 == side or doubled:
                return "illegal call", None
            doubled, passes = 1, 0
        elif call in ("R", "XX"):
            if last_bid is None or SEATS.index(last_bid[2]) % 2 != side or doubled != 1:
                return "illegal call", None
            doubled, passes = 2, 0
        elif re.fullmatch(r"[1-7](C|D|H|S|N|NT)", call):
            level, strain = int(call[0]), STRAINS.index(call[1])
            if last_bid is not None and (level, strain) <= last_bid[:2]:
                return "illegal call", None
            last_bid, doubled, passes = (level, strain, seat), 0, 0
            first_named.setdefault((side, call[1]), seat)
        else:
            return "call", None
    if not board.calls and board.stated is not None:
        return None, board.stated[:4]  # the contract alone, as rs gives it
    if not board.calls and not board.cards and board.claim is None:
        return None, None  # a hand record: the deal alone (or, with rs's P, passed out)
    if last_bid is None:
        return (None if passes == 4 else "auction open"), None
    if passes < 3:
        return "auction open", None
    level, strain, bidder = last_bid
    declarer = first_named[(SEATS.index(bidder) % 2, STRAINS[strain])]  # §2: first to name the strain
    return None, (str(level), STRAINS[strain], declarer, doubled)


def _play(board: Board, problem: str | None, contract: tuple[str, str, str, int] | None) -> str | None:
    if problem is not None:
        return problem
    if contract is None and board.stated is not None or contract is not None and (
            board.passed or board.stated is not None and board.stated[:4] != contract):
        return "rs"  # the auction's contract is not rs's
    if contract is None:
        return "passout" if board.cards or board.claim not in (None, "0") else None
    if board.claim is not None and not (board.claim.isdigit() and int(board.claim) <= 13):
        return "claim"
    hands = {s: set(c) for s, c in board.hands.items()}
    declarer, trump = contract[2], contract[1]
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]  # §3: declarer's left-hand opponent leads
    won = [0, 0]  # tricks of N–S, E–W
    for t in range(0, len(board.cards), 4):
        trick = board.cards[t:t + 4]
        order = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        for seat, card in zip(order, trick):
            if card not in hands[seat]:
                return "not held"
            if card[0] != trick[0][0] and any(c[0] == trick[0][0] for c in hands[seat]):
                return "revoke"  # §3: must follow suit
            hands[seat].remove(card)
        if len(trick) == 4:
            def power(k: int) -> tuple[int, int]:
                card = trick[k]
                return (2 if card[0] == trump else 1 if card[0] == trick[0][0] else 0, RANKS.index(card[1]))
            leader = order[max(range(4), key=power)]
            won[SEATS.index(leader) % 2] += 1
    side = SEATS.index(declarer) % 2
    stated = None if board.stated is None else board.stated[4]
    if board.claim is not None:
        if not won[side] <= int(board.claim) <= 13 - won[1 - side]:
            return "claim"
        board.result = int(board.claim)
        return None if stated in (None, board.result) else "rs"
    if len(board.cards) == 52:
        board.result = won[side]
        return None if stated in (None, won[side]) else "rs"
    if stated is None:  # not played to a result (duplicate-bridge.md §1): a bidding record when no
        return None  # card is played, a board its table left when the play stops
    board.result = stated  # rs gives the result of a board not played out
    return None if won[side] <= stated <= 13 - won[1 - side] else "rs"
