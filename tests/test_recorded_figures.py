"""A board's recorded team and pairs figures survive every format (issue 24; docs/format.md §5.1,
§5.2, §5.3, §5.7; docs/store.md ``deals.recorded_imps``): PBN's ``[ScoreIMP]``, ``[ScoreMP]`` and
``[ScorePercentage]`` are the deal's ``recorded_figures``, so PBN → JSON → PBN → JSON gives them
back (the committed sample, and the real files that record them), ``.vint`` keeps them as
``[BoardFigures]``, a bad value is a located ``schema`` error, the store's import → export keeps
them, and ``score --compare`` reads them from the record, whatever format it came from."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import real_records
from test_duplicate_comparison import game
from vint_replay.cli import main
from vint_replay.engine.record import RecordedFigures, SessionRecord
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.engine.settle import settle
from vint_replay.formats import read_sessions, write_text
from vint_replay.formats.json_record import read_json
from vint_replay.formats.pbn import read_pbn
from vint_replay.formats.vint_text import read_vint
from vint_replay.reports.duplicate_comparison import compare
from vint_replay.store import Store

SAMPLE = Path(__file__).resolve().parent / "data" / "pbn" / "sample-imp.pbn"
# the real files whose boards record [ScoreIMP], [ScoreMP] or [ScorePercentage] (docs/real-records.md)
REAL = ("bbo-helper-pairs-2025.pbn", "ben-friends-2024-06-03.pbn", "free-super-sunday-daylong.pbn",
        "realbridge-2021-online-qual.pbn", "vugraph-commented.pbn")
FIGURES = RecordedFigures((Side.NS, -2), (Side.EW, 41.5), (Side.EW, 58.3333))


def sessions(data: bytes) -> list[SessionRecord]:
    """The file's sessions as ``convert`` writes them (settled)."""
    return [settle(r.record)[0] for r in read_sessions(data, "pbn") if r.record is not None]


def figures(record: SessionRecord) -> list[RecordedFigures | None]:
    return [d.recorded_figures for d in record.deals]


def round_trip(record: SessionRecord) -> None:
    """format.md §5.1, §5.3: PBN → JSON → PBN → JSON is the same JSON, the figures on each board."""
    as_json = write_text(record, "json")
    back = read_pbn(write_text(read_json(as_json).record, "pbn").encode()).record
    assert back is not None and figures(back) == figures(record)
    assert write_text(back, "json") == as_json


def test_the_sample_s_figures_go_through_json_and_pbn_and_back():
    found = sessions(SAMPLE.read_bytes())
    assert [figures(r) for r in found] == [[RecordedFigures((Side.NS, -2))], [RecordedFigures((Side.NS, 4))]]
    for record in found:
        round_trip(record)
    as_json = json.loads(write_text(found[0], "json"))["deals"][0]
    assert as_json["recorded_figures"] == {"imps": {"side": "NS", "value": -2}}  # §5.1: 5, not 5.0
    assert not any(t["name"].startswith("Score") for t in as_json.get("pbn_tags", ()))  # a field, not a kept tag


@pytest.mark.parametrize("name", REAL)
def test_a_real_file_s_figures_go_through_json_and_pbn_and_back(name):
    found = [r for r in sessions(real_records.path("pbn", name).read_bytes()) if any(figures(r))]
    assert found
    for record in found:
        round_trip(record)


def test_the_pbn_writer_writes_each_figure_for_its_side_and_convert_keeps_them(tmp_path):
    """format.md §5.3: [ScoreIMP], [ScoreMP], [ScorePercentage] as recorded, for the side recorded;
    ``convert`` PBN → JSON → PBN through the command line gives the same JSON again."""
    [record] = sessions(SAMPLE.read_bytes())[:1]
    record = replace(record, deals=(replace(record.deals[0], recorded_figures=FIGURES),))
    written = write_text(record, "pbn").splitlines()
    assert {'[ScoreIMP "NS -2"]', '[ScoreMP "EW 41.5"]', '[ScorePercentage "EW 58.3333"]'} <= set(written)
    source, as_json, as_pbn, again = (tmp_path / n for n in ("a.pbn", "a.json", "b.pbn", "b.json"))
    source.write_text("\n".join(written) + "\n", encoding="utf-8")
    for start, end in ((source, as_json), (as_json, as_pbn), (as_pbn, again)):
        done = CliRunner().invoke(main, ["convert", str(start), str(end)])
        assert done.exit_code == 0, done.output
    assert figures(read_json(again.read_text(encoding="utf-8")).record) == [FIGURES]
    assert again.read_text(encoding="utf-8") == as_json.read_text(encoding="utf-8")


def test_the_text_record_keeps_the_figures_as_board_figures():
    """format.md §3.4, §5.1: ``[BoardFigures]`` holds JSON's ``recorded_figures``; .vint → .vint is the same."""
    [record] = sessions(SAMPLE.read_bytes())[:1]
    record = replace(record, deals=(replace(record.deals[0], recorded_figures=FIGURES),))
    text = write_text(record, "vint")
    assert '[BoardFigures "{\\"imps\\": {\\"side\\": \\"NS\\", \\"value\\": -2}, \\"matchpoints\\": ' in text
    back = read_vint(text.encode())
    assert back.record is not None and not back.diagnostics
    assert figures(back.record) == [FIGURES] and write_text(back.record, "vint") == text


BAD = [
    ("a text", "'recorded_figures' must be an object"),
    ({}, "'recorded_figures' must be an object"),
    ({"vp": {"side": "NS", "value": 12}}, "'recorded_figures' must be an object"),
    ({"imps": 5}, "'recorded_figures.imps' must be"),
    ({"imps": {"side": "N", "value": 5}}, "'recorded_figures.imps' must be"),
    ({"imps": {"side": "NS", "value": True}}, "'recorded_figures.imps' must be"),
    ({"matchpoints": {"side": "EW", "value": "5"}}, "'recorded_figures.matchpoints' must be"),
    ({"percentage": {"side": "EW", "value": 41.666667}}, "'recorded_figures.percentage' must be"),  # PBN writes 4 decimals
    ({"imps": {"side": "NS", "value": 1_000_000}}, "'recorded_figures.imps' must be"),
    ({"imps": {"side": "NS", "value": float("nan")}}, "'recorded_figures.imps' must be"),
    ({"imps": {"side": "NS", "value": 5, "note": "x"}}, "'recorded_figures.imps' must be"),
]


@pytest.mark.parametrize("value, message", BAD)
def test_a_bad_json_value_is_a_schema_error_at_its_deal(value, message):
    """format.md §5.1: a schema error at ``recorded_figures`` of its deal; the deal read without them."""
    record = sessions(SAMPLE.read_bytes())[0]
    raw = json.loads(write_text(record, "json"))
    raw["deals"][0]["recorded_figures"] = value
    read = read_json(json.dumps(raw))
    [problem] = [d for d in read.diagnostics if d.at == "recorded_figures"]
    assert (problem.code, problem.deal, problem.severity) == ("schema", 17, "error")
    assert problem.message.startswith(message), problem.message
    assert read.record is not None and figures(read.record) == [None]


@pytest.mark.parametrize("value", ['{\\"imps\\": 5}', "NS 5"])
def test_a_bad_board_figures_tag_is_a_schema_error_at_the_tag(value):
    record = sessions(SAMPLE.read_bytes())[0]
    text = write_text(record, "vint")
    written = next(line for line in text.splitlines() if line.startswith("[BoardFigures "))
    text = text.replace(written, f'[BoardFigures "{value}"]')
    lines = text.splitlines()
    read = read_vint(text.encode())
    [problem] = [d for d in read.diagnostics if d.at == "recorded_figures"]
    assert (problem.code, problem.deal) == ("schema", 17) and problem.message.startswith("[BoardFigures]: ")
    assert problem.line is not None and lines[problem.line - 1].startswith("[BoardFigures")


def test_import_then_export_gives_the_figures_back(tmp_path):
    """docs/store.md ``deals.recorded_imps``: ``export`` writes them back, as JSON and as PBN."""
    store = Store(tmp_path / "store")
    imported = store.import_paths([str(SAMPLE)], workers=1).imported
    originals = {r.info.id: r for r in sessions(SAMPLE.read_bytes())}
    assert {o.session_id for o in imported} == set(originals)
    for sid, original in originals.items():
        for ext in ("json", "pbn"):
            target = tmp_path / f"{sid}.{ext}"
            done = CliRunner().invoke(main, ["export", "--store", str(store.root), sid, str(target)])
            assert done.exit_code == 0, done.output
            [back] = sessions(target.read_bytes()) if ext == "pbn" else [read_json(target.read_text("utf-8")).record]
            assert figures(back) == figures(original) and any(figures(back))
    lin = CliRunner().invoke(main, ["export", "--store", str(store.root), min(originals), str(tmp_path / "out.lin")])
    assert lin.exit_code == 0 and f"{min(originals)}: lin_drops (warning): LIN does not hold the recorded team" in lin.stderr
    exported = tmp_path / f"{min(originals)}.json"  # a JSON record with figures: not the columnar path's
    again = Store(tmp_path / "again")
    assert [o.status for o in again.import_paths([str(exported)], workers=1).outcomes] == ["imported"]
    assert figures(again.load_session(min(originals))) == figures(originals[min(originals)])


def test_compare_reads_the_figures_from_the_record_of_any_format():
    """format.md §4.3: a result that differs from its recorded figure is marked the same whether
    the rooms were read from PBN or from the JSON and the .vint they convert to."""
    text = (game("Open", 10, '[ScoreIMP "NS 9"]\n') + game("Closed", 9, '[ScoreIMP "EW 10"]\n')).encode()
    read = [r.record for r in read_sessions(text, "pbn")]

    def differs(records: list[SessionRecord | None]) -> list[tuple[str, ...]]:
        [event] = compare([evaluate(r) for r in records if r is not None])
        return [r.differs for board in event.boards for r in board.results]

    assert differs(read) == [("[ScoreIMP] NS 9",), ()]
    assert differs([read_json(write_text(r, "json")).record for r in read if r]) == differs(read)
    assert differs([read_vint(write_text(r, "vint").encode()).record for r in read if r]) == differs(read)


def test_convert_to_lin_says_it_does_not_write_them(tmp_path):
    """format.md §5.7 *What LIN cannot hold*, diagnostics.md ``lin_drops``: the LIN is written, and one
    warning on standard error names the figures and the other board data left out, with the boards."""
    target = tmp_path / "sample.lin"
    done = CliRunner().invoke(main, ["convert", str(SAMPLE), str(target)])
    assert done.exit_code == 0, done.output
    assert "ScoreIMP" not in target.read_text(encoding="utf-8")
    [back] = [r.record for r in read_sessions(target.read_bytes(), "lin")]
    assert back is not None and figures(back) == [None]
    [warning] = [line for line in done.stderr.splitlines() if "lin_drops" in line]
    assert warning == (f"{SAMPLE}: lin_drops (warning): LIN does not hold the recorded team and pairs figures "
                       "([ScoreIMP], [ScoreMP], [ScorePercentage]) of board 17; the recorded score ([Score]) of board "
                       "17; the PBN tags kept ([ScoreTable] …) of board 17: not written (.json, .vint and .pbn keep them)")
    as_json = tmp_path / "sample.json"
    assert CliRunner().invoke(main, ["convert", str(target), str(as_json)]).exit_code == 0
    quiet = CliRunner().invoke(main, ["convert", str(as_json), str(tmp_path / "again.lin")])
    assert quiet.exit_code == 0 and "lin_drops" not in quiet.output  # nothing left to leave out
