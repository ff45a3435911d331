"""One content hash (docs/store.md, "Re-imports" and "One content hash"): the reference path
and the columnar path build a session's canonical bytes with the same functions, deal for deal
byte-identical; the hashes are those stores have always kept, so a store written before this
change re-imported with the same file is "unchanged"; recorded team and pairs figures are not
part of the content.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import random_session, sessions
from synthetic_profile import ALL_PROFILES
from test_columnar import FAST, SAMPLES, as_raw, club, profile_of
from test_store_figures import recorded_figures
from vint_replay.formats import format_of, read_sessions
from vint_replay.formats.json_record import read_json
from vint_replay.games.registry import get_profile
from vint_replay.store import Store
from vint_replay.store.columnar import batch_supported, check_sessions
from vint_replay.store.content import columnar_contents, columnar_sha256, content_sha256, deal_content

ROOT = Path(__file__).resolve().parents[1]
# the content_sha256 of each session of these files as the code before "one content hash" wrote
# it into stores (written once by that code; never regenerate it from the code under test)
# Files the reader now cuts into other sessions than when the fixture was written, so their
# sessions' hashes are not comparable: sample-imp.pbn holds one board of each of two team
# matches without [Room], read as a session per match and table since (docs/format.md §5.2).
RESPLIT = {"tests/data/pbn/sample-imp.pbn"}
LEGACY = {name: hashes for name, hashes in
          json.loads((ROOT / "tests" / "hashes" / "content_sha256_v1.json").read_text(encoding="utf-8")).items()
          if name not in RESPLIT}
pytestmark = pytest.mark.usefixtures("synthetic_profiles")


def assert_byte_identical(raws: list[dict]) -> None:
    """The columnar path's bytes of every deal equal the reference path's, and so the hashes
    (a profile the columnar path declines has only the reference path's)."""
    batch, refused = check_sessions(raws, profile_of(raws[0]))
    if not batch_supported(profile_of(raws[0])):
        assert refused == list(range(len(raws)))
        return
    assert refused == [] and len(batch) == len(raws)
    records = [read_json(json.dumps(raw, ensure_ascii=False)).record for raw in raws]
    assert list(columnar_contents(batch)) == [[deal_content(d) for d in record.deals] for record in records]
    assert columnar_sha256(batch) == [content_sha256(record) for record in records]


@pytest.mark.parametrize("rules", ALL_PROFILES)
@FAST
@given(data=st.data())
def test_both_paths_give_byte_identical_deals_for_random_sessions(rules: str, data):
    records = data.draw(st.lists(sessions(max_deals=8, rules=rules, with_options=False), min_size=1, max_size=3,
                                 unique_by=lambda r: r.info.id))
    assert_byte_identical([as_raw(r) for r in records])


@pytest.mark.parametrize("rules", ALL_PROFILES)
def test_both_paths_give_byte_identical_deals_for_long_sessions(rules: str):
    assert_byte_identical([as_raw(random_session(random.Random(seed).randrange, 60, f"long-{seed}", rules=rules))
                           for seed in range(3)])


def test_both_paths_give_byte_identical_deals_for_generated_evenings_and_samples():
    assert_byte_identical(club(7, 400, 120, 3))  # paper scores, planted mistakes, passed-out deals
    raws = [json.loads(p.read_text(encoding="utf-8")) for p in SAMPLES]
    taken = [raw for raw in raws if not check_sessions([raw], profile_of(raw))[1]]
    assert len(taken) > 1
    for rules in {raw["session"].get("rules") for raw in taken}:  # one batch per profile
        assert_byte_identical([raw for raw in taken if raw["session"].get("rules") == rules])


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_every_game_sample_hashes_as_stores_written_before_kept_it(name: str):
    # every game's samples (vint, classic, bridge JSON and PBN, LIN, the laws, 2/3/5, solo whist)
    data = (ROOT / name).read_bytes()
    got = [content_sha256(r.record) for r in read_sessions(data, format_of(name)) if r.record is not None]
    assert got == LEGACY[name]


def test_a_store_written_before_reimported_with_the_same_session_is_unchanged(tmp_path: Path):
    # docs/store.md "Re-imports": the same content is "unchanged", whichever path checks it
    plain, vint, solo = "sample_data/arbat-2026-11-03-t1.json", "sample_data/arbat-2026-11-03-t1.vint", \
        next(n for n in sorted(LEGACY) if n.startswith("sample_data/solo/"))
    store = Store(tmp_path / "store")
    store.import_paths([str(ROOT / plain), str(ROOT / solo)], workers=1)
    stored = dict(zip(*store.sessions(columns=["session_id", "content_sha256"]).to_dict("list").values()))
    assert sorted(stored.values()) == sorted(LEGACY[plain] + LEGACY[solo])
    relaid = tmp_path / "relaid.json"  # other bytes, so it is checked again, by the columnar path
    relaid.write_text(json.dumps(json.loads((ROOT / plain).read_text(encoding="utf-8")), indent=4), encoding="utf-8")
    summary = store.import_paths([str(relaid), str(ROOT / vint)], workers=1)
    assert [o.status for o in summary.outcomes] == ["unchanged", "unchanged"] and summary.deals == 0


def test_recorded_figures_alone_leave_the_content_hash_and_make_a_new_version(tmp_path: Path):
    # docs/store.md "Re-imports": [ScoreIMP] is kept beside the record, outside its content hash
    # (older stores stay `unchanged` from their files), and hashed on its own (kept_sha256): a
    # file whose figures alone were corrected is refused without --replace, and is the next version with it
    source = (ROOT / "tests/data/pbn/sample-imp.pbn").read_text(encoding="utf-8")
    changed = source.replace('[ScoreIMP "NS -2 EW 2"]', '[ScoreIMP "NS -3 EW 3"]')
    assert changed != source
    first, second = tmp_path / "first.pbn", tmp_path / "second.pbn"
    first.write_text(source, encoding="utf-8")
    second.write_text(changed, encoding="utf-8")
    assert [content_sha256(r.record) for r in read_sessions(first.read_bytes(), "pbn")] == \
        [content_sha256(r.record) for r in read_sessions(second.read_bytes(), "pbn")]
    store = Store(tmp_path / "store")
    store.import_paths([str(first)], workers=1)
    before = {sid: recorded_figures(store, sid) for sid in store.sessions()["session_id"]}
    summary = store.import_paths([str(second)], workers=1)
    [refused] = summary.rejected
    assert refused.reason == (f"session {refused.session_id!r} is already in the store with different recorded "
                              "figures or kept PBN tags (use --replace)")
    assert {o.status for o in summary.outcomes} == {"rejected", "unchanged"}  # the file's other room is as stored
    assert {sid: recorded_figures(store, sid) for sid in store.sessions()["session_id"]} == before
    [replaced] = store.import_paths([str(second)], replace=True, workers=1).replaced
    assert replaced.session_id == refused.session_id and replaced.version == 2
    after = recorded_figures(store, replaced.session_id)
    assert after != before[replaced.session_id]
    assert {board: f.imps for board, f in after.items() if f.imps is not None} == {
        board: (f.imps[0], {-2: -3, 2: 3}.get(f.imps[1], f.imps[1]))
        for board, f in before[replaced.session_id].items() if f.imps is not None}
    assert {o.status for o in store.import_paths([str(second)], workers=1).outcomes} == {"unchanged"}
