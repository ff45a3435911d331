"""A ``[VintRules]`` naming no profile is a located ``schema`` error naming the tag, the value and
the known profiles, with the profile it is likely a slip for (format.md §5.2: the profile is
``[VintRules]``); it was read as bridge without a word."""
from __future__ import annotations

from vint_replay.games.registry import profile_names

from settled import settled_pbn

BOARD = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[VintRules "{rules}"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
"""


def rules_errors(rules: str) -> list:
    result = settled_pbn(BOARD.format(rules=rules).encode())
    return [d for d in result.diagnostics if d.at == "session.rules"]


def test_an_unknown_vint_rules_is_an_error_at_the_tag_with_a_did_you_mean():
    [error] = rules_errors("rubber-brige")
    assert error.code == "schema" and error.severity == "error" and (error.line, error.column) == (5, 1)
    assert error.message.startswith("[VintRules]: unknown rules 'rubber-brige'; known: " + ", ".join(profile_names()))
    assert "did you mean 'rubber-bridge'?" in error.message


def test_a_value_close_to_no_profile_gets_no_guess():
    [error] = rules_errors("whist")
    assert "unknown rules 'whist'" in error.message and "did you mean" not in error.message


def test_a_known_vint_rules_is_no_problem():
    assert rules_errors("classic") == []


def test_the_json_reader_gives_the_same_message():
    """The readers share one message (format.md §2: ``session.rules`` names a profile)."""
    import json

    from bridge_records import DOUBLED, bridge_raw
    from vint_replay.formats.json_record import read_json

    result = read_json(json.dumps(bridge_raw("rubber-brige", [(DOUBLED, 52, None)])).encode())
    [error] = [d for d in result.diagnostics if d.at == "session.rules"]
    assert error.message == rules_errors("rubber-brige")[0].message.removeprefix("[VintRules]: ").split("; the session")[0]
