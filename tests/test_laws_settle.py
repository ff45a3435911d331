"""The rest of the laws' responsibilities between partners (docs/rules/laws.md §9: laws 177 and
180) and a claimed revoke where no contract prices it (docs/rules/laws.md §8.4)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from builders import RANKED, SUITED
from laws_builders import EXPOSED, laws_deal, laws_session
from test_classic_rules import PASSOUT_PLAY, classic_session, played_passout
from vint_replay.games.laws import views as laws_view
from vint_replay.engine.cards import Card
from vint_replay.engine.diagnostics import Severity
from vint_replay.games.laws.settlement import Responsibility, settlement
from vint_replay.engine.record import Irregularity, IrregularityKind, Ruling, SessionInfo, SessionRecord
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.formats import read_bytes, read_file, write_text
from vint_replay.reports.irregularities import play_marks
from vint_replay.reports.scoresheet import player_lines, score_json
from vint_replay.store.store import Store

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


# -- law 177: cards thrown down early -----------------------------------------------------------

def thrown_down(seat: str, cards: str, trick: int | None = 1) -> Irregularity:
    return Irregularity(IrregularityKind.THROWN_DOWN, Seat.parse(seat), trick,
                        cards=tuple(Card.parse(c) for c in cards.split()))


def errors(report) -> list[tuple[str, str | None]]:
    return [(d.code, d.at) for d in report.diagnostics if d.severity is Severity.ERROR]


def test_s7_1_cards_thrown_down_early_are_exposed_cards_checked_as_such():
    """laws.md §7.1 (law 177): W throws down ♣A K at trick 1; leading the ♣A to trick 2 of his
    own choice while he holds other clubs is an ``exposed_card`` error, as for one exposed card."""
    free = laws_deal(SUITED, "classic", "S", "1NT", thrown_down("W", "CA CK"), chosen={(4, "W"): "CA"})
    assert laws_session("classic", free).valid
    early = laws_deal(SUITED, "classic", "S", "1NT", thrown_down("W", "CA CK"), chosen={(2, "W"): "CA"})
    assert errors(laws_session("classic", early)) == [("exposed_card", "play[4]")]


def test_s7_1_a_card_thrown_down_that_the_player_never_held_is_a_located_error():
    record = laws_deal(SUITED, "classic", "S", "1NT", thrown_down("W", "CA HA"))
    report = laws_session("classic", record)
    assert errors(report) == [("irregularity_mismatch", "irregularities[0]")]
    assert "threw down ♥A" in report.diagnostics[0].message and "dealt to E" in report.diagnostics[0].message


def test_s7_2_a_thrown_down_card_called_to_a_round_is_ruled_by_its_exposed_entry():
    """laws.md §7.2: the opponents call the thrown-down ♣A to the 2nd round of clubs; its own
    ``exposed`` entry rules it, so playing it there is right, not a free play."""
    called = Irregularity(EXPOSED, Seat.W, 1, Card.parse("CA"), called_round=2)
    record = laws_deal(SUITED, "classic", "S", "1NT", thrown_down("W", "CA CK"), called, chosen={(2, "W"): "CA"})
    assert laws_session("classic", record).valid


def test_s9_law_177_the_exposure_writes_no_points_so_the_offender_answers_for_nothing_more():
    """laws.md §9 (ruling on law 177): X is the balance as scored minus the balance without the
    penalty; an exposure writes no points, so X = 0: nobody answers alone and each partner
    keeps the side's difference D, though E–W lost the deal."""
    report = laws_session("classic", laws_deal(RANKED, "classic", "S", "1NT", thrown_down("E", "CK", 11)))
    assert report.valid, report.diagnostics
    ns, ew = report.score.totals
    assert ew < ns and report.score.deals[0].responsible == ()
    assert settlement(report.score) == (ns - ew, ew - ns, ns - ew, ew - ns)


THROWN_JSON = {"kind": "thrown_down", "seat": "E", "trick": 10, "cards": ["HK", "DK"]}


def thrown_record() -> SessionRecord:
    deal = laws_deal(RANKED, "classic", "S", "1NT", thrown_down("E", "HK DK", 10))
    return SessionRecord(SessionInfo("laws-session", ("A", "B", "C", "D"), rules="classic", laws="001"), (deal,))


@pytest.mark.parametrize("fmt", ["json", "vint"])
def test_format_5_4_thrown_down_round_trips_in_both_formats(fmt):
    """format.md §5.4: ``cards`` is a list in JSON and ``cards=HK,DK`` in ``.vint``."""
    record = thrown_record()
    text = write_text(record, fmt)
    spelled = '[Irregularity "thrown_down E trick=10 cards=HK,DK"]' if fmt == "vint" else None
    assert spelled is None or spelled in text
    if fmt == "json":
        assert json.loads(text)["deals"][0]["irregularities"] == [THROWN_JSON]
    back = read_bytes(text.encode(), fmt)
    assert not back.diagnostics
    assert back.record.deals[0].irregularities == record.deals[0].irregularities
    other = "vint" if fmt == "json" else "json"
    assert read_bytes(write_text(back.record, other).encode(), other).record.deals[0].irregularities == \
        record.deals[0].irregularities


@pytest.mark.parametrize("cards", [[], ["HK", "HK"], ["HK", "X9"], "HK"])
def test_format_5_4_bad_thrown_down_cards_are_a_located_schema_error(cards):
    raw = json.loads(write_text(thrown_record(), "json"))
    raw["deals"][0]["irregularities"][0]["cards"] = cards
    result = read_bytes(json.dumps(raw).encode(), "json")
    assert [(d.code, d.at) for d in result.diagnostics] == [("schema", "irregularities[0].cards")]


def test_format_5_4_bad_thrown_down_cards_in_vint_point_at_the_field():
    text = write_text(thrown_record(), "vint").replace("cards=HK,DK", "cards=HK,,DK")
    bad = [d for d in read_bytes(text.encode(), "vint").diagnostics if d.severity is Severity.ERROR]
    assert [(d.code, d.at) for d in bad] == [("schema", "irregularities[0].cards")] and bad[0].column is not None


# -- law 180: a ruling on the session -----------------------------------------------------------

RUBBER = Path(__file__).parent / "data" / "classic_rubber.json"  # one rubber: N–S win it, E–W lead it by points


def ruled(*rulings: Ruling, laws: str | None = "001") -> SessionRecord:
    record = read_file(RUBBER).record
    return replace(record, info=replace(record.info, laws=laws, rulings=rulings))


def test_s9_law_180_the_culprit_alone_answers_for_the_whole_difference_of_the_rubber_his_side_lost():
    """laws.md §9 (law 180): the ruling names N for rubber 1, whose total N–S lost; N's result
    is D − X with X the rubber's whole difference, S's D + X; E–W keep theirs."""
    report = evaluate(ruled(Ruling("180", Seat.N, 1)))
    assert report.valid, report.diagnostics
    ns, ew = report.score.totals
    x = ew - ns
    assert x > 0 and [(r.rubber, r.responsibility) for r in report.score.ruled] == \
        [(1, Responsibility(Seat.N, x, "180"))]
    assert settlement(report.score) == (ns - ew - x, ew - ns, ns - ew + x, ew - ns)
    assert settlement(evaluate(ruled()).score) == (ns - ew, ew - ns, ns - ew, ew - ns)


def test_s9_law_180_is_shown_with_the_players_results():
    report = evaluate(ruled(Ruling("180", Seat.N, 1)))
    lines = player_lines(report.record, report.score)
    assert any(line.startswith("rubber 1: N (North) answers alone for") and "law 180" in line for line in lines)


@pytest.mark.parametrize("ruling,at,words", [
    (Ruling("180", Seat.E, 1), "session.rulings[0]", "E–W are ahead by"),
    (Ruling("180", Seat.N, 2), "session.rulings[0].rubber", "the session has 1"),
])
def test_s9_a_ruling_the_score_contradicts_is_a_located_error(ruling, at, words):
    """laws.md §9: a rubber the culprit's side did not lose, or one the session lacks."""
    report = evaluate(ruled(ruling))
    assert not report.valid and report.score is None
    assert [(d.code, d.at) for d in report.diagnostics] == [("ruling", at)] and words in report.diagnostics[0].message


def test_s9_a_ruling_without_the_laws_layer_is_refused():
    report = evaluate(ruled(Ruling("180", Seat.N, 1), laws=None))
    assert [(d.code, d.at) for d in report.diagnostics] == [("schema", "session.rulings")]


@pytest.mark.parametrize("fmt", ["json", "vint"])
def test_format_5_4_rulings_round_trip_in_both_formats(fmt):
    rulings = (Ruling("180", Seat.N, 1), Ruling("180", Seat.W, 3))
    record = ruled(*rulings)
    text = write_text(record, fmt)
    if fmt == "vint":
        assert '[Ruling "180 N rubber=1; 180 W rubber=3"]' in text
    else:
        assert json.loads(text)["session"]["rulings"] == [{"law": "180", "seat": "N", "rubber": 1},
                                                          {"law": "180", "seat": "W", "rubber": 3}]
    back = read_bytes(text.encode(), fmt)
    assert not back.diagnostics and back.record.info.rulings == rulings
    other = "vint" if fmt == "json" else "json"
    assert read_bytes(write_text(back.record, other).encode(), other).record.info.rulings == rulings


def test_store_keeps_the_rulings(tmp_path):
    record = ruled(Ruling("180", Seat.N, 1))
    path = tmp_path / "ruled.vint"
    path.write_text(write_text(record, "vint"), encoding="utf-8")
    store = Store(tmp_path / "store")
    assert not store.import_paths([str(path)]).rejected
    assert store.load_session(record.info.id).info.rulings == record.info.rulings


@pytest.mark.parametrize("raw,at", [
    ([{"law": "179", "seat": "N", "rubber": 1}], "session.rulings[0].law"),
    ([{"law": "180", "seat": "X", "rubber": 1}], "session.rulings[0].seat"),
    ([{"law": "180", "seat": "N", "rubber": 0}], "session.rulings[0].rubber"),
    ([{"law": "180", "seat": "N", "rubber": 1, "why": "x"}], "session.rulings[0].why"),
    ([{"law": "180", "seat": "N", "rubber": 1}, {"law": "180", "seat": "S", "rubber": 1}], "session.rulings[1]"),
    ({"law": "180"}, "session.rulings"),
])
def test_format_5_4_a_bad_ruling_is_a_located_schema_error(raw, at):
    data = json.loads(write_text(ruled(), "json"))
    data["session"]["rulings"] = raw
    result = read_bytes(json.dumps(data).encode(), "json")
    assert [(d.code, d.at) for d in result.diagnostics] == [("schema", at)]


def test_format_5_4_a_bad_ruling_in_vint_points_at_its_part():
    text = write_text(ruled(), "vint").replace('[Laws "001"]', '[Laws "001"]\n[Ruling "180 N rubber=1; 180 Q rubber=2"]')
    bad = read_bytes(text.encode(), "vint").diagnostics
    assert [(d.code, d.at) for d in bad] == [("schema", "session.rulings[1].seat")]
    line = text.splitlines()[bad[0].line - 1]
    assert line[bad[0].column - 1:].startswith("180 Q")
    off = write_text(ruled(laws=None), "vint").replace("[Rules", '[Ruling "180 N rubber=1"]\n[Rules')
    assert [(d.code, d.at) for d in read_bytes(off.encode(), "vint").diagnostics] == [("schema", "session.rulings")]


def test_s9_the_dashboard_shows_the_players_results_for_a_ruling_alone():
    """laws.md §9: with no deal answered for alone, a law-180 ruling still makes the results
    differ from ±D, so the dashboard lists them (and does not without the ruling)."""
    assert laws_view.player_results(evaluate(ruled())) is None
    report = evaluate(ruled(Ruling("180", Seat.N, 1)))
    results = laws_view.player_results(report)
    assert results is not None
    assert tuple(r.result for r in results) == settlement(report.score)
    assert results[0].result < results[0].side_difference < results[2].result


def test_s9_score_json_gives_the_ruled_rubbers_responsible_and_the_players():
    """format.md §5.4 and laws.md §9 in ``score --json``: the rubber carries ``responsible``."""
    report = evaluate(ruled(Ruling("180", Seat.N, 1)))
    doc = score_json(report.record, report.score, report.profile)
    ns, ew = report.score.totals
    assert doc["rubbers"][0]["responsible"] == [{"seat": "N", "amount": ew - ns, "law": "180"}]
    assert [p["result"] for p in doc["players"].values()] == list(settlement(report.score))
    plain = evaluate(ruled())
    assert "responsible" not in score_json(plain.record, plain.score, plain.profile)["rubbers"][0]


def test_s7_1_the_replay_marks_the_cards_thrown_down_at_their_trick():
    report = laws_session("classic", laws_deal(RANKED, "classic", "S", "1NT", thrown_down("E", "CK", 11)))
    marks = [m for m in play_marks(report.replays[0]) if m.kind == "thrown_down"]
    assert [(m.trick, m.seat) for m in marks] == [(11, Seat.E)] and "♣K" in marks[0].text
