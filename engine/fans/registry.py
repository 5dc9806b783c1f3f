"""The fan registry: every fan the engine can recognise is one registered unit.

A unit is a predicate over :class:`engine.fans.facts.HandFacts` registered with
the :func:`fan` decorator next to its code. Its docstring is the fan's precise
definition (``docs/fans.md`` is generated from it). Rule files name fans by their
canonical name or any synonym; :func:`lookup` resolves both.

Fan *conditions* (the ``condition`` string of a ``fan_types`` row) are a second,
smaller registry filled with :func:`condition`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable

#: Kinds, in the order the documentation lists them.
STRUCTURAL = "structural"
SPECIAL = "special"
STATE = "state"
EVENT = "event"
CONDITIONAL = "conditional"
FALLBACK = "fallback"
KINDS = (STRUCTURAL, SPECIAL, STATE, EVENT, CONDITIONAL, FALLBACK)
KIND_TITLES = {
    STRUCTURAL: "结构番型",
    SPECIAL: "特殊牌型",
    STATE: "状态番型",
    EVENT: "事件番型",
    CONDITIONAL: "条件番型",
    FALLBACK: "兜底番型",
}


@dataclass(frozen=True)
class FanUnit:
    """One recognisable fan: its canonical name, synonyms, kind and predicate.

    ``guobiao`` lists the 国标 fan names (as PyMahjongGB spells them) that say the
    same thing; an empty tuple means the fan has no 国标 counterpart.
    ``condition`` is the fan-condition string the fan implies (癞子胡).
    """

    name: str
    kind: str
    test: Callable[..., bool]
    synonyms: tuple[str, ...] = ()
    guobiao: tuple[str, ...] = ()
    condition: str = ""
    doc: str = field(default="", compare=False)
    #: counted fans (根): unit name -> ``count(facts) -> int``; the first is the default unit.
    #: ``test`` of a counted fan returns the default unit's count (0 = not present).
    units: dict = field(default_factory=dict, compare=False)

    @property
    def counted(self) -> bool:
        """True for a fan counted once per unit (根)."""
        return bool(self.units)

    def counter(self, unit: str = ""):
        """The count function of ``unit`` ("" = the default unit); None for an unknown unit."""
        if not self.units:
            return None
        return self.units.get(unit or next(iter(self.units)))

    @property
    def names(self) -> tuple[str, ...]:
        """Canonical name first, then the synonyms."""
        return (self.name, *self.synonyms)


@dataclass(frozen=True)
class FanCondition:
    """A ``fan_types[].condition`` string the engine can evaluate."""

    name: str
    test: Callable[..., bool]
    doc: str = ""


#: canonical name -> unit, in registration order.
FANS: dict[str, FanUnit] = {}
_BY_NAME: dict[str, FanUnit] = {}
#: condition string -> condition.
CONDITIONS: dict[str, FanCondition] = {}


def fan(name: str, *, kind: str, synonyms: tuple[str, ...] = (), guobiao: tuple[str, ...] = (),
        condition: str = "", units: dict | None = None) -> Callable:
    """Register the decorated predicate ``f(facts) -> bool`` as the fan ``name``.

    A counted fan passes ``units`` (unit name -> ``count(facts) -> int``, default first); its
    predicate is the default unit's count."""
    if kind not in KINDS:
        raise ValueError(f"unknown fan kind {kind!r}")

    def decorate(func: Callable[..., bool]) -> Callable[..., bool]:
        doc = inspect.cleandoc(func.__doc__ or "")
        if not doc:
            raise ValueError(f"fan {name} needs a docstring stating its definition")
        unit = FanUnit(name, kind, func, tuple(synonyms), tuple(guobiao), condition, doc, dict(units or {}))
        for n in unit.names:
            if n in _BY_NAME and _BY_NAME[n] is not unit:
                raise ValueError(f"fan name {n!r} registered twice")
            _BY_NAME[n] = unit
        FANS[name] = unit
        func.fan_unit = unit  # type: ignore[attr-defined]
        return func

    return decorate


def condition(name: str) -> Callable:
    """Register the decorated predicate ``f(facts) -> bool`` as the fan condition ``name``."""

    def decorate(func: Callable[..., bool]) -> Callable[..., bool]:
        CONDITIONS[name] = FanCondition(name, func, inspect.cleandoc(func.__doc__ or ""))
        return func

    return decorate


def lookup(name: str) -> FanUnit | None:
    """The unit recognising ``name`` (canonical or synonym), or None."""
    return _BY_NAME.get(name)


def recognized_names() -> set[str]:
    """Every fan name a rule file may use: canonical names and synonyms."""
    return set(_BY_NAME)
