"""Plain whist, a game that lives only in ``tests/plain_whist`` (issue 20 item 5), through the
command line as a user meets it: registered by the public ``register``, it is validated,
scored, audited, replayed, converted, imported, listed and exported like the games of the
program, though no file of ``vint_replay/`` names it. Expected figures come from the
referee in ``plain_whist/records.py`` and the rules of the package's docstring (plain_whist §n)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from plain_whist import PlainWhist, plain_whist
from plain_whist.records import Dealt, evening
from vint_replay.cli import main
from vint_replay.games import registry
from vint_replay.games.registry import get_profile, profile_names

DEALS = 8
SEED = 20


@pytest.fixture(autouse=True)
def whist() -> Iterator[None]:
    with plain_whist():
        yield


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, dict, list[Dealt]]:
    doc, dealt = evening(DEALS, SEED)
    path = tmp_path / "whist.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, doc, dealt


def run(*args: object, code: int = 0) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert result.exit_code == code, result.output
    return result.output


def sheet(dealt: list[Dealt]) -> tuple[list[int], list[list[str]]]:
    """The referee's sheet (plain_whist §4–§5): each side's total, and each rubber's games in order."""
    totals, rubbers, game = [0, 0], [[]], [0, 0]
    for deal in dealt:
        if len(rubbers[-1]) == 3 or any(rubbers[-1].count(s) == 2 for s in ("NS", "EW")):
            rubbers.append([])
        for k in range(len(deal.winners)):  # the game goes to the first side to five, trick by trick
            taken = deal.winners[:k + 1]
            side = deal.winners[k]
            if taken.count(side) > 6 and game[side] + taken.count(side) - 6 >= 5 and game != [None, None]:
                rubbers[-1].append(("NS", "EW")[side])
                game = [None, None]  # this deal's points no longer count toward a game
        for side in (0, 1):
            points = max(0, deal.tricks[side] - 6)
            totals[side] += points
            if game[side] is not None:
                game[side] += points
        if game == [None, None]:
            game = [0, 0]
    return totals, rubbers


def test_register_is_public_and_reversible():
    """A game outside the package enters the registry by ``register`` and leaves by ``unregister``."""
    assert "plain-whist" in profile_names() and isinstance(get_profile("plain-whist"), PlainWhist)
    with pytest.raises(ValueError, match="already registered"):
        registry.register(PlainWhist)
    registry.unregister("plain-whist")
    try:
        assert "plain-whist" not in profile_names()
        with pytest.raises(KeyError):
            get_profile("plain-whist")
    finally:
        registry.register(PlainWhist)


def test_validate(game):
    path, _, _ = game
    assert run("validate", path).strip() == f"{path}: valid ({DEALS} deals)"  # turn_up is the game's own: no warning


@pytest.mark.parametrize("change, code, at, words", [
    (lambda d: d.pop("turn_up"), "schema", "turn_up", "records its turned-up card"),  # §2
    (lambda d: d.update(turn_up="XX"), "schema", "turn_up", "must be a card"),
    (lambda d: d.update(auction=["1S"]), "schema", "auction", "no auction"),  # §3
    (lambda d: d.update(play=d["play"][:51]), "play_incomplete", "play[51]", "all 13 tricks"),  # §4
    (lambda d: d.update(dealer="N"), "wrong_dealer", "dealer", "passes to"),  # §1
])
def test_validate_locates_bad_deals(tmp_path, game, change, code, at, words):
    """Each broken rule is an error at its deal and field, in words, never a traceback."""
    _, doc, _ = game
    change(doc["deals"][2])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = run("validate", path, code=1)
    assert f"deal 3, {at}: {code}: " in out and words in out, out


def test_validate_refuses_a_turn_up_the_dealer_does_not_hold(tmp_path, game):
    """plain_whist §2: the turned-up card is the dealer's last card."""
    _, doc, _ = game
    deal = doc["deals"][0]
    stranger = next(c for c in deal["play"] if c not in _held(deal, deal["dealer"]))
    deal["turn_up"] = stranger
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "deal 1, turn_up: schema: the turned-up" in run("validate", path, code=1)


def test_validate_refuses_a_revoke(tmp_path, game):
    """plain_whist §3: a player who holds the suit led follows it."""
    _, doc, _ = game
    deal = doc["deals"][0]
    play = deal["play"]
    for k in range(0, 52, 4):
        led, second = play[k], play[k + 1]
        later = [i for i in range(k + 4, 52) if _seat_of(deal, play, i) == _seat_of(deal, play, k + 1)
                 and play[i][0] != led[0]]
        if second[0] == led[0] and later:
            play[k + 1], play[later[0]] = play[later[0]], play[k + 1]
            break
    else:
        pytest.skip("no revoke to make in this deal")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert f"deal 1, play[{k + 1}]: revoke" in run("validate", path, code=1)


def test_score_follows_the_rules(game):
    """plain_whist §4–§5: a point a trick over six; game at five; two games win the rubber."""
    path, _, dealt = game
    doc = json.loads(run("score", path, "--json"))
    totals, rubbers = sheet(dealt)
    assert [r["games"] for r in doc["rubbers"]] == rubbers
    assert [sum(r["totals"]["NS"] for r in doc["rubbers"]), sum(r["totals"]["EW"] for r in doc["rubbers"])] == totals
    for deal, scored in zip(dealt, doc["deals"]):
        assert scored["tricks"] == {"NS": deal.tricks[0], "EW": deal.tricks[1]}
        assert scored["totals"]["NS"]["below"] == max(0, deal.tricks[0] - 6)
        assert scored["totals"]["EW"]["below"] == max(0, deal.tricks[1] - 6)
        assert not scored["passed_out"] and scored["contract"] is None
    text = run("score", path)
    assert f"Session totals: N–S {totals[0]}, E–W {totals[1]}" in text


def test_audit(tmp_path, game):
    """The paper's figures against the rules: nothing written is no paper score; a wrong figure
    is found at its deal."""
    path, doc, dealt = game
    assert run("audit", path).strip() == f"{path}: no paper score"
    for deal, record in zip(dealt, doc["deals"]):
        record["recorded"] = {side: {"below": max(0, deal.tricks[k] - 6), "above": 0} for k, side in enumerate(("NS", "EW"))}
    doc["deals"][1]["recorded"]["NS"]["below"] += 1
    written = tmp_path / "written.json"
    written.write_text(json.dumps(doc), encoding="utf-8")
    out = json.loads(run("audit", written, "--json", code=1))
    assert [m["deal"] for m in out["mismatches"]] == [2]


def test_replay(game):
    """The terminal replay as complete as vint's: the table, trumps, trick by trick with the
    running count, and the verdict (plain_whist §2–§4)."""
    path, doc, dealt = game
    deal, record = dealt[1], doc["deals"][1]
    out = run("replay", path, "--deal", 2)
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[record["turn_up"][0]]
    assert f"Trumps {suit}: East · Ben turned up" in out  # deal 2: dealer E
    assert "North · Ada" in out and "West · Dot" in out
    lines = [line for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert len(lines) == 13
    ns = ew = 0
    for line, side in zip(lines, deal.winners):
        ns, ew = ns + (side == 0), ew + (side == 1)
        assert f"tricks N–S {ns}, E–W {ew}" in line
    scorer = 0 if deal.tricks[0] > 6 else 1
    names = ("N–S", "E–W")
    assert f"Tricks N–S {deal.tricks[0]}, E–W {deal.tricks[1]}: {names[scorer]} score {deal.tricks[scorer] - 6}" in out
    after = run("replay", path, "--deal", 2, "--trick", 3)
    won = deal.winners[:3]
    assert f"After trick 3: tricks N–S {won.count(0)}, E–W {won.count(1)}" in after
    assert len([line for line in after.splitlines() if " leads " in line]) == 3
    stepped = run("replay", path, "--deal", 2, "--step")  # not a terminal: every step, without waiting
    assert stepped.replace("\n", "") == out.replace("\n", "")


def test_convert_round_trip(tmp_path, game):
    """JSON → .vint → JSON keeps every field, the turned-up card among them, with no warning."""
    path, doc, _ = game
    text, back = tmp_path / "whist.vint", tmp_path / "back.json"
    run("convert", path, text)
    assert '[turn_up "' in text.read_text(encoding="utf-8")
    assert run("validate", text).strip() == f"{text}: valid ({DEALS} deals)"
    run("convert", text, back)
    assert json.loads(back.read_text(encoding="utf-8")) == doc


def test_import_sessions_export(tmp_path, game):
    """The store keeps the session whole, lists it with its totals and players, and gives it back."""
    path, doc, dealt = game
    store, out = tmp_path / "store", tmp_path / "out.json"
    assert "1 imported" in run("import", path, "--store", store)
    totals, _ = sheet(dealt)
    listed = run("sessions", "--store", store)
    assert f"whist-1  2026-11-30  {DEALS:>5} deals  N–S {totals[0]} E–W {totals[1]}  Ada–Ben–Cy–Dot  Whist club" in listed
    rows = json.loads(run("sessions", "--store", store, "--json"))
    assert (rows[0]["total_ns"], rows[0]["total_ew"]) == tuple(totals)
    run("export", "whist-1", out, "--store", store)
    assert json.loads(out.read_text(encoding="utf-8")) == doc
    assert "0 imported, 0 replaced, 1 unchanged" in run("import", out, "--store", store)  # one content hash


def _held(deal: dict, seat: str) -> set[str]:
    return {suit + rank for suit, holding in zip("SHDC", deal["hands"][seat].split(".")) for rank in holding}


def _seat_of(deal: dict, play: list[str], index: int) -> str:
    return next(seat for seat in "NESW" if play[index] in _held(deal, seat))


def test_a_store_without_manifest_finds_no_missing_calls(tmp_path, game):
    """A game without an auction keeps no calls rows (``calls_stored``): a store whose manifest
    is lost, checked table against table, does not take that for lost calls."""
    from vint_replay.store.layout import current_generation
    from vint_replay.store.manifest import MANIFEST

    path, _, _ = game
    store = tmp_path / "store"
    run("import", path, "--store", store)
    (current_generation(store) / MANIFEST).unlink()
    out = run("check", "--store", store, "--json", code=1)  # the lost manifest is itself a problem
    problems = json.loads(out)["problems"]
    assert problems and not [p for p in problems if p["file"] == "calls"], problems


def test_rescoring_is_refused_in_words(game):
    """A game with no contract cannot be scored under vint's rules, nor vint under its: a usage
    error that says why (the profile's ``rescoring_refused``), not a traceback."""
    path, _, _ = game
    out = run("score", path, "--rules", "volchaninov", code=2)
    assert "plain whist has no auction and no contract" in out


def test_worker_processes_know_the_registered_game(tmp_path, monkeypatch):
    """An import checked in worker processes (a pool started afresh, not forked from this one)
    knows the games registered here: each evening is imported, none rejected as of unknown rules."""
    from vint_replay.store import store as store_module

    monkeypatch.setattr(store_module, "FILES_PER_BATCH", 1)  # two files: two batches, so a pool
    paths = []
    for k in (1, 2):
        doc, _ = evening(2, SEED + k, f"whist-{k}")
        paths.append(tmp_path / f"whist-{k}.json")
        paths[-1].write_text(json.dumps(doc), encoding="utf-8")
    out = run("import", *paths, "--store", tmp_path / "store", "--workers", 2)
    assert "2 imported" in out and "0 rejected" in out, out
