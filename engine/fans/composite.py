"""Composite fans: a named fan that stands for a set of others (清对 = 清一色 + 对对胡).

A rule file declares one as a ``fan_types`` row with ``composite_of`` (the parts, by fan
name) and its own ``base_fan`` (and ``excludes``/``at_cap`` like any row). The name is the
file's own: published tables print 清对, 龙七对, 清七对 … and the file writes them as
printed. Scoring (:mod:`engine.fans.scoring`):

1. the parts are recognised whether or not the file declares them on their own rows
   (龙七对 = 七对 + 根 in a table that does not count 根 separately);
2. composites are tried largest first (most parts, then highest ``base_fan``, then
   declaration order); one that finds all its parts *consumes* them: a part counts
   only once, and a counted part (根) gives up one unit, so 清龙七对 with two
   four-of-a-kinds still counts one 根 when the table declares 根;
3. a consumed part that the file declares is dropped with the reason ``计入 <组合番>``;
   the composite then takes part in ``excludes``/``conflicts``/stacking like any fan.

:data:`KNOWN` lists the composites of the published 川麻 tables with their usual parts;
``dslgen check`` warns when a file gives one of these names other parts, and the
drafter uses the table to read descriptions.
"""

from __future__ import annotations

from engine.fans.registry import FanUnit, lookup

COMPOSITE = "composite"

#: Composite fans of the published 川麻 (成都) tables: name -> parts.
KNOWN: dict[str, tuple[str, ...]] = {
    "清对": ("清一色", "对对胡"),
    "龙七对": ("七对", "根"),
    "清七对": ("清一色", "七对"),
    "清龙七对": ("清一色", "七对", "根"),
    "将对": ("将一色", "对对胡"),
    "将七对": ("将一色", "七对"),
    "清金钩钓": ("清一色", "金钩钓"),
    "清幺九": ("清一色", "带幺九"),
    "清将对": ("清一色", "将一色", "对对胡"),
    # 长沙: 七小对 with a four-of-a-kind counts as two 大胡
    "豪华七小对": ("七对", "根"),
    "豪华七对": ("七对", "根"),
}


def _never(_facts) -> bool:
    return False


def composite_unit(name: str, parts: tuple[str, ...]) -> FanUnit:
    """The synthetic unit of a declared composite (its test is the scoring's part matching)."""
    return FanUnit(name, COMPOSITE, _never, doc="组合番：" + " + ".join(parts))


def part_units(parts: tuple[str, ...], own: dict | None = None) -> tuple[FanUnit | None, ...]:
    """The unit of each part: the rule file's own definition (``own``: name -> unit of its ``when`` rows), else
    the standard library's (None for a name neither knows)."""
    own = own or {}
    return tuple(own.get(p) or lookup(p) for p in parts)
