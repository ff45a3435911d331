"""The import graph of ``vint_replay``, read statically (issue 20, "One seam for every game"):
no import circles, and an engine core that imports no game.

Every ``import``/``from … import`` counts, at any depth (a function's lazy import too), with
relative imports resolved; an import under ``if TYPE_CHECKING:`` is kept apart — it is no
runtime circle, but it is listed. Importing ``a.b.c`` also runs the packages ``a`` and ``a.b``
(their ``__init__``), so the edge goes to each of them that the importer is not already inside.

Run as a script to print the counts (cycles, upward imports) for a before/after measure.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "vint_replay"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE
ENGINE = f"{PACKAGE}.engine"
GAMES_PACKAGE = f"{PACKAGE}.games"
REGISTRY = f"{GAMES_PACKAGE}.registry"  # finds the games' profiles by name (module names as strings)
# the game families: each supplies what differs through the profile's hooks
GAMES = tuple(f"{GAMES_PACKAGE}.{name}" for name in ("vint", "bridge", "laws", "vint235", "solo"))
ENGINE_AND_GAMES = (ENGINE, GAMES_PACKAGE)
# the engine's core: what every game shares; it imports no game
CORE = tuple(f"{ENGINE}.{name}" for name in (
    "cards", "seats", "calls", "diagnostics", "errors", "printable", "plural", "gc_pause",
    "record", "fields", "auction", "play", "scoring", "summary", "audit_report", "rule_profile", "views"))
# What a game imports from the layers around the engine: the four-handed sheet, which the 2/3/5
# methods' sheet is with each rubber's columns named (players-2-3-5.md, format.md §5.6), and the
# irregularities in words, which the laws' page view says as the terminal does (laws.md §7–§8).
GAMES_REACH_OUT = {*((f"{GAMES_PACKAGE}.vint235.sheet", f"{PACKAGE}.{name}")
                     for name in ("reports", "reports.scoresheet", "reports.audit")),
                   *((f"{GAMES_PACKAGE}.laws.views", f"{PACKAGE}.{name}")
                     for name in ("reports", "reports.irregularities"))}


@dataclass(frozen=True, slots=True)
class Edge:
    """One module importing another: where (line), and whether only for the type checker."""

    source: str
    target: str
    line: int
    typing_only: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST, typing_only: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement under ``tree``, with whether it sits under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, typing_only
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.body:
                yield from imports(ast.Module(body=[child], type_ignores=[]), True)
            for child in node.orelse:
                yield from imports(ast.Module(body=[child], type_ignores=[]), typing_only)
        else:
            yield from imports(node, typing_only)


def targets(node: ast.Import | ast.ImportFrom, source: str, is_package: bool, known: set[str]) -> Iterator[str]:
    """The ``vint_replay`` modules an import statement names (for ``from m import x``: ``m.x``
    when that is a module, else ``m``)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        base = source.split(".") if is_package else source.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        stem = ".".join(base + ([node.module] if node.module else []))
    else:
        stem = node.module or ""
    for alias in node.names:
        yield f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in known else stem


def edges_of(source: str, is_package: bool, tree: ast.AST, known: set[str]) -> Iterator[Edge]:
    """The imports of one module (``source``) into the ``known`` modules."""
    for node, typing_only in imports(tree):
        for target in targets(node, source, is_package, known):
            parts = target.split(".")
            for depth in range(1, len(parts) + 1):  # the packages the import runs, then the module
                name = ".".join(parts[:depth])
                inside = source == name or source.startswith(name + ".")
                if name in known and not inside:
                    yield Edge(source, name, node.lineno, typing_only)


def graph() -> tuple[set[str], list[Edge]]:
    """All ``vint_replay`` modules and the imports between them."""
    files = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
    known = set(files)
    edges = []
    for source, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges.extend(edges_of(source, path.name == "__init__.py", tree, known))
    return known, edges


def cycles(modules: set[str], edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    out_edges: dict[str, set[str]] = {m: set() for m in modules}
    for edge in edges:
        out_edges[edge.source].add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(out_edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return sorted(found)


def in_any(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def upward(edges: list[Edge]) -> list[Edge]:
    """Imports from the engine's core into a game package (the type checker's too)."""
    return [e for e in edges if in_any(e.source, CORE) and in_any(e.target, GAMES)]


def family(module: str) -> str:
    """The part of the engine a module belongs to: a game package, the core, or the rest (the
    four-handed replay and ledger, the session)."""
    if in_any(module, CORE):
        return "core"
    if module in (ENGINE, GAMES_PACKAGE):  # the packages' __init__: their docstrings only
        return "core"
    if module == REGISTRY:
        return REGISTRY
    return next((g for g in GAMES if in_any(module, (g,))), ENGINE if in_any(module, (ENGINE,)) else module)


# Issue 20's layers, lowest first: a family imports only from layers below its own.
LAYERS = {"core": 0, REGISTRY: 1,  # the registry imports its games by name, when first asked
          f"{GAMES_PACKAGE}.laws": 1, f"{GAMES_PACKAGE}.vint": 1, f"{GAMES_PACKAGE}.bridge": 1,  # the laws; four-handed vint, bridge
          ENGINE: 2,  # the four-handed replay and ledger, the session
          f"{GAMES_PACKAGE}.vint235": 3, f"{GAMES_PACKAGE}.solo": 3}  # the games over the four-handed engine


def upward_imports(edges: list[Edge]) -> dict[tuple[str, int], list[str]]:
    """The engine's runtime import statements that reach a family on their own layer or above,
    by (module, line), with the modules they reach."""
    out: dict[tuple[str, int], list[str]] = {}
    for e in edges:
        if e.typing_only or not (in_any(e.source, ENGINE_AND_GAMES) and in_any(e.target, ENGINE_AND_GAMES)):
            continue
        source, target = family(e.source), family(e.target)
        if source != target and LAYERS[target] >= LAYERS[source]:
            reached = out.setdefault((e.source, e.line), [])
            reached.extend([] if e.target in reached else [e.target])
    return out


def describe(cycle: list[str], edges: list[Edge]) -> str:
    inner = {f"{e.source}:{e.line} -> {e.target}": None for e in edges if e.source in cycle and e.target in cycle}
    return "; ".join(inner)


def listed(edges: list[Edge]) -> str:
    return "\n".join(f"{e.source}:{e.line} -> {e.target}{' (TYPE_CHECKING)' if e.typing_only else ''}" for e in edges)


def test_the_graph_reads_every_kind_of_import() -> None:
    """Relative and absolute imports, lazy ones in a function, ``from . import`` a module, and
    the packages an import runs are edges; a ``TYPE_CHECKING`` import is one, marked typing-only."""
    known = {"p", "p.a", "p.b", "p.c", "p.d", "p.m", "p.q", "p.q.e"}
    tree = ast.parse("from typing import TYPE_CHECKING\nimport p.a\nfrom . import b\n"
                     "if TYPE_CHECKING:\n    from .c import C\n"
                     "def f():\n    from .d import D\n    from .q.e import E\n")
    edges = {(e.target, e.line, e.typing_only) for e in edges_of("p.m", False, tree, known)}
    assert edges == {("p.a", 2, False), ("p.b", 3, False), ("p.c", 5, True), ("p.d", 7, False),
                     ("p.q", 8, False), ("p.q.e", 8, False)}
    assert cycles(set("abcd"), [Edge("a", "b", 1, False), Edge("b", "c", 1, False), Edge("c", "a", 1, False),
                                Edge("c", "d", 1, False)]) == [["a", "b", "c"]]


def test_the_core_modules_exist() -> None:
    """The lists below name real modules (else the checks would pass over nothing)."""
    modules, _ = graph()
    assert set(CORE) <= modules and set(GAMES) <= modules, sorted(set(CORE + GAMES) - modules)


def test_no_runtime_import_cycles() -> None:
    """Issue 20: no two modules import each other, directly or round a circle (lazy imports too)."""
    modules, edges = graph()
    runtime = [e for e in edges if not e.typing_only]
    found = cycles(modules, runtime)
    assert not found, "import cycles:\n" + "\n".join(f"{c}: {describe(c, runtime)}" for c in found)


def test_no_type_checking_cycles_in_the_engine() -> None:
    """Nor do the type checker's imports close a circle in the engine: it is the same tangle."""
    modules, edges = graph()
    engine = [e for e in edges if in_any(e.source, ENGINE_AND_GAMES) and in_any(e.target, ENGINE_AND_GAMES)]
    found = cycles(modules, engine)
    assert not found, "import cycles (counting TYPE_CHECKING):\n" + "\n".join(
        f"{c}: {describe(c, engine)}" for c in found)


def test_no_type_checking_cycles_anywhere() -> None:
    """Issue 20: nor anywhere else (the store and its versions were the last such circle)."""
    modules, edges = graph()
    found = cycles(modules, edges)
    assert not found, "import cycles (counting TYPE_CHECKING):\n" + "\n".join(f"{c}: {describe(c, edges)}" for c in found)


def test_the_core_imports_no_game() -> None:
    """Issue 20: cards, seats, calls, diagnostics, the record, the auction, the play, scoring and
    the rule profile's hooks import no game package when the program runs."""
    _, edges = graph()
    found = [e for e in upward(edges) if not e.typing_only]
    assert not found, "the core imports a game:\n" + listed(found)


def test_the_games_import_downwards() -> None:
    """Issue 20: the engine's families import only from layers below (``LAYERS``): no game
    reaches into a game beside or above it, and the four-handed engine into no game over it."""
    modules, edges = graph()
    assert {family(m) for m in modules if in_any(m, ENGINE_AND_GAMES)} == set(LAYERS)
    found = upward_imports(edges)
    assert not found, "imports running back up:\n" + "\n".join(
        f"{source}:{line} -> {', '.join(targets)}" for (source, line), targets in sorted(found.items()))


def test_the_games_import_nothing_around_them() -> None:
    """Issue 20: a game's package imports the engine and the games below it, not the formats, the
    store or the reports built on them (a report's value type belongs in the core), save
    ``GAMES_REACH_OUT``."""
    _, edges = graph()
    found = [e for e in edges if in_any(e.source, (GAMES_PACKAGE,)) and not in_any(e.target, ENGINE_AND_GAMES)
             and (e.source, e.target) not in GAMES_REACH_OUT]
    assert not found, "a game imports a layer around it:\n" + listed(found)


def test_the_core_names_no_game_type() -> None:
    """Issue 20: nor does the type checker's: the record carries a game's own deal fields in one
    generic slot (``DealRecord.own``, a ``GameDeal``) and names no game's type, not even under
    ``TYPE_CHECKING``."""
    modules, edges = graph()
    assert f"{ENGINE}.record" in modules
    found = upward(edges)
    assert not found, "the core names a game's type:\n" + listed(found)


# the page layer: the games supply their views as plain data (engine/views.py) and never draw them
PAGE_PACKAGES = ("dashboards", "dash", "plotly", "flask")


def page_imports(root: Path = ROOT) -> list[str]:
    """Every import in the engine and the games of a page package: ``module:line: name``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path) if root == ROOT else path.stem
        if root == ROOT and not in_any(module, ENGINE_AND_GAMES):
            continue
        for node, _ in imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if not node.level else []
            found += [f"{module}:{node.lineno}: {n}" for n in names if n.split(".")[0] in PAGE_PACKAGES]
    return found


def test_the_games_import_no_page_layer() -> None:
    """Issue 20: a game's views are plain data; the engine and the games import no Dash, Plotly,
    Flask nor ``dashboards`` (dashboards/views.py draws what they supply)."""
    assert page_imports() == []


def test_the_page_layer_check_finds_each_kind_of_import(tmp_path: Path) -> None:
    (tmp_path / "views.py").write_text("import plotly.graph_objects as go\nfrom .cards import Card\n"
                                       "def draw():\n    from dash import html\n    from dashboards.views import block\n",
                                       encoding="utf-8")
    assert page_imports(tmp_path) == ["views:1: plotly.graph_objects", "views:4: dash", "views:5: dashboards.views"]


if __name__ == "__main__":
    all_modules, all_edges = graph()
    runtime_edges = [e for e in all_edges if not e.typing_only]
    core_up = upward(all_edges)
    print(f"runtime cycles: {len(cycles(all_modules, runtime_edges))}")
    print(f"cycles counting TYPE_CHECKING: {len(cycles(all_modules, all_edges))}")
    print(f"core -> game imports: {sum(not e.typing_only for e in core_up)} runtime, "
          f"{sum(e.typing_only for e in core_up)} TYPE_CHECKING (edges, a package's __init__ counted apart)")
    print(listed(core_up))
    for component in cycles(all_modules, all_edges):
        print(component, "::", describe(component, all_edges))
    upward_found = upward_imports(all_edges)
    print(f"engine imports running back up a layer (runtime statements): {len(upward_found)}")
    for (module, line), reached in sorted(upward_found.items()):
        print(f"  {module}:{line} -> {', '.join(reached)}")


def test_the_readers_leave_the_rules_to_the_engine() -> None:
    """Issue 20, item 3 ("readers parse; the engine decides"): the .vint and JSON readers
    replay no auction nor play of their own — ``AP`` and PBN's seat columns are settled by the
    engine (engine/settle.py), in the replay; the writer asks it only where ``AP`` may stand."""
    _, edges = graph()
    replaying = (f"{ENGINE}.auction", f"{ENGINE}.play", f"{ENGINE}.replay", f"{ENGINE}.written",
                 f"{GAMES_PACKAGE}.laws.auction")
    found = [e for e in edges if e.source in (f"{PACKAGE}.formats.vint_text", f"{PACKAGE}.formats.json_record")
             and e.target in replaying]
    assert not found, listed(found)
