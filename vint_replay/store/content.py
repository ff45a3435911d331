"""A session's content hash: the SHA-256 of one canonical byte form of what it holds (tags,
deals, unknown fields, comments), so that a re-import of the same content is "unchanged" and
a correction is a new version, whatever the file's format or layout (docs/store.md, Re-imports).

Both checking paths build that form with the same two functions, :func:`deal_text` per deal
and :func:`session_sha256` per session: the reference path from a record
(:func:`content_sha256`), the columnar path from a batch's columns (:func:`columnar_sha256`).
The form is the one stores have kept since ``content_sha256`` existed (docs/store.md).

What that hash leaves out, a board's recorded team and pairs figures and its kept PBN tags (the
scorer's figures and travellers beside the deals), has a hash of its own, :func:`kept_sha256`:
the store compares both, so a file whose figures alone were corrected is a new version.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator

import numpy as np

from ..engine.record import Comment, DealRecord, SessionInfo, SessionRecord
from ..engine.settle import settle
from ..formats.board_fields import board_json, figures_json
from ..formats.pbn_kept import pbn_tags_json
from ..games.laws.fields import session_laws_json, stored_laws_json
from ..games.laws.rulings import session_rulings_json
from ..games.registry import deal_codecs
from .columnar import ColumnarBatch
from .rows import call_codes

Recorded = tuple[int, int, int, int]  # below N-S, above N-S, below E-W, above E-W


def content_sha256(record: SessionRecord) -> str:
    """The content hash of a record (the reference path): of its deals settled (engine/settle.py),
    so a session has one hash whether its record wrote ``AP`` and seat columns or not."""
    record = settle(record)[0]
    return session_sha256(record.info, record.extra, record.comments, map(deal_content, record.deals))


def kept_sha256(record: SessionRecord) -> str:
    """The hash of what :func:`content_sha256` leaves out: each board's recorded figures and kept
    PBN tags, by deal number (:data:`NOTHING_KEPT` for a record with none, as every session of
    the columnar path, which takes no deal holding them)."""
    kept = [[deal.number, figures_json(deal.recorded_figures) if deal.recorded_figures else None,
             pbn_tags_json(deal.pbn_tags)] for deal in record.deals if deal.recorded_figures or deal.pbn_tags]
    return hashlib.sha256(json.dumps(kept, ensure_ascii=False, sort_keys=True).encode()).hexdigest() if kept \
        else NOTHING_KEPT


NOTHING_KEPT = hashlib.sha256(b"[]").hexdigest()  # kept_sha256 of a session without figures or kept tags

Digests = tuple[str, "str | None"]  # a session's content_sha256 and kept_sha256 (None: stored before schema 5)


def same_session(stored: Digests, checked: Digests) -> bool:
    """Whether a checked session holds what a stored one holds: the same content, and the same
    figures and kept tags where the store hashed them (a session stored before schema version 5,
    when they were not compared, is judged by its content alone, as it was then)."""
    return stored[0] == checked[0] and (stored[1] is None or checked[1] is None or stored[1] == checked[1])


def columnar_sha256(batch: ColumnarBatch) -> list[str]:
    """The content hash of each session of a batch, from its columns (the columnar path)."""
    return [session_sha256(info, {}, (), deals) for info, deals in zip(batch.infos, columnar_contents(batch))]


def session_sha256(info: SessionInfo, extra: dict[str, object], comments: tuple[Comment, ...],
                   deals: Iterable[str]) -> str:
    """SHA-256 of the UTF-8 of a session's head (its fields, unknown fields and comments)
    followed by each deal's canonical text."""
    # a field absent from the session adds nothing: the digest of older records is unchanged
    nested = [info.nested_extra] if info.nested_extra or info.options else []
    options = [info.options] if info.options else []
    laws = session_laws_json(info) | session_rulings_json(info)
    fifth = [{"fifth": info.fifth}] if info.fifth is not None else []
    party = [{"party": list(info.party)}] if info.party is not None else []
    head = json.dumps([info.id, info.players, info.event, info.site, info.date, info.table, info.rules,
                       info.extra, extra, [[c.before, c.text] for c in comments], *nested, *options,
                       *([laws] if laws else []), *fifth, *party], ensure_ascii=False, sort_keys=True)
    digest = hashlib.sha256(head.encode())
    digest.update("".join(deals).encode())
    return digest.hexdigest()


def deal_text(number: int, dealer: int, hands: tuple[int, ...] | None, calls: bytes, play: bytes | None,
              result: int | None, recorded: Recorded | None) -> str:
    """The canonical text of the fields every deal has: number, dealer seat, hand bit sets,
    call codes, cards in play order, result-only tricks and the recorded score lines."""
    return repr((number, dealer, hands, calls, play, result, recorded))


def deal_content(deal: DealRecord) -> str:
    """A record's deal as :func:`session_sha256` takes it: :func:`deal_text` and then, if it
    has any, its own fields (each game's as its codec writes them), unknown fields and comments."""
    common = deal_text(deal.number, int(deal.dealer), None if deal.hands is None else tuple(h.mask for h in deal.hands),
                       call_codes(deal.auction), None if deal.play is None else bytes(deal.play), deal.result,
                       None if deal.recorded is None else (deal.recorded[0].below, deal.recorded[0].above,
                                                           deal.recorded[1].below, deal.recorded[1].above))
    codecs = deal_codecs()
    for part in (codec.content_part(deal) for codec in codecs):
        if part is not None:
            common += json.dumps(part, ensure_ascii=False)
    own = [{key: value} for key, value in (("board", board_json(deal)), ("laws", stored_laws_json(deal)),
                                           *((c.stored_key, c.content_kept(deal)) for c in codecs)) if value]
    if deal.extra or deal.comments or deal.nested_extra or own:
        kept = [deal.extra, [[c.before, c.text] for c in deal.comments],
                *([deal.nested_extra] if deal.nested_extra else []), *own]
        common += json.dumps(kept, ensure_ascii=False, sort_keys=True)
    return common


def columnar_contents(batch: ColumnarBatch) -> Iterator[list[str]]:
    """Each session's deals of a batch as :func:`deal_text` (the columnar path takes only
    deals without own fields, unknown fields or comments, so that is all they hold)."""
    calls = batch.calls.astype(np.uint8).tobytes()
    cards = batch.cards.astype(np.uint8).tobytes()
    call_end = np.cumsum(batch.call_counts).tolist()
    call_start = (np.cumsum(batch.call_counts) - batch.call_counts).tolist()
    play_row = np.full(len(batch.number), -1, dtype=np.int64)
    play_row[batch.played] = np.arange(len(batch.played)) * 52
    play_at = play_row.tolist()
    hands = list(map(tuple, batch.hands.tolist()))
    numbers, dealers = batch.number.tolist(), batch.dealer.tolist()
    recorded = [tuple(r) if given else None for r, given in zip(batch.recorded.tolist(), batch.has_recorded.tolist())]
    start = 0
    for count in batch.deal_counts.tolist():
        yield [deal_text(numbers[i], dealers[i], hands[i], calls[call_start[i]:call_end[i]],
                         None if play_at[i] < 0 else cards[play_at[i]:play_at[i] + 52], None, recorded[i])
               for i in range(start, start + count)]
        start += count

