"""A vugraph file's ``rs``: each board's result at each table as the file states it
(``rs|4SE-2,4SWx=,P,,…|``, one entry per board and room, open then closed; docs/format.md §5.7).
Read into the board's recorded contract and result, as PBN's ``[Contract]``, ``[Declarer]``
and ``[Result]`` (§5.2), so that the engine checks them against the auction and the play."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..engine.calls import PASS, Contract
from ..engine.diagnostics import Diagnostic, Severity
from ..engine.record import DealRecord
from .board_fields import parse_contract
from .lin_tokens import LinTag

ROOM_ORDER = ("o", "c")  # rs gives each board's open room, then its closed room
PASSED = ("P", "PASS")  # a passed-out board's entry
# the contract, the declarer and its double in either order (BBO: 4SWx-1; others 4SxW-1), the tricks
_ENTRY = re.compile(r"([1-7])(NT|[CDHSN])(XX|X)?([NESW])(XX|X)?(?:(=)|([+-])(\d{1,2}))?", re.IGNORECASE)
HELP = "a result such as 4SE-2, 3NN=, 4HWx+1 or P"


@dataclass(frozen=True, slots=True)
class Stated:
    """One readable ``rs`` entry: the contract (``None``: passed out) and the declarer's tricks
    (``None``: not given, as in ``4SE``), with the entry's text and where it stands."""

    contract: Contract | None
    tricks: int | None
    text: str
    line: int
    column: int


@lru_cache(maxsize=4096)  # an archive repeats its entries (3NN=, 4SE-1) board after board
def parse_entry(text: str) -> tuple[Contract | None, int | None]:
    """``4SEx-2`` as 4♠ doubled by E and 8 tricks; ``P`` as passed out; ``ValueError`` otherwise."""
    word = text.strip()
    if word.upper() in PASSED:
        return None, None
    m = _ENTRY.fullmatch(word)
    if m is None:
        raise ValueError(f"{word[:16]!r} is not {HELP}")
    level, strain, doubled, declarer, after, made, sign, by = m.groups()
    if doubled and after:
        raise ValueError(f"{word[:16]!r} is doubled twice over (x before and after the declarer)")
    contract = parse_contract(f"{level}{strain}{doubled or after or ''}", declarer)
    if made is None and sign is None:
        return contract, None
    tricks = contract.tricks_needed + (0 if made else int(by) * (1 if sign == "+" else -1))
    if not 0 <= tricks <= 13:
        raise ValueError(f"{word!r} gives the declarer {tricks} tricks (0–13)")
    return contract, tricks


def entry_text(contract: Contract | None, tricks: int | None) -> str:
    """The ``rs`` entry of a recorded contract and result (empty when no contract is recorded)."""
    if contract is None:
        return ""
    over = None if tricks is None else tricks - contract.tricks_needed
    result = "" if over is None else "=" if over == 0 else f"{over:+d}"
    doubled = {1: "", 2: "x", 4: "xx"}[contract.doubled]
    return f"{contract.level}{contract.denomination.code[0]}{contract.declarer.name}{doubled}{result}"


def board_range(vg: LinTag | None) -> range | None:
    """``vg|title,segment,scoring,first,last,…|``: the boards it announces, if it gives them."""
    fields = [] if vg is None else [p.strip() for p in vg.value.split(",")]
    if len(fields) < 5 or not fields[3].isdigit() or not fields[4].isdigit() or int(fields[3]) > int(fields[4]):
        return None
    return range(int(fields[3]), int(fields[4]) + 1)


def stated_results(rs: LinTag, vg: LinTag | None,
                   rooms: tuple[str, ...]) -> tuple[dict[tuple[str, int], Stated | Diagnostic], list[Diagnostic]]:
    """Each (room, board)'s entry of ``rs`` (rooms: ``("o", "c")`` for a match, ``("",)`` for a
    file of one room) read, or the warning that it cannot be (the entry is then ignored); and
    the warning that ``rs`` cannot be placed (no board range in ``vg``, or another number of
    entries than boards × rooms: none is read)."""
    boards = board_range(vg)
    entries = rs.value.split(",")
    if boards is None:
        return {}, [Diagnostic("schema", f"{rs.label()}: the results cannot be placed: vg gives no boards "
                                         "(vg|title,segment,scoring,first,last,…|); rs is ignored",
                                severity=Severity.WARNING, line=rs.line, column=rs.column)]
    if len(entries) != len(boards) * len(rooms):
        return {}, [Diagnostic("schema", f"{rs.label()}: {len(entries)} results for boards {boards[0]}–{boards[-1]} "
                                         f"in {len(rooms)} room{'s' if len(rooms) > 1 else ''} (vg), which need "
                                         f"{len(boards) * len(rooms)}; rs is ignored",
                                severity=Severity.WARNING, line=rs.line, column=rs.column)]
    out: dict[tuple[str, int], Stated | Diagnostic] = {}
    line, column = rs.line, rs.column + len("rs|")  # where the next entry starts
    for i, text in enumerate(entries):
        number, room = boards[i // len(rooms)], rooms[i % len(rooms)]
        at = _after((line, column), text[:len(text) - len(text.lstrip())])  # the entry's first letter
        line, column = _after((line, column), text + ",")
        if not text.strip():
            continue  # an empty entry: the result is not known
        try:
            contract, tricks = parse_entry(text)
        except ValueError as bad:
            out[(room, number)] = Diagnostic("schema", f"{rs.label()}: entry {i + 1}, board {number}"
                                       f"{' ' + ('open' if room == 'o' else 'closed') + ' room' if room else ''}: "
                                       f"{bad}; ignored", number, "result", Severity.WARNING, *at)
            continue
        out[(room, number)] = Stated(contract, tricks, text.strip(), *at)
    return out, []


def _after(where: tuple[int, int], text: str) -> tuple[int, int]:
    """The line and column just after ``text`` written from ``where``."""
    line, column = where
    newlines = text.count("\n")
    return (line, column + len(text)) if not newlines else (line + newlines, len(text) - text.rfind("\n"))


def with_stated(deal: DealRecord, stated: Stated, claim_at: tuple[int, int] | None) -> tuple[DealRecord, list[Diagnostic]]:
    """The board given its ``rs`` entry: the contract recorded (the engine checks it against the
    auction: ``contract_mismatch``) and, where no claim gives it, the result (a board without
    play, or cut short, is scored by it; a complete play is checked against it:
    ``result_mismatch``). A claim (``mc``, standing at ``claim_at``) that the entry contradicts
    is the board's one error, there: its result is not settled (the file does not say which is
    right), so neither is judged nor scored. A passed-out entry for an auction with bids is one error, at the entry."""
    line, column = stated.line, stated.column
    if stated.contract is None:
        if any(call.is_bid for call in deal.auction):
            return deal, [Diagnostic("contract_mismatch", f"rs gives the board passed out ({stated.text}); its auction "
                                     "has bids", deal.number, "contract", line=line, column=column)]
        if not deal.auction and "auction" not in deal.unreadable:
            return replace(deal, auction=(PASS,) * 4), []  # format.md §5.7: as PBN's [Contract "Pass"] (§5.2)
        return deal, []
    deal = replace(deal, contract=stated.contract)
    if stated.tricks is None or "result" in deal.unreadable:
        return deal, []
    if deal.result is None:
        return replace(deal, result=stated.tricks), []
    if deal.result == stated.tricks:
        return deal, []
    if claim_at is not None:
        line, column = claim_at
    return replace(deal, unreadable=deal.unreadable | {"result"}), [Diagnostic(
        "result_mismatch", f"the claim (mc) gives the declarer {deal.result} tricks, but rs says {stated.text} "
        f"({stated.tricks} tricks to {stated.contract.declarer.full_name}); which is right, the file does not say", deal.number,
        "result", line=line, column=column)]
