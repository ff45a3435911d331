"""``vint-replay validate`` on the batch path: the text reader of columnar.py against
``parse_session`` of the decoded JSON, and the command's output against the reference path
(the same text, JSON, stream and exit code for every file, valid or not)."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import sessions
from test_columnar import MUTATIONS, SESSION_MUTATIONS, as_raw, club, mutated
from test_properties import CORRUPTIONS, corrupt
from vint_replay.cli import main
from vint_replay.engine.record import SessionRecord
from vint_replay.formats.json_record import loads_record, record_to_json, write_json
from vint_replay.store import columnar, validity
from vint_replay.store.columnar import ParsedSession, parse_session, parse_texts

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "sample_data").glob("*.json")) + sorted((ROOT / "sample_data").glob("*.vint"))
BROKEN = ROOT / "sample_data" / "broken" / "broken-evening.json"
EXAMPLES = sorted((ROOT / "tests" / "data").glob("*.json"))
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LAYOUTS = {  # ways a record's JSON may be laid out: the text reader takes some, parse_session all
    "default": lambda raw: json.dumps(raw, ensure_ascii=False),
    "ascii": json.dumps,
    "indent 1": lambda raw: json.dumps(raw, indent=1),
    "compact": lambda raw: json.dumps(raw, separators=(",", ":")),
    "tabs and CRLF": lambda raw: json.dumps(raw, ensure_ascii=False).replace('": ', '"\t:\r\n ').replace("{", "{ \n"),
}


def assert_same(got: ParsedSession | None, expected: ParsedSession | None) -> None:
    assert (got is None) == (expected is None)
    if got is None or expected is None:
        return
    for name in ParsedSession.__dataclass_fields__:
        a, b = getattr(got, name), getattr(expected, name)
        if isinstance(b, np.ndarray):
            assert a.dtype == b.dtype and a.shape == b.shape and (a == b).all(), name
        else:
            assert a == b, name


def decoded(text: str) -> ParsedSession | None:
    """What the batch path makes of a text through the JSON decoder (``None`` if it cannot be decoded)."""
    try:
        return parse_session(loads_record(text))
    except (ValueError, RecursionError):
        return None


READ_LAYOUTS = ("default", "ascii", "tabs and CRLF")  # json.dumps's separators in lists: read from the text


def assert_read_alike(text: str, read: bool = False) -> ParsedSession | None:
    """The text reader gives parse_session's arrays, or leaves the text to it (``None``). A text
    laid out as the reader reads (``read``: one of READ_LAYOUTS) it must not leave: it reads
    exactly what parse_session takes, so every such call compares."""
    got = parse_texts([text])[0]
    if got is not None or read:
        assert_same(got, decoded(text))
    return got


def assert_layouts_read_alike(raw: dict) -> None:
    """:func:`assert_read_alike` of ``raw`` in every layout, read exactly in READ_LAYOUTS."""
    for name, layout in LAYOUTS.items():
        assert_read_alike(layout(raw), name in READ_LAYOUTS)


# ---------------------------------------------------------------- the text reader


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.suffix == ".json"] + EXAMPLES + [BROKEN], ids=str)
def test_text_reader_on_every_sample_and_layout(path: Path):
    text = path.read_bytes().decode("utf-8-sig")
    raw = loads_record(text)
    expected = parse_session(raw)
    for name, layout in LAYOUTS.items():
        got = assert_read_alike(layout(raw), name in READ_LAYOUTS)
        if name in READ_LAYOUTS:
            assert_same(got, expected)  # and what parse_session makes of the decoded record
    if expected is not None and "\n    \"number\"" in text:
        assert_same(parse_texts([text])[0], expected)  # the writer's own layout


@FAST
@given(st.lists(sessions(max_deals=6), min_size=1, max_size=4, unique_by=lambda r: r.info.id))
def test_text_reader_on_random_sessions_read_together(records: list[SessionRecord]):
    texts = [write_json(r) for r in records]
    for got, text in zip(parse_texts(texts), texts):
        assert got is not None
        assert_same(got, decoded(text))


def test_club_evenings_with_recorded_scores_are_read_from_the_text():
    raws = club(5, 40, 12, 60)
    texts = [json.dumps(raw, ensure_ascii=False) for raw in raws]
    for got, raw in zip(parse_texts(texts), raws):
        assert got is not None and got.has_recorded.all()
        assert_same(got, parse_session(raw))


@FAST
@given(sessions(min_deals=1, max_deals=4), st.sampled_from(sorted(MUTATIONS)), st.data())
def test_text_reader_on_irregular_deals(record: SessionRecord, name: str, data):
    assert_layouts_read_alike(mutated(as_raw(record), name, lambda n: data.draw(st.integers(0, n - 1))))


@pytest.mark.parametrize("name", sorted(SESSION_MUTATIONS))
def test_text_reader_on_irregular_sessions(name: str):
    raw = club(4, 12)[0]
    SESSION_MUTATIONS[name](raw)
    assert_layouts_read_alike(raw)


@FAST
@given(sessions(min_deals=1, max_deals=4), st.sampled_from(CORRUPTIONS), st.data())
def test_text_reader_on_illegal_deals(record: SessionRecord, kind, data):
    raw = record_to_json(record)
    corrupt(data, record, kind, raw)
    assert_read_alike(json.dumps(raw, ensure_ascii=False), read=True)


EDITS = ['"', ",", " ", "\n", "[", "]", "{", "}", "\\", ":", "0", "1", "-", "S", "H", "T", "p", ".", "x", "\x00", "é", ""]


def test_any_edit_of_the_text_is_read_as_the_decoder_reads_it():
    """One character of the writer's text replaced, inserted or deleted, anywhere: the text
    reader gives exactly parse_session's arrays, or leaves the text to it — and it reads most
    of the edited texts parse_session takes (most edits break the JSON or a card; a space
    between a list's items is one it leaves), so the comparison is made."""
    read: Counter[bool] = Counter()  # edited texts parse_session takes: read from the text or left

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(sessions(min_deals=1, max_deals=3), st.data())
    def edit_once(record: SessionRecord, data) -> None:
        text = write_json(record)
        at = data.draw(st.integers(0, len(text) - 1))
        edit = data.draw(st.sampled_from(EDITS))
        keep = data.draw(st.booleans())  # insert before the character, else replace it
        edited = text[:at] + edit + text[at + (0 if keep else 1):]
        got = assert_read_alike(edited)
        if decoded(edited) is not None:
            read[got is not None] += 1

    edit_once()
    assert read[True] >= 5 and 3 * read[False] <= read[True] + read[False], read


def test_a_refused_text_does_not_hold_back_the_others():
    raws = club(6, 20, 20, 20, 20, 20)
    texts = [json.dumps(raw) for raw in raws]
    spoiled = copy.deepcopy(raws[3])
    spoiled["deals"][2]["hands"]["N"] = spoiled["deals"][2]["hands"]["N"].lower()
    texts[3] = json.dumps(spoiled)
    got = parse_texts(texts)
    assert got[3] is None
    for k in (0, 1, 2, 4):
        assert_same(got[k], parse_session(raws[k]))


# ---------------------------------------------------------------- the command


def outputs(runner, args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(main, ["validate", *args], input=SAMPLES[1].read_bytes() if "-" in args else None)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_same_output_as_reference(runner, monkeypatch, args: list[str]) -> None:
    """The command prints and exits exactly as it does when every file takes the reference path
    (the batch path is taken here whatever the input's size)."""
    from vint_replay import cli

    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    batch = outputs(runner, args)
    with monkeypatch.context() as m:
        m.setattr(validity, "valid_by_batch", lambda paths, scans=None: {})
        assert outputs(runner, args) == batch


def test_validate_takes_the_batch_path_for_the_plain_samples():
    paths = [str(p) for p in SAMPLES + EXAMPLES + [BROKEN]]
    proven = validity.valid_by_batch(paths)
    plain = {i for i, p in enumerate(paths) if p.endswith(".json") and decoded(Path(p).read_text(encoding="utf-8"))}
    assert set(proven) == plain and len(plain) >= 5  # the others: .vint, result-only deals, classic, broken
    assert all(proven[i] == [("", len(loads_record(Path(paths[i]).read_text(encoding="utf-8"))["deals"]))] for i in plain)


@pytest.mark.parametrize("as_json", [False, True])
def test_validate_prints_what_the_reference_path_prints(runner, monkeypatch, tmp_path, as_json):
    missing = str(tmp_path / "missing.json")
    args = [str(p) for p in [*SAMPLES, BROKEN, *EXAMPLES]] + [missing, str(SAMPLES[0]), "-", str(tmp_path)]
    assert_same_output_as_reference(runner, monkeypatch, args + (["--json"] if as_json else []))
    assert_same_output_as_reference(runner, monkeypatch, [str(SAMPLES[0])] + (["--json"] if as_json else []))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(sessions(max_deals=4), min_size=1, max_size=3, unique_by=lambda r: r.info.id), st.data())
def test_validate_random_files_valid_and_not(runner, monkeypatch, tmp_path_factory, records, data):
    """Random sessions, some with one illegal deal: the same output (text and JSON) either way."""
    folder = tmp_path_factory.mktemp("random")
    paths = []
    for k, record in enumerate(records):
        raw = record_to_json(record)
        if data.draw(st.booleans()):
            corrupt(data, record, data.draw(st.sampled_from(CORRUPTIONS)), raw)
        path = folder / f"s{k}.json"
        path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        paths.append(str(path))
    assert_same_output_as_reference(runner, monkeypatch, paths)
    assert_same_output_as_reference(runner, monkeypatch, paths + ["--json"])


def test_files_the_batch_refuses_get_the_reference_diagnostics(runner, tmp_path):
    good = club(7, 10)[0]
    bad = copy.deepcopy(good)
    bad["deals"][4]["play"][1], bad["deals"][4]["play"][5] = bad["deals"][4]["play"][5], bad["deals"][4]["play"][1]
    paths = []
    for name, raw in (("a.json", good), ("b.json", bad), ("c.json", good)):
        (tmp_path / name).write_text(json.dumps(raw), encoding="utf-8")
        paths.append(str(tmp_path / name))
    assert set(validity.valid_by_batch(paths)) == {0, 2}
    code, out, err = outputs(runner, paths)
    assert code == 1
    assert out == f"{paths[0]}: valid (10 deals)\n{paths[2]}: valid (10 deals)\n"
    assert err.startswith(f"{paths[1]}: deal 5, play[") and err.endswith(f"{paths[1]}: 1 error\n")


def test_a_failure_of_the_batch_path_leaves_every_file_to_the_reference(runner, monkeypatch):
    def broken(*_):
        raise RuntimeError("a bug")

    paths = [str(p) for p in SAMPLES[:2]]
    expected = outputs(runner, paths)
    monkeypatch.setattr(validity, "legal_sessions", broken)
    assert validity.valid_by_batch(paths) == {}
    assert outputs(runner, paths) == expected


def test_the_batch_verdict_is_the_columnar_check():
    """validate's verdict is check_parsed's (scoring left out): the same sessions refused."""
    raws = club(8, 15, 15)
    raws[1]["deals"][3]["auction"].append("pass")
    parsed = [parse_session(raw) for raw in raws]
    assert columnar.legal_sessions(parsed) == [True, False]
    assert columnar.check_parsed(parsed)[1] == [1]


def test_small_inputs_skip_the_batch_path_and_large_ones_take_it(runner, monkeypatch):
    """An evening or two is checked faster than NumPy is imported: below BATCH_VALIDATE_BYTES
    validate does not ask the batch path; at or above it, it does."""
    from vint_replay import cli

    asked: list[list[str]] = []
    monkeypatch.setattr(validity, "valid_by_batch", lambda paths, scans=None: asked.append(list(paths)) or {})
    outputs(runner, [str(SAMPLES[0])])
    assert asked == [] and SAMPLES[0].stat().st_size < cli.BATCH_VALIDATE_BYTES
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", SAMPLES[0].stat().st_size)
    outputs(runner, [str(SAMPLES[0])])
    assert asked == [[str(SAMPLES[0])]]


def test_validate_imports_nothing_heavy():
    """Start-up is part of every run: pandas, pyarrow, dash and endplay stay out of validate
    (and, for a small input, the batch path and NumPy too)."""
    code = ("import sys\nfrom vint_replay.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit as done:\n    code = done.code\n"
            "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'pyarrow', 'dash', 'endplay', 'plotly'})\n"
            "print(code, heavy, 'vint_replay.store.columnar' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, "validate", str(SAMPLES[0]), str(BROKEN)],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[-1] == "1 [] False"


def test_validate_checks_its_files_with_the_cycle_collector_paused(runner, monkeypatch):
    """validate reads and checks every file with the collector off (their records and reports
    are many small objects and no cycle: engine/gc_pause), and turns it on again after."""
    import gc

    from vint_replay import cli

    seen: list[bool] = []
    checked = cli._validated
    monkeypatch.setattr(cli, "_validated", lambda *args: seen.append(gc.isenabled()) or checked(*args))
    paths = [str(BROKEN), str(SAMPLES[0])]
    code, _, _ = outputs(runner, paths)
    assert code == 1 and seen == [False, False] and gc.isenabled()
