"""The dashboard over two-, three- and five-player evenings, without a browser: the method's
columns named by their players, settlements and the five-player ledger, the replay's places,
face-up dummies, dead piles and two-card tricks, the seat view, the sessions list, /analysis
and uploads (docs/rules/players-2-3-5.md)."""
from __future__ import annotations

import sys

import pytest

from dash_tree import by_id, components, ids
from dashboards import data, stats
from vint_replay.games.vint235 import views as vint235_view
from dashboards.payload import replay_payload
from dashboards.app import create_app
from dashboards.library import Library
from vint235_store import AUCTION, FIVE, THREE, TWO, simulated_file, table_store
from vint_replay.engine.seats import Seat
from vint_replay.games.vint235.columns import ColumnScore
from vint_replay.games.vint235.ledger import TableScore
from vint_replay.games.vint235.players import player_results


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    store = table_store(tmp_path_factory.mktemp("tables"))
    return create_app(store.root)


def module(name: str):
    """A page module as the app registered it (``dash.register_page`` needs the app first)."""
    return sys.modules[f"pages.{name}"]


@pytest.fixture
def lib(app):
    with app.server.test_request_context("/"):
        yield app.server.extensions["vint_library"]


def text(root) -> str:
    """All the text of a layout, joined."""
    return " ".join(str(c.children) for c in components(root) if isinstance(getattr(c, "children", None), (str, int)))


def played(report, size: int | None = None):
    """The first deal of a session with all its tricks played (of ``size`` cards, if given)."""
    return next(r for r in report.replays if len(r.tricks) == 13 and (size is None or len(r.tricks[0].places) == size))


# ---------------------------------------------------------------- the session page


def test_the_auction_game_has_a_column_per_player(lib):
    report = lib.report(AUCTION)
    score = report.score
    assert isinstance(score, ColumnScore)
    page = module("session").layout(AUCTION)
    heads = by_id(page, "rubber-1-columns")
    assert [h.children for h in heads.children] == ["Сидоров", "Орлов", "Смирнов"]
    assert "cols-3" in heads.className
    totals = [c.children for c in by_id(page, "rubber-1-totals").children]
    assert totals == [str(score.rubbers[0].totals[p]) for p in score.players]
    settled = by_id(page, "rubber-1-settlement").children
    for player, points in score.rubbers[0].settlement.items():
        assert f"{player} {points:+d}".replace("-", "−") in settled
    assert sum(score.rubbers[0].settlement.values()) == 0


def test_two_column_methods_name_their_columns_per_rubber(lib):
    """3.1: the holder against the two partners, the dummy passing left after each rubber."""
    report = lib.report(THREE)
    score = report.score
    assert isinstance(score, TableScore)
    page = module("session").layout(THREE)
    firsts = [[h.children for h in by_id(page, f"rubber-{n}-columns").children] for n in (1, 2)]
    assert firsts == [[" & ".join(score.sides[n][0]), " & ".join(score.sides[n][1])] for n in (0, 1)]
    assert firsts[0] != firsts[1]
    assert "N–S" not in text(by_id(page, "deal-table")) and "rules-switch" not in ids(page)
    balances = text(by_id(page, "balances"))
    for player, points in score.balances[-1].items():
        assert f"{points:+d}".replace("-", "−") in balances and player in balances


def test_five_players_show_who_sits_out_and_the_ledger_in_hundreds(lib):
    report = lib.report(FIVE)
    score = report.score
    page = module("session").layout(FIVE)
    for number, out in enumerate(score.out, 1):
        assert by_id(page, f"rubber-{number}-title").children.endswith(f"{out} sits out")
    ledger = by_id(page, "ledger").children
    for player, points in score.balances[-1].items():
        assert f"{player} {vint235_view.hundreds(points)}" in ledger


@pytest.mark.parametrize("points, shown", [(-800, "−8"), (1200, "+12"), (0, "0"), (1250, "+12.5")])
def test_hundreds_as_the_rules_write_the_ledger(points, shown):
    """players-2-3-5.md §5 example 6: Т −8, А +12."""
    assert vint235_view.hundreds(points) == shown


def test_the_deal_table_names_the_declarer_and_counts_his_column(lib):
    report = lib.report(THREE)
    rows = vint235_view.deal_rows(report)
    deal = played(report)
    row = next(r for r in rows if r.number == deal.deal.number)
    assert row.declarer == vint235_view.place_text(deal, deal.contract.declarer)
    assert row.tricks == f"{deal.tricks_won[deal.declarer_column]}/{deal.contract.tricks_needed}"


def test_a_table_session_is_not_rescored(lib):
    """A 2/3/5 record names its places' roles, which four-handed rules cannot read: its page has
    no rules switch, and a link asking for classic says why instead of rescoring."""
    assert "rules-switch" not in ids(module("session").layout(TWO)) and "rubber-1-columns" in ids(module("session").layout(TWO))
    page = module("session").layout(TWO, rules="classic")
    assert "rescore-refused" in ids(page) and "rubber-1-columns" not in ids(page)


def test_four_handed_rescoring_offers_no_table_method():
    choices = data.rescore_choices("volchaninov")
    assert "classic" in choices and not any(n.startswith(("vint2", "vint3", "vint5")) for n in choices)


# ---------------------------------------------------------------- the replay


def test_two_card_tricks_are_shipped_with_their_places(lib):
    """2.2: N and S play, E and W are dead piles, face down in every view."""
    report = lib.report("sim-vint2-exchange")
    deal = played(report, 2)
    payload = replay_payload(report, deal.deal.number)
    assert payload["size"] == 2 and len(payload["play"]) == 26
    assert set(payload["seats"]) == {Seat.N, Seat.S}
    assert payload["seats"][0] == deal.leader and payload["dead"] == [False, True, False, True]
    assert payload["hands"][1] is None and payload["hands"][3] is None and payload["up_from"][1] is None
    assert payload["column_names"] == ["Иванов", "Петров"]
    won = [0, 0]
    for w in payload["winners"]:
        won[deal.place_columns[w]] += 1
    assert tuple(won) == deal.tricks_won
    assert [payload["won_by"].count(c) for c in (0, 1)] == list(deal.tricks_won)


def test_a_seat_view_ships_only_what_that_player_saw(lib):
    """3.1: a partner sees his own hand, the dummy after the first trick, no other hand."""
    report = lib.report(THREE)
    deal = played(report)
    dummy = next(s for s in Seat if deal.roles[s].dummy)
    partner = next(s for s in Seat if deal.roles[s].live and deal.roles[s].player != deal.roles[dummy].player)
    view = replay_payload(report, deal.deal.number, partner)
    assert view["up_from"][partner] == 0 and view["up_from"][dummy] == 4
    assert [h is not None for h in view["hands"]] == [s in (partner, dummy) for s in Seat]
    holder = dummy.partner
    assert replay_payload(report, deal.deal.number, holder)["up_from"][dummy] == 4  # his own dummy too


@pytest.mark.parametrize("session_id, after", [("sim-vint2-open", 1), (TWO, 0), (AUCTION, 0)])
def test_dummies_turn_up_when_the_method_says(lib, session_id, after):
    report = lib.report(session_id)
    deal = played(report)
    payload = replay_payload(report, deal.deal.number)
    assert [payload["face_up"][s] for s in Seat if deal.roles[s].dummy] == [after] * sum(r.dummy for r in deal.roles)
    assert all(payload["face_up"][s] is None for s in Seat if not deal.roles[s].dummy)


def test_the_holder_makes_his_call_in_a_column_of_his_own(lib):
    report = lib.report(THREE)
    deal = played(report)
    seats, rows = vint235_view.auction_grid(deal)
    holder = next(s for s in Seat if deal.roles[s].dummy).partner
    assert seats[-1] == holder and holder not in seats[:-1] and len(seats) == 3
    assert rows[-1][-1] == deal.deal.auction[-1].pretty
    assert [c for row in rows for c in row if c] == [c.pretty for c in deal.deal.auction]


def test_exchanges_are_shown_to_their_player_only(lib):
    report = lib.report("sim-vint2-cards")
    deal = next(r for r in report.replays if any(e and not isinstance(e, bool) for _, e in r.deal.own.exchanges))
    place, swaps = next((p, e) for p, e in deal.deal.own.exchanges if e and not isinstance(e, bool))
    other = Seat.S if place is Seat.N else Seat.N
    card = swaps[0][0].pretty
    assert any(card in line for line in vint235_view.table_facts(deal))
    assert any(card in line for line in vint235_view.table_facts(deal, place))
    hidden = vint235_view.table_facts(deal, other)
    assert not any(card in line for line in hidden if line.startswith(deal.roles[place].player))
    assert any("face down" in line for line in hidden)


def test_the_widow_is_shown_with_what_its_taker_gave(lib):
    report = lib.report("sim-vint2-widow")
    deal = played(report)
    facts = vint235_view.table_facts(deal)
    widow = deal.deal.own.widow
    assert any(all(c.pretty in line for c in widow) and "gave" in line for line in facts)


def test_every_replay_page_of_every_method_opens(lib):
    for sid in (TWO, THREE, AUCTION, FIVE, "sim-vint2-exchange", "sim-vint2-cards", "sim-vint2-open", "sim-vint2-widow"):
        report = lib.report(sid)
        for deal in report.replays[:4]:
            for view in (None, *[s.name for s in vint235_view.viewer_places(deal)]):
                page = module("replay").layout(sid, str(deal.deal.number), view=view)
                assert "card-table" in ids(page) and "table-places" in ids(page), (sid, deal.deal.number, view)


def test_the_replay_offers_a_view_per_player(lib):
    report = lib.report(FIVE)
    deal = played(report)
    page = module("replay").layout(FIVE, str(deal.deal.number))
    links = [c.children for c in by_id(page, "replay-view").children]
    assert links == ["all hands"] + [f"only what {deal.roles[s].player} saw" for s in Seat]
    assert deal.deal.own.sits_out in text(by_id(page, "table-facts"))


# ---------------------------------------------------------------- sessions list, /analysis, uploads


def test_the_sessions_list_names_the_players_and_their_balances(lib):
    rows = {r.id: r for r in module("sessions")._rows()}
    report = lib.report(FIVE)
    row = rows[FIVE]
    assert row.players.startswith("5 players: ") and "dummy of" not in " ".join(r.players for r in rows.values())
    for r in player_results(report):
        assert f"{r.player} {r.points:+d}".replace("-", "−") in row.result


def test_analysis_counts_each_player_whatever_place_he_played(lib):
    store = lib.store
    tables = stats.table_sessions(store)
    assert set(tables) >= {TWO, THREE, AUCTION, FIVE}
    assert not any(n.startswith("dummy of") for n in stats.players(store))
    card = tables_pages_card(lib, None)
    shown = {tr.children[0].children: [td.children for td in tr.children[1:]] for tr in card}
    expected: dict[str, list[int]] = {}
    for sid in tables:
        for r in player_results(lib.report(sid)):
            line = expected.setdefault(r.player, [0] * 5)
            for i, v in enumerate((r.deals, r.declared, r.made, r.tricks, r.points)):
                line[i] += v
    assert {p: v[:4] for p, v in shown.items()} == {p: v[:4] for p, v in expected.items()}
    assert stats.select(store).deals == 0  # these evenings are not in the four-handed figures


def tables_pages_card(lib, player):
    body = module("analysis").show(None, None, player)
    return by_id(body, "table-players").children[1].children


def test_analysis_of_one_player_keeps_his_evenings(lib):
    rows = tables_pages_card(lib, "Кузнецов")  # plays only the five-player evening
    assert {tr.children[0].children for tr in rows} == set(lib.report(FIVE).record.info.party)


def test_a_table_evening_uploads_and_opens(tmp_path):
    from vint_replay.store import Store

    app = create_app(tmp_path / "store")
    library: Library = app.server.extensions["vint_library"]
    path = simulated_file(tmp_path, "vint2-cards", 5)
    result = library.upload(path.name, path.read_bytes())
    assert [(s.status, s.session_id) for s in result.sessions] == [("imported", "sim-vint2-cards")]
    assert Store(tmp_path / "store").sessions()["session_id"].tolist() == ["sim-vint2-cards"]
    with app.server.test_request_context("/"):
        assert "rubber-1-columns" in ids(module("session").layout("sim-vint2-cards"))
