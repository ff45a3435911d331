"""The recorded team and pairs figures in the store (issue 24 item 3; docs/store.md, schema
version 3): PBN's ``[ScoreIMP]``, ``[ScoreMP]`` and ``[ScorePercentage]`` are kept with each
board on import, as written (value and side), and a store of schema version 2, whose deals
files have no such columns, still reads, takes new imports and compacts."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
from click.testing import CliRunner

from test_duplicate_comparison import game

from vint_replay.cli import main
from vint_replay.engine.seats import Side
from vint_replay.engine.record import RecordedFigures
from vint_replay.store import Store
from vint_replay.store.figures import COLUMNS
from vint_replay.store.layout import data_files
from vint_replay.store.manifest import MANIFEST, entry_of, load_manifest
from vint_replay.store.schema import SCHEMA_VERSION

TABLE_1, TABLE_2 = "match-2024-05-01-table-1", "match-2024-05-01-table-2"


def recorded_figures(store: Store, session_id: str) -> dict[int, RecordedFigures]:
    """The figures the stored session gives back (``load_session``, as ``export`` reads it), by board."""
    return {d.number: d.recorded_figures for d in store.load_session(session_id).deals if d.recorded_figures}


def _pairs(tmp_path: Path, name: str = "pairs.pbn", event: str = "Match") -> Path:
    """Board 1 at two tables of a pairs event, each with its recorded figures (one from E–W's side)."""
    path = tmp_path / name
    path.write_text(game("", 10, '[ScoreMP "NS 2"]\n[ScorePercentage "NS 100"]\n[ScoreIMP "NS 10"]\n', event=event)
                    + game("", 9, '[ScoreMP "EW 2"]\n[ScorePercentage "EW 100"]\n', event=event))
    return path


def test_recorded_figures_are_kept_on_import_as_written(tmp_path):
    """format.md §5.2: each figure for the side the tag names; a board without one has nulls."""
    store = Store(tmp_path / "store")
    assert {o.session_id for o in store.import_paths([str(_pairs(tmp_path))], workers=1).imported} == {TABLE_1, TABLE_2}
    assert recorded_figures(store, TABLE_1) == {1: RecordedFigures((Side.NS, 10), (Side.NS, 2), (Side.NS, 100))}
    assert recorded_figures(store, TABLE_2) == {1: RecordedFigures(None, (Side.EW, 2), (Side.EW, 100))}
    worked = Path(__file__).parent / "data" / "worked_example.json"
    store.import_paths([str(worked)], workers=1)  # the columnar (JSON) path: no figures, null columns
    assert recorded_figures(store, "rules-6-worked-example") == {}
    assert store.deals("rules-6-worked-example")[list(COLUMNS)].isna().all().all()


def _as_version_2(store: Store) -> None:
    """Make the store look as schema version 2 wrote it: deals files without the figure columns,
    each generation's manifest saying version 2 (with the rewritten files' sizes and checksums)."""
    for generation in (store.root / ".generations").iterdir():
        manifest = load_manifest(generation)
        assert manifest is not None
        files = dict(manifest.files)
        for file in data_files(generation, "deals"):
            old = pq.read_table(file).drop_columns(list(COLUMNS))
            file.unlink()
            pq.write_table(old, file)
            rel = str(file.relative_to(generation))
            files[rel] = entry_of(file, set(files[rel].sessions))
        raw = {"schema_version": 2, "files": {name: vars(entry) | {"sessions": list(entry.sessions)}
                                              for name, entry in sorted(files.items())}}
        (generation / MANIFEST).write_text(json.dumps(raw), encoding="utf-8")


def test_a_store_of_schema_version_2_reads_imports_and_compacts(tmp_path):
    """The old deals files read with the figures null; a new import writes a version-3 generation
    whose new boards keep their figures beside the old rows; compact merges both."""
    store = Store(tmp_path / "store")
    store.import_paths([str(_pairs(tmp_path))], workers=1)
    _as_version_2(store)
    store = Store(store.root)
    check = CliRunner().invoke(main, ["check", "--store", str(store.root), "--json"])
    assert check.exit_code == 0 and json.loads(check.output)["schema_version"] == 2, check.output
    assert store.load_session(TABLE_1).deals and recorded_figures(store, TABLE_1) == {}
    assert store.deals(TABLE_1)[list(COLUMNS)].isna().all().all()
    imported = store.import_paths([str(_pairs(tmp_path, "later.pbn", "Later"))], workers=1).imported
    assert {o.session_id for o in imported} == {"later-2024-05-01-table-1", "later-2024-05-01-table-2"}
    assert json.loads(CliRunner().invoke(main, ["check", "--store", str(store.root), "--json"]).output)[
        "schema_version"] == SCHEMA_VERSION
    store.compact()
    assert recorded_figures(store, "later-2024-05-01-table-1")[1].imps == (Side.NS, 10)
    assert recorded_figures(store, TABLE_1) == {}  # what version 2 never stored stays unknown
    assert store.load_session(TABLE_2).deals


# -- the session page: computed IMPs / matchpoints beside the recorded ones ------------------------

def _deal_table(store: Store, session_id: str) -> dict:
    from test_bridge_analysis import _deal_table as table

    return table(store, session_id)


def _row_cells(table: dict, board: int) -> list[dict]:
    from test_bridge_analysis import _nodes

    row = next(n for n in _nodes(table) if n["props"].get("id") is None and n.get("type") == "Tr"
               and any(str(c["props"].get("children")) == str(board) for c in n["props"]["children"]
                       if isinstance(c, dict)))
    return [c for c in row["props"]["children"] if isinstance(c, dict)]


def test_the_session_page_sets_computed_imps_beside_the_recorded_ones(tmp_path):
    """IMPs (duplicate-bridge.md §5, the WBF scale): open +420 against closed −50 is 470, 10 IMPs.
    The open room recorded [ScoreIMP "NS 10"]: shown beside, agreeing; the closed room recorded
    "NS -9": shown in red with what disagrees."""
    path = tmp_path / "match.pbn"
    path.write_text(game("Open", 10, '[ScoreIMP "NS 10"]\n') + game("Closed", 9, '[ScoreIMP "NS -9"]\n'))
    store = Store(tmp_path / "store")
    assert len(store.import_paths([str(path)], workers=1).imported) == 2
    open_room = _deal_table(store, "match-2024-05-01-open")
    assert _cells(open_room, "Th")[-2:] == ["IMPs (recorded)", "game"]
    cell = _row_cells(open_room, 1)[-2]
    assert json.dumps(cell, ensure_ascii=False).count("recorded NS 10") == 1 and "+10 IMPs" in json.dumps(cell)
    assert "bad-cell" not in cell["props"]["className"]
    closed = _row_cells(_deal_table(store, "match-2024-05-01-closed"), 1)[-2]
    assert "-10 IMPs" in json.dumps(closed) and "recorded NS -9" in json.dumps(closed)
    assert "bad-cell" in closed["props"]["className"] and "[ScoreIMP] NS -9" in closed["props"]["title"]


def test_the_session_page_sets_matchpoints_beside_the_recorded_ones(tmp_path):
    """Matchpoints (§5.1, two tables, top 2): table 1's +420 has 2 (100%), recorded NS 2 and NS 100%;
    table 2's −50 has 0, recorded "EW 2" (N–S's 0) and "EW 100%": both agree."""
    store = Store(tmp_path / "store")
    store.import_paths([str(_pairs(tmp_path))], workers=1)
    first = json.dumps(_row_cells(_deal_table(store, TABLE_1), 1)[-2], ensure_ascii=False)
    second = _row_cells(_deal_table(store, TABLE_2), 1)[-2]
    assert "2 MP 100.00%" in first and "recorded NS 10 · NS 2 · NS 100%" in first and "bad-cell" not in first
    assert "0 MP 0.00%" in json.dumps(second) and "recorded EW 2 · EW 100%" in json.dumps(second, ensure_ascii=False)
    assert "bad-cell" not in second["props"]["className"]


def test_the_session_page_matchpoints_a_pairs_event_whose_tables_began_at_other_minutes(tmp_path):
    """BBO's export dates each table with the minute it began (``2013-11-23 11:21``): the session
    page compares the tables of one [Event] on one day, as ``score --compare`` does (format.md §4.3,
    duplicate-bridge.md §5.1: two tables, top 2): +420 has 2 MP, −50 none."""
    path = tmp_path / "bbo.pbn"
    path.write_text("".join(game("", tricks).replace('[Date "2024.05.01"]', f'[Date "2013-11-23 11:2{i}"]')
                            for i, tricks in enumerate((10, 9))))
    store = Store(tmp_path / "store")
    ids = sorted(o.session_id for o in store.import_paths([str(path)], workers=1).imported)
    assert len(ids) == 2
    cells = [json.dumps(_row_cells(_deal_table(store, sid), 1)[-2], ensure_ascii=False) for sid in ids]
    assert "2 MP 100.00%" in cells[0] and "0 MP 0.00%" in cells[1]


def _page(store: Store, session_id: str) -> list[dict]:
    from test_bridge_analysis import session_page

    return session_page(store, session_id)


def _event_rows(store: Store, session_id: str) -> list[str]:
    """The event card's rows, each its cells' text joined by " | "."""
    from test_bridge_analysis import _nodes

    table = next((n for n in _page(store, session_id) if n["props"].get("id") == "event-sessions"), None)
    rows = [] if table is None else [n for n in _nodes(table) if n.get("type") == "Tr"][1:]
    return [" | ".join(_text(c) for c in r["props"]["children"]) for r in rows]


def _text(node: object) -> str:
    """A component's text, its children's in order."""
    if isinstance(node, dict):
        return _text(node.get("props", {}).get("children"))
    if isinstance(node, list):
        return "".join(map(_text, node))
    return "" if node is None else str(node)


def test_the_session_page_totals_the_event_room_against_room_and_links_the_others(tmp_path):
    """A match (duplicate-bridge.md §5, WBF scale): open +420 against closed −50 is 10 IMPs to the
    open room's N–S, −10 to the closed room's, over the one board compared, as score --compare
    totals them; the other room linked. A pairs event's tables in matchpoints (§5.1: top 2)."""
    path = tmp_path / "match.pbn"
    path.write_text(game("Open", 10, event="Teams") + game("Closed", 9, event="Teams"))
    store = Store(tmp_path / "store")
    assert len(store.import_paths([str(path), str(_pairs(tmp_path))], workers=1).imported) == 4
    assert _event_rows(store, "teams-2024-05-01-open") == ["open | 1 | +10 IMPs", "closed | 1 | -10 IMPs"]
    links = [n for n in _page(store, "teams-2024-05-01-open") if n.get("type") == "Link"
             and n["props"].get("href") == "/session/teams-2024-05-01-closed"]
    assert len(links) == 1
    assert _event_rows(store, TABLE_2) == ["table-1 | 1 | 2 MP", "table-2 | 1 | 0 MP"]  # the ids' own part


def test_a_session_alone_in_its_event_has_no_event_card(tmp_path):
    path = tmp_path / "open.pbn"
    path.write_text(game("Open", 10))
    store = Store(tmp_path / "store")
    [outcome] = store.import_paths([str(path)], workers=1).imported
    assert not [n for n in _page(store, outcome.session_id) if n["props"].get("id") == "event-card"]


def test_a_board_recorded_but_not_compared_shows_the_recorded_figure_alone(tmp_path):
    """One room of a match in the store: nothing to compare with, so the column shows the
    recorded figure in brackets; a vint session has no such column."""
    path = tmp_path / "open.pbn"
    path.write_text(game("Open", 10, '[ScoreIMP "NS 10"]\n'))
    store = Store(tmp_path / "store")
    [outcome] = store.import_paths([str(path)], workers=1).imported
    cell = _row_cells(_deal_table(store, outcome.session_id), 1)[-2]
    assert cell["props"]["children"] == "(NS 10)"
    worked = Path(__file__).parent / "data" / "worked_example.json"
    store.import_paths([str(worked)], workers=1)
    assert "IMPs (recorded)" not in _cells(_deal_table(store, "rules-6-worked-example"), "Th")


def _cells(node: dict, kind: str) -> list[str]:
    from test_bridge_analysis import _cells as cells

    return cells(node, kind)


def test_a_column_says_recorded_only_when_the_file_recorded_a_figure(tmp_path):
    """Issue 24: a pairs event whose file records no [ScoreMP] (nor IMPs, percentages) has its
    matchpoints computed against the other table under ``MP``, not ``MP (recorded)``; a team
    match's IMPs alike; a session with a recorded figure has ``MP (recorded)``, the other table of
    its event, which recorded none, ``MP``."""
    store = Store(tmp_path / "store")
    pairs, teams, one = tmp_path / "pairs.pbn", tmp_path / "teams.pbn", tmp_path / "one.pbn"
    pairs.write_text(game("", 10, event="Pairs") + game("", 9, event="Pairs"))
    teams.write_text(game("Open", 10, event="Teams") + game("Closed", 9, event="Teams"))
    one.write_text(game("", 10, '[ScoreMP "NS 2"]\n', event="One") + game("", 9, event="One"))
    assert len(store.import_paths([str(pairs), str(teams), str(one)], workers=1).imported) == 6
    for session_id, heading in (("pairs-2024-05-01-table-1", "MP"), ("teams-2024-05-01-open", "IMPs"),
                                ("one-2024-05-01-table-1", "MP (recorded)"),
                                ("one-2024-05-01-table-2", "MP")):
        table = _deal_table(store, session_id)
        assert _cells(table, "Th")[-2:] == [heading, "game"], session_id
    cell = json.dumps(_row_cells(_deal_table(store, "pairs-2024-05-01-table-1"), 1)[-2])
    assert "2 MP 100.00%" in cell and "recorded" not in cell


def test_a_correction_of_the_recorded_figures_alone_shows_on_the_running_dashboard(tmp_path):
    """docs/store.md, re-imports: a file whose [ScoreIMP] alone was put right is the session's next
    version, and a dashboard already serving the session shows the new figure (the session's
    scored report is cached by both of its hashes, not by its content alone)."""
    from dashboards.app import create_app
    from test_bridge_analysis import _dash, _nodes

    path = tmp_path / "match.pbn"
    path.write_text(game("Open", 10, '[ScoreIMP "NS 10"]\n') + game("Closed", 9, '[ScoreIMP "NS -9"]\n'))
    store = Store(tmp_path / "store")
    store.import_paths([str(path)], workers=1)
    client = create_app(store.root).server.test_client()

    def closed_cell() -> str:
        status, text = _dash(client, [("_pages_content", "children"), ("_pages_store", "data")],
                             [{"id": "_pages_location", "property": "pathname", "value": "/session/match-2024-05-01-closed"},
                              {"id": "_pages_location", "property": "search", "value": ""}])
        assert status == 200, text[-400:]
        tree = json.loads(text)["response"]["_pages_content"]["children"]
        table = next(node for node in _nodes(tree) if node["props"].get("id") == "deal-table")
        return json.dumps(_row_cells(table, 1)[-2], ensure_ascii=False)

    assert "recorded NS -9" in closed_cell() and "bad-cell" in closed_cell()
    path.write_text(game("Open", 10, '[ScoreIMP "NS 10"]\n') + game("Closed", 9, '[ScoreIMP "NS -10"]\n'))
    fixed = CliRunner().invoke(main, ["correct", str(path), "--reason", "closed room's IMPs as scored",
                                      "--store", str(store.root)])
    assert fixed.exit_code == 0, fixed.output
    cell = closed_cell()
    assert "recorded NS -10" in cell and "recorded NS -9" not in cell and "bad-cell" not in cell
