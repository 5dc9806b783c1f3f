"""Fallback fans: what a win scores when nothing else applies."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import FALLBACK, fan


@fan("鸡胡", kind=FALLBACK)
def ji_hu(h: HandFacts) -> bool:
    """The basic win: no other fan declared by the rule file is recognised — structural,
    special, state, event and conditional fans all count as "other" (the reference's
    "当没有其他番型被识别时自动添加"). Flower and wildcard bonuses are not fans.

    With ``win_rule.ji_hu_self_draw_only`` a 鸡胡 must be self-drawn. Because any other fan
    replaces it, 杠上开花 on a basic hand scores 杠上开花 alone, not 鸡胡 + 杠上开花.
    """
    return not h.recognized
