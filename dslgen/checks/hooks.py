"""Settlement pre-hooks: only hooks the engine implements."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


@check("C311", "unknown-hook", "error")
def unknown_hook(ctx: RuleContext) -> Iterator[Problem]:
    """结算前钩子（pre_hooks）引擎不认识

    ``scoring.pre_hooks[].name`` 必须是引擎结算模块已注册的钩子（如 check_hua_zhu 查花猪、
    check_ting 查叫、wildcard_count 统计癞子）。未知钩子不会执行，玩法会少掉相应的结算。

    修复：改用已注册的钩子名；需要新的结算逻辑时先在 ``engine/settlement.py`` 中实现并注册。
    """
    known = ctx.facts.hooks
    for path, hook in ctx.hooks():
        name = hook.get("name")
        if isinstance(name, str) and name not in known:
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
            hint = f"是否想写 {close[0]}？" if close else ""
            yield Problem(
                path + ("name",),
                f"结算前钩子 {name} 引擎不认识",
                hint + "可用钩子：" + "、".join(sorted(known)),
                {"hook": name},
            )
