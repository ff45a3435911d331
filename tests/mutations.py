"""Hostile inputs for the readers: random bytes, and valid records mutated token by token
(deleted, inserted, duplicated, swapped, replaced by something nasty: lone surrogates, NULs,
terminal escapes, huge numbers, deep nesting, near-miss tags).

Like :mod:`strategies`, every generator takes a ``choose(n)`` function (an integer in
``0 … n-1``), so the same code serves hypothesis (which shrinks) and the fuzz benchmark
(``random.Random(seed).randrange``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from vint_replay.formats.json_record import read_json, write_json
from vint_replay.formats.vint_text import write_vint

Choose = Callable[[int], int]

WORKED = Path(__file__).parent / "data" / "worked_example.json"
LAWS_SAMPLES = sorted((Path(__file__).parent.parent / "sample_data" / "laws").glob("*-t1.*"))  # .json and .vint
# what a mutation may insert: everything issue 11's reviewer tried (first, where hypothesis
# looks first), and pieces of both formats
NASTY = (
    "\\ud800", "\\u0000", "\x1b]0;title\x07", "\\udfff", "\\ud83d\\ude00", "\ud800", "\x00", "\x1b[2J", "\u202e",
    "\ufeff", "\r", "\n", "\t", "\\", '"', "'", "%", ":", ",", "[", "]", "{", "}", "[]", "{}", "null", "true",
    "NaN", "-Infinity", "1e999", "-0", "0", "13", "32768", "9" * 30, "9" * 5000, "[" * 3000, "{\"a\":" * 3000,
    '[Dealer "N"]', "[Dealr]", '[Deal "2"]', "[Auction]", "[Play]", '[Extra "{}"]', '[PlayLayout "pbn"]',
    '[Play "E"]', "AP", "pass", "XX", "7NT", "SA", "♥10", "ZZ", "HK HJ H5 HQ", "\"play\": [\"SA\"]",
    "\"comments\": [{\"before\": \"x\", \"text\": \"y\"}]", "é" * 40, "x" * 20000,
    "|", "md|", "mb|", "pc|", "mc|", "qx|c1|", "md|3|",  # LIN's (format.md §5.7)
)
_PIECES = re.compile(r"\s+|[\[\]{}\",:|]|[^\s\[\]{}\",:|]+")


def worked_json() -> str:
    return WORKED.read_text(encoding="utf-8")


def base_texts() -> list[str]:
    """The records mutations start from: the worked example in every format, an evening
    under the laws (every laws field) in JSON and ``.vint``, BBO-style LIN written here (a robot
    game's single hands and a two-room vugraph, tests/lin_samples.py), and a real BBO robot game
    when the real records are there (tests/real_records.py)."""
    from lin_samples import single_hands, vugraph
    from real_records import folder
    from vint_replay.formats.pbn_write import write_pbn

    record = read_json(WORKED.read_bytes()).record
    assert record is not None
    real = folder("lin")
    real_lin = [real / "endplay_example1.lin"] if real is not None else []
    return [write_json(record), write_vint(record), write_pbn(record),
            *(path.read_text(encoding="utf-8") for path in LAWS_SAMPLES), single_hands()[0], vugraph()[0],
            *(path.read_text(encoding="utf-8") for path in real_lin if path.is_file())]


def random_bytes(choose: Choose, most: int = 400) -> bytes:
    return bytes(choose(256) for _ in range(choose(most + 1)))


def mutate(text: str, choose: Choose, edits: int = 4) -> str:
    """``text`` after one to ``edits`` token edits."""
    pieces = _PIECES.findall(text)
    for _ in range(1 + choose(edits)):
        at = choose(len(pieces) + 1)
        what = choose(6)
        quotes = [i for i, piece in enumerate(pieces) if piece == '"'] if what == 0 else []
        if quotes:  # inside a quoted value half the time: names, tags and fields take any text
            pieces.insert(quotes[choose(len(quotes))] + 1, NASTY[choose(len(NASTY))])
        elif what == 5 and at < len(pieces):
            del pieces[at]
        elif what == 1:
            pieces.insert(at, NASTY[choose(len(NASTY))])
        elif what == 2:
            span = pieces[at:at + 1 + choose(8)]
            pieces[at:at] = span * (1 + choose(3))
        elif what == 3 and at < len(pieces):
            pieces[at] = NASTY[choose(len(NASTY))]
        elif pieces:
            other = choose(len(pieces))
            here = min(at, len(pieces) - 1)
            pieces[here], pieces[other] = pieces[other], pieces[here]
    return "".join(pieces)


def hostile_input(choose: Choose, bases: list[str]) -> bytes:
    """One fuzz case: random bytes one time in eight, else a mutated valid record (its text
    encoded so that a raw lone surrogate becomes bytes no UTF-8 decoder accepts)."""
    if choose(8) == 7:
        return random_bytes(choose)
    return mutate(bases[choose(len(bases))], choose).encode("utf-8", "surrogatepass")
