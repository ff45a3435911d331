"""PBN's notes (docs/format.md §5.2, §5.3): the note reference ``=n=`` after a call or card and
its game's ``[Note "n:text"]`` are that call's or card's comment, the alert mark ``!`` after a
call its alert (the comment ``! text`` LIN's ``mb|2H!|an|text|`` gives); read here, and written
back as notes by the PBN writer (PBN 2.1's auction and play sections: a call or card has at
most one note reference, n from 1 to 32, its [Note] tags right after the section)."""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.diagnostics import Severity
from ..engine.record import Comment, DealRecord, alerted, one_line
from .pbn_kept import escaped
from .pbn_tokens import KEPT_COMMENTS, Game, Tag, Token

MOST_NOTES = 32  # PBN's note numbers run from 1 to 32 in a game; the comments past them stay in [VintExtra]
_NUMBERED = re.compile(r"[ \t]*([0-9]+)[ \t]*:")  # a [Note]'s number, as formats/pbn_batch.py reads it
Report = Callable[[str, str | None, str, Tag | Token | None, Severity], None]  # as pbn._Board.report


class GameNotes:
    """A game's ``[Note]`` tags by the section they follow (PBN: a section's notes stand right
    after it, so an auction's note 1 and a play's note 1 may both be given); a bad one reported."""

    def __init__(self, game: Game, report: Report) -> None:
        self.report = report
        # n as written, leading zeros cut (no int: a hostile file's 5000 digits are no int() to Python)
        self.by_section: dict[tuple[int, str], str] = {}  # (the line of the section it follows, n) -> its text
        self.anywhere: dict[str, str] = {}  # n -> the first such note of the game, wherever it stands
        starts = sorted(game.tags[name].line for name in KEPT_COMMENTS if name in game.tags) if game.notes else []
        for tag in game.notes:
            numbered = _NUMBERED.match(tag.value)
            if numbered is None:
                report("schema", None, f"[Note] {tag.value[:20]!r} must read \"n:text\" (n the number of its "
                       "references =n=); it is not read", tag, Severity.WARNING)
                continue
            n, text = numbered[1].lstrip("0"), one_line(tag.value[numbered.end():])
            after = bisect_right(starts, tag.line)
            self.by_section.setdefault((starts[after - 1] if after else 0, n), text)
            self.anywhere.setdefault(n, text)

    def texts(self, section: Tag, index: int, at: str, alerts: bool, starred: bool = False) -> list[str]:
        """The comments word ``index`` of ``section`` carries: its notes' texts, the first as its
        alert if it is a call (``alerts``) marked ``!`` (or ``starred``: ``4N*``); a reference
        with no [Note] is a warning at it (item ``at``), its note lost. A card's ``!`` is PBN's
        "good play", no alert."""
        marks = section.marks.get(index, ()) if section.marks else ()
        alert = starred
        texts: list[str] = []
        for mark in marks:
            if mark.text == "!":
                alert = alert or alerts
                continue
            n = mark.text[1:-1].lstrip("0")
            text = self.by_section.get((section.line, n), self.anywhere.get(n))
            if text is None:
                self.report("schema", at, f"note reference {mark.text} has no [Note \"{n or 0}:…\"] in the game: the note "
                            "is lost", mark, Severity.WARNING)
            else:
                texts.append(text)
        if alert:
            return [alerted(texts[0] if texts else ""), *texts[1:]]
        return texts


@dataclass(slots=True)
class WrittenNotes:
    """What the PBN writer writes of a deal's comments on its calls and cards: each call's and
    card's note reference by index (`` =1=``), the [Note] tag lines after the auction and after
    the play, and the comments left to ``[VintExtra]``."""

    calls: dict[int, str] = field(default_factory=dict)
    cards: dict[int, str] = field(default_factory=dict)
    auction_notes: list[str] = field(default_factory=list)
    play_notes: list[str] = field(default_factory=list)
    rest: tuple[Comment, ...] = ()


def write_notes(deal: DealRecord) -> WrittenNotes:
    """The deal's comments as PBN notes, numbered on through the deal: the first comment right
    after a call (``auction[i + 1]`` for call i) or a card of the play (``play[k + 1]``) is its
    note, its text as it is (an alert's ``! …`` too: PBN tools that take a note for an alert,
    as endplay does, and a ``!`` mark for "a good call", show it so); the others are left."""
    first: dict[str, int] = {}
    for index, comment in enumerate(deal.comments):
        first.setdefault(comment.before, index)
    out = WrittenNotes()
    taken: list[int] = []
    for items, marks, lines, count in (("auction", out.calls, out.auction_notes, len(deal.auction)),
                                       ("play", out.cards, out.play_notes, len(deal.play or ()))):
        for k in range(count):
            at = first.get(f"{items}[{k + 1}]")
            if at is not None and len(taken) < MOST_NOTES:
                taken.append(at)
                marks[k] = f" ={len(taken)}="
                lines.append(f'[Note "{len(taken)}:{escaped(deal.comments[at].text)}"]')
    out.rest = tuple(c for i, c in enumerate(deal.comments) if i not in taken)
    return out
