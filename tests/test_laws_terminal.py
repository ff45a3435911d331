"""The terminal replay under the laws (docs/rules/laws.md §7–§8): the irregular card marked at its
trick, and after the play the revoke penalty as the ledger applied it."""
from __future__ import annotations

from dataclasses import replace

from click.testing import CliRunner

from builders import SUITED
from laws_builders import DATA, EXPOSED, LEAD, laws_deal, laws_session, revoke, under_laws
from vint_replay.cli import main
from vint_replay.engine.cards import Card
from vint_replay.engine.record import Irregularity
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_file
from vint_replay.formats.json_record import write_json
from vint_replay.reports.terminal import DealView


def trick_line(text: str, number: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{number:>2}. "))


def test_a_claimed_revoke_is_marked_at_its_trick_and_the_penalty_shown_after_the_play():
    """§10.2: S's ♦7 on a heart at trick 7, claimed: 10–3 → 7–6, N–S's 20 beyond 490 above."""
    result = CliRunner().invoke(main, ["replay", "--deal", "2", str(DATA / "revoke_10_2.json")])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "S ♦7!" in trick_line(out, 7) and "!" not in trick_line(out, 6)
    assert "\n    ! revoke by S: ♦7 on ♥ led while holding ♥ — claimed, penalised (laws.md §8.4)\n" in out
    assert ("Revoke penalty (laws.md §8.4): tricks N–S 10, E–W 3 → N–S 7, E–W 6\n"
            "  S's revoke at trick 7: 3 tricks to E–W\n"
            "  N–S revoked: their tricks below stop at 490 (laws.md §8.4.4); the 20 beyond go above the line") in out


def test_missing_tricks_are_shown_with_what_they_cost():
    """§10.1: W's side had 2 tricks; the third is missing, 4♥'s undertrick value (classic 4000) to N–S."""
    view = DealView.of(evaluate(read_file(DATA / "revoke_10_1.json").record), 0)
    assert ("  W's revoke at trick 5: 2 tricks to N–S; 1 missing, each charged as an undertrick: "
            "4000 above the line to N–S") in view.full()


def test_an_unclaimed_revoke_is_marked_without_a_penalty(tmp_path):
    record = under_laws(read_file(DATA / "revoke_10_2.json").record, {2: (revoke("S", 7, claimed=False),)})
    path = tmp_path / "unclaimed.json"
    path.write_text(write_json(record), encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", "--deal", "2", str(path)]).output
    assert "S ♦7!" in trick_line(out, 7) and "not claimed, no penalty (laws.md §8.2)" in out
    assert "Revoke penalty" not in out and "after the revoke penalty" not in out


def test_a_lead_out_of_turn_and_an_exposed_card_are_marked():
    """E leads to trick 1 instead of W and it stands (§7.3); W's ♣A, exposed at trick 1 and called
    to the 2nd round of clubs, is played there (§7.2)."""
    stood = Irregularity(LEAD, Seat.E, 1, accepted=True)
    shown = Irregularity(EXPOSED, Seat.W, 1, Card.CA, called_round=2)
    report = laws_session("classic", laws_deal(SUITED, "classic", "S", "1NT", stood))
    assert report.valid, report.diagnostics
    text = DealView.of(report, 0).full()
    first = report.replays[0].tricks[0].cards[0]
    assert f"E {first.pretty}!" in trick_line(text, 1)
    assert f"\n    ! E led {first.pretty} out of turn; the lead stood (laws.md §7.3)" in text
    called = laws_session("classic", laws_deal(SUITED, "classic", "S", "1NT", shown, chosen={(2, "W"): "CA"}))
    assert called.valid, called.diagnostics
    text = DealView.of(called, 0).full()
    assert "W's ♣A exposed; called to the 2nd round of ♣ (laws.md §7.1)" in text
    assert "♣A!" not in trick_line(text, 1) and "W ♣A!" in trick_line(text, 2)  # shown at trick 1, played at 2
    assert "\n    ! W plays his exposed ♣A (laws.md §7.2)" in text
    plain = laws_session("classic", replace(called.record.deals[0], irregularities=()))
    assert not any("!" in trick_line(DealView.of(plain, 0).full(), n) for n in range(1, 14))
