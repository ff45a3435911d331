"""The unit of batch analysis: one validated deal in, its DD table, par and per-card verdicts
out. Both are small picklable values, so the same function runs in this process, in local
worker processes or on a Dask cluster."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..engine.calls import Contract
from ..engine.cards import Card
from ..engine.errors import IllegalMove
from ..engine.play import Play
from ..games.registry import RuleProfile, get_profile
from ..engine.scoring import DealFacts
from ..engine.seats import Side
from ..engine.session import SessionReport
from .dd import DDTable, PlayAnalysis, analyse_cards, dd_table
from .par import Outcome, best_for, outcomes, par


@dataclass(frozen=True, slots=True)
class DealJob:
    """A deal the engine found valid, reduced to what DDS and the par need."""

    session_id: str
    deal: int
    content_sha256: str | None  # of the session record, to spot analyses of a replaced session
    year: int | None  # the store's partition
    profile: str
    dealer_side: Side  # opens the double-dummy auction of the par
    vulnerable: tuple[bool, bool]  # by Side, as the session's scoresheet gave it (profiles without vulnerability: never)
    hands: tuple[int, int, int, int]
    contract: Contract | None  # None: passed out
    cards: tuple[Card, ...]  # the play up to an irregularity (empty for a result-only or passed-out deal)
    tricks: tuple[int, int] | None  # tricks taken by Side, as played or recorded

    @property
    def key(self) -> tuple[str, int]:
        return self.session_id, self.deal


@dataclass(frozen=True)
class DealResult:
    """What the analysis found for one deal; ``error`` is set (and the rest may be missing) when
    DDS failed on it."""

    job: DealJob
    table: DDTable | None = None
    par: Outcome | None = None  # None: the double-dummy auction passes the deal out
    best: tuple[Outcome, Outcome] | None = None  # best contract of N–S, of E–W
    actual: tuple[int, int] | None = None  # the played contract's deal points by Side
    play: PlayAnalysis | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A deal not sent to DDS, and why (in the engine's words)."""

    session_id: str
    deal: int
    reason: str


def jobs_for(report: SessionReport, content_sha256: str | None = None, year: int | None = None,
             only: set[int] | None = None) -> Iterator[DealJob | Skipped]:
    """A job per deal of a checked session (those numbered in ``only``, if given); a deal with
    errors, or without its hands, is :class:`Skipped` with the engine's first message."""
    info = report.record.info
    score = report.score if report.profile.has_vulnerability else None  # a vint or solo score has none
    scored = {} if score is None else {d.number: d.vulnerable for d in score.deals}
    for replay in report.replays:
        number = replay.deal.number
        if only is not None and number not in only:
            continue
        if not report.profile.double_dummy:
            yield Skipped(info.id, number, f"{report.profile.name} deals are not analysed double-dummy")
            continue
        if not replay.valid:
            first = next(d for d in replay.diagnostics if d.severity == "error")
            yield Skipped(info.id, number, f"{first.code}: {first.message}")
            continue
        if replay.void:
            yield Skipped(info.id, number, "a void deal (laws) is not analysed")
            continue
        if replay.hands is None:
            yield Skipped(info.id, number, "the hands are not known")
            continue
        if any(hand.bit_count() != 13 for hand in replay.hands):
            yield Skipped(info.id, number, "a deal of 14 and 12 cards (laws) has no double-dummy analysis")
            continue
        if report.profile.has_vulnerability and number not in scored:
            yield Skipped(info.id, number, "the deal's vulnerability is not known: the session's scoresheet has errors")
            continue
        vulnerable = scored.get(number, (False, False))
        cards = tuple(c for trick in replay.tricks for c in trick.cards)
        if replay.contract is not None and report.profile.laws is not None:
            cards = legal_prefix(replay.hands, replay.contract, cards, get_profile(report.profile.name))
        yield DealJob(info.id, number, content_sha256, year, report.profile.name, replay.deal.dealer.side,
                      vulnerable, replay.hands, replay.contract, cards, replay.tricks_won)


def legal_prefix(hands: tuple[int, int, int, int], contract: Contract, cards: tuple[Card, ...],
                 profile: RuleProfile) -> tuple[Card, ...]:
    """The cards of a play under the laws up to the first one the strict rules refuse (a revoke,
    a lead out of turn let stand: laws.md §7.3, §8.2): DDS judges legal positions only; the
    table and the par do not depend on the play at all."""
    play = Play(hands, contract.trump, profile.opening_leader(contract.declarer), profile)
    for i, card in enumerate(cards):
        try:
            play.play(card)
        except IllegalMove:
            return cards[:i]
    return cards


def analyse_job(job: DealJob) -> DealResult:
    """DD table, par and (for a played deal) per-card verdicts; any failure is recorded on the
    result instead of raised, so one bad deal never stops a batch."""
    try:
        profile = get_profile(job.profile)
        table = dd_table(job.hands)
        scored = outcomes(table, job.hands, profile, job.vulnerable)
        best = (best_for(Side.NS, scored), best_for(Side.EW, scored))
        actual = play = None
        if job.contract is not None and job.tricks is not None:
            points = [0, 0]
            for entry in profile.score(DealFacts(job.contract, job.tricks, job.hands, job.vulnerable)):
                points[entry.side] += entry.points
            actual = (points[0], points[1])
            if job.cards:
                play = analyse_cards(job.hands, job.contract, profile.opening_leader(job.contract.declarer), job.cards, profile)
        return DealResult(job, table, par(scored, job.dealer_side), best, actual, play)
    except Exception as err:  # noqa: BLE001 — recorded per deal, by design
        return DealResult(job, error=f"{type(err).__name__}: {err}")


def analyse_chunk(jobs: list[DealJob]) -> list[DealResult]:
    """A few deals per task: what a worker process or Dask task runs."""
    return [analyse_job(job) for job in jobs]
