"""Ranking the audit's candidate explanations of one mismatch: the one that accounts for more of
the deal's differing entries first, then the one nothing in the deal contradicts, then the
commoner kind of slip. Knows nothing of the rules' slips themselves (the audit proposes them)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine.scoring import Line
from ..engine.seats import Side

Figure = tuple[Side, Line]  # one figure of the paper score: a side's total above or below the line


class Kind(str, Enum):
    """What the scorer did, from the commonest slip to the least common (the tie-break order)."""

    PENALTY = "penalty"  # a revoke penalty misapplied (laws.md §8.4): the whole deal scored another way
    MOVED = "moved"  # a due entry written in the other side's column
    BELOW = "below"  # a premium written below the line
    MISSING = "missing"  # a due entry left out
    AMOUNT = "amount"  # a due entry written with another amount
    NOT_DUE = "not_due"  # an entry written that was not due
    TRICKS = "tricks"  # the tricks miscounted


_KIND_NOUN = {Kind.PENALTY: "a misapplied revoke penalty", Kind.MOVED: "an entry in the wrong column", Kind.BELOW: "a premium on the wrong side of the line",
              Kind.MISSING: "a forgotten entry", Kind.AMOUNT: "a wrong amount", Kind.NOT_DUE: "an entry not due",
              Kind.TRICKS: "miscounted tricks"}


@dataclass(frozen=True)
class Guess:
    """One way the recorded figure may have come about. ``also`` are the other figures of the
    deal the same slip changes (and by how much); with ``required`` they must differ so for the
    guess to hold, else they may (an entry moved to the other column) or may not."""

    kind: Kind
    item: str
    points: int
    text: str
    also: tuple[tuple[Side, Line, int], ...] = ()
    required: bool = False

    def fit(self, differences: dict[Figure, int]) -> tuple[int, int]:
        """How many differing entries of the deal this guess accounts for (its own included), and
        how many figures it needs to differ that do not."""
        matched = sum(1 for side, line, delta in self.also if differences.get((side, line)) == delta)
        return 1 + matched, (len(self.also) - matched if self.required else 0)


@dataclass(frozen=True)
class Ranked:
    """The guesses of one mismatch, likeliest first, with why the first beats the next (``None``
    with one guess); ``tied`` of them share the first place when nothing tells them apart."""

    guesses: tuple[Guess, ...]
    why: str | None
    tied: int
    accounts_for: tuple[Figure, ...]  # the deal's differing entries the first guess explains
    differing: int  # differing entries of the deal in all

    @property
    def covered(self) -> int:
        return len(self.accounts_for)

    def to_json(self) -> dict[str, object] | None:
        """The likeliest guess, what it accounts for, why, and the others; ``None`` without one."""
        if not self.guesses:
            return None
        best = self.guesses[0]
        return {"kind": best.kind.value, "item": best.item, "points": best.points, "text": best.text,
                "accounts_for": [{"side": s.name, "line": str(line)} for s, line in self.accounts_for],
                "why": self.why, "equally_likely": self.tied - 1 if self.tied > 1 else 0,
                "alternatives": [{"kind": g.kind.value, "item": g.item, "points": g.points, "text": g.text}
                                 for g in self.guesses[1:]]}


def rank(guesses: list[Guess], own: Figure, differences: dict[Figure, int]) -> Ranked:
    """Order the ``guesses`` for the mismatch of entry ``own`` in a deal whose differing entries
    are ``differences`` (recorded minus recomputed, per side and line), and say why the first is
    the likeliest."""
    keyed = sorted(((_key(g, differences), i, g) for i, g in enumerate(guesses)), key=lambda k: k[:2])
    ordered = tuple(g for _key_, _i, g in keyed)
    n = len(differences)
    if not ordered:
        return Ranked((), None, 0, (), n)
    best = ordered[0]
    accounts = (own,) + tuple((s, line) for s, line, delta in best.also if differences.get((s, line)) == delta)
    first = keyed[0][0]
    tied = sum(1 for key, _i, _g in keyed if key == first)
    if len(ordered) == 1:
        return Ranked(ordered, None, 1, accounts, n)
    if tied > 1:
        return Ranked(ordered, "nothing in the deal tells them apart", tied, accounts, n)
    (c1, x1, _), (c2, x2, _) = first, keyed[1][0]
    if c1 != c2:
        why = f"it accounts for {_coverage(len(accounts), n)}, the next one for {-c2}"
    elif x1 != x2:
        why = "the others would have changed other figures of the deal as well, and those agree"
    else:
        why = f"{_KIND_NOUN[ordered[0].kind]} is a commoner slip than {_KIND_NOUN[ordered[1].kind]}"
    return Ranked(ordered, why, 1, accounts, n)


def _key(guess: Guess, differences: dict[Figure, int]) -> tuple[int, int, int]:
    covered, contradicted = guess.fit(differences)
    return -covered, contradicted, list(Kind).index(guess.kind)


def _coverage(covered: int, differing: int) -> str:
    return "every differing entry of the deal" if covered == differing \
        else f"{covered} of the deal's {differing} differing entries"


def phrase(ranked: Ranked) -> str | None:
    """The ranked guesses in a scorer's words: the likeliest (or the equally likely), why, and
    the less likely ones; ``None`` without any guess."""
    guesses = ranked.guesses
    if not guesses:
        return None
    covers = f"accounts for {_coverage(ranked.covered, ranked.differing)}" if ranked.covered > 1 else ""
    rest = "; ".join(g.text for g in guesses[ranked.tied:])
    less = f"; less likely: {rest}" if rest else ""
    if ranked.tied > 1:
        each = f" — each {covers}" if covers else ""
        return f"equally likely, as {ranked.why}: {'; '.join(g.text for g in guesses[:ranked.tied])}{each}{less}"
    best = guesses[0].text + (f" — this {covers}" if covers and not (ranked.why or "").startswith("it accounts") else "")
    if len(guesses) == 1:
        return best
    return f"most likely {best}, because {ranked.why}{less}"
