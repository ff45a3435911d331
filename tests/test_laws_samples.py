"""The sample evenings under the laws (sample_data/laws/): they read in both formats as one
record, the script regenerates them byte for byte, they hold every irregularity the README
promises, and apart from those irregularities they are legal deals."""
from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest

from vint_replay.engine.auction import Auction
from vint_replay.engine.calls import BIDS, Call
from vint_replay.games.registry import get_profile
from vint_replay.engine.record import DealRecord, IrregularityKind
from vint_replay.engine.replay import replay_deal
from vint_replay.engine.seats import SEATS
from vint_replay.formats import read_file, write_text
from settled import settled

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "sample_data" / "laws"
JSON_FILES = sorted(FOLDER.glob("*.json"))


def _record(path: Path):
    result = settled(read_file(path))
    assert result.record is not None and not result.diagnostics, result.diagnostics
    return result.record


@pytest.fixture(scope="module")
def records():
    return {path.stem: _record(path) for path in JSON_FILES}


def test_there_is_a_classic_and_a_volchaninov_evening(records):
    assert sorted(r.info.rules for r in records.values()) == ["classic", "volchaninov"]
    assert all(r.info.laws == "001" for r in records.values())


@pytest.mark.parametrize("path", JSON_FILES, ids=lambda p: p.stem)
def test_both_formats_hold_one_record_written_canonically(path):
    record = _record(path)
    text = path.with_suffix(".vint")
    assert _record(text) == record
    assert write_text(record, "json") == path.read_text(encoding="utf-8")
    assert write_text(record, "vint") == text.read_text(encoding="utf-8")


def test_the_script_writes_the_same_files(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_laws_samples", ROOT / "scripts" / "make_laws_samples.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["make_laws_samples"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    monkeypatch.setattr(module, "OUT", tmp_path)
    module.main()
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(p.name for p in FOLDER.iterdir())
    for name in written:
        assert (tmp_path / name).read_bytes() == (FOLDER / name).read_bytes(), name


def _standing_before(deal: DealRecord, index: int) -> Call | None:
    """The highest bid before call ``index`` (calls out of turn left out: they are void)."""
    spoken = {c.index for c in deal.out_of_turn}
    bids = [c for i, c in enumerate(deal.auction[:index]) if i not in spoken and not c.is_pass]
    return bids[-1] if bids else None


def _corrected(deal: DealRecord, profile) -> tuple[Call, ...]:
    """The auction as the laws read it: calls out of turn left out (laws.md §4.5), an
    insufficient bid read as the lowest sufficient bid of its denomination (§4.4)."""
    spoken = {c.index for c in deal.out_of_turn}
    out: list[Call] = []
    for i, call in enumerate(deal.auction):
        if i in spoken:
            continue
        standing = next((c for c in reversed(out) if not c.is_pass), None)
        if not call.is_pass and standing is not None and profile.bid_ranks[call.code] <= profile.bid_ranks[standing.code]:
            call = next(b for b in sorted(BIDS, key=lambda b: profile.bid_ranks[b.code])
                        if b.denomination == call.denomination and profile.bid_ranks[b.code] > profile.bid_ranks[standing.code])
        out.append(call)
    return tuple(out)


def _revokes(deal: DealRecord, profile, contract) -> set[tuple[str, int, str]]:
    """Every (seat, trick, card) where a player did not follow suit although he could."""
    held = [h.mask for h in deal.hands]
    leader = int(profile.opening_leader(contract.declarer))
    found = set()
    for k in range(len(deal.play) // 4):
        cards = [int(c) for c in deal.play[4 * k:4 * k + 4]]
        for pos, card in enumerate(cards):
            seat = (leader + pos) & 3
            led = cards[0] // 13
            if pos and card // 13 != led and held[seat] >> (13 * led) & 0x1FFF:
                found.add((SEATS[seat].name, k + 1, deal.play[4 * k + pos].name))
            held[seat] ^= 1 << card
        leader = (leader + profile.trick_winner(cards, contract.trump)) & 3
    return found


def _deals(records):
    for record in records.values():
        profile = get_profile(record.info.rules)
        for deal in record.deals:
            yield profile, deal


def test_every_irregularity_of_the_readme_is_there(records):
    """docs/rules/laws.md §3–§8: a claimed and an unclaimed revoke, a lead out of turn, an
    exposed card, a void deal and a lost deal, an insufficient bid and a call out of turn."""
    kinds = {(i.kind, i.claimed) for _, d in _deals(records) for i in d.irregularities}
    assert kinds >= {(IrregularityKind.REVOKE, True), (IrregularityKind.REVOKE, False),
                     (IrregularityKind.LEAD_OUT_OF_TURN, None), (IrregularityKind.EXPOSED, None)}
    deals = list(_deals(records))
    assert any(d.void for _, d in deals) and any(d.deal_lost for _, d in deals)
    assert any(d.out_of_turn for _, d in deals)
    assert any(_corrected(d, p) != tuple(c for i, c in enumerate(d.auction) if i not in {o.index for o in d.out_of_turn})
               for p, d in deals)


def test_the_deals_are_legal_apart_from_their_irregularities(records):
    """Read as the laws read them, every auction is a legal closed one; a play without a revoke
    or a lead out of turn is legal card by card; a play with revokes shows exactly the revokes
    the record lists; a void deal has no play."""
    for profile, deal in _deals(records):
        if deal.void is not None:
            assert deal.play is None
            continue
        auction = Auction(deal.dealer, profile)
        auction.call_all(_corrected(deal, profile))
        assert auction.closed, deal.number
        listed = {(i.seat.name, i.trick, i.card.name) for i in deal.irregularities if i.kind is IrregularityKind.REVOKE}
        kinds = {i.kind for i in deal.irregularities}
        if IrregularityKind.LEAD_OUT_OF_TURN in kinds:
            (lead,) = deal.irregularities
            assert lead.accepted and deal.play[0] == lead.card
            assert lead.seat == profile.opening_leader(auction.contract.declarer).left.left
            continue
        assert _revokes(deal, profile, auction.contract) == listed, deal.number
        if not listed:
            strict = dataclasses.replace(deal, auction=_corrected(deal, profile), out_of_turn=(), irregularities=())
            assert replay_deal(strict, profile).valid, deal.number


def test_calls_out_of_turn_keep_their_bars(records):
    """laws.md §4.5: the offender passes at every later turn, his partner at his next one, and
    he does not open-lead the suit he named unless his side declares."""
    for profile, deal in _deals(records):
        for spoken in deal.out_of_turn:
            seats = deal.speakers()
            later = [c for i, c in enumerate(deal.auction) if i > spoken.index and seats[i] == spoken.by]
            partner = next(c for i, c in enumerate(deal.auction) if i > spoken.index and seats[i] == spoken.by.left.left)
            assert all(c.is_pass for c in later) and partner.is_pass
            auction = Auction(deal.dealer, profile)
            auction.call_all(_corrected(deal, profile))
            contract = auction.contract
            if contract.declarer.side != spoken.by.side and profile.opening_leader(contract.declarer) == spoken.by:
                assert deal.play[0].name[0] != str(deal.auction[spoken.index])[1]


def test_an_exposed_card_is_played_to_the_round_it_was_called_to(records):
    """laws.md §7.2."""
    for profile, deal in _deals(records):
        for exposed in (i for i in deal.irregularities if i.kind is IrregularityKind.EXPOSED):
            suit = exposed.card.name[0]
            leads = [k for k in range(13) if deal.play[4 * k].name[0] == suit]
            trick = next(k for k in range(13) if exposed.card in deal.play[4 * k:4 * k + 4])
            assert trick == leads[exposed.called_round - 1] and trick + 1 > exposed.trick
