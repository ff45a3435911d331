"""Bridge sessions with card play for the replay and scoresheet tests: the worked deal of
``worked_example.json`` (N deals; N–S take 8 tricks in clubs) re-bid under a bridge profile."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from vint_replay.engine.record import SessionRecord
from vint_replay.formats.json_record import read_json

WORKED = json.loads((Path(__file__).parent / "data" / "worked_example.json").read_text(encoding="utf-8"))
DOUBLED = ["3C", "X", "pass", "pass", "pass"]  # N 3♣, E doubles: one down (8 tricks)
PART_SCORE = ["2C", "pass", "pass", "pass"]  # made: 40 below


def bridge_raw(rules: str, deals: list[tuple[list[str], int, int | None]]) -> dict:
    """A session of the worked deal repeated, one ``(auction, cards played, result)`` per deal
    (``result`` None for the whole play; fewer cards with a result make a claim). The deal
    passes round the table; passes are put before each auction so that North calls first."""
    raw = copy.deepcopy(WORKED)
    raw["session"].update(rules=rules, id=f"bridge-{rules}")
    base = raw["deals"][0]
    base.pop("recorded")
    raw["deals"] = []
    for number, (auction, cards, result) in enumerate(deals, 1):
        deal = copy.deepcopy(base)
        deal.update(number=number, dealer="NESW"[(number - 1) % 4], play=base["play"][:cards],
                    auction=["pass"] * ((5 - number) % 4) + auction)
        if result is not None:
            deal["result"] = {"declarer_tricks": result}
        raw["deals"].append(deal)
    return raw


def bridge_session(rules: str, deals: list[tuple[list[str], int, int | None]]) -> SessionRecord:
    return read_json(json.dumps(bridge_raw(rules, deals)).encode()).record
