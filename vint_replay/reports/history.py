"""What changed between two versions of a session, deal by deal, and how the score moved.

The records are compared field by field (calls, cards, result, recorded figures, hands); the
scores are the engine's: each version is evaluated with ``session.evaluate`` and the results
are compared, nothing is recomputed here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..engine.cards import Hand
from ..engine.record import DealRecord, LineTotals, SessionRecord
from ..engine.seats import SEATS, Side
from ..engine.replay import DealReplay
from ..engine.session import SessionReport, evaluate

if TYPE_CHECKING:
    from ..store.versions import Version

SideTotals = tuple[LineTotals, LineTotals]  # N–S, E–W: below and above the line


@dataclass(frozen=True)
class DealChange:
    """One deal whose record or score differs between two versions. ``changes`` are readable
    lines (``card 17 (trick 5): HQ → HK``); a score is ``None`` where the deal is absent."""

    number: int
    changes: tuple[str, ...]
    before: SideTotals | None
    after: SideTotals | None


@dataclass(frozen=True)
class VersionDiff:
    """The differences from version ``older`` to ``newer``, and both versions' session totals."""

    older: int
    newer: int
    deals: tuple[DealChange, ...]
    totals_before: tuple[int, int]
    totals_after: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"from": self.older, "to": self.newer,
                "deals": [{"deal": d.number, "changes": list(d.changes),
                           "score_before": _totals_json(d.before), "score_after": _totals_json(d.after)}
                          for d in self.deals],
                "totals_before": _session_json(self.totals_before), "totals_after": _session_json(self.totals_after)}


def _totals_json(totals: SideTotals | None) -> dict[str, dict[str, int]] | None:
    if totals is None:
        return None
    return {side.name: {"below": t.below, "above": t.above} for side, t in zip(Side, totals)}


def _session_json(totals: tuple[int, int]) -> dict[str, int]:
    return {"NS": totals[0], "EW": totals[1], "difference": totals[0] - totals[1]}


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
    old_plays = {d.number: r for d, r in zip(older.deals, before.replays)}
    new_plays = {d.number: r for d, r in zip(newer.deals, after.replays)}
    old_scores = {d.number: (d.totals(Side.NS), d.totals(Side.EW)) for d in before.score.deals}
    new_scores = {d.number: (d.totals(Side.NS), d.totals(Side.EW)) for d in after.score.deals}
    changes = []
    for number in sorted(old_deals.keys() | new_deals.keys()):
        lines = tuple(deal_changes(old_deals.get(number), new_deals.get(number))
                      + _outcome(old_plays.get(number), new_plays.get(number)))
        was, now = old_scores.get(number), new_scores.get(number)
        if lines or was != now:
            changes.append(DealChange(number, lines, was, now))
    return VersionDiff(numbers[0], numbers[1], tuple(changes), before.score.totals, after.score.totals)


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
    return lines


def _outcome(old: DealReplay | None, new: DealReplay | None) -> list[str]:
    """The engine's contract and trick counts, when the changes moved them."""
    if old is None or new is None:
        return []
    was, now = _played(old), _played(new)
    return [] if was == now else [f"outcome: {was} → {now}"]


def _played(replay: DealReplay) -> str:
    if replay.contract is None or replay.tricks_won is None:
        return "passed out"
    ns, ew = replay.tricks_won
    return f"{replay.contract.bid} by {replay.contract.declarer}, tricks N–S {ns} E–W {ew}"


def _sequence(what: str, old: Sequence[object], new: Sequence[object], where: Any) -> list[str]:
    """A line per position where two sequences (calls, cards) differ, and one for a change of length."""
    lines = [f"{where(i)}: {a} → {b}" for i, (a, b) in enumerate(zip(old, new)) if a != b]
    if len(old) != len(new):
        lines.append(f"{what}s: {len(old)} → {len(new)}")
    return lines


def _text(value: object) -> str:
    return "none" if value is None else str(value)


def _recorded(recorded: tuple[LineTotals, LineTotals] | None) -> str:
    if recorded is None:
        return "none"
    return ", ".join(f"{side} {t.below} below {t.above} above" for side, t in zip(Side, recorded))


def _hand(hands: tuple[Hand, Hand, Hand, Hand] | None, seat: object) -> str:
    return "none" if hands is None else str(hands[int(seat)])  # type: ignore[call-overload]


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
            lines.append(f"    score: {_score_text(deal.before)} → {_score_text(deal.after)}")
        lines.append(f"  session: {_session_text(diff.totals_before)} → {_session_text(diff.totals_after)}")
    return lines


def _score_text(totals: SideTotals | None) -> str:
    if totals is None:
        return "none"
    return "; ".join(f"{side} {t.below}/{t.above}" for side, t in zip(Side, totals))


def _session_text(totals: tuple[int, int]) -> str:
    difference = totals[0] - totals[1]
    ahead = "level" if difference == 0 else f"{Side.NS if difference > 0 else Side.EW} +{abs(difference)}"
    return f"{Side.NS} {totals[0]}, {Side.EW} {totals[1]} ({ahead})"
