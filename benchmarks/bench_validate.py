#!/usr/bin/env python3
"""``vint-replay validate`` against endplay's PBN parser, whole process, side by side.

    python benchmarks/bench_validate.py                 # 10,000 deals in 400 files, 5 runs
    python benchmarks/bench_validate.py --runs 9 --data /tmp/vint-validate-bench

The same simulated deals are written once (not timed) as 400 ``vint-record/1`` JSON files and
as 400 PBN files (``[Deal]``, ``[Dealer]``, ``[Auction]``, ``[Play]`` in PBN's seat columns,
``[Contract]``, ``[Declarer]``, ``[Result]``). Each run then times, in the same loop, two fresh
processes: (a) ``vint-replay validate`` over the JSON files, (b) a Python process loading every
PBN file with ``endplay.parsers.pbn.load``. Target (issue 10): (b) / (a) ≥ 40.
"""
from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from harness import verdict

from vint_replay.games.registry import get_profile
from vint_replay.formats import write_text
from vint_replay.engine.record import SessionRecord
from vint_replay.simulators.vint import ScoredDeal, deal_record, generated_session

ROOT = Path(__file__).resolve().parents[1]
SEED = 10
TARGET = 40.0

# endplay over the PBN files, in its own process; prints the number of boards read
ENDPLAY = """
import sys
from endplay.parsers import pbn
boards = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        boards += len(pbn.load(f))
print(boards)
"""


def pbn_game(deal: ScoredDeal, info_event: str, players: tuple[str, str, str, str]) -> str:
    """One deal as a PBN game: the vint calls as written (endplay does not check bridge's
    order of denominations), the play in PBN's columns (seats clockwise from the opening
    leader, not the order of play)."""
    sim = deal.sim
    seat = "NESW"
    hands = " ".join(deal_record(deal).hands[s].pbn() for s in range(4))  # type: ignore[index]
    calls = ["Pass" if c < 0 else str(call) for c, call in zip(sim.calls, sim.auction)]
    lines = [f'[Event "{info_event}"]', '[Site "?"]', '[Date "?"]', f'[Board "{sim.number}"]',
             f'[West "{players[3]}"]', f'[North "{players[0]}"]', f'[East "{players[1]}"]',
             f'[South "{players[2]}"]', f'[Dealer "{seat[sim.dealer]}"]', '[Vulnerable "None"]',
             f'[Deal "N:{hands}"]', '[Scoring "Rubber"]']
    contract = sim.contract
    if contract is None:
        lines += ['[Declarer ""]', '[Contract "Pass"]', '[Result ""]']
    else:
        lines += [f'[Declarer "{seat[contract.declarer]}"]', f'[Contract "{contract.bid}"]',
                  f'[Result "{sim.tricks_won[contract.declarer.side]}"]']
    lines.append(f'[Auction "{seat[sim.dealer]}"]')
    lines += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    if contract is not None:
        first = int(get_profile().opening_leader(contract.declarer))
        lines.append(f'[Play "{seat[first]}"]')
        leader = first
        for k in range(13):
            row = [""] * 4
            for i in range(4):
                card = sim.play[4 * k + i]
                row[((leader + i) - first) & 3] = "SHDC"[card // 13] + "23456789TJQKA"[card % 13]
            lines.append(" ".join(row))
            leader = sim.winners[k]
        lines.append("*")
    return "\n".join(lines) + "\n"


def write_data(folder: Path, files: int, per_file: int) -> None:
    """The simulated sessions as JSON (``json/``) and PBN (``pbn/``) files, once."""
    marker = folder / f".complete-{files}x{per_file}"
    if marker.exists():
        return
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "json").mkdir(parents=True)
    (folder / "pbn").mkdir()
    print(f"writing {files * per_file:,} deals in {files} files to {folder} (once) …", flush=True)
    for index in range(files):
        info, deals = generated_session(SEED, index, per_file)
        scored = list(deals)
        record = SessionRecord(info, tuple(deal_record(d) for d in scored))
        name = f"{info.id}"
        (folder / "json" / f"{name}.json").write_text(write_text(record, "json"), encoding="utf-8")
        games = [pbn_game(d, info.event or "?", info.players) for d in scored]
        (folder / "pbn" / f"{name}.pbn").write_text("\n".join(games), encoding="utf-8")
    marker.touch()


def timed(command: list[str]) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall and CPU seconds (user + system) of a whole child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done


def validate_command() -> list[str]:
    """The installed ``vint-replay`` entry point next to this Python (else the same call by ``-c``)."""
    script = Path(sys.executable).with_name("vint-replay")
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "import sys; from vint_replay.cli import main; sys.exit(main())"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--deals-per-file", type=int, default=25)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path("/tmp/vint-validate-bench"))
    args = parser.parse_args()
    write_data(args.data, args.files, args.deals_per_file)
    deals = args.files * args.deals_per_file
    jsons = sorted(str(p) for p in (args.data / "json").glob("*.json"))
    pbns = sorted(str(p) for p in (args.data / "pbn").glob("*.pbn"))
    validate = [*validate_command(), "validate", *jsons]
    endplay = [sys.executable, "-c", ENDPLAY, *pbns]
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for run in range(args.runs):
        wall, cpu, done = timed(validate)
        if done.returncode != 0 or done.stdout.count(": valid (") != len(jsons):
            print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
            raise SystemExit("vint-replay validate did not find every file valid")
        ours.append((wall, cpu))
        wall, cpu, read = timed(endplay)
        if read.returncode != 0 or int(read.stdout) != deals:
            print(read.stderr[-2000:], file=sys.stderr)
            raise SystemExit(f"endplay read {read.stdout.strip() or 'no'} boards, not {deals}")
        theirs.append((wall, cpu))
        print(f"run {run + 1}: validate {ours[-1][0]:.3f} s ({ours[-1][1]:.3f} s CPU), "
              f"endplay {wall:.3f} s ({cpu:.3f} s CPU), ratio {wall / ours[-1][0]:.1f}", flush=True)
    print(f"{deals:,} deals in {len(jsons)} files; median of {args.runs} runs, each a fresh process")
    for name, times in (("(a) vint-replay validate", ours), ("(b) endplay pbn.load", theirs)):
        wall, cpu = (statistics.median(t[k] for t in times) for k in (0, 1))
        print(f"{name:25} {wall:7.3f} s wall {wall * 1e6 / deals:7.1f} µs/deal {deals / wall:9,.0f} deals/s"
              f"   {cpu:7.3f} s CPU {cpu * 1e6 / deals:7.1f} µs/deal")
    ratio = statistics.median(b[0] for b in theirs) / statistics.median(a[0] for a in ours)
    ratio_cpu = statistics.median(b[1] for b in theirs) / statistics.median(a[1] for a in ours)
    print(f"ratio (b)/(a): {ratio:.1f} wall, {ratio_cpu:.1f} CPU  (target ≥ {TARGET:.0f}: "
          f"{verdict(ratio >= TARGET)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
