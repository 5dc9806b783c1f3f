"""Shared generators and oracle adapters for the solver tests (seeded, no I/O)."""

from __future__ import annotations

import random

from engine import tiles as T
from engine.melds import Meld

DECK = [t for t in T.PLAYABLE for _ in range(4)]
#: our honor codes -> the `mahjong` package's 34-index (东南西北 27-30, 白 31, 发 32, 中 33)
_HONOR34 = {31: 27, 32: 28, 33: 29, 34: 30, 35: 33, 36: 32, 37: 31}
_GB_HONOR = {31: "F1", 32: "F2", 33: "F3", 34: "F4", 35: "J1", 36: "J2", 37: "J3"}


def to34(code: int) -> int:
    """Our tile code -> the `mahjong` package's 34-index (万 0-8, 筒 9-17, 条 18-26)."""
    if code < 10:
        return code - 1
    if code < 20:
        return 18 + code - 11
    if code < 30:
        return 9 + code - 21
    return _HONOR34[code]


def counts34(tiles) -> list[int]:
    """34-index counts of a tile list."""
    out = [0] * 34
    for t in tiles:
        out[to34(t)] += 1
    return out


def gb(code: int) -> str:
    """Our tile code -> PyMahjongGB notation (W 万, T 条, B 筒, F winds, J 中发白)."""
    if code < 30:
        return "WTB"[code // 10] + str(code % 10)
    return _GB_HONOR[code]


def random_group(rng: random.Random, kinds=T.PLAYABLE) -> tuple[str, tuple[int, ...]]:
    """A random chow or pung (chows only in suits)."""
    if rng.random() < 0.5:
        suit = rng.choice(T.SUITS)
        r = rng.randint(1, 7)
        base = 10 * suit + r
        return "chow", (base, base + 1, base + 2)
    t = rng.choice(kinds)
    return "pung", (t, t, t)


def random_standard_win(rng: random.Random, open_melds: int = 0) -> tuple[list[int], list[Meld]]:
    """A random standard winning hand respecting four copies: (concealed tiles, declared melds)."""
    while True:
        pair = rng.choice(T.PLAYABLE)
        groups = [random_group(rng) for _ in range(4)]
        all_tiles = [pair, pair] + [t for _, g in groups for t in g]
        if max(all_tiles.count(t) for t in set(all_tiles)) > 4:
            continue
        melds = [Meld(kind, g) for kind, g in groups[:open_melds]]
        concealed = [pair, pair] + [t for _, g in groups[open_melds:] for t in g]
        return concealed, melds


def random_seven_pairs(rng: random.Random, distinct: bool = True) -> list[int]:
    """Seven pairs; ``distinct=False`` allows a kind twice (a 4-of-a-kind as two pairs)."""
    if distinct:
        kinds = rng.sample(T.PLAYABLE, 7)
    else:
        kinds = rng.sample(T.PLAYABLE, 6)
        kinds.append(rng.choice(kinds))
    return [t for k in kinds for t in (k, k)]


def random_thirteen_orphans(rng: random.Random) -> list[int]:
    """十三幺 with a random pair."""
    return list(T.ORPHANS) + [rng.choice(T.ORPHANS)]


def mutate(rng: random.Random, tiles: list[int]) -> list[int]:
    """Replace one tile by a random other tile (callers filter out a fifth copy)."""
    out = list(tiles)
    out[rng.randrange(len(out))] = rng.choice(T.PLAYABLE)
    return out
