"""What the dashboard shows from the stored analysis: a deal's DD table, par and per-card
costs for the replay, each player's accuracy, and how far contracts were from par.

Plain data out (dataclasses, lists, DataFrames); no Dash here.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow.dataset as ds

from ..engine.calls import Call, Denomination
from ..games.registry import RuleProfile, get_profile
from ..store import Store
from ..store.schema import SEAT_NAMES
from .datasets import (
    CARDS_COLUMNS,
    LOST_COLUMNS,
    STATUS_OK,
    current_rows,
    dd_plays,
    dd_tables,
    frame_of,
)

PLAYER_COLUMNS = [f"player_{s.lower()}" for s in SEAT_NAMES]


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card of the replay judged double dummy (see :class:`~.dd.CardVerdict`)."""

    index: int  # 0–51, as in the store's plays table
    seat: str
    card: str
    dd_before: int  # declarer side's tricks, DD, before the card
    dd_after: int
    cost: int  # tricks the card gave away (0: a best card)
    best: tuple[str, ...]  # the cards that were best here, high to low


def parse_contract(text: str) -> tuple[Call, int]:
    """A stored contract (``"4H"``, ``"5SX"``, ``"3NTXX"``: ``str(Contract)``) as its bid and its
    doubling (1, 2 or 4); ``ValueError`` for anything else."""
    bid, doubled = text, 1
    for suffix, times in (("XX", 4), ("X", 2)):
        if text.endswith(suffix):
            bid, doubled = text[:-len(suffix)], times
            break
    call = Call.parse(bid)
    if not call.is_bid:
        raise ValueError(f"not a contract: {text!r}")
    return call, doubled


@dataclass(frozen=True)
class DealDD:
    """Everything analysed about one deal, under the profile it was scored by.
    ``table[denomination code][seat]`` = DD tricks of that declarer. Contracts are stored ones
    like ``"4H"`` or ``"5SX"`` (:func:`parse_contract`)."""

    profile: RuleProfile
    table: dict[str, dict[str, int]]
    contract: str | None
    declarer: str | None
    contract_dd_tricks: int | None
    par_contract: str | None  # None: the DD auction passes the deal out
    par_declarer: str | None
    par_points: tuple[int, int]  # N–S, E–W deal points at par
    best: dict[str, tuple[str, str, int]]  # "NS"/"EW" -> (contract, declarer, net for that side)
    actual_points: tuple[int, int] | None  # as played, same definition
    cards: tuple[CardCost, ...]  # empty without a play

    @property
    def positions(self) -> list[int]:
        """Declarer side's DD tricks at each replay position: before card k, then after the last
        (53 values for a full play), for a "DD tricks" line that moves as the hand advances."""
        if not self.cards:
            return []
        return [c.dd_before for c in self.cards] + [self.cards[-1].dd_after]

    @property
    def gap_ns(self) -> int | None:
        """N–S's net as played minus N–S's net at par (negative: N–S did worse than par)."""
        if self.actual_points is None:
            return None
        return (self.actual_points[0] - self.actual_points[1]) - (self.par_points[0] - self.par_points[1])

    def to_json(self) -> dict[str, object]:
        """Plain JSON for a ``dcc.Store``: per-card lists indexed like the replay's play."""
        return {
            "table": self.table, "contract": self.contract, "declarer": self.declarer,
            "contract_dd_tricks": self.contract_dd_tricks,
            "par": {"contract": self.par_contract, "declarer": self.par_declarer, "points": list(self.par_points)},
            "best": {side: {"contract": c, "declarer": d, "net": n} for side, (c, d, n) in self.best.items()},
            "actual_points": None if self.actual_points is None else list(self.actual_points),
            "gap_ns": self.gap_ns, "positions": self.positions,
            "cost": [c.cost for c in self.cards], "best_cards": [list(c.best) for c in self.cards],
        }


def _int(value) -> int | None:
    return None if pd.isna(value) else int(value)


def _str(value) -> str | None:
    return None if pd.isna(value) else str(value)


def deal_dd(store: Store, session_id: str, deal: int) -> DealDD | None:
    """The stored analysis of one deal, or ``None`` if it was not analysed (or DDS failed)."""
    rows = dd_tables(store, session_id, deal)
    if rows.empty or rows.iloc[0]["status"] != STATUS_OK:
        return None
    row = rows.iloc[0]
    table = {d.code: {s: int(row[f"tricks_{s.lower()}_{d.code.lower()}"]) for s in SEAT_NAMES} for d in Denomination}
    plays = dd_plays(store, session_id, deal)
    cards = tuple(CardCost(int(p.index), p.seat, p.card, int(p.dd_before), int(p.dd_after), int(p.cost),
                           tuple(p.best.split())) for p in plays.itertuples())
    actual = None if pd.isna(row["actual_ns"]) else (int(row["actual_ns"]), int(row["actual_ew"]))
    best = {side: (row[f"best_{side.lower()}_contract"], row[f"best_{side.lower()}_declarer"],
                   int(row[f"best_{side.lower()}_net"])) for side in ("NS", "EW")}
    return DealDD(get_profile(row["profile"]), table, _str(row["contract"]), _str(row["declarer"]), _int(row["contract_dd_tricks"]),
                  _str(row["par_contract"]), _str(row["par_declarer"]), (int(row["par_ns"]), int(row["par_ew"])),
                  best, actual, cards)


def card_costs(store: Store, session_id: str, deal: int) -> list[CardCost]:
    """The replay's per-card marks: ``[]`` if the deal has no stored per-card analysis."""
    found = deal_dd(store, session_id, deal)
    return [] if found is None else list(found.cards)


def player_accuracy(store: Store, session_id: str | list[str] | None = None) -> pd.DataFrame:
    """Per player and role (``declaring``: the declarer and his partner; ``defending``): cards
    played, tricks given away double dummy, and tricks lost per 100 cards. Reads a row per deal
    (the per-seat sums of ``dd_tables``) and groups with NumPy."""
    columns = ["player", "role", "cards", "tricks_lost", "lost_per_100"]
    rows = current_rows(store, ["session_id", "declarer", *CARDS_COLUMNS, *LOST_COLUMNS], session_id,
                        ds.field(CARDS_COLUMNS[0]).is_valid())
    if rows.num_rows == 0:
        return pd.DataFrame(columns=columns)
    seated, codes = _seated(store, session_id, rows)
    names, name_codes = np.unique(seated.astype(str), return_inverse=True)
    name_codes = name_codes.reshape(seated.shape)
    known = ~pd.isna(seated)
    declarer_seat = _seat_of(rows.column("declarer").chunk(0))
    cards = np.zeros(2 * len(names), dtype=np.int64)
    lost = np.zeros(2 * len(names), dtype=np.int64)
    for seat, (cards_column, lost_column) in enumerate(zip(CARDS_COLUMNS, LOST_COLUMNS)):
        sat = known[codes, seat]
        slot = 2 * name_codes[codes, seat] + (seat % 2 != declarer_seat % 2)  # even: declaring
        cards += np.bincount(slot[sat], rows.column(cards_column).to_numpy()[sat], len(cards)).astype(np.int64)
        lost += np.bincount(slot[sat], rows.column(lost_column).to_numpy()[sat], len(lost)).astype(np.int64)
    used = np.flatnonzero(cards)
    out = pd.DataFrame({"player": names[used // 2], "role": np.where(used % 2 == 0, "declaring", "defending"),
                        "cards": cards[used], "tricks_lost": lost[used]})
    out["lost_per_100"] = 100 * out["tricks_lost"] / out["cards"]
    return out[columns].sort_values(["player", "role"]).reset_index(drop=True)


def par_gaps(store: Store, session_id: str | list[str] | None = None) -> pd.DataFrame:
    """Per played deal: the contract, par, both nets for N–S and the gap (as played − par, for
    N–S; the declarer's side's gap is ``declarer_gap``), with the declarer's name; in no set order."""
    wanted = ["session_id", "deal", "contract", "declarer", "par_contract", "par_declarer",
              "actual_ns", "actual_ew", "par_ns", "par_ew"]
    table = current_rows(store, wanted, session_id, (ds.field("status") == STATUS_OK) & ds.field("actual_ns").is_valid())
    columns = ["session_id", "deal", "contract", "declarer", "declarer_name", "par_contract", "par_declarer",
               "actual_net_ns", "par_net_ns", "gap_ns", "declarer_gap"]
    if table.num_rows == 0:
        return pd.DataFrame(columns=columns)
    rows = frame_of(table)
    seated, codes = _seated(store, session_id, table)
    seat_index = _seat_of(table.column("declarer").chunk(0))
    rows["declarer_name"] = seated[codes, seat_index]
    rows["actual_net_ns"] = (rows["actual_ns"] - rows["actual_ew"]).astype(int)
    rows["par_net_ns"] = (rows["par_ns"] - rows["par_ew"]).astype(int)
    rows["gap_ns"] = rows["actual_net_ns"] - rows["par_net_ns"]
    rows["declarer_gap"] = rows["gap_ns"].where(seat_index % 2 == 0, -rows["gap_ns"])
    return rows[columns]


def _seated(store: Store, session_id, rows) -> tuple[np.ndarray, np.ndarray]:
    """The players of the sessions of ``rows`` (by session code, then seat) and each row's
    session code."""
    sessions = rows.column("session_id").chunk(0)
    players = store.sessions(session_id, columns=["session_id", *PLAYER_COLUMNS]).set_index("session_id")
    return (players.reindex(sessions.dictionary.to_pylist()).to_numpy(),
            sessions.indices.to_numpy(zero_copy_only=False))


def _seat_of(declarer) -> np.ndarray:
    """Seat numbers (N 0 … W 3) of a dictionary column of seat names without nulls."""
    return np.array([SEAT_NAMES.index(d) for d in declarer.dictionary.to_pylist()], dtype=np.int64)[
        declarer.indices.to_numpy(zero_copy_only=False)]
