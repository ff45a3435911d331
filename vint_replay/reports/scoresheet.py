"""Score output: the ``vint-score/1`` JSON and the paper scoresheet for a terminal."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..games.laws.settlement import settlement
from ..engine.ledger import DealScore, SessionScore
from ..engine.printable import printable
from ..games.registry import RuleProfile, SheetLayout
from ..games.bridge.duplicate import board_score
from ..engine.record import SessionRecord
from ..engine.scoring import Entry, Line
from ..engine.seats import Seat, Side
from .labels import PASSED_OUT, contract_text, pair_names

SCORE_FORMAT = "vint-score/1"


def deal_json(deal: DealScore, profile: RuleProfile | None = None) -> dict[str, object]:
    """One deal of format.md §4's score output; under a profile with vulnerability also each
    side's, and under one scored board by board the board's score from N–S's side (§5)."""
    contract = deal.contract
    game = None
    if deal.game is not None:
        game = {"side": deal.game.side.name, "trick": deal.game.trick, "bonus": deal.game.bonus}
    out: dict[str, object] = {
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
    if deal.void is not None:
        out["void"] = deal.void  # the law a void deal was thrown in by (laws layer)
    if deal.hand_record:
        out["hand_record"] = True  # dealt, never bid nor played: nothing written (format.md §5.2)
    if deal.bidding_record:
        out["bidding_record"] = True  # bid, never played: the contract, no tricks, nothing written (format.md §5.2)
    if deal.unfinished:
        out["unfinished"] = True  # stopped by its table, no result: nothing written (format.md §5.2)
    if profile is not None and profile.has_vulnerability:
        out["vulnerable"] = {"NS": deal.vulnerable[0], "EW": deal.vulnerable[1]}
    if profile is not None and profile.scoresheet is SheetLayout.BOARDS:
        out["board_score"] = board_score(deal.entries)
    if deal.penalty is not None:  # the laws' revoke penalty (format.md §5): ``tricks`` are the adjusted counts
        before, capped = deal.penalty.tricks_before, deal.penalty.capped
        out["revoke_penalty"] = {
            "tricks_before": {"NS": before[0], "EW": before[1]},
            "transfers": [{"seat": t.seat.name, "moved": t.moved, "missing": t.missing} | ({"points": True} if t.points else {})
                          for t in deal.penalty.transfers],
            "capped": {"NS": capped[0], "EW": capped[1]},
        }
    if deal.responsible:
        out["responsible"] = [{"seat": r.seat.name, "amount": r.amount, "law": r.law} for r in deal.responsible]
    return out


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
        ruled = [r.responsibility for r in score.ruled if r.rubber == rubber.number]
        if ruled:  # laws §9, law 180: a ruling puts the rubber on one player
            rubbers[-1]["responsible"] = [{"seat": r.seat.name, "amount": r.amount, "law": r.law} for r in ruled]
    session: dict[str, object] = {"id": record.info.id}
    if rules_note(record, profile):
        assert profile is not None
        session["rules"], session["recorded_rules"] = profile.name, record.info.rules
    out: dict[str, object] = {"format": SCORE_FORMAT, "session": session,
                              "deals": [deal_json(d, profile) for d in score.deals], "rubbers": rubbers}
    if seat_results(record, profile):
        out["players"] = {seat.name: {"name": record.info.player(seat), "result": result}
                          for seat, result in zip(Seat, settlement(score))}
    return out


def render_scoresheet(record: SessionRecord, score: SessionScore, profile: RuleProfile, width: int = 23,
                      labels: Callable[[int], tuple[str, str]] | None = None) -> str:
    """The scoresheet as kept on paper: two columns, premiums above the line (written upwards
    from it, so the latest is on top), tricks below, a line drawn after each game, the rubber
    results (an unfinished rubber's closing entries marked "end") and the final difference.
    Every entry starts with its deal number. A profile whose sheet is kept by boards gets one
    row per board instead (:func:`board_lines`). ``labels`` names the two columns of each rubber
    where they are not N–S and E–W (2-, 3- and 5-handed vint); the session totals are then left
    to the caller (its settlement)."""
    info = record.info
    p = [printable(name) for name in info.players]
    col = width
    rule = "─" * col + "┼" + "─" * col
    title = f"Session {info.id}" + (f" — {info.event}" if info.event else "") + (f", {info.date}" if info.date else "")
    named = labels or (lambda _: (Side.NS.label, Side.EW.label))
    head = [f"{'N–S: ' + pair_names(p[0], p[2]):<{col - 1}} │ {'E–W: ' + pair_names(p[1], p[3])}"] if labels is None else []
    out = [printable(title), *head]
    note = rules_note(record, profile)
    if note:
        out.insert(1, note)

    def row(left: str, right: str) -> str:
        return f"{left:>{col - 1}} │ {right:<{col - 1}}"

    if profile.scoresheet is SheetLayout.BOARDS:
        out += board_lines(score)
        return _close(out, score)
    for rubber in score.rubbers:
        deals = [d for d in score.deals if d.rubber == rubber.number]
        lab = named(rubber.number)
        out.append("")
        out.append(f"Rubber {rubber.number}")
        if labels is not None:
            out.append(printable(f"{lab[0]:<{col - 1}} │ {lab[1]}"))
        out.append(row("above the line", "above the line"))
        above = [cells for deal in deals for cells in _paired(deal, Line.ABOVE)]
        above += _cells(rubber.closing_entries, Line.ABOVE, "end")
        out.extend(row(*cells) for cells in reversed(above))
        out.append("═" * col + "╪" + "═" * col)
        for deal in deals:
            cells = _paired(deal, Line.BELOW)
            if deal.passed_out:
                out.append(row(f"deal {deal.number}: {PASSED_OUT}", ""))
            elif deal.void is not None:
                out.append(row(f"deal {deal.number}: void (law {deal.void})", ""))
            for left, right in cells:
                out.append(row(left, right))
            out.extend(penalty_lines(deal))
            if deal.game is not None:
                label = "rubber" if deal.game.bonus == "rubber" else "game"
                out.append(printable(rule + f"  {lab[deal.game.side]} {label}"
                                     + (f" at trick {deal.game.trick}" if deal.game.trick else "")))
        side, diff = rubber.difference
        status = f"won by {lab[rubber.winner]}" if rubber.winner is not None else "not finished"
        out.append(row(f"total {rubber.totals[0]}", f"total {rubber.totals[1]}"))
        games = ", ".join(lab[g] for g in rubber.games) or "none"
        lead = "tie" if side is None else f"{lab[side]} by {diff}"
        out.append(printable(f"Rubber {rubber.number} {status}; games: {games}; difference: {lead}"))
    if seat_results(record, profile):
        out += player_lines(record, score)
    return _close(out, score) if labels is None else "\n".join(out) + "\n"


def seat_results(record: SessionRecord, profile: RuleProfile | None) -> bool:
    """Whether the sheet gives each seat's result (laws §9): four players under the laws; the
    2/3/5-player methods settle per player by their own columns (players-2-3-5.md)."""
    return profile is not None and profile.laws is not None and record.info.party is None


def penalty_lines(deal: DealScore) -> list[str]:
    """A penalised deal's revoke penalty in words (laws §8.4): the tricks moved, the cap."""
    penalty = deal.penalty
    if penalty is None:
        return []
    (ns, ew), (ns2, ew2) = penalty.tricks_before, penalty.tricks_after
    moved = "; ".join(f"{t.seat}'s revoke: the penalty in points, no trick moved" if t.points else
                      f"{t.seat}'s revoke moves {t.moved}" + (f", {t.missing} missing" if t.missing else "")
                      for t in penalty.transfers)
    lines = [f"  deal {deal.number}: revoke penalty, tricks {ns}–{ew} scored as {ns2}–{ew2} ({moved})"]
    lines += [f"  deal {deal.number}: {side.label} capped below the line, {points} written above"
              for side, points in zip(Side, penalty.capped) if points]
    return lines


def player_lines(record: SessionRecord, score: SessionScore) -> list[str]:
    """Each player's result (laws §9): his side's difference, less what he answers for alone,
    plus what his partner does; and each such amount with its deal and law."""
    lines = [""] + [f"deal {deal.number}: {r.seat} ({printable(record.info.player(r.seat))}) answers alone for "
                    f"{r.amount} (law {r.law})" for deal in score.deals for r in deal.responsible]
    lines += [f"rubber {ruled.rubber}: {r.seat} ({printable(record.info.player(r.seat))}) answers alone for "
              f"{r.amount} (law {r.law}, a ruling)" for ruled in score.ruled for r in (ruled.responsibility,)]
    results = settlement(score)
    lines.append("Players: " + ", ".join(f"{seat} {printable(record.info.player(seat))} {results[seat]:+d}"
                                         for seat in Seat))
    return lines


def _close(out: list[str], score: SessionScore) -> str:
    """The session's totals under the sheet, and the sheet as one text."""
    ns, ew = score.totals
    final = "tie (0)" if ns == ew else f"{(Side.NS if ns > ew else Side.EW).label} by {abs(ns - ew)}"
    out.append("")
    out.append(f"Session totals: N–S {ns}, E–W {ew}; difference: {final}")
    return "\n".join(out) + "\n"


BOARD_HEAD = f"{'board':>5}  {'vul':<5} {'contract':<9}{'by':<3}{'tricks':>6}  {'N–S':>6} {'E–W':>6}  {'N–S total':>9}"


def board_lines(score: SessionScore) -> list[str]:
    """One row per board (duplicate): vulnerability, contract, declarer's tricks, the board's
    score on the side that earned it (``board_score``, from N–S's side) and N–S's running total."""
    out = ["", BOARD_HEAD]
    running = 0
    for deal in score.deals:
        points = board_score(deal.entries)
        running += points
        contract = deal.contract
        if contract is None:
            shown = PASSED_OUT if deal.passed_out else deal.unplayed_word or "?"
            by, tricks = "", ""
        else:
            shown, by = contract_text(contract), contract.declarer.name
            tricks = "" if deal.tricks is None else str(deal.tricks[contract.declarer.side])
        cells = (f"{points:+d}" if points > 0 else "", f"{-points:+d}" if points < 0 else "")
        note = ("  bidding record: not played" if deal.bidding_record
                else "  unfinished: no result" if deal.unfinished and contract is not None else "")
        out.append(f"{deal.number:>5}  {vulnerable_short(deal.vulnerable):<5} {shown:<9}{by:<3}{tricks:>6}  "
                   f"{cells[0]:>6} {cells[1]:>6}  {running:>+9d}{note}".rstrip())
    return out


def vulnerable_short(vulnerable: tuple[bool, bool]) -> str:
    """A board's vulnerability as tournament sheets write it: none, N–S, E–W or both."""
    return {(False, False): "none", (True, False): "N–S", (False, True): "E–W", (True, True): "both"}[vulnerable]


def _paired(deal: DealScore, line: Line) -> list[tuple[str, str]]:
    """The deal's entries on one side of the line as rows of (N–S cell, E–W cell)."""
    return _cells(deal.entries, line, str(deal.number),
                  None if deal.contract is None else deal.contract.bid.pretty)


def _cells(entries: Sequence[Entry], line: Line, mark: str, below: str | None = None) -> list[tuple[str, str]]:
    """Entries on one side of the line as rows of (N–S cell, E–W cell), each cell starting with
    ``mark`` (the deal number, or "end" for an unfinished rubber's closing entries); below the
    line an entry is named by the contract (``below``; by its item in a game without one), above
    it by its item."""
    cells: list[list[str]] = [[], []]
    for e in entries:
        if e.line is line and e.points:
            what = e.item.replace("_", " ") if line is Line.ABOVE or below is None else below
            cells[e.side].append(f"{mark}: {what} {e.points}")
    rows = max(len(cells[0]), len(cells[1]))
    return [(cells[0][i] if i < len(cells[0]) else "", cells[1][i] if i < len(cells[1]) else "") for i in range(rows)]


