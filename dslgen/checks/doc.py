"""``docs/checks.md``, generated from the registered checks' docstrings."""

from __future__ import annotations

from dslgen.checks.registry import all_checks
from dslgen.docgen import document

SEVERITY_ZH = {"error": "错误", "warning": "警告"}
TOPIC_ZH = {
    "inputs": "输入",
    "capability": "引擎能力",
    "fans": "番型",
    "conditions": "条件",
    "actions": "动作",
    "hooks": "结算前钩子",
    "settlement_items": "结算项",
    "table": "人数与牌库",
    "modes": "癞子、计分模式与人数",
    "requires": "requires 一致性",
    "exclusion": "番型互斥图",
    "phases": "阶段图",
    "win_condition": "和牌条件",
    "playable": "能否开局",
    "sichuan": "组合番、计次番与川麻计分",
    "table_events": "翻牌与牌桌事件",
}


@document("docs/checks.md")
def render_checks_md() -> str:
    """The Markdown text of ``docs/checks.md``: one section per check code."""
    checks = all_checks()
    lines = [
        "# dslgen check 的检查项",
        "",
        "<!-- 本文件由 dslgen docs build 根据 dslgen/checks/ 中各检查的文档字符串生成，请勿手改。 -->",
        "",
        "`dslgen check FILE...` 对规则文件先做 Schema 校验，再逐条运行下列检查。每条发现都带有稳定的代码、",
        "级别、字段路径与行号、指出具体取值的中文说明和修复提示。有任何“错误”级发现时退出码为 1，",
        "只有“警告”时为 0；`--json` 输出同样的内容。",
        "",
        "| 代码 | 名称 | 级别 | 类别 | 说明 |",
        "|---|---|---|---|---|",
    ]
    for c in checks:
        topic = TOPIC_ZH.get(c.topic, c.topic)
        lines.append(f"| [{c.code}](#{c.code.lower()}) | `{c.name}` | {SEVERITY_ZH[c.severity]} | {topic} | {c.title} |")
    for c in checks:
        lines += ["", f"## {c.code}", "", f"**{c.title}** — `{c.name}`，{SEVERITY_ZH[c.severity]}", "", c.body]
    return "\n".join(lines).rstrip() + "\n"
