"""The plain whole-hand search for standard readings: the oracle the memoised per-part
enumeration (:func:`engine.solver.standard.standard_readings`) is tested against."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from engine import tiles as T
from engine.solver.shapes import Group
from engine.solver.standard import is_258, wild_candidates
from engine.solver.tables import melds_need, standard_need


def _group(kind: str, tiles: tuple[int, ...], wild: list[int]) -> Group:
    return Group(kind, tiles, tuple(sorted(wild)))


def standard_groups(
    counts: list[int], wilds: int, pair_258: bool, kinds: set[int], with_pair: bool = True
) -> Iterator[tuple[Group, ...]]:
    """Every way (not deduplicated) to split ``counts`` + ``wilds`` into melds and, when
    ``with_pair``, one pair. Groups come sorted by tiles."""
    c = list(counts)
    acc: list[Group] = []
    cand_groups, cand_pairs = wild_candidates(kinds, pair_258)

    def finish(r: int, have_pair: bool) -> Iterator[tuple[Group, ...]]:
        pair_opts: list[Group | None] = [None]
        if not have_pair:
            if r < 2:
                return
            r -= 2
            pair_opts = [Group("pair", (t, t), (t, t)) for t in cand_pairs]
        if r % 3:
            return
        for combo in combinations_with_replacement(cand_groups, r // 3):
            extra = [Group(k, tl, tl) for k, tl in combo]
            for p in pair_opts:
                groups = acc + extra + ([p] if p else [])
                yield tuple(sorted(groups, key=lambda g: (g.tiles, g.kind, g.wilds)))

    def rec(pos: int, r: int, have_pair: bool) -> Iterator[tuple[Group, ...]]:
        while pos < T.COUNT_SIZE and not c[pos]:
            pos += 1
        if pos == T.COUNT_SIZE:
            yield from finish(r, have_pair)
            return
        b = bytes(c)
        need = melds_need(b) if have_pair else standard_need(b, pair_258)
        if need > r:
            return
        t = pos
        n = c[t]
        if not have_pair and (not pair_258 or is_258(t)):
            for k in range(1, min(n, 2) + 1):
                if 2 - k <= r:
                    c[t] -= k
                    acc.append(_group("pair", (t, t), [t] * (2 - k)))
                    yield from rec(t, r - (2 - k), True)
                    acc.pop()
                    c[t] += k
        for k in range(1, min(n, 3) + 1):
            if 3 - k <= r:
                c[t] -= k
                acc.append(_group("pung", (t, t, t), [t] * (3 - k)))
                yield from rec(t, r - (3 - k), have_pair)
                acc.pop()
                c[t] += k
        if t < 30:
            rank = t % 10
            for s in (rank - 2, rank - 1, rank):
                if s < 1 or s + 2 > 9:
                    continue
                slots = [t - rank + s + j for j in range(3)]
                upper = [u for u in slots if u > t and c[u]]
                for mask in range(1 << len(upper)):
                    used = [t] + [u for i, u in enumerate(upper) if mask >> i & 1]
                    wild = [u for u in slots if u not in used]
                    if len(wild) > r:
                        continue
                    for u in used:
                        c[u] -= 1
                    acc.append(_group("chow", tuple(slots), wild))
                    yield from rec(t, r - len(wild), have_pair)
                    acc.pop()
                    for u in used:
                        c[u] += 1

    yield from rec(0, wilds, not with_pair)
