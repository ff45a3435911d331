"""Plain whist: a game that lives only in the tests (issue 20 item 5), to prove that a new game
plugs into the program through its profile's hooks alone, with no file of ``vint_replay/``
naming it.

The rules, in this package's words (the tests cite them as "plain_whist §n"):

§1 Four players in two fixed partnerships, N–S against E–W; the deal passes to the left.
§2 Thirteen cards each. The dealer's last card is turned up: its suit is trumps for the deal.
   It is recorded as the deal's ``turn_up``, and the dealer must hold it.
§3 There is no auction. The player on the dealer's left leads to the first trick; players
   follow suit when they can, else play any card; the highest trump wins, else the highest
   card of the suit led; the winner leads to the next trick.
§4 The side that takes more than six tricks scores a point for each trick over six (the other
   scores nothing): all thirteen tricks are played, so the two sides cannot both score.
§5 The first side to five points wins a game; both sides then start the next game from
   nothing, and points past five are not carried. The first side to win two games wins the
   rubber (best of three); the next deal starts a new rubber. Nothing else is written: no
   honours, no rubber premium.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from vint_replay.games import registry

from .profile import PlainWhist


@contextmanager
def plain_whist() -> Iterator[type[PlainWhist]]:
    """Plain whist in the program's registry for the duration (its public ``register``)."""
    registry.register(PlainWhist)
    try:
        yield PlainWhist
    finally:
        registry.unregister(PlainWhist.name)
