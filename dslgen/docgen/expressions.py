"""``docs/expressions.md``: the hand-expression language's reference, generated from its vocabulary."""

from __future__ import annotations

from dslgen.docgen import document


@document("docs/expressions.md")
def render_expressions() -> str:
    """The whole of ``docs/expressions.md``: the grammar, then every registered name by group."""
    from engine import lang
    from engine.lang import syntax, vocabulary as V

    out = [
        "<!-- 本文件由 `dslgen docs build` 根据 engine/lang/vocabulary.py 中登记的名字生成，请勿手改。 -->",
        "# 牌型表达式",
        "",
        "规则文件用表达式定义番型（`fan_types[].when`、`fan_types[].per`）、和牌条件（`win_condition.require`）、"
        "自己的和牌牌型（`win_condition.shapes`）和动作的牌限制（`tile_restrictions`）。表达式是数据：引擎把它解析成"
        "类型化的语法树再求值，从不当作代码执行；长度不超过 "
        f"{syntax.MAX_LENGTH} 个字符、{syntax.MAX_NODES} 个节点、嵌套 {syntax.MAX_DEPTH} 层，"
        "每个节点的工作量以一手牌为限，所以一次求值的时间有上界。写错的名字、类型不对的参数在加载时报出，"
        "带文件、行、列和“是否想写”的提示（`dslgen check`）。",
        "",
        "## 语法",
        "",
        "```",
        syntax.__doc__.split("Grammar (lowest precedence first)::")[1].split("``TILE``")[0].strip("\n"),
        "```",
        "",
        "- 牌：数牌写 `5m` `3万` `7条` `2筒`，字牌写 `东 南 西 北 中 发 白`（也可写 `红中`）；牌表写 `[1m, 9m, 东]`。",
        "- 牌集可以用 `|`（并）、`&`（交）、`-`（差）组合：`honor | terminal`、`suited - rank5`。",
        "- 条件用 `and` `or` `not` 组合；整数可以相加减、比较：`pungs(dragon) + pungs(wind) >= 3`。",
        "- 函数的参数可以按位置写，也可以按名字写：`kinds(hand, copies=2)`、`series(chow, 3, step=1, suits=distinct)`。",
        "",
        "作用范围：`牌型` 列为“是”的名字只看牌，可用于 `win_condition.shapes`；其余的要看一种读法（面子拆分）或和牌时的状态，"
        "只能用于番型和 `win_condition.require`。",
        "",
    ]
    for group, title in V.GROUPS.items():
        entries = [e for e in V.VOCABULARY.values() if e.group == group]
        if not entries:
            continue
        out += [f"## {title}", "", "| 写法 | 类型 | 牌型 | 含义 |", "|---|---|---|---|"]
        for e in entries:
            words = [f"{p.name}: {' / '.join(p.words)}" for p in e.params or () if p.words]
            doc = e.doc + (f"（{'；'.join(words)}）" if words else "")
            out.append(f"| `{e.signature}` | {V.TYPE_LABELS[e.type]} | {'是' if e.scope == lang.PATTERN else '—'} | {doc} |")
        out.append("")
    out += [
        "## 例子",
        "",
        "| 规则 | 写法 |",
        "|---|---|",
        "| 三金倒（福州：手里三张金，30） | `fan_types: [{name: 三金倒, base_fan: 30, when: \"count(held, wild) >= 3\"}]` |",
        "| 合肥：某一门至少 8 张才能胡 | `win_condition: {require: [\"max_suit(hand) >= 8\"]}` |",
        "| 大连：中发白不能碰 | `tile_restrictions: [{tiles: dragon, actions: [pung]}]` |",
        "| 十三烂（南昌） | `win_condition: {shapes: [{name: 十三烂, when: \"count(hand) + wilds == 14 and kinds(hand, at_least=2) == 0 and min_gap(hand) >= 3\"}]}` |",
        "| 嚦咕嚦咕（台湾，十六张：七对加一刻） | `win_condition: {shapes: [{name: 嚦咕嚦咕, when: \"kinds(hand, copies=2) == 7 and kinds(hand, copies=3) == 1\"}]}` |",
        "| 每副箭刻 1 番 | `{name: 箭刻, base_fan: 1, when: \"pungs(dragon) > 0\", per: \"pungs(dragon)\"}` |",
        "",
    ]
    return "\n".join(out)
