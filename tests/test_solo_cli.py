"""Solo whist through the commands and the store: validate, score (terminal and solo-score/1),
audit of a payment sheet in the scorer's words, replay at the terminal, import, sessions and
export; and the sample evenings of sample_data/solo/ with their planted payment mistake."""
from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.games.solo.contracts import TERMS
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.games.solo.audit import audit_payments
from vint_replay.store import Store
from vint_replay.store.content import content_sha256

from solo_records import SEED_SECOND_LINE, solo_deal, solo_session

ROOT = Path(__file__).resolve().parents[1]
SOLO = ROOT / "sample_data" / "solo"
FOUR = SOLO / "arbat-solo-2026-11-24.json"
FIVE = SOLO / "arbat-solo-2026-12-01.vint"
SAMPLES = sorted(SOLO.glob("*.json")) + sorted(SOLO.glob("*.vint"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


# -- the sample evenings ------------------------------------------------------------------------

@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_validates(path):
    assert run("validate", path)[0] == 0


def test_text_and_json_samples_hold_the_same_record():
    for path in SOLO.glob("*.json"):
        assert read_file(path).record == read_file(path.with_suffix(".vint")).record


def test_the_first_evening_plays_all_seven_contracts_and_the_seed_deal():
    report = evaluate(read_file(FOUR).record)
    assert {d.contract for d in report.score.deals} == {*TERMS, None}  # the seven, and a void deal
    first = report.replays[0]
    assert first.contract.value == "open_misere" and first.made and report.score.deals[0].payments == (48, -16, -16, -16)


def test_the_five_player_evening_rotates_who_sits_out():
    report = evaluate(read_file(FIVE).record)
    assert report.valid and len(report.score.players) == 5
    out = [d.sits_out for d in report.score.deals]
    roster = report.record.info.roster
    assert out == [roster[k % 5] for k in range(len(out))]
    assert all(d.paid(d.sits_out) == 0 for d in report.score.deals)


def test_audit_finds_exactly_the_planted_payment_mistake():
    code, out = run("audit", FOUR, "--json")
    found = json.loads(out)
    assert code == 1 and found["deals_checked"] == 14
    (mismatch,) = found["mismatches"]
    declarer = evaluate(read_file(FOUR).record).replays[1].declarer  # deal 2, a solo
    assert (mismatch["deal"], mismatch["seat"]) == (2, declarer.name)
    assert "one opponent's stake" in mismatch["explanation"] and "§5" in mismatch["explanation"]
    assert run("audit", FIVE)[0] == 0


def test_regenerating_the_samples_gives_identical_files(tmp_path):
    spec = importlib.util.spec_from_file_location("make_solo_sample", ROOT / "scripts" / "make_solo_sample.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    sys.argv = ["make_solo_sample.py", "--out", str(tmp_path)]
    module.main()
    for path in SOLO.iterdir():
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


# -- score ----------------------------------------------------------------------------------------

def test_score_json_gives_payments_and_running_balances():
    code, out = run("score", FOUR, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["format"] == "solo-score/1" and doc["players"] == ["Кирилл", "Алексей", "Влад", "Роман"]
    running = dict.fromkeys(doc["players"], 0.0)
    for deal in doc["deals"]:
        assert sum(deal["payments"].values()) == 0
        running = {p: running[p] + deal["payments"][p] for p in running}
        assert deal["balances"] == running
    assert doc["balances"] == running and doc["deals"][0]["payments"]["Кирилл"] == 12


def test_score_terminal_shows_each_players_balance():
    code, out = run("score", FIVE)
    lines = out.splitlines()
    assert code == 0 and "Дмитрий" in lines[1] and lines[-1].startswith("Balances: Кирилл")
    assert "—" in lines[2]  # the player sitting out pays nothing


def test_a_solo_evening_cannot_be_rescored_under_vint_rules():
    code, out = run("score", FOUR, "--rules", "classic")
    assert code == 2 and "different games" in out


# -- audit's words ------------------------------------------------------------------------------

def _audited(deal, written) -> str:
    record = solo_session(replace(deal, own=replace(deal.own, payments=written)))
    (mismatch, *_) = audit_payments(record, evaluate(record).score).mismatches
    return mismatch.explanation


@pytest.mark.parametrize("written, slip", [
    ((48, 16, 16, 16), "the sign is reversed"),
    ((-16, 16, 16, 16), "the declarer's figure is one opponent's stake"),
    ((-48, 16, 16, 20), "do not sum to 0"),
])
def test_audit_names_the_slip(written, slip):
    assert slip in _audited(solo_deal(play=SEED_SECOND_LINE), written)


def test_audit_names_swapped_lines_and_left_out_overtricks():
    solo = solo_deal(auction="solo pass pass pass", result=7)  # E +4½, the others −1½
    assert "Алексей's and Влад's figures are swapped" in _audited(solo, (-6, -6, 18, -6))
    assert "over- or undertricks are left out" in _audited(solo, (-6, 12, -6, -6))


# -- replay ---------------------------------------------------------------------------------------

def test_replay_shows_turn_up_contract_and_the_open_misere_hand():
    code, out = run("replay", FOUR, "--deal", "1")
    assert code == 0
    assert "turn-up ♥2" in out and "Contract open misère by North · Кирилл: take no trick; no trumps" in out
    assert "North · Кирилл lays his hand face up after trick 1:" in out
    assert out.index("lays his hand") < out.index(" 2. W leads")
    assert "Payments: North · Кирилл +12" in out


def test_replay_names_the_partner_of_a_proposal_and_steps_to_a_trick():
    record = read_file(FOUR).record
    number = next(d.number for d, r in zip(record.deals, evaluate(record).replays) if r.partner is not None)
    code, out = run("replay", FOUR, "--deal", number, "--trick", "3")
    assert code == 0 and " with " in out.splitlines()[1] and "After trick 3: tricks declaring side" in out


# -- the store ----------------------------------------------------------------------------------

def test_import_sessions_and_export_keep_a_solo_evening(tmp_path):
    store = tmp_path / "store"
    code, out = run("import", FOUR, FIVE, "--store", store)
    assert code == 0 and "2 imported" in out
    code, out = run("sessions", "--store", store, "--json")
    rows = {r["session_id"]: r for r in json.loads(out)}
    five = evaluate(read_file(FIVE).record).score
    assert rows["arbat-solo-2026-12-01"]["balances"] == {p: b / 4 for p, b in zip(five.players, five.balances)}
    listed = run("sessions", "--store", store)[1]
    assert "Кирилл–Алексей–Влад–Роман–Дмитрий" in listed and "balances Кирилл" in listed
    for path in (FOUR, FIVE):
        record = read_file(path).record
        assert Store(store).load_session(record.info.id) == record
        assert run("export", record.info.id, tmp_path / "back.vint", "--store", store)[0] == 0
        assert read_file(tmp_path / "back.vint").record == record
    assert "2 unchanged" in run("import", FOUR, FIVE, "--store", store)[1]


def test_a_solo_deal_claimed_within_its_first_trick_is_stored_and_read_back(tmp_path):
    """§4: a deal whose play stops after two cards with its outcome stated is valid; the store
    writes its unfinished trick led by eldest hand (before, the plays table asked solo whist's
    contract for a vint declarer and the import raised AttributeError)."""
    from vint_replay.formats.json_record import write_json
    record = solo_session(solo_deal(play="DT D7", outcome=True))
    assert evaluate(record).valid
    path = tmp_path / "claimed.json"
    path.write_text(write_json(record), encoding="utf-8")
    code, out = run("import", path, "--store", tmp_path / "store")
    assert code == 0 and "1 imported" in out, out
    assert Store(tmp_path / "store").load_session(record.info.id) == record


def test_content_hash_sees_the_solo_fields():
    record = read_file(FIVE).record
    deal = record.deals[0]
    changed = replace(record, deals=(replace(deal, own=replace(deal.own, payments=(0, 0, 0, 0))), *record.deals[1:]))
    fifth = replace(record, info=replace(record.info, fifth="Другой"))
    assert len({content_sha256(record), content_sha256(changed), content_sha256(fifth)}) == 3


def test_a_solo_evening_is_not_written_as_pbn(tmp_path):
    code, out = run("convert", FIVE, tmp_path / "x.pbn")
    assert code == 2 and "cannot be written as PBN" in out and not (tmp_path / "x.pbn").exists()


def test_double_dummy_analysis_skips_solo_deals():
    from vint_replay.analysis.jobs import Skipped, jobs_for

    jobs = list(jobs_for(evaluate(read_file(FIVE).record)))
    assert len(jobs) == 6 and all(isinstance(j, Skipped) and "not analysed" in j.reason for j in jobs)


def test_a_trick_written_in_seat_order_gets_the_hint(tmp_path):
    """Trick 2 of the seed deal is led by Роман (W); written N E S W it reads as a revoke, and
    the diagnostic says that read from W's card the trick is legal."""
    from vint_replay.formats.vint_text import write_vint

    play = SEED_SECOND_LINE.replace("DQ CJ D9 D6", "CJ D9 D6 DQ")
    path = tmp_path / "seat-order.vint"
    path.write_text(write_vint(solo_session(solo_deal(play=play))), encoding="utf-8")
    code, out = run("validate", path)
    assert code == 1 and "play[4]" in out and "was it written in seat order?" in out
