"""Replays one recorded deal through the auction and the play, proving every step legal."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .auction import Auction, AuctionState, stepped
from .calls import PASS, Call, Contract
from .cards import CARDS, FULL_DECK, Card
from .diagnostics import Diagnostic, Severity
from .errors import IllegalMove
from ..games.laws.auction import LawsAuction, lead_bar
from ..games.laws.deal import hands_stand, long_dealer_entries, missed_tricks, thrown_problem, void_problem
from ..games.laws.exposed import accepted_leads, check_exposures
from ..games.laws.penalty import RevokePenalty, revoke_penalty
from ..games.laws.revoke import Revoke, check_revokes, report_unpriced
from .play import Play, PlayState, Trick, play_states
from .plural import plural
from .record import DealRecord, SessionInfo
from .rule_profile import RuleProfile
from .scoring import Entry
from .seats import SEATS, Seat, Side, by_seat
from .settle import (close_all_pass, column_play, played_under, settle_deal, settled_deal, slip, written_auction,
                     written_place)
from .shown import CommonShown


class WithoutLaws:
    """The replay hooks (reports.terminal.ReplayShown) of a game without vint's laws of the
    auction and the deal: a 2/3/5 method refuses calls out of turn and void deals and prices a
    revoke in its ledger (tables/laws.py); solo whist has no laws layer. So: no void calls, no
    revoke penalty taken in tricks, no deal thrown in."""

    def laws_auction(self) -> None:
        return None

    @property
    def penalty(self) -> None:
        return None

    @property
    def void(self) -> bool:
        return False


class ToContract:
    """What a replay of a deal played to a bid contract reads off its contract and problems:
    whether it is valid, the trump suit, the trick value V (the four-handed replay's and the
    2/3/5 methods')."""

    deal: DealRecord
    contract: Contract | None
    profile: RuleProfile
    diagnostics: tuple[Diagnostic, ...]

    @property
    def bidding_record(self) -> bool:
        """A contract bid and never played, under a profile that admits hand records (format.md
        §5.2): its auction is checked, and it scores nothing."""
        return self.profile.hand_records and self.contract is not None and self.deal.bidding_record

    @property
    def unfinished(self) -> bool:
        """A board its table did not finish (format.md §5.2): its auction or play stops, with no
        result, every call and card written legal; it scores nothing."""
        return any(d.code == "unfinished" for d in self.diagnostics)

    @property
    def without_contract(self) -> str:
        """How a deal that names no contract stands, in words (format.md §5.2): a hand record, a
        bidding quiz, a board its table left in the auction, or passed out."""
        if self.profile.hand_records and self.deal.hand_record:
            return "hand record: never bid nor played"
        if self.deal.question is not None:
            return "bidding quiz: the auction stops at the contestant's call"
        return "unfinished: the auction stops, no result" if self.unfinished else "passed out: no bid, nothing played"

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def trump(self) -> int | None:
        """The trump suit of the play (none in no-trump, or in a passed-out deal played out)."""
        return None if self.contract is None else self.contract.trump

    @property
    def trick_value(self) -> int | None:
        return None if self.contract is None else self.profile.trick_value(self.contract)


@dataclass(frozen=True)
class DealReplay(ToContract, CommonShown):
    """A deal after replay: its contract, dealt hands, tricks and the problems found.

    ``tricks_won`` comes from the play, or from the recorded result when no play was kept.
    Under the laws, ``revokes`` are those found in the play and ``penalty`` the claimed ones'
    effect on the trick counts (docs/rules/laws.md §8); ``law_entries`` are what the laws write
    for the deal besides its own score (the dealer's 2000 of law 24).
    """

    deal: DealRecord
    profile: RuleProfile
    contract: Contract | None
    passed_out: bool
    hands: tuple[int, int, int, int] | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int] | None
    diagnostics: tuple[Diagnostic, ...]
    revokes: tuple[Revoke, ...] = ()
    penalty: RevokePenalty | None = None
    law_entries: tuple[Entry, ...] = ()

    @property
    def void(self) -> bool:
        """A void deal under the laws: thrown in, it scores nothing (docs/rules/laws.md §3.3)."""
        return self.profile.laws is not None and self.deal.void is not None

    @property
    def leader(self) -> Seat:
        """Who leads to the first trick: the declarer's opening leader, or (a passed-out deal
        played out) the profile's leader after the dealer."""
        if self.contract is None:
            return self.profile.passed_out_leader(self.deal.dealer)
        return self.profile.opening_leader(self.contract.declarer)

    def auction_states(self) -> list[AuctionState]:
        """The auction before any call and after each legal call (up to the first illegal one),
        for stepping through it. Under the laws a void call (out of turn, late) has its state
        too: the calls as spoken, the standing bid and the turn unchanged."""
        laws_auction = self.laws_auction(keep_states=True)
        if laws_auction is not None:
            return laws_auction.states
        return stepped(Auction(self.deal.dealer, self.profile), self.deal.auction)

    def laws_auction(self, keep_states: bool = False) -> LawsAuction | None:
        """Under the laws, the auction replayed up to its first illegal call: who spoke each
        call, which are void, how insufficient bids were read (for reports); else ``None``."""
        if self.profile.laws is None:
            return None
        auction = LawsAuction(self.deal.dealer, self.profile, self.deal.out_of_turn, keep_states)
        try:
            auction.call_all(self.deal.auction)
        except IllegalMove:
            pass
        return auction

    def after_trick(self, k: int) -> PlayState:
        """The position after trick ``k`` (0: before the first card); a trick may have three
        cards under the laws (§3.4, §6.4)."""
        return self.play_states[sum(len(trick.cards) for trick in self.tricks[:k])]

    @cached_property
    def play_states(self) -> tuple[PlayState, ...]:
        """The position before the first card and after each card played (53 for a full deal)."""
        return play_states(self.hands, self.trump, self.tricks, self.profile)

    # -- what a replay shows (the hooks of reports.terminal.ReplayShown) -------------------------

    def who_plays(self, seat: Seat, info: SessionInfo) -> str:
        """The player at ``seat``: the session's seating."""
        return info.player(seat)

    @property
    def face_up_dummy(self) -> Seat | None:
        """The declarer's partner where the profile lays his hand face up after the opening lead."""
        return self.contract.declarer.partner if self.contract is not None and self.profile.has_dummy else None

    def hands_after(self, k: int) -> tuple[int | None, int | None, int | None, int | None]:
        """The cards each seat still holds after trick ``k`` (all four shown; as dealt without a play)."""
        if not self.play_states:
            return self.hands or (None, None, None, None)
        return self.after_trick(k).hands

    @property
    def column_names(self) -> tuple[str, str]:
        """The two sides whose tricks are counted: N–S and E–W."""
        return Side.NS.label, Side.EW.label

    def won_after(self, k: int) -> tuple[int, int]:
        """Each side's tricks after trick ``k``."""
        return self.after_trick(k).tricks_won

    @property
    def declaring_column(self) -> int | None:
        """The declarer's side (an index of ``column_names``)."""
        return None if self.contract is None else int(self.contract.declarer.side)

    @property
    def counted(self) -> tuple[int, int] | None:
        """The tricks the contract is judged by: after the revoke penalty (laws.md §8.4)."""
        return self.tricks_won if self.penalty is None else self.penalty.tricks_after

    def bidders(self) -> tuple[tuple[Seat, ...], Seat | None]:
        """The auction's columns, the dealer's first, and no closer speaking after them."""
        return tuple(SEATS[(self.deal.dealer + i) & 3] for i in range(4)), None

    def turned_up(self, k: int) -> tuple[tuple[Seat, int], ...]:
        """No hand goes face up once a trick is complete (a dummy is laid down after the lead)."""
        return ()

    def table_lines(self) -> tuple[str, ...]:
        """Nothing is exchanged or sits out at a four-handed table."""
        return ()


def hands_from_play(cards: tuple[Card, ...], trump: int | None, leader: Seat,
                    profile: RuleProfile, leads: dict[int, Seat] | None = None) -> tuple[int, int, int, int]:
    """Who held what, read off a complete play: the seat of each card follows from the winners
    (and from ``leads``, the tricks led out of turn that stood under the laws).

    Raises :class:`IllegalMove` (``card_not_held``) at a card played twice.
    """
    hands = [0, 0, 0, 0]
    seen = 0
    for start in range(0, 52, 4):
        trick = cards[start:start + 4]
        if leads and start // 4 + 1 in leads:
            leader = leads[start // 4 + 1]
        for i, card in enumerate(trick):
            bit = 1 << card
            if seen & bit:
                raise _At(start + i, IllegalMove("card_not_held", f"{CARDS[card].pretty} is played twice"))
            seen |= bit
            hands[(leader + i) & 3] |= bit
        leader = SEATS[(leader + profile.trick_winner(trick, trump)) & 3]
    return hands[0], hands[1], hands[2], hands[3]


class _At(Exception):
    """An illegal move together with its index in the play."""

    def __init__(self, index: int, move: IllegalMove) -> None:
        self.index = index
        self.move = move


# format.md §5.2: what an unfinished duplicate board is, after what stops it
UNFINISHED = ("; with no result, the table did not finish the board (BBO records one abandoned so): "
              "it is kept as far as it goes and scores nothing")


def _asked(deal: DealRecord, auction: Auction | LawsAuction, may_stop: bool, report) -> None:
    """A bidding quiz's stop (format.md §5.2): its calls before the contestant's are legal, the
    auction open there; the calls written after it depend on the call asked, so they are not
    checked, and the board scores nothing. Asked after the auction closed, or of a board that
    records a play or a result, it is no quiz: an error."""
    after = len(deal.question or ()) - 1  # the calls written after the first asked
    whose = f"{SEATS[(deal.dealer + len(deal.auction)) & 3]}'s"
    if auction.closed:
        report("call_after_close", f"auction[{len(deal.auction)}]", "the quiz asks for a call after the auction closed")
    elif not may_stop or deal.play is not None:
        report("auction_incomplete", f"auction[{len(deal.auction)}]", f"the auction stops at {whose} call, the quiz's "
               "question, but the board records a " + ("play" if deal.play is not None else "result"))
    else:
        report("unfinished", f"auction[{len(deal.auction)}]",
               f"a bidding quiz: the auction stops at {whose} call, which the contestant is to make; the calls "
               "before it are legal" + (f"; {plural(after, 'call')} written after it "
                                        f"{'depends' if after == 1 else 'depend'} on it and {'is' if after == 1 else 'are'}"
                                        " not checked" if after else "") + "; the board scores nothing", Severity.WARNING)


def replay_deal(deal: DealRecord, profile: RuleProfile, previous: DealRecord | None = None) -> DealReplay:
    """Check one deal against the rules and replay it; every problem becomes a diagnostic.

    ``previous`` is the deal before it in the session (for the number and dealer rotation).
    Checking stops at the first illegal call, and at the first illegal card. Under the laws on
    irregularities (``profile.laws``, docs/rules/laws.md) the session checks the dealer
    (:class:`~vint_replay.games.laws.deal.Rotation`).
    """
    number = deal.number
    problems: list[Diagnostic] = []
    laws = profile.laws is not None
    leads = accepted_leads(deal) if laws else None
    skips = missed_tricks(deal.irregularities) if laws else None

    shorthand = deal.shorthand  # settled here, as the auction and the play are replayed (engine/settle.py)
    calls = len(deal.auction) if shorthand is not None and shorthand.all_pass else None  # before AP
    cells: tuple[int, ...] = ()  # the written cell of each card of seat columns, once ordered

    def report(code: str, at: str | None, message: str, severity: Severity = Severity.ERROR,
               written_at: str | None = None) -> None:
        if shorthand is not None and written_at is None:
            written_at = written_place(at, calls, cells)
        problems.append(Diagnostic(code, message, number, at, severity, written_at=written_at))

    if laws and deal.void is not None:
        return _void_deal(settle_deal(deal, profile, report), profile, previous, report, problems)
    if previous is not None and profile.numbers_increase:
        if number <= previous.number:
            report("deal_number", "number", f"deal {number} follows deal {previous.number}: numbers must increase")
    if previous is not None and not laws and profile.dealer_rotation:
        why: str | None
        expected, why = profile.expected_dealer(previous.dealer, number)
        if deal.dealer != expected and "dealer" not in deal.unreadable | previous.unreadable:
            report("wrong_dealer", "dealer", f"dealer is {deal.dealer}, but {why}")

    hands = checked_hands(deal, report, laws)
    # format.md §5.2: a duplicate board with no result may stop where its table left it (unfinished)
    may_stop = profile.hand_records and deal.result is None and "result" not in deal.unreadable

    contract: Contract | None = None
    passed_out = False
    auction: Auction | LawsAuction | None = None
    passes: tuple[Call, ...] = ()  # those AP stood for
    dealer = deal.dealer
    dealer_known = "dealer" not in deal.unreadable
    if not dealer_known and previous is not None and "dealer" not in previous.unreadable:
        # an unreadable dealer follows from the rotation
        dealer, dealer_known = profile.expected_dealer(previous.dealer, number)[0], True
    if not deal.auction and calls is None and deal.contract is not None and "auction" not in deal.unreadable:
        contract = deal.contract  # a board recorded by its contract and declarer alone (format.md §5)
    elif profile.hand_records and deal.hand_record:
        pass  # the hands alone, as dealt for play (format.md §5.2): nothing was bid
    elif "auction" not in deal.unreadable:
        auction = LawsAuction(dealer, profile, deal.out_of_turn) if laws else Auction(dealer, profile)
        try:
            auction.call_all(deal.auction)
        except IllegalMove as bad:
            report(bad.code, f"auction[{len(auction.calls)}]", bad.message)
        else:
            if calls is not None:
                passes = close_all_pass(auction, calls, report)
            if deal.question is not None:
                _asked(deal, auction, may_stop, report)
            elif not auction.closed:
                need = auction.passes_needed
                what = "no bid yet" if auction.highest is None else f"after {auction.highest_by}'s {auction.highest.pretty}"
                stops = f"the auction is not closed: {need} more pass{'es' if need > 1 else ''} needed ({what})"
                if may_stop and deal.play is None and "play" not in deal.unreadable and (
                        shorthand is None or shorthand.columns is None):
                    report("unfinished", f"auction[{len(deal.auction)}]", stops + UNFINISHED, Severity.WARNING)
                else:
                    report("auction_incomplete", f"auction[{len(deal.auction)}]", stops)
            passed_out = auction.passed_out
            contract = auction.contract if dealer_known else None  # without a dealer, no declarer
            if auction.closed and deal.contract is not None and (contract != deal.contract):
                said = "passed out" if contract is None else f"{contract} by {contract.declarer}"
                why = slip(dealer, deal.auction + passes, deal.contract, contract, profile) if dealer_known else None
                report("contract_mismatch", "contract", f"the record gives the contract {deal.contract} by "
                       f"{deal.contract.declarer}; the auction gives {said}" + (
                           f" — {why}: the play is checked under {deal.contract} by {deal.contract.declarer}"
                           if why else ""))
                if why:
                    contract = deal.contract  # the play was recorded under it (its [Play] opening leader)
        if isinstance(auction, LawsAuction):
            for found in auction.findings:
                report(found.code, f"auction[{found.index}]", found.message, Severity.WARNING)
    if shorthand is not None:
        ordered = None
        if shorthand.columns is not None and "play" not in deal.unreadable:
            read = auction if auction is not None and dealer == deal.dealer else written_auction(deal, profile)
            ordered = column_play(shorthand.columns, played_under(read, deal, profile), profile, report, hands)
            cells = () if ordered is None else ordered.cells
        deal = settled_deal(deal, passes, ordered)

    tricks: tuple[Trick, ...] = ()
    tricks_won: tuple[int, int] | None = None
    if passed_out and profile.plays_passed_out():
        if deal.play is not None and "play" not in deal.unreadable:
            hands_given = deal.hands is not None or "hands" in deal.unreadable
            hands, tricks = _replay_play(deal.play, hands, hands_given, None, profile.passed_out_leader(dealer),
                                         profile, report, leads=leads, skips=skips)
            if len(tricks) == 13:
                tricks_won = _won(tricks)
        elif not ({"play", "result"} & deal.unreadable) and deal.question is None:  # a quiz's: call_after_close says it
            report("missing_play", "play", f"under the {profile.name} rules a passed-out deal is played out; "
                                           "this one has no play")
    elif passed_out:
        if deal.play is not None:
            report("play_after_passout", "play" if not deal.play else "play[0]",
                   "the deal was passed out (no bid), so it has no play" if not deal.play
                   else "the deal was passed out (no bid), so no card may be played")
        elif deal.hands is None and not deal.unreadable & {"hands", "play"}:
            report("schema", "hands", "a deal needs its hands unless the play gives all 52 cards (format.md §2)")
        if deal.result is not None:
            report("play_after_passout", "result", "the deal was passed out (no bid), so it has no result")
    elif contract is not None:
        if deal.play is not None and "play" not in deal.unreadable:
            hands_given = deal.hands is not None or "hands" in deal.unreadable
            claimed = deal.result if len(deal.play) < 52 else None  # the play stops at a claim of this result
            settled = "result" not in deal.unreadable  # a result the record contradicts is not judged (format.md §5.7)
            hands, tricks = _replay_play(deal.play, hands, hands_given, contract.trump,
                                         profile.opening_leader(contract.declarer), profile, report, claimed is not None,
                                         leads, skips, may_stop)
            if len(tricks) == 13:
                tricks_won = _won(tricks)
                if deal.result is not None and settled and deal.result != tricks_won[contract.declarer.side]:
                    report("result_mismatch", "result",
                           f"result says declarer took {plural(deal.result, 'trick')}; the play gives {tricks_won[contract.declarer.side]}")
            elif claimed is not None and settled and hands is not None \
                    and not any(d.at and d.at.startswith("play[") for d in problems):
                tricks_won = _claimed(claimed, contract, _won(tricks), report)
        elif deal.result is not None and "result" not in deal.unreadable:
            if hands is None and "hands" not in deal.unreadable:
                report("schema", "hands", "a deal recorded by its result needs the hands (honours and aces)")
            declarer_side = contract.declarer.side
            tricks_won = (deal.result, 13 - deal.result) if declarer_side is Side.NS else (13 - deal.result, deal.result)
        elif profile.hand_records and deal.bidding_record:
            pass  # bid and never played (format.md §5.2): the auction is the record, nothing is scored
        elif not ({"play", "result"} & deal.unreadable) and deal.question is None:  # a quiz's: call_after_close says it
            report("missing_play", "play", f"contract {contract} by {contract.declarer} has neither play nor result")
    if not laws:
        return DealReplay(deal, profile, contract, passed_out, hands, tricks, tricks_won, tuple(problems))
    revokes, penalised = check_revokes(deal, hands, tricks, report, profile.revoke_choice)
    if penalised and passed_out:
        report_unpriced(deal, report)
    if contract is not None or passed_out:
        leader = profile.opening_leader(contract.declarer) if contract is not None else profile.passed_out_leader(dealer)
        check_exposures(deal, hands, tricks, leader, report)
    if contract is not None and deal.play and isinstance(auction, LawsAuction) and auction.named:
        opening = (leads or {}).get(1, profile.opening_leader(contract.declarer))
        barred = lead_bar(auction.named, contract, opening, deal.play[0])
        if barred:
            report("barred_lead", "play[0]", barred)
    law_entries = () if hands is None else _misdealt(deal, hands, tricks, report)
    penalty = revoke_penalty(tricks_won, penalised) if penalised and tricks_won is not None and contract is not None else None
    return DealReplay(deal, profile, contract, passed_out, hands, tricks, tricks_won, tuple(problems), revokes, penalty,
                      law_entries)


def _void_deal(deal: DealRecord, profile: RuleProfile, previous: DealRecord | None, report,
               problems: list[Diagnostic]) -> DealReplay:
    """A void deal (docs/rules/laws.md §3.3): its number, its law and the calls it has are
    checked; its hands may be wrong (that may be why it is void: they are kept as dealt, not
    checked) and nothing is scored."""
    if previous is not None and deal.number <= previous.number:
        report("deal_number", "number", f"deal {deal.number} follows deal {previous.number}: numbers must increase")
    sizes = None if deal.hands is None else [hand.mask.bit_count() for hand in deal.hands]
    problem = void_problem(deal, sizes)
    if problem is not None:
        problems.append(problem)
    if deal.auction and "auction" not in deal.unreadable:
        auction = LawsAuction(deal.dealer, profile, deal.out_of_turn)
        try:
            auction.call_all(deal.auction)
        except IllegalMove as bad:
            report(bad.code, f"auction[{len(auction.calls)}]", bad.message)
        for found in auction.findings:
            report(found.code, f"auction[{found.index}]", found.message, Severity.WARNING)
    hands = None if deal.hands is None else by_seat(hand.mask for hand in deal.hands)
    return DealReplay(deal, profile, None, False, hands, (), None, tuple(problems))


def _misdealt(deal: DealRecord, hands: tuple[int, int, int, int], tricks: tuple[Trick, ...], report) -> tuple[Entry, ...]:
    """A 14/12 deal that stands (docs/rules/laws.md §3.1, §3.4): the extra card thrown after
    trick 13, and the dealer's 2000 if the 14 cards were his."""
    sizes = [mask.bit_count() for mask in hands]
    if len(tricks) == 13:
        played = 0
        for trick in tricks:
            for card in trick.cards:
                played |= 1 << card
        wrong = thrown_problem(deal, [mask & ~played for mask in hands])
        if wrong:
            report("thrown_card", "thrown", wrong)
    return tuple(long_dealer_entries(deal, sizes))


def checked_hands(deal: DealRecord, report, laws: bool = False) -> tuple[int, int, int, int] | None:
    """The dealt hands as bit sets, after checking 13 cards each and no card twice. Under the
    laws a 14- and a 12-card hand found after the opening lead stand (a warning each)."""
    if deal.hands is None:
        return None
    ok = True
    seen = 0
    stands = laws and hands_stand([hand.mask.bit_count() for hand in deal.hands])
    for seat, hand in zip(SEATS, deal.hands):
        if hand.mask.bit_count() != 13 and stands:
            report("hand_size", f"hands.{seat}", f"{seat.full_name} has {plural(hand.mask.bit_count(), 'card')}; the "
                   "deal stands, found after the opening lead (docs/rules/laws.md §3.1)", Severity.WARNING)
        elif hand.mask.bit_count() != 13:
            report("hand_size", f"hands.{seat}", f"{seat.full_name} has {plural(hand.mask.bit_count(), 'card')}; a hand has 13"
                   + ("; only a 14/12 deal may stand, any other is void (docs/rules/laws.md §3.1)" if laws else ""))
            ok = False
        twice = seen & hand.mask
        if twice:
            names = " ".join(c.name for c in sorted(CARDS[i] for i in range(52) if twice >> i & 1))
            report("duplicate_card", f"hands.{seat}", f"{names} also dealt to another seat before {seat.full_name}")
            ok = False
        seen |= hand.mask
    if ok and seen != FULL_DECK:
        ok = False  # only reachable with a short hand, already reported
    if not ok:
        return None
    n, e, s, w = deal.hands
    return n.mask, e.mask, s.mask, w.mask


def _won(tricks: tuple[Trick, ...]) -> tuple[int, int]:
    """Tricks taken by N–S and by E–W (N and S are seats 0 and 2)."""
    won_ns = sum(1 for t in tricks if not t.winner & 1)
    return won_ns, len(tricks) - won_ns


def _claimed(result: int, contract: Contract, played: tuple[int, int], report) -> tuple[int, int] | None:
    """The tricks of a deal whose play stops at a claim: the result, if the tricks already
    played leave room for it."""
    side = contract.declarer.side
    if not played[side] <= result <= 13 - played[side.other]:
        report("result_mismatch", "result",
               f"result says declarer took {result} tricks, but after the tricks played the declarer has "
               f"{played[side]} and the defenders {played[side.other]}")
        return None
    return (result, 13 - result) if side is Side.NS else (13 - result, result)


def _replay_play(cards: tuple[Card, ...], hands, hands_given: bool, trump: int | None, leader: Seat,
                 profile: RuleProfile, report, claim: bool = False, leads: dict[int, Seat] | None = None,
                 skips: dict[int, Seat] | None = None, may_stop: bool = False):
    """Replay the cards; returns the dealt hands (derived if not given) and the finished tricks.

    With broken hands (already reported) the play is not checked at all. A ``claim`` (a play
    that stops early, with a result) is checked as far as it goes; so is one that ``may_stop``
    (a duplicate board with no result, format.md §5.2): its stop is an ``unfinished`` warning.
    """
    if hands is None:
        if hands_given:
            return None, ()
        if len(cards) < 52:
            report("play_incomplete", f"play[{len(cards)}]",
                   f"without the hands the play must give all 52 cards; it has {len(cards)}"
                   + (" (a claimed deal needs its hands)" if claim else ""))
            return None, ()
        try:
            hands = hands_from_play(cards, trump, leader, profile, leads)
        except _At as bad:
            report(bad.move.code, f"play[{bad.index}]", bad.move.message)
            return None, ()
    play = Play(hands, trump, leader, profile, leads, skips)
    try:
        play.play_cards(cards)
    except IllegalMove as bad:
        i = play.cards_played
        report(bad.code, f"play[{i}]", f"trick {len(play.tricks) + 1}: {bad.message}")
    else:
        if not play.finished and not claim:
            seat = play.to_play
            stops = f"the play stops after {plural(len(cards), 'card')}: trick {len(play.tricks) + 1} needs a card from {seat}"
            if may_stop:
                report("unfinished", f"play[{len(cards)}]", stops + UNFINISHED, Severity.WARNING)
            else:
                report("play_incomplete", f"play[{len(cards)}]", stops)
    return hands, tuple(play.tricks)

