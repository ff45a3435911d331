"""The rubbers of a four-handed score as kept on paper (rubber-bridge.md §4, vint's sheet):
each side's entries above and below the line, the game lines, the totals. Plain data for the
pages of every game whose score keeps N–S and E–W rubbers (the dashboard's scoresheet, the
two-player methods' two columns)."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from .ledger import SessionScore
from .scoring import Line
from .seats import Side


@dataclass(frozen=True)
class SheetEntry:
    """One number written on the sheet: the deal it comes from (``None`` for what an unfinished
    rubber writes at the session's end), what it is, its points."""

    deal: int | None
    label: str
    points: int
    mismatch: bool = False

    @property
    def text(self) -> str:
        return f"{'end' if self.deal is None else self.deal}: {self.label}"


@dataclass
class SheetBlock:
    """A stretch of the below-the-line columns up to a game line (or the end of the rubber)."""

    cells: tuple[list[SheetEntry], list[SheetEntry]] = field(default_factory=lambda: ([], []))
    game: str | None = None  # the text on the game line that closes this block


@dataclass
class SheetRubber:
    number: int
    above: tuple[list[SheetEntry], list[SheetEntry]]
    below: list[SheetBlock]
    totals: tuple[int, int]
    result: str


def rubber_sheets(score: SessionScore, bad: Collection[tuple[int, Side, Line]] = ()) -> list[SheetRubber]:
    """Each rubber of a scored session as written on paper: both sides' entries above and below
    the line, a game line after each game, the totals and how it stands; the entries at
    ``bad`` (deal, side, line) flagged as differing from the paper."""
    rubbers = []
    for rubber in score.rubbers:
        above: tuple[list[SheetEntry], list[SheetEntry]] = ([], [])
        blocks = [SheetBlock()]
        for deal in (d for d in score.deals if d.rubber == rubber.number):
            for e in deal.entries:
                if not e.points:
                    continue
                flagged = (deal.number, e.side, e.line) in bad
                if e.line is Line.ABOVE:
                    above[e.side].append(SheetEntry(deal.number, e.item.replace("_", " "), e.points, flagged))
                else:
                    # the contract's bid, or the item in a game without a contract (as reports/scoresheet.py)
                    label = e.item.replace("_", " ") if deal.contract is None else deal.contract.bid.pretty
                    blocks[-1].cells[e.side].append(SheetEntry(deal.number, label, e.points, flagged))
            if deal.game is not None:
                what = "rubber" if deal.game.bonus == "rubber" else "game"
                at = f" at trick {deal.game.trick}" if deal.game.trick else ""
                blocks[-1].game = f"{deal.game.side.label} {what} in deal {deal.number}{at}"
                blocks.append(SheetBlock())
        if not any(blocks[-1].cells) and len(blocks) > 1:
            blocks.pop()
        for e in rubber.closing_entries:  # an unfinished rubber's, counted in its totals
            above[e.side].append(SheetEntry(None, e.item.replace("_", " "), e.points))
        side, diff = rubber.difference
        status = f"won by {rubber.winner.label}" if rubber.winner is not None else "not finished"
        lead = "tie" if side is None else f"{side.label} by {diff}"
        rubbers.append(SheetRubber(rubber.number, above, blocks, (rubber.totals[0], rubber.totals[1]),
                                   f"Rubber {rubber.number} {status}; difference {lead}"))
    return rubbers
