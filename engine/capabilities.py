"""The capability registry: what this engine can actually do.

Each capability is registered by the module that implements it, next to its
code (``register(...)`` at import time), so an unimplemented capability is never
listed. :func:`registry` imports every implementing module first, so the answer
does not depend on what the caller happened to import.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Capability:
    """One engine capability a rule file can ask for in ``requires``."""

    id: str
    name: str  # Chinese, shown to designers
    description: str  # Chinese
    since: str
    module: str  # where the code lives, e.g. "engine.solver.special"


_REGISTRY: dict[str, Capability] = {}

#: Modules that register capabilities. Importing them fills the registry.
IMPLEMENTING_MODULES = (
    "engine.rules",
    "engine.solver",
    "engine.fans",
    "engine.settlement",
    "engine.settlement_items",
    "engine.game",
)


def register(id: str, name: str, description: str, since: str, module: str) -> Capability:
    """Register a capability; the same id twice is a programming error."""
    if id in _REGISTRY and _REGISTRY[id].module != module:
        raise ValueError(f"capability {id!r} registered twice ({_REGISTRY[id].module}, {module})")
    cap = Capability(id, name, description, since, module)
    _REGISTRY[id] = cap
    return cap


def registry() -> dict[str, Capability]:
    """Every registered capability by id, after importing all implementing modules."""
    for mod in IMPLEMENTING_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
    return dict(sorted(_REGISTRY.items()))


def get(id: str) -> Capability | None:
    """The capability ``id``, or None when the engine does not implement it."""
    return registry().get(id)
