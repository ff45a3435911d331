"""Issue 20, "the types tell the truth": the type checker passes over the package and the
dashboard as ``[tool.mypy]`` in pyproject.toml configures it, with no error and no ``type:
ignore`` left that a real type has made needless (``warn_unused_ignores``)."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("vint_replay", "dashboards")


def test_mypy_checks_both_packages_strictly_about_ignores() -> None:
    """The configuration this test relies on: both packages, and an unused ignore is an error."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert tuple(config["packages"]) == CHECKED
    assert config["warn_unused_ignores"] is True


@pytest.mark.slow
def test_mypy_finds_no_error(tmp_path: Path) -> None:
    """``mypy`` over vint_replay and dashboards reports nothing, and it read every module of them
    (so a configuration that checked nothing would fail here too)."""
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    checked = re.search(r"Success: no issues found in (\d+) source files", run.stdout)
    assert checked is not None, run.stdout
    modules = sum(1 for package in CHECKED for _ in (ROOT / package).rglob("*.py"))
    assert int(checked.group(1)) >= modules, run.stdout
