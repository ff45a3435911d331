"""PBN and LIN files of duplicate bridge checked and scored together with NumPy: the bulk path
of ``validate`` and the PBN and LIN benchmarks (docs/rules/duplicate-bridge.md, rules/rubber-bridge.md §2–§5).

Files that :mod:`~vint_replay.formats.pbn_batch` or :mod:`~vint_replay.formats.lin_batch` scan
are turned into columns (hands as bit sets, call codes, the cards played) and checked at once:
the auction with doubles, the play by :mod:`.columnar`'s replay, the tags that must agree with
them (PBN's ``[Contract]``, ``[Declarer]``, ``[Result]``; LIN's claim), every board's score from
the profile's own ``score``. A PBN session (as the reader cuts the file) or a LIN file with any
board that is not plainly valid is refused (``None``): the caller reads it with
``pbn_sessions`` or ``read_lin`` and checks it with ``evaluate``, which say what is wrong."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TypeVar

import numpy as np

from ..engine.calls import BID_TERMS, BIDS, DOUBLE_CODE, REDOUBLE_CODE, Contract
from ..engine.cards import FULL_DECK
from ..games.registry import RuleProfile, get_profile
from ..games.bridge.duplicate import DuplicateBridge, board_score
from ..engine.scoring import DealFacts
from ..engine.seats import SEATS, Side
from ..formats import lin_batch, pbn_batch
from ..formats.lin import LIN_SEATS, LIN_VULNERABLE
from .columnar import _ONE, _RANK, _SUIT, _SUIT_MASKS, _TRUMP, _hands, _play

T = TypeVar("T")  # what _checked's scan reads: a file's bytes, or a room's scanned rows
PROFILE = "duplicate-bridge"  # what a scanned file holds (pbn_batch.scan refuses [Scoring] rubber)


@dataclass(frozen=True, slots=True)
class Boards:
    """The boards of many scanned files, one after another (``counts`` per file)."""

    counts: np.ndarray  # (files,) boards per file
    number: np.ndarray  # (n,) board numbers
    dealer: np.ndarray  # (n,) seat
    vulnerable: np.ndarray  # (n, 2) bool, N–S and E–W
    hands: np.ndarray  # (n, 4) uint64 bit sets, N E S W
    call_counts: np.ndarray  # (n,)
    calls: np.ndarray  # flat call codes (0 pass, 1–35 bids, 36 X, 37 XX)
    contract: np.ndarray  # (n,) the recorded contract's bid code (0: passed out; -1: none recorded)
    doubled: np.ndarray  # (n,) its doubling: 1, 2 or 4
    declarer: np.ndarray  # (n,) its declarer, -1 when passed out
    result: np.ndarray  # (n,) the declarer's tricks recorded (PBN's [Result], LIN's claim), -1 when none
    tricks_played: np.ndarray  # (n,) complete tricks played (the rest claimed)
    cards: np.ndarray  # (boards with a play, 52) card numbers, 0 after the last trick played
    columns: bool  # the cards of each trick by seat from the opening leader (PBN), else as played (LIN)
    cut: np.ndarray | None = None  # (n,) cards of the trick a claim cut short, after the complete ones (LIN)
    auctioned: np.ndarray | None = None  # (n,) whether the board has an auction (PBN: else a hand record or its contract alone)
    partial: np.ndarray | None = None  # (n, 4) the trick a claim cut short by seat from the opening leader, -1: no card (PBN)


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """A file or session the batch path found valid: its boards' numbers and scores (N–S's
    points, as ``[Score]`` gives them), in file order."""

    number: np.ndarray
    score: np.ndarray
    ident: str = ""  # a PBN session's id (pbn.session_ident)


def batch_supported(profile: RuleProfile) -> bool:
    """Whether the arrays here are ``profile``'s rules: duplicate bridge as it is, without the
    laws on irregularities."""
    return type(profile) is DuplicateBridge and profile.laws is None and profile == get_profile(PROFILE)


def check_pbn(texts: Sequence[bytes]) -> list[CheckedFile | None]:
    """Each PBN file of one session checked and scored, or ``None`` for a file the batch path
    does not take whole (laid out otherwise, several sessions, any board not plainly valid)."""
    return [sessions[0] if sessions is not None and len(sessions) == 1 else None
            for sessions in check_pbn_sessions(texts)]


def check_pbn_sessions(texts: Sequence[bytes]) -> list[list[CheckedFile | None] | None]:
    """Each PBN file's sessions (as the reader cuts them: :func:`pbn_batch.scan`) checked and
    scored, ``None`` for a session the batch path does not take (a board not laid out as it
    scans, or not plainly valid); ``None`` for a file it leaves to the reader whole."""
    return check_scanned([pbn_batch.scan(text) for text in texts])


def check_scanned(scanned: Sequence[list[pbn_batch.Session] | None]) -> list[list[CheckedFile | None] | None]:
    """:func:`check_pbn_sessions` of files already scanned (each :func:`pbn_batch.scan`, kept by
    a caller that cuts the file to the sessions left: :func:`pbn_batch.read_left`)."""
    groups = [s.rows for sessions in scanned if sessions is not None for s in sessions if s.rows is not None]
    vouched = iter(_vouched(groups, pbn_columns))
    return [None if sessions is None else
            [None if s.rows is None else _named(next(vouched), s.ident) for s in sessions] for sessions in scanned]


def _named(checked: CheckedFile | None, ident: str) -> CheckedFile | None:
    return None if checked is None else CheckedFile(checked.number, checked.score, ident)


def check_lin(texts: Sequence[bytes]) -> list[CheckedFile | None]:
    """Each LIN file's boards checked and scored, every room one after another, or ``None`` (as
    :func:`check_pbn`: any room not taken)."""
    out: list[CheckedFile | None] = []
    for rooms in check_lin_rooms(texts):
        taken = [room for _, room in rooms or [("", None)]]
        out.append(None if None in taken else CheckedFile(np.concatenate([r.number for r in taken if r]),
                                                          np.concatenate([r.score for r in taken if r])))
    return out


def check_lin_rooms(texts: Sequence[bytes]) -> list[list[tuple[str, CheckedFile | None]] | None]:
    """Each LIN file's rooms (lin_sessions' sessions) as their ids and boards checked and scored,
    ``None`` for a room the batch path does not take; ``None`` for a file it does not scan."""
    scanned = list(map(lin_batch.scan, texts))
    checked = iter(_checked([room.boards for rooms in scanned if rooms for room in rooms], _as_scanned, lin_columns))
    return [None if rooms is None else [(room.id, next(checked)) for room in rooms] for rooms in scanned]


def _as_scanned(rows: list[lin_batch.Row] | None) -> list[lin_batch.Row] | None:
    return rows


def _checked(texts: Sequence[T], scan: Callable[[T], list | None],
             columns: Callable[[list[list]], Boards]) -> list[CheckedFile | None]:
    scanned = [(i, rows) for i, rows in enumerate(map(scan, texts)) if rows is not None]
    out: list[CheckedFile | None] = [None] * len(texts)
    for (i, _), checked in zip(scanned, _vouched([rows for _, rows in scanned], columns)):
        out[i] = checked
    return out


def _vouched(groups: list[list], columns: Callable[[list[list]], Boards]) -> list[CheckedFile | None]:
    """Each group of scanned rows (a file's or a session's boards) checked and scored, ``None``
    for a group with any board that is not plainly valid."""
    profile = get_profile(PROFILE)
    if not groups or not batch_supported(profile):
        return [None] * len(groups)
    boards = columns(groups)
    ok, score = _check(boards, profile)
    ends = np.cumsum(boards.counts)
    starts = ends - boards.counts
    return [CheckedFile(boards.number[a:b], score[a:b]) if good else None
            for good, a, b in zip(np.logical_and.reduceat(ok, starts).tolist(), starts.tolist(), ends.tolist())]


def _all_passed(words: list[bytes], closes: Callable[[int, bool], bool]) -> list[bytes]:
    """The calls with a closing ``AP`` written out as the passes that close the auction, by the
    profile's rule (``closes``: rubber-bridge.md §2, as engine/settle.py settles it)."""
    if not words or words[-1] != pbn_batch.ALL_PASS:
        return words
    words = words[:-1]
    trailing = next((i for i, w in enumerate(reversed(words)) if w != b"Pass"), len(words))
    bid = any(w not in (b"Pass", b"X", b"XX") for w in words)
    if closes(trailing, bid):  # AP after the auction closed: a call after the close, which the check refuses
        return words + [b"Pass"]
    while not closes(trailing, bid):
        words.append(b"Pass")
        trailing += 1
    return words


def pbn_columns(files: list[list[pbn_batch.Row]]) -> Boards:
    """The columns of every board of PBN ``files`` (each :func:`pbn_batch.scan`'s rows)."""
    rows = list(chain.from_iterable(files))
    n = len(rows)
    deals = np.frombuffer(b"".join(row[4] for row in rows), np.uint8).reshape(n, 67)
    closes = get_profile(PROFILE).auction_closed
    auctions = [_all_passed(row[10].split(), closes) for row in rows]
    plays = [row[12] or b"" for row in rows]  # the export scan leaves a play not given None
    cells = np.frombuffer(b"".join(plays), np.uint8).reshape(-1, 3)  # "SA " and "C3\n"
    contract = np.array([pbn_batch.CONTRACT_CODE[row[7]] for row in rows], dtype=np.int64).reshape(n, 2)
    tricks = np.fromiter(map(len, plays), np.int64, n) // pbn_batch.TRICK_TEXT
    auctioned = np.array([row[9] != b"" for row in rows], dtype=bool)
    cut = [i for i, row in enumerate(rows) if row[13]]
    partial = np.full((n, 4), -1, dtype=np.int64)
    for i in cut:  # few boards: a claim within a trick
        partial[i] = [-1 if w == b"-" else int(_SUIT[w[0]]) * 13 + int(_RANK[w[1]]) for w in rows[i][13].split()]
    hands = _hands(np.stack([deals[:, 17 * i:17 * i + 16] for i in range(4)], axis=1))
    if hands is None:
        raise ValueError("a hand not as pbn_batch.scan reads it")  # its pattern takes none
    return Boards(
        counts=np.array([len(f) for f in files], dtype=np.int64),
        number=np.array([int(row[1]) for row in rows], dtype=np.int64),
        dealer=np.array([pbn_batch.SEAT_CODE[row[2]] for row in rows], dtype=np.int64),
        vulnerable=np.array([pbn_batch.VULNERABLE_CODE[row[3]] for row in rows], dtype=bool).reshape(n, 2),
        hands=hands,
        call_counts=np.fromiter(map(len, auctions), np.int64, n),
        calls=np.fromiter(map(pbn_batch.CALL_CODE.__getitem__, chain.from_iterable(auctions)), np.int64),
        # [Auction] from another seat: -2
        contract=np.where([row[9] == row[2] for row in rows] | ~auctioned, contract[:, 0], -2),
        doubled=contract[:, 1],
        declarer=np.array([pbn_batch.SEAT_CODE.get(row[6], -1) for row in rows], dtype=np.int64),
        result=np.array([int(row[8]) if row[8] else -1 for row in rows], dtype=np.int64),
        tricks_played=tricks, cards=_padded(tricks, cells[:, 0], cells[:, 1], rows=(tricks > 0) | (partial >= 0).any(axis=1)),
        columns=True, auctioned=auctioned, partial=partial)


def lin_columns(files: list[list[lin_batch.Row]]) -> Boards:
    """The columns of every board of LIN ``files`` (each room's :func:`lin_batch.scan` rows): the
    contract recorded is the ``rs`` entry's, the result the claim's, else the entry's."""
    rows = list(chain.from_iterable(files))
    n = len(rows)
    cards = np.frombuffer(b"".join(row.cards for row in rows).upper(), np.uint8).reshape(-1, lin_batch.CARD)
    played = np.fromiter((len(row.cards) for row in rows), np.int64, n) // lin_batch.CARD
    tricks = played // 4
    return Boards(
        counts=np.array([len(f) for f in files], dtype=np.int64),
        number=np.fromiter((row.number for row in rows), np.int64, n),
        dealer=np.array([int(LIN_SEATS[row.dealer - 1]) for row in rows], dtype=np.int64),
        vulnerable=np.array([LIN_VULNERABLE[row.vulnerable] for row in rows], dtype=bool).reshape(n, 2),
        hands=_lin_hands(rows),
        call_counts=np.fromiter((len(row.calls) for row in rows), np.int64, n),
        calls=np.fromiter(chain.from_iterable(row.calls for row in rows), np.int64),
        contract=np.fromiter((-1 if row.stated is None else row.stated[0] for row in rows), np.int64, n),
        doubled=np.fromiter((1 if row.stated is None else row.stated[1] for row in rows), np.int64, n),
        declarer=np.fromiter((-1 if row.stated is None else row.stated[2] for row in rows), np.int64, n),
        result=np.fromiter((row.claim if row.claim is not None else -1 if row.stated is None else row.stated[3]
                            for row in rows), np.int64, n),
        tricks_played=tricks, cards=_padded(played // 4, cards[:, 0], cards[:, 1], played), columns=False,
        cut=played % 4)


def _padded(tricks: np.ndarray, suits: np.ndarray, ranks: np.ndarray, played: np.ndarray | None = None,
            rows: np.ndarray | None = None) -> np.ndarray:
    """The cards of the boards with a play (``rows``, else those with a card played), 52 a row
    (0 after the cards played: ``played``, else the tricks'), from their suit and rank letters
    one board after another."""
    played = 4 * tricks if played is None else played
    played = played[played > 0 if rows is None else rows]
    cards = np.zeros((len(played), 52), dtype=np.int64)
    cards[np.arange(52) < played[:, None]] = _SUIT[suits].astype(np.int64) * 13 + _RANK[ranks]
    return cards


def _lin_hands(rows: list[lin_batch.Row]) -> np.ndarray:
    """Bit sets (N E S W) of md's hands of S, W, N and E, each 13 cards with its four suit
    letters in order, as lin_batch.scan reads them; East left empty holds the other cards (lin.py's md)."""
    n = len(rows)
    s, w, north = _lin_masks(b"".join(b"".join(row.hands[:3]) for row in rows)).reshape(n, 3).T
    given = np.array([bool(row.hands[3]) for row in rows], dtype=bool)
    east = np.uint64(FULL_DECK) & ~(s | w | north)
    east[given] = _lin_masks(b"".join(row.hands[3] for row in rows))
    return np.stack([north, east, s, w], axis=1)


def _lin_masks(text: bytes) -> np.ndarray:
    """The bit set of each LIN hand of ``text``, hands of 17 letters one after another."""
    letters = np.frombuffer(text, np.uint8).reshape(-1, 17)
    suit_letter = _SUIT[letters] >= 0
    suit = np.cumsum(suit_letter, axis=1) - 1
    bits = np.where(suit_letter, np.uint64(0), _ONE << (13 * suit + _RANK[letters]).astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)


def _auction(dealer: np.ndarray, counts: np.ndarray, calls: np.ndarray,
             profile: RuleProfile) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Bridge's auction over all auctions at once (rubber-bridge.md §2): (legal and closed,
    final bid code (0: passed out), its doubling 1/2/4, declarer (-1: passed out)). Bids rise;
    a double only of the opponents' bid, a redouble only of their double, each as the last
    call but passes; four passes pass out, three after a call close; the first of the
    declaring side to name the final denomination declares."""
    n = len(counts)
    if not len(calls):  # no board has an auction (PBN's hand records): none is closed
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=np.int64), np.ones(n, dtype=np.int64), np.full(n, -1)
    starts = np.cumsum(counts) - counts
    deal_of = np.repeat(np.arange(n), counts)
    position = np.arange(len(calls)) - starts[deal_of]  # from the dealer
    ok = np.ones(n, dtype=bool)
    acts = np.flatnonzero(calls != 0)  # bids, doubles and redoubles
    deal = deal_of[acts]
    same = np.r_[False, deal[1:] == deal[:-1]]  # a call with an earlier call (not a pass) in its auction
    before = np.r_[-1, acts[:-1]]
    passes = np.where(same, acts - before - 1, position[acts])
    ok[deal[passes >= np.where(same, profile.passes_after_bid, profile.passes_to_pass_out)]] = False  # closed
    code = calls[acts]
    previous = np.where(same, calls[np.maximum(before, 0)], -1)
    opponents = same & ((acts - before) & 1 == 1)
    is_bid = code < DOUBLE_CODE
    ok[deal[(code == DOUBLE_CODE) & ~(opponents & (previous > 0) & (previous < DOUBLE_CODE))]] = False
    ok[deal[(code == REDOUBLE_CODE) & ~(opponents & (previous == DOUBLE_CODE))]] = False
    bids = acts[is_bid]
    bid_deal = deal_of[bids]
    rank = np.array(profile.bid_ranks, dtype=np.int64)[calls[bids]]
    follows = np.r_[False, bid_deal[1:] == bid_deal[:-1]]
    ok[bid_deal[follows & (rank <= np.r_[0, rank[:-1]])]] = False  # an insufficient bid
    last_act, last_bid = _last(n, deal, acts), _last(n, bid_deal, bids)
    bid = last_bid >= 0
    closing = np.where(bid, starts + counts - 1 - last_act, counts)
    ok &= closing == np.where(bid, profile.passes_after_bid, profile.passes_to_pass_out)
    final = np.where(bid, calls[np.maximum(last_bid, 0)], 0)
    doubling = np.array([1] * DOUBLE_CODE + [2, 4], dtype=np.int64)[calls[np.maximum(last_act, 0)]]
    # the declarer: the first bid of the final denomination by the final bidder's side
    key = (bid_deal * 5 + (calls[bids] - 1) % 5) * 2 + (position[bids] & 1)
    keys, first = np.unique(key, return_index=True)
    final_key = key[_last(n, bid_deal, np.arange(len(bids)))[bid]]  # each auction's last bid's
    named = bids[first[np.searchsorted(keys, final_key)]]
    declarer = np.full(n, -1, dtype=np.int64)
    declarer[bid] = (dealer[bid] + position[named]) & 3
    return ok, final, np.where(bid, doubling, 1), declarer


def _last(n: int, deal: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per deal, the last of ``values`` (given in deal order, ``deal`` each one's deal); -1 if none."""
    out = np.full(n, -1, dtype=np.int64)
    if len(deal):
        is_last = np.r_[deal[1:] != deal[:-1], True]
        out[deal[is_last]] = values[is_last]
    return out


def _check(b: Boards, profile: RuleProfile) -> tuple[np.ndarray, np.ndarray]:
    """Whether each board is valid and agrees with its tags, and its score from N–S's side."""
    hands = b.hands
    ok = (np.bitwise_count(hands) == 13).all(axis=1) & (np.bitwise_or.reduce(hands, axis=1) == np.uint64(FULL_DECK))
    ok &= (b.number >= 1) & (b.number <= 32767)
    legal, contract, doubled, declarer = _auction(b.dealer, b.call_counts, b.calls, profile)
    no_result = b.result < 0
    if b.auctioned is not None:  # PBN: a board without an auction (replay.replay_deal)
        bare = ~b.auctioned
        hand_record = bare & (b.contract == -1)  # the hands alone: checked, nothing scored (duplicate-bridge.md §1)
        # else recorded by its contract and declarer alone: the play and result are checked under them
        legal = np.where(bare, hand_record | (b.declarer >= 0), legal)
        contract = np.where(bare, np.maximum(b.contract, 0), contract)
        doubled, declarer = np.where(bare, b.doubled, doubled), np.where(bare, b.declarer, declarer)
        no_result |= (b.result == 0) & ~hand_record  # BBO's pass-out [Result "0"] (pbn._Board.deal); a bid needs more
    recorded = b.contract != -1
    # a passed-out board's [Declarer] is not read (pbn._Board._contract: "Pass" is no contract)
    ok &= legal & (~recorded | (b.contract == contract) & ((b.declarer == declarer) | (contract == 0))
                   & (b.doubled == doubled))
    bid = contract > 0
    cut = np.zeros_like(b.tricks_played) if b.cut is None else b.cut
    has_play = (b.tricks_played > 0) | (cut > 0) | (False if b.partial is None else (b.partial >= 0).any(axis=1))
    # a contract needs its play or result, and a play stopping early its claim; passed out: neither
    ok &= np.where(bid, (b.result >= 0) | (b.tricks_played == 13), no_result & ~has_play)
    tricks = b.result.copy()  # the declarer's: the result's, checked against the play below
    played = np.flatnonzero(has_play)
    fit = ok[played]
    boards = played[fit]
    # the columns start with the opening leader's card whatever seat [Play] names: the reader
    # turns them into the order played relative to it, and the engine plays from the declarer's left
    leaders = np.array([int(profile.opening_leader(seat)) for seat in SEATS], dtype=np.int64)[declarer[boards]]
    cards = b.cards[fit]
    play_ok, _, winners = _play(hands[boards], cards, _TRUMP[contract[boards]], leaders, profile,
                                columns=b.columns, tricks=b.tricks_played[boards])
    taken = b.tricks_played[boards]
    cut_short = cut[boards]
    if b.partial is not None:
        cards, cut_short, in_turn = _in_turn(b.partial[boards], cards, taken, leaders, winners)
        play_ok &= in_turn
    counted = np.arange(13) < taken[:, None]
    won = (((winners & 1) == (declarer[boards, None] & 1)) & counted).sum(axis=1)  # the declarer's side's
    lost = taken - won
    result = b.result[boards]
    # all 13 played: the result (if given) is the play's; a claim (replay._claimed): the result
    # leaves room for the tricks played
    play_ok &= _cut_ok(hands[boards], cards, taken, cut_short, leaders, winners)
    ok[boards] &= play_ok & np.where(taken == 13, (result < 0) | (result == won), (won <= result) & (result <= 13 - lost))
    tricks[boards] = np.where(taken == 13, won, result)
    ok[played[~fit]] = False
    score = np.zeros(len(ok), dtype=np.int64)
    scored = np.flatnonzero(ok & bid)
    score[scored] = _scores(profile, contract[scored], doubled[scored], declarer[scored], tricks[scored],
                            b.vulnerable[scored])
    return ok, score


def _in_turn(partial: np.ndarray, cards: np.ndarray, tricks: np.ndarray, leaders: np.ndarray,
             winners: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """PBN's trick a claim cut short, read as pbn._Board._play reads it: its cards in turn from
    its leader (the last trick's winner) up to the first ``-``, after the complete tricks in
    ``cards``; how many, and whether no card follows a ``-`` (the reader reports one as never
    played, rubber-bridge.md §3). Few boards have one: a loop over them."""
    cards, cut, ok = cards.copy(), np.zeros(len(partial), dtype=np.int64), np.ones(len(partial), dtype=bool)
    for j in np.flatnonzero((partial >= 0).any(axis=1)).tolist():
        t = int(tricks[j])
        first = ((int(winners[j, t - 1]) if t else int(leaders[j])) - int(leaders[j])) & 3  # its leader's column
        turn = [int(partial[j, (first + i) & 3]) for i in range(4)]
        played = turn.index(-1)  # a cut trick has a "-" (pbn_batch._play)
        ok[j] = all(card < 0 for card in turn[played:])
        cards[j, 4 * t:4 * t + played] = turn[:played]
        cut[j] = played
    return cards, cut, ok


def _cut_ok(hands: np.ndarray, cards: np.ndarray, tricks: np.ndarray, cut: np.ndarray, leaders: np.ndarray,
            winners: np.ndarray) -> np.ndarray:
    """Whether the cards of each trick a claim cut short are legal (replay._replay_play checks a
    claimed play as far as it goes, rubber-bridge.md §4): each held by its seat, led by the last
    trick's winner, following suit when able. Few boards have one: a loop over them."""
    ok = np.ones(len(cut), dtype=bool)
    for j in np.flatnonzero(cut).tolist():
        t = int(tricks[j])
        seat = int(winners[j, t - 1]) if t else int(leaders[j])
        left = [int(h) for h in hands[j]]
        gone = 0
        for card in cards[j, :4 * t].tolist():
            gone |= 1 << card
        left = [h & ~gone for h in left]
        led = -1
        for card in cards[j, 4 * t:4 * t + int(cut[j])].tolist():
            suit, bit = card // 13, 1 << card
            if not left[seat] & bit or led >= 0 and suit != led and left[seat] & int(_SUIT_MASKS[led]):
                ok[j] = False
                break
            led = suit if led < 0 else led
            left[seat] &= ~bit
            seat = (seat + 1) & 3
    return ok


# per profile: (bid code, doubling, declarer, declarer's tricks, vulnerability) -> the board's score
_score_memo: dict[RuleProfile, dict[tuple[int, int, int, int, bool, bool], int]] = {}


def _scores(profile: RuleProfile, contract: np.ndarray, doubled: np.ndarray, declarer: np.ndarray,
            tricks: np.ndarray, vulnerable: np.ndarray) -> list[int]:
    """Each board's score from N–S's side by ``profile.score``, once per distinct contract,
    doubling, declarer, tricks and vulnerability (duplicate-bridge.md §3: nothing else counts)."""
    memo = _score_memo.setdefault(profile, {})
    out = []
    for key in zip(contract.tolist(), doubled.tolist(), declarer.tolist(), tricks.tolist(),
                   vulnerable[:, 0].tolist(), vulnerable[:, 1].tolist()):
        points = memo.get(key)
        if points is None:
            points = memo[key] = _board_score(profile, *key)
        out.append(points)
    return out


def _board_score(profile: RuleProfile, code: int, doubled: int, declarer: int, tricks: int, ns: bool, ew: bool) -> int:
    level, denomination = BID_TERMS[code - 1]  # in BIDS' order: code 1 is 1♠
    contract = Contract(level, denomination, SEATS[declarer], doubled)
    taken = (tricks, 13 - tricks) if contract.declarer.side is Side.NS else (13 - tricks, tricks)
    return board_score(profile.score(DealFacts(contract, taken, None, (ns, ew))))
