"""The base rule profile: every hook the engine calls, with vint's common defaults.

A profile is to this engine what a variant board is to python-chess: a subclass overrides the
hooks where its rules differ and is registered by name (``profiles/__init__.py``). The auction,
the play, the scorer, the ledger, the batch path and the audit read every rule from here; no
rule number lives anywhere else.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Protocol, Self, TypeVar

from .audit_report import AuditReport, Found
from .calls import BIDS, CALLS_BY_CODE, Contract, Denomination
from .fields import DealCodec
from .cards import SUIT_MASKS, Suit
from .scoring import DealFacts, Entry, Item
from .seats import Seat, Side

if TYPE_CHECKING:
    from .diagnostics import Diagnostic
    from .record import DealRecord, SessionInfo, SessionRecord
    from .summary import Summary
    from .views import Box, ReplayView, SessionView


@dataclass(frozen=True, slots=True)
class Laws:
    """The laws on irregularities in force over a profile: their code. Their rules live in the
    ``laws`` package, which reads this off the profile (docs/rules/laws.md)."""

    name: str


VINT_ORDER = (Denomination.SPADES, Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS,
              Denomination.NOTRUMP)  # ♠ < ♣ < ♦ < ♥ < NT


@dataclass(frozen=True, slots=True)
class RubberState:
    """What a rubber's end may be scored on: the games in the order won and the passed-out deals."""

    games: tuple[Side, ...]
    passed_out: int  # deals passed out (thrown in) during this rubber


@dataclass(frozen=True, slots=True)
class Slip:
    """A figure a scorer may have written for a due entry by a known slip, and the slip in words."""

    written: int
    slip: str


class SheetLayout(StrEnum):
    """How a profile's scoresheet is laid out: rubbers above and below the line, or one score per board."""

    RUBBER = "rubber"
    BOARDS = "boards"
    PAYMENTS = "payments"  # solo whist: each deal settled in points per player, with running balances


class Replayed(Protocol):
    """What a session asks of any game's replay of a deal: the deal, and the problems found."""

    @property
    def deal(self) -> DealRecord: ...
    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]: ...


class Sheet(Protocol):
    """What any game's session score answers, whatever its columns: each deal's and the
    session's summary (engine/summary.py)."""

    def deal_summaries(self) -> dict[int, Summary]: ...
    def session_summary(self) -> Summary: ...


class Reported(Protocol):
    """What a game's sheet and views are made from: a checked session (engine/session.py's
    ``SessionReport``)."""

    @property
    def record(self) -> SessionRecord: ...
    @property
    def profile(self) -> RuleProfile: ...
    @property
    def replays(self) -> Sequence[Replayed]: ...
    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]: ...
    @property
    def score(self) -> Sheet | None: ...
    @property
    def fine_score(self) -> Sheet | None: ...


class SheetWriter(Protocol):
    """How a game shows its score: the sheet as text, its score document as JSON, and the audit
    of the figures written on paper against it."""

    def text(self, report: Reported, /) -> str: ...
    def json(self, report: Reported, /) -> dict[str, object]: ...
    def audit(self, report: Reported, /) -> AuditReport[Found]: ...


@dataclass(frozen=True)
class SessionPage:
    """What a game's session view is given: the checked session, the audit of its written sheet
    (``None``: not scored), what is wrong with each deal in words (by number), and the words of
    one problem as every page says it."""

    report: Reported
    checked: AuditReport[Found] | None
    words: Callable[[Diagnostic], str]
    explained: Mapping[int, Sequence[str]] = field(default_factory=dict)


Profile_contra = TypeVar("Profile_contra", bound="RuleProfile", contravariant=True)
Replay_co = TypeVar("Replay_co", bound=Replayed, covariant=True)


class DealReplayer(Protocol[Profile_contra, Replay_co]):
    """A game's replay of one deal of a session under its profile, after the deal before it
    (``previous``): the profile is the game's own, and so is the replay it gives."""

    def __call__(self, deal: DealRecord, profile: Profile_contra, previous: DealRecord | None = None, /) -> Replay_co: ...


class SessionLedger(Protocol):
    """A game's scoresheet: the valid deals' replays added in order, then the session's score."""

    def add(self, replay: Replayed, /) -> object: ...
    def finish(self) -> Sheet: ...


class Analysed(StrEnum):
    """How the figures over many sessions (the dashboard's /analysis) count a profile's evenings."""

    SIDES = "sides"  # by side and by player of four hands at N–S against E–W
    PLAYERS = "players"  # each player's results, whatever place he played (players-2-3-5.md)
    APART = "apart"  # left out, and said so: its evenings settle in payments (solo-whist.md §5)


class ProfileError(ValueError):
    """A session names a profile or an option the engine does not know."""


class RuleProfile:
    """The hooks of one rule system. Class attributes hold its plain numbers; methods its rules.

    Instances are immutable once made; session options (``options``) are validated by
    :meth:`with_options` and give a separate instance.
    """

    name: ClassVar[str] = "base"
    title: ClassVar[str] = ""
    doc: ClassVar[str] = ""  # the rules page in docs/ that the tests cite
    option_values: ClassVar[Mapping[str, tuple[str, ...]]] = {}  # option -> allowed values, default first

    # -- auction ------------------------------------------------------------------------------
    denomination_order: ClassVar[tuple[Denomination, ...]] = VINT_ORDER  # low to high
    passes_to_pass_out: ClassVar[int] = 8  # consecutive passes with no bid that end the auction
    passes_after_bid: ClassVar[int] = 12  # consecutive passes after the last bid that end it
    doubles_allowed: ClassVar[bool] = False

    # -- scoring ------------------------------------------------------------------------------
    game_threshold: ClassVar[int] = 500  # points below the current line that win a game
    games_to_win_rubber: ClassVar[int] = 2
    has_dummy: ClassVar[bool] = False  # the declarer's partner's hand is laid face up and played by him
    has_vulnerability: ClassVar[bool] = False  # whether :meth:`vulnerability` can ever say True
    scoresheet: ClassVar[SheetLayout] = SheetLayout.RUBBER
    # the game's own deal fields in the record formats, beside the common ones (engine/fields.py)
    deal_codecs: ClassVar[tuple[DealCodec, ...]] = ()
    pbn_scoring: ClassVar[str] = "Rubber"  # PBN's [Scoring] tag for its sessions
    bridge_boards: ClassVar[bool] = False  # its deals are bridge boards, as BBO's LIN holds them (format.md §5.7)
    # the text format writes ``AP`` for the closing passes of a four-seat auction (format.md §3)
    all_pass: ClassVar[bool] = True
    # its deals are four hands of 13 played by N–S against E–W to a bid contract, which a
    # double-dummy table scores (analysis/jobs.py skips the others)
    double_dummy: ClassVar[bool] = True
    # the profiles whose evenings may be rescored under one another share it (the dashboard's
    # rules switch); None: an evening is only ever scored under its own profile
    analysed: ClassVar[Analysed] = Analysed.SIDES  # how /analysis counts its evenings
    game: ClassVar[str] = "Vint"  # the game it is a rule system of: figures over many sessions keep games apart
    par_label: ClassVar[str] = "Vint par"  # what the analysis calls the double-dummy par this profile scores
    # the analysis version (analysis/datasets.py ANALYSIS_VERSION) that last changed this game's
    # figures: rows an older analysis wrote for its deals are stale and redone
    analysis_since: ClassVar[int] = 1
    laws_layer: ClassVar[bool] = True  # the laws on irregularities (docs/rules/laws.md) may be switched on
    # the wronged side may take a revoke's penalty as points, UT(L) once, instead of three tricks
    # (docs/rules/players-2-3-5.md §2.2, §6 ruling 6): a revoke may then record its ``penalty``
    revoke_choice: ClassVar[bool] = False
    calls_stored: ClassVar[bool] = True  # its deals' calls are the store's calls rows (docs/store.md)
    # the game's own deal fields (keys of a deal beside format.md's), kept as written in the deal's
    # ``extra`` for its replay to read: the readers take them without an unknown-field warning
    deal_fields: ClassVar[tuple[str, ...]] = ()

    # -- the batch path (store/columnar.py) -----------------------------------------------------
    hand_records: ClassVar[bool] = False  # a deal of hands alone is a hand record (hands checked, nothing scored)
    dealer_rotation: ClassVar[bool] = True  # the dealer follows from the deal before (expected_dealer); False: as given
    numbers_increase: ClassVar[bool] = True  # each deal's number is above the one before; False: any order
    # True when each deal is scored on its own, so a session's fine deals keep their score beside
    # a broken one (SessionReport.fine_score); False: later deals depend on earlier ones (a rubber)
    boards_independent: ClassVar[bool] = False
    batch_path: ClassVar[bool] = True  # False: sessions of this profile always take the reference path
    # True when deal_entries reads the hands only through each side's count of trump honours
    # and of aces, so the batch path may reuse one result for equal counts
    entries_by_counts: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options: dict[str, str] = {k: v[0] for k, v in self.option_values.items()}
        self.options.update(options or {})
        self.laws: Laws | None = None  # the laws on irregularities in force (:meth:`with_laws`)

    def with_options(self, options: Mapping[str, object]) -> RuleProfile:
        """This profile under a session's options; :class:`ProfileError` for an unknown one."""
        for key, value in options.items():
            if key not in self.option_values:
                known = ", ".join(self.option_values) or "none"
                raise ProfileError(f"the {self.name} profile has no option {key!r} (options: {known})")
            if value not in self.option_values[key]:
                raise ProfileError(f"option {key} of the {self.name} profile is one of "
                                   f"{', '.join(self.option_values[key])}, not {value!r}")
        return type(self)({k: str(v) for k, v in options.items()}) if options else self

    def with_laws(self, laws: Laws | None) -> RuleProfile:
        """This profile with the laws on irregularities layered over it (``None``: strict
        records); :class:`ProfileError` if the profile does not take the layer (``laws_layer``)."""
        if laws == self.laws:
            return self
        if laws is not None and not self.laws_layer:
            raise ProfileError(f"the laws {laws.name} do not apply over the {self.name} profile")
        other = type(self)(self.options)
        other.laws = laws
        return other

    def __eq__(self, other: object) -> bool:
        return (type(self) is type(other) and self.options == other.options
                and self.laws == other.laws)

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.options.items())), self.laws))

    def __repr__(self) -> str:
        laws = f" laws {self.laws.name}" if self.laws is not None else ""
        return f"<{type(self).__name__} {self.name!r} {self.options}{laws}>"

    # -- the session's replayer and scoresheet ---------------------------------------------------

    def deal_replayer(self, info: SessionInfo) -> DealReplayer[Self, Replayed] | None:
        """The function that replays one deal of a session with ``info``; ``None``: vint's
        (engine/replay.py). A game whose deals are not vint's supplies its own."""
        return None

    def session_ledger(self, info: SessionInfo) -> SessionLedger | None:
        """The scoresheet that adds the replayed deals (``add``, ``finish``); ``None``: vint's
        rubber ledger (engine/ledger.py)."""
        return None

    def sheet_writer(self) -> SheetWriter | None:
        """How the game's score is written and audited; ``None``: the four-handed rubber or
        board sheet (reports/sheets.py). A game whose ledger keeps other columns supplies its own."""
        return None

    def rescoring_refused(self, table: RuleProfile, target: RuleProfile) -> str | None:
        """Why an evening played under ``table`` cannot be rescored under ``target`` when this
        profile is one of them (``None``: it can): a game whose deals are not four-handed
        vint's and bridge's says so."""
        return None

    # -- the dashboard's views (engine/views.py; dashboards/views.py draws them) -------------------

    def session_view(self, page: SessionPage) -> SessionView | None:
        """The session page's parts under its head; ``None``: four hands' scoresheet, deals and
        charts (dashboards/pages/session.py). A game with a sheet of its own supplies them."""
        return None

    def replay_view(self, report: Reported, replay: Replayed, seat: Seat | None) -> ReplayView | None:
        """What the replay page writes around the card table in ``seat``'s view (``None``: all
        hands); ``None``: four hands' auction, double dummy and laws (dashboards/deal_panels.py)."""
        return None

    def players_view(self, reports: Sequence[Reported], player: str | None) -> Box | None:
        """/analysis's card of each player's results over ``reports`` (this profile's game's
        evenings, those of ``player`` if given) where ``analysed`` counts them by player;
        ``None``: nothing to show (four hands are counted by side, dashboards/stats.py)."""
        return None

    def totals_stored(self, info: SessionInfo) -> bool:
        """Whether two sides' totals (the store's ``total_ns``, ``total_ew``) are the score of a
        session with ``info``, so that a listing needs no replay: not where :meth:`session_ledger`
        keeps a sheet of its own (a table's players, solo whist's payments)."""
        return self.session_ledger(info) is None

    # -- auction hooks --------------------------------------------------------------------------

    @cached_property
    def bid_ranks(self) -> tuple[int, ...]:
        """Rank of every call code (higher bids outrank lower); -1 for a pass, double, redouble."""
        position = {d: i for i, d in enumerate(self.denomination_order)}
        ranks = [-1] * len(CALLS_BY_CODE)
        for bid in BIDS:
            assert bid.denomination is not None
            ranks[bid.code] = (bid.level - 1) * 5 + position[bid.denomination]
        return tuple(ranks)

    @property
    def order_text(self) -> str:
        """The denominations low to high, for messages: ``♠ < ♣ < ♦ < ♥ < NT``."""
        return " < ".join(d.symbol for d in self.denomination_order)

    def auction_closed(self, passes: int, bid_made: bool) -> bool:
        """Whether ``passes`` consecutive passes end the auction (before or after a bid)."""
        return passes >= (self.passes_after_bid if bid_made else self.passes_to_pass_out)

    def choose_declarer(self, last_bidder: Seat, first_to_name: Seat) -> Seat:
        """Who declares: vint's last bidder. ``first_to_name`` is the first player of the last
        bidder's side to name the final denomination (bridge's declarer)."""
        return last_bidder

    # -- play hooks -----------------------------------------------------------------------------

    def opening_leader(self, declarer: Seat) -> Seat:
        """Who leads to the first trick: the player left of the declarer."""
        return declarer.left

    def legal_cards(self, held: int, led_suit: int | None) -> int:
        """The cards a player may play: the suit led (a :class:`Suit`, or its number as the play's
        inner loop keeps it) when he holds it, else anything."""
        if led_suit is not None:
            follow = held & SUIT_MASKS[led_suit]
            if follow:
                return follow
        return held

    def card_strength(self, card: int, led_suit: int, trump: int | None) -> int:
        """How strongly ``card`` bids for the trick (the strongest wins; 0 cannot win): any
        trump beats the suit led, which beats the other suits."""
        suit, rank = divmod(card, 13)
        if suit == trump:
            return 27 + rank
        return 14 + rank if suit == led_suit else 0

    @cached_property
    def strength_table(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """:meth:`card_strength` for every trump (index 4 = none), suit led and card: the one
        table both the reference play and the batch path decide tricks with."""
        return tuple(tuple(tuple(self.card_strength(card, led, None if trump == 4 else trump) for card in range(52))
                           for led in range(4)) for trump in range(5))

    def trick_winner(self, cards: Sequence[int], trump: int | None) -> int:
        """Index of the card that wins the trick (the strongest; the first of equals)."""
        row = self.strength_table[4 if trump is None else trump][cards[0] // 13]
        strengths = [row[card] for card in cards]
        return strengths.index(max(strengths))

    # -- scoring hooks --------------------------------------------------------------------------

    def trick_value(self, contract: Contract) -> int:
        """V: what one trick is worth below the line in this contract."""
        raise NotImplementedError

    def undertrick_value(self, contract: Contract) -> int:
        """UT(L): what the defenders write for one trick the declarer falls short (vint
        profiles; the laws' revoke penalty charges it for each missing trick too)."""
        raise NotImplementedError

    def below_points(self, contract: Contract, side: Side, taken: int) -> int:
        """What ``side`` has written below the line in this deal once it has taken ``taken``
        tricks (never decreasing as tricks are taken): the game race is run on this."""
        return taken * self.trick_value(contract)

    def vulnerability(self, rubber: RubberState, board: int, recorded: tuple[bool, bool] | None) -> tuple[bool, bool]:
        """Whether N–S and E–W are vulnerable in deal (board) ``board`` of this rubber, given
        what the record says (``recorded``). No vint system has vulnerability."""
        return False, False

    def expected_dealer(self, previous: Seat, board: int) -> tuple[Seat, str]:
        """Who deals deal ``board``, given the previous deal's dealer, and why in words: the
        player on the previous dealer's left."""
        return previous.left, f"after {previous} dealt the deal passes to {previous.left}"

    def deal_entries(self, facts: DealFacts) -> list[Entry]:
        """The deal's own entries, below and above the line (not the game premiums)."""
        raise NotImplementedError

    def score(self, facts: DealFacts) -> list[Entry]:
        """The deal's entries in scoresheet order."""
        return sorted(self.deal_entries(facts), key=Entry.sort_key)

    def passed_out_entries(self, dealer: Seat, tricks: tuple[int, int] | None) -> list[Entry]:
        """What a passed-out deal writes (``tricks`` when the profile plays it out). Nothing."""
        return []

    def plays_passed_out(self) -> bool:
        """Whether a passed-out deal is played out (with no trumps)."""
        return False

    def passed_out_leader(self, dealer: Seat) -> Seat:
        """Who leads when a passed-out deal is played out: the player left of the dealer."""
        return dealer.left

    def game_entries(self, side: Side, games: Sequence[Side], rubber_won: bool) -> list[Entry]:
        """The premium for the game ``side`` just won; ``games`` are the rubber's games so far,
        this one included."""
        raise NotImplementedError

    def rubber_won_entries(self, rubber: RubberState, winner: Side) -> list[Entry]:
        """What is written when ``winner`` wins the rubber, beyond the game premium. Nothing."""
        return []

    def unfinished_rubber_entries(self, rubber: RubberState, below: tuple[int, int]) -> list[Entry]:
        """What an unfinished rubber at the end of the session writes. Nothing."""
        return []

    # -- the audit's common slips ---------------------------------------------------------------

    def slips(self, entry: Entry, contract: Contract | None, trick_value: int | None) -> list[Slip]:
        """Figures a scorer may have written for the due ``entry`` by a common slip."""
        return []

    def premiums_not_due(self, contract: Contract | None, trick_value: int | None) -> list[tuple[Item, int]]:
        """Premiums a scorer may have written although nothing made them due, most likely first."""
        return []

    def why_not_due(self, item: Item, side: Side, contract: Contract | None, tricks: tuple[int, int] | None,
                    facts: DealFacts | None, game_won: bool) -> str:
        """Why ``item`` is not due to ``side`` in this deal, in a scorer's words."""
        if item in (Item.GAME, Item.RUBBER):
            return f"{side.label} did not win a game in this deal"
        if item is Item.SLAM:
            return f"{side.label} took {tricks[side] if tricks else '?'} tricks"
        if item is Item.CONTRACT_PREMIUM:
            return f"the contract {contract} was not a made slam for {side.label}"
        return f"nothing made it due to {side.label}"

