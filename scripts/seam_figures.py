#!/usr/bin/env python3
"""Issue 20's reviewer figures, counted from the source: game switches outside the game
packages, ``type: ignore`` comments, auction state machines, and import circles.

    python scripts/seam_figures.py            # this tree
    python scripts/seam_figures.py --list     # and every switch, file:line, and the ignores by file

A switch is a test of which game a session holds, by any of the spellings the issue lists
(``solo_record``, ``SheetLayout.PAYMENTS``, ``isinstance(…, TableMethod)``, ``is_solo``,
``is_table``, ``is_seated``, ``_seats_players``) or a comparison with a profile's name.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SWITCH = re.compile(r"solo_record|SheetLayout\.PAYMENTS|isinstance\([^)]*TableMethod|\bis_solo\b|\bis_table\w*\b"
                    r"|\bis_seated\b|_seats_players|(?:rules|name)\s*(?:==|!=|in)\s*\(?[\"'](?:volchaninov|classic|"
                    r"rubber-bridge|duplicate-bridge|vint[235]|solo-whist)")
GAME_CODE = ("vint_replay/games/",)
AUCTION = re.compile(r"^class (\w*Auction\w*)\b", re.M)


def sources() -> list[Path]:
    return sorted(p for top in ("vint_replay", "dashboards") for p in (ROOT / top).rglob("*.py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    switches: list[str] = []
    ignores: dict[str, int] = {}  # file -> its type: ignore comments
    machines: list[str] = []
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if text.count("# type: ignore"):
            ignores[rel] = text.count("# type: ignore")
        machines += [f"{rel}:{m}" for m in AUCTION.findall(text)]
        if rel.startswith(GAME_CODE):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if SWITCH.search(line):
                switches.append(f"{rel}:{number}: {line.strip()}")
    auctions = len(machines)
    files = {s.split(":")[0] for s in switches}
    print(f"game switches outside vint_replay/games/: {len(switches)} in {len(files)} files")
    print(f"'# type: ignore' comments: {sum(ignores.values())} in {len(ignores)} files")
    print(f"auction classes: {auctions} ({', '.join(machines)})")
    sys.path.insert(0, str(ROOT / "tests"))
    from test_import_graph import cycles, graph
    modules, edges = graph()
    print(f"import circles: {len(cycles(modules, [e for e in edges if not e.typing_only]))} at run time, "
          f"{len(cycles(modules, edges))} counting TYPE_CHECKING")
    if args.list:
        print("\n".join(switches))
        print("\n".join(f"{count:4} {rel}" for rel, count in sorted(ignores.items(), key=lambda i: (-i[1], i[0]))))


if __name__ == "__main__":
    main()
