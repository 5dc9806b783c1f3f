"""Win detection and decompositions over every shape the rules enable."""

from __future__ import annotations

from operator import itemgetter

from engine import memo
from engine.declared import pattern_shapes
from engine.melds import Meld
from engine.tiles import ORPHANS
from engine.solver import special as S
from engine.solver.shapes import (
    ALL_258,
    DOUBLE_DRAGON,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Decomposition,
    Group,
    Shapes,
)
from engine.solver.standard import _group_key, exact_readings, relevant_kinds, standard_readings
from engine.solver.tables import WIN_EXACT, WIN_HONOR, WIN_SUIT, fill_exact_entries, fill_win_entries

DEFAULT_SHAPES = Shapes()
#: Upper bound on the standard readings :func:`decompositions` returns for one hand.
MAX_STANDARD_READINGS = 1000
_NONE7 = bytes(7)
_orphan_counts = itemgetter(*ORPHANS)
_MELD_KIND = {"chow": "chow", "pung": "pung", "kong": "kong", "ankong": "kong"}


def is_win(counts: list[int], wilds: int = 0, melds: tuple[Meld, ...] = (), shapes: Shapes = DEFAULT_SHAPES) -> bool:
    """True when the concealed ``counts`` plus ``wilds`` wild tiles, with ``melds`` declared,
    form a shape ``shapes`` enables. The concealed part must hold 3k+2 tiles (wilds included)."""
    if shapes.patterns and pattern_shapes(shapes.patterns, counts, wilds, melds):
        return True
    if not wilds:
        honors = counts[31:38]
        # fast rejection: a lone honor tile fits no set, pair or 2/5/8 hand, and 十三幺 needs every honor
        if 1 in honors and (0 in honors or not shapes.thirteen_orphans) and shapes.table_only:
            return False
    b = bytes(bytearray(counts))  # faster than bytes(list)
    if wilds:
        try:
            m0, m1, m2, mn, mo = WIN_SUIT[b[1:10]]
            s0, s1, s2, sn, so = WIN_SUIT[b[11:20]]
            p0, p1, p2, pn, po = WIN_SUIT[b[21:30]]
            h0, h1, h2, hn, ho = WIN_HONOR[b[31:38]]
        except KeyError:
            fill_win_entries(b)  # the shanten entries are filled by shanten's own look-ups
            return is_win(counts, wilds, melds, shapes)
        if shapes.standard:
            if shapes.pair_258:
                m1, s1, p1, h1 = m2, s2, p2, h2
            d = m1
            if s1 < d:
                d = s1
            if p1 < d:
                d = p1
            if h1 < d:
                d = h1
            need = m0 + s0 + p0 + h0 + (d if d < 2 else 2)
            if need <= wilds and (wilds - need) % 3 == 0:
                return True
        odd = mo + so + po + ho
    else:  # no wild tiles: whether each part splits into whole groups is enough
        try:
            m, mn, mo = WIN_EXACT[b[1:10]]
            s, sn, so = WIN_EXACT[b[11:20]]
            p, pn, po = WIN_EXACT[b[21:30]]
            h, hn, ho = WIN_EXACT[b[31:38]]
        except KeyError:
            fill_exact_entries(b)
            return is_win(counts, wilds, melds, shapes)
        # three parts of whole sets, the fourth of sets and the (2/5/8) pair
        if shapes.standard and (m & 1) + (s & 1) + (p & 1) + (h & 1) == 3 and (m | s | p | h) & (
                4 if shapes.pair_258 else 2):
            return True
        odd = mo + so + po + ho
    if shapes.seven_pairs or shapes.thirteen_orphans:
        if not melds and mn + sn + pn + hn + wilds == 14:
            if shapes.seven_pairs and odd <= wilds:
                return True
            if shapes.thirteen_orphans and b[2:9] == _NONE7 and b[12:19] == _NONE7 and b[22:29] == _NONE7:
                orphans = _orphan_counts(b)
                if max(orphans) <= 2 and orphans.count(2) <= 1:
                    return True
    if shapes.all_258 and S.all_258_win(b, mn + sn + pn + hn, wilds, melds):
        return True
    if shapes.honors_knitted or shapes.knitted_straight or shapes.double_dragon:
        return bool(special_shapes(counts, b, wilds, melds, Shapes(
            standard=False, honors_knitted=shapes.honors_knitted, knitted_straight=shapes.knitted_straight,
            double_dragon=shapes.double_dragon), first=True))
    return False


def special_shapes(
    counts: list[int], b: bytes, wilds: int, melds: tuple[Meld, ...], shapes: Shapes, first: bool = False
) -> list[str]:
    """Names of the enabled special shapes the hand forms (stops at the first when ``first``).

    Each full check runs only after cheap necessary conditions hold (tile total, no
    declared melds, no suited 2-8 for 十三幺, no pair for 全不靠, enough knitted tiles
    for 组合龙, one suit and no honors for 一色双龙会)."""
    n = sum(b)
    found = []
    if not melds and n + wilds == 14:
        if shapes.seven_pairs and S.seven_pairs_win(b, n, wilds):
            found.append(SEVEN_PAIRS)
            if first:
                return found
        if (shapes.thirteen_orphans and b[2:9] == _NONE7 and b[12:19] == _NONE7 and b[22:29] == _NONE7
                and S.thirteen_orphans_win(counts, n, wilds)):
            found.append(THIRTEEN_ORPHANS)
            if first:
                return found
        if shapes.honors_knitted and max(b) <= 1 and S.honors_knitted_win(counts, b, n, wilds):
            found.append(HONORS_KNITTED)
            if first:
                return found
    k = len(melds)
    if (shapes.knitted_straight and k <= 1 and n + wilds == 14 - 3 * k
            and 29 - b[1:30].count(0) + wilds >= 9 and knit_missing(b) <= wilds
            and S.knitted_straight_win(counts, n, wilds, k)):
        found.append(KNITTED_STRAIGHT)
        if first:
            return found
    if (shapes.double_dragon and b[31:38] == _NONE7
            and (b[1:10] != _NONE9) + (b[11:20] != _NONE9) + (b[21:30] != _NONE9) <= 1
            and S.double_dragon_win(counts, n, wilds, melds)):
        found.append(DOUBLE_DRAGON)
        if first:
            return found
    if shapes.all_258 and S.all_258_win(b, n, wilds, melds):
        found.append(ALL_258)
    return found


_NONE9 = bytes(9)
#: suit pattern -> knitted tiles missing per residue class (ranks 147, 258, 369)
_KNIT_MISSING: dict[bytes, tuple[int, int, int]] = memo.table("solver.win.knit_missing")
_KNIT_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def knit_missing(b: bytes) -> int:
    """Fewest knitted-straight tiles (147/258/369 over the three suits) the counts ``b`` lack."""
    miss = []
    for lo in (1, 11, 21):
        p = b[lo:lo + 9]
        m = _KNIT_MISSING.get(p)
        if m is None:
            m = _KNIT_MISSING[p] = tuple(sum(1 for i in (c, c + 3, c + 6) if not p[i]) for c in range(3))
        miss.append(m)
    a, c, d = miss
    return min(a[x] + c[y] + d[z] for x, y, z in _KNIT_PERMS)


_STANDARD_ONLY = {False: Shapes(), True: Shapes(pair_258=True)}


def win_shapes(counts: list[int], wilds: int = 0, melds: tuple[Meld, ...] = (), shapes: Shapes = DEFAULT_SHAPES) -> list[str]:
    """Every enabled shape the hand forms, standard first."""
    b = bytes(bytearray(counts))  # faster than bytes(list)
    out = []
    if shapes.standard and is_win(counts, wilds, melds, _STANDARD_ONLY[shapes.pair_258]):
        out.append(STANDARD)
    out += special_shapes(counts, b, wilds, tuple(melds), shapes)
    if shapes.patterns:
        out += pattern_shapes(shapes.patterns, counts, wilds, melds)
    return out


#: declared meld -> its exposed group (groups are immutable and shared)
_MELD_GROUPS: dict[Meld, Group] = memo.table("solver.win.meld_groups")


def meld_group(m: Meld) -> Group:
    """The exposed group of a declared meld."""
    g = _MELD_GROUPS.get(m)
    if g is None:
        g = memo.store(_MELD_GROUPS, m, Group(_MELD_KIND.get(m.kind, m.kind), tuple(sorted(m.tiles)), (), True), 50_000)
    return g


def decompositions(
    counts: list[int], wilds: int = 0, melds: tuple[Meld, ...] = (), shapes: Shapes = DEFAULT_SHAPES
) -> list[Decomposition]:
    """Every distinct concrete decomposition of a winning hand: :func:`built_in_decompositions`, then one
    reading per shape the rule file declares (``win_condition.shapes``) that the concealed hand forms — its
    real tiles as single tiles, the wild tiles without an identity."""
    out = built_in_decompositions(counts, wilds, melds, shapes)
    if shapes.patterns:
        for name in pattern_shapes(shapes.patterns, counts, wilds, melds):
            tiles = [t for t, c in enumerate(counts) for _ in range(c)]
            out = out + [Decomposition(name, tuple(Group("single", (t,), ()) for t in tiles), ())]
    return out


def built_in_decompositions(
    counts: list[int], wilds: int = 0, melds: tuple[Meld, ...] = (), shapes: Shapes = DEFAULT_SHAPES
) -> list[Decomposition]:
    """Every distinct concrete decomposition of a winning hand (empty when it does not win).

    Every wild tile gets an identity (``Group.wilds``, ``Decomposition.substitutions``).
    Wild tiles that fill a gap in a group with real tiles take the forced identity. Wild
    tiles left over form wild-only groups whose identities come from a bounded candidate
    set (:func:`engine.solver.standard.wild_candidates`): pungs of the kinds present (all
    winds / all dragons once one is present), chows of the suits present, pairs of the
    kinds present; a hand without real tiles uses 5万. Wild tiles may stand for a fifth
    copy. With many wild tiles (6-8) a hand can have thousands of standard readings: at
    most :data:`MAX_STANDARD_READINGS` are returned, the first in enumeration order (lowest
    tile first; pair, then pungs, then chows; wild-only groups last). 一色双龙会 is also a
    standard hand: it is listed under both shapes. Order:
    standard readings first, then the special shapes, each sorted.
    """
    if not wilds:
        fast = _exact_standard(counts, tuple(melds), shapes)
        if fast is not None:
            return fast
    counts = list(counts)
    melds = tuple(melds)
    exposed = tuple(meld_group(m) for m in melds)
    # the candidate identities of wild-only groups: irrelevant without wild tiles
    kinds = relevant_kinds(counts, melds) if wilds else set()
    shapes_found = win_shapes(counts, wilds, melds, shapes)
    out: list[Decomposition] = []
    if STANDARD in shapes_found:
        # standard_readings is distinct and sorted already: no key, no dictionary
        for groups in standard_readings(counts, wilds, shapes.pair_258, kinds):
            subs = tuple(sorted(w for g in groups for w in g.wilds)) if wilds else ()
            out.append(Decomposition(STANDARD, groups + exposed, subs))
            if len(out) >= MAX_STANDARD_READINGS:
                break
        if len(shapes_found) == 1:
            return out
    return out + _special_decompositions(shapes_found, counts, wilds, melds, kinds, exposed)


#: special shapes whose decomposers yield each reading once when no tile is wild (one reading, or one
#: per fitting knitted set), so their readings need no de-duplication.
_UNIQUE_WITHOUT_WILDS = frozenset((SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, DOUBLE_DRAGON))


def _special_decompositions(shapes_found, counts: list[int], wilds: int, melds: tuple[Meld, ...], kinds: set[int],
                            exposed: tuple[Group, ...]) -> list[Decomposition]:
    """The distinct readings of the special shapes among ``shapes_found``, in :data:`SHAPE_NAMES` order,
    each shape's readings sorted (:func:`decompositions`' tail)."""
    found: dict[tuple, Decomposition] = {}
    unique = _UNIQUE_WITHOUT_WILDS if not wilds else ()

    def add(shape: str, groups) -> None:
        groups = tuple(sorted(groups, key=_group_key))
        if shape in unique:  # its readings are distinct already: no key to build
            found[(shape, len(found))] = _new_decomposition(shape, groups + exposed)
            return
        key = (shape, tuple(map(_group_key, groups)))  # plain tuples hash faster than Groups
        if key not in found:
            subs = tuple(sorted(w for g in groups for w in g.wilds))
            found[key] = Decomposition(shape, groups + exposed, subs)

    if SEVEN_PAIRS in shapes_found:
        for groups in S.seven_pairs_decompose(counts, wilds, kinds):
            add(SEVEN_PAIRS, groups)
    if THIRTEEN_ORPHANS in shapes_found:
        for groups in S.thirteen_orphans_decompose(counts, wilds):
            add(THIRTEEN_ORPHANS, groups)
    if HONORS_KNITTED in shapes_found:
        for groups in S.honors_knitted_decompose(counts, wilds):
            add(HONORS_KNITTED, groups)
    if KNITTED_STRAIGHT in shapes_found:
        for groups in S.knitted_straight_decompose(counts, wilds, len(melds), kinds):
            add(KNITTED_STRAIGHT, groups)
    if DOUBLE_DRAGON in shapes_found:
        for groups in S.double_dragon_decompose(counts, wilds, melds):
            add(DOUBLE_DRAGON, groups)
    if ALL_258 in shapes_found:
        for groups in S.all_258_decompose(counts, wilds, melds):
            add(ALL_258, groups)
    return list(found.values())


def _exact_standard(counts: list[int], melds: tuple[Meld, ...], shapes: Shapes) -> list[Decomposition] | None:
    """:func:`decompositions` of a hand without wild tiles (None under 将将胡: the general path).
    Cheap necessary conditions (tile total, declared melds, odd counts, distinct kinds, suits and
    honors present) rule most special shapes out before :func:`special_shapes` is asked; the standard
    readings are the per-part readings combined in the order :func:`standard_readings` yields them."""
    if shapes.all_258:
        return None
    b = bytes(bytearray(counts))
    try:
        m, mn, mo = WIN_EXACT[b[1:10]]
        s, sn, so = WIN_EXACT[b[11:20]]
        p, pn, po = WIN_EXACT[b[21:30]]
        h, hn, ho = WIN_EXACT[b[31:38]]
    except KeyError:
        fill_exact_entries(b)
        return _exact_standard(counts, melds, shapes)
    n = mn + sn + pn + hn
    special = False  # whether a special shape may apply: then special_shapes decides
    if not melds and n == 14:
        if shapes.seven_pairs and mo + so + po + ho == 0:
            special = True
        else:
            kinds = 38 - b.count(0)
            if (shapes.thirteen_orphans and kinds == 13 and b[2:9] == _NONE7 and b[12:19] == _NONE7
                    and b[22:29] == _NONE7):
                special = True
            elif shapes.honors_knitted and kinds == 14:
                special = True
    k = len(melds)
    if (not special and shapes.knitted_straight and k <= 1 and n == 14 - 3 * k and 29 - b[1:30].count(0) >= 9
            and not knit_missing(b)):
        special = True
    if not special and shapes.double_dragon and not hn and n == 14 - 3 * k:
        q = b[1:10] if mn else b[11:20] if sn else b[21:30]
        if (n in (mn, sn, pn) and q[4] == 2 and not q[3] and not q[5] and max(q) <= 2
                and all(x.kind == "chow" for x in melds)):
            special = True
    exposed = tuple(meld_group(x) for x in melds) if melds else ()
    specials = special_shapes(counts, b, 0, melds, shapes) if special else ()
    out: list[Decomposition] = []
    pair_258 = shapes.pair_258
    if (shapes.standard and (m & 1) + (s & 1) + (p & 1) + (h & 1) == 3
            and (m | s | p | h) & (4 if pair_258 else 2)):
        _standard_exact(b, pair_258, exposed, out)
    if specials:
        out += _special_decompositions(specials, counts, 0, melds, set(), exposed)
    return out


def _standard_exact(b: bytes, pair_258: bool, exposed: tuple[Group, ...], out: list[Decomposition]) -> None:
    """Append the standard readings of the counts ``b`` (no wild tiles; at most
    :data:`MAX_STANDARD_READINGS`) to ``out``: the per-part readings combined in the order
    :func:`standard_readings` yields them."""
    new = _new_decomposition
    for groups in exact_readings(b, pair_258):
        out.append(new(STANDARD, groups + exposed))
        if len(out) >= MAX_STANDARD_READINGS:
            return


_new_object = object.__new__


def _new_decomposition(shape: str, groups: tuple[Group, ...]) -> Decomposition:
    """``Decomposition(shape, groups, ())`` without the frozen dataclass's per-field ``__setattr__``."""
    d = _new_object(Decomposition)
    d.__dict__.update(shape=shape, groups=groups, substitutions=())
    return d


def hand_tiles(d: Decomposition) -> list[int]:
    """Sorted identities of a decomposition's concealed groups (wild tiles as their identities)."""
    return sorted(t for g in d.groups if not g.exposed for t in g.tiles)


__all__ = ["is_win", "decompositions", "win_shapes", "meld_group", "hand_tiles"]
