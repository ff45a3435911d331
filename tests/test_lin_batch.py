"""The LIN batch path on LIN as real files write it (formats/lin_batch.py, store/bridge_columnar.py;
issue 24 item 4): vugraph rooms, alerts, notes, CRLF, upper-case tags. Every room it takes is one
the reference path (lin_sessions + evaluate) finds valid and silent, with the same id and the
same score board by board (duplicate-bridge.md §3); a room it leaves goes to the reference whole,
the file's other rooms staying vouched for."""
from __future__ import annotations

import pytest

from batch_agreement import validate_both_ways
import lin_samples
import real_records
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.session import evaluate
from vint_replay.formats import lin_batch
from vint_replay.formats.lin import lin_sessions
from vint_replay.games.bridge.duplicate import board_score
from vint_replay.store import validity
from vint_replay.store.bridge_columnar import check_lin_rooms


def taken_rooms(data: bytes) -> int:
    """How many rooms the batch path takes, after asserting each agrees with the reference path."""
    [rooms] = check_lin_rooms([data])
    assert rooms is not None, "the file is not scanned"
    sessions = lin_sessions(data)
    assert [ident for ident, _ in rooms] == [r.record.info.id if len(sessions) > 1 else ident
                                             for r, (ident, _) in zip(sessions, rooms) if r.record is not None]
    assert len(rooms) == len(sessions)
    taken = 0
    for (_, checked), read in zip(rooms, sessions):
        if checked is None:
            continue
        assert read.record is not None
        report = evaluate(read.record, read.diagnostics)
        assert report.valid and not report.diagnostics, [str(d) for d in report.diagnostics]
        assert report.score is not None
        assert list(zip(checked.number.tolist(), checked.score.tolist())) == [
            (d.number, board_score(d.entries)) for d in report.score.deals]
        taken += 1
    return taken


def with_crlf_alerts_and_upper_case(text: str) -> bytes:
    """The generated vugraph file as BBO's own files also write it."""
    return (text.replace("mb|p|", "mb|p!|an|natural|", 1).replace("sv|", "SV|", 1)
            .replace("pn|", "nt|kibitzer's note|pn|", 1).replace("\n", "\r\n").encode())


@pytest.mark.parametrize("seed", range(4))
def test_generated_vugraph_rooms_agree_with_the_reference(seed):
    """Both rooms of a generated two-room match (qx|o1|, qx|c1|, pg anywhere, rs, vg) are taken,
    with the reference's ids and scores (duplicate-bridge.md §3), also with CRLF, alerts, notes and
    an upper-case tag."""
    text, _ = lin_samples.vugraph(boards=6, seed=seed)
    assert taken_rooms(text.encode()) == taken_rooms(with_crlf_alerts_and_upper_case(text)) == 2


@pytest.mark.parametrize("seed", range(4))
def test_generated_single_hands_agree_with_the_reference(seed):
    text, _ = lin_samples.single_hands(boards=8, seed=seed)
    assert taken_rooms(text.encode()) == 1


def test_a_board_announced_then_played_is_the_played_one():
    """A vugraph room giving a board's deal alone, then again as played, is the played board
    (lin.py _given_again: the later copy replaces an earlier one it starts with)."""
    text, _ = lin_samples.vugraph(boards=3, seed=5)
    first = text.index("qx|o1|")
    deal = text[first:text.index("pg||", first) + 4]
    announced = text[:first] + deal.split("sv|")[0] + "sv|o|pg||\n" + text[first:]
    assert announced != text
    assert taken_rooms(announced.encode()) == taken_rooms(text.encode()) == 2


def test_one_corrupted_board_leaves_the_other_room_vouched_for(runner, monkeypatch, tmp_path):
    """A card played twice (the opening lead again at trick 13) in one board of the open room: that room is left to the reference,
    which diagnoses that board, and the closed room is still taken (and validate prints and exits
    exactly as without the batch path)."""
    from vint_replay import cli

    text, _ = lin_samples.vugraph(boards=4, seed=3)
    start = text.index("qx|o1|")  # board 1 is played to the end in both rooms
    end = text.index("qx|c1|")
    board = text[start:end]
    cards = [part for part in board.split("|")[1::2] if len(part) == 2 and part[0] in "SHDC"]
    broken = text[:start] + board.replace(f"pc|{cards[-1]}|", f"pc|{cards[0]}|", 1) + text[end:]
    assert broken != text
    [scanned] = check_lin_rooms([broken.encode()])
    assert scanned is not None and [checked is None for _, checked in scanned] in ([True, False], [False, True])
    open_room = next(r for r in lin_sessions(broken.encode()) if r.record is not None and r.record.info.id.endswith("open"))
    report = evaluate(open_room.record, open_room.diagnostics)
    assert {d.deal for d in report.diagnostics if d.severity is Severity.ERROR} == {1}
    path = tmp_path / "match.lin"
    path.write_bytes(broken.encode())
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    [rooms] = validity.valid_by_batch([str(path)]).values()  # the fine room vouched for, the broken one left
    assert [room is None for room in rooms] == [checked is None for _, checked in scanned]
    assert validate_both_ways(runner, monkeypatch, [str(path)]).exit_code == 1


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_validate_prints_every_room_as_the_reference_does(runner, monkeypatch, tmp_path, extra):
    """A two-room file the batch path vouches for is printed a session a line, with the
    reference's session ids, and exits 0, as without the batch path."""
    from vint_replay import cli

    text, _ = lin_samples.vugraph(boards=4, seed=1)
    path = tmp_path / "match.lin"
    path.write_bytes(with_crlf_alerts_and_upper_case(text))
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    proven = validity.valid_by_batch([str(path)])
    assert len(proven[0]) == 2 and all(proven[0])  # both rooms, each with its id and deals
    assert validate_both_ways(runner, monkeypatch, [str(path), *extra]).exit_code == 0


@pytest.mark.parametrize("name", [n for n in real_records.listed("lin")])
def test_real_files_agree_with_the_reference(name):
    """Every room of a real file the batch path takes agrees with the reference path."""
    data = real_records.path("lin", name).read_bytes()
    if lin_batch.scan(data) is not None:
        taken_rooms(data)


def _cut(text: str, cards: int, claim: int) -> str:
    """The generated file with the open room's board 1 (played to the end) stopped after
    ``cards`` cards by a claim of ``claim`` tricks."""
    start, end = text.index("qx|o1|"), text.index("qx|c1|")
    head, _, tail = text[start:end].partition("pc|")
    played = ("pc|" + tail).split("pc|")[1:]
    kept = "".join("pc|" + card for card in played[:cards]).replace("pg||\n", "")
    return text[:start] + head + kept + f"mc|{claim}|pg||\n" + text[end:]


def test_a_claim_in_the_middle_of_a_trick_is_taken_when_its_cards_are_legal():
    """Vugraph operators often stop the play at a claim inside a trick: the cards of that trick
    are checked as far as they go (rubber-bridge.md §4, replay._replay_play) and the claim's
    result is scored, as the reference path does."""
    text, _ = lin_samples.vugraph(boards=4, seed=3)
    for claim in range(14):  # the first claim the batch path takes; taken_rooms holds it to the reference
        cut = _cut(text, 49, claim).encode()
        rooms = check_lin_rooms([cut])[0]
        assert rooms is not None
        if rooms[0][1] is not None:
            break
    else:
        pytest.fail("no claim after 49 cards was taken")
    assert taken_rooms(cut) == 2


def test_a_card_played_again_inside_a_cut_trick_leaves_the_room_to_the_reference():
    """A card of an earlier trick played again in the trick a claim cuts short: the room is not
    taken, and the reference path names that board (rubber-bridge.md §4: a card is played once)."""
    text, _ = lin_samples.vugraph(boards=4, seed=3)
    start = text.index("qx|o1|")
    first_card = text[text.index("pc|", start):text.index("pc|", start) + 6]
    for claim in range(14):
        broken = _cut(text, 49, claim).replace("mc|", first_card + "mc|", 1)
        rooms = check_lin_rooms([broken.encode()])[0]
        assert rooms is not None and rooms[0][1] is None and rooms[1][1] is not None
    opened = next(r for r in lin_sessions(broken.encode()) if r.record is not None and r.record.info.id.endswith("open"))
    report = evaluate(opened.record, opened.diagnostics)
    assert 1 in {d.deal for d in report.diagnostics if d.severity is Severity.ERROR}


@pytest.mark.parametrize("name", [n for n in real_records.listed("lin")])
def test_validate_on_a_real_file_prints_what_the_reference_path_prints(runner, monkeypatch, name):
    """validate's text and exit status on each real file are the same with the batch path as
    without it, whether the batch path vouches for every room, some or none."""
    from vint_replay import cli

    path = str(real_records.path("lin", name))
    monkeypatch.setattr(cli, "BATCH_VALIDATE_BYTES", 0)
    validate_both_ways(runner, monkeypatch, [path])
