"""A variation at the terminal and as ``vint-whatif/1`` JSON (docs/format.md §4.6): the
position, each legal card's double-dummy value, and a finished line's score beside the actual."""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis.contract_choice import ContractChoice
from ..analysis.dd import CardValue
from ..analysis.single_dummy import SingleDummy
from ..analysis.variation import Outcome, Variation
from ..engine.cards import Card, Hand
from ..engine.ledger import GameWon
from ..engine.plural import plural
from ..games.registry import RuleProfile, SheetLayout
from ..engine.scoring import Entry
from ..engine.seats import SEATS, Side
from .labels import contract_text
from .scoresheet import deal_json
from .terminal import DealView

WHATIF_FORMAT = "vint-whatif/1"


@dataclass(frozen=True)
class WhatIf:
    """What ``whatif`` shows: the variation, the cards ``--finish`` added to it, the legal
    cards' values at its last position (none once finished), a finished line's outcome, and
    with ``--seat`` that seat's single-dummy odds."""

    variation: Variation
    finished: tuple[Card, ...]
    values: tuple[CardValue, ...]
    outcome: Outcome | None
    single: SingleDummy | None = None  # ``--seat``: that seat's odds at the line's last position
    seed: int | None = None  # the layouts' seed

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards given with ``--play``."""
        cards = self.variation.cards
        return cards[:len(cards) - len(self.finished)]


def whatif_json(what: WhatIf, file: str) -> dict[str, object]:
    variation = what.variation
    state = variation.state
    contract = variation.contract
    out: dict[str, object] = {
        "format": WHATIF_FORMAT,
        "file": file,
        "deal": variation.replay.deal.number,
        "contract": str(contract),
        "declarer": contract.declarer.name,
        "at": variation.at,
        "played": [str(c) for c in what.played],
        "finished": [str(c) for c in what.finished],
        "position": {
            "cards_played": state.cards_played,
            "to_play": None if state.to_play is None else state.to_play.name,
            "hands": {seat.name: Hand(state.hands[seat]).pbn() for seat in SEATS},
            "trick": {"leader": state.trick_leader.name, "cards": [str(c) for c in state.trick]},
            "tricks": {side.name: state.tricks_won[side] for side in Side},
        },
        "values": [{"card": str(v.card), "tricks": v.tricks, "margin": v.margin} for v in what.values],
        "outcome": None,
    }
    if what.outcome is not None:
        out["outcome"] = outcome_json(what.outcome, variation.report.profile)
    if what.single is not None:
        out["single_dummy"] = {"seat": what.single.seat.name, "layouts": what.single.layouts, "seed": what.seed,
                               "odds": [{"card": str(o.card), "average": round(o.average, 3), "making": round(o.making, 3)}
                                        for o in what.single.odds]}
    return out


def outcome_json(outcome: Outcome, profile: RuleProfile) -> dict[str, object]:
    """A finished line's score beside the actual (§4.6 ``outcome``; the analysis board's too)."""
    return {
        "deal": {"actual": deal_json(outcome.actual_deal, profile), "variation": deal_json(outcome.varied_deal, profile)},
        "totals": {"actual": _by_side(outcome.actual.totals), "variation": _by_side(outcome.varied.totals)},
        "difference": {side.name: outcome.difference(side) for side in Side},
        "game_changes": outcome.game_changes,
        "rubbers_change": outcome.rubbers_change,
    }


def _by_side(totals: tuple[int, int]) -> dict[str, int]:
    return {side.name: totals[side] for side in Side}


def render_whatif(what: WhatIf, color: bool = False) -> str:
    """The position round the table, the trick on it, each legal card's value; for a finished
    line, the deal's entries as played and in the variation, and the session's totals."""
    variation = what.variation
    view = DealView.of(variation.report, variation.index, color)
    state = variation.state
    contract = variation.contract
    declarer = contract.declarer
    lines = [f"deal {variation.replay.deal.number}: {contract_text(contract)} by {declarer}, "
             f"{contract.tricks_needed} tricks needed; the actual play kept up to card {variation.at}"]
    if what.played:
        lines.append("then played: " + " ".join(c.pretty for c in what.played))
    if what.finished:
        lines.append("then double dummy: " + " ".join(c.pretty for c in what.finished))
    if state.to_play is not None:
        lines.append(view.diagram(state.hands, f"after {plural(state.cards_played, 'card')}:"))
    tricks = ", ".join(f"{side.label} {state.tricks_won[side]}" for side in Side)
    lines.append(f"tricks so far: {tricks}")
    if state.trick:
        seats = [SEATS[(state.trick_leader + i) & 3] for i in range(len(state.trick))]
        lines.append("on the table: " + ", ".join(f"{s} {view.card(c).rstrip()}" for s, c in zip(seats, state.trick)))
    if state.to_play is not None:
        lines.append(f"{state.to_play} to play; double dummy, {declarer.side.label}'s tricks after each card:")
        lines += [f"  {view.card(v.card)}  {v.tricks:>2}  {v.verdict}" for v in what.values]
    if what.outcome is not None:
        lines += outcome_lines(what.outcome, variation.report.profile.scoresheet)
    if what.single is not None:
        single = what.single
        lines.append(f"single dummy for {single.seat} ({single.layouts} layouts of the cards {single.seat} could not see, "
                     f"seed {what.seed}): {declarer.side.label}'s average tricks, and how often {contract.tricks_needed} are made:")
        lines += [f"  {view.card(o.card)}  {o.average:5.2f}  {o.making:4.0%}" for o in single.odds]
    return "\n".join(lines) + "\n"


def choice_json(choice: ContractChoice, file: str) -> dict[str, object]:
    """``whatif --contract``'s document (§4.6): the varied auction, its contract double dummy, its outcome."""
    contract = choice.contract
    return {"format": WHATIF_FORMAT, "file": file, "deal": choice.line.replay.deal.number,
            "choice": {"kept": choice.kept, "call": str(choice.call), "auction": [str(c) for c in choice.auction],
                       "contract": str(contract), "declarer": contract.declarer.name, "tricks": choice.tricks,
                       "margin": choice.margin, "play": [str(c) for c in choice.line.cards]},
            "outcome": outcome_json(choice.outcome, choice.line.report.profile)}


def render_choice(choice: ContractChoice) -> str:
    """Another final contract at the terminal."""
    return "\n".join(choice_lines(choice)) + "\n"


def choice_lines(choice: ContractChoice) -> list[str]:
    """What was bid where, its double-dummy result, the points (the terminal's and the page's)."""
    contract = choice.contract
    value = CardValue(choice.line.cards[-1], choice.tricks, contract.tricks_needed)  # its verdict's words
    return [f"deal {choice.line.replay.deal.number}: {choice.call.pretty} after the auction's first "
            f"{plural(choice.kept, 'call')}, then passes: {contract_text(contract)} by {contract.declarer}",
            f"double dummy: {contract.declarer.side.label} take {choice.tricks} tricks, {value.verdict}",
            *outcome_lines(choice.outcome, choice.line.report.profile.scoresheet)]


def outcome_lines(outcome: Outcome, layout: SheetLayout) -> list[str]:
    """A finished line's result, its deal's entries actual → variation, the game and rubbers if
    they change hands, and each side's session total with the difference (terminal and page).
    Scored board by board (``layout``, duplicate-bridge.md §1), the entries have no line and the
    board its one score from N–S's side; no game is carried to the next board."""
    actual, varied = outcome.actual_deal, outcome.varied_deal
    assert varied.tricks is not None  # a finished line has its 13 tricks
    boards = layout is SheetLayout.BOARDS
    # a deal never played (a hand or bidding record, duplicate-bridge.md §1) has no actual tricks
    taken = "not played" if actual.tricks is None else ", ".join(f"{s.label} {actual.tricks[s]}" for s in Side)
    lines = [f"the line is finished: {', '.join(f'{s.label} {varied.tricks[s]}' for s in Side)} (actual: {taken})",
             "the deal's entries, actual → variation:"]
    keys = list(dict.fromkeys(_key(e) for e in (*actual.entries, *varied.entries)))
    for side, line, item in keys:
        was, now = _points(actual.entries, side, line, item), _points(varied.entries, side, line, item)
        lines.append(f"  {side.label:<4} {'' if boards else f'{line:<5} '}{item:<24} {was:>6} → {now:>6}")
    if boards:
        was, now = (sum(e.points if e.side is Side.NS else -e.points for e in d.entries) for d in (actual, varied))
        lines.append(f"board score (N–S): {was:+d} → {now:+d} ({now - was:+d})")
    else:
        lines.append(f"game: {_game(actual.game)} → {_game(varied.game)}"
                     + (" (changes hands)" if outcome.game_changes else ""))
    if outcome.rubbers_change:
        before = ", ".join(_winner(r.winner) for r in outcome.actual.rubbers)
        after = ", ".join(_winner(r.winner) for r in outcome.varied.rubbers)
        lines.append(f"rubbers won: {before} → {after} (changes hands)")
    for side in Side:
        diff = outcome.difference(side)
        lines.append(f"session {side.label}: {outcome.actual.totals[side]} → {outcome.varied.totals[side]} "
                     f"({diff:+d} points)")
    return lines


def _key(entry: Entry) -> tuple[Side, str, str]:
    return entry.side, str(entry.line), str(entry.item)


def _points(entries: tuple[Entry, ...], side: Side, line: str, item: str) -> int:
    return sum(e.points for e in entries if _key(e) == (side, line, item))


def _game(game: GameWon | None) -> str:
    return "none" if game is None else f"{game.side.label} ({game.bonus})"


def _winner(side: Side | None) -> str:
    return "unfinished" if side is None else side.label

