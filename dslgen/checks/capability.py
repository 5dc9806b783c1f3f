"""Capability check: every id in ``requires`` must be implemented by the engine."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check

#: Where a capability family lives when the engine has none of that family yet.
#: Families the engine already implements are located from the registry itself.
_FAMILY_HOME = {
    "meldsolver": "engine/solver/",
    "phase": "engine/game/",
    "dsl": "engine/game/",
    "deck": "engine/rules.py",
    "scoring": "engine/fans/ 或 engine/settlement.py",
}


def _module_path(module: str) -> str:
    return module.replace(".", "/") + ("/" if module.count(".") == 0 else ".py")


def implementation_home(cap_id: str, registered: dict) -> str:
    """Where in ``engine/`` the capability ``cap_id`` would be implemented.

    The modules that already register capabilities of the same family
    (``meldsolver.*`` …) are the answer; otherwise the family's package.
    """
    family = cap_id.split(".", 1)[0]
    modules = sorted({c.module for cid, c in registered.items() if cid.split(".", 1)[0] == family})
    if modules:
        return "、".join(_module_path(m) for m in modules)
    return _FAMILY_HOME.get(family, "engine/")


def spec_capability_notes() -> dict[str, str]:
    """id -> 说明 of the capability ids the specification lists (empty when the spec cannot be read)."""
    from dslgen.rulefile import spec
    from dslgen.errors import DslgenError

    try:
        rows = spec.enumeration_tables()["capabilities"]
    except DslgenError:
        return {}
    return {str(r.get("id")): str(r.get("说明") or "") for r in rows if isinstance(r, dict)}


@check("C101", "capability-missing", "error")
def missing_capability(ctx: RuleContext) -> Iterator[Problem]:
    """requires 中的能力引擎尚未实现

    ``requires`` 列出的每个能力 id 必须已在引擎的能力注册表中登记（``dslgen
    capabilities`` 可查看全部）。未登记的能力意味着引擎里没有对应代码：这样的规则文件
    无法运行，会被拒绝。报告给出能力的名称与说明（已知时）、以及应当在 ``engine/`` 的
    哪个模块中实现。

    修复：去掉拼错或多余的能力 id；若玩法确实需要，先在引擎中实现该能力，在实现处调用
    ``engine.capabilities.register(...)`` 并补单元测试。
    """
    registered = ctx.facts.capabilities
    notes = None
    for path, cap_id in ctx.requires:
        if cap_id in registered:
            continue
        if notes is None:
            notes = spec_capability_notes()
        close = difflib.get_close_matches(cap_id, list(registered), n=1, cutoff=0.75)
        what = f"（{notes[cap_id]}）" if notes.get(cap_id) else ""
        home = implementation_home(cap_id, registered)
        hint = f"建议实现位置：{home}，实现后在该处 register(\"{cap_id}\", …) 并补单元测试"
        if close:
            hint = f"是否想写 {close[0]}？否则" + hint
        yield Problem(
            path,
            f"需要的能力 {cap_id}{what} 引擎尚未实现（已实现 {len(registered)} 项）",
            hint,
            {"capability": cap_id, "home": home},
        )
