"""What a fuzzing reviewer found (issue 11), each as a test: lone surrogates, NULs and control
characters, terminal escapes, bounded diagnostics, linear reading cost, typing help, exit codes."""
from __future__ import annotations

import cProfile
import dataclasses
import json
import pstats
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_vint_text import HEADER, TRICKS, worked_text
from vint_replay.cli import main
from vint_replay.engine.diagnostics import MAX_PER_DEAL, MAX_PER_FILE, UNLISTED, Severity, unlisted_count
from vint_replay.engine.printable import printable
from vint_replay.engine.record import Comment
from vint_replay.formats import sniff_format
from vint_replay.formats.json_record import SESSION_KEYS, read_json, write_json
from vint_replay.formats.vint_text import GAME_KEYS, read_vint, write_vint
from settled import settled

HOSTILE_NAME = "Evil\x1b]0;pwned\x07\x1b[2J\x00\u202e"


def run(runner, *args: str, stdin: bytes | None = None):
    result = runner.invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2)
    return result


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def with_player(raw: dict, name: str) -> str:
    """The worked example as JSON text with North renamed (escapes left as json.dumps writes them)."""
    raw["session"]["players"]["N"] = name
    return json.dumps(raw)


# 1. lone surrogates ---------------------------------------------------------------------------

def test_a_lone_surrogate_escape_in_json_is_refused_where_it_stands(worked_example_raw) -> None:
    text = with_player(worked_example_raw, "PLACEHOLDER").replace("PLACEHOLDER", "\\ud800")
    result = read_json(text.encode())
    assert result.record is None
    [problem] = result.diagnostics
    assert problem.code == "syntax" and "not valid Unicode text (lone surrogate \\ud800)" in problem.message
    column = text.index("\\ud800") + 1
    assert (problem.line, problem.column) == (1, column)


@pytest.mark.parametrize("escape, name", [("\\ud83d\\ude00", "😀"), ("\\\\ud800", "\\ud800"), ("\\u00e9", "é")])
def test_surrogate_pairs_and_escaped_backslashes_are_not_lone(worked_example_raw, escape: str, name: str) -> None:
    text = with_player(worked_example_raw, "PLACEHOLDER").replace("PLACEHOLDER", escape)
    result = read_json(text.encode())
    assert result.record is not None and result.record.info.players[0] == name


def test_a_lone_surrogate_in_text_given_as_str_is_refused() -> None:
    result = read_vint(worked_text().replace("Иванов", "Ив\udc80"))
    assert result.record is None and "lone surrogate \\udc80" in result.diagnostics[0].message


def test_a_lone_surrogate_in_a_vint_extra_blob_or_tag_value_is_refused() -> None:
    blob = worked_text(extra='[Extra "{\\"ink\\": \\"\\ud800\\"}"]\n')
    [problem] = [d for d in read_vint(blob).diagnostics if d.severity is Severity.ERROR]
    assert problem.code == "syntax" and "lone surrogate \\ud800" in problem.message and problem.line == 10
    tag = worked_text().replace("Иванов", "Ив\\udbff")
    [problem] = [d for d in read_vint(tag).diagnostics if d.severity is Severity.ERROR]
    assert "lone surrogate \\udbff" in problem.message and problem.line == 2
    pair = read_vint(worked_text().replace("Иванов", "\\ud83d\\ude00"))
    assert pair.record is not None and pair.record.info.players[0] == "😀"


@pytest.mark.parametrize("command", [["validate"], ["score"], ["audit"], ["replay", "--deal", "1"],
                                     ["convert", "-", "--to", "vint"]])
def test_every_command_agrees_on_a_lone_surrogate(runner, tmp_path, worked_example_raw, command) -> None:
    path = write(tmp_path, "s.json", with_player(worked_example_raw, "PLACEHOLDER").replace("PLACEHOLDER", "\\ud800"))
    result = run(runner, command[0], path, *command[1:])
    assert result.exit_code == 1
    assert "lone surrogate \\ud800" in result.stderr


# 2. NULs and control characters: every record that validates converts losslessly ------------

def test_a_nul_in_a_name_is_escaped_in_vint_and_read_back(worked_example) -> None:
    info = dataclasses.replace(worked_example.info, players=("A\x00B", "tab\there", "esc\x1b", "del\x7f\x85"))
    record = dataclasses.replace(worked_example, info=info)
    text = write_vint(record)
    assert '[North "A\\u0000B"]' in text and '[West "del\\u007f\\u0085"]' in text and "\x00" not in text
    back = settled(read_vint(text))
    assert back.record == record


def test_a_hand_typed_unicode_escape_is_read() -> None:
    result = read_vint(worked_text().replace("Иванов", "Caf\\u00e9 \\uZZZZ"))
    assert result.record is not None and result.record.info.players[0] == "Café \\uZZZZ"


def test_a_json_comment_must_be_one_line(worked_example_raw) -> None:
    worked_example_raw["deals"][0]["comments"] = [{"before": "Play", "text": "two\nlines"}]
    result = read_json(json.dumps(worked_example_raw))
    [problem] = result.diagnostics
    assert problem.code == "schema" and problem.at == "comments[0]" and "one line" in problem.message


TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
COMMENT = TEXT.filter(lambda t: "\n" not in t and "\x00" not in t and not t.endswith("\r"))


@st.composite
def hostile_records(draw, worked):
    """The worked example with arbitrary text in every text field a user can type."""
    players = tuple(draw(TEXT) for _ in range(4))
    sid = draw(TEXT.filter(str.strip))
    tags = {key: draw(st.none() | TEXT) for key in ("event", "site", "date", "table")}
    extra = draw(st.dictionaries(TEXT.filter(lambda k: k not in SESSION_KEYS), TEXT, max_size=3))  # unknown names only
    info = dataclasses.replace(worked.info, id=sid, players=players, extra=extra, **tags)
    anchors = ("Deal", "Dealer", "Hands", "Auction", "auction[2]", "Play", "play[8]", "Score", "end")
    drawn = [Comment(draw(st.sampled_from(anchors)), draw(COMMENT)) for _ in range(draw(st.integers(0, 3)))]
    comments = tuple(sorted(drawn, key=lambda c: anchors.index(c.before)))  # in file order, as a reader gives them
    deal_extra = draw(st.dictionaries(TEXT.filter(lambda k: k not in GAME_KEYS), TEXT, max_size=2))  # no game's field
    deal = dataclasses.replace(worked.deals[0], comments=comments, extra=deal_extra)
    return dataclasses.replace(worked, info=info, deals=(deal,))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_text_that_validates_converts_both_ways_losslessly(worked_example, data) -> None:
    record = data.draw(hostile_records(worked_example))
    as_json = read_json(write_json(record).encode("utf-8"))
    assert as_json.record is not None and not [d for d in as_json.diagnostics if d.severity is Severity.ERROR]
    text = write_vint(as_json.record)
    as_text = settled(read_vint(text.encode("utf-8")))
    assert as_text.record is not None, as_text.diagnostics
    assert as_text.record == as_json.record == record  # unknown fields may change order (tags first), not content
    assert write_vint(as_text.record) == text


# 3. terminal escapes --------------------------------------------------------------------------

def test_printable_shows_control_characters_as_visible_escapes() -> None:
    assert printable("a\x1b[2Jb\x07\u202e\tc") == "a\\x1b[2Jb\\x07\\u202e\\x09c"
    assert printable("Иванов ♥10 — ok") == "Иванов ♥10 — ok"


@pytest.mark.parametrize("command", [["score"], ["replay", "--deal", "1"], ["validate"], ["audit"]])
def test_record_text_never_reaches_the_terminal_raw(runner, tmp_path, worked_example_raw, command) -> None:
    worked_example_raw["session"]["event"] = HOSTILE_NAME
    path = write(tmp_path, "evil\x1b[2J.json", with_player(worked_example_raw, HOSTILE_NAME))
    result = run(runner, command[0], path, *command[1:])
    shown = result.stdout + result.stderr
    assert "\x1b" not in shown and "\x07" not in shown and "\x00" not in shown and "\u202e" not in shown
    if command[0] in ("score", "replay"):
        assert "Evil\\x1b]0;pwned\\x07" in shown


def test_sessions_lists_hostile_names_escaped(runner, tmp_path, worked_example_raw) -> None:
    worked_example_raw["session"]["event"] = HOSTILE_NAME
    path = write(tmp_path, "s.json", with_player(worked_example_raw, HOSTILE_NAME))
    store = str(tmp_path / "store")
    assert run(runner, "import", path, "--store", store).exit_code == 0
    result = run(runner, "sessions", "--store", store)
    assert result.exit_code == 0 and "\x1b" not in result.stdout and "Evil\\x1b]0;pwned" in result.stdout
    assert "1 session, 1 deal" in result.stderr
    exact = json.loads(run(runner, "sessions", "--store", store, "--json").stdout)
    assert exact[0]["player_n"] == HOSTILE_NAME  # JSON output stays exact


# 4. linear cost -------------------------------------------------------------------------------

def calls(job) -> int:
    """Function calls (Python and built-in) a job makes: an operation count, not a time."""
    profile = cProfile.Profile()
    profile.runcall(job)
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


@pytest.mark.parametrize("separator", ["\n", " "])
def test_reading_unknown_tags_costs_linear_operations(separator: str) -> None:
    def tags(n: int) -> str:
        return HEADER + separator.join(f'[X{i} "v"]' for i in range(n)) + "\n"
    small, large = tags(1000), tags(4000)
    ratio = calls(lambda: read_vint(large)) / calls(lambda: read_vint(small))
    assert ratio < 4.5  # four times the tags: four times the work, not sixteen


# 5. bounded diagnostics -----------------------------------------------------------------------

def test_the_json_reader_lists_a_bounded_number_of_problems(worked_example_raw) -> None:
    worked_example_raw["deals"] = [dict(worked_example_raw["deals"][0], number=n + 1, play=["ZZ"] * 100)
                                   for n in range(20)]
    result = read_json(json.dumps(worked_example_raw))
    per_deal = [sum(1 for d in result.diagnostics if d.deal == n + 1) for n in range(20)]
    assert per_deal == [MAX_PER_DEAL] * 10 + [0] * 10 and len(result.diagnostics) == MAX_PER_FILE + 1
    note = result.diagnostics[-1]
    assert note.code == UNLISTED and note.severity is Severity.ERROR
    assert unlisted_count(note) == 20 * 100 - MAX_PER_FILE
    assert note.message.startswith("… and 1,500 more problems not listed")


def test_the_vint_reader_lists_a_bounded_number_of_problems_and_locates_the_first_left_out() -> None:
    text = worked_text(tricks=["ZZ " * 60] + TRICKS[1:])
    result = read_vint(text)
    listed = [d for d in result.diagnostics if d.deal == 1]
    assert len(listed) == MAX_PER_DEAL  # the trick of 60 cards, then the first 49 unknown cards
    assert [d.at for d in listed if d.code == "bad_card"][:3] == ["play[0]", "play[1]", "play[2]"]
    note = result.diagnostics[-1]
    assert note.code == UNLISTED and unlisted_count(note) == 61 - MAX_PER_DEAL
    assert note.line is not None and note.column is not None


@pytest.mark.parametrize("as_json", [False, True])
def test_validate_shows_the_closing_note(runner, tmp_path, worked_example_raw, as_json: bool) -> None:
    worked_example_raw["deals"][0]["play"] = ["ZZ"] * 60
    path = write(tmp_path, "s.json", json.dumps(worked_example_raw))
    result = run(runner, "validate", path, *(["--json"] if as_json else []))
    assert result.exit_code == 1
    if as_json:
        errors = json.loads(result.stdout)["errors"]
        assert len(errors) == MAX_PER_DEAL + 1 and errors[-1]["code"] == UNLISTED
    else:
        assert "… and 10 more problems not listed" in result.stderr


# 6. typing help -------------------------------------------------------------------------------

def test_an_unknown_tag_close_to_a_known_one_gets_a_suggestion() -> None:
    result = read_vint(worked_text().replace('[Dealer "N"]', '[Dealr "N"]'))
    [hint] = [d for d in result.diagnostics if "Dealr" in d.message]
    assert hint.message.endswith("did you mean [Dealer]?")
    far = read_vint(worked_text(extra='[Ink "blue"]\n'))
    assert not any("did you mean" in d.message for d in far.diagnostics)


def test_a_trick_typed_in_seat_order_is_explained(runner, tmp_path) -> None:
    tricks = list(TRICKS)
    tricks[1] = "S2 S8 SA S7"  # trick 2 (led by E: S8 SA S7 S2) written N E S W
    path = write(tmp_path, "s.vint", worked_text(tricks=tricks))
    result = run(runner, "validate", path)
    assert result.exit_code == 1
    assert "trick 2 is led by E: read from E's card (S8 SA S7 S2) it is legal — was it written in seat order?" \
        in result.stderr


def test_a_real_revoke_gets_no_seat_order_hint(runner, tmp_path) -> None:
    tricks = list(TRICKS)
    tricks[0], tricks[3] = "HK C5 H5 HQ", "S9 HJ SQ S6"  # S discards C5 while holding hearts
    path = write(tmp_path, "s.vint", worked_text(tricks=tricks))
    result = run(runner, "validate", path)
    assert "revoke" in result.stderr and "seat order" not in result.stderr


def test_messages_use_the_singular_for_one(runner, tmp_path) -> None:
    result = read_vint(worked_text(tricks=["HK"] + TRICKS[1:]))
    assert any("trick 1 has 1 card;" in d.message for d in result.diagnostics)
    path = write(tmp_path, "s.json", json.dumps(json.loads(Path(__file__).with_name("data").joinpath(
        "worked_example.json").read_text(encoding="utf-8"))))
    assert "valid (1 deal)" in run(runner, "validate", path).stdout
    assert "1 deal checked" in run(runner, "audit", path).stdout


def test_a_repeated_json_key_and_deep_nesting_say_where(worked_example_raw) -> None:
    text = json.dumps(worked_example_raw).replace('"dealer": "N"', '"dealer": "N", "dealer": "E"')
    [problem] = read_json(text).diagnostics
    assert problem.at == "deals[0]" and "'dealer' appears twice in one object (deals[0])" in problem.message
    deep = '{"format": "vint-record/1", "x":\n' + "[" * 5000 + "]" * 5000 + "}"
    [problem] = read_json(deep).diagnostics
    assert problem.code == "syntax" and "nested too deeply (5001 levels" in problem.message
    assert (problem.line, problem.column) == (2, 100)  # the outer object is level 1


# 7. exit codes and standard input -------------------------------------------------------------

def test_replay_after_a_trick_of_a_broken_deal_reports_its_problems(runner, tmp_path) -> None:
    tricks = list(TRICKS)
    tricks[0], tricks[3] = "HK C5 H5 HQ", "S9 HJ SQ S6"
    path = write(tmp_path, "s.vint", worked_text(tricks=tricks))
    for trick in ("0", "3"):
        result = run(runner, "replay", path, "--deal", "1", "--trick", trick)
        assert result.exit_code == 1
        assert "revoke" in result.stderr and "no card play" not in result.stderr and "to show" not in result.stderr


@pytest.mark.parametrize("prefix", [b"", b"\xef\xbb\xbf", b" \n\t"])
def test_validate_reads_either_format_from_standard_input(runner, worked_example_path, prefix: bytes) -> None:
    data = worked_example_path.read_bytes()
    assert sniff_format(prefix + data) == "json"
    assert run(runner, "validate", "-", stdin=prefix + data).exit_code == 0
    text = prefix + worked_text().encode("utf-8")
    assert sniff_format(text) == "vint"
    result = run(runner, "validate", "-", stdin=text)
    assert result.exit_code == 0 and "valid (1 deal)" in result.stdout
    assert run(runner, "validate", "-", "--from", "json", stdin=text).exit_code == 1


@pytest.mark.parametrize("skip", [[], ["--skip-broken-deals"]])
def test_import_gives_the_seat_order_hint_validate_gives(runner, tmp_path, skip) -> None:
    """Issue 24: import's rejection (and a deal it leaves out) says what validate says of a trick
    written in seat order (reports/seat_order.py), hint and all."""
    tricks = list(TRICKS)
    tricks[1] = "S2 S8 SA S7"
    path = write(tmp_path, "s.vint", worked_text(tricks=tricks))
    hint = "trick 2 is led by E: read from E's card (S8 SA S7 S2) it is legal — was it written in seat order?"
    assert hint in run(runner, "validate", path).stderr
    result = run(runner, "import", "--store", str(tmp_path / "store"), *skip, path)
    assert result.exit_code == 1 and hint in result.stderr, result.stderr
