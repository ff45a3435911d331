"""Readable construction of two-, three- and five-handed deals for the rule tests: the table
fields written as in a ``.vint`` record (``roles="N Ivanov; E Petrov; …"``)."""
from __future__ import annotations

from vint_replay.engine.cards import Hand
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.games.vint235.fields import read_table, tag_values

from builders import calls, play


def table_deal(number: int, dealer: str, roles: str, hands: str, auction: str, cards: str | None = None,
               result: int | None = None, **tags: str) -> DealRecord:
    """A deal: ``hands`` four PBN hands N E S W; ``tags`` the other table fields by tag name
    (``SitsOut``, ``Exchanges``, ``Widow``, ``WidowTo``, ``WidowGives``, ``Final``)."""
    problems: list[str] = []
    table = read_table(tag_values({"Roles": roles, **tags}), lambda code, at, message: problems.append(message))
    assert not problems, problems
    return DealRecord(number, Seat.parse(dealer), calls(auction), tuple(Hand.parse(h) for h in hands.split()),  # type: ignore[arg-type]
                      None if cards is None else play(cards), result, own=table)


def table_session(rules: str, party: tuple[str, ...], *deals: DealRecord, **options: str) -> SessionReport:
    info = SessionInfo("t", ("", "", "", ""), rules=rules, options=options, party=party)
    return evaluate(SessionRecord(info, deals))


def codes(report: SessionReport) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics]
