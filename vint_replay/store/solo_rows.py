"""A solo-whist deal's own fields in the store (docs/store.md): kept in the deal row's
``extra_json`` under ``"solo"``, with the payments due, so that the Parquet schemas stay as
they are and export writes back exactly what was imported."""
from __future__ import annotations

from typing import Any

from ..engine.cards import Card, Suit
from ..engine.record import DealRecord
from ..games.solo.contracts import SoloCall
from ..games.solo.ledger import SoloDealScore
from ..games.solo.record import SoloDeal
from ..games.solo.fields import contract_json, parse_contract


def solo_json(solo: SoloDeal, scored: SoloDealScore) -> dict[str, Any]:
    """The deal's solo-whist fields and its payments due (quarters by seat N E S W)."""
    out: dict[str, Any] = {"calls": [c.value for c in solo.calls], "due": list(scored.payments)}
    if solo.turn_up is not None:
        out["turn_up"] = solo.turn_up.name
    if solo.sits_out is not None:
        out["sits_out"] = solo.sits_out
    if solo.abond_trump is not None:
        out["abond_trump"] = solo.abond_trump.letter
    if solo.outcome is not None:
        out["outcome"] = solo.outcome
    if solo.payments is not None:
        out["payments"] = list(solo.payments)
    if solo.contract is not None:
        out["contract"] = contract_json(solo.contract)
    return out


def solo_of(raw: dict[str, Any]) -> SoloDeal:
    """The fields :func:`solo_json` stored, back as the record had them."""
    payments, stated = raw.get("payments"), raw.get("contract")
    return SoloDeal(None if "turn_up" not in raw else Card[raw["turn_up"]], tuple(SoloCall(c) for c in raw["calls"]),
                    raw.get("sits_out"), None if "abond_trump" not in raw else Suit("SHDC".index(raw["abond_trump"])),
                    raw.get("outcome"), None if payments is None else tuple(payments),  # type: ignore[arg-type]
                    None if stated is None else parse_contract(stated["bid"], stated["declarer"], stated.get("partner")))


def content_key(deal: DealRecord) -> list[object] | None:
    """What a deal's solo-whist fields add to the session's content hash (``None`` when it has none)."""
    solo = deal.solo
    if solo is None:
        return None
    return [None if solo.turn_up is None else int(solo.turn_up), [c.value for c in solo.calls], solo.sits_out,
            None if solo.abond_trump is None else int(solo.abond_trump), solo.outcome,
            None if solo.payments is None else list(solo.payments),
            None if solo.contract is None else contract_json(solo.contract)]
