"""The dashboard's data under the laws (docs/rules/laws.md), without a browser: the irregular
cards and calls shipped to the replay, the penalty as the ledger applied it, the players' results."""
from __future__ import annotations

from dataclasses import replace

from laws_builders import DATA, revoke, under_laws
from dashboards.payload import replay_payload
from dashboards import data
from vint_replay.games.laws import views as laws_view
from vint_replay.engine.record import CallOutOfTurn
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file

CLAIMED = evaluate(read_file(DATA / "revoke_10_2.json").record)  # deal 2: S's claimed revoke at trick 7


def test_the_replay_payload_carries_the_revoke_where_it_was_played_and_the_penalty_as_applied():
    payload = replay_payload(CLAIMED, 2)
    assert payload is not None
    (mark,) = payload["marks"]
    index = mark["index"]
    assert (mark["kind"], mark["seat"], mark["trick"]) == ("revoke", "S", 7)
    assert payload["play"][index] == mark["card"] and 24 <= index < 28  # the card S played to trick 7
    scored = CLAIMED.score.deals[1]
    assert payload["penalty"]["before"] == list(scored.penalty.tricks_before)
    assert payload["penalty"]["after"] == list(scored.penalty.tricks_after) != payload["penalty"]["before"]
    assert payload["penalty"]["capped"] == [20, 0] and payload["penalty"]["cap"] == 490  # laws.md §10.2
    assert payload["penalty"]["lines"][0].startswith("Revoke penalty (laws.md §8.4): tricks N–S 10, E–W 3 → N–S 7, E–W 6")
    clean = replay_payload(CLAIMED, 1)
    assert clean is not None and clean["marks"] == [] and clean["penalty"] is None


def test_the_deal_table_gives_a_penalised_deals_tricks_as_played_and_as_scored():
    rows = {r.number: r.tricks for r in data.deal_rows(CLAIMED)}
    assert rows[2] == "10 → 7/9" and "→" not in rows[1]  # laws.md §10.2: 10 taken, 7 after the penalty


def test_a_seat_view_is_not_told_of_a_revoke_that_shows_a_hand():
    payload = replay_payload(CLAIMED, 2, Seat.N)
    assert payload is not None and payload["marks"] == [] and payload["penalty"] is not None


def test_the_deals_irregularities_are_listed_with_the_penalty_and_who_answers_alone():
    lines = laws_view.deal_irregularities(CLAIMED.replays[1], CLAIMED.score.deals[1])
    assert lines[0].startswith("trick 7: revoke by S: ♦7")
    assert "S answers alone for 7180 (law 153, laws.md §9)" in lines  # the partner asked (laws.md §10.2)
    assert laws_view.deal_irregularities(CLAIMED.replays[0], CLAIMED.score.deals[0]) == []


def test_calls_out_of_turn_are_marked_by_their_index():
    replay = CLAIMED.replays[0]
    marked = replace(replay, deal=replace(replay.deal, out_of_turn=(CallOutOfTurn(2, Seat.W),)))
    assert laws_view.auction_marks(marked) == {2: "W called out of turn (laws.md §4.5)"}
    assert laws_view.auction_marks(replay) == {}


def test_players_results_are_shown_only_where_they_differ_from_the_sides_difference():
    results = laws_view.player_results(CLAIMED)
    assert results is not None
    by_seat = {r.seat: r for r in results}
    x = CLAIMED.score.deals[1].responsible[0].amount
    assert by_seat[Seat.S].result == by_seat[Seat.S].side_difference - x
    assert by_seat[Seat.N].result == by_seat[Seat.N].side_difference + x
    assert by_seat[Seat.E].result == by_seat[Seat.E].side_difference
    unasked = evaluate(under_laws(CLAIMED.record, {2: (revoke("S", 7),)}))
    assert laws_view.player_results(unasked) is None


def test_the_demo_imports_the_evenings_under_the_laws(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from dashboards.background import BackgroundAnalysis
    from vint_replay import cli
    from vint_replay.store import Store

    monkeypatch.setattr(cli, "_listen", lambda *args, **kwargs: lambda: None)
    monkeypatch.setattr(BackgroundAnalysis, "request", lambda self: True)
    monkeypatch.setattr(BackgroundAnalysis, "stop", lambda self: None)
    result = CliRunner().invoke(cli.main, ["demo", "--store", str(tmp_path / "s"), "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "not imported" not in result.output
    laws = {p.stem for p in (DATA.parent.parent.parent / "sample_data" / "laws").glob("*.json")}
    assert len(laws) == 2 and set(Store(tmp_path / "s").session_ids()) >= laws
