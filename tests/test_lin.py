"""LIN, BBO's hand-record format (docs/format.md §5.7): BBO-style records (generated here in BBO's
layout, tests/lin_samples.py, and a real BBO robot game when the real records are there) read
card for card as endplay's own LIN parser reads them, vugraph rooms as sessions, round trips LIN → record → LIN
and through PBN and JSON, and a located diagnostic for every kind of bad input."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from endplay.parsers import lin as endplay_lin
from endplay.types import ContractBid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_replay.cli import main
from vint_replay.engine.cards import CARDS
from vint_replay.engine.diagnostics import Severity
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.engine.record import Comment, DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import format_of, read_bytes, write_text
from vint_replay.formats.lin import lin_sessions, read_lin
from vint_replay.formats.lin_write import LinRefused, lin_refusal, write_lin

import real_records
from bridge_records import bridge_session
from lin_samples import single_hands
from strategies import sessions
from settled import settled

ROBOTS, ROBOT_BOARDS = single_hands()  # a BBO robot game's layout: alerts, claims, pg, sv, ah
REAL = "endplay_example1.lin"  # a real BBO robot game (real_records: tests/data/lin/REAL.md)
# board 1 of the real file, played in both rooms of a match: 4S by E (10 tricks claimed after
# one trick) in the open room, 5H by S doubled and one down in the closed room
DEAL = "md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,S74HT8DK842CAQ743,|sv|o|"
VUGRAPH = (
    "vg|Club teams,Segment 1,I,1,2,Reds,0,Blues,0|\n"
    "rs|4SE=,5HSx-1,,|\n"
    "pn|Ann,Bob,Cy,Di,Eve,Fay,Gus,Hal|pg||\n"
    f"qx|o1|st||{DEAL}mb|p|mb|p|mb|1H|mb|2H!|an|Michaels|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||"
    "pc|CK|pc|C6|pc|C3|pc|C2|pg||mc|10|\n"
    f"qx|c1|st||{DEAL}mb|p|mb|p|mb|1H|mb|2H|mb|p|mb|4S|mb|5H|mb|d|mb|p|mb|p|mb|p|pg||mc|10|\n"
    "qx|o2|md|4SAH456AD459QAC269,S2369QHTQKDKC34TQ,S478KH278D23TC58J,|sv|n|mb|p|mb|p|mb|p|mb|p|pg||\n"
)
ENDPLAY_DENOMINATIONS = "SHDCN"  # endplay's Denom order
RANKS = "23456789TJQKA"


def _endplay_card(card) -> str:
    return "SHDC"[card.suit.value] + RANKS[card.rank.value.bit_length() - 3]


def _endplay_call(bid) -> str:
    if isinstance(bid, ContractBid):
        return f"{bid.level}{ENDPLAY_DENOMINATIONS[bid.denom.value]}"
    return {"passed": "p", "doubled": "d", "redoubled": "r"}[bid.penalty.name]


def _lin_call(call) -> str:
    text = str(call)
    return {"pass": "p", "X": "d", "XX": "r"}.get(text, text.replace("NT", "N"))


def _pbn_hands(deal: DealRecord) -> str:
    return "N:" + " ".join(h.pbn() for h in deal.hands)


# ---------------------------------------------------------------- BBO robot games


@pytest.fixture(params=["generated", "real"])
def bbo(request) -> bytes:
    """A BBO robot game's single hands: the one written here, and the real one when it is there."""
    if request.param == "generated":
        return ROBOTS.encode()
    return real_records.path("lin", REAL).read_bytes()


def _claim_changed(data: bytes) -> bytes:
    """The file with its first claim one trick lower (the same boards, another result)."""
    start = data.index(b"|mc|") + 4
    end = data.index(b"|", start)
    return data[:start] + str(int(data[start:end]) - 1).encode() + data[end:]


def test_a_bbo_record_reads_card_for_card_as_endplay_reads_it(bbo):
    """endplay's LIN parser is the independent referee: the same deal, dealer, vulnerability,
    calls, cards in the order played and claimed tricks, board by board (format.md §5.7)."""
    result = read_lin(bbo)
    assert result.diagnostics == []
    boards = endplay_lin.loads(bbo.decode("utf-8"))
    deals = result.record.deals
    assert len(deals) == len(boards) == 8
    for deal, board in zip(deals, boards):
        assert deal.number == board.board_num
        assert _pbn_hands(deal) == board.deal.to_pbn()
        assert deal.dealer.name == board.dealer.name[0].upper()
        assert {(False, False): "none", (True, False): "ns", (False, True): "ew", (True, True): "both"}[
            deal.vulnerable] == board.vul.name
        assert [_lin_call(c) for c in deal.auction] == [_endplay_call(b) for b in board.auction]
        assert [CARDS[c].name for c in deal.play] == [_endplay_card(c) for c in board.play]
        if board.claimed:
            assert deal.result == board.contract.level + 6 + board.contract.result
        else:
            assert deal.result is None and len(deal.play) == 52
    info = result.record.info
    assert info.rules == "duplicate-bridge" and info.event is None
    assert info.id.startswith("lin-") and info.id != read_lin(_claim_changed(bbo)).record.info.id


def test_the_generated_robot_game_is_read_as_it_was_written():
    """The generator's own count (tests/lin_samples.py) is the referee: each board's claim, its
    alerts as "! …" comments after their calls, the names of pn (S, W, N, E), and the N–S score of
    every board (Law 77, rubber-bridge.md §3 for the tricks) as the engine replays the play."""
    result = read_lin(ROBOTS.encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics]
    assert [d.number for d in result.record.deals if d.result is not None] == [b.number for b in ROBOT_BOARDS
                                                                                if b.claimed] != []
    for deal, board in zip(result.record.deals, ROBOT_BOARDS):
        alerts = [(f"auction[{i + 1}]", f"! {alert}") for i, (_, alert, _) in enumerate(board.calls) if alert]  # after its call
        assert [(c.before, c.text) for c in deal.comments] == alerts
    assert any(alert for b in ROBOT_BOARDS for _, alert, _ in b.calls)
    info = result.record.info
    assert (info.players[Seat.S], info.players[Seat.W], info.players[Seat.N]) == ("robot", "~~M1", "~~M2")
    scores = {deal.number: board_score(deal.entries) for deal in report.score.deals}
    assert scores == {b.number: b.ns_score() for b in ROBOT_BOARDS}


def test_the_real_record_is_valid_and_scores_as_played():
    """The engine replays every call and card (docs/rules/duplicate-bridge.md). Board 1 is 5H by
    S, not vulnerable; counted by hand from the file, N–S take tricks 1–9 and 11–13: 12 tricks,
    150 + 300 + 30 = 480. (endplay's LIN reader puts it one down: its trick count ignores who
    leads, so its results are no referee.) Board 3 is 2H by S, claimed at 9 tricks: 140."""
    data = real_records.path("lin", REAL).read_bytes()
    result = read_lin(data)
    report = evaluate(result.record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics]
    scores = {deal.number: board_score(deal.entries) for deal in report.score.deals}
    assert (scores[1], scores[3]) == (480, 140)
    assert [d.number for d in result.record.deals if d.result is not None] == [3, 7]  # mc|9|, mc|11|
    info = result.record.info
    assert (info.players[Seat.S], info.players[Seat.W]) == ("domtp", "~~M25054gn")  # pn: S, W, N, E


# ---------------------------------------------------------------- vugraph files: rooms


def test_a_vugraph_file_holds_a_session_per_room():
    """qx|o1| is board 1 of the open room, qx|c1| of the closed room; the eight names of pn are the
    open room's S, W, N, E, then the closed room's (format.md §5.7)."""
    opened, closed = lin_sessions(VUGRAPH.encode())
    assert [d.number for d in opened.record.deals] == [1, 2] and [d.number for d in closed.record.deals] == [1]
    assert opened.record.info.id == "club-teams-segment-1-open"
    assert closed.record.info.id == "club-teams-segment-1-closed"
    assert opened.record.info.event == closed.record.info.event == "Club teams — Segment 1"  # vg's title and segment
    assert [opened.record.info.players[s] for s in (Seat.S, Seat.W, Seat.N, Seat.E)] == ["Ann", "Bob", "Cy", "Di"]
    assert [closed.record.info.players[s] for s in (Seat.S, Seat.W, Seat.N, Seat.E)] == ["Eve", "Fay", "Gus", "Hal"]
    assert opened.record.deals[0].hands == closed.record.deals[0].hands
    assert [str(c) for c in closed.record.deals[0].auction][-5:] == ["5H", "X", "pass", "pass", "pass"]
    for room in (opened, closed):
        report = evaluate(room.record, room.diagnostics)
        assert report.valid, [d.describe() for d in report.diagnostics]
    scores = [{d.number: board_score(d.entries) for d in evaluate(r.record).score.deals} for r in (opened, closed)]
    assert scores[0][1] == -420 and scores[1][1] == -100  # 4S by E made; 5HX by S one down, not vulnerable


def test_the_other_room_is_named_and_read_with_session_2(tmp_path):
    path = tmp_path / "match.lin"
    path.write_text(VUGRAPH, encoding="utf-8")
    runner = CliRunner()
    every = runner.invoke(main, ["validate", str(path)])  # every room of the file is checked
    assert every.exit_code == 0 and "(session 1: club-teams-segment-1-open): valid (2 deals)" in every.output \
        and "(session 2: club-teams-segment-1-closed): valid (1 deal)" in every.output, every.output
    first = runner.invoke(main, ["validate", "--session", "1", str(path)])
    assert first.exit_code == 0, first.output
    assert f"{path}:5:1: pbn_session (warning): session 2 of this file (club-teams-segment-1-closed) holds board 1: " \
           "read it with --session 2" in first.output
    second = runner.invoke(main, ["validate", "--session", "2", str(path)])
    assert second.exit_code == 0 and "valid (1 deal)" in second.output
    stored = runner.invoke(main, ["import", "--store", str(tmp_path / "store"), str(path)])
    assert stored.exit_code == 0 and stored.output.startswith("2 imported"), stored.output


# ---------------------------------------------------------------- round trips


def _same_records(a: SessionRecord, b: SessionRecord) -> None:
    assert a.info == b.info
    assert a.deals == b.deals


@pytest.mark.parametrize("room", [1, 2])
def test_lin_to_record_to_lin_gives_the_same_record(room):
    source = read_lin(VUGRAPH.encode(), session=room).record
    text = write_lin(source)
    again = read_lin(text.encode())
    assert [d for d in again.diagnostics if d.code != "pbn_session"] == []
    _same_records(again.record, source)
    assert write_lin(again.record) == text  # the written text is a fixed point


def test_a_bbo_record_round_trips_and_endplay_reads_what_is_written(bbo):
    source = read_lin(bbo).record
    text = write_lin(source)
    _same_records(read_lin(text.encode()).record, source)
    for board, written in zip(endplay_lin.loads(bbo.decode("utf-8")), endplay_lin.loads(text)):
        assert written.deal.to_pbn() == board.deal.to_pbn()
        assert [_endplay_card(c) for c in written.play] == [_endplay_card(c) for c in board.play]
        assert [_endplay_call(b) for b in written.auction] == [_endplay_call(b) for b in board.auction]
        assert (written.claimed, str(written.contract)) == (board.claimed, str(board.contract))


@pytest.mark.parametrize("via", ["pbn", "json", "vint"])
def test_lin_to_another_format_and_back_keeps_the_record(via):
    for room in (1, 2):
        source = read_lin(VUGRAPH.encode(), session=room).record
        middle = settled(read_bytes(write_text(source, via).encode(), via))
        assert not [d for d in middle.diagnostics if d.severity is Severity.ERROR]
        _same_records(middle.record, source)
        _same_records(read_lin(write_text(middle.record, "lin").encode()).record, source)


def test_alerts_and_commentary_are_kept_as_comments_and_written_back():
    """An alert (``mb|2H!|an|…|``) is a comment "! …" after its call, commentary (``nt``) a
    comment where it stands (format.md §5.7, §3.7); JSON and PBN keep them, LIN writes them back."""
    text = (f"pn|a,b,c,d|st||{DEAL}ah|Board 1|mb|1S!|mb|p|nt|a quiet pass|mb|2S|an|raise|mb|p!|an|fine\nreally|"
            "mb|p|mb|p|pg||pc|HA|pc|H3|nt|ducked|pc|H8|pc|H2|pg||")
    deal = read_lin(text.encode()).record.deals[0]
    assert [(c.before, c.text) for c in deal.comments] == [
        ("auction[1]", "!"), ("auction[2]", "a quiet pass"), ("auction[3]", "! raise"), ("auction[4]", "! fine really"),
        ("play[2]", "ducked")]
    record = read_lin(text.encode()).record
    for via in ("json", "pbn"):
        middle = settled(read_bytes(write_text(record, via).encode(), via)).record
        assert middle.deals[0].comments == deal.comments
        written = write_lin(middle)
        assert "mb|1S!|mb|p|nt|a quiet pass|mb|2S!|an|raise|mb|p!|an|fine really|" in written
        assert "pc|H3|nt|ducked|pc|H8|" in written
        assert read_lin(written.encode()).record.deals[0].comments == deal.comments


def test_a_comment_holding_a_nul_or_a_carriage_return_is_one_line():
    """format.md §3.7 (a comment is one line) and §5.7: a NUL or a carriage return inside an
    ``an``/``nt`` value is a space, as a line end is, so the record converts to JSON and back
    (found by benchmarks/fuzz_readers.py: the JSON reader refused the comment LIN had let in)."""
    text = f"pn|a,b,c,d|st||{DEAL}ah|Board 1|mb|1S|an|one\x00two\rthree|mb|p|mb|p|mb|p|pg||pc|HA|pg||"
    record = read_lin(text.encode()).record
    assert [c.text for c in record.deals[0].comments] == ["! one two three"]
    back = read_bytes(write_text(record, "json").encode(), "json")
    assert not back.diagnostics and back.record == record


def test_cli_converts_lin_to_pbn_to_json_and_back_to_the_same_lin(tmp_path, bbo):
    runner = CliRunner()
    (tmp_path / "robots.lin").write_bytes(bbo)
    runner.invoke(main, ["convert", str(tmp_path / "robots.lin"), str(tmp_path / "a.pbn")], catch_exceptions=False)
    runner.invoke(main, ["convert", str(tmp_path / "a.pbn"), str(tmp_path / "b.json")], catch_exceptions=False)
    done = runner.invoke(main, ["convert", str(tmp_path / "b.json"), str(tmp_path / "c.lin")], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert (tmp_path / "c.lin").read_text() == write_lin(read_lin(bbo).record)
    assert format_of(tmp_path / "C.LIN") == "lin"


VULNERABILITY = st.sampled_from([None, (False, False), (True, False), (False, True), (True, True)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=sessions(max_deals=6, rules="duplicate-bridge", with_options=False), data=st.data())
def test_random_boards_round_trip_through_lin_and_endplay_reads_them(record, data):
    """Random legal duplicate boards (tests/strategies.py), each with a vulnerability or none
    and some stopped by a claim of the tricks the full play gave: LIN → record gives them back
    exactly, the engine still finds them valid, and endplay reads the same hands and cards."""
    deals = []
    for deal, replay in zip(record.deals, evaluate(record).replays):
        play, result = deal.play, None
        if play and replay.contract is not None and data.draw(st.booleans()):
            play, result = play[:data.draw(st.integers(1, 51))], replay.tricks_won[replay.contract.declarer.side]
        deals.append(replace(deal, play=play, result=result, vulnerable=data.draw(VULNERABILITY)))
    record = replace(record, deals=tuple(deals))
    text = write_lin(record)
    back = read_lin(text.encode())
    assert back.diagnostics == []
    _same_records(back.record, record)
    assert evaluate(back.record).valid
    boards = endplay_lin.loads(text.split("\n", 1)[1])  # endplay reads boards, not the vg line
    assert [b.board_num for b in boards] == [d.number for d in record.deals]
    for board, deal in zip(boards, record.deals):
        assert board.deal.to_pbn() == _pbn_hands(deal)
        assert [_endplay_card(c) for c in board.play] == [CARDS[c].name for c in deal.play or ()]


# ---------------------------------------------------------------- what LIN cannot hold


def test_what_lin_cannot_hold_is_refused(tmp_path):
    """A vint session, a board with a contract and no auction, a name with a comma (format.md §5.7)."""
    vint = bridge_session("duplicate-bridge", [(["1C", "pass", "pass", "pass"], 52, None)])
    assert lin_refusal(vint) is None
    classic = SessionRecord(SessionInfo("v", ("a", "b", "c", "d"), rules="classic"), vint.deals)
    assert "bridge boards only" in lin_refusal(classic)
    contract_only = read_bytes(b'[Event "e"]\n[Board "1"]\n[Dealer "N"]\n[Contract "3NT"]\n[Declarer "S"]\n'
                               b'[Result "9"]\n', "pbn").record
    assert "without the auction" in lin_refusal(replace(contract_only, info=replace(contract_only.info, event=None)))
    [back] = lin_sessions(write_lin(contract_only).encode())  # with an event, rs holds the contract (§5.7)
    assert (back.record.deals[0].contract, back.record.deals[0].result) == (contract_only.deals[0].contract, 9)
    comma = SessionRecord(SessionInfo("c", ("Smith, J", "b", "c", "d"), rules="duplicate-bridge"), vint.deals)
    with pytest.raises(LinRefused, match="separate its fields"):
        write_lin(comma)
    bar = replace(vint, deals=(replace(vint.deals[0], comments=(Comment("play[0]", "a|b"),)),))
    assert "ends a LIN value" in lin_refusal(bar)
    source = tmp_path / "classic.json"
    source.write_text(write_text(classic, "json"), encoding="utf-8")
    refused = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "out.lin")])
    assert refused.exit_code == 2 and "cannot be written as LIN" in refused.output
    assert not (tmp_path / "out.lin").exists()


# ---------------------------------------------------------------- bad input


def _problems(text: str, strict: bool = False):
    return read_lin(text.encode(), strict=strict).diagnostics


BOARD = f"pn|a,b,c,d|st||{DEAL}ah|Board 1|mb|1S|mb|p|mb|p|mb|p|pg||pc|HA|pg||"


def _at(text: str, marker: str) -> tuple[int, int]:
    """The line and column where ``marker`` first stands in ``text``."""
    before = text[:text.index(marker)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


@pytest.mark.parametrize("text, marker, code, deal, at, words", [
    ("pn|a,b,c,d|md|3SAK", "md", "syntax", None, None, "truncated"),  # the value has no closing bar
    ("pn|a,b,c,d|md", "md", "syntax", None, None, "truncated"),  # a tag name and no bar
    (BOARD.replace("ah|", "zz|x|ah|"), "zz", "syntax", 1, None, "unknown LIN tag zz"),
    (BOARD.replace("|mb|1S|", "|\nx1y|1S|"), "x1y", "syntax", 1, None, "not a LIN tag"),
    (BOARD.replace("md|3SK", "md|3SX"), "md", "bad_card", 1, "hands.S", "unknown rank 'X'"),
    (BOARD.replace("md|3SK", "md|3KS"), "md", "bad_card", 1, "hands.S", "before any suit letter"),
    (BOARD.replace("md|3SKH", "md|3SKKH"), "md", "duplicate_card", 1, "hands.S", "twice"),
    (BOARD.replace(",S74H", ",SAQ965H3DAQJT5C96,S74H"), "md", "bad_card", 1, "hands", "at most 4"),
    (BOARD.replace("md|3", "md|7"), "md", "schema", 1, "dealer", "dealer 1–4"),
    (BOARD.replace("sv|o", "sv|q"), "sv", "schema", 1, "vulnerable", "not o, n, e or b"),
    (BOARD.replace("mb|1S", "mb|8S"), "mb|8S", "bad_call", 1, "auction[0]", "not a call"),
    (BOARD.replace("pc|HA", "pc|HZ"), "pc", "bad_card", 1, "play[0]", "not a card"),
    (BOARD + "mc|14|", "mc", "schema", 1, "result", "not a number of tricks"),
    (BOARD + "mc|9|pc|H2|", "pc|H2", "syntax", 1, "play[1]", "after the claim"),
    (BOARD + "mc|9|mc|8|", "mc|8", "schema", 1, "result", "a second claim"),
    ("qx|o1|" + BOARD.replace(DEAL, "sv|o|"), "qx", "schema", 1, "dealer", "no md"),
    (BOARD + "\n" + BOARD.replace("md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,", "md|3SAQ965H3DAQJT5C96,SKHAKQ9754D96CK85,"),
     "pn|a,b,c,d|st||md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,S74HT8DK842CAQ743,|sv|o|ah|Board 1|"
     "mb|1S|mb|p|mb|p|mb|p|pg||pc|HA|pg||\npn", "deal_number", 1, None, "given twice"),  # another deal, same number
])
def test_bad_input_is_reported_where_it_stands(text, marker, code, deal, at, words):
    """Every problem names the board and the tag and stands at the tag's line and column."""
    found = [d for d in _problems(text) if words in d.message]
    assert len(found) == 1, [d.describe() for d in _problems(text)]
    problem = found[0]
    line, column = _at(text, marker)
    if marker.endswith("pn") and "\n" in marker:  # the second board's first tag
        line, column = 2, 1
    assert (problem.code, problem.deal, problem.at) == (code, deal, at), problem.describe()
    assert (problem.line, problem.column) == (line, column), problem.describe()


def test_a_tag_message_names_the_tag_and_its_place():
    text = BOARD.replace("mb|1S", "mb|8S")  # tags pn, st, md, sv, ah, then the bad mb: the 6th
    [problem] = _problems(text)
    line, column = _at(text, "mb|8S")
    assert problem.describe("x.lin") == (f"x.lin:{line}:{column}: deal 1, auction[0]: bad_call: mb (tag 6): '8S' is "
                                         "not a call (p, d, r, 1C … 7N)")


def test_an_unknown_tag_is_a_warning_and_an_error_with_strict():
    text = BOARD.replace("ah|", "zz|x|ah|")
    [lenient] = _problems(text)
    [strict] = _problems(text, strict=True)
    assert lenient.severity is Severity.WARNING and strict.severity is Severity.ERROR
    assert read_lin(text.encode()).record.deals[0].play  # reading went on past it


@pytest.mark.parametrize("text", ["", "   \n", "{\"format\": \"vint-record/1\"}", "pn|a,b,c,d|st||", "||||", "|",
                                  "md|", "qx|o1|", "qx|zz|md|3|", "md|3,,,,,|", "mb|1S|", "pc|SA|mc|x|"])
def test_hostile_input_gets_diagnostics_never_a_traceback(tmp_path, text):
    path = tmp_path / "bad.lin"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 1 and "bad.lin" in result.output


def test_cli_validate_prints_the_located_problem(tmp_path):
    path = tmp_path / "bad.lin"
    text = BOARD.replace("pc|HA", "pc|HZ")  # the 11th tag, after pn st md sv ah, four mb and pg
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    line, column = _at(text, "pc|HZ")
    assert f"{path}:{line}:{column}: deal 1, play[0]: bad_card: pc (tag 11): 'HZ' is not a card" in result.output


def test_the_engine_s_findings_stand_at_their_tag(tmp_path):
    """A rule broken (an insufficient bid, docs/rules/duplicate-bridge.md) is the engine's
    finding; it is printed at the mb tag of the call."""
    text = BOARD.replace("mb|1S|mb|p|", "mb|1S|mb|1H|")
    path = tmp_path / "low.lin"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    line, column = _at(text, "mb|1H")
    assert result.exit_code == 1
    assert f"{path}:{line}:{column}: deal 1, auction[1]: insufficient_bid:" in result.output


def test_files_of_single_hands_are_sessions_of_their_own(tmp_path, bbo):
    """Without a vg title the id is a digest of the boards: two BBO files import as two
    sessions, the same boards again as the same one (format.md §5.7)."""
    (tmp_path / "a.lin").write_bytes(bbo)
    (tmp_path / "b.lin").write_bytes(_claim_changed(bbo))
    (tmp_path / "c.lin").write_text(write_lin(read_lin(bbo).record), encoding="utf-8")
    stored = CliRunner().invoke(main, ["import", "--store", str(tmp_path / "store"), str(tmp_path)])
    assert stored.output.startswith("2 imported, 0 replaced, 1 unchanged"), stored.output


def test_the_dashboard_upload_takes_lin_files(tmp_path, bbo):
    from dashboards.library import Library
    from vint_replay.store import Store

    library = Library(Store(tmp_path / "store"), max_upload_bytes=100_000)
    result = library.upload("robots.lin", bbo)
    assert [s.status for s in result.sessions] == ["imported"], result
    assert library.store.session_ids() == [read_lin(bbo).record.info.id]


def _table(names: str, tricks: int) -> str:
    """Board 1 of DEAL played at one table of a traveller, without qx: N in 4S, ``tricks`` claimed."""
    return f"pn|{names}|st||{DEAL}ah|Board 1|mb|4S|mb|p|mb|p|mb|p|pg||mc|{tricks}|pg||\n"


def test_a_traveller_without_qx_is_read_a_session_per_table_and_matchpointed(tmp_path):
    """format.md §5.7 (a board given again without qx is another table's play, read as PBN's pairs
    event, §5.2) and duplicate-bridge.md §5.1: board 1 at three tables, 4S by N making 10, 9 and 11
    tricks (N–S +420, −50, +450, none vulnerable) is three sessions ``…-table-n``, each with its own
    players, matchpointed 2, 0 and 4 of 4. Before, the second and third tables were a
    ``deal_number`` error ("given twice"), the first kept."""
    text = _table("a,b,c,d", 10) + _table("e,f,g,h", 9) + _table("i,j,k,l", 11)
    results = lin_sessions(text.encode())
    assert [r.diagnostics for r in results] == [[], [], []]
    ids = [r.record.info.id for r in results]
    assert [i.rsplit("-", 2)[1:] for i in ids] == [["table", "1"], ["table", "2"], ["table", "3"]]
    assert len({i.rsplit("-", 2)[0] for i in ids}) == 1  # one traveller, one name
    assert [r.record.info.table for r in results] == ["1", "2", "3"]
    assert [r.record.info.players[2] for r in results] == ["a", "e", "i"]  # pn's South first
    path = tmp_path / "traveller.lin"
    path.write_text(text)
    checked = CliRunner().invoke(main, ["validate", str(path)])
    assert checked.exit_code == 0, checked.output
    doc = CliRunner().invoke(main, ["score", str(path), "--compare", "--json"])
    [event] = json.loads(doc.output)["events"]
    assert event["scoring"] == "matchpoints"
    assert [(r["score"], r["points"]) for r in event["boards"][0]["results"]] == [(420, 2), (-50, 0), (450, 4)]


def test_a_traveller_board_with_another_deal_is_still_given_twice():
    """format.md §5.7: the tables of a traveller play one deal; board 1 given again with another deal is
    a ``deal_number`` error at the first table, the first kept."""
    other = _table("e,f,g,h", 9).replace("md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,",
                                          "md|3SAQ965H3DAQJT5C96,SKHAKQ9754D96CK85,")
    [result] = lin_sessions((_table("a,b,c,d", 10) + other).encode())
    assert [(d.code, d.deal) for d in result.diagnostics] == [("deal_number", 1)]
    assert "given twice" in result.diagnostics[0].message
