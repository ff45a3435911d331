"""Shared fixtures: the worked example of rules/volchaninov.md §6, the default profile, a CLI runner."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vint_replay.formats.json_record import read_json
from vint_replay.engine.profiles import RuleProfile, get_profile
from vint_replay.engine.record import SessionRecord

DATA = Path(__file__).parent / "data"


@pytest.fixture
def worked_example_path() -> Path:
    return DATA / "worked_example.json"


@pytest.fixture
def worked_example_raw(worked_example_path: Path) -> dict:
    """The worked example as plain JSON, to corrupt in tests."""
    return json.loads(worked_example_path.read_text(encoding="utf-8"))


@pytest.fixture
def worked_example(worked_example_path: Path) -> SessionRecord:
    result = read_json(worked_example_path.read_bytes())
    assert result.record is not None and not result.diagnostics
    return result.record


@pytest.fixture
def profile() -> RuleProfile:
    return get_profile("volchaninov")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
