"""What the dashboard shows of a two-, three- or five-handed evening (docs/rules/players-2-3-5.md),
as plain view data (engine/views.py): the method's score columns named by their players,
settlements and ledger, the deal table with who declared, and the replay's table card (who
plays each place, the player out, the exchanges, the widow). Pure functions over the engine's
objects (``TableScore``, ``ColumnScore``, ``TableReplay``, ``player_results``): nothing is
scored here; dashboards/views.py draws it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from ...engine.ledger import DealScore, SessionScore
from ...engine.plural import plural
from ...engine.rubber_view import SheetEntry, rubber_sheets
from ...engine.rule_profile import Reported, SessionPage
from ...engine.scoring import Entry, Line
from ...engine.seats import SEATS, Seat, Side
from ...engine.session import SessionReport
from ...engine.views import (Block, Box, Bullets, Cell, Chart, Line as Paragraph, Link, ReplayView, Row, Series,
                             SessionView, Span, Strong, Table, auction_grid as seat_grid, auction_table, card)
from .columns import ColumnDeal, ColumnScore
from .ledger import TableScore
from .method import TableMethod
from .players import PlayerResult, player_results
from .replay import TableReplay

COLOURS = ("#1f5fa8", "#b8442e", "#2e7d4f", "#8a5a00", "#6b3fa0")


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


def _score(report: Reported) -> TableScore | ColumnScore | None:
    """The session's columns (``None``: it cannot be scored); a method's ledger keeps no other."""
    score = report.score
    assert score is None or isinstance(score, (TableScore, ColumnScore)), type(score)
    return score


def summary(report: Reported) -> TableSummary | None:
    """The columns, settlements and balances of a scored table session (``None`` otherwise)."""
    score = _score(report)
    if isinstance(score, ColumnScore):
        rubbers = tuple(TableRubber(
            r.number, score.players, None, tuple(r.totals[p] for p in score.players),
            f"Rubber {r.number} " + (f"ended by {' & '.join(r.winners)}" if r.finished else "not finished")
            + ("" if not r.passed_out else f"; {r.passed_out} passed out"),
            tuple(r.settlement.items())) for r in score.rubbers)
        return TableSummary(score.players, 3, rubbers, tuple(score.balances.items()), None)
    if not isinstance(score, TableScore):
        return None
    written: list[TableRubber] = []
    for r in score.rubbers:
        headers = tuple(score.column_label(r.number, c) for c in (0, 1)) if r.number <= len(score.sides) else ("", "")
        settled = score.settlements[r.number - 1] if r.number <= len(score.settlements) else {}
        side, diff = r.difference
        lead = "tie" if side is None else f"{headers[side]} ahead by {diff}"
        status = f"won by {headers[r.winner]}" if r.winner is not None else "not finished"
        out = score.out[r.number - 1] if r.number <= len(score.out) else None
        written.append(TableRubber(r.number, headers, out, (r.totals[0], r.totals[1]),
                                   f"Rubber {r.number} {status}; {lead}", tuple(settled.items())))
    balances = score.balances[-1] if score.balances else {p: 0 for p in score.players}
    sits_out = isinstance(report.profile, TableMethod) and report.profile.sits_out
    ledger = tuple((p, hundreds(balances.get(p, 0))) for p in score.players) if sits_out else None
    return TableSummary(score.players, 2, tuple(written), tuple((p, balances.get(p, 0)) for p in score.players), ledger)


@dataclass(frozen=True)
class ColumnBlock:
    """A rubber of the auction game as written: each player's entries above and below the line."""

    number: int
    above: tuple[list[SheetEntry], ...]
    below: tuple[list[SheetEntry], ...]


def column_sheet(report: Reported) -> list[ColumnBlock]:
    """§3.2's three columns: every entry each player wrote, by rubber (the engine's ``written``)."""
    score = _score(report)
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


def deal_rows(report: Reported, explained: Mapping[int, Sequence[str]] | None = None) -> list[TableDealRow]:
    """Every deal of a table session; ``explained`` what is wrong with each (the audit's
    explanations, then the problems), by deal."""
    score = _score(report)
    scored: dict[int, DealScore | ColumnDeal] = {d.number: d for d in (score.deals if score else ())}
    problems = explained or {}
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
            shown, declarer = contract.pretty, replay.name(contract.declarer)
            taken = replay.tricks_won[column] if replay.tricks_won and column is not None else None
            penalty = s.penalty if isinstance(s, DealScore) else None  # laws §8.4: the engine's counts after it
            after = f" → {penalty.tricks_after[column]}" if penalty is not None and column is not None else ""
            tricks = "?" if taken is None else f"{taken}{after}/{contract.tricks_needed}"
        table = replay.table
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
    roles = replay.roles or (replay.table.roles if replay.table else None)
    if roles is None:
        return "?"
    role = roles[seat]
    return "dead pile" if role.player is None else str(role)


def viewer_places(replay: TableReplay) -> list[Seat]:
    """The places whose player can be asked for "only what he saw": the players' own hands."""
    roles = replay.roles or (replay.table.roles if replay.table else None)
    return [] if roles is None else [s for s in SEATS if roles[s].live]


def auction_grid(replay: TableReplay) -> tuple[list[Seat], list[list[str]]]:
    """The calls in columns of the places that bid, from the first speaker (the method's
    ``bidders`` and ``first_speaker``); 3.1's holder, who makes one call once the partners
    close (``closer``), in a column of his own (``TableReplay.bidders``)."""
    deal = replay.deal
    if replay.table is None:
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
    table = replay.table
    if table is None:
        return []
    roles = table.roles
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


# ---------------------------------------------------------------------------------------------
# the session page


def session_view(page: SessionPage, method: TableMethod) -> SessionView:
    """The session page below its head: the balance chart, the sheet, the deals."""
    report = page.report
    shown = summary(report)
    rows = deal_rows(report, page.explained)
    sheet = _sheet(report, shown) if shown else card("Cannot be scored", Bullets(
        tuple(page.words(d) for d in report.diagnostics if d.severity == "error"), "diagnostics"), classes="card sheet-card")
    return SessionView((
        Paragraph(f"{method.title} ({method.doc} §{method.section}): "
                  f"{', '.join(report.record.info.party or ())} in the order of the draw.", "muted", "table-method"),
        Box(_balance_chart(shown) if shown else (), "chart-grid"),
        Box((sheet, card("Deals", Paragraph("Click a contract to replay the deal.", "muted"),
                         _deal_table(report.record.info.id, rows, method.sits_out), classes="card deals-card")),
            "two-col"),
    ))


def _sheet(report: Reported, shown: TableSummary) -> Box:
    """The columns by rubber as written: above and below the line, the totals, the settlements."""
    out: list[Block] = []
    score = _score(report)
    paper = rubber_sheets(score) if shown.columns == 2 and isinstance(score, SessionScore) else []
    blocks = column_sheet(report) if shown.columns == 3 else []
    row = "sheet-row" + (" cols-3" if shown.columns == 3 else "")
    for i, rubber in enumerate(shown.rubbers):
        out.append(Box((f"Rubber {rubber.number}" + (f" · {rubber.out} sits out" if rubber.out else ""),),
                       "rubber-title", f"rubber-{rubber.number}-title"))
        out.append(Box(tuple(Box((h,), "sheet-head") for h in rubber.headers), row, f"rubber-{rubber.number}-columns"))
        above: Sequence[list[SheetEntry]]
        below: list[Sequence[list[SheetEntry]]]
        if i < len(paper):
            above, below = paper[i].above, [b.cells for b in paper[i].below]
        elif i < len(blocks):
            above, below = blocks[i].above, [blocks[i].below]
        else:
            above, below = (), []
        out.append(Box(tuple(Box(tuple(_entry(e) for e in col), "sheet-col above") for col in above), row))
        out.append(Box((), "the-line"))
        for k, cells in enumerate(below):
            if k:
                out.append(Box((Span("game"),), "game-line"))
            out.append(Box(tuple(Box(tuple(_entry(e) for e in col), "sheet-col") for col in cells), row))
        out.append(Box(tuple(Box((f"{t}",), "sheet-total") for t in rubber.totals), row + " totals",
                       f"rubber-{rubber.number}-totals"))
        out.append(Paragraph(rubber.result, "rubber-result"))
        if rubber.settlement:
            out.append(Paragraph("Settlement: " + " · ".join(f"{p} {signed(n)}" for p, n in rubber.settlement)
                                 .replace("-", "−"), "settlement", f"rubber-{rubber.number}-settlement"))
    out.append(Box(tuple(Box((Span(f"{p} "), Strong(signed(n).replace("-", "−"))), "final") for p, n in shown.balances),
                   "finals", "balances"))
    if shown.ledger is not None:
        out.append(Paragraph("Ledger in hundreds: " + " · ".join(f"{p} {h}" for p, h in shown.ledger), "ledger", "ledger"))
    return Box(tuple(out), "card sheet-card", title=f"Scoresheet: {shown.columns} columns", title_id="table-sheet-title")


def _entry(e: SheetEntry) -> Box:
    return Box((Span(e.text, "entry-label"), Span(f"{e.points}", "entry-points")),
               "entry" + (" mismatch" if e.mismatch else ""))


def _deal_table(session_id: str, rows: list[TableDealRow], sits_out: bool) -> Table:
    heads = ["#", "rubber", "dealer", *(["out"] if sits_out else []), "contract", "by", "tricks", "points written", "game"]
    body = []
    for r in rows:
        contract = Link(r.contract, f"/replay/{quote(session_id, safe='')}/{r.number}", "replay this deal") \
            if r.contract not in ("?",) else r.contract
        before = (r.number, r.rubber or "", r.dealer, *([r.out] if sits_out else []))
        after = (r.declarer, r.tricks, r.written, r.game)
        body.append(Row((*[Cell(c) for c in before], Cell(contract, "contract"), *[Cell(c) for c in after]),
                        "problem-row" if r.problems else None))
        if r.problems:
            body.append(Row((Cell(span=len(heads), items=r.problems),), "explain-row"))
    return Table((Row(tuple(Cell(h, head=True) for h in heads)),), tuple(body), "deals", "deal-table")


def _balance_chart(shown: TableSummary) -> tuple[Chart, ...]:
    """Each player's balance after each finished rubber (the engine's settlements, added up)."""
    finished = [r for r in shown.rubbers if r.settlement]
    if not finished:
        return ()
    series = []
    for k, player in enumerate(shown.players):
        running, points = 0, [0]
        for rubber in finished:
            running += dict(rubber.settlement).get(player, 0)
            points.append(running)
        series.append(Series(player, tuple([0] + [r.number for r in finished]), tuple(points), COLOURS[k % len(COLOURS)]))
    return (Chart("Each player's balance after each rubber", "balance-chart", tuple(series), "rubber", line_width=3,
                  x_step=1),)


# ---------------------------------------------------------------------------------------------
# the replay page


def contract_line(replay: TableReplay) -> str:
    contract = replay.contract
    if contract is None:
        return "passed out" if replay.passed_out else "no contract"
    return (f"{replay.shown_table().contract} by {replay.name(contract.declarer)} ({contract.declarer.name}) · "
            f"needs {contract.tricks_needed} tricks · each trick is worth {replay.trick_value}")


def replay_view(report: Reported, replay: TableReplay, seat: Seat | None) -> ReplayView:
    """The lines under the title and the side cards of a table deal: the auction in the columns
    of the places that bid, the table, no double dummy; and the views of the players' own places."""
    record = replay.deal
    head = (Paragraph((f"Session {report.record.info.id} · dealer {record.dealer.full_name} "
                       f"({place_text(replay, record.dealer)}) · ", Strong(contract_line(replay))), "muted",
                      "contract-line"),)
    players = [replay.who_plays(s, report.record.info) for s in SEATS]
    side = (card("Auction", auction_table(*auction_grid(replay), players)), table_card(replay, seat), no_dd())
    views = (("all", "all hands"), *[(s.name, f"only what {place_text(replay, s)} saw") for s in viewer_places(replay)])
    return ReplayView(head, side, views)


def table_card(replay: TableReplay, seat: Seat | None) -> Box:
    """Who plays each place, the method's face-up rule, the player out, exchanges and widow."""
    exposure = replay.profile.exposure
    facts = table_facts(replay, seat)
    return card("The table",
                Bullets(tuple((Strong(s.name), f" {place_text(replay, s)}") for s in SEATS), "places", "table-places"),
                Paragraph(exposure[:1].upper() + exposure[1:] + ".", "muted", "table-exposure") if exposure else None,
                Bullets(tuple(facts), id="table-facts") if facts else None)


def no_dd() -> Box:
    """The double-dummy card of a table deal: the analysis reads four-handed deals only."""
    return card("Double dummy", Paragraph("Not analysed under the 2-, 3- and 5-player methods.", "muted", "dd-note"))


# ---------------------------------------------------------------------------------------------
# /analysis


def players_view(reports: Sequence[SessionReport], player: str | None) -> Box | None:
    """Per player over ``reports`` (those of ``player`` if given): the engine's
    ``player_results``, counted whatever place or dummy he played, added up."""
    reports = [r for r in reports if player is None or player in (r.record.info.party or ())]
    rows = add_up([results(r) for r in reports])
    if not rows:
        return None
    heads = ("player", "deals", "declared", "made", "tricks taken", "won (+) / paid (−)")
    body = tuple(Row((Cell(r.player), Cell(r.deals, "num"), Cell(r.declared, "num"), Cell(r.made, "num"),
                      Cell(r.tricks, "num"), Cell(signed(r.points).replace("-", "−"), "num")),
                     "current" if r.player == player else None) for r in rows)
    return card(f"Two-, three- and five-player evenings ({len(reports)})",
                Paragraph("Each player's own deals, contracts and tricks whatever place or dummy he played, and what he "
                          "won or paid in the settlements. These evenings are not in the four-handed figures.", "muted"),
                Table((Row(tuple(Cell(h, head=True) for h in heads)),), body, "deals", "table-players"),
                classes="card deals-card")
