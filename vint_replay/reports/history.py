"""What changed between two versions of a session, deal by deal, and how the score moved.

The records are compared field by field (calls, cards, result, recorded figures, hands, and the
fields of the laws, solo whist and the 2-, 3- and 5-player tables); the scores are the engine's:
each version is evaluated with ``session.evaluate`` and the score's own summary (vint's sides,
a table's columns by player, solo whist's payments and balances) is compared, nothing is
recomputed here.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Sequence

from ..engine.calls import Call
from ..engine.cards import Card, Hand
from ..engine.record import DealRecord, LineTotals, SessionRecord
from ..engine.seats import SEATS, Seat, Side
from ..engine.session import SessionReport, evaluate
from ..engine.summary import Summary

if TYPE_CHECKING:
    from ..store.versions import Version

# the record's fields compared one by one beyond the calls, cards, result, figures and hands
OTHER_FIELDS = ("vulnerable", "contract", "recorded_score", "recorded_figures", "question", "irregularities",
                "out_of_turn", "void", "deal_lost", "thrown", "own", "comments", "pbn_tags", "extra")


@dataclass(frozen=True)
class DealChange:
    """One deal whose record or score differs between two versions. ``changes`` are readable
    lines (``card 17 (trick 5): HQ → HK``); a score is ``None`` where the deal is absent."""

    number: int
    changes: tuple[str, ...]
    before: Summary | None
    after: Summary | None

    @property
    def score_moved(self) -> bool:
        return _own(self.before) != _own(self.after)


@dataclass(frozen=True)
class VersionDiff:
    """The differences from version ``older`` to ``newer``, and both versions' session totals."""

    older: int
    newer: int
    deals: tuple[DealChange, ...]
    totals_before: Summary
    totals_after: Summary

    def to_json(self) -> dict[str, Any]:
        return {"from": self.older, "to": self.newer,
                "deals": [{"deal": d.number, "changes": list(d.changes),
                           "score_before": _json(d.before), "score_after": _json(d.after)} for d in self.deals],
                "totals_before": self.totals_before.to_json(), "totals_after": self.totals_after.to_json()}


def _json(summary: Summary | None) -> dict[str, object] | None:
    return None if summary is None else summary.to_json()


def _own(summary: Summary | None) -> object:
    return None if summary is None else summary.own()


def scored(record: SessionRecord) -> SessionReport:
    """The engine's report of a stored version (every stored version was valid when accepted)."""
    report = evaluate(record)
    if report.score is None:
        raise ValueError(f"session {record.info.id!r}: a stored version no longer scores "
                         f"({report.diagnostics[0].message if report.diagnostics else 'invalid'})")
    return report


def compare(older: SessionRecord, newer: SessionRecord, numbers: tuple[int, int] = (1, 2)) -> VersionDiff:
    """The deal-by-deal differences between two versions of a session (numbered ``numbers``)."""
    before, after = scored(older), scored(newer)
    assert before.score is not None and after.score is not None
    old_deals = {d.number: d for d in older.deals}
    new_deals = {d.number: d for d in newer.deals}
    old_scores, new_scores = before.score.deal_summaries(), after.score.deal_summaries()
    changes = []
    for number in sorted(old_deals.keys() | new_deals.keys()):
        was, now = old_scores.get(number), new_scores.get(number)
        lines = tuple(deal_changes(old_deals.get(number), new_deals.get(number)) + _outcome(was, now))
        change = DealChange(number, lines, was, now)
        if lines or change.score_moved:
            changes.append(change)
    return VersionDiff(numbers[0], numbers[1], tuple(changes), before.score.session_summary(),
                       after.score.session_summary())


def deal_changes(old: DealRecord | None, new: DealRecord | None) -> list[str]:
    """Readable lines naming what differs between two records of one deal."""
    if old is None or new is None:
        return ["deal added" if old is None else "deal removed"]
    lines: list[str] = []
    if old.dealer != new.dealer:
        lines.append(f"dealer: {old.dealer} → {new.dealer}")
    lines += _sequence("call", old.auction, new.auction, lambda i: f"call {i + 1} ({SEATS[(int(new.dealer) + i) % 4]})")
    lines += _sequence("card", old.play or (), new.play or (), lambda i: f"card {i + 1} (trick {i // 4 + 1})")
    if old.result != new.result:
        lines.append(f"result: {_text(old.result)} → {_text(new.result)}")
    if old.recorded != new.recorded:
        lines.append(f"recorded: {_recorded(old.recorded)} → {_recorded(new.recorded)}")
    for seat in SEATS:
        was, now = _hand(old.hands, seat), _hand(new.hands, seat)
        if was != now:
            lines.append(f"hand {seat}: {was} → {now}")
    own = old.own if old.own is not None else new.own
    for name in OTHER_FIELDS:
        label = own.label if name == "own" and own is not None else name.replace("_", " ")  # the game's word
        lines += _field(label, getattr(old, name), getattr(new, name))
    return lines


def _field(name: str, old: object, new: object) -> list[str]:
    """Lines for a field that differs: a record's fields one by one (``solo turn up: H2 → H3``),
    a sequence's entries by position, any other value whole."""
    if old == new:
        return []
    if is_dataclass(old) and type(old) is type(new) and not isinstance(old, type):
        return [line for f in fields(old) for line in _field(f"{name} {f.name.replace('_', ' ')}",
                                                             getattr(old, f.name), getattr(new, f.name))]
    if isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new):
        return [line for i, (a, b) in enumerate(zip(old, new)) for line in _field(f"{name} {i + 1}", a, b)]
    return [f"{name}: {_text(old)} → {_text(new)}"]


def _outcome(old: Summary | None, new: Summary | None) -> list[str]:
    """The engine's contract, tricks and revoke penalty (or solo whist's result), when the changes moved them."""
    if old is None or new is None or old.outcome == new.outcome:
        return []
    return [f"outcome: {old.outcome} → {new.outcome}"]


def _sequence(what: str, old: Sequence[object], new: Sequence[object], where: Any) -> list[str]:
    """A line per position where two sequences (calls, cards) differ, and one for a change of length."""
    lines = [f"{where(i)}: {_text(a)} → {_text(b)}" for i, (a, b) in enumerate(zip(old, new)) if a != b]
    if len(old) != len(new):
        lines.append(f"{what}s: {len(old)} → {len(new)}")
    return lines


def _text(value: object) -> str:
    """A field's value as a line shows it: ``none``, ``yes``, a card, a call, a record's set fields."""
    if value is None or value == () or value == {}:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (Card, Call)):
        return value.pretty  # ♦A, 4♣: as the pages and the scoresheet write them
    if isinstance(value, Enum):
        return str(value.value) if isinstance(value.value, str) else value.name
    if is_dataclass(value) and not isinstance(value, type):
        shown = [f"{f.name.replace('_', ' ')} {_text(getattr(value, f.name))}" for f in fields(value)
                 if getattr(value, f.name) not in (None, (), {}, False)]
        return ", ".join(shown) or "none"
    if isinstance(value, tuple):
        return " ".join(_text(v) for v in value)
    return str(value)


def _recorded(recorded: tuple[LineTotals, LineTotals] | None) -> str:
    if recorded is None:
        return "none"
    return ", ".join(f"{side.label} {t.below} below {t.above} above" for side, t in zip(Side, recorded))


def _hand(hands: tuple[Hand, Hand, Hand, Hand] | None, seat: Seat) -> str:
    return "none" if hands is None else str(hands[seat])


def consecutive(versions: Sequence[Version]) -> list[VersionDiff]:
    """The differences between each version and the next."""
    return [compare(a.record, b.record, (a.number, b.number)) for a, b in zip(versions, versions[1:])]


def history_json(versions: Sequence[Version]) -> dict[str, Any]:
    """``vint-replay history --json``: the versions, then the consecutive differences."""
    return {"session_id": versions[0].record.info.id,
            "versions": [{"version": v.number, "recorded_at": v.recorded_at.isoformat(), "by": v.author,
                          "reason": v.reason, "content_sha256": v.content_sha256, "source_file": v.source_file}
                         for v in versions],
            "changes": [d.to_json() for d in consecutive(versions)]}


def history_lines(versions: Sequence[Version]) -> list[str]:
    """``vint-replay history``: a line per version, then each difference deal by deal."""
    lines = [f"{versions[0].record.info.id}: {len(versions)} version{'s' if len(versions) != 1 else ''}"]
    for v in versions:
        when = v.recorded_at.strftime("%Y-%m-%d %H:%M:%S UTC")
        lines.append(f"  v{v.number}  {when}  {v.author or 'unknown'}  {v.reason or '(first import)' if v.number == 1 else v.reason or '(no reason given)'}")
    for diff in consecutive(versions):
        lines.append(f"v{diff.older} → v{diff.newer}:")
        for deal in diff.deals:
            lines.append(f"  deal {deal.number}:")
            lines += [f"    {change}" for change in deal.changes]
            lines.append(f"    score: {score_text(deal.before)} → {score_text(deal.after)}")
        lines.append(f"  session: {session_text(diff.totals_before)} → {session_text(diff.totals_after)}")
    return lines


def score_text(summary: Summary | None, separator: str = "; ") -> str:
    """A deal's score in its game's terms, ``none`` where the deal is absent."""
    return "none" if summary is None else summary.text(separator)


def session_text(summary: Summary, separator: str = ", ") -> str:
    """A session's totals and who is ahead: ``N–S 1200, E–W 800 (N–S ahead by 400)``."""
    return f"{summary.text(separator)} ({summary.outcome})"
