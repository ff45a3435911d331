"""The laws on irregularities (docs/rules/laws.md), a layer over a vint profile chosen per session.

A session's ``laws`` tag ("001") becomes a :class:`Laws` object that rides on the scoring
profile (:meth:`RuleProfile.with_laws`), so the replay, the ledger and every other reader of
the profile see the same laws; without it the profile keeps today's strict records.
"""
from __future__ import annotations

from ...engine.rule_profile import Laws, ProfileError, RuleProfile

LAWS_NAMES = ("001",)  # the codes of laws this engine knows (docs/rules/laws.md)


def with_laws(profile: RuleProfile, name: str | None) -> RuleProfile:
    """``profile`` under the laws named ``name`` (``None``: unchanged); :class:`ProfileError`
    for an unknown code or a profile the laws do not apply over."""
    if name is None:
        return profile
    if name not in LAWS_NAMES:
        raise ProfileError(f"unknown laws {name!r} (known: {', '.join(LAWS_NAMES)})")
    return profile.with_laws(Laws(name))


__all__ = ["LAWS_NAMES", "with_laws"]
