"""``vint-replay replay`` is one table for every game (issue 20): for each sample evening of each
registered profile (and a simulated evening of each 2-player method without a sample), the
dealt table with every playing place's player, the auction in columns of the places that bid,
exactly the cards of trick K, the running trick count and the verdict. The cards and the
figures are worked out here from the record (the play, the roles) and checked against the
engine's replay and the dashboard's replay payload."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dashboards import data
from vint_replay.games.vint235 import views as vint235_view
from dashboards.payload import replay_payload
from vint235_store import balances_text
from vint_replay.cli import load, main
from vint_replay.games.registry import profile_names
from vint_replay.games.solo import views as solo_views
from vint_replay.games.vint235.record import Role
from vint_replay.formats import write_text
from vint_replay.simulators.vint235 import simulate_session

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
# one evening per profile the samples play (the laws' evenings beside the plain ones)
EVENINGS = ["arbat-2026-11-03-t1.json", "arbat-2026-12-15-t1.json", "laws/arbat-2027-01-12-laws-t1.json",
            "laws/arbat-2027-01-19-laws-t2.json", "solo/arbat-solo-2026-11-24.json",
            "solo/arbat-solo-2026-12-01.json", "vint235/dacha-2026-08-02-two.json",
            "vint235/dacha-2026-08-09-three.json", "vint235/dacha-2026-08-16-three.json",
            "vint235/dacha-2026-08-23-five.json"]
SIMULATED = ["vint2-cards", "vint2-exchange", "vint2-open", "vint2-widow"]  # 2-player methods without a sample
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")


def run(*args: object) -> tuple[int, str]:
    out = CliRunner().invoke(main, ["replay", *map(str, args)])
    return out.exit_code, out.stdout


def pretty(name: str) -> str:
    """``ST`` → ``♠10``: a card of the record as the terminal prints it."""
    return "♠♥♦♣"["SHDC".index(name[0])] + ("10" if name[1] == "T" else name[1])


def evening(tmp_path: Path, which: str) -> str:
    if which in SIMULATED:
        path = tmp_path / f"{which}.json"
        path.write_text(write_text(simulate_session(which, ("Иванов", "Петров"), 6, 3), "json"), encoding="utf-8")
        return str(path)
    return str(SAMPLES / which)


def test_every_profile_with_a_sample_evening_is_covered():
    """The cases are every registered profile a sample evening plays, and each laws evening."""
    played = set()
    for path in SAMPLES.glob("**/*.json"):
        if path.parent.name in ("broken", "corrections"):
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        played.add(doc.get("session", doc).get("rules") if isinstance(doc, dict) else None)
    covered = {json.loads((SAMPLES / e).read_text(encoding="utf-8"))["session"]["rules"] for e in EVENINGS}
    assert played - {None} <= covered and covered <= set(profile_names())


def cases() -> list[str]:
    return EVENINGS + SIMULATED


def payload(report, number: int) -> dict:
    """The dashboard's replay payload of the deal (one builder for every game)."""
    return replay_payload(report, number)  # type: ignore[return-value]


@pytest.mark.parametrize("which", cases())
def test_replay_after_trick_k_shows_the_table_auction_trick_count_and_verdict(which, tmp_path):
    path = evening(tmp_path, which)
    result, report = load(path)
    assert report is not None and report.score is not None
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    index, replay = next((i, r) for i, r in enumerate(report.replays) if len(r.tricks) >= 3 and r.valid)
    deal_doc = raw["deals"][index]
    number, k = replay.deal.number, 3
    code, out = run(path, "--deal", number, "--trick", k)
    assert code == 0, out

    # every playing place by its player (the record's roles; else the session's seating)
    roles = deal_doc.get("roles")
    if roles is not None:
        expected = {seat: Role.parse(text) for seat, text in roles.items()}
        for seat, role in expected.items():
            full = {"N": "North", "E": "East", "S": "South", "W": "West"}[seat]
            if role.player is not None:
                assert f"{full} · {role}" in out
            else:  # a dead pile plays no card and is not shown face up
                assert f"{full} · dead pile" in out
        size = sum(1 for r in expected.values() if r.player is not None)
    else:  # four seats; in solo whist a fifth player's turn out moves who holds which (the engine's seating)
        seating = raw["session"]["players"]
        held = dict(zip("NESW", replay.players)) if hasattr(replay, "players") else seating
        for seat, full in zip("NESW", ("North", "East", "South", "West")):
            assert f"{full} · {held[seat]}" in out
        size = 4

    # exactly the cards of trick K, as the record plays them
    play = deal_doc["play"]
    first = sum(len(t.cards) for t in replay.tricks[:k - 1])
    trick_line = next(line for line in out.splitlines() if line.startswith(f"{k:>2}. "))
    assert CARD.findall(trick_line.split("→")[0]) == [pretty(c) for c in play[first:first + len(replay.tricks[k - 1].cards)]]
    assert len(replay.tricks[k - 1].cards) == size or deal_doc.get("irregularities")

    # the running trick count: the dashboard payload's winners by the column each is counted in
    # (a 2/3/5 place's score column; solo whist's declaring side first; N–S, E–W)
    shown = payload(report, number)
    assert shown["winners"][:k] == [int(t.winner) for t in replay.tricks[:k]]

    def column(seat: int) -> int:
        if getattr(replay, "place_columns", None) is not None:
            return replay.place_columns[seat]
        if getattr(replay, "declaring", None) is not None:
            return 0 if seat in replay.declaring else 1
        return seat % 2

    counts = [column(w) for w in shown["winners"][:k]]
    assert shown["won_by"][:k] == counts  # the column the browser counts each trick in
    won = (counts.count(0), counts.count(1))
    assert replay.won_after(k) == won
    names = replay.column_names
    assert f"After trick {k}: tricks {names[0]} {won[0]}, {names[1]} {won[1]}" in out

    # the whole deal: the auction in columns of the places that bid, the verdict
    code, full = run(path, "--deal", number)
    assert code == 0
    bidders, closer = replay.bidders()
    if roles is not None:  # the places that bid are the players' own hands, 3.1's holder after them (§3.1)
        assert {s.name for s in (*bidders, *((closer,) if closer is not None else ()))} == \
            {seat for seat, text in roles.items() if Role.parse(text).live}
    if "Auction (eldest hand first)" not in full:
        header = full.split("Auction\n", 1)[1].splitlines()[0].split()
        assert header == [s.name for s in (*bidders, *((closer,) if closer is not None else ()))]
    verdict = full.rstrip().split("\n\n")[-1]
    if hasattr(replay, "made"):  # solo whist: made or failed, as the engine settled it
        assert ("made" if replay.made else "failed") in verdict.splitlines()[0]
    else:
        taken = replay.counted[replay.declaring_column]
        need = replay.contract.tricks_needed
        word = "made" if taken >= need else f"{need - taken} down"
        assert re.search(rf"^Tricks .*: \S+( X{{1,2}})? {word}$", full, re.M)

    # --step without a terminal prints every piece without waiting: the same tricks and verdict
    code, stepped = run(path, "--deal", number, "--step")
    assert code == 0
    assert trick_line.split("→")[0] in stepped and verdict.splitlines()[0] in stepped


# -- the summaries: what the sessions page and the session page say ---------------------------------

TABLE_EVENINGS = [e for e in EVENINGS if e.startswith("vint235/")]


def test_sessions_lists_each_players_balance_as_the_sessions_page_does(tmp_path):
    """A 2-, 3- or 5-player evening is listed by its players and each one's balance in points,
    each player's balance from player_results (balances_text), not as N–S v E–W."""
    store = str(tmp_path / "store")
    paths = [str(SAMPLES / e) for e in TABLE_EVENINGS]
    assert CliRunner().invoke(main, ["import", *paths, "--store", store, "--workers", "1"]).exit_code == 0
    listed = CliRunner().invoke(main, ["sessions", "--store", store])
    rows = {r["session_id"]: r for r in json.loads(CliRunner().invoke(main, ["sessions", "--store", store, "--json"]).stdout)}
    for path in paths:
        _, report = load(path)
        line = next(x for x in listed.stdout.splitlines() if x.startswith(report.record.info.id + " "))
        assert f"balances {balances_text(report)}  " in line and "N–S" not in line
        assert "–".join(report.record.info.party) in line
        assert sum(rows[report.record.info.id]["balances"].values()) == 0  # what one wins the others pay
        assert rows[report.record.info.id]["balances"] == {r.player: r.points for r in vint235_view.results(report)}


def test_the_sessions_page_lists_each_game_as_the_cli_does(tmp_path):
    """One result for every game on the command line's ``sessions`` and on ``/``: each player's
    balance where the game settles per player (players-2-3-5.md §4, solo-whist.md §5), the two
    sides' difference otherwise (the store's totals)."""
    from vint_replay.engine.session import evaluate
    from vint_replay.store import Store

    store = tmp_path / "store"
    paths = [str(SAMPLES / e) for e in (*TABLE_EVENINGS, "arbat-2026-11-03-t1.json")] + \
        [str(p) for p in sorted((SAMPLES / "solo").glob("*.json"))]
    assert CliRunner().invoke(main, ["import", *paths, "--store", str(store), "--workers", "1"]).exit_code == 0
    listed = CliRunner().invoke(main, ["sessions", "--store", str(store)]).stdout.splitlines()
    opened = Store(store)
    sessions = opened.sessions()
    rows = data.own_sheet_rows(data.session_rows(sessions, opened.deals(columns=data.AUDIT_COLUMNS)), sessions,
                               lambda sid: evaluate(opened.load_session(sid)))
    assert len(rows) == len(paths)
    for row in rows:
        line = next(x for x in listed if x.startswith(row.id + " "))
        if row.result.startswith("balances "):
            assert f"  {row.result}  " in line
        else:  # the sides' totals: the CLI gives both, the page who leads by how much
            ns, ew = (int(n) for n in re.search(r"N–S (-?\d+) E–W (-?\d+)", line).groups())
            assert row.result == data.difference_text((ns, ew))


@pytest.mark.parametrize("which", TABLE_EVENINGS + ["arbat-2026-11-03-t1.json"])
def test_audit_says_what_the_session_page_says(which):
    """``audit`` of an evening with no paper score says so, as the session page's badge does
    (data.audit_status), instead of "0 deals checked, no mismatches"; a scored one its tally."""
    path = str(SAMPLES / which)
    _, report = load(path)
    page = data.audit_status(report, data.audit_of(report))
    out = CliRunner().invoke(main, ["audit", path]).stdout.splitlines()[-1]
    assert out.endswith(f": {page}") or out.endswith(f" deals checked, {page}")
    assert ("no paper score" in out) == (page == "no paper score")
    assert json.loads(CliRunner().invoke(main, ["audit", path, "--json"]).stdout)["summary"] == page


def test_a_table_deal_with_errors_is_shown_with_them_not_a_traceback(tmp_path):
    """A 2-player deal whose roles name a stranger (format.md §5.6) or whose play stops short
    without a result: the replay lists the problems and shows what the record knows, exit 1."""
    doc = json.loads((SAMPLES / "vint235/dacha-2026-08-02-two.json").read_text(encoding="utf-8"))
    doc["deals"][1]["play"] = doc["deals"][1]["play"][:10]
    doc["deals"][1].pop("result", None)
    doc["deals"][2]["roles"]["N"] = "Nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path), "--deal", "3"])
    assert out.exit_code == 1 and isinstance(out.exception, SystemExit)  # exit 1, not a traceback
    assert "'Nobody' is not one of the session's players" in out.stderr and "Deal 3" in out.stdout
    out = CliRunner().invoke(main, ["replay", str(path), "--deal", "2", "--trick", "2"])
    assert out.exit_code == 1 and "the play stops after trick 2" in out.stdout
    assert " 2. " in out.stdout and " 3. " not in out.stdout
    out = CliRunner().invoke(main, ["replay", str(path), "--deal", "2", "--trick", "5"])
    assert out.exit_code == 1 and "cannot be shown after trick 5 until the errors above are fixed" in out.stderr


def test_the_auction_game_shows_each_players_column_of_the_deal():
    """players-2-3-5.md §3.2: no common race below the line, so the deal's end shows what each
    player's own column got (the score's deal summary), beside the verdict."""
    path = str(SAMPLES / "vint235/dacha-2026-08-16-three.json")
    _, report = load(path)
    replay = next(r for r in report.replays if r.tricks)
    out = run(path, "--deal", replay.deal.number)[1]
    written = report.score.deal_summaries()[replay.deal.number]
    assert "  " + written.text() in out and "Below the line" not in out
    for player in report.record.info.party:
        assert f"{player} " in written.text()


@pytest.mark.parametrize("which", ["solo/arbat-solo-2026-11-24.json", "solo/arbat-solo-2026-12-01.json"])
def test_one_deal_view_writes_solo_whists_parts_through_the_replays_hooks(which):
    """Issue 20: the replay command renders every game with ``DealView`` alone; a solo-whist deal's
    header, auction (each call with its caller, eldest hand first: solo-whist.md §3) and payments
    (§5) come from the replay's hooks and say what the dashboard's replay page says."""
    from vint_replay.engine.seats import Seat
    from vint_replay.reports.terminal import DealView

    path = str(SAMPLES / which)
    _, report = load(path)
    assert report is not None and report.score is not None
    for index, replay in enumerate(report.replays):
        if not replay.valid or replay.contract is None:
            continue
        number = replay.deal.number
        code, out = run(path, "--deal", number)
        assert code == 0 and out == DealView.of(report, index).full()
        facts = solo_views.deal_facts(report, replay)
        auction = out.split("Auction (eldest hand first)\n", 1)[1].split("\n\n", 1)[0].split()
        assert auction == [w for call in facts.auction for w in (call.seat, *call.words.split())]
        payments = next(line for line in out.splitlines() if line.startswith("  Payments: "))
        assert payments.split(": ", 1)[1].split(", ") == [
            f"{Seat[seat].full_name} · {player} {paid}"
            for seat, player, paid, _ in facts.payments]
        assert facts.outcome in out


@pytest.mark.parametrize("sample", ["arbat-2026-11-03-t1.json", "pbn/junior-teams-1998.pbn"])
def test_the_replay_page_says_a_tricks_worth_in_the_terminal_s_words(sample: str) -> None:
    """Issue 20 ("every game's terminal replay matches what its dashboard page shows"): the
    replay page's contract line says what a trick is worth as the terminal replay does
    ("each trick is worth 40"), not in the rules' notation ("trick value V = 40")."""
    from dashboards import deal_panels
    path = Path(__file__).resolve().parent.parent / "sample_data" / sample
    if not path.exists():
        path = Path(__file__).resolve().parent / "data" / sample
    _, report = load(str(path))
    assert report is not None
    replay = next(r for r in report.replays if r.contract is not None)
    head, _ = deal_panels.parts(report, replay, replay_payload(report, replay.deal.number, None), None, None)
    page = json.dumps(head, default=lambda o: o.to_plotly_json() if hasattr(o, "to_plotly_json") else str(o))
    said = f"each trick is worth {replay.trick_value}"
    assert said in page and "value V" not in page
    code, text = run(path, "--deal", replay.deal.number)
    assert code == 0 and said in text
