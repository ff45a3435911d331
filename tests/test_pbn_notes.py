"""PBN's notes and alerts (docs/format.md §5.2, §5.3; PBN 2.1's auction section): a call's or
card's note reference ``=n=`` with its game's ``[Note "n:text"]`` is its comment, the alert mark
``!`` a call's alert (the comment LIN's ``mb|2H!|an|…|`` gives, format.md §5.7); the writer
writes each comment right after a call or card as its note, so PBN → JSON → PBN and
LIN → PBN → LIN keep them (issue 24)."""
from __future__ import annotations

import re
from dataclasses import replace

from vint_replay.engine.diagnostics import Severity
from vint_replay.engine.record import Comment
from vint_replay.formats import read_bytes, write_text
from vint_replay.formats.lin import read_lin
from vint_replay.formats.lin_write import write_lin
from vint_replay.formats.pbn_write import write_pbn

import real_records
from settled import settled, settled_pbn, settled_pbn_sessions

BOARD = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
"""
NOTED = BOARD + """[Auction "N"]
1H 1S =1= 2H! 2S =2= !
4H Pass Pass Pass
[Note "1:weak jump"]
[Note "2: or a cue bid"]
[Play "E"]
SA =1= S2 SJ SK
DA D3 D2 DQ
[Note "1:a lead from AK"]
"""


def comments(text: str) -> list[tuple[str, str]]:
    deal = settled_pbn(text.encode()).record.deals[0]
    return [(c.before, c.text) for c in deal.comments]


def test_a_note_is_its_calls_comment_and_an_alert_mark_its_alert():
    """format.md §5.2: the note after a call stands after it (``auction[i + 1]``, §3.7); ``!``
    stuck to the call or apart, and ``*`` stuck to it, make the alert ``!``, with the note's
    text its explanation (as LIN's ``an``); a note on a card stands after that card in the
    order played, and an auction's note 1 and a play's note 1 are each their own section's."""
    assert comments(NOTED) == [("auction[2]", "weak jump"), ("auction[3]", "!"), ("auction[4]", "!  or a cue bid"),
                               ("play[1]", "a lead from AK")]
    starred = BOARD + '[Auction "N"]\n1H* Pass 4H ! Pass\nPass Pass\n'
    assert comments(starred) == [("auction[1]", "!"), ("auction[3]", "!")]


def test_a_note_on_a_card_of_the_seat_columns_stands_after_it_in_the_order_played():
    """format.md §5.2: [Play]'s columns are seats from the opening leader (E S W N), not the
    order played; West wins trick 1 and leads trick 2, so East's DA, in the first column, is
    the 7th card played, and its note stands after it; a note on a card not played (``-``) at
    the deal's end."""
    text = BOARD + '[Play "E"]\nS4 SJ SK S2\nDA =1= D2 DQ D3\n[Note "1:won at once"]\n'
    deal = settled_pbn(text.encode()).record.deals[0]
    assert [str(c) for c in deal.play[4:8]] == ["DQ", "D3", "DA", "D2"]
    assert [(c.before, c.text) for c in deal.comments] == [("play[7]", "won at once")]
    record = settled_pbn(text.encode()).record
    written = write_pbn(record)
    claimed = BOARD + '[Play "E"]\nS4 SJ SK S2\n- - - - =1=\n*\n[Note "1:claimed"]\n'  # a note on a card not played
    assert [(c.before, c.text) for c in settled_pbn(claimed.encode()).record.deals[0].comments] == [("end", "claimed")]
    assert "DA =1= D2 DQ D3" in written and '[Note "1:won at once"]' in written
    assert settled_pbn(written.encode()).record == record


def test_pbn_with_notes_to_json_and_back_to_pbn_is_the_same():
    """format.md §5.3: the writer writes a comment right after a call or card as its note
    (``=n=``, ``[Note "n:text"]`` after its section, an alert's text ``! …`` as it is), so
    PBN → JSON → PBN gives the same PBN, and reading that PBN the same record; nothing of them
    in [VintExtra]."""
    record = settled_pbn(NOTED.encode()).record
    pbn = write_pbn(record)
    assert "1H 1S =1= 2H =2= 2S =3=" in pbn and '[Note "2:!"]' in pbn and '[Note "3:!  or a cue bid"]' in pbn
    assert "SA =4= S2 SJ SK" in pbn and '[Note "4:a lead from AK"]' in pbn and "VintExtra" not in pbn
    as_json = read_bytes(write_text(record, "json").encode(), "json")
    assert not as_json.diagnostics and as_json.record == record
    assert write_pbn(as_json.record) == pbn
    assert settled_pbn(pbn.encode()).record == record


def test_comments_the_notes_do_not_give_are_kept_in_vint_extra_in_their_order():
    """format.md §5.3: a second comment after a call, one before the first call, one at the
    end stay in [VintExtra]; read back, the notes are put among them where they stand."""
    record = settled_pbn(NOTED.encode()).record
    deal = record.deals[0]
    more = (Comment("Auction", "before all"), deal.comments[0], Comment("auction[2]", "and more"), *deal.comments[1:],
            Comment("end", "the end"))
    edited = replace(record, deals=(replace(deal, comments=more),))
    pbn = write_pbn(edited)
    kept = next(line for line in pbn.splitlines() if line.startswith("[VintExtra"))
    assert "and more" in kept and "before all" in kept and "the end" in kept and "weak jump" not in kept
    assert settled_pbn(pbn.encode()).record.deals[0].comments == more


LIN = ("pn|a,b,c,d|st||md|3SKHAKQ9754D96CK85,SAQ965H3DAQJT5C96,S74HT8DK842CAQ743,|sv|o|ah|Board 1|"
       "mb|1S!|mb|2H!|an|Michaels -- 5+ !S|mb|p|nt|a quiet pass|mb|3S|mb|p|mb|p|mb|p|"
       "pg||pc|HA|pc|H3|nt|ducked|pc|H8|pc|H2|pg||mc|9|")


def test_lin_with_alerts_to_pbn_and_back_to_lin_keeps_the_alerts():
    """format.md §5.7 and §5.3: LIN's alerts (``mb|2H!|an|…|``) and commentary are comments;
    written to PBN they are notes (an alert's ``! …`` its text), and the LIN written back holds
    them as before."""
    record = read_lin(LIN.encode()).record
    assert [(c.before, c.text) for c in record.deals[0].comments] == [
        ("auction[1]", "!"), ("auction[2]", "! Michaels -- 5+ !S"), ("auction[3]", "a quiet pass"), ("play[2]", "ducked")]
    pbn = write_text(record, "pbn")
    assert "1S =1= 2H =2= Pass =3=" in pbn and '[Note "2:! Michaels -- 5+ !S"]' in pbn and "VintExtra" not in pbn
    back = settled(read_bytes(pbn.encode(), "pbn")).record
    assert back.deals[0].comments == record.deals[0].comments
    lin = write_lin(back)
    assert "mb|1S!|mb|2H!|an|Michaels -- 5+ !S|mb|p|nt|a quiet pass|" in lin and "pc|H3|nt|ducked|" in lin
    assert lin == write_lin(record)


def test_a_note_reference_without_its_note_is_a_located_warning():
    """format.md §5.2: ``=n=`` with no ``[Note "n:…"]`` in the game is a warning at it (its note
    is lost, the call is read), as is a [Note] that is not ``n:text``; the board stays valid."""
    text = BOARD + '[Auction "N"]\n1H 1S =7= 4H Pass\nPass Pass\n[Note "seven"]\n'
    result = settled_pbn(text.encode())
    problems = [(d.code, d.severity, d.at, d.line, d.column) for d in result.diagnostics]
    assert problems == [("schema", Severity.WARNING, None, 12, 1), ("schema", Severity.WARNING, "auction[1]", 10, 7)]
    assert "=7=" in result.diagnostics[1].message and "[Note" in result.diagnostics[0].message
    assert result.record.deals[0].comments == () and len(result.record.deals[0].auction) == 6


def test_a_block_comment_inside_the_auction_or_the_play_is_kept_where_it_stands():
    """format.md §5.2 (*Notes and comments*) and §3.7: a ``{…}`` comment among the calls stands
    before the call it precedes (after the note of the call before it); between tricks before
    the next trick; inside a trick after the card before it (in the order played); after the
    play's end at the end. Written back (as notes where it stands after a call or card), it reads
    back the same."""
    text = NOTED.replace("1H 1S =1= 2H! 2S =2= !\n", "{before all} 1H 1S =1= {after the note}\n2H {two\n  lines} 2S\n")
    text = text.replace("SA =1= S2 SJ SK\nDA D3 D2 DQ\n", "SA S2 {mid} SJ SK\n{between}\nDA D3 D2 DQ\n*\n{after the end}\n")
    record = settled_pbn(text.encode()).record
    assert [(c.before, c.text) for c in record.deals[0].comments] == [
        ("auction[0]", "before all"), ("auction[2]", "weak jump"), ("auction[2]", "after the note"),
        ("auction[3]", "two lines"), ("play[2]", "mid"), ("play[4]", "between"), ("end", "after the end")]
    assert settled_pbn(write_pbn(record).encode()).record == record


def test_a_note_number_of_any_length_or_digits_reads_without_a_traceback():
    """A hostile note number (5000 digits: no int() to Python; Arabic-Indic or superscript digits)
    is read as written, leading zeros cut, or reported: never a traceback."""
    long = "9" * 5000
    text = BOARD + f'[Auction "N"]\n1H ={long}= 1S =\u0661= 4H =01= Pass\nPass Pass\n[Note "{long}:long"]\n[Note "\u00b2:x"]\n[Note "1:one"]\n'
    result = settled_pbn(text.encode())
    assert [(c.before, c.text) for c in result.record.deals[0].comments] == [("auction[1]", "long"), ("auction[3]", "one")]
    assert sorted(d.at or "" for d in result.diagnostics) == ["", "auction[1]"]  # [Note "²:x"], the reference =١=


def test_a_note_or_a_comment_holding_a_nul_is_one_line_and_converts_to_json():
    """format.md §3.7 (a comment is one line, as JSON reads it back): a NUL inside a [Note] or a
    ``{…}`` comment is a space, as in LIN's alerts."""
    text = BOARD + '[Auction "N"]\n1H =1= {x\x00y} Pass 4H Pass\nPass Pass\n[Note "1:a\x00b"]\n'
    record = settled_pbn(text.encode()).record
    assert [c.text for c in record.deals[0].comments] == ["a b", "x y"]
    back = read_bytes(write_text(record, "json").encode(), "json")
    assert not back.diagnostics and back.record == record


def test_a_real_file_with_notes_is_read_card_for_card_as_before_with_its_notes_on_the_calls():
    """camrose-2024-ben.pbn (318 [Note] tags, BridgeComposer's): read with its notes, and with
    every note reference and [Note] blanked out, the same calls, cards, results and problems;
    each note reference of an auction whose [Note] its game gives is now a comment with that
    note's text (the file's games counted here by their text alone)."""
    data = real_records.path("pbn", "camrose-2024-ben.pbn").read_bytes()
    # the same lines and columns: a [Note] becomes a % line, a reference blanks
    bare = re.sub(rb"=[0-9]+=", lambda m: b" " * len(m[0]), re.sub(rb'(?m)^\[Note "', b"%", data))
    noted, plain = settled_pbn_sessions(data), settled_pbn_sessions(bare)
    assert [len(s.record.deals) for s in noted] == [len(s.record.deals) for s in plain]
    for a, b in zip(noted, plain):
        assert [(d.number, d.auction, d.play, d.result) for d in a.record.deals] == [
            (d.number, d.auction, d.play, d.result) for d in b.record.deals]
        assert a.diagnostics == b.diagnostics
        assert all(c.before.startswith("auction[") for d in a.record.deals for c in d.comments)
    expected = []
    for game in re.split(r"\n[ \t]*\n", data.decode("utf-8").replace("\r\n", "\n")):
        notes = dict(re.findall(r'\[Note "([0-9]+):([^"]*)"\]', game))
        auction = re.search(r'\[Auction "[^"]*"\]\n([^\[]*)', game)
        expected += [notes[n] for n in re.findall(r"=([0-9]+)=", auction.group(1) if auction else "") if n in notes]
    found = [c.text for s in noted for d in s.record.deals for c in d.comments]
    assert len(found) > 200 and sorted(found) == sorted(expected)
