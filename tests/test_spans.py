"""formats/spans.py: the end of a skip (a pattern that also matches nothing), for text and bytes."""
from __future__ import annotations

import re

import pytest

from vint_replay.formats.spans import run_end


def test_a_skip_ends_after_its_run_or_where_it_starts():
    blanks = re.compile(r"\s*")
    assert run_end(blanks, "a  b", 1) == 3
    assert run_end(blanks, "ab", 1) == 1  # nothing to skip: it matches nothing, where it is
    assert run_end(re.compile(rb"\n*"), b"x\n\ny", 1) == 3


def test_a_pattern_that_does_not_match_is_refused_as_no_skip():
    with pytest.raises(ValueError, match="is not a skip"):
        run_end(re.compile(r"\d+"), "abc", 0)
