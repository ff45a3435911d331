"""PBN in (formats/pbn.py) and the board fields it fills (docs/format.md §5.1, §5.2): real files
read board by board, their [Score] tags audited, play in seat columns put in the order played."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from endplay.parsers import pbn as endplay_pbn

from vint_replay.cli import main
from vint_replay.engine.calls import Contract, Denomination
from vint_replay.engine.cards import CARDS
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.reports.audit import audit

from settled import settled_pbn, settled_pbn_sessions

DATA = Path(__file__).parent / "data" / "pbn"
JUNIOR = DATA / "junior-teams-1998.pbn"
SAMPLE = DATA / "sample-imp.pbn"

BOARD = """[Event "Club"]
[Board "{board}"]
[Dealer "{dealer}"]
[Vulnerable "{vul}"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
[Score "{score}"]
"""


def board(board: int = 1, dealer: str = "N", vul: str = "None", score: str = "NS 420", extra: str = "") -> str:
    return BOARD.format(board=board, dealer=dealer, vul=vul, score=score) + extra


def read(text: str, session: int = 1):
    return settled_pbn(text.encode(), session=session)


def _endplay_card(card) -> str:
    return "SHDC"[card.suit.value] + "23456789TJQKA"[card.rank.value.bit_length() - 3]


def test_every_board_of_the_junior_teams_file_is_read_in_two_sessions_by_room():
    sessions = settled_pbn_sessions(JUNIOR.read_bytes())
    assert [s.record.info.id for s in sessions] == [
        "16th-european-youth-team-championships-1998-07-16-open",
        "16th-european-youth-team-championships-1998-07-16-closed"]
    assert [len(s.record.deals) for s in sessions] == [20, 20]
    assert all(d.severity == "warning" for s in sessions for d in s.diagnostics) or not any(
        s.diagnostics for s in sessions)
    assert sum(len(s.record.deals) for s in sessions) == len(endplay_pbn.load(io.StringIO(JUNIOR.read_text())))


def test_the_plays_in_seat_columns_come_out_in_the_order_endplay_linearises():
    """PBN's [Play] columns are seats, not the order of play: both readers agree card by card."""
    theirs = endplay_pbn.load(io.StringIO(JUNIOR.read_text()))
    ours = [d for s in settled_pbn_sessions(JUNIOR.read_bytes()) for d in s.record.deals]
    by_key = {(d.number, tuple(h.mask for h in d.hands)): d for d in ours}
    assert len(by_key) == 40 or len(ours) == 40
    compared = 0
    for session in settled_pbn_sessions(JUNIOR.read_bytes()):
        room = session.record.info.id.rsplit("-", 1)[1]
        mine = {d.number: d for d in session.record.deals}
        for b in theirs:
            if b.info["Room"].lower() == room and b.board_num in mine:
                assert [CARDS[c].name for c in mine[b.board_num].play] == [_endplay_card(c) for c in b.play]
                compared += 1
    assert compared == 40


@pytest.mark.parametrize("session", [1, 2])
def test_the_junior_teams_scores_are_audited_and_all_agree(session):
    result = settled_pbn(JUNIOR.read_bytes(), session=session)
    report = evaluate(result.record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics if d.severity == "error"]
    checked = audit(report.record, report.score)
    assert checked.deals_checked == 20 and checked.clean


def test_the_other_sessions_boards_are_reported_not_dropped():
    text = board(1) + "\n" + board(1, score="NS -50").replace('[Event "Club"]', '[Event "Club"]\n[Room "Closed"]')
    first = read(text)
    assert [d.number for d in first.record.deals] == [1]
    [note] = [d for d in first.diagnostics if d.code == "pbn_session"]
    assert note.line == 11 and "--session 2" in note.message and "board 1" in note.message
    second = read(text, session=2)
    assert second.record.deals[0].recorded_score == -50


def test_a_game_without_a_board_number_is_reported_at_its_tag():
    text = board(1) + "\n" + board(2).replace('[Board "2"]', '[Board "two"]')
    result = read(text)
    assert [d.number for d in result.record.deals] == [1]
    [bad] = [d for d in result.diagnostics if d.code == "schema"]
    assert (bad.line, bad.column) == (12, 1) and "'two'" in bad.message


def test_inheritance_hash_copies_the_previous_value_and_double_hash_sticks():
    text = (board(1).replace('[Event "Club"]', '[Event "Club"]\n[Site "##Moscow"]\n[Date "2026.11.30"]') + "\n"
            + board(2, dealer="E", vul="NS", score="NS 620").replace('[Event "Club"]', '[Event "#"]\n[Date "#"]')
            + "\n" + board(3, dealer="S", vul="EW", score="NS 420").replace('[Event "Club"]\n', ""))
    result = read(text)
    assert len(result.record.deals) == 3 and not [d for d in result.diagnostics if d.code == "pbn_session"]
    assert result.record.info.site == "Moscow" and result.record.info.date == "2026-11-30"  # ISO (format.md §5.2)


def test_auction_with_ap_notes_annotations_and_comments():
    text = board(1, extra='[Auction "W"]\n- 1H! =1= Pass $2 4H ; comment\n{ a block\ncomment } AP\n[Note "1:five"]\n')
    result = read(text)
    deal = result.record.deals[0]
    assert [str(c) for c in deal.auction] == ["1H", "pass", "4H", "pass", "pass", "pass"]
    assert evaluate(result.record).valid


def test_a_board_with_only_its_contract_is_played_in_it_and_a_claim_scores_from_the_result():
    text = board(1, extra='[Play "E"]\nDA D2 D5 D3\n*\n')
    result = read(text)
    deal = result.record.deals[0]
    assert deal.auction == () and deal.contract == Contract(4, Denomination.HEARTS, Seat.N)
    report = evaluate(result.record)
    assert report.valid and report.score.deals[0].tricks == (10, 3)


def test_the_auction_and_the_contract_must_agree():
    text = board(1, extra='[Auction "N"]\n1NT Pass 3NT AP\n')
    report = evaluate(read(text).record)
    assert [d.code for d in report.diagnostics] == ["contract_mismatch"]
    assert "3NT by N" in report.diagnostics[0].message


def test_a_wrong_vulnerability_is_named_by_the_audit():
    result = read(board(1, score="NS 620"))
    report = evaluate(result.record)
    [m] = audit(report.record, report.score).mismatches
    assert (m.recorded, m.computed) == (620, 420)
    assert m.explanation == ("recorded NS 620, recomputed NS 420: game 500 vs 300 — vulnerability: scored as if N–S "
                             "were vulnerable")


def test_the_recorded_vulnerability_reaches_the_score():
    report = evaluate(read(board(1, vul="All", score="NS 620")).record)
    assert audit(report.record, report.score).clean


@pytest.mark.parametrize("score,why", [("NS -420", "written from E–W's side"),
                                       ("NS 450", "the score is that of 11 tricks for the declarer")])
def test_other_board_slips(score, why):
    report = evaluate(read(board(1, score=score)).record)
    [m] = audit(report.record, report.score).mismatches
    assert why in m.explanation


def test_cli_reads_pbn_directly(tmp_path):
    runner = CliRunner()
    out = runner.invoke(main, ["audit", "--session", "2", str(JUNIOR)])
    assert out.exit_code == 0 and "20 deals checked, no mismatches" in out.output
    target = tmp_path / "closed.json"
    done = runner.invoke(main, ["convert", "--session", "2", str(JUNIOR), str(target)])
    assert done.exit_code == 0
    assert '"recorded_score": 420' in target.read_text() and '"vulnerable": "None"' in target.read_text()


def test_a_card_is_reported_at_its_line_and_column_in_the_seat_columns():
    """[Play "E"]: the columns are E S W N; North's card of trick 2 (fourth column) is East's."""
    text = board(1, extra='[Auction "N"]\n1H Pass 4H Pass\nPass Pass\n[Play "E"]\nDA D2 D5 D3\nC9 C3 C2 SA\n*\n')
    result = read(text)
    report = evaluate(result.record)
    [bad] = result.locate(report.diagnostics)
    lines = text.split("\n")
    assert bad.code == "hands_mismatch" and (bad.line, bad.column) == (15, lines[14].index("SA") + 1)


def test_a_bad_call_after_a_note_is_located():
    text = board(1, extra='[Auction "N"]\n1NT =1= Pass 4Q\n')
    [bad] = [d for d in read(text).diagnostics if d.code == "bad_call"]
    assert (bad.line, bad.column) == (11, 14) and bad.at == "auction[2]"


def test_the_store_keeps_the_board_fields(tmp_path):
    """A contract-only claimed board, its vulnerability and score: imported, exported the same."""
    source = tmp_path / "club.pbn"
    source.write_text(board(1, vul="All", score="NS 620", extra='[Play "E"]\nDA D2 D5 D3\n*\n'))
    runner = CliRunner()
    store = str(tmp_path / "store")
    done = runner.invoke(main, ["import", str(source), "--store", store])
    assert done.exit_code == 0, done.output
    session = read(source.read_text()).record.info.id
    assert runner.invoke(main, ["export", session, str(tmp_path / "out.json"), "--store", store]).exit_code == 0
    assert runner.invoke(main, ["convert", str(source), str(tmp_path / "direct.json")]).exit_code == 0
    assert (tmp_path / "out.json").read_text() == (tmp_path / "direct.json").read_text()
    assert '"contract": "4H"' in (tmp_path / "out.json").read_text()


def test_import_stores_every_session_of_a_file(tmp_path):
    """A team event's file holds each board twice, one session per room: import stores both,
    every board audited clean, and re-importing the file changes nothing."""
    from vint_replay.store import Store

    store = Store(tmp_path / "store")
    summary = store.import_paths([str(DATA / "junior-teams-1998.pbn")], workers=1)
    assert [o.status for o in summary.outcomes] == ["imported", "imported"] and summary.deals == 40
    ids = sorted(store.sessions().session_id)
    assert ids == sorted(r.record.info.id for r in settled_pbn_sessions((DATA / "junior-teams-1998.pbn").read_bytes()))
    for sid in ids:
        record = store.load_session(sid)
        assert audit(record, evaluate(record).score).clean
    again = store.import_paths([str(DATA / "junior-teams-1998.pbn")], workers=1)
    assert not again.imported and not again.rejected


def test_a_repeated_tag_is_a_warning_and_an_error_in_strict_mode():
    text = board(1).replace('[Dealer "N"]', '[Dealer "N"]\n[Dealer "E"]')
    lenient = read(text)
    [warning] = lenient.diagnostics
    assert (warning.severity, warning.line) == ("warning", 4) and lenient.record.deals[0].dealer.name == "N"
    [error] = settled_pbn(text.encode(), strict=True).diagnostics
    assert error.severity == "error"


@pytest.mark.parametrize("contract,declarer,where", [("4Q", "N", 7), ("4H", "Z", 6)])
def test_an_unreadable_contract_is_reported_at_its_tag(contract, declarer, where):
    text = board(1).replace('[Contract "4H"]', f'[Contract "{contract}"]').replace('[Declarer "N"]',
                                                                                 f'[Declarer "{declarer}"]')
    [bad] = [d for d in read(text).diagnostics if d.code == "bad_call"]
    assert bad.line == where and bad.at == "contract"


@pytest.mark.parametrize("result,score,tricks,recorded", [("NS 10", "420", 10, 420), ("EW 3", "NS 420 EW -420", 10, 420),
                                                          ("^10", "-50", 10, -50)])
def test_result_and_score_spellings(result, score, tricks, recorded):
    """[Result "EW 3"]: the defenders' tricks; a bare [Score]: the declarer's side's score."""
    text = board(1, score=score).replace('[Result "10"]', f'[Result "{result}"]')
    deal = read(text).record.deals[0]
    assert (deal.result, deal.recorded_score) == (tricks, recorded)


def test_the_reader_pauses_the_cycle_collector_and_restores_it(monkeypatch):
    """A vugraph archive's games are tens of thousands of small objects: the collector is off
    while the file is read (its passes freed nothing and cost a third of the reading), and on
    again after, as it was before."""
    import gc

    from vint_replay.formats import pbn

    seen: list[bool] = []
    games = pbn.games
    monkeypatch.setattr(pbn, "games", lambda text: seen.append(gc.isenabled()) or games(text))
    assert gc.isenabled()
    assert len(pbn.pbn_sessions(board(1).encode())[0].record.deals) == 1
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        read(board(1))
        assert not gc.isenabled()  # a caller's pause is left as it was
    finally:
        gc.enable()
