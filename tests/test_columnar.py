"""The columnar batch path against the reference engine (read_json + evaluate + Ledger).

Differential tests: whatever the batch path takes must give exactly the rows the reference
engine gives (every stored column of every table, every score entry, games, rubbers, totals,
content hash), and every session the reference engine finds invalid or irregular must be
refused by the batch path, so the importer falls back and reports the reference diagnostics.
The random sessions run under every registered profile and the synthetic test profiles: the
batch path must take those whose profile it supports and refuse the others.
"""
from __future__ import annotations

import copy
import json
import random
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import Choose, random_session, sessions
from synthetic_profile import ALL_PROFILES
from test_properties import CORRUPTIONS, corrupt
from vint_replay.games.registry import get_profile
from vint_replay.store.columnar import batch_supported, check_sessions
from vint_replay.formats.json_record import read_json, record_to_json
from vint_replay.engine.record import SessionRecord
from vint_replay.engine.diagnostics import Diagnostic
from vint_replay.engine.session import SessionReport, evaluate
from vint_replay.simulators.vint import deal_record, generated_session
from vint_replay.store import Store
from vint_replay.store import columnar, importer
from vint_replay.store.content import NOTHING_KEPT, columnar_sha256, content_sha256, kept_sha256
from vint_replay.store.rows import Source, TableRows

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "sample_data").glob("*.json"))
NOW = datetime(2026, 11, 30, tzinfo=timezone.utc)
SOURCE = Source("/somewhere/file.json", "json", "0" * 64)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PER_PROFILE = settings(FAST, max_examples=15)
pytestmark = pytest.mark.usefixtures("synthetic_profiles")


def reference(raw: dict):
    """The reference engine's verdict on a decoded file: (report or None, its diagnostics)."""
    result = read_json(json.dumps(raw, ensure_ascii=False))
    if result.record is None:
        return None, result.diagnostics
    report = evaluate(result.record, result.diagnostics)
    return report, report.diagnostics


def reference_tables(raws: list[dict]) -> dict[str, dict]:
    rows = TableRows()
    for raw in raws:
        report, _ = reference(raw)
        assert report is not None and report.valid
        rows.add(report, SOURCE, NOW, content_sha256(report.record), kept_sha256(report.record))
    return {table: batch.to_pydict() for table, batch in rows.batches().items()}


def profile_of(raw: dict):
    """The profile a decoded session names (the batch path is run with it)."""
    return get_profile(raw["session"].get("rules"), raw["session"].get("options"))


def batch_tables(raws: list[dict]) -> dict[str, dict]:
    batch, refused = check_sessions(raws, profile_of(raws[0]))
    assert refused == []
    rows = TableRows()
    rows.add_columnar(batch, [SOURCE] * len(batch), NOW, columnar_sha256(batch), NOTHING_KEPT)
    return {table: data.to_pydict() for table, data in rows.batches().items()}


def assert_same_as_reference(raws: list[dict]) -> None:
    expected, got = reference_tables(raws), batch_tables(raws)
    for table in expected:
        assert got[table].keys() == expected[table].keys()
        for column in expected[table]:
            assert got[table][column] == expected[table][column], (table, column)


def as_raw(record: SessionRecord) -> dict:
    return json.loads(json.dumps(record_to_json(record)))


def club(seed: int, *sizes: int) -> list[dict]:
    """Generated club evenings of these sizes (simulate.py: with paper scores and planted mistakes)."""
    out = []
    for index, size in enumerate(sizes):
        info, deals = generated_session(seed, index, size)
        out.append(as_raw(SessionRecord(info, tuple(deal_record(d) for d in deals))))
    return out


# ---------------------------------------------------------------- valid sessions: identical results


@pytest.mark.parametrize("rules", ALL_PROFILES)
@PER_PROFILE
@given(data=st.data())
def test_random_legal_sessions_give_the_reference_rows(rules: str, data):
    """Taken with the reference rows where the batch path supports the profile; refused (and
    valid for the reference engine) where it does not."""
    records = data.draw(st.lists(sessions(max_deals=8, rules=rules, with_options=False), min_size=1, max_size=3,
                                 unique_by=lambda r: r.info.id))
    raws = [as_raw(r) for r in records]
    profile = get_profile(rules)
    if batch_supported(profile):
        assert_same_as_reference(raws)
    else:
        assert check_sessions(raws, profile)[1] == list(range(len(raws)))
        reference_tables(raws)


@pytest.mark.parametrize("rules", ALL_PROFILES)
def test_long_random_sessions_give_the_reference_rows(rules: str):
    """Sessions long enough for several rubbers, rubber ends and passed-out deals in between,
    under every profile."""
    raws = [as_raw(random_session(random.Random(seed).randrange, 60, f"long-{seed}", rules=rules))
            for seed in range(3)]
    profile = get_profile(rules)
    batch, refused = check_sessions(raws, profile)
    if not batch_supported(profile):
        assert refused == [0, 1, 2]
        return
    assert refused == [] and min(batch.rubbers) >= 2 and batch.passed_out.any()
    assert_same_as_reference(raws)


def test_the_synthetic_profile_is_taken_and_its_twin_declined():
    """The synthetic profile overrides only hooks the batch path takes from the profile, so the
    differential test above compares rows for it; its reference twin overrides the ones the
    batch path declines."""
    assert batch_supported(get_profile("synthetic"))
    assert not batch_supported(get_profile("synthetic-reference"))


def test_generated_club_evenings_give_the_reference_rows():
    # long sessions: several rubbers, games won mid-deal, planted scoresheet mistakes (audit)
    raws = club(11, 700, 300, 5)
    assert_same_as_reference(raws)


def test_plain_samples_give_the_reference_rows_and_irregular_ones_fall_back():
    raws = [json.loads(p.read_text(encoding="utf-8")) for p in SAMPLES]
    refused = [i for i, raw in enumerate(raws) if check_sessions([raw], profile_of(raw))[1]]
    left = [i for i, raw in enumerate(raws)  # result-only deals, profiles the batch path declines
            if any("result" in d for d in raw["deals"]) or not batch_supported(profile_of(raw))]
    assert refused == left and len(left) < len(raws) - 1
    taken = [raw for i, raw in enumerate(raws) if i not in refused]
    for rules in {raw["session"].get("rules") for raw in taken}:  # one batch per profile
        assert_same_as_reference([raw for raw in taken if raw["session"].get("rules") == rules])


def test_several_rubbers_and_a_session_boundary_reset_the_ledger():
    raws = club(5, 150, 150)
    batch, _ = check_sessions(raws)
    assert max(batch.rubbers) >= 2 and len(batch) >= 2
    assert_same_as_reference(raws)


def test_rows_of_both_paths_mix_in_session_order():
    raws = club(2, 40, 30, 20)
    rows = TableRows()
    for i, raw in enumerate(raws):
        if i == 1:
            batch, _ = check_sessions([raw])
            rows.add_columnar(batch, [SOURCE], NOW, columnar_sha256(batch), NOTHING_KEPT)
        else:
            report, _ = reference(raw)
            rows.add(report, SOURCE, NOW, content_sha256(report.record), kept_sha256(report.record))
    mixed = {table: batch.to_pydict() for table, batch in rows.batches().items()}
    assert mixed == reference_tables(raws)


# ---------------------------------------------------------------- anything irregular falls back


def _card_lowercase(deal: dict) -> None:
    """The first card of the play, or of a passed-out deal's first hand with a picture card
    (some hand holds the ♠A), written in lowercase."""
    if "play" in deal:
        deal["play"][0] = deal["play"][0].lower()
        return
    seat = next(seat for seat, hand in deal["hands"].items() if hand != hand.lower())
    deal["hands"][seat] = deal["hands"][seat].lower()


def _ten_as_10(deal: dict) -> None:
    """The tens of the first hand holding one (some hand holds the ♠T) written 10."""
    seat = next(seat for seat, hand in deal["hands"].items() if "T" in hand)
    deal["hands"][seat] = deal["hands"][seat].replace("T", "10")


def _ranks_unordered(deal: dict) -> None:
    suits = deal["hands"]["E"].split(".")
    suits = [s[::-1] for s in suits]
    deal["hands"]["E"] = ".".join(suits)


def _card_moved_between_hands(deal: dict) -> None:
    n, e = deal["hands"]["N"].split("."), deal["hands"]["E"].split(".")
    for s in range(4):
        if n[s]:
            e[s] = "".join(sorted(e[s] + n[s][0], key="AKQJT98765432".index))
            n[s] = n[s][1:]
            break
    deal["hands"]["N"], deal["hands"]["E"] = ".".join(n), ".".join(e)


def _hands_swapped_suits(deal: dict) -> None:
    deal["hands"]["S"] = ".".join(deal["hands"]["S"].split(".")[::-1])


MUTATIONS = {
    "card lowercase": _card_lowercase,
    "ten written 10": _ten_as_10,
    "ranks low to high": _ranks_unordered,
    "card moved to another hand": _card_moved_between_hands,
    "a hand's suits reversed": _hands_swapped_suits,
    "number true": lambda d: d.__setitem__("number", True),
    "number float": lambda d: d.__setitem__("number", float(d["number"])),
    "number text": lambda d: d.__setitem__("number", str(d["number"])),
    "dealer lowercase": lambda d: d.__setitem__("dealer", d["dealer"].lower()),
    "call spelled 1s": lambda d: d["auction"].__setitem__(-1, "Pass"),
    "pass spelled p": lambda d: d["auction"].__setitem__(0, "p"),
    "call with space": lambda d: d["auction"].__setitem__(0, d["auction"][0] + " "),
    "extra pass": lambda d: d["auction"].append("pass"),
    "one pass short": lambda d: d["auction"].pop(),
    "a pass more before a bid": lambda d: d["auction"].insert(0, "pass"),
    "unknown deal field": lambda d: d.__setitem__("vulnerable", "NS"),
    "deal comments": lambda d: d.__setitem__("comments", [{"before": "Auction", "text": "x"}]),
    "recorded extra key": lambda d: d.setdefault("recorded", {"NS": {"below": 0, "above": 0},
                                                              "EW": {"below": 0, "above": 0}}).__setitem__("x", 1),
    "recorded float": lambda d: d.__setitem__("recorded", {"NS": {"below": 0.0, "above": 0},
                                                           "EW": {"below": 0, "above": 0}}),
    "recorded bool": lambda d: d.__setitem__("recorded", {"NS": {"below": True, "above": 0},
                                                          "EW": {"below": 0, "above": 0}}),
    "recorded side extra key": lambda d: d.setdefault("recorded", {"NS": {"below": 0, "above": 0},
                                                                   "EW": {"below": 0, "above": 0}})["EW"].__setitem__("x", 1),
    "hands missing": lambda d: d.pop("hands"),
    "hands with a fifth seat": lambda d: d["hands"].__setitem__("X", ""),
    "play nested in tricks": lambda d: d.__setitem__("play", [d["play"][i:i + 4] for i in range(0, 52, 4)])
    if "play" in d else d.__setitem__("play", []),
    "play given for a passed-out deal or dropped": lambda d: d.pop("play") if "play" in d
    else d.__setitem__("play", ["SA"] * 52),
    "play card repeated": lambda d: d["play"].__setitem__(5, d["play"][1]) if "play" in d else d.pop("auction"),
    "result added": lambda d: d.__setitem__("result", {"declarer_tricks": 7}),
}


PASS_MUTATIONS = ("extra pass", "one pass short", "a pass more before a bid")


SESSION_MUTATIONS = {
    "unknown top field": lambda raw: raw.__setitem__("note", 1),
    "top comments": lambda raw: raw.__setitem__("comments", [{"before": "end", "text": "x"}]),
    "unknown session field": lambda raw: raw["session"].__setitem__("scorer", "me"),
    "format": lambda raw: raw.__setitem__("format", "vint-record/2"),
    "rules unknown": lambda raw: raw["session"].__setitem__("rules", "bridge"),
    "rules null": lambda raw: raw["session"].__setitem__("rules", None),
    "blank id": lambda raw: raw["session"].__setitem__("id", " "),
    "player missing": lambda raw: raw["session"]["players"].pop("W"),
    "player a number": lambda raw: raw["session"]["players"].__setitem__("W", 7),
    "a fifth player": lambda raw: raw["session"]["players"].__setitem__("kibitzer", "Orlov"),
    "event a number": lambda raw: raw["session"].__setitem__("event", 7),
    "event null": lambda raw: raw["session"].__setitem__("event", None),
    "no deals": lambda raw: raw.__setitem__("deals", []),
    "deal not an object": lambda raw: raw["deals"].__setitem__(0, list(raw["deals"][0])),
    "deals reversed": lambda raw: raw["deals"].reverse(),
}


def mutated(raw: dict, name: str, choose: Choose) -> dict:
    """``raw`` with the deal mutation ``name`` applied to one deal (``choose(n)``: 0 … n-1)
    among those it changes; every mutation changes some deal of any session."""
    before = [json.dumps(deal) for deal in raw["deals"]]
    trials = [json.loads(text) for text in before]
    for trial in trials:
        MUTATIONS[name](trial)
    changed = [k for k, trial in enumerate(trials) if json.dumps(trial) != before[k]]
    assert changed, name
    out = copy.deepcopy(raw)
    k = changed[choose(len(changed))]
    out["deals"][k] = trials[k]
    return json.loads(json.dumps(out))


PLAIN_DEAL_FIELDS = {"number", "dealer", "hands", "auction", "play", "recorded"}  # what the batch path reads


def why_refused(raw: dict, report: SessionReport | None, diagnostics: Sequence[Diagnostic]) -> str | None:
    """Why the batch path may refuse a session: it takes only plainly valid, canonical
    vint-record/1 JSON of a profile it supports, deals with their hands and no other fields
    (columnar.py's contract). ``None``: it has no reason to."""
    if report is None or not report.valid or diagnostics:
        return "the reference engine reports it"
    if not batch_supported(report.profile):
        return "its profile takes the reference path"
    if raw.keys() != {"format", "session", "deals"} or not raw["deals"]:
        return "other top-level fields, or no deals"
    if any(not deal.keys() <= PLAIN_DEAL_FIELDS or "hands" not in deal for deal in raw["deals"]):
        return "a deal with other fields (a result, comments, unknown ones) or without its hands"
    if json.loads(json.dumps(record_to_json(report.record))) != raw:
        return "not written as the writer writes it"
    return None


def assert_fallback_is_safe(raw: dict) -> str | None:
    """Taken by the batch path only if the reference engine finds it valid and silent, and then
    with the reference rows; refused only for a reason (:func:`why_refused`), which is returned
    (``None``: taken)."""
    report, diagnostics = reference(raw)
    try:
        profile = profile_of(raw)
    except (KeyError, TypeError, ValueError, AttributeError):
        profile = None  # no such profile: the default one's batch path is asked
    batch, refused = check_sessions([raw], profile)
    if refused:
        reason = why_refused(raw, report, diagnostics)
        assert reason is not None, "refused a plainly valid, canonical session"
        return reason
    assert report is not None and report.valid and not diagnostics, [str(d) for d in diagnostics]
    assert_same_as_reference([raw])
    return None


@pytest.mark.parametrize("rules", ALL_PROFILES)
@PER_PROFILE
@given(st.sampled_from(CORRUPTIONS), st.data())
def test_every_single_corruption_is_refused(rules: str, kind, data):
    record = data.draw(sessions(min_deals=1, max_deals=4, rules=rules))
    raw = record_to_json(record)
    corrupt(data, record, kind, raw)
    raw = json.loads(json.dumps(raw))
    _, refused = check_sessions([raw], profile_of(raw))
    assert refused == [0]


@pytest.mark.parametrize("rules", ALL_PROFILES)
@PER_PROFILE
@given(st.sampled_from(sorted(MUTATIONS)), st.data())
def test_irregular_deals_fall_back(rules: str, name: str, data):
    """Non-canonical or irregular: never taken, and refused for a reason. The pass mutations
    break the profile's pass counts (or, a pass more before a bid, move the declarer away from
    the play): the reference engine reports them."""
    raw = as_raw(data.draw(sessions(min_deals=1, max_deals=4, rules=rules, with_options=False)))
    raw = mutated(raw, name, lambda n: data.draw(st.integers(0, n - 1)))
    reason = assert_fallback_is_safe(raw)
    assert reason is not None, name
    if name in PASS_MUTATIONS and batch_supported(profile_of(raw)):
        assert reason == "the reference engine reports it", name


@pytest.mark.parametrize("name", sorted(SESSION_MUTATIONS))
def test_irregular_sessions_fall_back(name: str):
    raw = club(4, 40)[0]
    SESSION_MUTATIONS[name](raw)
    reason = assert_fallback_is_safe(raw)
    assert (reason is None) == (name == "event null"), name  # a null tag is read as no tag: taken


@pytest.mark.parametrize("first", [-5, 0, 32767 - 3, 32767 - 2])
def test_deal_numbers_outside_1_to_32767_are_refused_as_the_reference_refuses(first: int):
    """The batch path takes exactly the numbers the reference reader takes: 1–32767."""
    raw = club(4, 4)[0]
    for k, deal in enumerate(raw["deals"]):
        deal["number"] = first + k
    report, diagnostics = reference(raw)
    outside = [n for n in range(first, first + 4) if not 1 <= n <= 32767]
    in_range = not outside
    assert [d.at for d in diagnostics if d.code == "schema"] == ["number"] * len(outside)
    refused = check_sessions([raw])[1]
    assert refused == ([] if in_range and report.valid and not diagnostics else [0])
    if not refused:
        assert_same_as_reference([raw])


def test_a_refused_session_does_not_hold_back_the_others():
    raws = club(6, 30, 30, 30)
    broken = copy.deepcopy(raws[1])
    broken["deals"][3]["auction"].append("pass")  # a call after the auction closed
    batch, refused = check_sessions([raws[0], broken, raws[2]])
    assert refused == [1]
    assert [info.id for info in batch.infos] == [raws[0]["session"]["id"], raws[2]["session"]["id"]]
    assert_same_as_reference([raws[0], raws[2]])


def test_a_profile_overriding_a_vectorised_hook_has_no_batch_path():
    """The arrays reproduce the base hooks only: a profile changing who declares (or allowing
    doubles) is checked by the reference engine."""
    from vint_replay.games.vint.volchaninov import Volchaninov
    from vint_replay.store import columnar

    class FirstNamerDeclares(Volchaninov):
        def choose_declarer(self, last_bidder, first_to_name):
            return first_to_name

    class Doubles(Volchaninov):
        doubles_allowed = True

    assert columnar.batch_supported(Volchaninov())
    assert not columnar.batch_supported(FirstNamerDeclares())
    assert not columnar.batch_supported(Doubles())


def test_classic_takes_the_batch_path_unless_its_passed_out_deals_are_played():
    """Whether passed-out deals are played is a classic session option (rules/classic.md §9):
    the batch path asks the profile, not whether its class overrides the hook."""
    from vint_replay.games.registry import get_profile
    from vint_replay.store import columnar

    assert columnar.batch_supported(get_profile("classic"))
    assert columnar.batch_supported(get_profile("classic", {"x_marks": "escalating"}))
    assert not columnar.batch_supported(get_profile("classic", {"x_marks": "played"}))


# ---------------------------------------------------------------- the store holds the same values


def test_imported_store_equals_the_reference_import(tmp_path: Path, monkeypatch):
    fast = Store(tmp_path / "fast")
    summary = fast.import_paths([str(p) for p in SAMPLES], workers=1)
    assert not summary.rejected
    taken = []
    real = importer.check_parsed
    monkeypatch.setattr(importer, "check_parsed", lambda parsed: taken.extend(parsed) or real(parsed))
    Store(tmp_path / "fast2").import_paths([str(p) for p in SAMPLES], workers=1)
    plain = [p for p in SAMPLES if columnar.decoded_session(p.read_text(encoding="utf-8-sig")) is not None]
    assert len(taken) == len(plain) > 0  # every plain session by the batch path
    monkeypatch.setattr(importer, "parse_texts", lambda texts: [None] * len(texts))
    monkeypatch.setattr(importer, "decoded_session", lambda text: None)  # everything by the reference engine
    slow = Store(tmp_path / "slow")
    slow.import_paths([str(p) for p in SAMPLES], workers=1)
    _assert_same_tables(fast, slow)


def test_a_record_laid_out_otherwise_is_decoded_and_stored_as_the_reference_stores_it(tmp_path: Path, monkeypatch):
    """A file the text reader cannot read directly (fields in another order) is decoded and
    still checked by the batch path, with the rows the reference engine makes."""
    raw = json.loads(SAMPLES[0].read_text(encoding="utf-8"))
    raw["deals"] = [dict(reversed(list(deal.items()))) for deal in raw["deals"]]
    path = tmp_path / "reordered.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    assert columnar.parse_texts([path.read_text(encoding="utf-8")]) == [None]
    taken = []
    real = importer.check_parsed
    monkeypatch.setattr(importer, "check_parsed", lambda parsed: taken.extend(parsed) or real(parsed))
    fast = Store(tmp_path / "fast")
    assert fast.import_paths([str(path)], workers=1).imported and len(taken) == 1
    monkeypatch.setattr(importer, "decoded_session", lambda text: None)  # by the reference engine
    slow = Store(tmp_path / "slow")
    assert slow.import_paths([str(path)], workers=1).imported and len(taken) == 1
    _assert_same_tables(fast, slow)


def _assert_same_tables(fast: Store, slow: Store) -> None:
    """Both stores hold the same rows in every table (in any order), import times aside."""
    for table in ("sessions", "deals", "calls", "plays", "scores"):
        a, b = fast.read(table).to_pydict(), slow.read(table).to_pydict()
        a.pop("imported_at", None), b.pop("imported_at", None)
        keys = [k for k in ("session_id", "deal", "index", "side", "line", "item") if k in a]
        oa, ob = (sorted(range(len(t["session_id"])), key=lambda i: tuple(str(t[k][i]) for k in keys)) for t in (a, b))
        for column in a:
            assert [a[column][i] for i in oa] == [b[column][i] for i in ob], (table, column)


def test_importer_rejects_an_irregular_plain_file_with_reference_diagnostics(tmp_path: Path):
    raw = club(8, 30)[0]
    raw["deals"][2]["play"][4], raw["deals"][2]["play"][5] = raw["deals"][2]["play"][5], raw["deals"][2]["play"][4]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    summary = Store(tmp_path / "store").import_paths([str(path)], workers=1)
    assert [o.path for o in summary.rejected] == [str(path)]
    _, diagnostics = reference(raw)
    assert [(d.code, d.deal, d.at) for d in summary.rejected[0].errors] == \
        [(d.code, d.deal, d.at) for d in diagnostics if d.severity == "error"]


@pytest.mark.parametrize("spoil", [
    lambda text: text.encode("utf-16"),  # valid JSON to json.loads(bytes), but not UTF-8
    lambda text: text.replace("Ivanov", "Iv\udc80nov").encode("utf-8", "surrogatepass"),  # a lone surrogate
    lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),  # a BOM is fine
    lambda text: text.replace('"format"', '"format\\u0000"', 1).encode(),  # an escaped NUL in a key
])
def test_importer_decodes_files_as_the_reader_does(tmp_path: Path, spoil):
    raw = club(9, 12)[0]
    raw["session"]["players"]["N"] = "Ivanov"
    path = tmp_path / "session.json"
    path.write_bytes(spoil(json.dumps(raw, ensure_ascii=False)))
    summary = Store(tmp_path / "store").import_paths([str(path)], workers=1)
    expected = read_json(path.read_bytes())
    valid = expected.record is not None and evaluate(expected.record, expected.diagnostics).valid
    assert bool(summary.imported) == valid
    if not valid:
        assert summary.rejected[0].errors


def test_a_legal_auction_too_long_to_store_is_rejected_with_a_reason(tmp_path: Path):
    raw = club(3, 5)[0]
    deal = raw["deals"][0]
    # 35 rising bids, each after 3 passes (legal: rules/volchaninov.md §2), then the 12 closing passes
    from vint_replay.engine.calls import BIDS
    deal["auction"] = [c for bid in BIDS for c in ("pass", "pass", "pass", str(bid))] + ["pass"] * 12
    deal.pop("play")
    deal.pop("recorded", None)
    deal["result"] = {"declarer_tricks": 7}
    report, _ = reference(raw)
    assert report.valid  # a legal session
    path = tmp_path / "long.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    summary = Store(tmp_path / "store").import_paths([str(path)], workers=1)
    assert [(d.code, d.deal) for d in summary.rejected[0].errors] == [("auction_too_long", deal["number"])]


def test_a_recorded_figure_too_large_to_store_is_rejected_with_a_reason(tmp_path: Path):
    raw = club(3, 5)[0]
    raw["deals"][1]["recorded"] = {"NS": {"below": 2 ** 40, "above": 0}, "EW": {"below": 0, "above": 0}}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    summary = Store(tmp_path / "store").import_paths([str(path)], workers=1)
    assert [(d.code, d.deal, d.at) for d in summary.rejected[0].errors] == [("schema", raw["deals"][1]["number"],
                                                                             "recorded")]
