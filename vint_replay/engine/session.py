"""A whole session checked and scored: the one call the CLI, the store and the dashboard use."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeGuard, TypeVar

from .diagnostics import Diagnostic, Severity, in_file_order
from .errors import IllegalMove
from .gc_pause import paused_gc
from ..games.laws import with_laws
from ..games.laws.deal import Rotation, check_draw
from ..games.laws.settlement import apply_rulings
from .ledger import DealScore, Ledger, SessionScore
from ..games.registry import ProfileError, RuleProfile, get_profile
from .rule_profile import DealReplayer, Replayed, SessionLedger, Sheet
from .rescore import rescoring
from .record import SessionRecord
from .replay import DealReplay, replay_deal
from .settle import Report, settle_deal


Replay = TypeVar("Replay", bound=Replayed)
Score = TypeVar("Score", bound=Sheet)


@dataclass(frozen=True)
class SessionReport(Generic[Replay, Score]):
    """The outcome of checking a session: every deal's replay, all problems, and the score
    (``None`` unless every deal is valid). Their types are the game's: vint's ``DealReplay`` and
    ``SessionScore`` unless the profile supplies its own (``deal_replayer``, ``session_ledger``).
    ``fine_score`` is the score of the valid deals: ``score`` when all are valid and, where the
    profile scores each deal on its own (``boards_independent``), the others' when some are not."""

    record: SessionRecord
    profile: RuleProfile
    replays: tuple[Replay, ...]
    diagnostics: tuple[Diagnostic, ...]
    score: Score | None
    fine_score: Score | None = None

    @property
    def valid(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def is_four_hands(report: SessionReport[Replayed, Sheet]) -> TypeGuard[SessionReport[DealReplay, SessionScore]]:
    """Whether ``report`` is four hands' (vint's, bridge's): every deal replayed by the engine's
    replayer (``replay_deal``) and scored, if at all, on its rubber or board ledger."""
    return all(isinstance(r, DealReplay) for r in report.replays) \
        and all(s is None or isinstance(s, SessionScore) for s in (report.score, report.fine_score))


class FourHandedLedger:
    """The four-handed ledger as a session's scoresheet, for the profiles with no ledger of their
    own: the deals it is given are the four-handed replays (``replay_deal``)."""

    def __init__(self, profile: RuleProfile) -> None:
        self.ledger = Ledger(profile)

    def add(self, replay: Replayed) -> DealScore:
        assert isinstance(replay, DealReplay), f"the four-handed ledger scores no {type(replay).__name__}"
        return self.ledger.add(replay)

    def finish(self) -> SessionScore:
        return self.ledger.finish()


def evaluate(record: SessionRecord, read_problems: tuple[Diagnostic, ...] | list[Diagnostic] = (),
             rules: str | None = None) -> SessionReport[Replayed, Sheet]:
    """Replay every deal, then run the ledger over them in order.

    ``read_problems`` are the reader's diagnostics; they are merged (by deal) with the
    engine's. The ledger stops at the first invalid deal: after it, the games already won and
    the points below the line are unknown, so ``order_needed`` can only be judged before it.
    Where the profile's deals are independent (``boards_independent``: duplicate bridge), the
    ledger skips an invalid deal instead, and the valid ones are the report's ``fine_score``.
    ``rules`` rescores the session under another profile (:func:`rescoring`). The session's
    laws on irregularities (``info.laws``) ride on the profile, rescored or not.
    """
    profile = get_profile(record.info.rules, record.info.options)
    if rules is not None and rules != record.info.rules:
        profile = rescoring(profile, get_profile(rules))
    try:
        profile = with_laws(profile, record.info.laws)
    except ProfileError as bad:
        read_problems = [*read_problems, Diagnostic("schema", str(bad), None, "session.laws")]
    with paused_gc():
        return _evaluate(record, read_problems, profile)


def _evaluate(record: SessionRecord, read_problems: tuple[Diagnostic, ...] | list[Diagnostic],
              profile: RuleProfile) -> SessionReport[Replayed, Sheet]:
    replays: list[Replayed] = []
    found: list[Diagnostic] = list(read_problems)
    previous = None
    rotation = None if profile.laws is None else laws_rotation(record, found)
    own: DealReplayer[RuleProfile, Replayed] | None = profile.deal_replayer(record.info)
    replay_one: DealReplayer[RuleProfile, Replayed] = own or replay_deal
    seen: set[int] = set()  # in any order (profile.numbers_increase off), a number is still given once
    settled = False  # whether a deal was written in short: the report then holds the settled deals
    for deal in record.deals:
        if not profile.numbers_increase and deal.number in seen:
            found.append(Diagnostic("deal_number", f"board {deal.number} is given twice in this session",
                                    deal.number, "number"))
        seen.add(deal.number)
        if deal.shorthand is not None:
            settled = True
            if own is not None:  # four-handed replays settle as they replay; a game's own is given it settled
                deal = settle_deal(deal, profile, _reporter(found, deal.number))
        replay = replay_one(deal, profile, previous)
        replays.append(replay)
        found.extend(replay.diagnostics)
        deal = replay.deal
        if rotation is not None:
            dealer = rotation.check(deal)
            if dealer is not None:
                found.append(dealer)
        previous = deal
    if settled:
        record = replace(record, deals=tuple(replay.deal for replay in replays))
    broken = {d.deal for d in found if d.severity is Severity.ERROR}
    ledger: SessionLedger = profile.session_ledger(record.info) or FourHandedLedger(profile)
    file_ok = None not in broken
    independent = profile.boards_independent
    for replay in replays:
        if not file_ok or (replay.deal.number in broken and not independent):
            break
        if replay.deal.number in broken:  # a deal scored on its own: the next ones do not depend on it
            continue
        try:
            ledger.add(replay)
        except IllegalMove as bad:
            found.append(Diagnostic(bad.code, bad.message, replay.deal.number, "result"))
            broken.add(replay.deal.number)
            if not independent:
                break
    score = ledger.finish() if not any(d.severity is Severity.ERROR for d in found) or (independent and file_ok) \
        else None
    if record.info.rulings:
        found.extend(_rulings(record, profile, score))
    found = in_file_order(found, [deal.number for deal in record.deals])
    valid = not any(d.severity is Severity.ERROR for d in found)
    return SessionReport(record, profile, tuple(replays), tuple(found), score if valid else None,
                         score if valid or (independent and file_ok) else None)


def _reporter(found: list[Diagnostic], number: int) -> Report:
    """Settling's report (engine/settle.py) into the session's diagnostics, for deal ``number``."""

    def report(code: str, at: str | None, message: str, severity: Severity = Severity.ERROR,
               written_at: str | None = None) -> None:
        found.append(Diagnostic(code, message, number, at, severity, written_at=written_at))

    return report


def _rulings(record: SessionRecord, profile: RuleProfile, score: object) -> list[Diagnostic]:
    """The session's rulings (docs/rules/laws.md §9, law 180) put on ``score``'s rubbers; a
    ``schema`` error without the laws layer, where no ruling has a meaning."""
    if profile.laws is None:
        return [Diagnostic("schema", "rulings need the laws layer: set session.laws (\"001\")", None, "session.rulings")]
    return apply_rulings(record.info.rulings, score) if isinstance(score, SessionScore) else []


def laws_rotation(record: SessionRecord, found: list[Diagnostic]) -> Rotation:
    """The dealer rotation of a session under the laws, starting from the draw when the record
    gives one and starts the session (its first deal is deal 1); the draw's problems go to
    ``found``."""
    rotation = Rotation()
    draw = record.info.draw
    if draw is None:
        return rotation
    problems, first = check_draw(draw)
    found.extend(problems)
    if first is not None and record.deals and record.deals[0].number == 1:
        rotation.proper = first
        rotation.why = f"{first} drew the lowest card ({draw[first].pretty}) and deals first"
    return rotation
