"""Memoised per-suit tables: wild tiles needed to complete, and tiles usable for shanten.

A *pattern* is the ``bytes`` of one suit's nine counts (ranks 1-9) or of the seven
honor counts. Every table is filled lazily on first use and kept for the life of
the process, so a simulation pays for each distinct pattern once.

* :func:`need` answers the win question with wild tiles ("gap filling"): how many
  wild tiles turn the pattern into whole melds (no pair / any pair / a 2-5-8 pair).
  A hand wins iff the sum over its parts is at most its number of wild tiles
  (with the remainder a multiple of three: leftover wild tiles form melds of their own).
* :func:`profile_id` answers the shanten question: the most tiles of the pattern that
  fit into ``g`` groups (g = 0..5) plus at most one pair. Profiles are interned to
  small ints and combined pairwise through a memo (:func:`combine`), so a shanten
  call is a handful of dict look-ups.
"""

from __future__ import annotations

from engine import memo
from engine.solver import suit_data

INF = 99
#: 0-based ranks of the 2, 5 and 8 tiles.
RANK_258 = (1, 4, 7)

# --- wild tiles needed (win check) -------------------------------------------

_SUIT_NEED: dict[bytes, tuple[int, int, int]] = {}
_HONOR_NEED: dict[bytes, tuple[int, int, int]] = {}
_EMPTY_NEED = (0, 2, 2)


def _min3(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]))


def _suit_need(p: bytes) -> tuple[int, int, int]:
    got = _SUIT_NEED.get(p)
    if got is not None:
        return got
    i = next((k for k, c in enumerate(p) if c), -1)
    if i < 0:
        return _EMPTY_NEED
    c = p[i]
    best = (INF, INF, INF)
    cur = bytearray(p)
    # pung (k real copies of rank i, 3-k wild tiles)
    for k in range(1, min(c, 3) + 1):
        cur[i] = c - k
        r = _suit_need(bytes(cur))
        x = 3 - k
        best = _min3(best, (r[0] + x, r[1] + x, r[2] + x))
    cur[i] = c
    # pair (k real copies, 2-k wild tiles); the rest takes no pair
    for k in range(1, min(c, 2) + 1):
        cur[i] = c - k
        r = _suit_need(bytes(cur))
        x = 2 - k + r[0]
        best = _min3(best, (INF, x, x if i in RANK_258 else INF))
    cur[i] = c
    # chows with i as the lowest real tile: start s in i-2..i; higher slots real or wild
    for s in (i - 2, i - 1, i):
        if s < 0 or s + 2 > 8:
            continue
        upper = [j for j in (s + 1, s + 2) if j > i]
        lower_wild = i - s
        for mask in range(1 << len(upper)):
            cur = bytearray(p)
            cur[i] -= 1
            wild = lower_wild
            ok = True
            for b, j in enumerate(upper):
                if mask >> b & 1:
                    if not cur[j]:
                        ok = False
                        break
                    cur[j] -= 1
                else:
                    wild += 1
            if not ok:
                continue
            r = _suit_need(bytes(cur))
            best = _min3(best, (r[0] + wild, r[1] + wild, r[2] + wild))
    _SUIT_NEED[p] = best
    return best


def _honor_one(c: int) -> tuple[int, int]:
    """One honor kind held ``c`` times: (wild tiles for pungs only, wild tiles with the pair here)."""
    melds = (3 - c % 3) % 3
    pair = 2 - c if c < 2 else (3 - (c - 2) % 3) % 3
    return melds, pair


_HONOR_ONE = {c: _honor_one(c) for c in range(15)}


def _honor_need(p: bytes) -> tuple[int, int, int]:
    got = _HONOR_NEED.get(p)
    if got is not None:
        return got
    base = sum(_HONOR_ONE[c][0] for c in p)
    delta = min(_HONOR_ONE[c][1] - _HONOR_ONE[c][0] for c in p) if any(p) else 2
    res = (base, base + min(delta, 2), base + 2)
    _HONOR_NEED[p] = res
    return res


def suit_need(p: bytes) -> tuple[int, int, int]:
    """Wild tiles that complete suit pattern ``p``: (melds only, with a pair, with a 2/5/8 pair)."""
    got = _SUIT_NEED.get(p)
    return got if got is not None else _suit_need(p)


def honor_need(p: bytes) -> tuple[int, int, int]:
    """Wild tiles that complete honor pattern ``p`` (seven counts): (melds, with a pair, with a 2/5/8 pair)."""
    got = _HONOR_NEED.get(p)
    return got if got is not None else _honor_need(p)


def standard_need(b: bytes, pair_258: bool = False) -> int:
    """Fewest wild tiles that complete the counts ``b`` (bytes of a counting array) as melds + one pair."""
    m, s, p, h = suit_need(b[1:10]), suit_need(b[11:20]), suit_need(b[21:30]), honor_need(b[31:38])
    k = 2 if pair_258 else 1
    base = m[0] + s[0] + p[0] + h[0]
    return base + min(m[k] - m[0], s[k] - s[0], p[k] - p[0], h[k] - h[0], 2)


def melds_need(b: bytes) -> int:
    """Fewest wild tiles that complete the counts ``b`` as melds only (no pair)."""
    return suit_need(b[1:10])[0] + suit_need(b[11:20])[0] + suit_need(b[21:30])[0] + honor_need(b[31:38])[0]


# --- usable tiles (shanten) --------------------------------------------------
#
# A profile is an 18-tuple: index STRIDE*q + g (q = 0 no pair, 1 any pair, 2 a 2/5/8 pair;
# g = 0..5 groups: five for a 16-tile hand's five melds and a pair) -> most tiles of the pattern kept in at most g groups plus the pair.
# Shanten of a hand is (tiles not kept) - 1 for 3k+2 hands, (tiles not kept) for 3k+1.

NEG = -99
#: most groups a complete hand holds (16-tile hands: five melds and a pair) and the profile stride.
MAX_GROUPS = 5
STRIDE = MAX_GROUPS + 1
_ZERO = (0,) * (3 * STRIDE)
_PROFILES: list[tuple[int, ...]] = []
_PROFILE_IDS: dict[tuple[int, ...], int] = {}
_SUIT_PROFILE: dict[bytes, int] = {}
_HONOR_PROFILE: dict[bytes, int] = {}  # no copy limit
_HONOR_PROFILE_LIMITED: dict[bytes, int] = {}  # at most four of a kind
_COMBINE: dict[int, int] = {}


def _intern(prof: tuple[int, ...]) -> int:
    pid = _PROFILE_IDS.get(prof)
    if pid is None:
        pid = len(_PROFILES)
        _PROFILES.append(prof)
        _PROFILE_IDS[prof] = pid
    return pid


def profile(pid: int) -> tuple[int, ...]:
    """The ``3 * STRIDE`` values of an interned profile."""
    return _PROFILES[pid]


def _shift_group(best: list[int], r: tuple[int, ...], kept: int) -> None:
    for q in range(3):
        o = STRIDE * q
        for g in range(1, STRIDE):
            v = r[o + g - 1] + kept
            if v > best[o + g]:
                best[o + g] = v


def _suit_profile(p: bytes) -> tuple[int, ...]:
    if not any(p):
        return _ZERO
    pid = _SUIT_PROFILE.get(p)
    if pid is not None:
        return _PROFILES[pid]
    i = next(k for k, c in enumerate(p) if c)
    c = p[i]
    cur = bytearray(p)
    cur[i] = c - 1
    best = list(_suit_profile(bytes(cur)))  # drop one copy of rank i
    for k in range(1, min(c, 3) + 1):  # a pung with k real copies
        cur[i] = c - k
        _shift_group(best, _suit_profile(bytes(cur)), k)
    for k in range(1, min(c, 2) + 1):  # the pair
        cur[i] = c - k
        r = _suit_profile(bytes(cur))
        for g in range(STRIDE):
            v = r[g] + k
            if v > best[STRIDE + g]:
                best[STRIDE + g] = v
            if i in RANK_258 and v > best[2 * STRIDE + g]:
                best[2 * STRIDE + g] = v
    for s in (i - 2, i - 1, i):  # chows with i as the lowest kept tile
        if s < 0 or s + 2 > 8:
            continue
        upper = [j for j in (s + 1, s + 2) if j > i and p[j]]
        for mask in range(1 << len(upper)):
            cur = bytearray(p)
            cur[i] -= 1
            kept = 1
            for b, j in enumerate(upper):
                if mask >> b & 1:
                    cur[j] -= 1
                    kept += 1
            _shift_group(best, _suit_profile(bytes(cur)), kept)
    for q in (1, 2):  # "at most one pair": never worse than no pair
        for g in range(STRIDE):
            if best[g] > best[STRIDE * q + g]:
                best[STRIDE * q + g] = best[g]
    for o in (0, STRIDE, 2 * STRIDE):  # "at most g groups"
        for g in range(1, STRIDE):
            if best[o + g - 1] > best[o + g]:
                best[o + g] = best[o + g - 1]
    prof = tuple(best)
    _SUIT_PROFILE[p] = _intern(prof)
    return prof


# --- shipped profiles (engine/solver/suit_profiles.bin) --------------------------
#
# The profiles of every suit pattern of at most 14 tiles, computed by the recursions here
# (``dslgen tables build``). A miss reads the shipped profile instead of recursing.

_SHIPPED: list = []  # [] not loaded yet; [None] no file; [(profiles, free, limited)]
_SHIPPED_PID: list[int] = []  # shipped profile number -> interned id (-1: not interned yet)


def _load_shipped():
    blob = suit_data.read()
    data = suit_data.decode(blob) if blob is not None else None
    _SHIPPED[:] = [data]
    if data is not None:
        _SHIPPED_PID[:] = [-1] * len(data[0])
    return data


def _shipped_id(p: bytes, limited: bool) -> int | None:
    """Interned id of the shipped profile of ``p`` (``limited``: under the four-copy limit), or ``None``."""
    data = _SHIPPED[0] if _SHIPPED else _load_shipped()
    if data is None:
        return None
    k = suit_data.index(p)
    if k < 0:
        return None
    n = (data[2] if limited else data[1])[k]
    pid = _SHIPPED_PID[n]
    if pid < 0:
        pid = _SHIPPED_PID[n] = _intern(data[0][n])
    return pid


def use_shipped(on: bool) -> None:
    """Read the shipped profiles on a miss (default) or always recurse (to build or check the file).

    Empties the tables, so no profile read from the file survives into a recursion and back."""
    _clear()
    _SHIPPED[:] = [] if on else [None]


def build_shipped() -> bytes:
    """The contents of the shipped file, computed afresh by the recursions (takes about 20 CPU-seconds)."""
    use_shipped(False)
    try:
        return suit_data.build(lambda p: profile(suit_profile_id(p)), lambda p: profile(limited_suit_profile_id(p)))
    finally:
        use_shipped(True)


def suit_profile_id(p: bytes) -> int:
    """Interned shanten profile of suit pattern ``p`` (wild-tile semantics: no copy limit)."""
    pid = _SUIT_PROFILE.get(p)
    if pid is None:
        pid = _shipped_id(p, False)
        if pid is None:
            _suit_profile(p)
            pid = _SUIT_PROFILE[p] if any(p) else _intern(_ZERO)
        _SUIT_PROFILE[p] = pid
    return pid


_LIMITED_PROFILE: dict[tuple[bytes, int], tuple[int, ...]] = {}
_LIMITED_ID: dict[bytes, int] = {}


def _limited_suit_profile(p: bytes, quads: int) -> tuple[int, ...]:
    """Profile when the final hand may hold at most four of each tile.

    Only a rank held four times can hit the limit (``quads``: bit r set for rank r):
    every slot of such a rank must then be filled by one of the held copies, so no
    group may draw it. Same recursion as :func:`_suit_profile` otherwise.
    """
    if not any(p):
        return _ZERO
    key = (p, quads)
    got = _LIMITED_PROFILE.get(key)
    if got is not None:
        return got
    i = next(k for k, c in enumerate(p) if c)
    c = p[i]
    quad_i = quads >> i & 1
    cur = bytearray(p)
    cur[i] = c - 1
    best = list(_limited_suit_profile(bytes(cur), quads))
    for k in range(3 if quad_i else 1, min(c, 3) + 1):
        cur[i] = c - k
        _shift_group(best, _limited_suit_profile(bytes(cur), quads), k)
    for k in range(2 if quad_i else 1, min(c, 2) + 1):
        cur[i] = c - k
        r = _limited_suit_profile(bytes(cur), quads)
        for g in range(STRIDE):
            v = r[g] + k
            if v > best[STRIDE + g]:
                best[STRIDE + g] = v
            if i in RANK_258 and v > best[2 * STRIDE + g]:
                best[2 * STRIDE + g] = v
    for s in (i - 2, i - 1, i):
        if s < 0 or s + 2 > 8:
            continue
        if any(quads >> j & 1 for j in range(s, i)):  # would draw a rank held four times
            continue
        upper = [j for j in (s + 1, s + 2) if j > i]
        forced = [j for j in upper if quads >> j & 1]
        if any(not p[j] for j in forced):
            continue
        free = [j for j in upper if p[j] and j not in forced]
        for mask in range(1 << len(free)):
            cur = bytearray(p)
            cur[i] -= 1
            kept = 1
            for j in forced:
                cur[j] -= 1
                kept += 1
            for b, j in enumerate(free):
                if mask >> b & 1:
                    cur[j] -= 1
                    kept += 1
            _shift_group(best, _limited_suit_profile(bytes(cur), quads), kept)
    for q in (1, 2):
        for g in range(STRIDE):
            if best[g] > best[STRIDE * q + g]:
                best[STRIDE * q + g] = best[g]
    for o in (0, STRIDE, 2 * STRIDE):
        for g in range(1, STRIDE):
            if best[o + g - 1] > best[o + g]:
                best[o + g] = best[o + g - 1]
    prof = tuple(best)
    _LIMITED_PROFILE[key] = prof
    return prof


def limited_suit_profile_id(p: bytes) -> int:
    """Interned profile of suit pattern ``p`` when no wild tile may stand for a fifth copy.

    Equal to :func:`suit_profile_id` unless the pattern holds a four-of-a-kind."""
    if 4 not in p:
        return suit_profile_id(p)
    pid = _LIMITED_ID.get(p)
    if pid is None:
        pid = _shipped_id(p, True)
        if pid is None:
            quads = sum(1 << r for r, c in enumerate(p) if c == 4)
            pid = _intern(_limited_suit_profile(p, quads))
        _LIMITED_ID[p] = pid
    return pid


def _honor_kind_options(c: int, limited: bool) -> list[tuple[int, int, int]]:
    """(groups, pair, kept) ways one honor kind with ``c`` copies can be used."""
    opts = [(0, 0, 0)]
    if c:
        opts += [(1, 0, min(c, 3)), (0, 1, min(c, 2))]
        if not limited:  # wild tiles may stand for a fifth copy
            opts += [(1, 1, min(c, 5)), (2, 0, min(c, 6))]
    return opts


def honor_profile_id(p: bytes, limited: bool) -> int:
    """Interned shanten profile of the seven honor counts ``p``.

    ``limited``: the final hand may hold at most four of a kind (draws are real
    tiles); without it a wild tile may stand for a fifth copy.
    """
    memo = _HONOR_PROFILE_LIMITED if limited else _HONOR_PROFILE
    pid = memo.get(p)
    if pid is not None:
        return pid
    acc = [0] * (3 * STRIDE)  # zero tiles kept is always possible
    for c in p:
        if not c:
            continue
        new = list(acc)
        for groups, pair, kept in _honor_kind_options(c, limited):
            if not kept:
                continue
            for q in range(2):
                if pair and q:
                    continue
                for g in range(STRIDE - groups):
                    v = acc[STRIDE * q + g] + kept
                    tq = 1 if (pair or q) else 0
                    idx = STRIDE * tq + g + groups
                    if v > new[idx]:
                        new[idx] = v
        acc = new
    # a 2/5/8 pair can never be an honor: q=2 may only use the honors without a pair
    for g in range(STRIDE):
        acc[2 * STRIDE + g] = acc[g]
    for g in range(STRIDE):
        if acc[g] > acc[STRIDE + g]:
            acc[STRIDE + g] = acc[g]
    for o in (0, STRIDE, 2 * STRIDE):
        for g in range(1, STRIDE):
            if acc[o + g - 1] > acc[o + g]:
                acc[o + g] = acc[o + g - 1]
    pid = _intern(tuple(acc))
    memo[p] = pid
    return pid


def _combined(A: tuple[int, ...], B: tuple[int, ...]) -> tuple[int, ...]:
    """The combined profile of ``A`` and ``B``, unrolled: slot ``STRIDE*q + g`` is the best of every split
    ``g1 + g2 = g`` of the groups, with the pair (q = 1, 2) on either side (see :func:`_combined_by_loops`)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17 = A
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17 = B
    return (
        a0 + b0,
        max(a0 + b1, a1 + b0),
        max(a0 + b2, a1 + b1, a2 + b0),
        max(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        max(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
        max(a0 + b5, a1 + b4, a2 + b3, a3 + b2, a4 + b1, a5 + b0),
        max(a6 + b0, a0 + b6),
        max(a6 + b1, a0 + b7, a7 + b0, a1 + b6),
        max(a6 + b2, a0 + b8, a7 + b1, a1 + b7, a8 + b0, a2 + b6),
        max(a6 + b3, a0 + b9, a7 + b2, a1 + b8, a8 + b1, a2 + b7, a9 + b0, a3 + b6),
        max(a6 + b4, a0 + b10, a7 + b3, a1 + b9, a8 + b2, a2 + b8, a9 + b1, a3 + b7, a10 + b0, a4 + b6),
        max(
            a6 + b5, a0 + b11, a7 + b4, a1 + b10, a8 + b3, a2 + b9,
            a9 + b2, a3 + b8, a10 + b1, a4 + b7, a11 + b0, a5 + b6,
        ),
        max(a12 + b0, a0 + b12),
        max(a12 + b1, a0 + b13, a13 + b0, a1 + b12),
        max(a12 + b2, a0 + b14, a13 + b1, a1 + b13, a14 + b0, a2 + b12),
        max(a12 + b3, a0 + b15, a13 + b2, a1 + b14, a14 + b1, a2 + b13, a15 + b0, a3 + b12),
        max(a12 + b4, a0 + b16, a13 + b3, a1 + b15, a14 + b2, a2 + b14, a15 + b1, a3 + b13, a16 + b0, a4 + b12),
        max(
            a12 + b5, a0 + b17, a13 + b4, a1 + b16, a14 + b3, a2 + b15,
            a15 + b2, a3 + b14, a16 + b1, a4 + b13, a17 + b0, a5 + b12,
        ),
    )


def _combined_by_loops(A: tuple[int, ...], B: tuple[int, ...]) -> tuple[int, ...]:
    """The definition :func:`_combined` unrolls (kept for the tests)."""
    out = [NEG] * (3 * STRIDE)
    for g in range(STRIDE):
        for g1 in range(g + 1):
            g2 = g - g1
            v0 = A[g1] + B[g2]
            if v0 > out[g]:
                out[g] = v0
            for q in (1, 2):
                o = STRIDE * q
                v = max(A[o + g1] + B[g2], A[g1] + B[o + g2])
                if v > out[o + g]:
                    out[o + g] = v
    return tuple(out)


def combine(a: int, b: int) -> int:
    """Profile of two disjoint parts: the best split of groups and of the pair between them.

    Memoised under the int key ``a << 20 | b`` (both orders)."""
    key = a << 20 | b
    got = _COMBINE.get(key)
    if got is not None:
        return got
    out = _combined(_PROFILES[a], _PROFILES[b])
    pid = _intern(out)
    _COMBINE[key] = pid
    _COMBINE[b << 20 | a] = pid
    return pid


def kept_tiles(b: bytes, groups: int, pair_258: bool, limited: bool) -> int:
    """Most tiles of counts ``b`` usable in ``groups`` groups plus one pair; ``limited``: at most
    four of a kind in the final hand (no wild tiles to stand for a fifth copy)."""
    sp = limited_suit_profile_id if limited else suit_profile_id
    pid = combine(
        combine(sp(b[1:10]), sp(b[11:20])),
        combine(sp(b[21:30]), honor_profile_id(b[31:38], limited)),
    )
    return _PROFILES[pid][(2 * STRIDE if pair_258 else STRIDE) + groups]


#: Callers' memo of profile ids they derive from parts (e.g. a bot plan's part less its fixed tiles):
#: emptied with the interned ids it refers to.
DERIVED: dict = {}


def part_profile_id(k: int, p: bytes, limited: bool) -> int:
    """Interned profile of part ``k`` of a hand (0–2: a 9-rank suit pattern, 3: the seven honor counts),
    as :func:`kept_tiles` reads it."""
    if k == 3:
        return honor_profile_id(p, limited)
    return limited_suit_profile_id(p) if limited else suit_profile_id(p)


def profile_kept(pid: int, groups: int, pair_258: bool) -> int:
    """Most tiles kept in ``groups`` groups plus one pair by the (combined) profile ``pid``."""
    return _PROFILES[pid][(2 * STRIDE if pair_258 else STRIDE) + groups]


# --- hot-path entries ----------------------------------------------------------
#
# One look-up per part (three suits, honors) gives everything the hot paths need.

#: pattern -> (need0, need_pair - need0, need_258 - need0, tiles, kinds held an odd number of times)
WIN_SUIT: dict[bytes, tuple[int, int, int, int, int]] = {}
WIN_HONOR: dict[bytes, tuple[int, int, int, int, int]] = {}
#: pattern -> (profile id, profile id under the four-copy limit, tiles, pairs, odd kinds,
#: orphan kinds present, 1 if an orphan is held twice or more)
SHANTEN_SUIT: dict[bytes, tuple[int, int, int, int, int, int, int]] = {}
SHANTEN_HONOR: dict[bytes, tuple[int, int, int, int, int, int, int]] = {}


_HALF = bytes(c // 2 for c in range(256))
_ODD = bytes(c % 2 for c in range(256))


def _stats(p: bytes, orphans: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    if len(orphans) == 2:  # a suit: the terminals
        lo, hi = p[0], p[8]
        return (sum(p), sum(p.translate(_HALF)), sum(p.translate(_ODD)), (lo > 0) + (hi > 0),
                1 if lo >= 2 or hi >= 2 else 0)
    return (
        sum(p),
        sum(p.translate(_HALF)),
        sum(p.translate(_ODD)),
        sum(1 for i in orphans if p[i]),
        1 if any(p[i] >= 2 for i in orphans) else 0,
    )


#: pattern (nine suit counts or seven honor counts) -> (how it splits without wild tiles: bit 1 whole
#: sets only, bit 2 whole sets and one pair, bit 4 whole sets and a 2/5/8 pair; tiles; kinds held an odd
#: number of times). The win check of a hand without wild tiles needs only these.
WIN_EXACT: dict[bytes, tuple[int, int, int]] = {}
_EXACT_BITS: dict[bytes, int] = {}


def exact_bits(p: bytes) -> int:
    """How the pattern ``p`` splits into whole groups without wild tiles (bits as :data:`WIN_EXACT`);
    a nine-count pattern is a suit (chows allowed), a seven-count one the honors. Empty: sets only.

    Patterns of at most 14 tiles and four copies are answered from the shipped table
    (:mod:`engine.solver.exact_parts`, every such pattern that splits at all); others are computed."""
    got = _EXACT_SHIPPED.get(p)
    if got is not None:
        return got
    got = _EXACT_BITS.get(p)
    if got is not None:
        return got
    if not _EXACT_SHIPPED:
        _load_exact_shipped()
        return exact_bits(p)
    if (len(p) == 9 or len(p) == 7) and max(p) <= 4 and sum(p) <= 14:
        _EXACT_BITS[p] = 0  # the shipped table lists every pattern of this size that splits
        return 0
    return _compute_exact_bits(p)


#: the shipped exact splits (static program data, loaded once; not a memo: :func:`engine.clear_caches`
#: leaves it): pattern -> bits, for every suit/honor pattern of at most 14 tiles and four copies that splits.
_EXACT_SHIPPED: dict[bytes, int] = {}
#: the same patterns -> their readings without wild tiles and without the 2/5/8 pair rule, encoded
#: (see :func:`exact_parts_records`; decoded by :func:`engine.solver.standard.part_readings`).
EXACT_READINGS: dict[bytes, bytes] = {}

#: group kinds in the encoded readings (code = kind index * 16 + rank offset in the part)
READING_KINDS = ("pair", "pung", "chow")


def _load_exact_shipped() -> None:
    import base64
    import zlib

    from engine.solver import exact_parts

    bits_of, readings_of = {}, {}
    for width, text in ((9, exact_parts.SUITS), (7, exact_parts.HONORS)):
        blob = zlib.decompress(base64.b64decode(text))
        i, end = 0, len(blob)
        while i < end:
            j = i + width
            p = blob[i:j]
            bits_of[p] = blob[j]
            k = j + 2 + blob[j + 1]
            readings_of[p] = blob[j + 2:k]
            i = k
    EXACT_READINGS.update(readings_of)
    _EXACT_SHIPPED.update(bits_of)


def exact_parts_records(width: int) -> bytes:
    """Every pattern of ``width`` counts (9: a suit, 7: the honors) with at most 14 tiles and four copies
    that splits into whole groups, in ascending order: the content of :mod:`engine.solver.exact_parts`.

    A record is the pattern, its bits (:func:`exact_bits`), the length of its readings and the readings
    (:func:`engine.solver.standard.part_readings` without wild tiles or the 2/5/8 rule, in their order):
    each reading is its number of groups, then one byte per group (kind index in :data:`READING_KINDS`
    × 16 + the offset of its lowest tile in the part), groups in the reading's order."""
    from itertools import product

    from engine.solver.standard import part_readings

    out = bytearray()
    lo = 1 if width == 9 else 31
    for counts in product(range(5), repeat=width):
        if sum(counts) > 14 or sum(counts) % 3 == 1:
            continue
        p = bytes(counts)
        bits = _compute_exact_bits(p, {})
        if not bits:
            continue
        enc = bytearray()
        for groups, _, _ in part_readings(p, lo, 0, False, shipped=False):
            enc.append(len(groups))
            enc += bytes(READING_KINDS.index(g.kind) * 16 + min(g.tiles) - lo for g in groups)
        out += p
        out.append(bits)
        out.append(len(enc))
        out += enc
    return bytes(out)


def _compute_exact_bits(p: bytes, memo_: dict | None = None) -> int:
    """:func:`exact_bits` by search (sub-patterns memoised in ``memo_``, default the engine memo)."""
    memo_ = _EXACT_BITS if memo_ is None else memo_
    got = memo_.get(p)
    if got is not None:
        return got
    i = next((k for k, c in enumerate(p) if c), -1)
    if i < 0:
        res = 1
    else:
        res = 0
        cur = bytearray(p)
        c = p[i]
        if c >= 3:
            cur[i] = c - 3
            res |= _compute_exact_bits(bytes(cur), memo_)
        if c >= 2:
            cur[i] = c - 2
            if _compute_exact_bits(bytes(cur), memo_) & 1:
                res |= 6 if len(p) == 9 and i in RANK_258 else 2
        if len(p) == 9 and i <= 6 and p[i + 1] and p[i + 2]:
            cur[i] = c - 1
            cur[i + 1] -= 1
            cur[i + 2] -= 1
            res |= _compute_exact_bits(bytes(cur), memo_)
    if len(memo_) > 400_000:
        memo_.clear()
    memo_[p] = res
    return res


def fill_exact_entries(b: bytes) -> None:
    """Make sure the exact win entries (:data:`WIN_EXACT`) of every part of the counts ``b`` exist."""
    for lo, hi in ((1, 10), (11, 20), (21, 30), (31, 38)):
        p = b[lo:hi]
        if p not in WIN_EXACT:
            WIN_EXACT[p] = (exact_bits(p), sum(p), sum(c % 2 for c in p))


def fill_win_entries(b: bytes) -> None:
    """Make sure the win entries (``WIN_SUIT``, ``WIN_HONOR``) of every part of the counts ``b`` exist."""
    for lo in (1, 11, 21):
        p = b[lo:lo + 9]
        if p not in WIN_SUIT:
            n0, n1, n2 = suit_need(p)
            WIN_SUIT[p] = (n0, n1 - n0, n2 - n0, sum(p), sum(c % 2 for c in p))
    h = b[31:38]
    if h not in WIN_HONOR:
        n0, n1, n2 = honor_need(h)
        WIN_HONOR[h] = (n0, n1 - n0, n2 - n0, sum(h), sum(c % 2 for c in h))


def fill_entries(b: bytes) -> None:
    """Make sure the shanten entries of every part of the counts ``b`` exist.

    The win entries are filled by :func:`engine.solver.win.is_win`'s own look-ups: most
    hands whose shanten is asked (a bot weighing draws) are never checked for a win."""
    for lo in (1, 11, 21):
        p = b[lo:lo + 9]
        if p not in SHANTEN_SUIT:
            suit_entry(p)
    h = b[31:38]
    if h not in SHANTEN_HONOR:
        honor_entry(h)


def suit_entry(p: bytes) -> tuple[int, int, int, int, int, int, int]:
    """The :data:`SHANTEN_SUIT` entry of the nine counts ``p`` (filled if missing)."""
    got = SHANTEN_SUIT.get(p)
    if got is None:
        got = SHANTEN_SUIT[p] = (suit_profile_id(p), limited_suit_profile_id(p)) + _stats(p, (0, 8))
    return got


#: (part pattern, delta) -> per rank, the entry of the pattern with that count changed by delta
#: (filled on demand): the greedy bot probes the same part with many different other parts.
NEIGHBOURS: dict[tuple[bytes, int], list] = {}


def neighbour_row(p: bytes, delta: int) -> list:
    """The row of :data:`NEIGHBOURS` for part pattern ``p`` (nine suit or seven honor counts)."""
    key = (p, delta)
    row = NEIGHBOURS.get(key)
    if row is None:
        if len(NEIGHBOURS) > 200_000:
            NEIGHBOURS.clear()
        row = NEIGHBOURS[key] = [None] * len(p)
    return row


def neighbour_entry(p: bytes, delta: int, i: int) -> tuple[int, int, int, int, int, int, int]:
    """The shanten entry of part pattern ``p`` with count ``i`` changed by ``delta`` (stored in its row)."""
    cur = bytearray(p)
    cur[i] += delta
    new = bytes(cur)
    e = suit_entry(new) if len(p) == 9 else honor_entry(new)
    neighbour_row(p, delta)[i] = e
    return e


def honor_entry(h: bytes) -> tuple[int, int, int, int, int, int, int]:
    """The :data:`SHANTEN_HONOR` entry of the seven honor counts ``h`` (filled if missing)."""
    got = SHANTEN_HONOR.get(h)
    if got is None:
        got = SHANTEN_HONOR[h] = (honor_profile_id(h, False), honor_profile_id(h, True)) + _stats(h, tuple(range(7)))
    return got


def _clear() -> None:
    """Empty every table together: profile ids are interned and referenced by the other tables."""
    for table in (_SUIT_NEED, _HONOR_NEED, _PROFILE_IDS, _SUIT_PROFILE, _HONOR_PROFILE, _HONOR_PROFILE_LIMITED,
                  _COMBINE, _LIMITED_PROFILE, _LIMITED_ID, WIN_SUIT, WIN_HONOR, SHANTEN_SUIT, SHANTEN_HONOR,
                  WIN_EXACT, _EXACT_BITS, NEIGHBOURS, DERIVED):
        table.clear()
    del _PROFILES[:]
    _SHIPPED_PID[:] = [-1] * len(_SHIPPED_PID)


memo.on_clear("solver.tables", _clear)


def exact_parts_source() -> str:
    """The text of :mod:`engine.solver.exact_parts`, generated from :func:`exact_parts_records`
    (``dslgen tables build`` writes it; ``--check`` and the solver tests compare it)."""
    import base64
    import zlib

    def block(name: str, width: int) -> list[str]:
        text = base64.b64encode(zlib.compress(exact_parts_records(width), 9)).decode("ascii")
        lines = [f"{name} = ("]
        lines += [f'    "{text[i:i + 96]}"' for i in range(0, len(text), 96)]
        return lines + [")", ""]

    head = [
        '"""Every suit and honor pattern that splits into whole groups without wild tiles: shipped data.',
        "",
        "Generated by ``python -m dslgen tables build`` from :func:`engine.solver.tables.exact_parts_records`;",
        "do not edit. Each constant is base64 of zlib of fixed-size records: the pattern's counts (nine for",
        "a suit, ranks 1-9; seven for the honors) followed by its split bits (1 whole sets, 2 whole sets and",
        "one pair, 4 whole sets and a 2/5/8 pair), for every pattern of at most 14 tiles and four copies",
        "whose bits are not 0. :func:`engine.solver.tables.exact_bits` reads it instead of searching.",
        '"""',
        "",
    ]
    return "\n".join(head + block("SUITS", 9) + block("HONORS", 7))
