"""Waits (听牌): the tiles that complete a ready hand."""

from __future__ import annotations

from engine import tiles as T
from engine.melds import Meld
from engine.solver.shapes import Shapes
from engine.solver.win import DEFAULT_SHAPES, is_win


def waits(
    counts: list[int],
    wilds: int = 0,
    melds: tuple[Meld, ...] = (),
    shapes: Shapes = DEFAULT_SHAPES,
    universe: tuple[int, ...] = T.PLAYABLE,
) -> list[int]:
    """Tiles of ``universe`` that complete the 3k+1-tile hand, in code order. A tile the hand
    (concealed plus declared melds) already holds four of cannot be drawn and is left out."""
    c = list(counts)
    seen = [0] * T.COUNT_SIZE
    for m in melds:
        for t in m.tiles:
            if t < T.COUNT_SIZE:
                seen[t] += 1
    out = []
    for t in universe:
        if c[t] + seen[t] >= 4:
            continue
        c[t] += 1
        if is_win(c, wilds, melds, shapes):
            out.append(t)
        c[t] -= 1
    return out
