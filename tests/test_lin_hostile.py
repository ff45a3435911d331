"""Hostile LIN made from a real vugraph match (issue 24, "Bad input"): the file cut anywhere,
unknown tags, impossible cards, a claim that contradicts the cards, random damage. Each gets
located diagnostics naming its board — never a traceback — and the boards it does not touch
read as before (format.md §5.7)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_replay.cli import main
from vint_replay.engine.diagnostics import Diagnostic, Severity
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.session import evaluate
from vint_replay.formats.lin import lin_sessions

MATCH = Path(__file__).parent / "data" / "lin" / "real" / "1955-bermuda-bowl-gb-usa-seg11.lin"
TEXT = MATCH.read_text(encoding="utf-8")


@dataclass
class Room:
    """A room's evaluated record and its diagnostics located as the CLI prints them."""

    record: SessionRecord
    diagnostics: list[Diagnostic]


def rooms(text: str) -> dict[str, Room]:
    """Each room, by the last word of its session id (open, closed)."""
    return {r.record.info.id.rsplit("-", 1)[-1]: Room(r.record, r.locate(evaluate(r.record, r.diagnostics).diagnostics))
            for r in lin_sessions(text.encode()) if r.record is not None}


def errors(report: Room) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity is Severity.ERROR]


ORIGINAL = {room: {d.number: d for d in report.record.deals} for room, report in rooms(TEXT).items()}


def at(text: str, marker: str, start: int = 0) -> tuple[int, int]:
    """The line and column where ``marker`` first stands in ``text`` after ``start``."""
    index = text.index(marker, start)
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def test_the_match_is_clean_before_it_is_damaged():
    assert set(ORIGINAL) == {"open", "closed"}
    assert all(not errors(report) for report in rooms(TEXT).values())


@pytest.mark.parametrize("cut", range(400, len(TEXT), len(TEXT) // 23))
def test_a_file_cut_anywhere_keeps_the_boards_before_the_cut(cut):
    """Cut inside a pair, the file is "truncated" where it ends, named by the board it cuts
    (none before the first board); every error names a board, and each board that ends before
    the cut reads as it did."""
    text = TEXT[:cut]
    results = lin_sessions(text.encode())
    found = rooms(text)
    for room, report in found.items():
        for d in errors(report):
            assert d.deal is not None or d.line is not None, d.describe()
        cut_board = max(d.number for d in report.record.deals)
        for deal in report.record.deals:
            if deal.number != cut_board:
                assert deal == ORIGINAL[room][deal.number]
    truncated = [d for r in results for d in r.diagnostics if "truncated" in d.message]
    if text.rstrip()[-1:] != "|":
        assert len(truncated) == 1 and truncated[0].line == text.count("\n") + 1
        assert (truncated[0].deal is None) == (not found)


def test_unknown_tags_are_warnings_at_their_board_and_errors_with_strict(tmp_path):
    text = TEXT.replace("|sv|", "|zq|what is this|sv|")
    found = rooms(text)
    notes = [d for r in found.values() for d in r.diagnostics if "unknown LIN tag zq" in d.message]
    assert len(notes) == 24 and all(d.severity is Severity.WARNING and d.deal is not None for d in notes)
    assert all(not errors(r) for r in found.values())
    path = tmp_path / "unknown.lin"
    path.write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["validate", str(path)]).exit_code == 0
    strict = CliRunner().invoke(main, ["validate", "--strict", str(path)])
    assert strict.exit_code == 1 and "unknown LIN tag zq" in strict.output


@pytest.mark.parametrize("card, code", [("SZ", "bad_card"), ("S1", "bad_card"), ("XA", "bad_card")])
def test_a_card_that_does_not_exist_is_one_error_at_its_tag(card, code):
    first = TEXT.index("pc|", TEXT.index("qx|o146|"))  # the opening lead of open board 146
    text = TEXT[:first] + f"pc|{card}|" + TEXT[first + 6:]
    found = rooms(text)
    [problem] = errors(found["open"])
    assert (problem.code, problem.deal, problem.at) == (code, 146, "play[0]")
    assert (problem.line, problem.column) == at(text, f"pc|{card}|")
    assert not errors(found["closed"])


def test_a_card_of_another_hand_is_one_error_naming_the_trick():
    """Open board 146: the opening leader's card swapped for one dummy holds."""
    start = TEXT.index("qx|o146|")
    first = TEXT.index("pc|", start)
    lead = TEXT[first + 3:first + 5]
    deal = ORIGINAL["open"][146]
    leader_cards = {str(c) for c in deal.hands[0]} | {str(c) for c in deal.hands[2]}  # any N–S card will do
    other = next(c for c in ("SA", "HA", "DA", "CA", "SK", "HK") if c != lead and c not in leader_cards)
    text = TEXT[:first] + f"pc|{other}|" + TEXT[first + 6:]
    found = rooms(text)
    problems = [d for d in errors(found["open"]) if d.deal == 146]
    assert len(problems) == 1 and problems[0].code in ("hands_mismatch", "card_not_held", "revoke", "duplicate_card")
    assert problems[0].line is not None


def test_a_claim_that_contradicts_the_cards_is_one_error_at_the_mc_tag():
    """The first open board claimed after the defenders took a trick: a claim of all 13 tricks
    for declarer is impossible."""
    opened = next(r.record for r in lin_sessions(TEXT.encode()) if r.record.info.id.endswith("-open"))
    deal = next(d for d, replay in zip(opened.deals, evaluate(opened).replays) if d.result is not None and any(
        t.winner.side is not replay.contract.declarer.side for t in replay.tricks))
    start = TEXT.index(f"qx|o{deal.number}|")
    claim = TEXT.index("mc|", start)
    text = TEXT[:claim] + "mc|13|" + TEXT[TEXT.index("|", claim + 3) + 1:]
    found = rooms(text)
    [problem] = errors(found["open"])
    assert (problem.code, problem.deal) == ("result_mismatch", deal.number)
    assert (problem.line, problem.column) == at(text, "mc|13|", start)


DAMAGE = st.lists(st.tuples(st.integers(0, len(TEXT) - 1), st.sampled_from(["|", "", "x", "\n", "md|", "qx|", "9"])),
                  min_size=1, max_size=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage=DAMAGE)
def test_random_damage_gives_located_diagnostics_never_a_traceback(damage):
    """Bytes replaced at random: the reader and the engine answer with diagnostics, each error
    naming its board or standing at a line before the first board."""
    text = TEXT
    for where, piece in damage:
        text = text[:where] + piece + text[where + 1:]
    for result in lin_sessions(text.encode()):
        report = evaluate(result.record, result.diagnostics) if result.record is not None else None
        for d in (report.diagnostics if report is not None else result.diagnostics):
            if d.severity is Severity.ERROR:
                assert d.deal is not None or d.line is not None, d.describe()
