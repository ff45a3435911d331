#!/usr/bin/env python3
"""Reading PBN boards with play into records and checking them, against endplay's PBN parser
(which checks nothing), side by side in one process on the same files.

    python benchmarks/bench_pbn.py                      # 10,000 boards in 400 files, 5 runs
    python benchmarks/bench_pbn.py --boards 2000 --runs 3

The boards are dealt by endplay's dealer (a fixed seed), given an auction (North opens 1NT,
South raises to 3NT) and a legal play of all 52 cards (each player plays the lowest card the
rules allow) and written once, not timed, by endplay's own PBN writer (``[Auction]``, ``[Play]``
in PBN's seat columns, ``[Contract]``, ``[Result]``), 25 boards a file. Each run then times, in
this process and in turn: (a) vint-replay's ``read_pbn`` and ``evaluate`` (the whole check:
deal, auction, every card, the score) over every file; (b) ``endplay.parsers.pbn.load`` over the
same files. CPU seconds of this process (``time.process_time``), median of the runs.
Target (issue 13): (a) faster than (b).
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

from endplay.dealer import generate_deals
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Board, Card as EndplayCard, Contract as EndplayContract, Player, Vul

from vint_replay.engine.cards import CARDS, Hand
from vint_replay.engine.profiles import get_profile
from vint_replay.engine.session import evaluate
from vint_replay.formats.pbn import read_pbn

SEED = 13
PER_FILE = 25
AUCTION = ("1NT", "Pass", "3NT", "Pass", "Pass", "Pass")  # North opens: 3NT by North, East leads


def lowest_legal_play(hands: tuple[int, ...], leader: int) -> tuple[list[int], int]:
    """A legal no-trump play of all 52 cards (the lowest card allowed each time) and N–S's tricks."""
    profile = get_profile("duplicate-bridge")
    held = list(hands)
    cards: list[int] = []
    ns = 0
    for _ in range(13):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) & 3
            legal = profile.legal_cards(held[seat], None if not trick else CARDS[trick[0]].suit)
            card = (legal & -legal).bit_length() - 1
            held[seat] &= ~(1 << card)
            trick.append(card)
        cards += trick
        leader = (leader + profile.trick_winner(trick, None)) & 3
        ns += not leader & 1
    return cards, ns


def board(number: int, deal) -> Board:
    hands = tuple(Hand.parse(part).mask for part in deal.to_pbn()[2:].split())
    play, ns = lowest_legal_play(hands, 1)
    dealer = (number - 1) % 4
    calls = ["Pass"] * ((0 - dealer) & 3) + list(AUCTION)
    contract = EndplayContract("3NTN")
    contract.result = ns - 9
    vul = (Vul.none, Vul.ns, Vul.ew, Vul.both)[(number - 1) % 4]
    return Board(deal, auction=[Bid(c) for c in calls], play=[EndplayCard(CARDS[c].name) for c in play],
                 board_num=number, vul=vul, dealer=Player.find("NESW"[dealer]), contract=contract)


def write_data(folder: Path, boards: int) -> list[Path]:
    """The PBN files, written once by endplay (kept between runs of this script)."""
    marker = folder / f".complete-{boards}"
    files = sorted(folder.glob("*.pbn"))
    if marker.exists():
        return files
    folder.mkdir(parents=True, exist_ok=True)
    for old in files:
        old.unlink()
    print(f"writing {boards:,} boards to {folder} with endplay's dealer and PBN writer (once) …", flush=True)
    deals = generate_deals(produce=boards, seed=SEED)
    batch: list[Board] = []
    for number, deal in enumerate(deals, 1):
        batch.append(board((number - 1) % PER_FILE + 1, deal))
        if len(batch) == PER_FILE:
            with open(folder / f"b{number // PER_FILE:05d}.pbn", "w", encoding="utf-8") as out:
                endplay_pbn.dump(batch, out)
            batch = []
    marker.touch()
    return sorted(folder.glob("*.pbn"))


def ours(texts: list[bytes]) -> int:
    """Read and check every file; the number of boards found valid."""
    valid = 0
    for data in texts:
        result = read_pbn(data)
        report = evaluate(result.record, result.diagnostics)
        if not report.valid:
            raise SystemExit(f"vint-replay found errors: {[d.describe() for d in report.diagnostics][:3]}")
        valid += len(report.record.deals)
    return valid


def theirs(texts: list[bytes]) -> int:
    return sum(len(endplay_pbn.load(io.StringIO(data.decode("utf-8")))) for data in texts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path("/tmp/vint-pbn-bench"))
    args = parser.parse_args()
    files = write_data(args.data, args.boards)
    texts = [f.read_bytes() for f in files]  # read once: both sides time parsing and checking only
    times: dict[str, list[float]] = {"(a) vint-replay read_pbn + evaluate": [], "(b) endplay pbn.load": []}
    for run in range(args.runs):
        for (name, spent), work in zip(times.items(), (ours, theirs)):
            start = time.process_time()
            boards = work(texts)
            spent.append(time.process_time() - start)
            if boards != args.boards:
                raise SystemExit(f"{name} read {boards} boards, not {args.boards}")
        a, b = (t[-1] for t in times.values())
        print(f"run {run + 1}: vint-replay {a:.3f} s, endplay {b:.3f} s CPU, ratio {b / a:.2f}", flush=True)
    print(f"{args.boards:,} boards with play in {len(files)} files; in-process CPU time, median of {args.runs} runs")
    for name, spent in times.items():
        med = statistics.median(spent)
        print(f"{name:38} {med:7.3f} s {med * 1e6 / args.boards:7.1f} µs/board {args.boards / med:9,.0f} boards/s")
    a, b = (statistics.median(t) for t in times.values())
    print(f"ratio (b)/(a): {b / a:.2f}  (target > 1: {'met' if b > a else 'NOT met'})")
    return 0 if b > a else 1


if __name__ == "__main__":
    sys.exit(main())
