"""Target plans for bots under a minimum fan (国标's 8 番起和, 广东's 三番起胡).

A *plan* is a hand family whose completion alone reaches ``win_min_fan`` with the
fans the rule file declares (by registered name, so synonyms count; combined as the file's
``fan_stacking`` combines them): 清一色, 混一色 or 混一色碰碰和 in one suit, 碰碰和 (open only), 全中,
大于五, 小于五, 七对, 全不靠, 十三幺, and the chow combinations (CORE plans: three fixed
chows, one free set and the pair) 清龙, 花龙, 三色三同顺 and 三色三步高 (with 门前清). (A 五门齐 plan was
tried and dropped: it lured hands into a slow shape and raised 国标's exhaustive-draw rate from 23% to
27%; 碰碰和 and 全求人 reach 8 番 only with other fans, so they are not plans of their own.)
:func:`plans_for` derives the plans of a rule set from its fan table
(a plan whose fans fall short of the minimum is dropped; one that reaches it only
together with 门前清 is marked ``concealed``). :func:`distance` is the plan's
shanten: the hand's shanten when every tile outside the plan's tile set must be
exchanged (−1 complete, 0 ready), measured with the solver's tables; for a CORE plan, the fixed
chows' missing tiles plus the shanten of the rest towards one set and the pair (``FAR`` when more
than ``CORE_MISSING`` fixed tiles are missing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import mul

from engine import memo
from engine import tiles as T
from engine.fans.registry import lookup
from engine.melds import ANKONG, CHOW
from engine.solver import special as S
from engine.solver.tables import DERIVED, combine, kept_tiles, part_profile_id, profile_kept

STANDARD, SEVEN_PAIRS, HONORS_KNITTED, THIRTEEN_ORPHANS = "standard", "seven_pairs", "honors_knitted", "thirteen_orphans"
#: a standard hand of pungs (kongs) and one pair only (碰碰和)
PUNGS = "pungs"
#: a standard hand holding fixed chows (清龙 123 456 789 in one suit, 花龙, 三色三同顺, 三色三步高);
#: the rest, one set and the pair, is free
CORE = "core"
_GROUPED = (STANDARD, PUNGS, CORE)
CONCEALED_FAN = "门前清"


@dataclass(frozen=True, eq=False)  # identity hash: plans are built once per rule set
class Plan:
    """A target hand: its fans, the tiles it may hold (None: any), its shape, whether it must stay concealed."""

    name: str
    fans: tuple[str, ...]
    tiles: frozenset[int] | None
    shape: str
    concealed: bool
    mask: bytes = b""  # 1 per tile code the plan keeps (standard shape only)
    core: tuple[tuple[int, ...], ...] = ()  # the fixed chows of a CORE plan not yet melded
    core_tiles: tuple[int, ...] = ()  # their tiles
    #: the core's tiles by part (three suits, honors): copies wanted of each rank, None for a part without any
    core_want: tuple[bytes | None, ...] = (None, None, None, None)
    #: copies of each core tile the core wants, by tile
    core_copies: dict = field(default_factory=dict)


def core_held(plan: Plan, counts: list[int]) -> int:
    """Copies of its fixed chows' tiles a hand holds towards a CORE plan (what :func:`_core_part` counts)."""
    held = 0
    for t, w in plan.core_copies.items():
        c = counts[t]
        held += c if c < w else w
    return held


def _core_plan(name: str, fans: tuple[str, ...], concealed: bool, core) -> Plan:
    core_tiles = tuple(t for c in core for t in c)
    want = [bytes(core_tiles.count(10 * s + r) for r in range(1, 10)) for s in T.SUITS] + [b""]
    return Plan(name, fans, None, CORE, concealed, core=tuple(core), core_tiles=core_tiles,
                core_want=tuple(w if any(w) else None for w in want),
                core_copies={t: core_tiles.count(t) for t in sorted(set(core_tiles))})


def _core_part(k: int, p: bytes, want: bytes, limited: bool) -> tuple[int, int]:
    """(profile id of part ``k``'s pattern ``p`` less the copies of ``want`` it holds, copies held): each
    fixed chow of a CORE plan takes the copies it needs, the rest is free for the other groups (memoised
    in :data:`engine.solver.tables.DERIVED`, emptied with the profile ids)."""
    key = (p, want, limited)
    hit = DERIVED.get(key)
    if hit is None:
        rest = bytes(c - w if c > w else 0 for c, w in zip(p, want))
        hit = memo.store(DERIVED, key, (part_profile_id(k, rest, limited), sum(p) - sum(rest)), 200_000)
    return hit


def _mask(tiles: frozenset[int]) -> bytes:
    return bytes(1 if t in tiles else 0 for t in range(T.COUNT_SIZE))


def _suit(s: int) -> frozenset[int]:
    return frozenset(10 * s + r for r in range(1, 10))


def _ranks(lo: int, hi: int) -> frozenset[int]:
    return frozenset(10 * s + r for s in T.SUITS for r in range(lo, hi + 1))


def _templates(shapes) -> list[tuple[str, tuple[str, ...], frozenset[int] | None, str]]:
    out = []
    for s in T.SUITS:
        name = T.SUIT_NAMES[s]
        out.append((f"清一色{name}", ("清一色",), _suit(s), STANDARD))
        out.append((f"混一色{name}", ("混一色",), _suit(s) | frozenset(T.HONORS), STANDARD))
        out.append((f"混一色碰碰和{name}", ("混一色", "对对胡"), _suit(s) | frozenset(T.HONORS), PUNGS))
    out.append(("碰碰和", ("对对胡",), frozenset(T.SUITED) | frozenset(T.HONORS), PUNGS))
    out.append(("全中", ("全中",), _ranks(4, 6), STANDARD))
    out.append(("大于五", ("大于五",), _ranks(6, 9), STANDARD))
    out.append(("小于五", ("小于五",), _ranks(1, 4), STANDARD))
    for name, fan, core in _cores():
        out.append((name, (fan,), core, CORE))
    if shapes.seven_pairs:
        out.append(("七对", ("七对",), None, SEVEN_PAIRS))
    if shapes.honors_knitted:
        out.append(("全不靠", ("全不靠",), None, HONORS_KNITTED))
    if shapes.thirteen_orphans:
        out.append(("十三幺", ("十三幺",), None, THIRTEEN_ORPHANS))
    return out


def _chow(suit: int, rank: int) -> tuple[int, int, int]:
    t = 10 * suit + rank
    return (t, t + 1, t + 2)


def _cores() -> list[tuple[str, str, tuple[tuple[int, ...], ...]]]:
    """(plan name, fan, fixed chows) of the chow-combination plans."""
    out = []
    names = T.SUIT_NAMES
    for s in T.SUITS:
        out.append((f"清龙{names[s]}", "清龙", tuple(_chow(s, r) for r in (1, 4, 7))))
    orders = [(a, b, c) for a in T.SUITS for b in T.SUITS for c in T.SUITS if len({a, b, c}) == 3]
    for a, b, c in orders:
        out.append((f"花龙{names[a]}{names[b]}{names[c]}", "花龙", (_chow(a, 1), _chow(b, 4), _chow(c, 7))))
    for r in range(1, 8):
        out.append((f"三色三同顺{r}", "三色三同顺", tuple(_chow(s, r) for s in T.SUITS)))
    for r in range(1, 6):
        for a, b, c in orders:
            out.append((f"三色三步高{r}{names[a]}{names[b]}{names[c]}", "三色三步高",
                        (_chow(a, r), _chow(b, r + 1), _chow(c, r + 2))))
    return out


#: a CORE plan lacking more of its fixed tiles than this is out of reach (its distance is FAR)
CORE_MISSING = 4
FAR = 99

_PLANS: dict = memo.table("game.plans")
#: (CORE plan, fixed chows melded) -> the plan of what is left to build
_DERIVED: dict = memo.table("game.plans.derived")


#: plans that must reach the minimum without 门前清: a concealed hand of pungs is 四暗刻's plan, not 碰碰和's.
_OPEN_ONLY = frozenset({"碰碰和"})


def uses_plans(rules, shapes) -> bool:
    """Whether bots steer by plans: the rules set a minimum fan of at least :data:`MIN_FAN` and some plan
    reaches it."""
    return rules.win_min_fan >= MIN_FAN and bool(plans_for(rules, shapes))


def _stacked(rules, specs) -> int:
    """The fans of ``specs`` (FanSpecs) combined as ``rules.fan_stacking`` combines them (``add_max``: the
    largest of each level; ``max_level``: the largest; ``multiply``: the product; otherwise the sum)."""
    values = [s.base_fan for s in specs]
    if rules.fan_stacking == "max_level":
        return max(values)
    if rules.fan_stacking == "multiply":
        out = 1
        for v in values:
            out *= v
        return out
    if rules.fan_stacking == "add_max":
        top: dict[int, int] = {}
        for s in specs:
            top[s.level] = max(top.get(s.level, 0), s.base_fan)
        return sum(top.values())
    return sum(values)


def plans_for(rules, shapes) -> tuple[Plan, ...]:
    """The plans whose declared fans reach ``rules.win_min_fan`` (cached per rules value and shapes).
    Fans are matched by their registered name, so a file's synonym (碰碰胡, 七小对) counts."""
    hit = _PLANS.get((rules, shapes))
    if hit is not None:
        return hit
    spec = {}
    for f in rules.fans:
        unit = lookup(f.name)
        spec.setdefault(unit.name if unit is not None else f.name, f)
    need = rules.win_min_fan
    plans = []
    for name, fans, tiles, shape in _templates(shapes):
        if not all(f in spec for f in fans):
            continue
        total = _stacked(rules, [spec[f] for f in fans])
        if total >= need:
            concealed = shape not in _GROUPED
        elif name in _OPEN_ONLY:
            continue
        elif shape in _GROUPED and CONCEALED_FAN in spec and _stacked(rules, [spec[f] for f in fans + (CONCEALED_FAN,)]) >= need:
            concealed = True
        else:
            continue
        if shape == CORE:
            plans.append(_core_plan(name, fans, concealed, tiles))
            continue
        if any(p.tiles == tiles and p.shape == STANDARD and not p.concealed for p in plans):
            continue  # a broader open plan on the same tiles reaches the minimum already
        plans.append(Plan(name, fans, tiles, shape, concealed, _mask(tiles) if tiles is not None else b""))
    return memo.store(_PLANS, (rules, shapes), tuple(plans), 64)


def open_plans(plans: tuple[Plan, ...], melds) -> tuple[Plan, ...]:
    """The plans still reachable with the declared ``melds``."""
    if not melds:
        return plans
    opened = any(m.kind != ANKONG for m in melds)
    out = []
    for p in plans:
        if p.shape not in _GROUPED or (p.concealed and opened):
            continue
        if p.shape == CORE:
            left = _core_left(p, melds)
            if left is not None:
                out.append(left)
            continue
        if p.shape == PUNGS and any(m.kind == CHOW for m in melds):
            continue
        if all(t in p.tiles for m in melds for t in m.tiles):
            out.append(p)
    return tuple(out)


def _core_left(plan: Plan, melds) -> Plan | None:
    """The CORE plan after ``melds``: each melded fixed chow leaves the core; one other meld may be the
    free set. None when the melds do not fit."""
    core = list(plan.core)
    free = 4 - len(core)
    for m in melds:
        tiles = tuple(sorted(m.tiles))
        if m.kind == CHOW and tiles in core:
            core.remove(tiles)
        else:
            free -= 1
    if free < 0:
        return None
    if len(core) == len(plan.core):
        return plan
    key = (plan, tuple(core))
    left = _DERIVED.get(key)
    if left is None:
        left = _DERIVED[key] = _core_plan(plan.name, plan.fans, plan.concealed, core)
    return left


def distances(plans: tuple[Plan, ...], counts: list[int], wilds: int, pair_258: bool) -> tuple[int, ...]:
    """:func:`distance` to each of ``plans``."""
    return tuple(distance(plan, counts, wilds, pair_258) for plan in plans)


def distance(plan: Plan, counts: list[int], wilds: int, pair_258: bool) -> int:
    """Shanten of the concealed ``counts`` (+ ``wilds``) towards ``plan`` (−1 complete, 0 ready).

    Tiles outside the plan's tile set count as tiles to exchange. Special shapes
    need a concealed 13/14-tile hand (the caller filters by melds)."""
    n = sum(counts)
    total = n + wilds
    full = 1 if total % 3 == 2 else 0
    if plan.shape == STANDARD:
        groups = (total + 1 - full - 2) // 3
        b = bytes(map(mul, counts, plan.mask))
        return n - kept_tiles(b, groups, pair_258, wilds == 0) - full
    if plan.shape == CORE:
        groups = (total + 1 - full - 2) // 3
        if groups < len(plan.core):
            return 99
        if len(plan.core_tiles) - core_held(plan, counts) > CORE_MISSING:
            return FAR  # decided before the parts' profiles are looked up
        b = bytes(counts)
        limited = wilds == 0
        pids = [0, 0, 0, 0]
        held = 0
        for k, part in enumerate((b[1:10], b[11:20], b[21:30], b[31:38])):
            want = plan.core_want[k]
            if want is None:
                pids[k] = part_profile_id(k, part, limited)
            else:
                pids[k], h = _core_part(k, part, want, limited)
                held += h
        if len(plan.core_tiles) - held > CORE_MISSING:
            return FAR
        pid = combine(combine(pids[0], pids[1]), combine(pids[2], pids[3]))
        return n - held - profile_kept(pid, groups - len(plan.core), pair_258) - full
    if plan.shape == PUNGS:
        groups = (total + 1 - full - 2) // 3
        kinds = sorted((c if c < 3 else 3 for c, m in zip(counts, plan.mask) if m and c), reverse=True)[:groups + 1]
        kept = sum(kinds)
        if len(kinds) == groups + 1 and kinds[-1] == 3:
            kept -= 1  # the pair takes two of a kind held three times
        return n - kept - full
    if total + 1 - full != 14:
        return 99
    if plan.shape == SEVEN_PAIRS:
        pairs = counts.count(2) + counts.count(3) + 2 * counts.count(4)
        pairs = min(pairs, 7)
        return n - 2 * pairs - min(counts.count(1) + counts.count(3), 7 - pairs) - full
    if plan.shape == HONORS_KNITTED:
        return n - S.honors_knitted_kept(counts) - full
    return n - S.thirteen_orphans_kept(counts) - full

class Probe:
    """:func:`distance` of one hand to its plans with one tile added or taken away, measured part by part.

    A tile changes one part of the hand (a suit or the honors): for STANDARD and CORE plans the profile
    of the other three parts is combined once per plan and reused for every tile tried (profiles combine
    as a max-plus convolution, so the order of combining does not change a value). Other shapes, and wild
    tiles, go to :func:`distance`. ``counts`` must not change while the probe is in use."""

    __slots__ = ("counts", "wilds", "pair_258", "limited", "n", "total", "parts", "_base", "_held")

    def __init__(self, counts: list[int], wilds: int, pair_258: bool):
        self.counts = counts
        self.wilds = wilds
        self.pair_258 = pair_258
        self.limited = wilds == 0
        self.n = sum(counts)
        self.total = self.n + wilds
        b = bytes(counts)
        self.parts = (b[1:10], b[11:20], b[21:30], b[31:38])
        self._base: dict = {}
        self._held: dict = {}  # CORE plan -> core_held of the hand

    def _plan_base(self, plan: Plan):
        """(part patterns as the plan reads them, held core copies per part, their sum, part profile ids,
        combined profiles of the other three parts by part: filled lazily)."""
        base = self._base.get(plan)
        if base is None:
            limited = self.limited
            parts = self.parts
            if plan.shape == CORE:
                rest = parts
                pids = [0, 0, 0, 0]
                helds = [0, 0, 0, 0]
                for k in range(4):
                    want = plan.core_want[k]
                    if want is None:
                        pids[k] = part_profile_id(k, parts[k], limited)
                    else:
                        pids[k], helds[k] = _core_part(k, parts[k], want, limited)
            else:
                m = plan.mask
                rest = [bytes(map(mul, parts[k], m[10 * k + 1:10 * k + 10 if k < 3 else 38])) for k in range(4)]
                helds = [0, 0, 0, 0]
                pids = [part_profile_id(k, rest[k], limited) for k in range(4)]
            base = self._base[plan] = (rest, helds, sum(helds), pids, [None, None, None, None])
        return base

    def changed(self, plan: Plan, t: int, delta: int) -> int:
        """:func:`distance` of the hand with one copy of tile ``t`` added (``delta`` 1) or removed (−1)."""
        shape = plan.shape
        if shape is not CORE and shape is not STANDARD:
            counts = self.counts
            counts[t] += delta
            d = distance(plan, counts, self.wilds, self.pair_258)
            counts[t] -= delta
            return d
        n = self.n + delta
        total = self.total + delta
        full = 1 if total % 3 == 2 else 0
        groups = (total + 1 - full - 2) // 3
        core = len(plan.core)
        if shape is CORE:
            if groups < core:
                return 99
            held = self._held.get(plan)
            if held is None:
                held = self._held[plan] = core_held(plan, self.counts)
            w = plan.core_copies.get(t)
            if w:
                c = self.counts[t]
                held += (c + delta if c + delta < w else w) - (c if c < w else w)
            if len(plan.core_tiles) - held > CORE_MISSING:
                return FAR  # decided before the parts' profiles are looked up
        rest, helds, held, pids, others = self._plan_base(plan)
        if shape is STANDARD and not plan.mask[t]:
            # the tile is exchanged: the plan's parts stay as they are
            return n - profile_kept(_full_pid(pids), groups, self.pair_258) - full
        k = t // 10
        p = bytearray(rest[k])
        p[t - 10 * k - 1] += delta
        p = bytes(p)
        want = plan.core_want[k] if shape is CORE else None
        if want is not None:
            pid, h = _core_part(k, p, want, self.limited)
            held += h - helds[k]
        else:
            pid = part_profile_id(k, p, self.limited)
        if shape is CORE and len(plan.core_tiles) - held > CORE_MISSING:
            return FAR
        other = others[k]
        if other is None:
            a, b, c = (pids[j] for j in range(4) if j != k)
            other = others[k] = combine(combine(a, b), c)
        return n - held - profile_kept(combine(pid, other), groups - core, self.pair_258) - full


def _full_pid(pids: list[int]) -> int:
    """The combined profile of the four parts, combined as :func:`kept_tiles` combines them."""
    return combine(combine(pids[0], pids[1]), combine(pids[2], pids[3]))


#: Bots switch to plans from this minimum fan up. Measured on a 广东 draft with 200 greedy games (seed 0):
#: draws at 起胡 1/2/3/6 番 were 36/177/182/191 without plans and 12/12/12/58 with them.
MIN_FAN = 1
