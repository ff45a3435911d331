"""A session of no deals, in every game the samples hold (format.md §4: a session's deals may be
none, as a sheet started and not yet played): every command answers in words, never a traceback."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vint_replay.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


def _games() -> dict[str, Path]:
    """One sample file for each rule system the samples hold (by ``rules``)."""
    found: dict[str, Path] = {}
    for path in sorted(SAMPLES.glob("*.json")) + sorted(SAMPLES.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("session"), dict) and "deals" in data:
            found.setdefault(str(data["session"].get("rules", "volchaninov")), path)
    return found


GAMES = _games()


def test_the_samples_hold_several_games() -> None:
    assert {"volchaninov", "solo-whist"} <= set(GAMES) and len(GAMES) >= 5, sorted(GAMES)


@pytest.mark.parametrize("rules", sorted(GAMES))
@pytest.mark.parametrize("command", [["validate"], ["score"], ["score", "--json"], ["audit"], ["audit", "--json"]])
def test_an_empty_session_is_answered_in_words(tmp_path: Path, rules: str, command: list[str]) -> None:
    data = json.loads(GAMES[rules].read_text(encoding="utf-8"))
    data["deals"] = []
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    if "--json" in command:
        json.loads(result.output)
    else:
        assert result.output.strip()
