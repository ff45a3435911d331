"""What the dashboard shows of the laws on irregularities (docs/rules/laws.md), as plain data and
view data (engine/views.py): the irregular cards and calls of a deal, the revoke penalty as the
ledger applied it, and each player's result (§9). Read from the engine's objects and the
reports' wording; nothing is scored here, and dashboards/views.py draws the cards."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.diagnostics import Severity
from ...engine.seats import Seat, Side
from ...engine.views import Box, Bullets, Cell, Line, Row, Table, card
from ...reports.irregularities import Irregular, penalty_lines, play_marks
from .penalty import cap
from .settlement import settlement

if TYPE_CHECKING:  # the four-handed replay and ledger the laws are a layer over (engine/)
    from ...engine.ledger import DealScore
    from ...engine.replay import DealReplay
    from ...engine.session import SessionReport
    from .auction import LawsAuction


def marks_payload(replay: Irregular) -> list[dict[str, object]]:
    """The irregular cards for the browser: each with ``index``, its place in the play (``None``
    where the card was not played in that trick, e.g. a card exposed before it was played)."""
    out = []
    for mark in play_marks(replay):
        index = None
        if mark.card is not None and mark.trick <= len(replay.tricks):
            start = sum(len(t.cards) for t in replay.tricks[:mark.trick - 1])
            trick = replay.tricks[mark.trick - 1]
            index = next((start + i for i, c in enumerate(trick.cards) if c == mark.card), None)
        out.append({**mark.to_json(), "card": None if mark.card is None else int(mark.card), "index": index})
    return out


def penalty_payload(replay: Irregular, score: DealScore | None) -> dict[str, object] | None:
    """The revoke penalty as applied (laws.md §8.4), for the score panel at the end of the play:
    the counts before and after, what the cap put above the line, and the lines that say it."""
    penalty = score.penalty if score is not None and score.penalty is not None else replay.penalty
    if penalty is None:
        return None
    return {"before": list(penalty.tricks_before), "after": list(penalty.tricks_after),
            "capped": list(penalty.capped), "cap": cap(replay.profile), "lines": penalty_lines(replay, score)}


def auction_marks(replay: DealReplay) -> dict[int, str]:
    """The auction's irregular calls by their index: calls out of turn (laws.md §4.5) and the
    calls the checker read another way (its warnings at ``auction[i]``, e.g. an insufficient
    bid read as corrected, §4.4)."""
    marks = {c.index: f"{c.by} called out of turn (laws.md §4.5)" for c in replay.deal.out_of_turn}
    for d in replay.diagnostics:  # a board left unfinished, or a quiz's question, is no irregularity (format.md §5.2)
        if d.severity is Severity.WARNING and d.code != "unfinished" and d.at and d.at.startswith("auction[") \
                and d.at.endswith("]"):
            index = d.at[len("auction["):-1]
            if index.isdigit():
                marks[int(index)] = f"{marks[int(index)]}; {d.message}" if int(index) in marks else d.message
    return marks


def deal_irregularities(replay: DealReplay, score: DealScore | None) -> list[str]:
    """Everything irregular in the deal, one line each: the void deal, the calls, the cards, the penalty."""
    lines = []
    if replay.deal.void:
        lines.append(f"void deal (law {replay.deal.void}): dealt again, nothing scored (laws.md §3.3)")
    if replay.deal.deal_lost:
        lines.append("dealt by the next player: the dealer lost the deal (laws.md §2.3)")
    calls = [c.pretty for c in replay.deal.auction]
    lines += [f"call {i + 1} ({calls[i] if i < len(calls) else '?'}): {text}"
              for i, text in sorted(auction_marks(replay).items())]
    lines += [f"trick {m.trick}: {m.text}" for m in play_marks(replay)]
    lines += penalty_lines(replay, score)
    lines += [f"{r.seat} answers alone for {r.amount} (law {r.law}, laws.md §9)"
              for r in (score.responsible if score is not None else ())]
    return lines


@dataclass(frozen=True)
class PlayerResult:
    """One player's result for the session (laws.md §9): his side's difference D and his own."""

    seat: Seat
    name: str
    side_difference: int
    result: int


def player_results(report: SessionReport) -> list[PlayerResult] | None:
    """Each player's result where some partner answers alone for part of a deal or a rubber (so a result
    differs from ±D); ``None`` otherwise or without the laws."""
    score = report.score
    if score is None or report.profile.laws is None or not (score.ruled or any(d.responsible for d in score.deals)):
        return None
    ns, ew = score.totals
    results = settlement(score)
    return [PlayerResult(seat, report.record.info.player(seat), ns - ew if seat.side is Side.NS else ew - ns,
                         results[seat]) for seat in Seat]


def irregularities_card(replay: DealReplay, score: DealScore | None) -> Box | None:
    """The replay page's card of the deal's irregularities (``None``: none)."""
    lines = deal_irregularities(replay, score)
    return card("Irregularities (laws)", Bullets(tuple(lines)), classes="card irregularities",
                id="irregularities") if lines else None


def void_calls(auction: LawsAuction | None) -> Line | None:
    """Under the laws, the calls left out of the auction's columns (out of turn, late; §4.5)."""
    if auction is None or not auction.void:
        return None
    return Line("; ".join(auction.void_lines()), "muted", "void-calls")


def players_card(report: SessionReport) -> Box | None:
    """Each player's result (§9) where a partner answered alone for part of a deal, so a result
    differs from his side's ±D (``None``: none did)."""
    results = player_results(report)
    if results is None:
        return None
    head = Row(tuple(Cell(h, head=True) for h in ("seat", "player", "side's difference D", "his result")))
    body = tuple(Row((Cell(r.seat.name), Cell(r.name), Cell(f"{r.side_difference:+d}", "num"),
                      Cell(f"{r.result:+d}", "num" + (" bad-cell" if r.result != r.side_difference else ""),
                           f"player-{r.seat.name}"))) for r in results)
    return card("Players (laws.md §9)",
                Line("A partner who answers alone for part of a deal pays it himself: D − X for him, "
                     "D + X for his partner.", "muted"),
                Table((head,), body, "deals"), id="players-card")


__all__ = ["PlayerResult", "auction_marks", "deal_irregularities", "irregularities_card", "marks_payload",
           "penalty_payload", "player_results", "players_card", "void_calls"]
