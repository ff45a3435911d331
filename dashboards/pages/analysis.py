"""``/analysis``: contracts, results, points, games, luck and slams across sessions and
players, for a date range and (optionally) one player."""
from __future__ import annotations

from hashlib import sha256
from urllib.parse import quote

import dash
import pandas as pd
import plotly.graph_objects as go
from dash import Input, Output, callback, dcc, html

from dashboards import double_dummy, stats, views
from dashboards.app import library
from dashboards.charts import chart_card, label, short
from dashboards.dates import ISO_DAY, shown_date

dash.register_page(__name__, path="/analysis", title="Analysis — vint-replay")

NS_BLUE, EW_RED, GREEN, GREY = "#1f5fa8", "#b8442e", "#2e7d4f", "#b9b3a3"


def layout(**_query: object) -> html.Div:
    store = library().store
    shown = (shown_date(d) for d in store.sessions(columns=["date"])["date"].dropna())
    dates = pd.Series(sorted(d for d in shown if ISO_DAY.fullmatch(d)))  # the picker takes whole ISO days
    return html.Div([
        html.Div([html.Div([html.H2("Analysis"), html.P("Across sessions and players, straight from the store.",
                                                        className="muted")])], className="page-head"),
        html.Div([
            html.Div([
                html.Label("Dates "),
                html.Div(dcc.DatePickerRange(id="analysis-dates", display_format="YYYY-MM-DD",
                                             min_date_allowed=dates.min() if len(dates) else None,
                                             max_date_allowed=dates.max() if len(dates) else None,
                                             initial_visible_month=dates.max() if len(dates) else None),
                         className="date-range"),
                html.Label("Player "),
                dcc.Dropdown(id="analysis-player", options=[{"label": short(n), "value": _key(n)} for n in _names()],
                             placeholder="everybody", style={"width": "220px"}),
            ], className="filters"),
        ], className="card"),
        dcc.Loading(html.Div(id="analysis-body"), type="dot"),
    ])


@callback(Output("analysis-body", "children"), Input("analysis-dates", "start_date"),
          Input("analysis-dates", "end_date"), Input("analysis-player", "value"))
def show(start: str | None, end: str | None, player: str | None):
    player = _player(player)
    store = library().store
    first, last = _day(start), _day(end)
    chosen = [(game, stats.select(store, first, last, player, game.rules)) for game in stats.games(store, first, last)]
    chosen = [(game, selection) for game, selection in chosen if selection.deals]
    tables = _players_card(stats.table_sessions(store, first, last), player)
    if not chosen:
        note = _apart_note(stats.select(store, first, last, player))
        return html.Div([html.P("No four-handed deals match the filters.", className="card muted", id="analysis-empty"),
                         note, tables])
    filtered = not (start is None and end is None and player is None and len(chosen) == 1)
    return html.Div([_apart_note(chosen[0][1]), tables] + [
        _game_figures(game, selection, filtered, player, "" if i == 0 else "-" + game.profile.name, len(chosen) > 1)
        for i, (game, selection) in enumerate(chosen)])


def _game_figures(game: stats.Game, selection: stats.Selection, filtered: bool, player: str | None, suffix: str,
                  headed: bool) -> html.Div:
    """One game's figures, apart from the other games' (element ids end in ``suffix``)."""
    sessions, per_session = selection.sessions, selection.per_session
    order = game.profile.denomination_order
    rubbers = game.rubbers
    kpis = html.Div([html.Div([html.Div(v, className="value"), html.Div(k, className="label")], className="kpi")
                     for k, v in stats.summary_numbers(selection, game).items()], className="kpis", id="kpis" + suffix)
    people = stats.player_points(selection)
    pairs = stats.partnership_points(sessions, per_session)
    points = "net points" if rubbers else "net board score"  # board by board: the sum of N–S's board scores (§1)
    return html.Div([
        html.H3(game.name, className="section-title", id="game" + suffix) if headed else None,
        kpis,
        html.Div([
            _card("Contracts by level and denomination", _contracts(stats.contract_counts(selection.contracts, order)),
                  "contracts-chart" + suffix),
            _card("Made and failed, by denomination", _made(stats.made_failed(selection.contracts, order)),
                  "made-chart" + suffix),
            _card(f"{points.capitalize()} per player", _bars(people["player"], people["net"], points),
                  "players-chart" + suffix),
            _card(f"{points.capitalize()} per partnership", _bars(pairs["partnership"], pairs["net"], points),
                  "pairs-chart" + suffix),
            # Games, rubbers and the honours' luck belong to a rubber's lines; a duplicate board has none
            # (duplicate-bridge.md §1: no games carried, no rubbers, no honours).
            _games_card(stats.game_winners(sessions, per_session), suffix) if rubbers else None,
            _card("Luck against play: per deal, honours + aces vs trick points",
                  _luck(stats.luck_vs_play(sessions, per_session)), "luck-chart" + suffix) if rubbers else None,
        ], className="chart-grid"),
        html.Div([html.H3("Slam attempts"), _slams(stats.slam_attempts(sessions, selection.slams), suffix)],
                 className="card"),
        _double_dummy(list(sessions["session_id"]) if filtered else None, player, game.profile.par_label, suffix),
    ])


def _names() -> list[str]:
    """Every player of the store, vint's and the 2-, 3- and 5-player evenings'."""
    store = library().store
    reports = (library().report(sid) for sid in stats.table_sessions(store))
    return sorted(set(stats.players(store)) | {p for r in reports if r is not None for p in r.record.info.party or ()})


def _players_card(sessions: dict[str, str], player: str | None) -> views.Drawn | None:
    """The card of the evenings counted by player (``Analysed.PLAYERS``), as their game's
    ``players_view`` lays it out (``None``: none to show)."""
    reports = [r for r in (library().report(sid) for sid in sorted(sessions)) if r is not None]
    shown = reports[0].profile.players_view(reports, player) if reports else None
    return None if shown is None else views.block(shown)


def _key(name: str) -> str:
    """The menu's value for a player: the name, or for a long one its short form and a digest
    (the menu slows down superlinearly with a long value: 10,000 characters took minutes)."""
    return name if name == short(name) else f"{short(name)} #{sha256(name.encode('utf-8')).hexdigest()[:12]}"


def _player(key: str | None) -> str | None:
    """The player a menu value stands for."""
    if key is None or key == short(key):
        return key
    return next((n for n in _names() if _key(n) == key), key)


def _apart_note(selection: stats.Selection) -> html.P | None:
    """Says which evenings the filters match are not in these figures: the games counted apart
    (their profiles' ``analysed``), which settle each deal in points paid between the players."""
    sessions, deals = selection.left_out
    if not sessions:
        return None
    games = " and ".join(selection.left_out_games)
    what = f"{sessions} session{'s' if sessions != 1 else ''} ({deals} deal{'s' if deals != 1 else ''}) of {games.lower()}"
    return html.P(f"Not counted here: {what}. {games} settles each deal in points paid between the players, "
                  "not in lines above and below; each evening's balances are on its session page.",
                  className="card muted", id="analysis-solo-note")


def _double_dummy(session_ids: list[str] | None, player: str | None, par_label: str, suffix: str) -> html.Div:
    """Accuracy and par (the game's, named ``par_label``) from the stored double-dummy analysis
    of the selected sessions."""
    store = library().store
    accuracy = double_dummy.accuracy(store, session_ids)
    gaps = double_dummy.par_distance(store, session_ids)
    waiting = double_dummy.stale(store, session_ids)
    stale = html.P(double_dummy.STALE.format(count=waiting), className="muted",
                   id="dd-stale-note" + suffix) if waiting else None
    if accuracy.empty and gaps.empty:
        return html.Div([html.H3("Double dummy"), html.P(double_dummy.NOT_ANALYSED, className="muted",
                                                         id="dd-analysis-note" + suffix), stale],
                        className="card")
    if player:
        accuracy = accuracy[accuracy["player"] == player]
    by_declarer = double_dummy.par_by_declarer(gaps)
    return html.Div([
        html.H3("Double dummy", className="section-title"),
        stale,
        html.Div([
            _card("Tricks given away per 100 cards played (double dummy)", _accuracy(accuracy), "accuracy-chart" + suffix),
            _card(f"Distance from {par_label.lower()} when declaring (mean points per deal)",
                  _bars(by_declarer["player"], by_declarer["mean_gap"].round(0), "points from par"), "par-chart" + suffix),
        ], className="chart-grid"),
        html.Div([html.H3("Furthest below par"), _gaps(gaps.head(10), par_label, suffix)], className="card"),
    ])


def _accuracy(table: pd.DataFrame) -> go.Figure:
    names = [label(n) for n in table["player"]]
    figure = go.Figure([go.Bar(y=names, x=table["declaring"].round(2), name="declaring", orientation="h",
                               marker_color=NS_BLUE, hovertemplate="%{y} declaring: %{x} per 100 cards<extra></extra>"),
                        go.Bar(y=names, x=table["defending"].round(2), name="defending", orientation="h",
                               marker_color=EW_RED, hovertemplate="%{y} defending: %{x} per 100 cards<extra></extra>")])
    figure.update_yaxes(autorange="reversed")
    figure.update_xaxes(title="tricks lost per 100 cards")
    return figure


def _gaps(gaps: pd.DataFrame, par_label: str, suffix: str) -> html.Table | html.P:
    if gaps.empty:
        return html.P("No played deal analysed.", className="muted")
    head = html.Tr([html.Th(c) for c in ("session", "deal", "contract", "declarer", par_label.lower(), "from par")])
    body = [html.Tr([html.Td(dcc.Link(r.session_id, href=f"/session/{quote(r.session_id, safe='')}")),
                     html.Td(dcc.Link(str(r.deal), href=f"/replay/{quote(r.session_id, safe='')}/{r.deal}")),
                     html.Td(double_dummy.bid_text(r.contract)), html.Td(f"{r.declarer} {r.declarer_name}"),
                     html.Td("passed out" if pd.isna(r.par_contract) else
                             f"{double_dummy.bid_text(r.par_contract)} by {r.par_declarer}"),
                     html.Td(f"{int(r.declarer_gap):+d}", className="num")])
            for r in gaps.itertuples()]
    return html.Table([html.Thead(head), html.Tbody(body)], id="par-gaps" + suffix)


def _day(value: str | None) -> str | None:
    return value[:10] if value else None


def _card(title: str, figure: go.Figure, graph_id: str) -> html.Div:
    return chart_card(title, figure, graph_id, 330)


def _contracts(counts: pd.DataFrame) -> go.Figure:
    labels = [stats.DENOMINATION_SYMBOLS[d] for d in counts.columns]
    figure = go.Figure(go.Heatmap(z=counts.values, x=labels, y=[str(i) for i in counts.index], colorscale="Greens",
                                  text=counts.values, texttemplate="%{text}", hovertemplate="%{y}%{x}: %{z}<extra></extra>"))
    figure.update_yaxes(title="level", autorange="reversed")
    return figure


def _made(made: pd.DataFrame) -> go.Figure:
    labels = [stats.DENOMINATION_SYMBOLS[d] for d in made.index]
    figure = go.Figure([go.Bar(x=labels, y=made["made"], name="made", marker_color=GREEN),
                        go.Bar(x=labels, y=made["failed"], name="failed", marker_color=EW_RED)])
    figure.update_layout(barmode="stack")
    return figure


def _bars(names: pd.Series, values: pd.Series, what: str) -> go.Figure:
    colours = [NS_BLUE if v >= 0 else EW_RED for v in values]
    figure = go.Figure(go.Bar(x=values, y=[label(n) for n in names], orientation="h", marker_color=colours,
                              hovertemplate=f"%{{y}}: %{{x}} {what}<extra></extra>"))
    figure.update_yaxes(autorange="reversed")
    return figure


def _games_card(games: pd.DataFrame, suffix: str) -> html.Div:
    """The games and rubbers won per partnership; when no game was won, a sentence saying so
    instead of an empty chart (nothing to plot)."""
    title = "Games and rubbers won, per partnership"
    if games.empty:
        return html.Div([html.H3(title), html.P("No game was won in these sessions: nothing to plot.",
                                                className="muted", id="games-none" + suffix)], className="card chart-card")
    return _card(title, _games(games), "games-chart" + suffix)


def _games(games: pd.DataFrame) -> go.Figure:
    names = [label(n) for n in games["partnership"]]
    figure = go.Figure([go.Bar(y=names, x=games["games"], name="games", orientation="h", marker_color=NS_BLUE),
                        go.Bar(y=names, x=games["rubbers"], name="rubbers", orientation="h", marker_color=GREEN)])
    figure.update_yaxes(autorange="reversed")
    return figure


def _luck(luck: pd.DataFrame) -> go.Figure:
    figure = go.Figure(go.Scatter(x=luck["luck"], y=luck["tricks"], mode="markers+text",
                                  text=[label(n) for n in luck["player"]], textposition="top center",
                                  marker={"size": 11, "color": NS_BLUE},
                                  hovertemplate="%{text}: luck %{x}, tricks %{y} per deal<extra></extra>"))
    figure.update_xaxes(title="honours + aces points per deal")
    figure.update_yaxes(title="trick points per deal")
    return figure


def _slams(slams: pd.DataFrame, suffix: str) -> html.Div | html.P:
    if slams.empty:
        return html.P("No slam was bid in these sessions.", className="muted")
    head = html.Tr([html.Th(c) for c in ("date", "session", "deal", "contract", "declarer", "tricks", "")])
    body = [html.Tr([html.Td(r.date), html.Td(dcc.Link(r.session, href=f"/session/{quote(r.session, safe='')}")),
                     html.Td(dcc.Link(str(r.deal), href=f"/replay/{quote(r.session, safe='')}/{r.deal}")), html.Td(r.contract),
                     html.Td(r.declarer), html.Td(r.tricks, className="num"),
                     html.Td(html.Span("made" if r.made else "failed", className="badge " + ("ok" if r.made else "bad")))])
            for r in slams.itertuples()]
    # a championship's session ids are long: the table scrolls inside its card on a phone
    return html.Div(html.Table([html.Thead(head), html.Tbody(body)], id="slams" + suffix), className="wide-table")
