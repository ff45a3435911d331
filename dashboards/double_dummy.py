"""What the dashboard shows from the double-dummy analysis (``vint-replay analyze``): the replay's
per-card payload, the deal's DD table and par (the profile's), and the analysis page's accuracy and par
gaps. Plain data only; every function returns ``None`` or an empty frame when nothing was
analysed, and the pages then show :data:`NOT_ANALYSED`.
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from vint_replay.analysis.views import parse_contract
from vint_replay.engine.calls import Denomination
from vint_replay.store import Store
from vint_replay.store.schema import CARD_NAMES, SEAT_NAMES

NOT_ANALYSED = ("No double-dummy analysis in the store: vint-replay analyze makes it for every deal but those "
                "with errors, void deals and deals of 14 and 12 cards.")
CARD_NUMBER = {name: i for i, name in enumerate(CARD_NAMES)}
SIDE_LABELS = {"NS": "N–S", "EW": "E–W"}


def _analysis():
    """The analysis read side, or ``None`` when endplay is not installed."""
    try:
        from vint_replay.analysis import views
    except ImportError:
        return None
    return views


def deal_analysis(store: Store, session_id: str, number: int):
    """The stored analysis of a deal (a ``DealDD``), or ``None``: read once per page load, so
    the results of an analysis still running show up on reload."""
    views = _analysis()
    return None if views is None else views.deal_dd(store, session_id, number)


def replay_dd(found, play: list[int]) -> dict[str, object] | None:
    """For the replay's ``dcc.Store``: per card played, its DD cost and the best cards at that
    point (card integers, as in the payload's ``play``), and the declarer side's DD tricks at
    each position 0..n. ``None`` unless the analysis ``found`` covers exactly this play."""
    if found is None or not found.cards or [CARD_NUMBER[c.card] for c in found.cards] != play:
        return None
    return {"cost": [c.cost for c in found.cards],
            "best": [[CARD_NUMBER[b] for b in c.best] for c in found.cards],
            "tricks": found.positions}


DOUBLING_MARKS = {1: "", 2: "X", 4: "XX"}


@dataclass(frozen=True)
class DealPanel:
    """The deal's DD table and par, as text ready to show, in the profile's terms."""

    par_label: str  # "Vint par", "Par": the profile's name for it
    denominations: tuple[Denomination, ...]  # the table's columns: the profile's bidding order, low to high
    rows: list[tuple[str, list[int]]]  # per declarer N E S W: tricks in ``denominations``
    played: tuple[str, str] | None  # (declarer, denomination code) of the contract played
    contract_line: str | None  # "4♥ by S: 10 tricks double dummy (needs 10)"
    par: str  # "5♥ by N: N–S 3550, E–W 100" or "passed out"
    best: list[str]  # each side's own best contract and its net
    gap: str | None  # "as played N–S net +138, 3312 below par"


def bid_text(contract: str | None) -> str:
    """A stored contract for people: ``5♠X``, ``3NT``; ``pass`` for none."""
    if contract is None:
        return "pass"
    call, doubled = parse_contract(contract)
    return call.pretty + DOUBLING_MARKS[doubled]


def deal_panel(found) -> DealPanel | None:
    """The DD table and par of an analysed deal (``None`` without an analysis)."""
    if found is None:
        return None
    order = found.profile.denomination_order
    rows = [(seat, [found.table[d.code][seat] for d in order]) for seat in SEAT_NAMES]
    played = contract_line = None
    if found.contract is not None and found.declarer is not None:
        call, _ = parse_contract(found.contract)
        assert call.denomination is not None
        played = (found.declarer, call.denomination.code)
        contract_line = (f"{bid_text(found.contract)} by {found.declarer}: {found.contract_dd_tricks} tricks double dummy "
                         f"(needs {call.level + 6})")
    ns, ew = found.par_points
    par = "passed out (0 : 0)" if found.par_contract is None else (
        f"{bid_text(found.par_contract)} by {found.par_declarer}: N–S {ns}, E–W {ew}")
    best = [f"{SIDE_LABELS[side]}'s best: {bid_text(c)} by {d}, net {n:+d}" for side, (c, d, n) in found.best.items()]
    gap = None
    if found.actual_points is not None and found.gap_ns is not None:
        net = found.actual_points[0] - found.actual_points[1]
        gap = (f"as played: N–S net {net:+d}; " +
               ("at par" if found.gap_ns == 0 else f"{abs(found.gap_ns)} {'above' if found.gap_ns > 0 else 'below'} par for N–S"))
    return DealPanel(found.profile.par_label, order, rows, played, contract_line, par, best, gap)


def accuracy(store: Store, session_ids: list[str] | None = None) -> pd.DataFrame:
    """Per player: tricks lost per 100 cards declaring and defending (columns ``declaring``,
    ``defending``; NaN when a player never had that role), and the cards behind them."""
    views = _analysis()
    table = pd.DataFrame() if views is None else views.player_accuracy(store, session_ids)
    if table.empty:
        return pd.DataFrame(columns=["player", "declaring", "defending", "cards"])
    wide = table.pivot(index="player", columns="role", values="lost_per_100").reindex(columns=["declaring", "defending"])
    wide["cards"] = table.groupby("player")["cards"].sum()
    return wide.reset_index().rename_axis(columns=None)


def stale(store: Store, session_ids: list[str] | None = None) -> int:
    """Deals whose stored analysis an older vint-replay wrote for their game: not shown until
    ``analyze`` does them again (docs/analysis.md)."""
    if _analysis() is None:
        return 0
    from vint_replay.analysis.datasets import stale_deals

    return stale_deals(store, session_ids)


STALE = ("{count} deal(s) were analysed by an older vint-replay, which scored bridge's par in vint's terms: "
         "they are not shown until vint-replay analyze does them again.")


def par_distance(store: Store, session_ids: list[str] | None = None) -> pd.DataFrame:
    """Per played deal, how far the result was from vint par for the declaring side (points;
    negative: below par), largest shortfalls first."""
    views = _analysis()
    gaps = pd.DataFrame() if views is None else views.par_gaps(store, session_ids)
    if gaps.empty:
        return pd.DataFrame(columns=["session_id", "deal", "contract", "declarer", "declarer_name",
                                     "par_contract", "par_declarer", "declarer_gap"])
    return gaps.sort_values(["declarer_gap", "session_id", "deal"]).reset_index(drop=True)


def par_by_declarer(gaps: pd.DataFrame) -> pd.DataFrame:
    """Per declaring player: deals declared and the mean distance from par of his side."""
    if gaps.empty:
        return pd.DataFrame(columns=["player", "deals", "mean_gap"])
    out = gaps.groupby("declarer_name").agg(deals=("deal", "size"), mean_gap=("declarer_gap", "mean"))
    return out.reset_index().rename(columns={"declarer_name": "player"}).sort_values("mean_gap").reset_index(drop=True)
