"""The wait of a win: where the winning tile sat in a reading, and whether the hand waited on one tile only.

These are the language's ``wait_at(edge | closed | pair)`` and ``single_wait``
(:mod:`engine.lang.vocabulary`): the 国标 独听 fans 边张, 坎张 and 单钓将 are written with them in the
standard library. A reading's position is decided among its concealed groups, edge first, then closed,
then the pair (the competition rules' reference calculator's order); the single wait looks at the whole
concealed hand before the win (four sets and a pair, or for 13 tiles seven pairs), computed once per win.
"""

from __future__ import annotations

from engine import memo
from engine.solver.tables import exact_bits

def _pack_waits(c: list[int], waiting: set[int]) -> None:
    """Waits of the two-tile partial set left after a pair is taken from four tiles."""
    for t in range(38):
        if c[t] < 1:
            continue
        if c[t] > 1:
            waiting.add(t)
            return
        if t < 30:
            r = t % 10
            if r > 1 and c[t - 1]:
                if r < 9:
                    waiting.add(t + 1)
                if r > 2:
                    waiting.add(t - 2)
                return
            if r > 2 and c[t - 2]:
                waiting.add(t - 1)
                return


def _regular_waits(c: list[int], n: int, waiting: set[int]) -> None:
    if n == 1:
        for t in range(38):
            if c[t] == 1:
                waiting.add(t)
                break
        return
    if n == 4:
        for t in range(38):
            if c[t] >= 2:
                c[t] -= 2
                _pack_waits(c, waiting)
                c[t] += 2
    if n < 4:
        return
    for t in range(38):
        if c[t] < 1:
            continue
        if c[t] > 2:
            c[t] -= 3
            _regular_waits(c, n - 3, waiting)
            c[t] += 3
        if t < 30 and t % 10 < 8 and c[t + 1] and c[t + 2]:
            c[t] -= 1
            c[t + 1] -= 1
            c[t + 2] -= 1
            _regular_waits(c, n - 3, waiting)
            c[t] += 1
            c[t + 1] += 1
            c[t + 2] += 1


def single_wait(counts: list[int], n: int, win_tile: int) -> bool:
    """True when the hand before the win (``counts`` with the winning tile, ``n`` tiles without it)
    waited on exactly one tile (独听), reading it as four sets and a pair or, for 13 tiles, as seven pairs."""
    c = list(counts)
    # a tile held 0 times cannot be taken away: leave a huge count, as unsigned arithmetic would
    c[win_tile] = c[win_tile] - 1 if c[win_tile] else 65535
    waiting: set[int] = set()
    if n == 13:
        pairs = sum(1 if x in (2, 3) else 2 if x == 4 else 0 for x in c[:38])
        if pairs == 6:
            t = next((t for t in range(38) if c[t] in (1, 3)), None)
            if t is not None:
                waiting.add(t)
    _regular_waits(c, n, waiting)
    return len(waiting) == 1




#: part pattern -> (ranks whose tile added makes it whole sets, ranks whose tile added makes it whole sets
#: and one pair), as bit sets over the pattern's positions
_COMPLETERS: dict[bytes, tuple[int, int]] = memo.table("fans.waits.completers")


def _completers(p: bytes) -> tuple[int, int]:
    """Which one tile added to the part pattern ``p`` completes it (see :data:`_COMPLETERS`). Only a rank
    held, or (in a suit) within two of a held rank, can: any other tile would stay alone."""
    if len(p) == 7:
        cand = [i for i in range(7) if p[i]]
    else:
        cand = sorted({j for i in range(9) if p[i] for j in range(i - 2, i + 3) if 0 <= j < 9})
    sets = pair = 0
    cur = bytearray(p)
    for i in cand:
        cur[i] += 1
        bits = exact_bits(bytes(cur))
        cur[i] -= 1
        if bits & 1:
            sets |= 1 << i
        if bits & 2:
            pair |= 1 << i
    got = _COMPLETERS[p] = (sets, pair)
    return got


def _more_waits(c: bytearray, win_tile: int) -> bool:
    """True when the hand ``c`` (counts without the winning tile) also completes as sets and a pair with a
    tile other than ``win_tile`` (a fifth copy counts, as the reference calculator counts it).

    The added tile lands in one part; every other part must be whole sets, but for at most one that
    is whole sets and a pair (then the part the tile lands in must become whole sets, else whole sets
    and a pair)."""
    b = bytes(c)
    parts = (b[1:10], b[11:20], b[21:30], b[31:38])
    comp = [exact_bits(p) for p in parts]
    broken = [j for j in (0, 1, 2, 3) if not comp[j] & 1]
    if not broken:  # every part whole: the tile must make a part whole sets and a pair
        lands = ((0, 1), (1, 1), (2, 1), (3, 1))
    elif len(broken) == 1:  # into the broken part (then with its pair), or elsewhere if it holds the pair
        a = broken[0]
        lands = ((a, 1),) + (tuple((s, 0) for s in (0, 1, 2, 3) if s != a) if comp[a] & 2 else ())
    elif len(broken) == 2:  # into one broken part, the other holding the pair
        a, z = broken
        lands = ((a, 0),) * (comp[z] >> 1 & 1) + ((z, 0),) * (comp[a] >> 1 & 1)
    else:
        return False
    for s, want_pair in lands:
        p = parts[s]
        got = _COMPLETERS.get(p)
        if got is None:
            got = _completers(p)
        ranks = got[want_pair]
        base = _PART_BASE[s]
        if base <= win_tile < base + len(p):
            ranks &= ~(1 << (win_tile - base))
        if ranks:
            return True
    return False


_PART_BASE = (1, 11, 21, 31)


def wait_fan(groups, win_tile: int) -> str:
    """边张, 坎张 or 单钓将 from where the winning tile sits among the concealed groups (one only,
    in that order)."""
    flag = 0
    for g in groups:
        if g.kind == "chow":
            mid = g.tiles[1]
            if mid == win_tile:
                flag |= 2
            elif mid + 1 == win_tile or mid - 1 == win_tile:
                flag |= 1
        elif g.kind == "pair" and g.tiles[0] == win_tile:
            flag |= 4
    if flag & 1:
        return "边张"
    if flag & 2:
        return "坎张"
    if flag & 4:
        return "单钓将"
    return ""



_LAST: list = [None, None]  # (ctx, hand-level facts) of the last win analysed
memo.on_clear("fans.waits.last_win", lambda: _LAST.__setitem__(slice(None), [None, None]))


def _hand_level(ctx) -> dict:
    """Facts about the whole hand (not the reading), cached for the win being scored."""
    if _LAST[0] is ctx:
        return _LAST[1]
    counts = [0] * 38
    for t in ctx.concealed:
        if t < 38:
            counts[t] += 1
    info = {"counts": counts}
    _LAST[0], _LAST[1] = ctx, info
    return info


def _single(ctx) -> bool:
    """Whether the whole concealed hand waited on one tile only (computed once per win)."""
    info = _hand_level(ctx)
    single = info.get("single")
    if single is None:
        counts, n, win = info["counts"], len(ctx.concealed) - 1, ctx.win_tile
        if counts[win] and sum(counts) == n + 1:
            single = _single_standard(counts, n, win)
        else:  # wild tiles (not in the counts) or a winning tile not held: the general search
            single = single_wait(counts, n, win)
        info["single"] = single
    return single


def _single_standard(counts: list[int], n: int, win_tile: int) -> bool:
    """:func:`single_wait` for a hand that has a standard reading (so the winning tile is one of its
    waits): no other tile completes it as sets and a pair, nor, for 13 tiles, as seven pairs."""
    c = bytearray(counts)
    c[win_tile] -= 1
    if n == 13 and c.count(2) + c.count(3) + 2 * c.count(4) == 6:
        t = next((t for t in range(38) if c[t] in (1, 3)), None)
        if t is not None and t != win_tile:
            return False
    return not _more_waits(c, win_tile)


def wait_position(h) -> str:
    """``edge``, ``closed``, ``pair`` or "" for the reading ``h`` (a :class:`~engine.fans.hand_facts.HandFacts`);
    with a placement of the winning tile (``h.placement``) the group it completes decides, and may also be
    ``sides`` (a two-sided chow wait) or ``pung`` (the tile completes a pung)."""
    groups = h.decomposition.groups
    if h.placement is not None:
        return placed_position(groups[h.placement], h.ctx.win_tile)
    concealed = groups[:len(groups) - len(h.ctx.melds)]
    return _POSITIONS.get(wait_fan(concealed, h.ctx.win_tile), "")


_POSITIONS = {"边张": "edge", "坎张": "closed", "单钓将": "pair"}


def placed_position(group, win_tile: int) -> str:
    """Where ``win_tile`` sits in the group it completes: ``closed`` (the middle of a chow), ``edge`` (the 3
    of 123 or the 7 of 789), ``sides`` (another end of a chow), ``pair``, or ``pung`` (a pung or kong)."""
    kind = group.kind
    if kind == "chow":
        low = min(group.tiles)
        if win_tile == low + 1:
            return "closed"
        if (low % 10 == 1 and win_tile == low + 2) or (low % 10 == 7 and win_tile == low):
            return "edge"
        return "sides"
    if kind == "pair":
        return "pair"
    if kind in ("pung", "kong"):
        return "pung"
    return ""


def placements(decomposition, win_tile: int, melds: int) -> list[int | None]:
    """The indices of the concealed groups of a reading that may hold the winning tile, one per distinct
    group (``[None]`` when none can, as in a shape of single tiles)."""
    groups = decomposition.groups
    seen = set()
    out: list[int | None] = []
    for i, g in enumerate(groups[:len(groups) - melds]):
        if win_tile in g.tiles and (g.kind, g.tiles) not in seen:
            seen.add((g.kind, g.tiles))
            out.append(i)
    return out or [None]


def waited_on_one_tile(h) -> bool:
    """Whether the hand waited on one tile only (独听), for the shapes the 国标 wait fans read: four sets and a
    pair (and 一色双龙会), or a knitted straight (组合龙) beside one set and a pair."""
    ctx = h.ctx
    if h.shape in ("standard", "double_dragon"):
        return _single(ctx)
    if h.shape != "knitted_straight":
        return False
    groups = h.decomposition.groups
    knit = next(g for g in groups if g.kind == "knitted")
    if ctx.melds:  # the knitted straight and the meld are whole: only the pair was open
        return True
    counts = list(_hand_level(ctx)["counts"])
    for t in knit.tiles:
        counts[t] -= 1
    return single_wait(counts, 4, ctx.win_tile)
