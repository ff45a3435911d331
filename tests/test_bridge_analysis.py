"""Bridge as a first-class game in the double-dummy analysis (issue 24): bridge's own par
(duplicate-bridge.md §3, rubber-bridge.md §5.4: doubled sacrifices, vulnerability) against cases
worked by hand and against endplay's DDS par; the analysis views in the profile's order; doubled
contracts on the replay and ``/analysis``; each game's figures kept apart."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("endplay")

from vint_replay.analysis.dd import DDTable, dd_table  # noqa: E402
from vint_replay.analysis.par import best_for, outcomes, par  # noqa: E402
from vint_replay.engine.calls import Contract, Denomination  # noqa: E402
from vint_replay.engine.cards import Hand  # noqa: E402
from vint_replay.games.registry import get_profile  # noqa: E402
from vint_replay.engine.seats import SEATS, Seat, Side  # noqa: E402

D = Denomination
DUPLICATE = get_profile("duplicate-bridge")
NONE_VULNERABLE = (False, False)
HANDS = tuple(Hand.parse(h).mask for h in (  # any four hands: duplicate scoring never reads them (§3, no honours)
    "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def _table(ns: dict[Denomination, int], ew: dict[Denomination, int]) -> DDTable:
    """A DD table where both N–S declarers take ``ns[d]`` tricks and both E–W declarers ``ew[d]``."""
    return DDTable(tuple((ns[d], ew[d], ns[d], ew[d]) for d in Denomination))


# N–S make ten tricks in spades, E–W nine in hearts; everything else goes six for the declarer.
SACRIFICE = _table({D.SPADES: 10, D.HEARTS: 4, D.CLUBS: 6, D.DIAMONDS: 6, D.NOTRUMP: 6},
                   {D.SPADES: 3, D.HEARTS: 9, D.CLUBS: 6, D.DIAMONDS: 6, D.NOTRUMP: 6})


def test_bridge_par_is_the_doubled_sacrifice_not_vulnerable():
    """4♠ by N–S makes 420 (120 + 300, duplicate-bridge.md §3); E–W's 5♥ doubled two down not
    vulnerable costs 100 + 200 = 300 (rubber-bridge.md §5.4), less than 420, and N–S's 5♠ is
    one down doubled: the auction ends in 5♥X by East (E before W on a tie), whoever deals."""
    scored = outcomes(SACRIFICE, HANDS, DUPLICATE, NONE_VULNERABLE)
    for first in Side:
        result = par(scored, first)
        assert result is not None
        assert result.contract == Contract(5, D.HEARTS, Seat.E, doubled=2)
        assert result.points == (300, 0)
    ns = best_for(Side.NS, scored)
    assert ns.contract == Contract(4, D.SPADES, Seat.N) and ns.points == (420, 0)


def test_bridge_par_lets_the_game_stand_when_the_sacrifice_is_vulnerable():
    """E–W vulnerable: 5♥X two down costs 200 + 300 = 500 (§5.4), more than 420: 4♠ stands."""
    result = par(outcomes(SACRIFICE, HANDS, DUPLICATE, (False, True)), Side.NS)
    assert result is not None
    assert result.contract == Contract(4, D.SPADES, Seat.N)
    assert result.points == (420, 0)


def test_vint_par_never_doubles():
    """Vint has no doubles (volchaninov.md §3): no contract it scores is doubled, so a vint par is
    never a doubled contract whatever the table."""
    scored = outcomes(SACRIFICE, HANDS, get_profile(), NONE_VULNERABLE)
    assert {o.contract.doubled for o in scored} == {1}


def test_outcomes_come_in_the_profiles_bidding_order():
    """Bridge ranks ♣ < ♦ < ♥ < ♠ < NT (rubber-bridge.md §2), vint ♠ < ♣ < ♦ < ♥ < NT."""
    for name, first_five in (("duplicate-bridge", [D.CLUBS, D.DIAMONDS, D.HEARTS, D.SPADES, D.NOTRUMP]),
                             ("volchaninov", [D.SPADES, D.CLUBS, D.DIAMONDS, D.HEARTS, D.NOTRUMP])):
        scored = outcomes(SACRIFICE, HANDS, get_profile(name), NONE_VULNERABLE)
        assert [o.contract.denomination for o in scored[:20:4]] == first_five


def test_another_contracts_calls_come_in_the_profiles_bidding_order():
    """The analysis board's bidding box (``legal_calls``) lists bids low to high in the profile's
    order: bridge's ♣ < ♦ < ♥ < ♠ < NT (rubber-bridge.md §2), vint's ♠ < ♣ < ♦ < ♥ < NT
    (volchaninov.md §2), not the order the denominations are declared in."""
    from vint_replay.analysis.contract_choice import legal_calls
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    root = Path(__file__).parent.parent
    for path, first_six in ((root / "tests" / "data" / "pbn" / "junior-teams-1998.pbn", "1♣ 1♦ 1♥ 1♠ 1NT 2♣"),
                            (root / "sample_data" / "arbat-2026-11-03-t1.json", "1♠ 1♣ 1♦ 1♥ 1NT 2♠")):
        report = evaluate(read_file(path).record)
        number = report.record.deals[0].number
        bids = [call.pretty for call in legal_calls(report, number, 0)]
        assert " ".join(bids[:6]) == first_six, path.name


def test_par_labels_come_from_the_profile():
    assert DUPLICATE.par_label == get_profile("rubber-bridge").par_label == "Par"
    assert get_profile("volchaninov").par_label == get_profile("classic").par_label == "Vint par"


def _random_hands(rng: random.Random) -> tuple[int, int, int, int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return tuple(sum(1 << c for c in cards[13 * i:13 * i + 13]) for i in range(4))  # type: ignore[return-value]


VULNERABILITIES = {(False, False): "none", (True, False): "ns", (False, True): "ew", (True, True): "both"}


def test_bridge_par_score_agrees_with_endplays_dds_par():
    """On random deals, every vulnerability and dealer: the N–S net at our duplicate par equals
    DDS's own par score (DealerParBin, through endplay), an independent implementation."""
    from endplay.dds import calc_dd_table, par as dds_par
    from endplay.types import Deal, Player, Vul

    rng = random.Random(24)
    for _ in range(6):
        hands = _random_hands(rng)
        ours = dd_table(hands)
        theirs = calc_dd_table(Deal("N:" + " ".join(Hand(h).pbn() for h in hands)))
        for vulnerable, vul in VULNERABILITIES.items():
            scored = outcomes(ours, hands, DUPLICATE, vulnerable)
            for dealer in SEATS:
                result = par(scored, dealer.side)
                net = 0 if result is None else result.net(Side.NS)
                assert net == dds_par(theirs, Vul[vul], Player(int(dealer))).score, (hands, vulnerable, dealer)


# -- the dashboard, through the Flask test client: a doubled duplicate board beside a vint deal ----

DOUBLED_SESSION = "bridge-duplicate-bridge"
WORKED_SESSION = "rules-6-worked-example"


@pytest.fixture(scope="module")
def mixed_store(tmp_path_factory):
    """Board 1, none vulnerable (duplicate-bridge.md §2): North's 3♣ doubled by East, one down
    with 8 tricks (tests/bridge_records.py) on the worked deal; and that deal as rules/volchaninov.md
    §6 plays it in vint (its par gap −3312 for the declarer, tests/test_dashboard_dd.py); both analysed."""
    from bridge_records import DOUBLED, bridge_raw
    from test_dashboard_dd import analyse_sessions

    from vint_replay.store import Store

    folder = tmp_path_factory.mktemp("bridge_mixed")
    path = folder / "doubled.json"
    path.write_text(json.dumps(bridge_raw("duplicate-bridge", [(DOUBLED, 52, None)])), encoding="utf-8")
    worked = Path(__file__).parent / "data" / "worked_example.json"
    store = Store(folder / "store")
    assert len(store.import_paths([str(path), str(worked)], workers=1).imported) == 2
    analyse_sessions(store, [DOUBLED_SESSION, WORKED_SESSION])
    return store


def _dash(client, outputs: list[tuple[str, str]], inputs: list[dict]) -> tuple[int, str]:
    """POST one Dash callback (``outputs``: its (id, property) pairs); its status and answer as text."""
    specs = [{"id": i, "property": p} for i, p in outputs]
    output = f"{specs[0]['id']}.{specs[0]['property']}" if len(specs) == 1 else \
        ".." + "...".join(f"{o['id']}.{o['property']}" for o in specs) + ".."
    request = {"output": output, "outputs": specs[0] if len(specs) == 1 else specs, "inputs": inputs, "state": [],
               "changedPropIds": [f"{i['id']}.{i['property']}" for i in inputs]}
    answer = client.post("/_dash-update-component", data=json.dumps(request), content_type="application/json")
    return answer.status_code, answer.get_data(as_text=True)


def _replay_and_analysis(store) -> tuple[tuple[int, str], tuple[int, str]]:
    from dashboards.app import create_app

    client = create_app(store.root).server.test_client()
    replay = _dash(client, [("_pages_content", "children"), ("_pages_store", "data")],
                   [{"id": "_pages_location", "property": "pathname", "value": f"/replay/{DOUBLED_SESSION}/1"},
                    {"id": "_pages_location", "property": "search", "value": ""}])
    analysis = _dash(client, [("analysis-body", "children")],
                     [{"id": "analysis-dates", "property": "start_date", "value": None},
                      {"id": "analysis-dates", "property": "end_date", "value": None},
                      {"id": "analysis-player", "property": "value", "value": None}])
    return replay, analysis


# The worked deal's DD table (tests/test_dd_par.py), N–S: ♣ 8, ♦ 7, ♥ 11, ♠ 6, NT 10; E–W: ♠ 7.
# Par, none vulnerable: 4♥ by N making 11 = 120 + 30 + 300 = 450 (duplicate-bridge.md §3);
# E–W's cheapest sacrifice 4♠X three down costs 100 + 200 + 200 = 500 (rubber-bridge.md §5.4).
# As played: 3♣X one down = 100 to E–W (§5.4): N–S net −100, 550 below par.


def test_doubled_board_panel_shows_bridge_par_and_order(mixed_store):
    from dashboards import double_dummy

    panel = double_dummy.deal_panel(double_dummy.deal_analysis(mixed_store, DOUBLED_SESSION, 1))
    assert panel is not None
    assert panel.par_label == "Par"
    assert [d.symbol for d in panel.denominations] == ["♣", "♦", "♥", "♠", "NT"]  # rubber-bridge.md §2
    assert dict(panel.rows)["N"] == [8, 7, 11, 6, 10]
    assert panel.contract_line.startswith("3♣X by N: 8 tricks")
    assert panel.par == "4♥ by N: N–S 450, E–W 0"
    assert panel.gap == "as played: N–S net -100; 550 below par for N–S"
    assert panel.played == ("N", "C")


def test_replay_and_analysis_of_a_doubled_board_answer(mixed_store):
    """Before the fix both answered 500 (``ValueError: unknown call '3CX'``)."""
    (replay_status, replay), (analysis_status, analysis) = _replay_and_analysis(mixed_store)
    assert replay_status == 200, replay[-400:]
    assert analysis_status == 200, analysis[-400:]
    assert "Par: " in replay and "Vint par" not in replay
    assert "550 below par for N\\u2013S" in replay or "550 below par for N–S" in replay
    assert "3\\u2663X" in analysis or "3♣X" in analysis  # the doubled contract in the furthest-below-par table


# -- each game's figures apart: the vint evening and the duplicate board in one store -----------------


def test_games_are_kept_apart_in_the_statistics(mixed_store):
    from dashboards import stats

    found = {game.name: game for game in stats.games(mixed_store)}
    assert list(found) == ["Vint", "Duplicate bridge"]  # the default profile's game first
    vint, duplicate = (stats.select(mixed_store, rules=found[name].rules) for name in found)
    assert list(vint.sessions["session_id"]) == [WORKED_SESSION] and vint.deals == 1
    assert list(duplicate.sessions["session_id"]) == [DOUBLED_SESSION] and duplicate.deals == 1
    # the bridge board's contract counted under bridge's order, ♣ first (rubber-bridge.md §2)
    counts = stats.contract_counts(duplicate.contracts, found["Duplicate bridge"].profile.denomination_order)
    assert list(counts.columns) == ["C", "D", "H", "S", "NT"] and counts.loc[3, "C"] == 1


def test_analysis_page_shows_each_games_par_apart(mixed_store):
    """Vint's mean distance from par is its own deal's −3312 alone, not averaged with the bridge
    board's −550; each game's table is headed by its own par's name."""
    _, (status, text) = _replay_and_analysis(mixed_store)
    assert status == 200, text[-400:]
    tree = json.loads(text)["response"]["analysis-body"]["children"]
    tables = {node["props"]["id"]: node for node in _nodes(tree) if node.get("type") == "Table"}
    vint, bridge = json.dumps(tables["par-gaps"], ensure_ascii=False), json.dumps(tables["par-gaps-duplicate-bridge"],
                                                                                 ensure_ascii=False)
    assert "-3312" in vint and "-550" not in vint and "vint par" in vint
    assert "-550" in bridge and "-3312" not in bridge and '"par"' in bridge
    charts = {node["props"]["id"]: node for node in _nodes(tree) if node.get("type") == "Graph"}
    assert {"par-chart", "par-chart-duplicate-bridge", "contracts-chart-duplicate-bridge"} <= set(charts)


def _nodes(tree):
    """Every component of a rendered Dash tree (JSON), depth first."""
    if isinstance(tree, list):
        for item in tree:
            yield from _nodes(item)
    elif isinstance(tree, dict) and "props" in tree:
        yield tree
        yield from _nodes(tree["props"].get("children"))


def page_nodes(client, path: str) -> list[dict]:
    """Every component of the page at ``path`` as the server sends it (the pages' own callback)."""
    status, text = _dash(client, [("_pages_content", "children"), ("_pages_store", "data")],
                         [{"id": "_pages_location", "property": "pathname", "value": path},
                          {"id": "_pages_location", "property": "search", "value": ""}])
    assert status == 200, text[-400:]
    return list(_nodes(json.loads(text)["response"]["_pages_content"]["children"]))


def session_page(store, session_id: str) -> list[dict]:
    """Every component of the session's page, from a dashboard over ``store``."""
    from dashboards.app import create_app

    return page_nodes(create_app(store.root).server.test_client(), f"/session/{session_id}")


def _deal_table(store, session_id: str) -> dict:
    return next(node for node in session_page(store, session_id) if node["props"].get("id") == "deal-table")


def _cells(node: dict, kind: str) -> list[str]:
    return [str(n["props"].get("children")) for n in _nodes(node) if n.get("type") == kind]


def test_duplicate_board_scores_in_one_column(mixed_store):
    """Board by board (duplicate-bridge.md §1) a board has one score, from N–S's side: 3♣X one
    down not vulnerable is −100 for N–S (§4's table: 2♠X one down is +100 for the other side)."""
    table = _deal_table(mixed_store, DOUBLED_SESSION)
    assert _cells(table, "Th") == ["#", "dealer", "contract", "by", "tricks", "score (N–S)", "game"]
    assert "-100" in _cells(table, "Td")
    vint = _deal_table(mixed_store, WORKED_SESSION)  # vint keeps its lines (volchaninov.md §5)
    assert _cells(vint, "Th")[5:9] == ["N–S below", "N–S above", "E–W below", "E–W above"]
