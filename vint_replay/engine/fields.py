"""A game's own record fields (docs/format.md §5.5, §5.6): the JSON keys and ``.vint`` tags it
owns, read into the record with located problems and written back canonically. A profile lists
its codecs (``RuleProfile.deal_codecs``); the readers and writers loop over them and never ask
which game they hold, as python-chess's ``pgn`` never asks which variant a board is."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .record import DealRecord, GameDeal, SessionInfo

Report = Callable[[str, str, str], None]  # (code, at, message): the reader says where ``at`` was written
SessionReport = Callable[[str], None]  # a problem with the session's players (at "session.players")


class Slot(StrEnum):
    """Where a writer puts a game's fields among a deal's common ones (each format has its order)."""

    OPENING = "opening"  # after the dealer, before the hands
    HANDS = "hands"  # right after the hands
    AUCTION = "auction"  # after the auction
    PLAY = "play"  # after the play
    RESULT = "result"  # after the result
    CLOSING = "closing"  # after every common field, before the comments


@dataclass(frozen=True, slots=True)
class GameFields:
    """What a codec read of one deal: the game's own fields (the record's ``own``) and the fields
    it could not read (so no second problem reports them missing)."""

    own: GameDeal | None
    unreadable: frozenset[str] = frozenset()


class DealCodec(ABC):
    """One game's deal fields in the JSON and ``.vint`` formats. The defaults are a game that
    seats four players N, E, S, W and has every common field; a game overrides what differs."""

    json_keys: frozenset[str] = frozenset()  # the deal's JSON keys this game owns
    tags: Mapping[str, str] = {}  # its ``.vint`` tags, each with the field it spells, in reading order
    lacks: frozenset[str] = frozenset()  # the common deal fields (JSON keys) its deals do not have
    fifth: bool = False  # a session may name a fifth player (JSON ``players.fifth``, ``[Fifth]``)
    owns_auction: bool = False  # its deals' auction holds the game's own call tokens
    stored_key: str = ""  # the key its fields are kept under in a deal row's ``extra_json`` (docs/store.md)
    paid_sheet: bool = False  # its sessions are settled in payments per player: stored with no rubbers nor lines

    @abstractmethod
    def foreign(self, name: str, text: bool, rules: str) -> str:
        """Why the field (or tag, ``text``) ``name`` of this game cannot stand in a deal under ``rules``."""

    def lacking(self, tag: str) -> str | None:
        """Why the common tag ``tag`` cannot stand in this game's deals, or ``None`` if it may."""
        return None

    def pbn_lacks(self, info: SessionInfo) -> str | None:
        """What of this game's sessions PBN has no tags for, in words (``None``: PBN holds it)."""
        return None

    def party(self, players: object, rules: str, report: SessionReport) -> tuple[str, ...] | None:
        """The session's players when this game lists them by name instead of by seat (empty
        when wrong, reported); ``None`` when it seats them N, E, S, W."""
        return None

    def seat_names(self, party: tuple[str, ...], deals: Sequence[DealRecord]) -> tuple[str, str, str, str]:
        """The names a four-seat view shows for the places of a session listed by :meth:`party`."""
        raise NotImplementedError

    @abstractmethod
    def read_json(self, raw: Mapping[str, object], report: Report) -> GameFields:
        """The game's fields of one deal given as JSON values (the auction too if it owns it)."""

    @abstractmethod
    def read_text(self, tags: Mapping[str, str], auction: Sequence[str] | None, report: Report) -> GameFields:
        """The same from the deal's own tags (by name, as written) and, if the game owns the
        auction, the words of its ``[Auction]`` section."""

    def located(self, tag: str) -> tuple[str, ...]:
        """The record paths (``roles``, ``roles.N``) whose problems point at the tag ``tag``."""
        return (self.tags[tag],)

    @abstractmethod
    def json_fields(self, deal: DealRecord) -> Mapping[Slot, Mapping[str, object]]:
        """The deal's fields as JSON writes them, by where they go."""

    @abstractmethod
    def text_tags(self, deal: DealRecord) -> Mapping[Slot, Sequence[tuple[str, str]]]:
        """The deal's tags as ``.vint`` writes them (name, value), by where they go."""

    def auction_words(self, deal: DealRecord) -> list[str]:
        """The deal's auction as written, for a game that owns it (:attr:`owns_auction`)."""
        raise NotImplementedError

    def stored(self, deal: DealRecord, scored: object) -> object | None:
        """The deal's fields as the store keeps them under :attr:`stored_key`, with what its
        score (``scored``, the game's deal score) adds; ``None`` when the deal has none."""
        return None

    def written_differs(self, deal: DealRecord, scored: object) -> bool | None:
        """Whether the figures the deal's own fields record (a paper sheet's, e.g. solo whist's
        payments) differ from its score ``scored``, the store's ``audit`` column; ``None`` when
        they record none."""
        return None

    def restored(self, raw: object) -> GameFields:
        """The fields :meth:`stored` kept, back as the record had them (written valid, so read
        without problems)."""
        raise NotImplementedError

    def content_part(self, deal: DealRecord) -> list[object] | None:
        """What the deal's fields add to the session's content hash right after the deal's
        common text (``None``: nothing there), as stores have always hashed it (docs/store.md)."""
        return None

    def content_kept(self, deal: DealRecord) -> object | None:
        """What they add among the deal's kept fields, under :attr:`stored_key` (``None``: nothing)."""
        return None
