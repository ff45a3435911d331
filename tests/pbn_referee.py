"""A referee for real PBN boards, written apart from vint-replay's reader and engine: it reads a
game's tags and its auction and play with its own few rules (PBN 2.1, as shared/reference/
hand-record-tools.md §1.1–§1.5 gives it) and judges the board by the laws of contract bridge
(rubber-bridge.md §1–§3: the deal, the auction, the play and its tricks),
naming each fault it finds — the root causes a careful referee would write on the board."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

SEATS = "NESW"
STRAINS = "CDHSN"  # bridge's order, lowest first
RANKS = "23456789TJQKA"
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOISE = re.compile(r"^(?:=[0-9]+=|\$[0-9]+|[!?]{1,2})$")  # notes, NAGs and suffixes: not calls nor cards
_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
UNCLOSED = "auction: not closed"


@dataclass
class Game:
    """One game as written: its first line, its tags (the first of a repeated one) and the
    words of its sections, by the tag that opens them."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Verdict:
    """What the referee finds on one board: its number, its faults (root causes, in the
    order found) and, where read, the hands, the contract, the declarer's tricks and the play."""

    game: Game
    board: int | None
    faults: list[str] = field(default_factory=list)
    hands: list[frozenset[str]] | None = None  # by seat N, E, S, W
    contract: str | None = None  # "4SX" (strain N for no trump), "Pass", or None when none is stated
    declarer: str | None = None
    tricks: int | None = None  # the declarer's, by the result or the complete play
    cards: list[str] = field(default_factory=list)  # the cards played, in the order played

    @property
    def consistent(self) -> bool:
        return not self.faults


def games(text: str) -> list[Game]:
    """The games of a PBN file: comments ({…}, ; to the line's end, % lines) are blanked, and a
    game ends at a line holding nothing (hand-record-tools.md §1.1)."""
    lines = _uncommented(text.replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    found: list[Game] = []
    current: Game | None = None
    opened: str | None = None
    for number, line in enumerate(lines, 1):
        if not line.strip(" \t"):
            current, opened = None, None
            continue
        position = 0
        for m in _TAG.finditer(line):
            if current is None:
                current = Game(number)
                found.append(current)
            if opened is not None:
                current.sections[opened] += line[position:m.start()].replace("\x01", " ").split()
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            current.tags.setdefault(name, value)
            opened = name if name in ("Auction", "Play") and name not in current.sections else None
            if opened is not None:
                current.sections[opened] = []
            position = m.end()
        if current is not None and opened is not None:
            current.sections[opened] += line[position:].replace("\x01", " ").split()
    return _other_tables(found)


def _other_tables(found: list[Game]) -> list[Game]:
    """A game giving a table's auction, contract, result or play but none of its board's tags
    is the board before it at another table, as rpbridge.net writes a match's other room
    (docs/format.md §5.2): it takes that board's number, dealer, vulnerability and deal."""
    board: dict[str, str] = {}
    for game in found:
        own = {name: game.tags[name] for name in ("Board", "Dealer", "Vulnerable", "Deal") if name in game.tags}
        if own:
            board = own if "Board" in own else board
        elif board and game.tags.keys() & {"Auction", "Contract", "Result", "Play", "Declarer"}:
            game.tags.update(board)
    return found


def _uncommented(text: str) -> str:
    """The text with its comments blanked (hand-record-tools.md §1.1–§1.2: ``{…}`` not nested, ``;`` to the line's
    end, a ``%`` line), outside tag values only; a line holding a comment is kept non-blank
    (``\x01``), so that it does not end the game."""
    out: list[str] = []
    quoted = braced = semi = False
    at_line_start = True
    for i, ch in enumerate(text):
        if ch == "\n":
            semi = False
            out.append("\n\x01" if braced else "\n")
            at_line_start = True
            continue
        if braced:
            braced = ch != "}"
            out.append(" ")
        elif semi:
            out.append(" ")
        elif quoted:
            quoted = not (ch == '"' and text[i - 1] != "\\")
            out.append(ch)
        elif ch == "%" and at_line_start:
            semi = True
            out.append("\x01")
        else:
            braced, semi, quoted = ch == "{", ch == ";", ch == '"'
            out.append("\x01" if braced or semi else ch)
        at_line_start = False
    return "".join(out)


def _hands(deal: str) -> list[frozenset[str]] | str | None:
    """The four hands of ``[Deal]`` by seat N, E, S, W, or what is wrong with them."""
    first, _, rest = deal.strip().partition(":")
    parts = rest.split()
    if first.upper() not in tuple(SEATS) or len(parts) != 4:
        return "deal: not a seat and four hands"
    if "-" in parts:
        return None  # a hand not given: nothing to check the play against
    hands: list[frozenset[str]] = [frozenset()] * 4
    for i, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4 or any(c not in RANKS for s in suits for c in s.upper()):
            return "deal: a hand is not four suits of ranks"
        cards = [s + r for s, ranks in zip("SHDC", suits) for r in ranks.upper()]
        if len(cards) != 13 or len(set(cards)) != 13:
            return "deal: a hand does not hold 13 cards"
        hands[(SEATS.index(first.upper()) + i) % 4] = frozenset(cards)
    if len(frozenset().union(*hands)) != 52:
        return "deal: a card is dealt twice"
    return hands


def _call(word: str) -> str | None:
    """A call as ``P``, ``X``, ``XX`` or ``4S`` (``N`` for no trump), else ``None``."""
    w = word.upper()
    if w in ("P", "PASS"):
        return "P"
    if w in ("X", "DBL", "XX", "RDBL"):
        return "X" if w in ("X", "DBL") else "XX"
    m = _BID.match(w)
    return None if m is None else m.group(1) + m.group(2)[0]


def _auction(first: str, dealer: int, words: list[str]) -> tuple[str, int | None] | str:
    """The contract (``4SX``, or ``Pass``) and its declarer's seat of a complete legal auction
    spoken from ``dealer`` on and listed from seat ``first`` (a ``-`` for each seat before the
    dealer), or the fault; a bidding quiz's auction, legal up to its first ``AC``, is not closed."""
    calls: list[str] = []
    asked = False  # the auction stops at a quiz's question (AC): open there, what follows depends on it
    before = (dealer - SEATS.index(first.strip().upper())) % 4 if first.strip().upper() in tuple(SEATS) else 0
    for word in words:
        if word in ("*", "+") or _NOISE.match(word):
            if word in ("*", "+"):
                break
            continue
        if word == "-" and before:
            before -= 1
            continue
        if before:
            return "auction: a call listed before the dealer's"
        if word.upper() == "AP":
            calls += ["P"] * (3 if any(c not in ("P",) for c in calls) else 4)
            break
        if word.upper() == "AC":  # a bidding quiz asks the contestant's call here: the calls made stop
            asked = True
            break
        call = _call(word.rstrip("!?").removesuffix("*"))  # "4D*": an alert mark stuck to the call
        if call is None:
            return f"auction: {word!r} is not a call"
        calls.append(call)
    last_bid: tuple[int, int] | None = None  # (rank of the bid, seat)
    doubled = 0
    passes = 0
    for i, call in enumerate(calls):
        seat = (dealer + i) % 4
        if passes >= 3 and (last_bid is not None or passes >= 4):
            return "auction: a call after the auction closed"
        if call == "P":
            passes += 1
            continue
        passes = 0
        if call == "X":
            if last_bid is None or doubled or (last_bid[1] - seat) % 2 == 0:
                return "auction: an inadmissible double"
            doubled = 1
        elif call == "XX":
            if doubled != 1 or last_bid is None or (last_bid[1] - seat) % 2 == 1:
                return "auction: an inadmissible redouble"
            doubled = 2
        else:
            rank = (int(call[0]) - 1) * 5 + STRAINS.index(call[1])
            if last_bid is not None and rank <= last_bid[0]:
                return "auction: an insufficient bid"
            last_bid, doubled = (rank, seat), 0
    closed = passes >= 4 or last_bid is not None and passes >= 3
    if asked:
        return "auction: a call after the auction closed" if closed else UNCLOSED
    if not closed:
        return UNCLOSED
    if last_bid is None:
        return "Pass", None
    strain = STRAINS[last_bid[0] % 5]
    side = last_bid[1] % 2
    declarer = next((dealer + i) % 4 for i, c in enumerate(calls)
                    if c[0].isdigit() and c[1] == strain and (dealer + i) % 2 == side)
    return f"{last_bid[0] // 5 + 1}{strain}{'X' * doubled}", declarer


def _stated_contract(tags: dict[str, str]) -> tuple[str, int | None] | str | None:
    """``[Contract]`` and ``[Declarer]`` as the auction's contract is written, the fault, or
    ``None`` when the board states none."""
    text = tags.get("Contract", "").strip().upper().replace("NT", "N")
    if text in ("", "?"):
        return None
    if text == "PASS":
        return "Pass", None
    declarer = tags.get("Declarer", "").strip().upper().lstrip("^")
    if re.fullmatch(r"[1-7][CDHSN]X{0,2}", text) is None or declarer not in tuple(SEATS):
        return "contract: not a contract and a declarer"
    return text, SEATS.index(declarer)


def _result(text: str, declarer: int) -> int | None | str:
    """``[Result]`` as the declarer's tricks (``NS 9``, ``NS 9 EW 4`` and ``^9`` read), ``None``
    when not given, or the fault."""
    text = text.strip().lstrip("^")
    if text in ("", "?"):
        return None
    m = re.fullmatch(r"(?:(NS|EW)\s+)?([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?", text)
    if m is None or int(m.group(2)) > 13 or m.group(3) and int(m.group(2)) + int(m.group(4)) != 13:
        return "result: not a number of tricks"
    tricks = int(m.group(2))
    if m.group(1) and m.group(1) != ("NS" if declarer % 2 == 0 else "EW"):
        tricks = 13 - tricks
    return tricks


def _winner(trick: list[str], trump: str) -> int:
    """The index in ``trick`` (leader first) of the card that wins it."""
    best = 0
    for i, card in enumerate(trick):
        top = trick[best]
        if (card[0] == top[0] and RANKS.index(card[1]) > RANKS.index(top[1])) or (
                card[0] == trump and top[0] != trump):
            best = i
    return best


def _play(hands: list[frozenset[str]], strain: str, declarer: int, leader_tag: str,
          words: list[str]) -> tuple[list[str], int] | str:
    """The cards played, in order, and the declarer's tricks won, read off PBN's seat columns
    (hand-record-tools.md §1.5) and judged by following suit (rubber-bridge.md §3), or the fault."""
    words = ["-" if w == "--" else w for w in words if not _NOISE.match(w)]  # "--": a card not played too
    words = words[:min((words.index(e) for e in ("*", "+") if e in words), default=len(words))]
    if leader_tag.strip().upper() not in tuple(SEATS):
        return "play: no opening leader"
    first = SEATS.index(leader_tag.strip().upper())
    if first != (declarer + 1) % 4:
        return "play: the opening lead is not the declarer's left-hand opponent's"
    held = [set(h) for h in hands]
    cards: list[str] = []
    won = 0
    leader = first
    rows = [words[i:i + 4] for i in range(0, len(words), 4)]
    for number, row in enumerate(rows, 1):
        row = row + ["-"] * (4 - len(row))
        trick: list[str] = []
        for k in range(4):
            seat = (leader + k) % 4
            word = row[(seat - first) % 4].upper()
            if word == "-":
                if any(row[(leader + j - first) % 4] != "-" for j in range(k + 1, 4)):
                    return f"play: trick {number} skips a player"
                break
            if len(word) != 2 or word[0] not in "SHDC" or word[1] not in RANKS:
                return f"play: {word!r} is not a card"
            if word not in held[seat]:
                return f"play: {SEATS[seat]} does not hold {word}"
            if trick and word[0] != trick[0][0] and any(c[0] == trick[0][0] for c in held[seat]):
                return f"play: {SEATS[seat]} revokes in trick {number}"
            held[seat].discard(word)
            trick.append(word)
        cards += trick
        if len(trick) < 4:
            if any(w != "-" for later in rows[number:] for w in later):
                return f"play: cards after the unfinished trick {number}"
            break
        leader = (leader + _winner(trick, strain)) % 4
        won += leader % 2 == declarer % 2
    return cards, won


def judge(game: Game) -> Verdict:
    """The referee's verdict on one game."""
    tags = game.tags
    board = tags.get("Board", "").strip()
    verdict = Verdict(game, int(board) if board.isdigit() and board.isascii() and 1 <= int(board) <= 32767 else None)
    if verdict.board is None:
        verdict.faults.append("board: no board number")
        return verdict
    dealer = tags.get("Dealer", "").strip().upper()
    if dealer not in tuple(SEATS):
        verdict.faults.append("dealer: not a seat")
        return verdict
    hands = _hands(tags["Deal"]) if "Deal" in tags else None
    if isinstance(hands, str):
        verdict.faults.append(hands)
        return verdict
    verdict.hands = hands
    stated = _stated_contract(tags)
    if isinstance(stated, str):
        verdict.faults.append(stated)
        return verdict
    bid = _auction(tags["Auction"], SEATS.index(dealer), game.sections["Auction"]) if "Auction" in tags else None
    played = [w for w in game.sections.get("Play", []) if w not in ("*", "+", "-")]
    if bid == UNCLOSED and _unfinished(tags) and not played:  # the table stopped during the auction
        return verdict
    if isinstance(bid, str):
        verdict.faults.append(bid)
        return verdict
    if bid is not None and stated is not None and bid != stated:
        verdict.faults.append("contract: the auction gives another contract")
    contract = stated or bid
    if contract is None:
        return verdict  # a hand record: its deal alone
    verdict.contract = contract[0]
    declarer = contract[1]
    if declarer is None:  # passed out: no card nor trick after it (rubber-bridge.md §2)
        if game.sections.get("Play") and any(w not in ("*", "+", "-") for w in game.sections["Play"]):
            verdict.faults.append("play: cards after a pass-out")
        return verdict
    verdict.declarer = SEATS[declarer]
    tricks = _result(tags.get("Result", ""), declarer)
    if isinstance(tricks, str):
        verdict.faults.append(tricks)
        return verdict
    if played and hands is not None:
        outcome = _play(hands, contract[0][1], declarer, tags.get("Play", ""), game.sections["Play"])
        if isinstance(outcome, str):
            verdict.faults.append(outcome)
            return verdict
        verdict.cards, won = outcome
        left = 13 - len(verdict.cards) // 4
        if tricks is None and len(verdict.cards) < 52:
            if _unfinished(tags):  # the table stopped during the play: no tricks to score
                return verdict
            verdict.faults.append("result: a play stopped early without a result")
        elif tricks is not None and not won <= tricks <= won + left:
            verdict.faults.append("result: the result disagrees with the play")
        verdict.tricks = won if tricks is None else tricks
    elif tricks is None and _rubber(tags):  # a rubber's deal scores for the next ones: it must be played
        verdict.faults.append("incomplete: a contract with neither play nor result")
    # else, without a result, a bidding record: dealt and bid, never played (duplicate-bridge.md §1)
    verdict.tricks = verdict.tricks if verdict.tricks is not None else tricks
    return verdict


def _unfinished(tags: dict[str, str]) -> bool:
    """Whether a duplicate board that stops (its auction or its play) has no result: its table did
    not finish it, as BBO records a board abandoned (duplicate-bridge.md §1: each board alone)."""
    return not _rubber(tags) and tags.get("Result", "").strip() in ("", "?")


def _rubber(tags: dict[str, str]) -> bool:
    """Whether the board is of a rubber (``[Scoring "Rubber"]``), not of a duplicate event."""
    return tags.get("Scoring", "").strip().lower().startswith("rubber")


def duplicate_score(contract: str, declarer: str, vulnerable: bool, tricks: int) -> int:
    """The declarer's side's duplicate score (the Laws of Duplicate Bridge, Law 77, as
    shared/reference/bridge-team-pairs-scoring.md gives it) of ``contract`` made or set."""
    level, strain, risk = int(contract[0]), contract[1], len(contract) - 2
    factor = (1, 2, 4)[risk]
    need = level + 6
    if tricks < need:
        down = need - tricks
        if risk == 0:
            return -down * (100 if vulnerable else 50)
        steps = ([200, 300, 300] if vulnerable else [100, 200, 200]) + [300] * 10
        return -sum(steps[:down]) * risk
    per = 20 if strain in "CD" else 30
    below = (per * level + (10 if strain == "N" else 0)) * factor
    score = below + (50 * risk if risk else 0)
    score += (500 if vulnerable else 300) if below >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    over = tricks - need
    score += over * (per if risk == 0 else (200 if vulnerable else 100) * risk)
    return score


# the least N–S score difference of each IMP from 1 to 24: the WBF scale as
# shared/reference/bridge-team-pairs-scoring.md ("IMPs (teams)") tabulates it
_IMP_FROM = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
             2250, 2500, 3000, 3500, 4000)


def match_imps(difference: int) -> int:
    """The IMPs of a N–S score difference between a match's two rooms (negative when it is)."""
    won = sum(1 for least in _IMP_FROM if abs(difference) >= least)
    return won if difference >= 0 else -won
