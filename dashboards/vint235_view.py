"""What the pages show of a two-, three- or five-handed evening (docs/rules/players-2-3-5.md):
the method's score columns named by their players, settlements, who played which place, and
which hands a replay shows face up. Pure functions over the engine's objects (``TableScore``,
``ColumnScore``, ``TableReplay``, ``player_results``): nothing is scored here."""
from __future__ import annotations

from dataclasses import dataclass

from dashboards.data import SheetEntry, auction_grid as seat_grid, diagnostic_text
from vint_replay.engine.ledger import DealScore
from vint_replay.engine.plural import plural
from vint_replay.engine.scoring import Entry, Line
from vint_replay.engine.seats import SEATS, Seat, Side
from vint_replay.engine.session import SessionReport
from vint_replay.games.vint235.columns import ColumnDeal, ColumnScore
from vint_replay.games.vint235.ledger import TableScore
from vint_replay.games.vint235.players import PlayerResult, player_results
from vint_replay.games.vint235.replay import TableReplay
from vint_replay.reports import labels


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def hundreds(points: int) -> str:
    """§4: the five-player ledger in hundreds (``+12``, ``−8``, ``+12.5``)."""
    value = points / 100
    text = f"{value:+.0f}" if points % 100 == 0 else f"{value:+.1f}".rstrip("0")
    return "0" if points == 0 else text.replace("-", "−")


# ---------------------------------------------------------------------------------------------
# the session page


@dataclass(frozen=True)
class TableRubber:
    """One rubber: its columns named by their players, who sat out, how it ended, who won or paid what."""

    number: int
    headers: tuple[str, ...]
    out: str | None
    totals: tuple[int, ...]
    result: str
    settlement: tuple[tuple[str, int], ...]  # empty while unfinished


@dataclass(frozen=True)
class TableSummary:
    """The evening's columns by rubber and each player's balance (with §4's ledger in hundreds)."""

    players: tuple[str, ...]
    columns: int
    rubbers: tuple[TableRubber, ...]
    balances: tuple[tuple[str, int], ...]
    ledger: tuple[tuple[str, str], ...] | None  # five players: the running line in hundreds


def summary(report: SessionReport) -> TableSummary | None:
    """The columns, settlements and balances of a scored table session (``None`` otherwise)."""
    score = report.score
    if isinstance(score, ColumnScore):
        rubbers = tuple(TableRubber(
            r.number, score.players, None, tuple(r.totals[p] for p in score.players),
            f"Rubber {r.number} " + (f"ended by {' & '.join(r.winners)}" if r.finished else "not finished")
            + ("" if not r.passed_out else f"; {r.passed_out} passed out"),
            tuple(r.settlement.items())) for r in score.rubbers)
        return TableSummary(score.players, 3, rubbers, tuple(score.balances.items()), None)
    if not isinstance(score, TableScore):
        return None
    rubbers = []
    for r in score.rubbers:
        headers = tuple(score.column_label(r.number, c) for c in (0, 1)) if r.number <= len(score.sides) else ("", "")
        settled = score.settlements[r.number - 1] if r.number <= len(score.settlements) else {}
        side, diff = r.difference
        lead = "tie" if side is None else f"{headers[side]} ahead by {diff}"
        status = f"won by {headers[r.winner]}" if r.winner is not None else "not finished"
        out = score.out[r.number - 1] if r.number <= len(score.out) else None
        rubbers.append(TableRubber(r.number, headers, out, (r.totals[0], r.totals[1]),
                                   f"Rubber {r.number} {status}; {lead}", tuple(settled.items())))
    balances = score.balances[-1] if score.balances else {p: 0 for p in score.players}
    ledger = tuple((p, hundreds(balances.get(p, 0))) for p in score.players) if report.profile.sits_out else None
    return TableSummary(score.players, 2, tuple(rubbers), tuple((p, balances.get(p, 0)) for p in score.players), ledger)


@dataclass(frozen=True)
class ColumnBlock:
    """A rubber of the auction game as written: each player's entries above and below the line."""

    number: int
    above: tuple[list[SheetEntry], ...]
    below: tuple[list[SheetEntry], ...]


def column_sheet(report: SessionReport) -> list[ColumnBlock]:
    """§3.2's three columns: every entry each player wrote, by rubber (the engine's ``written``)."""
    score = report.score
    if not isinstance(score, ColumnScore):
        return []
    index = {p: i for i, p in enumerate(score.players)}
    blocks = []
    for rubber in score.rubbers:
        above: tuple[list[SheetEntry], ...] = tuple([] for _ in score.players)
        below: tuple[list[SheetEntry], ...] = tuple([] for _ in score.players)
        for deal in (d for d in score.deals if d.rubber == rubber.number):
            for player, e in deal.written:
                if not e.points:
                    continue
                label = deal.contract.bid.pretty if e.line is Line.BELOW and deal.contract else e.item.replace("_", " ")
                (below if e.line is Line.BELOW else above)[index[player]].append(SheetEntry(deal.number, label, e.points))
        blocks.append(ColumnBlock(rubber.number, above, below))
    return blocks


@dataclass(frozen=True)
class TableDealRow:
    """One deal in the deal table: where it was dealt, the contract and who declared it (the
    player, or whose dummy), tricks, what each player or column wrote, the game, the problems."""

    number: int
    rubber: int | None
    dealer: str
    out: str
    contract: str
    declarer: str
    tricks: str
    written: str
    game: str
    problems: tuple[str, ...]


def deal_rows(report: SessionReport, mismatches: dict[int, list[str]] | None = None) -> list[TableDealRow]:
    """Every deal of a table session; ``mismatches`` the audit's explanations by deal."""
    score = report.score
    scored: dict[int, DealScore | ColumnDeal] = {d.number: d for d in (score.deals if score else ())}
    problems: dict[int, list[str]] = {k: list(v) for k, v in (mismatches or {}).items()}
    for d in report.diagnostics:
        if d.deal is not None:
            problems.setdefault(d.deal, []).append(diagnostic_text(d))
    rows = []
    for replay in report.replays:
        assert isinstance(replay, TableReplay)
        deal, contract = replay.deal, replay.contract
        s = scored.get(deal.number)
        column = replay.declarer_column
        if replay.passed_out:
            shown, declarer, tricks = "passed out", "", ""
        elif contract is None:
            shown, declarer, tricks = "?", "", ""
        else:
            shown, declarer = labels.contract_text(contract), replay.name(contract.declarer)
            taken = replay.tricks_won[column] if replay.tricks_won and column is not None else None
            penalty = s.penalty if isinstance(s, DealScore) else None  # laws §8.4: the engine's counts after it
            after = f" → {penalty.tricks_after[column]}" if penalty is not None and column is not None else ""
            tricks = "?" if taken is None else f"{taken}{after}/{contract.tricks_needed}"
        table = deal.table
        rows.append(TableDealRow(deal.number, None if s is None else s.rubber,
                                 f"{deal.dealer.name} ({place_text(replay, deal.dealer)})" if table else deal.dealer.name,
                                 (table.sits_out or "") if table else "", shown, declarer, tricks,
                                 _written(score, s), _game(score, s), tuple(problems.get(deal.number, ()))))
    return rows


def _written(score: object, deal: DealScore | ColumnDeal | None) -> str:
    """``Иванов 120 · Петров 0``: the points of a deal by the players who wrote them."""
    if isinstance(deal, ColumnDeal):
        got: dict[str, int] = {}
        for player, e in deal.written:
            got[player] = got.get(player, 0) + e.points
        return " · ".join(f"{p} {n}" for p, n in got.items())
    if isinstance(deal, DealScore) and isinstance(score, TableScore) and deal.rubber <= len(score.sides):
        return " · ".join(f"{score.column_label(deal.rubber, side)} {_sum(deal.entries, side)}" for side in Side)
    return ""


def _sum(entries: tuple[Entry, ...], side: Side) -> int:
    return sum(e.points for e in entries if e.side is side)


def _game(score: object, deal: DealScore | ColumnDeal | None) -> str:
    if isinstance(deal, ColumnDeal):
        return f"{' & '.join(deal.winners)} rubber" if deal.winners else ""
    if isinstance(deal, DealScore) and deal.game is not None and isinstance(score, TableScore):
        what = "rubber" if deal.game.bonus == "rubber" else "game"
        return f"{score.column_label(deal.rubber, deal.game.side)} {what}"
    return ""


# ---------------------------------------------------------------------------------------------
# the replay


def place_text(replay: TableReplay, seat: Seat) -> str:
    """Who plays a place: ``Иванов``, ``dummy of Иванов`` or ``dead pile``."""
    roles = replay.roles or (replay.deal.table.roles if replay.deal.table else None)
    if roles is None:
        return "?"
    role = roles[seat]
    return "dead pile" if role.player is None else str(role)


def viewer_places(replay: TableReplay) -> list[Seat]:
    """The places whose player can be asked for "only what he saw": the players' own hands."""
    roles = replay.roles or (replay.deal.table.roles if replay.deal.table else None)
    return [] if roles is None else [s for s in SEATS if roles[s].live]


def auction_grid(replay: TableReplay) -> tuple[list[Seat], list[list[str]]]:
    """The calls in columns of the places that bid, from the first speaker (the method's
    ``bidders`` and ``first_speaker``); 3.1's holder, who makes one call once the partners
    close (``closer``), in a column of his own (``TableReplay.bidders``)."""
    deal = replay.deal
    if deal.table is None:
        return seat_grid(deal)
    speakers, closer = replay.bidders()
    order = list(speakers)
    calls = [c.pretty for c in deal.auction]
    last = calls.pop() if closer is not None and calls and (replay.contract is not None or replay.passed_out) else None
    width = len(order)
    rows = [calls[i:i + width] + [""] * (width - len(calls[i:i + width])) for i in range(0, len(calls), width)]
    if closer is None:
        return order, rows
    rows = [row + [""] for row in rows]
    if last is not None:
        rows.append([""] * width + [last])
    return order + [closer], rows


def table_facts(replay: TableReplay, seat: Seat | None = None) -> list[str]:
    """The deal's table in words: who sits out, the exchanges and the widow. In one player's
    view only what he saw: his own exchanges, the widow's cards if he took it."""
    table = replay.deal.table
    if table is None:
        return []
    roles = replay.deal.table.roles
    viewer = None if seat is None else roles[seat].player
    out = []
    if table.sits_out:
        out.append(f"{table.sits_out} sits out")
    for place, exchange in table.exchanges:
        who = roles[place].player
        if viewer is not None and who != viewer and not isinstance(exchange, bool):
            out.append(f"{who} ({place}) exchanged {plural(len(exchange), 'card')}, face down")
        elif exchange is True:
            out.append(f"{who} ({place}) took the pile on his right")
        elif exchange is False:
            out.append(f"{who} ({place}) kept his hand")
        else:
            swaps = ", ".join(f"{give.pretty} for {take.pretty}" for give, take in exchange)
            out.append(f"{who} ({place}) gave {swaps}" if swaps else f"{who} ({place}) exchanged nothing")
    if table.widow is not None:
        taker = None if table.widow_to is None else roles[table.widow_to]
        sees = viewer is None or (taker is not None and taker.player == viewer)
        cards = " ".join(c.pretty for c in table.widow) if sees else "face down"
        line = f"widow: {cards}"
        if table.widow_to is not None and taker is not None:
            line += f", taken by {str(taker)} ({table.widow_to})"
        if sees and table.widow_gives:
            line += "; gave " + ", ".join(f"{c.pretty} to {place}" for place, c in table.widow_gives)
        out.append(line)
    if table.final is not None:
        out.append(f"final contract named after the widow: {table.final.pretty}")
    return out


# ---------------------------------------------------------------------------------------------
# per-player results (/analysis)


def results(report: SessionReport) -> list[PlayerResult]:
    """The engine's per-player results of a table session (``player_results``)."""
    return player_results(report)


def add_up(per_session: list[list[PlayerResult]]) -> list[PlayerResult]:
    """Each player's results over several evenings, in order of first appearance."""
    total: dict[str, list[int]] = {}
    for rows in per_session:
        for r in rows:
            line = total.setdefault(r.player, [0, 0, 0, 0, 0])
            for i, value in enumerate((r.deals, r.declared, r.made, r.tricks, r.points)):
                line[i] += value
    return [PlayerResult(p, *line) for p, line in total.items()]
