"""Conditional fans and the fan-condition strings of ``fan_types[].condition``."""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import condition


@condition("hand_contains_wildcard")
def hand_contains_wildcard(h: HandFacts) -> bool:
    """和牌的手牌（暗手与副露）中至少有一张癞子。"""
    return h.wild_count > 0
