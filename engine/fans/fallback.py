"""Fallback fans: what a win scores when nothing else applies."""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import primitive


@primitive("鸡胡")
def ji_hu(h: HandFacts) -> bool:
    """基本和牌：规则文件声明的其他番型一个都没有识别到——默认（``win_rule.ji_hu_dropped_by: any_fan``）结构、特殊牌型、状态、事件、条件番都算“其他番”（参考资料：“当没有其他番型被识别时自动添加”），所以基本牌型杠上开花只计 杠上开花，不计 鸡胡 + 杠上开花。花牌与癞子加分不是番。

    ``ji_hu_dropped_by: shape_fan`` 时只有牌型番（结构番型与特殊牌型，如 平胡、对对胡、清一色、七对）取代鸡胡：门前清的基本牌型计 鸡胡 1 + 门前清 1（武汉、广东的写法“没有其他牌型番的普通胡牌算鸡胡”）。

    ``win_rule.ji_hu_self_draw_only`` 为 true 时，计了鸡胡的和牌只能自摸。"""
    return not h.recognized
