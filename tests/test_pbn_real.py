"""Real PBN files nobody here wrote (tests/data/pbn/real/README.md, issue 24): every board the
referee of tests/pbn_referee.py finds consistent is accepted and read as it reads it; every
board it faults gets one error per fault, naming its board; every [Score] the referee scores
alike is audited clean; every [ScoreTable] traveller row is audited and agrees with the
file's own matchpoints and percentages (docs/real-records.md)."""
from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.diagnostics import Diagnostic, Severity
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.engine.record import DealRecord
from vint_replay.engine.session import evaluate
from vint_replay.reports.duplicate_comparison import Scoring, compare
from vint_replay.reports.traveller_audit import audit_travellers

import real_records

from settled import settled_pbn, settled_pbn_sessions
from pbn_referee import Verdict, duplicate_score, games, judge, match_imps

DATA = Path(__file__).parent / "data" / "pbn"
COMMITTED = ("junior-teams-1998.pbn", "sample-imp.pbn")  # in the repository (shared/reference/pbn, MIT)


@dataclass
class Checked:
    """One file read and checked, beside the referee's verdicts on its games."""

    verdicts: list[Verdict]
    errors: dict[int, list[Diagnostic]] = field(default_factory=dict)  # by the game they stand in
    unplaced: list[Diagnostic] = field(default_factory=list)  # errors with no line
    accepted: dict[int, DealRecord] = field(default_factory=dict)  # game → the deal read
    scored: dict[int, int] = field(default_factory=dict)  # game → our N–S score
    figures_checked: int = 0
    figures_differ: int = 0
    match_imps: tuple[int, int] = (0, 0)  # [ScoreIMP] tags of a match's two tables, and those the referee's IMPs equal
    traveller_rows: int = 0  # [ScoreTable] rows the file lists (counted off its text)
    traveller_checked: int = 0  # … audited
    traveller_differ: int = 0  # … whose score or figures the audit recomputes otherwise (or a pair's total)
    totals: int = 0  # [TotalScoreTable] rows the file lists
    totals_checked: int = 0


def check(data: bytes) -> Checked:
    """The file read as ``validate`` reads it (every session), each error placed in its game."""
    verdicts = [judge(g) for g in games(_text(data))]
    starts = [v.game.line for v in verdicts]
    out = Checked(verdicts)

    def game_of(line: int) -> int:
        return max(bisect_right(starts, line) - 1, 0)

    reports = []
    for result in settled_pbn_sessions(data):
        problems = list(result.diagnostics)
        if result.record is not None:
            report = evaluate(result.record, result.diagnostics)
            problems = result.locate(report.diagnostics)
            reports.append(report)
            travellers = audit_travellers(report, result.travellers, result.totals)
            out.traveller_checked += travellers.rows_checked
            out.totals_checked += travellers.totals_checked
            out.traveller_differ += len(travellers.mismatches)
            valid = {d.number: d for d in result.record.deals}
            for deal in result.record.deals:
                line = result.locations.get((deal.number, None))
                if line is not None:
                    out.accepted[game_of(line[0])] = deal
            if report.score is not None:
                for deal in report.score.deals:
                    line = result.locations.get((deal.number, None))
                    if line is not None and not valid[deal.number].hand_record:
                        out.scored[game_of(line[0])] = board_score(deal.entries)
        for d in problems:
            if d.severity is not Severity.ERROR:
                continue
            if d.line is None:
                out.unplaced.append(d)
            else:
                out.errors.setdefault(game_of(d.line), []).append(d)
    out.match_imps = _match_imps(verdicts)
    out.totals = sum(len(rows.strip("\n").split("\n")) for rows in _TOTALS.findall(_text(data)))
    out.traveller_rows = sum(len(rows.strip("\n").split("\n")) for rows in _TRAVELLER.findall(_text(data)))
    for comparison in compare(reports):
        imps = comparison.scoring is Scoring.IMPS
        for board in comparison.boards:
            for r in board.results:
                recorded = r.recorded
                compared = recorded is not None and (recorded.imps is not None if imps else
                                                     (recorded.matchpoints or recorded.percentage) is not None)
                out.figures_checked += compared  # a pairs comparison does not check [ScoreIMP], nor IMPs [ScoreMP]
                out.figures_differ += compared and bool(r.differs)
    return out


_TOTALS = re.compile(r'^\[TotalScoreTable "[^"\n]*"\]\r?\n((?:[^\[\n][^\n]*\n)+)', re.MULTILINE)
_TRAVELLER = re.compile(r'^\[ScoreTable "[^"\n]*"\]\r?\n((?:[^\[\n][^\n]*\n)+)', re.MULTILINE)  # its rows: the lines up to the next tag


def _match_imps(verdicts: list[Verdict]) -> tuple[int, int]:
    """A team event given without [Room] (RealBridge: each table a game, the match named by
    [HomeTeam] and [VisitTeam]): each board's two tables of a match, their [ScoreIMP] against
    the referee's IMPs of the two scores (bridge-team-pairs-scoring.md, "IMPs (teams)")."""
    tables: dict[tuple[str, frozenset[str]], list[Verdict]] = {}
    for v in verdicts:
        tags = v.game.tags
        if tags.get("HomeTeam") and tags.get("VisitTeam") and tags.get("ScoreIMP", "").startswith("NS "):
            tables.setdefault((tags["Board"], frozenset((tags["HomeTeam"], tags["VisitTeam"]))), []).append(v)
    recorded = agreed = 0
    for pair in tables.values():
        scores = [referee_score(v) for v in pair]
        if len(pair) != 2 or None in scores:
            continue
        for k, v in enumerate(pair):
            recorded += 1
            agreed += int(v.game.tags["ScoreIMP"].split()[1]) == match_imps(scores[k] - scores[1 - k])
    return recorded, agreed


def _text(data: bytes) -> str:
    """A PBN file's text: UTF-8, else ISO 8859-1 (PBN 2.1's own character set)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _paths() -> list[Path]:
    """The committed files and those of the real records' folder that are there (for the survey)."""
    where = real_records.folder("pbn")
    found = [where / name for name in real_records.listed("pbn")] if where is not None else []
    return [DATA / name for name in COMMITTED] + [p for p in found if p.is_file()]


@pytest.mark.parametrize("name", [*COMMITTED, *real_records.listed("pbn")])
def test_a_real_file_is_judged_as_the_referee_judges_it(name: str):
    """rubber-bridge.md §1–§3 (the deal, the auction, the play and its tricks), format.md §5.2 (PBN as it is
    found): a consistent board is accepted with the referee's hands, contract, declarer, tricks
    and cards; a faulty one gets exactly one error per fault, each naming the board."""
    path = DATA / name if name in COMMITTED else real_records.path("pbn", name)
    checked = check(path.read_bytes())
    assert not checked.unplaced, [d.message for d in checked.unplaced]
    _validated_whole(path, checked)
    recorded, agreed = checked.match_imps
    assert agreed == recorded, f"{path.name}: {recorded - agreed} of {recorded} [ScoreIMP] differ from the referee's"
    if recorded:  # format.md §5.2: a team event without [Room] compared match by match, every [ScoreIMP] checked
        assert (checked.figures_checked, checked.figures_differ) == (recorded, 0), (
            f"{path.name}: score --compare checked {checked.figures_checked} of {recorded} [ScoreIMP], "
            f"{checked.figures_differ} differ")
    # duplicate-bridge.md §5.1–§5.5: every traveller row audited, agreeing with the file's own figures
    # and §5.6: every pair's listed total, the sum of its boards
    assert (checked.traveller_checked, checked.totals_checked, checked.traveller_differ) == (
        checked.traveller_rows, checked.totals, 0), (
        f"{path.name}: {checked.traveller_checked} of {checked.traveller_rows} [ScoreTable] rows and "
        f"{checked.totals_checked} of {checked.totals} pairs' totals audited, {checked.traveller_differ} differ")
    for i, verdict in enumerate(checked.verdicts):
        errors = checked.errors.get(i, [])
        where = f"{path.name}, board {verdict.board} (line {verdict.game.line})"
        if verdict.consistent:
            assert not errors, f"{where}: consistent, refused: {[d.message for d in errors]}"
            deal = checked.accepted[i]
            _same_as_referee(deal, verdict, where)
            expected = referee_score(verdict)
            if expected is not None and i in checked.scored:  # a session with a refused board is not scored
                assert checked.scored[i] == expected, f"{where}: scored {checked.scored[i]}, the referee {expected}"
        else:
            assert len(errors) == len(verdict.faults), (
                f"{where}: the referee finds {verdict.faults}, the reader {[d.message for d in errors]}")
            assert all(d.deal == verdict.board for d in errors), f"{where}: {[d.deal for d in errors]}"


def _validated_whole(path: Path, checked: Checked) -> None:
    """format.md §4.2 (validate): every session of the file is checked, without a traceback,
    and the exit status is 1 exactly when the referee faults a board."""
    out = CliRunner().invoke(main, ["validate", "--json", str(path)])
    assert out.exception is None or isinstance(out.exception, SystemExit), out.exception
    listed = json.loads(out.output)
    sessions = listed if isinstance(listed, list) else [listed]
    assert len(sessions) == len(settled_pbn_sessions(path.read_bytes()))
    assert out.exit_code == (1 if any(v.faults for v in checked.verdicts) else 0), path.name


def _same_as_referee(deal: DealRecord, verdict: Verdict, where: str) -> None:
    """The board as read equals the referee's reading of it."""
    if verdict.hands is not None:
        assert [frozenset(str(c) for c in hand) for hand in deal.hands] == verdict.hands, where
    contract = deal.contract
    if verdict.contract not in (None, "Pass") and contract is not None:
        assert str(contract).replace("NT", "N") == verdict.contract, where
        assert contract.declarer.name == verdict.declarer, where
    if verdict.cards:
        assert [str(c) for c in deal.play] == verdict.cards, where
    if deal.result is not None:
        assert deal.result == verdict.tricks, where


VULNERABLE = {"None": (False, False), "Love": (False, False), "-": (False, False), "NS": (True, False),
              "EW": (False, True), "All": (True, True), "Both": (True, True)}


def referee_score(verdict: Verdict) -> int | None:
    """The referee's N–S score of a board it finds consistent (0 for a pass-out), or ``None``
    where it cannot score it (a hand record, an unknown vulnerability, no tricks)."""
    if verdict.contract == "Pass":
        return 0
    vulnerable = VULNERABLE.get(verdict.game.tags.get("Vulnerable", "").strip())
    if verdict.contract is None or verdict.tricks is None or vulnerable is None or verdict.declarer is None:
        return None
    side = "NESW".index(verdict.declarer) % 2
    score = duplicate_score(verdict.contract, verdict.declarer, vulnerable[side], verdict.tricks)
    return score if side == 0 else -score


def recorded_score(verdict: Verdict) -> int | None:
    """The board's ``[Score "NS 620"]`` as N–S's score, when it has one such."""
    text = verdict.game.tags.get("Score", "").split()
    if len(text) < 2 or text[0] not in ("NS", "EW") or not text[1].lstrip("-").isdigit():
        return None
    return int(text[1]) * (1 if text[0] == "NS" else -1)


@dataclass
class Figures:
    """What the real files hold and how they fare (docs/real-records.md)."""

    files: int = 0
    boards: int = 0
    with_play: int = 0
    accepted: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # boards by the code of their first error
    scores: int = 0  # [Score] tags on boards accepted and scored
    scores_clean: int = 0  # … equal to our score (and the referee's)
    figures: int = 0  # [ScoreIMP], [ScoreMP], [ScorePercentage] compared by score --compare
    figures_matched: int = 0
    traveller_rows: int = 0  # [ScoreTable] rows, audited by audit and agreeing with the file's figures
    traveller_agreed: int = 0
    pair_totals: int = 0  # [TotalScoreTable] rows, each agreeing (counted in traveller_agreed's test)
    match_imps: int = 0  # [ScoreIMP] of a match's two tables without [Room], checked by the referee
    match_imps_agreed: int = 0


def survey(paths: list[Path]) -> Figures:
    """The figures of ``paths`` (those that exist)."""
    out = Figures()
    for path in paths:
        if not path.exists():
            continue
        checked = check(path.read_bytes())
        out.files += 1
        out.figures += checked.figures_checked
        out.figures_matched += checked.figures_checked - checked.figures_differ
        out.match_imps += checked.match_imps[0]
        out.traveller_rows += checked.traveller_rows
        out.traveller_agreed += checked.traveller_checked - checked.traveller_differ
        out.pair_totals += checked.totals_checked
        out.match_imps_agreed += checked.match_imps[1]
        for i, verdict in enumerate(checked.verdicts):
            out.boards += 1
            out.with_play += bool(verdict.cards)
            errors = checked.errors.get(i)
            if errors:
                out.refused[errors[0].code] += 1
                continue
            out.accepted += 1
            recorded = recorded_score(verdict)
            if recorded is not None and i in checked.scored:
                out.scores += 1
                out.scores_clean += recorded == checked.scored[i]
    return out


if __name__ == "__main__":
    print(survey(_paths()))


# what the real files showed, each as a board written here --------------------------------------

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"
PLAYED = ('[Event "Match"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n'
          '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Auction "N"]\n1H Pass 4H Pass\nPass Pass\n')


def _errors(text: str) -> list[Diagnostic]:
    """The errors of every session of a PBN text, located, as validate lists them."""
    out = []
    for result in settled_pbn_sessions(text.encode()):
        report = evaluate(result.record, result.diagnostics)
        out += [d for d in result.locate(report.diagnostics) if d.severity is Severity.ERROR]
    return out


def test_a_commentary_with_a_nested_comment_keeps_its_game_whole():
    """format.md §5.2 (games; seen in bridgebots' vugraph sample, Cavendish 2004 board 1): a
    commentary holding a `{…}` of its own ends at its first `}` (PBN comments do not nest), and
    the `}` left on a line of its own neither ends the game (its [Play] and [Result] stay the
    board's) nor is a second problem: one warning names the nested `{`."""
    text = (PLAYED + "{ The writer's note, {signed} by the host\n}\n"
            '[Play "E"]\nDA D2 D5 D3\nDK D7 D6 DT\n*\n')
    result = settled_pbn(text.encode())
    report = evaluate(result.record, result.diagnostics)
    assert report.valid and [d.number for d in report.record.deals] == [1]
    assert len(report.record.deals[0].play) == 8 and report.record.deals[0].result == 10
    [nested] = [d for d in report.diagnostics if d.code == "syntax"]
    assert "do not nest" in nested.message and nested.severity is Severity.WARNING and nested.deal == 1


def test_a_card_after_a_missing_one_in_an_unfinished_trick_is_not_dropped_silently():
    """rubber-bridge.md §3 (each player in turn plays to a trick; seen in endplay's World
    Championship 2012 file, board 66): `-` for the trick's leader followed by cards of the next
    players cannot have been played so; one error names the board and the cards, none is lost
    without a word."""
    text = PLAYED + '[Play "E"]\nDA D2 D5 D3\n- D7 D6 -\n*\n'
    [only] = _errors(text)
    assert (only.deal, only.at) == (1, "play[4]")
    assert "D7" in only.message and "D6" in only.message
    later = PLAYED + '[Play "E"]\nDA D2 D5 D3\n- - - -\nDK D7 D6 DT\n*\n'  # a whole trick after the stop
    [again] = _errors(later)
    assert again.deal == 1 and "DK" in again.message


def test_a_card_not_played_written_as_two_hyphens_is_read_as_one():
    """format.md §5.2 (play; seen in bridgebots' Bermuda Bowl 2015 board 14, `-- HQ H7 --`):
    `--` for a card not played is read as PBN's `-`, so the claim after it is checked, not refused."""
    text = PLAYED.replace('[Result "10"]', '[Result "11"]') + '[Play "E"]\nDA D2 D5 D3\nDK D7 D6 DT\nD4 -- -- --\n*\n'
    assert not _errors(text)
    [deal] = settled_pbn(text.encode()).record.deals
    assert len(deal.play) == 9 and deal.result == 11


def test_a_passed_out_auction_with_a_result_of_0_and_no_contract_tag_is_a_pass_out():
    """format.md §5.2 (tags read; seen in BEN's Camrose 2024 robot match, board 99): four passes
    with `[Contract ""]` and `[Result "0"]` is a pass-out as BBO's `[Contract "Pass"]` is — no
    play nor tricks after it, not play_after_passout."""
    text = ('[Event "Camrose"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n'
            '[Contract ""]\n[Declarer ""]\n[Result "0"]\n[Auction "N"]\nPass Pass Pass Pass\n[Play ""]\n')
    assert not _errors(text)
    report = evaluate(settled_pbn(text.encode()).record)
    assert report.valid and report.replays[0].passed_out
    assert [d.code for d in _errors(text.replace('"0"]', '"9"]'))] == ["play_after_passout"]  # tricks after it


def test_a_game_without_its_board_s_tags_is_that_board_at_another_table():
    """format.md §5.2 (seen in rpbridge.net's vugraph files, which give a board's other room as a
    game with no [Board], [Dealer], [Vulnerable] or [Deal]): the game is the board before it,
    played at the match's other table — read and checked as its own session, with one warning
    for the file; a card the deal does not give that table is its board's error."""
    match = PLAYED.replace('[Event "Match"]', '[Event "Match"]\n[HomeTeam "Ann"]\n[VisitTeam "Bob"]')
    other = '\n[Declarer "N"]\n[Contract "4H"]\n[Result "9"]\n[Auction "N"]\n1H Pass 4H AP\n'
    results = settled_pbn_sessions((match + other).encode())
    assert [r.record.info.id for r in results] == ["match--ann-v-bob--table-1", "match--ann-v-bob--table-2"]
    again = results[1].record.deals[0]
    assert (again.number, str(again.dealer), again.result) == (1, "N", 9)
    assert again.hands == results[0].record.deals[0].hands
    [warned] = [d for d in results[0].diagnostics if d.severity is Severity.WARNING]
    assert (warned.code, warned.deal, warned.line) == ("schema", 1, 15) and "another table" in warned.message
    assert not _errors(match + other)
    [only] = _errors(match + other.replace('[Result "9"]', '[Result "9"]\n[Play "E"]\nDA D2 D5 ZZ\n*'))
    assert (only.code, only.deal) == ("bad_card", 1)


def test_a_game_without_a_board_number_is_named_by_the_board_it_follows():
    """format.md §5.2 (every game is read or reported): a game that gives a deal but no [Board]
    has no board to name, so its error says which board it follows and where it starts."""
    text = PLAYED + '[Play "E"]\nDA D2 D5 D3\n*\n\n[Deal "' + DEAL + '"]\n[Declarer "S"]\n[Contract "3NT"]\n'
    [only] = _errors(text)
    assert (only.code, only.deal, only.line) == ("schema", None, 16)
    assert only.message.endswith("(the game after board 1)")


def test_an_auction_listing_a_call_before_the_dealer_s_is_an_error_not_read_from_the_dealer():
    """rubber-bridge.md §2 (the dealer calls first), hand-record-tools.md §1.4 ([Auction] names
    the seat of the first call listed; the seats before the dealer are written `-`):
    `[Auction "E"]` on a board N deals, listing a call first, is one error at that call — not
    read silently as if N had made it. With E's, S's and W's `-` it is read."""
    moved = PLAYED.replace('[Auction "N"]', '[Auction "E"]')
    [only] = _errors(moved)
    assert (only.code, only.deal, only.at) == ("bad_call", 1, "auction[0]")
    assert "[Auction \"E\"]" in only.message and "N deals" in only.message
    assert not _errors(moved.replace("\n1H Pass", "\n- - - 1H Pass"))
