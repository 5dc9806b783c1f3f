"""结算项：番型以外的结算（精分、冲关、霸王精、德国、抓鸟、买马、跟庄、连庄、口口翻的付款者、飘、亮倒、包赔）。

规则文件在 ``settlement_items`` 中按顺序列出结算项，每项 ``{item: 名字, 参数…}``，之后是文件自己在
``payments`` 中写的支付公式。结算项大多是标准支付库（``engine/payments/standard.pays``）中的支付公式，
这里把每个公式包成一个 :class:`ItemUnit`（亮倒、包赔这样转移别人支付的项也是公式：``liable`` 与分步的
``[名字/部分]``）；:func:`item` 让嵌入引擎的程序另外登记自己的单元。每个单元的文档就是用户文档（``docs/settlement-items.md`` 由它生成）。每个单元
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
from typing import Any, Callable, Mapping

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
    #: 定缺: each seat's void suit (0 万, 1 条, 2 筒) or None; empty when there was none.
    voids: tuple[int | None, ...] = ()
    #: seats still playing when the hand ended (血战: not those who won and left); None: every seat.
    still_in: tuple[int, ...] | None = None
    #: what payment names computed once for this table (a ready hand's best total …); not part of its value.
    memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

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

def _per_win_result(n: int, parts: list[list[int]], details: dict) -> ItemResult:
    total = [0] * n
    for part in parts:
        for s, v in enumerate(part):
            total[s] += v
    return ItemResult(total, details, parts)


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
    c = _compiled(payment, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in settings.items())))
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


def _formula_unit(payment: pay_model.Payment, parts: tuple[pay_model.Payment, ...]) -> ItemUnit:
    params = {}
    for k, default in payment.params:
        if isinstance(default, pay_model.Many):
            params[k] = Param("array", list(default.default), payment.help.get(k, ""), default.choices)
        elif isinstance(default, tuple):
            params[k] = Param("string", default[0], payment.help.get(k, ""), default)
        elif isinstance(default, bool):
            params[k] = Param("boolean", default, payment.help.get(k, ""))
        else:
            params[k] = Param("integer", default, payment.help.get(k, ""))

    def run(rules, settings, table, running, _parts=parts):
        if len(_parts) == 1:
            return run_formula(rules, _parts[0], settings, table, running)
        return _run_parts(rules, _parts, settings, table, running)

    return ItemUnit(payment.name, payment.zh, run, params, payment.doc,
                    any(p.when == pay_model.WIN for p in parts))


def _run_parts(rules, parts, settings, table: Table, running) -> ItemResult:
    """An item of several parts: each runs on the debts the parts before it left, the results add up."""
    n = table.players
    running = [list(r) for r in running]
    total = [0] * n
    per_win = [[0] * n for _ in table.wins]
    wins = [{"winner": w.seat, "pairs": []} for w in table.wins]
    details: dict = {"wins": wins}
    for p in parts:
        res = run_formula(rules, p, settings, table, running)
        for s, v in enumerate(res.payments):
            total[s] += v
        for i, part in enumerate(res.per_win or ()):
            running[i] = [a + b for a, b in zip(running[i], part)]
            per_win[i] = [a + b for a, b in zip(per_win[i], part)]
        def labelled(r, label=[p.zh] if "/" in p.name and p.zh else []):
            return r[:3] + label if label and (len(r) == 3 or r[3] == "包赔") else r

        for i, row in enumerate(res.details.get("wins") or ()):
            wins[i]["pairs"] += [labelled(r) for r in row["pairs"]]
        if res.details.get("pairs"):
            details.setdefault("pairs", []).extend(labelled(r) for r in res.details["pairs"])
        for key in ("tiles", "shares"):
            if key in res.details:
                details[key] = res.details[key]
    return ItemResult(total, details, per_win)


#: the library payments every file has through its scoring block (和牌, 底分; 杠分, 呼叫转移 and 退税 from
#: ``scoring.kong_payments``; the pre-hooks 查花猪 and 查叫); the others a file uses by name in settlement_items
BUILT_IN = ("和牌", "底分", "杠分", "呼叫转移", "退税", "check_hua_zhu", "check_ting")
for _name in pay_library.LIBRARY:
    if _name not in BUILT_IN and "/" not in _name:
        ITEMS[_name] = _formula_unit(pay_library.LIBRARY[_name], pay_library.parts_of(pay_library.LIBRARY, _name))


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
