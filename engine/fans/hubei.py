"""Primitives of the 湖北 games: 明四归一 / 暗四归一 (four of a kind kept unkonged, told apart by a pung
meld). 卡五星 and 开口 are expressions in the standard library."""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import primitive


def _four_held(h: HandFacts) -> list[int]:
    """Tiles of which the winning hand holds all four copies without a kong."""
    konged = {m.tiles[0] for m in h.ctx.melds if m.is_kong}
    return [t for t, c in enumerate(h.counts) if c == 4 and t not in konged]


def _punged(h: HandFacts) -> set[int]:
    return {m.tiles[0] for m in h.ctx.melds if m.kind == "pung"}


@primitive("明四归一")
def ming_si_gui_yi(h: HandFacts) -> int:
    """碰了一种牌（明刻），第四张也在和牌的手里用上了，没有开杠；每种计一次（卡五星）。"""
    punged = _punged(h)
    return sum(1 for t in _four_held(h) if t in punged)


@primitive("暗四归一")
def an_si_gui_yi(h: HandFacts) -> int:
    """同一种牌四张都在暗手中（没有碰，也没有开杠），和牌时都用上了；每种计一次（卡五星）。"""
    punged = _punged(h)
    return sum(1 for t in _four_held(h) if t not in punged)
