"""Rules worked out independently of the engine, for tests to check the engine against."""
from __future__ import annotations

RANKS = "23456789TJQKA"


def trick_winner(cards: list[str], trump: str | None) -> int:
    """Index of the winning card of a trick given as card names (rules/volchaninov.md §3): the highest
    trump, else the highest card of the suit led."""
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card[0] == top[0] and RANKS.index(card[1]) > RANKS.index(top[1]):
            best = i
        elif card[0] == trump and top[0] != trump:
            best = i
    return best


# --- An independent scoring oracle: rules/volchaninov.md §2–§5 on plain data (the JSON record's fields),
# written from the rules text alone, without the engine's scoring, ledger or profile code.

SEATS = "NESW"  # clockwise; left of a seat is the next one
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
PBN_SUITS = "SHDC"  # PBN hand order
DENOMINATIONS = ["S", "C", "D", "H", "NT"]  # vint order, low to high (rules/volchaninov.md §2)
BASE_VALUE = {"S": 4, "C": 6, "D": 8, "H": 10, "NT": 12}  # level-1 trick values (rules/volchaninov.md §4)
HONOURS = "AKQJT"
HONOUR_PREMIUM = {3: 20, 4: 30, 5: 40}  # in V (rules/volchaninov.md §4)
GAME = 500  # below the current line (rules/volchaninov.md §5)
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class OrderNeeded(Exception):
    """A result-only deal after which both sides are over the game threshold (format.md §2)."""


def card_text(card: str) -> str:
    """A card in canonical form (``SA``, ``HT``): accepts ``10``, lower case and suit symbols."""
    card = card.strip()
    suit = SUIT_SYMBOLS.get(card[0], card[0].upper())
    rank = card[1:].upper()
    return suit + ("T" if rank == "10" else rank)


def call_text(call: str) -> str:
    """``pass`` or a bid like ``3NT`` (accepts ``p``, ``PASS``, ``3N``)."""
    call = call.strip().upper()
    if call in ("P", "PASS"):
        return "pass"
    return call[0] + ("NT" if call[1:] in ("N", "NT") else call[1:])


def hand_cards(pbn: str) -> set[str]:
    """The cards of a PBN hand ``spades.hearts.diamonds.clubs``."""
    holdings = pbn.split(".")
    assert len(holdings) == 4, pbn
    return {suit + rank.upper() for suit, holding in zip(PBN_SUITS, holdings) for rank in holding.replace("10", "T")}


def final_bid(dealer: str, calls: list[str]) -> tuple[str, str] | None:
    """(contract, declarer) from the auction: the last bid and who made it (rules/volchaninov.md §2)."""
    contract = declarer = None
    for i, call in enumerate(calls):
        call = call_text(call)
        if call != "pass":
            contract, declarer = call, SEATS[(SEATS.index(dealer) + i) % 4]
    return None if contract is None else (contract, declarer)


def trick_value(contract: str) -> int:
    """V: the level-1 value of the denomination plus 10 for every level above 1 (rules/volchaninov.md §4)."""
    return BASE_VALUE[contract[1:]] + 10 * (int(contract[0]) - 1)


def trick_winners(play: list, declarer: str, trump: str | None) -> list[str]:
    """The seat winning each trick, in order; left of the declarer leads first (rules/volchaninov.md §3)."""
    cards = [card_text(c) for trick in play for c in (trick if isinstance(trick, list) else [trick])]
    assert len(cards) == 52, len(cards)
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    winners = []
    for t in range(13):
        trick = cards[4 * t:4 * t + 4]
        leader = SEATS[(SEATS.index(leader) + trick_winner(trick, trump)) % 4]
        winners.append(leader)
    return winners


def hands_from_play(play: list, declarer: str, trump: str | None) -> dict[str, set[str]]:
    """Who played each card, when a record gives the play but no hands."""
    cards = [card_text(c) for trick in play for c in (trick if isinstance(trick, list) else [trick])]
    hands: dict[str, set[str]] = {s: set() for s in SEATS}
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    for t in range(13):
        trick = cards[4 * t:4 * t + 4]
        for j, card in enumerate(trick):
            hands[SEATS[(SEATS.index(leader) + j) % 4]].add(card)
        leader = SEATS[(SEATS.index(leader) + trick_winner(trick, trump)) % 4]
    return hands


def deal_premiums(contract: str, declarer: str, tricks: dict[str, int],
                  side_cards: dict[str, set[str]]) -> list[tuple[str, str, str, int]]:
    """The deal's entries (side, line, item, points) before any game premium (rules/volchaninov.md §4)."""
    v = trick_value(contract)
    level, denomination = int(contract[0]), contract[1:]
    attack = SIDE_OF[declarer]
    defence = "EW" if attack == "NS" else "NS"
    entries = [(side, "below", "tricks", tricks[side] * v) for side in ("NS", "EW")]
    for side in ("NS", "EW"):
        if tricks[side] == 12:
            entries.append((side, "above", "slam", 500))
        elif tricks[side] == 13:
            entries.append((side, "above", "slam", 1000))
    made = tricks[attack] >= level + 6
    if made and level == 6:
        entries.append((attack, "above", "contract_premium", 3000))
    if made and level == 7:
        entries.append((attack, "above", "contract_premium", 5000))
    if denomination != "NT":
        for side in ("NS", "EW"):
            held = sum(1 for r in HONOURS if denomination + r in side_cards[side])
            if held >= 3:
                entries.append((side, "above", "honours", HONOUR_PREMIUM[held] * v))
    aces = {side: sum(1 for s in PBN_SUITS if s + "A" in side_cards[side]) for side in ("NS", "EW")}
    for side, other in (("NS", "EW"), ("EW", "NS")):
        if aces[side] > aces[other]:
            entries.append((side, "above", "aces", 10 * v * aces[side]))
        elif aces[side] == 2 and tricks[side] > tricks[other]:
            entries.append((side, "above", "aces", 20 * v))
    if not made:
        short = level + 6 - tricks[attack]
        entries.append((defence, "above", "undertricks", 500 * level * short))
        if level == 6:
            entries.append((defence, "above", "failed_contract_premium", 3000))
        if level == 7:
            entries.append((defence, "above", "failed_contract_premium", 5000))
    return entries


def score_session(record: dict) -> dict:
    """The facts of ``vint-replay score --json`` (format.md §4) for a valid ``vint-record/1``
    object: per deal contract, declarer, V, tricks, entries, game; per rubber the games, winner,
    totals and difference. Raises ``OrderNeeded`` where a result-only deal's game is unknowable."""
    deals_out = []
    rubbers: list[dict] = []
    rubber = 1
    games: list[str] = []
    below = {"NS": 0, "EW": 0}  # under the current line
    start_new_rubber = False
    for deal in record["deals"]:
        if start_new_rubber:
            rubber, games, below, start_new_rubber = rubber + 1, [], {"NS": 0, "EW": 0}, False
        out = {"number": deal["number"], "rubber": rubber, "dealer": deal["dealer"]}
        bid = final_bid(deal["dealer"], deal["auction"])
        if bid is None:  # passed out: nothing is scored (rules/volchaninov.md §2)
            out.update(passed_out=True, contract=None, declarer=None, trick_value=None,
                       tricks=None, entries=[], game=None)
        else:
            contract, declarer = bid
            trump = None if contract[1:] == "NT" else contract[1:]
            attack = SIDE_OF[declarer]
            if "play" in deal:
                winners = [SIDE_OF[s] for s in trick_winners(deal["play"], declarer, trump)]
                tricks = {"NS": winners.count("NS"), "EW": winners.count("EW")}
            else:
                winners = None
                made = deal["result"]["declarer_tricks"]
                tricks = {attack: made, ("EW" if attack == "NS" else "NS"): 13 - made}
            if "hands" in deal:
                seat_cards = {s: hand_cards(deal["hands"][s]) for s in SEATS}
            else:
                seat_cards = hands_from_play(deal["play"], declarer, trump)
            side_cards = {"NS": seat_cards["N"] | seat_cards["S"], "EW": seat_cards["E"] | seat_cards["W"]}
            entries = deal_premiums(contract, declarer, tricks, side_cards)
            v = trick_value(contract)
            # rules/volchaninov.md §5: the first side to 500 below the current line, trick by trick.
            game = None
            if winners is not None:
                running = dict(below)
                for number, side in enumerate(winners, 1):
                    running[side] += v
                    if running[side] >= GAME:
                        game = {"side": side, "trick": number}
                        break
            else:
                over = [s for s in ("NS", "EW") if below[s] + tricks[s] * v >= GAME]
                if len(over) == 2:
                    raise OrderNeeded(deal["number"])
                if over:
                    game = {"side": over[0], "trick": None}
            if game is None:
                below = {s: below[s] + tricks[s] * v for s in ("NS", "EW")}
            else:
                games.append(game["side"])
                won = games.count(game["side"])
                game["bonus"] = "rubber" if won == 2 else "game"
                entries.append((game["side"], "above", game["bonus"], 1000 if won == 2 else 500))
                below = {"NS": 0, "EW": 0}
                start_new_rubber = won == 2
            out.update(passed_out=False, contract=contract, declarer=declarer, trick_value=v,
                       tricks=tricks, game=game,
                       entries=[{"side": s, "line": ln, "item": i, "points": p} for s, ln, i, p in entries])
        out["totals"] = {s: {ln: sum(e["points"] for e in out["entries"] if e["side"] == s and e["line"] == ln)
                             for ln in ("below", "above")} for s in ("NS", "EW")}
        deals_out.append(out)
        if not rubbers or rubbers[-1]["number"] != rubber:
            rubbers.append({"number": rubber, "games": games, "totals": {"NS": 0, "EW": 0}})
        for s in ("NS", "EW"):
            rubbers[-1]["totals"][s] += out["totals"][s]["below"] + out["totals"][s]["above"]
    for r in rubbers:
        r["games"] = list(r["games"])
        winner = next((s for s in ("NS", "EW") if r["games"].count(s) == 2), None)
        r["finished"], r["winner"] = winner is not None, winner
        ns, ew = r["totals"]["NS"], r["totals"]["EW"]
        r["difference"] = {"side": None if ns == ew else ("NS" if ns > ew else "EW"), "points": abs(ns - ew)}
    return {"deals": deals_out, "rubbers": rubbers}


# --- The play on the engine's card numbers (13 × suit + rank; suits S H D C, ranks 2 … A), for
# generators and properties that must not take legality from the engine (rules/volchaninov.md §3).

SUIT_OF_NUMBER = "SHDC"
SUIT_CARDS = 0x1FFF  # the 13 cards of suit 0; shifted by 13 × suit for the others


def card_name(card: int) -> str:
    """``SA`` for card number 12: suit ``card // 13``, rank ``card % 13``."""
    return SUIT_OF_NUMBER[card // 13] + RANKS[card % 13]


def follow_suit(held: int, led: int | None) -> int:
    """The cards of ``held`` a player may play (rules/volchaninov.md §3): to a trick led in
    suit ``led``, that suit when he holds it, else any card; to a lead (``None``), any card."""
    if led is None:
        return held
    return held & (SUIT_CARDS << 13 * led) or held


def trick_winner_of(cards: list[int], trump: int | None) -> int:
    """:func:`trick_winner` on card numbers, ``trump`` a suit number or ``None``."""
    return trick_winner([card_name(c) for c in cards], None if trump is None else SUIT_OF_NUMBER[trump])
