"""``import --skip-broken-deals`` (issue 24, docs/store.md "Partial imports"): a file with broken
boards is rejected as before unless the user asks; with the flag each session is stored without
its deals with errors, each listed with its diagnostics, and the stored part never passes for
the full file (it is checked again, and the fixed file is a different content)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from vint_replay.cli import main
from vint_replay.store import Store

GAME = """[Event "Club"]
[Date "2026.11.03"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 {west}"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
"""
GOOD_WEST = "KQ75.6.QJ9865.42"
BROKEN_WEST = "KQ75.6.QJ9865.4T"  # the ten of clubs is North's too: duplicate_card


def _pbn(path: Path, broken: bool) -> str:
    path.write_text("\n".join(GAME.format(board=n, west=BROKEN_WEST if broken and n == 2 else GOOD_WEST)
                              for n in (1, 2, 3)), encoding="utf-8")
    return str(path)


def _import(store: Path, *args: str):
    return CliRunner().invoke(main, ["import", *args, "--store", str(store)])


def _stored_deals(store: Path) -> list[int]:
    return sorted(Store(store).read("deals", columns=["deal"]).column("deal").to_pylist())


def test_without_the_flag_a_file_with_a_broken_board_is_rejected_and_the_store_left_as_it_was(tmp_path):
    result = _import(tmp_path / "store", _pbn(tmp_path / "club.pbn", broken=True))
    assert result.exit_code == 1 and "1 rejected" in result.output and "duplicate_card" in result.output
    assert _stored_deals(tmp_path / "store") == []


def test_the_flag_stores_the_fine_deals_and_lists_each_dropped_one_with_its_diagnostics(tmp_path):
    path = _pbn(tmp_path / "club.pbn", broken=True)
    result = _import(tmp_path / "store", path, "--skip-broken-deals")
    assert "1 imported" in result.output and "2 deals written" in result.output
    assert "1 broken deal left out of 1 session" in result.output
    assert f"{path}:11:1: deal 2, hands.W: duplicate_card" in result.output  # located, as a rejection's
    assert "deal 2 left out of session club-2026-11-03" in result.output
    assert result.exit_code == 1  # the file still holds errors
    assert _stored_deals(tmp_path / "store") == [1, 3]


def test_the_stored_part_never_passes_for_the_full_file(tmp_path):
    store, path = tmp_path / "store", _pbn(tmp_path / "club.pbn", broken=True)
    _import(store, path, "--skip-broken-deals")
    again = _import(store, path)  # the same bytes without the flag: checked again, not "unchanged"
    assert "1 rejected" in again.output and "0 unchanged" in again.output
    assert "1 unchanged" in _import(store, path, "--skip-broken-deals").output  # the same part: unchanged
    fixed = _pbn(tmp_path / "club.pbn", broken=False)
    refused = _import(store, fixed)  # the fixed file: the same session with other content
    assert "1 rejected" in refused.output and _stored_deals(store) == [1, 3]
    assert "1 replaced" in _import(store, fixed, "--replace").output and _stored_deals(store) == [1, 2, 3]


def test_a_file_whose_every_deal_is_broken_is_still_rejected(tmp_path):
    path = tmp_path / "one.pbn"
    path.write_text(GAME.format(board=1, west=BROKEN_WEST), encoding="utf-8")
    result = _import(tmp_path / "store", str(path), "--skip-broken-deals")
    assert "1 rejected" in result.output and "duplicate_card" in result.output
    assert _stored_deals(tmp_path / "store") == []


def test_each_rejected_session_of_a_file_is_named(tmp_path):
    """A PBN file of two rooms, each broken (format.md §5.2: a session per room): import rejects
    both, and each "rejected" line names its session, not the file twice over."""
    from test_duplicate_comparison import game

    path = tmp_path / "two.pbn"
    path.write_text(game("Open", 14) + game("Closed", 14))  # 14 tricks: no result (format.md §5.2)
    result = CliRunner().invoke(main, ["import", "--store", str(tmp_path / "store"), str(path)])
    assert result.exit_code == 1
    rejected = [line for line in result.stderr.splitlines() if line.endswith(": rejected")]
    assert rejected == [f"{path} (session match-2024-05-01-open): rejected",
                        f"{path} (session match-2024-05-01-closed): rejected"]


def test_a_rejected_sessions_errors_are_listed_in_file_order(tmp_path):
    """docs/store.md: a rejection lists its diagnostics located "as validate lists them": each
    deal's problems in the order they stand in the file (the first listed is the first to fix).
    The WC 2012 vugraph board (docs/real-records.md) has a contract_mismatch at its [Contract]
    (line 18) and a hands_mismatch in its play (line 27); import listed the play's first."""
    import real_records

    path = real_records.path("pbn", "vugraph-wc-2012-board-1.pbn")
    result = CliRunner().invoke(main, ["import", "--store", str(tmp_path / "store"), str(path)])
    validated = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == validated.exit_code == 1
    located = [line for line in result.stderr.splitlines() if line.startswith(f"{path}:") and ": deal 1" in line]
    assert [line.split(":")[1] for line in located] == ["18", "27"]
    listed = [line for line in validated.stderr.splitlines() if ": deal 1" in line]
    assert [line.split(":")[1:3] for line in located] == [line.split(":")[1:3] for line in listed]
