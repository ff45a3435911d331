"""The readers and writers never ask which game a session is (issue 20 items 1 and 3): a game
supplies its own deal fields through its profile's codecs (``RuleProfile.deal_codecs``,
engine/fields.py), so ``vint_replay/formats/`` names no game switch and compares no profile's
name. Read statically, as python-chess's ``pgn`` module could be read for variant names."""
from __future__ import annotations

import ast
from pathlib import Path

from vint_replay.games.registry import profile_names

FORMATS = Path(__file__).resolve().parent.parent / "vint_replay" / "formats"
# the game switches issue 20 counts outside the game packages, and the games' deal fields
SWITCHES = {"solo_record", "SheetLayout", "TableMethod", "is_seated", "is_solo", "is_table", "_seats_players",
            "TABLE_TAGS", "VINT_ONLY_TAGS", "SOLO_TAGS", "SoloDeal", "TableDeal", "solo", "table"}
SESSION_TABLE = "table"  # SessionInfo.table is the session's table tag (PBN's [Table]), not a game's field


def switches(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """Where ``source`` tests which game it holds: a switch named in :data:`SWITCHES` (a deal's
    ``solo``/``table`` field read), or a profile's name compared or listed with others."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in SWITCHES - {"solo", "table"}:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and node.attr in SWITCHES:
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if node.attr != SESSION_TABLE or owner != "info":
                found.append((node.lineno, f"{owner}.{node.attr}"))
        elif isinstance(node, ast.alias) and node.name in SWITCHES:
            found.append((getattr(node, "lineno", 0), f"import {node.name}"))
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found += [(node.lineno, f"compares {name!r}") for name in _profile_names(side, names)]
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            listed = [name for item in node.elts for name in _profile_names(item, names)]
            found += [(node.lineno, f"lists {name!r}") for name in listed]
    return sorted(set(found))


def _profile_names(node: ast.expr, names: frozenset[str]) -> list[str]:
    if isinstance(node, ast.Constant) and node.value in names:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [name for item in node.elts for name in _profile_names(item, names)]
    return []


def formats_switches(root: Path) -> dict[str, list[tuple[int, str]]]:
    names = frozenset(profile_names())
    out = {}
    for path in sorted(root.glob("*.py")):
        found = switches(path.read_text(encoding="utf-8"), names)
        if found:
            out[path.name] = found
    return out


def test_the_formats_test_no_game() -> None:
    """issue 20 item 3: no ``solo_record``, ``isinstance(…, TableMethod)``, ``is_seated``, tag
    lists of one game, deal.solo/deal.table reads or profile-name comparisons in formats/."""
    assert formats_switches(FORMATS) == {}


def test_the_check_finds_each_kind_of_switch() -> None:
    """The checker itself: each spelling of a game switch is found, and the session's own
    ``info.table`` tag and a profile named as a foreign format's default are not."""
    names = frozenset(profile_names())
    source = '''
from ..games.vint235.method import TableMethod
if get_profile(rules).solo_record: pass
if isinstance(profile, TableMethod): pass
if deal.solo is not None: pass
if profile.name != "duplicate-bridge": pass
KNOWN = ("duplicate-bridge", "rubber-bridge")
if info.table: pass
info = SessionInfo("x", rules="duplicate-bridge")
'''
    assert switches(source, names) == [
        (2, "import TableMethod"), (3, ".solo_record"), (4, "TableMethod"), (5, "deal.solo"),
        (6, "compares 'duplicate-bridge'"), (7, "lists 'duplicate-bridge'"), (7, "lists 'rubber-bridge'")]


# -- another game's fields, now refused alike by both readers -------------------------------

def test_a_solo_whist_field_under_a_vint_profile_is_a_schema_error_in_json() -> None:
    """format.md §5.5: solo whist's fields are read only in a solo-whist session; "in any other,
    a solo-whist tag is a schema error" — in JSON too (it was an unknown field's warning)."""
    import json

    from builders import deal, session
    from vint_replay.engine.diagnostics import Severity
    from vint_replay.formats.json_record import read_json, write_json

    doc = json.loads(write_json(session(deal())))
    doc["deals"][0]["turn_up"] = "H2"
    [problem] = read_json(json.dumps(doc)).diagnostics
    assert (problem.code, problem.at, problem.severity) == ("schema", "turn_up", Severity.ERROR)
    assert "solo-whist deals" in problem.message and "volchaninov" in problem.message


def test_a_roles_tag_in_a_solo_whist_deal_is_refused_not_dropped() -> None:
    """format.md §5.6: roles are a field of the 2-, 3- and 5-player profiles; a solo-whist deal
    that gives [Roles] had it silently dropped (a known tag, read by no one): it is a schema
    error at the tag now, as under a four-handed profile."""
    from solo_records import solo_deal, solo_session
    from vint_replay.formats import write_text
    from vint_replay.formats.vint_text import read_vint

    text = write_text(solo_session(solo_deal(result=6)), "vint")
    roles = '[Roles "N a; E b; S c; W d"]'
    text = text.replace('[Dealer "N"]', '[Dealer "N"]\n' + roles, 1)
    [problem] = read_vint(text).diagnostics
    assert (problem.code, problem.at, problem.line) == ("schema", "roles", text[:text.index(roles)].count("\n") + 1)
    assert "2-, 3- and 5-player profiles" in problem.message


def test_pbn_scoring_comes_from_the_profile() -> None:
    """format.md §5.3: the written [Scoring] is MP for duplicate bridge, Rubber otherwise — the
    profile's ``pbn_scoring``, not a comparison of its name in the writer."""
    from dataclasses import replace

    from builders import deal, session
    from vint_replay.formats.pbn_write import write_pbn

    record = session(deal())
    for rules, scoring in (("duplicate-bridge", "MP"), ("rubber-bridge", "Rubber"), ("volchaninov", "Rubber")):
        text = write_pbn(replace(record, info=replace(record.info, rules=rules)))
        assert f'[Scoring "{scoring}"]' in text
