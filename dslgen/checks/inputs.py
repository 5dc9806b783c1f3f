"""Input-level codes: YAML that cannot be parsed, schema violations, rules the engine cannot build."""

from __future__ import annotations

from collections.abc import Iterator

from engine.rules import Rules, RulesError

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import ERROR, Problem
from dslgen.checks.registry import check, register_code

YAML_INVALID = register_code(
    "C001",
    "yaml-invalid",
    ERROR,
    "inputs",
    """YAML 无法解析

    文件能读到，但不是可接受的 YAML：语法错误、重复的键、非 UTF-8 编码、空文件、顶层不是
    映射、使用了 ``!!python/...`` 等标签、别名炸弹等。位置指向出错的行列，其余检查不再运行。

    修复：按提示修正该行的缩进、冒号、引号或删除标签后重新检查。
    """,
)

SCHEMA_INVALID = register_code(
    "C002",
    "schema-invalid",
    ERROR,
    "inputs",
    """不符合 DSL 规范（JSON Schema 校验失败）

    每个不符合 ``schemas/mahjong-dsl.schema.json`` 的字段都报告一次：类型不对、缺少必填
    字段、未知字段（附“是否想写”建议）、取值不在允许范围、牌数与字牌/花牌不匹配等。
    与 ``dslgen validate`` 报告的是同一批错误；其余检查仍会运行，但结果以修正后为准。

    修复：按 ``docs/dsl-specification.md`` 修改该字段。
    """,
)


@check("C003", "rules-unbuildable", "error")
def rules_unbuildable(ctx: RuleContext) -> Iterator[Problem]:
    """引擎无法由此文件构建规则

    文件通过了结构校验，但引擎的 ``Rules.from_dict`` 仍拒绝它（例如癞子牌名不是一张牌、
    缺少 ``type: mahjong_turn`` 的对局阶段）。这样的文件无法模拟，也无法上线。

    修复：按消息中指出的字段修改。
    """
    if not ctx.schema_valid:
        return
    try:
        Rules.from_dict(ctx.data)
    except RulesError as exc:
        path = tuple(int(p) if p.isdigit() else p for p in _split(exc.path))
        yield Problem(path, f"引擎无法构建规则：{exc}", "按该字段的规范修改后重新检查", {"value": exc.path})
    except (ValueError, TypeError) as exc:
        yield Problem((), f"引擎无法构建规则：{exc}", "检查数值字段是否为整数、牌名是否正确")


def _split(dotted: str) -> list[str]:
    """``fan_types[3].name`` -> ``['fan_types', '3', 'name']``."""
    return [p for p in dotted.replace("[", ".").replace("]", "").split(".") if p]
