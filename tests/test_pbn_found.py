"""PBN files as they are found (issue 24): pairs events, hand records, BBO's notations, boards in
any order, PBN 2.1's import format — read and checked as docs/format.md §5.2 says."""
from __future__ import annotations

import json

from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json, record_to_json

from settled import settled_pbn, settled_pbn_sessions

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
DEAL_2 = "E:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"  # board 2: the hands turned


def game(number: int, dealer: str, deal: str, tags: str = "", event: str = "BBO Daylong") -> str:
    """One game as BBO's tournament export writes it (no [Room]; each table's result a game)."""
    return (f'[Event "{event}"]\n[Site "BBO"]\n[Date "2024.05.01"]\n[Board "{number}"]\n[West "w"]\n[North "n"]\n'
            f'[East "e"]\n[South "s"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n{tags}\n')


FOUR_HEARTS = '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 420"]\n'
FOUR_HEARTS_WRONG = '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 450"]\n'


def test_each_table_of_a_pairs_event_is_a_session_read_and_checked(tmp_path):
    """format.md §5.2 (sessions): a board number that comes back in an event and room without
    [Room] is another table's result; each table is read as a session, none given twice."""
    text = (game(1, "N", DEAL, FOUR_HEARTS) + game(1, "N", DEAL, FOUR_HEARTS)
            + game(2, "E", DEAL_2, '[Declarer "E"]\n[Contract "4H"]\n[Result "10"]\n')
            + game(2, "E", DEAL_2, '[Declarer "E"]\n[Contract "4H"]\n[Result "14"]\n'))
    sessions = settled_pbn_sessions(text.encode())
    assert [[d.number for d in s.record.deals] for s in sessions] == [[1, 2], [1, 2]]
    assert [s.record.info.id for s in sessions] == ["bbo-daylong-2024-05-01-table-1", "bbo-daylong-2024-05-01-table-2"]
    assert not [d for s in sessions for d in s.diagnostics if d.code == "deal_number"]
    [bad] = [d for d in sessions[1].diagnostics if d.severity == "error"]  # the second table's board 2 is checked
    assert (bad.deal, bad.at) == (2, "result")
    assert evaluate(sessions[0].record, sessions[0].diagnostics).valid
    [other] = [d for d in settled_pbn(text.encode()).diagnostics if d.code == "pbn_session"]
    assert other.message.startswith("session 2 of this file (BBO Daylong / table 2) holds boards 1, 2")
    source, target = tmp_path / "daylong.pbn", tmp_path / "table1.json"
    source.write_text(text)
    assert CliRunner().invoke(main, ["convert", str(source), str(target)]).exit_code == 0  # was refused


def test_a_hand_record_is_read_checked_as_a_deal_and_not_as_an_auction():
    """format.md §5.2 (hand records): a board of its deal alone, as dealing programs and
    BridgeComposer write it, is read and its hands checked — no auction is invented for it."""
    result = settled_pbn((game(1, "N", DEAL) + game(2, "E", DEAL_2)).encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid and not report.diagnostics
    assert [d.number for d in report.record.deals] == [1, 2]
    assert [(d.hand_record, d.passed_out, d.entries) for d in report.score.deals] == [(True, False, ())] * 2
    broken = settled_pbn(game(1, "N", DEAL.replace("T32.", "T3.")).encode())  # a hand of 12 cards is still an error
    assert [d.code for d in evaluate(broken.record, broken.diagnostics).diagnostics if d.severity == "error"]


def test_bbo_s_pass_out_with_a_result_of_0_and_no_card_is_a_pass_out():
    """format.md §5.2 (tags read): BBO writes a passed-out board as [Contract "Pass"] with
    [Result "0"] (and an empty [Play]); that is a pass-out, no play nor result after it."""
    passed = '[Declarer ""]\n[Contract "Pass"]\n[Result "0"]\n[Score "0"]\n'
    for tags in (passed, passed + '[Play "E"]\n*\n'):
        result = settled_pbn(game(1, "N", DEAL, tags).encode())
        report = evaluate(result.record, result.diagnostics)
        assert report.valid and not report.diagnostics
        assert report.replays[0].passed_out
    played = settled_pbn(game(1, "N", DEAL, passed.replace('"0"]\n[Score', '"9"]\n[Score')).encode())
    assert [d.code for d in evaluate(played.record, played.diagnostics).diagnostics] == ["play_after_passout"]


def test_a_duplicate_board_is_dealt_by_whom_it_says_alone_or_after_another():
    """duplicate-bridge.md §2 (dealer and numbers): the board says who deals; the same board is
    valid alone and after another. Rubber bridge still deals in turn (rubber-bridge.md)."""
    sixth = game(6, "W", DEAL, FOUR_HEARTS)  # by its number board 6 would be East's
    for text in (sixth, game(1, "N", DEAL, FOUR_HEARTS) + sixth):
        result = settled_pbn(text.encode())
        report = evaluate(result.record, result.diagnostics)
        assert report.valid and not report.diagnostics
    rubber = (game(1, "N", DEAL, FOUR_HEARTS) + game(2, "S", DEAL, FOUR_HEARTS)).replace(
        '[Site', '[Scoring "Rubber"]\n[Site')
    result = settled_pbn(rubber.encode())
    [bad] = evaluate(result.record, result.diagnostics).diagnostics
    assert (bad.code, bad.deal) == ("wrong_dealer", 2)


def test_duplicate_boards_may_come_in_any_order():
    """duplicate-bridge.md §2 (dealer and numbers): boards keep their numbers in any order (the
    sample file lists board 11 after 17); rubber bridge's deals must still increase."""
    text = game(17, "N", DEAL, FOUR_HEARTS) + game(11, "S", DEAL, '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n')
    result = settled_pbn(text.encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid and not report.diagnostics and [d.number for d in report.record.deals] == [17, 11]
    rubber = settled_pbn(text.replace('[Site', '[Scoring "Rubber"]\n[Site').replace('[Dealer "S"]', '[Dealer "E"]').encode())
    [bad] = evaluate(rubber.record, rubber.diagnostics).diagnostics
    assert (bad.code, bad.deal) == ("deal_number", 11)


PLAY = '[Play "E"]\nDA D2 D5 D3\nDK D7 D6 DT\n*\n'  # E leads against 4H by N; two tricks, then the claim


def test_an_auction_without_the_dealer_s_passes_is_one_mismatch_and_the_play_is_the_tags():
    """format.md §5.1 (contract_mismatch): a vugraph auction that leaves out the dealer's leading
    passes disagrees with [Declarer]; one diagnostic says so, and the play is checked under the
    tagged contract, led by [Play]'s opening leader (no false hands_mismatch)."""
    text = game(1, "E", DEAL, FOUR_HEARTS + '[Auction "E"]\n1H Pass 4H Pass\nPass Pass\n' + PLAY)
    result = settled_pbn(text.encode())
    [only] = evaluate(result.record, result.diagnostics).diagnostics
    assert (only.code, only.deal) == ("contract_mismatch", 1)
    assert "the auction gives 4H by E — with 3 passes before its first call it gives 4H by N" in only.message
    assert only.message.endswith("the play is checked under 4H by N")


def test_a_doubled_auction_written_undoubled_is_one_mismatch_saying_so():
    """format.md §5.1 (contract_mismatch): [Contract "4H"] after a doubled auction is named as
    the double left out, and the play is checked under the tagged contract."""
    text = game(1, "N", DEAL, FOUR_HEARTS + '[Auction "N"]\n1H Pass 4H X\nPass Pass Pass\n' + PLAY)
    result = settled_pbn(text.encode())
    [only] = evaluate(result.record, result.diagnostics).diagnostics
    assert only.code == "contract_mismatch" and "the auction's contract is 4HX, written 4H" in only.message


def test_pbn_2_1_s_import_format_is_read():
    """format.md §5.2 (games): PBN 2.1's import format — a tag without a blank before its value,
    a tag pair across lines, and [Result "NS 9 EW 4"] (both sides' tricks)."""
    text = ('[Event"Club"]\n[Board\n"1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal\n  "' + DEAL + '"\n]\n'
            '[Declarer "N"]\n[Contract "4H"]\n[Result "NS 10 EW 3"]\n[Score "NS 420"]\n\n'
            + game(2, "E", DEAL_2, '[Declarer "E"]\n[Contract "4H"]\n[Result "NS 9 EW 4"]\n', event="Club"))
    result = settled_pbn(text.encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid and not report.diagnostics
    assert [(d.number, d.result) for d in report.record.deals] == [(1, 10), (2, 4)]
    assert report.record.info.event == "Club" and report.record.deals[0].hands is not None
    bad = settled_pbn(game(1, "N", DEAL, '[Declarer "N"]\n[Contract "4H"]\n[Result "NS 10 EW 4"]\n').encode())
    [wrong] = [d for d in bad.diagnostics if d.severity == "error"]
    assert (wrong.code, wrong.deal, wrong.at) == ("schema", 1, "result")


def test_every_problem_of_a_board_names_the_board():
    """format.md §5.2 (every game is read or reported): a stray token, a broken comment and a
    byte that is not UTF-8 name the board they stand in, so that the cap of problems listed a
    deal (diagnostics.py MAX_PER_DEAL) is per board and every refused board is named."""
    text = (game(1, "N", DEAL, FOUR_HEARTS) + game(2, "E", DEAL_2, '[Contract 4H]\n')
            + game(3, "S", DEAL, '{ never closed\n') + game(4, "W", DEAL).replace('"n"', '"Кирилл\udcff"'))
    result = settled_pbn(text.encode("utf-8", "surrogateescape"))
    named = {(d.deal, d.code) for d in result.diagnostics if d.code == "syntax" and d.line is not None and d.line > 1}
    assert named == {(2, "syntax"), (3, "syntax"), (4, "syntax")}


def _teams(tmp_path, closed_result: str):
    """A team match: board 1 in the open room (fine) and in the closed room."""
    open_room = game(1, "N", DEAL, FOUR_HEARTS, event="Match").replace("[Site", '[Room "Open"]\n[Site')
    closed = game(1, "N", DEAL, f'[Declarer "N"]\n[Contract "4H"]\n[Result "{closed_result}"]\n', event="Match")
    path = tmp_path / "match.pbn"
    path.write_text(open_room + closed.replace("[Site", '[Room "Closed"]\n[Site'))
    return str(path)


def test_validate_checks_every_session_and_its_exit_status_covers_them_all(tmp_path):
    """format.md §4.2 (validate): every session of a PBN file is checked; an error in the second
    room's board fails the file, where the first room alone passes."""
    runner = CliRunner()
    bad = runner.invoke(main, ["validate", _teams(tmp_path, "14")])
    assert bad.exit_code == 1 and "(session 2: match-2024-05-01-closed): 1 error" in bad.output
    assert "(session 1: match-2024-05-01-open): valid (1 deal)" in bad.output
    assert runner.invoke(main, ["validate", "--session", "1", _teams(tmp_path, "14")]).exit_code == 0
    assert runner.invoke(main, ["validate", _teams(tmp_path, "9")]).exit_code == 0


def test_a_session_past_the_last_is_a_usage_error(tmp_path):
    """format.md §4.1, §4.2: --session past the file's last session is a usage error (exit 2), for
    validate, score and convert alike."""
    runner = CliRunner()
    path = _teams(tmp_path, "9")
    for command in (["validate"], ["score"], ["convert"]):
        target = [str(tmp_path / "o.json")] if command == ["convert"] else []
        out = runner.invoke(main, [*command, "--session", "3", path, *target])
        assert out.exit_code == 2 and "the file holds 2 sessions; there is no session 3" in out.output


def test_a_duplicate_board_given_twice_in_one_session_is_still_refused():
    """duplicate-bridge.md §2: boards in any order, but each once — a JSON session (no tables to
    read it into) that gives board 1 twice is a deal_number error at the second."""
    session = settled_pbn((game(1, "N", DEAL, FOUR_HEARTS) + game(2, "E", DEAL_2)).encode()).record
    raw = record_to_json(session)
    raw["deals"][1]["number"] = 1
    again = read_json(json.dumps(raw))
    found = [(d.code, d.deal, d.at) for d in evaluate(again.record, again.diagnostics).diagnostics]
    assert ("deal_number", 1, "number") in found
