"""``docs/economics.md``, generated from the economics gate and its registered checks' docstrings."""

from __future__ import annotations

from dslgen.docgen import document

SEVERITY_ZH = {"error": "错误（关卡不通过）", "warning": "警告"}


@document("docs/economics.md")
def render_economics_md() -> str:
    """The Markdown text of ``docs/economics.md``: the gate, then one section per economics check."""
    from dslgen.judge.economics import all_checks
    from dslgen.judge.registry import gates

    gate = next(g for g in gates() if g.name == "economics")
    lines = [
        "# 输赢检查（economics 关卡）",
        "",
        "<!-- 本文件由 dslgen docs build 根据 dslgen/judge/economics.py 中各检查的文档字符串生成，请勿手改。 -->",
        "",
        gate.doc,
        "",
        "模拟对局关卡通过后运行，读取模拟的统计（`dslgen simulate --json` 的结果，其中 `points` 是输赢的分数）。"
        "每条发现带有代码、级别和它依据的数字（`extra`）；`new` 的总结、审核报告和工作台都会显示。",
        "",
        "| 代码 | 名称 | 可能的级别 | 说明 |",
        "|---|---|---|---|",
    ]
    checks = all_checks()
    for c in checks:
        levels = " / ".join(SEVERITY_ZH[s] for s in c.severities)
        lines.append(f"| [{c.code}](#{c.code.lower()}) | `{c.name}` | {levels} | {c.title} |")
    for c in checks:
        levels = "、".join(SEVERITY_ZH[s] for s in c.severities)
        lines += ["", f"## {c.code}", "", f"**{c.title}** — `{c.name}`，{levels}", "", c.body]
    return "\n".join(lines).rstrip() + "\n"
