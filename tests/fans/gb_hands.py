"""Random 国标 winning hands (every shape, concealed and with melds) and their PyMahjongGB form.

Deterministic from a seed. Hands never hold more than four copies of a tile
(PyMahjongGB would accept them and report nonsense such as 四归一 on a fifth copy).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.melds import Meld

SUITED = [s * 10 + r for s in range(3) for r in range(1, 10)]
HONORS = list(range(31, 38))
ALL = SUITED + HONORS
ORPHANS = [t for t in SUITED if t % 10 in (1, 9)] + HONORS

#: tile pools that make rare fans likely: (name, tiles)
POOLS = [
    ("all", ALL), ("all", ALL), ("all", ALL), ("all", ALL),
    ("one_suit", None), ("one_suit_honors", None), ("two_suits", None),
    ("honors", HONORS), ("orphans", ORPHANS), ("simples", [t for t in SUITED if 2 <= t % 10 <= 8]),
    ("789", [t for t in SUITED if t % 10 >= 7]), ("456", [t for t in SUITED if 4 <= t % 10 <= 6]),
    ("123", [t for t in SUITED if t % 10 <= 3]), ("6789", [t for t in SUITED if t % 10 >= 6]),
    ("1234", [t for t in SUITED if t % 10 <= 4]), ("even", [t for t in SUITED if t % 2 == 0]),
    ("winds", [t for t in SUITED if t < 10] + [31, 32, 33, 34]), ("dragons", [t for t in SUITED if t < 10] + [35, 36, 37]),
    ("terminal_honor_mix", ORPHANS + [2, 3, 7, 8, 12, 13, 17, 18]),
]


@dataclass(frozen=True)
class GbHand:
    """One winning hand: concealed tiles (incl. the winning tile), melds and the win's flags."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    self_drawn: bool
    kong_replacement: bool
    last_tile: bool
    robbing_kong: bool
    kind: str


def _pool(rng: random.Random, name: str, tiles):
    if tiles is not None:
        return tiles
    suits = rng.sample(range(3), 2)
    if name == "one_suit":
        return [t for t in SUITED if t // 10 == suits[0]]
    if name == "one_suit_honors":
        return [t for t in SUITED if t // 10 == suits[0]] + HONORS
    return [t for t in SUITED if t // 10 in suits] + rng.sample(HONORS, 2)


def _group(rng: random.Random, pool: list[int]):
    chow_starts = [t for t in pool if t < 30 and t % 10 <= 7 and t + 1 in pool and t + 2 in pool]
    if chow_starts and rng.random() < 0.55:
        t = rng.choice(chow_starts)
        return "chow", [t, t + 1, t + 2]
    t = rng.choice(pool)
    return "pung", [t, t, t]


def _ok(counts: dict[int, int]) -> bool:
    return all(c <= 4 for c in counts.values())


def _count(tiles) -> dict[int, int]:
    out: dict[int, int] = {}
    for t in tiles:
        out[t] = out.get(t, 0) + 1
    return out


def standard(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    name, tiles = rng.choice(POOLS)
    pool = _pool(rng, name, tiles)
    groups = [_group(rng, pool) for _ in range(4)]
    pair = rng.choice(pool)
    n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    everything = [pair, pair]
    for i, (kind, ts) in enumerate(groups):
        if i < n_melds:
            if kind == "chow":
                melds.append(Meld("chow", tuple(ts), ts[1]))
                everything += ts
            else:
                r = rng.random()
                if r < 0.6:
                    melds.append(Meld("pung", tuple(ts), ts[0]))
                    everything += ts
                else:
                    melds.append(Meld("kong" if r < 0.8 else "ankong", tuple(ts) + (ts[0],)))
                    everything += ts + [ts[0]]
        else:
            concealed += ts
            everything += ts
    if not _ok(_count(everything)):
        return None
    return concealed, melds


def seven_pairs(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    name, tiles = rng.choice(POOLS)
    pool = _pool(rng, name, tiles)
    pairs = [rng.choice(pool) for _ in range(7)]
    hand = [t for p in pairs for t in (p, p)]
    return (hand, []) if _ok(_count(hand)) else None


def thirteen_orphans(rng: random.Random):
    hand = ORPHANS + [rng.choice(ORPHANS)]
    return hand, []


def _knitted(rng: random.Random) -> list[int]:
    order = rng.sample(range(3), 3)
    return [order[i] * 10 + r for i, start in enumerate((1, 2, 3)) for r in (start, start + 3, start + 6)]


def honors_knitted(rng: random.Random):
    tiles = _knitted(rng) + HONORS
    return rng.sample(tiles, 14), []


def knitted_straight(rng: random.Random):
    kn = _knitted(rng)
    kind, ts = _group(rng, ALL)
    pair = rng.choice(ALL)
    hand = kn + ts + [pair, pair]
    if not _ok(_count(hand)):
        return None
    if rng.random() < 0.3:
        meld = Meld("chow" if kind == "chow" else "pung", tuple(ts), ts[1])
        return kn + [pair, pair], [meld]
    return hand, []


def special_suit(rng: random.Random):
    s = rng.randrange(3) * 10
    if rng.random() < 0.5:
        ranks = [1, 1, 2, 2, 3, 3, 5, 5, 7, 7, 8, 8, 9, 9]
    else:
        lo = rng.randint(1, 3)
        ranks = [r for r in range(lo, lo + 7) for _ in (0, 1)]
    return [s + r for r in ranks], []


def honor_sets(rng: random.Random):
    """Three or four wind (or dragon) pungs: 大四喜, 小四喜, 大三元, 小三元 and their neighbours."""
    family = [31, 32, 33, 34] if rng.random() < 0.6 else [35, 36, 37]
    n = rng.choice([len(family) - 1, len(family) - 1, min(len(family), 4)])
    chosen = rng.sample(family, n)
    rest = [t for t in family if t not in chosen]
    groups = [[t, t, t] for t in chosen]
    while len(groups) < 4:
        groups.append(_group(rng, ALL)[1])
    pair = rng.choice(rest) if rest and rng.random() < 0.7 else rng.choice(ALL)
    hand = [t for g in groups for t in g] + [pair, pair]
    if not _ok(_count(hand)):
        return None
    melds = []
    k = rng.choice([0, 0, 1, 2])
    for g in groups[:k]:
        kind = "chow" if g[0] != g[1] else "pung"
        melds.append(Meld(kind, tuple(g), g[1]))
        for t in g:
            hand.remove(t)
    return hand, melds


MAKERS = [(honor_sets, 3), (standard, 70), (seven_pairs, 12), (thirteen_orphans, 3), (honors_knitted, 5), (knitted_straight, 5),
          (special_suit, 5)]


def random_hands(n: int, seed: int) -> list[GbHand]:
    """``n`` random winning hands in every shape, from ``seed``."""
    rng = random.Random(seed)
    makers, weights = zip(*MAKERS)
    out: list[GbHand] = []
    while len(out) < n:
        maker = rng.choices(makers, weights)[0]
        made = maker(rng)
        if made is None:
            continue
        concealed, melds = made
        win_tile = rng.choice(concealed)
        self_drawn = rng.random() < 0.5
        has_kong = any(m.is_kong for m in melds)
        out.append(GbHand(
            tuple(concealed), tuple(melds), win_tile, self_drawn,
            kong_replacement=self_drawn and has_kong and rng.random() < 0.3,
            last_tile=rng.random() < 0.1,
            # a robbed kong holds the other three copies: the winner has none of them
            robbing_kong=(not self_drawn) and rng.random() < 0.05 and concealed.count(win_tile) == 1
            and not any(win_tile in m.tiles for m in melds),
            kind=maker.__name__,
        ))
    return out


def gb_code(t: int) -> str:
    """PyMahjongGB's code for one of our tiles."""
    if t < 10:
        return f"W{t}"
    if t < 20:
        return f"T{t - 10}"
    if t < 30:
        return f"B{t - 20}"
    if t <= 34:
        return f"F{t - 30}"
    return f"J{t - 34}"


def to_gb(h: GbHand):
    """Arguments for ``MahjongFanCalculator`` (no flowers, east seat and round)."""
    packs = []
    for m in h.melds:
        if m.kind == "chow":
            packs.append(("CHI", gb_code(sorted(m.tiles)[1]), 2))
        elif m.kind == "pung":
            packs.append(("PENG", gb_code(m.tiles[0]), 1))
        else:
            packs.append(("GANG", gb_code(m.tiles[0]), 0 if m.kind == "ankong" else 1))
    hand = list(h.concealed)
    hand.remove(h.win_tile)
    return (tuple(packs), tuple(gb_code(t) for t in hand), gb_code(h.win_tile), 0, h.self_drawn, False,
            h.kong_replacement or h.robbing_kong, h.last_tile, 0, 0)
