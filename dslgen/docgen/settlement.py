"""``docs/settlement-items.md``, generated from the registered settlement items' docstrings."""

from __future__ import annotations

from dslgen.docgen import document


@document("docs/settlement-items.md")
def render_settlement_items_md() -> str:
    """The Markdown text of ``docs/settlement-items.md``: one section per settlement item."""
    from engine.payments.library import LIBRARY, parts_of
    from engine.settlement_items import BUILT_IN, ITEMS

    lines = [
        "# 结算项（settlement_items）",
        "",
        "<!-- 本文件由 dslgen docs build 根据标准支付库 engine/payments/standard.pays 与 engine/settlement_items.py 生成，请勿手改。 -->",
        "",
        "规则文件的 `settlement_items` 按顺序列出番型以外的结算项（见 [DSL 规范](dsl-specification.md) 第 17 节）。"
        "每项的支付总和为零；`dslgen hand` 列出每一项谁付谁多少，`dslgen replay` 逐项讲述，`dslgen simulate` 统计每项发生支付的局数。"
        "大多数结算项是标准支付库中的支付公式（第 17.2 节），下面列出公式本身；文件自己的公式写在 `payments` 中。",
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
        if unit.name in LIBRARY:
            steps = parts_of(LIBRARY, unit.name)
            for i, part in enumerate(steps):
                head = [f"第 {i + 1} 步：{part.zh or part.name}", ""] if len(steps) > 1 else []
                lines += ["", *head, *_formula(part)]
    lines += ["", "## 每个文件都有的支付", "",
              "和牌当时的支付、开杠的杠分、退税、呼叫转移与结算前钩子的查花猪、查叫也是库里的公式，"
              "参数来自规则文件的 `scoring` 块（`scoring.kong_payments`、`scoring.pre_hooks`）。"]
    for name in BUILT_IN:
        payment = LIBRARY[name]
        lines += ["", f"### {name}", "", payment.doc, "", *_formula(payment)]
    return "\n".join(lines).rstrip() + "\n"


def _formula(payment) -> list[str]:
    """A library payment's own definition, as a fenced block of its keys."""
    rows = [("when", payment.when), ("payer", payment.payer_word), ("receiver", payment.receiver_word),
            ("if", payment.condition), ("amount", payment.amount), ("combine", payment.combine),
            ("liable", payment.liable)]
    return ["```", *(f"{k}: {v}" for k, v in rows if v), "```"]
