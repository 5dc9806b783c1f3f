"""``docs/opening-hands.md``, generated from the registered 起手小胡 units' docstrings."""

from __future__ import annotations

from dslgen.docgen import document


@document("docs/opening-hands.md")
def render_opening_hands_md() -> str:
    """The Markdown text of ``docs/opening-hands.md``: one section per opening hand."""
    from engine.game.opening import OPENING_HANDS

    lines = [
        "# 起手小胡（phases[].type: opening_wins）",
        "",
        "<!-- 本文件由 dslgen docs build 根据 engine/game/opening.py 中各起手小胡的文档字符串生成，请勿手改。 -->",
        "",
        "长沙麻将发完牌先看起手小胡：成立的一家亮牌，按自摸 `points` 番当场结算（其他每家各付，"
        "和胡牌用同一套倍数），然后照常行牌（见 [DSL 规范](dsl-specification.md) 第 19 节）。"
        "`dslgen replay` 讲述每一次起手小胡，`dslgen simulate` 统计各起手小胡出现的次数（`opening_wins`）。",
        "",
        "| 名字 | 同义 |",
        "|---|---|",
    ]
    for unit in OPENING_HANDS.values():
        lines.append(f"| {unit.name} | {'、'.join(unit.synonyms)} |")
    for unit in OPENING_HANDS.values():
        lines += ["", f"## {unit.name}", "", unit.doc]
    return "\n".join(lines).rstrip() + "\n"
