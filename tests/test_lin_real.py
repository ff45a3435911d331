"""LIN as it is found (issue 24): real BBO vugraph files, BBO movies and single hands
(tests/data/lin/REAL.md lists them; kept out of the repository, they are found by
tests/real_records.py and each test skips, saying how to get them, where they are not) read with no traceback; every board the
independent referee (tests/lin_referee.py, from rules/rubber-bridge.md §1–§3) finds
consistent is accepted card for card, every broken one gets one located diagnostic naming its
root cause; LIN → JSON → LIN and LIN → PBN → LIN keep the records; the CLI over them."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from endplay.parsers import pbn as endplay_pbn

import real_records
from lin_referee import ROOMS, boards
from lin_samples import single_hands
from test_lin import _endplay_call, _endplay_card
from vint_replay.cli import main
from vint_replay.engine.cards import CARDS
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_bytes, write_text
from vint_replay.formats.lin import lin_sessions
from vint_replay.formats.lin_tokens import lin_text

NAMES = [n for n in real_records.listed("lin") if n != "endplay_example1.lin"]  # that one: test_lin.py
LISTING = Path(__file__).parent / "data" / "lin" / "REAL.md"  # each file's provenance and SHA-256


def _real(name: str) -> Path:
    return real_records.path("lin", name)


def _files() -> list[Path]:
    """Every real file of the list; the test skips unless all are there."""
    return [_real(name) for name in NAMES]
# the referee's kind of fault → the engine's or reader's codes that name it (format.md §4.1)
CAUSES = {"deal": {"bad_card", "duplicate_card", "hand_size"}, "call": {"bad_call", "syntax"},
          "illegal call": {"bad_call", "insufficient_bid", "call_after_close"}, "auction open": {"auction_incomplete"},
          "revoke": {"revoke"}, "not held": {"hands_mismatch", "card_not_held"}, "claim": {"result_mismatch"},
          "passout": {"play_after_passout"}, "syntax": {"syntax"},
          "twice": {"deal_number"}, "rs": {"result_mismatch", "contract_mismatch"}}
# where a file's rs contradicts the board itself, as the referee finds it: closed board 58 is
# claimed at 11 tricks (mc|11|) but rs says 4HN+2; open board 10's auction ends in 4S by S with
# mc|10| but rs says 3NE+1
RS_WRONG = {("1995-bermuda-bowl-canada-usa-f04.lin", "c", 58), ("1999-dutch-teams-s1.lin", "o", 10)}
VUL = {"o": (False, False), "0": (False, False), "-": (False, False), "n": (True, False), "e": (False, True),
       "b": (True, True)}
LIN_CALL = {"pass": "P", "X": "D", "XX": "R"}


def _room(session_id: str) -> str:
    return next((letter for letter, word in ROOMS.items() if session_id.endswith("-" + word)), "")


def _read(path: Path):
    """Each room's evaluated report, and the error diagnostics of each (room, board)."""
    reports = {}
    errors: dict[tuple[str, int | None], list] = {}
    for result in lin_sessions(path.read_bytes()):
        assert result.record is not None, [d.describe() for d in result.diagnostics]
        room = _room(result.record.info.id)
        report = evaluate(result.record, result.diagnostics)
        reports[room] = report
        for d in report.diagnostics:
            if d.severity is Severity.ERROR:
                errors.setdefault((room, d.deal), []).append(d)
    return reports, errors


def _call(call) -> str:
    text = str(call)
    return LIN_CALL.get(text, text.replace("NT", "N"))


def test_the_real_files_are_many_kinds_and_each_is_described():
    """At least 20 real files, vugraph matches with both rooms among them, each listed in the
    README with its provenance."""
    readme = LISTING.read_text(encoding="utf-8")
    files = _files()
    assert len(files) >= 20
    assert all(f"`{name}`" in readme for name in real_records.listed("lin"))
    both_rooms = [p for p in files if {"o", "c"} <= set(_read(p)[0])]
    assert len(both_rooms) >= 20
    texts = [p.read_text(encoding="latin-1") for p in files]
    for tag in ("an", "mc", "pg", "rs", "sv", "ah", "nt", "vg", "pn"):
        assert any(re.search(rf"(^|\|)\s*{tag}\|", t) for t in texts), tag


@pytest.mark.parametrize("name", NAMES)
def test_every_board_is_as_the_referee_finds_it(name):
    """A board the referee finds consistent is accepted with the referee's deal, dealer,
    vulnerability, calls, cards and claim; a broken one gets its diagnostics, one per fault, each
    naming the board and standing at its tag or naming the field, and of the kind the referee
    found. Boards the referee cannot find (their pairs out of step) are refused by one diagnostic."""
    path = _real(name)
    reports, errors = _read(path)
    judged = boards(lin_text(path.read_bytes()))
    assert judged or errors
    for board in judged:
        key = (board.room, board.number)
        found = errors.get(key, [])
        if board.problem is None:
            assert not found, [d.describe() for d in found]
            deal = next(d for d in reports[board.room].record.deals if d.number == board.number)
            assert deal.dealer.name == board.dealer
            assert {seat: frozenset(CARDS[c].name for c in deal.hands[seat_index])
                    for seat_index, seat in enumerate("NESW")} == board.hands
            if board.vulnerable is not None:
                assert deal.vulnerable == VUL[board.vulnerable]
            assert [_call(c) for c in deal.auction] == [c.replace("NT", "N").replace("XX", "R").replace("X", "D")
                                                         for c in board.calls]
            assert [CARDS[c].name for c in deal.play or ()] == board.cards
            stated = None if board.stated is None else board.stated[4]  # rs's tricks (format.md §5.7)
            assert deal.result == (board.result if board.claim is not None or stated is not None else None)
            contract = deal.contract
            assert (None if contract is None else (str(contract.level), contract.denomination.code[0],
                                                   contract.declarer.name, contract.doubled.bit_length() - 1)) == \
                (None if board.stated is None else board.stated[:4])
        else:
            codes = {d.code for d in found}
            assert len(found) == 1 and codes <= CAUSES[board.problem], (board.problem, [d.describe() for d in found])
    known = {(b.room, b.number) for b in judged}
    for (room, number), found in errors.items():
        assert number is not None, [d.describe() for d in found]  # every diagnostic names its board
        assert all(d.line is not None or d.at is not None for d in found)
        if (room, number) not in known:
            assert len(found) == 1, [d.describe() for d in found]


def test_the_referee_agrees_on_most_boards_and_refuses_some():
    """Over all the files: thousands of boards accepted, and the broken ones of every kind seen."""
    accepted, kinds = 0, set()
    for path in _files():
        for board in boards(lin_text(path.read_bytes())):
            accepted += board.problem is None
            kinds.add(board.problem)
    assert accepted > 800
    assert {"deal", "call", "illegal call", "revoke", "not held", "claim", "syntax", "rs"} <= kinds


def test_the_rs_results_score_the_boards_not_played_out_and_agree_with_the_others():
    """format.md §5.7: over every real vugraph file, the boards with neither a complete play nor
    a claim take their result from ``rs`` and are scored by it (before, a bidding record and a
    hand record scoring nothing); every other board's ``rs`` agrees with its claim or play,
    except those the referee finds contradicting it (RS_WRONG), each one error naming its board."""
    from_rs, checked, wrong = set(), 0, set()
    for path in _files():
        reports, errors = _read(path)
        for board in boards(lin_text(path.read_bytes())):
            if board.problem == "rs":
                wrong.add((path.name, board.room, board.number))
                [error] = errors[(board.room, board.number)]
                assert error.code in CAUSES["rs"] and error.deal == board.number and error.at in ("contract", "result")
            if board.problem is not None or board.stated is None or board.stated[4] is None:
                continue
            replay = next(r for r in reports[board.room].replays if r.deal.number == board.number)
            assert replay.tricks_won is not None and replay.contract is not None
            assert replay.tricks_won[replay.contract.declarer.side] == board.stated[4]
            if board.claim is None and len(board.cards) < 52:
                from_rs.add((path.name, board.room, board.number))
            else:
                checked += 1
    assert wrong == RS_WRONG
    # 1999 Spingold, session 2: closed board 17 bid to 2NT by W and open board 32 with no call
    # at all (rs: 3NN+1), a bidding record and a hand record before
    assert from_rs == {("1999-spingold-f2.lin", "c", 17), ("1999-spingold-f2.lin", "o", 32)}
    assert checked > 800


@pytest.mark.parametrize("via", ["json", "pbn"])
@pytest.mark.parametrize("name", NAMES)
def test_lin_through_json_or_pbn_and_back_keeps_every_record(name, via):
    """LIN → JSON → LIN and LIN → PBN → LIN give the same sessions: id (event and room),
    players, and each accepted board's deal, dealer, vulnerability, calls with their alerts and
    commentary, cards and claim (format.md §5.7). (A broken board holds what could not be read.)"""
    path = _real(name)
    _, errors = _read(path)
    for result in lin_sessions(path.read_bytes()):
        source = result.record
        room = _room(source.info.id)
        fine = replace(source, deals=tuple(d for d in source.deals if (room, d.number) not in errors))
        if not fine.deals:
            continue  # every board broken (1999-vanderbilt-f3.lin)
        middle = read_bytes(write_text(fine, via).encode(), via)
        back = lin_sessions(write_text(middle.record, "lin").encode())
        assert len(back) == 1
        again = back[0].record
        assert again.info == source.info
        assert again.deals == fine.deals


@pytest.mark.parametrize("name", NAMES)
def test_the_pbn_conversion_reads_card_for_card_as_the_lin_in_endplay(name):
    """No repository holds one of these events as both LIN and PBN, so the PBN side is the PBN
    vint-replay writes, read by endplay's own PBN parser: for every board the referee finds
    consistent, the same deal, calls and cards in the order played as the LIN file gives."""
    path = _real(name)
    judged = {(b.room, b.number): b for b in boards(lin_text(path.read_bytes())) if b.problem is None}
    _, errors = _read(path)
    compared = 0
    for result in lin_sessions(path.read_bytes()):
        room = _room(result.record.info.id)
        fine = replace(result.record, deals=tuple(d for d in result.record.deals if (room, d.number) not in errors))
        if not fine.deals:
            continue
        for board in endplay_pbn.loads(write_text(fine, "pbn")):
            lin = judged.get((room, board.board_num))
            if lin is None:
                continue
            hands = {seat: set() for seat in "NESW"}
            for seat, text in zip("NESW", board.deal.to_pbn()[2:].split(" ")):
                for suit, ranks in zip("SHDC", text.split(".")):
                    hands[seat].update(suit + rank for rank in ranks)
            assert hands == {seat: set(cards) for seat, cards in lin.hands.items()}
            assert [_endplay_call(b).upper() for b in board.auction] == [c.replace("NT", "N").replace("XX", "R").replace(
                "X", "D") for c in lin.calls]
            assert [_endplay_card(c) for c in board.play] == lin.cards
            compared += 1
    assert compared == len(judged)


def test_a_missing_bar_is_one_diagnostic_and_the_pairs_after_it_stay_in_step():
    """1962 Bermuda Bowl, open room board 60: ``mb|2D!an|shows the shortest unbid suit|`` lacks
    the bar after ``2D!``. Read before as a call ``2D!an`` and then every pair shifted by one
    (hundreds of "not a LIN tag"); now one syntax error at that mb, the alert kept, the rest read."""
    path = _real("1962-bermuda-bowl-italy-usa-s2a.lin")
    reports, errors = _read(path)
    [problem] = errors[("o", 60)]
    assert problem.code == "syntax" and "'|' is missing between '2D!' and 'an'" in problem.message
    assert problem.line == 203
    deal = next(d for d in reports["o"].record.deals if d.number == 60)
    assert [_call(c) for c in deal.auction][:5] == ["P", "1S", "D", "P", "2D"]
    assert any(c.text == "! shows the shortest unbid suit" for c in deal.comments)
    assert set(errors) == {("o", 60)}
    assert len(reports["o"].record.deals) == len(reports["c"].record.deals) == 14


def test_boards_whose_qx_lost_its_name_are_read_in_their_rooms():
    """1999 Vanderbilt final, segment 3: every board starts ``o33|md|…`` (``qx|`` missing). Each
    board is read in its room under its number, with one syntax error naming the slip."""
    reports, errors = _read(_real("1999-vanderbilt-f3.lin"))
    for room in "oc":
        assert [d.number for d in reports[room].record.deals] == list(range(33, 49))
    assert set(errors) == {(room, n) for room in "oc" for n in range(33, 49)}
    assert all(len(found) == 1 and "qx is missing" in found[0].message for found in errors.values())


def test_a_board_announced_then_played_is_read_as_played():
    """1999 Dutch teams, session 1: closed board 5 is sent first with its deal alone
    (``qx|c5,BOARD 5|…md|…|sv|0|sa|0|pg||``), then again with the auction and play: one board,
    the later copy, no diagnostic (was "board 5 is given twice; the first is kept")."""
    reports, errors = _read(_real("1999-dutch-teams-s1.lin"))
    deal = next(d for d in reports["c"].record.deals if d.number == 5)
    assert [_call(c) for c in deal.auction] == ["3D", "P", "3N", "P", "P", "P"] and deal.play
    assert set(errors) == {("o", 10)}  # its rs contradicts its auction (RS_WRONG)
    assert not [d for r in reports.values() for d in r.diagnostics if d.code == "deal_number"]


def test_a_board_sent_again_to_correct_it_keeps_the_correction_with_a_warning():
    """1999 Dutch teams, session 4, closed board 15: a garbled auction (``1D p 1C``), then the
    same deal again with the auction and the play: the later copy, and a warning saying so."""
    reports, errors = _read(_real("1999-dutch-teams-s4.lin"))
    deal = next(d for d in reports["c"].record.deals if d.number == 15)
    assert [_call(c) for c in deal.auction][:3] == ["P", "P", "1D"] and len(deal.play) == 32 and deal.result == 8
    assert ("c", 15) not in errors
    [warning] = [d for d in reports["c"].diagnostics if d.code == "deal_number"]
    assert warning.severity is Severity.WARNING and warning.deal == 15 and warning.line == 278


def test_a_deal_shown_again_without_its_qx_stays_that_board():
    """1967 Bermuda Bowl, segment 1: after open board 14's play, its md and auction come again
    with no qx. That is board 14 shown again (ignored), not a board 15 of a third session."""
    reports, errors = _read(_real("1967-bermuda-bowl-italy-usa-seg1.lin"))
    assert set(reports) == {"o", "c"}
    deal = next(d for d in reports["o"].record.deals if d.number == 14)
    assert deal.result == 10 and len(deal.play) == 32
    assert [d.number for d in reports["o"].record.deals] == list(range(1, 17))


def test_single_hands_with_a_hand_left_out_and_percent_comments():
    """aaBridge's hands (``%% Processed …`` lines, ``qx|4|``, ``md|2,S…,S…,S…|`` with South left
    out): the comment lines are skipped, the board is board 4 of one room, South holds the rest."""
    for path in [_real(name) for name in NAMES if name.startswith("aabridge-")]:
        reports, errors = _read(path)
        assert set(reports) == {""} and not errors, path.name
        assert not [d for d in reports[""].diagnostics if d.severity is Severity.ERROR]


def test_a_movie_ending_in_a_stray_zero_is_not_truncated():
    """BBO movies saved from the site end with a line ``0`` after the last pair: a warning that
    it is ignored, not "truncated"; the eight boards stand."""
    for name in ("bbo-movie-shep-2007-08-28.lin", "bbo-movie-think-with-fred.lin"):
        [result] = lin_sessions(_real(name).read_bytes())
        [note] = [d for d in result.diagnostics if "after the last pair" in d.message]
        assert note.severity is Severity.WARNING and note.deal == 8
        assert evaluate(result.record, result.diagnostics).valid


def test_a_passed_out_board_closed_with_mc_0_is_accepted():
    """1999 Bermuda Bowl, segment 4, open board 54: four passes, then ``mc|0|`` as BBO writes a
    pass-out; no result is recorded and no diagnostic given (was play_after_passout)."""
    reports, errors = _read(_real("1999-bermuda-bowl-brazil-usa-f04.lin"))
    deal = next(d for d in reports["o"].record.deals if d.number == 54)
    assert deal.result is None and deal.play is None and ("o", 54) not in errors


# ---------------------------------------------------------------- the CLI over real files

@pytest.fixture
def clean() -> Path:
    return _real("1955-bermuda-bowl-gb-usa-seg11.lin")


@pytest.fixture
def broken() -> Path:
    return _real("1974-bermuda-bowl-italy-usa-seg2.lin")


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.mark.parametrize("name", NAMES)
def test_validate_checks_every_room_and_its_exit_status_covers_them(name):
    path = _real(name)
    reports, errors = _read(path)
    result = run("validate", str(path))
    assert result.exit_code == (1 if errors else 0), result.output
    assert result.output.count(f"{path} (session ") == len(reports) or len(reports) == 1


def test_validate_prints_the_broken_board_at_its_card(broken):
    result = run("validate", str(broken))
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(broken))}:\d+:\d+: deal 19, play\[13\]: revoke: trick 4: E played ♥Q but must "
                     r"follow ♦", result.output), result.output


def test_score_audit_and_replay_read_a_vugraph_room(clean):
    scored = run("score", "--json", "--session", "2", str(clean))
    assert scored.exit_code == 0, scored.output
    body = json.loads(scored.output)
    assert body["session"]["id"].endswith("-closed") and len(body["deals"]) == 12
    audited = run("audit", str(clean))
    assert audited.exit_code == 0 and "no paper score" in audited.output
    replayed = run("replay", "--deal", "146", str(clean))
    assert replayed.exit_code == 0 and "146" in replayed.output and "7♣" in replayed.output, replayed.output


def test_score_compare_sets_the_two_rooms_against_each_other(clean):
    """A vugraph match compared room against room in IMPs (format.md §4.3): every board played
    in both rooms, each room's score, the IMPs of the two opposite."""
    result = run("score", "--compare", "--json", str(clean))
    assert result.exit_code == 0, result.output
    [event] = json.loads(result.output)["events"]
    assert event["scoring"] == "imps" and [s.rsplit("-", 1)[1] for s in event["sessions"]] == ["open", "closed"]
    assert [b["number"] for b in event["boards"]] == list(range(145, 157))
    for board in event["boards"]:
        opened, closed = board["results"]
        assert opened["points"] == -closed["points"]
        assert (opened["points"] > 0) == (opened["score"] > closed["score"])
    by_board = {b["number"]: [r["score"] for r in b["results"]] for b in event["boards"]}
    assert by_board[146] == [100, -1090]  # 7♣X by W one down (not vulnerable) against 6♣X made


def test_convert_lin_to_pbn_and_back_gives_the_same_rooms(tmp_path, clean):
    pbn, lin = tmp_path / "match.pbn", tmp_path / "match.lin"
    for session in ("1", "2"):
        assert run("convert", "--session", session, str(clean), str(pbn)).exit_code == 0
        assert run("convert", str(pbn), str(lin)).exit_code == 0
        [back] = lin_sessions(lin.read_bytes())
        assert back.record == lin_sessions(clean.read_bytes())[int(session) - 1].record


def test_convert_of_the_whole_match_keeps_both_rooms_in_one_pbn_and_one_lin_file(tmp_path, clean):
    """Without --session, the match's two rooms go into one file (format.md §5.7)."""
    pbn, lin = tmp_path / "match.pbn", tmp_path / "match.lin"
    assert run("convert", str(clean), str(pbn)).exit_code == 0
    assert run("convert", str(pbn), str(lin)).exit_code == 0
    rooms = [r.record for r in lin_sessions(clean.read_bytes())]
    assert len(rooms) == 2 and [r.record for r in lin_sessions(lin.read_bytes())] == rooms


def test_import_stores_both_rooms_and_a_broken_room_only_without_its_broken_board_when_asked(tmp_path, clean, broken):
    """Each room is a session (docs/store.md): the clean closed room of the 1974 match is stored,
    its open room (board 19 revoked) is rejected, and imported again with ``--skip-broken-deals``
    stored without board 19 alone (the file was once taken for stored, its closed room being so)."""
    from vint_replay.store import Store

    store = tmp_path / "store"
    stored = run("import", "--store", str(store), str(clean))
    assert stored.exit_code == 0 and stored.output.startswith("2 imported"), stored.output
    refused = run("import", "--store", str(store), str(broken))
    assert refused.exit_code == 1 and "1 imported, 0 replaced, 0 unchanged, 1 rejected" in refused.output
    ids = set(Store(store).session_ids())
    assert "1974-bermuda-bowl-final-segment-2-of-6-closed" in ids and "1974-bermuda-bowl-final-segment-2-of-6-open" \
        not in ids
    partial = run("import", "--store", str(store), "--skip-broken-deals", str(broken))  # the retry the rejection invites
    assert partial.exit_code == 1 and "1 imported, 0 replaced, 1 unchanged" in partial.output, partial.output
    opened = Store(store).load_session("1974-bermuda-bowl-final-segment-2-of-6-open")
    assert [d.number for d in opened.deals] == [n for n in range(17, 33) if n != 19]


def test_a_single_hand_given_twice_is_another_table_not_a_correction():
    """format.md §5.7: without ``qx`` the same deal under the same number is another table's play (a
    BBO traveller): a session per table, each with its own cards — never taken for a vugraph
    operator's correction, which would drop the first table's cards."""
    line = single_hands()[0].splitlines()[0]  # a BBO robot game's board 1, written here
    other = re.sub(r"pc\|[^|]*\|.*$", "mc|9|", line)  # the same board, another table's claim at once
    first, second = lin_sessions(f"{line}\n{other}\n".encode())
    assert not [d for r in (first, second) for d in r.diagnostics if d.code == "deal_number"]
    assert first.record.deals[0].play and not second.record.deals[0].play
    assert second.record.deals[0].result == 9
