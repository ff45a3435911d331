"""One seat's view of a replay sends only what that seat had seen (README, docs/dashboard.md): at
card k the page holds the cards played up to k, the winners of the tricks complete by then, the
seat's own hand and the hands exposed by then (rubber-bridge.md §3: the dummy after the opening
lead), and each step asks the server for the next position. ``?view=s`` is South's view; a view
that names no seat shows all hands with a note."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge_records import DOUBLED, bridge_raw
from dash_tree import by_id, ids

ROOT = Path(__file__).resolve().parent.parent
VINT = ROOT / "sample_data" / "arbat-2026-11-03-t1.json"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from dashboards.app import create_app
    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("seat-view")
    bridge = folder / "bridge.json"
    bridge.write_text(json.dumps(bridge_raw("rubber-bridge", [(DOUBLED, 52, None)]), ensure_ascii=False), encoding="utf-8")
    summary = Store(folder / "store").import_paths([str(VINT), str(bridge)], workers=1)
    assert not summary.rejected, [o.diagnostics for o in summary.rejected]
    return create_app(folder / "store")


def replay_page(app, session: str, deal: str, **query):
    import dash

    layout = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/replay/<session_id>/<deal>")
    with app.server.app_context():
        return layout(session_id=session, deal=deal, **query)


def step_answer(app, page, card: int, furthest: int = 0) -> dict:
    """What the server sends when the slider of ``page``, reaching ``furthest``, moves to ``card``
    (the seat view's callback): the new position, the slider's reach and its marks."""
    request = {"output": "..replay-deal.data...replay-slider.max...replay-slider.marks..",
               "outputs": [{"id": "replay-deal", "property": "data"}, {"id": "replay-slider", "property": "max"},
                           {"id": "replay-slider", "property": "marks"}],
               "inputs": [{"id": "replay-slider", "property": "value", "value": card}],
               "state": [{"id": "replay-seat", "property": "data", "value": by_id(page, "replay-seat").data},
                         {"id": "replay-slider", "property": "max", "value": furthest}],
               "changedPropIds": ["replay-slider.value"]}
    answer = app.server.test_client().post("/_dash-update-component", data=json.dumps(request),
                                           content_type="application/json")
    assert answer.status_code == 200, answer.text[-300:]
    return answer.get_json()["response"]


def stepped(app, page, card: int) -> dict:
    """The position the server sends when the slider of ``page`` moves to ``card``."""
    return step_answer(app, page, card)["replay-deal"]["data"]


def test_a_seat_view_holds_only_the_cards_played_so_far(app):
    full = by_id(replay_page(app, VINT.stem, "2"), "replay-deal").data
    page = replay_page(app, VINT.stem, "2", view="S", card="5")
    seen = by_id(page, "replay-deal").data
    assert seen["view"] == "S" and len(full["play"]) == 52 and seen["ended"] is False
    assert seen["play"] == full["play"][:5] and seen["winners"] == full["winners"][:1]
    assert seen["leaders"] == full["leaders"][:2]  # who leads trick 2: the winner of trick 1, seen by all
    assert [h is not None for h in seen["hands"]] == [False, False, True, False]
    assert seen["below_after"] == full["below_after"][:1] and seen["dd"] is None
    for card in (0, 17, 52):
        step = stepped(app, page, card)
        assert step["play"] == full["play"][:card] and step["winners"] == full["winners"][:card // 4]
        assert step["hands"][2] == full["hands"][2] and step["hands"][0] is None


def test_a_seat_view_does_not_tell_how_long_the_play_is(app):
    """Issue 23: the seat had not seen how many cards the play would have (a claim's timing), so
    neither the payload nor the slider tells it; the slider grows to the furthest card seen."""
    page = replay_page(app, VINT.stem, "2", view="S", card="5")
    seen, slider = by_id(page, "replay-deal").data, by_id(page, "replay-slider")
    assert "cards" not in seen and slider.max == 5 and max(slider.marks) <= 5
    answer = step_answer(app, page, 9, furthest=5)
    assert answer["replay-slider"]["max"] == 9 and max(map(int, answer["replay-slider"]["marks"])) <= 9
    assert answer["replay-deal"]["data"]["ended"] is False and "cards" not in answer["replay-deal"]["data"]
    assert step_answer(app, page, 3, furthest=9)["replay-slider"]["max"] == 9  # stepping back keeps what was seen
    assert stepped(app, page, 60)["ended"] is True  # at the end of the play the seat sees that it ended


def test_the_dummy_is_sent_once_it_is_spread(app):
    """rubber-bridge.md §3: East, a defender, sees the dummy (S) from the opening lead on."""
    page = replay_page(app, "bridge-rubber-bridge", "1", view="e")
    first = by_id(page, "replay-deal").data
    assert first["view"] == "E" and first["play"] == [] and first["winners"] == []
    assert [h is not None for h in first["hands"]] == [False, True, False, False]
    after_lead = stepped(app, page, 1)
    assert [h is not None for h in after_lead["hands"]] == [False, True, True, False]
    assert stepped(app, page, 0)["hands"][2] is None


@pytest.mark.parametrize("view", ["X", "north", ["S", "N"]])
def test_a_view_that_names_no_seat_shows_all_hands_with_a_note(app, view):
    page = replay_page(app, VINT.stem, "2", view=view)
    shown = by_id(page, "replay-deal").data
    assert shown["view"] == "all" and all(h is not None for h in shown["hands"])
    assert "showing all hands" in by_id(page, "view-note").children and "dd-hidden" not in ids(page)
    assert by_id(page, "replay-seat").data is None


def test_the_lower_case_view_is_the_seat(app):
    lower = by_id(replay_page(app, VINT.stem, "2", view="s"), "replay-deal").data
    upper = by_id(replay_page(app, VINT.stem, "2", view="S"), "replay-deal").data
    assert lower == upper and lower["view"] == "S"
