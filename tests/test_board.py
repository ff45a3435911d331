"""The analysis board's server side (issue 21): a line from a link opens as far as the rules
allow, with a note naming the rule (volchaninov.md §3: a player plays his own card, in turn,
following suit if he can); the answer for a position is the engine's, a finished line's score
beside the actual is whatif's (one implementation for the page and the terminal)."""
from __future__ import annotations

import pytest

pytest.importorskip("endplay")

from test_whatif import ENDING, race  # noqa: E402
from dashboards import board  # noqa: E402
from vint_replay.analysis.board import open_line  # noqa: E402
from vint_replay.analysis.variation import VariationError, branch  # noqa: E402
from vint_replay.engine.cards import Card  # noqa: E402
from vint_replay.reports.whatif import outcome_json  # noqa: E402


def test_a_whole_line_opens_without_a_note():
    opened = open_line(race(), 3, ENDING, ["DA", "S2"])
    assert opened.note is None and opened.variation.cards == (Card.parse("DA"), Card.parse("S2"))


@pytest.mark.parametrize("at, line, kept, note", [
    (ENDING, ["DA", "DA"], 1, "the line's card 2 is refused — not held: ♦A has been played already; E is to play"),
    (ENDING, ["DA", "S2", "H2", "C5", "C4"], 4, "the line's card 5 is refused — not his turn: ♣4 is W's card; N is to play"),
    (ENDING, ["C2", "S2"], 1, "the line's card 2 is refused — must follow suit (revoke): E must follow ♣ with ♣A, not ♠2"),
    (ENDING, ["DA", "X9"], 1, "the line's card 2, 'X9', is no card"),
    (70, [], 0, "there is no card 70 in the play (0–52): opened at card 52"),
])
def test_an_impossible_line_opens_at_the_nearest_position(at, line, kept, note):
    opened = open_line(race(), 3, at, line)
    assert len(opened.variation.cards) == kept
    assert opened.note is not None and opened.note.startswith(note)


def test_a_deal_kept_by_its_result_alone_is_varied_from_the_opening_lead():
    """format.md §4.6: a deal recorded by its result, without its play, has no card to keep: the
    board opens before the opening lead (the leader's 13 cards to choose from), and a line played
    out is scored against the recorded result; a card after the lead is out of range."""
    opened = open_line(race(), 1, 0, [])
    assert opened.variation.at == 0 and not opened.variation.cards and len(opened.variation.legal) == 13
    setup = board.setup(race(), 1, 0, [], None)
    assert setup["supported"] is True
    with pytest.raises(VariationError, match="0 cards played"):
        branch(race(), 1, 3)
    outcome = branch(race(), 1, 0).finish().outcome()
    assert outcome.actual_deal.tricks is not None and outcome.varied_deal.tricks is not None


def test_the_answer_is_the_engines_and_whatifs():
    """At trick 12 N's ♦A is worth 12 tricks, ♣2 11 (test_whatif.py, by hand); finished double
    dummy, the outcome is whatif's JSON of the same line."""
    report = race()
    shown = board.answer(report, 3, ENDING, [], False)
    assert [(Card(v["card"]).name, v["tricks"], v["verdict"]) for v in shown["values"]] == \
        [("DA", 12, "made +5"), ("C2", 11, "made +4")]
    assert shown["outcome"] is None and shown["to_play"] == 0
    done = board.answer(report, 3, ENDING, [int(Card.parse("DA"))], True)
    variation = open_line(report, 3, ENDING, [Card(c).name for c in done["line"] + done["finished"]]).variation
    assert variation.finished and len(done["finished"]) == 7
    outcome = dict(done["outcome"])
    outcome.pop("lines")
    assert outcome == outcome_json(variation.outcome(), report.profile)
    assert done["values"] == []


def test_a_dds_failure_is_a_sentence(monkeypatch):
    from vint_replay.analysis.dd import DDSFailure

    def failing(*_args):
        raise DDSFailure("DDS failed at card 44: input error")

    monkeypatch.setattr(board, "card_values", failing)
    assert board.answer(race(), 3, ENDING, [], False)["error"] == \
        "Double dummy could not answer: DDS failed at card 44: input error"


def test_a_line_parameter_is_bounded():
    assert board.line_names("SA,H10 DK") == ["SA", "H10", "DK"]
    assert board.line_names(["SA"]) == [] and len(board.line_names(",".join(["SA"] * 80))) == 52
