"""The names a payment formula may use beyond the hand expressions: who pays whom, for what.

They are registered in :data:`engine.lang.vocabulary.VOCABULARY` with scope ``settle`` (no fan can use
them) and read a :class:`PayFacts`. A win's payment may also read the winner's state and event names
(``self_drawn``, ``robbing_kong``, ``count(held, wild)`` …) through ``PayFacts.ctx``; the moments
without a win (``kong``, ``end``, ``draw``) read only the names of this module and the tile sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from engine import tiles as T
from engine.lang import vocabulary as V
from engine.lang.vocabulary import BOOL, INT, SETTLE, TILES, WORD, ZONE, Entry, Param


@dataclass
class PayFacts:
    """One (payer, receiver) pair at a moment: the evaluation object of a payment formula.

    ``rules``: the rule set; ``ctx``: the win's :class:`~engine.fans.WinContext` (None away from a win);
    ``win``: the win as settlement sees it (``engine.settlement_items.WinFacts``) or None; ``table``: the
    table at the end of the hand (``engine.settlement_items.Table``) or None; ``kong``: the kong being paid
    (``(kind, tile, owner)``) or None; ``owed``: what the payer already owes for this win; ``stakes``:
    each seat's declared stake, or None.
    """

    rules: Any
    payer: int
    receiver: int
    dealer: int
    players: int
    ctx: Any = None
    win: Any = None
    table: Any = None
    kong: tuple | None = None
    discarder: int | None = None
    owed: int = 0
    #: tiles the formula turned over (``wall_tiles``: ``"tiles"``; ``wall_share``: ``"shares"`` by seat), for reports
    shown: dict | None = None
    #: the definition's list parameters: name -> words (``counted_any``)
    lists: dict | None = None
    #: facts of the moment that are not a hand or a table: ``kong`` (the kong record being refunded or
    #: transferred: ``seat`` and per-seat ``payments``) and ``winners`` (the seats winning on this discard, in
    #: order from the discarder)
    facts: dict | None = None

    @property
    def open_melds(self) -> int:
        """The winner's open melds (what the hand names ``open_melds`` and ``concealed_hand`` read)."""
        return sum(1 for m in self.ctx.melds if not m.is_concealed)

    def seat(self, word: str) -> int | None:
        """The seat a word names: winner, payer, receiver or dealer."""
        if word == "winner":
            return self.win.seat if self.win is not None else None
        return {"payer": self.payer, "receiver": self.receiver, "dealer": self.dealer}[word]

    def held(self, seat: int) -> list[int]:
        """Every tile ``seat`` holds at the end of the hand (concealed and melded; wild tiles as themselves)."""
        t = self.table
        if t is None:
            return []
        return list(t.hands[seat]) + [x for m in t.melds[seat] for x in m.tiles]


def _settle(name: str, type_: str, doc: str):
    def deco(fn):
        V._register(Entry(name, type_, SETTLE, doc, lambda: fn, None, None, "settle"))
        return fn
    return deco


def _settle_fn(name: str, type_: str, params: tuple[Param, ...], doc: str):
    def deco(build):
        V._register(Entry(name, type_, SETTLE, doc, build, tuple(params), None, "settle"))
        return build
    return deco


_settle("total", INT, "这次和牌的总番（或总分）：番型、加分与封顶之后，即 dslgen hand 的“合计”")(
    lambda h: h.win.total)
_settle("owed", INT, "付款者为这次和牌已经要付的钱（前面各项之和；乘倍、封顶都按它算）")(lambda h: h.owed)
_settle("payer_is_dealer", BOOL, "付款者是庄家")(lambda h: h.payer == h.dealer)
_settle("receiver_is_dealer", BOOL, "收款者是庄家")(lambda h: h.receiver == h.dealer)
_settle("payer_is_discarder", BOOL, "付款者是放炮者（开杠时：放杠者）")(
    lambda h: h.discarder is not None and h.payer == h.discarder)
_settle("receiver_is_winner", BOOL, "收款者和了牌（一局结束时：这局和过牌）")(
    lambda h: (h.receiver == h.win.seat) if h.win is not None
    else any(w.seat == h.receiver for w in h.table.wins))
_settle("winners", INT, "这一局和牌的次数（血战中可以多于一次）")(
    lambda h: len(h.table.wins) if h.table is not None else 1)
_settle("exhausted", BOOL, "牌摸完了（荒庄）")(
    lambda h: h.table is not None and h.table.end_reason == "deck_exhausted")
_settle("self_draw_multiplier", INT, "规则文件的 scoring.self_draw_multiplier")(
    lambda h: h.rules.scoring.self_draw_multiplier)
_settle("discard_win_multiplier", INT, "规则文件的 scoring.discard_win_multiplier")(
    lambda h: h.rules.scoring.discard_win_multiplier)
_settle("dealer_multiplier", INT, "规则文件的 scoring.dealer_multiplier")(lambda h: h.rules.scoring.dealer_multiplier)
_settle("base_points", INT, "规则文件的 scoring.base_points（底分）")(lambda h: h.rules.scoring.base_points)
_settle("all_losers_pay", BOOL, "规则文件写了 scoring.discard_paid_by: all_losers（点炮时三家都付）")(
    lambda h: h.rules.scoring.discard_paid_by == "all_losers")
_settle("base_paid_by_all", BOOL, "规则文件写了 scoring.base_paid_by: all_losers（点炮时另两家也付底分）")(
    lambda h: h.rules.scoring.base_paid_by == "all_losers")
_settle("stakes_declared", BOOL, "牌桌给出了每家下的注（飘分）")(
    lambda h: h.table is not None and h.table.stakes is not None)
_settle("payer_stake", INT, "付款者下的注（飘分；没有给出时为 0）")(
    lambda h: h.table.stakes[h.payer] if h.table is not None and h.table.stakes is not None else 0)
_settle("receiver_stake", INT, "收款者下的注（飘分；没有给出时为 0）")(
    lambda h: h.table.stakes[h.receiver] if h.table is not None and h.table.stakes is not None else 0)
_settle("payer_open_melds", INT, "付款者的副露个数（吃、碰、明杠、加杠；暗杠不算）")(
    lambda h: sum(1 for m in h.table.melds[h.payer] if not m.is_concealed) if h.table is not None else 0)
_settle("payer_held", ZONE, "一局结束时付款者的全部牌（暗手与副露，癞子按牌本身）")(lambda h: h.held(h.payer))
_settle("receiver_held", ZONE, "一局结束时收款者的全部牌（暗手与副露，癞子按牌本身）")(lambda h: h.held(h.receiver))
_settle("exposed_kong", BOOL, "开杠时：这是明杠（杠别人打出的牌）")(lambda h: h.kong is not None and h.kong[0] == "ming_kong")
_settle("concealed_kong", BOOL, "开杠时：这是暗杠")(lambda h: h.kong is not None and h.kong[0] == "an_kong")
_settle("added_kong", BOOL, "开杠时：这是加杠（补杠）")(lambda h: h.kong is not None and h.kong[0] == "bu_kong")
_settle("kong_tile", ZONE, "开杠时：杠的那种牌（一张）")(lambda h: (h.kong[1],) if h.kong is not None else ())
_settle("kong_wild", BOOL, "开杠时：杠的是癞子（四张癞子开杠）")(lambda h: h.kong is not None and len(h.kong) > 3 and h.kong[3])


_settle("win_price", INT, "付款者在这次和牌本身（和牌、底分两个公式）里付的钱，不含后面各项的加减")(
    lambda h: max(0, -h.win.payments[h.payer]) if h.win is not None and h.win.payments else 0)
_settle("discarder_seat", INT, "放炮者（抢杠时：被抢杠者）的座位号；自摸或不在和牌时为 -1（包赔的 liable 用）")(
    lambda h: h.discarder if h.discarder is not None else -1)
_settle("payer_locked", BOOL, "付款者做过锁定手牌的声明（亮倒）")(
    lambda h: h.table is not None and h.payer in h.table.declared)
_settle("receiver_locked", BOOL, "收款者做过锁定手牌的声明（亮倒）")(
    lambda h: h.table is not None and h.receiver in h.table.declared)
_settle("payer_lock_order", INT, "付款者是第几个锁定手牌（亮倒）的人：1 是第一个，没有锁定为 0")(
    lambda h: h.table.declared.index(h.payer) + 1 if h.table is not None and h.payer in h.table.declared else 0)


@_settle("self_draw_price", INT, "这次和牌若是自摸，付款者按本文件 scoring 块该付的钱（包赔“按自摸计价”用）")
def _self_draw_price(h) -> int:
    from engine.settlement import win_payments

    w = h.win
    active = w.active if w.active is not None else tuple(range(h.players))
    if h.payer not in active or h.payer == w.seat:
        return 0
    return max(0, -win_payments(h.rules, w.seat, w.total, True, None, h.dealer, active)[h.payer])


@_settle_fn("meld_feeder", INT, (Param("k", INT),),
            "和牌者第 k 副吃、碰、明杠来的副露是谁打出的牌（座位号）；这样的副露不到 k 副时为 -1（包牌）")
def _meld_feeder(k):
    nth = _int_arg(k)

    def f(h):
        claimed = [m for m in h.win.melds if m.from_seat is not None]
        i = nth(h)
        return claimed[i - 1].from_seat if 1 <= i <= len(claimed) else -1

    return f


@_settle_fn("counted_any", BOOL, (Param("names", WORD, None, V.ANY_WORD),),
            "这次和牌计了列表参数 names（如包赔的 big_fans）中的任何一个番型；names 不是列表参数时就是一个番名")
def _counted_any(names):
    key = names[0]

    def f(h):
        wanted = (h.lists or {}).get(key, (key,))
        return any(name in h.win.fans for name in wanted)

    return f


def pig(table, seat: int) -> bool:
    """花猪: ``seat`` still holds all three suits (wild tiles do not count), or a tile of its 定缺 void suit."""
    from engine.settlement import suits_held

    suits = suits_held(table.hands[seat], table.melds[seat], table.wild_codes)
    return len(suits) == 3 or bool(table.voids and table.voids[seat] is not None and table.voids[seat] in suits)


def ready_total(rules, table, seat: int) -> int | None:
    """The highest total ``seat``'s concealed hand could win for on a discard, or None when it is not ready
    (a seat still holding its void suit is not ready); computed once per table. Under
    ``win_condition.ready: shape`` a hand with a winning shape's wait is ready even when no win would be
    legal (its total is then 0)."""
    key = ("ready", seat)
    if key not in table.memo:
        from engine.settlement import best_ready_fan, shape_waits, suits_held

        if table.voids and table.voids[seat] is not None and \
                table.voids[seat] in suits_held(table.hands[seat], table.melds[seat], table.wild_codes):
            table.memo[key] = None
        else:
            best = best_ready_fan(rules, table.hands[seat], table.melds[seat], seat, table.dealer, table.wild_codes)
            if best is None and rules.win_condition.ready == "shape" and \
                    shape_waits(rules, table.hands[seat], table.melds[seat], table.wild_codes):
                best = 0
            table.memo[key] = best
    return table.memo[key]


_settle("payer_pig", BOOL, "一局结束时付款者是花猪：暗手与副露仍然万、条、筒三门都有（癞子不算），或定缺后仍有缺门的牌")(
    lambda h: pig(h.table, h.payer))
_settle("receiver_pig", BOOL, "一局结束时收款者是花猪（同 payer_pig）")(lambda h: pig(h.table, h.receiver))
_settle("payer_ready", BOOL, "一局结束时付款者听牌：有一张牌能让他合法和牌（win_condition.ready: shape 时只看牌型；定缺后仍有缺门牌的不算听牌）")(
    lambda h: ready_total(h.rules, h.table, h.payer) is not None)
_settle("receiver_ready", BOOL, "一局结束时收款者听牌（同 payer_ready）")(
    lambda h: ready_total(h.rules, h.table, h.receiver) is not None)
_settle("receiver_ready_total", INT, "一局结束时收款者听牌能和的最大合计（在他所有和牌张中按点和计分取最大；没听牌为 0）（查叫）")(
    lambda h: ready_total(h.rules, h.table, h.receiver) or 0)
_settle("receiver_playing", BOOL, "一局结束时收款者还在局中（血战：没有和牌离场）")(
    lambda h: h.table is None or h.table.still_in is None or h.receiver in h.table.still_in)


_settle("ready_count", INT, "一局结束时还在局中的人里听牌的人数（流局听牌料）")(
    lambda h: sum(1 for s in (h.table.still_in if h.table.still_in is not None else range(h.table.players))
                  if ready_total(h.rules, h.table, s) is not None) if h.table is not None else 0)


def _declared_by(seat_of):
    def build(name):
        want = name[0]

        def f(h):
            t = h.table
            seat = seat_of(h)
            return bool(t is not None and t.declarations and t.declarations[seat].get(want, 0))

        return f

    return build


_settle_fn("payer_declared", BOOL, (Param("name", WORD, None, V.ANY_WORD),),
           "付款者做了声明 name（本文件 declarations 中的名字，所选的值不为 0），如 杀报：放炮者报了听")(
    _declared_by(lambda h: h.payer))
_settle_fn("receiver_declared", BOOL, (Param("name", WORD, None, V.ANY_WORD),),
           "收款者做了声明 name（所选的值不为 0），如 押注的声明由和牌者收回")(_declared_by(lambda h: h.receiver))


@_settle("limit_points", INT, "本文件的封顶：max_fan / scoring.max_cap 中较小的一个，都没有时取番型表中最高的 base_fan；"
                              "加倍计分时换算成 底分 × 2^封顶番（再受 doubling.max_points 限制）（查花猪）")
def _limit_points(h) -> int:
    from engine.settlement import limit_points

    return limit_points(h.rules)


_settle("kong_income", INT, "转移或退还的那次杠，开杠的人收到的杠分（呼叫转移、退税）")(
    lambda h: h.facts["kong"].income if h.facts and "kong" in h.facts else 0)
_settle("payer_owns_kong", BOOL, "付款者就是开那次杠的人（退税）")(
    lambda h: bool(h.facts and "kong" in h.facts and h.facts["kong"].seat == h.payer))
_settle("receiver_paid_kong", INT, "收款者为那次杠付过的杠分（退税）")(
    lambda h: max(0, -h.facts["kong"].payments[h.receiver]) if h.facts and "kong" in h.facts else 0)
_settle("winners_now", INT, "这张牌上同时和牌的人数（一炮多响时大于 1；呼叫转移）")(
    lambda h: len(h.facts.get("winners", ())) if h.facts else 0)
_settle("receiver_win_order", INT, "收款者是这张牌上从放炮者起第几个和牌的人（1 是第一个；没有和这张牌为 0）")(
    lambda h: (list(h.facts["winners"]).index(h.receiver) + 1) if h.facts and h.receiver in h.facts.get("winners", ()) else 0)


def _wild_mask(codes) -> int:
    m = 0
    for c in codes:
        m |= 1 << c
    return m


_settle("primary_wild", TILES, "正精：本局的主癞子牌（固定癞子时就是它）")(
    lambda h: _wild_mask(h.table.primary) if h.table is not None else 0)
_settle("secondary_wild", TILES, "副精：本局的副癞子牌（没有时为空）")(
    lambda h: _wild_mask(h.table.secondary) if h.table is not None else 0)


@_settle("wild_substituted", BOOL, "和牌时有癞子当别的牌用（每张癞子都当它自己也能和时为假）")
def _wild_substituted(h) -> bool:
    from engine import solver

    w = h.win
    wild = h.table.wild_codes if h.table is not None else frozenset(h.ctx.wild_codes)
    if any(T.is_wildcard_code(t) for t in w.concealed):
        return True
    if not any(t in wild for t in w.concealed):
        return False
    return not solver.is_win(T.to_counts(w.concealed), 0, tuple(w.melds), solver.shapes_for(h.rules))


@_settle("first_discards_same", BOOL, "开局后庄家和其他每家按顺序打出的第一张牌都是同一张牌，中间没有吃碰杠（跟庄）")
def _first_discards_same(h) -> bool:
    t = h.table
    first = list(t.opening_discards[:t.players])
    if len(first) < t.players or first[0][0] != t.dealer:
        return False
    order = [(t.dealer + t.step * i) % t.players for i in range(t.players)]
    return [seat for seat, _ in first] == order and len({tile for _, tile in first}) == 1


@_settle_fn("counted", BOOL, (Param("name", WORD, None, V.ANY_WORD),), "这次和牌计了番型 name（照规则文件里的写法）")
def _counted(name):
    want = name[0]
    return lambda h: want in h.win.fans


def _int_arg(arg):
    if len(arg) == 1:
        c = arg[0]
        return lambda h: c
    return arg[1]


@_settle_fn("wall_tiles", ZONE, (Param("count", INT), Param("from_head", BOOL, False), Param("skip", INT, 0)),
            "一局结束时从牌墙翻开的牌（只看不拿）：从牌尾（from_head=true 时从牌头）先跳过 skip 张，翻 count 张；"
            "剩的牌不够时有几张翻几张")
def _wall_tiles(count, from_head, skip):
    n, k = _int_arg(count), _int_arg(skip)
    if isinstance(from_head, tuple):  # the default: a constant, not a closure
        head = from_head[0]
        from_head = lambda h: head  # noqa: E731

    def f(h):
        wall = list(h.table.wall)
        if not from_head(h):
            wall.reverse()
        start = k(h)
        tiles = wall[start:start + n(h)]
        if h.shown is not None:
            h.shown["tiles"] = tiles
        return tiles

    return f


@_settle_fn("wall_share", ZONE, (Param("count", INT),),
            "一局结束时从牌墙头按座位顺序（从庄家起）给每家翻 count 张（买马）：收款者分到的那几张")
def _wall_share(count):
    n = _int_arg(count)

    def f(h):
        t = h.table
        k = n(h)
        order = [(t.dealer + t.step * i) % t.players for i in range(t.players)]
        tiles = list(t.wall[:k * t.players])
        i = order.index(h.receiver)
        share = tiles[i * k:(i + 1) * k]
        if h.shown is not None:
            h.shown.setdefault("shares", {})[h.receiver] = share
        return share

    return f


def seat_by_rank(tile: int, origin: int, players: int, step: int = 1) -> int:
    """The seat a tile points at, counting ``origin`` as 1 in turn order: rank 1/5/9 → origin, 2/6 → the
    next seat, 3/7 → the one after, 4/8 → the one before (four players); winds 东南西北 count 1–4 and
    dragons 中发白 1–3. With fewer players the count wraps."""
    if T.is_suited(tile):
        k = T.rank_of(tile) - 1
    elif tile in T.WINDS:
        k = T.WINDS.index(tile)
    elif tile in T.DRAGONS:
        k = T.DRAGONS.index(tile)
    else:
        k = 0
    return (origin + step * (k % players)) % players


_SEAT_WORDS = ("winner", "payer", "receiver", "dealer")


@_settle_fn("points_at", INT, (Param("zone", ZONE), Param("target", WORD, None, _SEAT_WORDS),
                                Param("origin", WORD, "winner", _SEAT_WORDS)),
            "牌区中按点数指向 target 的张数：以 origin 为 1 按行牌顺序数，1/5/9 指 origin，2/6 下家，3/7 对家，4/8 上家；"
            "风牌东南西北数 1–4，箭牌中发白数 1–3（抓鸟、买马）")
def _points_at(zone, target, origin):
    want, start = target[0], origin[0]

    def f(h):
        t = h.table
        o, goal = h.seat(start), h.seat(want)
        n, step = (t.players, t.step) if t is not None else (h.players, 1)
        return sum(1 for x in zone(h) if seat_by_rank(x, o, n, step) == goal)

    return f


def settle_names() -> Sequence[str]:
    """Every name this module registers."""
    return [n for n, e in V.VOCABULARY.items() if e.scope == SETTLE]
