"""A rule file read back as a 玩法说明: the rules in Chinese, for a person who does not read YAML.

:func:`rule_sheet` reads the rules the way the engine plays them (:class:`engine.rules.Rules`, so every
default the file leaves out is filled in) and writes them as sections — 概况, 牌, 发牌, 行牌, 胡牌,
番型 (with values, what each fan is and what it excludes), 结算 — and a worked example: the first
paid win of the seeded simulation (seed 0), with the hand, the fans, every payment and the seats'
final result, exactly as the engine settled it. The same sheet renders as text, Markdown and HTML
(:func:`render_text`, :func:`render_markdown`, :func:`render_html`); ``dslgen explain`` prints it and
the review report shows it beside the designer's description.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Mapping

#: The worked example is the first paid win within this many simulated games.
EXAMPLE_GAMES = 64
_SUITS = ("万", "条", "筒")


@dataclass(frozen=True)
class Section:
    """One part of the sheet: a title, lines of prose, and optionally a table (header and rows)."""

    title: str
    lines: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The section as plain data."""
        return {"title": self.title, "lines": list(self.lines), "header": list(self.header),
                "rows": [list(r) for r in self.rows]}


@dataclass(frozen=True)
class RuleSheet:
    """The whole 玩法说明: the variant's name and its sections in reading order."""

    name: str
    sections: tuple[Section, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The sheet as plain data (the review report's ``rule_sheet``, ``dslgen explain --json``)."""
        return {"name": self.name, "sections": [s.to_json() for s in self.sections]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "RuleSheet":
        """The sheet :meth:`to_json` wrote."""
        return cls(str(data.get("name") or ""), tuple(
            Section(str(s["title"]), tuple(s.get("lines") or ()), tuple(s.get("header") or ()),
                    tuple(tuple(r) for r in s.get("rows") or ())) for s in data.get("sections") or []))


# --- words for values -----------------------------------------------------------------------

def _enum(path: str, value: Any) -> str:
    from dslgen.rulefile.schema import enum_labels

    labels = enum_labels().get(path) or {}
    return labels.get(value) or next((t for v, t in labels.items() if str(v) == str(value)), str(value))


def _n(value: Any) -> str:
    if isinstance(value, bool):
        return "是" if value else "否"
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


#: Solver capabilities that are not hand shapes.
_NOT_SHAPES = frozenset({"meldsolver.wildcard", "meldsolver.pair_258"})
#: Action conditions that only restate what the action needs anyway (可以胡, 手中有两张相同的牌 …):
#: the sheet names a condition only when it adds a rule (必须 8 番起胡 …).
_PLAIN_CONDITIONS = frozenset({"can_win_tumo", "can_win", "can_chi", "has_two_same", "has_three_same",
                               "has_punged_pair"})


def _condition(name: str) -> str:
    from engine.game.action_conditions import ACTION_CONDITIONS

    unit = ACTION_CONDITIONS.get(name)
    return unit.zh if unit else name


def _fan_meaning(name: str) -> str:
    from engine.fans.registry import lookup

    unit = lookup(name)
    doc = (unit.doc if unit else "").strip().split("\n\n")[0].replace("\n", "").replace("``", "")
    return doc.split("。")[0].rstrip("：:，, ") + "。" if doc else ""


# --- the sections ---------------------------------------------------------------------------

def _overview(rules: Any) -> Section:
    seating = rules.seating
    return Section("概况", (
        f"{rules.name or '这个玩法'}：{rules.players} 人麻将。",
        f"首局庄家：{_enum('game.seating.first_dealer', seating.first_dealer)}；"
        f"之后：{_enum('game.seating.next_dealer', seating.next_dealer)}。",
    ))


def _deck(rules: Any) -> Section:
    from engine import tiles as T

    if rules.tile_list:
        kinds = "、".join(T.tile_name(t) for t in rules.tile_list)
        lines = [f"只用这些牌，每种 4 张：{kinds}。"]
    else:
        suits = rules.suits if rules.suits is not None else (0, 1, 2)
        lines = [f"数牌：{'、'.join(_SUITS[s] for s in suits) or '无'}，每门 1–9，每种 4 张。"]
        if rules.honor_tiles is not None:
            honors = "".join(T.tile_name(t) for t in rules.honor_tiles)
        else:
            honors = "东南西北中发白" if rules.include_honors else ""
        lines.append(f"字牌：{honors}，每种 4 张。" if honors else "不带字牌。")
    lines.append("带花牌。" if rules.include_flowers else "不带花牌。")
    lines.append(f"共 {rules.deck_total} 张。")
    return Section("牌", tuple(lines))


def _deal(rules: Any) -> Section:
    lines = [f"每人起手 {rules.cards_per_player} 张，庄家多拿 {rules.dealer_extra} 张并先出牌。"]
    wild = rules.wildcard
    if wild is not None:
        if wild.type == "fixed":
            from engine import tiles as T

            names = "、".join(T.tile_name(t) if isinstance(t, int) else str(t) for t in wild.tiles)
            lines.append(f"癞子：{names}，可以当任何牌用。")
        else:
            lines.append(f"开局翻一张牌定精（{_enum('wildcard_rules.random_count', wild.random_count)}），"
                         "精可以当任何牌用。")
        if wild.per_wildcard_in_win:
            lines.append(f"胡牌时手里每张癞子加 {_n(wild.per_wildcard_in_win)} 番。")
    if rules.flowers is not None:
        lines.append("摸到花牌亮出并补牌。")
    return Section("发牌", tuple(lines))


def _option(option: Any, slot: str) -> str:
    from engine.game.actions import REACTIONS, SELF_ACTIONS

    kind = (SELF_ACTIONS if slot == "self_action" else REACTIONS).get(option.action)
    text = kind.label_in(slot) if kind else option.action
    if option.condition and option.condition not in _PLAIN_CONDITIONS:
        text += f"（{_condition(option.condition)}）"
    return text


def _actions(rules: Any) -> Section:
    play = rules.play
    own = [_option(o, "self_action") for o in play.self_actions]
    others = sorted((o for o in play.reactions if o.action != "pass"), key=lambda o: -o.priority)
    lines = [f"出牌顺序：{_enum('phases[].turn_order', play.turn_order)}。",
             f"摸牌后可以：{'、'.join(own) or '只能出牌'}。",
             f"别人打出一张牌时可以（优先级从高到低）：{'、'.join(_option(o, 'others_reaction') for o in others) or '不能要'}。",
             f"几家同时要一张牌：{_enum('phases[].sub_phases.others_reaction.priority_policy', play.priority_policy)}。",
             f"有人胡牌后：{_enum('phases[].sub_phases.others_reaction.on_win', play.on_win)}。"]
    ends = [_enum("phases[].end_conditions[].type", str(e.get("type"))) for e in play.end_conditions]
    if ends:
        lines.append(f"一局结束：{'；'.join(ends)}。")
    extra = [_enum("phases[].type", p.type) for p in rules.phases
             if getattr(p, "type", "") not in ("auto", "mahjong_turn")]
    if extra:
        lines.append(f"另有阶段：{'、'.join(extra)}。")
    if play.fu_flag:
        lines.append("过水：能胡而不胡，到自己再打牌之前不能胡同一张牌。")
    if rules.declarations:
        lines.append(f"声明：{'；'.join(_declaration(d) for d in rules.declarations)}。")
    return Section("行牌", tuple(lines))


def _declaration(d: Any) -> str:
    """One ``declarations`` entry in words: when, on what condition, what it locks and shows (spec §23)."""
    if d.at == "start":
        text = f"{d.name}（开局第一次摸牌前{'满足 ' + d.condition + ' 的' if d.condition else '每'}家选 {'/'.join(map(str, d.choices))}"
        return text + ("，所选的是飘分）" if d.stake else "）")
    parts = ["随一张牌声明" + ("，打出后听牌才可以" if d.ready else "")]
    if d.condition:
        parts.append(f"条件 {d.condition}")
    if d.locks == "hand":
        parts.append("之后手牌锁定" + ("，可开不改听口的杠" if d.kongs == "keep_wait" else "，不能再杠"))
    parts.append(_enum("declarations[].exposes", d.exposes) if d.exposes != "nothing" else "别人只知道声明了")
    return f"{d.name}（{'，'.join(parts)}）"


def _win(rules: Any) -> Section:
    from engine.capabilities import registry

    # the solver capabilities that are hand shapes (癞子替代 and 二五八将 are rules about a shape, said below)
    shapes = [cap.name.removesuffix("判断") for cid, cap in registry().items()
              if cid.startswith("meldsolver.") and cid in rules.requires and cid not in _NOT_SHAPES]
    cond = rules.win_condition
    lines = [f"胡牌牌型：{'、'.join(shapes) or '四副面子加一对将'}。"]
    if not any(o.action == "win" for o in rules.play.reactions):
        lines.append("只能自摸，不能点炮胡。")
    for flag, text in (("pair_must_be_258", "将牌必须是 2、5、8。"), ("must_miss_suit", "必须缺一门才能胡。"),
                       ("must_open", "必须开口（吃、碰或明杠过）才能胡。")):
        if getattr(cond, flag, False):
            lines.append(text)
    lines.append(f"起胡：至少 {rules.win_min_fan} 番。" if rules.win_min_fan else "起胡：不限番数（0 番也能胡）。")
    if rules.ji_hu_self_draw_only:
        lines.append("鸡胡只能自摸。")
    return Section("胡牌", tuple(lines))


def _fans(rules: Any) -> Section:
    from engine.fans.registry import PER_UNITS, lookup

    rows = []
    for fan in rules.fans:
        notes = []
        raw = next((f for f in rules.raw.get("fan_types") or [] if f.get("name") == fan.name), {})
        if raw.get("per"):
            notes.append(f"{PER_UNITS.get(str(raw['per']), str(raw['per']))}计一次")
        if raw.get("composite_of"):
            notes.append("= " + " + ".join(str(x) for x in raw["composite_of"]))
        if raw.get("condition"):
            notes.append(f"条件 {raw['condition']}")
        excludes = "、".join(str(x) for x in raw.get("excludes") or []) or "—"
        conflicts = "、".join(str(x) for x in raw.get("conflicts") or [])
        if conflicts:
            excludes = f"{excludes}；与 {conflicts} 冲突" if excludes != "—" else f"与 {conflicts} 冲突"
        # the file's own definition (``when``) is the fan, not the library's fan of the same name
        meaning = f"本文件定义：{fan.when}" if fan.when else _fan_meaning(fan.name)
        if raw.get("open_fan") is not None:
            notes.insert(0, f"副露时 {_n(raw['open_fan'])} 番")
        rows.append((fan.name, f"{_n(raw.get('base_fan', 0))} 番", meaning + ("（" + "，".join(notes) + "）" if notes else ""),
                     excludes))
    lines = [f"番数叠加：{_enum('fan_stacking', rules.fan_stacking)}。",
             f"封顶：{rules.max_fan} 番。" if rules.max_fan else "不封顶。"]
    fallback = any((lookup(f.name) is not None and lookup(f.name).kind == "fallback") for f in rules.fans)
    pays_without_fan = rules.scoring.base_points or rules.fan_stacking == "double"
    if not fallback and not pays_without_fan:
        lines.append("注意：番型表里没有基本胡（鸡胡、素胡一类兜底番），也没有底分——不符合任何番型的胡牌算 0 番，一分不得。")
    return Section("番型", tuple(lines), ("番型", "番数", "说明", "不再另计（excludes）"), tuple(rows))


def _hand_value(rules: Any) -> list[str]:
    """``hand_value``: the declared quantities, how readings are ranked, and the payment formulas."""
    hv = rules.hand_value
    lines = []
    if hv.placements:
        lines.append("和牌张补成哪一组也算读法的一部分（听牌形按那一组判断）。")
    lines += [f"{name} = {text}" for name, text in hv.quantities]
    if hv.rank:
        lines.append("几种读法取：" + " → ".join(hv.rank) + " 依次最大的一种。")
    if hv.discarder:
        lines.append(f"点和：放铳者付 {hv.discarder}。")
    if hv.self_draw:
        lines.append(f"自摸：其他每家付 {hv.self_draw}（payer_dealer：付款的是庄家）。")
    return ["计分公式（hand_value，dslgen hand 按它计点数）："] + lines + ["对局结算（scoring）："]


def _settlement(rules: Any) -> Section:
    from engine.settlement import HOOKS
    from engine.settlement_items import ITEMS

    s = rules.scoring
    lines = _hand_value(rules) if rules.hand_value is not None else []
    if rules.fan_stacking == "double":
        d = s.doubling
        cap = f"，最多 {d.max_points} 分" if d.max_points else ""
        lines.append(f"得分 = 底分 {d.base} × 2^番{cap}；{_enum('scoring.doubling.self_draw', d.self_draw)}。")
    who = _enum("scoring.discard_paid_by", s.discard_paid_by)
    lines.append(f"自摸：每位未胡的对手付 番数 × {s.self_draw_multiplier}。")
    if any(o.action == "win" for o in rules.play.reactions):
        lines.append(f"点炮：{who}，付 番数 × {s.discard_win_multiplier}。")
    if s.dealer_multiplier != 1:
        lines.append(f"庄家：庄家赢时每家付 {s.dealer_multiplier} 倍；闲家赢时庄家付 {s.dealer_multiplier} 倍。")
    if s.base_points:
        lines.append(f"底分：每笔付款另加 {s.base_points} 分（{_enum('scoring.base_paid_by', s.base_paid_by)}）。")
    if s.max_cap:
        lines.append(f"结算封顶 {s.max_cap} 番。")
    if s.kong_payments:
        k = s.kong_payments
        lines.append(f"杠分：明杠 {k.ming_kong}（放杠者付），暗杠 {k.an_kong}、加杠 {k.bu_kong}（每家付）。")
    for hook in s.pre_hooks:
        unit = HOOKS.get(hook.name)
        lines.append(f"结算前：{unit.zh if unit else hook.name}。")
    for item in rules.settlement_items:
        unit = ITEMS.get(item.name)
        if unit is None:
            lines.append(f"结算项：{item.name}。")
            continue
        settings = unit.settings(item.params)
        params = "，".join(f"{unit.params[k].zh} {_n(v)}" for k, v in settings.items()
                           if k in unit.params and not isinstance(v, (list, dict)))
        lines.append(f"结算项 {unit.zh}" + (f"：{params}" if params else "") + "。")
    return Section("结算", tuple(lines))


def _formula(rules: Any, win: Mapping[str, Any], dealer: int) -> str:
    """``按结算规则：座位1 付 1 番 × 点炮倍数 3 = 3。`` — the settlement section's arithmetic for this win, given
    only when it reproduces every payment the engine made (else "": another rule adjusted the payment)."""
    from engine.simulation.narrate import seat_label

    s = rules.scoring
    if rules.fan_stacking == "double":
        return ""
    mult, word = ((s.self_draw_multiplier, "自摸倍数") if win["self_drawn"]
                  else (s.discard_win_multiplier, "点炮倍数"))
    parts = []
    for payer, value in enumerate(win["payments"]):
        if value >= 0:
            continue
        times = s.dealer_multiplier if dealer in (payer, win["seat"]) else 1
        if not win["self_drawn"] and payer != win["discarder"] and s.discard_paid_by != "all_losers":
            if s.base_paid_by != "all_losers" or s.base_points != -value:
                return ""
            parts.append(f"{seat_label(payer, dealer)} 付底分 {s.base_points}")
            continue
        amount = win["total"] * mult * times + s.base_points
        if amount != -value:
            return ""
        parts.append(f"{seat_label(payer, dealer)} 付 {win['total']} 番 × {word} {mult}"
                     + (f" × 庄家倍数 {times}" if times != 1 else "")
                     + (f" + 底分 {s.base_points}" if s.base_points else "") + f" = {amount}")
    return "按结算规则：" + "；".join(parts) + "。" if parts else ""


def _example(rules: Any, path_hint: str) -> Section:
    """The first paid win of the seeded run, settled by the engine, step by step."""
    from engine import tiles as T
    from engine.simulation.games import replay_game, series_games
    from engine.simulation.narrate import item_label, seat_label

    paid = next((r.index for r in series_games(rules, 0, 0, EXAMPLE_GAMES, "greedy")
                 if r.error is None and any(w["payments"][w["seat"]] > 0 for w in r.wins)), None)
    if paid is not None:
        rec = replay_game(rules, 0, paid, "greedy")
        events = rec.events or []
        win = next(e for e in events if e.get("type") == "win" and e["payments"][e["seat"]] > 0)
        dealer = rec.dealer
        wilds = next((e["wilds"] for e in events if e.get("type") == "wild"), [])
        how = "自摸" if win["self_drawn"] else f"{seat_label(win['discarder'], dealer)} 点炮"
        if win.get("robbing_kong"):
            how = f"抢{seat_label(win['discarder'], dealer)}的杠"
        melds = "  ".join(T.format_tiles(tiles) for _, tiles in win.get("melds") or [])
        lines = [f"取自模拟第 {rec.index} 局（种子 0，greedy 机器人）。"]
        if wilds:
            lines.append(f"本局癞子：{'、'.join(T.tile_name(t) for t in wilds)}。")
        lines.append(f"{seat_label(win['seat'], dealer)} 胡 {T.tile_name(win['tile'])}（{how}）：手牌 "
                     f"{T.format_tiles(win['hand'])}" + (f"，副露 {melds}" if melds else "") + "。")
        fans = " + ".join(f"{name} {_n(value)} 番" for name, value in win["fans"]) or "没有番"
        capped = f"，按 {win['total']} 结算" if win.get("fan_total") not in (None, win["total"]) else ""
        lines.append(f"番型：{fans}，合计 {win.get('fan_total', win['total'])} 番{capped}。")
        lines.append("这次胡牌的支付：" + "，".join(f"{seat_label(s, dealer)} {v:+d}"
                                             for s, v in enumerate(win["payments"]) if v) + "。")
        formula = _formula(rules, win, dealer)
        if formula:
            lines.append(formula)
        for e in events:
            if e.get("type") == "item" and any(e["payments"]):
                lines.append(f"{item_label(e['name'])}：" + "，".join(f"{seat_label(s, dealer)} {v:+d}"
                                                                    for s, v in enumerate(e["payments"]) if v) + "。")
        lines.append("本局合计：" + "，".join(f"{seat_label(s, dealer)} {v:+d}" for s, v in enumerate(rec.payments)) + "。")
        lines.append(f"整局过程：dslgen replay {path_hint} --seed 0 --game {rec.index}")
        return Section("算例", tuple(lines))
    return Section("算例", (f"模拟的前 {EXAMPLE_GAMES} 局里没有一次给钱的胡牌，无法举例（见输赢检查）。",))


def rule_sheet(data: Mapping[str, Any], *, example: bool = True, path_hint: str = "FILE") -> RuleSheet:
    """The 玩法说明 of the rule mapping ``data`` (``meta`` ignored); ``example`` adds the worked example.

    Raises :class:`dslgen.errors.DslgenError` when the engine cannot load the rules.
    """
    from dslgen.rulefile import rules_from_loaded
    from dslgen.rulefile.yamlio import dump_yaml, load_yaml_text

    body = {k: v for k, v in data.items() if k != "meta"}
    return sheet_of_rules(rules_from_loaded(load_yaml_text(dump_yaml(body), path_hint)).rules, example=example,
                          path_hint=path_hint)


def sheet_of_rules(rules: Any, *, example: bool = True, path_hint: str = "FILE") -> RuleSheet:
    """The 玩法说明 of a loaded :class:`engine.rules.Rules` (see :func:`rule_sheet`)."""
    sections = [_overview(rules), _deck(rules), _deal(rules), _actions(rules), _win(rules), _fans(rules),
                _settlement(rules)]
    from dslgen.review.table_sheet import table_lines

    table = table_lines(rules)
    if table:
        sections.insert(3, Section("翻牌与牌桌事件", table))
    if example:
        sections.append(_example(rules, path_hint))
    return RuleSheet(rules.name, tuple(sections))


# --- renderers ------------------------------------------------------------------------------

def render_text(sheet: RuleSheet) -> str:
    """The sheet as plain text (a terminal, a chat message)."""
    out = [f"{sheet.name} 玩法说明", ""]
    for s in sheet.sections:
        out.append(f"【{s.title}】")
        out.extend(s.lines)
        if s.rows:
            out.extend(f"  {row[0]}  {row[1]}  {row[2]}" + (f"  不再另计：{row[3]}" if row[3] != "—" else "")
                       for row in s.rows)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    from dslgen.review.render_markdown import _md as inert

    return inert(text)


def render_markdown(sheet: RuleSheet, level: int = 2) -> str:
    """The sheet as Markdown (``level`` is the heading level of its title)."""
    h = "#" * level
    out = [f"{h} {_md(sheet.name)} 玩法说明", ""]
    for s in sheet.sections:
        out += [f"{h}# {_md(s.title)}", ""]
        out += [f"- {_md(line)}" for line in s.lines]
        if s.rows:
            out += ["", "| " + " | ".join(_md(c) for c in s.header) + " |", "|" + "---|" * len(s.header)]
            out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in s.rows]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def render_html_fragment(sheet: RuleSheet, level: int = 2) -> str:
    """The sheet as an HTML fragment (a ``<section class="rule-sheet">``), every text escaped."""
    e = lambda t: escape(str(t), quote=True)  # noqa: E731
    out = [f'<section class="rule-sheet"><h{level}>{e(sheet.name)} 玩法说明</h{level}>']
    for s in sheet.sections:
        out.append(f"<h{level + 1}>{e(s.title)}</h{level + 1}>")
        if s.lines:
            out.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in s.lines) + "</ul>")
        if s.rows:
            out.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in s.header) + "</tr>"
                       + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in s.rows)
                       + "</table>")
    out.append("</section>")
    return "".join(out)


def render_html(sheet: RuleSheet) -> str:
    """The sheet as a complete, self-contained HTML page (inline style, no script)."""
    css = ("body{font-family:system-ui,\"PingFang SC\",\"Microsoft YaHei\",\"Noto Sans CJK SC\",sans-serif;"
           "max-width:900px;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#222}"
           "table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left}"
           "th{background:#f5f6f8}")
    return ('<!DOCTYPE html>\n<html lang="zh-CN"><head><meta charset="utf-8">'
            f"<title>{escape(sheet.name)} 玩法说明</title><style>{css}</style></head><body>"
            f"{render_html_fragment(sheet, 1)}</body></html>\n")
