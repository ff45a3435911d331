"""Rule profiles: each variant of vint is one module defining one :class:`RuleProfile`.

Adding a variant means adding a module here and naming it in ``_MODULES``; the engine reads
everything variant-specific from the profile object.
"""
from __future__ import annotations

from importlib import import_module

from .base import RuleProfile

DEFAULT_PROFILE = "volchaninov"
_MODULES = {"volchaninov": "volchaninov"}


def get_profile(name: str | None = None) -> RuleProfile:
    """The profile called ``name`` (the default profile for ``None``); ``KeyError`` if unknown."""
    key = name or DEFAULT_PROFILE
    if key not in _MODULES:
        raise KeyError(key)
    return import_module(f"{__name__}.{_MODULES[key]}").PROFILE


def profile_names() -> list[str]:
    return sorted(_MODULES)


__all__ = ["DEFAULT_PROFILE", "RuleProfile", "get_profile", "profile_names"]
