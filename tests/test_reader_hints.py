"""Help for a newcomer's slips (issue 23): a misspelt section tag gets "did you mean", in the
``.vint`` reader and the PBN reader, and a UTF-16 file is named as UTF-16 by all three readers
(format.md §3, §5.2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_pbn import board
from test_vint_text import worked_text
from vint_replay.engine.diagnostics import Severity
from vint_replay.formats.json_record import read_json
from vint_replay.formats.vint_text import read_vint

from vint_replay.formats.pbn import read_pbn

from settled import settled_pbn, settled_pbn_sessions

WORKED_JSON = Path(__file__).parent / "data" / "worked_example.json"


@pytest.mark.parametrize("slip, meant", [("[Auctoin]", "[Auction]"), ("[Paly]", "[Play]")])
def test_a_misspelt_vint_section_gets_did_you_mean_at_its_line(slip, meant):
    text = worked_text().replace(meant, slip, 1)
    line = text.split("\n").index(slip) + 1
    [problem] = [d for d in read_vint(text).diagnostics if d.line == line]
    assert problem.message.endswith(f"did you mean {meant}?") and problem.column == 1


def test_a_known_tag_without_a_value_gets_no_hint():
    [problem] = [d for d in read_vint(worked_text().replace('[Dealer "N"]', "[Dealer]")).diagnostics
                 if "needs a value" in d.message]
    assert "did you mean" not in problem.message


@pytest.mark.parametrize("slip, meant", [("Auctoin", "Auction"), ("Dealr", "Dealer"), ("Contarct", "Contract")])
def test_a_misspelt_pbn_tag_gets_did_you_mean_at_its_tag(slip, meant):
    text = board(1, extra='[Auction "N"]\n4H Pass Pass Pass\n').replace(f"[{meant} ", f"[{slip} ")
    line = next(i for i, s in enumerate(text.split("\n"), 1) if s.startswith(f"[{slip} "))
    [hint] = [d for d in settled_pbn(text.encode()).diagnostics if "did you mean" in d.message]
    assert hint.message.endswith(f"did you mean [{meant}]?") and (hint.line, hint.column) == (line, 1)
    assert hint.severity is Severity.WARNING and hint.deal == 1


def test_pbn_s_own_tags_get_no_hint():
    text = board(1, extra='[ScoreMP "60"]\n[Stage "Final"]\n[Round "2"]\n[EventDate "2026.12.01"]\n')
    assert not settled_pbn(text.encode()).diagnostics


@pytest.mark.parametrize("encoding, kind", [("utf-16", "UTF-16 (little-endian, with a byte-order mark)"),
                                            ("utf-16-le", "UTF-16 (little-endian)"),
                                            ("utf-16-be", "UTF-16 (big-endian)")])
def test_a_utf16_file_is_named_utf16_by_every_reader(encoding, kind):
    for read, text in ((read_json, WORKED_JSON.read_text(encoding="utf-8")), (read_vint, worked_text()),
                       (read_pbn, board(1).replace('"Club"', '"Клуб"'))):
        result = read(text.encode(encoding))
        [problem] = result.diagnostics
        assert result.record is None and problem.code == "syntax", read.__name__
        assert problem.message.startswith(f"the file is {kind} text, not UTF-8"), read.__name__
        assert (problem.line, problem.column) == (1, 1)


def test_import_of_a_utf16_pbn_file_gets_its_reason():
    [result] = settled_pbn_sessions(board(1).encode("utf-16"))
    assert result.record is None and "UTF-16" in result.diagnostics[0].message


def test_a_text_with_nuls_on_both_byte_parities_is_not_called_utf16():
    [problem] = read_vint(b"[Id \x00\x00 \"t\"]\n").diagnostics
    assert "UTF-16" not in problem.message
