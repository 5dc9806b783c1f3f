"""The exclusion graph of ``fan_types``: targets exist, ``excludes`` is acyclic, ``conflicts`` is symmetric.

The graph rules themselves live in the engine (:func:`engine.fans.graph.validate`,
run when rules load); these checks give each kind of defect its own code.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.fans.graph import GraphProblem, validate
from engine.rules import Rules

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


def _graph_problems(ctx: RuleContext, kind: str) -> Iterator[GraphProblem]:
    """The engine's graph problems of ``kind`` (computed once per file)."""
    if "fan_graph" not in ctx._cache:
        # On schema-invalid input Rules.from_dict may fail; the runner then drops these checks.
        ctx._cache["fan_graph"] = validate(Rules.from_dict(ctx.data, validate=False))
    for problem in ctx._cache["fan_graph"]:
        if problem.code == kind:
            yield problem


@check("C601", "exclusion-unknown-target", "error")
def unknown_target(ctx: RuleContext) -> Iterator[Problem]:
    """excludes / conflicts 指向未声明的番型

    ``excludes`` 与 ``conflicts`` 只能指向同一文件 ``fan_types`` 中声明过的番型。指向
    未声明的番型不会有任何效果，往往是番名写错或忘了声明该番型。

    修复：改成已声明的番型名，或先在 ``fan_types`` 中声明它。
    """
    for p in _graph_problems(ctx, "missing_target"):
        yield Problem(p.steps, p.message, f"在 fan_types 中声明 {p.target}，或从列表中删去它",
                      {"fan": p.fan, "target": p.target})


@check("C602", "exclusion-cycle", "error")
def exclusion_cycle(ctx: RuleContext) -> Iterator[Problem]:
    """excludes 形成循环

    ``excludes`` 表示“计了 A 就不再计 B”，是包含关系，必须构成有向无环图。A 排除 B、
    B 又（直接或间接）排除 A 时，两者谁也计不上。

    修复：保留方向正确的一条（大番排除它包含的小番），删去反向的那条。
    """
    for p in _graph_problems(ctx, "cycle"):
        yield Problem(p.steps, p.message, "删去循环中方向相反的一条 excludes",
                      {"fan": p.fan, "target": p.target})


@check("C603", "conflict-asymmetric", "error")
def conflict_asymmetric(ctx: RuleContext) -> Iterator[Problem]:
    """conflicts 没有双向声明

    ``conflicts`` 表示两个番型只能取番数高的一个，是对称关系：A 列出 B 时，B 也必须
    列出 A，否则结果取决于番型的声明顺序。

    修复：在另一方的 ``conflicts`` 中补上对方。
    """
    for p in _graph_problems(ctx, "asymmetric_conflict"):
        yield Problem(p.steps, p.message, f"在 {p.target} 的 conflicts 中加入 {p.fan}",
                      {"fan": p.fan, "target": p.target})


@check("C604", "exclusion-self", "error")
def exclusion_self(ctx: RuleContext) -> Iterator[Problem]:
    """番型排除或冲突自己

    番型的 ``excludes`` / ``conflicts`` 中出现了它自己的名字，这没有意义，通常是复制粘贴的笔误。

    修复：删去这一项。
    """
    for p in _graph_problems(ctx, "self_reference"):
        yield Problem(p.steps, p.message, f"从列表中删去 {p.target}", {"fan": p.fan})


@check("C605", "exclusion-both", "error")
def exclusion_both(ctx: RuleContext) -> Iterator[Problem]:
    """同一对番型同时声明了 excludes 与 conflicts

    ``excludes``（计 A 不计 B）与 ``conflicts``（取高者）含义不同，同一对番型只能选一种。

    修复：按规则原意保留其中一种关系。
    """
    for p in _graph_problems(ctx, "both_relations"):
        yield Problem(p.steps, p.message, f"对 {p.target} 只保留 excludes 或 conflicts 之一",
                      {"fan": p.fan, "target": p.target})
