"""The history page of a corrected solo-whist evening in a real headless Chromium: the changed
deal with each player's payment and balance in both versions, and the evening's balances."""
from __future__ import annotations

import pytest

from conftest import dashboard_in_chromium
from dashboards.live import console_errors
from history_samples import solo_pair
from test_dashboard_browser import css, text_of, wait_for
from vint_replay.engine.session import evaluate
from vint_replay.games.solo.contracts import points_text
from vint_replay.formats import read_file

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:HTTPResponse.getheader:DeprecationWarning")]


def test_history_page_of_a_corrected_solo_evening(tmp_path):
    from vint_replay.store import Store
    from vint_replay.store.versions import Correction

    first, second = solo_pair(tmp_path)
    store = Store(tmp_path / "store")
    assert store.import_paths([str(first)], workers=1).imported
    assert store.import_paths([str(second)], workers=1, correction=Correction("deal 4 conceded", "Орлов")).replaced
    sid = read_file(str(first)).record.info.id
    new = evaluate(read_file(str(second)).record).score
    with dashboard_in_chromium(store.root) as (driver, base):
        driver.get(f"{base}/history/{sid}")
        rows = wait_for(lambda: css(driver, "#changes-table tbody tr"))
        assert [r.get_attribute("id") for r in rows] == ["change-4"]
        assert "outcome: misère by Алексей: failed → misère by Алексей: made" in rows[0].text
        paid = points_text(new.deals[3].paid("Алексей"))
        assert f"Алексей {paid} (balance {points_text(new.deals[3].balances[1])})" in rows[0].text
        totals = text_of(driver, "#totals-after")
        assert all(f"{p} {points_text(q)}" in totals for p, q in zip(new.players, new.balances))
        assert console_errors(driver) == []
