"""What the replay page writes around the card table of four hands at N–S against E–W (vint,
bridge, the laws over them), for a game whose profile supplies no ``replay_view`` of its own:
the lines under the title (dealer, contract, vulnerability) and the side cards (the auction in
columns with the laws' marks, the irregularities, the double-dummy panel)."""
from __future__ import annotations

from dash import html

from dashboards import double_dummy, views
from dashboards.seat_view import Payload
from vint_replay.engine.replay import DealReplay
from vint_replay.engine.seats import Seat
from vint_replay.engine.session import SessionReport
from vint_replay.engine.views import auction_grid, auction_table, call_classes, card
from vint_replay.games.laws import views as laws_view


def parts(report: SessionReport, replay: DealReplay, payload: Payload, analysed: object,
                seat: Seat | None) -> tuple[list, list]:
    """The lines under the title (dealer, contract, vulnerability) and the side cards (the auction
    in columns, the double-dummy panel) of a vint or bridge deal."""
    info, record, contract = report.record.info, replay.deal, replay.contract
    summary = (f"void (law {record.void})" if replay.void else replay.without_contract) if contract is None else (
        f"{payload['contract']} by {contract.declarer.full_name} ({info.players[contract.declarer]}) · "
        f"needs {contract.tricks_needed} tricks · each trick is worth {replay.trick_value}"
        + (" · bidding record: never played" if replay.bidding_record else
           " · unfinished: the play stops, no result" if replay.unfinished else ""))
    vulnerable = payload["vulnerable"]
    laws_auction = replay.laws_auction()
    void = {} if laws_auction is None else laws_auction.void
    in_grid = [i for i in range(len(record.auction)) if i not in void]  # a cell's call by its index in the record
    auction = auction_table(*auction_grid(record, void), info.players, in_grid, laws_view.auction_marks(replay))
    score = None if report.score is None else next((d for d in report.score.deals if d.number == replay.deal.number), None)
    irregularities = laws_view.irregularities_card(replay, score) if seat is None else None
    head = [html.P([f"Session {info.id} · dealer {record.dealer.full_name} · ", html.Strong(summary)],
                   className="muted", id="contract-line"),
            html.P(vulnerable, className="muted", id="vulnerability") if vulnerable else None]
    side = [views.block(card("Auction", auction, laws_view.void_calls(laws_auction))),
            None if irregularities is None else views.block(irregularities),
            _dd_card(double_dummy.deal_panel(analysed)) if seat is None else html.Div([
                html.H3("Double dummy"),
                html.P(f"Hidden: {seat.full_name} could not know the other hands, nor what double dummy "
                       "makes of them.", className="muted", id="dd-hidden")], className="card")]
    return head, side


def _dd_card(panel: double_dummy.DealPanel | None) -> html.Div:
    """The deal's double-dummy table (declarers × denominations in the profile's order) and its par."""
    if panel is None:
        return html.Div([html.H3("Double dummy"), html.P(double_dummy.NOT_ANALYSED, className="muted", id="dd-note")],
                        className="card")
    head = html.Tr([html.Th("")] + [html.Th(d.symbol, className=call_classes(d.symbol)) for d in panel.denominations])
    body = [html.Tr([html.Th(seat)] + [
        html.Td(tricks, id=f"dd-{seat}-{d.code}", className="num" + (" played" if panel.played == (seat, d.code) else ""))
        for d, tricks in zip(panel.denominations, row)]) for seat, row in panel.rows]
    return html.Div([
        html.H3("Double dummy"),
        html.Table([html.Thead(head), html.Tbody(body)], className="dd-table", id="dd-table",
                   title="tricks each declarer takes in each denomination with all hands open"),
        html.P(panel.contract_line, className="muted") if panel.contract_line else None,
        html.P([f"{panel.par_label}: ", html.Strong(panel.par)], id="dd-par"),
        html.Ul([html.Li(b) for b in panel.best], className="muted dd-best-list"),
        html.P(panel.gap, id="dd-gap") if panel.gap else None,
    ], className="card dd-card")
