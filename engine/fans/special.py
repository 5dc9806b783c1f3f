"""Special shapes: hands that are not (only) four sets and a pair.

Whether a shape may win at all is the solver's business (``shapes_for(rules)``);
these units recognise the shape of the decomposition being scored.
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import primitive


@primitive("十三幺")
def shi_san_yao(h: HandFacts) -> bool:
    """十三幺牌型：三门数牌的 1 和 9 以及七种字牌各一张，其中一种再多一张。"""
    return h.shape == "thirteen_orphans"


@primitive("全不靠")
def quan_bu_kao(h: HandFacts) -> bool:
    """全不靠牌型：十四张单张，取自一组“组合龙”147/258/369（各占一门）和七种字牌，没有对子。包括七星不靠（七种字牌齐全）。"""
    return h.shape == "honors_knitted"


def _same_suit_ranks(h: HandFacts) -> list[int] | None:
    """Ranks of all fourteen tiles when the hand is concealed and of one suit, else None."""
    if h.ctx.melds or h.honors or len(h.suits) != 1 or len(h.tiles) != 14:
        return None
    return sorted(t % 10 for t in h.tiles)


@primitive("一色双龙会")
def yi_se_shuang_long_hui(h: HandFacts) -> bool:
    """同一花色 123、123、789、789 四副顺子加该花色的 5 作将；顺子可以是吃进的副露。"""
    p = h.pair
    if h.shape not in ("standard", "double_dragon") or len(h.chows) != 4 or not 0 < p < 30 or p % 10 != 5:
        return False
    s = p - 5
    return sorted(h.chows) == [s + 1, s + 1, s + 7, s + 7]


@primitive("连七对")
def lian_qi_dui(h: HandFacts) -> bool:
    """按七对读法、同一门数牌：连续七个点数各两张（例如 22334455667788筒）。

    同样的牌按四副顺子加将读法不算连七对（按那种牌型计番）。"""
    if h.shape != "seven_pairs":
        return False
    ranks = _same_suit_ranks(h)
    if ranks is None:
        return False
    lo = ranks[0]
    return lo <= 3 and ranks == [r for r in range(lo, lo + 7) for _ in (0, 1)]
