"""Hostile LIN made from a vugraph match (issue 24, "Bad input") — one written here in aaBridge's
layout (tests/lin_samples.py), and a real one when the real records are there — the file cut anywhere,
unknown tags, impossible cards, a claim that contradicts the cards, random damage. Each gets
located diagnostics naming its board — never a traceback — and the boards it does not touch
read as before (format.md §5.7)."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_replay.cli import main
from vint_replay.engine.diagnostics import Diagnostic, Severity
from vint_replay.engine.record import DealRecord, SessionRecord
from vint_replay.engine.session import evaluate
from vint_replay.formats.lin import lin_sessions

import real_records
from lin_samples import vugraph

REAL = "1955-bermuda-bowl-gb-usa-seg11.lin"  # a real match (tests/data/lin/REAL.md)


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


@dataclass(frozen=True)
class Match:
    """A clean two-room match to damage, each room's boards as read, and its second open board."""

    text: str
    original: dict[str, dict[int, DealRecord]]
    played: int  # an open board after the first, with play (its opening lead is damaged)


@pytest.fixture(scope="module", params=["generated", "real"])
def match(request) -> Match:
    text = vugraph(boards=8)[0] if request.param == "generated" else \
        real_records.path("lin", REAL).read_text(encoding="utf-8")
    original = {room: {d.number: d for d in report.record.deals} for room, report in rooms(text).items()}
    played = [n for n, d in original["open"].items() if d.play][1]
    return Match(text, original, played)


def at(text: str, marker: str, start: int = 0) -> tuple[int, int]:
    """The line and column where ``marker`` first stands in ``text`` after ``start``."""
    index = text.index(marker, start)
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def test_the_match_is_clean_before_it_is_damaged(match):
    assert set(match.original) == {"open", "closed"}
    assert all(not errors(report) for report in rooms(match.text).values())


@pytest.mark.parametrize("share", range(1, 24))
def test_a_file_cut_anywhere_keeps_the_boards_before_the_cut(match, share):
    """Cut inside a pair, the file is "truncated" where it ends, named by the board it cuts
    (none before the first board); every error names a board, and each board that ends before
    the cut reads as it did."""
    start = match.text.index("qx|")  # the first board
    text = match.text[:start + (len(match.text) - start) * share // 24]
    results = lin_sessions(text.encode())
    found = rooms(text)
    for room, report in found.items():
        for d in errors(report):
            assert d.deal is not None or d.line is not None, d.describe()
        cut_board = max(d.number for d in report.record.deals)
        for deal in report.record.deals:
            if deal.number != cut_board:
                assert deal == match.original[room][deal.number]
    truncated = [d for r in results for d in r.diagnostics if "truncated" in d.message]
    if text.rstrip()[-1:] != "|":
        assert len(truncated) == 1 and truncated[0].line == text.count("\n") + 1
        assert (truncated[0].deal is None) == (not found)


def test_unknown_tags_are_warnings_at_their_board_and_errors_with_strict(tmp_path, match):
    text = match.text.replace("|sv|", "|zq|what is this|sv|")
    found = rooms(text)
    notes = [d for r in found.values() for d in r.diagnostics if "unknown LIN tag zq" in d.message]
    assert len(notes) == match.text.count("|sv|") == sum(map(len, match.original.values())) and all(d.severity is Severity.WARNING and d.deal is not None for d in notes)
    assert all(not errors(r) for r in found.values())
    path = tmp_path / "unknown.lin"
    path.write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["validate", str(path)]).exit_code == 0
    strict = CliRunner().invoke(main, ["validate", "--strict", str(path)])
    assert strict.exit_code == 1 and "unknown LIN tag zq" in strict.output


@pytest.mark.parametrize("card, code", [("SZ", "bad_card"), ("S1", "bad_card"), ("XA", "bad_card")])
def test_a_card_that_does_not_exist_is_one_error_at_its_tag(match, card, code):
    first = match.text.index("pc|", match.text.index(f"qx|o{match.played}|"))  # the opening lead
    text = match.text[:first] + f"pc|{card}|" + match.text[first + 6:]
    found = rooms(text)
    [problem] = errors(found["open"])
    assert (problem.code, problem.deal, problem.at) == (code, match.played, "play[0]")
    assert (problem.line, problem.column) == at(text, f"pc|{card}|")
    assert not errors(found["closed"])


def test_a_card_of_another_hand_is_one_error_naming_the_trick(match):
    """An open board: the opening leader's card swapped for one dummy holds."""
    start = match.text.index(f"qx|o{match.played}|")
    first = match.text.index("pc|", start)
    lead = match.text[first + 3:first + 5]
    deal = match.original["open"][match.played]
    leader_cards = {str(c) for c in deal.hands[0]} | {str(c) for c in deal.hands[2]}  # any N–S card will do
    other = next(c for c in ("SA", "HA", "DA", "CA", "SK", "HK") if c != lead and c not in leader_cards)
    text = match.text[:first] + f"pc|{other}|" + match.text[first + 6:]
    found = rooms(text)
    problems = [d for d in errors(found["open"]) if d.deal == match.played]
    assert len(problems) == 1 and problems[0].code in ("hands_mismatch", "card_not_held", "revoke", "duplicate_card")
    assert problems[0].line is not None


def test_a_claim_that_contradicts_the_cards_is_one_error_at_the_mc_tag(match):
    """The first open board claimed after the defenders took a trick: a claim of all 13 tricks
    for declarer is impossible."""
    opened = next(r.record for r in lin_sessions(match.text.encode()) if r.record.info.id.endswith("-open"))
    deal = next(d for d, replay in zip(opened.deals, evaluate(opened).replays) if d.result is not None and len(d.play or ()) < 52 and any(
        t.winner.side is not replay.contract.declarer.side for t in replay.tricks))
    start = match.text.index(f"qx|o{deal.number}|")
    claim = match.text.index("mc|", start)
    text = match.text[:claim] + "mc|13|" + match.text[match.text.index("|", claim + 3) + 1:]
    found = rooms(text)
    [problem] = errors(found["open"])
    assert (problem.code, problem.deal) == ("result_mismatch", deal.number)
    assert (problem.line, problem.column) == at(text, "mc|13|", start)


DAMAGE = st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["|", "", "x", "\n", "md|", "qx|", "9"])),
                  min_size=1, max_size=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage=DAMAGE)
def test_random_damage_gives_located_diagnostics_never_a_traceback(match, damage):
    """Bytes replaced at random: the reader and the engine answer with diagnostics, each error
    naming its board or standing at a line before the first board."""
    text = match.text
    for share, piece in damage:
        where = int(share * len(text))
        text = text[:where] + piece + text[where + 1:]
    for result in lin_sessions(text.encode()):
        report = evaluate(result.record, result.diagnostics) if result.record is not None else None
        for d in (report.diagnostics if report is not None else result.diagnostics):
            if d.severity is Severity.ERROR:
                assert d.deal is not None or d.line is not None, d.describe()
