"""No page, payload or client in ``dashboards/`` asks which game or profile a session is (issue
20, "One seam for every game"): the game supplies what differs through its profile's attributes
and its replay's hooks. The check reads the source: the switches the issue counted by name, any
profile's name compared as a string, and a game test in the browser's script."""
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


def test_a_replay_of_a_kind_filed_nowhere_gets_the_protocols_panels():
    """A new game's replay that subclasses none of the filed ones is drawn from the terminal's
    protocol, as four hands are, not refused."""
    from dashboards.deal_panels import PANELS, panels_of
    from vint_replay.engine.replay import DealReplay

    class Whist:  # stands for a replay type no module in dashboards/ knows
        pass

    assert panels_of(Whist()) is PANELS[DealReplay]
