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

    ``settlement_items[].item`` 必须是引擎 ``engine/settlement_items.py`` 中登记的结算项（jing_points 精分、
    de_guo 德国、birds 抓鸟、horses 买马、gen_zhuang 跟庄、lian_zhuang 连庄、piao 飘、liability 包赔）。
    未知结算项不会执行，玩法会少掉这笔结算。

    修复：改用已登记的结算项名；需要新的结算时先在引擎中实现并登记。
    """
    from engine.settlement_items import ITEMS

    for i, entry in _items(ctx):
        name = entry["item"]
        if name not in ITEMS:
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
