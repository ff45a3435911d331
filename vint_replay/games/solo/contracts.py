"""The calls and the seven contracts of solo whist (docs/rules/solo-whist.md §2 and §5): the one
table of each contract's rank, requirement, trumps, first lead and payments in quarters."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class SoloCall(StrEnum):
    """A call of the solo-whist auction as the record writes it (docs/format.md §5.5)."""

    PASS = "pass"
    ACCEPT = "accept"
    PROPOSAL = "prop"
    SOLO = "solo"
    MISERE = "misere"
    ABONDANCE = "abond"
    TRUMP_ABONDANCE = "trump_abond"
    OPEN_MISERE = "open_misere"
    DECLARE = "declare"

    @property
    def is_bid(self) -> bool:
        return self in TERMS

    @property
    def terms(self) -> Terms:
        return TERMS[self]

    @classmethod
    def parse(cls, text: str) -> SoloCall:
        """The call a token names (any case); ``ValueError`` saying which tokens exist."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            known = ", ".join(c.value for c in cls)
            raise ValueError(f"{text!r} is not a call of solo whist: a contract must be one of the table of "
                             f"docs/rules/solo-whist.md §2 (calls: {known})") from None


class Trumps(Enum):
    """Where a contract's trump suit comes from."""

    TURN_UP = "the turned-up card's suit"
    NAMED = "a suit the declarer names after the auction"
    NONE = "no trumps"


@dataclass(frozen=True, slots=True)
class Terms:
    """One row of §2 and §5: ``avoid`` contracts (misères) are made by taking no trick; the
    others by taking ``need`` tricks. Payments are in quarters of a point."""

    rank: int
    title: str
    need: int
    trumps: Trumps
    declarer_leads: bool  # déclaré: the declarer leads, not eldest hand
    made: int  # quarters each declaring player receives from each opponent when made with no overtrick
    per_trick: int  # quarters per overtrick (made) or per undertrick (failed); 0: no tricks are counted
    failed: int  # quarters paid to each opponent when failed, beyond ``per_trick`` × undertricks
    avoid: bool = False  # made by taking no trick at all
    counts_tricks: bool = True  # §4 ruling 10: all 13 tricks are played

    @property
    def settles_early(self) -> bool:
        """Whether play stops once the result is certain (§4): the misères and déclaré."""
        return not self.counts_tricks

    def made_with(self, taken: int) -> bool:
        """Whether ``taken`` tricks by the declaring side make the contract."""
        return taken == 0 if self.avoid else taken >= self.need

    def stake(self, made: bool, taken: int | None) -> int:
        """What each declaring player receives (+) or pays (−) per opponent, in quarters (§5).
        ``taken`` (the declaring side's tricks) only matters where tricks are counted."""
        odd = self.per_trick * abs(taken - self.need) if self.per_trick and taken is not None else 0
        return self.made + odd if made else -(self.failed + odd)


TERMS: dict[SoloCall, Terms] = {  # §2 and §5, rank order
    SoloCall.PROPOSAL: Terms(1, "proposal and acceptance", 8, Trumps.TURN_UP, False, 4, 1, 0),
    SoloCall.SOLO: Terms(2, "solo", 5, Trumps.TURN_UP, False, 4, 1, 0),
    SoloCall.MISERE: Terms(3, "misère", 0, Trumps.NONE, False, 8, 0, 8, avoid=True, counts_tricks=False),
    SoloCall.ABONDANCE: Terms(4, "abondance", 9, Trumps.NAMED, False, 12, 2, 0),
    SoloCall.TRUMP_ABONDANCE: Terms(5, "trump abondance", 9, Trumps.TURN_UP, False, 12, 2, 0),
    SoloCall.OPEN_MISERE: Terms(6, "open misère", 0, Trumps.NONE, False, 16, 0, 16, avoid=True, counts_tricks=False),
    SoloCall.DECLARE: Terms(7, "abondance déclaré", 13, Trumps.NONE, True, 24, 0, 24, counts_tricks=False),
}


def points(quarters: int) -> int | float:
    """Quarters as points for JSON: an integer when whole."""
    return quarters // 4 if quarters % 4 == 0 else quarters / 4


def points_text(quarters: int, sign: bool = True) -> str:
    """Quarters as a scorer writes points: ``+4½``, ``−1¾``, ``0``."""
    whole, part = divmod(abs(quarters), 4)
    text = (str(whole) if whole or not part else "") + ("", "¼", "½", "¾")[part]
    if not quarters or not sign:
        return text if quarters else "0"
    return ("+" if quarters > 0 else "−") + text


def call_words(call: SoloCall) -> str:
    """A call as the terminal and the page write it: a bid by its title, a pass as ``pass``."""
    return call.terms.title if call.is_bid else str(call.value)
