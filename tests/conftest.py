"""Shared fixtures: the worked example of rules/volchaninov.md §6, the default profile, a CLI runner,
the synthetic test profiles registered for a module (``synthetic_profiles``)."""
from __future__ import annotations

import hashlib
import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from vint_replay.formats.json_record import read_json
from vint_replay.games.registry import RuleProfile, get_profile
from vint_replay.engine.record import SessionRecord
from synthetic_profile import registered

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


@pytest.fixture(scope="module")
def synthetic_profiles():
    """The synthetic profiles (tests/synthetic_profile.py) registered for the module's tests:
    ``pytestmark = pytest.mark.usefixtures("synthetic_profiles")``."""
    with registered():
        yield


def require_chromium() -> None:
    """Skip a browser test where Chromium is missing — except in CI, where it must run."""
    from dashboards.live import chromium_missing

    reason = chromium_missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {reason}")
        pytest.skip(reason)


@contextmanager
def dashboard_in_chromium(store_root: Path) -> Iterator[tuple[object, str]]:
    """A real dashboard over ``store_root`` on loopback and a headless Chromium: (driver, base URL)."""
    from dashboards.app import create_app
    from dashboards.live import headless_chromium, serving

    require_chromium()
    with serving(create_app(store_root)) as base, headless_chromium() as driver:
        yield driver, base


@pytest.fixture
def page(browser_at):
    """Open a path of the dashboard of the module's ``browser_at`` fixture (driver, base URL); the
    page must leave no errors in the browser's console."""
    from dashboards.live import console_errors

    driver, base = browser_at
    driver.get_log("browser")
    yield lambda path: driver.get(base + path)
    assert console_errors(driver) == []


# CI runs the properties from a seed that is a hash of the sources: a run is reproducible (the
# same sources draw the same examples, ``CI=1`` locally replays it) yet every change of the code
# or the tests explores new examples, instead of derandomize's same few forever. Local runs keep
# hypothesis's random seeds and its example database.
SOURCES = ("vint_replay", "dashboards", "tests")


def sources_seed(root: Path = Path(__file__).parent.parent) -> int:
    """A 64-bit hash of the Python sources under ``SOURCES`` (paths and contents, in order)."""
    digest = hashlib.sha256()
    for path in sorted(p for top in SOURCES for p in (root / top).rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return int.from_bytes(digest.digest()[:8], "big")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Under ``CI``: no example database, and ``--hypothesis-seed`` (unless given) from the sources."""
    if os.environ.get("CI"):
        from hypothesis import settings

        settings.register_profile("ci", database=None)
        settings.load_profile("ci")
        if config.getoption("hypothesis_seed") is None:
            config.option.hypothesis_seed = str(sources_seed())


def pytest_report_header(config: pytest.Config) -> str | None:
    seed = config.getoption("hypothesis_seed")
    return None if seed is None else f"hypothesis seed {seed} (replay: --hypothesis-seed={seed})"


def score_of_file(path: Path):
    """The engine's score of a record file that must be valid (its problems shown otherwise)."""
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    result = read_file(path)
    report = evaluate(result.record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics]
    return report.score
