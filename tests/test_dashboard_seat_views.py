"""One seat's view of every game's replay, from the one payload builder (issue 20: "the same
builder, hiding what the seat could not see, for every game"): after k cards the browser holds
the k cards played and no more, the winners of the tricks complete, only the hands that seat
has seen by then (his own; a dummy once laid down, rubber-bridge.md §3; a 2/3/5 dummy once the
method turns it up, players-2-3-5.md; open misère's hand after trick 1, solo-whist.md §4), and
nothing that tells how the deal ends (the claim, the penalty, the outcome) before its end."""
from __future__ import annotations

import json

import pytest

from dashboards.payload import replay_payload
from dashboards.seat_view import cut_to
from test_terminal_replay_games import EVENINGS, SAMPLES
from vint_replay.engine.seats import SEATS
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file


@pytest.mark.parametrize("which", EVENINGS)
def test_a_seat_view_holds_only_what_that_seat_has_seen(which):
    report = evaluate(read_file(str(SAMPLES / which)).record)
    checked = 0
    for replay in report.replays:
        if not replay.tricks:
            continue
        cards = [c for t in replay.tricks for c in t.cards]
        ending = replay_payload(report, replay.deal.number)  # the open view, whole
        told = [text for text in (ending["outcome"], *(json.dumps(ending[k]) for k in ("claim", "penalty")
                                                       if ending[k] is not None)) if text]
        for seat in SEATS:
            whole = replay_payload(report, replay.deal.number, seat)
            for k in sorted({0, 1, 4, len(cards) // 2, len(cards) - 1, len(cards)}):
                seen = cut_to(whole, k)
                assert seen["play"] == [int(c) for c in cards[:k]] and seen["ended"] == (k == len(cards))
                assert seen["winners"] == [int(t.winner) for t in replay.tricks][:len(seen["winners"])]
                assert len(seen["winners"]) == (len(replay.tricks) if k == len(cards) else k // whole["size"])
                for place, hand in enumerate(seen["hands"] or ()):
                    if hand is not None:  # shipped: his own, or laid face up by card k
                        assert place == seat or (seen["up_from"][place] is not None and seen["up_from"][place] <= k)
                if k < len(cards):
                    assert (seen["claim"], seen["below_end"], seen["penalty"], seen["outcome"]) == (None,) * 4  # the end's
                    shipped = json.dumps(seen, ensure_ascii=False)
                    assert not any(json.dumps(text, ensure_ascii=False).strip('"') in shipped for text in told)
                    assert all(note["from"] <= k for note in seen["notes"])
                checked += 1
    assert checked

