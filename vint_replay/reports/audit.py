"""Audit: compare a paper scoresheet (each deal's ``recorded`` totals) with the recomputed score
and explain every difference from the itemised entries."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.ledger import DealScore, SessionScore
from ..engine.record import SessionRecord
from ..engine.scoring import DealFacts, Entry, Item, Line, aces_held, honours_held
from ..engine.seats import Side


@dataclass(frozen=True, slots=True)
class Mismatch:
    deal: int
    side: Side
    line: Line
    recorded: int
    computed: int
    explanation: str

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "side": self.side.name, "line": str(self.line),
                "recorded": self.recorded, "computed": self.computed}


@dataclass(frozen=True)
class AuditReport:
    deals_checked: int
    mismatches: tuple[Mismatch, ...]

    @property
    def clean(self) -> bool:
        return not self.mismatches


def audit(record: SessionRecord, score: SessionScore) -> AuditReport:
    """Every deal with a ``recorded`` score is compared side by side and line by line."""
    by_number = {d.number: d for d in score.deals}
    checked = 0
    found: list[Mismatch] = []
    for deal in record.deals:
        if deal.recorded is None:
            continue
        checked += 1
        computed = by_number[deal.number]
        hands = None if deal.hands is None else tuple(h.mask for h in deal.hands)
        for side in Side:
            want = computed.totals(side)
            got = deal.recorded[side]
            for line, rec, comp in ((Line.BELOW, got.below, want.below), (Line.ABOVE, got.above, want.above)):
                if rec != comp:
                    why = explain(computed, side, line, rec, comp, hands)
                    found.append(Mismatch(deal.number, side, line, rec, comp, why))
    return AuditReport(checked, tuple(found))


# Premiums a scorer may have written although they were not due (item, points).
_COMMON_PREMIUMS = ((Item.GAME, 500), (Item.RUBBER, 1000), (Item.SLAM, 500), (Item.SLAM, 1000),
                    (Item.CONTRACT_PREMIUM, 3000), (Item.CONTRACT_PREMIUM, 5000))


def explain(deal: DealScore, side: Side, line: Line, recorded: int, computed: int,
            hands: tuple[int, int, int, int] | None = None) -> str:
    """Why the numbers differ, in a scorer's words, from the entries that make up ``computed``
    (and from the dealt ``hands``, when known, for honours and aces)."""
    mine = [e for e in deal.entries if e.side is side and e.line is line]
    theirs = [e for e in deal.entries if e.side is side.other and e.line is line]
    head = f"recorded {side.label} {line} {recorded}, recomputed {computed}"
    parts = " + ".join(f"{e.item.replace('_', ' ')} {e.points}" for e in mine if e.points) or "nothing"
    diff = recorded - computed
    guesses: list[str] = []
    for e in mine:
        if e.points and diff == -e.points:
            guesses.append(f"{_name(e)} {e.points} missing from the record ({e.reason})")
    for e in theirs:
        if e.points and diff == e.points:
            guesses.append(f"{_name(e)} {e.points} written for the wrong side — {e.reason}")
    for e in mine:
        for written, slip in _slips(e, deal):
            if diff == written - e.points:
                guesses.append(f"{_name(e)} written as {written} ({slip}) instead of {e.points} ({e.reason})")
    if line is Line.BELOW:  # a premium of this side written below the line instead of above
        for e in deal.entries:
            if e.side is side and e.line is Line.ABOVE and e.points and diff == e.points:
                guesses.append(f"{_name(e)} {e.points} written below the line (premiums go above it)")
    if not guesses and diff > 0 and line is Line.ABOVE:
        value = deal.trick_value or 0
        candidates = list(_COMMON_PREMIUMS)
        if deal.contract is not None and deal.contract.level >= 6:  # a slam bid: slam slips first
            candidates.sort(key=lambda c: c[0] not in (Item.SLAM, Item.CONTRACT_PREMIUM))
        if value:
            candidates += [(Item.HONOURS, m * value) for m in (20, 30, 40)] + [(Item.ACES, m * value) for m in (20, 30, 40)]
        held = {e.item for e in mine} | ({Item.GAME, Item.RUBBER} if deal.game and deal.game.side is side else set())
        for item, points in candidates:
            if diff == points and item not in held:
                guesses.append(f"{item.replace('_', ' ')} {points} not due — {_why_not(deal, side, item, hands)}")
                break
    if not guesses and line is Line.BELOW and deal.trick_value:
        tricks = deal.tricks[side] if deal.tricks else 0
        if diff % deal.trick_value == 0:
            guesses.append(f"{side.label} took {tricks} tricks × {deal.trick_value}; the record counts "
                           f"{tricks + diff // deal.trick_value}")
    detail = "; or ".join(guesses) if guesses else f"difference {diff:+d}"
    return f"{head}: {detail} (due: {parts})"


def _slips(entry: Entry, deal: DealScore) -> list[tuple[int, str]]:
    """Amounts a scorer may have written for a due entry by a common slip, and the slip."""
    value = deal.trick_value or 0
    if entry.item is Item.RUBBER:
        return [(500, "a first game's premium")]
    if entry.item is Item.GAME:
        return [(1000, "the rubber's premium")]
    if entry.item is Item.SLAM:
        return [(1500 - entry.points, "the other slam premium")]
    if entry.item is Item.UNDERTRICKS and deal.contract is not None and deal.contract.level > 1:
        short = entry.points // (500 * deal.contract.level)
        return [(500 * short, "500 a trick, not 500 × level")]
    if entry.item in (Item.HONOURS, Item.ACES) and value:
        return [(m * value, f"{m} V") for m in (20, 30, 40) if m * value != entry.points]
    return []


def _name(entry: Entry) -> str:
    return entry.item.replace("_", " ")


def _why_not(deal: DealScore, side: Side, item: Item, hands: tuple[int, int, int, int] | None = None) -> str:
    tricks = deal.tricks[side] if deal.tricks else None
    facts = None if hands is None or deal.contract is None or deal.tricks is None \
        else DealFacts(deal.contract, deal.tricks, hands)
    if item in (Item.GAME, Item.RUBBER):
        return f"{side.label} did not win a game in this deal"
    if item is Item.SLAM:
        return f"{side.label} took {tricks} tricks"
    if item is Item.CONTRACT_PREMIUM:
        return f"the contract {deal.contract} was not a made slam for {side.label}"
    if item is Item.HONOURS:
        trump = deal.contract.trump if deal.contract else None
        if trump is None:
            return "no honours in no-trump"
        if facts is None:
            return f"{side.label} did not hold 3 or more honours"
        held = honours_held(facts, side, trump)
        return f"{side.label} held {held} {_SUIT_NAMES[trump]} honour{'' if held == 1 else 's'}"
    if facts is None:
        return f"{side.label} did not hold the majority of aces"
    aces = aces_held(facts, side)
    fewer = " and took fewer tricks" if aces == 2 else ""
    return f"{side.label} held {aces} ace{'' if aces == 1 else 's'}{fewer}"


_SUIT_NAMES = ("spade", "heart", "diamond", "club")  # by Suit
