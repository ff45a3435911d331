"""The sample corrections the demo applies: a folder's ``corrections.json`` lists record files
with who made each correction and why; each becomes its session's next version once."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..formats import read_file
from .errors import StoreError
from .store import Store
from .content import content_sha256, kept_sha256, same_session
from .versions import Correction

LIST = "corrections.json"


@dataclass(frozen=True)
class Listed:
    """One listed correction: the record file, who made it, why."""

    path: Path
    author: str
    reason: str


def listed(folder: Path) -> list[Listed]:
    """The corrections a folder lists (none if it has no ``corrections.json``)."""
    path = folder / LIST
    if not path.is_file():
        return []
    try:
        return [Listed(folder / entry["file"], entry["by"], entry["reason"])
                for entry in json.loads(path.read_text(encoding="utf-8"))]
    except (ValueError, KeyError, TypeError) as err:
        raise StoreError(f"{path}: not a list of {{file, by, reason}} ({type(err).__name__}: {err})") from err


def apply_corrections(store: Store, folder: Path) -> list[str]:
    """Apply each listed correction its session has not had yet; one line per correction
    saying what became of it."""
    lines = []
    for item in listed(folder):
        result = read_file(item.path)
        if result.record is None:
            lines.append(f"{item.path}: not applied (it cannot be read)")
            continue
        sid, digests = result.record.info.id, (content_sha256(result.record), kept_sha256(result.record))
        if sid in store and any(same_session(v.digests, digests) for v in store.versions(sid)):
            lines.append(f"{sid}: correction {item.path.name} already applied")
            continue
        outcome = store.import_paths([str(item.path)], workers=1,
                                     correction=Correction(item.reason, item.author)).outcomes[0]
        lines.append(f"{sid}: correction {item.path.name} stored as the next version" if outcome.status == "replaced"
                     else f"{item.path}: not applied ({outcome.reason or 'has errors'})")
    return lines
