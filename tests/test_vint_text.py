"""The ``.vint`` text format: round trips, hand-written input, located errors, PBN play layout."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import sessions
from oracle import trick_winner
from vint_replay.engine.cards import Card
from vint_replay.cli import main
from vint_replay.engine.diagnostics import Severity
from vint_replay.formats import read_file
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.vint_text import read_vint as read_written, write_vint
from settled import settled
from vint_replay.engine.record import Comment, LineTotals, SessionRecord
from vint_replay.engine.session import evaluate

WORKED = Path(__file__).parent / "data" / "worked_example.json"
HANDS = "N:652.QT9832.K.AT9 KJ98.K4.A9853.86 A4.AJ76.QT62.KQ5 QT73.5.J74.J7432"
TRICKS = """HK HJ H5 HQ
S8 SA S7 S2
S4 ST S5 SJ
S9 C5 SQ S6
D6 D4 DK D5
CT C6 CQ C7
DT DJ HT DA
D3 DQ D7 H8
H6 C2 H3 H4
C3 C9 C8 CK
H7 S3 H9 D8
CA D9 HA CJ
H2 SK D2 C4""".splitlines()
HEADER = """[Id "t1"]
[North "Иванов"]
[East "Петров"]
[South "Сидоров"]
[West "Орлов"]
"""


def worked_text(auction: str = "1C 1D pass pass\n3C AP", tricks: list[str] = TRICKS, play_tag: str = "[Play]",
                extra: str = "") -> str:
    return (HEADER + f'\n[Deal "1"]\n[Dealer "N"]\n[Hands "{HANDS}"]\n{extra}[Auction]\n{auction}\n'
            + play_tag + "\n" + "\n".join(tricks) + "\n")


def read_vint(data: bytes | str, strict: bool = False):
    """The reader, then the engine's settling of what it wrote in short (AP, seat columns): the
    record as every command sees it."""
    return settled(read_written(data, strict))


def errors(result) -> list:
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


def locate(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """Line and column (from 1) of the ``nth`` occurrence of ``needle``, found by plain search."""
    pos = -1
    for _ in range(nth + 1):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


# -- round trips ---------------------------------------------------------------------------

def test_worked_example_round_trip() -> None:
    record = read_file(WORKED).record
    text = write_vint(record)
    back = read_vint(text)
    assert back.diagnostics == []
    assert back.record == record
    assert write_json(back.record) == write_json(record)
    assert write_vint(read_json(write_json(back.record)).record) == text


def test_worked_example_canonical_layout() -> None:
    text = write_vint(read_file(WORKED).record)
    assert f'[Hands "{HANDS}"]' in text
    # 1C by N, 1D by E, then 3C by N after two passes; the 12 closing passes become AP.
    assert "[Auction]\n1C 1D pass pass\n3C AP\n[Play]\n" in text
    assert "\n".join(TRICKS) in text
    assert '[Score "NS 208/1560 EW 130/1500"]' in text


@st.composite
def decorated(draw: st.DrawFn) -> SessionRecord:
    """A random legal session, with some deals cut to their result, recorded scores, unknown
    fields and comments at places the text format can hold them."""
    record = draw(sessions(max_deals=4))
    text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
    deals = []
    for deal in record.deals:
        changes: dict[str, object] = {}
        if deal.play is not None and draw(st.booleans()):
            changes.update(play=None, result=draw(st.integers(0, 13)))
        if draw(st.booleans()):
            changes["recorded"] = (LineTotals(draw(st.integers(0, 999)), draw(st.integers(0, 9999))),
                                   LineTotals(draw(st.integers(0, 999)), draw(st.integers(0, 9999))))
        if draw(st.booleans()):
            changes["extra"] = {"Kibitzer": draw(text), "board_note": draw(st.none() | st.integers() | text)}
        anchors = ["Deal", "Dealer", "Hands", "Auction", "end"]
        anchors += [f"auction[{i}]" for i in range(len(deal.auction))]
        if changes.get("play", deal.play):
            anchors += ["Play"] + [f"play[{4 * k}]" for k in range(13)]
        if draw(st.booleans()):  # unknown fields inside fields, where the field is there to hold them
            value = st.none() | st.integers() | text | st.dictionaries(text, st.integers(), max_size=2)
            parents = {"hands": deal.hands, "result": changes.get("result", deal.result),
                       "recorded": changes.get("recorded"), "recorded.EW": changes.get("recorded")}
            changes["nested_extra"] = {path: {"note": draw(value)} for path, there in parents.items()
                                       if there is not None and draw(st.booleans())}
        chosen = draw(st.lists(st.sampled_from(anchors), max_size=3))
        changes["comments"] = tuple(Comment(a, draw(text)) for a in sorted(chosen, key=_anchor_key))
        deals.append(dataclasses.replace(deal, **changes))
    comments = tuple(Comment(a, draw(text)) for a in draw(st.lists(st.sampled_from(["Id", "North"]), max_size=2)))
    awkward = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
    info = dataclasses.replace(record.info, event=draw(awkward), site=draw(st.none() | awkward),
                               nested_extra=draw(st.sampled_from([{}, {"players": {"kibitzer": "Орлов"}}])))
    return dataclasses.replace(record, info=info, deals=tuple(deals),
                               comments=tuple(sorted(comments, key=lambda c: c.before != "Id")),
                               extra=draw(st.sampled_from([{}, {"generator": "test", "n": [1, 2]}])))


def _anchor_key(anchor: str) -> tuple[int, int]:
    """Orders anchors as the writer meets them, so the comments come back in the same order."""
    section = ["Deal", "Dealer", "Hands", "Auction", "auction", "Play", "play", "end"]
    name, _, index = anchor.partition("[")
    return section.index(name), int(index.rstrip("]") or 0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decorated())
def test_round_trip_generated(record: SessionRecord) -> None:
    text = write_vint(record)
    back = read_vint(text)
    assert errors(back) == []
    assert back.record == record  # JSON → text → JSON keeps everything
    via_json = read_json(write_json(record))
    assert via_json.record == record
    assert write_vint(via_json.record) == text  # text → JSON → text is the canonical text
    assert write_vint(back.record) == text


def test_generated_valid_records_stay_valid() -> None:
    record = read_file(WORKED).record
    result = read_vint(write_vint(record))
    assert evaluate(result.record, result.diagnostics).valid


# -- hand-written input --------------------------------------------------------------------

def test_hand_written_variants_read_like_canonical() -> None:
    canonical = read_vint(worked_text())
    assert errors(canonical) == []
    sloppy_tricks = [t.replace("H", "♥").replace("S", "♠") for t in TRICKS]
    sloppy_tricks[1] = "s8 sa s7 s2"
    sloppy_tricks[5] = "♣10 ♣6 ♣Q ♣7"
    auction = "1♣ 1♦ p Pass\n3c\npass pass pass  pass pass pass pass pass pass pass pass pass"
    sloppy = "\ufeff" + worked_text(auction=auction, tricks=sloppy_tricks).replace("\n", "\r\n")
    result = read_vint(sloppy.encode("utf-8"))
    assert errors(result) == []
    assert result.record == canonical.record
    assert write_vint(result.record) == write_vint(canonical.record)


def test_ap_for_a_passed_out_deal() -> None:
    text = HEADER + '\n[Deal "1"]\n[Dealer "E"]\n[Hands "' + HANDS + '"]\n[Auction]\nAP\n'
    result = read_vint(text)
    assert errors(result) == []
    assert [str(c) for c in result.record.deals[0].auction] == ["pass"] * 8  # rules/volchaninov.md §2: 8 passes
    assert write_vint(result.record).endswith("[Auction]\nAP\n")


def test_comments_stay_where_they_stand() -> None:
    text = ("% club log\n" + HEADER.replace('[North', '% seats from the scorer\n[North')
            + '\n% first deal\n[Deal "1"]\n[Dealer "N"]\n[Hands "' + HANDS + '"]\n[Auction]\n1C 1D\n'
            + "% E overcalls\npass pass\n3C AP\n[Play]\n" + "\n".join(TRICKS[:5]) + "\n%  trumps now\n"
            + "\n".join(TRICKS[5:]) + '\n% scorer wrote\n[Score "NS 208/1560 EW 130/1500"]\n% the end\n')
    record = read_vint(text).record
    assert record.comments == (Comment("Id", " club log"), Comment("North", " seats from the scorer"))
    assert record.deals[0].comments == (
        Comment("Deal", " first deal"), Comment("auction[2]", " E overcalls"), Comment("play[20]", "  trumps now"),
        Comment("Score", " scorer wrote"), Comment("end", " the end"))
    canonical = write_vint(record)
    assert "1C 1D\n% E overcalls\npass pass\n3C AP\n" in canonical
    assert "\n".join(TRICKS[:5]) + "\n%  trumps now\n" + TRICKS[5] in canonical
    assert canonical.endswith('% scorer wrote\n[Score "NS 208/1560 EW 130/1500"]\n% the end\n')
    assert write_vint(read_json(write_json(record)).record) == canonical
    assert '"comments": [{"before": "Deal", "text": " first deal"}' in write_json(record)


# -- errors, located -----------------------------------------------------------------------

@pytest.mark.parametrize(("broken", "needle", "code", "at"), [
    (lambda t: t.replace('[Dealer "N"]', '[Dealer "N"'), "[Dealer", "syntax", None),
    (lambda t: t.replace(TRICKS[3], TRICKS[3][:-3]), TRICKS[3][:2], "schema", "play[12]"),
    (lambda t: t.replace(TRICKS[3], TRICKS[3] + " C9"), " C9", "schema", "play[12]"),
    (lambda t: t.replace("CT C6", "CX C6"), "CX", "bad_card", "play[20]"),
    (lambda t: t.replace("3C AP", "3C XX AP"), "XX", "bad_call", "auction[5]"),
    (lambda t: t.replace("3C AP", "AP 3C"), "AP", "syntax", "auction[4]"),
    (lambda t: t + "thank you all\n", "thank", "bad_card", "play[52]"),
    (lambda t: t.replace('[Hands "N:652', '[Hands "N:6X2'), "6X2", "bad_card", "hands.N"),
])
def test_errors_point_at_line_and_column(broken, needle, code, at) -> None:
    text = broken(worked_text())
    result = read_vint(text)
    checked = result.locate(evaluate(result.record, result.diagnostics).diagnostics) if result.record else []
    found = errors(result) or [d for d in checked if d.severity is Severity.ERROR]
    assert found, text
    first = found[0]
    where = locate(text, needle.strip(" \"]"))
    assert first.code == code
    if at is not None:
        assert first.at == at
    assert first.line == where[0]
    if code != "syntax":
        assert first.column == where[1]
    assert all(d.line is not None and d.column is not None for d in result.diagnostics + checked)


def test_unterminated_quote_points_at_the_quote() -> None:
    text = worked_text().replace('[Dealer "N"]', '[Dealer "N')
    [problem] = errors(read_vint(text))
    assert (problem.code, problem.deal) == ("syntax", 1)
    assert (problem.line, problem.column) == locate(text, '"N\n')


def test_text_after_the_last_tag() -> None:
    text = worked_text() + '[Result "8"]\nwell played\n'
    problems = errors(read_vint(text))
    assert [(d.code, d.line, d.column) for d in problems] == [("syntax", *locate(text, "well"))]


def test_unknown_tags_lenient_and_strict() -> None:
    text = worked_text(extra='[Kibitzer "None"]\n')
    lenient = read_vint(text)
    assert errors(lenient) == []
    [warning] = lenient.diagnostics
    assert (warning.code, warning.severity, warning.line) == ("schema", Severity.WARNING, locate(text, "[Kibi")[0])
    assert lenient.record.deals[0].extra == {"Kibitzer": "None"}
    assert '[Kibitzer "None"]' in write_vint(lenient.record)
    strict = read_vint(text, strict=True)
    assert [(d.code, d.line) for d in errors(strict)] == [("schema", locate(text, "[Kibi")[0])]


def test_encodings() -> None:
    text = worked_text()
    assert errors(read_vint(b"\xef\xbb\xbf" + text.encode())) == []
    raw = text.replace("Петров", "PETROV").encode().replace(b"PETROV", "Петров".encode("cp1251"))
    [problem] = read_vint(raw).diagnostics
    assert problem.code == "syntax" and "UTF-8" in problem.message
    assert (problem.line, problem.column) == locate(text, "Петров")


def test_a_bad_deal_does_not_lose_the_others() -> None:
    deal2 = '[Deal "2"]\n[Dealer "E"]\n[Hands "' + HANDS + '"]\n[Auction]\nAP\n'
    deal3 = deal2.replace('"2"', '"3"').replace('"E"', '"S"')
    text = worked_text(tricks=TRICKS[:3] + ["S9 C5 SQ"] + TRICKS[4:]) + "\n" + deal2.replace("AP", "1X AP") + deal3
    result = read_vint(text)
    assert [d.number for d in result.record.deals] == [1, 2, 3]
    assert sorted({d.deal for d in errors(result)}) == [1, 2]
    assert result.record.deals[2].auction and evaluate(result.record).replays[2].passed_out


def test_engine_findings_get_the_line_of_the_card() -> None:
    # W holds spades (QT73) in trick 2, led with a spade: discarding C2 is a revoke.
    tricks = TRICKS[:1] + ["S8 SA C2 S2"] + TRICKS[2:]
    text = worked_text(tricks=tricks)
    result = read_vint(text)
    report = evaluate(result.record, result.diagnostics)
    [revoke] = result.locate([d for d in report.diagnostics if d.code == "revoke"])
    assert (revoke.at, revoke.line, revoke.column) == ("play[6]", *locate(text, "C2"))


def test_validate_command_reads_vint(tmp_path: Path) -> None:
    path = tmp_path / "bad.vint"
    path.write_text(worked_text(tricks=TRICKS[:1] + ["S8 SA C2 S2"] + TRICKS[2:]), encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--json", str(path)])
    assert out.exit_code == 1
    [error] = json.loads(out.stdout)["errors"]
    assert (error["code"], error["line"], error["column"]) == ("revoke", *locate(path.read_text(), "C2"))


# -- PBN's seat-column play layout ---------------------------------------------------------


def pbn_columns(tricks: list[str], first: str, trump: str) -> list[str]:
    """The tricks laid out as PBN does: seat columns from ``first`` (the opening leader)."""
    seats = "NESW"
    leader = first
    out = []
    for line in tricks:
        cards = line.split()
        by_seat = {seats[(seats.index(leader) + i) % 4]: c for i, c in enumerate(cards)}
        out.append(" ".join(by_seat.get(seats[(seats.index(first) + j) % 4], "-") for j in range(4)))
        if len(cards) == 4:
            leader = seats[(seats.index(leader) + trick_winner(cards, trump)) % 4]
    return out


def test_pbn_layout_reads_like_play_order() -> None:
    columns = pbn_columns(TRICKS, "E", "C")
    assert columns[1] == "S8 SA S7 S2"  # E led trick 2 (won trick 1 with HK)
    assert columns[2] != TRICKS[2]  # S won trick 2, so E's column no longer holds the lead
    layout = '[PlayLayout "pbn"]\n'
    pbn = read_vint(worked_text(tricks=columns, play_tag=layout + '[Play "E"]'))
    assert errors(pbn) == []
    assert pbn.record == read_vint(worked_text()).record
    partial = read_vint(worked_text(tricks=pbn_columns(TRICKS[:4] + ["D6 D4"], "E", "C") + ["*"],
                                    play_tag=layout + '[Play "E"]'))
    assert errors(partial) == []
    assert partial.record.deals[0].play == tuple(Card[c] for c in " ".join(TRICKS[:4] + ["D6 D4"]).split())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(max_deals=3))
def test_pbn_layout_of_random_deals(record: SessionRecord) -> None:
    text = write_vint(record)
    pbn = text.replace("[North", '[PlayLayout "pbn"]\n[North', 1)
    for deal in record.deals:
        if not deal.play:
            continue
        last, bid = [(i, str(c)) for i, c in enumerate(deal.auction) if not c.is_pass][-1]
        declarer = "NESW"[("NESW".index(deal.dealer.name) + last) % 4]
        leader = "NESW"[("NESW".index(declarer) + 1) % 4]
        lines = [" ".join(c.name for c in deal.play[k:k + 4]) for k in range(0, 52, 4)]
        trump = None if bid.endswith("NT") else bid[-1]
        pbn = pbn.replace("[Play]\n" + "\n".join(lines) + "\n",
                          f'[Play "{leader}"]\n' + "\n".join(pbn_columns(lines, leader, trump)) + "\n", 1)
    result = read_vint(pbn)
    assert errors(result) == []
    assert result.record == record


def test_pbn_layout_must_be_declared() -> None:
    text = worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag='[Play "E"]')
    [problem] = errors(read_vint(text))
    assert problem.code == "schema" and "PlayLayout" in problem.message
    assert problem.line == locate(text, '[Play "E"]')[0]
    session_wide = text.replace("[West", '[PlayLayout "pbn"]\n[West')
    assert errors(read_vint(session_wide)) == []


def test_pbn_layout_with_the_wrong_leader() -> None:
    text = worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag='[PlayLayout "pbn"]\n[Play "S"]')
    [problem] = errors(read_vint(text))
    assert problem.code == "schema" and "led by E" in problem.message


# -- convert and the samples ---------------------------------------------------------------

def test_convert_both_ways(tmp_path: Path) -> None:
    runner = CliRunner()
    vint = tmp_path / "w.vint"
    back = tmp_path / "back.json"
    assert runner.invoke(main, ["convert", str(WORKED), str(vint)]).exit_code == 0
    assert read_vint(vint.read_bytes()).record == read_file(WORKED).record
    assert runner.invoke(main, ["convert", str(vint), str(back)]).exit_code == 0
    assert back.read_text(encoding="utf-8") == write_json(read_file(WORKED).record)
    for name in ("score", "audit", "validate"):
        assert runner.invoke(main, [name, str(vint)]).exit_code == 0, name


def test_convert_through_pipes() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["convert", "-", "-", "--to", "vint"], input=WORKED.read_bytes())
    assert text.exit_code == 0 and text.stdout == write_vint(read_file(WORKED).record)
    again = runner.invoke(main, ["convert", "-", "-", "--from", "vint"], input=text.stdout.encode())
    assert again.exit_code == 0 and again.stdout == write_json(read_file(WORKED).record)


def test_convert_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.vint"
    bad.write_text(worked_text().replace("CT C6", "CX C6"), encoding="utf-8")
    out = runner.invoke(main, ["convert", str(bad), str(tmp_path / "bad.json")])
    assert out.exit_code == 1 and "bad_card" in out.stderr
    assert not (tmp_path / "bad.json").exists()
    assert runner.invoke(main, ["convert", str(WORKED), str(tmp_path / "x.txt")]).exit_code == 2


SAMPLES = sorted((Path(__file__).parent.parent / "sample_data").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_samples_round_trip(path: Path) -> None:
    record = read_json(path.read_bytes()).record
    text = write_vint(record)
    assert read_vint(text).record == record
    twin = path.with_suffix(".vint")
    if twin.exists():
        assert read_vint(twin.read_bytes()).record == record


EDITS = st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 3),
                           st.sampled_from(['"', "[", "]", "\n", " ", "%", "AP", "X", "10", "♥", "\\", ":", ".",
                                            "S", "²", "\ufeff", "[Play]", '[Deal "2"]', "-", "*"])), max_size=6)


@settings(max_examples=150, deadline=None)
@given(EDITS)
def test_mangled_text_never_crashes(edits) -> None:
    text = worked_text() + '\n[Deal "2"]\n[Dealer "E"]\n[Auction]\nAP\n[Result "7"]\n'
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    result = read_vint(text)
    assert all(d.line is not None and d.column is not None for d in result.diagnostics)
    if result.record is not None:
        report = evaluate(result.record, result.diagnostics)
        located = result.locate(report.diagnostics)
        assert all(d.line is not None for d in located if d.deal is not None)
        write_vint(result.record)


def test_an_unfinished_auction_points_past_its_last_call() -> None:
    text = worked_text(auction="1C 1D pass pass\n3C pass pass")
    result = read_vint(text)
    report = evaluate(result.record, result.diagnostics)
    [problem] = result.locate(d for d in report.diagnostics if d.code == "auction_incomplete")
    line, column = locate(text, "3C pass pass")
    assert (problem.line, problem.column) == (line, column + len("3C pass pass"))


def test_a_byte_order_mark_inside_the_file() -> None:
    text = worked_text() + '\n\ufeff[Deal "2"]\n[Dealer "E"]\n[Auction]\nAP\n'
    result = read_vint(text.encode("utf-8"))
    [problem] = errors(result)
    assert (problem.code, problem.line, problem.column) == ("syntax", *locate(text, "\ufeff"))
    assert [d.number for d in result.record.deals] == [1, 2]


@pytest.mark.parametrize("tag", ["[Dealer]", '[Dealer "N', "[Deal]"])
def test_one_broken_tag_one_diagnostic(tag: str) -> None:
    text = worked_text().replace('[Dealer "N"]', tag) if "Dealer" in tag else worked_text().replace('[Deal "1"]', tag)
    problems = read_vint(text).diagnostics
    assert [(d.code, d.line) for d in problems] == [("syntax", locate(text, tag)[0])]


# -- acceptance review: numbers, several tags a line, seat case, nested unknown fields, escapes

HUGE = "1" + "0" * 5000  # more digits than int() reads (sys.get_int_max_str_digits is 4300)


@pytest.mark.parametrize(("edit", "needle", "code", "at"), [
    (lambda t: t.replace('[Deal "1"]', f'[Deal "{HUGE}"]'), HUGE, "schema", "number"),
    (lambda t: t + f'[Score "NS {HUGE}/0 EW 0/0"]\n', "NS 1", "schema", "recorded"),
    (lambda t: t.replace("[Auction]", f'[Extra "{{\\"big\\": {HUGE}}}"]\n[Auction]'), "{", "syntax", None),
])
def test_a_number_too_long_for_python_is_a_diagnostic(edit, needle, code, at) -> None:
    text = edit(worked_text())
    problems = errors(read_vint(text))
    assert [(d.code, d.at, d.line, d.column) for d in problems] == [(code, at, *locate(text, needle))]
    assert len(problems[0].message) < 200  # the digits are not all repeated back


@pytest.mark.parametrize("number", ["-5", "0", "32768", "40000"])
def test_a_deal_number_outside_1_to_32767_is_a_schema_error(number: str) -> None:
    text = worked_text().replace('[Deal "1"]', f'[Deal "{number}"]')
    [problem] = [d for d in errors(read_vint(text)) if d.at == "number"]
    assert problem.code == "schema"
    assert problem.message.startswith(f"deal number {number} is out of range 1–32767")
    assert (problem.line, problem.column) == locate(text, f'{number}"]')


def test_deal_number_32767_is_read_and_written() -> None:
    text = worked_text().replace('[Deal "1"]', '[Deal "32767"]')
    result = read_vint(text)
    assert errors(result) == [] and result.record.deals[0].number == 32767
    assert read_json(write_json(result.record)).record == result.record


def test_several_tags_on_one_line() -> None:
    """format.md §3 writes [Deal "1"] [Dealer "N"] [Hands "…"] on one line, README the header tags."""
    header = ('[Event "Arbat"]  [Date "2026-11-29"]  [Id "t1"]\n'
              '[North "Иванов"] [East "Петров"]\t[South "Сидоров"] [West "Орлов"]\n')
    deal = f'[Deal "1"] [Dealer "N"] [Hands "{HANDS}"]\n[Auction] 1C 1D pass pass\n3C AP\n[Play]\n'
    text = header + "\n" + deal + "\n".join(TRICKS) + '\n[Score "NS 208/1560 EW 130/1500"]\n'
    result = read_vint(text)
    assert result.diagnostics == []
    expected = read_vint(write_vint(read_file(WORKED).record)).record
    assert result.record.deals == expected.deals
    assert (result.record.info.id, result.record.info.event, result.record.info.players) == \
        ("t1", "Arbat", expected.info.players)
    assert result.locations[(1, "dealer")] == locate(text, 'N"] [Hands')
    assert result.locations[(1, "hands")] == locate(text, "[Hands")
    written = write_vint(result.record)
    assert all(line.count("[") <= 1 for line in written.splitlines())  # the writer keeps one tag a line


def test_several_tags_on_a_line_report_each_at_its_column() -> None:
    text = worked_text().replace('[Dealer "N"]', '[Dealer "N"] [Dealer "E"]  [Result "x"] junk')
    problems = errors(read_vint(text))
    assert [(d.code, d.line, d.column) for d in problems] == [
        ("schema", *locate(text, '[Dealer "E"]')), ("schema", *locate(text, 'x"] junk')),
        ("syntax", *locate(text, "junk"))]


def test_seat_values_in_lower_case() -> None:
    """docs/format.md: [dealer "n"] works; format.md §1: readers accept lower case."""
    text = worked_text().replace('[Dealer "N"]', '[dealer "n"]').replace('[Hands "N:', '[hands "n:')
    text = text.replace("[Auction]", '[Auction "n"]')
    result = read_vint(text)
    assert result.diagnostics == []
    assert result.record == read_vint(worked_text()).record


def test_nested_unknown_fields_survive_json_text_json(worked_example_raw) -> None:
    raw = worked_example_raw
    raw["session"]["players"]["kibitzer"] = "Смирнов"
    raw["deals"][0]["hands"]["dealt_by"] = "N"
    raw["deals"][0]["recorded"]["NS"]["game"] = 0
    raw["deals"][0]["recorded"]["scorer"] = {"name": "Орлов"}
    record = read_json(json.dumps(raw)).record
    text = write_vint(record)
    assert '[Extra "{\\"players\\": {\\"kibitzer\\": \\"Смирнов\\"}}"]' in text
    lenient = read_vint(text)
    assert errors(lenient) == [] and lenient.record == record
    assert sorted(d.at for d in lenient.diagnostics) == [
        "hands.dealt_by", "recorded.NS.game", "recorded.scorer", "session.players.kibitzer"]
    assert json.loads(write_json(lenient.record)) == raw
    strict = read_vint(text, strict=True)
    assert len(errors(strict)) == 4


@pytest.mark.parametrize(("value", "written"), [
    ('say "hi"', r'say \"hi\"'), ("C:\\logs", r"C:\\logs"), ("two\nlines", r"two\nlines"),
    ("a\ttab", r"a\ttab"), ("cr\r", r"cr\r"),
])
def test_tag_value_escapes_are_symmetric(value: str, written: str) -> None:
    """docs/format.md §3.2 lists the escapes; the writer emits exactly those and the reader undoes them."""
    record = dataclasses.replace(read_vint(worked_text()).record)
    record = dataclasses.replace(record, info=dataclasses.replace(record.info, event=value))
    text = write_vint(record)
    assert f'[Event "{written}"]' in text
    assert read_vint(text).record.info.event == value
