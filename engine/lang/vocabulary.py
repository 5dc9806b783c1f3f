"""Every name a hand expression may use: tile sets, zones, counts, set tests and state.

Each entry is registered with :func:`name` or :func:`function` beside its implementation; its
Chinese text is the documentation (the specification's expression table and the editor hover are
generated from it). Implementations receive the compiled arguments and return a closure over the
evaluation object ``h`` — a :class:`engine.fans.hand_facts.HandFacts` for fans and requirements, a
:class:`PatternFacts` for declared win shapes — so nothing is interpreted per evaluation beyond
those closures.

Types: ``bool``, ``int``, ``tiles`` (a set of tile kinds, a bit mask over tile codes), ``zone``
(a multiset of tiles: the hand, the melds, the flowers ...), and ``word`` (one of a fixed set of
words, for shapes and kinds). Scopes: ``pattern`` names need only the tiles (usable in a declared win
shape); ``reading`` names need one decomposition; ``state`` and ``event`` names need the win's context;
``settle`` names (registered by :mod:`engine.payments.names`) need a payment: who pays whom, for what.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine import tiles as T

BOOL, INT, TILES, ZONE, WORD = "bool", "int", "tiles", "zone", "word"
TYPE_LABELS = {BOOL: "真假值", INT: "整数", TILES: "牌集", ZONE: "牌区", WORD: "词"}
#: scopes, from the least to the most context needed
PATTERN, READING, STATE, EVENT, SETTLE = "pattern", "reading", "state", "event", "settle"
#: names only a hand value (``hand_value.quantities`` / ``payments``) may read: known once the fans are counted
RESULT = "result"


@dataclass(frozen=True)
class Param:
    """One parameter: ``type``, a default (None: required), the words a ``word`` parameter accepts."""

    name: str
    type: str
    default: object = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Entry:
    """A registered name: a constant (``params`` is None) or a function."""

    name: str
    type: str
    scope: str
    doc: str
    build: Callable
    params: tuple[Param, ...] | None = None
    #: a constant known at compile time (tile sets): its value
    const: object = None
    group: str = ""

    @property
    def signature(self) -> str:
        """``name(p1, p2=默认)`` as the documentation prints it."""
        if self.params is None:
            return self.name
        parts = [p.name if p.default is None else f"{p.name}={_show(p.default)}" for p in self.params]
        return f"{self.name}({', '.join(parts)})"


def _show(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


VOCABULARY: dict[str, Entry] = {}
#: Chinese headings of the documentation groups, in order.
GROUPS = {"tiles": "牌集", "zones": "牌区", "counts": "计数与判断", "sets": "面子（一种读法）",
          "state": "和牌状态", "events": "和牌事件", "fans": "引用番型", "value": "手牌价值（hand_value）",
          "settle": "结算（只用于支付公式）"}


def _register(entry: Entry) -> Entry:
    if entry.name in VOCABULARY:
        raise ValueError(f"expression name {entry.name!r} registered twice")
    VOCABULARY[entry.name] = entry
    return entry


def _mask(codes) -> int:
    m = 0
    for c in codes:
        m |= 1 << c
    return m


def tile_set(name: str, codes, doc: str) -> None:
    """Register a constant tile set."""
    m = _mask(codes)
    _register(Entry(name, TILES, PATTERN, doc, None, None, m, "tiles"))


def dynamic(name: str, type_: str, scope: str, group: str, doc: str):
    """Register a name whose value depends on the win (decorate ``f(h) -> value``)."""

    def deco(fn):
        _register(Entry(name, type_, scope, doc, lambda: fn, None, None, group))
        return fn

    return deco


def function(name: str, type_: str, scope: str, group: str, params: tuple[Param, ...], doc: str):
    """Register a function; the decorated ``build(*args) -> closure`` receives one compiled argument per
    parameter (a closure ``f(h)``, or for ``tiles`` a ``(mask, f)`` pair with ``f`` None for a constant)."""

    def deco(build):
        _register(Entry(name, type_, scope, doc, build, tuple(params), None, group))
        return build

    return deco


# -- tile sets -----------------------------------------------------------------------------------
tile_set("wan", range(1, 10), "万子（1-9 万）")
tile_set("tiao", range(11, 20), "条子（1-9 条）")
tile_set("tong", range(21, 30), "筒子（1-9 筒）")
tile_set("suited", T.SUITED, "数牌（万、条、筒）")
tile_set("honor", T.HONORS, "字牌（风牌与箭牌）")
tile_set("wind", T.WINDS, "风牌（东南西北）")
tile_set("dragon", T.DRAGONS, "箭牌（中发白）")
tile_set("terminal", T.TERMINALS, "老头牌：数牌 1 和 9")
tile_set("simple", [t for t in T.SUITED if 2 <= t % 10 <= 8], "中张：数牌 2-8")
tile_set("yaojiu", T.ORPHANS, "幺九牌：数牌 1、9 与字牌")
tile_set("green", (12, 13, 14, 16, 18, T.GREEN), "绿色的牌：23468 条与发")
tile_set("any", T.PLAYABLE + T.FLOWERS + T.WILDCARDS, "任何牌")
tile_set("flower", T.FLOWERS, "花牌（春夏秋冬梅兰竹菊）")
for _r in range(1, 10):
    tile_set(f"rank{_r}", [s * 10 + _r for s in T.SUITS], f"三门数牌中点数为 {_r} 的牌")


@dynamic("wild", TILES, STATE, "tiles", "本局的癞子牌（按牌本身，如 红中；翻牌定的癞子按本局翻出的结果）")
def _wild(h):
    m = 0
    for c in h.ctx.wild_codes:
        m |= 1 << c
    return m | _mask(T.WILDCARDS)


@dynamic("indicator", TILES, STATE, "tiles", "本局翻开定精（定金）的那张牌（没有 wildcard_rules 翻牌时是 reveal 翻出的第一张）；没有翻牌时为空牌集")
def _indicator(h):
    t = h.ctx.indicator
    return 0 if t is None else 1 << t


@dynamic("after_indicator", TILES, STATE, "tiles", "翻开的那张牌的下一张（同花色 9 之后是 1，字牌按 东南西北、中发白 循环）")
def _after_indicator(h):
    t = h.ctx.indicator
    return 0 if t is None else 1 << T.next_in_cycle(t)


# -- tiles the table revealed (``reveal``, engine.game.reveal) ------------------------------------
#: the moments a ``reveal`` entry may flip at (engine.table_rules.MOMENTS)
REVEAL_MOMENTS = ("after_deal", "after_flowers", "after_hand")


def _keyed_mask(attr: str, want: str):
    """h -> the tile mask of the ``(key, codes)`` entry ``want`` of the win context's ``attr`` (0 when absent)."""

    def f(h):
        for key, codes in getattr(h.ctx, attr):
            if key == want:
                return _mask(codes)
        return 0

    return f


@function("tagged", TILES, STATE, "tiles", (Param("name", WORD, None, ("*",)),),
          "本局翻牌标记为 name 的那种牌（reveal[].kinds 声明的名称，如 tagged(金)、tagged(鸡)）；还没翻出时为空牌集")
def _tagged(name):
    return _keyed_mask("tags", name[0])


@function("revealed", TILES, STATE, "tiles", (Param("at", WORD, None, REVEAL_MOMENTS),),
          "本局在 at 时机翻开的牌本身（after_deal 发牌后、after_flowers 补花后、after_hand 牌局结束后）；没有翻牌时为空牌集")
def _revealed(at):
    return _keyed_mask("revealed", at[0])


@dynamic("seat_wind", TILES, STATE, "tiles", "和牌者的门风牌（东南西北之一）")
def _seat_wind(h):
    return 1 << T.WINDS[h.ctx.own_wind]


@dynamic("round_wind", TILES, STATE, "tiles", "本圈的圈风牌")
def _round_wind(h):
    return 1 << T.WINDS[h.ctx.round_wind]


@function("ranks", TILES, PATTERN, "tiles", (Param("r1", INT), Param("r2", INT, 0), Param("r3", INT, 0),
                                              Param("r4", INT, 0), Param("r5", INT, 0)),
          "三门数牌中点数是所列之一的牌，如 ranks(2, 5, 8) 是 2/5/8 的数牌")
def _ranks(*args):
    rs = [a[0] for a in args]
    return _mask(s * 10 + r for s in T.SUITS for r in rs if 1 <= r <= 9)


# -- zones ---------------------------------------------------------------------------------------
@dynamic("hand", ZONE, PATTERN, "zones", "和牌时的全部牌：暗手加副露，癞子按所代表的牌计（牌型里只有暗手，癞子另计为 wilds）")
def _hand(h):
    return h.tiles


@dynamic("held", ZONE, STATE, "zones", "和牌时的全部牌，癞子按牌本身计（数癞子用 count(held, wild)）")
def _held(h):
    out = list(h.ctx.concealed)
    for m in h.ctx.melds:
        out += m.tiles
    return out


@dynamic("concealed", ZONE, STATE, "zones", "暗手（含和牌张），不含副露；癞子按牌本身计")
def _concealed(h):
    return h.ctx.concealed


@dynamic("melds", ZONE, STATE, "zones", "副露（吃、碰、杠出的牌，含暗杠）的牌")
def _melds(h):
    return [t for m in h.ctx.melds for t in m.tiles]


@dynamic("win_tile", ZONE, STATE, "zones", "和的那一张牌（按牌本身）")
def _win_tile(h):
    return (h.ctx.win_tile,)


@dynamic("pair", ZONE, READING, "zones", "标准牌型的将（两张）；没有将的牌型为空")
def _pair(h):
    p = h.pair
    return (p, p) if p else ()


def _context(name: str, type_: str, group: str, doc: str) -> None:
    """Register a name that reads the win context's attribute of the same name."""
    _register(Entry(name, type_, STATE, doc, lambda: (lambda h: getattr(h.ctx, name)), None, None, group))


_context("flowers", ZONE, "zones", "和牌者亮出的花牌")
_context("discards", ZONE, "zones", "和牌者自己打出、还留在牌河里的牌（被吃碰杠走的不算）")
_context("discarded", ZONE, "zones", "和牌者本局打出过的全部牌，被吃碰杠走的也算（与 discards 不同）；"
         "“打出过听的牌就不能点和”：self_drawn or none(discarded, waits)")
_context("ready_declared", BOOL, "state", "和牌者和牌前已经报听（亮倒等声明）")
_context("wall_left", INT, "state", "牌墙里还能摸的张数（此刻；声明条件里是声明那一刻，如“牌墙剩 4 张以上才能报听” wall_left >= 4；"
         "dslgen hand 中为 0）")
_context("streak", INT, "state", "庄家连庄的次数（本局之前）")
_context("players_in", INT, "state", "和牌时还在局中的玩家数（血战中每有一家和牌就少一家）")


# -- counts and tests ----------------------------------------------------------------------------
_ZONE = Param("zone", ZONE)
_ANY = Param("tiles", TILES, "any")


def _members(mask_fn):
    """(mask, f) -> a function h -> mask."""
    mask, fn = mask_fn
    if fn is None:
        return lambda h: mask
    return fn


@function("count", INT, PATTERN, "counts", (_ZONE, _ANY), "牌区中属于牌集的张数，如 count(hand, dragon)")
def _count(zone, tiles):
    mask, fn = tiles
    if fn is None:
        if mask == VOCABULARY["any"].const:
            return lambda h: len(zone(h))
        return lambda h: sum(1 for t in zone(h) if mask >> t & 1)
    return lambda h: (lambda m: sum(1 for t in zone(h) if m >> t & 1))(fn(h))


@function("distinct", INT, PATTERN, "counts", (_ZONE, _ANY), "牌区中属于牌集的不同牌的种数")
def _distinct(zone, tiles):
    get = _members(tiles)
    return lambda h: (lambda m: len({t for t in zone(h) if m >> t & 1}))(get(h))


@function("all", BOOL, PATTERN, "counts", (_ZONE, Param("tiles", TILES)), "牌区的每一张牌都属于牌集（空牌区为真）")
def _all(zone, tiles):
    get = _members(tiles)
    return lambda h: (lambda m: all(m >> t & 1 for t in zone(h)))(get(h))


@function("none", BOOL, PATTERN, "counts", (_ZONE, Param("tiles", TILES)), "牌区中没有一张属于牌集")
def _none(zone, tiles):
    get = _members(tiles)
    return lambda h: (lambda m: not any(m >> t & 1 for t in zone(h)))(get(h))


@function("has", BOOL, PATTERN, "counts", (_ZONE, Param("tiles", TILES)), "牌区中至少有一张属于牌集")
def _has(zone, tiles):
    get = _members(tiles)
    return lambda h: (lambda m: any(m >> t & 1 for t in zone(h)))(get(h))


def _kind_counts(tiles) -> dict[int, int]:
    out: dict[int, int] = {}
    for t in tiles:
        out[t] = out.get(t, 0) + 1
    return out


@function("kinds", INT, PATTERN, "counts", (_ZONE, Param("copies", INT, 0), Param("at_least", INT, 1), _ANY),
          "牌区中属于牌集的牌有几种：copies=n 只数恰好 n 张的，at_least=n 数至少 n 张的（默认 1：出现过的种数）")
def _kinds(zone, copies, at_least, tiles):
    get = _members(tiles)
    exact, low = copies[0], at_least[0]

    def f(h):
        m = get(h)
        c = _kind_counts(zone(h))
        if exact:
            return sum(1 for t, n in c.items() if n == exact and m >> t & 1)
        return sum(1 for t, n in c.items() if n >= low and m >> t & 1)

    return f


@function("suits", INT, PATTERN, "counts", (_ZONE,), "牌区中出现了万、条、筒中的几门（0-3）")
def _suits(zone):
    return lambda h: len({t // 10 for t in zone(h) if t < 30})


@function("max_suit", INT, PATTERN, "counts", (_ZONE,), "牌区中张数最多的一门数牌有几张（如“某一门至少 8 张才能胡”：max_suit(hand) >= 8）")
def _max_suit(zone):
    def f(h):
        n = [0, 0, 0]
        for t in zone(h):
            if t < 30:
                n[t // 10] += 1
        return max(n)

    return f


@function("min_gap", INT, PATTERN, "counts", (_ZONE,),
          "同一门数牌中任意两张不同的牌点数之差的最小值（同门只有一种牌或没有数牌时为 9）；十三烂：min_gap(hand) >= 3")
def _min_gap(zone):
    def f(h):
        best = 9
        by_suit: dict[int, list[int]] = {}
        for t in set(zone(h)):
            if t < 30:
                by_suit.setdefault(t // 10, []).append(t % 10)
        for ranks in by_suit.values():
            ranks.sort()
            for a, b in zip(ranks, ranks[1:]):
                best = min(best, b - a)
        return best

    return f


@dynamic("wilds", INT, PATTERN, "counts", "和牌的手里有几张癞子（按牌本身计，暗手加副露）")
def _wilds(h):
    return h.wild_count


# -- sets of one reading -------------------------------------------------------------------------
_SET_KINDS = {"chow": ("chow",), "pung": ("pung", "kong"), "kong": ("kong",), "pair": ("pair",)}
_OPEN_WORDS = ("any", "open", "concealed")


def _groups_matching(kinds: tuple[str, ...], tiles, exposure: str):
    get = _members(tiles)

    def f(h):
        m = get(h)
        n = 0
        melds = h.ctx.melds
        first_exposed = len(h.decomposition.groups) - len(melds)
        for i, g in enumerate(h.decomposition.groups):
            if g.kind in kinds and all(m >> t & 1 for t in g.tiles):
                if exposure != "any":
                    # the exposed groups close the reading, one per declared meld, in order
                    is_open = g.exposed and i >= first_exposed and not melds[i - first_exposed].is_concealed
                    if is_open != (exposure == "open"):
                        continue
                n += 1
        return n

    return f


def _set_function(name: str, label: str):
    @function(name, INT, READING, "sets",
              (_ANY, Param("meld", WORD, "any", _OPEN_WORDS)),
              f"这种读法中{label}的个数，其牌都在牌集内；meld=open 只数副露（吃、碰、明杠），meld=concealed 只数暗的")
    def build(tiles, meld):
        return _groups_matching(_SET_KINDS[name.rstrip("s")], tiles, meld[0])

    return build


_set_function("chows", "顺子")
_set_function("pungs", "刻子（含杠）")
_set_function("kongs", "杠")
_set_function("pairs", "对子（七对为七个）")


@function("series", BOOL, READING, "sets",
          (Param("kind", WORD, None, ("chow", "pung")), Param("n", INT), Param("step", INT, 0),
           Param("suits", WORD, "same", ("same", "distinct"))),
          "这种读法中有 n 副 kind（chow 顺子 / pung 刻子或杠），点数依次相差 step，同一门（suits=same）或各不同门"
          "（suits=distinct）：三色三同顺 series(chow, 3, 0, distinct)、清龙 series(chow, 3, 3)、一般高 series(chow, 2)")
def _series(kind, n, step, suits):
    want, k, d, distinct = _SET_KINDS[kind[0]], n[0], step[0], suits[0] == "distinct"

    def f(h):
        return _has_series(_suited_starts(h, want), k, d, distinct)

    return f


def _suited_starts(h, want: tuple[str, ...]) -> list[int]:
    """The lowest tile of each suited group of the kinds ``want`` in the reading ``h``; kept in the reading's
    ``starts_memo`` dict when it has one (every series test of a reading reads the same)."""
    kept = getattr(h, "starts_memo", None)
    if kept is not None:
        starts = kept.get(want)
        if starts is not None:
            return starts
    starts = [m for g in h.decomposition.groups if g.kind in want for m in (min(g.tiles),) if m < 30]
    if kept is not None:
        kept[want] = starts
    return starts


def _has_series(starts: list[int], k: int, d: int, distinct: bool) -> bool:
    """Whether ``k`` of the sets starting at ``starts`` (suited codes) have ranks ``r, r+d, r+2d …``, all in one
    suit or (``distinct``) each in a different suit."""
    if k <= 0:
        return True
    if k > len(starts):
        return False
    if not distinct:
        if d == 0:
            return any(starts.count(t) >= k for t in starts)
        for t in starts:
            suit, x = t // 10, t
            for _ in range(1, k):
                x += d
                if x // 10 != suit or x not in starts:
                    break
            else:
                return True
        return False
    if k == 1:
        return True
    if k > 3:  # three suits only
        return False
    for a in starts:
        ra, sa = a % 10 + d, a // 10
        for b in starts:
            if b % 10 != ra or b // 10 == sa:
                continue
            if k == 2:
                return True
            rb, sb = b % 10 + d, b // 10
            for c in starts:
                if c % 10 == rb and c // 10 != sa and c // 10 != sb:
                    return True
    return False


#: the solver's built-in winning shapes (``engine.solver.shapes.SHAPE_NAMES``); a file adds its declared ones
BUILTIN_SHAPES = ("standard", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight",
                  "double_dragon", "all_258")


@function("shape", BOOL, READING, "sets", (Param("name", WORD, None, BUILTIN_SHAPES),),
          "这种读法的牌型：standard 标准和、seven_pairs 七对、thirteen_orphans 十三幺、honors_knitted 全不靠、"
          "knitted_straight 组合龙、double_dragon 一色双龙会、all_258 将将胡，或本文件 win_condition.shapes 声明的牌型名")
def _shape(name):
    want = name[0]
    return lambda h: h.shape == want


@dynamic("wild_used", BOOL, READING, "sets", "这种读法中有癞子代替了别的牌（癞子按本身用不算）")
def _wild_used(h):
    return any(g.wilds for g in h.decomposition.groups)


@dynamic("pair_wilds", INT, READING, "sets",
         "这种读法中将里有几张癞子代替了将牌（0–2；没有将的牌型为 0）：癞子作将、和牌张与一张癞子成将 wait_at(pair) and pair_wilds == 1")
def _pair_wilds(h):
    return sum(len(g.wilds) for g in h.decomposition.groups if g.kind == "pair")


# -- state and events ----------------------------------------------------------------------------
def _flag(name: str, scope: str, doc: str, fn) -> None:
    _register(Entry(name, BOOL, scope, doc, lambda: fn, None, None, "events" if scope == EVENT else "state"))


_flag("self_drawn", STATE, "自摸和牌", lambda h: h.ctx.self_drawn)
_flag("discard_win", STATE, "点和：和别人打出（或加杠）的牌", lambda h: not h.ctx.self_drawn)
_flag("dealer", STATE, "和牌者是庄家", lambda h: h.ctx.seat == h.ctx.dealer)
_flag("concealed_hand", STATE, "门前清：没有吃、碰、明杠或加杠（暗杠可以）", lambda h: h.open_melds == 0)
_flag("robbing_kong", EVENT, "抢杠：和别人加杠的那张牌", lambda h: h.ctx.robbing_kong)
_flag("kong_replacement", EVENT, "开杠后补摸的牌（杠上开花时与 self_drawn 同真）", lambda h: h.ctx.kong_replacement)
_flag("kong_discard", EVENT, "和别人开杠补牌后打出的那张牌（杠上炮）", lambda h: h.ctx.kong_discard)
_flag("last_tile", EVENT, "牌墙最后一张：自摸最后一张，或和紧接其后打出的那张", lambda h: h.ctx.last_tile)
_flag("first_turn", EVENT, "第一巡：庄家起手即和，或闲家在第一巡、无人吃碰杠之前和", lambda h: h.ctx.first_turn)
_flag("fourth_tile", EVENT, "和绝张：和牌张的另外三张都已亮明", lambda h: h.ctx.fourth_tile)


@dynamic("open_melds", INT, STATE, "state", "副露个数：吃、碰、明杠、加杠（暗杠不算）")
def _open_melds(h):
    return h.open_melds


@dynamic("declared_melds", INT, STATE, "state", "已经亮出的面子个数（吃、碰、明杠、加杠与暗杠）")
def _declared_melds(h):
    return len(h.ctx.melds)




@function("every_group", BOOL, READING, "sets", (Param("tiles", TILES),),
          "这种读法的每一组（面子与将）都至少有一张牌属于牌集：带幺九 every_group(yaojiu)、全带五 every_group(rank5)")
def _every_group(tiles):
    get = _members(tiles)

    def f(h):
        m = get(h)
        return all(any(m >> t & 1 for t in g.tiles) for g in h.decomposition.groups)

    return f


@function("win_chow", BOOL, READING, "sets", (Param("position", WORD, None, ("middle", "low", "high")),),
          "这种读法中有一副暗手里的顺子，和牌张是它的中间张（middle，坎张）、最小的一张（low）或最大的一张（high）")
def _win_chow(position):
    offset = {"middle": 1, "low": 0, "high": 2}[position[0]]

    def f(h):
        win = h.ctx.win_tile
        if win >= 30 or win in h.ctx.wild_codes:
            return False
        first = win - offset
        return any(g.kind == "chow" and not g.exposed and min(g.tiles) == first for g in h.decomposition.groups)

    return f


@dynamic("ponged", ZONE, STATE, "zones", "碰出的刻子（副露中的碰，不含杠）的牌")
def _ponged(h):
    return [t for m in h.ctx.melds if m.kind == "pung" for t in m.tiles]


@dynamic("konged", ZONE, STATE, "zones", "杠出的牌（明杠、加杠、暗杠）")
def _konged(h):
    return [t for m in h.ctx.melds if m.is_kong for t in m.tiles]


@dynamic("before_win", ZONE, STATE, "zones", "和牌前的牌：hand 去掉一张和牌张（九莲宝灯看的是和牌前的十三张）")
def _before_win(h):
    tiles = list(h.tiles)
    if h.ctx.win_tile in tiles:
        tiles.remove(h.ctx.win_tile)
    return tiles


@function("kinds_in", TILES, PATTERN, "tiles", (_ZONE,), "牌区中出现的牌组成的牌集，如 kinds_in(win_tile) 是和牌张那一种牌")
def _kinds_in(zone):
    def f(h):
        m = 0
        for t in zone(h):
            m |= 1 << t
        return m

    return f


@function("span", INT, PATTERN, "counts", (_ZONE,), "牌区中数牌的最大点数减最小点数（没有数牌时为 0）；连七对 span(hand) == 6")
def _span(zone):
    def f(h):
        ranks = [t % 10 for t in zone(h) if t < 30]
        return max(ranks) - min(ranks) if ranks else 0

    return f


#: set by :mod:`engine.fans` once the standard library is loaded: fan name -> unit (or None)
FAN_LOOKUP: list = [lambda name: None]
#: fan kinds that add to a hand rather than being one (``other_fans(shape)`` does not count them)
ADDITION_KINDS = ("event", "state", "conditional")


@function("other_fans", INT, READING, "fans", (Param("kind", WORD, "any", ("any", "shape")),),
          "兜底番用：这种读法中本文件声明的其他番型成立了几个；kind=shape 不数事件、状态、条件番和计次番"
          "（鸡胡 other_fans() == 0，素胡 other_fans(shape) == 0）")
def _other_fans(kind):
    if kind[0] == "any":
        return lambda h: len(h.recognized)

    def f(h):
        n = 0
        for name in h.recognized:
            unit = FAN_LOOKUP[0](name)
            if unit is None or not (unit.kind in ADDITION_KINDS or unit.counted):
                n += 1
        return n

    return f


#: a ``word`` parameter that accepts any name (a fan name)
ANY_WORD = ("*",)


#: fan names referred to by ``fan(名)`` while compiling (the library loader reads it to refuse cycles)
FAN_REFERENCES: list[str] = []
#: set by the library loader while it loads: names of every section, so ``fan(名)`` may name a later one
LIBRARY_NAMES: set[str] = set()


@function("fan", BOOL, READING, "fans", (Param("name", WORD, None, ANY_WORD),),
          "标准番型库中 name 这个番型的定义在这种读法中成立（不论本文件是否声明它）")
def _fan(name):
    want = name[0]
    if FAN_LOOKUP[0](want) is None and want not in LIBRARY_NAMES:
        raise LookupError(want)
    FAN_REFERENCES.append(want)
    cell: list = []

    def f(h):
        if not cell:  # resolved at first use: the library may define the fan further down
            cell.append(FAN_LOOKUP[0](want).test)
        return bool(cell[0](h))

    return f


@function("recognized", BOOL, READING, "fans", (Param("name", WORD, None, ANY_WORD),),
          "兜底番用：本文件声明的番型 name（照文件里的写法）在这种读法中成立了")
def _recognized(name):
    want = name[0]
    return lambda h: want in h.recognized


@function("if", INT, PATTERN, "counts", (Param("condition", BOOL), Param("then", INT), Param("otherwise", INT, 0)),
          "条件成立时取 then，否则取 otherwise（默认 0）：幺九刻的风刻部分 if(pungs(wind) < 3, pungs(wind - seat_wind - round_wind))")
def _if(cond, then, otherwise):
    a = then[0] if len(then) == 1 else None
    b = otherwise[0] if len(otherwise) == 1 else None
    fa = (lambda h: a) if len(then) == 1 else then[1]
    fb = (lambda h: b) if len(otherwise) == 1 else otherwise[1]
    return lambda h: fa(h) if cond(h) else fb(h)


def _int_fn(arg):
    """A compiled integer argument as a closure (a constant one too)."""
    if len(arg) == 1:
        c = arg[0]
        return lambda h: c
    return arg[1]


def _arith(name: str, doc: str, op, params=(Param("a", INT), Param("b", INT))):
    @function(name, INT, PATTERN, "counts", params, doc)
    def build(a, b):
        fa, fb = _int_fn(a), _int_fn(b)
        return lambda h: op(fa(h), fb(h))

    return build


_arith("min", "两个整数中较小的一个：封顶 min(fan, 8)", min)
_arith("max", "两个整数中较大的一个", max)
_arith("pow", "a 的 b 次方（b 为负时按 0 算）：加倍计分 2 的番数次方 pow(2, fan)", lambda a, b: a ** max(b, 0))
_arith("div", "a 除以 b 向下取整（b 为 0 时得 0）：平分 div(income, winners)", lambda a, b: a // b if b else 0)
_arith("roundup", "把 a 向上取到 b 的倍数（b 不大于 0 时不变）：符数进位 roundup(fu, 10)",
       lambda a, b: -(-a // b) * b if b > 0 else a)


@dynamic("hidden_pungs", INT, READING, "sets",
         "这种读法中的暗刻个数：暗手里的刻子加暗杠；点和时和牌张补成的刻子算明刻（和牌张也能归入暗手的顺子时仍算暗刻）")
def _hidden_pungs(h):
    ctx = h.ctx
    win = ctx.win_tile
    concealed = [g for g in h.decomposition.groups if not g.exposed]
    n = sum(1 for g in concealed if g.kind == "pung")
    n += sum(1 for m in ctx.melds if m.kind == "ankong")
    if not ctx.self_drawn and any(g.kind == "pung" and g.tiles[0] == win for g in concealed) \
            and not any(g.kind == "chow" and min(g.tiles) <= win <= min(g.tiles) + 2 for g in concealed):
        n -= 1
    return n


@function("wait_at", BOOL, READING, "sets",
          (Param("position", WORD, None, ("edge", "closed", "pair", "sides", "pung")),),
          "这种读法中和牌张所在的位置：edge 边张（12 听 3、89 听 7）、closed 坎张（中间那张）、pair 单钓将；"
          "几种都可以时依次取 边张、坎张、单钓。声明了 hand_value.placements 时和牌张放进哪一组也是读法的一部分，"
          "按那一组判断，另有 sides 两面（23 听 1、4）与 pung 双碰（和牌张补成刻子）")
def _wait_at(position):
    from engine.fans.waits import wait_position

    want = position[0]
    return lambda h: wait_position(h) == want


@dynamic("single_wait", BOOL, READING, "sets",
         "和牌前整手暗牌只听这一张（独听：按四面子一将读，十三张时也按七对读）；国标 边张、坎张、单钓将 都要求独听")
def _single_wait(h):
    from engine.fans.waits import waited_on_one_tile

    return waited_on_one_tile(h)


@function("suit_of", TILES, PATTERN, "tiles", (_ZONE,), "牌区中出现的数牌所在各门的全部数牌，如 suit_of(pair) 是将牌那一门")
def _suit_of(zone):
    def f(h):
        m = 0
        for t in zone(h):
            if t < 30:
                m |= _SUIT_MASKS[t // 10]
        return m

    return f


_SUIT_MASKS = tuple(_mask(range(s * 10 + 1, s * 10 + 10)) for s in T.SUITS)


# -- declarations (报听, 天听, 飘 …; engine.game.declarations) ---------------------------------------
_WHO = Param("who", WORD, "self", ("self", "discarder", "others"))


def _declared_values(name: str, who: str):
    """h -> the values of declaration ``name`` made by the seats ``who`` names (0 for a seat without it)."""

    def seats(ctx):
        if who == "self":
            return (ctx.seat,)
        if who == "discarder":
            return () if ctx.discarder is None else (ctx.discarder,)
        return tuple(s for s in range(len(ctx.declarations)) if s != ctx.seat)

    def f(h):
        ctx = h.ctx
        table = ctx.declarations
        return [dict(table[s]).get(name, 0) for s in seats(ctx) if s < len(table)]

    return f


# -- hand value: arithmetic, indicators, marked copies, declarations (hand_value) --------------------------
_context("indicators", ZONE, "zones", "本局翻开的全部指示牌（开局翻的和开杠后加翻的），没有时为空")
_context("hidden_indicators", ZONE, "zones", "和牌后翻开的、压在指示牌下面的那几张，没有时为空")
_context("marked", ZONE, "zones", "和牌者的牌中带标记的那几张（按牌本身；dslgen hand 里带标记的 5 写作 0m 0p 0s）")
_context("honba", INT, "state", "本场数（场上的积棒数）")


@function("next_tiles", ZONE, PATTERN, "zones", (_ZONE, Param("dragons", WORD, "中发白", ("中发白", "白发中"))),
          "牌区每一张牌的下一张，张数不变：数牌 9 之后是 1，风牌按 东南西北 循环，箭牌按 dragons 的顺序循环"
          "（中发白 同 after_indicator；白发中 是 白→发→中→白：next_tiles(indicators, dragons=白发中)）")
def _next_tiles(zone, dragons):
    order = (T.DRAGONS if dragons[0] == "中发白" else tuple(reversed(T.DRAGONS)))

    def step(t: int) -> int:
        if t in order:
            return order[(order.index(t) + 1) % 3]
        return T.next_in_cycle(t)

    def f(h):
        return tuple(step(t) for t in zone(h) if T.is_suited(t) or T.is_honor(t))

    return f


@function("declared", BOOL, STATE, "state", (Param("name", WORD, None, ANY_WORD), _WHO),
          "声明（本文件 declarations 中的名字，如 报听、天听、亮倒）已做出且所选的值不为 0：who=self 和牌者（默认），"
          "who=discarder 放炮者（杀报 discard_win and declared(报听, discarder)），who=others 其他任一家")
def _declared(name, who):
    values = _declared_values(name[0], who[0])
    return lambda h: any(values(h))


@function("declared_value", INT, STATE, "state", (Param("name", WORD, None, ANY_WORD), _WHO),
          "声明所选的值（飘 0/1/2/3；随牌的声明为 1；没有声明为 0）；who=others 时取其他各家之和")
def _declared_value(name, who):
    values = _declared_values(name[0], who[0])
    return lambda h: sum(values(h))


@function("matches", INT, PATTERN, "counts", (_ZONE, Param("of", ZONE)),
          "对 of 的每一张，数 zone 中与它相同的张数，再相加（of 里同一张出现两次就数两次）："
          "指示牌的下一张在手里有几张 matches(hand, next_tiles(indicators))")
def _matches(zone, of):
    def f(h):
        c = _kind_counts(zone(h))
        return sum(c.get(t, 0) for t in of(h))

    return f


_flag("declaration_turn", EVENT, "和牌在和牌者最近一次声明之后的一巡之内，其间无人吃、碰、杠",
      lambda h: h.ctx.declaration_turn)


@function("repeats", INT, READING, "sets", (Param("kind", WORD, None, ("chow", "pung")),),
          "这种读法中完全相同的 kind（chow 顺子 / pung 刻子）两两配对的对数：同一副有 n 个算 n // 2 对"
          "（两对相同的顺子 repeats(chow) >= 2）")
def _repeats(kind):
    want = _SET_KINDS[kind[0]]

    def f(h):
        c: dict[tuple, int] = {}
        for g in h.decomposition.groups:
            if g.kind in want:
                key = (g.tiles[0], g.tiles[1])
                c[key] = c.get(key, 0) + 1
        return sum(n // 2 for n in c.values())

    return f


def _result(name: str, type_: str, doc: str, attr: str) -> None:
    """Register a name a hand value reads from the scored reading (set once its fans are counted)."""
    _register(Entry(name, type_, RESULT, doc, lambda: (lambda h: getattr(h, attr)), None, None, "value"))


_result("fan_total", INT, "这种读法计入的番数合计（叠加之后，含不计入起和番的番）；只能用在 hand_value", "fan_total")
_result("fan_level", INT, "这种读法计入的番中最高的 level；只能用在 hand_value", "fan_level")
_result("payer_dealer", BOOL, "付这一笔的是庄家；只能用在 hand_value.payments", "payer_dealer")


# -- waits and passed wins (a restriction on winning on a discard: own discards, a passed win) ---------
@dynamic("waits", TILES, STATE, "tiles", "和牌者和牌前的手牌（暗手去掉和牌张，加副露）听的牌：再来一张就成和牌牌型的每一种牌"
         "（只看牌型，不看番数和和牌条件）；打出过其中任何一张就不能点和：self_drawn or none(discarded, waits)")
def _waits(h):
    return _mask(h.ctx.waits)


@function("passed", ZONE, STATE, "zones", (Param("since", WORD, "discard", ("discard", "lock")),),
          "和牌者放过的和牌张：别人打出（或加杠）的、能让自己成和牌牌型的牌（在 waits 里）而没有和的那几张，没有番不能和的也算。since=discard 自己上次打牌之后（默认；"
          "“放过和牌后到自己再打牌之前不能点和”：self_drawn or count(passed(discard)) == 0），since=lock 手牌被声明锁定"
          "（locks: hand）之后，直到本局结束")
def _passed(since):
    attr = "passed" if since[0] == "discard" else "passed_locked"
    return lambda h: getattr(h.ctx, attr)
