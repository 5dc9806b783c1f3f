"""结算：和牌支付与结算前钩子的支付。

所有函数只接收普通数据，返回每个座位一个整数（长度为 ``rules.players`` 的列表），总和为零。
这里不动牌、不读对局状态：由对局流程调用并应用结果。

和牌支付（``scoring``）是标准支付库（``engine/payments/standard.pays``）的 和牌 与 底分 两个公式，记和牌总番为 ``base``：

* 自摸：每个付款座位付 ``base × self_draw_multiplier``；
* 点炮：只有放炮者付 ``base × discard_win_multiplier``（``discard_paid_by: all_losers`` 时每个未和牌的
  付款座位都付这一份，放炮者不单独多付）；
* ``dealer_multiplier`` 为 N：庄家和牌时每笔支付 ×N；闲家和牌时只有庄家的那笔 ×N；
* 底分 ``base_points``（国标 8）：每笔付款再加底分；``base_paid_by: all_losers`` 时点炮的
  其他输家也各付一份底分（国标：点和 放炮者付 番 + 8，另两家各付 8；自摸 三家各付 番 + 8）；
  底分不乘倍数；
* 付款座位是 ``active_seats`` 中除和牌者以外的座位（血战到底：已经和牌离场的玩家不付）；
  和牌者收取总和。

钩子（``scoring.pre_hooks``）用 :func:`hook` 登记在 :data:`HOOKS` 中；每个接收
``(rules, state: HookState)``，返回 :class:`HookResult`。查花猪与查叫的钱是标准支付库中同名的公式
（``check_hua_zhu``、``check_ting``），钩子只决定何时执行并列出找到的花猪与听牌者。
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld
from engine.payments.compile import compile_payment
from engine.payments.ledger import evaluate
from engine.payments.library import LIBRARY
from engine.rules import Rules


@lru_cache(maxsize=None)
def _base() -> tuple:
    """The library's 和牌 and 底分 formulas, compiled once (they read the rule set when evaluated)."""
    return tuple(compile_payment(LIBRARY[name]) for name in ("和牌", "底分"))


def win_payments(rules: Rules, winner: int, total: int, self_drawn: bool, discarder: int | None,
                 dealer: int, active_seats: Sequence[int] | None = None, ctx=None, pays=None) -> list[int]:
    """Per-seat payments for one win: the library's 和牌 and 底分 formulas (see the module docstring);
    sums to zero. ``ctx`` is the win's context (the formulas read ``self_drawn`` and ``dealer`` from it).
    ``pays``: the scored reading's ``hand_value.payments`` amounts (``ScoreResult.pays``), which replace the
    formulas when the file declares a hand value: on a discard the discarder pays ``discarder_*``, on a
    self-drawn win every other seat still playing pays ``draw_*`` (``*`` = ``dealer`` / ``other``)."""
    from engine.fans import WinContext
    from engine.settlement_items import WinFacts

    n = rules.players
    if not self_drawn and (discarder is None or discarder == winner):
        raise ValueError("a discard win needs a discarder other than the winner")
    seats = tuple(range(n)) if active_seats is None else tuple(active_seats)
    if pays:
        return hand_value_payments(pays, n, winner, self_drawn, discarder, dealer, seats)
    if ctx is None:
        ctx = WinContext((), (), 0, self_drawn=self_drawn, seat=winner, dealer=dealer)
    win = WinFacts(winner, self_drawn, discarder, total, ())
    pay = [0] * n
    for c in _base():
        part, _ = evaluate(c, rules=rules, n=n, dealer=dealer, active=seats, win=win, ctx=ctx, discarder=discarder,
                           snapshot=pay)
        for s in range(n):
            pay[s] += part[s]
    return pay


def hand_value_payments(pays, n: int, winner: int, self_drawn: bool, discarder: int | None, dealer: int,
                        seats: Sequence[int]) -> list[int]:
    """Per-seat payments (zero-sum) from a reading's ``hand_value.payments`` amounts (see :func:`win_payments`)."""
    out = [0] * n
    payers = [s for s in seats if s != winner] if self_drawn else [discarder]
    for s in payers:
        amount = pays.get(("draw_" if self_drawn else "discarder_") + ("dealer" if s == dealer else "other"), 0)
        out[s] -= amount
        out[winner] += amount
    return out


@dataclass(frozen=True)
class HookState:
    """The table at an exhaustive draw, as plain data.

    ``hands[s]``: seat ``s``'s concealed tiles (wild tiles as their own codes);
    ``melds[s]``: its declared melds; ``active_seats``: seats still playing (血战:
    players who already won are not active); ``hua_zhu``: seats already found to be
    花猪 (``check_hua_zhu`` fills it for ``check_ting``).
    """

    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    active_seats: tuple[int, ...]
    dealer: int = 0
    wild_codes: frozenset[int] = frozenset()
    hua_zhu: tuple[int, ...] = ()
    #: 定缺: each seat's declared void suit (0 万, 1 条, 2 筒) or None; empty when there was no 定缺.
    voids: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class HookResult:
    """What a hook decided: per-seat payments (zero-sum) and the facts behind them."""

    payments: list[int]
    details: dict = field(default_factory=dict)


@dataclass(frozen=True)
class HookUnit:
    """A registered pre-settlement hook."""

    name: str
    run: Callable[[Rules, HookState], HookResult]
    doc: str
    #: the Chinese name reports and replays show (查花猪)
    zh: str = ""


#: hook name -> unit.
HOOKS: dict[str, HookUnit] = {}


def hook(name: str, zh: str) -> Callable:
    """Register the decorated ``f(rules, state) -> HookResult`` as the pre-hook ``name``, called ``zh``."""

    def decorate(func):
        HOOKS[name] = HookUnit(name, func, inspect.cleandoc(func.__doc__ or ""), zh)
        return func

    return decorate


def penalty_cap(rules: Rules) -> int:
    """花猪支付的数额：``check_hua_zhu`` 声明了 ``amount`` 时取它；否则为封顶——设了 ``max_fan`` /
    ``scoring.max_cap`` 时取较小者，否则取番型表中最高的 ``base_fan``；加倍计分（``fan_stacking: double``）
    时换算成分数 底分 × 2^封顶番（再受 ``doubling.max_points`` 限制）。"""
    declared = next((h.amount for h in rules.scoring.pre_hooks if h.name == "check_hua_zhu" and h.amount is not None), None)
    return declared if declared is not None else limit_points(rules)


def limit_points(rules: Rules) -> int:
    """The file's cap (``max_fan`` / ``scoring.max_cap``, the smaller; else the highest ``base_fan``), in points
    under doubling (底分 × 2^cap, within ``doubling.max_points``): the payment name ``limit_points``."""
    caps = [c for c in (rules.max_fan, rules.scoring.max_cap) if c]
    fan = min(caps) if caps else max((f.base_fan for f in rules.fans), default=0)
    if rules.fan_stacking == "double":
        dbl = rules.scoring.doubling
        points = dbl.base << fan
        return min(points, dbl.max_points) if dbl.max_points else points
    return fan


def suits_held(hand: Sequence[int], melds: Sequence[Meld], wild_codes: frozenset[int] = frozenset()) -> set[int]:
    """Suits (0 万, 1 条, 2 筒) among a player's concealed tiles and melds; wild tiles do not count."""
    out = {t // 10 for t in hand if t < 30 and t not in wild_codes}
    for m in melds:
        out.update(t // 10 for t in m.tiles if t < 30 and t not in wild_codes)
    return out


def hook_table(rules: Rules, state: HookState):
    """The table a pre-hook's payment formula reads (:class:`engine.settlement_items.Table`)."""
    from engine.settlement_items import Table

    return Table(players=rules.players, dealer=state.dealer, wins=(), hands=state.hands, melds=state.melds,
                 primary=tuple(sorted(state.wild_codes)), voids=state.voids, still_in=state.active_seats,
                 end_reason="deck_exhausted")


@lru_cache(maxsize=64)
def _hook_formula(name: str, settings: tuple):
    return compile_payment(LIBRARY[name], dict(settings))


def _run_library(rules: Rules, name: str, settings: dict, table, active, **kw) -> list[int]:
    pay, _ = evaluate(_hook_formula(name, tuple(sorted(settings.items()))), rules=rules, n=rules.players,
                      dealer=table.dealer, active=tuple(active), table=table, **kw)
    return pay


@hook("check_hua_zhu", "查花猪")
def check_hua_zhu(rules: Rules, state: HookState) -> HookResult:
    """查花猪：荒庄（牌摸完）时执行，用于血战。钱由标准支付库的 ``check_hua_zhu`` 公式算：

    花猪是仍在局中（尚未和牌）、暗手加副露仍然万、条、筒三门都有的座位（没有做到缺一门；
    癞子不算花色），以及定缺后手里（含副露）仍有缺门牌的座位。每个花猪向每个不是花猪的在局座位支付
    :func:`penalty_cap`：本 hook 写了 ``amount`` 时取它，否则为封顶番（没有封顶时取番型表中最高的番；
    加倍计分时换算成 底分 × 2^封顶番）。已和牌离场的座位不收。``details["hua_zhu"]`` 列出花猪座位。
    """
    from engine.payments.names import pig

    table = hook_table(rules, state)
    amount = penalty_cap(rules)
    pay = _run_library(rules, "check_hua_zhu", {"value": amount}, table, state.active_seats)
    pigs = tuple(s for s in state.active_seats if pig(table, s))
    return HookResult(pay, {"hua_zhu": list(pigs), "amount": amount})


def shape_waits(rules: Rules, hand: Sequence[int], melds: Sequence[Meld],
                wild_codes: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The tiles that complete a winning shape of a 13 − 3k hand (fans and requirements not asked)."""
    from engine import solver
    from engine.fans.scoring import compile_table

    counts = [0] * T.COUNT_SIZE
    wilds = 0
    for t in hand:
        if t in wild_codes or t >= T.WILDCARD_BASE:
            wilds += 1
        elif t < T.COUNT_SIZE:
            counts[t] += 1
    return tuple(solver.waits(counts, wilds, tuple(melds), compile_table(rules).shapes, rules.tile_kinds))


def best_ready_fan(rules: Rules, hand: Sequence[int], melds: Sequence[Meld], seat: int, dealer: int,
                   wild_codes: frozenset[int] = frozenset()) -> int | None:
    """The highest legal total a 13 − 3k hand could win for (on a discard), or None when it is not ready."""
    from engine.fans import WinContext, score_win

    best = None
    for w in shape_waits(rules, hand, melds, wild_codes):
        ctx = WinContext(tuple(hand) + (w,), tuple(melds), w, wild_codes, seat=seat, dealer=dealer)
        res = score_win(rules, ctx)
        if res is not None and res.legal and (best is None or res.total > best):
            best = res.total
    return best


@hook("check_ting", "查叫")
def check_ting(rules: Rules, state: HookState) -> HookResult:
    """查叫：荒庄时在查花猪之后执行，用于血战。钱由标准支付库的 ``check_ting`` 公式算：

    在不是花猪（``state.hua_zhu``）的在局座位中，若有某张牌能让它合法和牌（含和牌条件与起和番），
    该座位即为听牌。每个没听牌的座位向每个听牌座位支付该听牌座位的最大可能番数（在它所有
    和牌张中按点和计分、无事件标志取最大）。``details["ready"]`` 给出每个听牌座位的最大番数。
    """
    from engine.payments.names import ready_total

    table = hook_table(rules, state)
    after = bool(state.hua_zhu)
    pay = _run_library(rules, "check_ting", {"after_hua_zhu": after}, table, state.active_seats)
    seats = [s for s in state.active_seats if s not in state.hua_zhu]
    ready = {s: t for s in seats if (t := ready_total(rules, table, s)) is not None}
    return HookResult(pay, {"ready": ready, "not_ready": [s for s in seats if s not in ready]})


@hook("wildcard_count", "统计癞子")
def wildcard_count(rules: Rules, state: HookState) -> HookResult:
    """统计癞子：数出每个座位持有的癞子（暗手与副露中）。

    不产生支付（支付全为 0）；``details["counts"]`` 是各座位的癞子数，供记录与统计使用。
    """
    counts = []
    for s in range(rules.players):
        c = sum(1 for t in state.hands[s] if t in state.wild_codes or T.is_wildcard_code(t))
        c += sum(1 for m in state.melds[s] for t in m.tiles if t in state.wild_codes or T.is_wildcard_code(t))
        counts.append(c)
    return HookResult([0] * rules.players, {"counts": counts})


def run_hooks(rules: Rules, state: HookState) -> list[tuple[str, HookResult]]:
    """Run the rule file's ``pre_hooks`` in order; 花猪 found first are passed on to 查叫.

    Hook ``condition`` strings are the game flow's business (it decides when to
    call this); unknown hook names are skipped (the compliance checks report them).
    """
    out = []
    for h in rules.scoring.pre_hooks:
        unit = HOOKS.get(h.name)
        if unit is None:
            continue
        res = unit.run(rules, state)
        if h.name == "check_hua_zhu":
            state = HookState(state.hands, state.melds, state.active_seats, state.dealer,
                              state.wild_codes, tuple(res.details["hua_zhu"]), state.voids)
        out.append((h.name, res))
    return out


register("scoring.pre_hooks", "结算前钩子",
         "流局时的 查花猪 (check_hua_zhu)、查叫 (check_ting) 与 癞子统计 (wildcard_count) 的计分",
         "0.1.0", __name__)
