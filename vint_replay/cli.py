"""The ``vint-replay`` command line. Heavy libraries (pandas, pyarrow, dash) are imported only
inside the commands that need them, so checking a file starts fast."""
from __future__ import annotations

import dataclasses
import errno
import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

import click

from .engine.diagnostics import UNLISTED, Diagnostic, Severity, capped, in_file_order, in_line_order, unlisted_count
from .engine.gc_pause import paused_gc
from .engine.plural import plural
from .engine.printable import printable
from .games.registry import ProfileError, get_profile, profile_names
from .formats import ReadResult, format_of, read_bytes, sniff_format

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .engine.record import SessionRecord
    from .engine.session import SessionReport
    from .engine.summary import Summary
    from .formats.pbn_batch import Session
    from .store.validity import Vouched

# a record file argument: a missing or unreadable one is a usage error (exit 2); - is standard input
RECORD = click.Path(exists=True, dir_okay=False, readable=True, allow_dash=True)
FORMATS = click.Choice(["json", "vint", "pbn", "lin"])
SESSION = click.option("--session", type=click.IntRange(1), default=1, show_default=True,
                       help="Which session of a PBN or LIN file holding several (one per event, room and table).")
EVERY_SESSION = click.option("--session", type=click.IntRange(1), default=None,
                             help="Only this session of a PBN or LIN file holding several (one per event, room and "
                                  "table; default: every session).")


# Inputs smaller than this are validated by the reference engine alone: the batch path's NumPy
# import (~70 ms) costs more than it saves on an evening of a few dozen deals (~60 KB of JSON).
BATCH_VALIDATE_BYTES = 1 << 20


def _bytes_of(files: tuple[str, ...]) -> int:
    """The size of the named files (standard input and unreadable files count nothing)."""
    return sum(os.path.getsize(f) for f in files if f != "-" and os.path.isfile(f))


def read_input(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input); a file that cannot be read is a usage error."""
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as err:
        raise click.UsageError(f"cannot read {printable(path)}: {err.strerror or err}")


def _format(path: str, data: bytes, fmt: str | None) -> str:
    """The format of ``path``: ``fmt`` if given, else its extension (``-``: JSON if it starts
    with ``{``, else ``.vint``)."""
    return fmt or (sniff_format(data) if path == "-" else format_of(path))


def read_session(path: str, data: bytes, fmt: str | None, strict: bool, session: int) -> ReadResult:
    """The file's ``session``-th session (PBN, LIN) or its one session, the file's other sessions
    named in one warning; a session past the file's last is a usage error (exit 2)."""
    from .formats.sessions import NoSuchSession, said_once

    try:
        return said_once(read_bytes(data, _format(path, data, fmt), strict, session), session)
    except NoSuchSession as err:
        raise click.UsageError(f"{printable(path)}: {err} (--session {session})")


Which = tuple[int, str] | None  # a session's number and id in a file of several; None: the file's one session


def file_sessions(path: str, strict: bool, fmt: str | None, session: int | None,
                  data: bytes | None = None) -> list[tuple[Which, ReadResult]]:
    """The sessions a command takes of a file: every one (a PBN or LIN file may hold several,
    format.md §5.2, §5.7), each with its number and id when there are several, or with
    ``session`` that one alone (a usage error past the file's last)."""
    from .formats import read_sessions

    data = read_input(path) if data is None else data
    if session is not None:
        return [(None, read_session(path, data, fmt, strict, session))]
    results = read_sessions(data, _format(path, data, fmt), strict)
    return [(None if len(results) == 1 else (k, "" if read.record is None else read.record.info.id), read)
            for k, read in enumerate(results, 1)]


def named(path: str, which: Which) -> str:
    """The file as the terminal names it, with the session when it holds several."""
    return printable(path) + ("" if which is None else f" (session {which[0]}: {which[1]})")


def which_json(which: Which) -> dict[str, object]:
    """The keys a JSON object of one session of several adds: its ``session`` number and ``session_id``."""
    return {} if which is None else {"session": which[0], "session_id": which[1]}


def load(path: str, strict: bool = False, fmt: str | None = None,
         rules: str | None = None, session: int = 1) -> tuple[ReadResult, SessionReport | None]:
    """Read and check one file (``-`` is standard input: JSON if it starts with ``{``, else
    ``.vint``, unless ``fmt`` says); the problems are capped (engine.diagnostics). ``rules``
    rescores it under that profile."""
    return evaluated(read_session(path, read_input(path), fmt, strict, session), rules)


def evaluated(result: ReadResult, rules: str | None = None) -> tuple[ReadResult, SessionReport | None]:
    """Check a session read (``rules``: rescored under that profile); the problems capped. (The
    engine is imported here: validate needs it only for the files the batch path cannot vouch for.)"""
    from .engine.session import evaluate
    from .reports.seat_order import with_seat_order_hints

    if result.record is None:
        return result, None
    try:
        report = with_seat_order_hints(evaluate(result.record, result.diagnostics, rules))
    except ProfileError as err:
        raise click.UsageError(str(err))
    located = in_file_order(result.locate(report.diagnostics), [deal.number for deal in result.record.deals])
    return result, dataclasses.replace(report, diagnostics=tuple(capped(located)))


def problems_of(result: ReadResult, report: SessionReport | None) -> list[Diagnostic]:
    return list(report.diagnostics) if report is not None else list(result.diagnostics)


def emit_json(obj: object) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def error_count(problems: list[Diagnostic]) -> int:
    """The errors among ``problems``, counting those a capped list's closing note left out."""
    return sum(unlisted_count(d) if d.code == UNLISTED else 1 for d in problems if d.severity is Severity.ERROR)


def print_problems(path: str, problems: list[Diagnostic], all_to_stderr: bool = False) -> None:
    """Each diagnostic located in ``path``: errors on standard error, warnings on standard output
    beside the command's findings, or on standard error too where standard output is the
    command's data (``convert … -``)."""
    for d in problems:
        click.echo(d.describe(path), err=all_to_stderr or d.severity is Severity.ERROR)


def print_other_sessions(path: str, report: SessionReport) -> None:
    """The warnings naming each session of the file this command did not read (diagnostics.md
    ``pbn_session``), on standard error: one session's sheet or audit is not the file's."""
    for d in report.diagnostics:
        if d.code == "pbn_session":
            click.echo(d.describe(path), err=True)


class _Commands(click.Group):
    """The command group: a store that is damaged or not a store (:class:`StoreError`), or a
    store file that pyarrow cannot read, is reported in plain words, not as a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        from .store.errors import StoreError

        try:
            return super().invoke(ctx)
        except StoreError as err:
            raise click.ClickException(str(err)) from err
        except Exception as err:
            if type(err).__module__.startswith("pyarrow"):
                raise click.ClickException(f"a file of the store cannot be read ({err}); the store is damaged: "
                                           "restore it from a backup, or import the sessions into a new store") from err
            raise


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vint-replay")
def main() -> None:
    """Replay, validate, score and audit recorded hands of vint (винт)."""


@main.command()
@click.argument("files", nargs=-1, required=True, type=RECORD)
@click.option("--json", "as_json", is_flag=True, help="Print the vint-validate result as JSON.")
@click.option("--strict", is_flag=True, help="Unknown fields and tags are errors, not warnings.")
@click.option("--from", "from_fmt", type=FORMATS, help="Format of the files (default: the extension; for - JSON "
                                                         "if it starts with '{', else .vint).")
@EVERY_SESSION
def validate(files: tuple[str, ...], as_json: bool, strict: bool, from_fmt: str | None, session: int | None) -> None:
    """Check that every call and card in FILES is legal (every session of a PBN or LIN file). Exit 1
    if any file has errors."""
    proven: dict[int, list[Vouched | None]] = {}  # the sessions the batch path finds valid need no other look
    scans: dict[int, list[Session]] = {}  # the PBN files' scans, cut to the sessions left without a second scan
    if _bytes_of(files) >= BATCH_VALIDATE_BYTES:  # below it, importing NumPy costs more than it saves
        from .store.validity import valid_by_batch

        proven = valid_by_batch(files, scans)
        if session is not None or from_fmt is not None:  # a chosen session, a format named: PBN and LIN go as named
            proven = {i: n for i, n in proven.items() if format_of(files[i]) not in ("pbn", "lin")}
    outputs = []
    bad = False
    with paused_gc():  # the files' records and reports: many small objects, no cycle (gc_pause)
        for i, path in enumerate(files):
            vouched = proven.get(i, [])
            sure = [v for v in vouched if v is not None]
            checked: list[tuple[Which, list[Diagnostic], bool, int]]
            if vouched and len(sure) == len(vouched):
                checked = [(None if len(sure) == 1 else (k, ident), [], True, n)
                           for k, (ident, n) in enumerate(sure, 1)]
            else:
                checked = _validated(path, strict, from_fmt, session, vouched, scans.get(i))
            for which, problems, readable, n in checked:
                errors = [d for d in problems if d.severity is Severity.ERROR]
                warnings = [d for d in problems if d.severity is Severity.WARNING]
                bad |= bool(errors) or not readable
                if as_json:
                    out: dict[str, object] = {"file": path, **which_json(which), "valid": not errors and readable,
                                              "errors": [d.to_json() for d in errors]}
                    if warnings:
                        out["warnings"] = [d.to_json() for d in warnings]
                    outputs.append(out)
                else:
                    print_problems(path, problems)
                    if not errors and readable:
                        click.echo(f"{named(path, which)}: valid ({plural(n, 'deal')})")
                    else:
                        click.echo(f"{named(path, which)}: {plural(error_count(problems), 'error')}", err=True)
    if as_json:
        emit_json(outputs[0] if len(outputs) == 1 else outputs)
    sys.exit(1 if bad else 0)


def _validated(path: str, strict: bool, fmt: str | None, session: int | None,
               vouched: Sequence[tuple[str, int] | None] = (),
               scanned: list[Session] | None = None) -> list[tuple[Which, list[Diagnostic], bool, int]]:
    """Each session of the file checked: its number and id (when the file holds several), its
    problems, whether it was read, its deals. Without ``session``: every session of a PBN or LIN
    file; a session the batch path found valid (``vouched``: each session's id and deals, or
    ``None``) is not checked again: a PBN file's sessions left are read alone where its text
    (``scanned`` by the batch path) can be cut to them (:func:`~.formats.pbn_batch.read_left`),
    else the file is read whole and a vouched session taken where the reader cut the file alike
    and found nothing in it."""
    data = read_input(path)
    if session is None and any(vouched) and scanned is not None and _format(path, data, fmt) == "pbn":
        from .formats.pbn_batch import read_left

        left = read_left(data, scanned, list(vouched), strict)  # only the sessions left are read
        if left is not None:
            out: list[tuple[Which, list[Diagnostic], bool, int]] = []
            for k, (proven, alone) in enumerate(zip(vouched, left), 1):
                if alone is not None:
                    out.append(_session_checked((k, alone[0]), alone[1]))
                elif proven is not None:
                    out.append(((k, proven[0]), [], True, proven[1]))
            return out
    taken = file_sessions(path, strict, fmt, session, data)
    out = []
    same = len(vouched) == len(taken)
    for k, (which, read) in enumerate(taken, 1):
        if (same and vouched[k - 1] is not None and read.record is not None and not read.diagnostics
                and vouched[k - 1] == (read.record.info.id, len(read.record.deals))):
            out.append((which, [], True, len(read.record.deals)))
            continue
        out.append(_session_checked(which, read))
    return out


def _session_checked(which: Which, read: ReadResult) -> tuple[Which, list[Diagnostic], bool, int]:
    """One session read, checked: as :func:`_validated` lists it."""
    result, report = evaluated(read)
    return which, problems_of(result, report), report is not None, len(report.record.deals) if report is not None else 0


def _scorable(report: SessionReport | None, fine: bool = False) -> bool:
    """Whether a session checked can be scored (with ``fine``: its valid deals without the broken
    ones, ``SessionReport.fine_score``)."""
    return report is not None and (report.fine_score if fine else report.score) is not None


def _refused(path: str, which: Which, result: ReadResult, report: SessionReport | None,
             as_json: bool) -> dict[str, object] | None:
    """A session that cannot be scored: its problems printed (``None`` back), or with ``as_json``
    the object saying so, as validate's (format.md §4.2)."""
    problems = problems_of(result, report)
    if as_json:
        return {"file": path, **which_json(which), "valid": False,
                "errors": [d.to_json() for d in problems if d.severity is Severity.ERROR]}
    print_problems(path, problems)
    click.echo(f"{named(path, which)}: cannot be scored until the errors above are fixed", err=True)
    return None


def _checked(path: str, as_json: bool, rules: str | None = None, session: int = 1,
             fine: bool = False) -> tuple[ReadResult, SessionReport]:
    """The file's session read and its report when it can be scored (:func:`_scorable`), or exit 1
    after printing its problems."""
    result, report = load(path, rules=rules, session=session)
    if report is None or not _scorable(report, fine):
        refusal = _refused(path, None, result, report, as_json)
        if refusal is not None:
            emit_json(refusal)
        sys.exit(1)
    return result, report


def _each_scored(path: str, as_json: bool, rules: str | None, session: int | None, fine: bool,
                 take: Callable[[Which, ReadResult, SessionReport], tuple[bool, dict[str, object] | None]]) -> None:
    """``score`` and ``audit``: every session of the file (:func:`file_sessions`; ``session``: that
    one) that can be scored given to ``take``, which prints it or gives its JSON object and says
    whether it is clean; one that cannot is refused (:func:`_refused`). ``--json`` prints the
    one object, or a list of them for a file of several sessions (format.md §4.2–§4.4); the exit
    status covers every session."""
    outputs: list[dict[str, object] | None] = []
    bad = False
    for which, read in file_sessions(path, False, None, session):
        result, report = evaluated(read, rules)
        if report is not None and _scorable(report, fine):
            clean, out = take(which, result, report)
        else:
            clean, out = False, _refused(path, which, result, report, as_json)
        bad |= not clean
        outputs.append(out)
    if as_json:
        emit_json(outputs[0] if len(outputs) == 1 else outputs)
    sys.exit(1 if bad else 0)


@main.command()
@click.argument("file", type=RECORD)
@click.option("--json", "as_json", is_flag=True, help="Print the vint-score/1 document.")
@click.option("--rules", type=click.Choice(profile_names()), default=None,
              help="Rescore under this profile: how the evening would have scored under other rules.")
@EVERY_SESSION
@click.option("--compare", is_flag=True, help="A PBN or LIN file's rooms (IMPs) or tables (matchpoints) side by side, "
              "checked against its [ScoreIMP], [ScoreMP] and [ScorePercentage].")
@click.option("--scoring", type=click.Choice(["imps", "matchpoints", "tops", "percentages", "neuberg"]), default=None,
              help="With --compare: compare every event in IMPs or on a matchpoint scale: 2 per score beaten "
                   "(matchpoints), 1 (tops), percentages, or Neuberg's for boards played fewer times "
                   "(default: IMPs for two rooms, else matchpoints).")
def score(file: str, as_json: bool, rules: str | None, session: int | None, compare: bool, scoring: str | None) -> None:
    """Recompute the score of FILE and print the scoresheet (or JSON), for every session of a PBN
    or LIN file."""
    if compare:
        _compare(file, as_json, scoring)
        return
    if scoring is not None:
        raise click.UsageError("--scoring sets how --compare compares; give --compare too")
    # The reference path on purpose: one file, usually an evening of a few dozen deals, is
    # scored faster than NumPy (the batch path) is imported, and the sheet needs its rubbers.
    from .reports.sheets import sheet_writer

    def sheet(which: Which, read: ReadResult, report: SessionReport) -> tuple[bool, dict[str, object] | None]:
        writer = sheet_writer(report)
        if as_json:  # one session of several: its number beside its id
            document = writer.json(report)
            held = document["session"]
            if which is not None and isinstance(held, dict):
                held["number"] = which[0]
            return True, document
        print_other_sessions(file, report)
        if which is not None:
            click.echo(("\n" if which[0] > 1 else "") + f"{named(file, which)}:")
        click.echo(writer.text(report), nl=False)
        if read.travellers:  # a pairs session's tables are on its travellers, not this sheet (format.md §5.2)
            click.echo(f"{named(file, which)}: the tables' results are in [ScoreTable] travellers on "
                       f"{plural(len(read.travellers), 'board')}: score --compare ranks the pairs over them, audit "
                       "checks them", err=True)
        return True, None

    _each_scored(file, as_json, rules, session, False, sheet)


def _compare(file: str, as_json: bool, scoring: str | None) -> None:
    """``score --compare``: every session of a PBN or LIN file evaluated, each event's boards compared (format.md §4.3)."""
    from .formats import read_sessions
    from .reports.duplicate_comparison import ComparisonError, Scoring, compare, comparison_json, render_comparison
    from .reports.pairs_standings import ranked, render_standings, standings_json

    data = read_input(file)
    fmt = _format(file, data, None)
    if fmt not in ("pbn", "lin"):
        raise click.UsageError(f"{printable(file)}: --compare reads a PBN or LIN file's rooms or tables (.pbn, .lin)")
    checked = [(read, report) for read in read_sessions(data, fmt) for _, report in [evaluated(read)] if report is not None]
    try:
        comparison = compare([report for _, report in checked], Scoring(scoring) if scoring else None)
    except ComparisonError as e:
        raise click.UsageError(f"{printable(file)}: {e}") from None
    # a pairs session's travellers: its pairs ranked over them (format.md §4.3, duplicate-bridge.md §5.6)
    places = [(report.record.info.id, ranked(report, read.travellers, read.totals)) for read, report in checked
              if read.travellers]
    if as_json:
        emit_json(comparison_json(comparison) | ({"standings": [standings_json(*p) for p in places]} if places else {}))
    else:
        click.echo(render_comparison(comparison), nl=False)
        for session, ranks in places:
            click.echo("\n" + render_standings(session, ranks), nl=False)


@main.command()
@click.argument("file", type=RECORD)
@click.option("--json", "as_json", is_flag=True, help="Print the audit result as JSON.")
@EVERY_SESSION
def audit(file: str, as_json: bool, session: int | None) -> None:
    """Compare the recorded (paper) scores in FILE (every session of a PBN or LIN file) with the
    recomputed ones. Exit 1 on mismatches (or errors: a duplicate session's broken boards are
    reported and its fine ones audited)."""
    from .reports.sheets import sheet_writer
    from .reports.traveller_audit import audit_travellers

    def audited(which: Which, read: ReadResult, report: SessionReport) -> tuple[bool, dict[str, object] | None]:
        errors = [d for d in report.diagnostics if d.severity is Severity.ERROR]
        result = sheet_writer(report).audit(report)
        travellers = audit_travellers(report, read.travellers, read.totals)
        unchecked, notes = result.unchecked, result.unchecked_notes()
        tally = result.tally
        clean = result.clean and not errors and not travellers.mismatches
        # as the session page says it: nothing recorded to check is no paper score, not a clean audit
        said = tally.text if result.deals_checked else "no paper score"
        if as_json:
            return clean, ({"file": file, **which_json(which), "deals_checked": result.deals_checked,
                            "deals_with_mismatches": tally.deals_with_mismatches, "mismatching_entries": tally.entries,
                            "summary": said, "mismatches": [m.to_json() for m in result.mismatches]}
                           | ({"unchecked": list(unchecked)} if unchecked else {})
                           | ({"unplayed": list(result.unplayed)} if result.unplayed else {})
                           | ({"valid": False, "errors": [d.to_json() for d in errors]} if errors else {})
                           | ({"traveller_rows_checked": travellers.rows_checked,
                               "traveller_mismatches": [m.to_json() for m in travellers.mismatches]}
                              if travellers.rows_checked else {})
                           | ({"traveller_totals_checked": travellers.totals_checked} if travellers.totals_checked else {})
                           | ({"traveller_imps": str(travellers.imp_reading)} if travellers.imp_reading else {}))
        print_other_sessions(file, report)
        print_problems(file, errors)
        for m in result.mismatches:
            click.echo(f"deal {m.deal}: {m.explanation}")
        for t in travellers.mismatches:
            click.echo(t.describe())
        for note in notes:
            click.echo(note)
        click.echo(f"{named(file, which)}: " + (f"{plural(result.deals_checked, 'deal')} checked, {said}"
                                                if result.deals_checked else said))
        if travellers.rows_checked:
            totals = f" and {plural(travellers.totals_checked, 'pair')}' totals" if travellers.totals_checked else ""
            imps = f" (IMPs read as {travellers.imp_reading})" if travellers.imp_reading else ""  # duplicate-bridge.md §5.7
            click.echo(f"{named(file, which)}: {plural(travellers.rows_checked, '[ScoreTable] row')}{totals} checked{imps}, "
                       f"{plural(len(travellers.mismatches), 'mismatch', 'mismatches')}")
        return clean, None

    _each_scored(file, as_json, None, session, True, audited)


# ---------------------------------------------------------------- the session store

_store_option = click.option(
    "--store", "store_path", envvar="VINT_STORE", default="vint-store", show_default=True,
    type=click.Path(file_okay=False), help="The store folder (or set VINT_STORE).")


@main.command("import")
@click.argument("paths", nargs=-1, required=True)
@_store_option
@click.option("--replace", is_flag=True, help="Overwrite stored sessions whose content differs.")
@click.option("--workers", type=click.IntRange(1), default=None, help="Worker processes (default: one per CPU).")
@click.option("--skip-broken-deals", "skip_broken", is_flag=True,
              help="Store each session without its deals with errors (each listed), instead of rejecting it.")
def import_(paths: tuple[str, ...], store_path: str, replace: bool, workers: int | None, skip_broken: bool) -> None:
    """Check, score and store the sessions in PATHS (files, folders, glob patterns).
    Exit 1 if any file was rejected or stored without some of its deals."""
    from .store import Store, StoreError
    from .store.importer import expand_paths

    files, missing = expand_paths(paths)
    total = len(files) + len(missing)
    with click.progressbar(length=total, label="Importing", file=sys.stderr,
                           hidden=total < 20 or not sys.stderr.isatty()) as bar:
        try:
            summary = Store(store_path).import_paths(paths, replace=replace, workers=workers, progress=bar.update,
                                                     skip_broken=skip_broken)
        except StoreError as err:
            raise click.ClickException(str(err))
    sessions_of = Counter(o.path for o in summary.outcomes)  # a PBN or LIN file's sessions: each one named
    for outcome in summary.rejected:
        for d in outcome.errors:
            click.echo(d.describe(outcome.path), err=True)
        if outcome.reason:
            click.echo(f"{outcome.path}: {outcome.reason}", err=True)
        which = f" (session {outcome.session_id})" if sessions_of[outcome.path] > 1 and outcome.session_id else ""
        click.echo(f"{outcome.path}{which}: rejected", err=True)
    for outcome in [*summary.imported, *summary.replaced]:  # a PBN file's other sessions: named, not dropped
        for d in outcome.diagnostics:
            if d.code == "pbn_session":
                click.echo(d.describe(outcome.path), err=True)
    partial = [o for o in summary.outcomes if o.dropped and o.status != "rejected"]
    for outcome in partial:
        for d in outcome.dropped:
            click.echo(d.describe(outcome.path), err=True)
        numbers = ", ".join(map(str, outcome.dropped_deals))
        click.echo(f"{outcome.path}: deal{'s' if len(outcome.dropped_deals) > 1 else ''} {numbers} left out of "
                   f"session {outcome.session_id} (broken; --skip-broken-deals)", err=True)
    dropped = sum(len(o.dropped_deals) for o in partial)
    deals = summary.deals
    click.echo(f"{len(summary.imported)} imported, {len(summary.replaced)} replaced, "
               f"{len(summary.unchanged)} unchanged, {len(summary.rejected)} rejected; "
               f"{deals} deal{'s' if deals != 1 else ''} written in {summary.seconds:.1f} s "
               f"({store_path})" + (f"; {plural(dropped, 'broken deal')} left out of "
                                    f"{plural(len(partial), 'session')}" if partial else ""))
    sys.exit(1 if summary.rejected or partial else 0)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, readable=True))
@_store_option
@click.option("--reason", required=True, help="Why the session is corrected (required; kept with the version).")
@click.option("--by", "author", default=None, help="Who corrects it (default: the OS user).")
def correct(file: str, store_path: str, reason: str, author: str | None) -> None:
    """Store FILE as the next version of the stored session it holds, keeping every earlier
    version (see `history`); of a file of several sessions (a PBN match), those it changes. Exit 1
    if it is invalid or changes nothing."""
    from .store import StoreError, open_existing
    from .store.versions import Correction, os_user

    if not reason.strip():
        raise click.UsageError("--reason must say why the session is corrected")
    correction = Correction(reason.strip(), author or os_user())
    try:
        summary = open_existing(store_path).import_paths([file], workers=1, correction=correction)
    except StoreError as err:
        raise click.ClickException(str(err))
    for outcome in summary.rejected:
        for d in outcome.errors:
            click.echo(d.describe(outcome.path), err=True)
        click.echo(printable(f"{outcome.path}: {outcome.reason or 'not a valid session'}: not stored"), err=True)
    for outcome in summary.replaced:  # the number this import took, not the latest (another may follow at once)
        click.echo(printable(f"{outcome.session_id}: version {outcome.version} stored "
                             f"({correction.author}: {correction.reason})"))
    for outcome in summary.unchanged:  # another session of the file was corrected (Correction.settle)
        click.echo(printable(f"{outcome.session_id}: unchanged (stored with this content already)"))
    sys.exit(1 if summary.rejected else 0)


def _session_id(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """A session id typed as an argument; one with a byte that is not UTF-8 (the shell passes it
    as a lone surrogate) names no stored session, since the store keeps ids as UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise click.BadParameter(f"{printable(repr(value))} is not UTF-8 text, so no stored session has it as its id")
    return value


def _unknown_session(session_id: str, store_path: str, version: int | None = None) -> click.BadParameter:
    """A session id (or its ``--version``) the store does not hold: a usage error (exit 2), as a
    ``--session`` past a file's last is (format.md §4.1)."""
    which = "" if version is None else f" version {version}"
    return click.BadParameter(f"no session {session_id!r}{which} in the store {store_path} (`vint-replay sessions` "
                              "lists them)", param_hint="'SESSION_ID'" if version is None else "'--version'")


@main.command()
@click.argument("session_id", callback=_session_id)
@_store_option
@click.option("--json", "as_json", is_flag=True, help="Print the versions and their differences as JSON.")
def history(session_id: str, store_path: str, as_json: bool) -> None:
    """List the accepted versions of SESSION_ID (when, who, why) and, between consecutive
    versions, what changed deal by deal and how the score moved."""
    from .reports.history import history_json, history_lines
    from .store import StoreError, open_existing

    try:
        versions = open_existing(store_path).versions(session_id)
    except KeyError:
        raise _unknown_session(session_id, store_path)
    except StoreError as err:
        raise click.ClickException(str(err))
    if as_json:
        emit_json(history_json(versions))
        return
    for line in history_lines(versions):
        click.echo(printable(line))


def _session_ids(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_session_id(ctx, param, value) for value in values)


@main.command()
@click.argument("session_ids", nargs=-1, required=True, metavar="SESSION_ID...", callback=_session_ids)
@click.argument("out")
@_store_option
@click.option("--version", "version", type=click.IntRange(1), default=None,
              help="An earlier accepted version (see `history`; default: the current one); of one session.")
def export(session_ids: tuple[str, ...], out: str, store_path: str, version: int | None) -> None:
    """Write stored session SESSION_ID to OUT (.vint for the text format, .pbn for PBN with the
    double-dummy tables when analysed, .lin for LIN, else JSON; - for stdout). Several sessions
    go into one PBN file, or one LIN file when they are a match's two rooms."""
    from .store import open_existing

    fmt = format_of(out)
    if len(session_ids) > 1 and version is not None:
        raise click.UsageError("--version names an earlier version of one session: export them one at a time")
    store = open_existing(store_path)
    records = []
    for session_id in session_ids:
        try:
            records.append(store.load_session(session_id, version=version))
        except KeyError:
            raise _unknown_session(session_id, store_path, version)
    tables = []
    if fmt == "pbn":  # with the double-dummy tables when the store has them
        from .analysis.optimum import optimum_tables

        tables = [optimum_tables(store, session_id) for session_id in session_ids]
    text = _text_of(records, fmt, session_ids, tables)
    if out == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as err:
        raise click.ClickException(f"cannot write {out}: {err.strerror or err}")
    for session_id, record in zip(session_ids, records):
        click.echo(printable(f"{out}: session {session_id} ({plural(len(record.deals), 'deal')})"))


@main.command()
@_store_option
@click.option("--json", "as_json", is_flag=True, help="Print the sessions as a JSON list.")
def sessions(store_path: str, as_json: bool) -> None:
    """List the sessions in the store."""
    from .store import open_existing

    columns = ["session_id", "date", "event", "player_n", "player_e", "player_s", "player_w",
               "deals", "rubbers", "total_ns", "total_ew"]
    store = open_existing(store_path)
    frame = store.sessions(columns=[*columns, "rules", "extra_json"]).sort_values(["date", "session_id"],
                                                                                na_position="first")
    rows: list[dict[str, Any]] = [{k: (None if v != v else v) for k, v in row.items()}  # a store row: pandas' values
                                  for row in frame.to_dict("records")]
    own = _own_sheets(store, rows)
    for row in rows:
        del row["rules"], row["extra_json"]
        if row["session_id"] in own:  # each player's balance instead of two sides' totals
            row["balances"] = {c.label: c.figures for c in own[row["session_id"]].columns}
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        players = "–".join(str(row[c]) for c in ("player_n", "player_e", "player_s", "player_w"))
        result = f"N–S {row['total_ns']} E–W {row['total_ew']}"
        if row["session_id"] in own:  # every player (a fifth, a party of 2, 3 or 5) as the sessions page shows him
            summary = own[row["session_id"]]
            players = "–".join(c.label for c in summary.columns)
            result = "balances " + summary.text(" · ")
        click.echo(printable(f"{row['session_id']}  {row['date'] or '':10}  {plural(row['deals'], 'deal'):>11}  "
                             f"{result}  {players}  {row['event'] or ''}".rstrip()))
    click.echo(f"{plural(len(rows), 'session')}, {plural(int(frame['deals'].sum()), 'deal')}", err=True)


def _own_sheets(store, rows: list[dict[str, object]]) -> dict[str, Summary]:
    """The score summary (engine/summary.py) of each stored session whose profile keeps its own
    sheet (``totals_stored``: a table's players, solo whist's payments), which the store's two
    sides' totals do not hold; the others' totals are the stored ones (no replay needed)."""
    from .engine.record import SessionInfo
    from .engine.seats import by_seat
    from .engine.session import evaluate

    out = {}
    for row in rows:
        sid, rules, extra = str(row["session_id"]), str(row["rules"]), json.loads(str(row["extra_json"] or "{}"))
        party = tuple(extra["party"]) if "party" in extra else None
        info = SessionInfo(sid, by_seat(str(row[c]) for c in ("player_n", "player_e", "player_s", "player_w")),
                           rules=rules, fifth=extra.get("fifth"), party=party)
        if get_profile(rules, extra.get("options")).totals_stored(info):
            continue
        report = evaluate(store.load_session(sid))
        if report.score is not None:
            out[sid] = report.score.session_summary()
    return out


@main.command()
@_store_option
def compact(store_path: str) -> None:
    """Merge the store's files into one per table partition (atomic; the data do not change)."""
    from .store import StoreError, open_existing

    try:
        result = open_existing(store_path).compact()
    except StoreError as err:
        raise click.ClickException(str(err))
    click.echo(f"{result.files_before} files → {result.files_after} in {result.seconds:.1f} s")


@main.command()
@_store_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def check(store_path: str, as_json: bool) -> None:
    """Verify every file of the store against what the store recorded when writing it
    (exists, size, checksum, readable Parquet, schema, rows). Exit 1 if anything is damaged."""
    from .store.damage import check_store

    report = check_store(Path(store_path))
    if as_json:
        emit_json({"store": store_path, "ok": not report.problems, "generation": report.generation,
                   "schema_version": report.schema_version, "files": report.files,
                   "problems": [{"file": p.file, "message": p.message} for p in report.problems]})
    elif report.problems:
        for problem in report.problems:
            click.echo(f"{store_path}/{problem}", err=True)
        n = len(report.problems)
        click.echo(f"{store_path}: damaged, {n} problem{'s' if n != 1 else ''}; "
                   f"`vint-replay repair --store {store_path}` brings it back to a consistent state", err=True)
    else:
        legacy = " (written before manifests: files checked for readability and schema only)" \
            if report.schema_version == 1 else ""
        click.echo(f"{store_path}: ok, {report.files} files of generation {report.generation} verified, "
                   f"schema version {report.schema_version}{legacy}")
    sys.exit(1 if report.problems else 0)


@main.command()
@_store_option
def repair(store_path: str) -> None:
    """Bring a damaged store back to a consistent state: the newest earlier generation that
    verifies clean, or the current one without the sessions the damaged files held (whichever
    loses fewer sessions). Atomic; the damaged files are kept in .damaged/."""
    from .store.repair import repair as repair_store

    summary = repair_store(Path(store_path))
    if summary.action == "clean":
        click.echo(f"{store_path}: nothing to repair, every file verifies")
        return
    if summary.action == "upgraded":
        click.echo(f"{store_path}: upgraded to generation {summary.generation} with a manifest; every file verifies")
        return
    for problem in summary.problems:
        click.echo(f"{store_path}/{problem}", err=True)
    if summary.links:
        click.echo(f"{store_path}: made the links {', '.join(summary.links)} again"
                   f"{f' (what stood in their place is kept in {summary.set_aside})' if summary.set_aside else ''}")
    if summary.action == "relinked":
        click.echo(f"{store_path}: generation {summary.generation} is committed again; every file verifies; "
                   "no session was dropped")
        return
    how = "rolled back to an earlier generation" if summary.action == "rolled back" else \
        "left out the damaged files and the sessions they held" if summary.dropped or summary.kept_in else \
        "recorded its files in a new manifest (each file reads, and the tables agree with each other)"
    click.echo(f"{store_path}: repaired as generation {summary.generation}: {how}")
    if summary.unnamed is not None:
        click.echo(f"generation {summary.unnamed} is gone: the sessions its imports added or corrected cannot be "
                   "named; import the files imported since then again")
    if summary.kept_in is not None:
        click.echo(f"the damaged files are kept in {summary.kept_in}")
    for dropped in summary.dropped:
        source = dropped.source_file or "its file"
        if dropped.reverted:
            click.echo(f"session {dropped.session_id!r} is back to its earlier content: "
                       f"import {source} again with --replace to restore it")
        else:
            click.echo(f"dropped session {dropped.session_id!r}: import {source} again to restore it")
    if not summary.dropped and summary.unnamed is None:
        click.echo("no session was dropped")


def _require_store(store_path: str) -> None:
    """Refuse a folder that is not a vint store, or a damaged one (the store's own check)."""
    from .store import open_existing

    open_existing(store_path)


def _address(host: str, port: int) -> str:
    """The URL a browser opens: the host as given, an IPv6 literal in brackets."""
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


# Waitress stops accepting past connection_limit open connections (100 by default) until
# channel_timeout (120 s) closes idle ones, so a few hundred half-open connections would block
# every request for two minutes: more room, idle ones closed after 10 s (checked every 2 s).
IDLE_LIMITS = {"connection_limit": 500, "channel_timeout": 10, "cleanup_interval": 2, "asyncore_use_poll": True}


def _listen(store: str, host: str, port: int, debug: bool, on_import: Callable[[], object] | None = None):
    """Build the dashboard and take the address before anything else happens; returns the
    function that serves forever. Waitress (a production WSGI server) refuses a body larger
    than the upload cap from its Content-Length, before reading it (and stops reading a
    streamed one there). ``--debug`` runs Dash's development server with the Werkzeug
    debugger, only on a loopback address. A taken or unusable address is a one-line error."""
    import socket

    from dashboards.app import LOOPBACK_HOSTS, create_app

    loopback = host in ("127.0.0.1", "localhost", "::1")
    if debug and not loopback:
        raise click.UsageError("--debug exposes a debugger: use it only with --host 127.0.0.1")
    app = create_app(store, trusted_hosts=LOOPBACK_HOSTS if loopback else None, on_import=on_import)
    where = f"{host}:{port}"
    try:
        if debug:
            if os.environ.get("WERKZEUG_RUN_MAIN") != "true":  # the reloader's child reuses the parent's socket
                socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET).close()
            return lambda: app.run(host=host, port=port, debug=True, dev_tools_disable_version_check=True)
        import logging

        from waitress.server import create_server

        logging.basicConfig()  # waitress logs a failing request there
        server = create_server(app.server, host=host, port=port, threads=8, ident="vint-replay",
                               max_request_body_size=app.server.config["MAX_CONTENT_LENGTH"], **IDLE_LIMITS)
    except OSError as err:
        why = "the port is in use (another dashboard?); choose another with --port" \
            if err.errno == errno.EADDRINUSE else (err.strerror or str(err))
        raise click.ClickException(f"cannot listen on {where}: {why}")
    return server.run


def _announce(store: str, host: str, port: int) -> None:
    click.echo(f"vint-replay dashboard on {_address(host, port)} (store {store}); Ctrl+C stops it")


@main.command()
@_store_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 exposes it to the network).")
@click.option("--port", default=8050, show_default=True, type=click.IntRange(1, 65535))
@click.option("--debug", is_flag=True, help="Dash debug mode (reloader, debugger); loopback only.")
def serve(store_path: str, host: str, port: int, debug: bool) -> None:
    """Serve the dashboard over the store: sessions, scoresheets, replays, analysis."""
    _require_store(store_path)
    run = _listen(store_path, host, port, debug)
    _announce(store_path, host, port)
    run()


# the sample evenings of the other games, beside vint's in sample_data/ (the demo imports them all)
SAMPLE_FOLDERS = ("solo/", "laws/", "vint235/")


@main.command()
@_store_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8050, show_default=True, type=click.IntRange(1, 65535))
def demo(store_path: str, host: str, port: int) -> None:
    """Import the sample club evenings (sample_data/ and its folders of the other games:
    solo/, laws/ and vint235/) into the store if needed, then serve;
    the double-dummy analysis of what is not analysed yet (the samples, then each upload)
    runs in the background, and the demo says when it has finished."""
    from dashboards.background import BackgroundAnalysis

    from .store import Store
    from .store.corrections import apply_corrections

    folder = Path("sample_data")
    if not folder.is_dir():
        folder = Path(__file__).resolve().parent.parent / "sample_data"
    files = [str(p) for where in ("", *SAMPLE_FOLDERS) for p in sorted(folder.glob(f"{where}*.json"))]
    if not files:
        raise click.ClickException(f"no sample sessions found in {folder}")
    analysis = BackgroundAnalysis(store_path, say=click.echo)
    run = _listen(store_path, host, port, False, on_import=analysis.request)
    summary = Store(store_path).import_paths(files, replace=False)
    corrected = [o for o in summary.rejected if _earlier_version(Store(store_path), o.path, o.session_id)]
    for outcome in summary.rejected:
        if outcome not in corrected:
            click.echo(f"{outcome.path}: not imported ({outcome.reason or 'has errors'})", err=True)
    click.echo(f"sample sessions: {len(summary.imported)} imported, "
               f"{len(summary.unchanged) + len(corrected)} already in {store_path}")
    for line in apply_corrections(Store(store_path), folder / "corrections"):  # after the samples they correct
        click.echo(line)
    _announce(store_path, host, port)
    analysis.request()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # so that `finally` stops the analysis too
    try:
        run()
    finally:
        analysis.stop()  # safe: analyze commits whole runs and resumes next time


def _earlier_version(store, path: str, session_id: str | None) -> bool:
    """Whether the store holds the record at ``path`` as a version of its session: a sample
    the demo's own correction has since replaced, which is in place, not a clash."""
    from .formats import read_file
    from .store.content import content_sha256, kept_sha256, same_session

    record = read_file(Path(path)).record
    if record is None or session_id is None or session_id not in store:
        return False
    digests = content_sha256(record), kept_sha256(record)
    return any(same_session(v.digests, digests) for v in store.versions(session_id))


def _scheduler_address(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A Dask scheduler address as Dask reads it (``tcp://HOST:PORT``), or a usage error."""
    if value is None:
        return None
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        parse_host_port(parse_address(value)[1])
    except ValueError as err:
        raise click.BadParameter(f"{err}; expected tcp://HOST:PORT")
    return value


@main.command()
@_store_option
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Local worker processes (default: one per CPU; 1 runs in this process).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", callback=_scheduler_address,
              help="Run on this Dask distributed scheduler instead of local processes.")
@click.option("--retry-errors", is_flag=True, help="Analyse again the deals on which DDS failed before.")
def analyze(store_path: str, workers: int | None, scheduler: str | None, retry_errors: bool) -> None:
    """Double-dummy analysis of every stored deal not analysed yet: DD tables and vint par
    (dd_tables/), each card's DD cost (dd_plays/). Resumable: an interrupted run keeps what it
    wrote and the next one goes on from there."""
    from .analysis.batch import analyse_store, pending_deals
    from .store import Store

    store = Store(store_path)
    if not (store.root / "sessions").exists():
        raise click.ClickException(f"{store_path} is not a store with sessions (import some first)")
    total = sum(len(v) for v in pending_deals(store, retry_errors).values())
    where = scheduler or f"{workers or os.cpu_count() or 1} local process(es)"
    click.echo(f"{total} deal{'s' if total != 1 else ''} to analyse on {where}", err=True)
    with click.progressbar(length=total, label="Analysing", file=sys.stderr,
                           hidden=total == 0 or not sys.stderr.isatty()) as bar:
        try:
            summary = analyse_store(store, workers or os.cpu_count() or 1, scheduler, retry_errors,
                                    progress=bar.update)
        except OSError as err:  # e.g. the scheduler cannot be reached
            raise click.ClickException(f"analysis stopped: {err}")
    for item in summary.skipped:
        click.echo(f"{item.session_id} deal {item.deal}: not analysed ({item.reason})", err=True)
    for result in summary.failed:
        click.echo(f"{result.job.session_id} deal {result.job.deal}: DDS failed ({result.error})", err=True)
    click.echo(f"{summary.analysed} analysed, {len(summary.failed)} failed, {len(summary.skipped)} skipped "
               f"in {summary.seconds:.1f} s ({store_path})")
    sys.exit(1 if summary.failed else 0)  # a deal skipped (invalid, void, 14 cards) is no failure of the run


@main.command()
@click.argument("source", type=RECORD)
@click.argument("target")
@click.option("--from", "from_fmt", type=FORMATS, help="Format of SOURCE (default: its extension; for - JSON if it "
                                                       "starts with '{', else .vint).")
@click.option("--to", "to_fmt", type=FORMATS, help="Format of TARGET (default: its extension; '-' is JSON).")
@click.option("--strict", is_flag=True, help="Unknown fields and tags are errors, not warnings.")
@click.option("--session", type=click.IntRange(1), default=None,
              help="Only this session of a PBN or LIN file holding several (one per event, room and table; default: "
                   "every session into PBN, a match's two rooms into LIN, else the first).")
def convert(source: str, target: str, from_fmt: str | None, to_fmt: str | None, strict: bool,
            session: int | None) -> None:
    """Convert a record between JSON, .vint and PBN text without loss, and from and to LIN
    ('-' for stdin/stdout). Every session of a PBN or LIN file goes into one PBN file, and a
    match's two rooms into one LIN file; JSON, .vint and LIN otherwise hold one session (the
    first, or --session N).

    A file that cannot be read completely is not converted (exit 1): nothing is dropped."""
    if to_fmt is None and target != "-" and not target.lower().endswith((".json", ".vint", ".pbn", ".lin")):
        raise click.UsageError(f"cannot tell the format of {target!r}: name it .json, .vint, .pbn or .lin, or give "
                               "--to")
    from .engine.settle import settle

    fmt = to_fmt or format_of(target)
    every = session is None and fmt in ("pbn", "lin")  # formats that hold several sessions a file
    read = file_sessions(source, strict, from_fmt, None if every else session or 1)
    if every and fmt == "lin" and len(read) > 1:
        from .formats.lin_write import match_rooms

        if not match_rooms([result.record for _, result in read]):  # LIN holds one of them: the first, as JSON
            read = file_sessions(source, strict, from_fmt, 1)
    records = []
    for which, result in read:
        record, settling = (None, []) if result.record is None else settle(result.record)  # AP, seat columns
        problems = result.diagnostics if not settling else in_line_order(result.diagnostics, result.locate(settling))
        print_problems(named(source, which), problems, all_to_stderr=target == "-")
        if record is None or any(d.severity is Severity.ERROR for d in problems):
            click.echo(f"{named(source, which)}: not converted until the errors above are fixed", err=True)
            sys.exit(1)
        records.append((which, record))
    text = _text_of([record for _, record in records], fmt,
                    [source if len(records) == 1 else named(source, which) for which, _ in records])
    if target == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as err:
        raise click.ClickException(f"cannot write {target}: {err.strerror or err}")


def _text_of(records: Sequence[SessionRecord], fmt: str, names: Sequence[str],
             dd_tables: Sequence[Mapping[int, Sequence[Sequence[int]]] | None] = ()) -> str:
    """The sessions written as ``fmt`` (formats/written.py), or a usage error naming what the
    format cannot hold (format.md §5.3, §5.7): nothing is written that would not read back. What
    the boards record that LIN does not write is a ``lin_drops`` warning on standard error, given
    as the session's ``names``."""
    from .formats.written import Unwritable, written

    try:
        out = written(records, fmt, dd_tables)
    except Unwritable as err:
        raise click.UsageError(str(err))
    for k, lost in out.dropped:  # on standard error: standard output may be the LIN itself
        click.echo(lost.describe(names[k]), err=True)
    return out.text


def _next_step() -> bool:
    """At a terminal, wait for a key (False for q, Esc or Ctrl-C); elsewhere never wait."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return True
    click.echo("  … any key: next trick, q: stop", nl=False)
    try:
        key = click.getchar()
    except (KeyboardInterrupt, EOFError):
        key = "q"
    click.echo("\r" + " " * 36 + "\r", nl=False)
    return key not in ("q", "Q", "\x1b", "\x03")


@main.command()
@click.argument("file", type=RECORD)
@click.option("--deal", "number", type=int, required=True, help="The deal's number.")
@click.option("--trick", type=click.IntRange(0, 13), help="Show the position after this trick.")
@click.option("--step", is_flag=True, help="Wait for a key between tricks (at a terminal).")
@SESSION
def replay(file: str, number: int, trick: int | None, step: bool, session: int) -> None:
    """Show deal N of FILE: the hands round the table, the auction, then the play trick by trick
    with the running trick count and below-the-line score. Exit 1 if the deal has errors."""
    from .reports.terminal import DealView

    result, report = load(file, session=session)
    if report is None:
        print_problems(file, problems_of(result, report))
        sys.exit(1)
    numbers = [d.number for d in report.record.deals]
    if number not in numbers:
        shown = f"{numbers[0]}–{numbers[-1]}" if numbers else "none"
        raise click.UsageError(f"{printable(file)} has no deal {number} (deals: {shown})")
    index = numbers.index(number)
    problems = [d for d in report.diagnostics if d.deal in (None, number)]
    print_problems(file, problems)
    view = DealView.of(report, index, color=True)
    if trick is not None:
        played = len(view.replay.tricks)
        if (trick > played or view.replay.hands is None or not played) and error_count(problems):
            click.echo(f"deal {number} cannot be shown after trick {trick} until the errors above are fixed", err=True)
            sys.exit(1)
        if view.replay.hands is None or not played:
            raise click.UsageError(f"deal {number} has no card play to show; leave out --trick")
        if trick > played:
            raise click.UsageError(f"deal {number} has {played} trick{'s' if played != 1 else ''} to show, not {trick}")
        click.echo(view.after(trick), nl=False)
    elif step:
        pieces = list(view.steps())
        for i, piece in enumerate(pieces):
            click.echo(piece)
            if i < len(pieces) - 1 and not _next_step():
                break
    else:
        click.echo(view.full(), nl=False)
    sys.exit(1 if any(d.severity is Severity.ERROR for d in problems) else 0)



@main.command()
@click.argument("file", type=RECORD)
@click.option("--deal", "number", type=int, required=True, help="The deal's number.")
@click.option("--at", type=int, default=None, help="Branch before this card of the play (0: before the opening lead).")
@click.option("--play", "play", multiple=True, metavar="CARD", help="Cards played from there, in order (repeat it, "
                                                                     "or give several: --play 'SA H2').")
@click.option("--finish", is_flag=True, help="Play the rest of the line out double dummy, and score it.")
@click.option("--seat", type=click.Choice(["N", "E", "S", "W"], case_sensitive=False), default=None,
              help="Single dummy for this seat, the one to play: layouts of the cards it could not see.")
@click.option("--samples", type=click.IntRange(1, 500), default=None, help="Layouts for --seat (default 16).")
@click.option("--seed", type=int, default=21, show_default=True, help="The layouts' random seed (--seat).")
@click.option("--contract", "call", default=None, metavar="CALL",
              help="Another final contract instead of the play: this call, then passes (e.g. 3NT).")
@click.option("--call-at", type=int, default=None,
              help="With --contract: the actual auction's calls kept before it (default: up to its final bid).")
@click.option("--json", "as_json", is_flag=True, help="Print the vint-whatif/1 document.")
@SESSION
def whatif(file: str, number: int, at: int | None, play: tuple[str, ...], finish: bool, seat: str | None,
           samples: int | None, seed: int, call: str | None, call_at: int | None, as_json: bool, session: int) -> None:
    """Try other cards in deal N of FILE from card K on: the position, each legal card's
    double-dummy tricks, and for a finished line its score against the actual play; with
    --seat, that seat's single-dummy odds; with --contract, another final contract played
    double dummy and scored against the actual."""
    from .analysis.dd import DDSFailure, card_values
    from .analysis.single_dummy import DEFAULT_SAMPLES, single_dummy
    from .analysis.variation import OutOfRange, Refused, VariationError, branch
    from .engine.cards import Card
    from .engine.seats import Seat
    from .reports.whatif import WhatIf, render_whatif, whatif_json

    if (call is None) == (at is None):
        raise click.UsageError("give --at K (a line of the play) or --contract CALL (another final contract)")
    if call is not None:
        if play or finish or seat:
            raise click.UsageError("--contract replaces the auction's end: --play, --finish and --seat go with --at")
        _whatif_contract(file, number, call, call_at, as_json, session)
        return
    if samples is not None and seat is None:
        raise click.UsageError("--samples goes with --seat")
    try:  # each --play value is one card or several, split by spaces or commas
        cards = tuple(Card.parse(text) for value in play for text in value.replace(",", " ").split())
    except ValueError as err:
        raise click.UsageError(f"--play: {err} (cards are written SA, HT, ♥10: docs/format.md §1)")
    _, report = _checked(file, as_json, session=session)
    assert at is not None
    try:
        variation = branch(report, number, at).play(*cards)
        given = len(variation.cards)
        if finish:
            variation = variation.finish()
        values = card_values(variation.state, variation.contract)
        outcome = variation.outcome() if variation.finished else None
        odds = None if seat is None else single_dummy(variation, Seat.parse(seat), samples or DEFAULT_SAMPLES, seed)
    except OutOfRange as err:
        raise click.UsageError(f"{printable(file)}: {err}")
    except Refused as err:
        raise click.ClickException(f"{printable(file)}: deal {number}, {err}")
    except VariationError as err:  # the message names the deal
        raise click.ClickException(f"{printable(file)}: {err}")
    except DDSFailure as err:
        raise click.ClickException(f"{printable(file)}: deal {number}: {err}")
    what = WhatIf(variation, variation.cards[given:], values, outcome, odds, seed)
    if as_json:
        emit_json(whatif_json(what, file))
    else:
        click.echo(render_whatif(what, color=True), nl=False)


def _whatif_contract(file: str, number: int, text: str, call_at: int | None, as_json: bool, session: int) -> None:
    """``whatif --contract``: another final contract of deal ``number``, played double dummy."""
    from .analysis.contract_choice import choose_contract, final_bid_turn
    from .analysis.dd import DDSFailure
    from .analysis.variation import OutOfRange, VariationError
    from .engine.calls import Call
    from .reports.whatif import choice_json, render_choice

    try:
        call = Call.parse(text)
    except ValueError as err:
        raise click.UsageError(f"--contract: {err} (calls are written 3NT, 4S, X: docs/format.md §1)")
    _, report = _checked(file, as_json, session=session)
    try:
        choice = choose_contract(report, number, final_bid_turn(report, number) if call_at is None else call_at, call)
    except OutOfRange as err:
        raise click.UsageError(f"{printable(file)}: {err}")
    except VariationError as err:  # the message names the deal
        raise click.ClickException(f"{printable(file)}: {err}")
    except DDSFailure as err:
        raise click.ClickException(f"{printable(file)}: deal {number}: {err}")
    if as_json:
        emit_json(choice_json(choice, file))
    else:
        click.echo(render_choice(choice), nl=False)
