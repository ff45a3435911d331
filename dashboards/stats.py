"""The /analysis figures: statistics over many sessions, read from the store with the date and
player filters pushed down to the Parquet scan.

Deals are summed per session in Arrow first (the players are fixed within a session), so the
per-player and per-partnership figures work on one row per session, not per deal: a view of a
million-deal store stays within a couple of seconds.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds

from dashboards.dates import date_between, shown_date
from dashboards.double_dummy import DOUBLING_MARKS
from vint_replay.engine.calls import SLAM_LEVELS, Denomination
from vint_replay.engine.rule_profile import Analysed
from vint_replay.games.registry import RuleProfile, SheetLayout, get_profile, profile_names
from vint_replay.store import Store

PLAYERS = ["player_n", "player_e", "player_s", "player_w"]
SESSION_COLUMNS = ["session_id", "date", *PLAYERS]
DEAL_COLUMNS = ["session_id", "deal", "contract", "doubled", "declarer", "tricks_ns", "tricks_ew", "made", "passed_out",
                "game_side", "game_bonus", "below_ns", "above_ns", "below_ew", "above_ew"]
DENOMINATIONS = [d.code for d in Denomination]  # the engine's denominations, in its numbering
DENOMINATION_SYMBOLS = {d.code: d.symbol for d in Denomination}
SLAM_BIDS = [f"{level}{d}" for level in SLAM_LEVELS for d in DENOMINATIONS]


@dataclass(frozen=True)
class Game:
    """A game whose figures /analysis keeps apart from the others' (the profiles' ``game``): the
    stored rules that play it, and one of its profiles, which names its par and orders its bids."""

    name: str
    rules: tuple[str, ...]
    profile: RuleProfile

    @property
    def rubbers(self) -> bool:
        """Whether the game is scored by the rubber, in lines (games, rubbers, honours), not board by board."""
        return self.profile.scoresheet is SheetLayout.RUBBER


def games(store: Store, start: str | None = None, end: str | None = None) -> list[Game]:
    """The games of the four-handed sessions stored within the dates, the default profile's first."""
    table = store.read("sessions", _and(_dates(start, end), ~(_solo() | _tables())), ["rules"])
    by_game: dict[str, list[str]] = {}
    for name in sorted(set(table.column("rules").to_pylist())):
        by_game.setdefault(get_profile(name).game, []).append(name)
    first = get_profile().game
    return [Game(game, tuple(names), get_profile(names[0]))
            for game, names in sorted(by_game.items(), key=lambda item: (item[0] != first, item[0]))]


@dataclass
class Selection:
    """What the filters keep, already reduced: the sessions, per-session sums, contracts
    declared per seat, contract counts and the slam deals."""

    sessions: pd.DataFrame  # session_id, date, player_n … player_w
    per_session: pd.DataFrame  # session_id, deals, passed_out, points/below/games/rubbers/luck per side
    declared: pd.DataFrame  # session_id, declarer, declared, made
    contracts: pd.DataFrame  # contract, made, count
    slams: pd.DataFrame  # the deals bid at level 6 or 7
    left_out: tuple[int, int] = (0, 0)  # sessions and deals the filters match that are counted apart
    left_out_games: tuple[str, ...] = ()  # their games (the profiles' ``game``), as named

    @property
    def deals(self) -> int:
        return int(self.per_session["deals"].sum())


def select(store: Store, start: str | None = None, end: str | None = None, player: str | None = None,
           rules: Sequence[str] | None = None) -> Selection:
    """Read what the filters keep: dates compare as ISO strings (inclusive) and prune the
    ``year`` partitions; a player keeps the sessions he sat in; ``rules`` (a :class:`Game`'s)
    keep the sessions of those profiles. Evenings of the 2-, 3- and 5-player methods are left
    out: their places are not four players' (see :func:`table_sessions`)."""
    where = _dates(start, end)
    if player:
        sat = None
        for column in PLAYERS:
            sat = _or(sat, ds.field(column) == player)
        where = _and(where, sat)
    solo = store.read("sessions", _and(where, _solo()), ["session_id", "deals", "rules"])  # payments, not lines
    apart = store.read("sessions", _and(where, _solo() | _tables()), ["session_id"])  # nor other than four players
    skip = ~ds.field("session_id").isin(apart.column("session_id")) if apart.num_rows else None
    game = None if rules is None else ds.field("rules").isin(list(rules))
    sessions = store.read("sessions", _and(_and(where, skip), game), SESSION_COLUMNS)
    ids = pa.array(sessions.column("session_id").to_pylist(), pa.string())
    by_session = ds.field("session_id").isin(ids) if where is not None or game is not None else skip
    deals = _plain(store.read("deals", by_session, DEAL_COLUMNS))
    luck = _plain(store.read("scores", _and(by_session, ds.field("item").isin(["honours", "aces"])),
                             ["session_id", "side", "points"]))
    return Selection(sessions.to_pandas(), _per_session(deals, luck), _declared(deals), _contracts(deals),
                     _slams(deals), (solo.num_rows, int(pc.sum(solo.column("deals")).as_py() or 0)),
                     tuple(sorted({get_profile(r).game for r in solo.column("rules").to_pylist() if r in profile_names()})))


def _solo() -> ds.Expression:
    """The sessions left out of the figures, and said so (solo whist: they settle in payments)."""
    return _analysed(Analysed.APART)


def _tables() -> ds.Expression:
    """The sessions counted by player, whatever place he played (the 2-, 3- and 5-player methods)."""
    return _analysed(Analysed.PLAYERS)


def _analysed(how: Analysed) -> ds.Expression:
    """The sessions whose profile says /analysis counts them ``how`` (its ``analysed``)."""
    return ds.field("rules").isin([name for name in profile_names() if get_profile(name).analysed is how])


def players(store: Store) -> list[str]:
    """Everybody who sat at a four-handed vint or bridge table in the store, sorted."""
    table = store.read("sessions", ~(_solo() | _tables()), PLAYERS)
    return sorted({name for column in PLAYERS for name in table.column(column).to_pylist() if name})


def table_sessions(store: Store, start: str | None = None, end: str | None = None) -> dict[str, str]:
    """The stored evenings of the 2-, 3- and 5-player methods within the dates: their rules by session id."""
    frame = store.read("sessions", _and(_dates(start, end), _tables()), ["session_id", "rules"]).to_pandas()
    return dict(zip(frame["session_id"].astype(str), frame["rules"]))


def _dates(start: str | None, end: str | None) -> ds.Expression | None:
    """Sessions within the dates (ISO, inclusive; ISO and PBN forms alike, dashboards/dates.py),
    the ``year`` partitions pruned."""
    where = date_between(start, end)
    if start:
        where = _and(where, ds.field("year") >= int(start[:4]))
    if end:
        where = _and(where, ds.field("year") <= int(end[:4]))
    return where


def _per_session(deals: pa.Table, luck: pa.Table) -> pd.DataFrame:
    """Per session: deals, passed-out deals, and per side its points, points below the line,
    games and rubbers won, and honours + aces premiums."""
    lines = ["below_ns", "above_ns", "below_ew", "above_ew"]
    sums = deals.group_by("session_id").aggregate([("deal", "count"), ("passed_out", "sum")] + [(c, "sum") for c in lines])
    frame = sums.to_pandas().rename(columns={"deal_count": "deals", "passed_out_sum": "passed_out",
                                             **{f"{c}_sum": c for c in lines}})
    for side in ("ns", "ew"):
        frame[f"points_{side}"] = frame[f"below_{side}"] + frame[f"above_{side}"]
    won = deals.filter(pc.is_valid(deals.column("game_side")))
    games = won.group_by(["session_id", "game_side", "game_bonus"]).aggregate([("deal", "count")]).to_pandas()
    for side in ("NS", "EW"):
        mine = games[games["game_side"] == side]
        frame = frame.merge(mine.groupby("session_id")["deal_count"].sum().rename(f"games_{side.lower()}"),
                            on="session_id", how="left")
        rubbers = mine[mine["game_bonus"] == "rubber"].groupby("session_id")["deal_count"].sum()
        frame = frame.merge(rubbers.rename(f"rubbers_{side.lower()}"), on="session_id", how="left")
    held = luck.group_by(["session_id", "side"]).aggregate([("points", "sum")]).to_pandas()
    held = held.pivot_table(index="session_id", columns="side", values="points_sum", fill_value=0)
    held = held.reindex(columns=["NS", "EW"], fill_value=0).rename(columns={"NS": "luck_ns", "EW": "luck_ew"})
    frame = frame.merge(held.reset_index(), on="session_id", how="left")
    counts = [c for c in frame.columns if c.startswith(("games_", "rubbers_", "luck_"))]
    frame[counts] = frame[counts].fillna(0).astype(int)
    return frame


def _declared(deals: pa.Table) -> pd.DataFrame:
    """Per session and seat: contracts declared and made."""
    played = deals.filter(pc.is_valid(deals.column("declarer")))
    grouped = played.group_by(["session_id", "declarer"]).aggregate([("made", "count"), ("made", "sum")])
    return grouped.to_pandas().rename(columns={"made_count": "declared", "made_sum": "made"})


def _contracts(deals: pa.Table) -> pd.DataFrame:
    """Contracts played, by contract, made and doubling: a bidding record's, never played, has no
    ``made`` and is not among them (format.md §5.2)."""
    played = deals.filter(pc.is_valid(deals.column("made")))
    played = played.set_column(played.schema.get_field_index("doubled"), "doubled",
                               pc.fill_null(played.column("doubled"), 1))  # files of schema version 1: undoubled
    counts = played.group_by(["contract", "made", "doubled"]).aggregate([("deal", "count")]).to_pandas()
    return counts.rename(columns={"deal_count": "count"})


def _slams(deals: pa.Table) -> pd.DataFrame:
    slams = deals.filter(pc.and_(pc.is_in(deals.column("contract"), pa.array(SLAM_BIDS)),
                                 pc.is_valid(deals.column("made"))))  # played: not a bidding record's
    return slams.select(["session_id", "deal", "contract", "doubled", "declarer", "tricks_ns", "tricks_ew",
                         "made"]).to_pandas()


# ---------------------------------------------------------------------------------------------
# figures' data (pure, on the reduced frames)


def contract_counts(contracts: pd.DataFrame, order: Sequence[Denomination] = tuple(Denomination)) -> pd.DataFrame:
    """Contracts played by level (rows 1–7) and denomination (columns in ``order``: a profile's
    ``denomination_order`` gives its bidding order)."""
    split = _split(contracts)
    table = split.pivot_table(index="level", columns="denomination", values="count", aggfunc="sum", fill_value=0)
    return table.reindex(index=range(1, 8), columns=[d.code for d in order], fill_value=0).astype(int)


def made_failed(contracts: pd.DataFrame, order: Sequence[Denomination] = tuple(Denomination)) -> pd.DataFrame:
    """Per denomination (rows in ``order``, as :func:`contract_counts`): contracts made and failed."""
    split = _split(contracts)
    split["outcome"] = split["made"].map({True: "made", False: "failed"})
    table = split.pivot_table(index="denomination", columns="outcome", values="count", aggfunc="sum", fill_value=0)
    return table.reindex(index=[d.code for d in order], columns=["made", "failed"], fill_value=0).astype(int)


def _sides(sessions: pd.DataFrame, per_session: pd.DataFrame) -> pd.DataFrame:
    """One row per session and side: the partnership's two names and its sums, with the
    other side's points (for the net)."""
    joined = per_session.merge(sessions, on="session_id")
    parts = []
    for a, b, mine, theirs in (("player_n", "player_s", "ns", "ew"), ("player_e", "player_w", "ew", "ns")):
        parts.append(pd.DataFrame({
            "first": joined[a], "second": joined[b], "deals": joined["deals"],
            "points": joined[f"points_{mine}"], "net": joined[f"points_{mine}"] - joined[f"points_{theirs}"],
            "below": joined[f"below_{mine}"], "luck": joined[f"luck_{mine}"],
            "games": joined[f"games_{mine}"], "rubbers": joined[f"rubbers_{mine}"],
        }))
    sides = pd.concat(parts, ignore_index=True)
    sides["partnership"] = [" & ".join(sorted(pair)) for pair in zip(sides["first"], sides["second"])]
    return sides


def player_points(selection: Selection) -> pd.DataFrame:
    """Per player: deals played, contracts declared and made, his side's points and the net
    (own side minus the other), sorted by net — the store's ``player_summary`` for a selection."""
    sides = _sides(selection.sessions, selection.per_session)
    seats = pd.concat([sides.rename(columns={"first": "player"}), sides.rename(columns={"second": "player"})])
    out = seats.groupby("player")[["deals", "points", "net"]].sum()
    named = selection.declared.merge(selection.sessions, on="session_id")
    named["player"] = None
    for seat, column in zip("NESW", PLAYERS):
        named["player"] = named["player"].where(named["declarer"] != seat, named[column])
    declared = named.groupby("player")[["declared", "made"]].sum()
    out = out.join(declared, how="left").fillna(0).astype(int)[["deals", "declared", "made", "points", "net"]]
    return out.reset_index().sort_values(["net", "player"], ascending=[False, True], ignore_index=True)


def partnership_points(sessions: pd.DataFrame, per_session: pd.DataFrame) -> pd.DataFrame:
    """Per partnership (the two names, sorted): deals together, points won and net points."""
    out = _sides(sessions, per_session).groupby("partnership")[["deals", "points", "net"]].sum()
    return out.sort_values(["net", "points"], ascending=False).reset_index()


def game_winners(sessions: pd.DataFrame, per_session: pd.DataFrame) -> pd.DataFrame:
    """Per partnership: games won (the rubber-winning game included) and rubbers won."""
    out = _sides(sessions, per_session).groupby("partnership")[["games", "rubbers"]].sum()
    out = out[out["games"] > 0].astype(int)
    return out.sort_values(["games", "rubbers"], ascending=False).reset_index()


def luck_vs_play(sessions: pd.DataFrame, per_session: pd.DataFrame) -> pd.DataFrame:
    """Per player, averages per deal played: honours and aces premiums of his side (the luck
    of the deal) against his side's trick points below the line (the play)."""
    sides = _sides(sessions, per_session)
    seats = pd.concat([sides.rename(columns={"first": "player"}), sides.rename(columns={"second": "player"})])
    out = seats.groupby("player")[["deals", "luck", "below"]].sum()
    out["luck"] = out["luck"] / out["deals"]
    out["tricks"] = out.pop("below") / out["deals"]
    return out.round(1).reset_index()


def slam_attempts(sessions: pd.DataFrame, slams: pd.DataFrame) -> pd.DataFrame:
    """Every contract at level 6 or 7: when, who declared, tricks taken, made or not."""
    joined = slams.merge(sessions, on="session_id")
    declarer = pd.Series(None, index=joined.index, dtype=object)
    for seat, column in zip("NESW", PLAYERS):
        declarer = declarer.where(joined["declarer"] != seat, joined[column])
    tricks = joined["tricks_ns"].where(joined["declarer"].isin(["N", "S"]), joined["tricks_ew"])
    return pd.DataFrame({
        "date": [shown_date(d if isinstance(d, str) else None) for d in joined["date"]],  # null: undated
        "session": joined["session_id"], "deal": joined["deal"],
        "contract": [c[0] + DENOMINATION_SYMBOLS[c[1:]] + DOUBLING_MARKS[1 if pd.isna(x) else int(x)]
                     for c, x in zip(joined["contract"], joined["doubled"])], "declarer": declarer,
        "tricks": tricks.astype(int), "made": joined["made"].astype(bool),
    }).sort_values(["date", "session", "deal"]).reset_index(drop=True)


def summary_numbers(selection: Selection, game: Game | None = None) -> dict[str, str]:
    """The headline figures of the selection, in ``game``'s terms: games won only where the game
    is scored by the rubber, contracts doubled only where it has doubles."""
    per_session, contracts = selection.per_session, selection.contracts
    played = int(contracts["count"].sum())
    made = int(contracts.loc[contracts["made"].astype(bool), "count"].sum())
    doubled = int(contracts.loc[contracts["doubled"] > 1, "count"].sum())
    out = {
        "sessions": f"{len(selection.sessions):,}",
        "deals": f"{selection.deals:,}",
        "passed out": f"{int(per_session['passed_out'].sum()):,}",
        "contracts made": f"{made / played:.0%}" if played else "—",
        "games won": f"{int(per_session['games_ns'].sum() + per_session['games_ew'].sum()):,}",
        "doubled": f"{doubled:,}",
        "slams bid": f"{len(selection.slams):,}",
    }
    if game is not None and not game.rubbers:
        del out["games won"]
    if game is None or not game.profile.doubles_allowed:
        del out["doubled"]
    return out


def _split(contracts: pd.DataFrame) -> pd.DataFrame:
    split = contracts.copy()
    split["level"] = split["contract"].str[0].astype(int)
    split["denomination"] = split["contract"].str[1:]
    return split


def _plain(table: pa.Table) -> pa.Table:
    """Dictionary-coded columns as plain strings."""
    for i, f in enumerate(table.schema):
        if pa.types.is_dictionary(f.type):
            table = table.set_column(i, f.name, table.column(i).cast(f.type.value_type))
    return table


def _and(a: ds.Expression | None, b: ds.Expression | None) -> ds.Expression | None:
    return b if a is None else a if b is None else a & b


def _or(a: ds.Expression | None, b: ds.Expression) -> ds.Expression:
    return b if a is None else a | b
