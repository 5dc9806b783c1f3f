"""``requires`` consistency, both ways: features used need their capability, and vice versa."""

from __future__ import annotations

from collections.abc import Iterator

from engine.capabilities import NEEDS, Need

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import FieldPath, Problem
from dslgen.checks.registry import check


#: The engine's table of which feature needs which capability (:data:`engine.capabilities.NEEDS`).
USAGES: tuple[Need, ...] = NEEDS


@check("C501", "capability-not-required", "error")
def capability_not_required(ctx: RuleContext) -> Iterator[Problem]:
    """用到了某项能力却没有在 requires 中声明

    ``requires`` 是规则文件对引擎的能力清单，必须与文件实际用到的功能一致：有
    ``wildcard_rules`` 就要 ``meldsolver.wildcard``，有花牌就要 ``deck.flower_cards``，
    血战就要 ``phase.parallel_elimination``，十三幺 / 全不靠 / 一色双龙会 番型要对应的
    ``meldsolver.*`` 牌型能力，``pre_hooks`` 要 ``scoring.pre_hooks``，``fu_flag`` 要
    ``dsl.dirty_flag``，``pair_must_be_258`` 要 ``meldsolver.pair_258``，等等。漏写会让
    加载时的能力检查失去意义。

    修复：把提示中的能力 id 加入 ``requires``。
    """
    required = ctx.required_ids
    for usage in USAGES:
        if usage.capability in required:
            continue
        where = usage.find(ctx.data)
        if where is not None:
            yield Problem(
                where,
                f"使用了{usage.feature}，但 requires 中缺少能力 {usage.capability}",
                f"在 requires 中加入 - {usage.capability}",
                {"capability": usage.capability},
            )


@check("C502", "capability-unused", "warning")
def capability_unused(ctx: RuleContext) -> Iterator[Problem]:
    """requires 声明了文件并未用到的能力

    声明了能力却没有任何字段用到它（例如要求 ``meldsolver.wildcard`` 却没有
    ``wildcard_rules``），通常说明规则写漏了一段，或能力是从别的玩法复制来的。
    这是警告：文件仍可运行。

    修复：补上对应的规则段，或从 ``requires`` 中删去该能力。
    """
    usages = {u.capability: u for u in USAGES}
    for path, cap_id in ctx.requires:
        usage = usages.get(cap_id)
        if usage is not None and usage.find(ctx.data) is None:
            yield Problem(
                path,
                f"requires 声明了能力 {cap_id}，但文件没有用到{usage.feature}",
                f"补上{usage.feature}，或删去 - {cap_id}",
                {"capability": cap_id},
            )
