"""An independent scoring oracle for the ``classic`` profile, written from docs/rules/classic.md
alone (not from the engine's profiles/classic.py), on the plain data of a ``vint-record/1``
object. The play (who leads, following suit, the trick winner) is as in volchaninov.md §3 and is
taken from tests/oracle.py, itself written from that page."""
from __future__ import annotations

from oracle import PBN_SUITS, SEATS, SIDE_OF, OrderNeeded, card_text, final_bid, hand_cards, trick_winner, trick_winners

HONOURS = "AKQJT"
RUN_ORDER = "AKQJT98765432"  # a coronka runs from the ace down without a gap (§6)
GAME = 500  # §10
OTHER = {"NS": "EW", "EW": "NS"}


def honour_count(side_cards: set[str], trump: str) -> int:
    """§4.1: 3, 4 or 5 trump honours held count; fewer count 0."""
    held = sum(1 for r in HONOURS if trump + r in side_cards)
    return held if held >= 3 else 0


def ace_count(side: str, side_cards: dict[str, set[str]], tricks: dict[str, int]) -> int:
    """§4.2 / §5: 3 or 4 aces count; 2 count only for the side with леве (7 tricks or more)."""
    aces = sum(1 for s in PBN_SUITS if s + "A" in side_cards[side])
    if aces >= 3 or (aces == 2 and tricks[side] >= 7):
        return aces
    return 0


def coronkas(seat_cards: dict[str, set[str]], trump: str | None) -> list[tuple[str, str, str, int]]:
    """§6: per hand, one run from the ace per suit (k ≥ 3), plain 500 (k − 2), trump or any in
    no-trump 1000 (k − 2); three or four aces in one hand 500 / 1000 (suit), 1000 / 2000 (no-trump)."""
    out = []
    for seat in SEATS:
        cards = seat_cards[seat]
        side = SIDE_OF[seat]
        for suit in PBN_SUITS:
            k = 0
            while k < 13 and suit + RUN_ORDER[k] in cards:
                k += 1
            if k >= 3:
                per = 1000 if trump is None or suit == trump else 500
                out.append((side, "above", "coronka", per * (k - 2)))
        aces = sum(1 for s in PBN_SUITS if s + "A" in cards)
        if aces >= 3:
            table = {3: 1000, 4: 2000} if trump is None else {3: 500, 4: 1000}
            out.append((side, "above", "coronka", table[aces]))
    return out


def deal_entries(contract: str, declarer: str, tricks: dict[str, int],
                 seat_cards: dict[str, set[str]]) -> list[tuple[str, str, str, int]]:
    """§3–§8: a played deal's entries before any game premium."""
    level, denomination = int(contract[0]), contract[1:]
    trump = None if denomination == "NT" else denomination
    attack = SIDE_OF[declarer]
    defence = OTHER[attack]
    side_cards = {"NS": seat_cards["N"] | seat_cards["S"], "EW": seat_cards["E"] | seat_cards["W"]}
    entries = [(side, "below", "tricks", tricks[side] * 10 * level) for side in ("NS", "EW")]  # §3
    if trump is None:  # §5: aces at 250 × L each
        for side in ("NS", "EW"):
            aces = ace_count(side, side_cards, tricks)
            if aces:
                entries.append((side, "above", "aces", aces * 250 * level))
    else:  # §4: honours and aces netted in units of 100 × L
        units = {side: honour_count(side_cards[side], trump) + ace_count(side, side_cards, tricks)
                 for side in ("NS", "EW")}
        if units["NS"] != units["EW"]:
            more = "NS" if units["NS"] > units["EW"] else "EW"
            entries.append((more, "above", "honours", (units[more] - units[OTHER[more]]) * 100 * level))
    entries += coronkas(seat_cards, trump)  # §6
    for side in ("NS", "EW"):  # §7 taken slams, whoever took them
        if tricks[side] == 12:
            entries.append((side, "above", "slam", 1000))
        if tricks[side] == 13:
            entries.append((side, "above", "slam", 2000))
    declared = {6: 5000, 7: 10000}.get(level)
    short = level + 6 - tricks[attack]
    if short <= 0:
        if declared:
            entries.append((attack, "above", "contract_premium", declared))  # §7
    else:
        entries.append((defence, "above", "undertricks", 1000 * level * short))  # §8
        if declared:
            entries.append((defence, "above", "failed_contract_premium", declared))
    return entries


def x_mark_points(marks: int, option: str) -> int:
    """§9: 500 for each X, or 500 / 1000 / 1500 in turn; nothing when passed-out deals are played."""
    if option == "played":
        return 0
    if option == "escalating":
        return sum((500, 1000, 1500)[i % 3] for i in range(marks))
    return 500 * marks


def cards_of(play: list) -> list[str]:
    return [card_text(c) for trick in play for c in (trick if isinstance(trick, list) else [trick])]


def passed_out_play(play: list, dealer: str) -> dict[str, int]:
    """§9 played, ruling 11: no trumps, the player left of the dealer leads; tricks per side."""
    cards = cards_of(play)
    leader = SEATS[(SEATS.index(dealer) + 1) % 4]
    tricks = {"NS": 0, "EW": 0}
    for t in range(13):
        leader = SEATS[(SEATS.index(leader) + trick_winner(cards[4 * t:4 * t + 4], None)) % 4]
        tricks[SIDE_OF[leader]] += 1
    return tricks


def score_session(record: dict) -> dict:
    """The facts of ``vint-replay score --json`` for a valid classic ``vint-record/1`` object:
    the same document as tests/oracle.py's ``score_session`` gives for the default profile."""
    option = record["session"].get("options", {}).get("x_marks", "standard")
    deals_out = []
    rubbers: list[dict] = []
    rubber, games, marks = 1, [], 0
    below = {"NS": 0, "EW": 0}
    start_new_rubber = False
    for deal in record["deals"]:
        if start_new_rubber:
            rubber, games, marks, below, start_new_rubber = rubber + 1, [], 0, {"NS": 0, "EW": 0}, False
        out = {"number": deal["number"], "rubber": rubber, "dealer": deal["dealer"]}
        bid = final_bid(deal["dealer"], deal["auction"])
        if bid is None:  # §9
            marks += 1
            entries = []
            tricks = None
            if option == "played":
                tricks = passed_out_play(deal["play"], deal["dealer"])
                fewer = "NS" if tricks["NS"] < tricks["EW"] else "EW"
                entries.append((fewer, "above", "passed_out", 500 * (tricks[OTHER[fewer]] - tricks[fewer])))
            out.update(passed_out=True, contract=None, declarer=None, trick_value=None, tricks=tricks, game=None)
        else:
            contract, declarer = bid
            level = int(contract[0])
            trump = None if contract[1:] == "NT" else contract[1:]
            attack = SIDE_OF[declarer]
            if "play" in deal:
                winners = [SIDE_OF[s] for s in trick_winners(deal["play"], declarer, trump)]
                tricks = {"NS": winners.count("NS"), "EW": winners.count("EW")}
            else:
                winners = None
                made = deal["result"]["declarer_tricks"]
                tricks = {attack: made, OTHER[attack]: 13 - made}
            seat_cards = {s: hand_cards(deal["hands"][s]) for s in SEATS}
            entries = deal_entries(contract, declarer, tricks, seat_cards)
            value = 10 * level
            game = None  # §10: the first side to 500 below the current line, trick by trick
            if winners is not None:
                running = dict(below)
                for number, side in enumerate(winners, 1):
                    running[side] += value
                    if running[side] >= GAME:
                        game = {"side": side, "trick": number}
                        break
            else:
                over = [s for s in ("NS", "EW") if below[s] + tricks[s] * value >= GAME]
                if len(over) == 2:
                    raise OrderNeeded(deal["number"])
                if over:
                    game = {"side": over[0], "trick": None}
            if game is None:
                below = {s: below[s] + tricks[s] * value for s in ("NS", "EW")}
            else:
                side = game["side"]
                games.append(side)
                won = games.count(side) == 2
                game["bonus"] = "rubber" if won else "game"
                entries.append((side, "above", game["bonus"], 2000 if won else 1000))
                if won and x_mark_points(marks, option):
                    entries.append((side, "above", "x_marks", x_mark_points(marks, option)))
                below = {"NS": 0, "EW": 0}
                start_new_rubber = won
            out.update(passed_out=False, contract=contract, declarer=declarer, trick_value=value, tricks=tricks,
                       game=game)
        out["entries"] = [{"side": s, "line": ln, "item": i, "points": p} for s, ln, i, p in entries]
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
