"""The dashboard's solo-whist pages without a browser (vint_replay/games/solo/views.py and the
shared pages over a solo evening): the payment sheet against the sample files' written payments,
the planted mistake in the audit's words, the replay's payload, the sessions list, /analysis
leaving solo whist out, and ``?rules=`` refused between solo whist and vint.

Expected figures come from the sample JSON files (sample_data/solo/) and the engine's own
score and audit, which the pages must show unchanged."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dash_tree import by_id, ids
from dashboards import data, stats
from dashboards.payload import replay_payload
from vint_replay.engine.cards import Card
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.games.solo.contracts import SoloCall, points_text
from vint_replay.formats import read_file
from vint_replay.games.solo import views as solo_views
from vint_replay.games.solo.fields import quarters
from vint_replay.games.solo.audit import audit_payments
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
FOUR = ROOT / "sample_data" / "solo" / "arbat-solo-2026-11-24.json"
FIVE = ROOT / "sample_data" / "solo" / "arbat-solo-2026-12-01.json"
VINT = sorted((ROOT / "sample_data").glob("arbat-*.json"))
UNRECORDED = "no payment sheet recorded"  # the page's status of an evening with no sheet written


def report_of(path: Path):
    return evaluate(read_file(str(path)).record)


def written(path: Path) -> list[dict[str, int]]:
    """Each deal's payments as the scorer wrote them, in quarters by seat (straight from the file)."""
    return [{s: quarters(v) for s, v in d["payments"].items()} for d in json.loads(path.read_text("utf-8"))["deals"]]


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    store = Store(tmp_path_factory.mktemp("solo-dash") / "store")
    summary = store.import_paths([str(p) for p in [FOUR, FIVE, *VINT]], workers=1)
    assert not summary.rejected
    return store


@pytest.mark.parametrize("path", [FOUR, FIVE], ids=["four", "five"])
def test_payment_sheet_is_the_written_sheet_but_for_the_audits_findings(path):
    """Every figure due equals the one written, except where the audit finds a mistake: there
    both are shown. The balances are the running sums of the figures due."""
    report = report_of(path)
    checked = audit_payments(report.record, report.score)
    sheet = solo_views.payment_sheet(report, checked, data.explanations(report, checked))
    flagged = {(m.deal, m.player) for m in checked.mismatches}
    running = dict.fromkeys(sheet.players, 0)
    assert len(sheet.rows) == len(report.record.deals)
    for row, replay, paper in zip(sheet.rows, report.replays, written(path)):
        by_player = {replay.players[s]: paper[s.name] for s in Seat}
        for player, cell in zip(sheet.players, row.payments):
            if player not in by_player:  # the fifth player sits this deal out
                assert cell == solo_views.PaymentCell(solo_views.SITS_OUT) and row.sits_out == player
                continue
            if (row.number, player) in flagged:
                assert cell.written == points_text(by_player[player]) and cell.due != cell.written
            else:
                assert cell.due == points_text(by_player[player]) and cell.written is None
            running[player] += 0 if cell.due == solo_views.SITS_OUT else _quarters(cell.due)
        assert row.balances == tuple(points_text(running[p]) for p in sheet.players)
    assert sheet.balances == sheet.rows[-1].balances
    assert sheet.five == (path == FIVE) and len(sheet.players) == (5 if path == FIVE else 4)


def _quarters(text: str) -> int:
    sign = -1 if text.startswith("−") else 1
    body = text.lstrip("+−")
    whole = body.rstrip("¼½¾")
    part = {"": 0, "¼": 1, "½": 2, "¾": 3}[body[len(whole):]]
    return sign * (4 * int(whole or 0) + part)


def test_the_planted_mistake_is_shown_in_the_audits_words():
    """sample_data/solo/README.md: deal 2's declarer is written one opponent's stake."""
    report = report_of(FOUR)
    checked = audit_payments(report.record, report.score)
    (mistake,) = audit_payments(report.record, report.score).mismatches
    sheet = solo_views.payment_sheet(report, checked, data.explanations(report, checked))
    row = sheet.rows[1]
    assert row.number == mistake.deal == 2
    assert row.problems == (mistake.explanation,) and "one opponent's stake" in mistake.explanation
    assert [r.number for r in sheet.rows if r.problems] == [2]
    assert data.audit_status(report, checked, UNRECORDED) == "1 deal with a mismatch (1 entry)" == checked.tally.text
    five = report_of(FIVE)
    assert data.audit_status(five, audit_payments(five.record, five.score), UNRECORDED) == "no mismatches"


def test_rows_name_the_contract_its_players_and_the_result():
    report = report_of(FOUR)
    rows = solo_views.payment_sheet(report).rows
    for row, replay in zip(rows, report.replays):
        if replay.contract is None:
            assert row.contract == "void (all passed)" and not row.replayable and set(row.payments) == {
                solo_views.PaymentCell("0")}
            continue
        assert row.contract == replay.contract.terms.title
        assert row.declarer == f"{replay.players[replay.declarer]} ({replay.declarer.name})"
        assert row.partner == ("" if replay.partner is None else f"{replay.players[replay.partner]} ({replay.partner.name})")
        assert row.result.startswith("made" if replay.made else "failed")
        assert row.dealer == replay.players[replay.deal.dealer]


def test_five_players_the_dealer_sits_out_and_the_turn_up_goes_to_his_right():
    report = report_of(FIVE)
    raw = json.loads(FIVE.read_text("utf-8"))["deals"]
    for replay, deal in zip(report.replays, raw):
        payload = replay_payload(report, replay.deal.number)
        assert deal["sits_out"] not in payload["players"] and payload["dealer"] is None
        turn_up_seat = "NESW".index(deal["dealer"])
        assert f"turn-up ({deal['sits_out']} deals and sits out)" in payload["tags"][turn_up_seat]
        assert payload["marked"]["card"] == int(Card[deal["turn_up"]])
        assert int(Card[deal["turn_up"]]) in payload["hands"][turn_up_seat]
        facts = solo_views.deal_facts(report, replay)
        assert facts.dealing.startswith(f"{deal['sits_out']} deals and sits out")


def test_replay_payload_of_an_open_misere():
    """Deal 1 (docs/rules/solo-whist.md §7.1): the declarer's hand goes face up after trick 1;
    a seat's view carries his own hand and that one, no other; play stops early, claimed made."""
    report = report_of(FOUR)
    replay = report.replays[0]
    assert replay.contract is SoloCall.OPEN_MISERE
    raw = json.loads(FOUR.read_text("utf-8"))["deals"][0]
    payload = replay_payload(report, 1)
    assert payload["column_names"] == ["declaring side", "opponents"] and payload["declaring_column"] == 0
    assert payload["won_by"] == [0 if t.winner is replay.declarer else 1 for t in replay.tricks]
    assert payload["face_up"] == [4 if s is replay.declarer else None for s in Seat]  # §4: once trick 1 is complete
    assert payload["play"] == [int(Card[c]) for c in raw["play"]] and len(payload["play"]) < 52
    assert payload["outcome"] == "Open misère made (after trick 7, the rest claimed)"
    assert payload["needed"] is None  # judged by the engine's outcome, not counted in the browser
    assert [n["text"].split(" must ")[-1] for n in payload["notes"]][0] == "take no trick"
    assert json.loads(json.dumps(payload)) == payload and len(json.dumps(payload, ensure_ascii=False)) < 1500
    seat = next(s for s in Seat if s is not replay.declarer)
    view = replay_payload(report, 1, seat)
    shipped = [i for i, h in enumerate(view["hands"]) if h is not None]
    assert shipped == sorted({int(seat), int(replay.declarer)})
    other = replay_payload(report, 2, seat)  # a solo: nothing is laid face up
    assert [i for i, h in enumerate(other["hands"]) if h is not None] == [int(seat)] and other["face_up"] == [None] * 4


def test_replay_facts_the_auction_with_its_tokens_and_the_payments():
    report = report_of(FOUR)
    replay = report.replays[2]  # a proposal accepted
    raw = json.loads(FOUR.read_text("utf-8"))["deals"][2]
    facts = solo_views.deal_facts(report, replay)
    assert [c.token for c in facts.auction] == raw["auction"]
    assert facts.auction[0].seat == replay.deal.dealer.left.name  # eldest hand speaks first
    assert f"with {replay.players[replay.partner]}" in facts.contract
    assert replay_payload(report, 3)["tags"][replay.partner] == ["partner"]
    scored = report.score.deals[2]
    assert [p for _, _, p, _ in facts.payments] == [points_text(q) for q in scored.payments]
    assert facts.reason.startswith("proposal and acceptance made")


def own_rows(store: Store, report_of=None) -> dict[str, data.SessionRow]:
    """The sessions list's rows as the page builds them (``pages/sessions._rows``), by id."""
    sessions = store.sessions()
    rows = data.session_rows(sessions, store.deals(columns=data.AUDIT_COLUMNS))
    load = report_of or (lambda sid: evaluate(store.load_session(sid)))
    return {r.id: r for r in data.own_sheet_rows(rows, sessions, load)}


def test_session_rows_of_solo_evenings_say_the_audits_tally(store):
    """solo-whist.md §5: an evening settles by each player's balance, not by two sides' totals."""
    rows = own_rows(store)
    for sid, path in (("arbat-solo-2026-11-24", FOUR), ("arbat-solo-2026-12-01", FIVE)):
        report = report_of(path)
        row = rows[sid]
        assert row.audit == audit_payments(report.record, report.score).tally.text
        roster = report.record.info.roster
        assert row.players == f"{len(roster)} players: " + ", ".join(roster)
        assert row.result == "balances " + " · ".join(
            f"{p} {points_text(b)}" for p, b in zip(report.score.players, report.score.balances))
    assert rows["arbat-solo-2026-11-24"].mismatched and not rows["arbat-solo-2026-12-01"].mismatched
    vint = report_of(VINT[0])
    assert rows[vint.record.info.id].result == data.difference_text(vint.score.totals)  # the sides' as stored


def test_analysis_leaves_solo_whist_out(store, tmp_path):
    """The vint figures are those of a store without the solo evenings; the note counts them."""
    vint_only = Store(tmp_path / "vint")
    vint_only.import_paths([str(p) for p in VINT], workers=1)
    mixed, plain = stats.select(store), stats.select(vint_only)
    assert mixed.deals == plain.deals and mixed.per_session.equals(plain.per_session)
    assert mixed.left_out == (2, 14 + 6) and plain.left_out == (0, 0)
    assert stats.players(store) == stats.players(vint_only)
    assert stats.select(store, player="Кирилл").deals == 0
    assert stats.select(store, start="2026-11-30").left_out == (1, 6)


def test_rescoring_is_offered_only_within_the_same_game():
    assert "solo-whist" not in data.rescore_choices("volchaninov")
    assert {"classic", "volchaninov"} <= set(data.rescore_choices("volchaninov"))
    assert data.rescore_choices("solo-whist") == ["solo-whist"]


def test_solo_pages_render_and_rescoring_is_refused(store):
    import dash

    from dashboards.app import create_app

    app = create_app(store.root)
    layouts = {page["path_template"]: page["layout"] for page in dash.page_registry.values() if page["path_template"]}
    session, replay = layouts["/session/<session_id>"], layouts["/replay/<session_id>/<deal>"]
    with app.server.app_context():
        sheet = session(session_id="arbat-solo-2026-11-24")
        refused = session(session_id="arbat-solo-2026-11-24", rules="classic")
        vint = session(session_id=VINT[0].stem, rules="solo-whist")
        table = replay(session_id="arbat-solo-2026-11-24", deal="1")
        five = session(session_id="arbat-solo-2026-12-01")
    assert {"payment-sheet", "balances", "balances-chart", "explain-2", "audit-status"} <= ids(sheet)
    assert "deal-table" not in ids(sheet) and "below-chart" not in ids(sheet)
    assert by_id(sheet, "audit-status").children == "1 deal with a mismatch (1 entry)"
    for page, words in ((refused, "solo-whist evening cannot be rescored under classic"),
                        (vint, "cannot be rescored under solo-whist")):
        assert words in str(by_id(page, "rescore-refused").children)
    assert {"card-table", "replay-slider", "turn-up-line", "auction", "deal-payments", "deal-outcome"} <= ids(table)
    assert "dd-note" not in ids(table)  # no double-dummy panel for solo whist
    assert "sits out" in str(by_id(five, "payment-sheet"))


def test_a_seat_view_page_does_not_tell_the_outcome_before_the_end(store):
    """solo-whist.md §4: open misère's deal 1 is decided at trick 7; in a seat's view the page
    says neither the outcome nor the payments before that (the open view shows them)."""
    import dash

    from dashboards.app import create_app

    app = create_app(store.root)
    replay_page = next(p["layout"] for p in dash.page_registry.values() if p["path_template"] == "/replay/<session_id>/<deal>")
    outcome = report_of(FOUR).replays[0].outcome_words()
    with app.server.app_context():
        open_view = replay_page(session_id=FOUR.stem, deal="1")
        seat_view = replay_page(session_id=FOUR.stem, deal="1", view="N", card="8")
    assert outcome in str(open_view) and "deal-payments" in ids(open_view)
    assert outcome not in str(seat_view) and "deal-payments" not in ids(seat_view) and "payments-hidden" in ids(seat_view)


def test_a_store_without_solo_whist_replays_no_session_for_its_list(tmp_path):
    """Four-handed sessions are listed from the store's totals: none is loaded and replayed."""
    vint_only = Store(tmp_path / "vint")
    vint_only.import_paths([str(VINT[0])], workers=1)

    def refuse(sid: str):
        raise AssertionError(f"{sid} was replayed for the sessions list")

    (row,) = own_rows(vint_only, refuse).values()
    assert row.players.count("&") == 2 and " v " in row.players
