"""Special winning shapes: 七对, 十三幺, 全不靠 (incl. 七星不靠), 组合龙, 一色双龙会, 将将胡.

Each shape has three functions over a counting array ``counts`` (and its ``bytes``
form ``b``) with ``wilds`` wild tiles: ``*_win``, ``*_kept`` (most real tiles usable
by the shape, for shanten) and ``*_decompose`` (concrete readings). Every shape but
组合龙 needs a fully concealed hand of 14 tiles; 组合龙 allows one declared meld; 将将胡 allows any
declared melds made of 2/5/8 tiles.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, compress, permutations
from operator import itemgetter

from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld
from engine.solver.shapes import Group
from engine.solver.standard import shared_group, standard_readings
from engine.solver.tables import kept_tiles, standard_need

ORPHANS = T.ORPHANS
#: The six knitted straights: 147/258/369 spread over the three suits, as tile tuples.
KNITTED = tuple(
    tuple(10 * suit + r for suit, start in zip(T.SUITS, perm) for r in (start, start + 3, start + 6))
    for perm in permutations((1, 2, 3))
)
#: 一色双龙会 per suit: tile -> copies (1122335577889 9 of one suit: 123 123 789 789 55).
DOUBLE_DRAGON_TARGET = tuple({10 * s + r: 2 for r in (1, 2, 3, 5, 7, 8, 9)} for s in T.SUITS)
_KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)
_orphan_counts = itemgetter(*ORPHANS)
_suited_counts = itemgetter(*T.SUITED)
#: bytes.translate table: a count -> 1 when odd
_ODD = bytes(c & 1 for c in range(256))


# --- 七对 ---------------------------------------------------------------------

def seven_pairs_win(b: bytes, n: int, wilds: int) -> bool:
    """Seven pairs (a 4-of-a-kind is two pairs); each odd count takes one wild tile."""
    return n + wilds == 14 and b.translate(_ODD).count(1) <= wilds


def seven_pairs_kept(b: bytes) -> int:
    """Most real tiles usable in seven pairs."""
    pairs = min(sum(c >> 1 for c in b), 7)
    return 2 * pairs + min(sum(c & 1 for c in b), 7 - pairs)


def seven_pairs_decompose(counts: list[int], wilds: int, kinds: set[int]) -> Iterator[list[Group]]:
    """Readings as seven pairs; leftover wild pairs take the kinds present (duplicates allowed)."""
    groups: list[Group] = []
    odd = 0
    for t in compress(range(T.COUNT_SIZE), counts):
        c = counts[t]
        if c:
            if c > 1:
                groups += [shared_group("pair", (t, t), ())] * (c // 2)
            if c & 1:
                groups.append(shared_group("pair", (t, t), (t,)))
                odd += 1
    left = wilds - odd
    if left < 0 or left % 2:
        return
    if not left:
        yield groups
        return
    for combo in combinations_with_replacement(sorted(kinds or {T.tile(T.MAN, 5)}), left // 2):
        yield groups + [Group("pair", (t, t), (t, t)) for t in combo]


# --- 十三幺 -------------------------------------------------------------------

def thirteen_orphans_win(counts: list[int], n: int, wilds: int) -> bool:
    """One of each terminal and honor plus a pair of one of them."""
    if n + wilds != 14:
        return False
    held = _orphan_counts(counts)
    if sum(held) != n:
        return False
    return max(held) <= 2 and held.count(2) <= 1


def thirteen_orphans_kept(counts: list[int]) -> int:
    """Most real tiles usable in 十三幺: one per orphan kind plus one pair."""
    kinds = sum(1 for t in ORPHANS if counts[t])
    return kinds + (1 if any(counts[t] >= 2 for t in ORPHANS) else 0)


def thirteen_orphans_decompose(counts: list[int], wilds: int) -> Iterator[list[Group]]:
    """Missing orphans come from wild tiles; without a real pair one wild tile pairs any orphan."""
    if not thirteen_orphans_win(counts, sum(counts), wilds):
        return
    has_pair = any(counts[t] == 2 for t in ORPHANS)
    pair_choices = [None] if has_pair else list(ORPHANS)
    for extra in pair_choices:
        groups = []
        for t in ORPHANS:
            real = counts[t]
            size = 2 if (real == 2 or t == extra) else 1
            wild = (t,) * (size - min(real, size))
            groups.append(shared_group("pair" if size == 2 else "single", (t,) * size, wild))
        yield groups


# --- 全不靠 -------------------------------------------------------------------

def _fits(counts: list[int], knit: tuple[int, ...]) -> bool:
    return all(counts[t] == 0 or t in knit for t in T.SUITED)


def _fitting_knits(counts: list[int]) -> list[tuple[int, ...]]:
    """The knitted sets holding every suited tile of ``counts`` (same as filtering by :func:`_fits`)."""
    held = set(compress(T.SUITED, _suited_counts(counts)))
    return [k for k, ks in zip(KNITTED, _KNITTED_SETS) if held <= ks]


def honors_knitted_win(counts: list[int], b: bytes, n: int, wilds: int) -> bool:
    """14 distinct tiles from one knitted 147/258/369 set and the seven honors."""
    if n + wilds != 14 or max(b) > 1:
        return False
    return bool(_fitting_knits(counts))


def honors_knitted_kept(counts: list[int]) -> int:
    """Most real tiles usable in 全不靠 (distinct kinds of the best knitted set plus honors)."""
    honors = sum(1 for t in T.HONORS if counts[t])
    best = max(sum(1 for t in k if counts[t]) for k in KNITTED)
    return min(best + honors, 14)


def honors_knitted_decompose(counts: list[int], wilds: int) -> Iterator[list[Group]]:
    """Every choice of the slots the wild tiles fill, per fitting knitted set."""
    b = bytes(counts)
    if not honors_knitted_win(counts, b, sum(counts), wilds):
        return
    for knit in _fitting_knits(counts):
        kinds = knit + T.HONORS
        slots = [t for t in kinds if not counts[t]]
        present = [t for t in kinds if counts[t]]
        for chosen in combinations(slots, wilds):
            have = set(present).union(chosen) if chosen else present
            suited = tuple(sorted([t for t in have if t < 30]))
            groups = [Group("knitted", suited, tuple(sorted([t for t in chosen if t < 30])))]
            groups += [shared_group("single", (h,), (h,) if h in chosen else ()) for h in T.HONORS if h in have]
            yield groups


# --- 组合龙 -------------------------------------------------------------------

def _knit_split(counts: list[int], knit: tuple[int, ...]) -> tuple[int, list[int]]:
    """(missing knitted tiles, counts left after taking one of each present knitted tile)."""
    rest = list(counts)
    missing = 0
    for t in knit:
        if rest[t]:
            rest[t] -= 1
        else:
            missing += 1
    return missing, rest


def _knit_missing(counts: list[int], knit: tuple[int, ...]) -> int:
    """How many tiles of the knitted straight ``knit`` the counts lack (:func:`_knit_split` without the copy)."""
    return _KNIT_GET[knit](counts).count(0)


_KNIT_GET = {k: itemgetter(*k) for k in KNITTED}


def knitted_straight_win(counts: list[int], n: int, wilds: int, melds: int) -> bool:
    """A knitted straight (nine tiles) plus one meld (concealed or declared) and a pair."""
    if melds > 1 or n + wilds != 14 - 3 * melds:
        return False
    for knit in KNITTED:
        if _knit_missing(counts, knit) > wilds:
            continue
        missing, rest = _knit_split(counts, knit)
        need = missing + standard_need(bytes(rest))
        if need <= wilds and (wilds - need) % 3 == 0:
            return True
    return False


def knitted_straight_kept(counts: list[int], melds: int, limited: bool) -> int:
    """Most real tiles usable in 组合龙 (the knitted tiles present plus the best meld + pair)."""
    best = 0
    for knit in KNITTED:
        missing, rest = _knit_split(counts, knit)
        best = max(best, 9 - missing + kept_tiles(bytes(rest), 1 - melds, False, limited))
    return best


def knitted_straight_decompose(
    counts: list[int], wilds: int, melds: int, kinds: set[int]
) -> Iterator[list[Group]]:
    """The knitted group (wild tiles fill its gaps) plus every standard reading of the rest."""
    if not knitted_straight_win(counts, sum(counts), wilds, melds):
        return
    for knit in KNITTED:
        if _knit_missing(counts, knit) > wilds:
            continue
        missing, rest = _knit_split(counts, knit)
        knitted = Group("knitted", tuple(sorted(knit)), tuple(sorted(t for t in knit if not counts[t])))
        # deduplicated readings in first-occurrence order: the caller deduplicates anyway
        for groups in standard_readings(rest, wilds - missing, False, kinds):
            yield [knitted, *groups]


# --- 一色双龙会 -------------------------------------------------------------------

def _dragon_target(suit: int, melds: tuple[Meld, ...]) -> dict[int, int] | None:
    target = dict(DOUBLE_DRAGON_TARGET[suit])
    for m in melds:
        if m.kind != "chow" or tuple(sorted(m.tiles)) not in ((10 * suit + 1, 10 * suit + 2, 10 * suit + 3), (10 * suit + 7, 10 * suit + 8, 10 * suit + 9)):
            return None
        for t in m.tiles:
            target[t] -= 1
            if target[t] < 0:
                return None
    return target


def double_dragon_win(counts: list[int], n: int, wilds: int, melds: tuple[Meld, ...]) -> bool:
    """Two 123 and two 789 chows of one suit with a pair of its 5 (declared chows allowed)."""
    for suit in T.SUITS:
        target = _dragon_target(suit, melds)
        if target is None or n + wilds != sum(target.values()):
            continue
        if all(counts[t] <= target.get(t, 0) for t in range(T.COUNT_SIZE) if counts[t]):
            return True
    return False


def double_dragon_kept(counts: list[int]) -> int:
    """Most real tiles usable in 一色双龙会 of a fully concealed hand."""
    return max(sum(min(counts[t], c) for t, c in target.items()) for target in DOUBLE_DRAGON_TARGET)


def double_dragon_decompose(counts: list[int], wilds: int, melds: tuple[Meld, ...]) -> Iterator[list[Group]]:
    """The unique reading per fitting suit: chows 123 123 789 789 (minus declared ones) and 55."""
    n = sum(counts)
    for suit in T.SUITS:
        target = _dragon_target(suit, melds)
        if target is None or n + wilds != sum(target.values()):
            continue
        if not all(counts[t] <= target.get(t, 0) for t in range(T.COUNT_SIZE) if counts[t]):
            continue
        free = list(counts)
        groups = []
        lo = tuple(10 * suit + r for r in (1, 2, 3))
        hi = tuple(10 * suit + r for r in (7, 8, 9))
        chows = [lo] * target[lo[0]] + [hi] * target[hi[0]]
        for chow in chows:
            wild = []
            for t in chow:
                if free[t]:
                    free[t] -= 1
                else:
                    wild.append(t)
            groups.append(Group("chow", chow, tuple(wild)))
        five = 10 * suit + 5
        real = min(free[five], 2)
        groups.append(Group("pair", (five, five), (five,) * (2 - real)))
        yield groups


# --- 将将胡 -------------------------------------------------------------------

#: suited codes of rank 2, 5 or 8.
R258 = tuple(10 * suit + r for suit in T.SUITS for r in (2, 5, 8))


def all_258_kept(b: bytes) -> int:
    """Real tiles of rank 2/5/8 (the only ones 将将胡 can keep)."""
    return sum(b[t] for t in R258)


def all_258_win(b: bytes, n: int, wilds: int, melds: tuple[Meld, ...]) -> bool:
    """将将胡: a 3k+2 concealed hand (wild tiles count as any 2/5/8) and every declared meld made only
    of suited 2/5/8 tiles; no arrangement into sets is needed."""
    if (n + wilds) % 3 != 2 or all_258_kept(b) != n:
        return False
    return all(t < 30 and t % 10 in (2, 5, 8) for m in melds for t in m.tiles)


def all_258_decompose(counts: list[int], wilds: int, melds: tuple[Meld, ...]) -> Iterator[list[Group]]:
    """The one reading: every concealed tile a single; wild tiles stand for the 5 of the suit the hand
    (concealed and melds) holds most of (so a one-suit hand stays one suit)."""
    groups = [shared_group("single", (t,), ()) for t in R258 for _ in range(counts[t])]
    if wilds:
        per_suit = [sum(counts[10 * s + r] for r in (2, 5, 8)) + sum(1 for m in melds for t in m.tiles if t // 10 == s)
                    for s in T.SUITS]
        five = 10 * per_suit.index(max(per_suit)) + 5
        groups += [shared_group("single", (five,), (five,))] * wilds
    yield groups


register("meldsolver.all_258", "将将胡判断",
         "十四张（含副露）全是 2、5、8 的数牌即可和牌，不要求组成面子和将；癞子可当任意 2/5/8", "0.1.0", __name__)
register("meldsolver.seven_pairs", "七对胡判断", "七个对子成和，四张相同的牌算两对（龙七对），癞子可补对", "0.1.0", __name__)
register("meldsolver.thirteen_orphans", "十三幺判断", "十三种幺九牌各一张再加其中一对，癞子可补缺", "0.1.0", __name__)
register("meldsolver.all_orphans", "全不靠判断", "147/258/369 组合龙的数牌与七种字牌中任取 14 张互不相同的牌（含七星不靠）", "0.1.0", __name__)
register("meldsolver.combo_dragon", "组合龙判断", "三种花色 147、258、369 的组合龙九张，加一副面子（可为副露）和一对将", "0.1.0", __name__)
register("meldsolver.double_dragon", "一色双龙会判断", "同一花色 123、123、789、789 四副顺子加 5 的对子", "0.1.0", __name__)
