"""Where the real hand records are (docs/real-records.md): fetched files the repository does not
keep, gathered from mirrors by scripts/real_lin_corpus.py and scripts/real_pbn_corpus.py into
$VINT_REAL_RECORDS/<kind>/, else the steering repo's shared/real-records/<kind>/ beside the
repository; a test over them skips, saying how to get them, where they are not."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ENV = "VINT_REAL_RECORDS"  # a folder holding lin/ and pbn/
REPOSITORY = Path(__file__).resolve().parent.parent
SHARED = REPOSITORY.parent / "shared" / "real-records"


def folder(kind: str) -> Path | None:
    """The folder of the real ``kind`` ("lin" or "pbn") files, or ``None`` when there is none."""
    given = os.environ.get(ENV)
    root = Path(given) if given else SHARED if SHARED.is_dir() else None
    return root / kind if root is not None and (root / kind).is_dir() else None


def how_to_get(kind: str) -> str:
    """The skip reason: where the files are looked for and the script that gathers them."""
    return (f"no real {kind.upper()} files: set {ENV} to a folder holding {kind}/, or gather them into "
            f"{SHARED / kind} with scripts/real_{kind}_corpus.py --mirrors MIRRORS {SHARED / kind}")


def listed(kind: str) -> list[str]:
    """The real files' names, as scripts/real_<kind>_corpus.py lists them (a script, not a package)."""
    scripts = REPOSITORY / "scripts"
    name = f"real_{kind}_corpus"
    if str(scripts) not in sys.path:
        sys.path.append(str(scripts))  # the LIN script imports the PBN one's Source
    spec = importlib.util.spec_from_file_location(name, scripts / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[name] = importlib.util.module_from_spec(spec)  # its dataclass looks it up
    spec.loader.exec_module(module)
    return [source.name for source in module.SOURCES]


def path(kind: str, name: str) -> Path:
    """The real file ``name``; the calling test skips, by name, when it is not here."""
    where = folder(kind)
    if where is None:
        pytest.skip(how_to_get(kind))
    found = where / name
    if not found.is_file():
        pytest.skip(f"{name} is not in {where}: scripts/real_{kind}_corpus.py gathers it")
    return found
