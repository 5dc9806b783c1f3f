"""Semantic diff of two rule files, in rule language a reviewer reads.

Instead of ``fan_types[3].base_fan: 4 -> 8`` the reviewer sees ``清一色：4 番 → 8 番``;
instead of a new list entry under ``others_reaction`` they see ``可以吃：否 → 是``.
Every field of the DSL is covered: the well-known ones by the field table below
(with the specification's defaults, so an omitted field equals its default), the
list-shaped ones (fans, actions, hooks, capabilities) by name, and anything else
by a generic leaf comparison, so no change is ever silently dropped. The ``meta``
block (description, provenance) is not a rule and is ignored.
"""

from __future__ import annotations

import copy
import re
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping

from engine.defaults import default, fill
from engine.documented_defaults import DEFAULTS
from engine.fans.registry import PER_UNITS
from engine.game.actions import REACTIONS, SELF_ACTIONS
from engine.settlement import HOOKS

from dslgen.rulefile.schema import enum_labels
from dslgen.rulefile.spec import fan_synonyms

_MISSING = object()


@dataclass(frozen=True)
class Change:
    """One rule change: the field path, ``added`` / ``removed`` / ``changed``, and the readable text."""

    path: str
    kind: str
    text: str

    def to_dict(self) -> dict:
        """Plain mapping for JSON output."""
        return asdict(self)


# --- value formatting ---------------------------------------------------------

def _yes_no(value: Any) -> str:
    return "是" if value else "否"


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _plain(value: Any) -> str:
    if value is None or value is _MISSING:
        return "无"
    if isinstance(value, bool):
        return _yes_no(value)
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, (list, tuple)):
        return "、".join(_plain(v) for v in value) if value else "无"
    if isinstance(value, Mapping):
        return "，".join(f"{k}: {_plain(v)}" for k, v in value.items()) or "无"
    return str(value) if str(value) != "" else "（空）"


def _fan(value: Any) -> str:
    return "无" if value is None else f"{_number(value)} 番"


def _cap(value: Any) -> str:
    return "不封顶" if value in (None, 0) else f"{_number(value)} 番"


def _min_fan(value: Any) -> str:
    return "无要求" if not value else f"{_number(value)} 番"


def _times(value: Any) -> str:
    return f"{_number(value)} 倍"


def _label(path: str, value: Any) -> str:
    """The specification's text for ``value`` of the enum field at ``path`` (:func:`enum_labels`), or ""."""
    labels = enum_labels().get(path, {})
    if isinstance(value, (str, int, float)) and value in labels:  # a malformed file may hold a list here
        return labels[value]
    return next((text for v, text in labels.items() if str(v) == str(value)), "")


def _enum(path: str) -> Callable[[Any], str]:
    """Show a value of the enum field at ``path`` by the specification's text for it (``x-enum-descriptions``),
    the raw value in brackets."""
    def fmt(value: Any) -> str:
        if value is None:
            return "无"
        label = _label(path, value)
        if label:
            return f"{label}（{value}）" if str(value) else label
        return str(value)

    return fmt


END_ACTIONS = {"settle": "结算", "draw_game": "流局"}


@dataclass(frozen=True)
class Field:
    """A scalar DSL field: where it is, what a reviewer calls it, how to show it, and its default."""

    path: str
    label: str
    fmt: Callable[[Any], str] = _plain
    #: the field's path in :data:`engine.documented_defaults.DEFAULTS` (play-phase fields sit under ``phases[]``)
    scope: str = ""
    #: what an omitted optional field means when the specification gives it no ``default:`` (an omitted
    #: ``deck.suits`` is all three suits: the engine builds that deck by another path).
    absent: Any = _MISSING

    @property
    def default(self) -> Any:
        """The specification's default (``default:`` in its schema block), or ``_MISSING``."""
        return copy.deepcopy(DEFAULTS.get(self.scope + self.path, self.absent))


#: Scalar fields with their rule-language names (defaults come from the specification).
FIELDS: tuple[Field, ...] = (
    Field("game.name", "玩法名称"),
    Field("game.type", "游戏类型"),
    Field("game.engine_type", "引擎类型", _plain),
    Field("game.players.min", "最少人数", _number),
    Field("game.players.max", "最多人数", _number),
    Field("deck.generator", "牌库生成器"),
    Field("deck.total", "牌数", _number),
    Field("deck.include_honors", "含字牌（东南西北中发白）", _yes_no),
    Field("deck.include_flowers", "含花牌", _yes_no),
    Field("deck.suits", "数牌花色", _plain, absent=["万", "条", "筒"]),
    Field("deck.honors", "字牌种类（含字牌时）", _plain, absent=["东", "南", "西", "北", "中", "发", "白"]),
    Field("deck.tiles", "逐张列出的牌种", _plain, absent=[]),
    Field("game.seating.seat_winds", "座位门风（从庄家起）", _plain, absent=[]),
    Field("game.seating.first_dealer", "首局庄家", _enum("game.seating.first_dealer")),
    Field("game.seating.next_dealer", "下一局庄家", _enum("game.seating.next_dealer")),
    Field("deal.cards_per_player", "每人起手张数", _number),
    Field("deal.dealer_extra", "庄家多拿张数", _number),
    Field("wildcard_rules.type", "癞子类型", _enum("wildcard_rules.type")),
    Field("wildcard_rules.random_count", "精的数量", _enum("wildcard_rules.random_count")),
    Field("wildcard_rules.wildcard_encoding", "癞子牌编码起点", _number),
    Field("wildcard_rules.indicator_offsets", "精相对翻出的牌的位置（0 是翻出的那张本身，1 是它的下一张）", _plain, absent=[1]),
    Field("wildcard_rules.behavior", "癞子用法", _plain),
    Field("wildcard_rules.fan_calculation_policy", "癞子算番方式", _plain),
    Field("wildcard_rules.scoring.per_wildcard_in_win", "每张癞子加番", _fan),
    Field("win_condition.pair_must_be_258", "将牌必须是 2/5/8", _yes_no),
    Field("win_condition.must_miss_suit", "必须缺一门才能胡", _yes_no),
    Field("win_condition.must_open", "必须开口（吃、碰或明杠）才能胡", _yes_no),
    Field("win_condition.ready", "一局结束时怎样算听牌", _enum("win_condition.ready")),
    Field("fan_stacking", "番型叠加方式", _enum("fan_stacking")),
    Field("max_fan", "单局最高番数", _cap),
    Field("win_min_fan", "起胡番数", _min_fan),
    Field("win_rule.ji_hu_self_draw_only", "鸡胡只能自摸", _yes_no),
    Field("win_rule.ji_hu_dropped_by", "鸡胡被哪些番取代", _enum("win_rule.ji_hu_dropped_by")),
    Field("scoring.mode", "计分方式", _plain),
    Field("scoring.max_cap", "结算封顶", _cap),
    Field("scoring.self_draw_multiplier", "自摸倍数", _times),
    Field("scoring.discard_win_multiplier", "点炮倍数", _times),
    Field("scoring.dealer_multiplier", "庄家倍数", _times),
    Field("scoring.base_points", "底分（每笔付款另加）", _number),
    Field("scoring.doubling.base", "加倍计分的底分", _number),
    Field("scoring.doubling.max_points", "分数封顶", lambda v: "不封顶" if not v else f"{_number(v)} 分"),
    Field("scoring.doubling.self_draw", "自摸奖励", _enum("scoring.doubling.self_draw")),
    Field("scoring.kong_payments.ming_kong", "明杠杠分（放杠者付）", _number),
    Field("scoring.kong_payments.an_kong", "暗杠杠分（每家付）", _number),
    Field("scoring.kong_payments.bu_kong", "加杠杠分（每家付）", _number),
    Field("scoring.kong_payments.refund", "退税（荒庄未听牌退还杠分）", _yes_no),
    Field("scoring.kong_payments.transfer", "呼叫转移（杠上炮杠分转给胡牌者）", _yes_no),
    Field("scoring.base_paid_by", "点炮时谁付底分", _enum("scoring.base_paid_by")),
    Field("scoring.discard_paid_by", "点炮谁付番", _enum("scoring.discard_paid_by")),
    Field("liang_dao.expose", "亮倒时亮出什么", _enum("liang_dao.expose")),
    Field("liang_dao.kongs", "亮倒后开杠", _enum("liang_dao.kongs")),
    Field("flower_rules.on_draw", "摸到花牌时", _plain),
    Field("flower_rules.replace_tiles", "补花时机", _enum("flower_rules.replace_tiles")),
    Field("flower_rules.scoring.normal", "每张花牌分", _number),
    Field("flower_rules.scoring.matching.value", "本命花加分", _number),
)

#: Subtrees compared by dedicated code below (never by the generic leaf walk).
#: Subtrees read as one rule each (a formula list or a section): compared whole, named by their label.
_WHOLE = (("win_condition.require", "和牌条件（表达式）"), ("win_condition.shapes", "自定义和牌牌型"),
          ("deck.marked", "带标记的牌（赤宝牌）"), ("hand_value", "手牌价值（符、点数与支付公式，hand_value）"),
          ("payments", "支付公式（payments）"), ("reveal", "翻牌与牌的种类（reveal）"),
          ("table_events", "牌桌事件（留牌、最后几张、即时和牌）"), ("tile_restrictions", "牌的动作限制"))

_SPECIAL = ("meta", *(path for path, _ in _WHOLE), "requires", "deck.suits", "deck.honors", "deck.tiles", "game.seating.seat_winds", "fan_types", "phases", "scoring.pre_hooks", "settlement_items", "declarations", "win_condition.pair_258_exempt_fans",
            "wildcard_rules.tiles", "wildcard_rules.indicator_offsets", "flower_rules.scoring.matching.mapping")

#: Play-phase keys the phase comparison handles itself.
_PLAY_KEYS = ("name", "type", "next", "turn_order", "parallel_elimination", "sub_phases", "end_conditions", "fu_flag")

_PLAY_FIELDS: tuple[Field, ...] = (
    Field("turn_order", "出牌顺序", _enum("phases[].turn_order"), "phases[]."),
    Field("parallel_elimination", "血战到底（胡牌者离场，其余继续）", _yes_no, "phases[]."),
    Field("sub_phases.draw.on_draw_flower", "摸到花牌", _enum("phases[].sub_phases.draw.on_draw_flower"), "phases[]."),
    Field("sub_phases.draw.on_empty_deck", "牌墙摸完", _enum("phases[].sub_phases.draw.on_empty_deck"), "phases[]."),
    Field("sub_phases.others_reaction.priority_policy", "多人要同一张牌时", _enum("phases[].sub_phases.others_reaction.priority_policy"), "phases[]."),
    Field("sub_phases.others_reaction.on_win", "有人胡牌后", _enum("phases[].sub_phases.others_reaction.on_win"), "phases[]."),
    Field("sub_phases.others_reaction.stay_kong", "血流成河中和过牌的人能否开杠", _enum("phases[].sub_phases.others_reaction.stay_kong"), "phases[]."),
)


# --- access helpers -------------------------------------------------------------

def _get(data: Any, path: str) -> Any:
    node = data
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return _MISSING
        node = node[part]
    return node


def _value(data: Any, field: Field) -> Any:
    value = _get(data, field.path)
    if value is _MISSING or value is None:
        return field.default if field.default is not _MISSING else value
    return value


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (a is not _MISSING and b is not _MISSING and bool(a) == bool(b) and type(a) is type(b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b  # exact for int vs float, and no overflow for huge integers
    return _normalise(a) == _normalise(b)


def _normalise(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normalise(v) for v in value]
    return value


def _names(value: Any) -> list[str]:
    if value is None or value is _MISSING:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def _compact(value: Any) -> str:
    """A subtree as one short line of text ("无" when absent)."""
    import json

    if value is None:
        return "无"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= 160 else text[:157] + "…"


def _set_change(path: str, label: str, old: list[str], new: list[str]) -> list[Change]:
    added = [n for n in new if n not in old]
    removed = [n for n in old if n not in new]
    if not added and not removed:
        return []
    parts = []
    if added:
        parts.append("新增 " + "、".join(added))
    if removed:
        parts.append("移除 " + "、".join(removed))
    return [Change(path, "changed", f"{label}：{'；'.join(parts)}")]


def _field_change(prefix: str, label_prefix: str, field: Field, old: Any, new: Any) -> list[Change]:
    a, b = _value(old, field), _value(new, field)
    if _same(a, b):
        return []
    fmt = field.fmt
    return [Change(prefix + field.path, "changed", f"{label_prefix}{field.label}：{_show(fmt, a)} → {_show(fmt, b)}")]


def _show(fmt: Callable[[Any], str], value: Any) -> str:
    return "无" if value is _MISSING else fmt(value)


# --- section comparisons --------------------------------------------------------------

def _diff_requires(old: Mapping, new: Mapping) -> list[Change]:
    a, b = _names(old.get("requires")), _names(new.get("requires"))
    names = _capability_names()
    out = [Change("requires", "added", f"新增引擎能力：{_cap_label(c, names)}") for c in b if c not in a]
    out += [Change("requires", "removed", f"移除引擎能力：{_cap_label(c, names)}") for c in a if c not in b]
    return out


def _capability_names() -> dict[str, str]:
    from engine.capabilities import registry

    return {cid: cap.name for cid, cap in registry().items()}


def _cap_label(cid: str, names: Mapping[str, str]) -> str:
    return f"{names[cid]}（{cid}）" if cid in names else cid


def _diff_wildcard(old: Mapping, new: Mapping) -> list[Change]:
    a, b = old.get("wildcard_rules"), new.get("wildcard_rules")
    if not a and not b:
        return []
    if not a or not b:
        text = f"癞子：{_wildcard_summary(a)} → {_wildcard_summary(b)}"
        return [Change("wildcard_rules", "added" if b else "removed", text)]
    out = [c for f in FIELDS if f.path.startswith("wildcard_rules.") for c in _field_change("", "", f, old, new)]
    out += _set_change("wildcard_rules.tiles", "癞子牌", _names(a.get("tiles")), _names(b.get("tiles")))
    return out


def _wildcard_summary(block: Any) -> str:
    if not block:
        return "无"
    kind = str(block.get("type", "fixed"))
    if kind == "fixed":
        return f"{'、'.join(_names(block.get('tiles'))) or '未指定'}（固定）"
    count = str(block.get("random_count", default("wildcard_rules.random_count")))
    return f"翻牌定精（{_label('wildcard_rules.random_count', count) or count}）"


def _fan_map(data: Mapping) -> dict[str, Mapping]:
    """Declared fans keyed by canonical name, so 碰碰胡 and 对对胡 are the same fan."""
    synonyms = fan_synonyms()
    out: dict[str, Mapping] = {}
    for item in data.get("fan_types") or []:
        if isinstance(item, Mapping) and "name" in item:
            out[synonyms.get(str(item["name"]), str(item["name"]))] = item
    return out


_FAN_KNOWN = ("name", "base_fan", "level", "excludes", "conflicts", "condition", "per", "toward_min_fan",
              "prefer_on_tie", "composite_of", "at_cap")

#: ``per`` values as the reviewer reads them (the engine's occurrence units).
_PER = {**{k: f"{v}计一次" for k, v in PER_UNITS.items()}, "": "只计一次"}


def _fan_extra(fan: Mapping) -> str:
    """``，= 清一色 + 对对胡`` / ``，每个四张（杠或未开杠的四张）计一次`` / ``，按封顶计`` for a new or removed fan."""
    out = ""
    if fan.get("composite_of"):
        out += "，= " + " + ".join(_names(fan.get("composite_of")))
    if fan.get("per"):
        out += "，" + _PER.get(str(fan["per"]), str(fan["per"]))
    if fan.get("at_cap"):
        out += "，按封顶计"
    return out


def _diff_fans(old: Mapping, new: Mapping) -> list[Change]:
    a, b = _fan_map(old), _fan_map(new)
    out = [Change(f"fan_types.{fan['name']}", kind, f"{verb}番型：{fan['name']}（{_fan(fan.get('base_fan'))}{_fan_extra(fan)}）")
           for kind, verb, here, there in (("added", "新增", b, a), ("removed", "删除", a, b))
           for key, fan in here.items() if key not in there]
    for key, fa in a.items():
        fb = b.get(key)
        if fb is None:
            continue
        name = str(fb["name"])
        path = f"fan_types.{name}"
        if str(fa["name"]) != name:
            out.append(Change(path + ".name", "changed", f"番型名称：{fa['name']} → {name}（{_rename_note(str(fa['name']), name)}）"))
        if not _same(fa.get("base_fan", 0), fb.get("base_fan", 0)):
            out.append(Change(path + ".base_fan", "changed",
                              f"{name}：{_fan(fa.get('base_fan', 0))} → {_fan(fb.get('base_fan', 0))}"))
        if not _same(fa.get("level") or 0, fb.get("level") or 0):
            out.append(Change(path + ".level", "changed",
                              f"{name} 的等级：{_number(fa.get('level') or 0)} → {_number(fb.get('level') or 0)}"))
        out += _set_change(path + ".excludes", f"{name} 的互斥番型（有它不计）",
                           _names(fa.get("excludes")), _names(fb.get("excludes")))
        out += _set_change(path + ".conflicts", f"{name} 的冲突番型（取高）",
                           _names(fa.get("conflicts")), _names(fb.get("conflicts")))
        if _names(fa.get("composite_of")) != _names(fb.get("composite_of")):
            out.append(Change(path + ".composite_of", "changed", f"{name} 的组成：{' + '.join(_names(fa.get('composite_of'))) or '无（单独的番型）'}"
                              f" → {' + '.join(_names(fb.get('composite_of'))) or '无（单独的番型）'}"))
        if bool(fa.get("at_cap")) != bool(fb.get("at_cap")):
            out.append(Change(path + ".at_cap", "changed", f"{name} 按封顶计：{_yes_no(fa.get('at_cap'))} → {_yes_no(fb.get('at_cap'))}"))
        ca, cb = str(fa.get("condition") or ""), str(fb.get("condition") or "")
        if ca != cb:
            out.append(Change(path + ".condition", "changed", f"{name} 的条件：{ca or '无'} → {cb or '无'}"))
        pa, pb = str(fa.get("per") or ""), str(fb.get("per") or "")
        if pa != pb:
            out.append(Change(path + ".per", "changed", f"{name} 的计次：{_PER.get(pa, pa)} → {_PER.get(pb, pb)}"))
        ta, tb = fa.get("toward_min_fan") is not False, fb.get("toward_min_fan") is not False  # filled: default true
        if ta != tb:
            out.append(Change(path + ".toward_min_fan", "changed",
                              f"{name}：{'计入' if ta else '不计入'}起和番 → {'计入' if tb else '不计入'}起和番"))
        if bool(fa.get("prefer_on_tie")) != bool(fb.get("prefer_on_tie")):
            out.append(Change(path + ".prefer_on_tie", "changed",
                              f"{name}：总番相同时{'优先' if fb.get('prefer_on_tie') else '不再优先'}取计入本番的读法"))
        for key in sorted(set(fa) | set(fb)):
            if key not in _FAN_KNOWN and not _same(fa.get(key, _MISSING), fb.get(key, _MISSING)):
                out.append(Change(f"{path}.{key}", "changed",
                                  f"{name} 的 {key}：{_plain(fa.get(key))} → {_plain(fb.get(key))}"))
    return out


def _rename_note(old: str, new: str) -> str:
    """What renaming a fan to a synonym changes: nothing, unless one name opens a winning shape (将将胡)."""
    from engine.solver.shapes import SHAPE_LABELS, shape_of_fan

    a, b = shape_of_fan(old), shape_of_fan(new)
    if a == b:
        return "同一番型，计分不变"
    parts = []  # Shapes field names are the shape names
    if b:
        parts.append(f"{new} 另外打开和牌型 {SHAPE_LABELS.get(b, b)}")
    if a:
        parts.append(f"不再打开和牌型 {SHAPE_LABELS.get(a, a)}")
    return "同一番型；" + "，".join(parts)


def _phases(data: Mapping) -> list[Mapping]:
    return [p for p in data.get("phases") or [] if isinstance(p, Mapping)]


def _play(data: Mapping) -> Mapping:
    return next((p for p in _phases(data) if p.get("type") == "mahjong_turn"), {})


def _options(play: Mapping, slot: str) -> dict[str, Mapping]:
    block = _get(play, f"sub_phases.{slot}")
    items = block.get("options") if isinstance(block, Mapping) else None
    return {str(o["action"]): o for o in items or [] if isinstance(o, Mapping) and "action" in o}


def _diff_actions(slot: str, old_play: Mapping, new_play: Mapping) -> list[Change]:
    a, b = _options(old_play, slot), _options(new_play, slot)
    registry = SELF_ACTIONS if slot == "self_action" else REACTIONS
    out: list[Change] = []
    for action in list(a) + [x for x in b if x not in a]:
        kind = registry.get(action)
        label = kind.label_in(slot) if kind else action
        path = f"phases.play.sub_phases.{slot}.{action}"
        if (action in a) != (action in b):
            out.append(Change(path, "added" if action in b else "removed",
                              f"可以{label}：{_yes_no(action in a)} → {_yes_no(action in b)}"))
            continue
        oa, ob = a[action], b[action]
        if str(oa.get("condition") or "") != str(ob.get("condition") or ""):
            out.append(Change(path + ".condition", "changed",
                              f"{label} 的条件：{oa.get('condition') or '无'} → {ob.get('condition') or '无'}"))
        pa, pb = (o.get("priority") or default(f"phases[].sub_phases.{slot}.options[].priority") for o in (oa, ob))
        if not _same(pa, pb):
            out.append(Change(path + ".priority", "changed", f"{label} 的优先级：{_number(pa)} → {_number(pb)}"))
    return out


def _end_conditions(play: Mapping) -> list[str]:
    out = []
    for item in play.get("end_conditions") or []:
        if isinstance(item, Mapping):
            kind, action = str(item.get("type", "?")), str(item.get("action", "?"))
            out.append(f"{_label('phases[].end_conditions[].type', kind) or kind}时{END_ACTIONS.get(action, action)}")
    return out


def _diff_phases(old: Mapping, new: Mapping) -> list[Change]:
    out: list[Change] = []
    pa = {str(p.get("name")): p for p in _phases(old) if p.get("type") != "mahjong_turn"}
    pb = {str(p.get("name")): p for p in _phases(new) if p.get("type") != "mahjong_turn"}
    for name in list(pa) + [n for n in pb if n not in pa]:
        path = f"phases.{name}"
        if name not in pb or name not in pa:
            kind = "added" if name in pb else "removed"
            p = pb.get(name) or pa.get(name)
            what = _label("phases[].type", p.get("type"))
            if p.get("direction"):
                what += f"，{_label('phases[].direction', p['direction']) or p['direction']}"
            out.append(Change(path, kind, f"{'新增' if name in pb else '删除'}阶段：{name}" + (f"（{what}）" if what else "")))
            continue
        x, y = pa[name], pb[name]
        if str(x.get("action") or "") != str(y.get("action") or ""):
            fmt = _enum("phases[].action")
            out.append(Change(path + ".action", "changed",
                              f"阶段 {name} 的动作：{fmt(x.get('action'))} → {fmt(y.get('action'))}"))
        for key in sorted((set(x) | set(y)) - {"name", "action", "hands"}):  # hands: _diff_opening
            if not _same(x.get(key, _MISSING), y.get(key, _MISSING)):
                out.append(Change(f"{path}.{key}", "changed",
                                  f"阶段 {name} 的 {key}：{_plain(x.get(key))} → {_plain(y.get(key))}"))
    a, b = _play(old), _play(new)
    if not a and not b:
        return out
    for field in _PLAY_FIELDS:
        out += _field_change("phases.play.", "", field, a, b)
    out += _diff_actions("self_action", a, b)
    out += _diff_actions("others_reaction", a, b)
    out += _set_change("phases.play.end_conditions", "结束条件", _end_conditions(a), _end_conditions(b))
    fa, fb = a.get("fu_flag"), b.get("fu_flag")
    if bool(fa) != bool(fb):
        out.append(Change("phases.play.fu_flag", "added" if fb else "removed",
                          f"过水（放过的牌本轮不能再胡）：{_yes_no(fa)} → {_yes_no(fb)}"))
    elif fa and not _same(fa, fb):
        out.append(Change("phases.play.fu_flag", "changed", f"过水规则：{_plain(fa)} → {_plain(fb)}"))
    if str(a.get("next")) != str(b.get("next")):
        out.append(Change("phases.play.next", "changed", f"对局阶段之后：{_plain(a.get('next'))} → {_plain(b.get('next'))}"))
    handled = {f.path for f in _PLAY_FIELDS} | {
        f"sub_phases.{s}.options" for s in ("self_action", "others_reaction")}
    for path in sorted(set(_leaves(a)) | set(_leaves(b))):
        top = re.split(r"[.\[]", path)[0]
        if top in ("name", "type", "next", "turn_order", "parallel_elimination", "end_conditions", "fu_flag"):
            continue
        if path in handled or any(path.startswith(h + ".") or path.startswith(h + "[") for h in handled):
            continue
        va, vb = _leaves(a).get(path, _MISSING), _leaves(b).get(path, _MISSING)
        if not _same(va, vb):
            out.append(Change(f"phases.play.{path}", "changed", f"对局阶段 {path}：{_show(_plain, va)} → {_show(_plain, vb)}"))
    return out


def _opening_hands(data: Mapping) -> dict[str, int]:
    """起手小胡 of the ``opening_wins`` phase: canonical name -> points (empty without the phase)."""
    from engine.game.opening import lookup

    out: dict[str, int] = {}
    for phase in _phases(data):
        if phase.get("type") != "opening_wins":
            continue
        for entry in phase.get("hands") or []:
            if isinstance(entry, Mapping) and "name" in entry:
                unit = lookup(str(entry["name"]))
                out[unit.name if unit else str(entry["name"])] = entry.get("points", default("phases[].hands[].points"))
    return out


def _by_name(a: Mapping[str, Any], b: Mapping[str, Any], path: str, added: Callable[[str], str],
             removed: Callable[[str], str], changed: Callable[[str], list[Change]]) -> list[Change]:
    """Entries keyed by name, old (``a``) against new (``b``), in ``a``'s order then the new names: an added
    or removed entry is one change at ``path.name`` (text from ``added`` / ``removed``), an entry in both
    gives what ``changed`` finds."""
    out: list[Change] = []
    for name in list(a) + [n for n in b if n not in a]:
        if name not in a:
            out.append(Change(f"{path}.{name}", "added", added(name)))
        elif name not in b:
            out.append(Change(f"{path}.{name}", "removed", removed(name)))
        else:
            out += changed(name)
    return out


def _diff_opening(old: Mapping, new: Mapping) -> list[Change]:
    """起手小胡 by name: added, removed, points changed."""
    a, b = _opening_hands(old), _opening_hands(new)

    def changed(name: str) -> list[Change]:
        if _same(a[name], b[name]):
            return []
        return [Change(f"phases.opening_wins.hands.{name}.points", "changed", f"起手小胡 {name}：{_fan(a[name])} → {_fan(b[name])}")]

    return _by_name(a, b, "phases.opening_wins.hands", lambda name: f"新增起手小胡：{name}（{_fan(b[name])}，自摸结算）",
                    lambda name: f"删除起手小胡：{name}（{_fan(a[name])}）", changed)


def _diff_hooks(old: Mapping, new: Mapping) -> list[Change]:
    def hooks(data: Mapping) -> dict[str, Mapping]:
        """``pre_hooks`` by name."""
        items = _get(data, "scoring.pre_hooks")
        items = items if isinstance(items, list) else []
        return {str(h["name"]): h for h in items if isinstance(h, Mapping) and "name" in h}

    def label(name: str) -> str:
        return f"{HOOKS[name].zh}（{name}）" if name in HOOKS else name

    def changed(name: str) -> list[Change]:
        out = []
        for key, what in (("condition", "触发条件"), ("description", "说明"), ("amount", "数额")):
            x, y = str(a[name].get(key) or ""), str(b[name].get(key) or "")
            if x != y:
                out.append(Change(f"scoring.pre_hooks.{name}.{key}", "changed", f"{label(name)} 的{what}：{x or '无'} → {y or '无'}"))
        return out

    a, b = hooks(old), hooks(new)
    return _by_name(a, b, "scoring.pre_hooks", lambda name: f"新增结算前检查：{label(name)}",
                    lambda name: f"删除结算前检查：{label(name)}", changed)


def _diff_settlement_items(old: Mapping, new: Mapping) -> list[Change]:
    """``settlement_items`` by item name: added, removed, and each parameter changed (defaults filled in)."""
    from engine.settlement_items import ITEMS

    def items(data: Mapping) -> dict[str, Mapping]:
        entries = data.get("settlement_items")
        entries = entries if isinstance(entries, list) else []
        return {str(e["item"]): e for e in entries if isinstance(e, Mapping) and "item" in e}

    def label(name: str) -> str:
        return f"{ITEMS[name].zh}（{name}）" if name in ITEMS else name

    def changed(name: str) -> list[Change]:
        unit = ITEMS.get(name)
        x = unit.settings(a[name]) if unit else dict(a[name])
        y = unit.settings(b[name]) if unit else dict(b[name])
        out = []
        for key in [k for k in x if k != "item"] + [k for k in y if k not in x and k != "item"]:
            if x.get(key) != y.get(key):
                what = unit.params[key].zh if unit and key in unit.params else key
                out.append(Change(f"settlement_items.{name}.{key}", "changed",
                                  f"{label(name)} 的 {key}（{what}）：{_plain(x.get(key))} → {_plain(y.get(key))}"))
        return out

    a, b = items(old), items(new)
    return _by_name(a, b, "settlement_items", lambda name: f"新增结算项：{label(name)}", lambda name: f"删除结算项：{label(name)}",
                    changed)


#: a declaration's fields, in the order compared, with their Chinese names (spec §23).
_DECLARATION_FIELDS = (("at", "时机"), ("condition", "条件"), ("choices", "选项"), ("ready", "要求听牌"),
                       ("locks", "锁定"), ("kongs", "锁定后开杠"), ("exposes", "亮给别人"), ("stake", "是飘分"))


def _diff_declarations(old: Mapping, new: Mapping) -> list[Change]:
    """``declarations`` by name: added, removed, and each field changed (defaults filled in)."""

    def entries(data: Mapping) -> dict[str, Mapping]:
        items = data.get("declarations")
        items = items if isinstance(items, list) else []
        return {str(e["name"]): e for e in items if isinstance(e, Mapping) and "name" in e}

    def changed(name: str) -> list[Change]:
        out = []
        for key, zh in _DECLARATION_FIELDS:
            x, y = a[name].get(key), b[name].get(key)
            if not _same(x, y):
                out.append(Change(f"declarations.{name}.{key}", "changed",
                                  f"声明 {name} 的 {key}（{zh}）：{_show(_plain, x)} → {_show(_plain, y)}"))
        return out

    a, b = entries(old), entries(new)
    return _by_name(a, b, "declarations", lambda name: f"新增声明：{name}", lambda name: f"删除声明：{name}", changed)


def _diff_flowers(old: Mapping, new: Mapping) -> list[Change]:
    out = [c for f in FIELDS if f.path.startswith("flower_rules.") for c in _field_change("", "", f, old, new)]
    ma = _get(old, "flower_rules.scoring.matching.mapping")
    mb = _get(new, "flower_rules.scoring.matching.mapping")
    ma = ma if isinstance(ma, Mapping) else {}
    mb = mb if isinstance(mb, Mapping) else {}
    seats = sorted({str(k) for k in ma} | {str(k) for k in mb})
    by_a = {str(k): _names(v) for k, v in ma.items()}
    by_b = {str(k): _names(v) for k, v in mb.items()}
    for seat in seats:
        x, y = by_a.get(seat, []), by_b.get(seat, [])
        if x != y:
            out.append(Change(f"flower_rules.scoring.matching.mapping.{seat}", "changed",
                              f"{seat} 号位的本命花：{_plain(x)} → {_plain(y)}"))
    return out


def _leaves(data: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(data, Mapping):
        if not data and prefix:
            out[prefix] = {}
        for key, value in data.items():
            out.update(_leaves(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, list):
        if not data and prefix:
            out[prefix] = []
        for i, value in enumerate(data):
            out.update(_leaves(value, f"{prefix}[{i}]"))
    else:
        out[prefix] = data
    return out


def _diff_rest(old: Mapping, new: Mapping) -> list[Change]:
    """Leaves no table or dedicated comparison covers: shown by path, so nothing is dropped."""
    known = {f.path for f in FIELDS}
    la, lb = _leaves(old), _leaves(new)
    out = []
    for path in sorted(set(la) | set(lb)):
        if path in known or any(path == s or path.startswith(s + ".") or path.startswith(s + "[") for s in _SPECIAL):
            continue
        va, vb = la.get(path, _MISSING), lb.get(path, _MISSING)
        if not _same(va, vb):
            out.append(Change(path, "changed", f"{path}：{_show(_plain, va)} → {_show(_plain, vb)}"))
    return out


# --- public API -----------------------------------------------------------------

def semantic_diff(old: Mapping[str, Any] | None, new: Mapping[str, Any] | None) -> list[Change]:
    """Every rule change from ``old`` to ``new`` (parsed rule files), in DSL order, in rule language."""
    # An omitted field equals its documented default: compare the normalised mappings.
    old = fill(old) if isinstance(old, Mapping) else {}
    new = fill(new) if isinstance(new, Mapping) else {}
    out: list[Change] = []
    for field in FIELDS:
        if field.path.startswith(("wildcard_rules.", "flower_rules.")):
            continue
        out += _field_change("", "", field, old, new)
    out += _diff_requires(old, new)
    out += _diff_wildcard(old, new)
    out += _set_change("win_condition.pair_258_exempt_fans", "不要求 2/5/8 将的番型",
                       _names(_get(old, "win_condition.pair_258_exempt_fans")),
                       _names(_get(new, "win_condition.pair_258_exempt_fans")))
    out += _diff_fans(old, new)
    out += _diff_phases(old, new)
    out += _diff_opening(old, new)
    out += _diff_hooks(old, new)
    out += _diff_settlement_items(old, new)
    out += _diff_declarations(old, new)
    for path, label in _WHOLE:
        a, b = _get(old, path), _get(new, path)
        a, b = (None if v is _MISSING or v in ([], {}) else v for v in (a, b))
        if a != b:
            kind = "added" if a is None else "removed" if b is None else "changed"
            out.append(Change(path, kind, f"{label}：{_compact(a)} → {_compact(b)}"))
    if old.get("flower_rules") or new.get("flower_rules"):
        out += _diff_flowers(old, new)
    out += _diff_rest(old, new)
    return out


def semantic_changes(old: Mapping[str, Any] | None, new: Mapping[str, Any] | None) -> list[str]:
    """The readable texts of :func:`semantic_diff`."""
    return [c.text for c in semantic_diff(old, new)]
