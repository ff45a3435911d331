"""Score output of 2-, 3- and 5-handed sessions (docs/format.md §5.6): the columns and who they
stand for, and the settlements (a deal's replay is reports/terminal.py's, as for every game).
It is the four-handed sheet with each rubber's columns named, so it writes and audits through
that sheet's own functions (``TableProfile.sheet_writer``)."""
from __future__ import annotations

from ...engine.audit_report import AuditReport
from ...engine.printable import printable
from ...engine.rule_profile import Reported
from ...engine.scoring import Entry
from ...engine.seats import SEATS
from ...reports.audit import Mismatch, audit
from ...reports.scoresheet import render_scoresheet, score_json
from .columns import ColumnScore
from .ledger import TableScore
from .replay import TableReplay


def _entry(entry: Entry) -> dict[str, object]:
    return {"line": str(entry.line), "item": str(entry.item), "points": entry.points}


def table_score_json(report: Reported) -> dict[str, object]:
    """The ``vint-score/1`` document of a 2-, 3- or 5-handed session: the columns' players per
    rubber, each deal's places, and the settlements (format.md §5.6)."""
    score, record = report.score, report.record
    places = {r.deal.number: {s.name: str(r.roles[s]) for s in SEATS} for r in report.replays
              if isinstance(r, TableReplay) and r.roles is not None}
    replays = {r.deal.number: r for r in report.replays if isinstance(r, TableReplay)}
    if isinstance(score, ColumnScore):
        deals = [{"number": d.number, "rubber": d.rubber, "passed_out": d.passed_out,
                  "contract": None if d.contract is None else str(d.contract),
                  "declarer": _place(replays.get(d.number)), "declarer_player": d.declarer, "defenders": list(d.defenders), "places": places.get(d.number), "trick_value": d.trick_value,
                  "tricks": None if d.tricks is None else {"declarer": d.tricks[0], "defenders": d.tricks[1]},
                  "entries": [{"player": p, **_entry(e)} for p, e in d.written],
                  "game": {"players": list(d.winners), "trick": d.trick} if d.winners else None}
                 for d in score.deals]
        rubbers = [{"number": r.number, "finished": r.finished, "winners": list(r.winners), "totals": r.totals,
                    "settlement": r.settlement} for r in score.rubbers]
        return {"format": "vint-score/1", "session": {"id": record.info.id}, "players": list(score.players),
                "columns": [[p] for p in score.players], "deals": deals, "rubbers": rubbers,
                "settlement": {"balances": score.balances}}
    assert isinstance(score, TableScore)
    doc = score_json(record, score, report.profile)
    listed = doc["deals"]
    assert isinstance(listed, list)  # score_json's list of deal objects
    for deal in listed:
        deal["places"] = places.get(deal["number"])
        deal.update(_declarer_fields(replays.get(deal["number"])))
    doc["players"] = list(score.players)
    doc["columns"] = [{"rubber": k, "NS": list(sides[0]), "EW": list(sides[1]), "sits_out": out}
                      for k, (sides, out) in enumerate(zip(score.sides, score.out), 1)]
    doc["settlement"] = {"rubbers": [{"rubber": k, "points": gains} for k, gains in enumerate(score.settlements, 1)],
                         "balances": score.balances[-1] if score.balances else dict.fromkeys(score.players, 0)}
    return doc


def _place(replay: TableReplay | None) -> str | None:
    """format.md §4: a deal's ``declarer`` is a seat, the place the declarer played."""
    return None if replay is None or replay.contract is None else replay.contract.declarer.name


def _declarer_fields(replay: TableReplay | None) -> dict[str, str | None]:
    """format.md §4, §5.6: ``declarer`` is the declarer's place as in ``places`` (not where his
    column is scored), with the player and his score column in fields of their own."""
    if replay is None or replay.contract is None or replay.roles is None or replay.declarer_column is None:
        return {"declarer": None, "declarer_player": None, "declarer_column": None}
    place = replay.contract.declarer
    return {"declarer": place.name, "declarer_player": replay.roles[place].player,
            "declarer_column": ("NS", "EW")[replay.declarer_column]}


def render_table_sheet(report: Reported) -> str:
    """The scoresheet with each rubber's columns named, then the settlements."""
    score, record = report.score, report.record
    if isinstance(score, ColumnScore):
        return _columns_text(report)
    assert isinstance(score, TableScore)

    def labels(rubber: int) -> tuple[str, str]:
        return score.column_label(rubber, 0), score.column_label(rubber, 1)

    out = render_scoresheet(record, score, report.profile, labels=labels).rstrip("\n").split("\n")
    out.append("")
    for k, gains in enumerate(score.settlements, 1):
        out.append(printable(f"Rubber {k} settled: " + ", ".join(f"{p} {g:+d}" for p, g in gains.items())
                             + (f"; {score.out[k - 1]} sits out" if score.out[k - 1] else "")))
    out.append(printable("Balances: " + score.session_summary().text(" · ")))  # in points, as the sessions page
    return "\n".join(out) + "\n"


def _columns_text(report: Reported) -> str:
    """3.2: one column per player, each deal's entries in the column of the player who wrote them."""
    score = report.score
    assert isinstance(score, ColumnScore)
    width = max(len(p) for p in score.players) + 2
    out = [printable(f"Session {report.record.info.id}"), "",
           printable("Columns: " + ", ".join(score.players) + " (each player keeps his own)")]
    for rubber in score.rubbers:
        out.append(f"Rubber {rubber.number}")
        for deal in (d for d in score.deals if d.rubber == rubber.number):
            if deal.passed_out:
                out.append(f"  deal {deal.number}: passed out")
                continue
            out.append(printable(f"  deal {deal.number}: {deal.contract} by {deal.declarer}"))
            for player in score.players:
                cell = "; ".join(f"{e.item.replace('_', ' ')} {e.points}" for p, e in deal.written if p == player)
                out.append(printable(f"    {player:<{width}}{cell or '—'}"))
        out.append(printable("  total " + ", ".join(f"{p} {t}" for p, t in rubber.totals.items())
                             + (f"; ended by {', '.join(rubber.winners)}" if rubber.winners else "; not finished")))
        if rubber.settlement:
            out.append(printable("  settled " + ", ".join(f"{p} {g:+d}" for p, g in rubber.settlement.items())))
    out.append("")
    out.append(printable("Balances: " + ", ".join(f"{p} {b:+d}" for p, b in score.balances.items())))
    return "\n".join(out) + "\n"



class ColumnSheet:
    """A 2-, 3- or 5-handed method's :class:`~vint_replay.engine.rule_profile.SheetWriter`: the
    columns and settlements; the paper's sides' figures audited line by line as four hands'."""

    def text(self, report: Reported) -> str:
        return render_table_sheet(report)

    def json(self, report: Reported) -> dict[str, object]:
        return table_score_json(report)

    def audit(self, report: Reported) -> AuditReport[Mismatch]:
        """The laws' revoke penalties among the slips; a deal scored in a column per player has
        no sides' figures to check, so one with written figures is listed unchecked (players-2-3-5.md)."""
        score = report.score
        if isinstance(score, ColumnScore):
            scored = {d.number for d in score.deals}
            return AuditReport(0, (), tuple(d.number for d in report.record.deals if d.number in scored
                                            and (d.recorded is not None or d.recorded_score is not None)))
        assert isinstance(score, TableScore), f"the methods' sheet audits no {type(score).__name__}"
        return audit(report.record, score, replays=report.replays)


COLUMNS = ColumnSheet()
