"""The board fields of format.md §5.1, as JSON and ``.vint`` write them: vulnerability, a
contract recorded without its auction (``4SX`` by ``N``), a board's recorded score, its
recorded team and pairs figures (PBN's ``[ScoreIMP]`` …), and a bidding quiz's question (§5.2)."""
from __future__ import annotations

import re
from typing import TypedDict

from ..engine.calls import CALL_BY_TEXT, Call, Contract, Denomination
from ..engine.record import VULNERABLE, VULNERABLE_TEXT, DealRecord, RecordedFigures
from ..engine.seats import Seat, Side

CONTRACT_PATTERN = re.compile(r"^([1-7])(NT|N|S|H|D|C)(XX|X)?$", re.IGNORECASE)
_DENOMINATION = {"S": Denomination.SPADES, "H": Denomination.HEARTS, "D": Denomination.DIAMONDS,
                 "C": Denomination.CLUBS, "N": Denomination.NOTRUMP, "NT": Denomination.NOTRUMP}
CONTRACT_HELP = "a contract such as 4S, 3NTX or 6HXX"
VULNERABLE_HELP = "None, NS, EW or All"
ASKED = "AC"  # a bidding quiz's call the contestant is to make (BridgeComposer's PBN; format.md §5.2)


def parse_contract(text: object, declarer: object) -> Contract:
    """``4SX`` by ``N`` as a :class:`Contract`; ``ValueError`` saying what is wrong (also for a
    value that is no text, as JSON may give)."""
    m = CONTRACT_PATTERN.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise ValueError(f"{text!r} is not {CONTRACT_HELP}")
    seat = Seat.parse(declarer)  # raises ValueError naming the seats
    return Contract(int(m.group(1)), _DENOMINATION[m.group(2).upper()], seat,
                    {"": 1, "X": 2, "XX": 4}[(m.group(3) or "").upper()])


def trick_count(text: str) -> int | None:
    """``text`` as a number of tricks, 0–13, in ASCII digits; ``None`` otherwise (``int`` reads
    ``١٠`` as 10, and raises on ``²`` and on thousands of digits)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= 13 else None


def contract_text(contract: Contract) -> str:
    """``4SX``: the contract as PBN's ``[Contract]`` writes it (``NT`` for no trump)."""
    return str(contract)


def parse_vulnerable(text: object) -> tuple[bool, bool]:
    """``"NS"`` as (N–S vulnerable, E–W vulnerable); ``ValueError`` for anything else."""
    value = VULNERABLE.get(text) if isinstance(text, str) else None
    if value is None:
        raise ValueError(f"{text!r} is not {VULNERABLE_HELP}")
    return value


def vulnerable_text(value: tuple[bool, bool]) -> str:
    return VULNERABLE_TEXT[value]


def board_json(deal: DealRecord) -> dict[str, object]:
    """A deal's board fields as JSON spells them (empty when it has none)."""
    out: dict[str, object] = {}
    if deal.vulnerable is not None:
        out["vulnerable"] = vulnerable_text(deal.vulnerable)
    if deal.contract is not None:
        out["contract"] = contract_text(deal.contract)
        out["declarer"] = deal.contract.declarer.name
    if deal.recorded_score is not None:
        out["recorded_score"] = deal.recorded_score
    if deal.question is not None:
        out["question"] = question_words(deal.question)
    return out


def question_words(question: tuple[Call | None, ...]) -> list[str]:
    """A quiz's calls from its question on as written: ``AC`` where the contestant is to call."""
    return [ASKED if call is None else str(call) for call in question]


def parse_question(raw: object) -> tuple[Call | None, ...]:
    """JSON's ``question`` (a list of calls, ``AC`` first and at each call the contestant is to
    make) read; ``ValueError`` saying what is wrong."""
    if not isinstance(raw, list) or not raw or raw[0] != ASKED:
        raise ValueError(f"must be a list of calls starting with {ASKED!r}, the contestant's call")
    out: list[Call | None] = []
    for i, word in enumerate(raw):
        call = None if word == ASKED else CALL_BY_TEXT.get(word) if isinstance(word, str) else None
        if call is None and word != ASKED:
            raise ValueError(f"[{i}] {str(word)[:12]!r} is neither a call nor {ASKED!r}")
        out.append(call)
    return tuple(out)


class BoardFields(TypedDict):
    """The board fields' DealRecord keyword arguments (format.md §5.1)."""

    vulnerable: tuple[bool, bool] | None
    contract: Contract | None
    recorded_score: int | None
    question: tuple[Call | None, ...] | None


def board_fields(raw: dict[str, object]) -> BoardFields:
    """The DealRecord keyword arguments of :func:`board_json`'s output (as written, so valid)."""
    score = raw.get("recorded_score")
    return {"vulnerable": parse_vulnerable(raw["vulnerable"]) if "vulnerable" in raw else None,
            "contract": parse_contract(raw["contract"], raw["declarer"]) if "contract" in raw else None,
            "recorded_score": score if isinstance(score, int) else None,
            "question": parse_question(raw["question"]) if "question" in raw else None}


_FIGURE = re.compile(r"^(?:(NS|EW)\s+)?([-+]?[0-9]{1,6}(?:[.,][0-9]{1,4})?)(?![0-9])")
FIGURES = ("imps", "matchpoints", "percentage")  # RecordedFigures' fields, as JSON names them
FIGURE_TAGS = dict(zip(FIGURES, ("ScoreIMP", "ScoreMP", "ScorePercentage")))  # and as PBN names them
FIGURE_HELP = ('{"side": "NS" or "EW", "value": a number of at most 6 digits and 4 decimals} '
               "(PBN's [ScoreIMP], [ScoreMP], [ScorePercentage] write no other)")


def parse_figure(text: str) -> tuple[Side, float] | None:
    """``NS 5``, ``EW 41.67``, ``NS -2 EW 2`` (the first side's) or a bare number (N–S's), else ``None``."""
    m = _FIGURE.match(text.strip())
    if m is None:
        return None
    return Side.EW if m.group(1) == "EW" else Side.NS, float(m.group(2).replace(",", "."))


def figure_text(figure: tuple[Side, float]) -> str:
    """``NS 5``, ``EW 41.67``: a figure as PBN's ``[ScoreIMP]`` … write it, for its side."""
    return f"{figure[0].name} {_number(figure[1])}"


def _number(value: float) -> int | float:
    """A figure's value without a ``.0`` that PBN did not write (``5``, ``41.67``)."""
    return int(value) if float(value).is_integer() else value


def figures_json(figures: RecordedFigures) -> dict[str, object]:
    """JSON's ``recorded_figures`` (format.md §5.1): ``{"imps": {"side": "NS", "value": 5}, …}``."""
    return {name: {"side": figure[0].name, "value": _number(figure[1])}
            for name in FIGURES if (figure := getattr(figures, name)) is not None}


def read_figures(raw: object) -> RecordedFigures | str:
    """JSON's ``recorded_figures`` as written by :func:`figures_json`, or what is wrong with it:
    each figure's side and a value PBN's tags can write back (format.md §5.1)."""
    if not isinstance(raw, dict) or not raw or not raw.keys() <= set(FIGURES):
        return "'recorded_figures' must be an object of one or more of 'imps', 'matchpoints' and 'percentage'"
    read = {}
    for name, figure in raw.items():
        value = figure.get("value") if isinstance(figure, dict) and figure.keys() == {"side", "value"} else None
        if (isinstance(value, bool) or not isinstance(value, (int, float)) or not abs(value) < 1_000_000
                or round(value, 4) != value or figure["side"] not in ("NS", "EW")):
            return f"'recorded_figures.{name}' must be {FIGURE_HELP}"
        read[name] = (Side[figure["side"]], float(value))
    return RecordedFigures(**read)
