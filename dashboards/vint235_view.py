"""What the pages show of a two-, three- or five-handed evening (docs/rules/players-2-3-5.md):
the method's score columns named by their players, settlements, who played which place, and
which hands a replay shows face up. Pure functions over the engine's objects (``TableScore``,
``ColumnScore``, ``TableReplay``, ``player_results``): nothing is scored here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from dashboards import data
from dashboards.data import SheetEntry, diagnostic_text
from vint_replay.engine.ledger import DealScore
from vint_replay.engine.plural import plural
from vint_replay.games.registry import get_profile, profile_names
from vint_replay.engine.scoring import Entry, Line
from vint_replay.engine.seats import SEATS, Seat, Side
from vint_replay.engine.session import SessionReport
from vint_replay.games.vint235.columns import ColumnDeal, ColumnScore
from vint_replay.games.vint235.ledger import TableScore
from vint_replay.games.vint235.method import TableMethod
from vint_replay.games.vint235.players import PlayerResult, player_results
from vint_replay.games.vint235.replay import TableReplay
from vint_replay.reports import labels


def is_table(report: SessionReport) -> bool:
    """Whether the session is played by one of the 2-, 3- or 5-player methods."""
    return isinstance(report.profile, TableMethod)


def rescoring_profiles(played: str) -> list[str]:
    """The profiles an evening played under ``played`` can be rescored under (``data.rescore_choices``)
    but the 2-, 3- and 5-player methods, whose records need the places' roles."""
    return [n for n in data.rescore_choices(played) if not is_table_rules(n)]


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
        return data.auction_grid(deal)
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


def up_from(replay: TableReplay, seat: Seat | None) -> list[int | None]:
    """Per place, from which card the view shows it face up (``None``: never). The open view
    shows every hand but a dead pile; a player sees his own hand from the start and a dummy
    from the card the method turns it up (``dummies_up_after``: 3.1 after the first trick, 2.1
    after the opening lead), even his own; the other players' hands and dead piles never."""
    roles = replay.roles or (replay.deal.table.roles if replay.deal.table else None)
    profile = replay.profile
    assert isinstance(profile, TableMethod)
    if roles is None:
        return [None if seat is not None else 0] * 4
    out: list[int | None] = []
    viewer = None if seat is None else roles[seat].player
    for place in SEATS:
        role = roles[place]
        if role.player is None:
            out.append(None)
        elif role.dummy:
            out.append(0 if seat is None else profile.dummies_up_after)
        else:
            out.append(0 if seat is None or role.player == viewer else None)
    return out


def turn_up(replay: TableReplay) -> list[int | None]:
    """Per place, from which card the method lays a dummy face up at the table (``None``: not a dummy)."""
    roles = replay.roles or (replay.deal.table.roles if replay.deal.table else None)
    up = replay.profile.dummies_up_after  # type: ignore[attr-defined]
    return [None] * 4 if roles is None else [up if roles[s].dummy else None for s in SEATS]


def replay_payload(report: SessionReport, replay: TableReplay, seat: Seat | None = None) -> dict[str, object]:
    """A table deal for the browser, in the keys of ``data.replay_payload`` plus the places'
    players (``players``), the cards each place played in order (``seats``), the trick size, the
    score column of each place (``columns``, named in ``column_names``), dead piles, and per
    place the card from which it is face up in this view (``up_from``); hands are the hands
    as played (after exchanges, the widow and any move), sent only for a place this view sees."""
    contract = replay.contract
    shown = up_from(replay, seat)
    hands = replay.live if replay.live is not None else replay.hands
    score = report.score
    scored = next((d for d in score.deals if d.number == replay.deal.number), None) if score else None
    race = scored if isinstance(scored, DealScore) else None  # the auction game has no common race
    size = len(replay.tricks[0].places) if replay.tricks else sum(1 for r in (replay.roles or ()) if r.player)
    columns = list(replay.place_columns) if replay.place_columns is not None else None
    names = [" & ".join(side) for side in replay.sides] if replay.sides is not None else ["column 1", "column 2"]
    return {
        "deal": replay.deal.number,
        "players": [place_text(replay, s) for s in SEATS],
        "dealer": replay.deal.dealer,
        "contract": None if contract is None else labels.contract_text(contract),
        "declarer": None if contract is None else int(contract.declarer),
        "dummy": None,
        "dummy_from": None,
        "dummy_line": None,
        "vulnerable": None,
        "needed": None if contract is None else contract.tricks_needed,
        "trump": None if contract is None or contract.trump is None else int(contract.trump),
        "value": replay.trick_value,
        "threshold": report.profile.game_threshold,
        "below": list(race.below_before) if race is not None else None,
        "below_after": [list(b) for b in race.below_after] if race is not None else None,
        "below_end": list(race.below_end) if race is not None and race.below_end else None,
        "game": None if race is None or race.game is None else {"side": int(race.game.side), "trick": race.game.trick},
        "view": "all" if seat is None else seat.name,
        "hands": None if hands is None else [sorted(int(c) for c in range(52) if h >> c & 1) if h and shown[i] is not None
                                             else None for i, h in enumerate(hands)],
        "held": None if hands is None else [h.bit_count() or 13 for h in hands],
        "play": [int(c) for t in replay.tricks for c in t.cards],
        "seats": [int(p) for t in replay.tricks for p in t.places],
        "size": size or 4,
        "leaders": [int(t.leader) for t in replay.tricks],
        "winners": [int(t.winner) for t in replay.tricks],
        "first_leader": None if replay.leader is None else int(replay.leader),
        "columns": columns,
        "column_names": names,
        "dead": [r.player is None for r in replay.roles] if replay.roles else [False] * 4,
        "up_from": shown,
        "turn_up": turn_up(replay),
        "result": list(replay.tricks_won) if replay.tricks_won and not replay.tricks else None,
        "claim": list(replay.tricks_won) if replay.tricks_won and replay.tricks and len(replay.tricks) < 13
        and replay.deal.result is not None else None,
    }


def payload_of(report: SessionReport, number: int, seat: Seat | None = None) -> dict[str, object] | None:
    """:func:`replay_payload` of deal ``number`` (``None`` if the session has no such deal)."""
    replay = next((r for r in report.replays if r.deal.number == number), None)
    return None if not isinstance(replay, TableReplay) else replay_payload(report, replay, seat)


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
# per-player results (sessions list, /analysis)


def results(report: SessionReport) -> list[PlayerResult]:
    """The engine's per-player results of a table session (``player_results``)."""
    return player_results(report)


def result_text(report: SessionReport) -> str:
    """The sessions list's result: each player's balance, ``Иванов +1230 · Петров −1230``."""
    return " · ".join(f"{r.player} {signed(r.points)}".replace("-", "−") for r in results(report)) or "not scored"


def table_rules() -> list[str]:
    """The names of the 2-, 3- and 5-player methods."""
    return [n for n in profile_names() if isinstance(get_profile(n), TableMethod)]


def is_table_rules(rules: object) -> bool:
    """Whether a stored session's ``rules`` name a 2-, 3- or 5-player method."""
    return isinstance(rules, str) and rules in table_rules()


def session_rows(rows: list[data.SessionRow], rules: dict[str, str],
                 report_of: Callable[[str], SessionReport | None]) -> list[data.SessionRow]:
    """The sessions list with each 2-, 3- or 5-player evening (``rules`` by session id) named by
    its players in draw order and its result as each player's balance, not as N–S v E–W."""
    out = []
    for row in rows:
        report = report_of(row.id) if is_table_rules(rules.get(row.id)) else None
        if report is None or not is_table(report):
            out.append(row)
            continue
        party = report.record.info.party or ()
        out.append(replace(row, players=f"{len(party)} players: {', '.join(party)}", result=result_text(report)))
    return out


def add_up(per_session: list[list[PlayerResult]]) -> list[PlayerResult]:
    """Each player's results over several evenings, in order of first appearance."""
    total: dict[str, list[int]] = {}
    for rows in per_session:
        for r in rows:
            line = total.setdefault(r.player, [0, 0, 0, 0, 0])
            for i, value in enumerate((r.deals, r.declared, r.made, r.tricks, r.points)):
                line[i] += value
    return [PlayerResult(p, *line) for p, line in total.items()]
