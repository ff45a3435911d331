"""PBN out (formats/pbn_write.py, docs/format.md §5.3): every sample of every profile written as
PBN reads back as the same record, endplay reads what we write, and deals endplay deals and
writes read back here."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from endplay.dealer import generate_deals
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Card as EndplayCard, Contract as EndplayContract, Player, Vul

from vint_replay.cli import main
from vint_replay.engine.cards import CARDS, Hand
from vint_replay.games.registry import get_profile
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file, write_text
from vint_replay.formats.pbn_write import write_pbn
from vint_replay.reports.audit import audit
from settled import settled, settled_pbn, settled_pbn_sessions

ROOT = Path(__file__).parent.parent
SAMPLES = sorted([*ROOT.glob("sample_data/*.json"), *ROOT.glob("sample_data/*.vint"), *ROOT.glob("tests/data/*.json")])
JUNIOR = ROOT / "tests" / "data" / "pbn" / "junior-teams-1998.pbn"


def test_the_samples_cover_every_profile():
    rules = {read_file(p).record.info.rules for p in SAMPLES} | {"duplicate-bridge"}  # + the junior teams file
    assert rules == {"volchaninov", "classic", "rubber-bridge", "duplicate-bridge"}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_round_trips_through_pbn(path):
    original = settled(read_file(path)).record
    text = write_text(original, "pbn")
    back = settled_pbn(text.encode())
    assert not back.diagnostics
    assert back.record == original
    theirs = endplay_pbn.load(io.StringIO(text))  # endplay reads what we write
    assert [b.board_num for b in theirs] == [d.number for d in original.deals]


@pytest.mark.parametrize("session", [1, 2])
def test_a_real_duplicate_file_round_trips_and_still_audits(session):
    record = settled_pbn(JUNIOR.read_bytes(), session=session).record
    again = settled_pbn(write_pbn(record).encode())
    assert again.record == record
    report = evaluate(again.record)
    assert report.valid and audit(report.record, report.score).clean


def test_the_optimum_result_table_is_written_in_pbn_order_and_endplay_reads_it():
    record = read_file(ROOT / "tests" / "data" / "worked_example.json").record
    table = tuple(tuple(10 * seat + d for d in range(5)) for seat in range(4))  # N E S W × NT S H D C
    text = write_pbn(record, {1: table})
    rows = endplay_pbn.load(io.StringIO(text))[0].info["OptimumResultTable"]["rows"]
    assert rows[:2] == [["N", "NT", "0"], ["N", "S", "1"]] and rows[5] == ["S", "NT", "20"] and rows[10][:2] == ["E", "NT"]
    # read back, the table is the board's own tag now, kept as written (format.md §5.2)
    back = settled_pbn(text.encode()).record
    assert len(rows) == 20 and back is not None and back.deals[0].pbn_tags[0].name == "OptimumResultTable"
    assert back.deals[0].pbn_tags[0].section[:2] == ("N NT  0", "N  S  1")
    assert replace(back, deals=(replace(back.deals[0], pbn_tags=()), *back.deals[1:])) == record


def test_rubber_bridge_vulnerability_follows_the_games_won():
    """docs/rules/rubber-bridge.md §7: N–S win the first game in deal 3, E–W theirs in deal 4."""
    text = write_pbn(read_file(ROOT / "tests" / "data" / "rubber_bridge.json").record)
    games = [endplay_pbn.load(io.StringIO(text))[i].vul.name for i in range(7)]
    assert games == ["none", "none", "none", "ns", "both", "both", "both"]


def _lowest_legal_play(hands: tuple[int, ...], trump, leader: int) -> list[int]:
    """A legal play of all 52 cards: each player plays the lowest card the rules allow."""
    profile = get_profile("duplicate-bridge")
    held = list(hands)
    cards: list[int] = []
    for _ in range(13):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) & 3
            led = None if not trick else CARDS[trick[0]].suit
            legal = profile.legal_cards(held[seat], led)
            card = (legal & -legal).bit_length() - 1
            held[seat] &= ~(1 << card)
            trick.append(card)
        cards += trick
        leader = (leader + profile.trick_winner(trick, trump)) & 3
    return cards


def _declarer_tricks(play: list[int], trump, leader: int, declarer: int) -> int:
    profile = get_profile("duplicate-bridge")
    won = 0
    for k in range(0, 52, 4):
        leader = (leader + profile.trick_winner(play[k:k + 4], trump)) & 3
        won += leader & 1 == declarer & 1
    return won


def test_deals_dealt_and_written_by_endplay_read_back_with_their_play():
    boards = []
    for number, deal in enumerate(generate_deals(produce=12, seed=13), 1):
        hands = tuple(Hand.parse(part).mask for part in deal.to_pbn()[2:].split())  # N E S W
        play = _lowest_legal_play(hands, None, 1)  # 3NT by N: East leads
        contract = EndplayContract("3NTN")
        contract.result = _declarer_tricks(play, None, 1, 0) - 9
        boards.append(Board(deal, play=[EndplayCard(CARDS[c].name) for c in play], board_num=number,
                            vul=Vul.none, dealer=Player.find("NESW"[(number - 1) % 4]),
                            contract=contract))
    out = io.StringIO()
    endplay_pbn.dump(boards, out)
    [result] = settled_pbn_sessions(out.getvalue().encode())
    record = result.record
    assert [d.number for d in record.deals] == list(range(1, 13))
    for deal, board in zip(record.deals, boards):
        assert [CARDS[c].name for c in deal.play] == [f"{'SHDC'[c.suit.value]}{'23456789TJQKA'[c.rank.value.bit_length() - 3]}"
                                                      for c in board.play]
    report = evaluate(record, result.diagnostics)
    assert report.valid, [d.describe() for d in report.diagnostics][:5]
    assert [d.result for d in record.deals] == [b.contract.result + 9 for b in boards]
    assert record.info.event is None and record.info.site is None  # PBN's "?": unknown


def test_cli_converts_to_pbn_and_back(tmp_path):
    runner = CliRunner()
    source = ROOT / "tests" / "data" / "classic_rubber.json"
    target = tmp_path / "classic.pbn"
    assert runner.invoke(main, ["convert", str(source), str(target)]).exit_code == 0
    assert '[VintRules "classic"]' in target.read_text()
    back = tmp_path / "back.json"
    assert runner.invoke(main, ["convert", str(target), str(back)]).exit_code == 0
    assert back.read_text() == write_text(read_file(source).record, "json")
