"""Rescoring: an evening scored under another profile than the one its table played."""
from __future__ import annotations

from .rule_profile import ProfileError, RuleProfile

# The hooks that describe what happened at the table: the auction closed, the declarer was
# named and the cards were played under the recording table's own rules.
_TABLE_HOOKS = ("auction_closed", "choose_declarer", "opening_leader", "legal_cards", "card_strength",
                "trick_winner", "plays_passed_out", "passed_out_leader")
_TABLE_NUMBERS = ("passes_to_pass_out", "passes_after_bid", "strength_table")


def rescoring(table: RuleProfile, target: RuleProfile) -> RuleProfile:
    """``target``'s scoring over ``table``'s play: contracts and declarers are what the table's
    own auction made them (its pass counts), the cards fall as they did, and ``target`` judges
    whether each bid was sufficient and doubles allowed, then scores every deal and the ledger."""
    if table == target:
        return target
    refused = refusal(table, target)
    if refused is not None:
        raise ProfileError(refused)
    attrs: dict[str, object] = {name: _delegate(table, name) for name in _TABLE_HOOKS}
    attrs.update({name: getattr(table, name) for name in _TABLE_NUMBERS})
    attrs["batch_path"] = False
    cls = type(f"{type(target).__name__}Over{type(table).__name__}", (type(target),), attrs)
    return cls(target.options)


def refusal(table: RuleProfile, target: RuleProfile) -> str | None:
    """Why an evening played under ``table`` cannot be rescored under ``target``, in the words of
    whichever of the two refuses (``None``: it can; never for the table's own profile)."""
    if table == target:
        return None
    return table.rescoring_refused(table, target) or target.rescoring_refused(table, target)


def _delegate(profile: RuleProfile, name: str):
    method = getattr(profile, name)
    return lambda self, *args: method(*args)
