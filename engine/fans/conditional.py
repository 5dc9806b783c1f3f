"""Conditional fans and the fan-condition strings of ``fan_types[].condition``."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import CONDITIONAL, condition, fan


@condition("hand_contains_wildcard")
def hand_contains_wildcard(h: HandFacts) -> bool:
    """The winning hand (concealed tiles and melds) holds at least one wild tile."""
    return h.wild_count > 0


@fan("癞子胡", kind=CONDITIONAL, condition="hand_contains_wildcard")
def lai_zi_hu(h: HandFacts) -> bool:
    """A win whose hand holds at least one wild tile (condition ``hand_contains_wildcard``),
    whatever the wild tiles stand for."""
    return h.wild_count > 0
