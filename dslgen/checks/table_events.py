"""``reveal`` and ``table_events`` (spec §24): what the engine would refuse in them, with a hint each."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


@check("C410", "table-events-invalid", "error")
def table_events_invalid(ctx: RuleContext) -> Iterator[Problem]:
    """翻牌或牌桌事件写得不对

    ``reveal``（翻牌定牌）与 ``table_events``（留牌、最后几张、即时和牌）中引擎不能照做的写法：翻牌时机不存在或重复，
    牌的名称缺失或重复，牌局结束后（``after_hand``）翻出的牌写成癞子，表达式里的 ``tagged(名称)`` 没有在
    ``reveal[].kinds`` 中声明，留牌后牌墙无牌可摸，最后几张限制了不能限制的动作，即时和牌以翻出的牌和而那个时机
    不翻牌、以花牌和或由补花者支付却不在补花时、牌库没有花牌却在补花时和、既无条件也无和牌张，以及即时和牌的
    条件表达式写错。

    修复：按提示修改对应字段（第 24 节）。
    """
    from engine.errors import RulesError
    from engine.rules import Rules
    from engine.validation import table_problems

    try:
        rules = Rules.from_dict({k: v for k, v in ctx.data.items() if k != "meta"}, validate=False)
    except (RulesError, TypeError, ValueError, KeyError, AttributeError):
        return
    for p in table_problems(rules):
        where = {"offset": p.column} if p.column >= 0 else {}
        yield Problem(tuple(p.steps), p.message, p.hint or "见规范第 24 节", where)
