#!/usr/bin/env python3
"""Reading a LIN archive into records and checking it, against endplay's LIN parser (which
checks nothing), side by side in one process on the same file.

    python benchmarks/bench_lin.py                      # 10,000 boards in one archive, 5 runs
    python benchmarks/bench_lin.py --boards 2000 --runs 3
    python benchmarks/bench_lin.py --real DIR           # also every .lin under DIR, as found

The boards are those of ``bench_pbn.py`` (endplay's dealer with a fixed seed, 3NT by North, a
legal play of all 52 cards), written once, not timed, by endplay's own LIN writer into one
archive, a board a line. Each run then times, in this process and in turn: (a) vint-replay's
check of the archive as ``validate`` does it (the whole check: deal, auction, every card, the
score): the batch path (``store.bridge_columnar.check_lin``), and ``read_lin`` + ``evaluate`` if
it does not take the file; (b) ``endplay.parsers.lin.loads``. CPU seconds of this process
(``time.process_time``), median of the runs; boards per second of each and the ratio (target,
issue 24 item 4: at least 10×). Untimed, the batch path's scores are checked equal to the
reference path's. Then hostile input, doubling in size: a
file of 0.25–2 MB without a bar, of unknown tags, of boards with a dealer alone; each time should
double, not quadruple (the tokenizer once scanned a bar-less file from every position).

Then real files as they are found (the real records' LIN folder that tests/real_records.py finds,
when there is one, and each ``--real`` folder): (a) read and checked as ``validate`` does it, the
batch path (``check_lin_rooms``) and ``lin_sessions`` + ``evaluate`` for each room it does not
take (untimed: every room taken has the reference's score on every board, and both paths count
the same boards read and accepted), beside the reference path alone, against (b) endplay
reading the same files, which raises on a board written over several lines (every vugraph
file): the files and boards each side reads are counted, and (a) and (b) are timed again on the
files endplay reads; then the same side by side on the boards vint-replay accepted, written
one board a line by vint-replay's LIN writer without their commentary (endplay's parser takes
an ``nt`` before the first call for an alert and raises), which endplay reads.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from endplay.dealer import generate_deals
from endplay.parsers import lin as endplay_lin

from bench_pbn import SEED, TARGET, board
from harness import side_by_side, verdict
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats.lin import lin_sessions, read_lin
from vint_replay.formats.lin_write import write_lin
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.store.bridge_columnar import check_lin, check_lin_rooms

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import real_records  # noqa: E402


def write_archive(path: Path, boards: int) -> Path:
    """The archive, written once by endplay (kept between runs of this script)."""
    marker = path.with_suffix(f".complete-varied-{boards}")
    if marker.exists() and path.exists():
        return path
    print(f"writing {boards:,} boards to {path} with endplay's dealer and LIN writer (once) …", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng, mix = random.Random(SEED), Counter[str]()  # bench_pbn's varied boards: every contract, play, claims
    deals = enumerate(generate_deals(produce=boards, seed=SEED), 1)
    path.write_text(endplay_lin.dumps([board(n, deal, rng, mix) for n, deal in deals]), encoding="utf-8")
    for old in path.parent.glob(f"{path.stem}.complete-*"):
        old.unlink()
    marker.touch()
    return path


def checked(data: bytes) -> SessionReport:
    """The archive read and checked by the reference path; the benchmark stops if it is invalid."""
    result = read_lin(data)
    report = evaluate(result.record, result.diagnostics)
    if not report.valid:
        raise SystemExit(f"vint-replay found errors: {[d.describe() for d in report.diagnostics][:3]}")
    return report


def ours(data: bytes) -> int:
    """Read and check the archive (the batch path, else the reference path); the number of
    boards found valid."""
    taken = check_lin([data])[0]
    return len(taken.number) if taken is not None else len(checked(data).record.deals)


def batch_agrees(data: bytes) -> bool:
    """Untimed: whether the batch path takes the archive, each board with the reference path's score."""
    taken = check_lin([data])[0]
    if taken is None:
        return False
    score = checked(data).score
    assert score is not None  # a valid session is scored
    if list(zip(taken.number.tolist(), taken.score.tolist())) != [(d.number, board_score(d.entries))
                                                                   for d in score.deals]:
        raise SystemExit("benchmark aborted: the batch path's scores differ from the reference path's")
    return True


def theirs(data: bytes) -> int:
    return len(endplay_lin.loads(data.decode("utf-8")))


def hostile() -> None:
    """Reading time of hostile LIN files, each size twice the last (linear: the times double)."""
    for name, piece in (("no bar at all", b"x"), ("unknown tags", b"zz|x|"), ("boards of a dealer alone", b"md|3|")):
        times = []
        for quarters in (1, 2, 4, 8):
            data = piece * (quarters * 250_000 // len(piece))
            start = time.process_time()
            read_lin(data)
            times.append(time.process_time() - start)
        print(f"hostile, {name:26} 0.25/0.5/1/2 MB: {' / '.join(f'{t:.3f}' for t in times)} s", flush=True)


def checked_files(files: list[bytes]) -> tuple[int, int]:
    """Every room of every file read and checked by the reference path; the boards read and
    those accepted."""
    read = accepted = 0
    for data in files:
        r, a = reference_rooms(data, set())
        read, accepted = read + r, accepted + a
    return read, accepted


def reference_rooms(data: bytes, skipped: set[int]) -> tuple[int, int]:
    """The file's rooms but those numbered in ``skipped`` read and checked by the reference
    path: the boards read and those accepted."""
    read = accepted = 0
    for k, result in enumerate(lin_sessions(data)):
        if result.record is None or k in skipped:
            continue
        report = evaluate(result.record, result.diagnostics)
        broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
        read += len(result.record.deals)
        accepted += sum(d.number not in broken for d in result.record.deals)
    return read, accepted


def validated_files(files: list[bytes]) -> tuple[int, int]:
    """As ``validate`` reads them: the batch path (``check_lin_rooms``) over all files, and the
    reference path for each room it does not take; the boards read and those accepted."""
    read = accepted = 0
    for data, rooms in zip(files, check_lin_rooms(files)):
        taken = {k: len(room.number) for k, (_, room) in enumerate(rooms or []) if room is not None}
        if rooms is not None and len(taken) == len(rooms):
            boards = sum(taken.values())
            read, accepted = read + boards, accepted + boards
            continue
        r, a = reference_rooms(data, set(taken))
        read, accepted = read + r + sum(taken.values()), accepted + a + sum(taken.values())
    return read, accepted


def rooms_agree(files: list[bytes]) -> tuple[int, int, int]:
    """Untimed: every room the batch path takes has the reference path's score on every board;
    the rooms, the rooms taken and their boards."""
    rooms_seen = taken = boards = 0
    for data, rooms in zip(files, check_lin_rooms(files)):
        sessions = lin_sessions(data)
        rooms_seen += len(sessions)
        for (_, room), result in zip(rooms or [], sessions):
            if room is None or result.record is None:
                continue
            score = evaluate(result.record, result.diagnostics).score
            if score is None or list(zip(room.number.tolist(), room.score.tolist())) != [
                    (d.number, board_score(d.entries)) for d in score.deals]:
                raise SystemExit("benchmark aborted: the batch path's scores differ from the reference path's")
            taken, boards = taken + 1, boards + len(room.number)
    return rooms_seen, taken, boards


def timed(runs: int, work, files: list[bytes]) -> float:
    """The median CPU seconds of ``work(files)`` over ``runs`` runs."""
    spent = []
    for _ in range(runs):
        start = time.process_time()
        work(files)
        spent.append(time.process_time() - start)
    return statistics.median(spent)


def endplay_files(files: list[bytes]) -> tuple[int, int, Counter[str]]:
    """endplay's reader on each file: the files it reads, their boards, and why the others fail."""
    read, boards, failed = 0, 0, Counter[str]()
    for data in files:
        try:
            boards += len(endplay_lin.loads(data.decode("utf-8", "replace")))
            read += 1
        except Exception as e:  # endplay raises whatever its parser meets: counted, not timed away
            failed[type(e).__name__] += 1
    return read, boards, failed


def real(folders: list[Path], runs: int) -> None:
    """Real files as found, then their accepted boards one a line, side by side with endplay."""
    paths = sorted({p.resolve() for folder in folders for p in folder.rglob("*.lin")})  # a folder given twice: once
    files = [p.read_bytes() for p in paths]
    rooms, taken, taken_boards = rooms_agree(files)
    read, accepted = validated_files(files)
    if (read, accepted) != checked_files(files):
        raise SystemExit("benchmark aborted: the batch path and the reference path count other boards")
    ours_s = timed(runs, validated_files, files)
    reference_s = timed(runs, checked_files, files)
    theirs_s = timed(runs, endplay_files, files)
    their_files, their_boards, failed = endplay_files(files)
    size = sum(map(len, files))
    print(f"real files: {len(files)} files, {size:,} bytes, in {', '.join(sorted(set(map(str, folders))))}; CPU, median of {runs}")
    print(f"the batch path takes {taken} of {rooms} rooms ({taken_boards:,} boards), each board with the "
          "reference path's score (untimed); the other rooms go to the reference path")
    print(f"(a) vint-replay as validate: {read:,} boards read and checked, {accepted:,} accepted, "
          f"{ours_s:.3f} s ({read / ours_s:,.0f} boards/s); the reference path alone {reference_s:.3f} s "
          f"({reference_s / ours_s:.2f}× (a))")
    print(f"(b) endplay lin.loads: {their_files} of {len(files)} files read ({their_boards:,} boards), "
          f"the others raise {dict(failed)}; {theirs_s:.3f} s")
    readable = [data for data in files if endplay_files([data])[0]]
    if readable:
        ours_r, theirs_r = timed(runs, validated_files, readable), timed(runs, endplay_files, readable)
        boards_r = validated_files(readable)[0]
        print(f"the {len(readable)} files endplay reads ({boards_r:,} boards by vint-replay, "
              f"{endplay_files(readable)[1]:,} by endplay): (a) {ours_r * 1e6 / boards_r:.1f} µs vs (b) "
              f"{theirs_r * 1e6 / boards_r:.1f} µs a board, ratio (b)/(a) {theirs_r / ours_r:.2f}")
    fine = []
    for result in (r for data in files for r in lin_sessions(data) if r.record is not None):
        report = evaluate(result.record, result.diagnostics)
        broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
        fine.append(replace(result.record, deals=tuple(replace(d, comments=()) for d in result.record.deals
                                                       if d.number not in broken and d.auction)))
    texts = [write_lin(r).encode() for r in fine if r.deals]  # a board a line; the vg line endplay skips
    boards = sum(len(r.deals) for r in fine)
    a, b = side_by_side(runs, boards, texts, {"(a) vint-replay batch path + fallback": ours_rooms,
                                              "(b) endplay lin.loads": theirs_rooms},
                        f"the accepted real boards, one a line ({sum(map(len, texts)):,} bytes, {len(texts)} rooms)")
    print(f"ratio (b)/(a) on the real boards: {b / a:.2f}")


def ours_rooms(texts: list[bytes]) -> int:
    """Every room read and checked as ``validate`` reads many files: the batch path over all at
    once, the reference path for any it does not take; the boards found valid."""
    return sum(len(taken.number) if taken is not None else len(checked(text).record.deals)
               for text, taken in zip(texts, check_lin(texts)))


def theirs_rooms(texts: list[bytes]) -> int:
    return sum(len(endplay_lin.loads(text.decode("utf-8").split("\n", 1)[1] if text.startswith(b"vg|") else
                                     text.decode("utf-8"))) for text in texts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000, help="at most 32,767 (board numbers of one room)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path("/tmp/vint-lin-bench/archive.lin"))
    parser.add_argument("--real", type=Path, action="append", default=[], help="a folder of real .lin files")
    args = parser.parse_args()
    data = write_archive(args.data, args.boards).read_bytes()  # read once: both sides time parsing only
    print(f"the batch path {'takes' if batch_agrees(data) else 'does not take'} the archive"
          " (each board scored as the reference path scores it, untimed)")
    a, b = side_by_side(args.runs, args.boards, data, {"(a) vint-replay batch path + fallback": ours,
                                                       "(b) endplay lin.loads": theirs},
                        f"one archive of {len(data):,} bytes")
    print(f"ratio (b)/(a): {b / a:.2f}  (target ≥ {TARGET}: {verdict(b >= TARGET * a)})")
    hostile()
    found = real_records.folder("lin")
    if found is None:
        print(real_records.how_to_get("lin"))
    if found is not None or args.real:
        real([*([found] if found is not None else []), *args.real], args.runs)
    return 0 if b >= TARGET * a else 1


if __name__ == "__main__":
    sys.exit(main())
