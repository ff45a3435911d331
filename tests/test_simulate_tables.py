"""The 2/3/5-player simulator's edge cases, found by the random-evening property."""
from __future__ import annotations

import pytest

from vint_replay.engine.session import evaluate
from vint_replay.simulators.vint235 import simulate_session


def test_a_widow_deal_bid_at_the_top_keeps_its_contract():
    """players-2-3-5.md §2.5: the final contract is any bid not lower than the winning one; over
    the top bid nothing is higher, so the contract stands (seed 532 draws such a deal)."""
    record = simulate_session("vint2-widow", ("Ivanov", "Petrov"), 14, 532, {})
    report = evaluate(record)
    assert report.valid, [d.describe() for d in report.diagnostics]
    assert len(record.deals) == 14


def test_only_a_method_is_simulated_as_one():
    """A four-handed profile is no 2/3/5-player method: refused by name, before any deal."""
    with pytest.raises(ValueError, match="volchaninov is not a 2-, 3- or 5-player method"):
        simulate_session("volchaninov", ("Ivanov", "Petrov"), 1, 1)
