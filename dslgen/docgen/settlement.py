"""``docs/settlement-items.md``, generated from the registered settlement items' docstrings."""

from __future__ import annotations

from dslgen.docgen import document


@document("docs/settlement-items.md")
def render_settlement_items_md() -> str:
    """The Markdown text of ``docs/settlement-items.md``: one section per settlement item."""
    from engine.settlement_items import ITEMS

    lines = [
        "# 结算项（settlement_items）",
        "",
        "<!-- 本文件由 dslgen docs build 根据 engine/settlement_items.py 中各结算项的文档字符串生成，请勿手改。 -->",
        "",
        "规则文件的 `settlement_items` 按顺序列出番型以外的结算项（见 [DSL 规范](dsl-specification.md) 第 17 节）。"
        "每项的支付总和为零；`dslgen hand` 列出每一项谁付谁多少，`dslgen replay` 逐项讲述，`dslgen simulate` 统计每项发生支付的局数。",
        "",
        "| item | 名称 | 参数 |",
        "|---|---|---|",
    ]
    for unit in ITEMS.values():
        params = "、".join(f"`{k}`" for k in unit.params)
        lines.append(f"| [`{unit.name}`](#{unit.name.replace('_', '')}) | {unit.zh} | {params} |")
    for unit in ITEMS.values():
        lines += ["", f"## {unit.name}", "", f"**{unit.zh}**", "", unit.doc, "", "| 参数 | 类型 | 默认 | 含义 |", "|---|---|---|---|"]
        for key, p in unit.params.items():
            choices = f"（{' / '.join(f'`{c}`' for c in p.choices)}）" if p.choices else ""
            lines.append(f"| `{key}` | {p.type} | `{p.default}` | {p.zh}{choices} |")
    return "\n".join(lines).rstrip() + "\n"
