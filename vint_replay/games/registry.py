"""The registry of rule systems: each is one module with one :class:`RuleProfile` subclass, in
its game's package (``vint``, ``bridge``, ``vint235``, ``solo``).

Adding a system means writing its module and adding it to ``_MODULES`` (a module name relative
to this module, imported on first use), or, for a game that lives elsewhere (a plug-in, a
test's), handing its class to :func:`register`; the engine reads everything rule-specific from
the profile.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module

from ..engine.fields import DealCodec
from ..engine.rule_profile import ProfileError, RubberState, RuleProfile, SheetLayout, Slip

DEFAULT_PROFILE = "volchaninov"
_MODULES = {"volchaninov": ("..vint.volchaninov", "Volchaninov"), "classic": ("..vint.classic", "Classic"),
            "rubber-bridge": ("..bridge.rubber", "RubberBridge"), "duplicate-bridge": ("..bridge.duplicate", "DuplicateBridge"),
            "vint2-open": ("..vint235.vint2", "Vint2Open"), "vint2-exchange": ("..vint235.vint2", "Vint2Exchange"),
            "vint2-cards": ("..vint235.vint2", "Vint2Cards"), "vint2-dummies": ("..vint235.vint2", "Vint2Dummies"),
            "vint2-widow": ("..vint235.vint2", "Vint2Widow"), "vint3-dummy": ("..vint235.vint3", "Vint3Dummy"),
            "vint3-auction": ("..vint235.vint3", "Vint3Auction"), "vint5": ("..vint235.vint5", "Vint5"),
            "solo-whist": ("..solo.profile", "SoloWhist")}
_REGISTERED: dict[str, type[RuleProfile]] = {}  # by name: the rule systems handed to register()


@cache
def _profile(name: str, options: frozenset[tuple[str, object]] = frozenset()) -> RuleProfile:
    if name in _REGISTERED:
        profile = _REGISTERED[name]()
    else:
        module, cls = _MODULES[name]
        profile = getattr(import_module(module, __name__), cls)()
    return profile.with_options(dict(options)) if options else profile


def get_profile(name: str | None = None, options: Mapping[str, object] | None = None) -> RuleProfile:
    """The profile called ``name`` (the default for ``None``) under ``options``.

    Raises ``KeyError`` for an unknown name and :class:`ProfileError` for a bad option.
    """
    key = name or DEFAULT_PROFILE
    if key not in _MODULES and key not in _REGISTERED:
        raise KeyError(key)
    return _profile(key, frozenset((options or {}).items()))


def profile_names() -> list[str]:
    return sorted({*_MODULES, *_REGISTERED})


def register(profile: type[RuleProfile]) -> None:
    """Add the rule system ``profile`` under its ``name``, for ``get_profile``, ``profile_names``
    and so every reader and command; ``ValueError`` if the name is taken."""
    if profile.name in _MODULES or profile.name in _REGISTERED:
        raise ValueError(f"a rule system is already registered as {profile.name!r}")
    _REGISTERED[profile.name] = profile
    deal_codecs.cache_clear()


def registered() -> tuple[type[RuleProfile], ...]:
    """The rule systems :func:`register` added, for a worker process to register again."""
    return tuple(_REGISTERED.values())


def unregister(name: str) -> None:
    """Take back a rule system :func:`register` added (``KeyError`` for any other name)."""
    del _REGISTERED[name]
    _profile.cache_clear()
    deal_codecs.cache_clear()


@cache
def deal_codecs() -> tuple[DealCodec, ...]:
    """Every game's deal codec, once each, in the registry's order: a reader refuses by them the
    fields of a game other than the session's."""
    found: dict[int, DealCodec] = {}
    for name in [*_MODULES, *_REGISTERED]:
        for codec in get_profile(name).deal_codecs:
            found.setdefault(id(codec), codec)
    return tuple(found.values())


__all__ = ["DEFAULT_PROFILE", "ProfileError", "RubberState", "RuleProfile", "SheetLayout", "Slip", "get_profile", "profile_names",
           "register", "registered", "unregister"]
