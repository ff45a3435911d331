"""``validate`` run with the batch path and without it (every file on the reference path), for
the tests that prove the two print and exit alike."""
from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from vint_replay import cli
from vint_replay.cli import main
from vint_replay.store import validity


def validate_both_ways(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Result:
    """``validate ARGS`` with the batch path taken whatever the input's size, asserted to print
    and exit as without it; the batch path's run."""
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    batch = runner.invoke(main, ["validate", *args])
    with monkeypatch.context() as m:
        m.setattr(validity, "valid_by_batch", lambda paths, scans=None: {})
        alone = runner.invoke(main, ["validate", *args])
    assert (batch.exit_code, batch.stdout, batch.stderr) == (alone.exit_code, alone.stdout, alone.stderr), args
    return batch
