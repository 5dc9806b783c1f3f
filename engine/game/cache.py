"""Memoised solver calls keyed by the hand, shared by the flow and the bots.

A simulated game asks the same questions about the same hands many times (the
bot weighing discards, the flow checking every discard for a win), so each
answer is cached per process under a key made of the counting array, the number
of wild tiles, the melds and the enabled shapes. The caches are bounded: when
one grows past its limit it is cleared.
"""

from __future__ import annotations

import dataclasses

from engine import memo
from engine import solver
from engine import tiles as T

_LIMIT = 400_000
_WIN: dict = memo.table("game.cache.win")
_SHANTEN: dict = memo.table("game.cache.shanten")
_BY_ID: dict = memo.table("game.cache.by_id")


_CANONICAL: dict = memo.table("game.cache.canonical")


def canonical(shapes):
    """One shared instance per distinct :class:`Shapes` value, so cache lookups hit by identity."""
    return _CANONICAL.setdefault(shapes, shapes)


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
    key = (bytes(counts), wilds, melds, shapes)
    hit = _WIN.get(key)
    if hit is None:
        hit = memo.store(_WIN, key, solver.is_win(counts, wilds, melds, shapes), _LIMIT)
    return hit


def _table(shapes) -> dict:
    entry = _BY_ID.get(id(shapes))
    if entry is not None and entry[0] is shapes:
        return entry[1]
    table = _SHANTEN.get(shapes)
    if table is None:
        table = _SHANTEN[shapes] = {}
    if _CANONICAL.get(shapes) is shapes:  # canonical instances live forever, so their id is stable
        _BY_ID[id(shapes)] = (shapes, table)
    return table


def shanten(counts: list[int], wilds: int, melds: int, shapes) -> int:
    """:func:`engine.solver.shanten`, memoised."""
    table = _table(shapes)
    key = bytes(counts) + bytes((wilds, melds))
    hit = table.get(key)
    if hit is None:
        hit = memo.store(table, key, solver.shanten(counts, wilds, melds, shapes), _LIMIT)
    return hit


def shanten_each(counts: list[int], wilds: int, melds: int, shapes, tiles, delta: int = 1) -> list[int]:
    """The shanten of the hand with each of ``tiles`` added (``delta`` 1) or removed (-1) in turn
    (``counts`` is left unchanged).

    Table shapes go straight to :func:`engine.solver.shanten_each` (cheaper than a memo
    look-up per tile: only the changed part is looked up); the others are memoised."""
    if shapes.table_only:
        return solver.shanten_each(counts, wilds, melds, shapes, tiles, delta)
    table = _table(shapes)
    suffix = bytes((wilds, melds))
    out = []
    for t in tiles:
        counts[t] += delta
        key = bytes(counts) + suffix
        hit = table.get(key)
        if hit is None:
            try:
                hit = memo.store(table, key, solver.shanten(counts, wilds, melds, shapes), _LIMIT)
            finally:
                counts[t] -= delta
        else:
            counts[t] -= delta
        out.append(hit)
    return out


def shanten_adding(counts: list[int], wilds: int, melds: int, shapes, tiles) -> list[int]:
    """The shanten of the hand with each of ``tiles`` added in turn (``counts`` is left unchanged)."""
    return shanten_each(counts, wilds, melds, shapes, tiles, 1)


_BY_SHAPE: dict = memo.table("game.cache.by_shape")


def shanten_by_shape(counts: list[int], wilds: int, melds: int, shapes) -> dict:
    """:func:`engine.solver.shanten_by_shape`, memoised (treat the result as read-only)."""
    key = (bytes(counts), wilds, melds, shapes)
    hit = _BY_SHAPE.get(key)
    if hit is None:
        hit = memo.store(_BY_SHAPE, key, solver.shanten_by_shape(counts, wilds, melds, shapes), _LIMIT)
    return hit


_SPECIAL = ("thirteen_orphans", "honors_knitted", "knitted_straight", "double_dragon")


def focused(counts: list[int], wilds: int, melds: int, shapes):
    """``shapes`` narrowed to the shapes at the hand's lowest shanten (exact for choosing a discard).

    Discarding cannot lower a shape's shanten and drawing one tile lowers it by at
    most one, so shapes above the minimum never decide which discard is best nor
    which tiles are useful. Only worth it when slow special shapes are enabled.
    """
    if not any(getattr(shapes, name) for name in _SPECIAL):
        return shapes
    by = shanten_by_shape(counts, wilds, melds, shapes)
    best = min(by.values())
    keep = {name for name, v in by.items() if v == best}
    return canonical(dataclasses.replace(
        shapes, standard="standard" in keep, seven_pairs="seven_pairs" in keep,
        **{name: name in keep for name in _SPECIAL}))

