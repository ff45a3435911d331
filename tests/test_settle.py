"""The engine settles what a record wrote in short (engine/settle.py, issue 20 item 3): the
reader keeps ``AP`` and PBN's seat columns as written; the replay settles them once a deal,
replaying the auction once; a command that writes without checking settles through
:func:`settle`, the same rule code."""
from __future__ import annotations

from click.testing import CliRunner

from test_vint_text import TRICKS, WORKED, pbn_columns, worked_text
from vint_replay.cli import evaluated, main
from vint_replay.engine import auction as engine_auction
from vint_replay.engine.calls import PASS, Call
from vint_replay.engine.cards import Card
from vint_replay.engine.record import PlayColumns, Shorthand
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import evaluate
from vint_replay.engine.settle import settle
from vint_replay.formats import read_file
from vint_replay.formats.json_record import read_json
from vint_replay.formats.pbn import read_pbn
from vint_replay.formats.pbn_write import write_pbn
from vint_replay.formats.vint_text import read_vint

LAYOUT = '[PlayLayout "pbn"]\n[Play "E"]'
PLAYED = tuple(Card[c] for line in TRICKS for c in line.split())


def test_the_reader_keeps_ap_and_the_seat_columns_as_written() -> None:
    deal = read_vint(worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag=LAYOUT)).record.deals[0]
    assert deal.auction == tuple(Call.parse(c) for c in "1C 1D pass pass 3C".split())  # no pass AP stands for
    assert deal.play is None and deal.shorthand is not None and deal.shorthand.all_pass
    columns = deal.shorthand.columns
    assert columns is not None and columns.first is Seat.E and len(columns.rows) == 13
    assert columns.rows[1] == tuple(Card[c] for c in "S8 SA S7 S2".split())  # as written: E's column first
    assert read_vint(worked_text(auction="1C 1D pass pass 3C pass pass pass")).record.deals[0].shorthand is None


def test_the_replay_settles_ap_and_the_columns() -> None:
    written = read_vint(worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag=LAYOUT)).record
    report = evaluate(written)
    assert report.valid
    deal = report.record.deals[0]
    assert deal.auction == read_file(WORKED).record.deals[0].auction  # with the closing passes, as JSON writes them
    assert set(deal.auction[5:]) == {PASS} and deal.shorthand is None
    assert deal.play == PLAYED  # trick by trick from the leader, each winner leading the next
    assert report.replays[0].deal == deal
    assert settle(written) == (report.record, [])  # convert's settling is the replay's


def test_settling_reports_where_the_columns_stand() -> None:
    rows = pbn_columns(TRICKS, "E", "C")
    rows[2] = rows[2].replace("SJ", "SX")  # trick 3's last card, first in the row (E's column)
    text = worked_text(tricks=rows, play_tag=LAYOUT)
    result = read_vint(text)
    assert result.diagnostics == []  # the reader cannot tell which card of the play it is
    [problem] = result.locate(evaluate(result.record).diagnostics)
    line = text.splitlines().index(rows[2]) + 1
    assert (problem.code, problem.at, problem.line, problem.column) == ("bad_card", "play[11]", line, 1 + rows[2].index("SX"))
    assert result.record.deals[0].shorthand.columns.unread  # type: ignore[union-attr]


def test_columns_settle_without_a_contract_as_unreadable() -> None:
    written = read_vint(worked_text(auction="1C 1D pass", tricks=pbn_columns(TRICKS, "E", "C"), play_tag=LAYOUT)).record
    assert isinstance(written.deals[0].shorthand.columns, PlayColumns)  # type: ignore[union-attr]
    replay = evaluate(written).replays[0]
    assert replay.deal.play is None and "play" in replay.deal.unreadable  # not a second problem (missing_play)
    assert [(d.code, d.at) for d in replay.diagnostics if d.at == "play"] == [("schema", "play")]


def test_ap_after_a_closed_auction_is_the_engines_and_stands_at_the_ap() -> None:
    text = worked_text(auction="1C 1D pass pass\n3C " + "pass " * 12 + "AP")
    result = read_vint(text)
    assert result.diagnostics == [] and result.record.deals[0].shorthand == Shorthand(all_pass=True)
    [problem] = result.locate(evaluate(result.record).diagnostics)
    assert (problem.code, problem.at, problem.message) == ("call_after_close", "auction[17]",
                                                           "AP after the auction had already closed")
    line = text.splitlines().index("3C " + "pass " * 12 + "AP") + 1
    assert (problem.line, problem.column) == (line, 3 + 5 * 12 + 1)


def test_convert_settles_the_columns_through_the_engine(tmp_path) -> None:
    source = tmp_path / "columns.vint"
    source.write_text(worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag=LAYOUT), encoding="utf-8")
    out = CliRunner().invoke(main, ["convert", str(source), "-", "--to", "json"])
    assert out.exit_code == 0, out.output
    [deal] = read_json(out.stdout.encode()).record.deals
    assert deal.play == PLAYED and deal.auction == read_file(WORKED).record.deals[0].auction
    wrong = tmp_path / "wrong.vint"
    wrong.write_text(worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag='[PlayLayout "pbn"]\n[Play "S"]'))
    refused = CliRunner().invoke(main, ["convert", str(wrong), "-", "--to", "json"])
    assert refused.exit_code == 1 and "led by E" in refused.stderr  # the engine's finding refuses it, as the reader's did


def _auctions_made(monkeypatch) -> list[object]:
    """Each auction machine made from now on (engine/auction.py's Auction), as it is made."""
    made: list[object] = []
    real = engine_auction.Auction.__init__

    def counted(self, *args, **kwargs) -> None:
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(engine_auction.Auction, "__init__", counted)
    return made


def test_each_deal_replays_its_auction_once(monkeypatch) -> None:
    """Reading and checking a .vint session makes one auction machine a deal: the reader makes
    none (before, ``AP`` and the seat columns each replayed the calls in the reader)."""
    made = _auctions_made(monkeypatch)
    one = worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag=LAYOUT)
    two = one + one[one.index("\n[Deal"):].replace('[Deal "1"]', '[Deal "2"]')
    result = read_vint(two)
    assert len(result.record.deals) == 2 and made == []
    report = evaluate(result.record)
    assert len(report.replays) == 2 and len(made) == 2


def test_an_auction_of_ap_alone_is_replayed_not_taken_for_a_contract_alone() -> None:
    """``[Auction] AP`` is four passes: the recorded contract is checked against them, as the
    calls written out would be (written, the deal has no call, like a board given by its
    contract alone)."""
    text = worked_text(auction="AP", extra='[Contract "3C"]\n[Declarer "N"]\n')
    found = {(d.code, d.at) for d in evaluate(read_vint(text).record).diagnostics}
    assert found == {("contract_mismatch", "contract"), ("play_after_passout", "play[0]")}


def test_convert_lists_settlings_problems_in_line_order_among_the_readers(tmp_path) -> None:
    """convert lists what settling found where a reader would have, by line (docs/format.md
    §3.5), not after the reader's own."""
    wrong = worked_text(tricks=pbn_columns(TRICKS, "E", "C"), play_tag='[PlayLayout "pbn"]\n[Play "S"]')
    text = wrong + wrong[wrong.index("\n[Deal"):].replace('[Deal "1"]', '[Deal "2"]').replace("3C AP", "3C ZZ AP")
    source = tmp_path / "two.vint"
    source.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["convert", str(source), "-", "--to", "json"])
    lines = [line for line in out.stderr.splitlines() if ": deal " in line]
    assert [line.split(": ")[1].split(",")[0] for line in lines] == ["deal 1", "deal 2", "deal 2"]
    assert "led by E" in lines[0] and "bad_call" in lines[1]  # the engine's before the reader's, by line
    assert [int(line.split(":")[1]) for line in lines] == sorted(int(line.split(":")[1]) for line in lines)


def _pbn(auction: str = "1C 1D Pass Pass\n3C AP", rows: str | None = None, leader: str = "E") -> bytes:
    """The worked example as PBN (formats/pbn_write.py), its auction and play as given."""
    text = write_pbn(read_file(WORKED).record)
    head, _, _ = text.partition('[Auction "N"]')
    play = rows if rows is not None else "\n".join(text.partition('[Play "E"]\n')[2].splitlines()[:13])
    return (head + f'[Auction "N"]\n{auction}\n[Play "{leader}"]\n{play}\n').encode()


def test_the_pbn_reader_keeps_ap_and_the_seat_columns_as_written() -> None:
    """format.md §5.2 (play, issue 20 item 3): the PBN reader parses, the engine decides — it
    keeps ``AP`` and the columns as written, which only the trick winners can order."""
    result = read_pbn(_pbn())
    assert result.diagnostics == []
    [deal] = result.record.deals  # type: ignore[union-attr]
    assert deal.auction == tuple(Call.parse(c) for c in "1C 1D pass pass 3C".split()) and deal.play is None
    assert deal.shorthand is not None and deal.shorthand.all_pass
    columns = deal.shorthand.columns
    assert columns is not None and columns.first is Seat.E and columns.from_lead and len(columns.rows) == 13
    assert columns.rows[1] == tuple(Card[c] for c in "S8 SA S7 S2".split())  # E's column first, as written
    report = evaluate(result.record)  # type: ignore[arg-type]
    assert report.valid and report.record.deals[0].play == PLAYED
    assert report.record.deals[0].auction == read_file(WORKED).record.deals[0].auction  # AP's passes written out
    assert settle(result.record)[0].deals == report.record.deals  # type: ignore[arg-type]


def test_each_pbn_deal_replays_its_auction_once(monkeypatch) -> None:
    """Reading a PBN file makes no auction machine, checking it one a deal (before, the reader
    replayed each auction to close ``AP`` and to find the trumps that order the columns)."""
    one = _pbn()
    two = one + b"\n" + one.replace(b'[Board "1"]', b'[Board "2"]')
    made = _auctions_made(monkeypatch)
    result = read_pbn(two)
    assert result.record is not None and len(result.record.deals) == 2 and made == []
    evaluate(result.record)
    assert len(made) == 2


def test_a_card_after_the_play_stopped_is_one_finding_in_both_layouts() -> None:
    """rubber-bridge.md §3 (each plays in turn to a trick), format.md §3.5 and §5.2: after the
    first ``-`` in the order played no card can have been played — one rule, settled by the
    engine for a PBN file and a .vint file in PBN's layout alike; rows of ``-`` only after the
    end are no play at all, not an error."""
    rows = pbn_columns(TRICKS, "E", "C")
    led = rows[4].split().index(PLAYED[16].name)  # trick 5's leader's column
    cut = rows[:4] + [" ".join("-" if k == led else c for k, c in enumerate(rows[4].split()))]  # its lead missing
    pbn = read_pbn(_pbn(rows="\n".join(cut)))
    vint = read_vint(worked_text(tricks=cut, play_tag=LAYOUT))
    found = []
    for result in (pbn, vint):
        assert result.diagnostics == []
        [problem] = [d for d in evaluate(result.record).diagnostics if d.severity.value == "error"]  # type: ignore[arg-type]
        found.append((problem.code, problem.at, problem.message))
    assert found[0] == found[1] and found[0][:2] == ("bad_card", "play[16]")
    assert "cannot have been played" in found[0][2] and PLAYED[17].name in found[0][2]
    ended = rows[:4] + ["- - - -"] * 2  # the play stops after trick 4: a claim, nothing after it
    for result in (read_pbn(_pbn(rows="\n".join(ended))), read_vint(worked_text(tricks=ended, play_tag=LAYOUT))):
        settled_deal = evaluate(result.record).record.deals[0]  # type: ignore[arg-type]
        assert settled_deal.play == PLAYED[:16]


def test_a_row_written_in_the_order_played_is_hinted_in_the_columns_words() -> None:
    """format.md §5.2 (play): a row of PBN's seat columns written leader first instead is the
    mirror of a .vint trick written in seat order; the hint names the slip the layout allows —
    never "each trick is written leader first", which PBN's rows are not."""
    rows = pbn_columns(TRICKS, "E", "C")
    rows[2] = " ".join(card.name for card in PLAYED[8:12])  # trick 3 as played, from S: not S's column first
    assert rows[2] != pbn_columns(TRICKS, "E", "C")[2]
    for result in (read_pbn(_pbn(rows="\n".join(rows))), read_vint(worked_text(tricks=rows, play_tag=LAYOUT))):
        _, report = evaluated(result)
        problem = next(d for d in report.diagnostics if d.at == "play[8]")  # type: ignore[union-attr]
        assert "leader first" in problem.message and "seat order?" not in problem.message
        assert f"read as written, leader first ({rows[2]}), it is legal — was it written in the order played?" \
            in problem.message
    shifted = pbn_columns(TRICKS, "E", "C")
    shifted[2] = " ".join(shifted[2].split()[2:] + shifted[2].split()[:2])  # a rotation no writer makes: no hint
    _, report = evaluated(read_pbn(_pbn(rows="\n".join(shifted))))
    assert not any("was it written" in d.message for d in report.diagnostics)  # type: ignore[union-attr]
