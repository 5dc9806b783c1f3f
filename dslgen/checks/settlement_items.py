"""Settlement items (``settlement_items``): only items the engine implements, used where they mean something."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping

from dslgen.checks.context import RuleContext, as_list
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


def _items(ctx: RuleContext) -> Iterator[tuple[int, Mapping]]:
    for i, entry in enumerate(as_list(ctx.get("settlement_items"))):
        if isinstance(entry, Mapping) and isinstance(entry.get("item"), str):
            yield i, entry


@check("C331", "unknown-settlement-item", "error")
def unknown_settlement_item(ctx: RuleContext) -> Iterator[Problem]:
    """结算项（settlement_items）引擎不认识

    ``settlement_items[].item`` 必须是标准支付库（``engine/payments/standard.pays``）或引擎登记的结算项
    （jing_points 精分、de_guo 德国、birds 抓鸟、horses 买马、gen_zhuang 跟庄、lian_zhuang 连庄、piao 飘、
    liang_dao 亮倒、liability 包赔……，见 docs/settlement-items.md），或本文件 ``payments`` 中写的支付公式的名字。
    未知结算项不会执行，玩法会少掉这笔结算。

    修复：改用已有的结算项名；库里没有的结算在 ``payments`` 中写成支付公式。
    """
    from engine.settlement_items import ITEMS

    own = {str(p.get("name")) for p in as_list(ctx.get("payments")) if isinstance(p, Mapping)}
    for i, entry in _items(ctx):
        name = entry["item"]
        if name not in ITEMS and name not in own:
            close = difflib.get_close_matches(name, sorted(ITEMS), n=1, cutoff=0.6)
            hint = f"是否想写 {close[0]}？" if close else ""
            yield Problem(("settlement_items", i, "item"), f"结算项 {name} 引擎不认识",
                          hint + "可用结算项：" + "、".join(ITEMS), {"item": name})


@check("C332", "settlement-item-needs-wildcard", "warning")
def settlement_item_needs_wildcard(ctx: RuleContext) -> Iterator[Problem]:
    """精分或德国写在没有癞子的玩法里

    ``jing_points``（精分）数的是精，``de_guo``（德国）看的是和牌有没有用精代替别的牌；没有
    ``wildcard_rules`` 时两者永远不产生支付，多半是漏写了翻精规则。

    修复：补上 ``wildcard_rules``（南昌：``type: random``、``random_count: 2``），或删去这一项。
    """
    if ctx.get("wildcard_rules"):
        return
    for i, entry in _items(ctx):
        if entry["item"] in ("jing_points", "de_guo"):
            yield Problem(("settlement_items", i, "item"), f"结算项 {entry['item']} 需要癞子，但玩法没有 wildcard_rules",
                          "补上 wildcard_rules，或删去这一项", {"item": entry["item"]})


@check("C333", "liability-fan-undeclared", "error")
def liability_fan_undeclared(ctx: RuleContext) -> Iterator[Problem]:
    """包牌（liability）的 big_fans 写了番型表里没有的番型

    ``liability.big_fans`` 中的番型只有在 ``fan_types`` 中声明后才会被计到，未声明的番型永远不会触发包牌。

    修复：在 ``fan_types`` 中声明它，或从 ``big_fans`` 中删去。
    """
    canonical = ctx.facts.fan_canonical
    declared = {canonical.get(f.get("name"), f.get("name")) for _, f in ctx.fans()}
    for i, entry in _items(ctx):
        for j, name in enumerate(as_list(entry.get("big_fans"))):
            if isinstance(name, str) and canonical.get(name, name) not in declared:
                yield Problem(("settlement_items", i, "big_fans", j), f"包牌番型 {name} 没有在 fan_types 中声明",
                              f"在 fan_types 中声明 {name}，或从 big_fans 中删去", {"fan": name})


def _declares_liang_dao(ctx: RuleContext) -> bool:
    return any(o.get("action") == "liang_dao" for _, o in ctx.action_options("self_action"))


@check("C334", "liang-dao-without-action", "error")
def liang_dao_without_action(ctx: RuleContext) -> Iterator[Problem]:
    """写了亮倒的规则（``liang_dao`` 块或结算项 ``liang_dao``），却没有列出亮倒动作

    亮倒是自己回合的动作 ``{action: liang_dao}``（``self_action.options``）。没有这个动作就没有人能亮倒，
    ``liang_dao`` 块和结算项永远不起作用——多半是漏写了动作。

    修复：在 ``self_action.options`` 中加 ``{action: liang_dao}``，或删去亮倒的块和结算项。
    """
    if _declares_liang_dao(ctx):
        return
    if isinstance(ctx.get("liang_dao"), Mapping):
        yield Problem(("liang_dao",), "写了 liang_dao 块，但 self_action 没有列出 liang_dao 动作",
                      "在 self_action.options 中加 {action: liang_dao}，或删去 liang_dao 块", {})
    for i, entry in _items(ctx):
        if entry["item"] == "liang_dao":
            yield Problem(("settlement_items", i, "item"), "结算项 liang_dao 需要亮倒动作，但 self_action 没有列出 liang_dao",
                          "在 self_action.options 中加 {action: liang_dao}，或删去这一项", {"item": "liang_dao"})


@check("C335", "liang-dao-unpaid", "warning")
def liang_dao_unpaid(ctx: RuleContext) -> Iterator[Problem]:
    """列出了亮倒动作，却没有结算项 ``liang_dao``

    亮倒的输赢翻倍、点炮包赔、荒庄赔付都在结算项 ``liang_dao`` 中声明。没有它时亮倒只锁定手牌，
    不改变任何支付——已公开的卡五星规则里亮倒者输赢都翻倍。

    修复：在 ``settlement_items`` 中加 ``{item: liang_dao, win_multiplier: 2, …}``（见规范第 20 节）。
    """
    if not _declares_liang_dao(ctx) or any(e["item"] == "liang_dao" for _, e in _items(ctx)):
        return
    path = next(p for p, o in ctx.action_options("self_action") if o.get("action") == "liang_dao")
    yield Problem(tuple(path), "列出了亮倒动作，但没有结算项 liang_dao：亮倒不改变任何支付",
                  "在 settlement_items 中加 {item: liang_dao, win_multiplier: 2}", {})
