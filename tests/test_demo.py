"""``vint-replay demo`` as a process: it serves, and a SIGTERM stops it and its background analysis."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_sigterm_stops_the_demo_and_its_analysis(tmp_path: Path) -> None:
    port = free_port()
    demo = subprocess.Popen([sys.executable, "-c", "from vint_replay.cli import main; main()", "demo", "--store", str(tmp_path / "store"),
                             "--port", str(port)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200
                    break
            except OSError:
                assert demo.poll() is None and time.monotonic() < deadline
                time.sleep(0.3)
        children = psutil.Process(demo.pid).children(recursive=True)
        assert children, "the demo should analyse in a child process"
        os.kill(demo.pid, signal.SIGTERM)
        assert demo.wait(timeout=30) == 0
        gone, alive = psutil.wait_procs(children, timeout=30)
        assert not alive
    finally:
        if demo.poll() is None:
            demo.kill()


def test_the_demo_imports_every_sample_evening_of_every_game(tmp_path: Path, monkeypatch) -> None:
    """vint's evenings and those of solo whist, the laws and the 2/3/5-player methods: all in the
    demo's store, none refused."""
    from click.testing import CliRunner

    from dashboards.background import BackgroundAnalysis
    from vint_replay import cli
    from vint_replay.formats import read_file
    from vint_replay.store import Store

    monkeypatch.setattr(cli, "_listen", lambda *args, **kwargs: lambda: None)
    monkeypatch.setattr(BackgroundAnalysis, "request", lambda self: True)
    monkeypatch.setattr(BackgroundAnalysis, "stop", lambda self: None)
    result = CliRunner().invoke(cli.main, ["demo", "--store", str(tmp_path / "s"), "--port", "8124"])
    assert result.exit_code == 0, result.output
    assert "not imported" not in result.output
    samples = ROOT / "sample_data"
    for folder in cli.SAMPLE_FOLDERS:
        ids = {read_file(p).record.info.id for p in samples.glob(f"{folder}*.json")}
        assert ids and ids <= set(Store(tmp_path / "s").session_ids()), folder


def test_a_second_demo_finds_its_samples_and_correction_in_place(tmp_path: Path, monkeypatch) -> None:
    """The second demo on the same store: the corrected sample evening is an earlier version of
    its session, so it is "already in" the store, with no advice to --replace (following it would
    overwrite the correction), and the correction is already applied."""
    from click.testing import CliRunner

    from dashboards.background import BackgroundAnalysis
    from vint_replay import cli

    monkeypatch.setattr(cli, "_listen", lambda *args, **kwargs: lambda: None)
    monkeypatch.setattr(BackgroundAnalysis, "request", lambda self: True)
    monkeypatch.setattr(BackgroundAnalysis, "stop", lambda self: None)
    store = ["demo", "--store", str(tmp_path / "s"), "--port", "8124"]
    first = CliRunner().invoke(cli.main, store)
    assert first.exit_code == 0 and "stored as the next version" in first.output, first.output
    again = CliRunner().invoke(cli.main, store)
    assert again.exit_code == 0, again.output
    assert "not imported" not in again.output and "--replace" not in again.output
    assert "sample sessions: 0 imported" in again.output and "already applied" in again.output


def test_readme_and_help_name_the_folders_the_demo_imports() -> None:
    """README's command table and ``demo --help`` name the sample folders the demo imports
    (``cli.SAMPLE_FOLDERS``), each a folder of sample_data/, by their names (README said
    ``tables/`` for ``vint235/``; the help printed the constant's name)."""
    import re

    from click.testing import CliRunner

    from vint_replay import cli

    row = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `vint-replay serve` / `vint-replay demo`"))
    named = re.search(r"and its (.*?) evenings", row)
    assert named is not None
    assert set(re.findall(r"`([^`]+/)`", named.group(1))) == set(cli.SAMPLE_FOLDERS)
    assert all((ROOT / "sample_data" / folder).is_dir() for folder in cli.SAMPLE_FOLDERS)
    shown = " ".join(CliRunner().invoke(cli.main, ["demo", "--help"]).output.split())
    assert "SAMPLE_FOLDERS" not in shown and all(folder in shown for folder in cli.SAMPLE_FOLDERS)
