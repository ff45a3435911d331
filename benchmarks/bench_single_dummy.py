"""Single dummy from the seat to play (issue 21 item 3): the default sample of layouts of the
unseen cards drawn and solved at a position, through
:func:`~vint_replay.analysis.single_dummy.single_dummy` (knowledge, the draw, one batch DDS call),
side by side with endplay's ``solve_all_boards`` and ``solve_board`` called directly on the same
layouts (drawn beforehand, so they time DDS alone). The positions are the sample evenings' deals
every ``--step`` cards, the opening lead included (the hardest: 39 unseen cards).

Run: ``python benchmarks/bench_single_dummy.py [--step 13] [--limit 24] [--samples N]``.
Target: ≤ 3 s a position with the default sample.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from endplay import dds, types

from bench_whatif import positions  # the same positions as whatif's benchmark
from harness import endplay_position, verdict
from vint_replay.analysis.dd import dds_strain
from vint_replay.analysis.single_dummy import DEFAULT_SAMPLES, deciding, knowledge, layouts, single_dummy
from vint_replay.analysis.variation import Variation

TARGET_S = 3.0
SEED = 21


def ours(variation: Variation, samples: int) -> float:
    start = time.perf_counter()
    single_dummy(variation, deciding(variation), samples, SEED)  # type: ignore[arg-type]
    return time.perf_counter() - start


def endplay_deals(variation: Variation, samples: int) -> list[types.Deal]:
    """The same layouts as ``ours`` draws, as endplay ``Deal`` positions."""
    state = variation.state
    out = []
    for hands in layouts(knowledge(variation, deciding(variation)), samples, SEED):  # type: ignore[arg-type]
        out.append(endplay_position(hands, state.trick_leader, state.trick, dds_strain(variation.contract.denomination)))
    return out


def batch(deals: list[types.Deal]) -> float:
    start = time.perf_counter()
    list(dds.solve_all_boards(deals))
    return time.perf_counter() - start


def one_by_one(deals: list[types.Deal]) -> float:
    start = time.perf_counter()
    for deal in deals:
        dict(dds.solve_board(deal))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--step", type=int, default=13, help="Branch every this many cards (default 13).")
    parser.add_argument("--limit", type=int, default=24, help="At most this many positions (default 24).")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help=f"Layouts a position (default {DEFAULT_SAMPLES}).")
    args = parser.parse_args()
    found = positions(args.step, args.limit)
    ours(found[0], 2)  # load the DDS library before timing
    mine = [ours(v, args.samples) for v in found]
    drawn = [endplay_deals(v, args.samples) for v in found]
    batched = [batch(d) for d in drawn]
    single = [one_by_one(d) for d in drawn]
    leads = [i for i, v in enumerate(found) if v.at == 0]
    print(f"{len(found)} positions of the sample deals every {args.step} cards, {args.samples} layouts each")
    print(f"single dummy a position: median {statistics.median(mine):.2f} s, slowest {max(mine):.2f} s; "
          f"at the opening lead median {statistics.median(mine[i] for i in leads):.2f} s")
    print(f"endplay on the same layouts: solve_all_boards median {statistics.median(batched):.2f} s, "
          f"solve_board one by one {statistics.median(single):.2f} s; at the opening lead "
          f"{statistics.median(batched[i] for i in leads):.2f} s and {statistics.median(single[i] for i in leads):.2f} s")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"target ≤ {TARGET_S:.0f} s a position: {verdict(max(mine) <= TARGET_S)}")


if __name__ == "__main__":
    main()
