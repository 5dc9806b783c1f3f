"""Fallback fans: what a win scores when nothing else applies."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import FALLBACK, fan


@fan("鸡胡", kind=FALLBACK)
def ji_hu(h: HandFacts) -> bool:
    """基本和牌：规则文件声明的其他番型一个都没有识别到——结构、特殊牌型、状态、事件、条件番都算“其他番”（参考资料：“当没有其他番型被识别时自动添加”）。花牌与癞子加分不是番。

    ``win_rule.ji_hu_self_draw_only`` 为 true 时，鸡胡只能自摸。因为任何其他番都会取代它，基本牌型杠上开花只计 杠上开花，不计 鸡胡 + 杠上开花。"""
    return not h.recognized
