"""Every third-party module the package, the dashboard, the tests, the benchmarks and the
scripts import is provided by a distribution that ``pyproject.toml`` declares itself — not one
that merely happens to be installed here, nor one that only arrives as another's dependency."""
from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("vint_replay", "dashboards", "tests", "benchmarks", "scripts")


def _normal(name: str) -> str:
    """A distribution's name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_distributions() -> set[str]:
    """Every distribution named in ``[project] dependencies`` and its optional extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        requirements += extra
    names = set()
    for requirement in requirements:
        match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
        assert match, requirement
        names.add(_normal(match.group()))
    return names


def local_modules() -> set[str]:
    """The project's own top-level modules: its packages and the helper files and packages
    beside tests, benchmarks and scripts (the test game ``tests/plain_whist``)."""
    names = {"vint_replay", "dashboards"}
    for folder in SOURCES[2:]:
        names |= {path.stem for path in (ROOT / folder).glob("*.py")}
        names |= {path.parent.name for path in (ROOT / folder).glob("*/__init__.py")}
    return names


def imported_modules() -> dict[str, str]:
    """Each top-level module imported by a source file, with the first file importing it."""
    found: dict[str, str] = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    found.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return found


def undeclared_imports(declared: set[str]) -> tuple[int, list[str]]:
    """How many third-party modules are imported, and those no ``declared`` distribution provides."""
    providers = packages_distributions()
    local = local_modules()
    checked, missing = 0, []
    for module, where in sorted(imported_modules().items()):
        if module in sys.stdlib_module_names or module in local or module == "__future__":
            continue
        checked += 1
        distributions = {_normal(name) for name in providers.get(module, [])}
        if not distributions & declared:
            missing.append(f"{module} (imported by {where}; installed from {sorted(distributions) or 'nothing'})")
    return checked, missing


def test_every_third_party_import_is_declared():
    checked, missing = undeclared_imports(declared_distributions())
    assert checked >= 10, f"only {checked} third-party imports found: the scan is broken"
    assert not missing, "imported but not declared in pyproject.toml: " + "; ".join(missing)


def test_dropping_any_needed_declaration_is_reported():
    """The check can fail: leave out any declared distribution that provides an imported module
    and the scan names that module."""
    declared = declared_distributions()
    providers = packages_distributions()
    needed = {_normal(dist) for module in imported_modules() for dist in providers.get(module, [])} & declared
    assert len(needed) >= 10, sorted(needed)
    for distribution in sorted(needed):
        _, missing = undeclared_imports(declared - {distribution})
        assert missing, f"dropping {distribution} went unnoticed"
