"""The standard shape (melds + one pair): concrete decompositions with wild tiles.

The win check and shanten of this shape are table look-ups (:mod:`engine.solver.tables`);
this module enumerates the concrete readings the fan layer scores.

Wild tiles first fill gaps in groups that hold real tiles (their identity is then
forced: the missing chow tile, the pung's tile). Wild tiles left over form *wild-only*
groups; their identities are enumerated over a bounded candidate set built from the
hand (see :func:`wild_candidates`), never over all 34 kinds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement

from engine import memo
from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld
from engine.solver.shapes import Group
from engine.solver.tables import EXACT_READINGS, exact_bits, honor_need, suit_need

CANONICAL = T.tile(T.MAN, 5)  # 5万: the identity of wild tiles in a hand with no real tile


def is_258(t: int) -> bool:
    """True for suited 2, 5 and 8."""
    return t < 30 and t % 10 in (2, 5, 8)


def relevant_kinds(counts: list[int], melds: Iterable[Meld]) -> set[int]:
    """Real tile kinds of the hand: concealed tiles plus declared meld tiles (wild codes ignored)."""
    kinds = {t for t in range(T.COUNT_SIZE) if counts[t]}
    for m in melds:
        kinds.update(t for t in m.tiles if t < T.COUNT_SIZE)
    return kinds


def wild_candidates(kinds: set[int], pair_258: bool) -> tuple[list[tuple[str, tuple[int, ...]]], list[int]]:
    """Identities a wild-only group may take: ``(groups, pair tiles)``.

    Rule (keeps the count bounded): pungs of the kinds present in the hand, plus pungs of
    every wind (dragon) when a wind (dragon) is present; chows holding a kind present;
    pairs of the kinds present (only 2/5/8 under ``pair_258``; if none qualifies, the
    2/5/8 of the suits present). A hand with no real tile uses 5万. Wild tiles are not
    limited to four copies of a kind.
    """
    if not kinds:
        kinds = {CANONICAL}
    pung_kinds = set(kinds)
    if any(t in T.WINDS for t in kinds):
        pung_kinds.update(T.WINDS)
    if any(t in T.DRAGONS for t in kinds):
        pung_kinds.update(T.DRAGONS)
    suits = sorted({T.suit_of(t) for t in kinds if T.is_suited(t)})
    groups: list[tuple[str, tuple[int, ...]]] = [("pung", (t, t, t)) for t in sorted(pung_kinds)]
    for s in suits:
        for r in range(1, 8):
            chow = (10 * s + r, 10 * s + r + 1, 10 * s + r + 2)
            if any(t in kinds for t in chow):
                groups.append(("chow", chow))
    pairs = sorted(kinds)
    if pair_258:
        pairs = [t for t in pairs if is_258(t)] or [10 * s + r for s in (suits or [0]) for r in (2, 5, 8)]
    return groups, pairs


# --- per-part readings, memoised, combined ----------------------------------------
#
# Groups holding a real tile never span two parts (a chow stays in its suit), so a
# whole-hand search (kept as the test oracle in tests/solver/reference_search.py)
# visits the three suits and the honors one after the other.
# Each part's readings are enumerated once per (pattern, wild budget, 2/5/8 rule) and
# kept; a hand's readings are the nested product of its parts' readings, then the
# wild-only groups. Nesting in part order reproduces the reference search's order of
# first occurrence, so :func:`standard_readings` equals that search, deduplicated,
# as a list, not only as a set.

#: (pattern, first code, wild budget, pair_258) -> ((sorted groups, wilds used, has pair), ...)
_PART_READINGS: dict[tuple[bytes, int, int, bool], tuple[tuple[tuple[Group, ...], int, bool], ...]] = memo.table("solver.standard.part_readings")
_PART_LIMIT = 200_000  # entries; the memo starts afresh past it
_EMPTY_PART = (((), 0, False),)
_PARTS = ((1, 10), (11, 20), (21, 30), (31, 38))
_GROUPS: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Group] = memo.table("solver.standard.groups")


def _group_key(g: Group) -> tuple:
    return (g.tiles, g.kind, g.wilds)


def shared_group(kind: str, tiles: tuple[int, ...], wild) -> Group:
    """The shared (immutable) Group object of a concealed group; ``wild`` in any order."""
    key = (kind, tiles, tuple(sorted(wild)))
    g = _GROUPS.get(key)
    if g is None:
        g = _GROUPS[key] = Group(kind, tiles, key[2])
    return g


def part_readings(p: bytes, lo: int, budget: int, pair_258: bool, shipped: bool = True) -> tuple[tuple[tuple[Group, ...], int, bool], ...]:
    """Distinct readings of one part (``p``: the counts of codes ``lo``.. ``lo + len(p) - 1``, a suit
    or the honors) into groups that each hold a real tile, using at most ``budget`` wild tiles:
    ``(groups sorted as decompositions sort them, wild tiles used, whether a pair is among them)``,
    in the order the reference search first meets them. Without wild tiles or the 2/5/8 rule they
    come from the shipped table (:mod:`engine.solver.exact_parts`) when it lists the pattern
    (``shipped=False``: always by search, as the table's generator does)."""
    key = (p, lo, budget, pair_258)
    got = _PART_READINGS.get(key)
    if got is not None:
        return got
    if not any(p):
        return _EMPTY_PART
    if not budget:
        if shipped and not pair_258:
            enc = EXACT_READINGS.get(p)
            if enc is None and not EXACT_READINGS:
                exact_bits(p)  # loads the shipped table
                enc = EXACT_READINGS.get(p)
            if enc is not None:
                return _decode_readings(enc, lo, key)
        return _exact_readings(p, lo, pair_258, key)
    hi = lo + len(p)
    c = [0] * T.COUNT_SIZE
    c[lo:hi] = p
    acc: list[Group] = []
    out: dict[tuple[Group, ...], tuple[tuple[Group, ...], int, bool]] = {}
    need = honor_need if lo > 30 else suit_need

    def rec(pos: int, r: int, have_pair: bool) -> None:
        while pos < hi and not c[pos]:
            pos += 1
        if pos == hi:
            groups = tuple(sorted(acc, key=_group_key))
            if groups not in out:
                out[groups] = (groups, budget - r, have_pair)
            return
        if r:  # without wild tiles a dead branch ends at once: no table look-up needed
            n0, n1, _ = need(bytes(c[lo:hi]))
            if (n0 if have_pair else min(n0, n1)) > r:
                return
        t = pos
        n = c[t]
        if not have_pair and (not pair_258 or is_258(t)):
            for k in range(1, min(n, 2) + 1):
                if 2 - k <= r:
                    c[t] -= k
                    acc.append(shared_group("pair", (t, t), [t] * (2 - k)))
                    rec(t, r - (2 - k), True)
                    acc.pop()
                    c[t] += k
        for k in range(1, min(n, 3) + 1):
            if 3 - k <= r:
                c[t] -= k
                acc.append(shared_group("pung", (t, t, t), [t] * (3 - k)))
                rec(t, r - (3 - k), have_pair)
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
                    acc.append(shared_group("chow", tuple(slots), wild))
                    rec(t, r - len(wild), have_pair)
                    acc.pop()
                    for u in used:
                        c[u] += 1

    rec(lo, budget, False)
    readings = tuple(out.values())
    return memo.store(_PART_READINGS, key, readings, _PART_LIMIT)


def _decode_readings(enc: bytes, lo: int, key) -> tuple[tuple[tuple[Group, ...], int, bool], ...]:
    """The readings of a part from their shipped encoding (see :func:`engine.solver.tables.exact_parts_records`)."""
    out = []
    i, end = 0, len(enc)
    while i < end:
        n = enc[i]
        groups = []
        has_pair = False
        for code in enc[i + 1:i + 1 + n]:
            kind, t = code >> 4, lo + (code & 15)
            if kind == 0:
                groups.append(shared_group("pair", (t, t), ()))
                has_pair = True
            elif kind == 1:
                groups.append(shared_group("pung", (t, t, t), ()))
            else:
                groups.append(shared_group("chow", (t, t + 1, t + 2), ()))
        out.append((tuple(groups), 0, has_pair))
        i += 1 + n
    readings = tuple(out)
    return memo.store(_PART_READINGS, key, readings, _PART_LIMIT)


def _exact_readings(p: bytes, lo: int, pair_258: bool, key) -> tuple[tuple[tuple[Group, ...], int, bool], ...]:
    """:func:`part_readings` without wild tiles: at the lowest tile left, the pair, the pung or the chow
    it starts (the order of the general search, which reads the same groups)."""
    c = list(p)
    end = len(p)
    suit = lo < 30
    acc: list[Group] = []
    out: dict[tuple[Group, ...], tuple[tuple[Group, ...], int, bool]] = {}

    def rec(i: int, have_pair: bool) -> None:
        while i < end and not c[i]:
            i += 1
        if i == end:
            groups = tuple(sorted(acc, key=_group_key))
            if groups not in out:
                out[groups] = (groups, 0, have_pair)
            return
        t = lo + i
        n = c[i]
        if n >= 2 and not have_pair and (not pair_258 or is_258(t)):
            c[i] = n - 2
            acc.append(shared_group("pair", (t, t), ()))
            rec(i, True)
            acc.pop()
            c[i] = n
        if n >= 3:
            c[i] = n - 3
            acc.append(shared_group("pung", (t, t, t), ()))
            rec(i, have_pair)
            acc.pop()
            c[i] = n
        if suit and i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            acc.append(shared_group("chow", (t, t + 1, t + 2), ()))
            rec(i, have_pair)
            acc.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    rec(0, False)
    readings = tuple(out.values())
    return memo.store(_PART_READINGS, key, readings, _PART_LIMIT)


def exact_readings(b: bytes, pair_258: bool) -> Iterator[tuple[Group, ...]]:
    """The standard readings (melds + exactly one pair) of the wild-free counts ``b`` (indexed by tile
    code), combined from the per-part readings in a fixed order: man, then sou, pin, honors."""
    man, sou, pin, hon = (part_readings(b[lo:hi], lo, 0, pair_258) for lo, hi in _PARTS)
    for g0, _, p0 in man:
        for g1, _, p1 in sou:
            if p0 and p1:
                continue
            h1 = p0 or p1
            for g2, _, p2 in pin:
                if h1 and p2:
                    continue
                h2 = h1 or p2
                g012 = g0 + g1 + g2
                for g3, _, p3 in hon:
                    if h2 != p3:  # exactly one pair in the hand
                        yield g012 + g3


def standard_readings(counts: list[int], wilds: int, pair_258: bool, kinds: set[int]) -> Iterator[tuple[Group, ...]]:
    """The distinct standard readings (melds + one pair) of ``counts`` + ``wilds``, groups sorted,
    in the order of first occurrence in :func:`standard_groups` (same list, deduplicated).

    ``kinds`` (see :func:`relevant_kinds`) is only read when wild tiles are left for
    wild-only groups."""
    b = bytes(bytearray(counts))
    if not wilds:
        yield from exact_readings(b, pair_258)
        return
    man, sou, pin, hon = (part_readings(b[lo:hi], lo, wilds, pair_258) for lo, hi in _PARTS)
    cand: list = []

    def finish(r: int, have_pair: bool, acc: tuple[Group, ...]) -> Iterator[tuple[Group, ...]]:
        pair_opts: list[Group | None] = [None]
        if not have_pair:
            if r < 2:
                return
            r -= 2
            if not cand:
                cand.extend(wild_candidates(kinds, pair_258))
            pair_opts = [Group("pair", (t, t), (t, t)) for t in cand[1]]
        if r % 3:
            return
        if not r and have_pair:
            yield acc
            return
        if not cand:
            cand.extend(wild_candidates(kinds, pair_258))
        for combo in combinations_with_replacement(cand[0], r // 3):
            extra = [Group(k, tl, tl) for k, tl in combo]
            for p in pair_opts:
                groups = list(acc) + extra + ([p] if p else [])
                yield tuple(sorted(groups, key=_group_key))

    for g0, w0, p0 in man:
        r0 = wilds - w0
        if r0 < 0:
            continue
        for g1, w1, p1 in sou:
            r1 = r0 - w1
            if r1 < 0 or (p0 and p1):
                continue
            h1 = p0 or p1
            for g2, w2, p2 in pin:
                r2 = r1 - w2
                if r2 < 0 or (h1 and p2):
                    continue
                h2 = h1 or p2
                g012 = g0 + g1 + g2
                for g3, w3, p3 in hon:
                    r3 = r2 - w3
                    if r3 < 0 or (h2 and p3):
                        continue
                    yield from finish(r3, h2 or p3, g012 + g3)


register("meldsolver.standard_win", "标准胡牌判断", "四面子加一将的标准和牌型，含已吃碰杠的副露，逐花色查表判断", "0.1.0", __name__)
register("meldsolver.wildcard", "癞子（百搭）替代", "癞子可替代任意牌：按花色预计算“补缺所需癞子数”，0-8 张癞子代价不随张数爆炸，并给出每张癞子所代表的牌", "0.1.0", __name__)
register("meldsolver.pair_258", "二五八将", "标准和牌型的将牌必须是 2、5、8 点的数牌", "0.1.0", __name__)
