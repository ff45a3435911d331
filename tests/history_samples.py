"""Corrections of the sample evenings of every kind, for the history tests: each writes the
first version and the corrected one from a sample file, changing one thing a scorer might fix."""
from __future__ import annotations

import json
from pathlib import Path

from test_store import write_record

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
SOLO = SAMPLES / "solo" / "arbat-solo-2026-11-24.json"  # deal 4: Алексей's misère, failed at trick 8
THREE = SAMPLES / "vint235" / "dacha-2026-08-09-three.json"  # vint3-dummy: two columns by player
AUCTION = SAMPLES / "vint235" / "dacha-2026-08-16-three.json"  # vint3-auction: three columns
LAWS = SAMPLES / "laws" / "arbat-2027-01-12-laws-t1.json"  # deal 1: N's claimed revoke


def raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def solo_pair(folder: Path) -> tuple[Path, Path]:
    """The solo evening, and a version where deal 4's misère stops after trick 7, conceded made."""
    fixed = raw(SOLO)
    deal = fixed["deals"][3]
    deal["play"], deal["outcome"] = deal["play"][:28], "made"
    return SOLO, write_record(folder / "solo-v2.json", fixed)


def tables_pair(path: Path, folder: Path) -> tuple[Path, Path]:
    """A 2-, 3- or 5-player evening, and a version whose deal 1 is recorded by its result (6
    declarer tricks) instead of its play."""
    fixed = raw(path)
    deal = fixed["deals"][0]
    del deal["play"]
    deal["result"] = {"declarer_tricks": 6}
    return path, write_record(folder / f"{path.stem}-v2.json", fixed)


def laws_pair(folder: Path) -> tuple[Path, Path]:
    """The laws evening's first two deals (the engine does not yet read the laws' auctions of
    the later ones), and a version where N's revoke in deal 1 was not claimed after all."""
    first = raw(LAWS)
    first["deals"] = first["deals"][:2]
    fixed = json.loads(json.dumps(first))
    fixed["deals"][0]["irregularities"][0]["claimed"] = False
    return write_record(folder / "laws-v1.json", first), write_record(folder / "laws-v2.json", fixed)
