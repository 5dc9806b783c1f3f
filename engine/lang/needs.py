"""What must hold of a few cheap features of a reading for a compiled expression to be true (or false).

While :mod:`engine.lang.compiler` compiles an expression it also derives, node by node, a *need*: a
necessary condition over :class:`Feature` values that are cheap to read off a reading (its shape, which of
a tile set's kinds the hand holds, how many suits, pungs, chows, kongs; the win's flags and counters).
The fan scorer evaluates those features once per reading and skips every fan whose need fails, without
running its compiled test (:mod:`engine.fans.prefilter`). A need is only ever implied by the expression,
never the expression itself: an expression whose need holds may still be false, and a name this module
knows nothing about needs nothing.

A need maps each constrained feature to ``(True, S)`` (its value is in ``S``) or ``(False, S)`` (it is
not); ``{}`` needs nothing and ``None`` can never hold. :class:`Cond` is the pair of needs of a condition
(when true, when false), :class:`Num` what an integer's value range needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from engine import tiles as T

#: the need that needs nothing (a need maps a feature to (inside, values); None never holds)
NOTHING: dict = {}


@dataclass(frozen=True)
class Feature:
    """A cheap fact of a reading: ``read(h)`` gives its (hashable) value; ``per_hand`` when it only reads the
    win (the same for every reading of a hand). Features are equal by ``key``."""

    key: tuple
    read: Callable = field(compare=False, hash=False, repr=False)
    per_hand: bool = field(default=False, compare=False)
    #: a relation feature (:func:`relation`): the tile kinds it reads and the tile set it relates them to
    source: str = field(default="", compare=False)
    mask: int = field(default=0, compare=False)


def _and1(a: tuple, b: tuple) -> tuple:
    (p, x), (q, y) = a, b
    if p and q:
        return True, x & y
    if p:
        return True, x - y
    if q:
        return True, y - x
    return False, x | y


def _or1(a: tuple, b: tuple) -> tuple:
    (p, x), (q, y) = a, b
    if p and q:
        return True, x | y
    if p:
        return False, y - x
    if q:
        return False, x - y
    return False, x & y


def conj(a, b):
    """Both needs."""
    if a is None or b is None:
        return None
    if not b:
        return a
    out = dict(a)
    for f, c in b.items():
        c = _and1(out[f], c) if f in out else c
        if c[0] and not c[1]:
            return None
        out[f] = c
    return out


def disj(a, b):
    """Either need (the features both constrain, each widened to either constraint)."""
    if a is None:
        return b
    if b is None:
        return a
    out = {}
    for f in a.keys() & b.keys():
        c = _or1(a[f], b[f])
        if c[0] or c[1]:
            out[f] = c
    # some kind in one set, or some kind of the same tiles in another: some kind in their union
    for fa, ca in a.items():
        if fa.source and ca == _SOME and fa not in b:
            for fb, cb in b.items():
                if fb.source == fa.source and cb == _SOME and fb not in a:
                    out = conj(out, some(fa.source, fa.mask | fb.mask))
    return out


def holds(need, h) -> bool:
    """Whether the reading ``h`` meets ``need`` (what the prefilter's bits decide, read directly)."""
    if need is None:
        return False
    return all((f.read(h) in vals) == inside for f, (inside, vals) in need.items())


class Cond(NamedTuple):
    """The needs of a condition: ``true`` when it holds, ``false`` when it does not."""

    true: object = NOTHING
    false: object = NOTHING

    def negate(self) -> "Cond":
        """The needs of ``not`` this condition."""
        return Cond(self.false, self.true)


UNKNOWN = Cond()


def constant_cond(value: bool) -> Cond:
    """A condition known at compile time."""
    return Cond(NOTHING, None) if value else Cond(None, NOTHING)


def both(a: Cond, b: Cond) -> Cond:
    """``a and b``."""
    return Cond(conj(a.true, b.true), disj(a.false, b.false))


def either(a: Cond, b: Cond) -> Cond:
    """``a or b``."""
    return Cond(disj(a.true, b.true), conj(a.false, b.false))


def _noinfo(lo, hi):
    return NOTHING


@dataclass(frozen=True)
class Num:
    """An integer's static range ``lo``..``hi`` (None: unbounded) and ``when(lo, hi)``, what its value lying
    in ``lo``..``hi`` needs."""

    lo: int | None = None
    hi: int | None = None
    when: Callable = _noinfo

    def need(self, lo, hi):
        """What the value lying in ``lo``..``hi`` (None: unbounded) needs, within the static range."""
        if self.lo is not None and (lo is None or lo < self.lo):
            lo = self.lo
        if self.hi is not None and (hi is None or hi > self.hi):
            hi = self.hi
        if lo is not None and hi is not None and lo > hi:
            return None
        return self.when(lo, hi)

    def truthy(self):
        """What a count being positive needs (a counted fan's test clamps a negative count to 0)."""
        return self.need(1, None)


UNKNOWN_NUM = Num()


def constant_num(c: int) -> Num:
    """An integer known at compile time."""
    return Num(c, c)


def compare(op: str, a: Num, c: int) -> Cond:
    """``a op c`` for a constant ``c``."""
    eq, below, above = a.need(c, c), a.need(None, c - 1), a.need(c + 1, None)
    if op == "==":
        return Cond(eq, disj(below, above))
    if op == "!=":
        return Cond(disj(below, above), eq)
    if op == "<":
        return Cond(below, disj(eq, above))
    if op == "<=":
        return Cond(disj(below, eq), above)
    if op == ">":
        return Cond(above, disj(below, eq))
    return Cond(disj(eq, above), below)  # >=


_FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def compare_flipped(op: str, c: int, a: Num) -> Cond:
    """``c op a`` for a constant ``c``."""
    return compare(_FLIP[op], a, c)


def _add(x, y):
    return None if x is None or y is None else x + y


def _sub(x, y):
    return None if x is None or y is None else x - y


def plus(a: Num, b: Num) -> Num:
    """``a + b``: each term lies within the sum's range less the other's; two non-negative terms summing
    to at least one need one of them positive."""

    def when(lo, hi):
        need = conj(a.need(_sub(lo, b.hi), _sub(hi, b.lo)), b.need(_sub(lo, a.hi), _sub(hi, a.lo)))
        if lo is not None and lo >= 1 and a.lo is not None and a.lo >= 0 and b.lo is not None and b.lo >= 0:
            need = conj(need, disj(a.need(1, None), b.need(1, None)))
        return need

    return Num(_add(a.lo, b.lo), _add(a.hi, b.hi), when)


def negative(a: Num) -> Num:
    """``-a``."""
    return Num(None if a.hi is None else -a.hi, None if a.lo is None else -a.lo,
               lambda lo, hi: a.need(None if hi is None else -hi, None if lo is None else -lo))


def choose(c: Cond, a: Num, b: Num) -> Num:
    """``if(c, a, b)``."""
    lo = None if a.lo is None or b.lo is None else min(a.lo, b.lo)
    hi = None if a.hi is None or b.hi is None else max(a.hi, b.hi)
    return Num(lo, hi, lambda x, y: disj(conj(c.true, a.need(x, y)), conj(c.false, b.need(x, y))))


def smaller(a: Num, b: Num) -> Num:
    """``min(a, b)``: both at least the low end, one at most the high end."""
    return Num(None if a.lo is None or b.lo is None else min(a.lo, b.lo), None,
               lambda lo, hi: conj(conj(a.need(lo, None), b.need(lo, None)), disj(a.need(None, hi), b.need(None, hi))))


def larger(a: Num, b: Num) -> Num:
    """``max(a, b)``: both at most the high end, one at least the low end."""
    return Num(None, None if a.hi is None or b.hi is None else max(a.hi, b.hi),
               lambda lo, hi: conj(conj(a.need(None, hi), b.need(None, hi)), disj(a.need(lo, None), b.need(lo, None))))


# -- features --------------------------------------------------------------------------------------
#: small values an integer feature is assumed to take when a range is turned into excluded values (a value
#: beyond them is never excluded, so the guess costs precision, never correctness)
_SMALL = range(0, 16)


def in_range(f: Feature, lo, hi):
    """``f``'s integer value lies in ``lo``..``hi``: the small values outside it are excluded."""
    out = frozenset(v for v in _SMALL if (lo is not None and v < lo) or (hi is not None and v > hi))
    return {f: (False, out)} if out else NOTHING


#: sets of tile kinds of a reading a relation may read: every tile of the hand, the kinds of its pungs and
#: kongs, the kind of its pair (none when the shape has no pair)
SOURCES = {"hand": lambda h: h.kinds, "pungs": lambda h: h.pung_kinds,
           "pair": lambda h: 1 << h.pair if h.pair else 0}


def relation_value(kinds: int, mask: int) -> int:
    """A relation's value: bit 0 some of ``kinds`` lie in ``mask``, bit 1 some do not (0: no kind at all)."""
    return (1 if kinds & mask else 0) | (2 if kinds & ~mask else 0)


def relation(source: str, mask: int) -> Feature:
    """Which of the kinds of ``source`` (:data:`SOURCES`) lie in ``mask`` (:func:`relation_value`)."""
    get = SOURCES[source]
    return Feature(("relation", source, mask), lambda h: relation_value(get(h), mask), source=source, mask=mask)


_SOME = (True, frozenset({1, 3}))


def some(source: str, mask: int):
    """Some kind of ``source`` lies in ``mask``."""
    return {relation(source, mask): _SOME}


def no(source: str, mask: int):
    """No kind of ``source`` lies in ``mask``."""
    return {relation(source, mask): (True, frozenset({0, 2}))}


def only(source: str, mask: int):
    """Every kind of ``source`` lies in ``mask`` (none at all included)."""
    return {relation(source, mask): (True, frozenset({0, 1}))}


def other(source: str, mask: int):
    """Some kind of ``source`` lies outside ``mask``."""
    return {relation(source, mask): (True, frozenset({2, 3}))}


_SUIT_MASKS = tuple(sum(1 << (s * 10 + r) for r in range(1, 10)) for s in T.SUITS)


def _suit_count(h) -> int:
    k = h.kinds
    return (1 if k & _SUIT_MASKS[0] else 0) + (1 if k & _SUIT_MASKS[1] else 0) + (1 if k & _SUIT_MASKS[2] else 0)


SHAPE = Feature(("shape",), lambda h: h.shape)
SUITS = Feature(("suits",), _suit_count)
#: sets of the reading by kind (a kong is also a pung)
SETS = {"pung": Feature(("sets", "pung"), lambda h: len(h.pungs)),
        "chow": Feature(("sets", "chow"), lambda h: len(h.chows)),
        "kong": Feature(("sets", "kong"), lambda h: h.kongs)}


_WAIT_POSITION: list = []  # engine.fans.waits.wait_position, imported at first use (engine.fans imports this)


def _wait(h) -> str:
    if not _WAIT_POSITION:
        from engine.fans.waits import wait_position

        _WAIT_POSITION.append(wait_position)
    return _WAIT_POSITION[0](h)


WAIT = Feature(("wait",), _wait)
#: the most copies of one tile kind in the hand
MOST = Feature(("most",), lambda h: max(h.counts))


def context_feature(name: str, read: Callable) -> Feature:
    """A name of the win's context without parameters (a flag, a counter): its own value, read once per hand."""
    return Feature(("context", name), read, per_hand=True)


def shape_is(name: str) -> Cond:
    """``shape(name)``."""
    s = frozenset({name})
    return Cond({SHAPE: (True, s)}, {SHAPE: (False, s)})


def flag(f: Feature) -> Cond:
    """A context flag used as a condition."""
    return Cond({f: (True, frozenset({True}))}, {f: (True, frozenset({False}))})


def counter(f: Feature, lo: int | None = 0) -> Num:
    """An integer feature used as a value."""
    return Num(lo, None, lambda x, y: in_range(f, x, y))


# -- the vocabulary's functions --------------------------------------------------------------------
class Zone(NamedTuple):
    """A zone within the hand (after substitution): ``source`` the :data:`SOURCES` entry holding exactly its
    kinds ("" for none)."""

    source: str = ""


#: zones inside the hand
HAND_ZONES = {"hand": Zone("hand"), "pair": Zone("pair"), "before_win": Zone()}
#: dynamic tile sets and the static set each lies within
TILE_BOUNDS = {"seat_wind": sum(1 << t for t in T.WINDS), "round_wind": sum(1 << t for t in T.WINDS)}
#: every tile kind (the default tile set of a count)
ANY_TILES = sum(1 << t for t in T.PLAYABLE + T.FLOWERS + T.WILDCARDS)


def _bound(tiles) -> int | None:
    const, top = tiles
    return const if const is not None else top


def _count(zone, tiles) -> Num:
    m = _bound(tiles)
    if zone is None or m is None:
        return Num(0)
    src = zone.source or "hand"
    exact = zone.source and tiles[0] is not None

    def when(lo, hi):
        if lo is not None and lo >= 1:
            return some(src, m)
        if exact and hi is not None and hi <= 0:
            return no(src, m)
        return NOTHING

    return Num(0, None, when)


def _has(zone, tiles) -> Cond:
    return compare(">=", _count(zone, tiles), 1)


def _none(zone, tiles) -> Cond:
    return _has(zone, tiles).negate()


def _all(zone, tiles) -> Cond:
    m = tiles[0]
    if zone is None or m is None:
        return UNKNOWN
    return Cond(only(zone.source, m) if zone.source else NOTHING, other(zone.source or "hand", m))


def _suits(zone) -> Num:
    if zone is None:
        return Num(0, 3)
    if zone.source == "hand":
        return counter(SUITS)
    return Num(0, 3, lambda lo, hi: in_range(SUITS, lo, None))


def _sets(kind: str):
    total = SETS.get(kind)
    src = "pungs" if kind in ("pung", "kong") else "hand"

    def build(tiles, meld) -> Num:
        m = _bound(tiles)
        every = tiles[0] is not None and tiles[0] & ANY_TILES == ANY_TILES

        def when(lo, hi):
            if total is not None and every and meld == "any":
                return in_range(total, lo, hi)
            need = NOTHING
            if lo is not None and lo >= 1:
                need = some(src, m) if m is not None else NOTHING
                if total is not None:
                    need = conj(need, in_range(total, lo, None))
            elif src == "pungs" and meld == "any" and tiles[0] is not None and hi is not None and hi <= 0:
                need = no(src, tiles[0]) if kind == "pung" else NOTHING
            return need

        return Num(0, None, when)

    return build


def _every_group(tiles) -> Cond:
    m = tiles[0]
    if m is None:
        return UNKNOWN
    return Cond(conj(only("pungs", m), only("pair", m)), NOTHING)


def _series(kind, n, step, suits) -> Cond:
    total = SETS.get(kind)
    if total is None or n.lo is None or n.lo != n.hi:
        return UNKNOWN
    return Cond(in_range(total, n.lo, None), NOTHING)


def _kinds(zone, copies, at_least, tiles) -> Num:
    some_kind = _count(zone, tiles).when
    copies = copies.lo if copies.lo == copies.hi else None
    at_least = at_least.lo if at_least.lo == at_least.hi else None
    least = copies if copies else at_least

    def when(lo, hi):
        if lo is None or lo < 1:
            return NOTHING
        need = some_kind(lo, None)
        return conj(need, in_range(MOST, least, None)) if zone is not None and least else need

    return Num(0, None, when)


#: vocabulary function -> its needs from the arguments' (words as str, tile sets as (mask known at compile
#: time or None, static bound or None), zones as :class:`Zone` or None, conditions as Cond, integers as Num)
FUNCTIONS = {
    "shape": lambda name: shape_is(name),
    "count": _count, "has": _has, "none": _none, "all": _all, "suits": _suits, "kinds": _kinds,
    "pungs": _sets("pung"), "chows": _sets("chow"), "kongs": _sets("kong"), "pairs": _sets("pair"),
    "every_group": _every_group, "series": _series,
    "wait_at": lambda position: Cond({WAIT: (True, frozenset({position}))}, {WAIT: (False, frozenset({position}))}),
    "if": choose, "min": smaller, "max": larger,
}
#: reading names without parameters that lie within a reading feature
NAMES = {"hidden_pungs": lambda: Num(0, None, lambda lo, hi: in_range(SETS["pung"], lo, None))}
