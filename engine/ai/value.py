"""Cheap judgements of a hand for the search: which discards are worth searching, and what an unfinished
rollout is worth.

Both use only the seat's own tiles and the shanten tables (:mod:`engine.game.cache`), so they work for
every rule file the solver plays: wild tiles, declared shapes, 2/5/8 pairs, seven pairs.
"""

from __future__ import annotations

from engine import tiles as T
from engine.game import cache
from engine.game.actions import DISCARD, LIANG_DAO, Action

#: Estimated chance that a hand this many steps from ready (0 = ready) still wins before the wall ends,
#: for a full wall; scaled down with the wall (:func:`win_chance`). Rough figures from greedy self-play.
WIN_CHANCE = (0.45, 0.25, 0.10, 0.04, 0.015)


def shanten_after(view, tile: int) -> int:
    """Shanten of the seat's hand after discarding ``tile``."""
    p = view.players[view.seat]
    hand = [t for t in p.hand if not T.is_flower(t)]
    if tile in hand:
        hand.remove(tile)
    counts, wilds = cache.split(hand, view.wild_codes)
    return cache.shanten(counts, wilds, len(p.melds), view.shapes)


def candidates(view, legal: list[Action], first: Action, limit: int, slack: int = 0) -> list[Action]:
    """The actions worth searching, ``first`` (the default policy's choice) first.

    Every action that is not a discard is kept (claims, kongs, passes). Discards (and 亮倒 with a
    discard) are kept when they leave the hand at most ``slack`` steps further from ready than the best
    one, nearest first, at most ``limit`` of them besides ``first``."""
    discards = [a for a in legal if a.kind in (DISCARD, LIANG_DAO)]
    others = [a for a in legal if a.kind not in (DISCARD, LIANG_DAO)]
    if discards:
        steps = {t: shanten_after(view, t) for t in sorted({a.tile for a in discards})}
        best = min(steps.values())
        near = sorted((a for a in discards if steps[a.tile] <= best + slack), key=lambda a: (steps[a.tile], a))
        discards = near[:limit]
    out = [first]
    out += [a for a in others + discards if a != first]
    return out


def win_chance(view, seat: int, wall_remaining: int, full_wall: int) -> float:
    """The estimated chance that ``seat`` (in ``view``) still wins: :data:`WIN_CHANCE` by its shanten,
    scaled by the share of the wall left."""
    p = view.players[seat]
    hand = [t for t in p.hand if not T.is_flower(t)]
    counts, wilds = cache.split(hand, view.wild_codes)
    if (len(hand) + 3 * len(p.melds)) % 3 == 2:  # a hand holding a tile to discard: best discard's shanten
        sh = min((shanten_after(view, t) for t in set(hand)), default=8)
    else:
        sh = cache.shanten(counts, wilds, len(p.melds), view.shapes)
    chance = WIN_CHANCE[min(max(sh, 0), len(WIN_CHANCE) - 1)]
    return chance * min(1.0, wall_remaining / max(1, full_wall))
