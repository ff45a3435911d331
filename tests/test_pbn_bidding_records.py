"""Bidding records and quiz boards in real PBN (issue 24): a board dealt and bid but never played
is accepted in duplicate bridge, its auction checked, scoring nothing, and shown as such
(duplicate-bridge.md §1, format.md §5.2); what it cannot be keeps one diagnostic naming its
board and its root cause."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from dashboards import data
from vint_replay.cli import main
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.session import evaluate
from vint_replay.formats.json_record import read_json
from vint_replay.store.store import Store

import real_records

from settled import settled_pbn, settled_pbn_sessions

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
# N opens 1H, S raises to 4H: 4H by N
AUCTION = '[Auction "N"]\n1H Pass 4H Pass\nPass Pass\n'
# BBO's tournament export of a board its table left: no [Contract], [Declarer] nor [Result]
LEFT_IN_PLAY = AUCTION + '[Play "E"]\nDA D2 D5 D3\nDK D7 D6 DT\nS4 - - -\n'
LEFT_IN_AUCTION = '[Auction "N"]\nPass\n'


def game(number: int, tags: str, scoring: str = "IMP") -> str:
    """One board as BEN's bidding tests write it: the deal, the auction, no play."""
    return (f'[Event "Bidding"]\n[Site "BEN"]\n[Date "2024.05.24"]\n[Board "{number}"]\n[West "w"]\n'
            f'[North "n"]\n[East "e"]\n[South "s"]\n[Scoring "{scoring}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[Deal "{DEAL}"]\n{tags}\n')


def evaluated(text: str):
    result = settled_pbn(text.encode())
    assert result.record is not None, result.diagnostics
    return evaluate(result.record, result.diagnostics)


def errors(text: str) -> list:
    """The errors of every session of a PBN text, located, as validate lists them."""
    out = []
    for result in settled_pbn_sessions(text.encode()):
        report = evaluate(result.record, result.diagnostics)
        out += [d for d in result.locate(report.diagnostics) if d.severity is Severity.ERROR]
    return out


@pytest.mark.parametrize("tags", [
    AUCTION + '[Declarer "?"]\n[Result "?"]\n',  # BEN's bidding tests: PBN's "?", unknown
    AUCTION + '[Declarer ""]\n[Contract ""]\n[Result ""]\n',  # BridgeComposer: empty
    AUCTION,  # no [Result] at all
    '[Declarer "N"]\n[Contract "4H"]\n',  # the contract alone, a declarer-play problem's
    AUCTION + '[Declarer "N"]\n[Contract "4H"]\n[Result "?"]\n[Play ""]\n',  # a robot's bidding result
], ids=["unknown", "empty", "absent", "contract-alone", "contract-and-auction"])
def test_a_bidding_record_is_accepted_and_scores_nothing(tags):
    """duplicate-bridge.md §1 (a board not played), format.md §5.2 (bidding records): the hands
    and a contract — a closed auction, or [Contract] and [Declarer] alone — with no play and no
    result ([Result "?"], [Result ""] and no [Result] alike) is accepted: it is a bidding
    record, scored at nothing, not a board missing its play."""
    report = evaluated(game(1, tags))
    assert report.valid and not [d for d in report.diagnostics if d.severity is Severity.ERROR]
    [scored] = report.score.deals
    assert scored.bidding_record and not scored.hand_record and not scored.passed_out
    assert (str(scored.contract), scored.contract.declarer.name, scored.tricks, scored.entries) == ("4H", "N", None, ())
    assert report.replays[0].bidding_record


def test_a_bidding_record_s_auction_is_checked():
    """duplicate-bridge.md §1 with rubber-bridge.md §2 (the auction): a bidding record's auction
    is its record, so an illegal call and a [Contract] that disagrees with the auction are each
    one error naming the board, as on a played board; so is an auction that does not close on a
    board whose result says it was played."""
    insufficient = game(1, '[Auction "N"]\n1H Pass 1D Pass\nPass Pass\n[Result "?"]\n')
    [bad] = errors(insufficient)
    assert (bad.code, bad.deal) == ("insufficient_bid", 1)
    [open_] = errors(game(2, '[Auction "N"]\n1H Pass 4H Pass\n[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n'))
    assert (open_.code, open_.deal) == ("auction_incomplete", 2)
    [other] = errors(game(3, AUCTION + '[Declarer "S"]\n[Contract "3NT"]\n[Result "?"]\n'))
    assert (other.code, other.deal) == ("contract_mismatch", 3)


def test_a_result_without_play_is_scored_and_a_rubber_deal_needs_its_play():
    """format.md §5.2 (a result without play is scored from the result) and rubber-bridge.md §1
    (a rubber's deal scores for the next ones): a [Result] without play is still a board
    scored from its result, not a bidding record; under rubber scoring a contract with neither
    play nor result is still `missing_play`."""
    report = evaluated(game(1, AUCTION + '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n'))
    [scored] = report.score.deals
    assert not scored.bidding_record and scored.tricks == (10, 3) and scored.entries
    [missing] = errors(game(1, AUCTION + '[Result "?"]\n', scoring="Rubber"))
    assert (missing.code, missing.deal) == ("missing_play", 1)


def test_a_vint_deal_bid_and_not_played_is_still_missing_its_play(worked_example_raw):
    """format.md §2 (a vint deal's `play` or `result`), volchaninov.md §4 (a deal's score comes
    from its tricks): vint has no bidding records; a contract with neither play nor result is
    `missing_play`."""
    [deal] = worked_example_raw["deals"]
    deal.pop("play", None)
    deal.pop("result", None)
    result = read_json(json.dumps(worked_example_raw).encode())
    report = evaluate(result.record, result.diagnostics)
    assert [d.code for d in report.diagnostics if d.severity is Severity.ERROR] == ["missing_play"]


def test_score_shows_a_bidding_record_as_such_in_text_and_json(tmp_path):
    """format.md §4.3 (score): a bidding record's row gives the contract and says it was not
    played; `--json` has `"bidding_record": true`, no tricks and a board score of 0."""
    path = tmp_path / "bidding.pbn"
    path.write_text(game(1, AUCTION + '[Result "?"]\n') + game(2, ""))
    out = CliRunner().invoke(main, ["score", str(path)])
    assert out.exit_code == 0, out.output
    [row] = [line for line in out.output.splitlines() if line.lstrip().startswith("1 ")]
    assert "4♥" in row and row.endswith("bidding record: not played")
    [hand] = [line for line in out.output.splitlines() if line.lstrip().startswith("2 ")]
    assert "hand record" in hand
    out = CliRunner().invoke(main, ["score", "--json", str(path)])
    first, second = json.loads(out.output)["deals"]
    assert (first["bidding_record"], first["contract"], first["tricks"], first["board_score"]) == (True, "4H", None, 0)
    assert second["hand_record"] is True and "bidding_record" not in second


def test_score_compare_and_replay_say_a_bidding_record_was_not_played(tmp_path):
    """format.md §4.3 (score --compare) and §4.5 (replay): a board never played has no result to
    compare, and `score --compare` says so board by board (text and `vint-compare/1`);
    `replay` shows its auction and says it was never played."""
    path = tmp_path / "bidding.pbn"
    path.write_text(game(1, AUCTION + '[Result "?"]\n') + game(2, AUCTION + '[Result "?"]\n') + game(3, ""))
    out = CliRunner().invoke(main, ["score", "--compare", str(path)])
    assert out.exit_code == 0, out.output
    assert "boards 1, 2: bidding records, no result to compare" in out.output
    assert "board 3: hand record, no result to compare" in out.output
    out = CliRunner().invoke(main, ["score", "--compare", "--json", str(path)])
    [event] = json.loads(out.output)["events"]
    assert [(u["board"], u["record"]) for u in event["unplayed"]] == [
        (1, "bidding record"), (2, "bidding record"), (3, "hand record")]
    out = CliRunner().invoke(main, ["replay", "--deal", "1", str(path)])
    assert out.exit_code == 0, out.output
    assert "Contract 4♥ by North" in out.output and "Bidding record: bid, never played" in out.output
    shown = CliRunner().invoke(main, ["replay", "--deal", "3", str(path)]).output
    assert "Hand record: dealt, never bid nor played" in shown
    assert "Auction" not in shown  # never bid: no empty auction under its seats' names


def test_the_store_keeps_a_bidding_record_and_the_dashboard_shows_it(tmp_path):
    """docs/store.md (nothing accepted is lost), dashboard.md (the session page's boards): a
    bidding record and an unfinished board are imported and read back with their auction,
    contract and cards, and the session page's rows show the contract, "not played" or
    "unfinished", and a hand record as "hand record"."""
    path = tmp_path / "bidding.pbn"
    path.write_text(game(1, AUCTION + '[Result "?"]\n') + game(2, "") + game(3, LEFT_IN_PLAY))
    store = Store(tmp_path / "store")
    summary = store.import_paths([str(path)], workers=1)
    assert summary.imported and not summary.rejected
    [session] = store.session_ids()
    stored = store.load_session(session)
    assert stored.deals == settled_pbn(path.read_bytes()).record.deals
    report = evaluate(stored)
    assert report.valid
    boards = data.board_rows(report.score)
    assert [(b.contract, b.declarer, b.tricks, b.score) for b in boards] == [
        ("4♥", "N", "not played", 0), ("hand record", "", "", 0), ("4♥", "N", "unfinished", 0)]
    rows = data.deal_rows(report)
    assert [(r.contract, r.tricks) for r in rows] == [("4♥", "not played"), ("hand record", ""), ("4♥", "unfinished")]


def test_audit_does_not_check_a_recorded_score_against_a_board_never_played(tmp_path):
    """format.md §4.4 (audit) and §5.2: a bidding record's [Score] has no result to be scored by,
    so audit says it is not checked — not a mismatch against a board score of 0."""
    path = tmp_path / "scored.pbn"
    path.write_text(game(1, AUCTION + '[Score "NS 420"]\n'))
    out = CliRunner().invoke(main, ["audit", str(path)])
    assert out.exit_code == 0, out.output
    assert "deal 1: the recorded score is not checked: the board was not played to a result" in out.output
    assert "recomputed" not in out.output
    listed = json.loads(CliRunner().invoke(main, ["audit", "--json", str(path)]).output)
    assert (listed["unplayed"], listed["mismatches"], listed["deals_checked"]) == ([1], [], 0)


def test_an_alert_mark_stuck_to_a_call_is_the_call():
    """format.md §5.2 (auction; seen in BEN's 2D-3D bidding file, Bridge Bidding Analyzer's
    output): `4N*` is 4NT with an alert mark, as `!` is a suffix; the auction is read and
    checked with it — an alerted call that is illegal is still an error."""
    alerted = game(1, '[Auction "N"]\n1H Pass 4N* Pass\n5D Pass 6H Pass\nPass Pass\n[Result "?"]\n')
    report = evaluated(alerted)
    assert report.valid and str(report.score.deals[0].contract) == "6H"
    assert [c.pretty for c in report.record.deals[0].auction][2] == "4NT"
    [bad] = errors(game(2, '[Auction "N"]\n4H Pass 2C* Pass\nPass Pass\n'))
    assert (bad.code, bad.deal) == ("insufficient_bid", 2)


def test_a_quiz_auction_is_a_question_accepted_with_the_calls_before_it_checked(tmp_path):
    """format.md §5.2 (bidding quizzes; seen in BridgeComposer's quizzes in BEN's Challenges):
    `AC` stands where the contestant is to call, so the auction is a question: the calls before
    it are checked, the board is accepted with one `unfinished` warning at the `AC` that says it
    is a quiz and how many calls after it depend on it, and it scores nothing."""
    text = game(3, '[Auction "N"]\n1H AC Pass AC\n', scoring="Facit")
    report = evaluated(text)
    assert report.valid
    [said] = report.diagnostics
    assert (said.code, said.deal, said.at, said.severity) == ("unfinished", 3, "auction[1]", Severity.WARNING)
    assert said.message.startswith("a bidding quiz: the auction stops at E's call, which the contestant is to make")
    assert "2 calls written after it depend on it and are not checked" in said.message
    deal = report.record.deals[0]
    assert [str(c) for c in deal.auction] == ["1H"] and deal.question is not None and len(deal.question) == 3
    assert report.score.deals[0].unplayed_word == "bidding quiz" and report.score.deals[0].entries == ()
    path = tmp_path / "quiz.pbn"
    path.write_text(text)
    shown = CliRunner().invoke(main, ["validate", str(path)])
    assert shown.exit_code == 0 and "quiz.pbn:14:4: deal 3, auction[1]: unfinished (warning)" in shown.output, \
        shown.output  # located at the AC
    sheet = CliRunner().invoke(main, ["score", str(path)]).output
    assert [line.split()[2:4] for line in sheet.splitlines() if line.lstrip().startswith("3 ")] == [["bidding", "quiz"]]
    replayed = CliRunner().invoke(main, ["replay", "--deal", "3", str(path)]).output
    assert "Bidding quiz: the auction stops at the contestant's call (AC), written on from there as AC pass AC" \
        in replayed
    [bad] = errors(game(4, '[Auction "N"]\n1H 1D AC\n'))  # an illegal call before the question: its own error
    assert (bad.code, bad.deal, bad.at) == ("insufficient_bid", 4, "auction[1]")
    [late] = errors(game(5, '[Auction "N"]\n1H Pass Pass Pass AC\n'))  # asked after the auction closed: no quiz
    assert (late.code, late.deal, late.at) == ("call_after_close", 5, "auction[4]")
    [word] = errors(game(6, '[Auction "N"]\n1H AC Pass 2Q\n'))  # a word after the question is still read
    assert (word.code, word.at) == ("bad_call", "auction[3]") and "after the quiz's 'AC'" in word.message


def test_a_quiz_goes_through_json_vint_and_pbn_and_lin_refuses_it(tmp_path):
    """format.md §5.2, §5.7: JSON's `question` (and .vint's and PBN's `AC`) keep the question
    and the calls after it, so every format and the store read back the same record; LIN has no
    way to write a quiz, so `convert` to LIN refuses it (exit 2), naming the board."""
    path = tmp_path / "quiz.pbn"
    path.write_text(game(3, '[Auction "N"]\nAC Pass AC 1S\n', scoring="Facit"))
    as_json = tmp_path / "quiz.json"
    assert CliRunner().invoke(main, ["convert", str(path), str(as_json)]).exit_code == 0
    raw = json.loads(as_json.read_text())
    assert (raw["deals"][0]["auction"], raw["deals"][0]["question"]) == ([], ["AC", "pass", "AC", "1S"])
    first = read_json(as_json.read_text()).record
    for suffix in ("pbn", "vint"):
        back = tmp_path / f"back.{suffix}"
        assert CliRunner().invoke(main, ["convert", str(as_json), str(back)]).exit_code == 0
        again = tmp_path / f"again-{suffix}.json"
        assert CliRunner().invoke(main, ["convert", str(back), str(again)]).exit_code == 0
        assert read_json(again.read_text()).record.deals == first.deals, suffix
    store = Store(tmp_path / "store")
    assert store.import_paths([str(path)], workers=1).imported
    assert store.load_session(first.info.id).deals == first.deals  # the store keeps it (its board fields)
    refused = CliRunner().invoke(main, ["convert", str(as_json), str(tmp_path / "quiz.lin")])
    assert refused.exit_code == 2 and "deal 3 is a bidding quiz" in refused.output
    raw["deals"][0]["question"] = ["Pass", "AC"]
    wrong = read_json(json.dumps(raw))
    assert [(d.code, d.at) for d in wrong.diagnostics] == [("schema", "question")]
    assert "must be a list of calls starting with 'AC'" in wrong.diagnostics[0].message


def test_a_board_its_table_did_not_finish_is_kept_as_far_as_it_goes():
    """duplicate-bridge.md §1 (a board not played to a result), format.md §5.2 (unfinished
    boards; seen in BBO's tournament exports): a board whose play or auction stops, with no
    result, every call and card legal, is what its table left — one `unfinished` warning naming
    the board and where it stops, the board accepted and scored at nothing."""
    for number, tags, at in ((1, LEFT_IN_PLAY, "play[9]"), (2, LEFT_IN_AUCTION, "auction[1]")):
        report = evaluated(game(number, tags))
        assert report.valid, report.diagnostics
        [only] = report.diagnostics
        assert (only.code, only.deal, only.at, only.severity) == ("unfinished", number, at, Severity.WARNING)
        assert "did not finish the board" in only.message
        [scored] = report.score.deals
        assert scored.unfinished and scored.entries == () and scored.tricks is None and not scored.passed_out
    assert str(evaluated(game(1, LEFT_IN_PLAY)).score.deals[0].contract) == "4H"


def test_an_unfinished_board_is_checked_and_a_result_or_a_rubber_keeps_the_old_rules():
    """rubber-bridge.md §3 (following suit), format.md §5.2 (claims): the cards an unfinished
    board has are checked (a revoke is still an error); a play that stops with a [Result] is a
    claim, scored; under rubber scoring a play that stops is still `play_incomplete`."""
    revoke = LEFT_IN_PLAY.replace("DK D7 D6 DT", "DK D7 S5 DT")  # W discards, holding diamonds
    assert "revoke" in [d.code for d in errors(game(1, revoke))]
    claimed = evaluated(game(1, LEFT_IN_PLAY.replace("S4 - - -", "S4 - - -\n*") + '[Declarer "N"]\n[Contract "4H"]\n'
                             '[Result "10"]\n'))
    assert claimed.valid and claimed.score.deals[0].tricks == (10, 3)
    assert [d.code for d in errors(game(1, LEFT_IN_PLAY, scoring="Rubber"))] == ["play_incomplete"]
    assert [d.code for d in errors(game(1, LEFT_IN_AUCTION, scoring="Rubber"))] == ["auction_incomplete"]


def test_score_and_compare_show_an_unfinished_board_as_such(tmp_path):
    """format.md §4.3 (score, score --compare): an unfinished board's row says so, `--json` has
    `"unfinished": true`, and `score --compare` names it among the boards with no result."""
    path = tmp_path / "left.pbn"
    path.write_text(game(1, LEFT_IN_PLAY) + game(2, LEFT_IN_AUCTION))
    out = CliRunner().invoke(main, ["score", str(path)])
    assert out.exit_code == 0, out.output
    rows = [line for line in out.output.splitlines() if line.lstrip()[:2] in ("1 ", "2 ")]
    assert rows[0].endswith("unfinished: no result") and "4♥" in rows[0] and "unfinished" in rows[1]
    deals = json.loads(CliRunner().invoke(main, ["score", "--json", str(path)]).output)["deals"]
    assert [(d["unfinished"], d["contract"], d["board_score"]) for d in deals] == [(True, "4H", 0), (True, None, 0)]
    out = CliRunner().invoke(main, ["score", "--compare", str(path)])
    assert "boards 1, 2: unfinished boards, no result to compare" in out.output
    out = CliRunner().invoke(main, ["replay", "--deal", "1", str(path)])
    assert "Unfinished: the table stopped before the end" in out.output


BIDDING_FILES = ("bidding-2d-3d.pbn", "bidding-minorwood.pbn", "challenge-bw-result.pbn", "challenge-ctc-gib-8712.pbn",
                 "challenge-ctc-gib-8734.pbn", "challenge-ctc050620-ben3.pbn", "challenge-oct13-jun24-ben3.pbn",
                 "composer-bw-quiz.pbn", "bidding-ctc-mayjun20.pbn")


@pytest.mark.parametrize("name", BIDDING_FILES)
def test_real_bidding_records_and_quizzes_are_accepted(name):
    """duplicate-bridge.md §1, format.md §5.2 (tests/data/pbn/real/README.md: BEN's bidding tests
    and challenges, BridgeComposer's quizzes): every board is accepted, as a bidding record (or
    a hand record, or scored from its result) or, a quiz's, with exactly one warning naming its
    board: the auction stops at the contestant's call."""
    path = real_records.path("pbn", name)
    quiz = 0
    for result in settled_pbn_sessions(path.read_bytes()):
        report = evaluate(result.record, result.diagnostics)
        assert not [d for d in report.diagnostics if d.severity is Severity.ERROR], name
        by_board: dict[int | None, list] = {}
        for d in report.diagnostics:
            if d.code == "unfinished":
                by_board.setdefault(d.deal, []).append(d)
        for board, found in by_board.items():
            assert board is not None and len(found) == 1 and found[0].message.startswith("a bidding quiz"), \
                (name, board, found)
        quiz += len(by_board)
        fine = {d.number for d in report.record.deals} - set(by_board)
        scored = {d.number: d for d in (report.fine_score.deals if report.fine_score else ())}
        assert fine <= set(scored), (name, fine - set(scored))
        assert all(scored[n].bidding_record or scored[n].hand_record or scored[n].tricks is not None
                   or scored[n].passed_out for n in fine), name
    assert quiz == text_count(path, "AC"), name


def text_count(path, word: str) -> int:
    """The boards of a file whose [Auction] section holds ``word`` (a quiz's question point),
    counted on the file's text."""
    count = 0
    for board in path.read_text(encoding="latin-1").split("[Board ")[1:]:
        tag = re.search(r"\[\s*Auction\b[^\n]*\n([^\[]*)", board)  # "[ Auction "E"]" too (PBN 2.1 §3.7)
        count += tag is not None and word in tag.group(1).split()
    return count


def test_the_dashboard_s_pages_show_a_bidding_record_and_analysis_leaves_it_out(tmp_path):
    """dashboard.md (replay and analysis pages), format.md §5.2: the replay page's contract line
    says a bidding record was never played and a hand record never bid; /analysis counts only
    contracts played, so a bid slam never played is no slam attempt (it failed, HTTP 500,
    on its missing tricks)."""
    import sys

    import dash

    from dashboards.app import create_app

    path = tmp_path / "bidding.pbn"
    slam = '[Auction "N"]\n1H Pass 6H Pass\nPass Pass\n[Result "?"]\n'
    played = '[Auction "N"]\n1H Pass 4H Pass\nPass Pass\n[Result "10"]\n'
    path.write_text(game(1, slam) + game(2, "") + game(3, played))
    store = Store(tmp_path / "store")
    assert not store.import_paths([str(path)], workers=1).rejected
    [session] = store.session_ids()
    app = create_app(store.root)
    pages = {p["path_template"] or p["path"]: p for p in dash.page_registry.values()}
    replay = pages["/replay/<session_id>/<deal>"]["layout"]
    analysis = sys.modules[pages["/analysis"]["module"]]
    with app.server.app_context():
        assert "6♥ by North" in str(replay(session_id=session, deal="1"))
        assert "bidding record: never played" in str(replay(session_id=session, deal="1"))
        assert "hand record: never bid nor played" in str(replay(session_id=session, deal="2"))
        body = str(analysis.show(None, None, None))
    assert "Slam attempts" in body and "6♥" not in body


def test_the_replay_page_says_how_a_deal_with_no_contract_stands(tmp_path):
    """dashboard.md (replay page), format.md §5.2: the table's centre and the page's line say, in
    the engine's words (DealReplay.without_contract), that a hand record was never bid and a quiz
    stops at the contestant's call (both were "passed out"); the quiz's auction shows its question
    ("?" where the contestant calls) and its warning is no irregularity of the laws."""
    import dash

    from dashboards.app import create_app

    path = tmp_path / "quiz.pbn"
    path.write_text(game(1, "") + game(2, '[Auction "N"]\n1H AC Pass AC\n', scoring="Facit"))
    store = Store(tmp_path / "store")
    assert not store.import_paths([str(path)], workers=1).rejected
    [session] = store.session_ids()
    app = create_app(store.root)
    pages = {p["path_template"] or p["path"]: p for p in dash.page_registry.values()}
    replay = pages["/replay/<session_id>/<deal>"]["layout"]
    with app.server.app_context():
        hand_record, quiz = (str(replay(session_id=session, deal=n)) for n in ("1", "2"))
    assert "'stopped': 'hand record: never bid nor played'" in hand_record
    assert "'stopped': \"bidding quiz: the auction stops at the contestant's call\"" in quiz
    assert "passed out" not in hand_record + quiz and "Irregularities (laws)" not in quiz
    auction = quiz[quiz.index("H3('Auction')"):quiz.index("H3('Double dummy')")]
    assert re.findall(r"Td\(children='([^']*)'", auction) == ["1♥", "?", "pass", "?"], auction[:600]


@pytest.mark.parametrize("name", ["bbo-annamar-1538-pairs.pbn", "bbo-sky-club-2196-pairs.pbn"])
def test_real_boards_their_tables_left_are_kept_with_one_warning_each(name):
    """duplicate-bridge.md §1, format.md §5.2 (unfinished boards; tests/data/pbn/real/README.md:
    BBO tournament exports): every board of the file is accepted, and exactly the boards the
    referee (tests/pbn_referee.py) reads as stopping with no result — a play that stops, an
    auction that does not close — get one `unfinished` warning each, naming the board."""
    from bisect import bisect_right

    from pbn_referee import games, judge

    path = real_records.path("pbn", name)
    verdicts = [judge(g) for g in games(path.read_text(encoding="utf-8"))]
    assert all(v.consistent for v in verdicts), name
    stopped = {i for i, v in enumerate(verdicts) if not v.game.tags.get("Result", "").strip()
               and (0 < len(v.cards) < 52 or v.contract is None and v.game.sections.get("Auction"))}
    starts = [v.game.line for v in verdicts]
    warned: list[int] = []
    for result in settled_pbn_sessions(path.read_bytes()):
        report = evaluate(result.record, result.diagnostics)
        assert report.valid, (name, [d for d in report.diagnostics if d.severity is Severity.ERROR])
        for d in result.locate(report.diagnostics):
            if d.code == "unfinished":
                game_at = bisect_right(starts, d.line) - 1
                assert d.deal == verdicts[game_at].board, (name, d)
                warned.append(game_at)
    assert sorted(warned) == sorted(stopped) and stopped, name


def test_whatif_plays_a_bidding_record_out_from_the_opening_lead(tmp_path):
    """duplicate-bridge.md §1: a bidding record has neither play nor result: ``whatif --at 0``
    plays its contract out double dummy from the opening lead and scores it against the nothing
    it scored ("actual: not played"); a card after the lead is a usage error."""
    path = tmp_path / "bidding.pbn"
    path.write_text(game(1, AUCTION), encoding="utf-8")
    result = CliRunner().invoke(main, ["whatif", str(path), "--deal", "1", "--at", "0", "--finish"])
    assert result.exit_code == 0, result.output
    assert "(actual: not played)" in result.output and "recorded by its result" not in result.output
    later = CliRunner().invoke(main, ["whatif", str(path), "--deal", "1", "--at", "2"])
    assert later.exit_code == 2 and "0 cards played" in later.output


def test_whatif_gives_a_hand_record_another_contract_played_double_dummy(tmp_path):
    """duplicate-bridge.md §1 (a hand record is analysable double dummy): ``whatif --contract``
    bids that contract from the dealer, closes the auction with passes, plays it out double
    dummy and scores it; ``--at`` still says it has no contract to play."""
    path = tmp_path / "hands.pbn"
    path.write_text(game(1, ""), encoding="utf-8")
    result = CliRunner().invoke(main, ["whatif", str(path), "--deal", "1", "--contract", "3NT", "--json"])
    assert result.exit_code == 0, result.output
    choice = json.loads(result.output)["choice"]
    assert choice["kept"] == 0 and choice["auction"][:1] == ["3NT"] and len(choice["play"]) == 52


@pytest.mark.parametrize("args", [["--at", "0"]])
def test_whatif_says_a_hand_record_has_no_contract_not_that_it_was_passed_out(tmp_path, args):
    """duplicate-bridge.md §1: a hand record is its hands alone, never bid, not a deal passed out;
    the message names its deal once (``--contract`` said "deal 1: deal 1 was passed out")."""
    path = tmp_path / "hands.pbn"
    path.write_text(game(1, ""), encoding="utf-8")
    result = CliRunner().invoke(main, ["whatif", str(path), "--deal", "1", *args])
    assert result.exit_code == 1
    assert f"{path}: deal 1 is a hand record (its hands alone): it has no contract to play" in result.output
    assert "passed out" not in result.output and result.output.count("deal 1") == 1
