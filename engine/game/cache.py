"""Memoised solver calls keyed by the hand, shared by the flow and the bots.

A simulated game asks the same questions about the same hands many times (the
bot weighing discards, the flow checking every discard for a win), so each
answer is cached per process under a key made of the counting array, the number
of wild tiles, the melds and the enabled shapes. The caches are bounded: when
one grows past its limit it is cleared.
"""

from __future__ import annotations

from engine import solver
from engine import tiles as T

_LIMIT = 400_000
_WIN: dict = {}
_SHANTEN: dict = {}


def split(hand, wild_codes) -> tuple[list[int], int]:
    """Counting array of ``hand`` without wild tiles and flowers, and the number of wild tiles."""
    counts = [0] * T.COUNT_SIZE
    wilds = 0
    for t in hand:
        if t in wild_codes:
            wilds += 1
        elif t < T.COUNT_SIZE:
            counts[t] += 1
    return counts, wilds


def is_win(counts: list[int], wilds: int, melds: tuple, shapes) -> bool:
    """:func:`engine.solver.is_win`, memoised."""
    key = (tuple(counts), wilds, melds, shapes)
    hit = _WIN.get(key)
    if hit is None:
        if len(_WIN) > _LIMIT:
            _WIN.clear()
        hit = _WIN[key] = solver.is_win(counts, wilds, melds, shapes)
    return hit


def shanten(counts: list[int], wilds: int, melds: int, shapes) -> int:
    """:func:`engine.solver.shanten`, memoised."""
    key = (tuple(counts), wilds, melds, shapes)
    hit = _SHANTEN.get(key)
    if hit is None:
        if len(_SHANTEN) > _LIMIT:
            _SHANTEN.clear()
        hit = _SHANTEN[key] = solver.shanten(counts, wilds, melds, shapes)
    return hit
