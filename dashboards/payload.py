"""One deal of any game for stepping in the browser (``assets/replay.js``), built from the protocol
the terminal replay draws from (``reports.terminal.DealView`` over ``ReplayShown``, and the
replay's ``shown_table``): a game that has the protocol needs no code here.

Cards are the engine's integers (suit * 13 + rank; suits ♠ ♥ ♦ ♣). Only legally replayed tricks
are shipped, so a deal with an illegal card stops before it. The browser derives the hands,
trick and counts of every step from the dealt hands and the play (1–1.6 KB of JSON; the place
of every card and the column of every trick make it half as large again as the four-handed
builder's was). In the view of one ``seat`` only what that seat sees is shipped: his own hand,
and a hand laid face up from the card it is laid down (``up_from``); ``seat_view.cut_to`` then
cuts the play to the cards seen.
"""
from __future__ import annotations

from typing import Protocol

from vint_replay.engine.ledger import DealScore
from vint_replay.engine.seats import SEATS, Seat
from vint_replay.engine.session import SessionReport
from vint_replay.engine.shown import TableShown
from vint_replay.games.laws import views as laws_view
from vint_replay.reports import labels
from vint_replay.reports.terminal import DealView, ReplayShown

from .seat_view import Payload


class ReplayOnTable(ReplayShown, Protocol):
    """A replay the card table draws: the terminal's hooks and what it lays on the table."""

    def shown_table(self) -> TableShown: ...


def replay_payload(report: SessionReport, number: int, seat: Seat | None = None) -> Payload | None:
    """Deal ``number`` for the browser (``None``: the session has no such deal), seen by
    everybody (``seat`` None) or by one seat."""
    index = next((i for i, r in enumerate(report.replays) if r.deal.number == number), None)
    if index is None:
        return None
    view = DealView.of(report, index)
    replay: ReplayOnTable = report.replays[index]
    table = replay.shown_table()
    hands = replay.hands_after(0)
    shown = up_from(replay, table, seat)
    score = view.score  # the deal's line where the sheet keeps a race below the line (else None)
    race = score if score is not None and view.racing else None
    dummy = replay.face_up_dummy
    return {
        "deal": number,
        "players": [replay.who_plays(s, report.record.info) for s in SEATS],
        "dealer": None if table.dealer is None else int(table.dealer),
        "contract": table.contract,
        "declarer": None if table.declarer is None else int(table.declarer),
        "dummy": None if dummy is None else int(dummy),
        "dummy_line": None if dummy is None else labels.dummy_text(replay.contract, replay.profile),
        "vulnerable": labels.vulnerability_text(replay.profile, None if score is None else score.vulnerable),
        "needed": table.needed,
        "trump": table.trump,
        "value": table.value,
        "threshold": replay.profile.game_threshold,
        "below": list(race.below_before) if race is not None else None,
        # the ledger's race: both columns below the line after each trick, after a result-only deal
        "below_after": [list(b) for b in race.below_after] if race is not None else None,
        "below_end": list(race.below_end) if race is not None and race.below_end else None,
        "game": None if race is None or race.game is None else {"side": int(race.game.side), "trick": race.game.trick},
        "view": "all" if seat is None else seat.name,
        "hands": None if replay.hands is None else
        [None if h is None or shown[i] is None else [c for c in range(52) if h >> c & 1] for i, h in enumerate(hands)],
        "held": [13 if h is None else h.bit_count() for h in hands],
        "up_from": shown,
        "play": [int(c) for t in replay.tricks for c in t.cards],
        "seats": [int(t.seat_of(i)) for t in replay.tricks for i in range(len(t.cards))],
        "size": len(replay.tricks[0].cards) if replay.tricks else 4 - sum(table.dead),
        "leaders": [int(t.leader) for t in replay.tricks],
        "winners": [int(t.winner) for t in replay.tricks],
        "won_by": won_by(replay),
        "first_leader": None if table.leader is None else int(table.leader),
        "column_names": list(replay.column_names),
        "declaring_column": replay.declaring_column,
        "result": None if table.result is None else list(table.result),
        "claim": None if table.claim is None else list(table.claim),
        "tags": [list(t) for t in table.tags],
        "face_up": list(table.face_up),
        "dead": list(table.dead),
        "marked": None if table.marked is None else {"card": int(table.marked[0]), "title": table.marked[1]},
        "notes": [{"text": text, "from": at} for text, at in table.notes],
        "outcome": table.outcome,
        "stopped": table.stopped,
        # the laws: the irregular cards (where played) and the revoke penalty as the ledger applied it
        "marks": [m for m in laws_view.marks_payload(replay) if seat is None or m["kind"] != "revoke"],  # a revoke shows a hand
        "penalty": laws_view.penalty_payload(replay, score if isinstance(score, DealScore) else None),
    }


def up_from(replay: ReplayShown, table: TableShown, seat: Seat | None) -> list[int | None]:
    """Per place, from which card this view shows its hand (``None``: never): the open view every
    hand but a dead pile from the start; a seat his own hand from the start, the dummy once the
    opening lead is made (rubber-bridge.md §3; the dummy himself from the start), and a hand the
    game lays face up from the card it does (a 2/3/5 method's dummies, open misère)."""
    hands = replay.hands_after(0)
    dummy = replay.face_up_dummy
    out: list[int | None] = []
    for place in SEATS:
        if hands[place] is None or table.dead[place]:
            out.append(None)
        elif seat is None or place is seat:
            out.append(0)
        elif place is dummy:
            out.append(1 if replay.tricks else None)  # no play, no dummy laid down
        else:
            out.append(table.face_up[place])
    return out


def won_by(replay: ReplayShown) -> list[int | None]:
    """The column (an index of ``column_names``) that won each trick, as the replay counts them
    (``None``: the trick counts for no column, as where the places' columns are unknown)."""
    if not replay.tricks:  # a deal kept by its result: nothing to count trick by trick
        return []
    counts = [replay.won_after(k) for k in range(len(replay.tricks) + 1)]
    return [next((c for c in (0, 1) if after[c] > before[c]), None) for before, after in zip(counts, counts[1:])]
