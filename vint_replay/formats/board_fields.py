"""The board fields of format.md §5.1, as JSON and ``.vint`` write them: vulnerability, a
contract recorded without its auction (``4SX`` by ``N``), a board's recorded score, and a
bidding quiz's question (§5.2)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from ..engine.calls import CALL_BY_TEXT, Call, Contract, Denomination
from ..engine.record import VULNERABLE, VULNERABLE_TEXT, DealRecord
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


@dataclass(frozen=True, slots=True)
class RecordedFigures:
    """A board's recorded team or pairs result (PBN's ``[ScoreIMP]``, ``[ScoreMP]``,
    ``[ScorePercentage]``), each as recorded for ``side`` (``NS 5`` or ``EW -5``)."""

    imps: tuple[Side, float] | None = None
    matchpoints: tuple[Side, float] | None = None
    percentage: tuple[Side, float] | None = None


def parse_figure(text: str) -> tuple[Side, float] | None:
    """``NS 5``, ``EW 41.67``, ``NS -2 EW 2`` (the first side's) or a bare number (N–S's), else ``None``."""
    m = _FIGURE.match(text.strip())
    if m is None:
        return None
    return Side.EW if m.group(1) == "EW" else Side.NS, float(m.group(2).replace(",", "."))
