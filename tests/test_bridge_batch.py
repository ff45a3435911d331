"""The PBN and LIN batch paths (formats/pbn_batch.py, formats/lin_batch.py, store/bridge_columnar.py)
against the reference path (``pbn_sessions`` / ``lin_sessions`` + ``evaluate``): a file they take
is one the reference finds valid and silent, each board with the reference's score and the
scores of rules/rubber-bridge.md §4–§5 and docs/rules/duplicate-bridge.md §3; a file they refuse
goes to the reference for a reason. Files are written by endplay's PBN and LIN writers (the
layouts of tournament exports and BBO's hand records), from random legal sessions of duplicate
bridge, then edited by hand and at random."""
from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from endplay.parsers import lin as endplay_lin
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Board, Card, Contract, Deal, Player, Vul
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from batch_agreement import validate_both_ways
from bridge_oracle import deal_entries
import real_records
from mutations import mutate
from strategies import random_session, sessions
from vint_replay.engine.calls import CallKind
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.formats import lin_batch, pbn_batch
from vint_replay.formats.lin import lin_sessions
from vint_replay.store import validity
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.formats.pbn import pbn_sessions
from vint_replay.store.bridge_columnar import CheckedFile, check_lin, check_pbn, check_pbn_sessions

from settled import settled_pbn_sessions


@dataclass(frozen=True)
class Way:
    """A format's two paths: the writer, whether the batch path's scan takes a whole file of one
    session, its check, the reference reader."""

    write: Callable[[list[Board]], str]
    scanned: Callable[[bytes], bool]
    check: Callable[[list[bytes]], list[CheckedFile | None]]
    sessions: Callable[[bytes], list]


def _dump_pbn(boards: list[Board]) -> str:
    out = io.StringIO()
    endplay_pbn.dump(boards, out)
    return out.getvalue()


def _pbn_scanned(data: bytes) -> bool:
    found = pbn_batch.scan(data)
    return found is not None and len(found) == 1 and found[0].rows is not None


PBN = Way(_dump_pbn, _pbn_scanned, check_pbn, pbn_sessions)


def _lin_scanned(data: bytes) -> bool:
    """Whether lin_batch.scan takes every room of the file."""
    rooms = lin_batch.scan(data)
    return rooms is not None and all(room.boards is not None for room in rooms)


LIN = Way(endplay_lin.dumps, _lin_scanned, check_lin, lin_sessions)
WAYS = {"pbn": PBN, "lin": LIN}
FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VULNERABILITY = (Vul.none, Vul.ns, Vul.ew, Vul.both)
VULNERABLE_SIDES = {Vul.none: (False, False), Vul.ns: (True, False), Vul.ew: (False, True), Vul.both: (True, True)}


def endplay_text(record: SessionRecord, choose: Callable[[int], int], way: Way = PBN) -> bytes:
    """``record``'s deals as endplay writes them: each board's vulnerability drawn, one played
    board in three stopped at a random trick by a claim of the tricks the play would take."""
    boards = []
    for deal in record.deals:
        assert deal.hands is not None
        dealer = Player.find("NESW"[deal.dealer])
        vul = VULNERABILITY[choose(4)]
        auction = [Bid("Pass" if c.kind is CallKind.PASS else str(c)) for c in deal.auction]
        contract = Contract.from_auction(dealer, auction)
        board = Board(Deal("N:" + " ".join(hand.pbn() for hand in deal.hands)), auction=auction, board_num=deal.number,
                      vul=vul, dealer=dealer, contract=contract)
        if contract.is_passout():
            board.info["Score"] = "NS 0"
            boards.append(board)
            continue
        cards = [Card(card.name) for card in deal.play or ()]
        table = board.deal.copy()
        table.trump, table.first = contract.denom, contract.declarer.lho
        won = 0
        for k in range(13):
            for card in cards[4 * k:4 * k + 4]:
                table.play(card)
            won += table.first in (contract.declarer, contract.declarer.partner)  # the winner leads next
        contract.result = won - 6 - contract.level
        stop = 13 if choose(3) else 1 + choose(12)
        board.play, board.claimed = cards[:4 * stop], stop < 13
        side = "NS" if contract.declarer in (Player.north, Player.south) else "EW"
        board.info["Score"] = f"{side} {contract.score(vul)}"
        boards.append(board)
    return way.write(boards).encode()


def reference(data: bytes, way: Way = PBN) -> list[SessionReport | None]:
    """Every session of the file as ``validate`` checks it without the batch path."""
    return [None if r.record is None else evaluate(r.record, r.diagnostics) for r in way.sessions(data)]


def why_refused(data: bytes, reports: list[SessionReport | None], way: Way) -> str | None:
    """Why the batch path may refuse a file: it takes one plainly valid session of duplicate
    bridge laid out as it scans. ``None``: it has no reason to."""
    if len(reports) != 1 or reports[0] is None or not reports[0].valid or reports[0].diagnostics:
        return "the reference path reports it"
    if reports[0].profile.name != "duplicate-bridge":
        return "another profile"
    if not way.scanned(data):
        return "not laid out as the batch path scans"
    return None


def assert_batch_is_safe(data: bytes, way: Way = PBN) -> str | None:
    """Taken only if the reference finds the file valid and silent, and then with the
    reference's score for every board; refused only for a reason, which is returned (``None``: taken)."""
    taken = way.check([data])[0]
    reports = reference(data, way)
    if taken is None:
        reason = why_refused(data, reports, way)
        assert reason is not None, "refused a plainly valid file in the layout it scans"
        return reason
    [report] = reports
    assert report is not None and report.valid and not report.diagnostics, [str(d) for d in report.diagnostics]
    assert report.score is not None
    expected = [(deal.number, sum(e.points if e.side.name == "NS" else -e.points for e in deal.entries))
                for deal in report.score.deals]
    assert list(zip(taken.number.tolist(), taken.score.tolist())) == expected
    return None


def assert_sessions_agree(data: bytes) -> list[bool]:
    """Each session of a PBN file the batch path vouches for is the reference path's session
    of the same place and id, read and checked without a word, each board with the reference's
    score; which sessions it vouches for (none if it leaves the file whole)."""
    [found] = check_pbn_sessions([data])
    if found is None:
        return []
    results = settled_pbn_sessions(data)
    assert len(found) == len(results)
    for checked, result in zip(found, results):
        if checked is None:
            continue
        assert result.record is not None and not result.diagnostics, [str(d) for d in result.diagnostics]
        report = evaluate(result.record, result.diagnostics)
        assert report.valid and not report.diagnostics and report.score is not None, [str(d) for d in report.diagnostics]
        assert checked.ident == result.record.info.id
        expected = [(deal.number, board_score(deal.entries)) for deal in report.score.deals]
        assert list(zip(checked.number.tolist(), checked.score.tolist())) == expected
    return [s is not None for s in found]


def generated(data: st.DataObject, max_deals: int = 6, way: Way = PBN) -> bytes:
    record = data.draw(sessions(max_deals=max_deals, rules="duplicate-bridge", with_options=False))
    return endplay_text(record, lambda n: data.draw(st.integers(0, n - 1)), way)


def fixed_files(seed: int, count: int, deals: int, way: Way = PBN) -> list[bytes]:
    """``count`` files of ``deals`` boards from a fixed seed."""
    from random import Random

    rng = Random(seed)
    return [endplay_text(random_session(rng.randrange, deals, rules="duplicate-bridge"), rng.randrange, way)
            for _ in range(count)]


@pytest.mark.parametrize("fmt", sorted(WAYS))
@FAST
@given(st.data())
def test_files_endplay_writes_are_taken_with_the_reference_scores(fmt, data):
    way = WAYS[fmt]
    assert assert_batch_is_safe(generated(data, way=way), way) is None


@FAST
@given(st.data())
def test_the_scores_are_the_rules_scores(data):
    """duplicate-bridge.md §3 over rubber-bridge.md §4–§5 (the independent oracle's entries,
    plus 50 for a part score and 300 / 500 for a game): each taken board's score."""
    text = generated(data)
    [taken] = check_pbn([text])
    assert isinstance(taken, CheckedFile)
    games = endplay_pbn.load(io.StringIO(text.decode()))
    for board, number, score in zip(games, taken.number.tolist(), taken.score.tolist()):
        assert board.board_num == number
        contract = board.contract
        if contract.is_passout():
            assert score == 0
            continue
        attack = "NS" if contract.declarer in (Player.north, Player.south) else "EW"
        taken_tricks = contract.level + 6 + contract.result
        tricks = {attack: taken_tricks, "EW" if attack == "NS" else "NS": 13 - taken_tricks}
        vulnerable = VULNERABLE_SIDES[board.vul][0 if attack == "NS" else 1]
        m = {"passed": 1, "doubled": 2, "redoubled": 4}[contract.penalty.name]
        denomination = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}[contract.denom.name]
        entries = deal_entries(contract.level, denomination, m, contract.declarer.abbr, tricks, {}, vulnerable, False)
        made = taken_tricks >= contract.level + 6
        trick_score = sum(points for side, line, _, points in entries if line == "below")
        bonus = (500 if vulnerable else 300) if trick_score >= 100 else 50
        total = sum(points if side == attack else -points for side, _, _, points in entries) + (bonus if made else 0)
        assert score == (total if attack == "NS" else -total)


def edit(text: bytes, pattern: bytes, replacement: Callable[[re.Match[bytes]], bytes]) -> bytes | None:
    """``text`` with the first match of ``pattern`` replaced (``None`` if it has none)."""
    found = re.search(pattern, text)
    if found is None:
        return None
    return text[:found.start()] + replacement(found) + text[found.end():]


Edit = tuple[bytes, Callable[[re.Match[bytes]], bytes], str]  # pattern, replacement, the rule it breaks
PBN_EDITS: dict[str, Edit] = {
    # name: (pattern, replacement, the rule the reference reports it under)
    "result one more": (rb'\[Result "([0-9]+)"\]\n\[Auction "[NESW]"\]\n(?:[^\[]*)\[Play "[NESW]"\]\n(?:[^\n]+\n){13}',
                        lambda m: m[0].replace(b'"' + m[1] + b'"', b'"%d"' % ((int(m[1]) + 1) % 14)),
                        "rubber-bridge.md §3: all 13 tricks are played; the result is the play's"),
    "contract undoubled": (rb'\[Contract "([1-7](?:NT|[CDHS]))[Xx]+"\]', lambda m: b'[Contract "' + m[1] + b'"]',
                           "rubber-bridge.md §2: the contract is the last bid, with its double"),
    "declarer moved": (rb'\[Declarer "([NESW])"\]', lambda m: b'[Declarer "' + b"ESWN"["NESW".index(m[1].decode())]
                                                               .to_bytes(1, "big") + b'"]',
                       "rubber-bridge.md §2: the first of the declaring side to name the denomination declares"),
    "a pass too many": (rb"(\[Auction \"[NESW]\"\]\n[^\[]*)", lambda m: m[1] + b"Pass\n",
                        "rubber-bridge.md §2: three passes after a bid end the auction"),
    "a pass too few": (rb"(\[Auction \"[NESW]\"\]\n[^\[]*?)Pass\n(\[)", lambda m: m[1] + b"\n" + m[2],
                       "rubber-bridge.md §2: three passes after a bid end the auction"),
    "a double of partner": (rb"(\[Auction \"[NESW]\"\]\n(?:Pass )*)([1-7](?:NT|[CDHS])) Pass ", lambda m: m[1] + m[2]
                            + b" Pass X ", "rubber-bridge.md §2: double only an opponent's bid"),
    "an insufficient bid": (rb"(\[Auction \"[NESW]\"\]\n(?:Pass )*)[1-6]((?:NT|[CDHS]) )(?=.*?[1-7](?:NT|[CDHS]))",
                            lambda m: m[1] + b"7" + m[2], "rubber-bridge.md §2: a bid must be higher"),
    "tricks swapped": (rb"(\[Play \"[NESW]\"\]\n)([^\n]*\n)([^\n]*\n)", lambda m: m[1] + m[3] + m[2],
                       "rubber-bridge.md §3: the winner leads; follow suit when able"),
    "a card played twice": (rb"(\[Play \"[NESW]\"\]\n)([SHDC][2-9TJQKA]) ([SHDC][2-9TJQKA])",
                            lambda m: m[1] + m[2] + b" " + m[2], "rubber-bridge.md §3: a card from the hand"),
    "a card dealt twice": (rb'\[Deal "N:([2-9TJQKA])', lambda m: b'[Deal "N:' + (b"A" if m[1] != b"A" else b"K"),
                           "rubber-bridge.md §1: 13 cards to each player, the whole deck"),
    "a result for a pass-out": (rb'\[Contract "Pass"\]\n\[Result ""\]', lambda m: b'[Contract "Pass"]\n[Result "7"]',
                                "rubber-bridge.md §2: passed out, no score"),
}


_LIN_CALL = rb"mb\|(?:p|d|r|[1-7][CDHSN])\|"
LIN_EDITS: dict[str, Edit] = {
    "claim moved": (rb"mc\|([0-9]+)\|", lambda m: b"mc|%d|" % ((int(m[1]) + 7) % 14),
                    "rubber-bridge.md §3: a claim leaves room for the tricks played"),
    "claim removed": (rb"mc\|[0-9]+\|", lambda m: b"", "rubber-bridge.md §3: all 13 tricks are played"),
    "a pass too many": (rb"((?:" + _LIN_CALL + rb")+)pg\|\|", lambda m: m[1] + b"mb|p|pg||",
                        "rubber-bridge.md §2: three passes after a bid end the auction"),
    "a pass too few": (rb"mb\|p\|pg\|\|", lambda m: b"pg||", "rubber-bridge.md §2: three passes after a bid end the auction"),
    "a double of partner": (rb"mb\|([1-7][CDHSN])\|mb\|p\|(?=mb\|p\|mb\|p\|pg)", lambda m: m[0] + b"mb|d|mb|p|",
                            "rubber-bridge.md §2: double only an opponent's bid"),
    "a redouble of partner's double": (rb"mb\|d\|mb\|p\|(?=mb\|p\|mb\|p\|pg)", lambda m: m[0] + b"mb|r|mb|p|",
                                       "rubber-bridge.md §2: redouble only an opponent's double"),
    "an insufficient bid": (rb"mb\|[1-6]([CDHSN])\|(?=(?:" + _LIN_CALL + rb")*?mb\|[1-7][CDHSN]\|)",
                            lambda m: b"mb|7" + m[1] + b"|", "rubber-bridge.md §2: a bid must be higher"),
    "tricks swapped": (rb"((?:pc\|..\|){4}pg\|\|)((?:pc\|..\|){4}pg\|\|)", lambda m: m[2] + m[1],
                       "rubber-bridge.md §3: the winner leads; follow suit when able"),
    "a card played twice": (rb"pc\|(..)\|pc\|..\|", lambda m: b"pc|" + m[1] + b"|pc|" + m[1] + b"|",
                            "rubber-bridge.md §3: a card from the hand"),
    "a card dealt twice": (rb"(md\|[1-4][^,]*),S([2-9TJQKA])", lambda m: m[1] + b",S" + (b"A" if m[2] != b"A" else b"K"),
                           "rubber-bridge.md §1: 13 cards to each player, the whole deck"),
}
EDITS = {"pbn": PBN_EDITS, "lin": LIN_EDITS}
CASES = [(fmt, name) for fmt in sorted(EDITS) for name in sorted(EDITS[fmt])]


@pytest.mark.parametrize(("fmt", "name"), CASES)
@settings(FAST, max_examples=5)
@given(st.data())
def test_broken_boards_are_refused_and_the_reference_reports_them(fmt, name, data):
    """Each rule the batch path checks, broken in one board: where the reference finds the
    board broken the file is refused (an edit may leave it legal: two tricks swapped with the
    same leader; then both take it alike)."""
    pattern, replacement, _ = EDITS[fmt][name]
    text = edit(generated(data, max_deals=8, way=WAYS[fmt]), pattern, replacement)
    if text is None:
        return  # no board here has what the edit needs (no double, no full play …)
    assert_batch_is_safe(text, WAYS[fmt])


@FAST
@given(st.data())
def test_the_play_is_read_from_the_opening_leader_whatever_seat_play_names(data):
    """rubber-bridge.md §3 (declarer's left-hand opponent leads): the reader takes [Play]'s
    columns from the opening lead, so another seat named there changes nothing, here as there."""
    text = generated(data)
    moved = edit(text, rb'\[Play "([NESW])"\]', lambda m: b'[Play "%s"]' % b"ESWN"[b"NESW".index(m[1])::4])
    if moved is not None:
        assert assert_batch_is_safe(moved) is None


@pytest.mark.parametrize("fmt", sorted(EDITS))
def test_every_edit_applies_to_some_file(fmt):
    """The edits above are not vacuous: over a fixed set of files each finds its board, and
    each makes a file the reference reports."""
    texts = fixed_files(24, 12, 12, WAYS[fmt])
    for name, (pattern, replacement, rule) in EDITS[fmt].items():
        broken = [t for t in (edit(text, pattern, replacement) for text in texts) if t is not None]
        assert broken, name
        assert any(assert_batch_is_safe(t, WAYS[fmt]) == "the reference path reports it" for t in broken), rule


@pytest.mark.parametrize("fmt", sorted(WAYS))
@FAST
@given(st.data())
def test_any_edit_of_the_text_falls_back_for_a_reason(fmt, data):
    text = generated(data, max_deals=3, way=WAYS[fmt]).decode()
    edited = mutate(text, lambda n: data.draw(st.integers(0, n - 1)), edits=3)
    assert_batch_is_safe(edited.encode("utf-8", "surrogatepass"), WAYS[fmt])


def test_lin_hands_high_to_low_are_taken_as_low_to_high():
    """md's holdings in either order (endplay writes them low to high, many BBO files high to
    low) are the same cards, here as in lin.py's md."""
    [text] = fixed_files(5, 1, 6, LIN)
    turned = re.sub(rb"(?<=[SHDC])[2-9TJQKA]+", lambda m: m[0][::-1], text)
    assert turned != text and assert_batch_is_safe(turned, LIN) is None


@pytest.mark.parametrize(("way", "change"), [
    (PBN, lambda t: re.sub(rb'\[Result "[0-9]+"\]', b'[Result "' + b"9" * 5001 + b'"]', t, count=1)),
    (PBN, lambda t: t.replace(b'[Board "1"]', b'[Board "' + b"0" * 5000 + b'1"]', 1)),
    (LIN, lambda t: t.replace(b"pg||\n", b"pg||mc|" + b"1" * 5001 + b"|\n", 1)),
    (LIN, lambda t: t.replace(b"pg||\n", "pg||mc|\u0661\u0660|\n".encode(), 1)),  # Arabic-Indic digits: no claim
])
def test_numbers_of_thousands_of_digits_are_left_to_the_reader(way, change):
    """Bad input (the fuzzed batch paths): a result, board number or claim of 5,000 digits raised
    in the scan (Python's int() limit); each is now the reader's to report, never a traceback."""
    [text] = fixed_files(9, 1, 3, way)
    changed = change(text)
    assert changed != text
    assert assert_batch_is_safe(changed, way) is not None


def test_a_lin_board_with_a_card_after_the_13th_trick_is_left_to_the_reader():
    """rubber-bridge.md §3 (13 tricks; found by the edits above): a board whose pc tags run past
    52 cards is the reader's to report, not the batch path's to lay out (it raised on it)."""
    [text] = fixed_files(7, 1, 4, LIN)
    first = text.index(b"pc|")
    four = re.search(rb"(?:pc\|[SHDC][2-9TJQKA]\|){4}pg\|\|", text[first:])
    assert four is not None
    board_end = text.index(b"\n", first)
    longer = text[:board_end] + four[0] + text[board_end:]
    assert longer.count(b"pc|") == text.count(b"pc|") + 4
    assert assert_batch_is_safe(longer, LIN) is not None  # refused, for the reader's reason


@pytest.mark.parametrize("change", [
    lambda t: t.replace(b"ah|Board 2|", b"ah|Board 1|"),  # board 1 twice
    lambda t: t.replace(b"ah|Board 2|", b"ah|Board 01|"),
    lambda t: t.replace(b"pn|,,,|", b"pn|\xe9,,,|", 1),  # not UTF-8
    lambda t: t.replace(b"pn|", b"%note\npn|", 1),  # aaBridge's comments: the tokenizer's
    lambda t: t + b"0",  # BBO movies' trailing 0: the reader's warning
    lambda t: t.replace(b"sv|", b"zz|x|sv|", 1),  # an unknown tag
])
def test_what_the_lin_scan_leaves_to_the_reader(change):
    """Encodings, a board twice, what LIN's tokenizer mends or warns of are the reader's: not
    scanned (test_lin_batch.py: what it takes, rooms, alerts, notes, CRLF)."""
    [text] = fixed_files(7, 1, 4, LIN)
    assert LIN.scanned(text)
    changed = change(text)
    assert changed != text and not LIN.scanned(changed)
    assert_batch_is_safe(changed, LIN)


def vouched(data: bytes) -> list[bool] | None:
    """Which sessions of a PBN file the batch path vouches for (``None``: it leaves the file whole)."""
    [found] = check_pbn_sessions([data])
    return None if found is None else [s is not None for s in found]


@pytest.mark.parametrize(("change", "left"), [
    (lambda t: t.replace(b'[Event "?"]', b'[Event "#"]', 2), None),  # PBN's inheritance: the file
    (lambda t: t.replace(b'[Site "?"]', b'[Site "\xe9"]', 1), [False]),  # Latin-1: the reader's warning, the first session's
    (lambda t: t.replace(b'[Site "?"]', b'[Site "\xe9\xc3\xa9"]', 1), None),  # UTF-8 with a stray byte (read as \ufffd)
    (lambda t: t.replace(b'\n\n[Event', b'\n\x0c\n[Event', 1), None),  # a line only str.strip finds blank
    (lambda t: t.replace(b'[Site "?"]', b'[Site\n"x"]', 1), None),  # a tag pair over two lines (PBN 2.1 §3.7)
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"] {a {nested} comment}', 1), None),
    (lambda t: t.replace(b'[Scoring "?"]', b'[Scoring "Rubber"]'), [False]),  # rubber bridge: the session
    (lambda t: t.replace(b'[Board "2"]', b'[Board "01"]'), [False]),  # board 1 twice in a session
    (lambda t: t.replace(b'[Deal "N:', b'[Deal "n:', 1), [False]),  # a seat the scan does not read
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n[Auctoin "N"]', 1), [False]),  # a slip the reader warns of
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n[Site "?"]', 1), [False]),  # a tag given twice
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n[Event "x"]', 1), [False]),  # twice: the first is the game's event
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n%% a line the reader skips', 1), [True]),  # not a blank line
    (lambda t: t.replace(b'[Scoring "?"]', b'[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
                         b'1 2 3NT N x 600\n[Scoring "?"]', 1), [False]),  # a traveller: the reader warns of its rows
    (lambda t: t.replace(b"\n", b"\r\n"), [True]),  # CRLF line ends
    (lambda t: t.replace(b'[Board "2"]', b'[Board "1"]'), [True, True]),  # board 1 twice: a second table
    (lambda t: t.replace(b'[Event "?"]', b'[Event "other"]', 1), [True, True]),  # two events
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n[Note "1:x"]\n[HomeTeam "a"]', 1), [True]),  # tags it does not need
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"]\n[Note "x"]', 1), [False]),  # no n:text: the reader warns of it
    (lambda t: t + b'\n[Note "x"]\n', None),  # a game without [Board] or [Deal]: the reader reports it, or reads it at another table
    (lambda t: t.replace(b'[Site "?"]', b'[Site "?"] {a comment [with a bracket]} ; and one to the line end', 1),
     [True]),
    (lambda t: re.sub(rb"(\[Auction \"[NESW]\"\]\n\S+)", rb"\1 =1=", t, count=1).replace(b"[Score", b'[Note "1:x"]\n[Score', 1), [True]),
    (lambda t: re.sub(rb"(\[Auction \"[NESW]\"\]\n\S+)", rb"\1 =2=", t, count=1).replace(b"[Score", b'[Note "1:x"]\n[Score', 1),
     [False]),  # a note reference without its [Note]: the reader warns of it (format.md §5.2)
    (lambda t: re.sub(rb"(\[Auction \"[NESW]\"\]\n\S+)", rb"\1 =1=", t, count=1), [False]),  # and with no [Note] at all
    # found by fuzzing: a note reference stuck to a call ("=1=1S" is no call to the reader), a } that opens no comment
    (lambda t: re.sub(rb"(\[Auction \"[NESW]\"\]\n)", rb"\1=1=", t, count=1).replace(b"[Score", b'[Note "1:x"]\n[Score', 1),
     [False]),
    (lambda t: t.replace(b'[Site "?"]', b'}[Site "?"]', 1), None),
    (lambda t: t.replace(b'[Scoring "?"]', b'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
                         b'N NT 9\nS NT 9\n[Scoring "?"]'), [True]),  # a table tag: its section skipped
    # a table tag's ; (column separators, inside its value) beside a ; comment that hides a tag: the comment is
    # still taken out, the ; in the value kept (the scan looks for a ; outside quoted values)
    (lambda t: t.replace(b'[Scoring "?"]', b'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
                         b'N NT 9 ; not [Board "9"] but a comment\n[Scoring "?"]'), [True]),
    # escapes in a value (a quote, a backslash) and a ; inside one: no comment, the value the reader's
    (lambda t: t.replace(b'[Event "?"]', b'[Event "the \\"Cup\\" \\\\ A;B"]'), [True]),
    (lambda t: t.replace(b'[Event "?"]', b'[Event "A {x"]'), None),  # a brace in a value: left whole, as any stray brace
    (lambda t: t.replace(b'[Event "?"]', b'[Event "\\"]"] ; a comment "with a quote'), [True]),
])
def test_what_the_pbn_scan_leaves_to_the_reader(change, left):
    """Inheritance, encodings and tag pairs over lines are the reader's: the file is left whole;
    a game the scan does not take leaves its session; line ends, comments, sessions, tags it
    does not need and their sections are scanned. Whatever it takes, the reference takes alike."""
    [text] = fixed_files(7, 1, 4, PBN)
    assert vouched(text) == [True]
    changed = change(text)
    assert changed != text and vouched(changed) == left
    assert_sessions_agree(changed)


def test_validate_prints_what_the_reference_path_prints(runner, monkeypatch, tmp_path):
    """validate takes the batch path for the files it can vouch for and prints, exits and
    answers in JSON exactly as the reference path does; --session and --from leave PBN and
    LIN to the reference."""
    from vint_replay import cli

    paths = []
    for fmt, way in sorted(WAYS.items()):
        texts = fixed_files(3, 3, 6, way)
        texts[1] = edit(texts[1], *EDITS[fmt]["a card played twice"][:2]) or b""
        texts.append(texts[0].replace(b"\n", b"\r\n"))  # valid, with CRLF: both scans take it
        for k, text in enumerate(texts):
            (tmp_path / f"f{k}.{fmt}").write_bytes(text)
            paths.append(str(tmp_path / f"f{k}.{fmt}"))
    assert set(validity.valid_by_batch(paths)) == {0, 2, 3, 4, 6, 7}  # the broken ones are left whole
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    for extra in ([], ["--json"], ["--strict"], ["--session", "1"], ["--from", "pbn"], ["--session", "2"]):
        batch = validate_both_ways(runner, monkeypatch, [*paths, *extra])
        assert batch.exit_code == (2 if extra == ["--session", "2"] else 1)


def as_found(texts: list[bytes], choose: Callable[[int], int]) -> bytes:
    """Endplay's files as real files write them, in one file: the first two as two tables of one
    pairs event (the same boards), the others as other events; tags it does not need, in other
    places, comments, note references, ``AP``, a table tag with its lines, CRLF line ends."""
    out = []
    for k, text in enumerate(texts):
        if k >= 2:
            text = text.replace(b'[Event "?"]', b'[Event "event %d"]' % k)
        text = text.replace(b'[Site "?"]', b'[Site "?"]\n[DealId "%d"] {a comment [bracketed]}' % k)
        if choose(2):
            text = re.sub(rb'(\[Scoring "[^"]*"\]\n)(.*?)(\[Score )', rb"\2\1\3", text, flags=re.S)  # another order
        if choose(2):
            text = text.replace(b"[Score ", b'[ScoreIMP "NS 3"]\n[OptimumResultTable "Declarer;Denomination\\2R;'
                                b'Result\\2R"]\nN NT 9\nS NT 9\n[Score ')
        if choose(2):
            text = re.sub(rb"(\[Auction \"[NESW]\"\]\n\S+)", rb"\1 =1=\n; a comment to the line end\n", text)
            text = text.replace(b"[Score ", b'[Note "1:natural"]\n[Score ')
        if choose(2):
            text = re.sub(rb"Pass Pass Pass\s*\n(?=\[)", b"AP\n", text)
        out.append(text.split(b"\n", 2)[2] if k else text)  # one "% PBN" head
    joined = b"\n".join(out)
    return joined.replace(b"\n", b"\r\n") if choose(2) else joined


@FAST
@given(st.data())
def test_sessions_as_found_are_vouched_with_the_reference_verdicts(data):
    """format.md §5.2: a pairs event's tables and other events are sessions; the batch path
    cuts the file as the reader does (ids and boards), and vouches for every one of them here
    (each valid and laid out as it scans), each board with the reference's score."""
    from random import Random

    rng = Random(data.draw(st.integers(0, 2 ** 32)))
    deals = data.draw(st.integers(1, 5))
    texts = [endplay_text(random_session(rng.randrange, deals, rules="duplicate-bridge"), rng.randrange)
             for _ in range(data.draw(st.integers(2, 4)))]
    text = as_found(texts, lambda n: data.draw(st.integers(0, n - 1)))
    assert assert_sessions_agree(text) == [True] * len(texts)


def test_one_broken_board_leaves_the_other_sessions_vouched(runner, monkeypatch, tmp_path):
    """rubber-bridge.md §3 (a card from the hand): one card played twice in one board of a
    pairs event's second table; its session goes to the reference path, which names the board,
    and the batch path still vouches for the other tables; validate prints what the reference prints."""
    from vint_replay import cli

    texts = fixed_files(11, 3, 5, PBN)
    pattern, replacement, _ = PBN_EDITS["a card played twice"]
    texts[1] = edit(texts[1], pattern, replacement) or b""
    text = as_found(texts, lambda n: 0)
    assert assert_sessions_agree(text) == [True, False, True]
    broken = settled_pbn_sessions(text)[1]
    assert broken.record is not None
    report = evaluate(broken.record, broken.diagnostics)
    first = next(m for m in re.finditer(rb'\[Board "([0-9]+)"\]', texts[1]))
    errors = [d for d in report.diagnostics if d.severity.name == "ERROR"]
    assert errors and {d.deal for d in errors} == {int(first[1])}
    path = tmp_path / "pairs.pbn"
    path.write_bytes(text)
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    assert validity.valid_by_batch([str(path)])[0][1] is None
    for extra in ([], ["--json"]):
        assert validate_both_ways(runner, monkeypatch, [str(path), *extra]).exit_code == 1


@pytest.mark.parametrize("name", real_records.listed("pbn"))
def test_real_files_batch_and_reference_agree_board_by_board(name, runner, monkeypatch):
    """Real files as found (docs/real-records.md): every session the batch path vouches for is
    the reference's, valid and silent, each board with the reference's score; validate prints,
    answers in JSON and exits as the reference path alone does, scanning the file once (the
    sessions left are cut from the batch path's scan)."""
    from vint_replay import cli

    path = real_records.path("pbn", name)
    assert_sessions_agree(path.read_bytes())
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    scan = pbn_batch.scan
    for extra in ([], ["--json"]):
        scanned: list[bytes] = []
        monkeypatch.setattr(pbn_batch, "scan", lambda data: scanned.append(data) or scan(data))
        validate_both_ways(runner, monkeypatch, [str(path), *extra])
        assert len(scanned) == 1


def test_real_files_have_sessions_vouched():
    """The batch path takes real files, not only endplay's: over the real files, it vouches for
    sessions of files of several kinds (BBO pairs exports, single boards, club programs)."""
    where = real_records.folder("pbn")
    if where is None:
        pytest.skip(real_records.how_to_get("pbn"))
    found = {name: vouched((where / name).read_bytes()) for name in real_records.listed("pbn")
             if (where / name).is_file()}
    taken = {name for name, sessions in found.items() if sessions and any(sessions)}
    assert len(taken) >= 8, sorted(taken)


def test_a_real_file_with_one_broken_board_keeps_its_other_sessions():
    """rubber-bridge.md §3: one card of a real BBO pairs export played twice; at most the
    session of that board leaves the batch path (the reference names the board), the others stay vouched."""
    data = real_records.path("pbn", "bbo-aba-17901-pairs.pbn").read_bytes()
    before = vouched(data)
    assert before is not None and sum(before) >= 10
    broken = edit(data, rb'(\[Play "[NESW]"\]\r?\n)([SHDC][2-9TJQKA]) ([SHDC][2-9TJQKA])',
                  lambda m: m[1] + m[2] + b" " + m[2])  # the file's line ends are CRLF
    assert broken is not None
    after = assert_sessions_agree(broken)
    assert sum(after) == sum(before) - 1
    errors = [d for r in settled_pbn_sessions(broken) if r.record is not None
              for d in evaluate(r.record, r.diagnostics).diagnostics if d.severity.name == "ERROR"]
    assert len({d.deal for d in errors}) >= 1 and all(d.deal is not None for d in errors)


_SECTION = rb'\[(Auction|Play) "[NESW]"\]\n(?:[^\[\n][^\n]*\n)*'  # a tag pair with its section's lines


def hand_records(text: bytes) -> bytes:
    """The boards of ``text`` as club dealing programs write them: the deal alone."""
    text = re.sub(rb'\[(?:Declarer|Contract|Result|Score) "[^"]*"\]\n', b"", text)
    return re.sub(_SECTION, b"", text)


def by_contract(text: bytes) -> bytes:
    """The boards of ``text`` recorded by [Contract] and [Declarer] without [Auction]."""
    return re.sub(rb'\[Auction "[NESW]"\]\n(?:[^\[\n][^\n]*\n)*', b"", text)


def cut_short(text: bytes, played: int, card_after: bool = False) -> bytes:
    """Each fully played board of ``text`` with its play stopped by a claim in its last trick
    after ``played`` cards of it (1–3), the others written ``-`` as PBN writes a card not played;
    ``card_after``: a card written after the first ``-`` in the order played."""
    deals = iter([deal for deal in settled_pbn_sessions(text)[0].record.deals if deal.play])  # type: ignore[union-attr]

    def claimed(m: re.Match[bytes]) -> bytes:
        deal = next(deals)
        assert deal.play is not None
        rows = m[2].split(b"\n")[:-1]
        if len(deal.play) < 52:  # type: ignore[arg-type]
            return m[0]  # a claim already
        assert len(rows) == 13
        turn = [card.name.encode() for card in deal.play[48:]]  # the last trick in the order played
        columns = rows[12].split()
        first = columns.index(turn[0])  # its leader's column
        cut = [b"-"] * 4
        for i in range(played):
            cut[(first + i) & 3] = turn[i]
        if card_after:
            cut[(first + 3) & 3] = turn[3]
        return m[1] + b"\n".join(rows[:12] + [b" ".join(cut)]) + b"\n*\n"

    return re.sub(rb'(\[Play "[NESW]"\]\n)((?:[^\[\n][^\n]*\n)*)', claimed, text)


def lowered(text: bytes) -> bytes:
    """``text`` with [Play]'s cards in lower case (the reader takes either case)."""
    return re.sub(rb'(\[Play "[NESW]"\]\n)((?:[^\[\n][^\n]*\n)*)', lambda m: m[1] + m[2].lower(), text)


def reader_errors(text: bytes) -> list[tuple[str, int | None]]:
    """The reference path's errors over every session of ``text``: code and board."""
    return [(d.code, d.deal) for report in reference(text) if report is not None
            for d in report.diagnostics if d.severity.name == "ERROR"]


def changed_board(before: bytes, after: bytes) -> int:
    """The number of the first board whose game ``after`` changes."""
    game = next(new for old, new in zip(before.split(b"\n\n"), after.split(b"\n\n")) if old != new)
    return int(re.search(rb'\[Board "([0-9]+)"\]', game)[1])  # type: ignore[index]


@pytest.mark.parametrize("shape", [hand_records, by_contract, lowered, lambda t: cut_short(t, 1),
                                   lambda t: cut_short(t, 2), lambda t: cut_short(t, 3),
                                   lambda t: by_contract(cut_short(t, 2)),
                                   lambda t: t.replace(b'[Contract "Pass"]\n[Result ""]', b'[Contract "Pass"]\n[Result "0"]'),
                                   lambda t: t.replace(b'[Declarer ""]\n[Contract "Pass"]', b'[Declarer "N"]\n[Contract "Pass"]'),
                                   lambda t: hand_records(t).replace(b'[Scoring "?"]', b'[Scoring "?"]\n[Declarer "?"]\n'
                                                                     b'[Contract "?"]\n[Result "?"]')])
def test_shapes_of_real_files_are_vouched_as_the_reference_reads_them(shape, runner, monkeypatch, tmp_path):
    """format.md §5.2 (hand records: the deal alone, its hands checked, nothing scored;
    duplicate-bridge.md §1), a board recorded by its contract and declarer alone, a claim
    inside a trick (rubber-bridge.md §3: the cards played so far checked, the result leaves
    room for them), cards in lower case, BBO's pass-out [Result "0"], a pass-out's [Declarer]
    (not read: no one declares), PBN's "?" (no value) in a hand record: the batch path vouches
    for each session as the reference path reads and scores it, and validate prints alike."""
    shaped = [changed for text in fixed_files(21, 4, 6, PBN) if (changed := shape(text)) != text]
    assert shaped
    for changed in shaped:
        assert vouched(changed) == [True]
        assert_sessions_agree(changed)
    path = tmp_path / "shape.pbn"
    path.write_bytes(changed)
    assert validate_both_ways(runner, monkeypatch, [str(path)]).exit_code == 0


def _passed_out_played(text: bytes) -> bytes:
    return text.replace(b'[Contract "Pass"]\n[Result ""]', b'[Contract "Pass"]\n[Result "0"]\n[Play "N"]\nSA - - -\n', 1)


@pytest.mark.parametrize(("shape", "broken", "code"), [
    # duplicate-bridge.md §1 / rubber-bridge.md §1: a hand record's hands are checked
    (hand_records, lambda t: edit(hand_records(t), *PBN_EDITS["a card dealt twice"][:2]), "duplicate_card"),
    # format.md §5.2: a result makes the board no hand record; it needs its auction
    (hand_records, lambda t: hand_records(t).replace(b'[Deal "N:', b'[Result "9"]\n[Deal "N:', 1), "auction_incomplete"),
    # a board by its contract needs its declarer
    (by_contract, lambda t: re.sub(rb'\[Declarer "[NESW]"\]\n(?=\[Contract "[1-7])', b"", by_contract(t), count=1),
     "bad_call"),
    # rubber-bridge.md §3: all 13 tricks played, the result is the play's, without an auction too
    (by_contract, lambda t: edit(by_contract(t), rb'\[Result "([0-9]+)"\]\n\[Play "[NESW]"\]\n(?:(?:[SHDC][2-9TJQKA] ){3}'
                                 rb'[SHDC][2-9TJQKA]\n){13}\[', PBN_EDITS["result one more"][1]), "result_mismatch"),
    # rubber-bridge.md §3: each plays in turn to a trick; no card after the play stopped
    (lambda t: cut_short(t, 1), lambda t: cut_short(t, 1, card_after=True), "bad_card"),
    # rubber-bridge.md §3: a card from the hand, in lower case too
    (lowered, lambda t: edit(lowered(t), rb"(\[Play \"[NESW]\"\]\n)([shdc][2-9tjqka]) ([shdc][2-9tjqka])",
                             lambda m: m[1] + m[2] + b" " + m[2]), "card_not_held"),
    # rubber-bridge.md §2: a passed-out board has no play
    (lambda t: t, _passed_out_played, "play_after_passout"),
])
def test_a_broken_board_of_these_shapes_is_left_to_the_reader(shape, broken, code):
    """One board of each shape the scan takes, broken: its session is left to the reader,
    which reports it at that board, under the rule broken."""
    checked = 0
    for text in fixed_files(21, 4, 6, PBN):
        before, after = shape(text), broken(text)
        if after is None or after == before:
            continue  # no board here has what the edit needs
        checked += 1
        assert vouched(before) == [True] and vouched(after) in ([False], None)
        assert (code, changed_board(before, after)) in reader_errors(after), reader_errors(after)
    assert checked


def test_validate_reads_only_the_sessions_left(runner, monkeypatch, tmp_path):
    """A pairs event with one broken board at its second table (rubber-bridge.md §3: a card
    from the hand): validate scans the file once and gives the reader the file's text with that
    session's games alone, every other line blank, so each diagnostic keeps its line; it prints
    and exits as the reference path reading the whole file does."""
    from vint_replay import cli

    texts = fixed_files(11, 3, 5, PBN)
    texts[1] = edit(texts[1], *PBN_EDITS["a card played twice"][:2]) or b""
    text = as_found(texts, lambda n: 0)
    path = tmp_path / "pairs.pbn"
    path.write_bytes(text)
    read: list[bytes] = []
    scanned: list[bytes] = []
    scan = pbn_batch.scan
    monkeypatch.setattr(pbn_batch, "pbn_sessions", lambda data, strict=False: read.append(data) or pbn_sessions(data, strict))
    monkeypatch.setattr(pbn_batch, "scan", lambda data: scanned.append(data) or scan(data))
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    assert validate_both_ways(runner, monkeypatch, [str(path)]).exit_code == 1
    assert scanned == [text]  # scanned once: the cut to the session left is the batch path's scan's
    [alone] = read
    lines, kept = text.split(b"\n"), alone.split(b"\n")
    assert len(kept) == len(lines)
    assert vouched(text) == [True, False, True]
    session = (pbn_batch.scan(text) or [])[1]
    theirs = {n for game in session.games for n in range(game.lines[0], game.lines[1] + 1)}
    assert all(kept[n - 1] == (lines[n - 1] if n in theirs else b"") for n in range(1, len(lines) + 1))
    assert any(lines[n - 1] for n in range(1, len(lines) + 1) if n not in theirs)


def _site_inherited(texts: list[bytes]) -> None:
    """Table 2 broken, its first game without [Site]: it takes table 1's last game's."""
    texts[0] = texts[0][::-1].replace(b'[Site "?"]'[::-1], b'[Site "x"]'[::-1], 1)[::-1]
    texts[1] = (edit(texts[1], *PBN_EDITS["a card played twice"][:2]) or b"").replace(b'[Site "?"]\n', b"", 1)


def _board_unread(texts: list[bytes]) -> None:
    """The other event's first game without a board number, after table 2's last board."""
    texts[2] = texts[2].replace(b'[Board "1"]', b'[Board "x"]', 1)


@pytest.mark.parametrize("change", [
    _site_inherited,  # pbn._inherit: a [Site] the game left takes from the game before it, of a session vouched for
    _board_unread,  # a game without a board, after a board of a session vouched for: the reader names it by that board
])
def test_the_sessions_left_are_read_whole_where_the_cut_would_read_them_otherwise(change, runner, monkeypatch, tmp_path):
    """Where a session left would read otherwise without the games vouched for (a tag it
    inherits from one of them, the board a game without one is named by), the reader reads
    the whole file; validate prints and exits as the reference path does."""
    from vint_replay import cli

    texts = fixed_files(11, 3, 5, PBN)
    change(texts)
    text = as_found(texts, lambda n: 0)
    found = vouched(text)
    sessions = pbn_batch.scan(text)
    assert found is not None and sessions is not None and True in found and False in found
    assert pbn_batch.cut(text, sessions, [k for k, ok in enumerate(found) if not ok]) is None
    path = tmp_path / "pairs.pbn"
    path.write_bytes(text)
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    validate_both_ways(runner, monkeypatch, [str(path)])


def test_a_latin1_file_leaves_its_first_session_to_the_reader(runner, monkeypatch, tmp_path):
    """A file with no UTF-8 letter and a byte that is not UTF-8 is read as Latin-1 (format.md
    §5.2), with a warning the reader gives the first session: that session is left to it, the
    others are vouched for; the first is read alone (the file's byte that is not UTF-8 in a
    later session, a % line keeps the cut text Latin-1); validate prints and exits as the
    reference path does."""
    from vint_replay import cli

    texts = fixed_files(11, 3, 5, PBN)
    texts[2] = texts[2].replace(b'[Site "?"]', b'[Site "Chorz\xf3w"]', 1)
    text = as_found(texts, lambda n: 0)
    assert assert_sessions_agree(text) == [False, True, True]
    [warning] = settled_pbn_sessions(text)[0].diagnostics
    assert "ISO 8859-1" in warning.message
    left = pbn_batch.read_left(text, pbn_batch.scan(text) or [], [None, ("table-2", 5), ("event-2", 5)])  # the first
    # read alone, as Latin-1
    assert left is not None and left[0] is not None and left[0][1].diagnostics == [warning]
    path = tmp_path / "latin1.pbn"
    path.write_bytes(text)
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    assert validate_both_ways(runner, monkeypatch, [str(path)]).exit_code == 0
    odd = text.replace(b'[Site "Chorz\xf3w"]', b'[Site "Chorz\xf3w"]\n[ScoreIMP "NS \xb0"]', 1)  # no figure: a warning
    assert assert_sessions_agree(odd) == [False, True, False]


@FAST
@given(st.data())
def test_a_session_read_alone_is_read_as_in_the_whole_file(data):
    """Whatever sessions of a file as found are left (some with a broken board), each read alone
    from the cut text has the whole file's deals and the same problems at the same lines and
    columns, read and checked, with the whole file's session id; or the cut is refused."""
    from random import Random

    rng = Random(data.draw(st.integers(0, 2 ** 32)))
    texts = [endplay_text(random_session(rng.randrange, data.draw(st.integers(1, 4)), rules="duplicate-bridge"),
                          rng.randrange) for _ in range(data.draw(st.integers(2, 4)))]
    for k in data.draw(st.lists(st.integers(0, len(texts) - 1), max_size=2)):
        texts[k] = edit(texts[k], *PBN_EDITS[data.draw(st.sampled_from(sorted(PBN_EDITS)))][:2]) or texts[k]
    text = as_found(texts, lambda n: data.draw(st.integers(0, n - 1)))
    whole = pbn_sessions(text)  # as read_left reads, unsettled
    left = data.draw(st.lists(st.booleans(), min_size=len(whole), max_size=len(whole)))
    if all(left):
        return
    vouched_for = [None if gone or r.record is None else (r.record.info.id, len(r.record.deals))
                   for gone, r in zip(left, whole)]
    found = pbn_batch.read_left(text, pbn_batch.scan(text) or [], vouched_for)
    if found is None:
        return  # read whole: nothing to compare
    for alone, result in zip(found, whole):
        if alone is None:
            continue
        ident, read = alone
        assert read.record is not None and result.record is not None
        assert ident == result.record.info.id and read.record.deals == result.record.deals
        problems = [(d.code, d.message, d.deal, d.line, d.column) for d in read.diagnostics]
        assert problems == [(d.code, d.message, d.deal, d.line, d.column) for d in result.diagnostics]
        checked = evaluate(read.record, read.diagnostics).diagnostics
        assert [str(d) for d in checked] == [str(d) for d in evaluate(result.record, result.diagnostics).diagnostics]


@FAST
@given(st.data())
def test_ap_for_the_closing_passes_is_settled_by_the_profiles_rule_here_as_there(data):
    """rubber-bridge.md §2 (three passes after a bid, four without one, close the auction):
    every auction's closing passes written ``AP`` — the batch path settles it by the profile's
    rule as the engine does (bridge_columnar._all_passed, engine/settle.py), so the file is taken
    with the reference's scores; an ``AP`` after passes that already closed it is refused, as
    the reference refuses it (call_after_close)."""
    text = generated(data)
    short = re.sub(rb"((?:Pass\s+){1,3})(?=\[|\Z)", lambda m: b"AP\n", text.replace(b"\r", b""))
    if short == text:
        return
    assert assert_batch_is_safe(short) is None  # taken, each board as the reference scores it
    closed = re.sub(rb"((?:Pass\s+){3})(?=\[|\Z)", lambda m: m[1] + b"AP\n", text, count=1)
    if closed != text:
        assert assert_batch_is_safe(closed) is not None  # refused, for the reference's reason
