#!/usr/bin/env python3
"""Reading PBN boards with play into records and checking them, against endplay's PBN parser
(which checks nothing), side by side in one process on the same files.

    python benchmarks/bench_pbn.py                      # 10,000 boards in 400 files, 5 runs
    python benchmarks/bench_pbn.py --boards 2000 --runs 3
    python benchmarks/bench_pbn.py --real DIR           # also every .pbn under DIR, as found

The boards are written once, not timed, from a fixed seed: endplay's dealer deals the hands; a
random auction by the rules of bridge (bids rising by one to five steps, doubles and redoubles
by the side that may make them, three passes closing it; one board in 25 passed out) gives
contracts of every level and denomination, by every declarer, undoubled, doubled and
redoubled; endplay works out the contract and declarer from the auction, and its own play
engine plays the cards, a random legal card each time (one board in ten stops at a random
trick with the declarer's claim as the result); endplay's PBN writer writes ``[Auction]``,
``[Play]`` in PBN's seat columns, ``[Contract]``, ``[Declarer]``, ``[Result]`` and the board's
``[Score]`` (endplay's duplicate score), 25 boards a file. The script prints the mix it made.
Each run then times, in this process and in turn: (a) vint-replay's check of every file as
``validate`` does it (the whole check: deal, auction, every card, the score): the batch path
(``store.bridge_columnar.check_pbn``) over all files at once, and ``read_pbn`` + ``evaluate`` for
any file it does not take, every board found valid; (b) ``endplay.parsers.pbn.load`` over the
same files. CPU seconds of this process (``time.process_time``), median of the runs. Untimed,
the batch path's scores are checked equal to the reference path's. Target (issue 24 item 4):
(a) at least 10× faster than (b).

Then real files as they are found (the real records' PBN folder that tests/real_records.py finds,
when there is one, and each ``--real`` folder): untimed, every session the batch path vouches for
is the reference path's, valid and silent, each board with its score; (a) every file checked as
``validate`` checks it (the batch path's sessions, ``pbn_sessions`` + validate's ``evaluated``
for the sessions it leaves, read alone where the file's text can be cut to them, the cycle
collector paused) against (b) endplay reading the same files (counting the files it raises on),
CPU seconds, median of the runs; the files where (a) spends most, each alone; then, side by side,
the real files whose every board vint-replay accepts; then where (a)'s time goes (cProfile). The
figures are in docs/real-records.md ("The batch path on real files"): on real files the ratio is
about 1.5×, not the 10× target (one archive of 7,632 games in 204 sessions, each session with an
error only the reference path names, is three quarters of (a) and bounds the ratio near 1.9×).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from endplay.dealer import generate_deals
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Board, Card, Contract, Deal, Penalty, Player, Vul

from harness import median_cpu, side_by_side, verdict

from vint_replay.cli import evaluated
from vint_replay.engine.gc_pause import paused_gc
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats.pbn import pbn_sessions, read_pbn
from vint_replay.formats.pbn_batch import read_left, scan
from vint_replay.reports.audit import audit
from vint_replay.store.bridge_columnar import check_pbn, check_pbn_sessions, check_scanned

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import real_records  # noqa: E402

SEED = 13
TARGET = 10  # issue 24 item 4: (a) at least 10× endplay's parser
PER_FILE = 25
BIDS = tuple(f"{level}{denomination}" for level in range(1, 8) for denomination in ("C", "D", "H", "S", "NT"))
PASSED_OUT = 1 / 25  # share of boards passed out
CLAIMED = 1 / 10  # share of played boards that end in a claim
PENALTY = {Penalty.passed: "undoubled", Penalty.doubled: "doubled", Penalty.redoubled: "redoubled"}


def random_auction(rng: random.Random) -> list[str]:
    """Legal calls from the dealer: bids higher than the last, a double only of the opponents'
    bid, a redouble only of the opponents' double; three passes after a bid close it."""
    if rng.random() < PASSED_OUT:
        return ["Pass"] * 4
    calls: list[str] = []
    high, bidder, doubled = -1, -1, 0  # last bid (index into BIDS), its seat from the dealer, 0/1/2
    passes = 0
    while high < 0 or passes < 3:
        seat = len(calls) & 3
        draw = rng.random()
        opponents = bidder >= 0 and (seat - bidder) & 1 == 1
        if high < 0 and (draw < 0.45 or passes == 3) or high >= 0 and draw < 0.3 and high < len(BIDS) - 1:
            high = rng.randint(high + 1, min(high + 5, len(BIDS) - 1))
            bidder, doubled, passes = seat, 0, 0
            calls.append(BIDS[high])
        elif opponents and doubled == 0 and draw > 0.92:
            doubled, passes = 1, 0
            calls.append("X")
        elif not opponents and doubled == 1 and draw > 0.85:
            doubled, passes = 2, 0
            calls.append("XX")
        else:
            passes += 1
            calls.append("Pass")
    return calls


def random_play(deal: Deal, contract: Contract, rng: random.Random) -> tuple[list[Card], int, bool]:
    """The cards played by endplay's play engine, a random legal card each time; the declarer's
    tricks (a claim: those won when play stops, plus a random share of the rest); whether the
    play ended in a claim."""
    table = deal.copy()
    table.trump = contract.denom
    table.first = contract.declarer.lho
    stop = rng.randint(1, 12) if rng.random() < CLAIMED else 13
    cards: list[Card] = []
    won = 0
    for _ in range(stop):
        for _ in range(4):
            card = rng.choice(table.legal_moves())
            cards.append(card)
            table.play(card)
        won += table.first in (contract.declarer, contract.declarer.partner)  # the winner leads next
    return cards, won + rng.randint(0, 13 - stop), stop < 13


def board(number: int, deal: Deal, rng: random.Random, mix: Counter[str]) -> Board:
    """Board ``number`` of a file: dealer and vulnerability in turn, a random auction and play."""
    dealer = Player.find("NESW"[(number - 1) % 4])
    vul = (Vul.none, Vul.ns, Vul.ew, Vul.both)[(number - 1) % 4]
    auction = [Bid(call) for call in random_auction(rng)]
    contract = Contract.from_auction(dealer, auction)
    if contract.is_passout():
        mix["passed out"] += 1
        return Board(deal, auction=auction, play=[], board_num=number, vul=vul, dealer=dealer, contract=contract,
                     Score="NS 0")
    cards, won, claimed = random_play(deal, contract, rng)
    contract.result = won - 6 - contract.level
    score = contract.score(vul)  # the declarer's side's
    side = "NS" if contract.declarer in (Player.north, Player.south) else "EW"
    mix[f"level {contract.level}"] += 1
    mix[f"in {contract.denom.name}"] += 1
    mix[f"by {contract.declarer.abbr}"] += 1
    mix[PENALTY[contract.penalty]] += 1
    mix["made" if contract.result >= 0 else "down"] += 1
    mix["claimed"] += claimed
    return Board(deal, auction=auction, play=cards, board_num=number, vul=vul, dealer=dealer, contract=contract,
                 claimed=claimed, Score=f"{side} {score}")


def write_data(folder: Path, boards: int) -> list[Path]:
    """The PBN files, written once by endplay (kept between runs of this script)."""
    marker = folder / f".complete-varied-{boards}"
    files = sorted(folder.glob("*.pbn"))
    if marker.exists():
        return files
    folder.mkdir(parents=True, exist_ok=True)
    for old in files:
        old.unlink()
    print(f"writing {boards:,} boards to {folder} with endplay's dealer, play engine and PBN writer (once) …",
          flush=True)
    rng = random.Random(SEED)
    mix: Counter[str] = Counter()
    batch: list[Board] = []
    for number, deal in enumerate(generate_deals(produce=boards, seed=SEED), 1):
        batch.append(board((number - 1) % PER_FILE + 1, deal, rng, mix))
        if len(batch) == PER_FILE:
            with open(folder / f"b{number // PER_FILE:05d}.pbn", "w", encoding="utf-8") as out:
                endplay_pbn.dump(batch, out)
            batch = []
    (folder / "mix.txt").write_text(", ".join(f"{what} {n}" for what, n in sorted(mix.items())) + "\n")
    marker.touch()
    return sorted(folder.glob("*.pbn"))


def checked(data: bytes) -> SessionReport:
    """One file read and checked by vint-replay; the benchmark stops at a board it finds invalid."""
    result = read_pbn(data)
    if result.record is None:
        raise SystemExit(f"benchmark aborted: vint-replay could not read a file: {result.diagnostics[:3]}")
    report = evaluate(result.record, result.diagnostics)
    if not report.valid:
        raise SystemExit(f"benchmark aborted: vint-replay found errors in {result.record.info.id}: "
                         f"{[d.describe() for d in report.diagnostics][:3]}")
    return report


def ours(texts: list[bytes]) -> int:
    """Read and check every file (the batch path, the reference path for a file it does not
    take), the cycle collector paused as validate pauses it; the number of boards found valid."""
    with paused_gc():
        return sum(len(taken.number) if taken is not None else len(checked(data).record.deals)
                   for data, taken in zip(texts, check_pbn(texts)))


def batch_agrees(texts: list[bytes]) -> int:
    """Untimed: every board the batch path takes has the score the reference path gives it;
    the number of files it takes."""
    taken = 0
    for data, found in zip(texts, check_pbn(texts)):
        if found is None:
            continue
        report = checked(data)
        assert report.score is not None  # a valid session is scored
        expected = [(deal.number, board_score(deal.entries)) for deal in report.score.deals]
        if list(zip(found.number.tolist(), found.score.tolist())) != expected:
            raise SystemExit(f"benchmark aborted: the batch path's scores differ from the reference path's in "
                             f"{report.record.info.id}")
        taken += 1
    return taken


def same_scores(texts: list[bytes]) -> int:
    """Untimed: every board's ``[Score]`` (endplay's) is the score vint-replay recomputes, so both
    sides read boards that mean the same; the number of boards compared."""
    compared = 0
    for data in texts:
        report = checked(data)
        assert report.score is not None  # a valid session is scored
        found = audit(report.record, report.score)
        if not found.clean:
            raise SystemExit(f"benchmark aborted: endplay's [Score] and vint-replay's differ in "
                             f"{report.record.info.id}: {found.mismatches[:3]}")
        compared += found.deals_checked
    return compared


def theirs(texts: list[bytes]) -> int:
    return sum(len(endplay_pbn.load(io.StringIO(data.decode("utf-8", "replace")))) for data in texts)


def validated(texts: list[bytes]) -> int:
    """Real files checked as ``validate`` checks them: the batch path's sessions, and
    ``pbn_sessions`` + validate's ``evaluated`` (``evaluate``, the seat-order hints, the problems
    located and capped) for the sessions it leaves (read alone, ``read_left``, where the file's
    text can be cut to them, from the batch path's own scan; else the whole file read, a vouched
    session not checked again), the cycle collector paused as validate pauses it; the boards read."""
    with paused_gc():
        return _validated(texts)


def _validated(texts: list[bytes]) -> int:
    read = 0
    scans = [scan(data) for data in texts]  # scanned once: the sessions left are cut from the same scan
    for data, scanned, sessions in zip(texts, scans, check_scanned(scans)):
        if sessions is not None and all(sessions):
            read += sum(len(s.number) for s in sessions)  # type: ignore[union-attr]
            continue
        left = None if scanned is None or sessions is None or not any(sessions) else \
            read_left(data, scanned, [None if s is None else (s.ident, len(s.number)) for s in sessions])
        if left is not None:
            for checked, alone in zip(sessions or (), left):
                result = None if alone is None else alone[1]
                if result is None:
                    read += 0 if checked is None else len(checked.number)
                elif result.record is not None:
                    read += len(result.record.deals)
                    evaluated(result)
            continue
        results = pbn_sessions(data)
        same = sessions is not None and len(sessions) == len(results)
        for k, result in enumerate(results):
            if result.record is None:
                continue
            read += len(result.record.deals)
            if not (same and sessions[k] is not None and not result.diagnostics):  # type: ignore[index]
                evaluated(result)
    return read


def endplay_reads(texts: list[bytes]) -> tuple[int, int, Counter[str]]:
    """endplay's reader on each file (as text, bytes not UTF-8 replaced): the files and boards
    it reads, and what the others raise."""
    files = boards = 0
    failed: Counter[str] = Counter()
    for data in texts:
        try:
            boards += len(endplay_pbn.load(io.StringIO(data.decode("utf-8", "replace"))))
            files += 1
        except Exception as e:  # endplay raises whatever its parser meets: counted, not timed away
            failed[type(e).__name__] += 1
    return files, boards, failed


def real_agrees(texts: list[bytes]) -> tuple[int, int, int]:
    """Untimed: every session the batch path vouches for in a real file is the reference path's,
    valid and silent, each board with its score; the sessions, those vouched, their boards."""
    sessions = vouched = boards = 0
    for data, found in zip(texts, check_pbn_sessions(texts)):
        results = pbn_sessions(data)
        sessions += len(results)
        for checked, result in zip(found or (), results):
            if checked is None:
                continue
            report = evaluate(result.record, result.diagnostics)
            expected = [(deal.number, board_score(deal.entries)) for deal in report.score.deals] \
                if report.valid and not report.diagnostics and report.score is not None else None
            if (result.diagnostics or checked.ident != result.record.info.id
                    or list(zip(checked.number.tolist(), checked.score.tolist())) != expected):
                raise SystemExit(f"benchmark aborted: the batch path vouches for a session the reference path reads "
                                 f"otherwise: {result.record.info.id}")
            vouched += 1
            boards += len(checked.number)
    return sessions, vouched, boards


def heaviest(paths: list[Path], texts: list[bytes]) -> list[tuple[float, float, Path, str]]:
    """Each file's (a) and (b) CPU seconds alone (one run) and how many of its sessions the batch
    path vouches for, the costliest to (a) first: what keeps the ratio down."""
    out = []
    for path, data in zip(paths, texts):
        [sessions] = check_pbn_sessions([data])
        taken = "the file left to the reader" if sessions is None else \
            f"{sum(s is not None for s in sessions)} of {len(sessions)} sessions vouched for"
        out.append((median_cpu(1, lambda: validated([data])), median_cpu(1, lambda: endplay_reads([data])), path, taken))
    return sorted(out, key=lambda row: -row[0])


def real(folders: list[Path], runs: int) -> None:
    """Real files as found: (a) checked as validate checks them, against (b) endplay reading
    them; then the files whose every session vint-replay accepts, side by side; where the time
    of (a) goes (cProfile, one run)."""
    paths = sorted({p.resolve() for folder in folders for p in folder.rglob("*.pbn")})  # a folder given twice: once
    texts = [p.read_bytes() for p in paths]
    sessions, vouched, vouched_boards = real_agrees(texts)
    read = validated(texts)
    their_files, their_boards, failed = endplay_reads(texts)
    print(f"real files: {len(texts)} files, {sum(map(len, texts)):,} bytes, {sessions:,} sessions, in "
          f"{', '.join(sorted(set(map(str, folders))))}")
    print(f"the batch path vouches for {vouched:,} sessions ({vouched_boards:,} boards), each as the reference path "
          "reads and scores it (untimed)")
    a = median_cpu(runs, lambda: validated(texts))
    b = median_cpu(runs, lambda: endplay_reads(texts))
    print(f"(a) vint-replay as validate checks them: {read:,} boards read and checked, {a:.3f} s CPU "
          f"({read / a:,.0f} boards/s), median of {runs}")
    print(f"(b) endplay pbn.load: {their_files} of {len(texts)} files read ({their_boards:,} boards), the others "
          f"raise {dict(failed)}; {b:.3f} s CPU ({their_boards / b:,.0f} boards/s)")
    print(f"ratio (b)/(a) on the real files: {b / a:.2f}  (target ≥ {TARGET}: {verdict(b >= TARGET * a)})")
    print("the files where (a) spends most, each alone (one run): (a) vs (b) CPU seconds")
    for cost, theirs_cost, path, taken in heaviest(paths, texts)[:5]:
        print(f"  {path.name}: {cost:.3f} s vs {theirs_cost:.3f} s, {taken}")
    accepted = []
    for data, found in zip(texts, check_pbn_sessions(texts)):
        reports = [evaluate(r.record, r.diagnostics) if r.record is not None else None for r in pbn_sessions(data)]
        if all(r is not None and r.valid for r in reports) and endplay_reads([data])[0]:
            accepted.append(data)
    boards = theirs(accepted)
    side_by_side(runs, boards, accepted, {"(a) vint-replay batch path + fallback": validated,
                                          "(b) endplay pbn.load": theirs},
                 f"the {len(accepted)} real files whose every board vint-replay accepts")
    profile = cProfile.Profile()
    profile.runcall(validated, texts)
    print("where (a)'s time goes on the real files (cProfile, one run, cumulative):")
    pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(12)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path("/tmp/vint-pbn-bench-varied"))
    parser.add_argument("--real", type=Path, action="append", default=[], help="a folder of real .pbn files")
    args = parser.parse_args()
    files = write_data(args.data, args.boards)
    print(f"the boards: {(args.data / 'mix.txt').read_text().strip()}")
    texts = [f.read_bytes() for f in files]  # read once: both sides time parsing and checking only
    compared = same_scores(texts)
    if compared != args.boards:
        raise SystemExit(f"benchmark aborted: {compared} boards' [Score] compared, not {args.boards}")
    print(f"every board's [Score] (endplay's) is the score vint-replay recomputes ({compared:,} compared, untimed)")
    taken = batch_agrees(texts)
    print(f"the batch path takes {taken} of {len(files)} files, each board scored as the reference path scores it "
          "(untimed)")
    a, b = side_by_side(args.runs, args.boards, texts, {"(a) vint-replay batch path + fallback": ours,
                                                        "(b) endplay pbn.load": theirs}, f"{len(files)} files")
    print(f"ratio (b)/(a): {b / a:.2f}  (target ≥ {TARGET}: {verdict(b >= TARGET * a)})")
    found = real_records.folder("pbn")
    if found is None:
        print(real_records.how_to_get("pbn"))
    if found is not None or args.real:
        real([*([found] if found is not None else []), *args.real], args.runs)
    return 0 if b >= TARGET * a else 1


if __name__ == "__main__":
    sys.exit(main())
