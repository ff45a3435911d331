"""``whatif``'s double-dummy values: every legal card of a position through
:func:`~vint_replay.analysis.dd.card_values` (the variation's position replayed by the engine,
then one DDS call) vs endplay's ``solve_board`` called directly on the same positions, side by
side in one run. The positions are the sample evenings' deals every ``--step`` cards (the
opening lead included), ordered so that no two positions in a row are of the same deal: DDS keeps
its transposition table from one call to the next on the same deal, which would time a memory
hit. Our position cache is cleared before each call, so every call on both sides asks DDS, and
each side runs over all the positions in its own pass.

Run: ``python benchmarks/bench_whatif.py [--step 8] [--limit 400]``. Target: median ≤ 150 ms
a position through our code.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from endplay import dds

from harness import endplay_position, verdict
from vint_replay.analysis.dd import _solve_cached, card_values, dds_strain
from vint_replay.analysis.variation import Variation, branch
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file

TARGET_MS = 150.0
SAMPLES = Path(__file__).resolve().parents[1] / "sample_data"


def positions(step: int, limit: int) -> list[Variation]:
    """Variations branched every ``step`` cards of the sample evenings' played deals, as many
    at each depth: the opening leads of the first deals, then those deals after ``step`` cards, …"""
    found: list[Variation] = []
    for path in sorted(SAMPLES.glob("arbat-*.json")):
        report = evaluate(read_file(path).record)
        for replay in report.replays:
            if replay.contract is None or not replay.deal.play:
                continue
            for at in range(0, len(replay.deal.play), step):
                found.append(branch(report, replay.deal.number, at))
    depths = sorted({v.at for v in found})
    each = max(1, limit // len(depths))  # as many positions at every depth
    return [v for at in depths for v in [v for v in found if v.at == at][:each]]


def ours(variation: Variation) -> float:
    """Seconds for the position and all its legal cards' values, as ``whatif`` computes them."""
    _solve_cached.cache_clear()
    start = time.perf_counter()
    card_values(variation.state, variation.contract)
    return time.perf_counter() - start


def direct(variation: Variation) -> float:
    """Seconds for endplay alone: the position as an endplay ``Deal``, then ``solve_board``."""
    state = variation.state
    start = time.perf_counter()
    deal = endplay_position(state.hands, state.trick_leader, state.trick, dds_strain(variation.contract.denomination))
    dict(dds.solve_board(deal))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--step", type=int, default=8, help="Branch every this many cards (default 8).")
    parser.add_argument("--limit", type=int, default=400, help="At most this many positions (default 400).")
    args = parser.parse_args()
    found = positions(args.step, args.limit)
    card_values(found[0].state, found[0].contract)  # load the DDS library before timing
    ours_ms = [ours(variation) * 1000 for variation in found]
    direct_ms = [direct(variation) * 1000 for variation in found]
    mine, theirs = statistics.median(ours_ms), statistics.median(direct_ms)
    print(f"{len(found)} positions of the sample deals, every {args.step} cards "
          f"(branch points {found[0].at}–{found[-1].at})")
    print(f"all legal cards' double-dummy values, median a position: ours {mine:.1f} ms, "
          f"endplay solve_board directly {theirs:.1f} ms ({mine / theirs:.2f}×); "
          f"slowest ours {max(ours_ms):.0f} ms, endplay {max(direct_ms):.0f} ms")
    leads = [i for i, v in enumerate(found) if v.at == 0]
    print(f"at the opening lead alone ({len(leads)} positions, the hardest): ours "
          f"{statistics.median(ours_ms[i] for i in leads):.1f} ms, endplay "
          f"{statistics.median(direct_ms[i] for i in leads):.1f} ms")
    print(f"target ≤ {TARGET_MS:.0f} ms median through our code: {verdict(mine <= TARGET_MS)}")


if __name__ == "__main__":
    main()
