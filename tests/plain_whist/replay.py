"""A plain-whist deal replayed (plain_whist §2–§4): the turned-up card read and checked, the
play proved legal with its suit as trumps from the dealer's left; and how the terminal shows
what differs from vint (no auction, trumps by the turn-up, points over six)."""
from __future__ import annotations

from dataclasses import dataclass

from vint_replay.engine.cards import Card
from vint_replay.engine.diagnostics import Diagnostic
from vint_replay.engine.play import Play, Trick
from vint_replay.engine.errors import IllegalMove
from vint_replay.engine.record import DealRecord
from vint_replay.engine.replay import DealReplay, checked_hands
from vint_replay.engine.rule_profile import RuleProfile
from vint_replay.engine.seats import Side
from vint_replay.engine.shown import Pen

TRICKS_OVER = 6  # plain_whist §4: a point for each trick past six


def points(taken: int) -> int:
    """What a side writes for ``taken`` tricks (plain_whist §4)."""
    return max(0, taken - TRICKS_OVER)


@dataclass(frozen=True)
class WhistReplay(DealReplay):
    """A plain-whist deal after replay: vint's replay without a contract, trumps the turn-up's
    suit (``None`` when the turn-up is missing or unreadable: the deal is then not played)."""

    turn_up: Card | None = None

    @property
    def trump(self) -> int | None:
        return None if self.turn_up is None else int(self.turn_up.suit)

    @property
    def declaring_column(self) -> int | None:
        return None  # plain_whist §3: nobody declares

    def shown_header(self, pen: Pen) -> str:
        head = pen.common_header()
        if self.turn_up is None:
            return head
        return f"{head}\nTrumps {pen.suit(self.turn_up.suit)}: {pen.player(self.deal.dealer)} turned up {pen.card(self.turn_up).rstrip()}"

    def shown_auction(self, pen: Pen) -> str:
        return "No auction: the turned-up card names trumps (plain_whist §2)"

    def shown_summary(self, pen: Pen) -> str:
        """The tricks and the points they write: a point a trick over six to the side that took them."""
        if self.tricks_won is None:
            return ""
        names = self.column_names
        counts = f"Tricks {names[0]} {self.tricks_won[0]}, {names[1]} {self.tricks_won[1]}"
        scorer = next((side for side in Side if points(self.tricks_won[side])), None)
        if scorer is None:
            return f"{counts}: nobody scores"
        return f"{counts}: {names[scorer]} score {points(self.tricks_won[scorer])}"


def read_turn_up(deal: DealRecord) -> tuple[Card | None, str | None]:
    """The deal's turned-up card, or why it cannot be read (plain_whist §2)."""
    raw = deal.extra.get("turn_up")
    if raw is None:
        return None, "a plain-whist deal records its turned-up card: 'turn_up', e.g. \"H7\" (plain_whist §2)"
    try:
        return Card.parse(str(raw)), None
    except ValueError:
        return None, f"'turn_up' must be a card such as \"H7\", not {raw!r} (plain_whist §2)"


def replay_whist_deal(deal: DealRecord, profile: RuleProfile, previous: DealRecord | None = None) -> WhistReplay:
    """Check one plain-whist deal and replay its play; every problem becomes a diagnostic."""
    problems: list[Diagnostic] = []

    def report(code: str, at: str | None, message: str) -> None:
        problems.append(Diagnostic(code, message, deal.number, at))

    if previous is not None:
        if deal.number <= previous.number:
            report("deal_number", "number", f"deal {deal.number} follows deal {previous.number}: numbers must increase")
        expected, why = profile.expected_dealer(previous.dealer, deal.number)
        if deal.dealer != expected:
            report("wrong_dealer", "dealer", f"dealer is {deal.dealer}, but {why}")  # plain_whist §1
    if deal.auction:
        report("schema", "auction", "plain whist has no auction (plain_whist §3)")
    hands = checked_hands(deal, report)
    turn_up, problem = read_turn_up(deal)
    if problem is not None:
        report("schema", "turn_up", problem)
    elif turn_up is not None and hands is not None and not hands[deal.dealer] >> turn_up & 1:
        report("schema", "turn_up", f"the turned-up {turn_up.pretty} is the dealer's last card, but "
               f"{deal.dealer.full_name} does not hold it (plain_whist §2)")
        turn_up = None
    if hands is None and "hands" not in deal.unreadable:
        report("schema", "hands", "a plain-whist deal records its four hands")
    tricks: tuple[Trick, ...] = ()
    won: tuple[int, int] | None = None
    if deal.play is None:
        report("missing_play", "play", "a plain-whist deal is played out: it needs its play (plain_whist §3)")
    elif hands is not None and turn_up is not None:
        play = Play(hands, turn_up.suit, deal.dealer.left, profile)  # plain_whist §3: the dealer's left leads
        try:
            play.play_cards(deal.play)
        except IllegalMove as bad:
            report(bad.code, f"play[{play.cards_played}]", f"trick {len(play.tricks) + 1}: {bad.message}")
        else:
            if not play.finished:
                report("play_incomplete", f"play[{len(deal.play)}]", f"the play stops after {len(deal.play)} cards: "
                       f"all 13 tricks are played (plain_whist §4)")
        tricks = tuple(play.tricks)
        if play.finished:
            won = (play.won[0], play.won[1])
    return WhistReplay(deal, profile, None, False, hands, tricks, won, tuple(problems), turn_up=turn_up)
