"""PBN's ``[ScoreTable]`` traveller (PBN 2.1 §3.9 tables; docs/format.md §5.2): every table's result
on a board as the file lists it; and ``[TotalScoreTable]``, the pairs' totals over the session.
The reader parses the rows only; recomputing their scores is the audit's job
(reports/traveller_audit.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..engine.calls import Contract
from ..engine.diagnostics import Diagnostic, Severity
from ..engine.plural import plural
from ..engine.seats import Side
from ..engine.record import RecordedFigures, SessionRecord
from .board_fields import parse_contract, trick_count
from .pbn_kept import as_tag
from .pbn_tokens import Tag

# a column's name, less PBN's sort prefix (+/-) and its width and alignment (\6R: the tag value
# as read has lost the backslash)
_COLUMN = re.compile(r"^[+-]?(?P<name>[A-Za-z_]+?)\\?(?:\d+[LR]?)?$")
_ELEMENT = re.compile(r'"[^"]*"|\S+')  # a row's elements: tokens or quoted strings
_PASSED = ("PASS", "AP")  # the contract of a board passed out


# an artificial adjusted score (duplicate-bridge.md §5.5): average plus, average, average minus, as
# a percentage of the board's top
AVERAGES = {"A+": 60.0, "AVE+": 60.0, "A": 50.0, "A=": 50.0, "AVE": 50.0, "A-": 40.0, "AVE-": 40.0}


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result as a traveller row lists it: the contract (``None`` passed out), tricks
    taken, N–S's score (the ``Score_NS`` column, else minus ``Score_EW``; ``None`` when not
    given) and the recorded matchpoints, percentage and IMPs (``IMP_NS``/``IMP_EW``), with how
    finely each is written (half its last digit: ``28.3`` ± 0.05). A table given an adjusted score instead (``A+``, ``60%``)
    has no contract and the percentages assigned to N–S and E–W (``assigned``)."""

    line: int
    contract: Contract | None
    tricks: int | None
    score: int | None
    figures: RecordedFigures
    written: tuple[float, float] = (0.0, 0.0)  # the rounding of the recorded matchpoints and percentage
    assigned: tuple[float | None, float | None] | None = None  # an adjusted score's percentages, N–S and E–W
    pairs: tuple[str, str] | None = None  # the N–S and E–W pairs' numbers (PairId_NS, PairId_EW), when given
    imps_written: float = 0.0  # the rounding of the recorded IMPs

    @property
    def text(self) -> str:
        """The result as the row gives it: ``4HX N 9``, ``Pass`` or ``A+ / A-``."""
        if self.assigned is not None:
            return " / ".join("?" if p is None else _average_text(p) for p in self.assigned)
        if self.contract is None:
            return "Pass"
        return f"{self.contract} {self.contract.declarer} {self.tricks}"


@dataclass(frozen=True, slots=True)
class PairTotal:
    """One pair's total as ``[TotalScoreTable]`` lists it: its number and names, and its recorded
    matchpoints and percentage over the session (``SessionScoreMP``/``SessionPercentage`` where
    the file gives a multi-session event's running totals too, else ``TotalScoreMP``/
    ``TotalPercentage``), each with half a unit of its last digit."""

    line: int
    pair: str
    names: str
    matchpoints: tuple[float, float] | None
    percentage: tuple[float, float] | None


def read_traveller(tag: Tag, board: int) -> tuple[tuple[TravellerLine, ...], list[Diagnostic]]:
    """The rows of a ``[ScoreTable]`` section, and a located ``traveller`` problem (a warning: the
    board itself is fine) for each row that cannot be read, naming the row's line; a row whose
    result is unknown (``?``, ``-`` without an average) is left out silently."""
    lines: list[TravellerLine] = []
    problems: list[Diagnostic] = []
    for row, column, read in _table(tag, board, problems):
        line = _line(read, row)
        if isinstance(line, str):
            problems.append(_problem(tag, board, row, line, column))
        elif line is not None:
            lines.append(line)
    return tuple(lines), problems


def read_totals(tag: Tag, board: int) -> tuple[tuple[PairTotal, ...], list[Diagnostic]]:
    """The pairs of a ``[TotalScoreTable]`` section (``PairId`` and their figures), and a located
    ``traveller`` warning for each row without a pair or with a figure that is no number."""
    out: list[PairTotal] = []
    problems: list[Diagnostic] = []
    for row, column, read in _table(tag, board, problems):
        pair = read.get("pairid", "")
        figures = [_number(read, ("session" + name, "total" + name)) for name in ("scoremp", "percentage")]
        if not pair or any(isinstance(f, str) for f in figures):
            problems.append(_problem(tag, board, row, next((f for f in figures if isinstance(f, str)), "no PairId"),
                                     column))
            continue
        mp, percentage = (None if isinstance(f, str) else f for f in figures)
        out.append(PairTotal(row, pair, read.get("names", ""), mp, percentage))
    return tuple(out), problems


def kept_travellers(record: SessionRecord) -> tuple[dict[int, tuple[TravellerLine, ...]], tuple[PairTotal, ...],
                                                   list[Diagnostic]]:
    """The travellers and the pairs' totals a record keeps in its boards' PBN tags (format.md
    §5.2: a converted or stored session), read as the file's were, each row's line its line in
    the table's section (1: the first row), and a ``traveller`` warning at ``pbn_tags`` for each
    row that cannot be read (a record written by hand, or a file's row its reader warned of)."""
    travellers: dict[int, tuple[TravellerLine, ...]] = {}
    totals: tuple[PairTotal, ...] = ()
    problems: list[Diagnostic] = []
    for deal in record.deals:
        for kept in deal.pbn_tags:
            if kept.name == "ScoreTable" and deal.number not in travellers:
                lines, found = read_traveller(as_tag(kept), deal.number)
                problems += found
                if lines:
                    travellers[deal.number] = lines
            elif kept.name == "TotalScoreTable" and not totals:  # on the first board, as the reader takes it
                totals, found = read_totals(as_tag(kept), deal.number)
                problems += found
    return travellers, totals, problems


def _table(tag: Tag, board: int, problems: list[Diagnostic]) -> list[tuple[int, int, dict[str, str]]]:
    """A PBN table's rows (PBN 2.1 §3.9), each as its line, its first element's column and its
    values by column name in lower case; a row with another number of elements than columns is a
    warning in ``problems``."""
    columns = [m["name"].lower() if (m := _COLUMN.match(c.strip())) else c.strip().lower()
               for c in tag.value.split(";")]
    out = []
    for row, indexes in _rows(tag):
        elements, column = _elements(tag, indexes), tag.token(indexes[0]).column
        if len(elements) != len(columns):
            problems.append(_problem(tag, board, row, f"{plural(len(elements), 'element')} where the table has "
                                                      f"{len(columns)} columns", column))
        else:
            out.append((row, column, dict(zip(columns, elements))))
    return out


def _problem(tag: Tag, board: int, row: int, message: str, column: int) -> Diagnostic:
    """A row's warning, at its line in the file, or for a kept tag (its tag pair on line 0:
    formats/pbn_kept.py ``as_tag``) at ``pbn_tags`` and its line in the section."""
    if tag.line == 0:
        return Diagnostic("traveller", f"[{tag.name}] section line {row}: {message}", board, "pbn_tags",
                          Severity.WARNING)
    return Diagnostic("traveller", f"[{tag.name}] line {row}: {message}", board, None, Severity.WARNING, row, column)


def _rows(tag: Tag) -> list[tuple[int, list[int]]]:
    """The section's words grouped by line (a row a line): each line and its words' indexes."""
    rows: dict[int, list[int]] = {}
    for index, row in enumerate(tag.rows):
        rows.setdefault(row, []).append(index)
    return list(rows.items())


def _elements(tag: Tag, indexes: list[int]) -> list[str]:
    """A row's elements, a quoted string (``"4H X"``) as one without its quotes."""
    return [e.strip('"') for e in _ELEMENT.findall(" ".join(tag.words[i] for i in indexes))]


def _line(values: dict[str, str], row: int) -> TravellerLine | str | None:
    """A row read, what is wrong with it, or ``None`` for an unknown result."""
    contract_text = values.get("contract", "?").replace(" ", "")
    assigned = _assigned(values)
    if assigned is not None:
        return _figures(values, TravellerLine(row, None, None, None, RecordedFigures(), assigned=assigned))
    if any(v.startswith("^") for v in values.values()) or contract_text in ("?", "-"):
        return None  # PBN 2.1 §3.9: an artificial score not given as an average, or no result: nothing to recompute
    contract: Contract | None = None
    tricks: int | None = None
    if contract_text.upper() not in _PASSED:
        try:
            contract = parse_contract(contract_text, values.get("declarer", ""))
        except ValueError as bad:
            return f"contract {values.get('contract')!r} by {values.get('declarer')!r}: {bad}"
        result = values.get("result", "")
        tricks = trick_count(result)
        if tricks is None:
            return f"result {result[:8]!r} is not a number of tricks (0–13)"
    score = _score(values)
    if isinstance(score, str):
        return score
    return _figures(values, TravellerLine(row, contract, tricks, score, RecordedFigures()))


def _pairs(values: dict[str, str]) -> tuple[str, str] | None:
    ns, ew = values.get("pairid_ns", ""), values.get("pairid_ew", "")
    return (ns, ew) if ns and ew else None


def _figures(values: dict[str, str], line: TravellerLine) -> TravellerLine:
    """The row with its recorded matchpoints, percentage and IMPs, and how finely each is written."""
    mp, percentage, imp = (_figure(values, name) for name in ("mp", "percentage", "imp"))
    return replace(line, figures=RecordedFigures(imp and imp[0], mp and mp[0], percentage and percentage[0]),
                   written=(mp[1] if mp else 0.0, percentage[1] if percentage else 0.0), pairs=_pairs(values),
                   imps_written=imp[1] if imp else 0.0)


def _assigned(values: dict[str, str]) -> tuple[float | None, float | None] | None:
    """The percentages of an adjusted score given in the score columns (``A+``, ``A-``, ``60%``),
    N–S's and E–W's (``None`` for a side not given); ``None`` when neither is one."""
    ns, ew = (_average(values.get(f"score_{side}", "")) for side in ("ns", "ew"))
    return None if ns is None and ew is None else (ns, ew)


def _average(text: str) -> float | None:
    """``A+`` as 60 (duplicate-bridge.md §5.5), ``40%`` as 40; ``None`` for anything else."""
    word = text.strip().lstrip("^").upper()
    if word in AVERAGES:
        return AVERAGES[word]
    m = re.fullmatch(r"(\d{1,3}(?:[.,]\d+)?)%", word)
    return float(m[1].replace(",", ".")) if m and float(m[1].replace(",", ".")) <= 100 else None


def _average_text(percentage: float) -> str:
    names = {60.0: "A+", 50.0: "A=", 40.0: "A-"}
    return names.get(percentage, f"{percentage:g}%")


def _score(values: dict[str, str]) -> int | None | str:
    """N–S's score from ``Score_NS`` or ``Score_EW`` (``-`` in the other), ``None`` if neither."""
    for side, sign in (("score_ns", 1), ("score_ew", -1)):
        text = values.get(side, "-")
        if text in ("-", "?", ""):
            continue
        if not re.fullmatch(r"[-+]?\d{1,5}", text):
            return f"Score_{side[-2:].upper()} {text!r} is not a score"
        return sign * int(text)
    return None


def _number(values: dict[str, str], names: tuple[str, ...]) -> tuple[float, float] | None | str:
    """The first of the columns ``names`` that the table has, as a number with half a unit of its
    last digit; ``None`` if none is there or it is ``-``; what is wrong if it is no number."""
    for name in names:
        text = values.get(name)
        if text is None:
            continue
        if text in ("-", "?", ""):
            return None
        figure = _written(text)
        return f"{name} {text!r} is not a number" if figure is None else figure
    return None


def _written(text: str) -> tuple[float, float] | None:
    """``28.3`` as 28.3 and 0.05 (half its last digit), ``67`` as 67 and 0.5; ``None`` if no number."""
    text = text.replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        return None
    decimals = len(text) - text.index(".") - 1 if "." in text else 0
    return value, 0.5 * 10 ** -decimals


def _figure(values: dict[str, str], name: str) -> tuple[tuple[Side, float], float] | None:
    """A recorded figure of ``MP_NS``/``MP_EW`` (or ``Percentage_…``, ``IMP_…``), as its side's, with half a
    unit of its last digit (``28.3``: 0.05, ``67``: 0.5)."""
    for side in Side:
        figure = _written(values.get(f"{name}_{side.name.lower()}", "-"))
        if figure is not None:
            return (side, figure[0]), figure[1]
    return None
