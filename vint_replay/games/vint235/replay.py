"""Replays one deal of a two-, three- or five-handed session: the roles, the hands (with the
exchanges or the widow), the auction of the players who bid, and the play round the live
places (docs/rules/players-2-3-5.md)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...engine.calls import Contract
from ...engine.cards import CARDS, FULL_DECK
from ...engine.diagnostics import Diagnostic, Severity
from ..laws.revoke import Revoke
from ...engine.plural import plural
from ...engine.record import DealRecord, SessionInfo
from ...engine.replay import ToContract, WithoutLaws
from ...engine.rule_profile import DealReplayer
from ...engine.seats import SEATS, Seat, by_seat
from ...engine.shown import CommonShown, TableShown
from .auction import run_auction
from .laws import refuse_other_laws, table_revokes
from .method import Report, Sides, TableMethod
from .play import TableTrick, play_round
from .record import Role, TableDeal, table_fields



@dataclass(frozen=True)
class TableReplay(WithoutLaws, ToContract, CommonShown):
    """A deal after replay. ``roles`` and ``live`` are the places as played (after any move);
    ``sides`` the players of the two scoring columns, ``place_columns`` each place's column
    (``None``: a dead pile); ``tricks_won`` is by column. Under the laws, ``revokes`` are those
    found in the play and ``penalised`` the claimed ones (place, penalty taken in points)."""

    deal: DealRecord
    profile: TableMethod
    contract: Contract | None
    passed_out: bool
    hands: tuple[int, int, int, int] | None  # as dealt, by place
    live: tuple[int, int, int, int] | None  # as played, by place (0: a dead pile)
    roles: tuple[Role, Role, Role, Role] | None
    sides: Sides | None
    place_columns: tuple[int | None, int | None, int | None, int | None] | None
    leader: Seat | None
    tricks: tuple[TableTrick, ...]
    tricks_won: tuple[int, int] | None
    diagnostics: tuple[Diagnostic, ...]
    revokes: tuple[Revoke, ...] = ()
    penalised: tuple[tuple[Seat, bool], ...] = ()

    @property
    def table(self) -> TableDeal | None:
        """The deal's own fields of the method: roles, player out, exchanges, widow (format.md §5.6)."""
        return table_fields(self.deal)

    @property
    def declarer_column(self) -> int | None:
        """The score column of the declarer's side (its ``tricks_won`` index)."""
        if self.contract is None or self.place_columns is None:
            return None
        return self.place_columns[self.contract.declarer]

    @property
    def seated_roles(self) -> tuple[Role, Role, Role, Role] | None:
        """The places' roles as played, else as the deal records them (``None``: it records none)."""
        return self.roles or (self.table.roles if self.table is not None else None)

    def name(self, seat: Seat) -> str:
        """Who plays ``seat`` in words: ``Ivanov`` or ``Ivanov's dummy``."""
        roles = self.seated_roles
        assert roles is not None, "a deal without roles is refused before it has a contract to name players in"
        role = roles[seat]
        return "nobody (dead pile)" if role.player is None else f"{role.player}'s dummy" if role.dummy else role.player

    # -- what a replay shows (the hooks of reports.terminal.ReplayShown) -------------------------

    def who_plays(self, seat: Seat, info: SessionInfo) -> str:
        """Who plays the place: ``Ivanov``, ``dummy of Ivanov`` or ``dead pile`` (format.md §5.6)."""
        roles = self.seated_roles
        return "" if roles is None else "dead pile" if roles[seat].player is None else str(roles[seat])

    @property
    def face_up_dummy(self) -> Seat | None:
        """The methods' dummies are shown with the hands from the deal (``table_lines`` says when
        the method turns them up at the table), not laid down after the lead."""
        return None

    def hands_after(self, k: int) -> tuple[int | None, int | None, int | None, int | None]:
        """The cards each place still holds after trick ``k``, as played (after the exchanges, the
        widow and any move); a dead pile is not shown (``None``)."""
        hands = self.live if self.live is not None else self.hands
        if hands is None:
            return None, None, None, None
        played = 0
        for trick in self.tricks[:k]:
            for card in trick.cards:
                played |= 1 << card
        dead = [self.roles is not None and self.roles[s].player is None for s in SEATS]
        return by_seat(None if dead[s] else hands[s] & ~played for s in SEATS)

    @property
    def column_names(self) -> tuple[str, str]:
        """The two scoring columns by their players: ``Ivanov & Petrov``."""
        if self.sides is None:
            return "column 1", "column 2"
        return " & ".join(self.sides[0]), " & ".join(self.sides[1])

    def won_after(self, k: int) -> tuple[int, int]:
        """Each column's tricks after trick ``k``."""
        return (0, 0) if self.place_columns is None else column_tricks(self.tricks[:k], self.place_columns)

    @property
    def declaring_column(self) -> int | None:
        return self.declarer_column

    @property
    def counted(self) -> tuple[int, int] | None:
        """The tricks the contract is judged by, by column."""
        return self.tricks_won

    def bidders(self) -> tuple[tuple[Seat, ...], Seat | None]:
        """The places that bid, from the first speaker, and 3.1's holder who calls once after them."""
        roles = self.table.roles if self.table is not None else None
        if roles is None:
            return tuple(SEATS[(self.deal.dealer + i) & 3] for i in range(4)), None
        bidders = self.profile.bidders(roles)
        k = bidders.index(self.profile.first_speaker(self.deal.dealer, roles, bidders))
        return bidders[k:] + bidders[:k], self.profile.closer(roles)

    def turned_up(self, k: int) -> tuple[tuple[Seat, int], ...]:
        """None here: the replay shows the dummies from the deal, and ``table_lines`` says when
        the method turns them up at the table."""
        return ()

    def table_lines(self) -> tuple[str, ...]:
        """When the dummies are face up, who sits out, the exchanges and the widow (format.md §5.6)."""
        table = self.table
        if table is None:
            return ()
        out = [f"({self.profile.exposure})"] if self.profile.exposure else []
        if table.sits_out:
            out.append(f"{table.sits_out} sits out")
        for seat, exchange in table.exchanges:
            what = ("took the pile on his right" if exchange else "kept his hand") if isinstance(exchange, bool) else \
                ("gave " + ", ".join(f"{d.pretty} for {t.pretty}" for d, t in exchange) or "exchanged nothing")
            out.append(f"{table.roles[seat]} ({seat}) {what}")
        if table.widow is not None:
            gives = ", ".join(f"{c.pretty} to {s}" for s, c in table.widow_gives)
            out.append(f"widow {' '.join(c.pretty for c in table.widow)} to {table.widow_to}; gives {gives}"
                       + (f"; final contract {table.final.pretty}" if table.final else ""))
        return tuple(out)

    def shown_table(self) -> TableShown:
        """The four-handed table's facts, and the places': dead piles, and the dummies face up
        from the card the method turns them up (``dummies_up_after``); the first leader."""
        roles = self.seated_roles
        up = self.profile.dummies_up_after
        return replace(CommonShown.shown_table(self), leader=self.leader,
                       face_up=tuple(up if roles is not None and roles[s].dummy else None for s in SEATS),
                       dead=tuple(roles is not None and roles[s].player is None for s in SEATS))


def table_replayer(info: SessionInfo) -> DealReplayer[TableMethod, TableReplay]:
    """The replayer of a session whose players are ``info.party``."""
    party = info.party or ()

    def replay(deal: DealRecord, profile: TableMethod, previous: DealRecord | None = None) -> TableReplay:
        return replay_table_deal(deal, profile, party, previous)

    return replay


def replay_table_deal(deal: DealRecord, profile: TableMethod, party: Sequence[str],
                      previous: DealRecord | None = None) -> TableReplay:
    """Check one deal against its method and replay it; every problem becomes a diagnostic."""
    problems: list[Diagnostic] = []

    def report(code: str, at: str | None, message: str, severity: Severity = Severity.ERROR) -> None:
        problems.append(Diagnostic(code, message, deal.number, at, severity))

    def done(**kw: Any) -> TableReplay:  # the replay's fields by name, as TableReplay takes them
        fields: dict[str, Any] = dict(contract=None, passed_out=False, hands=None, live=None, roles=None, sides=None, place_columns=None,
                      leader=None, tricks=(), tricks_won=None)
        fields.update(kw)
        if profile.laws is not None and fields["contract"] is not None and fields["live"] is not None:
            fields["revokes"], fields["penalised"] = table_revokes(deal, profile, fields["live"], fields["tricks"], report)
        return TableReplay(deal, profile, diagnostics=tuple(problems), **fields)

    if profile.laws is not None:
        refuse_other_laws(deal, profile, report)
    _check_order(deal, profile, party, previous, report)
    table = table_fields(deal)
    if table is None:
        if "roles" not in deal.unreadable:
            report("roles", "roles", f"a deal under {profile.name} names who plays each place (format.md §5.6)")
        return done()
    if role_problems(table.roles, table.sits_out, party, profile, report):
        return done()
    hands = _checked_hands(deal, profile, report)
    if hands is None or "auction" in deal.unreadable:
        return done()
    live = profile.live_hands(list(hands), table, report)
    if live is None:
        return done(hands=hands)
    bidders = profile.bidders(table.roles)
    first = profile.first_speaker(deal.dealer, table.roles, bidders)
    k = bidders.index(first)
    order = bidders[k:] + bidders[:k]
    run = run_auction(deal.auction, order, profile, profile.min_level, profile.single_round, profile.closer(table.roles))
    if run.error is not None:
        index, bad = run.error
        report(bad.code, f"auction[{index}]", bad.message)
        return done(hands=hands)
    if not run.closed:
        report("auction_incomplete", f"auction[{len(deal.auction)}]",
               f"the auction is not closed: {plural(run.calls_needed, 'more call')} needed")
        return done(hands=hands)
    contract = run.contract()
    if contract is None:
        if deal.play:
            report("play_after_passout", "play[0]", "the deal was passed out (no bid), so no card may be played")
        if deal.result is not None:
            report("play_after_passout", "result", "the deal was passed out (no bid), so it has no result")
        profile.no_widow(table, report)
        owner = profile.owner_problem(table.roles, deal.dealer, None)
        if owner is not None:
            report("roles", *owner)
        sides = profile.sides(table.roles, party, None)
        return done(hands=hands, passed_out=True, roles=table.roles, sides=sides)
    owner = profile.owner_problem(table.roles, deal.dealer, contract.declarer)
    if owner is not None:
        report("roles", *owner)
        return done(hands=hands, contract=contract)
    contract = profile.after_auction(live, table, contract, deal.dealer, report)
    if contract is None:
        return done(hands=hands)
    roles = list(table.roles)
    seat = profile.seating(live, roles, contract.declarer, deal.dealer)
    contract = Contract(contract.level, contract.denomination, seat)
    sides = profile.sides(roles, party, contract.declarer)
    assert sides is not None
    columns = tuple(None if r.player is None else (0 if r.player in sides[0] else 1) for r in roles)
    declarers = columns[contract.declarer]
    assert declarers is not None, "the declarer plays a live place, which has a column"
    leader, why = profile.table_leader(contract.declarer, roles, deal.dealer)
    common = dict(hands=hands, contract=contract, live=tuple(live), roles=tuple(roles), sides=sides,
                  place_columns=columns, leader=leader)
    names = [str(r) for r in roles]
    if deal.play is None or "play" in deal.unreadable:
        if deal.result is None:
            if not {"play", "result"} & deal.unreadable:
                report("missing_play", "play", f"contract {contract} by {names[contract.declarer]} has neither play nor result")
            return done(**common)
        return done(**common, tricks_won=_by_result(deal.result, declarers))
    places = tuple(s for s in SEATS if live[s])
    if deal.play and not live[leader] >> deal.play[0] & 1:
        holder = next((s for s in places if live[s] >> deal.play[0] & 1), None)
        where = "in no live hand" if holder is None else f"from {names[holder]} ({holder})"
        report("lead_out_of_turn", "play[0]", f"the first lead is {names[leader]}'s ({leader}): {why}; "
                                              f"{deal.play[0].pretty} comes {where}")
        return done(**common)
    run_play = play_round(deal.play, live, places, contract.trump, leader, profile, names)
    if run_play.error is not None:
        index, bad = run_play.error
        report(bad.code, f"play[{index}]", f"trick {len(run_play.tricks) + 1}: {bad.message}")
        return done(**common, tricks=run_play.tricks)
    won = list(column_tricks(run_play.tricks, columns))
    if len(run_play.tricks) == 13:
        if deal.result is not None and deal.result != won[declarers]:
            report("result_mismatch", "result", f"result says the declarer took {plural(deal.result, 'trick')}; "
                                                f"the play gives {won[declarers]}")
        return done(**common, tricks=run_play.tricks, tricks_won=(won[0], won[1]))
    if deal.result is None:
        report("play_incomplete", f"play[{len(deal.play)}]", f"the play stops after {plural(len(deal.play), 'card')}")
        return done(**common, tricks=run_play.tricks)
    if not won[declarers] <= deal.result <= 13 - won[1 - declarers]:
        report("result_mismatch", "result", f"result says the declarer took {plural(deal.result, 'trick')}, but the "
                                            f"tricks played give the declarer {won[declarers]} and the defenders "
                                            f"{won[1 - declarers]}")
        return done(**common, tricks=run_play.tricks)
    return done(**common, tricks=run_play.tricks, tricks_won=_by_result(deal.result, declarers))


def column_tricks(tricks: Sequence[TableTrick], columns: Sequence[int | None]) -> tuple[int, int]:
    """Each score column's tricks among ``tricks``, given each place's column (a dead pile, with
    none, never wins a trick)."""
    won = [0, 0]
    for trick in tricks:
        column = columns[trick.winner]
        if column is not None:
            won[column] += 1
    return won[0], won[1]


def _by_result(result: int, declarers: int) -> tuple[int, int]:
    return (result, 13 - result) if declarers == 0 else (13 - result, result)


def _check_order(deal: DealRecord, profile: TableMethod, party: Sequence[str], previous: DealRecord | None,
                 report: Report) -> None:
    """Deal numbers increase; the dealer is a place that deals, in the method's turn: the
    lowest card of the draw first, and in five-handed vint each rubber's first dealer as §6
    ruling 16 says (a new rubber is a new player out)."""
    if "dealer" not in deal.unreadable and deal.dealer not in profile.dealing_places:
        report("wrong_dealer", "dealer", f"{deal.dealer} does not deal under {profile.name}: the dealers are "
                                         f"{', '.join(str(s) for s in profile.dealing_places)}")
        return
    table = table_fields(deal)
    if previous is None:
        first = None if table is None or "dealer" in deal.unreadable else profile.first_dealer(table.roles, party)
        if first is not None and deal.dealer != first[0]:
            report("wrong_dealer", "dealer", f"dealer is {deal.dealer} in the session's first deal, but {first[1]}")
        return
    if deal.number <= previous.number:
        report("deal_number", "number", f"deal {deal.number} follows deal {previous.number}: numbers must increase")
    if "dealer" in deal.unreadable | previous.unreadable:
        return
    before = table_fields(previous)
    if profile.sits_out and table is not None and before is not None and table.sits_out != before.sits_out:
        expected, why = profile.rubber_dealer(previous.dealer, before.roles, table.roles)
    else:
        expected, why = profile.expected_dealer(previous.dealer, deal.number)
    if deal.dealer != expected:
        report("wrong_dealer", "dealer", f"dealer is {deal.dealer}, but {why}")


def role_problems(roles: Sequence[Role], sits_out: str | None, party: Sequence[str], profile: TableMethod,
                  report: Report) -> int:
    """Report every way the roles contradict the players and the method; returns how many."""
    found: list[tuple[str, str]] = []
    known = set(party)
    for seat in SEATS:
        name = roles[seat].player
        if name is not None and name not in known:
            found.append((f"roles.{seat}", f"{name!r} is not one of the session's players ({', '.join(party)})"))
    if sits_out is not None and not profile.sits_out:
        found.append(("sits_out", f"nobody sits out under {profile.name}"))
    elif sits_out is not None and sits_out not in known:
        found.append(("sits_out", f"{sits_out!r} is not one of the session's players"))
    elif profile.sits_out and sits_out is None:
        found.append(("sits_out", f"under {profile.name} one player sits out each deal: name him"))
    for name in party:
        live = [s for s in SEATS if roles[s].player == name and not roles[s].dummy]
        dummies = [s for s in SEATS if roles[s].player == name and roles[s].dummy]
        if name == sits_out and (live or dummies):
            found.append((f"roles.{(live + dummies)[0]}", f"{name} sits out, so he has no place and no call"))
        elif len(live) > 1:
            found.append((f"roles.{live[1]}", f"{name} plays two live hands ({live[0]} and {live[1]})"))
        elif len(dummies) > 1:
            found.append((f"roles.{dummies[1]}", f"{name} plays two dummies ({dummies[0]} and {dummies[1]})"))
        elif name != sits_out and not live:
            found.append(("roles", f"{name} plays no hand of his own"))
    counts = (sum(r.dummy for r in roles), sum(r.player is None for r in roles))
    if counts != (profile.dummies, profile.dead_piles) and not found:
        found.append(("roles", f"{profile.name} has {plural(profile.dummies, 'dummy')} and "
                               f"{plural(profile.dead_piles, 'dead pile')}; the roles give {counts[0]} and {counts[1]}"))
    if not found:
        found = profile.layout_problems(roles)
    for at, message in found:
        report("roles", at, message)
    return len(found)


def _checked_hands(deal: DealRecord, profile: TableMethod, report: Report) -> tuple[int, int, int, int] | None:
    """The dealt hands as bit sets: the method's number of cards each, no card twice, and
    with the widow the whole pack."""
    if deal.hands is None:
        if "hands" not in deal.unreadable:
            report("schema", "hands", f"a deal under {profile.name} needs its hands")
        return None
    seen, ok = 0, True
    table = table_fields(deal)
    widow = table.widow.mask if table is not None and table.widow is not None else 0
    for seat, hand in zip(SEATS, deal.hands):
        if hand.mask.bit_count() != profile.hand_size:
            report("hand_size", f"hands.{seat}", f"{seat.full_name} has {plural(hand.mask.bit_count(), 'card')}; "
                                                 f"a hand has {profile.hand_size} under {profile.name}")
            ok = False
        if seen & hand.mask:
            names = " ".join(CARDS[i].name for i in range(52) if seen & hand.mask >> i & 1)
            report("duplicate_card", f"hands.{seat}", f"{names} also dealt to another place before {seat.full_name}")
            ok = False
        seen |= hand.mask
    if ok and ((seen | widow) != FULL_DECK or seen & widow):
        if ok:
            report("widow", "widow", f"the widow must hold the {52 - seen.bit_count()} cards not dealt to the places")
        ok = False
    return by_seat(h.mask for h in deal.hands) if ok else None
