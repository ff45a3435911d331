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
when there is one, and each ``--real`` folder): (a) read
and checked file by file (every room), against (b) endplay reading the same files, which
raises on a board written over several lines (every vugraph file): the files and boards each
side reads are counted; then the same side by side on the boards vint-replay accepted, written
one board a line by vint-replay's LIN writer without their commentary (endplay's parser takes
an ``nt`` before the first call for an alert and raises), which endplay reads.
"""
from __future__ import annotations

import argparse
import random
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
from vint_replay.store.bridge_columnar import check_lin

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
    """Every room of every file read and checked; the boards read and those accepted."""
    read = accepted = 0
    for data in files:
        for result in lin_sessions(data):
            if result.record is None:
                continue
            report = evaluate(result.record, result.diagnostics)
            broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
            read += len(result.record.deals)
            accepted += sum(d.number not in broken for d in result.record.deals)
    return read, accepted


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
    paths = sorted(p for folder in folders for p in folder.rglob("*.lin"))
    files = [p.read_bytes() for p in paths]
    start = time.process_time()
    read, accepted = checked_files(files)
    ours_s = time.process_time() - start
    start = time.process_time()
    their_files, their_boards, failed = endplay_files(files)
    theirs_s = time.process_time() - start
    size = sum(map(len, files))
    print(f"real files: {len(files)} files, {size:,} bytes, in {', '.join(map(str, folders))}")
    print(f"(a) vint-replay: every file, {read:,} boards read and checked, {accepted:,} accepted, "
          f"{ours_s:.3f} s CPU ({read / ours_s:,.0f} boards/s)")
    print(f"(b) endplay lin.loads: {their_files} of {len(files)} files read ({their_boards:,} boards), "
          f"the others raise {dict(failed)}; {theirs_s:.3f} s CPU")
    fine = []
    for result in (r for data in files for r in lin_sessions(data) if r.record is not None):
        report = evaluate(result.record, result.diagnostics)
        broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
        fine.append(replace(result.record, deals=tuple(replace(d, comments=()) for d in result.record.deals
                                                       if d.number not in broken and d.auction)))
    texts = [write_lin(r).encode() for r in fine if r.deals]  # a board a line; the vg line endplay skips
    boards = sum(len(r.deals) for r in fine)
    a, b = side_by_side(runs, boards, texts, {"(a) vint-replay lin_sessions + evaluate": ours_rooms,
                                              "(b) endplay lin.loads": theirs_rooms},
                        f"the accepted real boards, one a line ({sum(map(len, texts)):,} bytes, {len(texts)} rooms)")
    print(f"ratio (b)/(a) on the real boards: {b / a:.2f}")


def ours_rooms(texts: list[bytes]) -> int:
    """Each room read and checked; the boards found valid."""
    return sum(ours(text) for text in texts)


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
