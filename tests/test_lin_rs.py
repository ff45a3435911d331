"""A vugraph file's ``rs`` (docs/format.md §5.7): each board's contract, declarer and tricks at
each table, in the order of ``vg``'s boards and rooms (open, then closed). A board without play
(or cut short without ``mc``) is scored by its entry, as a PBN board by its ``[Result]`` (§5.2);
a complete play, a claim and the auction are checked against it, one located diagnostic for
each contradiction (docs/diagnostics.md ``result_mismatch``, ``contract_mismatch``); an ``rs``
that cannot be placed, or an entry that cannot be read, is a located warning. The LIN here is
written in the test (lin_samples for complete plays), so these run without the real records."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from click.testing import CliRunner

import lin_samples
from vint_replay.cli import main
from vint_replay.engine.calls import Contract, Denomination
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.seats import Seat, Side
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_bytes, write_text
from vint_replay.formats.lin import lin_sessions
from vint_replay.formats.lin_results import entry_text, parse_entry
from vint_replay.games.bridge.duplicate import board_score

# board 1: N deals, 4S by E (p p 1H 2H p 4S p p p); neither side vulnerable
DEAL = "md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,S74HT8DK842CAQ743,|sv|o|"
AUCTION = "mb|p|mb|p|mb|1H|mb|2H|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||"
PASSES = "mb|p|mb|p|mb|p|mb|p|pg||"


def match(rs: str, opened: str = AUCTION, closed: str = AUCTION, boards: str = "1,1") -> str:
    """A match of board 1 in both rooms, with the given ``rs`` value and each room's calls and cards."""
    return (f"vg|Club teams,Segment 1,I,{boards},Reds,0,Blues,0|\nrs|{rs}|\npn|Ann,Bob,Cy,Di,Eve,Fay,Gus,Hal|pg||\n"
            f"qx|o1|st||{DEAL}{opened}\nqx|c1|st||{DEAL}{closed}\n")


def rooms(text: str):
    """Each room's evaluated report, by room letter."""
    out = {}
    for result in lin_sessions(text.encode()):
        assert result.record is not None
        out[result.record.info.id.rsplit("-", 1)[1][0]] = (result, evaluate(result.record, result.diagnostics))
    return out


def errors(report) -> list:
    return [d for d in report.diagnostics if d.severity is Severity.ERROR]


def validate(tmp_path, text: str, session: str = "1") -> str:
    path = tmp_path / "match.lin"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["validate", "--session", session, str(path)]).output


@pytest.mark.parametrize("entry,contract,tricks", [
    ("4SE-2", Contract(4, Denomination.SPADES, Seat.E), 8),
    ("3NN=", Contract(3, Denomination.NOTRUMP, Seat.N), 9),
    ("3NTN+1", Contract(3, Denomination.NOTRUMP, Seat.N), 10),
    ("4HWx+1", Contract(4, Denomination.HEARTS, Seat.W, 2), 11),
    ("5HxN-1", Contract(5, Denomination.HEARTS, Seat.N, 2), 10),  # the double before the declarer
    ("6CSxx=", Contract(6, Denomination.CLUBS, Seat.S, 4), 12),
    ("2dw", Contract(2, Denomination.DIAMONDS, Seat.W), None),  # the contract alone
    ("P", None, None), ("PASS", None, None), ("pass", None, None)])
def test_an_entry_is_a_contract_a_declarer_and_tricks(entry, contract, tricks):
    """format.md §5.7: ``4SE-2`` is 4♠ by E two down (8 tricks), ``=``/``+n`` made and over, ``x``/``xx``
    doubled and redoubled, ``P`` passed out; written back as BBO writes it."""
    assert parse_entry(entry) == (contract, tricks)
    if contract is not None:
        assert parse_entry(entry_text(contract, tricks)) == (contract, tricks)


@pytest.mark.parametrize("entry", ["4SE-11", "7NN+1", "4SQ=", "8SE=", "4SxEx=", "made"])
def test_an_entry_that_is_no_result_is_refused_by_the_parser(entry):
    with pytest.raises(ValueError):
        parse_entry(entry)


def test_a_board_with_its_auction_and_no_play_is_scored_by_its_rs_entry(tmp_path):
    """format.md §5.7: open board 1, bid to 4♠ by E and no card written, rs 4SE-2: scored as
    two down (N–S +100 not vulnerable), as a PBN board by its [Result] (§5.2) — no longer a
    bidding record scoring nothing. The closed room's 4SE= scores E–W's 420."""
    found = rooms(match("4SE-2,4SE="))
    for room, ns in (("o", 100), ("c", -420)):
        result, report = found[room]
        assert not report.diagnostics, [d.describe() for d in report.diagnostics]
        [deal] = report.record.deals
        assert not deal.bidding_record and deal.contract == Contract(4, Denomination.SPADES, Seat.E)
        [replay] = report.replays
        assert replay.tricks_won[Side.EW] == (8 if room == "o" else 10)
        assert board_score(report.score.deals[0].entries) == ns
    assert "valid (1 deal)" in validate(tmp_path, match("4SE-2,4SE="))


def test_an_empty_entry_leaves_a_board_without_play_a_bidding_record():
    """format.md §5.7: an empty entry is a result not known."""
    _, report = rooms(match(",4SE="))["o"]
    assert report.valid and report.record.deals[0].bidding_record and report.replays[0].tricks_won is None


def test_a_board_with_no_call_is_recorded_by_its_rs_contract():
    """A board given by its deal alone and rs 3NN+1 (1999 Spingold, board 32): the contract and
    tricks of rs, as PBN's [Contract], [Declarer] and [Result] without an auction (§5.1)."""
    _, report = rooms(match("4SE=,4SE=", opened="pg||"))["o"]
    assert report.valid and report.replays[0].tricks_won[Side.EW] == 10


def test_rs_and_the_auction_disagreeing_is_one_contract_mismatch_at_the_entry(tmp_path):
    """docs/diagnostics.md contract_mismatch: rs says 4♥ by S, the auction ends in 4♠ by E."""
    text = match("4HS=,4SE=")
    [error] = errors(rooms(text)["o"][1])
    assert (error.code, error.deal, error.at) == ("contract_mismatch", 1, "contract")
    printed = validate(tmp_path, text)
    assert re.search(r"match\.lin:2:4: deal 1, contract: contract_mismatch: the record gives the contract 4H by S; "
                     r"the auction gives 4S by E$", printed, re.M), printed


def test_rs_undoubled_after_a_doubled_auction_is_a_contract_mismatch():
    closed = "mb|p|mb|p|mb|1H|mb|2H|mb|p|mb|4S|mb|d|mb|p|mb|p|mb|p|pg||"
    [error] = errors(rooms(match("4SE=,4SE=", closed=closed))["c"][1])
    assert error.code == "contract_mismatch" and "4SX by E" in error.message


def test_a_passed_out_entry_closes_a_board_without_calls_and_contradicts_bids():
    """``P`` for a board with no call: passed out (four passes, as PBN's [Contract "Pass"]); for
    an auction with bids: one contract_mismatch naming the board."""
    found = rooms(match("P,P", opened="pg||", closed=AUCTION))
    opened = found["o"][1]
    assert opened.valid and opened.replays[0].passed_out
    [error] = errors(found["c"][1])
    assert (error.code, error.deal) == ("contract_mismatch", 1) and "passed out" in error.message
    assert opened.record.deals[0].auction == read_bytes(match(",", opened=PASSES).encode(), "lin").record.deals[0].auction


def test_a_claim_rs_contradicts_is_one_error_at_the_mc_and_no_result():
    """``mc|10|`` (4♠ made) and rs 4SE-1: the file contradicts itself; one result_mismatch at the
    mc, naming both, and neither result is judged or scored (so no second error)."""
    claimed = AUCTION + "mc|10|"
    text = match("4SE-1,4SE=", opened=claimed, closed=claimed)
    found = rooms(text)
    [error] = errors(found["o"][1])
    assert (error.code, error.deal, error.at) == ("result_mismatch", 1, "result")
    assert "mc" in error.message and "4SE-1" in error.message
    assert (error.line, error.column) == (4, text.splitlines()[3].index("mc|10|") + 1)
    assert found["o"][1].replays[0].tricks_won is None
    assert found["c"][1].valid  # 4SE= agrees with mc|10|


def _played(seed: int = 3):
    """lin_samples' match whose open board 1 is played to the end, and that board."""
    text, boards = lin_samples.vugraph(boards=2, seed=seed)
    board = boards["o"][0]
    assert len(board.cards) == 52 and not board.claimed
    return text, board


def test_a_complete_play_agreeing_with_rs_is_valid_and_one_disagreeing_is_a_result_mismatch(tmp_path):
    """format.md §5.7: a board played to the end is checked against its rs entry: the tricks
    the play gives are the entry's (valid), else one result_mismatch at the entry."""
    text, board = _played()
    assert rooms(text)["o"][1].valid
    rs = re.search(r"rs\|([^|]*)\|", text).group(1)
    first, rest = rs.split(",", 1)
    wrong = replace(board, tricks=board.tricks - 1 if board.tricks > 0 else 1).result()
    assert first == board.result() != wrong
    broken = text.replace(f"rs|{rs}|", f"rs|{wrong},{rest}|")
    [error] = errors(rooms(broken)["o"][1])
    assert (error.code, error.deal, error.at) == ("result_mismatch", 1, "result")
    assert f"the play gives {board.tricks}" in error.message
    assert "match.lin:2:4: deal 1, result: result_mismatch" in validate(tmp_path, broken)


def test_a_play_cut_short_without_mc_is_scored_by_rs_when_the_tricks_played_allow_it():
    """A play stopping after a trick with no mc is the rs entry's claim: scored when the tricks
    played leave room for it; otherwise one result_mismatch (rubber-bridge.md §4)."""
    opened = AUCTION + "pc|CK|pc|C6|pc|C3|pc|C2|pg||"  # S leads ♣K, W ♣6, N ♣3, E ♣2
    found = rooms(match("4SE=,4SE=", opened=opened))
    assert found["o"][1].valid and found["o"][1].replays[0].tricks_won[Side.EW] == 10
    won = found["o"][1].replays[0].tricks[0].winner
    impossible = "4SE+3" if won.side is Side.NS else "4SE-10"  # 13 after a lost trick, or 0 after a won one
    [error] = errors(rooms(match(f"{impossible},4SE=", opened=opened))["o"][1])
    assert error.code == "result_mismatch" and error.deal == 1


def test_an_rs_of_another_length_is_one_warning_and_ignored(tmp_path):
    """format.md §5.7: three entries for one board in two rooms: a located warning for rs, none
    read (the board without play stays a bidding record); never a traceback."""
    text = match("4SE-2,4SE=,3NN=")
    result, report = rooms(text)["o"]
    [warning] = [d for d in result.diagnostics if "rs" in d.message]
    assert warning.severity is Severity.WARNING and warning.code == "schema" and (warning.line, warning.column) == (2, 1)
    assert "3 results" in warning.message and "need 2" in warning.message
    assert report.valid and report.record.deals[0].bidding_record
    assert rooms(match("4SE-2"))["o"][1].record.deals[0].bidding_record  # fewer entries
    assert "schema (warning)" in validate(tmp_path, text)


def test_an_unreadable_entry_is_a_warning_naming_its_board():
    result, report = rooms(match("4SE-12,4SE="))["o"]
    [warning] = [d for d in result.diagnostics if "rs" in d.message]
    assert (warning.severity, warning.deal, warning.at) == (Severity.WARNING, 1, "result")
    assert (warning.line, warning.column) == (2, 4) and "'4SE-12'" in warning.message
    assert report.valid and report.record.deals[0].bidding_record


def test_vg_without_a_board_range_leaves_rs_unplaced():
    text = match("4SE-2,4SE=").replace("I,1,1,Reds", "I,,,Reds")
    result, report = rooms(text)["o"]
    assert any("cannot be placed" in d.message for d in result.diagnostics) and report.record.deals[0].bidding_record


@pytest.mark.parametrize("via", ["pbn", "json", "lin"])
def test_convert_keeps_the_result_rs_gives(via):
    """LIN → PBN writes the entry's result as [Result] (and [Contract], [Declarer]); LIN → JSON
    keeps it; LIN → LIN writes rs after vg. Read back, the same record and score."""
    for result in lin_sessions(match("4SE-2,4SE=").encode()):
        written = write_text(result.record, via)
        if via == "pbn":
            assert '[Result "8"]' in written or '[Result "10"]' in written
            assert '[Contract "4S"]' in written and '[Declarer "E"]' in written
        if via == "lin":
            assert re.search(r"^rs\|(4SE-2,|,4SE=)\|$", written, re.M), written
        back = read_bytes(written.encode(), via).record
        assert back.deals == result.record.deals


def test_lin_output_places_each_room_s_entries():
    """A room of a match writes its entries at its own places (open first), the other room's empty."""
    text, _ = lin_samples.vugraph(boards=3, seed=1)
    rs = re.search(r"rs\|([^|]*)\|", text).group(1).split(",")
    for result, offset in zip(lin_sessions(text.encode()), (0, 1)):
        written = re.search(r"^rs\|([^|]*)\|$", write_text(result.record, "lin"), re.M).group(1).split(",")
        assert written[offset::2] == [parse_entry(e) and entry_text(*parse_entry(e)) for e in rs[offset::2]]
        assert written[1 - offset::2] == [""] * 3


def test_the_batch_path_leaves_a_room_whose_boards_rs_reads_otherwise():
    """The batch path (formats/lin_batch.py) holds each rs entry against the auction and the play
    as the reference does: a room with a board rs contradicts goes to the reference reader whole;
    a room whose entries agree with its claims and complete plays, or score a board without play,
    is taken, with the reference's scores."""
    from vint_replay.store.bridge_columnar import check_lin_rooms

    text, board = _played()
    rs = re.search(r"rs\|([^|]*)\|", text).group(1)
    first, rest = rs.split(",", 1)
    assert [checked is not None for _, checked in check_lin_rooms([text.encode()])[0]] == [True, True]
    other = replace(board, tricks=board.tricks - 1 if board.tricks > 0 else 1).result()
    wrong = text.replace(f"rs|{rs}|", f"rs|{other},{rest}|")
    assert first == board.result() != other
    assert [checked is not None for _, checked in check_lin_rooms([wrong.encode()])[0]] == [False, True]
    unplayed = match("4SE-2,4SE=", closed=AUCTION + "mc|10|")
    taken = check_lin_rooms([unplayed.encode()])[0]
    assert [checked is not None for _, checked in taken] == [True, True]
    reference = rooms(unplayed)
    assert not reference["o"][1].diagnostics and not reference["c"][1].diagnostics
    assert [int(c.score[0]) for _, c in taken] == [board_score(reference[r][1].score.deals[0].entries) for r in "oc"]
    contradicted = match("4SE-2,4SE-1", closed=AUCTION + "mc|10|")  # the claim says 10, rs 9
    assert [checked is not None for _, checked in check_lin_rooms([contradicted.encode()])[0]] == [True, False]
