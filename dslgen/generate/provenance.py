"""Where every value of a draft comes from: ``stated``, ``default`` or ``assumed``.

A draft's checkable values are the facts :func:`dslgen.generate.drafter.facts_of` reads back from
any rule mapping (deck, wildcard, actions, win conditions, limits, multipliers, stacking) plus every
fan of its table. Each one is

* ``stated`` — the description says it; the row carries the sentence (and its character span);
* ``default`` — the specification's default for the field, and the description does not say otherwise;
* ``assumed`` — filled from a named source (the template variant the offline drafter started from, or
  the model's own assumption) because the description is silent; the reviewer must confirm it.

The same function judges offline and model drafts: the offline reader (:mod:`dslgen.generate.description_facts`)
supplies the evidence for ``stated``, a model's reported sentences and assumptions complete it.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from engine.defaults import default

from dslgen.rulefile.spec import fan_synonyms

from dslgen.generate.description_facts import FAN_VALUES, Facts
from dslgen.generate.reference_reader import reference_origin

def _documented(path: str, section: str, meaning: str = "", *, of=None) -> tuple[Any, str]:
    """A fact whose default is the specification's documented default of the field ``path``
    (``engine.defaults``, generated from the spec's ``default:`` keywords): the value is read, never copied.
    ``of`` turns the field's value into the fact's (``priority_policy`` → ``multi_win``)."""
    value = default(path)
    shown = "不封顶" if value is None else str(value).lower() if isinstance(value, bool) else value
    return (of(value) if of else value), f"{section} {path.replace('[]', '')} 默认 {shown}{meaning}"


#: The specification's default for each fact the drafts carry (docs/dsl-specification.md, the ``default:``
#: keywords, read through :func:`engine.defaults.default`). Facts marked "可选" are optional sections whose
#: absence is the default (no wildcard, no 过水 …); ``players`` is the drafter's reading of a silent
#: description (the specification makes ``game.players`` required). A fact absent from this table has no
#: default: when the text is silent it is an assumption.
SPEC_DEFAULTS: dict[str, tuple[Any, str]] = {
    "wildcard": (None, "§6 wildcard_rules 可选：不写即没有癞子"),
    "per_wildcard_in_win": _documented("wildcard_rules.scoring.per_wildcard_in_win", "§6"),
    "multi_win": _documented("phases[].sub_phases.others_reaction.priority_policy", "§11", "（只有一家胡）",
                             of=lambda policy: policy == "all_winners"),
    "xuezhan": _documented("phases[].parallel_elimination", "§11"),
    "fu_flag": (False, "§11 fu_flag 可选：不写即没有过水"),
    "miss_suit": _documented("win_condition.must_miss_suit", "§7"),
    "must_open": _documented("win_condition.must_open", "§7"),
    "kai_kou_unit": ("", "§8 fan_types[].per 默认 null（开口翻：开了口只计一次）"),
    "pair_258": _documented("win_condition.pair_must_be_258", "§7"),
    "min_fan": _documented("win_min_fan", "§10", "（不限）"),
    "max_fan": _documented("max_fan", "§10"),
    "ji_hu_self_draw_only": _documented("win_rule.ji_hu_self_draw_only", "§10"),
    "ji_hu_dropped_by": _documented("win_rule.ji_hu_dropped_by", "§10", "（任何其他番都取代鸡胡）"),
    "self_draw_multiplier": _documented("scoring.self_draw_multiplier", "§12"),
    "discard_win_multiplier": _documented("scoring.discard_win_multiplier", "§12"),
    "dealer_multiplier": _documented("scoring.dealer_multiplier", "§12"),
    "base_points": _documented("scoring.base_points", "§12", "（没有底分）"),
    "base_paid_by": _documented("scoring.base_paid_by", "§12", "（只有付番的人付底分）"),
    "settlement_items": ({}, "§17 settlement_items 可选：不写即没有番型以外的结算项"),
    "opening_hands": ({}, "§19 起手小胡阶段可选：不写即没有起手小胡"),
    "players": (4, "§2 game.players：描述不说人数即 4 人麻将"),
    "suits": (None, "§4 deck.suits 可选：不写即万条筒三门"),
    "honor_tiles": (None, "§4 deck.honors 可选：不写即 include_honors 决定的全部字牌"),
    "cards_per_player": _documented("deal.cards_per_player", "§5"),
    "seat_winds": (None, "§2 game.seating.seat_winds 可选：不写即从庄家起东南西北"),
    "first_dealer": _documented("game.seating.first_dealer", "§2", "（掷骰定庄）"),
    "next_dealer": _documented("game.seating.next_dealer", "§2", "（庄家和牌或荒庄连庄）"),
    "discard_paid_by": _documented("scoring.discard_paid_by", "§12", "（只有放炮者付）"),
    "kong_payments": (None, "§18.6 scoring.kong_payments 可选：不写即开杠不收分"),
    "min_fan_exempt": ([], _documented("fan_types[].toward_min_fan", "§8", "（每个番都计入起和番）")[1]),
}

#: Chinese labels for the facts (review and CLI).
LABELS = {
    "honors": "字牌", "flowers": "花牌", "wildcard": "癞子", "per_wildcard_in_win": "每张癞子加番", "chi": "吃", "pung": "碰",
    "kong": "杠", "discard_win": "点炮胡", "rob_kong": "抢杠胡", "multi_win": "一炮多响", "xuezhan": "血战到底", "fu_flag": "过水",
    "miss_suit": "缺一门", "pair_258": "2/5/8 将", "min_fan": "起胡番", "max_fan": "封顶", "fan_stacking": "番数叠加方式",
    "self_draw_multiplier": "自摸倍数", "discard_win_multiplier": "点炮倍数", "dealer_multiplier": "庄家倍数",
    "ji_hu_self_draw_only": "鸡胡只能自摸", "ji_hu_dropped_by": "鸡胡被哪些番取代", "base_points": "底分", "base_paid_by": "点炮时谁付底分", "settlement_items": "结算项",
    "opening_hands": "起手小胡", "must_open": "必须开口", "kai_kou_unit": "开口的计次（口口翻）",
    "players": "人数", "suits": "数牌花色", "honor_tiles": "字牌种类", "cards_per_player": "每人张数",
    "seat_winds": "座位门风", "first_dealer": "首局庄家", "next_dealer": "下一局庄家", "discard_paid_by": "点炮谁付番",
    "kong_payments": "杠分", "min_fan_exempt": "不计入起和番的番型",
}

#: The rule-file field each fact lives in.
FIELDS = {
    "honors": "deck.include_honors", "flowers": "deck.include_flowers", "wildcard": "wildcard_rules",
    "per_wildcard_in_win": "wildcard_rules.scoring.per_wildcard_in_win",
    "chi": "phases.play.sub_phases.others_reaction(chi)", "pung": "phases.play.sub_phases.others_reaction(pung)",
    "kong": "phases.play.sub_phases(kong)",
    "discard_win": "phases.play.sub_phases.others_reaction(win)",
    "rob_kong": "phases.play.sub_phases.others_reaction(win).rob_kong",
    "multi_win": "phases.play.sub_phases.others_reaction.priority_policy",
    "xuezhan": "phases.play.parallel_elimination", "fu_flag": "phases.play.fu_flag",
    "miss_suit": "win_condition.must_miss_suit", "pair_258": "win_condition.pair_must_be_258",
    "must_open": "win_condition.must_open", "kai_kou_unit": "fan_types[开口].per",
    "min_fan": "win_min_fan", "max_fan": "max_fan", "fan_stacking": "fan_stacking",
    "self_draw_multiplier": "scoring.self_draw_multiplier", "discard_win_multiplier": "scoring.discard_win_multiplier",
    "dealer_multiplier": "scoring.dealer_multiplier", "ji_hu_self_draw_only": "win_rule.ji_hu_self_draw_only",
    "ji_hu_dropped_by": "win_rule.ji_hu_dropped_by",
    "base_points": "scoring.base_points", "base_paid_by": "scoring.base_paid_by",
    "settlement_items": "settlement_items",
    "opening_hands": "phases.opening_wins.hands",
    "players": "game.players", "suits": "deck.suits", "honor_tiles": "deck.honors",
    "cards_per_player": "deal.cards_per_player",
    "seat_winds": "game.seating.seat_winds", "first_dealer": "game.seating.first_dealer",
    "next_dealer": "game.seating.next_dealer", "discard_paid_by": "scoring.discard_paid_by",
    "kong_payments": "scoring.kong_payments", "min_fan_exempt": "fan_types[].toward_min_fan",
}
@functools.cache
def _kong_words() -> dict[str, str]:
    """How each ``scoring.kong_payments`` key reads: the specification's description of the field, up to its
    first comma or colon (``明杠``, ``退税``)."""
    from dslgen.rulefile.schema import field_descriptions

    prefix = "scoring.kong_payments."
    return {path[len(prefix):]: re.split(r"[，：,:]", text, maxsplit=1)[0]
            for path, text in field_descriptions().items() if path.startswith(prefix)}


def show(value: Any) -> str:
    """A value as a reviewer reads it."""
    if value is True:
        return "是"
    if value is False:
        return "否"
    if value is None:
        return "无"
    if isinstance(value, dict) and value.get("type") == "fixed":
        return "固定：" + "、".join(value.get("tiles") or [])
    if isinstance(value, dict) and value.get("type") == "random":
        return f"翻牌定 {value.get('random_count', default('wildcard_rules.random_count'))} 种"
    if isinstance(value, list):
        return "、".join(map(str, value)) or "无"
    words = _kong_words() if isinstance(value, dict) and value else {}
    if words and set(value) <= set(words):  # scoring.kong_payments
        return "、".join(f"{words[k]} {show(v) if isinstance(v, bool) else v}" for k, v in value.items())
    if isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
        return "、".join(value) or "无"  # settlement items by name
    if isinstance(value, dict) and all(v is None or isinstance(v, int) for v in value.values()):
        return "、".join(n if v is None else f"{n} {v} 番" for n, v in value.items()) or "无"  # 起手小胡
    return str(value)


def _loose(sentence: str) -> re.Pattern[str]:
    """``sentence`` as the reader normalised it, matched back against the raw text: a space stands for
    the table cell borders and tabs it replaced (``碰碰胡 2`` ← ``| 碰碰胡 | 2 |``), a ``、`` for the comma
    it replaced inside brackets and digit lists (``2、5、8`` ← ``2，5，8``)."""
    parts = []
    for ch in sentence:
        if ch.isspace():
            parts.append(r"[\s|]+")
        elif ch == "、":
            parts.append(r"\s*[、，,]\s*")
        else:
            parts.append(re.escape(ch))
    return re.compile("".join(parts))


def span(description: str, sentence: str) -> list[int] | None:
    """``[start, end)`` of ``sentence`` in ``description`` (character offsets), when it occurs there
    (as written, or as the reader normalised a table row or a bracketed list)."""
    if not sentence:
        return None
    at = description.find(sentence)
    if at >= 0:
        return [at, at + len(sentence)]
    m = _loose(sentence).search(description)
    return [m.start(), m.end()] if m else None


def _item_present(data: dict[str, Any], field: str) -> bool:
    """False when ``field`` names a field of one item of a list (``fan_types[开口].per``) and ``data``'s list
    has no such item (matched by ``name`` or ``item``, synonyms included); True for every other field."""
    m = re.match(r"^(\w+)\[([^\]=]+)\]\.", field)
    if not m:
        return True

    synonyms = fan_synonyms()
    wanted = synonyms.get(m.group(2), m.group(2))
    items = data.get(m.group(1)) or []
    return any(isinstance(row, dict) and synonyms.get(str(row.get("name", row.get("item"))), str(row.get("name", row.get("item"))))
               == wanted for row in items)


def _reported(reported: list[dict[str, Any]] | None, field: str, fact: str = "") -> dict[str, Any] | None:
    for row in reported or []:
        name = str(row.get("field") or row.get("section") or "")
        if name and (name == field or name == fact or (fact and name.startswith(FIELDS.get(fact, "\0")))):
            return row
    return None


def at_most_one_fan(data: dict[str, Any]) -> bool:
    """True when no hand of ``data`` counts two fans, so ``fan_stacking`` (required, no default: §9) only
    names how fans would combine: one fan besides the fallback 鸡胡 that every other fan replaces
    (``win_rule.ji_hu_dropped_by: any_fan``), no counted fan (``per``) and no per-wildcard bonus."""
    rows = [r for r in data.get("fan_types") or [] if isinstance(r, dict)]
    dropped = ((data.get("win_rule") or {}).get("ji_hu_dropped_by") or default("win_rule.ji_hu_dropped_by")) == "any_fan"
    others = [r for r in rows if not (dropped and fan_synonyms().get(str(r.get("name")), str(r.get("name"))) == "鸡胡")]
    wild = ((data.get("wildcard_rules") or {}).get("scoring") or {}).get("per_wildcard_in_win") or 0
    return len(others) <= 1 and not any(r.get("per") for r in rows) and not wild


_MISSING: Any = object()

#: Sections whose every key is a value of the draft (each needs a value row; ``scoring.mode`` is structure).
_VALUE_SECTIONS = ("scoring", "win_condition", "win_rule", "flower_rules")


def _at(data: dict[str, Any] | None, field: str) -> Any:
    """The value at dotted ``field`` of ``data`` (``_MISSING`` when absent)."""
    node: Any = data
    for key in field.split("."):
        if not isinstance(node, dict) or key not in node:
            return _MISSING
        node = node[key]
    return node


def _documented_value(field: str) -> Any:
    """The specification's documented default of ``field`` (``_MISSING`` when it documents none)."""
    try:
        return default(field)
    except KeyError:
        return _MISSING


def _field_label(field: str) -> str:
    """A reviewer's label for a rule-file field: its specification description up to the first comma or colon."""
    from dslgen.rulefile.schema import field_descriptions

    text = field_descriptions().get(field) or ""
    text = re.sub(r"^[A-Z_]+\s*", "", text)  # "BEFORE_GAME_START 开局补花": the value's name is no label
    return re.split(r"[，：,:；;（(]", text, maxsplit=1)[0].strip() or field


def uncovered_values(data: dict[str, Any], rows: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """``(field, value)`` of every key of the value sections (:data:`_VALUE_SECTIONS`) no row speaks about (a
    row's field equal to it, or one naming a part of it): a value in no row would reach the file unexplained."""
    fields = [str(r.get("field") or "") for r in rows]
    out = []
    for section in _VALUE_SECTIONS:
        block = data.get(section)
        if not isinstance(block, dict):
            continue
        for key, value in block.items():
            path = f"{section}.{key}"
            if section == "scoring" and key == "mode":
                continue
            if any(f == path or f.startswith(path + ".") or f.startswith(path + "[") or path.startswith(f + ".")
                   for f in fields if f):
                continue
            out.append((path, value))
    return out


def value_sources(data: dict[str, Any], facts: Facts, description: str, *, assumed_from: str,
                  reported: list[dict[str, Any]] | None = None,
                  assumptions: list[dict[str, Any]] | None = None,
                  template: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{"counts": {stated, default, assumed}, "rows": [...]}`` for every fact and fan of ``data``.

    ``facts`` is the offline reader's reading of ``description`` (the evidence for ``stated``);
    ``reported`` are sentences the provider says a field came from (a model's ``provenance`` list),
    ``assumptions`` the values it says it assumed; ``assumed_from`` names the source of anything else.
    ``template``: the rule data ``assumed_from`` names (a catalog variant); an assumed value that differs
    from the template's is not credited to it: the row says the drafter chose it and what the template has.
    """
    from dslgen.generate.drafter import facts_of

    got = facts_of(data)
    theirs = facts_of(template) if isinstance(template, dict) else None

    def credited(origin: str, key: str, value: Any, fan: bool = False) -> str:
        """``origin``, unless it is the template and the template's value is another one."""
        if theirs is None or origin != assumed_from:
            return origin
        had = theirs["fans"].get(key) if fan else theirs.get(key)
        if had == value:
            return origin
        if had is None:
            return f"起草器的取值（{assumed_from} 没有这一项）"
        return f"起草器的取值（{assumed_from} 中是 {show(had)}）"
    rows: list[dict[str, Any]] = []

    def add(field: str, label: str, value: Any, source: str, sentence: str = "", origin: str = "") -> None:
        at = span(description, sentence)
        cited = description[at[0]:at[1]] if at else sentence  # the description's own words
        rows.append({"field": field, "label": label, "value": value, "shown": show(value), "source": source,
                     "sentence": cited, "span": at, "from": origin})

    undecided = {q["fact"]: q for q in facts.questions}
    for key, label in LABELS.items():
        value = got.get(key)
        field = FIELDS[key]
        if key in facts.implied and facts.sources.get(key):  # "108张": implied, not said in so many words
            add(field, label, value, "assumed", facts.sources[key], f"由原文「{facts.sources[key]}」推断（原文没有直接说）")
            continue
        if key in facts.values and facts.sources.get(key):  # stated: always with the sentence that states it
            add(field, label, value, "stated", facts.sources[key], reference_origin(facts, facts.sources[key]))
            continue
        if key in undecided:  # "三个人或者四个人都能打": whatever the draft has is a guess
            source = str((_reported(assumptions, field, key) or {}).get("from") or assumed_from)
            add(field, label, value, "assumed", undecided[key]["text"], f"{source}（描述没有定下这条规则，草稿暂用这个值）")
            continue
        if not _item_present(data, field):
            continue  # a field of a list item the draft does not have (开口's per without 开口): no value to show
        said = _reported(reported, field, key)
        if said and said.get("sentence") and str(said["sentence"]) in description:
            add(field, label, value, "stated", str(said["sentence"]), "模型")
            continue
        default = SPEC_DEFAULTS.get(key)
        if default is not None and value == default[0]:
            add(field, label, value, "default", "", default[1])
            continue
        assumed = _reported(assumptions, field, key)
        origin = credited(str((assumed or {}).get("from") or assumed_from), key, value)
        if key == "fan_stacking" and value != "double" and at_most_one_fan(data):
            origin += "（这份番型表每手牌最多计一个番，相加、相乘、取最大结果都一样）"
        add(field, label, value, "assumed", "", origin)
    stated_fans = {n: v for n, v in facts.fans.items() if v is not None}
    for word, (value, sentence) in facts.unknown_fans.items():  # kept with its stated value, defined by nobody yet
        if word not in stated_fans and word in got["fans"] and got["fans"][word] == value:
            stated_fans[word] = value
            facts.fan_sources.setdefault(word, sentence)
    for name, value in got["fans"].items():
        field = f"fan_types[{name}]"
        if name in stated_fans and facts.fan_sources.get(name):
            add(field, name, value, "stated", facts.fan_sources[name], reference_origin(facts, facts.fan_sources[name]))
            continue
        said = _reported(reported, field)
        if said and said.get("sentence") and str(said["sentence"]) in description and str(value) in str(said["sentence"]):
            add(field, name, value, "stated", str(said["sentence"]), "模型")
            continue
        assumed = _reported(assumptions, field)
        named = facts.fan_sources.get(name, "")
        origin = credited(str((assumed or {}).get("from") or assumed_from), name, value, fan=True)
        if not stated_fans and not named and list(got["fans"]) == ["鸡胡"]:
            origin = "规范：番型表必填，描述没有番型时只放基本胡"
        why = "（描述没有提到这个番型）"
        if named:
            why = "（描述提到这个番型但没有给番数" + ("，说的是没有定下" if FAN_VALUES in undecided else "") + "）"
        add(field, name, value, "assumed", named, origin + why)
    exempt = (data.get("win_condition") or {}).get("pair_258_exempt_fans")
    if exempt and (data.get("win_condition") or {}).get("pair_must_be_258"):  # which fans need no 2/5/8 pair
        field = "win_condition.pair_258_exempt_fans"
        if facts.sources.get("pair_258_exempt_fans"):
            add(field, "不需要 2/5/8 将的番型", list(exempt), "stated", facts.sources["pair_258_exempt_fans"])
        else:
            assumed = _reported(assumptions, field)
            add(field, "不需要 2/5/8 将的番型", list(exempt), "assumed", "",
                str((assumed or {}).get("from") or assumed_from))
    from dslgen.generate.items_reader import item_rows

    from dslgen.generate.opening_reader import opening_rows

    from dslgen.generate.liangdao_reader import liang_dao_rows

    from dslgen.generate.sichuan_draft import kong_rows

    for field, label, value, source, sentence, origin in (item_rows(data, facts) + opening_rows(data, facts)
                                                          + liang_dao_rows(data, facts) + kong_rows(data, facts)):
        add(field, label, value, source, sentence, origin)
    for field, value in uncovered_values(data, rows):
        said = next((m["sentence"] for m in facts.mapping if m.get("sentence") and (
            m["section"] == field or str(m["section"]).startswith(field + "."))), "")
        if field == "flower_rules.scoring" and not (value or {}).get("normal") and facts.fans.get("花牌") is not None:
            said = facts.fan_sources.get("花牌", "")  # "花牌每张1番": the 花牌 fan scores the flowers, no bonus on top
        if said:  # "开局补花": a sentence the reader mapped to this field
            add(field, _field_label(field), value, "stated", said)
            continue
        documented = _documented_value(field)
        if documented is not _MISSING and documented == value:
            add(field, _field_label(field), value, "default", "", f"{field} 默认 {show(value)}")
            continue
        had = _at(template, field) if isinstance(template, dict) else _MISSING
        origin = assumed_from if had == value else (f"起草器的取值（{assumed_from} 没有这一项）" if had is _MISSING
                                                     else f"起草器的取值（{assumed_from} 中是 {show(had)}）")
        add(field, _field_label(field), value, "assumed", "", origin)
    counts = {k: sum(1 for r in rows if r["source"] == k) for k in ("stated", "default", "assumed")}
    return {"counts": counts, "rows": rows}
