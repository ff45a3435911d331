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


NO_NAMES = "(no names)"  # a side, or a table, the record names nobody at (a PBN hand record)


def pair_names(one: str, other: str) -> str:
    """A side's two players, ``Иванов & Сидоров``; a name the record does not give is left out,
    and a side named by none is said to be so."""
    return " & ".join(name for name in (one, other) if name.strip()) or NO_NAMES


def table_names(n: str, e: str, s: str, w: str) -> str:
    """The four players as the sessions list shows them, ``N & S v E & W``; a table named by
    nobody is said to be so once."""
    return NO_NAMES if not any(name.strip() for name in (n, e, s, w)) else f"{pair_names(n, s)} v {pair_names(e, w)}"
