"""Which winning shapes a rule set enables, and the decomposition records the solver returns."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.capabilities import SHAPE_CAPABILITIES, SHAPE_FANS, shape_of_fan
from engine.rules import Rules

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_knitted"
KNITTED_STRAIGHT = "knitted_straight"
DOUBLE_DRAGON = "double_dragon"
ALL_258 = "all_258"
SHAPE_NAMES = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT, DOUBLE_DRAGON, ALL_258)
#: Chinese display names of the shapes.
SHAPE_LABELS = {
    STANDARD: "标准和（四面子一将）",
    SEVEN_PAIRS: "七对",
    THIRTEEN_ORPHANS: "十三幺",
    HONORS_KNITTED: "全不靠",
    KNITTED_STRAIGHT: "组合龙",
    DOUBLE_DRAGON: "一色双龙会",
    ALL_258: "将将胡（全是 2/5/8，不要求牌型）",
}


@dataclass(frozen=True)
class Shapes:
    """Which winning shapes the rules enable (see :func:`shapes_for`)."""

    standard: bool = True
    seven_pairs: bool = False  # a 4-of-a-kind counts as two pairs
    thirteen_orphans: bool = False  # 十三幺
    honors_knitted: bool = False  # 全不靠 (incl. 七星不靠)
    knitted_straight: bool = False  # 组合龙 (+ one meld + pair)
    double_dragon: bool = False  # 一色双龙会
    pair_258: bool = False  # standard-shape pair must be 2/5/8
    all_258: bool = False  # 将将胡: every tile a suited 2/5/8, no arrangement needed
    #: shapes the rule file declares (``win_condition.shapes``, :class:`engine.declared.ShapePattern`)
    patterns: tuple = ()

    @cached_property
    def table_only(self) -> bool:
        """True when every enabled shape is answered from the per-part tables alone
        (standard, seven pairs, thirteen orphans): the solver's fast path."""
        return self.standard and not (self.honors_knitted or self.knitted_straight or self.double_dragon
                                      or self.patterns)


#: fan names that imply a shape and the capability of each shape: one table, in :mod:`engine.capabilities`
#: (``shape_of_fan`` is imported from there too)
_SHAPE_FANS = SHAPE_FANS
_SHAPE_CAPS = SHAPE_CAPABILITIES


def shapes_for(rules: Rules) -> Shapes:
    """The shapes ``rules`` enable: a shape is on when ``requires`` lists its capability or a
    declared fan names it (e.g. 龙七对 enables seven pairs; 将将胡, 长沙's name of 将一色, enables
    the all-2/5/8 shape). ``pair_258`` follows
    ``win_condition.pair_must_be_258`` — unless fans are exempt from it
    (``pair_258_exempt_fans``, 长沙's 大胡): then a hand with any pair is a winning *shape*
    and the fan layer, the one home of the exemption, rules a non-2/5/8 pair illegal unless
    an exempt fan is recognised. So the game, the bots and ``dslgen hand`` agree.
    """
    opened = {shape_of_fan(name) for name in rules.fan_names}
    on = {field: (cap in rules.requires) or field in opened for field, cap in _SHAPE_CAPS.items()}
    wc = rules.win_condition
    patterns = ()
    if wc.shapes:
        from engine.declared import declared

        patterns = declared(rules).shapes
    return Shapes(standard=True, pair_258=bool(wc.pair_must_be_258 and not wc.pair_258_exempt_fans),
                  patterns=patterns, **on)


@dataclass(frozen=True)
class Group:
    """One group of a decomposition; ``tiles`` are identities after substitution."""

    kind: str  # "chow" "pung" "kong" "pair" "knitted" "single"
    tiles: tuple[int, ...]
    wilds: tuple[int, ...]  # the identities in `tiles` supplied by wild tiles
    exposed: bool = False  # True for melds declared before the win


@dataclass(frozen=True)
class Decomposition:
    """A concrete reading of a winning hand: every wild tile has an identity."""

    shape: str  # one of SHAPE_NAMES
    groups: tuple[Group, ...]  # concealed groups, then the exposed melds
    substitutions: tuple[int, ...]  # sorted identities of every wild tile
