"""Reading, checking and scoring record files for an import, in batches (and in parallel).

A worker turns a list of files into :class:`FileOutcome` s and one :class:`TableRows` batch
of the valid sessions; the store then decides which of them to write.
"""
from __future__ import annotations

import glob
import hashlib
import os
import resource
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

import pyarrow as pa

from .columnar import ParsedSession, check_parsed, decoded_session, empty_batch, parse_texts
from ..engine.diagnostics import Diagnostic, Severity, in_file_order
from ..formats import ReadResult, format_of, read_sessions
from ..formats.json_record import plain_text
from ..engine.gc_pause import paused_gc
from ..engine.record import SessionRecord
from ..engine.rule_profile import RuleProfile
from ..engine.session import SessionReport, evaluate
from ..games import registry
from ..reports.seat_order import with_seat_order_hints
from .content import NOTHING_KEPT, columnar_sha256, content_sha256, kept_sha256
from .rows import Source, TableRows

RECORD_SUFFIXES = (".json", ".vint", ".pbn", ".lin")
MAX_CALLS = 127  # the calls table's index column is an int8


@dataclass
class FileOutcome:
    """What happened to one file: ``status`` is imported, replaced, unchanged or rejected."""

    path: str
    status: str
    session_id: str | None = None
    deals: int = 0
    content_sha256: str | None = None
    kept_sha256: str | None = None  # of its boards' recorded figures and kept PBN tags (store/content.py)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    reason: str | None = None  # why an otherwise valid session was refused
    version: int | None = None  # the version number a replacement was stored as
    dropped: list[Diagnostic] = field(default_factory=list)  # --skip-broken-deals: the errors of the deals left out

    @property
    def dropped_deals(self) -> list[int]:
        """The numbers of the deals left out (``--skip-broken-deals``), in the file's order."""
        return list(dict.fromkeys(d.deal for d in self.dropped if d.deal is not None))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


@dataclass
class CheckedBatch:
    """A worker's result: every file's outcome and the rows of its valid sessions.
    ``row_of[i]`` is the session index in ``tables`` of ``outcomes[i]`` (``None`` if invalid)."""

    outcomes: list[FileOutcome]
    row_of: list[int | None]
    years: list[int | None]
    tables: dict[str, pa.RecordBatch] | None
    cpu_seconds: float = 0.0  # spent checking this batch (in whichever process did it)
    peak_rss_mb: float = 0.0  # of that process so far


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[str], list[FileOutcome]]:
    """Files, folders (searched recursively for ``.json``, ``.vint``, ``.pbn`` and ``.lin``) and glob patterns,
    as a sorted list without duplicates; paths matching nothing become rejected outcomes."""
    found: dict[str, None] = {}
    missing: list[FileOutcome] = []
    for text in map(str, paths):
        path = Path(text)
        if path.is_dir():
            matches = sorted(str(p) for p in path.rglob("*") if p.suffix.lower() in RECORD_SUFFIXES and p.is_file())
        elif path.exists():
            matches = [text]
        elif glob.has_magic(text):
            matches = sorted(p for p in glob.glob(text, recursive=True) if Path(p).is_file())
        else:
            matches = []
        if not matches:
            what = "no record files (.json, .vint, .pbn, .lin) in this folder" if path.is_dir() else "no such file"
            missing.append(FileOutcome(text, "rejected", diagnostics=[Diagnostic("syntax", what)]))
        for match in matches:
            found.setdefault(match, None)
    return list(found), missing


@dataclass(frozen=True, slots=True)
class KnownFile:
    """A stored session, found by the SHA-256 of the file it was imported from: a file with
    these exact bytes needs no checking."""

    session_id: str
    content_sha256: str
    deals: int
    kept_sha256: str | None  # null: stored before schema version 5

    def outcome(self, path: str) -> FileOutcome:
        """The outcome of a file with the stored file's bytes: checked, as stored."""
        return FileOutcome(path, "checked", self.session_id, self.deals, self.content_sha256, self.kept_sha256)


_known: dict[str, KnownFile] = {}  # by source SHA-256; set in each worker by remember()
_skip_broken = False  # --skip-broken-deals; set in each worker by remember()
PARTIAL = "partial:"  # source_sha256 of a session stored without its broken deals: never a file's own hash


def remember(known: dict[str, KnownFile], skip_broken: bool = False, games: tuple[type[RuleProfile], ...] = ()) -> None:
    """Give this process the stored files' hashes, whether a session is stored without its
    broken deals, and the rule systems registered in the importing process (``games``: a worker
    pool's processes start afresh, without them) — a worker pool's initializer."""
    global _known, _skip_broken
    _known, _skip_broken = known, skip_broken
    for game in games:
        if game not in registry.registered():
            registry.register(game)


def check_files(paths: list[str]) -> list[CheckedBatch]:
    """Check a batch of files (runs in a worker process). If checking them together fails
    unexpectedly, each file is checked alone, so that one bad file never costs the others;
    a file that fails alone is rejected with the error."""
    try:
        return [_check_batch(paths)]
    except Exception as err:  # a bug met on some file: find which, keep the rest
        if len(paths) > 1:
            return [batch for path in paths for batch in check_files([path])]
        return [CheckedBatch([FileOutcome(paths[0], "rejected", diagnostics=[_internal(err)])], [None], [], None)]


def _internal(err: Exception) -> Diagnostic:
    """The diagnostic of a file vint-replay failed on (a bug to report, not the file's fault)."""
    return Diagnostic("internal", f"vint-replay failed on this file ({type(err).__name__}: {err}); please report it")


def _check_batch(paths: list[str]) -> CheckedBatch:
    """Read, validate and score each file. A file whose bytes are those of an already stored
    session comes back ``checked`` without rows.

    Plain canonical JSON sessions are checked together by the columnar path; any other file,
    and any session it finds irregular, by the reference engine (which gives the diagnostics).
    """
    rows = TableRows()
    outcomes: list[FileOutcome] = []
    row_of: list[int | None] = []
    now = datetime.now(timezone.utc)
    cpu = time.process_time()
    bulk: list[tuple[int, ParsedSession, Source]] = []  # (outcome index, session, source) for the columnar path
    path_of: dict[int, str] = {}  # outcome index -> its file (a PBN file has an outcome per session)
    with paused_gc():
        texts: list[tuple[int, str, Source]] = []  # (outcome index, text, source) of the JSON files to parse
        for path in paths:
            read = _read_plain(path)
            path_of[len(outcomes)] = path
            if read is None:
                for outcome, row in _check_one(path, rows, now):
                    row_of.append(row)
                    outcomes.append(outcome)
                continue
            if isinstance(read, PlainJson):
                texts.append((len(outcomes), read.text, read.source))
                read = FileOutcome(path, "rejected")  # until the columnar path or the engine decides, below
            outcomes.append(read)
            row_of.append(None)
        for (i, text, source), parsed in zip(texts, parse_texts([text for _, text, _ in texts])):
            parsed = parsed or decoded_session(text)  # laid out otherwise than the writer does: decoded first
            if parsed is None or parsed.call_counts.max() > MAX_CALLS:  # the reference path says why
                outcomes[i], row_of[i] = _check_one(path_of[i], rows, now)[0]  # a JSON file: one session
            else:
                outcomes[i] = FileOutcome(path_of[i], "rejected", parsed.info.id, len(parsed.number))
                bulk.append((i, parsed, source))
        if bulk:
            try:
                batch, irregular = check_parsed([p for _, p, _ in bulk])
            except Exception:  # a bug of the batch path must not cost the files: check them one by one
                batch, irregular = empty_batch(), list(range(len(bulk)))
            for k in irregular:  # the reference engine finds and reports what is wrong
                i = bulk[k][0]
                outcomes[i], row_of[i] = _check_one(path_of[i], rows, now)[0]  # a JSON file: one session
            dropped = set(irregular)
            regular = [b for k, b in enumerate(bulk) if k not in dropped]
            digests = columnar_sha256(batch)
            for j, ((i, _, _), digest) in enumerate(zip(regular, digests)):
                outcomes[i].status, outcomes[i].content_sha256, outcomes[i].kept_sha256 = "checked", digest, NOTHING_KEPT
                row_of[i] = len(rows) + j
            rows.add_columnar(batch, [source for _, _, source in regular], now, digests, NOTHING_KEPT)
    tables = rows.batches() if len(rows) else None
    return CheckedBatch(outcomes, row_of, rows.years, tables, time.process_time() - cpu,
                        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


class PlainJson(NamedTuple):
    """A JSON file's text for the columnar path, and where it came from."""

    text: str
    source: Source


def _read_plain(path: str) -> PlainJson | FileOutcome | None:
    """A JSON file's text for the columnar path (its outcome still to be decided), or the
    outcome of a stored file; ``None`` leaves the file to the reference engine."""
    if format_of(path) != "json":
        return None
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None  # reported by the reference path
    sha = hashlib.sha256(data).hexdigest()
    known = _known.get(sha)
    if known is not None:
        return known.outcome(path)
    text = plain_text(data)  # as read_json reads it (no NUL, no lone surrogate), else left to it
    if text is None:
        return None
    return PlainJson(text, Source(os.path.abspath(path), "json", sha))


def _check_one(path: str, rows: TableRows, now: datetime) -> list[tuple[FileOutcome, int | None]]:
    """Check one file with the reference engine: an outcome per session it holds (a PBN file
    may hold several), each with its session index in ``rows`` if it was added there."""
    try:
        checked = _check(path)
    except Exception as err:  # an engine bug must not take the other files down with it
        return [(FileOutcome(path, "rejected", diagnostics=[_internal(err)]), None)]
    out: list[tuple[FileOutcome, int | None]] = []
    for outcome, stored in checked:
        if stored is None:
            out.append((outcome, None))
        else:
            rows.add(stored.report, stored.source, now, stored.digest, stored.kept)
            out.append((outcome, len(rows) - 1))
    return out


class Storable(NamedTuple):
    """A session that can be stored: its report, its source, its content hash and the hash of
    its figures and kept tags."""

    report: SessionReport
    source: Source
    digest: str
    kept: str


Checked = tuple[FileOutcome, Storable | None]  # a session's outcome, and what stores it if it may be


def _check(path: str) -> list[Checked]:
    """Each session's outcome in one file and, if it can be stored, its report, source and content
    hash (a PBN file holds a session per event and room; other files one)."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        problem = Diagnostic("syntax", f"cannot read the file: {err.strerror or err}")
        return [(FileOutcome(path, "rejected", diagnostics=[problem]), None)]
    sha = hashlib.sha256(data).hexdigest()
    fmt = format_of(path)
    # a PBN or LIN file of one stored session may hold others, rejected or stored (and since
    # corrected) otherwise: it is read again, each session said as it stands; so is any file
    # asked to skip broken deals (else the retry the rejection suggests would store nothing)
    known = None if _skip_broken or fmt in ("pbn", "lin") else _known.get(sha)
    if known is not None:
        return [(known.outcome(path), None)]
    results = read_sessions(data, fmt)
    return [_check_session(path, fmt, sha, result) for result in results]


def _check_session(path: str, fmt: str, sha: str, result: ReadResult) -> Checked:
    """One session read from ``path``: its outcome and, if it can be stored, its report,
    source and content hash."""
    if result.record is None:
        return FileOutcome(path, "rejected", diagnostics=list(result.diagnostics)), None
    report = _evaluated(result.record, result.diagnostics)
    dropped: list[Diagnostic] = []
    if _skip_broken and not report.valid:
        report, dropped = _without_broken(result, report)
    record = report.record
    numbers = [d.number for d in result.record.deals]  # each deal's problems as validate lists them
    outcome = FileOutcome(path, "rejected", record.info.id, len(record.deals),
                          dropped=in_file_order(result.locate(dropped), numbers))
    if not report.valid or report.score is None:
        outcome.diagnostics = in_file_order(result.locate(report.diagnostics), numbers)
        return outcome, None
    outcome.diagnostics = list(report.diagnostics)  # warnings only
    too_big = [d.number for d in record.deals if not -32768 <= d.number <= 32767]
    if too_big:
        outcome.diagnostics = [Diagnostic("deal_number", f"deal number {too_big[0]} is too large to store "
                                                         "(at most 32767)", too_big[0], "number")]
        return outcome, None
    huge = [(d.number, x) for d in record.deals if d.recorded is not None
            for x in (d.recorded[0].below, d.recorded[0].above, d.recorded[1].below, d.recorded[1].above)
            if not -(1 << 31) <= x < 1 << 31]
    if huge:  # the recorded columns are int32
        outcome.diagnostics = [Diagnostic("schema", f"recorded figure {huge[0][1]} is too large to store "
                                                    f"(at most {(1 << 31) - 1})", huge[0][0], "recorded")]
        return outcome, None
    too_long = [d for d in record.deals if len(d.auction) > MAX_CALLS]
    if too_long:  # legal (long runs of passes between many bids), but the call index is an int8
        deal = too_long[0]
        outcome.diagnostics = [Diagnostic("auction_too_long", f"the auction has {len(deal.auction)} calls, too many to "
                                                              f"store (at most {MAX_CALLS})", deal.number, "auction")]
        return outcome, None
    digest, kept = content_sha256(record), kept_sha256(record)
    outcome.content_sha256, outcome.kept_sha256 = digest, kept
    outcome.status = "checked"
    source = Source(os.path.abspath(path), fmt, PARTIAL + sha if dropped else sha)
    return outcome, Storable(report, source, digest, kept)


def _evaluated(record: SessionRecord, diagnostics: list[Diagnostic]) -> SessionReport:
    """The session checked as validate checks it: a trick that reads legal from its leader says
    it may be written in seat order (reports/seat_order.py), in a rejection as in validate."""
    return with_seat_order_hints(evaluate(record, diagnostics))


def _without_broken(result: ReadResult, report: SessionReport) -> tuple[SessionReport, list[Diagnostic]]:
    """The session without its deals with errors (checked again, until no deal left has one)
    and the errors of the deals left out; the report as it was when an error names no deal
    or no deal would be left (docs/store.md, partial imports)."""
    first = report
    dropped: list[Diagnostic] = []
    gone: set[int | None] = set()
    while not report.valid:
        errors = [d for d in report.diagnostics if d.severity is Severity.ERROR]
        gone |= {d.deal for d in errors}
        deals = tuple(d for d in report.record.deals if d.number not in gone)
        if None in gone or not deals:
            return first, []
        dropped += errors
        report = _evaluated(replace(report.record, deals=deals), [d for d in result.diagnostics if d.deal not in gone])
    return report, dropped


def batched(files: list[str], max_files: int, max_bytes: int) -> Iterator[list[str]]:
    """Consecutive groups of files, each at most ``max_files`` long and ``max_bytes`` big
    (a single bigger file makes a group of its own)."""
    group: list[str] = []
    size = 0
    for path in files:
        try:
            n = os.path.getsize(path)
        except OSError:
            n = 0
        if group and (len(group) >= max_files or size + n > max_bytes):
            yield group
            group, size = [], 0
        group.append(path)
        size += n
    if group:
        yield group
