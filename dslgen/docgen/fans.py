"""Renderer of ``docs/fans.md``: the fan catalogue generated from the registered fan units.

Every definition comes from a unit's docstring in ``engine/fans/``; the scoring
rules from :mod:`engine.fans.scoring`, the money math from :mod:`engine.settlement`.
"""

from __future__ import annotations

import inspect

from dslgen.docgen import document

#: The fan names PyMahjongGB 1.4.0 can report (国标 81 番 plus 花牌), as it spells them.
GUOBIAO_FANS = (
    "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "连七对", "十三幺", "清幺九", "小四喜", "小三元",
    "字一色", "四暗刻", "一色双龙会", "一色四同顺", "一色四节高", "一色四步高", "三杠", "混幺九", "七对",
    "七星不靠", "全双刻", "清一色", "一色三同顺", "一色三节高", "全大", "全中", "全小", "清龙", "三色双龙会",
    "一色三步高", "全带五", "三同刻", "三暗刻", "全不靠", "组合龙", "大于五", "小于五", "三风刻", "花龙",
    "推不倒", "三色三同顺", "三色三节高", "无番和", "妙手回春", "海底捞月", "杠上开花", "抢杠和", "碰碰和",
    "混一色", "三色三步高", "五门齐", "全求人", "双暗杠", "双箭刻", "全带幺", "不求人", "双明杠", "和绝张",
    "圈风刻", "门风刻", "门前清", "平和", "四归一", "双同刻", "双暗刻", "断幺", "一般高", "喜相逢", "连六",
    "老少副", "幺九刻", "缺一门", "无字", "独听・边张", "独听・嵌张", "独听・单钓", "自摸", "花牌", "明暗杠",
    "暗杠", "明杠", "箭刻",
)


#: Notes beside the registered fans that have no 国标 (PyMahjongGB) counterpart.
NOT_GUOBIAO_NOTES = {"将一色": "（国标 全将，PyMahjongGB 不报告）", "鸡胡": "（与 无番和 定义不同）"}


def _first_paragraph(text: str) -> str:
    return inspect.cleandoc(text or "").split("\n\n")[0].replace("\n", " ")


def _body(text: str) -> str:
    """A docstring without its first line, as Markdown."""
    return inspect.cleandoc(text or "").strip()


@document("docs/fans.md")
def render_fans() -> str:
    """The whole of ``docs/fans.md``."""
    from engine import settlement
    from engine.fans import FAN_CONDITIONS, FANS, KIND_TITLES, KINDS
    from engine.fans import scoring

    out = [
        "<!-- 本文件由 `dslgen docs build` 生成，请勿手工修改；修改 engine/fans/standard.fans（标准番型库）后重新生成。 -->",
        "# 番型说明",
        "",
        "引擎认识的每个番型都在标准番型库 `engine/fans/standard.fans` 中定义一次：名字、同义名、类别、惯例、说明和定义。"
        "定义是一个表达式（`when` / `count`，语言见 [expressions.md](expressions.md)），"
        "或者是表达式语言暂时写不出、由引擎内置判断的“内置”定义（国标的组合原则、特殊牌型、兜底番）。"
        "规则文件用 `fan_types[].name` 引用番型，规范名与同义名都可以用；也可以用 `when` 在规则文件里定义库里没有的番型。"
        f"共 {len(FANS)} 个番型（{sum(1 for u in FANS.values() if u.definition)} 个用表达式定义）、"
        f"{sum(len(u.names) for u in FANS.values())} 个可用名称。",
        "",
        "| 番型 | 同义名 | 类别 | 对应国标番（PyMahjongGB 名称） |",
        "|---|---|---|---|",
    ]
    units = sorted(FANS.values(), key=lambda u: KINDS.index(u.kind))
    for u in units:
        out.append(f"| {u.name} | {'、'.join(u.synonyms) or '—'} | {KIND_TITLES[u.kind]} | "
                   f"{'、'.join(u.guobiao) or '—'} |")
    for kind in KINDS:
        out += ["", f"## {KIND_TITLES[kind]}", ""]
        for u in (u for u in units if u.kind == kind):
            names = u.name + (f"（{'、'.join(u.synonyms)}）" if u.synonyms else "")
            out.append(f"### {names}")
            out.append("")
            out.append(u.doc)
            out += ["", "定义：" + ("；".join(f"`{part}`" for part in u.definition.split("; ")) if u.definition else "内置")]
            if u.condition:
                out += ["", f"条件：`{u.condition}`"]
            out.append("")
    out += ["## 番型条件（`fan_types[].condition`）", ""]
    for c in FAN_CONDITIONS.values():
        out.append(f"- `{c.name}`：{_first_paragraph(c.doc)}")
    out += ["", "未登记的条件字符串永远不成立：带这种条件的番型不会计分（`dslgen check` 会报告）。", ""]
    out += ["## 计分规则", "", _body(scoring.__doc__), ""]
    out += ["## 结算", "", _body(settlement.__doc__), ""]
    out += ["### 结算前钩子（`scoring.pre_hooks`）", ""]
    for h in settlement.HOOKS.values():
        out += [f"#### `{h.name}`", "", h.doc, ""]
    mapped = {g for u in FANS.values() for g in u.guobiao}
    missing = [n for n in GUOBIAO_FANS if n not in mapped]
    out += [
        "## 与国标（PyMahjongGB）的对照",
        "",
        "上表最后一列是 PyMahjongGB 1.4.0（竞赛规则的参考算番器）报告的番名。"
        "`tests/fans/test_guobiao_fans_exact.py` 用它对 100,000 手随机国标和牌逐手比对（各种牌型，门清与副露，"
        "明杠暗杠，自摸与点和，和绝张、妙手回春、海底捞月、杠上开花、抢杠和，各门风与圈风，0–8 张花牌；"
        "每种牌不超过 4 张）：`guobiao.yaml` 算出的总番与番种列表（含次数）必须与它完全一致。"
        "总番相同的几种拆法取哪一种也与它一致（`prefer_on_tie`，规范第 8 节）。"
        "`tests/fans/test_guobiao_special_cases.py` 另核对参考资料中 74 手有竞赛规则答案的特例。",
        "",
        "本引擎识别但国标没有（或 PyMahjongGB 不报告）的番型："
        + "、".join(u.name + NOT_GUOBIAO_NOTES.get(u.name, "") for u in units if not u.guobiao) + "。",
        "",
        (f"尚未识别的国标番种（{len(missing)} 个，在规则文件中使用会被 `dslgen check` 报告为未识别）："
         + "、".join(missing)) if missing else "国标的 81 番与 花牌 都已识别。",
        "",
        "## 成都麻将番表（参考资料 §5）的表达",
        "",
        "平胡 1、对对胡 3、七对 8、清一色 8、杠上开花 +2、海底捞月 +2、抢杠胡 +2 都能直接声明"
        "（成都的“平胡”是任意基本胡，在本引擎中对应兜底番 鸡胡，因为 平胡 按国标定义为四副顺子）。"
        "龙七对、清对、清七对、清龙七对 这类“同时满足几个条件时改用另一番值、而不是相加”的番用组合番 "
        "`composite_of` 声明（规范第 18.3 节：组合番取代它的组成番），根 用 `per: four_of_a_kind` 按个计"
        "（第 18.2 节）；`dsl-examples/sichuan_xuezhan.yaml` 是完整的写法。",
        "",
    ]
    return "\n".join(out)


#: The heading of the specification's fan table (§16.2); the subsection is generated up to its code block's end.
SPEC_FAN_HEADING = "### 16.2 番型名（fan_types.name）"


def spec_fan_rows() -> list[str]:
    """The ``enum=fans`` rows of the specification, one per registered fan unit, in registration order.

    ``类别`` is the unit's kind, ``同义`` its synonyms, ``条件`` its fan condition, ``计次`` its
    occurrence unit, ``平局优先`` / ``计入起和番`` its conventions when they differ from the row defaults.
    """
    from engine.fans import FANS, KIND_TITLES

    rows = []
    for u in FANS.values():
        kind = KIND_TITLES[u.kind].removesuffix("番型")
        cells = [f"name: {u.name}", f"类别: {kind}"]
        if u.synonyms:
            cells.append(f"同义: [{', '.join(u.synonyms)}]")
        if u.condition:
            cells.append(f"条件: {u.condition}")
        if u.per:
            cells.append(f"计次: {u.per}")
        if u.prefer_on_tie:
            cells.append("平局优先: true")
        if not u.toward_min_fan:
            cells.append("计入起和番: false")
        rows.append("  - {" + ", ".join(cells) + "}")
    return rows


def render_spec_fan_section() -> str:
    """The body of §16.2 (after its heading, through the end of its ``enum=fans`` block)."""
    from engine.fans import FANS

    names = sum(len(u.names) for u in FANS.values())
    return "\n".join([
        "",
        "<!-- 本小节由 `dslgen docs build` 根据标准番型库（engine/fans/standard.fans）生成，请勿手改；"
        "`dslgen docs build --check` 检查它是否最新。 -->",
        "",
        f"标准番型库的 {len(FANS)} 种番型、{names} 个名字（含同义名）。番型名与同义名只登记在标准番型库里："
        "本表、起草器读描述用的词表（`dslgen.generate.description_facts`）和语义差异（`dslgen.review.semantic_diff`）都由它得出。"
        "`同义` 列的名字与主名等价，可以互换使用（同一文件中不要同时写两个同义名）；"
        "`计次` 列出可按出现次数计的番型（`fan_types[].per`）；"
        "`平局优先`、`计入起和番` 是起草器为新番型填写 `prefer_on_tie`、`toward_min_fan` 时用的值（登记在番型上，国标的惯例）；"
        "`条件` 是番型隐含的条件字符串。",
        "",
        "```yaml enum=fans",
        "items:",
        *spec_fan_rows(),
        "```",
    ])


@document("docs/dsl-specification.md")
def render_specification() -> str:
    """The specification with §16.2 (the fan table) regenerated from the fan registry; the rest as written."""
    from dslgen.rulefile.spec import spec_path

    text = spec_path().read_text(encoding="utf-8")
    start = text.find(SPEC_FAN_HEADING)
    if start < 0:
        raise ValueError(f"the specification has no heading {SPEC_FAN_HEADING!r}")
    body = start + len(SPEC_FAN_HEADING)
    fence = text.find("```yaml enum=fans", body)
    end = text.find("\n```", fence + 1) if fence >= 0 else -1
    if end < 0:
        raise ValueError("the specification's §16.2 has no ```yaml enum=fans block")
    return text[:body] + "\n" + render_spec_fan_section() + text[end + len("\n```"):]
