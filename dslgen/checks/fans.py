"""Fan table checks: every declared fan is one the engine recognises, declared once."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from dslgen.checks.context import RuleContext, as_list
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


#: How many unknown fan names get a "did you mean" hint.
MAX_SUGGESTIONS = 50


@check("C201", "unknown-fan", "error")
def unknown_fan(ctx: RuleContext) -> Iterator[Problem]:
    """番型名引擎无法识别

    ``fan_types[].name`` 必须是标准番型库中的番型名（见 ``docs/fans.md``），或者这一行用 ``when`` 自己定义番型。
    引擎不认识的番型永远不会被识别，得分为 0，这往往是笔误或把别的规则体系的番名
    直接搬了过来（如国标的“花龙”“推不倒”目前不在识别列表中）。

    修复：改用识别列表中的名称（同义名如 碰碰胡/对对胡、平和/平胡 均可用），用 ``when`` 写出它的定义，或删去该番型。
    """
    known = ctx.facts.fan_names
    names = sorted(known)
    unknown = 0
    for i, fan in ctx.fans():
        name = fan["name"]
        if name in known or fan.get("composite_of") or fan.get("when"):  # composites: parts checked by C801;
            # a row with ``when`` defines its own fan (its expression is checked by C205)
            continue
        unknown += 1
        canonical = ctx.facts.fan_canonical
        # "did you mean" for the first unknown names only: thousands of them would cost seconds, and no
        # reader needs a suggestion on each
        matches = difflib.get_close_matches(name, names, n=5, cutoff=0.5) if unknown <= MAX_SUGGESTIONS else []
        close = list(dict.fromkeys(canonical.get(c, c) for c in matches))[:3]
        hint = (f"是否想写：{'、'.join(close)}？" if close else "请使用 docs/fans.md 中列出的番型名") + \
            "；库里没有的番型用 when 写出定义（规范第 22 节）"
        yield Problem(("fan_types", i, "name"), f"番型 {name} 引擎无法识别，计分时恒为 0 番", hint, {"fan": name})


@check("C202", "duplicate-fan", "error")
def duplicate_fan(ctx: RuleContext) -> Iterator[Problem]:
    """同一番型声明了多次（含同义名）

    ``fan_types`` 中每个番型只能出现一次。同义名（对对胡 / 碰碰胡 / 碰碰和、平胡 / 平和、
    带幺九 / 全带幺）指的是同一个番型，同时写两个等于重复声明，哪个 ``base_fan`` 生效并不明确。

    修复：删除重复项，只保留一条并合并其 ``excludes`` / ``conflicts``。
    """
    canonical = ctx.facts.fan_canonical
    first: dict[str, tuple[int, str]] = {}
    for i, fan in ctx.fans():
        name = fan["name"]
        key = canonical.get(name, name)
        if key in first:
            j, earlier = first[key]
            same = f"重复声明（第一次在 fan_types[{j}]）" if earlier == name else f"与 fan_types[{j}] 的 {earlier} 是同一番型（同义名）"
            yield Problem(
                ("fan_types", i, "name"),
                f"番型 {name} {same}",
                "只保留一条声明",
                {"fan": name},
            )
        else:
            first[key] = (i, name)


@check("C203", "exempt-fan-undeclared", "error")
def exempt_fan_undeclared(ctx: RuleContext) -> Iterator[Problem]:
    """免 2/5/8 将的番型没有在 fan_types 中声明

    ``win_condition.pair_258_exempt_fans`` 列出的番型成立时，胡牌不受 2/5/8 将的限制
    （长沙“大胡”）。这些名字必须是引擎识别的番型，并且在 ``fan_types`` 中声明
    （写同义名也可以）；否则豁免永远不会生效。

    修复：在 ``fan_types`` 中声明该番型，或从豁免列表中删去它。
    """
    canonical = ctx.facts.fan_canonical
    declared = {canonical.get(n, n) for n in ctx.fan_names}
    for j, name in enumerate(as_list(ctx.get("win_condition", "pair_258_exempt_fans"))):
        if not isinstance(name, str):
            continue
        path = ("win_condition", "pair_258_exempt_fans", j)
        if name not in canonical:
            yield Problem(path, f"免 2/5/8 将的番型 {name} 引擎无法识别", "请使用 docs/fans.md 中的番型名", {"fan": name})
        elif canonical[name] not in declared:
            yield Problem(path, f"免 2/5/8 将的番型 {name} 没有在 fan_types 中声明，豁免不会生效",
                          f"在 fan_types 中声明 {name}，或从 pair_258_exempt_fans 中删去它", {"fan": name})


@check("C204", "flower-rules-ignored", "warning")
def flower_rules_ignored(ctx: RuleContext) -> Iterator[Problem]:
    """写了 flower_rules 但牌库没有花牌

    ``flower_rules``（补花与花牌计分）只在 ``deck.include_flowers: true`` 时有效；牌库没有
    花牌时引擎忽略整段，文件里写的花牌分不会出现。这是警告：文件仍可运行。

    修复：把 ``deck.include_flowers`` 设为 ``true``（并相应调整 ``total``、``requires``），或删去 ``flower_rules``。
    """
    if ctx.get("flower_rules") and ctx.get("deck", "include_flowers") is not True:
        value = {False: "false", None: "未填写"}.get(ctx.get("deck", "include_flowers"), ctx.get("deck", "include_flowers"))
        yield Problem(("flower_rules",), f"写了 flower_rules，但 deck.include_flowers 是 {value}，花牌规则不会生效",
                      "把 deck.include_flowers 设为 true，或删去 flower_rules", {"value": "flower_rules"})
