"""Score output: the ``vint-score/1`` JSON and the paper scoresheet for a terminal."""
from __future__ import annotations

from ..engine.ledger import DealScore, SessionScore
from ..engine.profiles import RuleProfile
from ..engine.record import SessionRecord
from ..engine.scoring import Entry, Line
from ..engine.seats import Side

SCORE_FORMAT = "vint-score/1"


def deal_json(deal: DealScore) -> dict[str, object]:
    """One deal of format.md §4's score output."""
    contract = deal.contract
    game = None
    if deal.game is not None:
        game = {"side": deal.game.side.name, "trick": deal.game.trick, "bonus": deal.game.bonus}
    return {
        "number": deal.number,
        "rubber": deal.rubber,
        "dealer": deal.dealer.name,
        "passed_out": deal.passed_out,
        "contract": None if contract is None else str(contract),
        "declarer": None if contract is None else contract.declarer.name,
        "trick_value": deal.trick_value,
        "tricks": None if deal.tricks is None else {"NS": deal.tricks[0], "EW": deal.tricks[1]},
        "entries": [_entry_json(e) for e in deal.entries],
        "game": game,
        "totals": {s.name: {"below": t.below, "above": t.above} for s in Side for t in [deal.totals(s)]},
    }


def rules_note(record: SessionRecord, profile: RuleProfile | None) -> str | None:
    """Say so when a session is scored under other rules than its table played."""
    if profile is None or profile.name == record.info.rules:
        return None
    return (f"Rescored under the {profile.name} rules; the table played {record.info.rules}: contracts and "
            f"declarers are what its own auctions made them.")


def _entry_json(entry: Entry) -> dict[str, object]:
    return {"side": entry.side.name, "line": str(entry.line), "item": str(entry.item), "points": entry.points}


def score_json(record: SessionRecord, score: SessionScore, profile: RuleProfile | None = None) -> dict[str, object]:
    """The whole ``vint-score/1`` document. Rescored under another ``profile``, the session
    also names the rules it was scored under and those the table played."""
    rubbers = []
    for rubber in score.rubbers:
        side, points = rubber.difference
        rubbers.append({
            "number": rubber.number,
            "games": [g.name for g in rubber.games],
            "finished": rubber.finished,
            "winner": None if rubber.winner is None else rubber.winner.name,
            "totals": {"NS": rubber.totals[0], "EW": rubber.totals[1]},
            "difference": {"side": None if side is None else side.name, "points": points},
        })
        if rubber.closing_entries:  # written for an unfinished rubber, part of its totals
            rubbers[-1]["closing_entries"] = [_entry_json(e) for e in rubber.closing_entries]
    session: dict[str, object] = {"id": record.info.id}
    if rules_note(record, profile):
        assert profile is not None
        session["rules"], session["recorded_rules"] = profile.name, record.info.rules
    return {"format": SCORE_FORMAT, "session": session, "deals": [deal_json(d) for d in score.deals], "rubbers": rubbers}


def render_scoresheet(record: SessionRecord, score: SessionScore, profile: RuleProfile | None = None,
                      width: int = 23) -> str:
    """The scoresheet as kept on paper: two columns, premiums above the line (written upwards
    from it, so the latest is on top), tricks below, a line drawn after each game, the rubber
    results and the final difference. Every entry starts with its deal number."""
    info = record.info
    p = info.players
    col = width
    rule = "─" * col + "┼" + "─" * col
    out = [f"Session {info.id}" + (f" — {info.event}" if info.event else "") + (f", {info.date}" if info.date else ""),
           f"{'N–S: ' + p[0] + ' & ' + p[2]:<{col}}│ {'E–W: ' + p[1] + ' & ' + p[3]}"]
    note = rules_note(record, profile)
    if note:
        out.insert(1, note)

    def row(left: str, right: str) -> str:
        return f"{left:>{col - 1}} │ {right:<{col - 1}}"

    for rubber in score.rubbers:
        deals = [d for d in score.deals if d.rubber == rubber.number]
        out.append("")
        out.append(f"Rubber {rubber.number}")
        out.append(row("above the line", "above the line"))
        above = [cells for deal in deals for cells in _paired(deal, Line.ABOVE)]
        out.extend(row(*cells) for cells in reversed(above))
        out.append("═" * col + "╪" + "═" * col)
        for deal in deals:
            cells = _paired(deal, Line.BELOW)
            if deal.passed_out:
                out.append(row(f"deal {deal.number}: passed out", ""))
            for left, right in cells:
                out.append(row(left, right))
            if deal.game is not None:
                label = "rubber" if deal.game.bonus == "rubber" else "game"
                out.append(rule + f"  {deal.game.side.label} {label}"
                           + (f" at trick {deal.game.trick}" if deal.game.trick else ""))
        side, diff = rubber.difference
        status = f"won by {rubber.winner.label}" if rubber.winner is not None else "not finished"
        out.append(row(f"total {rubber.totals[0]}", f"total {rubber.totals[1]}"))
        games = ", ".join(g.label for g in rubber.games) or "none"
        lead = "tie" if side is None else f"{side.label} by {diff}"
        out.append(f"Rubber {rubber.number} {status}; games: {games}; difference: {lead}")
    ns, ew = score.totals
    final = "tie (0)" if ns == ew else f"{(Side.NS if ns > ew else Side.EW).label} by {abs(ns - ew)}"
    out.append("")
    out.append(f"Session totals: N–S {ns}, E–W {ew}; difference: {final}")
    return "\n".join(out) + "\n"


def _paired(deal: DealScore, line: Line) -> list[tuple[str, str]]:
    """The deal's entries on one side of the line as rows of (N–S cell, E–W cell)."""
    cells: list[list[str]] = [[], []]
    for e in deal.entries:
        if e.line is line and e.points:
            what = e.item.replace("_", " ") if line is Line.ABOVE else deal.contract.bid.pretty  # type: ignore[union-attr]
            cells[e.side].append(f"{deal.number}: {what} {e.points}")
    rows = max(len(cells[0]), len(cells[1]))
    return [(cells[0][i] if i < len(cells[0]) else "", cells[1][i] if i < len(cells[1]) else "") for i in range(rows)]
