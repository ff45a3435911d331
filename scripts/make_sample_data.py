#!/usr/bin/env python3
"""Write the sample club's evenings to sample_data/, or N simulated deals for benchmarks.

    python scripts/make_sample_data.py                       # sample_data/ (seed 3)
    python scripts/make_sample_data.py --deals 1000000 --out /tmp/vint-1m

The simulation lives in :mod:`vint_replay.simulators.vint`; this script only writes files. The big
mode streams each session to its own JSON file deal by deal (bounded memory) and spreads the
sessions over the CPU cores; the output does not depend on the number of processes.
"""
from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Iterable, TextIO

from vint_replay.engine.calls import BIDS
from vint_replay.engine.cards import CARDS, HOLDINGS, Hand
from vint_replay.formats import read_file, write_text
from vint_replay.formats.json_record import record_to_json
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, SessionInfo, SessionRecord
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.seats import Side
from vint_replay.engine.session import evaluate
from vint_replay.simulators.vint import (CLUB, SESSION_SIZES, PlantedMistake, ScoredDeal, club_sessions,
                                  generated_session, session_sizes)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SEED = 3
WORKED_EXAMPLE = ROOT / "tests" / "data" / "worked_example.json"

# ---------------------------------------------------------------- fast JSON (write_json's layout)

_CALL = ['"pass"'] + [f'"{bid}"' for bid in BIDS]  # by Call.order + 1
_CARD = [f'"{card.name}"' for card in CARDS]
_HOLDING = [""] * 8192
for _text, _bits in HOLDINGS.items():
    _HOLDING[_bits] = _text


def _pbn(hand: int) -> str:
    return (f"{_HOLDING[hand & 0x1FFF]}.{_HOLDING[hand >> 13 & 0x1FFF]}."
            f"{_HOLDING[hand >> 26 & 0x1FFF]}.{_HOLDING[hand >> 39 & 0x1FFF]}")


def deal_json(deal: ScoredDeal) -> str:
    """One deal exactly as :func:`write_json` lays it out, by string templating (fast)."""
    sim = deal.sim
    n, e, s, w = sim.hands
    parts = [f'   {{\n    "number": {sim.number},\n    "dealer": "{"NESW"[sim.dealer]}",\n'
             f'    "hands": {{"N": "{_pbn(n)}", "E": "{_pbn(e)}", "S": "{_pbn(s)}", "W": "{_pbn(w)}"}},\n'
             f'    "auction": [{", ".join([_CALL[c + 1] for c in sim.calls])}]']
    if sim.contract is not None and deal.result_only:
        parts.append(f',\n    "result": {{"declarer_tricks": {sim.tricks_won[sim.contract.declarer.side]}}}')
    elif sim.play:  # a contract's play, or a passed-out deal played out
        parts.append(f',\n    "play": [{", ".join([_CARD[c] for c in sim.play])}]')
    if deal.score is not None:
        ns, ew = deal.score.totals(Side.NS), deal.score.totals(Side.EW)
        parts.append(f',\n    "recorded": {{"NS": {{"below": {ns.below}, "above": {ns.above}}}, '
                     f'"EW": {{"below": {ew.below}, "above": {ew.above}}}}}')
    parts.append("\n   }")
    return "".join(parts)


def stream_session_json(info: SessionInfo, deals: Iterable[ScoredDeal], out: TextIO) -> int:
    """Write a session deal by deal; the text equals ``write_json`` of the same record."""
    session = json.dumps(record_to_json(SessionRecord(info, ()))["session"], ensure_ascii=False)
    out.write(f'{{\n  "format": "vint-record/1",\n  "session": {session},\n  "deals": [\n')
    count = 0
    for deal in deals:
        out.write(",\n" + deal_json(deal) if count else deal_json(deal))
        count += 1
    out.write("\n  ]\n}\n")
    return count


# ---------------------------------------------------------------- N deals for benchmarks


def _write_generated(task: tuple[int, int, int, str, bool]) -> int:
    """Write one generated session (under a temporary name until it is complete)."""
    seed, index, size, out_dir, scored = task
    info, deals = generated_session(seed, index, size, scored=scored)
    path = Path(out_dir) / f"{info.id}.json"
    partial = path.with_name(path.name + ".part")
    with open(partial, "w", encoding="utf-8", buffering=1 << 20) as out:
        count = stream_session_json(info, deals, out)
    os.replace(partial, path)
    return count


def write_generated(seed: int, n_deals: int, out_dir: Path, jobs: int, scored: bool = True) -> int:
    """``n_deals`` deals as session files in ``out_dir``, made by ``jobs`` processes; with
    ``scored`` each deal has its paper score (``recorded``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tasks = [(seed, i, size, str(out_dir), scored) for i, size in enumerate(session_sizes(seed, n_deals))]
    if jobs <= 1:
        return sum(map(_write_generated, tasks))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return sum(pool.imap_unordered(_write_generated, tasks))


# ---------------------------------------------------------------- the sample club


def broken_session(record: SessionRecord) -> dict[str, object]:
    """Six consecutive deals of ``record`` with one kind of error planted in each after the
    first (a revoke, an insufficient bid, an unreadable card, a 14-card hand, a double)."""
    deals = record.deals
    start = next(i for i in range(len(deals) - 5)
                 if all(d.play is not None for d in deals[i + 1:i + 6])
                 and sum(1 for c in deals[i + 2].auction if not c.is_pass) >= 2)
    window = SessionRecord(record.info, deals[start:start + 6])
    doc = record_to_json(window)
    session = doc["session"]
    assert isinstance(session, dict)
    session["id"] = "arbat-broken-example"
    session["event"] = "Испорченная запись для проверки (a deliberately broken record)"
    raw = doc["deals"]
    assert isinstance(raw, list)
    _plant_revoke(raw[1], window.deals[1])
    auction = raw[2]["auction"]
    bids = [i for i, c in enumerate(auction) if c != "pass"]
    auction[bids[1]] = auction[bids[0]]  # the same bid again: not higher
    raw[3]["play"][9] = raw[3]["play"][9][0] + "1"  # a scorer's "1" for a ten or an ace
    north, _, _, west = window.deals[4].hands  # type: ignore[misc]
    moved = min(west, key=lambda c: (c.rank, c.suit))  # West's lowest card, written under North
    raw[4]["hands"]["N"] = Hand(north.mask | moved.bit).pbn()
    raw[4]["hands"]["W"] = Hand(west.mask ^ moved.bit).pbn()
    auction = raw[5]["auction"]
    auction.insert(auction.index(next(c for c in auction if c != "pass")) + 1, "X")
    return doc


def _plant_revoke(raw: dict, deal: DealRecord) -> None:
    """Swap two cards of one player between tricks so that he discards while holding the suit led."""
    play = raw["play"]
    replay = replay_deal(deal, get_profile())
    seats = [trick.seat_of(i) for trick in replay.tricks for i in range(4)]
    for k in range(52):
        led = play[k - k % 4][0]
        if k % 4 == 0 or play[k][0] != led:
            continue
        later = (j for j in range(k + 4 - k % 4, 52) if seats[j] == seats[k] and play[j][0] != led)
        other = next(later, None)
        if other is not None:
            play[k], play[other] = play[other], play[k]
            return
    raise ValueError("no revoke could be planted")


def write_sample(seed: int, out_dir: Path) -> None:
    """The sample club in ``out_dir``: each session as JSON and text, the planted mistakes,
    the broken file and the README that describes them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    worked = read_file(WORKED_EXAMPLE).record
    assert worked is not None
    sessions = club_sessions(seed, worked.deals[0])
    planted: list[PlantedMistake] = []
    summaries = []
    for record, mistakes in sessions:
        for fmt in ("json", "vint"):
            (out_dir / f"{record.info.id}.{fmt}").write_text(write_text(record, fmt), encoding="utf-8")
        planted.extend(mistakes)
        summaries.append(_summary(record))
    with open(out_dir / "planted_mistakes.csv", "w", encoding="utf-8", newline="") as out:
        table = csv.writer(out, lineterminator="\n")
        table.writerow(["session", "deal", "kind", "side", "line", "points", "what"])
        for p in planted:
            for side, line, points in p.changes:
                table.writerow([p.session, p.deal, p.kind, side.name, str(line), points, p.what])
    broken_dir = out_dir / "broken"
    broken_dir.mkdir(exist_ok=True)
    broken = broken_session(sessions[1][0])
    (broken_dir / "broken-evening.json").write_text(json.dumps(broken, ensure_ascii=False, indent=1) + "\n",
                                                    encoding="utf-8")
    numbers = [d["number"] for d in broken["deals"]]  # type: ignore[attr-defined]
    (out_dir / "README.md").write_text(_readme(seed, summaries, planted, numbers), encoding="utf-8")


def _summary(record: SessionRecord) -> dict[str, object]:
    report = evaluate(record)
    assert report.score is not None, report.diagnostics
    contracts = [r for r in report.replays if r.contract is not None]
    made = sum(1 for r in contracts if r.tricks_won and r.tricks_won[r.contract.declarer.side] >= r.contract.tricks_needed)
    return {
        "id": record.info.id, "date": record.info.date, "table": record.info.table, "rules": record.info.rules,
        "options": ", ".join(f"{k}={v}" for k, v in record.info.options.items()),
        "players": " / ".join(f"{seat} {name}" for seat, name in zip("NESW", record.info.players)),
        "deals": len(record.deals),
        "rubbers": sum(1 for r in report.score.rubbers if r.finished),
        "passed_out": sum(1 for r in report.replays if r.passed_out),
        "result_only": sum(1 for d in record.deals if d.result is not None),
        "made": made, "failed": len(contracts) - made,
        "slams": ", ".join(str(r.contract) for r in contracts if r.contract.level >= 6) or "—",
    }


_X_MARKS_TEXT = {  # what a classic table's x_marks option does with its passed-out deals (classic.md §9)
    "x_marks=standard": "500 for each passed-out deal (X), written by the side that wins the rubber",
    "x_marks=escalating": "500, 1000, 1500, 500, … for the passed-out deals (X), written by the side that wins "
                          "the rubber",
    "x_marks=played": "its passed-out deals are played out in no trumps, the side with fewer tricks writing 500\n  "
                      "for each trick of difference",
}


def _readme(seed: int, summaries: list[dict[str, object]], planted: list[PlantedMistake], broken: list[int]) -> str:
    club = ", ".join(f"{ru} ({lat})" for ru, lat in CLUB)
    rows = "\n".join(f"| `{s['id']}` | {s['date']} | {s['table']} | {s['rules']} | {s['players']} | {s['deals']} "
                     f"| {s['rubbers']} "
                     f"| {s['passed_out']} | {s['result_only']} | {s['made']}/{s['failed']} | {s['slams']} |"
                     for s in summaries)
    total = sum(int(s["deals"]) for s in summaries)  # type: ignore[call-overload]
    kinds = Counter(p.kind for p in planted)
    classic = "".join(
        f"\n- `{s['id']}` is scored by classic vint (`\"rules\": \"classic\"`, options: {s['options'] or 'none'}): "
        f"T = 10 × level\n  below, honours netted, coronkas; {_X_MARKS_TEXT[s['options'] or 'x_marks=standard']}."
        for s in summaries if s["rules"] == "classic")
    mistakes = "\n".join(
        f"| `{p.session}` | {p.deal} | {p.kind} | {p.what} | "
        + ", ".join(f"{side.name} {line} {points:+d}" for side, line, points in p.changes) + " |"
        for p in planted)
    return f"""# Sample data: the Arbat vint club

Generated by `python scripts/make_sample_data.py` (seed {seed}); regenerating gives
byte-identical files. Do not edit by hand: change the script or `vint_replay/simulators/vint.py`.

A club of eight — {club} — plays two tables on three Tuesday evenings by the default rules
(`volchaninov`, [docs/rules/volchaninov.md](../docs/rules/volchaninov.md)), and one table of
classic vint (`classic`, [docs/rules/classic.md](../docs/rules/classic.md)) on two more. Each
table plays whole rubbers (3 or 4) and the session ends with the deal that finishes the last
one. The deal passes to the left after every deal, passed-out ones included; the auction closes
as the table's rules say (8 passes with no bid or 12 after one in `volchaninov`, 4 and 8 in
`classic`). Auctions come from a simple bidding policy (long strong suit, no-trump with aces
and stoppers, raise with support, stop where the side expects to make it), the card play from
a heuristic player (lowest card that wins or lowest otherwise, lead from strength, draw trumps). Every file is in both formats:
`<id>.json` (`vint-record/1`) and `<id>.vint` (text); they hold the same record.

| session | date | table | rules | players | deals | rubbers | passed out | result only | made/failed | slams |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
{rows}

{total} deals in all.

- `arbat-2026-11-03-t1` starts with the worked example of rules/volchaninov.md §6 as deal 1 (dealer N,
  1♣ 1♦ pass pass 3♣, N–S take 8 tricks: N–S 208 below / 1560 above, E–W 130 / 1500), then
  goes on normally from dealer E.
- `arbat-2026-11-10-t2` was copied from a paper log: some deals keep only the result
  (`"result": {{"declarer_tricks": n}}`, hands but no play). None of them could have taken both
  sides to game, so none needs the trick order.{classic}

## Paper scores and planted mistakes

Every deal has `recorded` (the paper scoresheet: each side's points below and above the line,
game and rubber premiums included). They are the engine's own figures except for these
planted mistakes of the kinds real scorers make ({", ".join(f"{k} ×{n}" for k, n in kinds.items())}); the wrong
figures are the slips each session's rules name (a classic rubber written as 1000, a game's
premium; an undertrick written without the level).
`vint-replay audit FILE` reports exactly these lines and nothing else; the list is also in
`planted_mistakes.csv`, one line per side and line that is off (the tests use it).

| session | deal | kind | what the scorer did | lines off (side, line, points) |
| --- | --- | --- | --- | --- |
{mistakes}

## broken/

`broken/broken-evening.json` is deals {broken[0]}–{broken[-1]} of `arbat-2026-11-03-t2` with one error planted
in each deal after the first, to show the error reporting
(`vint-replay validate sample_data/broken/broken-evening.json`):

| deal | error | code |
| --- | --- | --- |
| {broken[1]} | a player discards although he holds the suit led (two of his cards swapped between tricks) | `revoke` |
| {broken[2]} | the second bid repeats the first, so it is not higher | `insufficient_bid` |
| {broken[3]} | card 10 of the play is written with a `1` as its rank | `bad_card` |
| {broken[4]} | West's lowest card is written in North's hand instead: 14 cards and 12 | `hand_size` (North and West) |
| {broken[5]} | a double (`X`), which vint does not have | `bad_call` |

## laws/

`laws/` holds two evenings played under the laws on irregularities (a claimed and an unclaimed
revoke, calls and leads out of turn, an insufficient bid, an exposed card, void and lost deals),
written by `scripts/make_laws_samples.py`: see [laws/README.md](laws/README.md).

## vint235/

`vint235/` holds four evenings of vint for two, three and five players (the methods of
[docs/rules/players-2-3-5.md](../docs/rules/players-2-3-5.md)), written by
`scripts/make_table_samples.py`: see [vint235/README.md](vint235/README.md).

## Data of any size

`python scripts/make_sample_data.py --deals N --out DIR [--seed S] [--jobs J] [--no-scores]`
writes N simulated deals as sessions of {SESSION_SIZES[0]}–{SESSION_SIZES[1]} deals (`sim-<seed>-<index>.json`), streaming
each file and using all cores; the files do not depend on `--jobs`. Every deal has its paper
score unless `--no-scores` (then no ledger runs: about a third less time; the deals are the same).
In Python, `vint_replay.simulators.vint.iter_sessions(seed, n_deals, scored=True)` yields the same
sessions as `SessionRecord` objects, one at a time. `benchmarks/bench_generate.py` measures
the speed.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument("--out", type=Path, default=None, help="output directory (default sample_data/)")
    parser.add_argument("--deals", type=int, default=None,
                        help="write this many simulated deals for benchmarks instead of the sample club")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for --deals")
    parser.add_argument("--no-scores", action="store_true",
                        help="with --deals: leave out the paper scores (about a third less time)")
    args = parser.parse_args(argv)
    if args.deals is None:
        out = args.out or ROOT / "sample_data"
        write_sample(args.seed, out)
        print(f"sample club written to {out}")
        return 0
    if args.deals < 1 or args.out is None:
        parser.error("--deals needs a positive number and --out DIR")
    started = time.perf_counter()
    count = write_generated(args.seed, args.deals, args.out, max(1, args.jobs), scored=not args.no_scores)
    elapsed = time.perf_counter() - started
    print(f"{count} deals written to {args.out} in {elapsed:.1f} s ({count / elapsed:,.0f} deals/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
