"""按规则文件声明的番型表计分（计分规则）。

声明的番型表就是法律：

1. 只找 ``fan_types`` 列出的番型，每个按其 ``base_fan`` 计；设了 ``condition`` 的番型只在条件
   成立时计（未登记的条件字符串永远不成立）；
2. ``excludes``：识别到的番型排除它列出的所有番型（即使它自己之后也被排除，所以排除沿
   有向无环图传递）；
3. ``conflicts``：两个互相冲突的番型都识别到时留下 ``base_fan`` 高的（相同时留下先声明的）；
4. ``fan_stacking``：``multiply`` 把剩下的全部相乘（卡五星）；``add`` 把剩下的全部相加；``max_level`` 只留 ``level`` 最高的一个（再比
   ``base_fan``）；``add_max`` 每个 ``level`` 只留 ``base_fan`` 最高的一个，再相加；
5. 计次番型：声明了 ``per`` 的番型（如 幺九刻 ``per: pung``）按出现次数计，每次 ``base_fan``
   （幺九刻 ×2 = 2 番；根 ``per: four_of_a_kind`` 每个四张一次）；没有 ``per`` 的番型识别到就计一次。
   ``toward_min_fan: false`` 的番型（国标 花牌）计分但不计入起和番；组合番（``composite_of``，见
   :mod:`engine.fans.composite`）在排除之前取代它的组成番；``at_cap`` 的番按封顶计；
6. 不是番型的加分：``wildcard_rules.scoring.per_wildcard_in_win`` 按手中每张癞子加分；花牌
   （``flower_rules``）每张 ``normal`` 分，和自己座位相配的花再加 ``matching.value`` 分；
   ``win_rule.ji_hu_dropped_by``：``any_fan``（默认）时任何其他番都取代兜底番 鸡胡；``shape_fan`` 时只有
   牌型番（结构番型、特殊牌型）取代它，门前清、杠上开花、癞子胡等照常与 鸡胡 相加（武汉、广东）；
7. 总数受 ``max_fan`` 与 ``scoring.max_cap`` 封顶（取较小者）；``fan_stacking: double`` 时番数封顶后
   得分 = 底分 × 2^番（``scoring.doubling``：自摸加底或自摸加番，``max_points`` 封顶分数）。

和牌 *合法*（legal）需要：满足 ``win_condition``（缺一门：最多两门数牌；必须开口：至少一个吃、碰或
明杠，暗杠不算；标准牌型的将牌须是 2/5/8，除非识别到 ``pair_258_exempt_fans`` 中的番型）、
``win_rule.ji_hu_self_draw_only``（计了鸡胡的和牌必须自摸）、``win_min_fan``（叠加后的番数，不含加分，达到起和番）。

最优癞子策略：求解器给出的每一种分解（包括癞子的每一种取值）都计分一遍，取合法且总数最高
的一种（相同时比番数，再按求解器顺序）。全部由癞子组成的面子或对子可以代表牌库中任意一种
同类面子：对这样的组逐一尝试所有取值（有多组时做两轮逐组寻优），以免漏掉求解器候选之外的
更高番取值（例如两张癞子作 66 凑成连七对）。

花牌座位：``flower_rules.scoring.matching.mapping`` 的键 1-4 是相对庄家的座位位置：庄家是 1，
按行牌顺序下一家是 2，依此类推；座位 ``s``、庄家 ``d`` 时位置为 ``(s - d) % 4 + 1``。
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from dataclasses import dataclass, field
from typing import Any

from engine import memo, solver
from engine.capabilities import register
from engine import tiles as T
from engine.declared import shape_names, unmet_requirement
from engine.fans import composite, hand_value, library
from engine.fans.waits import placements as _placements
from engine.fans.hand_facts import HandFacts, WinContext
from engine.fans.prefilter import Prefilter
from engine.fans.registry import FAN_CONDITIONS, FALLBACK, SPECIAL, STRUCTURAL, FanUnit, lookup
from engine.lang import ExprError
from engine.rules import FanSpec, Rules


@dataclass
class ScoreResult:
    """The best legal scoring of a win (or the best illegal one, with ``reason``).

    ``fans``: counted fans ``(name, fan)`` as the rule file names them;
    ``dropped``: recognised fans that do not count, ``(name, 中文原因)``;
    ``bonuses``: non-fan points ``(name, points)`` (癞子, 花牌);
    ``fan_total``: stacked fans before bonuses and cap; ``total``: the final figure;
    ``counts``: how many times each counted fan (``per``) occurred, when more than once.
    """

    fans: list[tuple[str, int]]
    dropped: list[tuple[str, str]]
    total: int
    legal: bool
    reason: str
    decomposition: Any
    bonuses: list[tuple[str, int]] = field(default_factory=list)
    fan_total: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    #: the file's declared quantities of the scored reading (``hand_value.quantities``), by name.
    values: dict[str, int] = field(default_factory=dict)
    #: what one payer pays under ``hand_value.payments`` (see :func:`engine.fans.hand_value.payments_of`).
    pays: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Row:
    spec: FanSpec
    unit: FanUnit
    conditions: tuple  # FanCondition objects; None entries mean "unknown condition"
    order: int
    bit: int = 0  # this row's bit in a set of recognised rows
    excluders: int = 0  # bits of the other rows whose fan excludes this one
    excluder_names: tuple = ()  # (bits, name) of each fan excluding this one, in declaration order
    excluder_msgs: tuple = ()  # (bits, "被 name 排除") of the same fans, the drop reason ready made
    count: Any = None  # counted rows (``per``): count(facts) -> int for the declared occurrence unit
    parts: tuple = ()  # composites: the registered unit of each part


#: names a result may list that are not ``fan_types`` rows (自摸加番 of ``scoring.doubling``).
PSEUDO_FANS = frozenset({"自摸加番"})

#: the pseudo-row 自摸加番 (``scoring.doubling.self_draw: add_fan``) adds to a self-drawn win.
_SELF_DRAW_FAN = _Row(FanSpec("自摸加番", 1, 0, (), (), "", "", True, False, (), False), FanUnit("自摸加番", "event", lambda h: True, doc="自摸加番"), (), 1 << 30)


class _Table:
    """A rule set's fan table compiled once: rows, exclusion maps, cap, shapes."""

    def __init__(self, rules: Rules):
        self.excluded_by: dict[str, list[str]] = {}
        for spec in rules.fans:
            for target in spec.excludes:
                self.excluded_by.setdefault(target, []).append(spec.name)
        shapes = shape_names(rules)
        declared = [(i, spec, unit) for i, spec in enumerate(rules.fans) if (unit := _unit_of(spec, shapes)) is not None]
        own = {spec.name: unit for _, spec, unit in declared if spec.when}
        name_bits: dict[str, int] = {}
        for b, (_, spec, _) in enumerate(declared):
            name_bits[spec.name] = name_bits.get(spec.name, 0) | 1 << b
        rows, fallbacks, composites = [], [], []
        for b, (i, spec, unit) in enumerate(declared):
            conds = tuple(FAN_CONDITIONS.get(c) for c in [spec.condition] if c)
            excluders = 0
            excluder_names = []
            for n in self.excluded_by.get(spec.name, ()):
                if n != spec.name:
                    excluders |= name_bits.get(n, 0)
                    excluder_names.append((name_bits.get(n, 0), n))
            count = unit.counter(spec.per) if spec.per else None
            parts = composite.part_units(spec.composite_of, own) if spec.composite_of else ()
            row = _Row(spec, unit, conds, i, 1 << b, excluders, tuple(excluder_names),
                       tuple((bits, f"被 {n} 排除") for bits, n in excluder_names), count, parts)
            if parts:
                composites.append(row)
            else:
                (fallbacks if unit.kind == FALLBACK else rows).append(row)
        self.rows: tuple[_Row, ...] = tuple(rows)
        self.fallbacks: tuple[_Row, ...] = tuple(fallbacks)
        #: declared composites, largest first (see :mod:`engine.fans.composite`).
        self.composites: tuple[_Row, ...] = tuple(
            sorted(composites, key=lambda r: (-len(r.parts), -r.spec.base_fan, r.order)))
        tested = [(r.count or r.unit.test, r) for r in rows if not r.unit.reads]
        #: skips the rows a reading cannot have, from each row's need (engine.fans.prefilter)
        self.prefilter = Prefilter([r.unit.need if test is r.unit.test else {} for test, r in tested])
        #: (predicate, row, skip mask) per non-fallback row that is not read from a map: the recognition
        #: loop's input; the row is not tested when its mask meets the reading's feature bits
        self.checks = tuple((test, r, skip) for (test, r), skip in zip(tested, self.prefilter.masks))
        #: rows read from a per-reading map (``FanUnit.reads``): map attribute -> fan name -> row
        self.reads: dict[str, dict[str, _Row]] = {}
        for r in rows:
            if r.unit.reads:
                self.reads.setdefault(r.unit.reads, {})[r.unit.name] = r
        self.at_cap = any(r.spec.at_cap for r in rows + composites + fallbacks)
        self.doubling = rules.scoring.doubling if rules.fan_stacking == "double" else None
        self.conflicts: dict[str, set[str]] = {}
        for spec in rules.fans:
            for other in spec.conflicts:
                self.conflicts.setdefault(spec.name, set()).add(other)
                self.conflicts.setdefault(other, set()).add(spec.name)
        caps = [c for c in (rules.max_fan, rules.scoring.max_cap) if c is not None and c > 0]
        self.cap = min(caps) if caps else None
        wc = rules.win_condition
        #: the rule set, for its compiled ``win_condition.require`` (engine.declared)
        self.rules = rules if wc.require else None
        self.must_miss_suit = wc.must_miss_suit
        self.must_open = wc.must_open
        self.pair_258 = wc.pair_must_be_258
        self.exempt = tuple(u for u in (lookup(n) for n in wc.pair_258_exempt_fans) if u is not None)
        self.stacking = rules.fan_stacking
        self.min_fan = rules.win_min_fan
        self.ji_hu_self_draw_only = rules.ji_hu_self_draw_only
        #: fan kinds whose recognition drops the fallback 鸡胡 (None: every kind).
        self.drops_fallback = (STRUCTURAL, SPECIAL) if rules.ji_hu_dropped_by == "shape_fan" else None
        self.per_wild = rules.wildcard.per_wildcard_in_win if rules.wildcard else 0
        self.flowers = rules.flowers
        #: tile kinds a wild tile may stand for: the deck's suited tiles, and honors when the deck has them.
        self.kinds = rules.tile_kinds
        self.shapes = dataclasses.replace(solver.shapes_for(rules), pair_258=False)
        self.decompositions = solver.decompositions
        #: fans that win a tie between readings (``prefer_on_tie``); with any, ties are broken canonically.
        self.tie_prefer = frozenset(s.name for s in rules.fans if s.prefer_on_tie)
        #: the declared hand value (``hand_value``): quantities, reading order, payments; None without one.
        try:
            self.hand_value = hand_value.compile_hand_value(rules)
        except ExprError:  # loading with validation reports it
            self.hand_value = None
        self.open_values = any(r.spec.open_fan is not None for r in rows + composites + fallbacks)


_TABLES: dict[Rules, _Table] = memo.table("fans.compiled_tables")


def _unit_of(spec: FanSpec, shapes: tuple[str, ...] = ()) -> FanUnit | None:
    """The unit recognising a declared row: the file's own definition (``when``), a composite's synthetic
    unit, or the standard library's fan of that name. A ``when`` that does not compile recognises nothing
    (loading with validation reports it)."""
    if spec.when:
        try:
            return library.unit_from_row(spec.name, spec.when, spec.per, shapes)
        except ExprError:
            return None
    if spec.composite_of:
        return composite.composite_unit(spec.name, spec.composite_of)
    return lookup(spec.name)


#: (rules, table) of the last look-up: the same Rules object is scored again and again
_LAST_TABLE: list = [None, None]
memo.on_clear("fans.compiled_tables.last", lambda: _LAST_TABLE.__setitem__(slice(None), [None, None]))


def compile_table(rules: Rules) -> _Table:
    """The compiled fan table of ``rules`` (cached per rules value)."""
    if _LAST_TABLE[0] is rules:
        return _LAST_TABLE[1]
    table = _TABLES.get(rules)
    if table is None:
        table = memo.store(_TABLES, rules, _Table(rules), 64)
    _LAST_TABLE[0], _LAST_TABLE[1] = rules, table
    return table


def seat_position(seat: int, dealer: int, players: int = 4) -> int:
    """Seat position relative to the dealer as flower mappings number it: dealer = 1."""
    return (seat - dealer) % players + 1


def _recognise(table: _Table, facts: HandFacts, times: dict[str, int]) -> tuple[list[_Row], list[tuple[str, str]]]:
    """The recognised rows and the parts composites consumed; ``times`` receives the occurrences of
    counted rows (``per``) seen more than once."""
    found = []
    bits = table.prefilter.bits(facts)
    for row, hit in [(row, hit) for test, row, skip in table.checks if not skip & bits and (hit := test(facts))]:
        if row.conditions and not _conditions_hold(row, facts):
            continue
        found.append(row)
        if hit is not True and hit > 1 and row.count is not None:
            times[row.spec.name] = hit
    if table.reads:
        more = False
        for attr, by_name in table.reads.items():
            for name, n in getattr(facts, attr).items():
                row = by_name.get(name)
                if row is None or not n or (row.conditions and not _conditions_hold(row, facts)):
                    continue
                found.append(row)
                more = True
                if row.unit.per and n > 1 and row.spec.per:
                    times[row.spec.name] = n
        if more:
            found.sort(key=attrgetter("order"))
    consumed: list[tuple[str, str]] = []
    if table.composites:
        found = _match_composites(table, facts, found, times, consumed)
    if table.fallbacks:
        kinds = table.drops_fallback
        facts.recognized = frozenset([r.spec.name for r in found] if kinds is None else
                                     [r.spec.name for r in found if r.unit.kind in kinds])
        for row in table.fallbacks:
            if row.unit.test(facts) and (not row.conditions or _conditions_hold(row, facts)):
                found.append(row)
    return found, consumed


def _match_composites(table: _Table, facts: HandFacts, found: list[_Row], times: dict[str, int],
                      consumed: list[tuple[str, str]]) -> list[_Row]:
    """Replace parts by the composites they make up (see :mod:`engine.fans.composite`)."""
    declared = {r.unit.name: r for r in found}
    avail: dict[str, int] = {}

    def available(unit) -> int:
        name = unit.name
        if name not in avail:
            row = declared.get(name)
            if row is not None:
                avail[name] = times.get(row.spec.name, 1)
            else:
                avail[name] = int(unit.test(facts) or 0)
        return avail[name]

    made = []
    for comp in table.composites:
        if any(u is None or available(u) < 1 for u in comp.parts):
            continue
        if comp.conditions and not _conditions_hold(comp, facts):
            continue
        for u in comp.parts:
            avail[u.name] -= 1
        made.append(comp)
    if not made:
        return found
    out = []
    for row in found:
        had = times.get(row.spec.name, 1)
        left = avail.get(row.unit.name, had)
        if left == had:
            out.append(row)
            continue
        by = next(c.spec.name for c in made if any(u.name == row.unit.name for u in c.parts))
        if left > 0:
            consumed.append((row.spec.name, f"{had - left} 个计入 {by}"))
            if left > 1:
                times[row.spec.name] = left
            else:
                times.pop(row.spec.name, None)
            out.append(row)
        else:
            consumed.append((row.spec.name, f"计入 {by}"))
            times.pop(row.spec.name, None)
    return out + made


def _conditions_hold(row: _Row, facts: HandFacts) -> bool:
    return all(c is not None and c.test(facts) for c in row.conditions)


def apply_table(table: _Table, found: list[_Row]) -> tuple[list[_Row], list[tuple[str, str]]]:
    """Excludes, then conflicts, then stacking: the counted rows and the dropped ones with reasons."""
    present = 0
    for row in found:
        present |= row.bit
    survivors = [row for row in found if not row.excluders & present]
    dropped: list[tuple[str, str]] = []
    if len(survivors) != len(found):
        for row in found:
            if row.excluders & present:
                for bits, msg in row.excluder_msgs:
                    if bits & present:
                        dropped.append((row.spec.name, msg))
                        break
    if table.conflicts:
        kept: list[_Row] = []
        for row in sorted(survivors, key=lambda r: (-r.spec.base_fan, r.order)):
            rivals = table.conflicts.get(row.spec.name, ())
            winner = next((k for k in kept if k.spec.name in rivals), None)
            if winner is not None:
                dropped.append((row.spec.name, f"与 {winner.spec.name} 冲突，取高"))
            else:
                kept.append(row)
        survivors = sorted(kept, key=lambda r: r.order)
    if table.stacking == "max_level" and len(survivors) > 1:
        best = max(survivors, key=lambda r: (r.spec.level, r.spec.base_fan, -r.order))
        for row in survivors:
            if row is not best:
                dropped.append((row.spec.name, f"max_level：只计最高等级的 {best.spec.name}"))
        survivors = [best]
    elif table.stacking == "add_top_level" and len(survivors) > 1:
        top = max(r.spec.level for r in survivors)
        for row in survivors:
            if row.spec.level < top:
                dropped.append((row.spec.name, f"add_top_level：只计等级 {top} 的番"))
        survivors = [r for r in survivors if r.spec.level == top]
    elif table.stacking == "add_max" and len(survivors) > 1:
        top: dict[int, _Row] = {}
        for row in survivors:
            cur = top.get(row.spec.level)
            if cur is None or row.spec.base_fan > cur.spec.base_fan:
                top[row.spec.level] = row
        for row in survivors:
            best = top[row.spec.level]
            if row is not best:
                dropped.append((row.spec.name, f"add_max：等级 {row.spec.level} 只取最大的 {best.spec.name}"))
        survivors = [r for r in survivors if top[r.spec.level] is r]
    return survivors, dropped


def _bonuses(table: _Table, ctx: WinContext, wild_count: int) -> list[tuple[str, int]]:
    out = []
    if table.per_wild and wild_count:
        out.append((f"癞子 ×{wild_count}", table.per_wild * wild_count))
    fl = table.flowers
    if fl is not None and ctx.flowers:
        if fl.normal:
            out.append((f"花牌 ×{len(ctx.flowers)}", fl.normal * len(ctx.flowers)))
        if fl.matching_value:
            own = fl.matching.get(seat_position(ctx.seat, ctx.dealer), ())
            n = sum(1 for f in ctx.flowers if f in own)
            if n:
                out.append((f"本命花 ×{n}", fl.matching_value * n))
    return out


def _illegal_reason(table: _Table, ctx: WinContext, facts: HandFacts, counted: list[_Row], fan_total: int) -> str:
    if table.must_miss_suit and len(facts.suits) > 2:
        return "未缺一门：万、条、筒三门都有"
    if table.must_open and not facts.open_melds:
        return "未开口：和牌时至少要有一个吃、碰或明杠（暗杠不算开口）"
    if table.pair_258 and facts.pair and not (facts.pair < 30 and facts.pair % 10 in (2, 5, 8)):
        if not any(u.test(facts) for u in table.exempt):
            return f"将牌必须是 2/5/8（此手将牌为 {T.tile_name(facts.pair)}）"
    if table.ji_hu_self_draw_only and not ctx.self_drawn and any(r.unit.kind == FALLBACK for r in counted):
        return "鸡胡只能自摸"
    if fan_total < table.min_fan:
        return f"番数 {fan_total} 未达起胡 {table.min_fan} 番"
    if table.rules is not None:
        unmet = unmet_requirement(table.rules, facts)
        if unmet:
            return f"不满足和牌条件 {unmet}（win_condition.require）"
    return ""


def _split_wilds(ctx: WinContext) -> tuple[list[int], int]:
    """Counts of the concealed real tiles and the number of wild tiles (``wild_codes`` and 50-59)."""
    counts = [0] * T.COUNT_SIZE
    wild = ctx.wild_codes
    conc = ctx.concealed
    if not wild and conc and max(conc) < T.COUNT_SIZE:  # no wild tile, no flower: count only
        for t in conc:
            counts[t] += 1
        return counts, 0
    wilds = 0
    for t in conc:
        if t in wild or t >= T.WILDCARD_BASE:
            wilds += 1
        elif t < T.COUNT_SIZE:
            counts[t] += 1
        else:
            raise ValueError(f"flower {t} in the concealed tiles: flowers belong in WinContext.flowers")
    return counts, wilds


def score_decomposition(rules: Rules, ctx: WinContext, decomposition) -> ScoreResult:
    """Score one concrete decomposition of the winning hand under ``rules``."""
    table = compile_table(rules)
    wild_count = ctx.wild_count
    bonuses = _bonuses(table, ctx, wild_count)
    return _result(table, ctx, _evaluate(table, ctx, decomposition, wild_count, bonuses), bonuses)


def _fan_value(spec: FanSpec, open_hand: bool) -> int:
    """A counted fan's value: ``open_fan`` when the hand has open melds and the row declares one."""
    return spec.open_fan if open_hand and spec.open_fan is not None else spec.base_fan


def _order(ev: tuple) -> tuple:
    """How readings compare: legal first, then the declared ``hand_value.rank``, the total, the fan total."""
    return (ev[0], ev[8], ev[1], ev[2])


def _evaluate(table: _Table, ctx: WinContext, decomposition, wild_count: int, bonuses,
              hand_counts: list[int] | None = None, placement: int | None = None) -> tuple:
    """(legal, total, fan_total, counted rows, dropped, reason, decomposition, times, rank, facts) of one
    reading. ``hand_counts``: the counting array of every tile of the hand when no tile is wild (the same
    for every reading, so :attr:`HandFacts.counts` need not be rebuilt per reading); ``placement``: the
    group the winning tile completes (``hand_value.placements``)."""
    facts = HandFacts(ctx, decomposition, wild_count)
    facts.placement = placement
    if hand_counts is not None:
        facts._counts = hand_counts
    times: dict[str, int] = {}
    found, consumed = _recognise(table, facts, times)
    counted, dropped = apply_table(table, found)
    if consumed:
        dropped = consumed + dropped
    if table.stacking == "multiply":
        fan_total, min_total = _product(counted, times)
    else:
        fan_total = min_total = 0
        open_hand = table.open_values and facts.open_melds > 0
        for r in counted:
            spec = r.spec
            base = _fan_value(spec, open_hand) if open_hand else spec.base_fan
            v = base * times[spec.name] if times and spec.name in times else base
            fan_total += v
            if spec.toward_min_fan:
                min_total += v
    if table.at_cap and table.cap is not None and fan_total < table.cap and any(r.spec.at_cap for r in counted):
        min_total += table.cap - fan_total
        fan_total = table.cap
    if table.doubling is not None:
        stacked = fan_total
        total, fan_total, counted = _doubled(table, ctx, fan_total, counted, bonuses)
        min_total += fan_total - stacked
    else:
        total = fan_total
        for _, v in bonuses:
            total += v
        if table.cap is not None and total > table.cap:
            total = table.cap
    reason = _illegal_reason(table, ctx, facts, counted, min_total)
    rank = ()
    if table.hand_value is not None:
        level = max((r.spec.level for r in counted), default=0)
        rank = hand_value.rank_of(table.hand_value, facts, fan_total, level)
    return (not reason, total, fan_total, counted, dropped, reason, decomposition, times, rank, facts)


register("scoring.doubling", "加倍计分",
         "fan_stacking: double：番数相加，得分 = 底分 × 2^番；番数封顶（max_fan）或分数封顶（doubling.max_points），自摸加底或自摸加番",
         "0.1.0", __name__)
register("scoring.must_open", "必须开口",
         "win_condition.must_open：和牌时至少要有一个副露（吃、碰、明杠或加杠；暗杠不算），否则不是合法和牌（武汉）",
         "0.1.0", __name__)
register("scoring.per_open_meld", "口口翻",
         "fan_types[].per: open_meld：番型按副露计次，每个吃、碰、明杠计一次（武汉口口翻：加倍计分中每开一次口翻一倍）",
         "0.1.0", __name__)
register("scoring.composite_fans", "组合番与计数番",
         "composite_of 声明组合番（清对 = 清一色 + 对对胡，取代其组成番），at_cap 按封顶计（天胡、地胡）",
         "0.1.0", __name__)


def _doubled(table: _Table, ctx: WinContext, fan_total: int, counted: list, bonuses) -> tuple[int, int, list]:
    """``fan_stacking: double``: points = base × 2^番 (番 capped), 自摸加底/加番, point cap."""
    dbl = table.doubling
    if ctx.self_drawn and dbl.self_draw == "add_fan":
        fan_total += 1
        counted = list(counted) + [_SELF_DRAW_FAN]
    fans = fan_total if table.cap is None else min(fan_total, table.cap)
    points = dbl.base << fans
    if ctx.self_drawn and dbl.self_draw == "add_base":
        points += dbl.base
    for _, v in bonuses:
        points += v
    if dbl.max_points is not None and points > dbl.max_points:
        points = dbl.max_points
    return points, fan_total, counted


def _product(counted: list, times: dict[str, int]) -> tuple[int, int]:
    """``fan_stacking: multiply`` (卡五星 各番相乘): the product of the counted fans (a counted fan ``per``
    occurrence multiplies once per occurrence), and the product of those counting toward the minimum."""
    fan_total = min_total = 1
    for r in counted:
        v = r.spec.base_fan ** times.get(r.spec.name, 1)
        fan_total *= v
        if r.spec.toward_min_fan:
            min_total *= v
    return (fan_total, min_total) if counted else (0, 0)


def _result(table: _Table, ctx: WinContext, ev: tuple, bonuses) -> ScoreResult:
    legal, total, fan_total, counted, dropped, reason, decomposition, times, _, facts = ev
    open_hand = table.open_values and ctx.open_melds > 0
    if times:
        kept = {r.spec.name for r in counted}
        fans = [(r.spec.name, _fan_value(r.spec, open_hand) * times.get(r.spec.name, 1)) for r in counted]
    else:
        kept = ()
        fans = [(r.spec.name, _fan_value(r.spec, open_hand)) for r in counted]
    values: dict[str, int] = {}
    pays: dict[str, int] = {}
    if table.hand_value is not None:
        values = hand_value.values_of(table.hand_value, facts)
        pays = hand_value.payments_of(table.hand_value, facts)
    return ScoreResult(
        fans=fans,
        dropped=dropped,
        total=total,
        legal=legal,
        reason=reason,
        decomposition=decomposition,
        bonuses=list(bonuses),
        fan_total=fan_total,
        counts={n: k for n, k in times.items() if n in kept},
        values=values,
        pays=pays,
    )


def score_win(rules: Rules, ctx: WinContext) -> ScoreResult | None:
    """Score a win under ``rules``: the best result over every decomposition and wild assignment.

    Returns None when the tiles form no winning shape the rules allow.
    """
    table = compile_table(rules)
    counts, wilds = _split_wilds(ctx)
    decomps = table.decompositions(counts, wilds, ctx.melds, table.shapes)
    if not decomps:
        return None
    wild_count = ctx.wild_count
    bonuses = _bonuses(table, ctx, wild_count)
    hand_counts = None
    if not wild_count:  # every tile is itself: the concealed counts plus the melds' tiles
        hand_counts = counts
        for m in ctx.melds:
            for t in m.tiles:
                hand_counts[t] += 1
    best = None
    free = []
    prefer = table.tie_prefer
    evs = [] if prefer and len(decomps) > 1 else None
    placed = table.hand_value is not None and table.hand_value.placements
    for d in decomps:
        for p in (_placements(d, ctx.win_tile, len(ctx.melds)) if placed else (None,)):
            ev = _evaluate(table, ctx, d, wild_count, bonuses, hand_counts, p)
            if evs is not None:
                evs.append(ev)
            elif best is None or _order(ev) > _order(best):
                best = ev
        if wilds and d.shape in _REFINABLE and any(_wild_only(g) for g in d.groups):
            free.append((ev, d))
    if evs is not None:
        best = _canonical_best(prefer, evs)
    for ev, d in free:
        ev = _refine(table, ctx, d, ev, wild_count, bonuses)
        if _order(ev) > _order(best):
            best = ev
    return _result(table, ctx, best, bonuses)


def _canonical_best(prefer: frozenset[str], evs: list[tuple]) -> tuple:
    """The reading kept when the file declares ``prefer_on_tie`` fans (国标): the readings are taken in
    canonical order — special shapes first, then the four-sets readings by their concealed sets, sorted
    (lowest tiles first, a pung before a chow) — and a reading replaces the one kept so far when its total
    is higher, or equal while it counts a ``prefer_on_tie`` fan (or it is a plain four-sets reading of a
    hand that also reads as 七对). So among tied readings the last one counting a preferred fan wins, and
    without one the first; this is the order and the rule of the competition-rules reference calculator."""
    evs = sorted(evs, key=lambda ev: _reading_key(ev[6]))
    seven = any(ev[6].shape == "seven_pairs" for ev in evs)
    best = evs[0]
    for ev in evs[1:]:
        if _order(ev) > _order(best):
            best = ev
        elif _order(ev) == _order(best) and (any(r.spec.name in prefer for r in ev[3])
                                     or (seven and ev[6].shape == "standard")):
            best = ev
    return best


#: shapes made of four sets and a pair (the solver's 一色双龙会 shape is one more reading of them,
#: taken after the plain four-sets readings).
_FOUR_SETS = ("standard", "double_dragon")


def _reading_key(d) -> tuple:
    sets = sorted(g.tiles for g in d.groups if not g.exposed and g.kind != "pair")
    return (d.shape in _FOUR_SETS, d.shape != "standard", sets)


#: shapes whose all-wild groups may take any identity without breaking the shape.
_REFINABLE = ("standard", "seven_pairs", "knitted_straight")


def _wild_only(g) -> bool:
    return not g.exposed and g.kind in ("pair", "pung", "chow") and len(g.wilds) == len(g.tiles)


def _identities(table: _Table, kind: str) -> list[tuple[int, ...]]:
    if kind == "chow":
        return [(t, t + 1, t + 2) for t in table.kinds if t < 30 and t % 10 <= 7]
    n = 2 if kind == "pair" else 3
    return [(t,) * n for t in table.kinds]


def _refine(table: _Table, ctx: WinContext, d, ev: tuple, wild_count: int, bonuses) -> tuple:
    """Optimal policy beyond the solver's candidate identities: a group made only of wild tiles can
    stand for any group of its kind, so try every identity for each such group in turn (two passes
    of coordinate ascent; exact when the hand has one all-wild group)."""
    groups = list(d.groups)
    free = [i for i, g in enumerate(groups) if _wild_only(g)]
    best_ev, best_groups = ev, tuple(groups)
    for _ in range(2 if len(free) > 1 else 1):
        for i in free:
            g = best_groups[i]
            for tiles in _identities(table, g.kind):
                if tiles == g.tiles:
                    continue
                trial = list(best_groups)
                trial[i] = dataclasses.replace(g, tiles=tiles, wilds=tiles)
                subs = tuple(sorted(w for x in trial for w in x.wilds))
                cand = dataclasses.replace(d, groups=tuple(trial), substitutions=subs)
                cev = _evaluate(table, ctx, cand, wild_count, bonuses)
                if _order(cev) > _order(best_ev):
                    best_ev, best_groups = cev, tuple(trial)
    return best_ev
