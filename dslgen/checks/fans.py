"""Fan table checks: every declared fan is one the engine recognises, declared once."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


@check("C201", "unknown-fan", "error")
def unknown_fan(ctx: RuleContext) -> Iterator[Problem]:
    """番型名引擎无法识别

    ``fan_types[].name`` 必须是引擎已注册识别器的番型名（见 ``docs/fans.md``）。
    引擎不认识的番型永远不会被识别，得分为 0，这往往是笔误或把别的规则体系的番名
    直接搬了过来（如国标的“花龙”“推不倒”目前不在识别列表中）。

    修复：改用识别列表中的名称（同义名如 碰碰胡/对对胡、平和/平胡 均可用），或删去该番型。
    """
    known = ctx.facts.fan_names
    for i, fan in ctx.fans():
        name = fan["name"]
        if name in known:
            continue
        close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.5)
        hint = f"是否想写：{'、'.join(close)}？" if close else "请使用 docs/fans.md 中列出的番型名，或删去该番型"
        yield Problem(("fan_types", i, "name"), f"番型 {name} 引擎无法识别，计分时恒为 0 番", hint, {"fan": name})


@check("C202", "duplicate-fan", "error")
def duplicate_fan(ctx: RuleContext) -> Iterator[Problem]:
    """同一番型声明了多次

    ``fan_types`` 中每个番型名只能出现一次；重复声明时哪个 ``base_fan`` 生效并不明确。

    修复：删除重复项，只保留一条并合并其 ``excludes`` / ``conflicts``。
    """
    first: dict[str, int] = {}
    for i, fan in ctx.fans():
        name = fan["name"]
        if name in first:
            yield Problem(
                ("fan_types", i, "name"),
                f"番型 {name} 重复声明（第一次在 fan_types[{first[name]}]）",
                "只保留一条声明",
                {"fan": name},
            )
        else:
            first[name] = i
