"""Phrases the terminal and the dashboard both print: a contract with its doubling, the sides'
vulnerability, who plays the dummy. Words only; every fact comes from the engine."""
from __future__ import annotations

from ..engine.calls import Contract
from ..games.registry import RuleProfile
from ..engine.seats import Side

PASSED_OUT = "passed out"  # a deal no one bid, where a contract would stand


def contract_text(contract: Contract) -> str:
    """``4♠ X``: the final bid and, where doubled or redoubled, X or XX."""
    return contract.pretty


def vulnerability_text(profile: RuleProfile, vulnerable: tuple[bool, bool] | None) -> str | None:
    """``N–S vulnerable, E–W not vulnerable``; ``None`` where the profile has no vulnerability
    or it is not known (the deal could not be scored)."""
    if not profile.has_vulnerability or vulnerable is None:
        return None
    return ", ".join(f"{side.label} {'vulnerable' if vulnerable[side] else 'not vulnerable'}" for side in Side)


def dummy_text(contract: Contract | None, profile: RuleProfile) -> str | None:
    """``S plays dummy N`` when the profile lays the declarer's partner's hand face up."""
    if contract is None or not profile.has_dummy:
        return None
    return f"{contract.declarer.name} plays dummy {contract.declarer.partner.name}"
