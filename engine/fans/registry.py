"""The fan registry: every fan the engine can recognise is one registered unit.

Every fan is an entry of the shipped standard library (``engine/fans/standard.fans``, loaded by
:mod:`engine.fans.library`): its names, kind, conventions, documentation and definition — an
expression of :mod:`engine.lang` (a combination fan's is counted by :mod:`engine.fans.combinations`). ``docs/fans.md`` is generated from the library. Rule files name fans by their
canonical name or any synonym (:func:`lookup`), or define their own with ``when``.

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
WAIT = "wait"
KINDS = (STRUCTURAL, SPECIAL, STATE, WAIT, EVENT, CONDITIONAL, FALLBACK)
KIND_TITLES = {
    STRUCTURAL: "结构番型",
    SPECIAL: "特殊牌型",
    STATE: "状态番型",
    WAIT: "听牌番型",
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
    ``per`` names what one occurrence is when the fan can count more than once (``pung``,
    ``chow_pair``, ``pung_pair``, ``tile``, ``flower``, ``four_of_a_kind``): the predicate then returns
    how many; a rule file that declares the fan with the same ``per`` (or one of ``per_also``) scores
    it once per occurrence.
    ``reads`` names a per-reading map on ``HandFacts`` (``combinations``: fan name -> times) that the
    predicate only looks the fan's own name up in (times with ``per``, else whether it is there): the
    scorer then reads the map once per reading instead of calling one predicate per fan.
    ``toward_min_fan`` / ``prefer_on_tie`` are the fan's usual conventions (国标: 花牌 does not count
    toward 起和番; 一色三同顺 and 三同刻 win a tie): the values a drafter writes into a new
    ``fan_types`` row for it. The specification's fan table (§16.2) is generated from these units.
    """

    name: str
    kind: str
    test: Callable[..., bool]
    synonyms: tuple[str, ...] = ()
    guobiao: tuple[str, ...] = ()
    condition: str = ""
    doc: str = field(default="", compare=False)
    per: str = ""
    reads: str = ""
    toward_min_fan: bool = True
    prefer_on_tie: bool = False
    #: further occurrence units besides ``per``: unit name -> ``count(facts) -> int`` (根 per ``kong``).
    per_also: dict = field(default_factory=dict, compare=False)
    #: the definition as written in the library or the rule file (``when`` / ``count`` expressions, each
    #: unit's ``count.<unit>``, a combination fan's ``combine``).
    definition: str = field(default="", compare=False)
    #: where the fan is defined: ``library`` (the shipped standard library) or ``file`` (the rule file).
    source: str = field(default="library", compare=False)
    #: what ``test`` being true (a count: positive) needs of the reading's cheap features, derived from the
    #: compiled definition (:mod:`engine.lang.needs`); ``{}`` when nothing is known.
    need: object = field(default_factory=dict, compare=False)

    @property
    def counted(self) -> bool:
        """True for a fan that can count more than once (it has an occurrence unit)."""
        return bool(self.per)

    @property
    def per_units(self) -> tuple[str, ...]:
        """Every occurrence unit a row may declare: ``per`` first, then ``per_also``."""
        return (self.per, *self.per_also) if self.per else ()

    def counter(self, per: str = ""):
        """The count function for the occurrence unit ``per`` ("" or ``self.per``: the predicate);
        None when the fan has no such unit."""
        if not per or per == self.per:
            return self.test
        return self.per_also.get(per)

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
FAN_CONDITIONS: dict[str, FanCondition] = {}


#: what one occurrence of a counted fan is (``per``), in Chinese for messages and docs.
PER_UNITS = {"pung": "每副刻子", "chow_pair": "每对顺子", "pung_pair": "每对刻子", "tile": "每种牌", "flower": "每张花牌",
             "four_of_a_kind": "每个四张（杠或未开杠的四张）", "kong": "每个杠",
             "open_meld": "每个副露（吃、碰、明杠；暗杠不算）"}


def register_unit(unit: FanUnit) -> FanUnit:
    """Add a fan unit to the registry (the standard library loader calls this for every entry)."""
    for u in unit.per_units:
        if u not in PER_UNITS:
            raise ValueError(f"fan {unit.name}: unknown occurrence unit {u!r}")
    if unit.kind not in KINDS:
        raise ValueError(f"fan {unit.name}: unknown fan kind {unit.kind!r}")
    if not unit.doc:
        raise ValueError(f"fan {unit.name} needs a doc stating its definition")
    for n in unit.names:
        if n in _BY_NAME and _BY_NAME[n] is not unit:
            raise ValueError(f"fan name {n!r} registered twice")
        _BY_NAME[n] = unit
    FANS[unit.name] = unit
    return unit


def condition(name: str) -> Callable:
    """Register the decorated predicate ``f(facts) -> bool`` as the fan condition ``name``."""

    def decorate(func: Callable[..., bool]) -> Callable[..., bool]:
        FAN_CONDITIONS[name] = FanCondition(name, func, inspect.cleandoc(func.__doc__ or ""))
        return func

    return decorate


def lookup(name: str) -> FanUnit | None:
    """The unit recognising ``name`` (canonical or synonym), or None."""
    return _BY_NAME.get(name)


def recognized_names() -> set[str]:
    """Every fan name a rule file may use: canonical names and synonyms."""
    return set(_BY_NAME)
