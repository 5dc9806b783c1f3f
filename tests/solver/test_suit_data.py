"""The shipped suit profiles (engine/solver/suit_profiles.bin) against the solver's own recursion,
and :func:`engine.solver.shanten_each` against :func:`engine.solver.shanten` tile by tile.

The full comparison is ``dslgen tables build --check`` (about 20 CPU-seconds); here a seeded
sample of patterns, every pattern of at most four tiles, and the file's layout."""

from __future__ import annotations

import itertools
import random
import zlib

import pytest

from engine import tiles as T
from engine.solver import Shapes, shanten, shanten_each, suit_data, tables
from tests.solver.test_tables_and_shapes import reference_limited_profile


@pytest.fixture()
def recursion():
    """The solver with the shipped file switched off (fresh tables), restored afterwards."""
    tables.use_shipped(False)
    yield
    tables.use_shipped(True)


def _sample() -> list[bytes]:
    rng = random.Random(14)
    out = [bytes(c) for c in itertools.product(range(5), repeat=9) if sum(c) <= 4]
    while len(out) < 2500:
        p = [0] * 9
        for _ in range(rng.randint(5, 14)):
            r = rng.randrange(9)
            if p[r] < 4:
                p[r] += 1
        out.append(bytes(p))
    return out


def test_shipped_profiles_equal_the_recursion(recursion):
    profiles, free, limited = suit_data.decode(suit_data.read())
    sample = _sample()
    for p in sample:
        k = suit_data.index(p)
        assert k >= 0, p
        assert profiles[free[k]] == tables.profile(tables.suit_profile_id(p)), list(p)
        assert profiles[limited[k]] == tables.profile(tables.limited_suit_profile_id(p)), list(p)
    assert any(4 in p for p in sample)  # the four-copy limit is exercised


def test_index_is_dense_and_one_to_one():
    seen = set()
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= suit_data.MAX_TILES and (sum(c) % 5 == 0 or c[0] == 4):  # a spread of ~1/4 of them
            seen.add(suit_data.index(bytes(c)))
    assert min(seen) >= 0 and max(seen) < suit_data.PATTERNS
    assert len(seen) == sum(1 for c in itertools.product(range(5), repeat=9)
                            if sum(c) <= suit_data.MAX_TILES and (sum(c) % 5 == 0 or c[0] == 4))
    assert suit_data.PATTERNS == 405350
    assert suit_data.index(bytes((4, 4, 4, 3, 0, 0, 0, 0, 0))) == -1  # 15 tiles: not shipped
    assert suit_data.index(bytes((5, 0, 0, 0, 0, 0, 0, 0, 0))) == -1  # a count above four


def test_patterns_outside_the_file_fall_back_to_the_recursion():
    p = bytes((3, 3, 3, 3, 3, 1, 0, 0, 0))  # 16 tiles: not shipped
    assert suit_data.index(p) == -1
    assert tables.profile(tables.suit_profile_id(p)) == reference_limited_profile(p)


def test_encode_decode_round_trip():
    profiles = [(0,) * 18, tuple(range(18))]
    blob = suit_data.encode(profiles, [1] * suit_data.PATTERNS, [0] * suit_data.PATTERNS)
    got, free, limited = suit_data.decode(blob)
    assert got == profiles and free[7] == 1 and limited[7] == 0
    with pytest.raises(ValueError):
        suit_data.decode(zlib.compress(b"not the file"))


_SHAPE_SETS = (
    Shapes(),
    Shapes(seven_pairs=True),
    Shapes(seven_pairs=True, thirteen_orphans=True),
    Shapes(pair_258=True),
    Shapes(seven_pairs=True, all_258=True),
    Shapes(honors_knitted=True, seven_pairs=True),  # not a table shape: the per-tile path
)


@pytest.mark.parametrize("shapes", _SHAPE_SETS, ids=lambda s: "-".join(
    f for f in ("seven_pairs", "thirteen_orphans", "pair_258", "all_258", "honors_knitted") if getattr(s, f)) or "standard")
def test_shanten_each_equals_shanten_per_tile(shapes):
    rng = random.Random(41)
    kinds = [t for t in range(T.COUNT_SIZE) if t % 10 and t < 38]
    checked = 0
    for _ in range(150):
        melds = rng.choice((0, 0, 0, 1, 2))
        wilds = rng.choice((0, 0, 0, 1, 2))
        size = 13 - 3 * melds - wilds + rng.choice((0, 1))
        counts = [0] * T.COUNT_SIZE
        while sum(counts) < size:
            t = rng.choice(kinds[:27] if rng.random() < 0.85 else kinds)
            if counts[t] < 4:
                counts[t] += 1
        before = list(counts)
        for delta in (1, -1):
            tiles = [t for t in kinds if (counts[t] < 4 if delta > 0 else counts[t] > 0)]
            try:
                expected = [_one(counts, wilds, melds, shapes, t, delta) for t in tiles]
            except ValueError:
                with pytest.raises(ValueError):
                    shanten_each(counts, wilds, melds, shapes, tiles, delta)
                continue
            assert shanten_each(counts, wilds, melds, shapes, tiles, delta) == expected, (counts, wilds, melds, delta)
            assert counts == before
            checked += 1
    assert checked == 150  # one of adding / removing gives a 3k hand (ValueError, checked above)


def _one(counts, wilds, melds, shapes, t, delta):
    counts[t] += delta
    try:
        return shanten(counts, wilds, melds, shapes)
    finally:
        counts[t] -= delta


def test_unrolled_combine_equals_its_loops():
    rng = random.Random(42)
    profs = []
    for _ in range(120):
        p = bytes(rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(9))
        profs += [tables.profile(tables.suit_profile_id(p)), tables.profile(tables.limited_suit_profile_id(p))]
    profs.append(tables.profile(tables.honor_profile_id(bytes((2, 1, 3, 0, 0, 1, 2)), True)))
    profs.append(tables.profile(tables.combine(tables.suit_profile_id(bytes((1, 1, 1, 2, 0, 0, 3, 0, 1))),
                                               tables.honor_profile_id(bytes((3, 0, 0, 2, 0, 0, 0)), False))))
    for a in profs:
        for b in profs[::7]:
            assert tables._combined(a, b) == tables._combined_by_loops(a, b)
