"""国标 set analysis of one reading: the combination fans and the principles that count them.

The 中国麻将竞赛规则 count fans made of several sets under four principles:

* 不重复原则: a fan implied by another is not counted (declared as ``excludes`` in the rule file);
* 不拆移原则: a set, once read, is not split to make another fan (every reading is scored whole);
* 不得相同原则: a set that has formed a fan with another set cannot form the *same* fan again
  with a third one;
* 套算一次原则: a set not yet combined may combine once with a set already combined.

The last two decide how often the chow-pair fans (一般高, 喜相逢, 连六, 老少副) and the pung-pair
fans (双同刻, 双箭刻) count when a hand has several sets. :func:`analyse` applies them the way the
competition rules' reference calculator does (four chows: a four-chow fan takes them all; else a
three-chow fan and at most one pair fan for the fourth chow; else pair fans, at most three for
four chows and two for three, trimming repeats first from 老少副 down). The fan units in
:mod:`engine.fans.guobiao` read the result; nothing here knows the fan values.
"""

from __future__ import annotations

from engine import memo
from engine.fans.hand_facts import HandFacts


_WINDS = (31, 32, 33, 34)
_DRAGONS = (35, 36, 37)

# -- chows (by their first tile) ----------------------------------------------------------------


def _two_chows(a: int, b: int) -> str:
    if a // 10 != b // 10:
        return "喜相逢" if a % 10 == b % 10 else ""
    if a - b in (3, -3):
        return "连六"
    if {a % 10, b % 10} == {1, 7}:
        return "老少副"
    if a == b:
        return "一般高"
    return ""


def _shifted_1(r0: int, r1: int, r2: int) -> bool:
    return r0 + 1 == r1 and r1 + 1 == r2


def _three_chows(a: int, b: int, c: int) -> str:
    sa, sb, sc = a // 10, b // 10, c // 10
    if sa != sb and sa != sc and sb != sc:
        ranks = sorted((a % 10, b % 10, c % 10))
        if _shifted_1(*ranks):
            return "三色三步高"
        if ranks[0] == ranks[2]:
            return "三色三同顺"
        if ranks == [1, 4, 7]:
            return "花龙"
        return ""
    if a + 3 == b and b + 3 == c:
        return "清龙"
    if (a + 2 == b and b + 2 == c) or (a + 1 == b and b + 1 == c):
        return "一色三步高"
    if a == b == c:
        return "一色三同顺"
    return ""


def _four_chows(a: int, b: int, c: int, d: int) -> str:
    if (a + 2 == b and b + 2 == c and c + 2 == d) or (a + 1 == b and b + 1 == c and c + 1 == d):
        return "一色四步高"
    if a == b == c == d:
        return "一色四同顺"
    return ""


_PAIR_ORDER = ("一般高", "喜相逢", "连六", "老少副")


def _extra_chow(x: int, y: int, z: int, extra: int) -> str:
    """The one pair fan the fourth chow may add to a three-chow fan (套算一次), best first."""
    found = {_two_chows(x, extra), _two_chows(y, extra), _two_chows(z, extra)}
    return next((f for f in _PAIR_ORDER if f in found), "")


def _trim(fans: list[str], limit: int, out: dict[str, int]) -> None:
    """Pair fans under 不得相同/套算一次: at most ``limit``, trimming repeats first (老少副 upwards)."""
    table = [sum(1 for f in fans if f == name) for name in _PAIR_ORDER]
    cnt = sum(table)
    keep = 1
    while cnt > limit and keep >= 0:
        idx = 4
        while cnt > limit and idx > 0:
            idx -= 1
            while table[idx] > keep and cnt > limit:
                table[idx] -= 1
                cnt -= 1
        keep -= 1
    for name, n in zip(_PAIR_ORDER, table):
        if n:
            out[name] = out.get(name, 0) + n


def _is_double_dragon(chows: list[int], pair: int, pure: bool) -> bool:
    if pair >= 30 or pair % 10 != 5:
        return False
    suit = pair // 10
    if pure:
        return sorted(chows) == [suit * 10 + 1] * 2 + [suit * 10 + 7] * 2
    others = {s for s in range(3) if s != suit}
    return sorted(chows) == sorted(s * 10 + r for s in others for r in (1, 7))


def chow_fans(chows: list[int], pair: int, out: dict[str, int]) -> None:
    """Chow combination fans of a standard reading (chows given by their first tile)."""
    c = sorted(chows)
    n = len(c)
    if n == 4:
        if _is_double_dragon(c, pair, False) or _is_double_dragon(c, pair, True):
            return  # 三色/一色双龙会 use all four chows
        f = _four_chows(*c)
        if f:
            out[f] = out.get(f, 0) + 1
            return
        for i, j, k, extra in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_chows(c[i], c[j], c[k])
            if f:
                out[f] = out.get(f, 0) + 1
                g = _extra_chow(c[i], c[j], c[k], c[extra])
                if g:
                    out[g] = out.get(g, 0) + 1
                return
        fans = [_two_chows(c[i], c[j]) for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))]
        limit = 3
        for links in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if not any(fans[x] for x in links):
                limit -= 1  # a chow unrelated to the other three
        if limit > 0:
            _trim([f for f in fans if f], limit, out)
    elif n == 3:
        f = _three_chows(*c)
        if f:
            out[f] = out.get(f, 0) + 1
            return
        _trim([f for f in (_two_chows(c[0], c[1]), _two_chows(c[0], c[2]), _two_chows(c[1], c[2])) if f], 2, out)
    elif n == 2:
        f = _two_chows(c[0], c[1])
        if f:
            out[f] = out.get(f, 0) + 1


# -- pungs --------------------------------------------------------------------------------------


def _two_pungs(a: int, b: int) -> str:
    if a < 30 and b < 30:
        return "双同刻" if a % 10 == b % 10 and a != b else ""
    if a in _DRAGONS and b in _DRAGONS:
        return "双箭刻"
    return ""


def _three_pungs(a: int, b: int, c: int) -> str:
    if a < 30 and b < 30 and c < 30:
        sa, sb, sc = a // 10, b // 10, c // 10
        if sa != sb and sa != sc and sb != sc:
            ranks = sorted((a % 10, b % 10, c % 10))
            if _shifted_1(*ranks):
                return "三色三节高"
            if ranks[0] == ranks[2]:
                return "三同刻"
        elif a + 1 == b and b + 1 == c:
            return "一色三节高"
        return ""
    if a in _WINDS and b in _WINDS and c in _WINDS:
        return "三风刻"
    if (a, b, c) == _DRAGONS:
        return "大三元"
    return ""


def _four_pungs(a: int, b: int, c: int, d: int) -> str:
    if d < 30 and a + 1 == b and b + 1 == c and c + 1 == d:
        return "一色四节高"
    if (a, b, c, d) == _WINDS:
        return "大四喜"
    return ""


def pung_fans(pungs: list[int], out: dict[str, int]) -> None:
    """Pung combination fans of a standard reading (pungs and kongs by their tile)."""
    p = sorted(pungs)
    n = len(p)
    if n == 4:
        f = _four_pungs(*p)
        if f:
            out[f] = out.get(f, 0) + 1
            return
        for i, j, k, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_pungs(p[i], p[j], p[k])
            if f:
                out[f] = out.get(f, 0) + 1
                for x in range(4):  # the free pung combines once (套算一次)
                    if x != free:
                        g = _two_pungs(p[x], p[free])
                        if g:
                            out[g] = out.get(g, 0) + 1
                            break
                return
        pairs = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    elif n == 3:
        f = _three_pungs(*p)
        if f:
            out[f] = out.get(f, 0) + 1
            return
        pairs = ((0, 1), (0, 2), (1, 2))
    elif n == 2:
        pairs = ((0, 1),)
    else:
        return
    for i, j in pairs:
        g = _two_pungs(p[i], p[j])
        if g:
            out[g] = out.get(g, 0) + 1


# -- one reading ----------------------------------------------------------------------------------


def analyse(h: HandFacts) -> dict[str, int]:
    """The combination fans of one reading (fan name -> times)."""
    out: dict[str, int] = {}
    ctx = h.ctx
    shape = h.shape
    groups = h.decomposition.groups
    melds = ctx.melds
    n_conc = len(groups) - len(melds)
    concealed = groups[:n_conc]
    if shape in ("standard", "double_dragon"):
        _standard(h, ctx, concealed, melds, out)
    return out


def _standard(h: HandFacts, ctx, concealed, melds, out: dict[str, int]) -> None:
    chows: list[int] = []
    pungs: list[int] = []
    pair = 0
    for g in concealed:
        k = g.kind
        if k == "chow":
            chows.append(g.tiles[0])
        elif k == "pung":
            pungs.append(g.tiles[0])
        elif k == "pair":
            pair = g.tiles[0]
    for m in melds:
        if m.kind == "chow":
            chows.append(min(m.tiles))
        else:
            pungs.append(m.tiles[0])
    if len(chows) > 1:
        key = (tuple(sorted(chows)), pair if len(chows) == 4 and pair < 30 and pair % 10 == 5 else 0)
        got = _CHOW_COMBOS.get(key)
        if got is None:
            got = _combos(_CHOW_COMBOS, key, chow_fans, chows, pair)
        for name, n in got:
            out[name] = out.get(name, 0) + n
    if len(pungs) > 1:
        key = tuple(sorted(pungs))
        got = _PUNG_COMBOS.get(key)
        if got is None:
            got = _combos(_PUNG_COMBOS, key, pung_fans, pungs)
        for name, n in got:
            out[name] = out.get(name, 0) + n


#: sorted chows (first tiles) and the pair when it could make a 双龙会 -> chow combination fans
_CHOW_COMBOS: dict[tuple, tuple[tuple[str, int], ...]] = memo.table("fans.gbsets.chow_combos")
#: sorted pung tiles -> pung combination fans
_PUNG_COMBOS: dict[tuple, tuple[tuple[str, int], ...]] = memo.table("fans.gbsets.pung_combos")


def _combos(table: dict, key: tuple, func, *args) -> tuple[tuple[str, int], ...]:
    """``func(*args, out)`` as (fan, times) items, remembered under ``key`` (the combination fans depend
    only on the sets, and the chow fans on the pair only for 三色/一色双龙会)."""
    found: dict[str, int] = {}
    func(*args, found)
    return memo.store(table, key, tuple(found.items()), 100_000)
