"""Differential tests against PyMahjongGB for the 国标 shapes: 七对, 十三幺, 全不靠
(七星不靠), 组合龙, 一色双龙会 and the standard shape, with and without declared melds.

PyMahjongGB accepts a fifth copy of a tile: every input here holds at most four.
"""

from __future__ import annotations

import random

from MahjongGB import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongFanCalculator,
    MahjongShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)
from solver_helpers import DECK, gb, mutate, random_group, random_seven_pairs, random_standard_win, random_thirteen_orphans

from engine import tiles as T
from engine.melds import Meld
from engine.solver import Shapes, decompositions, is_win, shanten, shanten_by_shape
from engine.solver.special import KNITTED

GB = Shapes(seven_pairs=True, thirteen_orphans=True, honors_knitted=True, knitted_straight=True, double_dragon=True)


def _pack(m: Meld):
    if m.kind == "chow":
        return ("CHI", gb(sorted(m.tiles)[1]), 1)
    return ("GANG" if m.is_kong else "PENG", gb(m.tiles[0]), 0 if m.kind == "ankong" else 1)


def gb_wins(concealed: list[int], melds: list[Meld]) -> bool:
    """PyMahjongGB's verdict: it raises ERROR_NOT_WIN for a hand that does not win."""
    win = concealed[-1]
    hand = tuple(gb(t) for t in concealed[:-1])
    try:
        MahjongFanCalculator(tuple(_pack(m) for m in melds), hand, gb(win), 0, True, False, False, False, 0, 0)
    except TypeError as exc:
        assert str(exc) == "ERROR_NOT_WIN", (exc, T.format_tiles(concealed))
        return False
    return True


def _ok(concealed, melds) -> bool:
    full = concealed + [t for m in melds for t in m.tiles]
    return max(full.count(t) for t in set(full)) <= 4


def random_honors_knitted(rng: random.Random) -> list[int]:
    """14 of the 16 tiles of a knitted set plus the seven honors (七星不靠 when all honors stay)."""
    pool = list(rng.choice(KNITTED)) + list(T.HONORS)
    hand = rng.sample(pool, 14)
    rng.shuffle(hand)
    return hand


def random_knitted_straight(rng: random.Random, declared: bool) -> tuple[list[int], list[Meld]]:
    """组合龙 + one meld (declared or concealed) + a pair."""
    kind, group = random_group(rng)
    pair = rng.choice(T.PLAYABLE)
    concealed = list(rng.choice(KNITTED)) + [pair, pair]
    melds = [Meld(kind, group)] if declared else []
    if not declared:
        concealed += list(group)
    rng.shuffle(concealed)
    return concealed, melds


def random_double_dragon(rng: random.Random) -> list[int]:
    """一色双龙会 of a random suit."""
    s = 10 * rng.choice(T.SUITS)
    return [s + r for r in (1, 1, 2, 2, 3, 3, 5, 5, 7, 7, 8, 8, 9, 9)]


def _constructed(rng: random.Random):
    """A random hand of a random 国标 shape (or a random hand), at most four of a kind."""
    while True:
        concealed, melds = _one_constructed(rng)
        if _ok(concealed, melds):
            return concealed, melds


def _one_constructed(rng: random.Random):
    roll = rng.randrange(7)
    if roll == 0:
        return random_standard_win(rng, open_melds=rng.choice((0, 1, 2)))
    if roll == 1:
        return random_seven_pairs(rng, distinct=rng.random() < 0.5), []
    if roll == 2:
        return random_thirteen_orphans(rng), []
    if roll == 3:
        return random_honors_knitted(rng), []
    if roll == 4:
        return random_knitted_straight(rng, declared=rng.random() < 0.5)
    if roll == 5:
        return random_double_dragon(rng), []
    return rng.sample(DECK, 14), []


def test_win_agrees_with_pymahjonggb():
    rng = random.Random(88)
    seen = {True: 0, False: 0}
    for _ in range(30_000):
        concealed, melds = _constructed(rng)
        for hand in (concealed, mutate(rng, concealed)):
            if not _ok(hand, melds):
                continue
            rng.shuffle(hand)
            ours = is_win(T.to_counts(hand), 0, tuple(melds), GB)
            assert ours == gb_wins(hand, melds), (T.format_tiles(hand), melds)
            seen[ours] += 1
    assert min(seen.values()) > 5_000


def test_random_hands_agree_with_pymahjonggb():
    rng = random.Random(89)
    for _ in range(20_000):
        hand = rng.sample(DECK, 14)
        assert is_win(T.to_counts(hand), 0, (), GB) == gb_wins(hand, [])


def test_shanten_agrees_with_pymahjonggb():
    rng = random.Random(90)
    for i in range(20_000):
        concealed, melds = _constructed(rng) if i % 2 else (rng.sample(DECK, 14), [])
        if not _ok(concealed, melds):
            continue
        hand = list(concealed)
        hand.pop(rng.randrange(len(hand)))  # 13 - 3k tiles
        if rng.random() < 0.5:
            hand = mutate(rng, hand)
            if not _ok(hand, melds):
                continue
        c = T.to_counts(hand)
        gbh = tuple(gb(t) for t in hand)
        packs = tuple(_pack(m) for m in melds)
        by = shanten_by_shape(c, 0, len(melds), GB)
        assert shanten(c, 0, len(melds), GB) == MahjongShanten(packs, gbh), T.format_tiles(hand)
        if not melds:
            assert by["honors_knitted"] == HonorsAndKnittedTilesShanten(gbh)[0], T.format_tiles(hand)
            assert by["knitted_straight"] == KnittedStraightShanten(gbh)[0], T.format_tiles(hand)
            assert by["thirteen_orphans"] == ThirteenOrphansShanten(gbh)[0], T.format_tiles(hand)
            assert by["seven_pairs"] == SevenPairsShanten(gbh)[0], T.format_tiles(hand)


def test_constructed_special_shapes():
    cases = {
        "147m258s369p东南西北中": "honors_knitted",  # 全不靠
        "47m258s36p东南西北中发白": "honors_knitted",  # 七星不靠
        "147m258s369p123m55p": "knitted_straight",
        "19m19s19p东南西北中发白白": "thirteen_orphans",
        "11223355778899s": "double_dragon",
    }
    for text, shape in cases.items():
        assert len(T.parse_tiles(text)) == 14, text
        c = T.to_counts(T.parse_tiles(text))
        assert gb_wins(T.parse_tiles(text), []), text
        assert is_win(c, 0, (), GB), text
        assert not is_win(c, 0, (), Shapes()) or shape == "double_dragon", text
        assert shape in {d.shape for d in decompositions(c, 0, (), GB)}, text
    # 组合龙 with a declared chow: nine knitted tiles + a pair in hand
    c = T.to_counts(T.parse_tiles("147m258s369p东东"))
    assert is_win(c, 0, (Meld("chow", (21, 22, 23)),), GB)
    assert not is_win(c, 0, (Meld("chow", (21, 22, 23)),), Shapes(honors_knitted=True))
