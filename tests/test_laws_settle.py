"""The rest of the laws' responsibilities between partners (docs/rules/laws.md §9: laws 177 and
180) and a claimed revoke where no contract prices it (docs/rules/laws.md §8.4)."""
from __future__ import annotations

from dataclasses import replace

from test_classic_rules import PASSOUT_PLAY, classic_session, played_passout
from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.record import Irregularity, IrregularityKind
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate


# N discards ♣2 on E's ♥A in trick 1 (holding ♥6 5 4 3 2) and plays ♥2 in trick 6 instead.
REVOKED_PASSOUT = PASSOUT_PLAY.replace("HA S2 D7 H2", "HA S2 D7 C2").replace("H9 D4 DJ C2", "H9 D4 DJ H2")


def passout_with(*irregularities: Irregularity, laws: str | None = "001"):
    deal = replace(played_passout(REVOKED_PASSOUT), irregularities=irregularities)
    record = classic_session(deal, x_marks="played")
    return evaluate(replace(record, info=replace(record.info, laws=laws)))


def test_s8_4_a_claimed_revoke_in_a_played_passout_is_a_located_warning_not_a_silence():
    """laws.md §8.4: the penalty is priced by the contract; a passed-out deal played out has
    none, so the claim is a ``revoke_unpriced`` warning at the irregularity, and the deal
    scores as played (N–S, with 5 tricks to 8, write 1500)."""
    report = passout_with(Irregularity(IrregularityKind.REVOKE, Seat.N, 1, claimed=True))
    assert report.valid
    found = [(d.code, d.at, d.severity) for d in report.diagnostics]
    assert found == [("revoke_unpriced", "irregularities[0]", Severity.WARNING)]
    assert "contract" in report.diagnostics[0].message
    (deal,) = report.score.deals
    assert deal.tricks == (5, 8) and [e.points for e in deal.entries] == [1500]


def test_s8_2_an_unclaimed_revoke_in_a_played_passout_stays_the_unclaimed_warning():
    """laws.md §8.2: without a claim there is nothing to price; only ``revoke_unclaimed``."""
    report = passout_with(Irregularity(IrregularityKind.REVOKE, Seat.N, 1, claimed=False))
    assert [d.code for d in report.diagnostics] == ["revoke_unclaimed"]
