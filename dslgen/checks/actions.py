"""Actions: each option names an action the engine offers in that slot."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check

SLOT_NAMES = {"self_action": "自己回合动作（self_action）", "others_reaction": "响应他人出牌（others_reaction）"}


def _slot_actions(ctx: RuleContext) -> dict[str, frozenset[str]]:
    return {"self_action": ctx.facts.self_actions, "others_reaction": ctx.facts.reactions}


@check("C301", "unknown-action", "error")
def unknown_action(ctx: RuleContext) -> Iterator[Problem]:
    """动作名引擎不认识

    ``self_action.options[].action`` 与 ``others_reaction.options[].action`` 必须是引擎
    对局流程提供的动作。两个位置都不认识的名称多半是笔误（如 ``peng`` 应为 ``pung``）。

    修复：自己回合可用 discard / an_kong / bu_kong / win 等，响应可用 chi / pung /
    ming_kong / win / pass 等（以 ``dslgen capabilities`` 所在版本的引擎为准）。
    """
    slots = _slot_actions(ctx)
    every = slots["self_action"] | slots["others_reaction"]
    for slot, allowed in slots.items():
        for path, opt in ctx.action_options(slot):
            action = opt.get("action")
            if isinstance(action, str) and action not in every:
                yield Problem(
                    path + ("action",),
                    f"动作 {action} 引擎不认识",
                    f"{SLOT_NAMES[slot]}可用：" + "、".join(sorted(allowed)),
                    {"action": action},
                )


@check("C302", "action-wrong-slot", "error")
def action_wrong_slot(ctx: RuleContext) -> Iterator[Problem]:
    """动作放错了位置（self_action 与 others_reaction 混用）

    有些动作只能在自己回合做（打牌、暗杠、加杠、自摸），有些只能响应别人打出的牌
    （吃、碰、明杠、点炮胡、过）。把 ``chi`` 放进 ``self_action``、把 ``discard``
    放进 ``others_reaction`` 这类写法，引擎不会提供该动作。

    修复：把该选项移到另一个子阶段的 ``options`` 中。
    """
    slots = _slot_actions(ctx)
    for slot, allowed in slots.items():
        other = "others_reaction" if slot == "self_action" else "self_action"
        for path, opt in ctx.action_options(slot):
            action = opt.get("action")
            if isinstance(action, str) and action not in allowed and action in slots[other]:
                yield Problem(
                    path + ("action",),
                    f"动作 {action} 不能用于{SLOT_NAMES[slot]}，它属于{SLOT_NAMES[other]}",
                    f"把 {{ action: {action} }} 移到 sub_phases.{other}.options",
                    {"action": action},
                )
