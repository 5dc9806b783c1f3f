"""Condition strings: fan conditions, action conditions and hook conditions."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import FieldPath, Problem
from dslgen.checks.registry import check


def normalise(expression: str) -> str:
    """``expression`` with runs of whitespace collapsed, as the engine's registries spell conditions.

    The engine evaluates a condition string by its exact registered name
    (``deck_exhausted AND not hua_zhu`` is one registered condition), so the
    whole string is looked up; an unknown string never holds in the engine.
    """
    return " ".join(expression.split())


def condition_fields(ctx: RuleContext) -> Iterator[tuple[FieldPath, str, frozenset[str]]]:
    """(path, expression, names valid there) of every non-empty condition string in the file.

    Each place has its own registry: fan conditions (``engine.fans``), action
    conditions (``engine.game.action_conditions``) and hook conditions (``engine.game.hooks``).
    """
    facts = ctx.facts
    for i, fan in ctx.fans():
        cond = fan.get("condition")
        if isinstance(cond, str) and cond.strip():
            yield ("fan_types", i, "condition"), cond, facts.fan_conditions
    for slot in ("self_action", "others_reaction"):
        for path, opt in ctx.action_options(slot):
            cond = opt.get("condition")
            if isinstance(cond, str) and cond.strip():
                yield path + ("condition",), cond, facts.conditions
    for path, hook in ctx.hooks():
        cond = hook.get("condition")
        if isinstance(cond, str) and cond.strip():
            yield path + ("condition",), cond, facts.hook_conditions


@check("C211", "unknown-condition", "error")
def unknown_condition(ctx: RuleContext) -> Iterator[Problem]:
    """条件字符串引擎不支持

    ``fan_types[].condition``、动作选项的 ``condition`` 与 ``pre_hooks[].condition``
    中的每个条件名都必须是引擎在该位置已注册的条件（番型条件、动作条件、钩子条件各有
    一张表）。条件按整串匹配：``deck_exhausted AND not hua_zhu`` 是一个已注册的条件，
    而随手写的组合不是。引擎不认识的条件无法求值，对应的番型、动作或钩子将永远不会触发。

    修复：改用规范“支持的条件字符串”一节列出的条件名，或留空表示无条件。
    """
    for path, expression, known in condition_fields(ctx):
        text = normalise(expression)
        if text not in known:
            yield Problem(
                path,
                f"条件 {text} 引擎不支持，在引擎里永远不成立",
                "此处可用条件：" + ("、".join(sorted(known)) or "无"),
                {"condition": text},
            )
