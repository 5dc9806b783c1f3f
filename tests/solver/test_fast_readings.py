"""The memoised per-part enumeration (``standard_readings``) against the reference search
(``standard_groups``, deduplicated in order of first occurrence) on random winning hands
with 0-3 wild tiles: the same readings in the same order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as T
from engine.melds import Meld
from engine.solver import Shapes, decompositions, is_win
from engine.solver.shapes import Decomposition
from engine.solver.standard import relevant_kinds, standard_readings
from reference_search import standard_groups
from engine.solver.win import MAX_STANDARD_READINGS, meld_group

SUITED = [t for t in T.PLAYABLE if t < 30]


@st.composite
def winning_hands(draw):
    """A standard winning hand built from groups (0-2 of them declared melds) with 0-3 of its
    concealed tiles turned into wild tiles; at most four real copies of a kind."""
    kinds = draw(st.lists(st.sampled_from(T.PLAYABLE), min_size=2, max_size=6, unique=True))
    n_melds = draw(st.integers(0, 2))
    concealed: list[int] = []
    melds: list[Meld] = []
    counts = [0] * T.COUNT_SIZE
    for i in range(4):
        t = draw(st.sampled_from(kinds))
        if t < 30 and t % 10 <= 7 and draw(st.booleans()):
            tiles = [t, t + 1, t + 2]
            kind = "chow"
        else:
            tiles = [t] * 3
            kind = "pung"
        if any(counts[x] >= 4 for x in tiles):
            tiles = [SUITED[i * 7], SUITED[i * 7] + 1, SUITED[i * 7] + 2] if SUITED[i * 7] % 10 <= 7 else [SUITED[i * 7]] * 3
            kind = "chow" if tiles[0] != tiles[1] else "pung"
        for x in tiles:
            counts[x] += 1
        if i < n_melds:
            melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed += tiles
    pair = draw(st.sampled_from(kinds))
    if counts[pair] > 2:
        pair = next(t for t in T.PLAYABLE if counts[t] <= 2)
    concealed += [pair, pair]
    w = draw(st.integers(0, 3))
    idx = draw(st.lists(st.integers(0, len(concealed) - 1), min_size=w, max_size=w, unique=True))
    real = [t for i, t in enumerate(concealed) if i not in idx]
    return T.to_counts(real), w, tuple(melds)


def reference(counts, wilds, pair_258, kinds):
    """The reference search, deduplicated in order of first occurrence, capped as decompositions caps."""
    seen: dict = {}
    for groups in standard_groups(counts, wilds, pair_258, kinds):
        seen.setdefault(groups, None)
        if len(seen) >= MAX_STANDARD_READINGS:
            break
    return list(seen)


@settings(max_examples=400, deadline=None)
@given(winning_hands(), st.booleans())
def test_fast_readings_equal_reference_search(hand, pair_258):
    counts, w, melds = hand
    kinds = relevant_kinds(counts, melds)
    fast = list(standard_readings(counts, w, pair_258, kinds))[:MAX_STANDARD_READINGS]
    assert fast == reference(counts, w, pair_258, kinds)


@settings(max_examples=200, deadline=None)
@given(winning_hands())
def test_decompositions_standard_part_equals_reference(hand):
    counts, w, melds = hand
    shapes = Shapes(seven_pairs=True, knitted_straight=True)
    assert is_win(counts, w, melds, shapes)
    exposed = tuple(meld_group(m) for m in melds)
    want = [Decomposition("standard", g + exposed, tuple(sorted(x for grp in g for x in grp.wilds)))
            for g in reference(counts, w, False, relevant_kinds(counts, melds))]
    got = [d for d in decompositions(counts, w, melds, shapes) if d.shape == "standard"]
    assert got == want


def test_known_hand_readings():
    """111222333m 456p 99s: three pungs or three chows of 123m, both listed once, in search order."""
    counts = T.to_counts([1, 1, 1, 2, 2, 2, 3, 3, 3, 24, 25, 26, 19, 19])
    got = list(standard_readings(counts, 0, False, set()))
    assert [[g.kind for g in r] for r in got] == [
        ["pung", "pung", "pung", "pair", "chow"],
        ["chow", "chow", "chow", "pair", "chow"],
    ]
