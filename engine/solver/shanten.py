"""Shanten: how many tiles a hand is from ready (0) or complete (−1), per shape.

Every shape is measured the same way: find the most real tiles the shape can keep
(``kept``); the other ``n - kept`` real tiles must be exchanged. A 3k+2 hand then has
shanten ``n - kept - 1``, a 3k+1 hand ``n - kept``. Wild tiles are always kept.
Without wild tiles, honors respect the four-copy limit (a fifth 东 cannot be drawn).
"""

from __future__ import annotations

from operator import itemgetter

from engine.solver import special as S
from engine.tiles import ORPHANS
from engine.solver.shapes import (
    ALL_258,
    DOUBLE_DRAGON,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shapes,
)
from engine.solver.tables import (
    _COMBINE,
    MAX_GROUPS,
    STRIDE,
    _HONOR_PROFILE,
    _HONOR_PROFILE_LIMITED,
    _PROFILES,
    _SUIT_PROFILE,
    SHANTEN_HONOR,
    SHANTEN_SUIT,
    combine,
    fill_entries,
    honor_entry,
    honor_profile_id,
    neighbour_entry,
    neighbour_row,
    kept_tiles,
    suit_entry,
    suit_profile_id,
)

DEFAULT_SHAPES = Shapes()
_orphan_counts = itemgetter(*ORPHANS)


def _size(n: int, wilds: int) -> tuple[int, int]:
    """(groups of the complete hand, 1 for a 3k+2 hand else 0); ValueError for 3k hands."""
    total = n + wilds
    r = total % 3
    if r == 0:
        raise ValueError(f"手牌张数 {total} 不是 3k+1 或 3k+2")
    full = 1 if r == 2 else 0
    groups = (total + 1 - full - 2) // 3
    if groups > MAX_GROUPS:
        raise ValueError(f"手牌张数 {total} 超过五副面子加一将")
    return groups, full


def _standard_kept(b: bytes, groups: int, pair_258: bool, limited: bool) -> int:
    """Most real tiles of ``b`` usable in ``groups`` groups plus a pair (inlined table look-ups)."""
    if limited and 4 in b[1:30]:
        return kept_tiles(b, groups, pair_258, True)
    sp = _SUIT_PROFILE
    a = sp.get(b[1:10])
    if a is None:
        a = suit_profile_id(b[1:10])
    c = sp.get(b[11:20])
    if c is None:
        c = suit_profile_id(b[11:20])
    d = sp.get(b[21:30])
    if d is None:
        d = suit_profile_id(b[21:30])
    hp = _HONOR_PROFILE_LIMITED if limited else _HONOR_PROFILE
    h = hp.get(b[31:38])
    if h is None:
        h = honor_profile_id(b[31:38], limited)
    cm = _COMBINE
    x = cm.get(a << 20 | c)
    if x is None:
        x = combine(a, c)
    y = cm.get(d << 20 | h)
    if y is None:
        y = combine(d, h)
    z = cm.get(x << 20 | y)
    if z is None:
        z = combine(x, y)
    return _PROFILES[z][(2 * STRIDE if pair_258 else STRIDE) + groups]


def shanten_by_shape(counts: list[int], wilds: int = 0, melds: int = 0, shapes: Shapes = DEFAULT_SHAPES) -> dict[str, int]:
    """Shanten of every enabled shape the hand can still reach (special shapes need a
    concealed 13/14-tile hand; 组合龙 allows one declared meld)."""
    b = bytes(bytearray(counts))  # faster than bytes(list)
    n = sum(b)
    groups, full = _size(n, wilds)
    limited = wilds == 0
    out: dict[str, int] = {}
    if shapes.standard:
        out[STANDARD] = n - _standard_kept(b, groups, shapes.pair_258, limited) - full
    total = n + wilds + 1 - full
    if total == 14 and melds == 0:
        if shapes.seven_pairs:
            out[SEVEN_PAIRS] = n - S.seven_pairs_kept(b) - full
        if shapes.thirteen_orphans:
            out[THIRTEEN_ORPHANS] = n - S.thirteen_orphans_kept(counts) - full
        if shapes.honors_knitted:
            out[HONORS_KNITTED] = n - S.honors_knitted_kept(counts) - full
        if shapes.double_dragon:
            out[DOUBLE_DRAGON] = n - S.double_dragon_kept(counts) - full
    if shapes.knitted_straight and melds <= 1 and total == 14 - 3 * melds:
        out[KNITTED_STRAIGHT] = n - S.knitted_straight_kept(counts, melds, limited) - full
    if shapes.all_258:  # the declared melds' tiles are the win check's business (a count says nothing)
        out[ALL_258] = n - S.all_258_kept(b) - full
    return out


def shanten(counts: list[int], wilds: int = 0, melds: int = 0, shapes: Shapes = DEFAULT_SHAPES) -> int:
    """Shanten over every enabled shape: −1 complete, 0 ready (听牌)."""
    if not shapes.table_only:
        by = shanten_by_shape(counts, wilds, melds, shapes)
        if not by:
            raise ValueError("没有可用的和牌型")
        return min(by.values())
    b = bytes(bytearray(counts))  # faster than bytes(list)
    try:
        ma, ml, mn, mp, mo, mk, mq = SHANTEN_SUIT[b[1:10]]
        sa, sl, sn, sp, so, sk, sq = SHANTEN_SUIT[b[11:20]]
        pa, pl, pn, pp, po, pk, pq = SHANTEN_SUIT[b[21:30]]
        ha, hl, hn, hp, ho, hk, hq = SHANTEN_HONOR[b[31:38]]
    except KeyError:
        fill_entries(b)
        return shanten(counts, wilds, melds, shapes)
    n = mn + sn + pn + hn
    total = n + wilds
    full = total % 3 - 1  # 1 for a 3k+2 hand, 0 for 3k+1
    if full < 0 or total > 3 * MAX_GROUPS + 2:
        _size(n, wilds)  # raises the explanatory ValueError
    if not wilds:  # real draws: at most four of a kind
        ma, sa, pa, ha = ml, sl, pl, hl
    cm = _COMBINE
    try:
        z = cm[cm[ma << 20 | sa] << 20 | cm[pa << 20 | ha]]
    except KeyError:
        z = combine(combine(ma, sa), combine(pa, ha))
    return _finish(z, n, total, full, melds, shapes, mp + sp + pp + hp, mo + so + po + ho,
                   mk + sk + pk + hk, mq or sq or pq or hq, b)


def _finish(z: int, n: int, total: int, full: int, melds: int, shapes: Shapes, pairs: int, odd: int,
            orphans: int, orphan_pair: int, b: bytes) -> int:
    """Shanten from the combined standard profile ``z`` and the parts' summed statistics (table shapes)."""
    best = n - _PROFILES[z][(2 * STRIDE if shapes.pair_258 else STRIDE) + (total - 1) // 3] - full
    if melds == 0 and total + 1 - full == 14 and best > -1:
        if shapes.seven_pairs:
            if pairs > 7:
                pairs = 7
            v = n - 2 * pairs - (odd if odd < 7 - pairs else 7 - pairs) - full
            if v < best:
                best = v
        if shapes.thirteen_orphans:
            v = n - orphans - (1 if orphan_pair else 0) - full
            if v < best:
                best = v
    if shapes.all_258 and best > -1:
        v = n - S.all_258_kept(b) - full
        if v < best:
            best = v
    return best


#: counting-array index -> (part 0-3: characters, bamboo, dots, honors; first index of the part)
_PART_OF = {t: (k, lo) for k, (lo, hi) in enumerate(((1, 10), (11, 20), (21, 30), (31, 38))) for t in range(lo, hi)}


def shanten_each(counts: list[int], wilds: int, melds: int, shapes: Shapes, tiles, delta: int = 1) -> list[int]:
    """:func:`shanten` of the hand with each of ``tiles`` added (``delta`` 1) or removed (-1) in turn.

    Same values as calling :func:`shanten` on each changed hand (``counts`` is left
    unchanged). With table shapes one part changes per tile, so the other three
    parts are combined once and each tile costs one part look-up and two combines."""
    if not shapes.table_only or delta not in (1, -1):
        return _each_slowly(counts, wilds, melds, shapes, tiles, delta)
    b = bytes(bytearray(counts))
    parts = [suit_entry(b[1:10]), suit_entry(b[11:20]), suit_entry(b[21:30]), honor_entry(b[31:38])]
    n = parts[0][2] + parts[1][2] + parts[2][2] + parts[3][2] + delta
    total = n + wilds
    full = total % 3 - 1
    if full < 0 or total > 3 * MAX_GROUPS + 2:
        return _each_slowly(counts, wilds, melds, shapes, tiles, delta)  # raises the explanatory ValueError
    col = 1 if not wilds else 0  # real draws: the four-copy limit applies
    ids = [e[col] for e in parts]
    left, right = combine(ids[0], ids[1]), combine(ids[2], ids[3])
    pairs = parts[0][3] + parts[1][3] + parts[2][3] + parts[3][3]
    odd = parts[0][4] + parts[1][4] + parts[2][4] + parts[3][4]
    orph = parts[0][5] + parts[1][5] + parts[2][5] + parts[3][5]
    partner = (ids[1], ids[0], ids[3], ids[2])
    rest = (right, right, left, left)
    pats = (b[1:10], b[11:20], b[21:30], b[31:38])
    rows = [None, None, None, None]
    # No 七对/十三幺/将将胡 reading can apply: the standard profile alone answers.
    whole = melds == 0 and total + 1 - full == 14  # a concealed 14-tile hand: 七对 / 十三幺 may apply
    plain = not (whole and (shapes.seven_pairs or shapes.thirteen_orphans)) and not shapes.all_258
    # Only 七对 besides the standard reading (the usual case): _finish's arithmetic, inline.
    sevens = whole and shapes.seven_pairs and not shapes.thirteen_orphans and not shapes.all_258
    slot = (2 * STRIDE if shapes.pair_258 else STRIDE) + (total - 1) // 3
    cm = _COMBINE
    profiles = _PROFILES
    out = []
    for t in tiles:
        where = _PART_OF.get(t)
        if where is None or (delta < 0 and not counts[t]):
            out.append(_each_slowly(counts, wilds, melds, shapes, (t,), delta)[0])
            continue
        k, lo = where
        row = rows[k]
        if row is None:
            row = rows[k] = neighbour_row(pats[k], delta)
        e = row[t - lo]
        if e is None:
            e = neighbour_entry(pats[k], delta, t - lo)
        pid = e[col]
        x = cm.get(pid << 20 | partner[k])
        if x is None:
            x = combine(pid, partner[k])
        z = cm.get(x << 20 | rest[k])
        if z is None:
            z = combine(x, rest[k])
        if plain:
            out.append(n - profiles[z][slot] - full)
            continue
        old = parts[k]
        if sevens:
            best = n - profiles[z][slot] - full
            if best > -1:
                p7 = pairs - old[3] + e[3]
                if p7 > 7:
                    p7 = 7
                odd7 = odd - old[4] + e[4]
                v = n - 2 * p7 - (odd7 if odd7 < 7 - p7 else 7 - p7) - full
                if v < best:
                    best = v
            out.append(best)
            continue
        quad = 0
        if shapes.thirteen_orphans:
            quad = any(p[6] for i, p in enumerate(parts) if i != k) or e[6]
        changed = b
        if shapes.all_258:
            changed = b[:t] + bytes((b[t] + delta,)) + b[t + 1:]
        out.append(_finish(z, n, total, full, melds, shapes, pairs - old[3] + e[3], odd - old[4] + e[4],
                           orph - old[5] + e[5], quad, changed))
    return out


def _each_slowly(counts: list[int], wilds: int, melds: int, shapes: Shapes, tiles, delta: int) -> list[int]:
    out = []
    for t in tiles:
        counts[t] += delta
        try:
            out.append(shanten(counts, wilds, melds, shapes))
        finally:
            counts[t] -= delta
    return out
