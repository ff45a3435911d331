"""The analysis board's server side (issue 21): what the replay page needs to open a line
(``setup``, shipped once with the deal), and the answer for one position of a line — each legal
card's double-dummy value, a finished line's score beside the actual, the cards "play on double
dummy" adds — or a seat's single-dummy odds. The browser (assets/replay_board.js) keeps the variation
tree and draws each step itself; it asks here only for what a position is worth."""
from __future__ import annotations

from collections.abc import Sequence

import dash
from dash import ClientsideFunction, Input, Output, callback, clientside_callback, dcc, html

from dashboards.app import library
from vint_replay.analysis.board import open_line
from vint_replay.analysis.dd import DDSFailure, card_values
from vint_replay.analysis.single_dummy import DEFAULT_SAMPLES, MAX_SAMPLES, single_dummy
from vint_replay.analysis.variation import Rule, Variation, VariationError
from vint_replay.engine.cards import CARDS
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport
from vint_replay.reports.whatif import outcome_json, outcome_lines

SEED = 21  # single dummy's draw is repeatable: the same link shows the same odds


def line_names(text: object) -> list[str]:
    """The cards of a ``?line=SA,H10`` parameter (at most a deal's 52; anything else: none)."""
    if not isinstance(text, str):
        return []
    return [t for t in text.replace(" ", ",").split(",") if t][:52]


def setup(report: SessionReport, number: int, at: int, line: Sequence[str], seat: Seat | None) -> dict[str, object]:
    """What the page ships for the board: whether the deal can be varied (and why not, plainly),
    the line a link asked for as it opens (``at`` and its cards), a note if it was cut, the rules'
    words for a refused click, and the single-dummy sample's default."""
    out: dict[str, object] = {"session": report.record.info.id, "deal": number,
                              "rules": {rule.name: str(rule) for rule in Rule},
                              "samples": DEFAULT_SAMPLES, "max_samples": MAX_SAMPLES}
    if seat is not None:
        line = []  # a seat's view has no variations: it holds only what that seat saw
    try:
        opened = open_line(report, number, at, line)
    except VariationError as err:
        return out | {"supported": False, "why": f"No analysis board for this deal: {err}.", "at": at, "line": []}
    variation = opened.variation
    return out | {"supported": True, "at": variation.at, "line": [int(c) for c in variation.cards], "note": opened.note}


def answer(report: SessionReport, number: int, at: int, line: Sequence[object], finish: bool) -> dict[str, object]:
    """One position of a line (card numbers 0–51 as the browser sends them; anything else is
    left out): the line as the engine accepts it (a refused card cuts it, with a note), with ``finish`` played out double dummy (``finished``: the cards added), each legal
    card's value at its last position, and once all 52 cards are down the deal's score under
    the session's profile beside the actual. A DDS failure is an ``error`` sentence."""
    try:
        opened = open_line(report, number, at, [CARDS[c].name for c in line if isinstance(c, int) and 0 <= c < 52])
        variation = opened.variation
        given = len(variation.cards)
        if finish:
            variation = variation.finish()
        return {"at": variation.at, "line": [int(c) for c in variation.cards[:given]], "note": opened.note,
                "finished": [int(c) for c in variation.cards[given:]], **_worth(variation)}
    except (VariationError, DDSFailure) as err:
        return {"at": at, "line": list(line), "error": f"Double dummy could not answer: {err}"}


def _worth(variation: Variation) -> dict[str, object]:
    """The values of the legal cards (declarer's side's tricks, made / down) and, at the end, the outcome."""
    state = variation.state
    values = card_values(state, variation.contract)
    out: dict[str, object] = {
        "to_play": None if state.to_play is None else int(state.to_play),
        "side": variation.contract.declarer.side.label,
        "values": [{"card": int(v.card), "tricks": v.tricks, "verdict": v.verdict} for v in values],
        "outcome": None,
    }
    if variation.finished:
        outcome = variation.outcome()
        out["outcome"] = {"lines": outcome_lines(outcome, variation.report.profile.scoresheet),
                          **outcome_json(outcome, variation.report.profile)}
    return out


def seat_odds(report: SessionReport, number: int, card: int, seat: Seat, samples: int) -> dict[str, object]:
    """``seat``'s single-dummy odds after ``card`` cards of the actual play (its seat view)."""
    try:
        variation = open_line(report, number, card, []).variation
        odds = single_dummy(variation, seat, samples, SEED)
    except (VariationError, DDSFailure) as err:
        return {"card": card, "error": f"Single dummy could not answer: {err}"}
    return {"card": card, "seat": seat.name, "layouts": odds.layouts, "needed": variation.contract.tricks_needed,
            "side": variation.contract.declarer.side.label,
            "odds": [{"card": int(o.card), "average": round(o.average, 2), "making": round(o.making, 3)} for o in odds.odds]}


def board_answer(ask: object):
    """The answer for the position the browser asks about (``{session, deal, at, line, finish, key}``);
    the ``key`` comes back so that the browser files the answer under its position."""
    if not isinstance(ask, dict) or not isinstance(ask.get("deal"), int) or not isinstance(ask.get("at"), int):
        return dash.no_update
    report = library().report(str(ask.get("session")))
    if report is None:
        return {"key": ask.get("key"), "error": "the session is no longer in the store"}
    given = ask.get("line")
    line = given if isinstance(given, list) else []
    return {"key": ask.get("key"), **answer(report, ask["deal"], ask["at"], line, bool(ask.get("finish")))}


def sd_answer(ask: object):
    """A seat view's single-dummy odds (``{session, deal, card, view, samples}``)."""
    if not isinstance(ask, dict) or not isinstance(ask.get("deal"), int) or not isinstance(ask.get("card"), int):
        return dash.no_update
    report = library().report(str(ask.get("session")))
    seat = next((s for s in Seat if s.name == ask.get("view")), None)
    samples = ask.get("samples")
    if report is None or seat is None:
        return {"card": ask["card"], "error": "no such seat view"}
    if not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        return {"card": ask["card"], "error": f"the sample is 1–{MAX_SAMPLES} layouts"}
    return seat_odds(report, ask["deal"], ask["card"], seat, samples)


def stores() -> list[dcc.Store]:
    """The board's questions to the server and their answers (assets/replay_board.js asks)."""
    return [dcc.Store(id=name) for name in ("board-ask", "board-answer", "board-drawn", "sd-ask", "sd-answer", "sd-drawn")]


def under_table(seat: Seat | None) -> html.Div | None:
    """The variation's line and the board's buttons, under the card table (all hands only)."""
    return None if seat is not None else html.Div(id="board-line", className="board-line")


def side_card(seat: Seat | None, setup: dict[str, object]) -> html.Div:
    """The board's panel (filled by assets/replay_board.js), or in a seat's view its single dummy."""
    if seat is None:
        return html.Div(id="board-panel", className="card board-panel")
    if not setup.get("supported"):
        return html.Div([html.H3("Single dummy"), html.P(str(setup.get("why")), className="muted", id="board-unsupported")],
                        className="card")
    return html.Div([
        html.H3("Single dummy"),
        html.P(f"For {seat.full_name} when it is his card to choose: layouts of the cards he could not see, drawn to fit "
               "what he knew (his hand, the cards played, the suits a player showed out of, the dummy once spread), "
               "each solved double dummy.", className="muted"),
        html.Div([html.Label("layouts ", htmlFor="sd-samples"),
                  dcc.Input(id="sd-samples", type="number", min=1, max=MAX_SAMPLES, step=1, value=DEFAULT_SAMPLES,
                            debounce=True, className="sd-samples"),
                  html.Button("single dummy", id="sd-run", className="btn")], className="sd-controls"),
        html.Div(id="sd-result"),
    ], className="card board-panel")


def register() -> None:
    """The board's callbacks, registered by the replay page each time Dash loads it: Dash gives a
    callback registered when a module is imported to the first app only, and loads the pages
    afresh for every app (a second app in one process, as in the tests)."""
    callback(Output("board-answer", "data"), Input("board-ask", "data"), prevent_initial_call=True)(board_answer)
    callback(Output("sd-answer", "data"), Input("sd-ask", "data"), prevent_initial_call=True)(sd_answer)
    clientside_callback(ClientsideFunction("vint_board", "answer"), Output("board-drawn", "data"),
                        Input("board-answer", "data"), prevent_initial_call=True)
    clientside_callback(ClientsideFunction("vint_board", "single_dummy"), Output("sd-drawn", "data"),
                        Input("sd-answer", "data"), prevent_initial_call=True)
