"""Property tests (hypothesis) of the wild-tile solver against brute-force substitution,
and invariants linking is_win, decompositions, waits and shanten."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as T
from engine.solver import Shapes, decompositions, is_win, shanten, shanten_by_shape, waits
from engine.solver.win import MAX_STANDARD_READINGS

ALL = Shapes(seven_pairs=True, thirteen_orphans=True, honors_knitted=True, knitted_straight=True, double_dragon=True)
SHAPES = st.sampled_from([Shapes(), ALL, Shapes(pair_258=True), Shapes(seven_pairs=True, pair_258=True)])


@st.composite
def hands(draw, size: int, max_wilds: int, kinds=T.PLAYABLE):
    """``size`` tiles of which up to ``max_wilds`` are wild; real tiles at most four of a kind.
    Drawn from a few kinds at a time so that wins are common."""
    w = draw(st.integers(0, max_wilds))
    pool = draw(st.lists(st.sampled_from(kinds), min_size=3, max_size=9, unique=True))
    real = draw(st.lists(st.sampled_from(pool), min_size=size - w, max_size=size - w))
    counts = T.to_counts(real)
    for t in pool:
        while counts[t] > 4:  # a surplus copy becomes a copy of the next kind with room
            counts[t] -= 1
            counts[next(k for k in T.PLAYABLE if counts[k] < 4)] += 1
    return counts, w


def brute_force_win(counts, wilds, shapes) -> bool:
    """Some substitution of the wild tiles (any of the 34 kinds, fifth copies allowed) wins."""
    for subs in combinations_with_replacement(T.PLAYABLE, wilds):
        c = list(counts)
        for t in subs:
            c[t] += 1
        if is_win(c, 0, (), shapes):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(hands(14, 2), SHAPES)
def test_wild_hand_wins_iff_a_substitution_wins(hand, shapes):
    counts, w = hand
    assert is_win(counts, w, (), shapes) == brute_force_win(counts, w, shapes)


@settings(max_examples=300, deadline=None)
@given(hands(14, 8), SHAPES)
def test_shanten_is_minus_one_iff_win(hand, shapes):
    counts, w = hand
    assert (shanten(counts, w, 0, shapes) == -1) == is_win(counts, w, (), shapes)
    by = shanten_by_shape(counts, w, 0, shapes)
    assert min(by.values()) == shanten(counts, w, 0, shapes)


@settings(max_examples=300, deadline=None)
@given(hands(14, 8), SHAPES)
def test_decompositions_reassemble_to_the_hand(hand, shapes):
    counts, w = hand
    ds = decompositions(counts, w, (), shapes)
    assert bool(ds) == is_win(counts, w, (), shapes)
    assert len(ds) == len({(d.shape, d.groups) for d in ds})  # distinct
    assert len([d for d in ds if d.shape == "standard"]) <= MAX_STANDARD_READINGS
    for d in ds:
        tiles = Counter(t for g in d.groups for t in g.tiles)
        subs = Counter(t for g in d.groups for t in g.wilds)
        assert sorted(d.substitutions) == sorted(subs.elements())
        assert len(d.substitutions) == w
        assert tiles - subs == Counter(T.from_counts(counts)) and not (subs - tiles)
        for g in d.groups:
            if g.kind == "chow":
                a, b, c = g.tiles
                assert a < 30 and b == a + 1 and c == a + 2 and a // 10 == c // 10
            elif g.kind in ("pung", "pair"):
                assert len(set(g.tiles)) == 1 and len(g.tiles) == (3 if g.kind == "pung" else 2)
        if d.shape == "standard":
            pairs = [g for g in d.groups if g.kind == "pair"]
            assert len(pairs) == 1
            if shapes.pair_258:
                assert pairs[0].tiles[0] < 30 and pairs[0].tiles[0] % 10 in (2, 5, 8)
        # every substitution is a real reading: the substituted hand wins without wild tiles
        full = T.to_counts([t for g in d.groups for t in g.tiles])
        assert is_win(full, 0, (), shapes)


@settings(max_examples=200, deadline=None)
@given(hands(13, 3), SHAPES)
def test_every_wait_wins_and_ready_means_waits(hand, shapes):
    counts, w = hand
    ws = waits(counts, w, (), shapes)
    for t in ws:
        c = list(counts)
        c[t] += 1
        assert decompositions(c, w, (), shapes), T.tile_name(t)
    for t in T.PLAYABLE:
        if t not in ws and counts[t] < 4:
            c = list(counts)
            c[t] += 1
            assert not is_win(c, w, (), shapes)
    if w == 0:  # without wild tiles shanten respects the four-copy limit exactly like waits
        assert (shanten(counts, 0, 0, shapes) == 0) == bool(ws)
    elif ws:
        assert shanten(counts, w, 0, shapes) == 0


@settings(max_examples=200, deadline=None)
@given(hands(14, 4), SHAPES, st.integers(0, 13))
def test_a_wild_tile_never_hurts(hand, shapes, i):
    """Turning a real tile into a wild tile never raises shanten nor loses a win."""
    counts, w = hand
    real = T.from_counts(counts)
    if not real:
        return
    c = list(counts)
    c[real[i % len(real)]] -= 1
    assert shanten(c, w + 1, 0, shapes) <= shanten(counts, w, 0, shapes)
    if is_win(counts, w, (), shapes):
        assert is_win(c, w + 1, (), shapes)
