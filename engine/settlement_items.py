"""结算项：番型以外的结算（精分、冲关、霸王精、德国、抓鸟、买马、跟庄、连庄、口口翻的付款者、飘、亮倒、包赔）。

规则文件在 ``settlement_items`` 中按顺序列出结算项，每项 ``{item: 名字, 参数…}``，之后是文件自己在
``payments`` 中写的支付公式。结算项大多是标准支付库（``engine/payments/standard.pays``）中的支付公式，
这里把每个公式包成一个 :class:`ItemUnit`；亮倒与包赔仍是这里用 :func:`item` 登记的单元（它们转移别人
的支付，还不是公式）。每个单元的文档就是用户文档（``docs/settlement-items.md`` 由它生成）。每个单元
接收规则、它的参数和一局结束时的牌桌（:class:`Table`，普通数据），返回 :class:`ItemResult`：每个座位
一个整数（总和为零）与说明细节。

顺序：结算项按声明顺序执行。跟某一次和牌相关的项（德国、抓鸟、买马、连庄、飘、包赔）看到的是
这次和牌的支付加上它之前各项对这次和牌的增减（所以 包赔 一般写在最后，转移全部）；
``multiply`` 的项按这时的支付计算。与和牌无关的项（精分、跟庄）直接给出支付。

这里不动牌、不读对局状态：对局流程（:mod:`engine.game.flow`）和 ``dslgen hand`` 构造
:class:`Table` 并应用结果。
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld
from engine.payments import library as pay_library
from engine.payments import model as pay_model
from engine.payments.compile import compile_payment
from engine.payments.ledger import evaluate, moment_ok
from engine.payments.names import seat_by_rank

__all__ = ["ITEMS", "ItemResult", "ItemUnit", "Param", "Table", "WinFacts", "item", "seat_by_rank", "settle_items"]


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
    #: the win's :class:`~engine.fans.WinContext` (what payment formulas read as the winner's state); None:
    #: rebuilt from the fields above.
    ctx: Any = None


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
    #: seats that declared 亮倒 (a declaration that locked the hand), in the order they declared.
    declared: tuple[int, ...] = ()
    #: every seat's declarations (:mod:`engine.game.declarations`): name -> chosen value (报听 1, 飘 2 …).
    declarations: tuple[Mapping[str, int], ...] = ()
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

def win_context(w: WinFacts, table: Table):
    """The win's context for payment formulas: ``w.ctx``, or one rebuilt from the settlement facts."""
    if w.ctx is not None:
        return w.ctx
    from engine.fans import WinContext

    concealed = tuple(w.concealed)
    return WinContext(concealed, tuple(w.melds), concealed[-1] if concealed else 0, table.wild_codes,
                      self_drawn=w.self_drawn, robbing_kong=w.robbing_kong, seat=w.seat, dealer=table.dealer,
                      streak=table.streak)


@lru_cache(maxsize=512)
def _compiled(payment: pay_model.Payment, settings: tuple):
    return compile_payment(payment, dict(settings))


def run_formula(rules, payment: pay_model.Payment, settings: Mapping[str, Any], table: Table, running) -> ItemResult:
    """One payment formula over the table at the end of the hand: per win (``when: win``, each win's debts
    so far in ``running``) or once (``end`` / ``draw``)."""
    c = _compiled(payment, tuple(sorted(settings.items())))
    n = table.players
    if payment.when == pay_model.WIN:
        parts, rows, shown = [], [], {}
        for i, w in enumerate(table.wins):
            active = w.active if w.active is not None else tuple(range(n))
            part, moved = evaluate(c, rules=rules, n=n, dealer=table.dealer, active=active, step=table.step,
                                   win=w, ctx=win_context(w, table), table=table, discarder=w.discarder,
                                   snapshot=running[i], shown=shown)
            parts.append(part)
            rows.append(moved)
        details = {"wins": [{"winner": w.seat, "pairs": r} for w, r in zip(table.wins, rows)]}
        return _per_win_result(n, parts, {**details, **_shown(shown)})
    if payment.when == pay_model.KONG or not moment_ok(c, wins=len(table.wins), end_reason=table.end_reason):
        return ItemResult([0] * n, {})
    shown = {}
    pay, moved = evaluate(c, rules=rules, n=n, dealer=table.dealer, active=tuple(range(n)), step=table.step,
                          table=table, shown=shown)
    return ItemResult(pay, {"pairs": moved, **_shown(shown)})


def _shown(shown: dict) -> dict:
    """The tiles a formula turned over, as tile names (``tiles``; ``shares`` by seat)."""
    out: dict = {}
    if "tiles" in shown:
        out["tiles"] = [T.tile_name(t) for t in shown["tiles"]]
    if "shares" in shown:
        out["shares"] = {str(s): [T.tile_name(t) for t in ts] for s, ts in sorted(shown["shares"].items())}
    return out


def _formula_unit(payment: pay_model.Payment) -> ItemUnit:
    params = {}
    for k, default in payment.params:
        if isinstance(default, tuple):
            params[k] = Param("string", default[0], payment.help.get(k, ""), default)
        elif isinstance(default, bool):
            params[k] = Param("boolean", default, payment.help.get(k, ""))
        else:
            params[k] = Param("integer", default, payment.help.get(k, ""))

    def run(rules, settings, table, running, _p=payment):
        return run_formula(rules, _p, settings, table, running)

    return ItemUnit(payment.name, payment.zh, run, params, payment.doc, payment.when == pay_model.WIN)


#: the library payments a file uses by name (和牌, 底分 and 杠分 are every file's own, from its scoring block)
BUILT_IN = ("和牌", "底分", "杠分")
for _name, _payment in pay_library.LIBRARY.items():
    if _name not in BUILT_IN:
        ITEMS[_name] = _formula_unit(_payment)


def settle_items(rules, table: Table) -> list[tuple[str, ItemResult]]:
    """Run the rule file's ``settlement_items`` in order, then its own ``payments`` made after the play
    (``win``, ``end``, ``draw``) that ``settlement_items`` does not name (naming one places it in the order);
    unknown names are skipped (the checks report them)."""
    running = [list(w.payments) for w in table.wins]
    out = []

    def keep(name: str, res: ItemResult) -> None:
        if res.per_win:
            for i, part in enumerate(res.per_win):
                running[i] = [a + b for a, b in zip(running[i], part)]
        out.append((name, res))

    own = {p.name: p for p in rules.payments if p.when != pay_model.KONG}
    placed = set()
    for decl in rules.settlement_items:
        if decl.name in own:  # the file's own formula, at this place in the order
            placed.add(decl.name)
            keep(decl.name, run_formula(rules, own[decl.name], {}, table, running))
            continue
        unit = ITEMS.get(decl.name)
        if unit is not None:
            keep(decl.name, unit.run(rules, unit.settings(decl.params), table, running))
    for name, payment in own.items():
        if name not in placed:
            keep(name, run_formula(rules, payment, {}, table, running))
    return out


register("scoring.settlement_items", "结算项",
         "番型以外的结算：精分（冲关、霸王精）、德国、抓鸟/扎鸟/奖码、买马、跟庄、连庄、飘、亮倒、包赔（settlement_items），与文件自己的支付公式（payments）",
         "0.2.0", __name__)
