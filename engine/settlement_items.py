"""结算项：番型以外的结算（精分、冲关、霸王精、德国、抓鸟、买马、跟庄、连庄、口口翻的付款者、飘、亮倒、包赔）。

规则文件在 ``settlement_items`` 中按顺序列出结算项，每项 ``{item: 名字, 参数…}``。每个结算项是
这里用 :func:`item` 登记的一个单元，它的文档字符串就是用户文档（``docs/settlement-items.md``
由它生成）。每个单元接收规则、它的参数和一局结束时的牌桌（:class:`Table`，普通数据），返回
:class:`ItemResult`：每个座位一个整数（总和为零）与说明细节。

顺序：结算项按声明顺序执行。跟某一次和牌相关的项（德国、抓鸟、买马、连庄、飘、包赔）看到的是
这次和牌的支付加上它之前各项对这次和牌的增减（所以 包赔 一般写在最后，转移全部）；
``multiply`` 的项按这时的支付计算。与和牌无关的项（精分、跟庄）直接给出支付。

这里不动牌、不读对局状态：对局流程（:mod:`engine.game.flow`）和 ``dslgen hand`` 构造
:class:`Table` 并应用结果。
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld


@dataclass(frozen=True)
class WinFacts:
    """One win as the items see it; ``payments`` are what the win itself settled (zero-sum)."""

    seat: int
    self_drawn: bool
    discarder: int | None
    total: int
    payments: tuple[int, ...]
    concealed: tuple[int, ...] = ()
    melds: tuple[Meld, ...] = ()
    fans: tuple[str, ...] = ()
    robbing_kong: bool = False
    #: seats still playing when the win happened (血战); None: every seat.
    active: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Table:
    """The table when the hand is settled, as plain data.

    ``hands``/``melds``/``discards`` per seat (wild tiles keep their codes); ``primary`` are the
    正精 codes and ``secondary`` the 副精 codes (for a fixed wildcard: its tiles are primary);
    ``copies`` how many copies of a code the deck holds; ``wall`` the undealt tiles in draw order
    (index 0 next from the head, the last one next from the tail); ``opening_discards`` the
    game's discards ``(seat, tile)`` made before any claim or kong, in order; ``streak`` the
    dealer's consecutive wins before this hand (连庄); ``stakes`` each seat's 飘 stake (None: the
    item's ``value`` for everyone); ``step`` +1 counter-clockwise turn order, -1 clockwise;
    ``active`` seats still playing when each win happened is the win's own business (its payers);
    ``declared`` the seats that declared 亮倒, in order.
    """

    players: int
    dealer: int
    wins: tuple[WinFacts, ...]
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...] = ()
    primary: tuple[int, ...] = ()
    secondary: tuple[int, ...] = ()
    copies: Mapping[int, int] = field(default_factory=dict)
    wall: tuple[int, ...] = ()
    opening_discards: tuple[tuple[int, int], ...] = ()
    streak: int = 0
    stakes: tuple[int, ...] | None = None
    step: int = 1
    end_reason: str | None = None
    #: seats that declared 亮倒, in the order they declared.
    declared: tuple[int, ...] = ()
    #: the tiles the table flipped (``reveal``): moment (after_deal / after_flowers / after_hand) -> codes.
    revealed: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def wild_codes(self) -> frozenset[int]:
        """Every wild code (正精 and 副精)."""
        return frozenset(self.primary) | frozenset(self.secondary)


@dataclass
class ItemResult:
    """What an item decided: per-seat payments (zero-sum), per-win parts, and the facts behind them."""

    payments: list[int]
    details: dict = field(default_factory=dict)
    #: per win (same order as ``Table.wins``): the part of ``payments`` that belongs to that win.
    per_win: list[list[int]] | None = None


@dataclass(frozen=True)
class Param:
    """One parameter an item takes: its JSON type, default and Chinese meaning."""

    type: str  # "integer" | "boolean" | "string" | "array"
    default: Any
    zh: str
    choices: tuple = ()


@dataclass(frozen=True)
class ItemUnit:
    """A registered settlement item."""

    name: str
    zh: str
    run: Callable[..., ItemResult]
    params: Mapping[str, Param]
    doc: str
    per_win: bool

    def settings(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The item's parameters with defaults filled in (unknown keys are the checks' business)."""
        return {k: given.get(k, p.default) for k, p in self.params.items()}


#: item name -> unit, in registration order.
ITEMS: dict[str, ItemUnit] = {}


def item(name: str, zh: str, *, per_win: bool, **params: Param) -> Callable:
    """Register the decorated ``f(rules, settings, table, running) -> ItemResult`` as item ``name``.

    ``running[i]`` is win ``i``'s payments so far (the win plus the per-win items before this one).
    """

    def decorate(func):
        doc = inspect.cleandoc(func.__doc__ or "")
        if not doc:
            raise ValueError(f"settlement item {name} needs a docstring")
        ITEMS[name] = ItemUnit(name, zh, func, dict(params), doc, per_win)
        return func

    return decorate


# --- helpers ------------------------------------------------------------------------

def _payers(pay: Sequence[int], winner: int) -> list[tuple[int, int]]:
    """``(seat, amount paid)`` for every seat that paid in a win's payment vector."""
    return [(s, -v) for s, v in enumerate(pay) if s != winner and v < 0]


def _per_win_result(n: int, parts: list[list[int]], details: dict) -> ItemResult:
    total = [0] * n
    for part in parts:
        for s, v in enumerate(part):
            total[s] += v
    return ItemResult(total, details, parts)


def _charge(part: list[int], payer: int, receiver: int, amount: int) -> None:
    part[payer] -= amount
    part[receiver] += amount


def _boost(mode: str, value: int, amount: int, times: int = 1) -> int:
    """Extra a payer pays: ``add`` → value × times; ``multiply`` → amount × (value − 1) × times."""
    if mode == "multiply":
        return amount * (value - 1) * times
    return value * times


def seat_by_rank(tile: int, origin: int, players: int, step: int = 1) -> int:
    """The seat a bird / horse tile points at, counting ``origin`` as 1 in turn order: rank 1/5/9
    → origin, 2/6 → the next seat, 3/7 → the one after, 4/8 → the one before origin (four players);
    winds 东南西北 count 1–4 and dragons 中发白 1–3. With fewer players the count wraps."""
    if T.is_suited(tile):
        k = T.rank_of(tile) - 1
    elif tile in T.WINDS:
        k = T.WINDS.index(tile)
    elif tile in T.DRAGONS:
        k = T.DRAGONS.index(tile)
    else:
        k = 0
    return (origin + step * (k % players)) % players


def held(table: Table, seat: int) -> list[int]:
    """Every tile ``seat`` holds: concealed plus melded."""
    return list(table.hands[seat]) + [t for m in table.melds[seat] for t in m.tiles]


# --- 精 (南昌) -------------------------------------------------------------------------

@item("jing_points", "精分（冲关、霸王精）", per_win=False,
      holders=Param("string", "all", "谁的精计分：all 每一家，winner 只有和牌者", ("all", "winner")),
      primary=Param("integer", 2, "每张正精的分"),
      secondary=Param("integer", 1, "每张副精的分"),
      chong_guan_threshold=Param("integer", 0, "冲关门槛：一家精分达到它就冲关（0 表示不冲关）"),
      chong_guan_multiplier=Param("integer", 2, "冲关时精分乘以它"),
      chong_guan_step=Param("integer", 0, "精分每超过门槛 1 分，倍数再加几"),
      ba_wang_multiplier=Param("integer", 0, "霸王精：一家拿齐某种精的全部张数时精分再乘以它（0 表示不计）"),
      on_draw=Param("boolean", False, "流局时也计精分"))
def jing_points(rules, s: Mapping[str, Any], table: Table, running) -> ItemResult:
    """精分（南昌）：一局结束时，计分的座位（``holders: all`` 每一家，``winner`` 只有和牌者）数自己暗手与副露中的
    正精和副精，精分 = 正精张数 × ``primary`` + 副精张数 × ``secondary``。

    **冲关**：``chong_guan_threshold`` 大于 0 且一家的精分达到门槛时，这家的精分乘以
    ``chong_guan_multiplier + chong_guan_step × (精分 − 门槛)``（例：门槛 5、倍数 2、步长 1：5 分 ×2，6 分 ×3）。

    **霸王精**：``ba_wang_multiplier`` 大于 0 且一家拿齐了某种精（正精或副精）在牌库中的全部张数时，
    这家的精分（冲关后）再乘以 ``ba_wang_multiplier``。

    支付：每个计分的座位向其他每一家收取自己的精分（两家都有精时互相抵扣）。流局默认不计（``on_draw: true`` 时照算）。
    """
    n = table.players
    pay = [0] * n
    if not table.wins and not s["on_draw"]:
        return ItemResult(pay, {"skipped": "流局不计精分"})
    seats = range(n) if s["holders"] == "all" else sorted({w.seat for w in table.wins})
    rows = {}
    for seat in seats:
        tiles = held(table, seat)
        p = sum(1 for t in tiles if t in table.primary)
        q = sum(1 for t in tiles if t in table.secondary)
        points = p * s["primary"] + q * s["secondary"]
        row = {"正精": p, "副精": q, "精分": points}
        if s["chong_guan_threshold"] > 0 and points >= s["chong_guan_threshold"] > 0 and points:
            times = s["chong_guan_multiplier"] + s["chong_guan_step"] * (points - s["chong_guan_threshold"])
            row["冲关"] = times
            points *= times
        if s["ba_wang_multiplier"] > 0 and points:
            full = [c for c in set(table.primary) | set(table.secondary)
                    if table.copies.get(c, 4) and tiles.count(c) >= table.copies.get(c, 4)]
            if full:
                row["霸王精"] = [T.tile_name(c) for c in sorted(full)]
                points *= s["ba_wang_multiplier"]
        row["计分"] = points
        rows[seat] = row
        for other in range(n):
            if other != seat and points:
                _charge(pay, other, seat, points)
    return ItemResult(pay, {"seats": rows})


def _uses_substitute(rules, w: WinFacts, wild: frozenset[int]) -> bool:
    """True when the winning hand cannot be read with every wild tile standing for itself."""
    from engine import solver

    if any(T.is_wildcard_code(t) for t in w.concealed):
        return True
    if not any(t in wild for t in w.concealed):
        return False
    counts = T.to_counts(w.concealed)
    return not solver.is_win(counts, 0, tuple(w.melds), solver.shapes_for(rules))


@item("de_guo", "德国（不用精胡）", per_win=True,
      mode=Param("string", "multiply", "multiply：支付乘以 value；add：每个付款者多付 value", ("multiply", "add")),
      value=Param("integer", 2, "倍数或加分"))
def de_guo(rules, s, table: Table, running) -> ItemResult:
    """德国（南昌）：和牌时没有把任何精（癞子）当作别的牌用——手里没有精，或者每张精都当它自己用也能和。
    成立时这次和牌的每个付款者 ``multiply`` 时付的钱乘以 ``value``，``add`` 时多付 ``value``。"""
    parts, hits = [], []
    for i, w in enumerate(table.wins):
        part = [0] * table.players
        if not _uses_substitute(rules, w, table.wild_codes):
            hits.append(w.seat)
            for p, amount in _payers(running[i], w.seat):
                _charge(part, p, w.seat, _boost(s["mode"], s["value"], amount))
        parts.append(part)
    return _per_win_result(table.players, parts, {"de_guo": hits})


# --- bird and horse tiles ------------------------------------------------------------------

def _draw_from(table: Table, count: int, end: str, skip: int = 0) -> list[int]:
    wall = list(table.wall)
    if end == "tail":
        wall.reverse()
    return wall[skip:skip + count]


@item("birds", "抓鸟 / 扎鸟 / 奖码", per_win=True,
      count=Param("integer", 2, "和牌后翻几张鸟牌"),
      mapping=Param("string", "winner_159", "winner_159：1、5、9（和癞子）中鸟算和牌者；seat_by_rank：按点数从和牌者数座位",
                    ("winner_159", "seat_by_rank")),
      effect=Param("string", "add", "add：每中一只鸟多付 value；multiply：每中一只鸟多付一倍", ("add", "multiply")),
      value=Param("integer", 1, "add 时每只鸟的分"),
      wall_end=Param("string", "tail", "从牌墙哪一头翻：tail 牌尾，head 牌头", ("tail", "head")),
      wild_hits=Param("boolean", True, "winner_159 时翻出的癞子也算中鸟"))
def birds(rules, s, table: Table, running) -> ItemResult:
    """抓鸟 / 扎鸟 / 奖码：和牌后从牌墙（``wall_end``：牌尾或牌头）翻 ``count`` 张鸟牌（只看不拿；剩下的牌不够时有几张翻几张，
    没牌就不翻）。

    鸟牌指向的座位（``mapping``）：``winner_159`` 时点数 1、5、9 的鸟（``wild_hits`` 时还有癞子）中和牌者，其余不中；
    ``seat_by_rank`` 时以和牌者为 1 按行牌顺序数：1、5、9 中和牌者，2、6 中下家，3、7 中对家，4、8 中上家
    （字牌东南西北数 1–4、中发白数 1–3；不足四人时循环）。

    每次和牌、每个付款者：中鸟数 = 指向和牌者的鸟 + 指向这个付款者的鸟；``effect: add`` 时付款者多付 中鸟数 × ``value``，
    ``multiply`` 时多付 中鸟数 × 他这次付的钱（每中一只鸟加一倍）。一炮多响时每个和牌者都用同一组鸟。"""
    tiles = _draw_from(table, s["count"], s["wall_end"])
    parts, detail = [], []
    for i, w in enumerate(table.wins):
        hits = [0] * table.players
        for t in tiles:
            if s["mapping"] == "seat_by_rank":
                hits[seat_by_rank(t, w.seat, table.players, table.step)] += 1
            elif (T.is_suited(t) and T.rank_of(t) in (1, 5, 9)) or (s["wild_hits"] and t in table.wild_codes):
                hits[w.seat] += 1
        part = [0] * table.players
        for p, amount in _payers(running[i], w.seat):
            k = hits[w.seat] + hits[p]
            if k:
                _charge(part, p, w.seat, _boost(s["effect"], s["value"], amount, k) if s["effect"] == "add"
                        else amount * k)
        parts.append(part)
        detail.append({"winner": w.seat, "hits": hits})
    return _per_win_result(table.players, parts, {"tiles": [T.tile_name(t) for t in tiles], "wins": detail})


@item("horses", "买马", per_win=True,
      count=Param("integer", 1, "每家买几匹马"),
      effect=Param("string", "multiply", "multiply：马主按付款者付给和牌者的钱另收一份；add：每匹马收 value", ("multiply", "add")),
      value=Param("integer", 1, "add 时每匹马的分"))
def horses(rules, s, table: Table, running) -> ItemResult:
    """买马：和牌后从牌墙头按座位顺序（从庄家起）给每家翻 ``count`` 张马牌（只看不拿）。马牌按点数以庄家为 1 数座位
    （同 抓鸟 的 ``seat_by_rank``）；指向和牌者的马中马。

    每匹中马、这次和牌的每个付款者（马主自己付款时不向自己收）：``multiply`` 时付款者另付马主一份他付给和牌者的钱，
    ``add`` 时另付马主 ``value``。"""
    n = table.players
    order = [(table.dealer + table.step * i) % n for i in range(n)]
    tiles = _draw_from(table, s["count"] * n, "head")
    owners = {seat: tiles[k * s["count"]:(k + 1) * s["count"]] for k, seat in enumerate(order)}
    parts, detail = [], []
    for i, w in enumerate(table.wins):
        part = [0] * n
        hit_owners = []
        for owner, ts in owners.items():
            k = sum(1 for t in ts if seat_by_rank(t, table.dealer, n, table.step) == w.seat)
            if not k:
                continue
            hit_owners.append({"owner": owner, "hits": k})
            for p, amount in _payers(running[i], w.seat):
                if p != owner:
                    _charge(part, p, owner, k * (amount if s["effect"] == "multiply" else s["value"]))
        parts.append(part)
        detail.append({"winner": w.seat, "owners": hit_owners})
    return _per_win_result(n, parts, {"horses": {str(o): [T.tile_name(t) for t in ts] for o, ts in owners.items()},
                                      "wins": detail})


# --- dealer and stakes -----------------------------------------------------------------------

@item("gen_zhuang", "跟庄", per_win=False,
      value=Param("integer", 1, "庄家付给其他每家的分"))
def gen_zhuang(rules, s, table: Table, running) -> ItemResult:
    """跟庄：开局后庄家打出的第一张牌，其他每家按行牌顺序打出的第一张都是同一张牌（中间没有吃碰杠），
    庄家付给其他每家 ``value``。不论这局有没有人和牌。"""
    n = table.players
    pay = [0] * n
    first = list(table.opening_discards[:n])
    if len(first) < n or first[0][0] != table.dealer:
        return ItemResult(pay, {"gen_zhuang": False})
    order = [(table.dealer + table.step * i) % n for i in range(n)]
    if [seat for seat, _ in first] != order or len({tile for _, tile in first}) != 1:
        return ItemResult(pay, {"gen_zhuang": False})
    for other in order[1:]:
        _charge(pay, table.dealer, other, s["value"])
    return ItemResult(pay, {"gen_zhuang": True, "tile": T.tile_name(first[0][1])})


@item("lian_zhuang", "连庄", per_win=True,
      mode=Param("string", "add", "add：每连一庄每个付款者多付 value；multiply：支付乘以 value 的连庄次数次方", ("add", "multiply")),
      value=Param("integer", 1, "每连一庄的加分或倍数"),
      max_streak=Param("integer", 0, "连庄次数最多算几次（0 表示不限）"))
def lian_zhuang(rules, s, table: Table, running) -> ItemResult:
    """连庄：庄家连续和牌时加码。``Table.streak`` 是这局之前庄家已经连续和了几局（对局外的状态，由牌桌或
    ``dslgen hand --streak`` 给出；模拟与回放把相邻的几局连成一个系列，系列内的庄家与连庄次数接着上一局，
    系列的第一局为 0）。庄家这局和牌、连庄次数 k > 0 时（``max_streak`` 封顶），
    每个付款者 ``add`` 时多付 k × ``value``，``multiply`` 时支付乘以 ``value`` 的 k 次方。"""
    k = table.streak if not s["max_streak"] else min(table.streak, s["max_streak"])
    parts = []
    for i, w in enumerate(table.wins):
        part = [0] * table.players
        if w.seat == table.dealer and k > 0:
            for p, amount in _payers(running[i], w.seat):
                extra = amount * (s["value"] ** k - 1) if s["mode"] == "multiply" else s["value"] * k
                _charge(part, p, w.seat, extra)
        parts.append(part)
    return _per_win_result(table.players, parts, {"streak": k})


@item("payer_open_melds", "口口翻（付款者的副露）", per_win=True,
      value=Param("integer", 2, "付款者每有一个副露，他付的钱乘以 value"))
def payer_open_melds(rules, s, table: Table, running) -> ItemResult:
    """口口翻的付款一方（武汉）：每次和牌，每个付款者自己每有一个副露（吃、碰、明杠或加杠；暗杠不算），他这一笔
    支付就乘以 ``value`` 一次（两个副露 × ``value``²）。和牌者自己的副露用计次番 ``开口``（``per: open_meld``）。"""
    n = table.players
    opened = [sum(1 for m in melds if not m.is_concealed) for melds in table.melds]
    parts = []
    for i, w in enumerate(table.wins):
        part = [0] * n
        for p, amount in _payers(running[i], w.seat):
            if opened[p]:
                _charge(part, p, w.seat, amount * (s["value"] ** opened[p] - 1))
        parts.append(part)
    return _per_win_result(n, parts, {"open_melds": opened})


@item("piao", "飘 / 漂", per_win=True,
      value=Param("integer", 1, "每家下的飘分（牌桌没有另给时）"))
def piao(rules, s, table: Table, running) -> ItemResult:
    """飘 / 漂：每家开局前下一个飘分（``Table.stakes``；没有另给时每家都是 ``value``）。每次和牌、每个付款者
    另付和牌者 和牌者的飘分 + 自己的飘分。"""
    n = table.players
    stakes = list(table.stakes) if table.stakes is not None else [s["value"]] * n
    parts = []
    for i, w in enumerate(table.wins):
        part = [0] * n
        for p, _ in _payers(running[i], w.seat):
            if stakes[w.seat] + stakes[p]:
                _charge(part, p, w.seat, stakes[w.seat] + stakes[p])
        parts.append(part)
    return _per_win_result(n, parts, {"stakes": stakes})


# --- 亮倒 (卡五星) -------------------------------------------------------------------------------

@item("liang_dao", "亮倒（翻倍、包赔、荒庄赔付）", per_win=True,
      win_multiplier=Param("integer", 2, "亮倒者和牌时，每个付款者付的钱乘以它"),
      loss_multiplier=Param("integer", 1, "亮倒者付别人的和牌时，付的钱乘以它（输赢都翻倍写 2）"),
      feeder_pays_all=Param("boolean", False, "包赔：点炮给亮倒者的人按自摸计价替所有人付"),
      draw_penalty=Param("integer", 0, "荒庄时第一个亮倒者付给其他每家的分（0 表示不赔）"))
def liang_dao(rules, s, table: Table, running) -> ItemResult:
    """亮倒（卡五星）：听牌的玩家打出一张牌时亮倒（动作 ``liang_dao``，规则见 ``liang_dao`` 块），之后手牌锁定。
    ``Table.declared`` 是亮倒的座位（按亮倒先后）。每次和牌、每个付款者：

    - **翻倍**：和牌者亮倒了，付款者付的钱乘以 ``win_multiplier``；付款者自己亮倒了，再乘以 ``loss_multiplier``
      （已公开的卡五星规则“亮倒者输赢都翻倍”：两者都写 2）。
    - **包赔**（``feeder_pays_all``）：点炮给亮倒者的人替所有人付——这次和牌按自摸计价（每个还在局中的对手本该付的
      自摸钱，各自照上条翻倍），全部由点炮者付，其他人不付。
    - **荒庄赔付**（``draw_penalty``）：牌摸完没人和时，第一个亮倒的人付给其他每家 ``draw_penalty``。

    写在其他按和牌计的结算项之后时，翻倍和包赔也作用于它们的钱。"""
    from engine.settlement import win_payments

    n = table.players
    declared = set(table.declared)
    parts, detail = [], []
    for i, w in enumerate(table.wins):
        part = [0] * n
        current = list(running[i])

        def factor(payer: int) -> int:
            return (s["win_multiplier"] if w.seat in declared else 1) * (s["loss_multiplier"] if payer in declared else 1)

        for p, amount in _payers(current, w.seat):
            if factor(p) != 1:
                _charge(part, p, w.seat, amount * (factor(p) - 1))
        feeder = None
        if s["feeder_pays_all"] and w.seat in declared and not w.self_drawn and w.discarder is not None:
            feeder = w.discarder
            after = [c + d for c, d in zip(current, part)]
            active = w.active if w.active is not None else tuple(range(n))
            selfdraw = win_payments(rules, w.seat, w.total, True, None, table.dealer, active)
            owed = sum(-v * factor(q) for q, v in enumerate(selfdraw) if q != w.seat and v < 0)
            for p, amount in _payers(after, w.seat):  # the feeder takes over every other payer's share
                if p != feeder:
                    _charge(part, feeder, p, amount)
            received = after[w.seat]
            if owed > received:
                _charge(part, feeder, w.seat, owed - received)
        if w.seat in declared or any(p in declared for p, _ in _payers(current, w.seat)):
            detail.append({"winner": w.seat, "declared": w.seat in declared, "feeder": feeder})
        parts.append(part)
    result = _per_win_result(n, parts, {"liang_dao": detail, "declared": list(table.declared)})
    if not table.wins and table.end_reason == "deck_exhausted" and table.declared and s["draw_penalty"]:
        first = table.declared[0]
        for other in range(n):
            if other != first:
                _charge(result.payments, first, other, s["draw_penalty"])
        result.details["draw_penalty"] = {"seat": first, "each": s["draw_penalty"]}
    return result


# --- liability ---------------------------------------------------------------------------------

@item("liability", "包赔 / 包牌", per_win=True,
      cases=Param("array", ["robbed_kong"], "哪些情形由一家包赔：robbed_kong 被抢杠者，third_meld 喂第三副副露者",
                  ("robbed_kong", "third_meld")),
      robbed_kong_as_self_draw=Param("boolean", True, "抢杠胡按自摸计（被抢杠者包所有人的钱）"),
      big_fans=Param("array", [], "third_meld：和牌计到这些番型之一时才包牌（空表示任何和牌）"))
def liability(rules, s, table: Table, running) -> ItemResult:
    """包赔 / 包牌：声明的情形下由一家付这次和牌的全部支付（其他付款者不付）。

    - ``robbed_kong``：抢杠胡由被抢杠的人包赔。``robbed_kong_as_self_draw`` 时这次和牌按自摸计价（每个未和的
      对手本该付的自摸钱，见 ``scoring``），全部由被抢杠者付。
    - ``third_meld``：和牌者有三副或以上吃碰明杠来的副露、且计到 ``big_fans`` 之一（空表示任何和牌）时，喂第三副
      副露的人包牌。

    写在其他按和牌计的结算项之后时，包赔也转移它们的钱。"""
    from engine.settlement import win_payments

    n = table.players
    parts, detail = [], []
    for i, w in enumerate(table.wins):
        part = [0] * n
        liable = None
        current = list(running[i])
        if "robbed_kong" in s["cases"] and w.robbing_kong and w.discarder is not None:
            liable = w.discarder
            if s["robbed_kong_as_self_draw"]:
                active = w.active if w.active is not None else tuple(range(n))
                selfdraw = win_payments(rules, w.seat, w.total, True, None, table.dealer, active)
                for seat in range(n):
                    part[seat] += selfdraw[seat] - w.payments[seat]
                current = [c + d for c, d in zip(current, part)]
        elif "third_meld" in s["cases"]:
            claimed = [m for m in w.melds if m.from_seat is not None]
            if len(claimed) >= 3 and (not s["big_fans"] or set(s["big_fans"]) & set(w.fans)):
                liable = claimed[2].from_seat
        if liable is not None:
            for p, amount in _payers(current, w.seat):
                if p != liable:
                    part[p] += amount
                    part[liable] -= amount
            detail.append({"winner": w.seat, "liable": liable})
        parts.append(part)
    return _per_win_result(n, parts, {"liable": detail})


# --- running the declared items ------------------------------------------------------------------

def settle_items(rules, table: Table) -> list[tuple[str, ItemResult]]:
    """Run the rule file's ``settlement_items`` in order; unknown names are skipped (the checks report them)."""
    running = [list(w.payments) for w in table.wins]
    out = []
    for decl in rules.settlement_items:
        unit = ITEMS.get(decl.name)
        if unit is None:
            continue
        res = unit.run(rules, unit.settings(decl.params), table, running)
        if res.per_win:
            for i, part in enumerate(res.per_win):
                running[i] = [a + b for a, b in zip(running[i], part)]
        out.append((decl.name, res))
    return out


register("scoring.settlement_items", "结算项",
         "番型以外的结算：精分（冲关、霸王精）、德国、抓鸟/扎鸟/奖码、买马、跟庄、连庄、飘、亮倒、包赔（settlement_items）",
         "0.2.0", __name__)
