"""Correction history beyond four-handed vint: ``correct`` then ``history`` (text and JSON) and
``export --version`` over a solo-whist evening, 2- and 3-player evenings and an evening under the
laws layer, each score shown in its game's own terms.

Expected figures are the engine's own (``session.evaluate`` of each version's file) and the
sample files' fields: the history must show them unchanged, in the right columns."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from history_samples import AUCTION, SOLO, THREE, laws_pair, solo_pair, tables_pair
from test_store import snapshot
from vint_replay.cli import main
from vint_replay.engine.scoring import Line
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.games.solo.contracts import points, points_text
from vint_replay.formats import read_file
from vint_replay.reports.history import compare
from vint_replay.store import Store
from settled import settled


def score_of(path: Path):
    score = evaluate(read_file(str(path)).record).score
    assert score is not None, path
    return score


def corrected_store(tmp_path: Path, runner, first: Path, second: Path, reason: str) -> tuple[Store, str]:
    """A store holding ``first``, then ``second`` stored as its correction through the CLI."""
    store = Store(tmp_path / "store")
    assert store.import_paths([str(first)], workers=1).imported
    sid = read_file(str(first)).record.info.id
    result = runner.invoke(main, ["correct", str(second), "--reason", reason, "--by", "Орлов",
                                  "--store", str(store.root)])
    assert result.exit_code == 0, result.output
    assert f"{sid}: version 2 stored (Орлов: {reason})" in result.output
    return store, sid


def history_of(runner, store: Store, sid: str) -> tuple[dict, str]:
    as_json = runner.invoke(main, ["history", sid, "--json", "--store", str(store.root)])
    text = runner.invoke(main, ["history", sid, "--store", str(store.root)])
    assert as_json.exit_code == 0 and text.exit_code == 0, as_json.output + text.output
    (change,) = json.loads(as_json.output)["changes"]
    return change, text.output


def test_solo_history_shows_each_players_payment_and_balance(tmp_path: Path, runner) -> None:
    first, second = solo_pair(tmp_path)
    store, sid = corrected_store(tmp_path, runner, first, second, "deal 4: the misère was conceded made")
    change, text = history_of(runner, store, sid)
    old, new = score_of(first), score_of(second)
    # only deal 4 is listed: the later deals' payments stand, though every balance after it moved
    assert [d["deal"] for d in change["deals"]] == [4]
    (deal,) = change["deals"]
    assert deal["changes"] == ["cards: 32 → 28", "solo outcome: none → yes",
                               "outcome: misère by Алексей: failed → misère by Алексей: made"]
    for key, score in (("score_before", old), ("score_after", new)):
        scored = score.deals[3]
        assert deal[key] == {p: {"payment": points(scored.paid(p)), "balance": points(b)}
                             for p, b in zip(score.players, scored.balances)}
    assert deal["score_before"]["Алексей"]["payment"] == -deal["score_after"]["Алексей"]["payment"] < 0
    assert change["totals_before"] == {p: points(q) for p, q in zip(old.players, old.balances)}
    assert change["totals_after"] == {p: points(q) for p, q in zip(new.players, new.balances)}
    assert change["totals_before"] != change["totals_after"]
    paid = points_text(new.deals[3].paid("Алексей"))
    assert f"Алексей {paid} (balance {points_text(new.deals[3].balances[1])})" in text
    assert "deal 4:" in text and "deal 5:" not in text and "Орлов" in text
    assert f"session: Кирилл {points_text(old.balances[0])}, " in text


@pytest.mark.parametrize("path", [THREE, AUCTION], ids=["vint3-dummy", "vint3-auction"])
def test_tables_history_shows_the_methods_columns_by_player(tmp_path: Path, runner, path: Path) -> None:
    first, second = tables_pair(path, tmp_path)
    store, sid = corrected_store(tmp_path, runner, first, second, "deal 1: six tricks")
    change, text = history_of(runner, store, sid)
    old, new = score_of(first), score_of(second)
    deal = next(d for d in change["deals"] if d["deal"] == 1)
    assert deal["changes"][:2] == ["cards: 52 → 0", "result: none → 6"]
    after = deal["changes"][2].rsplit(" → ", 1)[1]  # the declarer's side (column or player) 6 tricks, the other 7
    declarer = after.split(" by ", 1)[1].split(",")[0]
    assert deal["changes"][2].startswith("outcome: ") and f"tricks {declarer} 6 " in after and after.endswith(" 7")
    for key, score in (("score_before", old), ("score_after", new)):
        assert deal[key] == columns_of(score)
    assert deal["score_before"] != deal["score_after"]
    assert change["totals_before"] == balances_of(old) and change["totals_after"] == balances_of(new)
    assert change["totals_before"] != change["totals_after"]
    assert "deal 1:" in text and all(player in text for player in old.players)
    assert "NS" not in json.dumps(deal) and "finished rubber" in text


def columns_of(score) -> dict[str, dict[str, int]]:
    """Deal 1's figures by column, straight from the engine's sheet: a vint3-auction deal's
    entries by the player who writes them; a two-column sheet's by side, named by its players."""
    deal = score.deals[0]
    if hasattr(deal, "written"):
        return {p: {line.value: sum(e.points for who, e in deal.written if who == p and e.line is line)
                    for line in (Line.BELOW, Line.ABOVE)} for p in score.players}
    return {score.column_label(deal.rubber, side): {"below": deal.totals(side).below, "above": deal.totals(side).above}
            for side in Side}


def balances_of(score) -> dict[str, int]:
    balances = score.balances if isinstance(score.balances, dict) else score.balances[-1]
    assert set(balances) == set(score.players)
    return balances


def test_laws_history_notes_the_revoke_penalty_that_went(tmp_path: Path, runner) -> None:
    first, second = laws_pair(tmp_path)
    store, sid = corrected_store(tmp_path, runner, first, second, "deal 1: the revoke was not claimed")
    change, text = history_of(runner, store, sid)
    old, new = score_of(first), score_of(second)
    penalty = old.deals[0].penalty
    assert penalty is not None and new.deals[0].penalty is None
    by_deal = {d["deal"]: d for d in change["deals"]}
    assert by_deal[1]["changes"][0] == "irregularities 1 claimed: yes → no"
    outcome = by_deal[1]["changes"][1]
    was, now = outcome.removeprefix("outcome: ").split(" → ", 1)[0], outcome.rsplit(" → ", 1)[1]
    assert (f"revoke penalty: tricks N–S {penalty.tricks_before[0]} → {penalty.tricks_after[0]}, "
            f"E–W {penalty.tricks_before[1]} → {penalty.tricks_after[1]}") in outcome
    assert "revoke penalty" not in now and f"N–S {penalty.tricks_before[0]} " in now and was.startswith("2♠ by W")
    for key, score in (("score_before", old), ("score_after", new)):
        assert by_deal[1][key] == {s.name: {"below": score.deals[0].totals(s).below,
                                            "above": score.deals[0].totals(s).above} for s in Side}
    assert change["totals_after"] == {"NS": new.totals[0], "EW": new.totals[1], "difference": new.totals[0] - new.totals[1]}
    assert change["totals_before"] != change["totals_after"]
    assert "irregularities 1 claimed: yes → no" in text and "revoke penalty" in text


def test_vint3_auction_compares_three_columns() -> None:
    score = score_of(AUCTION)
    diff = compare(read_file(str(AUCTION)).record, read_file(str(AUCTION)).record)
    assert diff.deals == () and [c.key for c in diff.totals_after.columns] == list(score.players)
    assert len(score.players) == 3


@pytest.mark.parametrize("which", ["solo", "tables", "laws"])
def test_export_gives_back_each_version_and_correct_refuses_what_changes_nothing(tmp_path: Path, runner,
                                                                                 which: str) -> None:
    first, second = {"solo": lambda: solo_pair(tmp_path), "tables": lambda: tables_pair(THREE, tmp_path),
                     "laws": lambda: laws_pair(tmp_path)}[which]()
    store, sid = corrected_store(tmp_path, runner, first, second, "the ruling")
    for version, path in ((1, first), (2, second)):
        out = tmp_path / f"v{version}.vint"
        result = runner.invoke(main, ["export", sid, str(out), "--version", str(version), "--store", str(store.root)])
        assert result.exit_code == 0, result.output
        assert settled(read_file(str(out))).record == settled(read_file(str(path))).record
    before = snapshot(store.root)
    again = runner.invoke(main, ["correct", str(second), "--reason", "again", "--store", str(store.root)])
    assert again.exit_code == 1 and "changes nothing" in again.output
    broken = json.loads(second.read_text(encoding="utf-8"))
    broken["deals"][0]["hands"]["N"] = broken["deals"][0]["hands"]["E"]  # 13 cards dealt twice
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    failed = runner.invoke(main, ["correct", str(bad), "--reason", "a bad ruling", "--store", str(store.root)])
    assert failed.exit_code == 1 and "not stored" in failed.output
    assert snapshot(store.root) == before
    assert [v.number for v in store.versions(sid)] == [1, 2]


def test_history_of_a_never_corrected_solo_evening_lists_one_version(tmp_path: Path, runner) -> None:
    store = Store(tmp_path / "store")
    assert store.import_paths([str(SOLO)], workers=1).imported
    out = json.loads(runner.invoke(main, ["history", SOLO.stem, "--json", "--store", str(store.root)]).output)
    assert [v["version"] for v in out["versions"]] == [1] and out["changes"] == []


@pytest.fixture
def dashboard(tmp_path: Path):
    """The dashboard over a store holding the solo evening and the 3-player one, each corrected."""
    from dashboards.app import create_app
    from vint_replay.store.versions import Correction

    store = Store(tmp_path / "store")
    pairs = [solo_pair(tmp_path), tables_pair(THREE, tmp_path)]
    assert len(store.import_paths([str(first) for first, _ in pairs], workers=1).imported) == 2
    for _, second in pairs:
        assert store.import_paths([str(second)], workers=1, correction=Correction("the ruling", "Орлов")).replaced
    import dash

    app = create_app(store.root)
    (page,) = [p for p in dash.page_registry.values() if p["path_template"] == "/history/<session_id>"]
    with app.server.test_request_context():
        yield store, pairs, page["layout"]


@pytest.mark.parametrize("which", [0, 1], ids=["solo", "vint3-dummy"])
def test_history_page_shows_the_changes_in_the_games_own_terms(dashboard, which: int) -> None:
    from dash_tree import by_id, components

    store, pairs, layout = dashboard
    first, second = pairs[which]
    sid = read_file(str(first)).record.info.id
    page = layout(sid, **{"from": "1", "to": "2"})
    versions = store.versions(sid)
    diff = compare(versions[0].record, versions[1].record)
    rows = [c for c in components(by_id(page, "changes-table")) if str(getattr(c, "id", "")).startswith("change-")]
    assert sorted(r.id for r in rows) == sorted(f"change-{d.number}" for d in diff.deals) and rows
    old, new = score_of(first), score_of(second)
    cells = {r.id: [c.children for c in r.children] for r in rows}
    if which == 0:  # deal 4's payments and balances by player
        cell = cells["change-4"][3]
        for player, balance in zip(new.players, new.deals[3].balances):
            assert f"{player} {points_text(new.deals[3].paid(player))} (balance {points_text(balance)})" in cell
        totals = by_id(page, "totals-after").children
        assert all(f"{p} {points_text(q)}" in totals for p, q in zip(new.players, new.balances))
    else:  # deal 1 by the columns' players, and the players' balances
        label = old.column_label(1, 0)
        assert f"{label} {old.deals[0].totals(Side.NS).below} below / {old.deals[0].totals(Side.NS).above} above" \
            in cells["change-1"][2]
        assert f"{label} {new.deals[0].totals(Side.NS).below} below" in cells["change-1"][3]
        assert all(f"{p} " in by_id(page, "totals-before").children for p in old.players)
    assert by_id(page, "totals-before").children != by_id(page, "totals-after").children


def test_history_names_a_partner_who_answers_alone_once_the_revoke_is_asked() -> None:
    """docs/rules/laws.md §8.5, §9: S denied the revoke when asked, so S answers alone for it."""
    from laws_builders import file_under_laws, revoke

    unasked = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7),)})
    asked = file_under_laws("revoke_10_2.json", {2: (revoke("S", 7, asked=True),)})
    (r,) = asked.score.deals[1].responsible
    (deal,) = compare(unasked.record, asked.record).deals
    assert deal.number == 2 and deal.changes[0] == "irregularities 1 asked: none → yes"
    outcome = deal.changes[1]
    assert outcome.startswith("outcome: ") and outcome.count(f"{r.seat} answers alone for {r.amount} (law {r.law})") == 1
    assert outcome.endswith(f"; S answers alone for {r.amount} (law 153)") and not deal.score_moved
