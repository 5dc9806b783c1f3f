"""Differential tests against the `mahjong` package (riichi): win and shanten.

Riichi and Chinese rules differ on one point we test explicitly: riichi seven pairs
forbid a repeated pair, Chinese rules count a 4-of-a-kind as two pairs (龙七对).
"""

from __future__ import annotations

import random

from mahjong.agari import Agari
from mahjong.shanten import Shanten
from solver_helpers import (
    DECK,
    counts34,
    mutate,
    random_seven_pairs,
    random_standard_win,
    random_thirteen_orphans,
    to34,
)

from engine import tiles as T
from engine.solver import Shapes, is_win, shanten, shanten_by_shape

RIICHI = Shapes(seven_pairs=True, thirteen_orphans=True)
N = 100_000


def _repeated_pair_seven_pairs(counts: list[int]) -> bool:
    """Seven pairs that riichi rejects: every count even and some kind held four times."""
    return all(c % 2 == 0 for c in counts) and 4 in counts


def test_random_hands_agree_with_mahjong():
    rng = random.Random(20261129)
    wins = 0
    for _ in range(N):
        hand = rng.sample(DECK, rng.choice((13, 14)))
        c = T.to_counts(hand)
        c34 = counts34(hand)
        by = shanten_by_shape(c, 0, 0, RIICHI)
        theirs_std = Shanten.calculate_shanten_for_regular_hand(c34)
        theirs_13 = Shanten.calculate_shanten_for_kokushi_hand(c34)
        theirs_7 = Shanten.calculate_shanten_for_chiitoitsu_hand(c34)
        assert by["standard"] == theirs_std, T.format_tiles(hand)
        assert by["thirteen_orphans"] == theirs_13, T.format_tiles(hand)
        if max(c) <= 2:  # calculate_shanten is the minimum of the three
            assert by["seven_pairs"] == theirs_7, T.format_tiles(hand)
            assert shanten(c, 0, 0, RIICHI) == min(theirs_std, theirs_7, theirs_13), T.format_tiles(hand)
        else:  # a triple or quad may still become two pairs under Chinese rules
            assert by["seven_pairs"] <= theirs_7, T.format_tiles(hand)
        if len(hand) == 14:
            ours = is_win(c, 0, (), RIICHI)
            wins += ours
            if not _repeated_pair_seven_pairs(c):
                assert ours == Agari.is_agari(c34), T.format_tiles(hand)
            assert (shanten(c, 0, 0, RIICHI) == -1) == ours
    assert wins < N // 100  # random hands almost never win: the check above is not vacuous only by luck


def _winning_hand(rng: random.Random):
    kind = rng.random()
    if kind < 0.8:
        return random_standard_win(rng, open_melds=rng.choice((0, 0, 1, 2)))
    if kind < 0.9:
        return random_seven_pairs(rng), []
    return random_thirteen_orphans(rng), []


def test_random_winning_hands_and_their_neighbours_agree_with_mahjong():
    rng = random.Random(7)
    near_wins = 0
    for _ in range(N):
        concealed, melds = _winning_hand(rng)
        open_sets = [[to34(t) for t in m.tiles] for m in melds]
        full = concealed + [t for m in melds for t in m.tiles]
        c = T.to_counts(concealed)
        assert is_win(c, 0, tuple(melds), RIICHI), T.format_tiles(full)
        assert Agari.is_agari(counts34(full), open_sets or None)
        assert shanten(c, 0, len(melds), RIICHI) == -1
        # one tile changed: a near miss (or another win)
        other = mutate(rng, concealed)
        full2 = other + [t for m in melds for t in m.tiles]  # at most four of a kind, checked below
        if max(full2.count(t) for t in set(full2)) > 4:
            continue
        c2 = T.to_counts(other)
        ours = is_win(c2, 0, tuple(melds), RIICHI)
        if not _repeated_pair_seven_pairs(c2):
            assert ours == Agari.is_agari(counts34(full2), open_sets or None), T.format_tiles(other)
        c34 = counts34(other)
        theirs = Shanten.calculate_shanten(c34) if max(c2) <= 2 else Shanten.calculate_shanten_for_regular_hand(c34)
        ours_sh = shanten(c2, 0, len(melds), RIICHI) if max(c2) <= 2 else shanten_by_shape(c2, 0, len(melds))["standard"]
        assert ours_sh == theirs, T.format_tiles(other)
        near_wins += ours_sh == 0
    assert near_wins > N // 2


def test_quad_counts_as_two_pairs_unlike_riichi():
    hand = T.parse_tiles("1111m2233p4455s66s")  # 龙七对: 1111m is two pairs
    c = T.to_counts(hand)
    assert not Agari.is_agari(counts34(hand))  # riichi: a repeated pair is not seven pairs
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(counts34(hand)) == 1
    assert is_win(c, 0, (), RIICHI)
    assert shanten_by_shape(c, 0, 0, RIICHI)["seven_pairs"] == -1
    assert not is_win(c, 0, (), Shapes())  # not a standard hand: the shape must be enabled
    ready = T.to_counts(T.parse_tiles("111m2233p4455s66s"))  # waits on the fourth 1万
    assert shanten_by_shape(ready, 0, 0, RIICHI)["seven_pairs"] == 0
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(counts34(T.parse_tiles("111m2233p4455s66s"))) == 1


def test_four_copy_limit_matches_mahjong():
    # 1111m + three melds: the only waits would be a fifth 1万, so not ready
    for text in ("1111m234p567p789s", "2222m", "东东东东123m456m789m", "7777m3333666s"):
        hand = T.parse_tiles(text)
        c = T.to_counts(hand)
        assert shanten(c) == Shanten.calculate_shanten_for_regular_hand(counts34(hand)) == 1, text
    # the same hand with a wild tile: the wild tile may stand for a fifth copy
    assert is_win(T.to_counts(T.parse_tiles("1111m234p567p789s")), 1)
