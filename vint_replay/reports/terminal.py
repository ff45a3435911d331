"""A deal at the terminal, for every game: the table diagram, the auction in columns from the
first speaker, and the play trick by trick with the running trick count and below-the-line
score. What differs between the games comes from the replay (:class:`ReplayShown`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Protocol

import click

from ..engine.calls import Contract
from ..engine.cards import SUITS, Card, Hand, Suit
from ..engine.diagnostics import Severity
from ..engine.errors import IllegalMove
from ..engine.ledger import DealScore
from ..games.laws.auction import LawsAuction
from ..engine.play import Trick
from ..engine.plural import plural
from ..engine.printable import printable
from ..games.registry import SheetLayout
from ..games.bridge.duplicate import board_score
from ..engine.record import SessionInfo
from ..engine.seats import SEATS, Seat, Side
from ..engine.session import FourHandedLedger, SessionReport
from ..engine.scored import Unplayed
from ..engine.shown import Pen
from ..formats.board_fields import question_words
from .irregularities import Irregular, Mark, penalty_lines, play_marks
from .labels import contract_text, dummy_text, vulnerability_text


class ReplayShown(Irregular, Unplayed, Protocol):
    """What the terminal takes from a deal's replay (``DealReplay``, ``TableReplay``,
    ``SoloReplay``): besides the record, tricks and revokes its irregularities are drawn from,
    who plays each place, the hands on view, the two columns whose tricks are counted, the
    auction's columns, and what else lies on the table."""

    contract: Contract | None  # solo whist's is its own (its hooks below read it)
    passed_out: bool
    hands: tuple[int, int, int, int] | None
    tricks_won: tuple[int, int] | None

    @property
    def trick_value(self) -> int | None: ...
    @property
    def face_up_dummy(self) -> Seat | None: ...
    @property
    def column_names(self) -> tuple[str, str]: ...
    @property
    def declaring_column(self) -> int | None: ...
    @property
    def counted(self) -> tuple[int, int] | None: ...
    def who_plays(self, seat: Seat, info: SessionInfo) -> str: ...
    def hands_after(self, k: int) -> tuple[int | None, int | None, int | None, int | None]: ...
    def won_after(self, k: int) -> tuple[int, int]: ...
    def bidders(self) -> tuple[tuple[Seat, ...], Seat | None]: ...
    def table_lines(self) -> tuple[str, ...]: ...
    def turned_up(self, k: int) -> tuple[tuple[Seat, int], ...]: ...
    def laws_auction(self) -> LawsAuction | None: ...
    # the parts a game may write its own way (engine.shown: CommonShown writes the view's common ones)
    def shown_header(self, pen: Pen) -> str: ...
    def shown_auction(self, pen: Pen) -> str: ...
    def shown_summary(self, pen: Pen) -> str: ...
    def shown_ending(self, pen: Pen) -> Iterator[str]: ...


@dataclass(frozen=True)
class DealView:
    """One deal of a checked session, with its place on the scoresheet when that is known
    (every deal up to it valid)."""

    report: SessionReport
    replay: ReplayShown
    score: DealScore | None  # the deal's place in the race below the line (None: the sheet keeps none)
    color: bool = False
    line: object | None = None  # the deal's line of the session's sheet, whatever the game's

    @classmethod
    def of(cls, report: SessionReport, index: int, color: bool = False) -> DealView:
        """The view of deal ``index``, with its place in the race below the line where the
        session's sheet keeps one (3.2's columns keep none in common)."""
        line = deal_score(report, index)
        return cls(report, report.replays[index], line if isinstance(line, DealScore) else None,
                   color, line)

    # -- pieces ----------------------------------------------------------------------------

    def suit(self, suit: Suit) -> str:
        return click.style(suit.symbol, fg="red") if self.color and suit.is_red else suit.symbol

    def card(self, card: Card) -> str:
        """The card with its suit symbol, padded so that tens keep the columns straight."""
        return self.suit(card.suit) + card.pretty[1:].ljust(2)

    @property
    def players(self) -> tuple[str, ...]:
        """The session's players in the order of the sheet's balances: the roster."""
        return self.report.record.info.roster

    def player(self, seat: Seat) -> str:
        name = printable(self.replay.who_plays(seat, self.report.record.info))
        return f"{seat.full_name} · {name}" if name else seat.full_name

    def columns(self, counts: tuple[int, int]) -> str:
        """``N–S 3, E–W 2``: two counts by the columns they are kept in."""
        names = self.replay.column_names
        return f"{names[0]} {counts[0]}, {names[1]} {counts[1]}"

    def hand_lines(self, mask: int) -> list[tuple[str, int]]:
        """A hand as four suit lines, each with its printed width (styles take no room)."""
        hand = Hand(mask)
        out = []
        for suit in SUITS:
            ranks = " ".join("10" if r == 8 else "23456789TJQKA"[r] for r in hand.suit_ranks(suit)) or "—"
            out.append((f"{self.suit(suit)} {ranks}", 2 + len(ranks)))
        return out

    def diagram(self, hands: tuple[int | None, int | None, int | None, int | None], title: str | None = None) -> str:
        """The four hands around the table: North on top, West left, East right, South below
        (a hand not on view, a dead pile, by its name alone)."""
        names = {seat: self.player(seat) + (" · dummy" if seat is self.dummy else "") for seat in SEATS}
        blocks = {seat: [(names[seat], len(names[seat])), *(self.hand_lines(hand) if (hand := hands[seat]) is not None
                                                            else [])] for seat in SEATS}
        west = max(width for _, width in blocks[Seat.W]) + 3
        middle = max(12, *(width for seat in (Seat.N, Seat.S) for _, width in blocks[seat])) + 3
        lines = [title] if title else []
        lines += [" " * west + text for text, _ in blocks[Seat.N]]
        rows = max(len(blocks[Seat.W]), len(blocks[Seat.E]))
        for (w_text, w_width), (e_text, _) in zip(*(blocks[s] + [("", 0)] * (rows - len(blocks[s]))
                                                    for s in (Seat.W, Seat.E))):
            lines.append(w_text + " " * (west + middle - w_width) + e_text)
        lines += [" " * west + text for text, _ in blocks[Seat.S]]
        return "\n".join(line.rstrip() for line in lines)

    @property
    def dummy(self) -> Seat | None:
        """The declarer's partner where the profile lays his hand face up, else ``None``."""
        return self.replay.face_up_dummy

    def dummy_down(self) -> str | None:
        """The dummy's hand as it goes face up after the opening lead, and who plays it."""
        dummy, hands = self.dummy, self.replay.hands
        if dummy is None or hands is None or not self.replay.tricks:
            return None
        lines = [f"Dummy {self.player(dummy)}, face up after the opening lead ({dummy_text(self.replay.contract, self.replay.profile)}):"]
        lines += ["    " + text for text, _ in self.hand_lines(hands[dummy])]
        return "\n".join(lines)

    def auction(self) -> str:
        """The auction as the game writes it (its replay's hook)."""
        return self.replay.shown_auction(self)

    def common_auction(self) -> str:
        """The calls in four columns, the dealer's first; the closing passes shown as "all pass".
        Under the laws the void calls (out of turn, late) leave the columns for a line each
        under them, and an insufficient bid shows the bid it is read as."""
        deal = self.replay.deal
        laws = self.replay.laws_auction()
        void = {} if laws is None else laws.void
        read = {} if laws is None else laws.read
        calls = [(i, c) for i, c in enumerate(deal.auction) if i not in void]
        shown = [c.pretty + (f" ({read[i].pretty})" if i in read else "") for i, c in calls]
        seats, closer = self.replay.bidders()
        closed = self.replay.contract is not None or self.replay.passed_out
        last = shown.pop() if closer is not None and shown and closed else None  # the closer's one call
        last_bid = max((k for k, (_, c) in enumerate(calls[:len(shown)]) if not c.is_pass), default=-1)
        if closed and closer is None:
            shown = shown[:last_bid + 1] + ["all pass"]
        width, n = 10, len(seats)
        lines = ["Auction", "".join(s.name.ljust(width) for s in (*seats, *([closer] if closer is not None else []))).rstrip()]
        for start in range(0, len(shown), n):
            lines.append("".join(c.ljust(width) for c in shown[start:start + n]).rstrip())
        if last is not None:
            lines.append(" " * (width * n) + last)
        if laws is not None:
            lines += laws.void_lines()
        return "\n".join(lines)

    def header(self) -> str:
        """The deal's header as the game writes it (its replay's hook)."""
        return self.replay.shown_header(self)

    def common_header(self) -> str:
        """Deal, dealer, rubber and vulnerability, the contract and what it needs, the race below the line."""
        deal, replay = self.replay.deal, self.replay
        parts = [f"Deal {deal.number}", f"dealer {self.player(deal.dealer)}"]
        if self.score is not None and self.racing:
            parts.append(f"rubber {self.score.rubber}")
        vulnerable = vulnerability_text(replay.profile, None if self.score is None else self.score.vulnerable)
        if vulnerable:
            parts.append(vulnerable)
        lines = [" · ".join(parts)]
        contract = replay.contract
        lines += [printable(line) for line in replay.table_lines()]
        if contract is not None:
            side = self.declaring
            lines.append(f"Contract {contract_text(contract)} by {self.player(contract.declarer)}: "
                         f"{side} must take {plural(contract.tricks_needed, 'trick')}; each trick is worth {replay.trick_value}")
            dummy = dummy_text(contract, replay.profile)
            if dummy:
                lines.append(dummy)
            if replay.bidding_record:
                lines.append("Bidding record: bid, never played; it scores nothing (format.md §5.2)")
        elif replay.profile.hand_records and deal.hand_record:
            lines.append("Hand record: dealt, never bid nor played; it scores nothing (format.md §5.2)")
        if replay.unfinished and deal.question is not None:
            lines.append(f"Bidding quiz: the auction stops at the contestant's call (AC), written on from there as "
                         f"{' '.join(question_words(deal.question))}; it scores nothing (format.md §5.2)")
        elif replay.unfinished:
            lines.append("Unfinished: the table stopped before the end, with no result; it scores nothing (format.md §5.2)")
        elif replay.passed_out:
            lines.append("Passed out: no bid, no play")
        elif replay.void:
            lines.append(f"Void deal (law {deal.void}): thrown in, scores nothing; it is dealt again")
        if self.score is not None and contract is not None and self.racing:
            lines.append(f"Below the line before the deal: {self.columns(self.score.below_before)} "
                         f"(game at {replay.profile.game_threshold})")
        return "\n".join(lines)

    @property
    def declaring(self) -> str:
        """The name of the declarer's column."""
        column = self.replay.declaring_column
        return "" if column is None else self.replay.column_names[column]

    @property
    def racing(self) -> bool:
        """Whether the profile keeps a race below the line (rubbers), not one score per board."""
        return self.replay.profile.scoresheet is SheetLayout.RUBBER

    def marks(self, number: int) -> list[Mark]:
        """The irregular cards of trick ``number`` (laws): revokes, leads out of turn, exposed cards."""
        return [m for m in play_marks(self.replay) if m.trick == number]

    def trick(self, number: int, trick: Trick) -> str:
        """One trick: leader, the cards in play order (an irregular one marked ``!``), the winner,
        the running counts and score, and under it what each irregular card was."""
        won = self.replay.won_after(number)
        marks = self.marks(number)
        marked = {(m.seat, m.card) for m in marks}
        cards = "  ".join(f"{trick.seat_of(i)} {self.card(c)}" if (trick.seat_of(i), c) not in marked
                          else f"{trick.seat_of(i)} {self.card(c).rstrip()}!".ljust(len(trick.seat_of(i).name) + 5)
                          for i, c in enumerate(trick.cards))
        line = (f"{number:>2}. {trick.leader} leads   {cards}   → {trick.winner} wins   "
                f"tricks {self.columns(won)}")
        if self.racing and self.score is not None and self.score.below_after:
            below = self.score.below_after[number - 1]  # as the ledger ran the race
            line += f"   below {self.columns(below)}"
        line += "".join(f"\n    ! {m.text}" for m in marks)
        for seat, held in self.replay.turned_up(number):
            line += f"\n    {self.player(seat)} lays his hand face up after trick {number}:"
            line += "".join("\n        " + text for text, _ in self.hand_lines(held))
        game = None if self.score is None else self.score.game
        if game is not None and game.trick == number:
            line += "\n" + self.game_line()
        return line

    def game_line(self) -> str:
        assert self.score is not None and self.score.game is not None
        game = self.score.game
        threshold = self.replay.profile.game_threshold
        when = (f"at trick {game.trick}" if game.trick is not None else "with the claimed tricks" if self.replay.tricks
                else "in this deal (the order of tricks is not recorded)")
        what = "the game and the rubber" if game.bonus == "rubber" else "the game"
        text = f"    ★ {self.replay.column_names[game.side]} reach {threshold} below the line {when}: {what}"
        return click.style(text, bold=True) if self.color else text

    def summary(self) -> str:
        """What the deal came to, as the game writes it (its replay's hook)."""
        return self.replay.shown_summary(self)

    def common_summary(self) -> str:
        """What the deal came to: tricks, the contract made or not, the deal's points."""
        replay = self.replay
        counted, column = replay.counted, replay.declaring_column  # laws §8.4: after the revoke penalty
        if replay.contract is None or replay.tricks_won is None or counted is None or column is None:
            return ""
        taken = counted[column]
        need = replay.contract.tricks_needed
        verdict = "made" if taken >= need else f"{need - taken} down"
        adjusted = "" if replay.penalty is None else f"; after the revoke penalty {self.columns(counted)}"
        lines = [f"Tricks {self.columns(replay.tricks_won)}{adjusted}: {contract_text(replay.contract)} {verdict}"]
        if self.score is not None and not self.racing:
            points = board_score(self.score.entries)
            lines.append(f"  board score: {Side.NS.label} {points:+d}" if points >= 0 else
                         f"  board score: {Side.EW.label} {-points:+d}")
        elif self.score is not None:
            for side in Side:
                totals = self.score.totals(side)
                lines.append(f"  {replay.column_names[side]}: {totals.below} below, {totals.above} above the line")
        elif self.report.score is not None and self.line is not None:  # no common race: each column's own lines
            written = self.report.score.deal_summaries().get(replay.deal.number)
            if written is not None:
                lines.append("  " + printable(written.text()))
        return "\n".join(lines)

    # -- whole views -----------------------------------------------------------------------

    def opening(self) -> str:
        """Everything before the first card: header, dealt hands, auction (none for a hand
        record, which was never bid: format.md §5.2)."""
        parts = [self.header()]
        if self.replay.hands is not None:
            parts.append(self.diagram(self.replay.hands_after(0)))
        else:
            parts.append("(the hands were not recorded)")
        if not (self.replay.profile.hand_records and self.replay.deal.hand_record):
            parts.append(self.auction())
        return "\n\n".join(parts)

    def steps(self) -> Iterator[str]:
        """The deal in pieces for stepping through it: the opening, one piece per trick, the end."""
        yield self.opening()
        if self.replay.tricks:
            yield self.play_head()
            yield from (self.trick(n, t) for n, t in enumerate(self.replay.tricks, 1))
        yield from self.ending()

    def play_head(self) -> str:
        """The line that opens the play, and the dummy going face up where the profile has one."""
        head = f"Play ({self.player(self.replay.tricks[0].leader)} leads)"
        dummy = self.dummy_down()
        return head + "\n" + dummy if dummy else head

    def ending(self) -> Iterator[str]:
        """After the tricks, as the game writes it (its replay's hook)."""
        return self.replay.shown_ending(self)

    def common_ending(self) -> Iterator[str]:
        """After the tricks: what a result-only deal gives, the summary, an unfinished play."""
        replay = self.replay
        column = replay.declaring_column
        if not replay.tricks and column is not None and replay.tricks_won is not None:
            lines = [f"No card play recorded: {self.declaring} took {plural(replay.tricks_won[column], 'trick')}"]
            if self.score is not None and self.score.below_end is not None:
                lines.append(f"Below the line after the deal: {self.columns(self.score.below_end)}")
            if self.score is not None and self.score.game is not None:
                lines.append(self.game_line())
            yield "\n".join(lines)
        summary = self.summary()
        if summary:
            yield summary
        penalty = penalty_lines(replay, self.score)
        if penalty:
            yield "\n".join([penalty[0], *("  " + line for line in penalty[1:])])
        if replay.tricks and len(replay.tricks) < 13 and replay.contract is not None:
            yield self.claim() if replay.deal.result is not None and replay.tricks_won else \
                f"(the play stops after trick {len(replay.tricks)})"

    def claim(self) -> str:
        """A play stopped early with a result: the rest claimed, and the ledger's figures below
        the line after the tricks played and once the claimed ones are counted."""
        replay = self.replay
        column = replay.declaring_column
        assert column is not None and replay.tricks_won is not None
        lines = [f"After trick {len(replay.tricks)} the rest claimed: declarer {self.declaring} took "
                 f"{replay.tricks_won[column]}"]
        score = self.score
        if score is not None and self.racing and score.below_after and score.below_end is not None:
            lines.append(f"Below the line after the tricks played: {self.columns(score.below_after[-1])}; "
                         f"with the claimed tricks: {self.columns(score.below_end)}")
        if score is not None and score.game is not None and score.game.trick is None:
            lines.append(self.game_line())
        return "\n".join(lines)

    def full(self) -> str:
        """The whole deal at once, the tricks one a line."""
        parts = [self.opening()]
        if self.replay.tricks:
            parts.append(self.play_head() + "\n"
                         + "\n".join(self.trick(n, t) for n, t in enumerate(self.replay.tricks, 1)))
        parts += self.ending()
        return "\n\n".join(parts) + "\n"

    def after(self, k: int) -> str:
        """The position after trick ``k``: the cards still held, and the tricks so far."""
        replay = self.replay
        title = f"After trick {k}: tricks {self.columns(replay.won_after(k))}"
        if self.racing and self.score is not None and self.score.below_after:
            below = self.score.below_after[k - 1] if k else self.score.below_before
            title += f"; below the line {self.columns(below)}"
        parts = [self.header(), self.diagram(replay.hands_after(k), title)]
        if replay.tricks[:k]:
            parts.append("\n".join(self.trick(n, t) for n, t in enumerate(replay.tricks[:k], 1)))
        if k < len(replay.tricks):
            parts.append(f"{self.player(replay.tricks[k].leader)} to lead")
        else:
            parts.append(self.summary() or f"(the play stops after trick {k})")
        return "\n\n".join(parts) + "\n"


def deal_score(report: SessionReport, index: int) -> object | None:
    """The deal's line of the session's sheet: from the report, or by scoring the deals up to
    it when later deals are broken; ``None`` if it or an earlier deal is invalid."""
    if report.score is not None:
        return report.score.deals[index]
    broken = {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}
    if None in broken:
        return None
    ledger = report.profile.session_ledger(report.record.info) or FourHandedLedger(report.profile)
    score = None
    for replay in report.replays[:index + 1]:
        if replay.deal.number in broken:
            return None
        try:
            score = ledger.add(replay)
        except IllegalMove:
            return None
    return score
