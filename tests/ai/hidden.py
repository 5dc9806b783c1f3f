"""Rearranging what one seat cannot see: the other seats' concealed tiles and the wall."""

from __future__ import annotations

import random


def rearranged(game, seat: int, seed: int):
    """A copy of ``game`` whose hidden tiles (other seats' concealed hands, 亮倒 declarers excepted, and the
    wall) are shuffled among themselves, every size kept; ``seat``'s view of it is unchanged."""
    other = game.copy()
    rng = random.Random(seed)
    seats = [p for p in other.players if p.seat != seat and not p.declared]
    pool = [t for p in seats for t in p.hand] + other.wall.remaining()
    for _ in range(20):
        rng.shuffle(pool)
        if pool[:len(pool) - len(other.wall)] != [t for p in seats for t in p.hand]:
            break
    i = 0
    for p in seats:
        p.hand = pool[i:i + len(p.hand)]
        i += len(p.hand)
    other.wall.tiles[other.wall.head:other.wall.tail] = pool[i:]
    other._win_memo.clear()
    return other


def hidden_of(game, seat: int):
    """What ``seat`` cannot see, in order: the other seats' hands and the wall."""
    return [list(p.hand) for p in game.players if p.seat != seat], game.wall.remaining()
