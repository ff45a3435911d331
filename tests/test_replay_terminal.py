"""``vint-replay replay``: the table diagram, the auction, the play trick by trick. Expected
content is worked out here from the record and rules/volchaninov.md, not taken from the program's output."""
from __future__ import annotations

import dataclasses
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from strategies import random_play
from oracle import trick_winner
from vint_replay.engine.calls import PASS, Call
from vint_replay.cli import main
from vint_replay.formats.json_record import read_json
from vint_replay.formats.vint_text import write_vint
from vint_replay.engine.record import DealRecord, SessionRecord
from vint_replay.engine.session import evaluate
from vint_replay.reports.terminal import DealView

WORKED = Path(__file__).parent / "data" / "worked_example.json"
SEATS = "NESW"
NAMES = {"N": "North · Иванов", "E": "East · Петров", "S": "South · Сидоров", "W": "West · Орлов"}


def worked() -> SessionRecord:
    return read_json(WORKED.read_bytes()).record


def save(record: SessionRecord, tmp_path: Path, name: str = "s.vint") -> str:
    path = tmp_path / name
    path.write_text(write_vint(record), encoding="utf-8")
    return str(path)


def replay(*args: str) -> tuple[int, str, str]:
    out = CliRunner().invoke(main, ["replay", *args])
    return out.exit_code, out.stdout, out.stderr


def pretty(card: str) -> str:
    return "♠♥♦♣"["SHDC".index(card[0])] + ("10" if card[1] == "T" else card[1])


def tricks_of(play: list[str], leader: str, trump: str | None) -> list[tuple[str, list[str], str]]:
    """(leader, cards, winner) of every trick."""
    out = []
    for k in range(0, len(play), 4):
        cards = play[k:k + 4]
        win = SEATS[(SEATS.index(leader) + trick_winner(cards, trump)) % 4]
        out.append((leader, cards, win))
        leader = win
    return out


def suit_lines(pbn_hand: str) -> list[str]:
    return [f"{s} " + (" ".join("10" if r == "T" else r for r in part) or "—")
            for s, part in zip("♠♥♦♣", pbn_hand.split("."))]


def test_worked_example_replay(tmp_path: Path) -> None:
    code, out, _ = replay(save(worked(), tmp_path), "--deal", "1")
    assert code == 0
    lines = out.splitlines()
    raw = read_json(WORKED.read_bytes()).record
    # the diagram: every dealt hand, suit by suit, with the player's name above it
    for seat, hand in zip(SEATS, raw.deals[0].hands):
        for text in suit_lines(hand.pbn()):
            assert any(text in line for line in lines), (seat, text)
    north = [line.strip() for line in lines].index("North · Иванов")
    assert lines[north + 1].strip() == "♠ 6 5 2" and lines[north + 2].strip() == "♥ Q 10 9 8 3 2"
    west_east = lines[north + 5]
    assert west_east.startswith("West · Орлов") and west_east.rstrip().endswith("East · Петров")
    assert lines[north + 6].split() == ["♠", "Q", "10", "7", "3", "♠", "K", "J", "9", "8"]
    # the auction in columns from the dealer (N)
    auction = lines.index("Auction")
    assert lines[auction + 1].split() == ["N", "E", "S", "W"]
    assert lines[auction + 2].split() == ["1♣", "1♦", "pass", "pass"]
    assert lines[auction + 3].split() == ["3♣", "all", "pass"]
    # every trick: leader, cards in order, winner, running counts, running score (V = 26)
    play = [c.name for c in raw.deals[0].play]
    won = {"NS": 0, "EW": 0}
    trick_lines = [line for line in lines if " leads " in line]
    assert len(trick_lines) == 13
    for k, (leader, cards, win) in enumerate(tricks_of(play, "E", "C"), 1):
        won["NS" if win in "NS" else "EW"] += 1
        line = trick_lines[k - 1]
        seats = [SEATS[(SEATS.index(leader) + i) % 4] for i in range(4)]
        expected = [f"{k}.", leader, "leads", *[x for s, c in zip(seats, cards) for x in (s, pretty(c))],
                    "→", win, "wins", "tricks", "N–S", f"{won['NS']},", "E–W", str(won["EW"]),
                    "below", "N–S", f"{26 * won['NS']},", "E–W", str(26 * won["EW"])]
        assert line.split() == expected
    assert "★" not in out  # rules/volchaninov.md §6: nobody reaches game
    # the end: rules/volchaninov.md §6 figures
    assert "Tricks N–S 8, E–W 5: 3♣ 1 down" in out
    assert "N–S: 208 below, 1560 above the line" in out
    assert "E–W: 130 below, 1500 above the line" in out


def test_position_after_a_trick(tmp_path: Path) -> None:
    record = worked()
    path = save(record, tmp_path)
    play = [c.name for c in record.deals[0].play]
    hands = {s: set() for s in SEATS}
    for seat, hand in zip(SEATS, record.deals[0].hands):
        hands[seat] = {c.name for c in hand}
    tricks = tricks_of(play, "E", "C")
    for leader, cards, _ in tricks[:5]:
        for i, card in enumerate(cards):
            hands[SEATS[(SEATS.index(leader) + i) % 4]].discard(card)
    code, out, _ = replay(path, "--deal", "1", "--trick", "5")
    assert code == 0
    lines = out.splitlines()
    north = [line.strip() for line in lines].index("North · Иванов")
    left = {s: ".".join("".join(r for r in "AKQJT98765432" if s_ + r in hands[s]) for s_ in "SHDC")
            for s in SEATS}
    assert [line.strip() for line in lines[north + 1:north + 5]] == suit_lines(left["N"])
    assert "After trick 5: tricks N–S 3, E–W 2; below the line N–S 78, E–W 52" in out
    assert len([line for line in lines if " leads " in line]) == 5
    assert out.rstrip().endswith(f"{NAMES[tricks[4][2]]} to lead")
    code, out, _ = replay(path, "--deal", "1", "--trick", "0")
    assert "East · Петров to lead" in out and " leads " not in out
    assert replay(path, "--deal", "1", "--trick", "14")[0] == 2


def test_game_reached_in_the_middle_of_the_play(tmp_path: Path) -> None:
    base = worked()
    deal = base.deals[0]
    auction = (Call.parse("7NT"),) + (PASS,) * 12
    play = random_play(random.Random(7).randrange, deal.hands, auction, deal.dealer)
    record = dataclasses.replace(base, deals=(dataclasses.replace(deal, auction=auction, play=play, recorded=None),))
    names = [c.name for c in play]
    # 7NT by N, E leads; V = 12 + 60 = 72, so 7 tricks (504) reach 500 and 6 (432) do not
    counts = {"NS": 0, "EW": 0}
    game_at = side = None
    for k, (_, _, win) in enumerate(tricks_of(names, "E", None), 1):
        s = "NS" if win in "NS" else "EW"
        counts[s] += 1
        if counts[s] == 7 and game_at is None:
            game_at, side = k, s
    code, out, _ = replay(save(record, tmp_path), "--deal", "1")
    assert code == 0
    lines = out.splitlines()
    star = [i for i, line in enumerate(lines) if "★" in line]
    assert len(star) == 1
    assert lines[star[0] - 1].split()[0] == f"{game_at}."
    label = {"NS": "N–S", "EW": "E–W"}[side]
    assert f"★ {label} reach 500 below the line at trick {game_at}: the game" in lines[star[0]]


def test_result_only_and_passed_out_deals(tmp_path: Path) -> None:
    base = worked()
    first = dataclasses.replace(base.deals[0], play=None, result=8)
    passed = DealRecord(2, base.deals[0].dealer.left, (PASS,) * 8, base.deals[0].hands)
    path = save(dataclasses.replace(base, deals=(first, passed)), tmp_path)
    code, out, _ = replay(path, "--deal", "1")
    assert code == 0
    assert " leads " not in out
    assert "No card play recorded: N–S took 8 tricks" in out
    assert "Below the line after the deal: N–S 208, E–W 130" in out
    assert "Tricks N–S 8, E–W 5: 3♣ 1 down" in out
    assert replay(path, "--deal", "1", "--trick", "0")[0] == 2  # no card play to show
    code, out, _ = replay(path, "--deal", "2")
    assert code == 0
    assert "Passed out" in out and " leads " not in out and "Contract" not in out
    auction = out.splitlines().index("Auction")
    assert out.splitlines()[auction + 1].split() == ["E", "S", "W", "N"]
    assert replay(path, "--deal", "3")[0] == 2


def test_a_broken_deal_shows_what_is_legal(tmp_path: Path) -> None:
    base = worked()
    play = list(base.deals[0].play)
    play[6], play[33] = play[33], play[6]  # W discards ♣2 in trick 2 while holding spades: a revoke
    record = dataclasses.replace(base, deals=(dataclasses.replace(base.deals[0], play=tuple(play)),))
    code, out, err = replay(save(record, tmp_path), "--deal", "1")
    assert code == 1
    assert "revoke" in err and ":18:" in err  # line 18 of the written file holds trick 2
    assert len([line for line in out.splitlines() if " leads " in line]) == 1


def test_step_does_not_wait_without_a_terminal(tmp_path: Path) -> None:
    path = save(worked(), tmp_path)
    code, out, _ = replay(path, "--deal", "1", "--step")
    assert code == 0 and len([line for line in out.splitlines() if " leads " in line]) == 13
    exe = shutil.which("vint-replay")
    if exe is None:
        pytest.skip("vint-replay is not installed as a command")
    done = subprocess.run([exe, "replay", path, "--deal", "1", "--step"], stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stdout.count(" leads ".encode()) == 13


def test_colours_only_when_asked() -> None:
    report = evaluate(worked())
    plain = DealView.of(report, 0).full()
    coloured = DealView.of(report, 0, color=True).full()
    assert "\x1b[" not in plain
    assert "\x1b[31m♥" in coloured and "\x1b[31m♠" not in coloured
    assert "\x1b[" not in replay(str(WORKED), "--deal", "1")[1]  # not a terminal: no colours
