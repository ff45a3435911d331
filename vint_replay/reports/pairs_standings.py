"""A pairs session's standings from its boards' travellers (``score --compare``, docs/format.md §4.3):
each pair's boards, matchpoints and percentage added up as a scoring program adds them
(duplicate-bridge.md §5.6), ranked — by IMPs where the travellers record them (§5.7) — with the
file's own totals (``[TotalScoreTable]``) beside them."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.session import SessionReport
from ..formats.pbn_traveller import PairTotal
from ..games.bridge.imps import ImpReading
from .traveller_audit import PairStanding, Travellers, imp_reading, scored_tables, standings, total_differences


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's place: its rank (tied pairs share one), its standing, its names, its listed total,
    and the reading of §5.7 its session is ranked by in IMPs (``None``: by percentage)."""

    rank: int
    standing: PairStanding
    names: str
    recorded: PairTotal | None
    reading: ImpReading | None = None


def ranked(report: SessionReport, travellers: Travellers, totals: tuple[PairTotal, ...]) -> tuple[Standing, ...]:
    """The pairs of ``report``'s travellers, best percentage first (as the travellers round the
    boards' matchpoints), or most IMPs first in a session whose travellers record IMPs (§5.7);
    names and recorded totals from ``totals`` where it lists the pair."""
    listed = {t.pair: t for t in totals}
    reading = imp_reading(scored_tables(report, travellers))

    def measure(s: PairStanding) -> float:
        return round(s.listed_percentage if reading is None else s.imps, 2)

    found = sorted(standings(report, travellers).values(), key=lambda s: (-measure(s), _order(s.pair)))
    out: list[Standing] = []
    for k, s in enumerate(found):
        tied = out and measure(out[-1].standing) == measure(s)
        recorded = listed.get(s.pair)
        out.append(Standing(out[-1].rank if tied else k + 1, s, recorded.names if recorded else "", recorded, reading))
    return tuple(out)


def _order(pair: str) -> tuple[int, str]:
    """Pair numbers in numeric order (2 before 10), others after them."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)


def render_standings(session: str, places: tuple[Standing, ...]) -> str:
    """The standings as a table under a heading naming the session; each recorded total beside
    the pair's, marked ``!`` where it differs (as ``audit`` finds it)."""
    if not places:
        return ""
    boards, reading = max(p.standing.boards for p in places), places[0].reading
    scale = "matchpoints" if reading is None else f"IMPs, {reading}"
    imps = "" if reading is None else f"  {'IMPs':>8}"
    lines = [f"session {session}: the pairs by their boards' travellers ({boards} boards, {scale})",
             f"{'rank':>4}  {'pair':>4}  {'boards':>6}{imps}  {'MP':>8}  {'%':>6}  {'recorded':>15}  names"]
    for p in places:
        s, r = p.standing, p.recorded
        recorded = "" if r is None else " ".join(
            "-" if f is None else f"{f[0]:g}" for f in (r.matchpoints, r.percentage))
        mark = "  !" if r is not None and total_differences(r, s) else ""
        imps = "" if reading is None else f"  {s.imps:>+8.2f}"
        lines.append(f"{p.rank:>4}  {s.pair:>4}  {s.boards:>6}{imps}  {s.listed:>8.1f}  {s.listed_percentage:>6.2f}  "
                     f"{recorded:>15}  {p.names}{mark}".rstrip())
    return "\n".join(lines) + "\n"


def standings_json(session: str, places: tuple[Standing, ...]) -> dict[str, object]:
    """A session's standings for ``vint-compare/1``'s ``standings`` (docs/format.md §4.3)."""
    reading = places[0].reading if places else None
    return {"session": session, **({"imps": str(reading)} if reading is not None else {}), "pairs": [
        {"rank": p.rank, "pair": p.standing.pair, "names": p.names or None, "boards": p.standing.boards,
         "matchpoints": round(p.standing.listed, 2), "percentage": round(p.standing.listed_percentage, 2),
         **({"imps": round(p.standing.imps, 2)} if reading is not None else {}),
         "recorded": None if p.recorded is None else {
             "matchpoints": p.recorded.matchpoints and p.recorded.matchpoints[0],
             "percentage": p.recorded.percentage and p.recorded.percentage[0]}} for p in places]}
