"""国标 (中国麻将竞赛规则) fans the other families do not cover: sets combined, kongs, concealed
pungs, winds, waits, tile families, special shapes and the win's circumstances.

Fans made of several sets read :attr:`HandFacts.set_fans`, where :mod:`engine.fans.gbsets`
applies 不得相同 and 套算一次. 不重复 (a fan implied by a bigger one is not counted) is the rule
file's ``excludes``. A fan declared with ``per`` in the rule file counts once per occurrence
(幺九刻 ×2); without it, once.
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import primitive

_WINDS = (31, 32, 33, 34)
_GREEN = frozenset((12, 13, 14, 16, 18, 36))
_REVERSIBLE = frozenset((12, 14, 15, 16, 18, 19, 21, 22, 23, 24, 25, 28, 29, 37))
_STANDARD_LIKE = ("standard", "double_dragon")
_FIVES = frozenset((5, 15, 25))


def _sets(h: HandFacts, name: str) -> int:
    return h.set_fans.get(name, 0) if h.shape in ("standard", "double_dragon", "knitted_straight") else 0


# -- chows ------------------------------------------------------------------------------------------


@primitive("一般高")
def yi_ban_gao(h: HandFacts) -> int:
    """两副同花色、同点数的顺子（如 234万 234万）。按对计：不得相同原则下一副顺子不能与第三副再组成一般高，
    套算一次原则下四副顺子最多组成三对（见 ``engine.fans.gbsets``）。"""
    return _sets(h, "一般高")


@primitive("喜相逢")
def xi_xiang_feng(h: HandFacts) -> int:
    """两种花色、点数相同的两副顺子（如 345万 345条），按对计。"""
    return _sets(h, "喜相逢")


@primitive("连六")
def lian_liu(h: HandFacts) -> int:
    """同一花色六张相连的两副顺子（如 123条 456条），按对计。"""
    return _sets(h, "连六")


@primitive("老少副")
def lao_shao_fu(h: HandFacts) -> int:
    """同一花色的 123 与 789 两副顺子，按对计。"""
    return _sets(h, "老少副")


@primitive("清龙")
def qing_long(h: HandFacts) -> bool:
    """同一花色 123、456、789 三副顺子（一条龙）。第四副顺子可与其中一副再计一次两顺番（套算一次）。"""
    return _sets(h, "清龙") > 0


@primitive("花龙")
def hua_long(h: HandFacts) -> bool:
    """三种花色各一副顺子，分别是 123、456、789（如 123万 456条 789筒）。"""
    return _sets(h, "花龙") > 0


@primitive("三色三同顺")
def san_se_san_tong_shun(h: HandFacts) -> bool:
    """三种花色点数相同的三副顺子。"""
    return _sets(h, "三色三同顺") > 0


@primitive("三色三步高")
def san_se_san_bu_gao(h: HandFacts) -> bool:
    """三种花色的三副顺子，起点依次递增一位（如 234万 345条 456筒）。"""
    return _sets(h, "三色三步高") > 0


@primitive("一色三同顺")
def yi_se_san_tong_shun(h: HandFacts) -> bool:
    """同一花色三副相同的顺子。"""
    return _sets(h, "一色三同顺") > 0


@primitive("一色三步高")
def yi_se_san_bu_gao(h: HandFacts) -> bool:
    """同一花色三副顺子，起点依次递增一位或依次递增两位（如 123 234 345 或 135 起点的 123 345 567）。"""
    return _sets(h, "一色三步高") > 0


@primitive("一色四步高")
def yi_se_si_bu_gao(h: HandFacts) -> bool:
    """同一花色四副顺子，起点依次递增一位或依次递增两位。"""
    return _sets(h, "一色四步高") > 0


@primitive("三色双龙会")
def san_se_shuang_long_hui(h: HandFacts) -> bool:
    """两种花色各有 123 与 789 两副顺子（老少副），第三种花色的 5 作将。"""
    p = h.pair
    if not (h.shape in _STANDARD_LIKE and len(h.chows) == 4 and 0 < p < 30 and p % 10 == 5):
        return False
    others = [s for s in range(3) if s != p // 10]
    return sorted(h.chows) == sorted(s * 10 + r for s in others for r in (1, 7))


# -- pungs and kongs -------------------------------------------------------------------------------

@primitive("双箭刻")
def shuang_jian_ke(h: HandFacts) -> bool:
    """两副箭牌刻子（杠）。"""
    return _sets(h, "双箭刻") > 0

@primitive("三风刻")
def san_feng_ke(h: HandFacts) -> bool:
    """三副风牌刻子（杠）；第四种风作将时是小四喜。"""
    return _sets(h, "三风刻") > 0


@primitive("双同刻")
def shuang_tong_ke(h: HandFacts) -> int:
    """两种花色点数相同的两副刻子（杠），按对计。"""
    return _sets(h, "双同刻")


@primitive("三同刻")
def san_tong_ke(h: HandFacts) -> bool:
    """三种花色点数相同的三副刻子（杠）。"""
    return _sets(h, "三同刻") > 0


@primitive("三色三节高")
def san_se_san_jie_gao(h: HandFacts) -> bool:
    """三种花色的三副刻子，点数依次递增一位。"""
    return _sets(h, "三色三节高") > 0


@primitive("一色三节高")
def yi_se_san_jie_gao(h: HandFacts) -> bool:
    """同一花色点数依次递增一位的三副刻子。"""
    return _sets(h, "一色三节高") > 0


@primitive("一色四节高")
def yi_se_si_jie_gao(h: HandFacts) -> bool:
    """同一花色点数依次递增一位的四副刻子。"""
    return _sets(h, "一色四节高") > 0

# -- tiles -------------------------------------------------------------------------------------------

# -- special shapes ----------------------------------------------------------------------------------

# -- how the hand was won ----------------------------------------------------------------------------

# -- waits -------------------------------------------------------------------------------------------

# -- nothing else ------------------------------------------------------------------------------------

_FLOWER_NAMES = frozenset(("花牌",))
