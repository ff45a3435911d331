"""The repository's docs stand on their own: every diagnostic code the code base can emit is
documented in docs/diagnostics.md, every section the code cites exists, and nothing points
outside the repository."""
from __future__ import annotations

import ast
import re
import shlex
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCES = ("vint_replay", "dashboards")

# Callables whose first argument (or ``code=`` keyword) is a diagnostic code.
CODE_TAKERS = {"Diagnostic", "IllegalMove", "HandError", "Finding", "report", "error"}
CODE_SHAPE = re.compile(r"[a-z][a-z_]*")

# Folders of generated files, not the project's own text: .git and those .gitignore names.
IGNORED_DIRS = [".git"] + [line.strip().strip("/") for line in (ROOT / ".gitignore").read_text().splitlines()
                           if line.strip().endswith("/")]
TEXT_SUFFIXES = {".py", ".md", ".js", ".css", ".toml", ".json", ".vint", ".csv", ".txt", ".cfg", ".ini",
                 ".yml", ".yaml", ".sh", ".html", ""}
OUTSIDE_REFERENCE = re.compile(r"\b(?:RULES|FORMAT)\.md\b|\bRULES §|\.\./shared\b|/work/shared\b")
CITATION = re.compile(r"\b(volchaninov|classic|laws|format)\.md §(\d+(?:\.\d+)?)")
DOC_OF = {"volchaninov": DOCS / "rules" / "volchaninov.md", "classic": DOCS / "rules" / "classic.md",
          "laws": DOCS / "rules" / "laws.md", "format": DOCS / "format.md"}


def _callee(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _strings(node: ast.expr) -> list[str]:
    """The string constants an argument can evaluate to (both arms of ``a if c else b``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def emitted_codes() -> dict[str, str]:
    """Every literal diagnostic code in the source, mapped to one place that emits it."""
    found: dict[str, str] = {}
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if not isinstance(node, ast.Call) or _callee(node) not in CODE_TAKERS:
                    continue
                args = [kw.value for kw in node.keywords if kw.arg == "code"] or node.args[:1]
                for code in (s for arg in args for s in _strings(arg)):
                    if CODE_SHAPE.fullmatch(code):
                        found.setdefault(code, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def documented_sections() -> dict[str, str]:
    """docs/diagnostics.md split into its ``### `code` `` sections."""
    text = (DOCS / "diagnostics.md").read_text(encoding="utf-8")
    parts = re.split(r"^### `([a-z_]+)`[^\n]*$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def _ignored(rel: Path) -> bool:
    """Whether a file lies in an ignored folder (a pattern with a slash is anchored at the root)."""
    folders = rel.parts[:-1]
    return any(fnmatch("/".join(folders[:i + 1]), pattern) if "/" in pattern else fnmatch(folders[i], pattern)
               for pattern in IGNORED_DIRS for i in range(len(folders)))


def repo_text_files() -> list[Path]:
    """The repository's own text files (this test excepted: it names what it looks for)."""
    return [path for path in ROOT.rglob("*")
            if path.is_file() and path.suffix.lower() in TEXT_SUFFIXES and path != Path(__file__).resolve()
            and not _ignored(path.relative_to(ROOT))]


def test_the_scan_finds_the_codes_it_must():
    """Guard against a scan that finds nothing (and so checks nothing)."""
    codes = emitted_codes()
    assert {"syntax", "schema", "bad_card", "revoke", "insufficient_bid", "order_needed", "auction_too_long",
            "internal"} <= set(codes)


def test_every_emitted_code_is_documented_with_its_message():
    sections = documented_sections()
    missing = {code: where for code, where in emitted_codes().items() if code not in sections}
    assert not missing, f"codes the tool can print but docs/diagnostics.md does not document: {missing}"
    for code, body in sections.items():
        printed = re.search(rf": {code}(?: \(warning\))?: \S", body)
        assert printed, f"docs/diagnostics.md `{code}` shows no message as the tool prints it"


def test_every_code_of_the_diagnostics_module_is_documented():
    from vint_replay.engine.diagnostics import CODES

    assert set(CODES) <= set(documented_sections())


def test_no_file_points_outside_the_repository():
    offenders = []
    for path in repo_text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE_REFERENCE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not offenders, "files that cite documents outside the repository:\n" + "\n".join(offenders)


def _headings(doc: Path) -> set[str]:
    """Section numbers of a doc's headings: ``## 4. …`` gives "4", ``### 3.2 …`` gives "3.2"."""
    return set(re.findall(r"^#{2,4} (\d+(?:\.\d+)?)\.? ", doc.read_text(encoding="utf-8"), flags=re.M))


def test_every_cited_section_exists():
    """A citation such as ``volchaninov.md §5`` or ``format.md §3.2`` names a real heading."""
    headings = {name: _headings(doc) for name, doc in DOC_OF.items() if doc.exists()}
    dangling = []
    for path in repo_text_files():
        for name, section in CITATION.findall(path.read_text(encoding="utf-8", errors="replace")):
            if section not in headings.get(name, set()):
                dangling.append(f"{path.relative_to(ROOT)}: {name}.md §{section}")
    assert not dangling, "citations of sections that do not exist:\n" + "\n".join(sorted(set(dangling)))


@pytest.mark.parametrize("doc", ["volchaninov", "classic", "laws"])
def test_rules_docs_keep_their_section_numbers(doc):
    expected = {"volchaninov": range(1, 8), "classic": range(1, 14), "laws": range(1, 12)}[doc]
    assert {str(n) for n in expected} <= _headings(DOC_OF[doc])


def test_relative_links_resolve():
    broken = []
    for page in [ROOT / "README.md", ROOT / "sample_data" / "README.md", *DOCS.rglob("*.md")]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} → {target}")
    assert not broken, "links to files that do not exist:\n" + "\n".join(broken)


def _examples() -> list[tuple[str, dict[str, str], str]]:
    """docs/diagnostics.md's examples: (section code, the files, the console block).

    The numbered listing under "The record the examples change" is the base record; a
    ``diff`` block changes it into ``club.vint``; a block whose info string names a file
    (```` ```vint club.vint ````) is that whole file; a ``console`` block runs on the files
    given since the previous one."""
    text = (DOCS / "diagnostics.md").read_text(encoding="utf-8")
    base_listing = text.split("## The record the examples change", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    base = [re.sub(r"^\s*\d+ ?", "", line) for line in base_listing.splitlines()]
    examples, files, code = [], {}, ""
    for match in re.finditer(r"^### `([a-z_]+)`|^```([^\n]*)\n(.*?)^```", text, flags=re.M | re.S):
        heading, info, body = match.groups()
        if heading:
            code = heading
        elif info == "diff":
            files = {"club.vint": _patched(base, body)}
        elif info == "console":
            examples.append((code, files, body))
            files = {}
        elif len(info.split()) == 2:
            files = {info.split()[1]: body}
    return examples


def _patched(base: list[str], diff: str) -> str:
    """``base`` with each hunk of ``diff`` applied (hunks separated by ``@@`` lines; each must
    match exactly one place)."""
    lines = list(base)
    for hunk in re.split(r"^@@.*\n", diff, flags=re.M):
        rows = [row for row in hunk.splitlines() if row]
        assert all(row[0] in " +-" for row in rows), f"a diff row starts with neither ' ', '+' nor '-': {hunk!r}"
        old = [row[1:] for row in rows if row[0] in " -"]
        new = [row[1:] for row in rows if row[0] in " +"]
        places = [i for i in range(len(lines) - len(old) + 1) if lines[i:i + len(old)] == old]
        assert len(places) == 1, f"diff hunk matches {len(places)} places of the base record: {hunk!r}"
        lines[places[0]:places[0] + len(old)] = new
    return "\n".join(lines) + "\n"


EXAMPLES = _examples()


def test_every_code_has_a_runnable_example():
    assert {code for code, _, _ in EXAMPLES} >= set(emitted_codes()) - {"internal"}


@pytest.mark.parametrize("code,files,console", EXAMPLES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(EXAMPLES)])
def test_diagnostics_examples_print_what_the_page_shows(code, files, console, tmp_path, monkeypatch):
    """Each example, run as shown, prints exactly the lines shown (import also prints a
    summary line with the time taken, which the page leaves out)."""
    from click.testing import CliRunner

    from vint_replay.cli import main

    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command, *expected = console.rstrip("\n").split("\n")
    args = shlex.split(command.removeprefix("$ vint-replay "))
    printed = CliRunner().invoke(main, args).output.rstrip("\n").split("\n")
    if args[0] == "validate":
        assert printed == expected
    else:
        assert [line for line in printed if line in expected] == expected, printed
    assert any(f": {code}" in line for line in expected)
