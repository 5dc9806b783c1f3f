"""Input-level codes the runner emits itself: YAML that cannot be parsed, schema violations."""

from __future__ import annotations

from dslgen.checks.finding import ERROR
from dslgen.checks.registry import register_code

FILE_UNREADABLE = register_code(
    "C000",
    "file-unreadable",
    ERROR,
    "inputs",
    """文件无法读取

    给出的路径不存在、是目录或没有读权限：文件内容没有读到，所有检查都没有运行（退出码 2）。

    修复：检查路径拼写与文件权限。
    """,
)

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
