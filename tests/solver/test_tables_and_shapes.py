"""The per-suit tables against independent reference implementations, shapes_for, capabilities."""

from __future__ import annotations

import random
from functools import lru_cache

from engine import capabilities
from engine import tiles as T
from engine.rules import Rules
from engine.solver import Shapes, decompositions, is_win, shapes_for
from engine.solver.tables import RANK_258, limited_suit_profile_id, profile, suit_need, suit_profile_id

NEG = -99


def reference_limited_profile(p: bytes) -> tuple[int, ...]:
    """Rank-by-rank DP over the final hand (at most four of each tile): the most tiles of
    ``p`` kept in g groups plus at most one pair (no pair / any pair / a 2-5-8 pair)."""
    dp = {(0, 0, 0): [0, NEG, NEG, NEG, NEG]}
    for i in range(9):
        new: dict = {}
        for (o1, o2, ps), vals in dp.items():
            for c0 in range(0, 5 - o1 - o2 if i <= 6 else 1):
                for pung in (0, 1):
                    for pr in ((0, 1) if ps == 0 else (0,)):
                        slots = o1 + o2 + c0 + 3 * pung + 2 * pr
                        if slots > 4:
                            continue
                        nps = ps if not pr else (2 if i in RANK_258 else 1)
                        tgt = new.setdefault((o2, c0, nps), [NEG] * 5)
                        for g in range(5 - c0 - pung):
                            if vals[g] > NEG:
                                tgt[g + c0 + pung] = max(tgt[g + c0 + pung], vals[g] + min(p[i], slots))
        dp = new
    prof = [NEG] * 15
    for (o1, o2, ps), vals in dp.items():
        if o1 or o2:
            continue
        for q in {0: (0, 1, 2), 1: (1,), 2: (1, 2)}[ps]:
            for g in range(5):
                prof[5 * q + g] = max(prof[5 * q + g], max(vals[: g + 1]))
    return tuple(prof)


@lru_cache(maxsize=None)
def reference_need(p: tuple[int, ...], pair: bool) -> int:
    """Brute force: fewest wild tiles completing ``p`` as melds (+ a pair), by removing groups."""
    if not any(p):
        return 2 if pair else 0
    best = 99
    i = next(k for k, c in enumerate(p) if c)
    for size, is_pair in ((3, False), (2, True)):
        if is_pair and not pair:
            continue
        for k in range(1, min(p[i], size) + 1):
            q = list(p)
            q[i] -= k
            best = min(best, size - k + reference_need(tuple(q), pair and not is_pair))
    for s in range(max(0, i - 2), min(i, 6) + 1):
        for use in range(4):
            q = list(p)
            wild = 0
            for j, r in enumerate(range(s, s + 3)):
                take = r == i or (r > i and use >> (j % 2) & 1 and q[r] > 0)
                if take and q[r] > 0:
                    q[r] -= 1
                else:
                    wild += 1
            if q[i] < p[i]:
                best = min(best, wild + reference_need(tuple(q), pair))
    return best


def test_limited_profiles_match_the_rank_dp():
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        p = [0] * 9
        for _ in range(rng.randint(4, 14)):
            r = rng.randrange(9)
            if p[r] < 4:
                p[r] += 1
        if 4 not in p:
            p[rng.randrange(9)] = 4
        b = bytes(p)
        assert profile(limited_suit_profile_id(b)) == reference_limited_profile(b), p
        checked += 1
    assert checked == 400


def test_unlimited_profile_equals_limited_without_quads():
    rng = random.Random(6)
    for _ in range(300):
        p = bytes(rng.choice((0, 0, 1, 2, 3)) for _ in range(9))
        assert profile(suit_profile_id(p)) == reference_limited_profile(p)


def test_suit_need_matches_brute_force():
    rng = random.Random(7)
    for _ in range(400):
        p = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        n0, n1, _ = suit_need(bytes(p))
        assert n0 == reference_need(p, False), p
        assert n1 == reference_need(p, True), p


def _rules(requires=(), fans=(), pair_258=False) -> Rules:
    return Rules.from_dict({
        "game": {"name": "测试", "type": "mahjong", "players": {"min": 4, "max": 4}},
        "requires": list(requires),
        "deck": {"generator": "mahjong", "include_honors": True, "include_flowers": False, "total": 136},
        "deal": {},
        "fan_types": [{"name": f, "base_fan": 1} for f in fans],
        "fan_stacking": "add",
        "win_condition": {"pair_must_be_258": pair_258},
        "phases": [{"name": "play", "type": "mahjong_turn"}],
        "scoring": {"mode": "fan_table"},
    }, validate=False)  # 龙七对 is not a fan the engine scores, but it still names the seven-pairs shape


def test_shapes_for_reads_requires_fans_and_win_condition():
    assert shapes_for(_rules()) == Shapes()
    assert shapes_for(_rules(["meldsolver.seven_pairs"])).seven_pairs
    assert shapes_for(_rules(fans=["龙七对"])).seven_pairs
    assert shapes_for(_rules(fans=["十三幺"])).thirteen_orphans
    assert shapes_for(_rules(["meldsolver.all_orphans"])).honors_knitted
    assert shapes_for(_rules(fans=["七星不靠"])).honors_knitted
    assert shapes_for(_rules(["meldsolver.combo_dragon"])).knitted_straight
    assert shapes_for(_rules(fans=["一色双龙会"])).double_dragon
    assert shapes_for(_rules(pair_258=True)).pair_258


def test_capabilities_registered_by_the_solver():
    reg = capabilities.registry()
    for cap in ("standard_win", "seven_pairs", "thirteen_orphans", "all_orphans", "combo_dragon",
                "double_dragon", "wildcard", "pair_258"):
        assert reg[f"meldsolver.{cap}"].module.startswith("engine.solver."), cap


def test_pair_258_and_double_dragon_readings():
    c = T.to_counts(T.parse_tiles("123m456m789m111p33p"))
    assert is_win(c) and not is_win(c, 0, (), Shapes(pair_258=True))
    dd = T.to_counts(T.parse_tiles("11223355778899p"))
    shapes = {d.shape for d in decompositions(dd, 0, (), Shapes(double_dragon=True))}
    assert shapes == {"standard", "double_dragon"}
    # with a wild tile for one 5 and a declared 789 chow
    part = T.to_counts(T.parse_tiles("1122335789p"))
    from engine.melds import Meld

    ds = decompositions(part, 1, (Meld("chow", (27, 28, 29)),), Shapes(standard=False, double_dragon=True))
    assert len(ds) == 1 and ds[0].substitutions == (25,)


def test_wild_only_groups_are_bounded_and_concrete():
    c = T.to_counts(T.parse_tiles("123m"))
    ds = decompositions(c, 11)
    assert ds and len(ds) <= 1000
    assert all(len(d.substitutions) == 11 for d in ds)
    # every wild-only group is built from the hand's suit
    assert all(t < 10 for d in ds for g in d.groups for t in g.tiles)
    assert decompositions(T.to_counts([]), 14)[0].substitutions  # a hand of wild tiles only
