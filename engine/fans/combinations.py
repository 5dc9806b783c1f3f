"""Combination fans: fans made of two, three or four chows (or pungs) of one reading, and the principles
that count them.

A library fan written ``combine = chow 3`` (or ``pung 2`` …) is a *combination fan*: its ``when`` is an
expression evaluated on the combination alone — the chosen sets and the reading's pair — so ``series(chow,
3, 3)`` (清龙) or ``pungs(dragon) == 3`` (大三元) reads only those sets. How often each combination fan counts
in a reading follows the 中国麻将竞赛规则's principles, applied the way the competition rules' reference
calculator applies them, for any set of declared combination fans:

* 不重复原则: a fan implied by another is not counted — the rule file's ``excludes``;
* 不拆移原则: a set, once read, is not split to make another fan — every reading is scored whole;
* 不得相同原则 / 套算一次原则: with four sets, a four-set fan takes them all; else the first three sets (in
  sorted order) that make a three-set fan count it, and the fourth set may combine once more with one of
  them (the first two-set fan in library order); else two-set fans over every pair of sets, at most three
  for four sets (less one per set related to no other) and two for three, repeats trimmed first from the
  last two-set fan of the library upwards.

Each combination of a reading's sets is judged once (remembered by its tiles); nothing here names a fan.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import memo

KINDS = {"chow": ("chow",), "pung": ("pung", "kong")}
#: four sets: the three-set choices in the order the reference calculator tries them (the free set last)
_TRIPLES = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
_PAIRS4 = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
#: for each set of four, the pairs (indices into _PAIRS4) it takes part in
_LINKS = ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5))
_PAIRS3 = ((0, 1), (0, 2), (1, 2))


@dataclass(frozen=True)
class Combination:
    """One combination fan of the library: its name, set kind (``chow`` / ``pung``), size and compiled test."""

    name: str
    kind: str
    size: int
    test: object


#: set kind -> size -> the combination fans, in library order (filled by the library loader)
FANS: dict[str, dict[int, list[Combination]]] = {k: {2: [], 3: [], 4: []} for k in KINDS}


def declare(fan: Combination) -> None:
    """Add a library combination fan (the library loader calls this)."""
    FANS[fan.kind][fan.size].append(fan)


class _Sub:
    """A combination as the expression sees it: the chosen sets and the reading's pair."""

    __slots__ = ("decomposition", "_tiles", "pair", "ctx", "shape", "standard", "starts_memo")

    def __init__(self, groups: tuple, pair_group, h):
        self.decomposition = _Groups(groups + ((pair_group,) if pair_group is not None else ()))
        self._tiles = None
        self.starts_memo: dict = {}  # engine.lang.vocabulary's series starts of the chosen sets
        self.pair = h.pair
        self.ctx = h.ctx
        self.shape = h.shape
        self.standard = h.standard

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles of the chosen sets and the pair (computed when an expression reads them)."""
        if self._tiles is None:
            self._tiles = tuple(t for g in self.decomposition.groups for t in g.tiles)
        return self._tiles


class _Groups:
    __slots__ = ("groups",)

    def __init__(self, groups: tuple):
        self.groups = groups


_CACHE: dict = memo.table("fans.combinations.counted")


def count(h) -> dict[str, int]:
    """The combination fans of the reading ``h`` (fan name -> times): for four-sets readings (标准和 and
    一色双龙会), empty for every other shape."""
    if h.shape not in ("standard", "double_dragon"):
        return {}
    groups = h.decomposition.groups
    pair_group = next((g for g in groups if g.kind == "pair"), None)
    out: dict[str, int] = {}
    for kind, kinds in KINDS.items():
        fans = FANS[kind]
        if not (fans[2] or fans[3] or fans[4]):
            continue
        sets = sorted((g for g in groups if g.kind in kinds), key=lambda g: min(g.tiles))
        if len(sets) < 2:
            continue
        key = (kind, tuple(min(g.tiles) for g in sets), pair_group.tiles[0] if pair_group is not None else 0)
        got = _CACHE.get(key)
        if got is None:
            found: dict[str, int] = {}
            _account(sets, pair_group, h, fans, found)
            got = memo.store(_CACHE, key, tuple(found.items()), 100_000)
        for name, n in got:
            out[name] = out.get(name, 0) + n
    return out


def _first(fans: list[Combination], chosen: tuple, pair_group, h) -> str:
    sub = _Sub(chosen, pair_group, h)
    return next((f.name for f in fans if f.test(sub)), "")


def _account(sets: list, pair_group, h, fans: dict[int, list[Combination]], out: dict[str, int]) -> None:
    """The principles of the module docstring on one reading's sets of one kind."""
    n = len(sets)
    twos = fans[2]
    order = [f.name for f in twos]
    if n >= 4:
        sets = sets[:4]
        four = _first(fans[4], tuple(sets), pair_group, h)
        if four:
            out[four] = 1
            return
        for i, j, k, free in _TRIPLES:
            three = _first(fans[3], (sets[i], sets[j], sets[k]), pair_group, h)
            if three:
                out[three] = 1
                extra = {_first(twos, (sets[x], sets[free]), pair_group, h) for x in (i, j, k)}
                best = next((name for name in order if name in extra), "")
                if best:
                    out[best] = out.get(best, 0) + 1
                return
        found = [_first(twos, (sets[a], sets[b]), pair_group, h) for a, b in _PAIRS4]
        limit = 3 - sum(1 for links in _LINKS if not any(found[x] for x in links))
        if limit > 0:
            _trim([f for f in found if f], limit, order, out)
    elif n == 3:
        three = _first(fans[3], tuple(sets), pair_group, h)
        if three:
            out[three] = 1
            return
        found = [_first(twos, (sets[a], sets[b]), pair_group, h) for a, b in _PAIRS3]
        _trim([f for f in found if f], 2, order, out)
    else:
        two = _first(twos, (sets[0], sets[1]), pair_group, h)
        if two:
            out[two] = 1


def _trim(found: list[str], limit: int, order: list[str], out: dict[str, int]) -> None:
    """Two-set fans under 不得相同 / 套算一次: at most ``limit``, repeats trimmed first, from the last fan of
    ``order`` upwards (keep two of a kind, then one, while too many remain)."""
    table = [sum(1 for f in found if f == name) for name in order]
    cnt = sum(table)
    keep = 1
    while cnt > limit and keep >= 0:
        idx = len(order)
        while cnt > limit and idx > 0:
            idx -= 1
            while table[idx] > keep and cnt > limit:
                table[idx] -= 1
                cnt -= 1
        keep -= 1
    for name, k in zip(order, table):
        if k:
            out[name] = out.get(name, 0) + k
