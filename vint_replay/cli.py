"""The ``vint-replay`` command line. Heavy libraries (pandas, pyarrow, dash) are imported only
inside the commands that need them, so checking a file starts fast."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .diagnostics import Diagnostic, Severity
from .formats import ReadResult, format_of, read_bytes
from .session import SessionReport, evaluate


def load(path: str, strict: bool = False) -> tuple[ReadResult, SessionReport | None]:
    """Read and check one file (``-`` is standard input, read as JSON unless ``.vint`` is piped
    via ``--format``); an unreadable path becomes a ``syntax`` diagnostic, not a traceback."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as err:
        return ReadResult(None, [Diagnostic("syntax", f"cannot read the file: {err.strerror or err}")]), None
    result = read_bytes(data, format_of(path), strict=strict)
    if result.record is None:
        return result, None
    return result, evaluate(result.record, result.diagnostics)


def problems_of(result: ReadResult, report: SessionReport | None) -> list[Diagnostic]:
    return list(report.diagnostics) if report is not None else list(result.diagnostics)


def emit_json(obj: object) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def print_problems(path: str, problems: list[Diagnostic]) -> None:
    for d in problems:
        click.echo(d.describe(path), err=d.severity is Severity.ERROR)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vint-replay")
def main() -> None:
    """Replay, validate, score and audit recorded hands of vint (винт)."""


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the vint-validate result as JSON.")
@click.option("--strict", is_flag=True, help="Unknown fields and tags are errors, not warnings.")
def validate(files: tuple[str, ...], as_json: bool, strict: bool) -> None:
    """Check that every call and card in FILES is legal. Exit 1 if any file has errors."""
    outputs = []
    bad = False
    for path in files:
        result, report = load(path, strict)
        problems = problems_of(result, report)
        errors = [d for d in problems if d.severity is Severity.ERROR]
        warnings = [d for d in problems if d.severity is Severity.WARNING]
        bad |= bool(errors) or report is None
        if as_json:
            out: dict[str, object] = {"file": path, "valid": not errors and report is not None,
                                      "errors": [d.to_json() for d in errors]}
            if warnings:
                out["warnings"] = [d.to_json() for d in warnings]
            outputs.append(out)
        else:
            print_problems(path, problems)
            if not errors and report is not None:
                click.echo(f"{path}: valid ({len(report.record.deals)} deals)")
            else:
                click.echo(f"{path}: {len(errors)} error{'s' if len(errors) != 1 else ''}", err=True)
    if as_json:
        emit_json(outputs[0] if len(outputs) == 1 else outputs)
    sys.exit(1 if bad else 0)


def _checked(path: str, as_json: bool) -> SessionReport:
    """The report of a valid file, or exit 1 after printing its problems."""
    result, report = load(path)
    if report is None or report.score is None:
        problems = problems_of(result, report)
        if as_json:
            emit_json({"file": path, "valid": False,
                       "errors": [d.to_json() for d in problems if d.severity is Severity.ERROR]})
        else:
            print_problems(path, problems)
            click.echo(f"{path}: cannot be scored until the errors above are fixed", err=True)
        sys.exit(1)
    return report


@main.command()
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the vint-score/1 document.")
def score(file: str, as_json: bool) -> None:
    """Recompute the score of FILE and print the scoresheet (or JSON)."""
    from .scoresheet import render_scoresheet, score_json

    report = _checked(file, as_json)
    assert report.score is not None
    if as_json:
        emit_json(score_json(report.record, report.score))
    else:
        click.echo(render_scoresheet(report.record, report.score), nl=False)


@main.command()
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the audit result as JSON.")
def audit(file: str, as_json: bool) -> None:
    """Compare the recorded (paper) scores in FILE with the recomputed ones. Exit 1 on mismatches."""
    from .audit import audit as run_audit

    report = _checked(file, as_json)
    assert report.score is not None
    result = run_audit(report.record, report.score)
    if as_json:
        emit_json({"file": file, "deals_checked": result.deals_checked,
                   "mismatches": [m.to_json() for m in result.mismatches]})
    else:
        for m in result.mismatches:
            click.echo(f"deal {m.deal}: {m.explanation}")
        n = len(result.mismatches)
        click.echo(f"{file}: {result.deals_checked} deals checked, "
                   + ("no mismatches" if not n else f"{n} mismatch{'es' if n > 1 else ''}"))
    sys.exit(0 if result.clean else 1)
