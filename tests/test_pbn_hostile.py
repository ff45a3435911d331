"""What a newcomer and an attacker found in the PBN reader (issue 23), each as a test: broken
comments, mixed and Latin-1 encodings, board numbers in other digits, huge numbers, bad
``[VintOptions]``, and reading cost linear in the input (format.md §5.2)."""
from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_hostile_input import calls
from test_pbn import BOARD, board
from vint_replay.cli import main
from vint_replay.engine.diagnostics import CODES, Severity
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.formats.pbn_write import write_pbn
from settled import settled, settled_pbn


def located(result, code: str = "syntax") -> list[tuple[int | None, int | None, str]]:
    return [(d.line, d.column, d.severity) for d in result.diagnostics if d.code == code]


def three_boards(between: str) -> str:
    return board(1) + between + "\n\n" + board(2) + "\n" + board(3)


# broken comments --------------------------------------------------------------------------------

def test_an_unclosed_comment_is_an_error_at_its_brace_and_the_boards_after_it_are_still_read():
    text = three_boards("{ a comment never closed")
    result = settled_pbn(text.encode())
    line = text.count("\n", 0, text.index("{")) + 1
    assert located(result) == [(line, 1, Severity.ERROR)]
    assert "never closed" in result.diagnostics[0].message
    assert [d.number for d in result.record.deals] == [1, 2, 3]


def test_a_nested_comment_is_an_error_at_the_inner_brace_and_its_tail_is_not_dropped_silently():
    text = three_boards("{ a { b }\n[Result c }")  # the tail holds a tag's line: PBN's first '}' ends it
    result = settled_pbn(text.encode())
    line = text.count("\n", 0, text.index("{")) + 1
    # the inner '{', the last '}', the tail's broken tag
    assert located(result) == [(line, 5, Severity.ERROR), (line + 1, 11, Severity.ERROR), (line + 1, 1, Severity.ERROR)]
    assert "do not nest" in result.diagnostics[0].message and "closes no" in result.diagnostics[1].message
    assert [d.number for d in result.record.deals] == [1, 2, 3]


def test_a_nested_comment_its_writer_closed_is_read_as_meant_with_a_warning():
    """format.md §5.2 (games): `{ a { b } c }` — the braces balance before the next tag's line,
    so the comment is read to its outer `}` (nothing of it read as the game's), one warning."""
    text = three_boards("{ a { b } c }")
    result = settled_pbn(text.encode())
    line = text.count("\n", 0, text.index("{")) + 1
    assert located(result) == [(line, 5, Severity.WARNING)]
    assert [d.number for d in result.record.deals] == [1, 2, 3]


def test_braces_in_quoted_values_and_line_comments_open_nothing():
    text = board(1, extra='[Site "Room {A}"]\n') + "; a } here\n% and { here\n{ a comment }\n\n" + board(2)
    result = settled_pbn(text.encode())
    assert not result.diagnostics and result.record.info.site == "Room {A}"
    assert [d.number for d in result.record.deals] == [1, 2]


def test_a_multiline_comment_does_not_end_the_game():
    result = settled_pbn((board(1).replace('[Result "10"]', '{ one\n\ntwo }\n[Result "10"]')).encode())
    assert not result.diagnostics and result.record.deals[0].result == 10


# encodings ---------------------------------------------------------------------------------------

CYRILLIC = board(1).replace('[Event "Club"]', '[Event "Club"]\n[North "Иванов"]')


def test_a_stray_byte_in_a_comment_of_a_utf8_file_leaves_its_names_utf8_with_a_located_warning():
    data = b"% comment \xff\n" + CYRILLIC.encode()
    result = settled_pbn(data)
    assert result.record.info.players[0] == "Иванов"
    assert located(result) == [(1, 11, Severity.WARNING)]
    assert "0xff" in result.diagnostics[0].message


def test_a_stray_byte_in_a_tag_value_is_an_error_at_the_tag():
    data = CYRILLIC.replace("Club", "Cl\udcffub").encode("utf-8", "surrogateescape")
    result = settled_pbn(data)
    assert (1, 11, Severity.WARNING) in located(result)
    assert (1, 1, Severity.ERROR) in located(result)  # [Event "Cl�ub"] on line 1
    assert result.record.info.players[0] == "Иванов"


def test_a_file_with_no_utf8_at_all_is_read_as_latin1_and_says_so():
    data = board(1).replace('[Event "Club"]', '[Event "Café"]').encode("latin-1")
    result = settled_pbn(data)
    assert result.record.info.event == "Café"
    [warning] = result.diagnostics
    assert warning.severity is Severity.WARNING and "Latin-1" in warning.message


# numbers --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["1_0", "١", "１", "²", " 1_000 "])
def test_a_board_number_must_be_ascii_digits(number):
    result = settled_pbn(board(1).replace('[Board "1"]', f'[Board "{number}"]').encode())
    assert result.record.deals == ()
    [problem] = result.diagnostics
    assert problem.code == "schema" and (problem.line, problem.column) == (2, 1)


@pytest.mark.parametrize("tag, value", [("Result", "1" * 5000), ("Score", "NS " + "9" * 5000),
                                        ("Result", "١٠"), ("Score", "NS ٤٢٠")])
def test_a_huge_or_non_ascii_result_or_score_is_a_located_diagnostic(tag, value):
    text = board(1).replace('[Result "10"]', f'[Result "{value}"]') if tag == "Result" else board(1, score=value)
    result = settled_pbn(text.encode())
    line = 1 + text.split("\n").index(next(s for s in text.split("\n") if s.startswith(f"[{tag}")))
    [problem] = result.diagnostics
    assert problem.code == "schema" and (problem.line, problem.column) == (line, 1)


def test_an_unknown_or_bad_vint_option_is_an_error_at_the_tag_and_the_session_reads_without_it():
    for options in ("foo=bar", "x_marks=maybe"):
        text = board(1, extra=f'[VintRules "classic"]\n[VintOptions "{options}"]\n')
        result = settled_pbn(text.encode())
        [problem] = result.diagnostics
        assert problem.code == "schema" and (problem.line, problem.column) == (11, 1)
        assert "[VintOptions]" in problem.message and result.record.info.options == {}
        evaluate(result.record, result.diagnostics)  # no ProfileError later either


def test_every_diagnostic_code_is_a_known_one():
    result = settled_pbn(three_boards("{ a { b } c }").encode())
    assert {d.code for d in result.diagnostics} <= set(CODES)


# linear cost (operation counts and memory, never timings) ------------------------------------------

def boards(n: int) -> bytes:
    return "\n".join(BOARD.format(board=i + 1, dealer="N", vul="None", score="NS 420") for i in range(n)).encode()


def test_reading_many_boards_costs_linear_operations():
    ratio = calls(lambda: settled_pbn(boards(2000))) / calls(lambda: settled_pbn(boards(500)))
    assert ratio < 4.5  # four times the boards: four times the work, not sixteen


def peak(job) -> int:
    tracemalloc.start()
    try:
        job()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_long_tag_value_costs_memory_linear_in_its_length():
    def long_event(n: int) -> bytes:
        return board(1).replace('"Club"', '"' + "x\\\\" * (n // 3) + '"').encode()
    data = long_event(1_000_000)
    assert settled_pbn(data).record.info.event.startswith("x\\x\\")
    assert peak(lambda: settled_pbn(data)) < 40 * len(data)  # a few copies of the text, not a stack frame per character


# what PBN cannot hold is refused, never written unreadable (format.md §5.3) ---------------------------

ROOT = Path(__file__).parent.parent
SAMPLES = sorted([*ROOT.glob("sample_data/**/*.json"), *ROOT.glob("sample_data/**/*.vint")])


def convert(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["convert", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.name != "corrections.json"], ids=lambda p: p.name)
def test_every_sample_round_trips_through_pbn_or_is_refused_with_what_pbn_cannot_hold(path, tmp_path):
    source = settled(read_file(path))
    target = tmp_path / "out.pbn"
    code, out = convert(str(path), str(target))
    if any(d.severity is Severity.ERROR for d in source.diagnostics):
        assert code == 1 and not target.exists()  # not converted until fixed
    elif code == 0:
        back = settled_pbn(target.read_bytes())
        assert back.record == source.record and not back.diagnostics
    else:
        assert code == 2 and "cannot be written as PBN (it has no tags for" in out and not target.exists()


@pytest.mark.parametrize("path, why", [("vint235/dacha-2026-08-09-three.json", "a game of 3 players"),
                                       ("vint235/dacha-2026-08-23-five.json", "a game of 5 players"),
                                       ("vint235/dacha-2026-08-02-two.json", "a game of 2 players"),
                                       ("laws/arbat-2027-01-12-laws-t1.json", "the laws"),
                                       ("solo/arbat-solo-2026-11-24.json", "the turn-up")])
def test_what_pbn_cannot_hold_is_named(path, why, tmp_path):
    code, out = convert(str(ROOT / "sample_data" / path), str(tmp_path / "out.pbn"))
    assert code == 2 and f"no tags for {why}" in out


def test_a_session_without_deals_is_not_written_as_pbn(worked_example_raw, tmp_path):
    worked_example_raw["deals"] = []
    source = tmp_path / "empty.json"
    source.write_text(json.dumps(worked_example_raw), encoding="utf-8")
    assert read_file(source).record.deals == ()
    code, out = convert(str(source), str(tmp_path / "out.pbn"))
    assert code == 2 and "no deals cannot be written as PBN" in out and not (tmp_path / "out.pbn").exists()


def test_export_refuses_a_three_player_session_as_pbn(tmp_path):
    store = str(tmp_path / "store")
    path = ROOT / "sample_data" / "vint235" / "dacha-2026-08-09-three.json"
    runner = CliRunner()
    assert runner.invoke(main, ["import", str(path), "--store", store]).exit_code == 0
    ident = read_file(path).record.info.id
    result = runner.invoke(main, ["export", ident, str(tmp_path / "x.pbn"), "--store", store])
    assert result.exit_code == 2 and "a game of 3 players" in result.output and not (tmp_path / "x.pbn").exists()
    assert runner.invoke(main, ["export", ident, str(tmp_path / "x.json"), "--store", store]).exit_code == 0


def test_a_board_without_contract_or_auction_comes_back_from_pbn_without_an_auction():
    text = "\n".join(line for line in board(1).split("\n") if not line.startswith(("[Contract", "[Declarer")))
    record = settled_pbn(text.encode()).record
    assert record.deals[0].auction == () and record.deals[0].contract is None
    assert settled_pbn(write_pbn(record).encode()).record == record  # [Contract "Pass"] was only filled in
