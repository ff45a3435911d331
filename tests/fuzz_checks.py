"""What must hold for any input, however hostile (issue 11): the readers never raise and give
well-formed diagnostics; a record read without errors converts to the other format and back
unchanged; and every read command ends with exit 0, 1 or 2, never an uncaught exception."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.engine.diagnostics import CODES, Diagnostic, Severity
from vint_replay.engine.session import evaluate
from vint_replay.formats import ReadResult
from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.lin import read_lin
from vint_replay.formats.lin_write import write_lin
from vint_replay.formats.pbn_write import write_pbn
from vint_replay.formats.vint_text import read_vint, write_vint

from vint_replay.formats.pbn import read_pbn

from settled import settled

READERS = {"json": (read_json, write_json), "vint": (read_vint, write_vint), "pbn": (read_pbn, write_pbn),
           "lin": (read_lin, write_lin)}
COMMANDS = (["validate"], ["validate", "--json"], ["score"], ["score", "--json"], ["audit"], ["audit", "--json"],
            ["replay", "--deal", "1"], ["replay", "--deal", "1", "--trick", "2"], ["convert", "--to", "vint"],
            ["convert", "--to", "json"])


def check_readers(data: bytes) -> None:
    """Read ``data`` as every format; raise AssertionError on any broken promise."""
    for fmt, (read, _) in READERS.items():
        result = read(data)
        assert all(isinstance(d, Diagnostic) and d.code in CODES for d in result.diagnostics), fmt
        if fmt == "vint":
            assert all(d.line is not None for d in result.diagnostics), "a .vint diagnostic without a line"
        if result.record is not None:
            check_record(result, fmt)


def check_record(result: ReadResult, fmt: str) -> None:
    """Check the record; if it has no errors, it must survive conversion both ways."""
    assert result.record is not None
    report = evaluate(result.record, result.diagnostics)
    result.locate(report.diagnostics)
    if any(d.severity is Severity.ERROR for d in report.diagnostics):
        return
    other = "vint" if fmt == "json" else "json"
    record = report.record  # settled: AP and seat columns as the engine reads them (engine/settle.py)
    back = settled(READERS[other][0](READERS[other][1](record).encode("utf-8")))
    assert back.record is not None and not [d for d in back.diagnostics if d.severity is Severity.ERROR], \
        f"a valid {fmt} record does not read back from {other}: {back.diagnostics[:3]}"
    again = settled(READERS[fmt][0](READERS[fmt][1](back.record).encode("utf-8")))
    assert again.record is not None
    if fmt == "lin" and result.record.info.id.startswith("lin-"):
        # LIN holds no session id nor table: its reader names a session by its boards, and a
        # traveller's table n by the whole file's (format.md §5.7), which one table written alone is not
        again.record = replace(again.record, info=replace(again.record.info, id=back.record.info.id,
                                                          table=back.record.info.table))
    assert again.record == back.record == record, f"{fmt} → {other} → {fmt} changed the record"


def check_commands(data: bytes, folder: Path, runner: CliRunner | None = None) -> list[tuple[str, int]]:
    """Run every read command on ``data`` saved as ``.json``, ``.vint``, ``.pbn`` and ``.lin``;
    returns the (command, exit code) pairs, raising AssertionError on a traceback or another
    exit code."""
    runner = runner or CliRunner()
    codes = []
    for suffix in (".json", ".vint", ".pbn", ".lin"):
        path = folder / f"case{suffix}"
        path.write_bytes(data)
        for command in COMMANDS:
            args = [command[0], str(path), *command[1:]] + (["-"] if command[0] == "convert" else [])
            result = runner.invoke(main, args)
            crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
            assert not crashed, f"{' '.join(command)} {suffix}: {result.exception!r}"
            assert result.exit_code in (0, 1, 2), f"{' '.join(command)} {suffix}: exit {result.exit_code}"
            codes.append((" ".join(command), result.exit_code))
    return codes
