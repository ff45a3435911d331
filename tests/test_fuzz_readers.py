"""Fuzzing both readers and every read command (issue 11): random bytes and mutated valid
records never raise, never end in a traceback, and exit 0, 1 or 2. A modest number of
examples here; ``benchmarks/fuzz_readers.py`` runs a hundred thousand."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz_checks import check_commands, check_readers
from mutations import base_texts, hostile_input, mutate, random_bytes

BASES = base_texts()


def chooser(data: st.DataObject):
    return lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_records_never_break_the_readers(data) -> None:
    check_readers(hostile_input(chooser(data), BASES))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_break_the_readers(data: bytes) -> None:
    check_readers(data)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_hostile_files_never_break_a_command(data) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_commands(hostile_input(chooser(data), BASES), Path(folder))


def test_the_generators_make_what_they_promise() -> None:
    """Mutations change the text (nearly always: a swap may swap equal pieces), and random
    bytes are as long as asked."""
    import random

    rng = random.Random(5)
    changed = sum(mutate(BASES[1], rng.randrange) != BASES[1] for _ in range(50))
    assert changed >= 40
    assert len(random_bytes(lambda n: n - 1, most=10)) == 10
