"""Fallback fans: what a win scores when nothing else applies."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import FALLBACK, fan


@fan("鸡胡", kind=FALLBACK)
def ji_hu(h: HandFacts) -> bool:
    """A winning hand for which no other fan declared by the rule file is recognised
    (event fans included; flowers and wildcard bonuses are not fans).

    With ``win_rule.ji_hu_self_draw_only`` a 鸡胡 is legal only when self-drawn.
    """
    return not h.recognized
