"""Replays one solo-whist deal (docs/rules/solo-whist.md §1–§4): seating, turn-up, auction, play
to its end or until the result is settled, and the outcome; every problem a located diagnostic."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Iterator

from ...engine.auction import stepped
from ...engine.cards import Suit
from ...engine.diagnostics import Diagnostic
from ...engine.errors import IllegalMove
from ...engine.play import Play, PlayState, Trick, play_states
from ...engine.plural import plural
from ...engine.printable import printable
from ...engine.record import DealRecord, SessionInfo
from ...engine.replay import WithoutLaws, checked_hands
from ...engine.rule_profile import DealReplayer, RuleProfile
from ...engine.seats import SEATS, Seat
from ...engine.shown import NEVER, NO_TAGS, Pen, TableShown
from .auction import SoloAuction, SoloAuctionState
from .contracts import SoloCall, Terms, Trumps, call_words, points_text
from .deal_line import SoloDealScore
from .payments import payment_reason
from .record import OUTCOME_TEXT, SoloContract, SoloDeal, solo_fields
from .seating import Seating, five_handed, next_to_sit_out

Report = Callable[[str, "str | None", str], None]


@dataclass(frozen=True)
class SoloReplay(WithoutLaws):
    """A solo-whist deal after replay: who sat where, the contract and who plays it, the trump,
    the tricks, and the declaring side's result (``made``; ``taken`` where tricks are counted)."""

    deal: DealRecord
    profile: RuleProfile
    players: tuple[str, str, str, str]  # who held each seat in this deal
    contract: SoloCall | None
    declarer: Seat | None
    partner: Seat | None
    trump: Suit | None
    hands: tuple[int, int, int, int] | None
    tricks: tuple[Trick, ...]
    taken: int | None  # the declaring side's tricks, from the play or the claim
    made: bool | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def solo(self) -> SoloDeal:
        return solo_fields(self.deal) or SoloDeal(None)

    @property
    def terms(self) -> Terms:
        """The contract's terms (§3), asked only of a deal played to a contract."""
        assert self.contract is not None, f"deal {self.deal.number} has no contract"
        return self.contract.terms

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def passed_out(self) -> bool:
        """A void deal: everyone passed (§3.8), or no contract could be read."""
        return self.contract is None

    @property
    def declaring(self) -> tuple[Seat, ...]:
        """The declarer and, for an accepted proposal, his partner."""
        return tuple(s for s in (self.declarer, self.partner) if s is not None)

    @property
    def leader(self) -> Seat:
        """Who leads to trick 1: eldest hand, or the declarer in déclaré (§2, §4)."""
        if self.contract is not None and self.contract.terms.declarer_leads and self.declarer is not None:
            return self.declarer
        return self.deal.dealer.left

    @property
    def exposed(self) -> int | None:
        """Open misère: the declarer's cards laid face up once trick 1 is complete (§4)."""
        if self.contract is not SoloCall.OPEN_MISERE or self.hands is None or not self.tricks or self.declarer is None:
            return None
        first = self.tricks[0]
        played = first.cards[(self.declarer - first.leader) & 3]
        return self.hands[self.declarer] & ~(1 << played)

    @cached_property
    def play_states(self) -> tuple[PlayState, ...]:
        """The position before the first card and after each card played."""
        return play_states(self.hands, self.trump, self.tricks, self.profile)

    def auction_states(self) -> list[SoloAuctionState]:
        """The auction before any call and after each legal call, for stepping through it."""
        return stepped(SoloAuction(self.deal.dealer), self.solo.calls)

    # -- what a replay shows (the hooks of reports.terminal.ReplayShown) -------------------------

    def who_plays(self, seat: Seat, info: SessionInfo) -> str:
        """Who holds the seat in this deal (the seating turns with a fifth player, §5)."""
        return self.players[seat]

    @property
    def face_up_dummy(self) -> Seat | None:
        """Solo whist has no dummy (open misère's hand goes face up after trick 1: ``exposed``)."""
        return None

    def hands_after(self, k: int) -> tuple[int | None, int | None, int | None, int | None]:
        """The cards each seat still holds after trick ``k`` (as dealt without a play)."""
        if not self.play_states:
            return self.hands or (None, None, None, None)
        return self.play_states[4 * k].hands

    @property
    def column_names(self) -> tuple[str, str]:
        """Tricks are counted for the declaring side against the opponents."""
        return "declaring side", "opponents"

    def won_after(self, k: int) -> tuple[int, int]:
        """The declaring side's tricks and the opponents' after trick ``k``."""
        taken = sum(1 for t in self.tricks[:k] if t.winner in self.declaring)
        return taken, k - taken

    @property
    def declaring_column(self) -> int | None:
        return None if self.declarer is None else 0

    @property
    def counted(self) -> tuple[int, int] | None:
        """The declaring side's tricks and the opponents', played or claimed."""
        return None if self.taken is None else (self.taken, 13 - self.taken)

    def bidders(self) -> tuple[tuple[Seat, ...], Seat | None]:
        """The seats in the order they speak, eldest hand first."""
        eldest = self.deal.dealer.left
        return tuple(Seat((eldest + i) & 3) for i in range(4)), None

    def turned_up(self, k: int) -> tuple[tuple[Seat, int], ...]:
        """Open misère: the declarer's hand goes face up once trick 1 is complete (§4)."""
        cards = self.exposed
        return ((self.declarer, cards),) if k == 1 and cards is not None and self.declarer is not None else ()

    def table_lines(self) -> tuple[str, ...]:
        """Who deals and sits out is the header's; nothing else is laid on the table."""
        return ()

    @property
    def revokes(self) -> tuple[()]:
        """A revoke is an illegal card here, not a penalised irregularity."""
        return ()

    def shown_header(self, pen: Pen) -> str:
        """Who deals (and sits out), the turn-up, and the contract with who plays it and leads."""
        deal, solo = self.deal, self.solo
        parts = [f"Deal {deal.number}"]
        if solo.sits_out is not None:
            parts.append(f"{printable(solo.sits_out)} deals and sits out; the last card goes to {pen.player(deal.dealer)}")
        else:
            parts.append(f"dealer {pen.player(deal.dealer)}")
        if solo.turn_up is not None:
            parts.append(f"turn-up {pen.card(solo.turn_up).rstrip()}")
        lines = [" · ".join(parts)]
        contract, declarer = self.contract, self.declarer
        if contract is None or declarer is None:
            lines.append("Everyone passed: the deal is void (no play, no payment)")
            return "\n".join(lines)
        terms = contract.terms
        who = pen.player(declarer) + (f" with {pen.player(self.partner)}" if self.partner is not None else "")
        need = self.need_words()
        trumps = "no trumps" if self.trump is None else f"trumps {pen.suit(self.trump)}" + \
            (" (named after the auction)" if terms.trumps is Trumps.NAMED else " (the turn-up's suit)")
        lines.append(f"Contract {terms.title} by {who}: {need}; {trumps}; {pen.player(self.leader)} leads")
        return "\n".join(lines)

    def shown_auction(self, pen: Pen) -> str:
        """The calls with their callers, eldest hand first: a player who passed speaks no more (§3)."""
        shown = [f"{seat} {call_words(call)}" for seat, call in self.calls_with_callers()]
        lines = ["Auction (eldest hand first)"]
        lines += ["  " + "   ".join(shown[k:k + 4]) for k in range(0, len(shown), 4)]
        return "\n".join(lines)

    def shown_summary(self, pen: Pen) -> str:
        """How the deal ended, why it pays what it pays, and the payments and balances on the sheet (§5)."""
        if self.contract is None or self.made is None:
            return ""
        terms = self.contract.terms
        lines = [self.outcome_words(), "  " + payment_reason(terms, self.made, self.taken, self.partner is not None)]
        score = pen.line
        if isinstance(score, SoloDealScore):
            lines.append("  Payments: " + ", ".join(f"{pen.player(s)} {points_text(score.payments[s])}" for s in SEATS))
            lines.append("  Balances: " + ", ".join(f"{printable(p)} {points_text(b)}"
                                                    for p, b in zip(pen.players, score.balances)))
        return "\n".join(lines)

    def shown_ending(self, pen: Pen) -> Iterator[str]:
        """After the tricks: the summary, or an unsettled play's stop."""
        summary = self.shown_summary(pen)
        if summary:
            yield summary
        elif self.tricks and self.made is None:
            yield f"(the play stops after trick {len(self.tricks)})"

    def shown_table(self) -> TableShown:
        """The contract by its title, judged by the engine's outcome; the partner of a proposal
        and the turn-up tagged (with five, the dealer sits out: no seat is the dealer's), and
        open misère's hand face up once trick 1 is complete (§4)."""
        solo, declarer, players = self.solo, self.declarer, self.players
        tags = [list(t) for t in NO_TAGS]
        if self.partner is not None:
            tags[self.partner].append("partner")
        if solo.sits_out is not None:
            tags[self.deal.dealer].append(f"turn-up ({solo.sits_out} deals and sits out)")
        table = TableShown(None, None, None, self.trump, None, None if solo.sits_out is not None else self.deal.dealer,
                           tags=tuple(tuple(t) for t in tags),
                           marked=None if solo.turn_up is None else (solo.turn_up, "the turn-up card"),
                           outcome="everyone passed: the deal is void")
        if self.contract is None or declarer is None:
            return table
        terms = self.contract.terms
        notes = [(f"{declarer.full_name} ({players[declarer]}) must {self.need_words()}", 0)]
        face_up = NEVER
        if self.exposed is not None:
            shown_from = len(self.tricks[0].cards)  # once trick 1 is complete
            face_up = tuple(shown_from if s is declarer else None for s in SEATS)
            notes.append((f"{players[declarer]}'s hand is face up since trick 1 (open misère)", shown_from))
        return replace(table, contract=terms.title, declarer=declarer, face_up=face_up, notes=tuple(notes),
                       outcome=self.outcome_words() or None)

    def need_words(self) -> str | None:
        """What the declaring side must do: ``take no trick``, ``take 5 tricks``, ``take 8 tricks together``."""
        if self.contract is None:
            return None
        terms = self.contract.terms
        return "take no trick" if terms.avoid else f"take {plural(terms.need, 'trick')}" + \
            (" together" if self.partner is not None else "")

    def outcome_words(self) -> str:
        """How the deal ended: ``Misère failed (after trick 8)``, ``Open misère made (after trick 7,
        the rest claimed)``, ``Solo made (after 13 tricks, the declaring side took 11)``; ``""`` unsettled."""
        if self.contract is None or self.made is None:
            return ""
        terms = self.contract.terms
        played = len(self.tricks)
        if played == 13 or (played and self.deal.result is None and self.solo.outcome is None):
            how = f"after trick {played}" if played < 13 else "after 13 tricks"
        elif played:
            how = f"after trick {played}, the rest {'claimed' if self.made else 'conceded'}"
        else:
            how = "no card play recorded"
        counted = f", the declaring side took {self.taken}" if terms.counts_tricks and self.taken is not None else ""
        return f"{terms.title.capitalize()} {'made' if self.made else 'failed'} ({how}{counted})"

    def calls_with_callers(self) -> list[tuple[Seat, SoloCall]]:
        """The legal calls in order from eldest hand, each with the seat that made it."""
        states = self.auction_states()
        return [(state.to_call, call) for state, call in zip(states[:-1], self.solo.calls)
                if state.to_call is not None]  # each state before a legal call has its caller


def solo_replayer(info: SessionInfo) -> DealReplayer[RuleProfile, SoloReplay]:
    """The replayer of a session's deals (it needs the session's players for the seating)."""
    def replay(deal: DealRecord, profile: RuleProfile, previous: DealRecord | None = None) -> SoloReplay:
        return replay_solo_deal(deal, profile, info, previous)
    return replay


def replay_solo_deal(deal: DealRecord, profile: RuleProfile, info: SessionInfo,
                     previous: DealRecord | None = None) -> SoloReplay:
    """Check one deal against the rules and replay it; every problem becomes a diagnostic."""
    number = deal.number
    problems: list[Diagnostic] = []

    def report(code: str, at: str | None, message: str) -> None:
        problems.append(Diagnostic(code, message, number, at))

    solo = solo_fields(deal) or SoloDeal(None)
    seating = _seating(deal, solo, info, previous, report)
    if deal.auction:
        report("schema", "auction", "a solo-whist deal's auction holds solo-whist calls (pass, prop, solo, …), "
                                    "not vint's bids (docs/format.md §5.5)")
    hands = checked_hands(deal, report)
    if deal.hands is None and "hands" not in deal.unreadable:
        report("schema", "hands", "a solo-whist deal needs its hands: its play may stop early (docs/format.md §5.5)")
    if solo.turn_up is None:
        if "turn_up" not in deal.unreadable:
            report("turn_up", "turn_up", "the deal does not say which card was turned up for trumps "
                                         "(docs/rules/solo-whist.md §1.3)")
    elif hands is not None and "dealer" not in deal.unreadable and not hands[deal.dealer] >> solo.turn_up & 1:
        report("turn_up", "turn_up", f"the turned-up {solo.turn_up.pretty} is the last card dealt to {deal.dealer}, "
                                     f"but {deal.dealer}'s hand does not hold it (docs/rules/solo-whist.md §1.3)")
    empty = SoloReplay(deal, profile, seating.players, None, None, None, None, hands, (), None, None, ())
    if {"auction", "contract"} & deal.unreadable:
        return _done(empty, problems)
    stated: SoloContract | None
    if not solo.calls and solo.contract is not None:  # a paper log's contract, without the auction
        stated = solo.contract
    else:
        stated = _auction(deal, solo, report)
        if stated is None:
            return _done(empty, problems)
    trump = _trump(stated.kind, solo, report)
    replay = replace(empty, contract=stated.kind, declarer=stated.declarer, partner=stated.partner, trump=trump)
    tricks, taken, made = _play(replay, report)
    return _done(replace(replay, tricks=tricks, taken=taken, made=made), problems)


def _auction(deal: DealRecord, solo: SoloDeal, report: Report) -> SoloContract | None:
    """The contract the calls give (§3), checked against a recorded one; ``None`` when the
    auction is broken or void (reported)."""
    auction = SoloAuction(deal.dealer)
    try:
        auction.call_all(solo.calls)
    except IllegalMove as bad:
        report(bad.code, f"auction[{len(auction.calls)}]", bad.message)
        return None
    if not auction.closed:
        report("auction_incomplete", f"auction[{len(solo.calls)}]",
               f"the auction is not closed: {auction.to_call} is still to call (docs/rules/solo-whist.md §3.4)")
        return None
    if auction.void:
        _void(deal, solo, report)
        return None
    standing, holder = auction.standing, auction.holder
    assert standing is not None and holder is not None, "a closed auction that is not void has a bid and its holder"
    given = SoloContract(standing, holder, auction.acceptor)
    if solo.contract is not None and solo.contract != given:
        report("contract_mismatch", "contract", f"the record gives {_contract_words(solo.contract)}; the auction "
                                                f"gives {_contract_words(given)}")
    return given


def _contract_words(contract: SoloContract) -> str:
    partner = f" with {contract.partner}" if contract.partner is not None else ""
    return f"{contract.kind.terms.title} by {contract.declarer}{partner}"


def _done(replay: SoloReplay, problems: list[Diagnostic]) -> SoloReplay:
    return replace(replay, diagnostics=tuple(problems))


def _seating(deal: DealRecord, solo: SoloDeal, info: SessionInfo, previous: DealRecord | None,
             report: Report) -> Seating:
    """Who sits where (four or five players, §1.1) and the rotation of the deal (§1.2)."""
    if previous is not None and deal.number <= previous.number:
        report("deal_number", "number", f"deal {deal.number} follows deal {previous.number}: numbers must increase")
    roster = info.roster
    if info.fifth is None:
        if solo.sits_out is not None:
            report("sits_out", "sits_out", f"{solo.sits_out!r} cannot sit out: with four players everyone plays "
                                           "every deal (docs/rules/solo-whist.md §1.1)")
        if previous is not None and deal.dealer != previous.dealer.left and \
                "dealer" not in deal.unreadable | previous.unreadable:
            report("wrong_dealer", "dealer", f"dealer is {deal.dealer}, but after {previous.dealer} dealt the deal "
                                             f"passes to {previous.dealer.left} (docs/rules/solo-whist.md §1.2)")
        return Seating(info.players, deal.dealer)
    if solo.sits_out not in roster:
        report("sits_out", "sits_out", f"with five players the deal names who sits out (the dealer), one of "
                                       f"{', '.join(roster)}; it gives {solo.sits_out!r} (docs/rules/solo-whist.md §1.1)")
        return Seating(info.players, deal.dealer)
    seating = five_handed(roster, solo.sits_out)
    if deal.dealer != seating.dealer and "dealer" not in deal.unreadable:
        report("wrong_dealer", "dealer", f"with {solo.sits_out} dealing and sitting out, the turn-up goes to the "
                                         f"player on his right, {seating.players[seating.dealer]} at "
                                         f"{seating.dealer}; the record gives {deal.dealer} (docs/format.md §5.5)")
    earlier = None if previous is None else solo_fields(previous)
    before = None if earlier is None else earlier.sits_out
    if before in roster and solo.sits_out != next_to_sit_out(roster, before):
        report("wrong_dealer", "sits_out", f"{solo.sits_out} sits out, but after {before} dealt the deal passes to "
                                           f"{next_to_sit_out(roster, before)} (docs/rules/solo-whist.md §1.2)")
    return seating


def _void(deal: DealRecord, solo: SoloDeal, report: Report) -> None:
    """Everyone passed: nothing may be played, claimed or named (§3.8)."""
    if deal.play:
        report("play_after_passout", "play[0]", "everyone passed, so the deal is void and no card may be played "
                                                "(docs/rules/solo-whist.md §3.8)")
    if solo.outcome is not None or deal.result is not None:
        report("play_after_passout", "outcome" if solo.outcome is not None else "result",
               "everyone passed, so the deal is void and has no outcome (docs/rules/solo-whist.md §3.8)")
    if solo.abond_trump is not None:
        report("abond_trump", "abond_trump", "everyone passed, so nobody names a trump (docs/rules/solo-whist.md §3.6)")
    if solo.contract is not None:
        report("contract_mismatch", "contract", f"the record gives {_contract_words(solo.contract)}; everyone "
                                                "passed (docs/rules/solo-whist.md §3.8)")


def _trump(contract: SoloCall, solo: SoloDeal, report: Report) -> Suit | None:
    """The contract's trump (§2): the turn-up's suit, the abondance declarer's named suit, or none."""
    source = contract.terms.trumps
    if source is not Trumps.NAMED and solo.abond_trump is not None:
        trumps = "its trumps are the turn-up suit" if source is Trumps.TURN_UP else "it has no trumps"
        report("abond_trump", "abond_trump", f"a trump suit is named for {contract.terms.title}, but {trumps}: only "
                                             "abondance names one (docs/rules/solo-whist.md §3.6)")
    if source is Trumps.TURN_UP:
        return None if solo.turn_up is None else solo.turn_up.suit
    if source is Trumps.NAMED:
        if solo.abond_trump is None:
            report("abond_trump", "abond_trump", "abondance is played in a suit the declarer names after the "
                                                 "auction; the deal does not name it (docs/rules/solo-whist.md §3.6)")
        return solo.abond_trump
    return None


def _settled(terms: Terms, declaring: tuple[Seat, ...], tricks: list[Trick]) -> bool:
    """Whether the tricks so far settle the result (§4): all 13, or a misère's first trick
    taken, or déclaré's first trick lost (``declaring``: the declarer's side)."""
    if len(tricks) == 13:
        return True
    if terms.counts_tricks or not tricks:
        return False
    taken = tricks[-1].winner in declaring
    return taken if terms.avoid else not taken


def _play(replay: SoloReplay, report: Report) -> tuple[tuple[Trick, ...], int | None, bool | None]:
    """The tricks, the declaring side's tricks and whether the contract was made."""
    deal, solo, terms = replay.deal, replay.solo, replay.terms
    if solo.outcome is not None and terms.counts_tricks:
        report("schema", "outcome", f"{terms.title} counts its tricks, so a play stopped early states its result "
                                    "(the declaring side's tricks), not an outcome (docs/format.md §5.5)")
    if deal.result is not None and not terms.counts_tricks:
        report("schema", "result", f"{terms.title} counts no tricks: a play stopped early states its outcome, "
                                   "made or failed (docs/format.md §5.5)")
    if deal.play is None or "play" in deal.unreadable:
        if "play" not in deal.unreadable and solo.outcome is None and deal.result is None:
            report("missing_play", "play", f"{terms.title} by {replay.declarer} has neither play nor outcome")
        return ((), *_claimed(replay, 0, 13, report))
    if replay.hands is None:
        return (), None, None
    play = Play(replay.hands, replay.trump, replay.leader, replay.profile)
    cards = deal.play
    declaring = replay.declaring
    for start in range(0, len(cards), 4):
        if _settled(terms, declaring, play.tricks):
            report("play_after_settled", f"play[{start}]", f"the result was settled at trick {len(play.tricks)}, "
                   f"so play stops there; {plural(len(cards) - start, 'more card')} follow "
                   "(docs/rules/solo-whist.md §4)")
            break
        try:
            play.play_cards(cards[start:start + 4])
        except IllegalMove as bad:
            i = play.cards_played
            report(bad.code, f"play[{i}]", f"trick {i // 4 + 1}: {bad.message}")
            return tuple(play.tricks), None, None
    tricks = tuple(play.tricks)
    done = sum(1 for t in tricks if t.winner in declaring)
    if _settled(terms, declaring, play.tricks):
        made = terms.made_with(done)
        _check_stated(replay, made, done, report)
        return tricks, done, made
    if play.current and deal.result is None and solo.outcome is None:
        report("play_incomplete", f"play[{len(cards)}]", f"the play stops inside trick {len(tricks) + 1}: "
                                                         f"{play.to_play} has still to play")
        return tricks, None, None
    # a claim or concession (§4, ruling 10: play stops when the declarer's fate is settled), also
    # inside a trick (format.md §5): the trick begun has no winner, the result or outcome counts it
    return tricks, *_claimed(replay, done, 13 - len(tricks) + done, report, len(tricks))


def _claimed(replay: SoloReplay, least: int, most: int, report: Report,
             played: int = 0) -> tuple[int | None, bool | None]:
    """The result a play stopped early states: a claim or concession (§4), if it fits the
    ``least``–``most`` tricks the declaring side can still end with."""
    deal, solo, terms = replay.deal, replay.solo, replay.terms
    if terms.counts_tricks:
        if deal.result is None:
            if played:
                report("play_incomplete", f"play[{4 * played}]", f"the play stops after {plural(played, 'trick')}: "
                       f"{terms.title} is played to the end, or the deal states the declaring side's result "
                       "(docs/rules/solo-whist.md §4)")
            return None, None
        if not least <= deal.result <= most:
            report("result_mismatch", "result", f"result says the declaring side took {deal.result} tricks, but "
                                                f"after the tricks played it can end with {least}–{most}")
            return None, None
        return deal.result, terms.made_with(deal.result)
    if solo.outcome is None:
        if played:
            report("play_incomplete", f"play[{4 * played}]", f"the play stops after {plural(played, 'trick')} with "
                   f"the {terms.title} not yet settled: record its outcome, made or failed (a claim or a "
                   "concession, docs/rules/solo-whist.md §4)")
        return None, None
    return None, solo.outcome


def _check_stated(replay: SoloReplay, made: bool, taken: int, report: Report) -> None:
    """A stated outcome or result must agree with a play that settles the deal by itself."""
    deal, solo = replay.deal, replay.solo
    if solo.outcome is not None and solo.outcome != made:
        report("result_mismatch", "outcome", f"the deal says {OUTCOME_TEXT[solo.outcome]}, but the play "
                                             f"{'makes' if made else 'defeats'} the {replay.terms.title}")
    if deal.result is not None and deal.result != taken and replay.terms.counts_tricks:
        report("result_mismatch", "result", f"result says the declaring side took {plural(deal.result, 'trick')}; "
                                            f"the play gives {taken}")

