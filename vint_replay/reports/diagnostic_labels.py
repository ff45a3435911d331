"""A short label in words for each diagnostic code, for pages that show a diagnostic to a club
scorer rather than to a terminal: the headings of docs/diagnostics.md (a test keeps them equal)."""
from __future__ import annotations

import re

from ..engine.diagnostics import Diagnostic, Severity
from ..engine.printable import printable

LABELS: dict[str, str] = {
    "syntax": "the file cannot be read as a record",
    "schema": "a field is missing, mistyped or not allowed",
    "bad_card": "a card or hand that is not written as one",
    "bad_call": "a call that vint does not have",
    "duplicate_card": "the same card dealt twice",
    "hand_size": "a hand does not have 13 cards",
    "hands_mismatch": "the play and the hands disagree",
    "wrong_dealer": "the deal did not pass to the left",
    "deal_number": "deal numbers do not increase",
    "insufficient_bid": "a bid that is not higher than the standing one",
    "auction_incomplete": "the auction stops before it is closed",
    "call_after_close": "a call after the auction had closed",
    "card_not_held": "a card the player does not hold",
    "revoke": "a player did not follow suit",
    "revoke_unclaimed": "a revoke under the laws that nobody claimed",
    "revoke_unpriced": "a claimed revoke in a deal with no contract",
    "deal_lost_unstated": "a lost deal the record does not state",
    "ruling": "a ruling on the session that the score contradicts",
    "irregularity_mismatch": "an irregularity the record contradicts",
    "exposed_card": "an exposed card played against its restrictions",
    "barred_lead": "an opening lead the laws forbid",
    "play_incomplete": "the play stops before the 52nd card",
    "unfinished": "a duplicate board its table did not finish, or a quiz's question",
    "play_after_passout": "cards or a result for a passed-out deal",
    "missing_play": "a contract with neither play nor result",
    "order_needed": "a result-only deal whose trick order decides the game",
    "result_mismatch": "play and result disagree",
    "contract_mismatch": "the recorded contract is not the auction's",
    "pbn_session": "a PBN file holds more than one session",
    "traveller": "a [ScoreTable] row that cannot be read",
    "lin_drops": "LIN leaves out what the boards record",
    "roles": "who plays which place contradicts the method",
    "lead_out_of_turn": "the first card is not from the hand the method names",
    "widow": "the widow contradicts the hands or the method",
    "exchanges": "an exchange that the hands do not allow",
    "turn_up": "the turned-up card is not the dealer's",
    "sits_out": "a player sits out who cannot",
    "nothing_to_accept": "an acceptance with nothing to accept",
    "out_of_auction": "a bid from a player who has passed",
    "proposal_unaccepted": "the proposer passes when nobody accepted",
    "abond_trump": "a named trump where none is named",
    "play_after_settled": "cards after the trick that settled the deal",
    "insufficient_bid_corrected": "an insufficient bid, read as the lowest sufficient one",
    "insufficient_bid_void": "an insufficient bid with no sufficient level",
    "late_bid": "a bid after the auction had closed",
    "not_out_of_turn": "a call marked out of turn that was in turn",
    "barred_call": "a bid by a player who must pass",
    "dealt_out_of_turn": "a deal out of turn that stood",
    "bad_draw": "the draw does not give these partners",
    "void_law": "a void deal that its law does not explain",
    "thrown_card": "the card thrown after trick 13 is not the one left",
    "unlisted": "more problems than are listed",
    "auction_too_long": "more calls than the store can keep",
    "internal": "the program failed on this file",
}


def diagnostic_words(d: Diagnostic) -> str:
    """A diagnostic in words: ``deal 9, card 27 — a revoke under the laws that nobody
    claimed (warning): trick 7: S played …`` — the place, the code's label, the message."""
    line = None if d.line is None else f"line {d.line}:{d.column}"
    place = ", ".join(p for p in (line, None if d.deal is None else f"deal {d.deal}", _where(d.at)) if p)
    label = LABELS.get(d.code, d.code.replace("_", " "))
    tag = label if d.severity is Severity.ERROR else f"{label} (warning)"
    return printable(f"{place} — {tag}: {d.message}" if place else f"{tag[:1].upper()}{tag[1:]}: {d.message}")


def _where(at: str | None) -> str | None:
    """``auction[3]`` → ``call 4``, ``play[26]`` → ``card 27`` (counted from 1, as a scorer counts);
    other places (field paths such as ``irregularities[0]``) as written."""
    match = re.fullmatch(r"(auction|play)\[(\d+)\]", at or "")
    if match is None:
        return at
    return f"{'call' if match[1] == 'auction' else 'card'} {int(match[2]) + 1}"
