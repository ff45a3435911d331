"""The committed sample club (sample_data/) and the generator behind it."""
from __future__ import annotations

import csv
import importlib.util
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from vint_replay.reports.audit import audit
from vint_replay.engine.cards import FULL_DECK
from vint_replay.formats import read_file, write_text
from vint_replay.games.registry import get_profile
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.scoring import Item, Line
from vint_replay.simulators.vint import (CLUB, SESSION_SIZES, bid_auction, deal_hands, deal_record, generated_session,
                                  iter_sessions, plant, play_session, session_sizes)
from settled import settled

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data"
SESSION_FILES = sorted(SAMPLE.glob("*.json")) + sorted(SAMPLE.glob("*.vint"))


def _script():
    """scripts/make_sample_data.py as a module (registered, so worker processes can find it)."""
    if "make_sample_data" not in sys.modules:
        spec = importlib.util.spec_from_file_location("make_sample_data", ROOT / "scripts" / "make_sample_data.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules["make_sample_data"] = module
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    return sys.modules["make_sample_data"]


def _load(path: Path):
    result = read_file(path)
    assert result.record is not None, result.diagnostics
    return evaluate(result.record, result.diagnostics)


@pytest.fixture(scope="module")
def reports():
    return {path.name: _load(path) for path in sorted(SAMPLE.glob("*.json"))}


def _rows() -> list[dict[str, str]]:
    with open(SAMPLE / "planted_mistakes.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _planted() -> dict[str, dict[tuple[int, str, str], int]]:
    """session id -> {(deal, side, line): points the paper is off by}."""
    out: dict[str, dict[tuple[int, str, str], int]] = {}
    for row in _rows():
        out.setdefault(row["session"], {})[(int(row["deal"]), row["side"], row["line"])] = int(row["points"])
    return out


def test_eight_sessions_of_at_least_150_deals_in_both_formats_two_of_them_classic(reports):
    assert len(reports) == 8
    assert sum(len(r.record.deals) for r in reports.values()) >= 150
    for name in reports:
        assert (SAMPLE / name.replace(".json", ".vint")).exists()
    assert Counter(r.record.info.rules for r in reports.values()) == {"volchaninov": 6, "classic": 2}


def _classic(reports, options: dict[str, str]):
    return next(r for r in reports.values() if r.record.info.rules == "classic" and r.record.info.options == options)


def test_classic_auctions_close_with_4_or_8_passes(reports):
    """docs/rules/classic.md §2: no bid, 4 passes pass the deal out; after a bid 8 passes close it."""
    for report in (r for r in reports.values() if r.record.info.rules == "classic"):
        for deal in report.record.deals:
            bids = [i for i, c in enumerate(deal.auction) if not c.is_pass]
            assert len(deal.auction) == (4 if not bids else bids[-1] + 1 + 8), deal.number


def test_the_standard_classic_evening_writes_500_an_x_for_the_rubbers_winner(reports):
    """classic.md §9 standard: a few passed-out deals, thrown in (no play, nothing written); each
    rubber's winner writes 500 per X of that rubber in the deal that wins it."""
    report = _classic(reports, {})
    passed = [r for r in report.replays if r.passed_out]
    assert len(passed) >= 3 and all(r.deal.play is None for r in passed)
    by_number = {d.number: d for d in report.score.deals}
    assert all(by_number[r.deal.number].entries == () for r in passed)
    for rubber in report.score.rubbers:
        deals = [d for d in report.score.deals if d.rubber == rubber.number]
        marks = [(d.number, e.side, e.points) for d in deals for e in d.entries if e.item is Item.X_MARKS]
        x = sum(1 for d in deals if d.passed_out)
        won_in = next(d.number for d in deals if d.game is not None and d.game.bonus == "rubber")
        assert marks == ([(won_in, rubber.winner, 500 * x)] if x else [])
    assert any(d.item is Item.X_MARKS for s in report.score.deals for d in s.entries)


def test_the_played_classic_evening_plays_its_passed_out_deals(reports):
    """classic.md §9 played and ruling 11: a passed-out deal carries its 52 cards, led by the
    player left of the dealer, and only the side with fewer tricks writes 500 × the difference."""
    report = _classic(reports, {"x_marks": "played"})
    passed = [r for r in report.replays if r.passed_out]
    assert passed
    by_number = {d.number: d for d in report.score.deals}
    for replay in passed:
        assert len(replay.deal.play) == 52 and replay.tricks[0].leader is replay.deal.dealer.left
        ns, ew = replay.tricks_won
        fewer = Side.NS if ns < ew else Side.EW
        assert [(e.side, e.item, e.points) for e in by_number[replay.deal.number].entries] == \
            [(fewer, Item.PASSED_OUT, 500 * abs(ns - ew))]


def test_classic_planted_figures_are_the_classic_slips(reports):
    """The classic sessions' planted figures follow classic.md: the rubber's 2000 written as a
    game's 1000; undertricks written as 1000 a trick instead of 1000 × L; an X mark of 500
    forgotten; a coronka (500 × (k − 2) or 1000 × (k − 2)) forgotten."""
    planted = [row for row in _rows() if row["session"] in {r.record.info.id for r in reports.values()
                                                           if r.record.info.rules == "classic"}]
    assert len({(row["session"], row["deal"]) for row in planted}) >= 5
    report_of = {r.record.info.id: r for r in reports.values()}
    for row in planted:
        report, points = report_of[row["session"]], int(row["points"])
        replay = next(r for r in report.replays if r.deal.number == int(row["deal"]))
        if row["kind"] == "rubber_as_game":
            assert points == 1000 - 2000
        elif row["kind"] == "undertricks_at_level_one":
            c = replay.contract
            short = c.tricks_needed - replay.tricks_won[c.declarer.side]
            assert points == 1000 * short - 1000 * c.level * short and c.level > 1
        elif row["kind"] == "x_marks_forgotten":
            rubber = next(d.rubber for d in report.score.deals if d.number == replay.deal.number)
            x = sum(1 for d in report.score.deals if d.rubber == rubber and d.passed_out)
            assert points == -500 * x
        elif row["kind"] == "coronka_forgotten":
            assert -points in {step * (k - 2) for step in (500, 1000) for k in range(3, 14)}  # aces: 500–2000 too
        elif row["kind"] == "passed_out_forgotten":
            ns, ew = replay.tricks_won
            assert replay.passed_out and points == -500 * abs(ns - ew)
        else:
            assert row["kind"] == "honours_wrong_side"


@pytest.mark.parametrize("path", SESSION_FILES, ids=lambda p: p.name)
def test_every_sample_file_validates_without_any_diagnostic(path):
    report = _load(path)
    assert report.valid and report.score is not None
    assert report.diagnostics == ()


@pytest.mark.parametrize("path", sorted(SAMPLE.glob("*.vint")), ids=lambda p: p.name)
def test_text_and_json_files_hold_the_same_record(path):
    text, js = settled(read_file(path)).record, read_file(path.with_suffix(".json")).record
    assert text is not None and js is not None
    assert text.info == js.info and text.deals == js.deals


def test_audit_finds_exactly_the_planted_mistakes(reports):
    planted = _planted()
    assert sum(len(v) for v in planted.values()) >= 5
    assert any(len(planted.get(r.record.info.id, {})) >= 3 for r in reports.values() if r.record.info.rules == "classic")
    for report in reports.values():
        found = audit(report.record, report.score)
        got = {(m.deal, m.side.name, str(m.line)): m.recorded - m.computed for m in found.mismatches}
        assert got == planted.get(report.record.info.id, {})
        assert found.deals_checked == len(report.record.deals)  # every deal has a paper score


def test_planted_mistakes_are_of_the_kinds_real_scorers_make():
    with open(SAMPLE / "planted_mistakes.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    kinds = {row["kind"] for row in rows}
    assert {"honours_wrong_side", "game_forgotten", "slam_for_failed_contract"} <= kinds
    # honours for the wrong side: one side loses exactly what the other gains
    by_deal: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        if row["kind"] == "honours_wrong_side":
            by_deal.setdefault((row["session"], row["deal"]), []).append(int(row["points"]))
    assert by_deal and all(len(p) == 2 and sum(p) == 0 for p in by_deal.values())


def test_slam_premium_was_planted_on_a_failed_contract(reports):
    with open(SAMPLE / "planted_mistakes.csv", encoding="utf-8") as f:
        slam = next(row for row in csv.DictReader(f) if row["kind"] == "slam_for_failed_contract")
    report = next(r for r in reports.values() if r.record.info.id == slam["session"])
    replay = next(r for r in report.replays if r.deal.number == int(slam["deal"]))
    contract = replay.contract
    assert contract is not None and replay.tricks_won is not None
    assert replay.tricks_won[contract.declarer.side] < contract.tricks_needed
    assert (slam["side"], slam["line"], slam["points"]) == (contract.declarer.side.name, "above", "500")


def test_the_first_session_opens_with_the_worked_example(reports):
    """rules/volchaninov.md §6: 3♣ by N–S one down; N–S 8 × 26 = 208 below, 780 honours + 780 aces above;
    E–W 5 × 26 = 130 below, 500 × 3 = 1500 for the undertrick."""
    worked = read_file(ROOT / "tests" / "data" / "worked_example.json").record
    report = reports["arbat-2026-11-03-t1.json"]
    first = report.record.deals[0]
    assert first.number == 1 and first.dealer is Seat.N
    assert (first.hands, first.auction, first.play) == (worked.deals[0].hands, worked.deals[0].auction, worked.deals[0].play)
    score = report.score.deals[0]
    assert (score.totals(Side.NS).below, score.totals(Side.NS).above) == (208, 1560)
    assert (score.totals(Side.EW).below, score.totals(Side.EW).above) == (130, 1500)
    assert first.recorded == (score.totals(Side.NS), score.totals(Side.EW))
    assert len(report.record.deals) > 1 and report.record.deals[1].dealer is Seat.E


def test_broken_file_shows_one_kind_of_error_per_deal():
    result = read_file(SAMPLE / "broken" / "broken-evening.json")
    assert result.record is not None
    report = evaluate(result.record, result.diagnostics)
    codes: dict[int | None, list[str]] = {}
    for d in report.diagnostics:
        codes.setdefault(d.deal, []).append(d.code)
    first = result.record.deals[0].number
    assert codes == {first + 1: ["revoke"], first + 2: ["insufficient_bid"], first + 3: ["bad_card"],
                     first + 4: ["hand_size", "hand_size"], first + 5: ["bad_call"]}


def test_sessions_are_club_evenings_of_whole_rubbers(reports):
    club = {name for name, _ in CLUB}
    seen: set[str] = set()
    for report in reports.values():
        info = report.record.info
        assert set(info.players) <= club and len(set(info.players)) == 4
        seen |= set(info.players)
        rubbers = report.score.rubbers
        assert len(rubbers) >= 3 and all(r.finished for r in rubbers)
        assert report.score.deals[-1].game is not None and report.score.deals[-1].game.bonus == "rubber"
    assert seen == club


def test_play_statistics_look_like_real_play(reports):
    replays = [r for report in reports.values() for r in report.replays]
    contracts = [r for r in replays if r.contract is not None]
    margins = Counter(r.tricks_won[r.contract.declarer.side] - r.contract.tricks_needed for r in contracts)
    made = sum(n for m, n in margins.items() if m >= 0)
    assert 0.5 <= made / len(contracts) <= 0.9  # mostly made, some failures
    assert sum(n for m, n in margins.items() if abs(m) <= 2) / len(contracts) >= 0.8  # near the contract
    assert any(r.contract.level >= 6 for r in contracts)  # the occasional slam attempt
    assert 1 <= sum(1 for r in replays if r.passed_out) <= len(replays) // 10
    result_only = [r for r in contracts if not r.tricks]
    assert 1 <= len(result_only) <= 8
    levels = Counter(r.contract.level for r in contracts)
    assert levels.most_common(1)[0][0] in (2, 3, 4)
    assert len({r.contract.denomination for r in contracts}) == 5


def test_regenerating_gives_identical_files(tmp_path):
    _script().write_sample(_script().DEFAULT_SEED, tmp_path)
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    committed = sorted(p.relative_to(SAMPLE) for p in SAMPLE.rglob("*")
                       if p.is_file() and p.relative_to(SAMPLE).parts[0] not in ("corrections", "laws", "solo", "vint235"))
    # not by it (solo/: scripts/make_solo_sample.py, tested in test_solo_cli.py;
    # vint235/: scripts/make_table_samples.py, tested in test_table_samples.py)
    assert made == committed
    for rel in made:
        assert (tmp_path / rel).read_bytes() == (SAMPLE / rel).read_bytes(), rel


def test_generated_sessions_split_n_deals_and_are_deterministic():
    sizes = session_sizes(5, 10_000)
    assert sum(sizes) == 10_000 and all(s <= SESSION_SIZES[1] for s in sizes)
    assert all(s >= SESSION_SIZES[0] for s in sizes[:-1])
    first = [s.deals[:5] for s in iter_sessions(5, 700)]
    again = [s.deals[:5] for s in iter_sessions(5, 700)]
    assert first == again
    assert sum(len(s.deals) for s in iter_sessions(5, 700)) == 700


def test_generated_sessions_validate_and_their_paper_scores_agree():
    for record in iter_sessions(8, 400):
        report = evaluate(record)
        assert report.valid, report.diagnostics[:3]
        assert audit(record, report.score).clean


def test_fast_writer_equals_write_json_and_big_mode_ignores_jobs(tmp_path):
    script = _script()
    info, deals = generated_session(9, 0, 120)
    kept = list(deals)
    out = tmp_path / "one.json"
    with open(out, "w", encoding="utf-8") as f:
        script.stream_session_json(info, kept, f)
    record = next(iter_sessions(9, 120))
    assert record.info == info
    assert out.read_text(encoding="utf-8") == write_text(record, "json")
    assert len(session_sizes(1, 2500)) >= 2
    assert script.write_generated(1, 2500, tmp_path / "a", jobs=1) == 2500
    assert script.write_generated(1, 2500, tmp_path / "b", jobs=2) == 2500
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(names) == len(session_sizes(1, 2500))
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert json.loads((tmp_path / "a" / names[0]).read_text(encoding="utf-8"))["format"] == "vint-record/1"


@pytest.mark.parametrize("rules, pass_out, after_bid", [("volchaninov", 8, 12), ("classic", 4, 8)])
def test_dealing_gives_every_card_once_and_auctions_close(rules, pass_out, after_bid):
    """The profile's pass counts close the simulated auction (volchaninov.md §2, classic.md §2)."""
    rng = random.Random(1)
    profile = get_profile(rules)
    for _ in range(200):
        hands = deal_hands(rng)
        assert [h.bit_count() for h in hands] == [13] * 4
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
        calls = bid_auction(hands, Seat.S, rng, profile)
        tail = pass_out if max(calls) < 0 else after_bid
        assert calls[-tail:] == (-1,) * tail and (len(calls) == pass_out or calls[-tail - 1] >= 0)


@pytest.mark.parametrize("x_marks", ["standard", "escalating", "played"])
def test_generated_classic_sessions_validate_and_their_paper_scores_agree(x_marks):
    """Generated classic sessions under each option validate; with ``played`` a passed-out deal
    has its play, so it validates only if the play was simulated."""
    profile = get_profile("classic", {"x_marks": x_marks})
    info, deals = generated_session(4, 0, 400, profile)
    record = SessionRecord(info, tuple(deal_record(d) for d in deals))
    assert (record.info.rules, record.info.options) == ("classic", {"x_marks": x_marks})
    report = evaluate(record)
    assert report.valid, report.diagnostics[:3]
    assert audit(record, report.score).clean
    passed = [r for r in report.replays if r.passed_out]
    assert passed and all((r.deal.play is not None) == (x_marks == "played") for r in passed)


def test_planted_mistakes_take_their_figures_from_the_sessions_profile():
    """plant() asks the session's profile (its audit hooks) for the wrong figures: under classic
    the rubber's 2000 is written as a game's 1000 (classic.md §10), undertricks as 1000 a trick
    without × L (§8), a coronka forgotten (§6); the audit finds exactly the lines planted."""
    profile = get_profile("classic")
    info, stream = generated_session(4, 0, 400, profile)
    deals = list(stream)
    kinds = ("rubber_as_game", "undertricks_at_level_one", "coronka_forgotten")
    record, planted = plant(info, deals, kinds, random.Random(1), profile)
    by_kind = {p.kind: p for p in planted}
    assert set(by_kind) == set(kinds)
    ((_, _, rubber),) = by_kind["rubber_as_game"].changes
    assert rubber == 1000 - 2000
    sim = next(d.sim for d in deals if d.sim.number == by_kind["undertricks_at_level_one"].deal)
    c = sim.contract
    short = c.tricks_needed - sim.tricks_won[c.declarer.side]
    assert by_kind["undertricks_at_level_one"].changes == \
        ((c.declarer.side.other, Line.ABOVE, 1000 * short - 1000 * c.level * short),)
    report = evaluate(record)
    found = {(m.deal, m.side, m.line): m.recorded - m.computed for m in audit(record, report.score).mismatches}
    assert found == {(p.deal, side, line): points for p in planted for side, line, points in p.changes}


def test_audit_command_reports_the_planted_lines():
    from click.testing import CliRunner

    from vint_replay.cli import main

    path = SAMPLE / "arbat-2026-11-17-t1.json"
    result = CliRunner().invoke(main, ["audit", str(path), "--json"])
    assert result.exit_code == 1
    out = json.loads(result.output)
    got = {(m["deal"], m["side"], m["line"]): m["recorded"] - m["computed"] for m in out["mismatches"]}
    assert got == _planted()["arbat-2026-11-17-t1"]
    clean = CliRunner().invoke(main, ["audit", str(SAMPLE / "arbat-2026-11-03-t1.json")])
    assert clean.exit_code == 0


def test_unscored_sessions_hold_the_same_deals_without_paper_scores(tmp_path):
    scored = next(iter_sessions(2, 150))
    bare = next(iter_sessions(2, 150, scored=False))
    assert all(d.recorded is None for d in bare.deals)
    assert [d.recorded for d in scored.deals] != [None] * len(scored.deals)
    assert [(d.dealer, d.hands, d.auction, d.play) for d in bare.deals] == \
           [(d.dealer, d.hands, d.auction, d.play) for d in scored.deals]
    assert evaluate(bare).valid
    script = _script()
    info, deals = generated_session(2, 0, 150, scored=False)
    out = tmp_path / "bare.json"
    with open(out, "w", encoding="utf-8") as f:
        script.stream_session_json(info, deals, f)
    assert out.read_text(encoding="utf-8") == write_text(bare, "json")
    with pytest.raises(ValueError):
        next(play_session(random.Random(1), get_profile(), Seat.N, rubbers=1, scored=False))
