"""No page, payload or client in ``dashboards/`` asks which game or profile a session is (issue
20, "One seam for every game"): the game supplies what differs through its profile's attributes,
its replay's hooks and its views (``session_view``, ``replay_view``: plain data that
dashboards/views.py draws). The check reads the source: the switches the issue counted by name,
any profile's name compared as a string, a game test in the browser's script, and an import of a
game's replay or score type to dispatch on."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from vint_replay.games.registry import profile_names

DASHBOARDS = Path(__file__).resolve().parent.parent / "dashboards"

# the switches counted on main before the change (issue 20, "Why"), and their spellings there
SWITCH_NAMES = ("solo_record", "is_solo", "is_table", "is_table_rules", "is_seated", "_seats_players",
                "solo_rules", "table_rules", "TableMethod", "SoloWhist")
SWITCH_TEXT = ("SheetLayout.PAYMENTS",)
JS_SWITCHES = re.compile(r"\bsolo\b|vintPanels|deal\.panel\b")  # the client draws what the payload says


def switches(root: Path) -> list[str]:
    """Every place under ``root`` that tests a game or profile: ``file:line: what``."""
    names = profile_names()
    found = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(root)
        for node in ast.walk(ast.parse(source)):
            name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else \
                node.name if isinstance(node, ast.FunctionDef) else None
            if name in SWITCH_NAMES:
                found.append(f"{where}:{node.lineno}: {name}")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
                found.append(f"{where}:{node.lineno}: the profile name {node.value!r}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "startswith"
                    and any(isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value
                            and any(n.startswith(c.value) for n in names) for a in node.args for c in ast.walk(a))):
                found.append(f"{where}:{node.lineno}: a profile name's prefix")
        for number, line in enumerate(source.splitlines(), 1):
            found += [f"{where}:{number}: {text}" for text in SWITCH_TEXT if text in line]
    for path in sorted(root.rglob("*.js")):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)  # comments may name games
        found += [f"{path.relative_to(root)}: {m.group(0)}" for m in JS_SWITCHES.finditer(code)]
    return found


def test_no_dashboard_module_tests_which_game_it_shows():
    assert switches(DASHBOARDS) == []


def test_the_check_finds_each_kind_of_switch(tmp_path):
    """The check itself can fail: one planted switch of each kind is found where it was planted."""
    (tmp_path / "page.py").write_text(
        "from dashboards import solo_data\n"
        "def layout(report):\n"
        "    if solo_data.is_solo(report) or report.profile.solo_record:\n"
        "        return 1\n"
        "    if report.record.info.rules == 'vint3-dummy' or report.record.info.rules.startswith('vint2'):\n"
        "        return 2\n"
        "    return report.profile.scoresheet is SheetLayout.PAYMENTS\n", encoding="utf-8")
    (tmp_path / "client.js").write_text("/* solo whist's panel */\nif (deal.panel === 'solo') { draw(); }\n",
                                        encoding="utf-8")
    found = switches(tmp_path)
    assert {f for f in found if f.startswith("page.py:3:")} == {"page.py:3: is_solo", "page.py:3: solo_record"}
    assert "page.py:5: the profile name 'vint3-dummy'" in found and "page.py:5: a profile name's prefix" in found
    assert "page.py:7: SheetLayout.PAYMENTS" in found
    assert [f for f in found if f.startswith("client.js")] == ["client.js: deal.panel", "client.js: solo"]


SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


def game_types() -> set[type]:
    """The replay and score types the games' replayers and ledgers give for the samples of every
    game (and the classes they derive from), where a game package defines them."""
    from vint_replay.engine.session import evaluate
    from vint_replay.formats import read_file

    found: set[type] = set()
    for path in sorted(SAMPLES.glob("*.json")) + sorted(SAMPLES.glob("*/*.json")):
        read = read_file(str(path))
        if read.record is None:  # the broken sample, and the corrections' list
            continue
        report = evaluate(read.record)
        for kind in {type(r) for r in report.replays} | {type(report.score)}:
            found |= {k for k in kind.__mro__ if k.__module__.startswith("vint_replay.games.")}
    return found


def dispatch_imports(root: Path, types: set[type]) -> list[str]:
    """Every import under ``root`` of a game's replay or score type (the key of a dispatch on
    which game a page holds): ``file:line: name``."""
    import importlib

    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("vint_replay"):
                module = importlib.import_module(node.module)
                found += [f"{path.relative_to(root)}:{node.lineno}: {a.name}" for a in node.names
                          if isinstance(imported := getattr(module, a.name, None), type) and imported in types]
    return found


def test_no_dashboard_module_imports_a_games_replay_or_score_type():
    """The pages ask the profile for the game's views (``session_view``, ``replay_view``), never
    the type of its replay or score: no module in dashboards/ imports one."""
    types = game_types()
    assert {t.__name__ for t in types} >= {"SoloReplay", "SoloScore", "TableReplay", "TableScore", "ColumnScore"}
    assert dispatch_imports(DASHBOARDS, types) == []


def test_the_import_check_finds_a_planted_dispatch(tmp_path):
    (tmp_path / "panels.py").write_text(
        "from vint_replay.games.solo.replay import SoloReplay\n"
        "from vint_replay.games.vint235.ledger import TableScore\n"
        "from vint_replay.engine.seats import Seat\n"
        "PANELS = {SoloReplay: 1, TableScore: 2}\n", encoding="utf-8")
    assert dispatch_imports(tmp_path, game_types()) == ["panels.py:1: SoloReplay", "panels.py:2: TableScore"]


def test_a_profiles_views_are_drawn_and_a_profile_without_gets_four_hands(tmp_path):
    """A game's own view data reaches the page through its profile's hooks, drawn by the one
    renderer; a profile that supplies none gets the four-handed scoresheet and card table."""
    from dataclasses import replace

    import dash

    from dashboards.app import create_app
    from dash_tree import by_id, ids
    from vint_replay.engine.views import Cell, Line, ReplayView, Row, SessionView, Table
    from vint_replay.games.vint.volchaninov import Volchaninov
    from vint_replay.store import Store

    class Shown(Volchaninov):  # stands for a game no module in dashboards/ knows
        def session_view(self, page):
            return SessionView((Table((Row((Cell("deal", head=True),)),), (Row((Cell(3, "num", "planted-cell"),)),),
                                      id="planted-table"),), "planted game")

        def replay_view(self, report, replay, seat):
            return ReplayView((Line("planted head", id="planted-head"),), (), (("all", "all hands"),))

    path = sorted(SAMPLES.glob("arbat-*.json"))[0]
    store = Store(tmp_path / "store")
    store.import_paths([str(path)], workers=1)
    app = create_app(tmp_path / "store")
    layouts = {page["path_template"]: page["layout"] for page in dash.page_registry.values() if page["path_template"]}
    session_page, replay_page = layouts["/session/<session_id>"], layouts["/replay/<session_id>/<deal>"]
    with app.server.test_request_context("/"):
        from dashboards.app import library

        sid = str(library().store.sessions(columns=["session_id"])["session_id"][0])
        plain = library().report(sid)
        four = session_page(session_id=sid)
        assert "deal-table" in ids(four) and "planted-table" not in ids(four)
        shown = replace(plain, profile=Shown())
        library().report = lambda *_args: shown  # the pages read the session through the library
        page = session_page(session_id=sid)
        assert by_id(page, "planted-cell").children == 3 and "deal-table" not in ids(page)
        card = replay_page(session_id=sid, deal=str(plain.replays[0].deal.number))
        assert by_id(card, "planted-head").children == "planted head" and "auction" not in ids(card)
        assert [v for v in ids(card) if v.startswith("view-")] == ["view-all"]
