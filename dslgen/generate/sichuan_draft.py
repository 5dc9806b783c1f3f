"""The offline drafter's 川麻 step: 换三张/定缺 phases, 血流成河, 加倍计分, 刮风下雨, 组合番 and 根.

:func:`apply` runs after the generic steps of :func:`dslgen.generate.drafter.draft_offline` and
writes what :mod:`dslgen.generate.sichuan_facts` read. A feature the description does not state
is not inherited from the base variant (a 南昌 description drafted from the 四川 file gets no
换三张), like the drafter's other distinctive rules.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.fans.composite import KNOWN
from engine.capabilities import needed
from engine.defaults import default
from engine.fans.registry import lookup

from dslgen.generate.sichuan_facts import DEFAULT_KONG, KONG_KINDS

PRELUDE = ("exchange_three", "declare_void")
DEFAULT_HOOKS = {
    "check_hua_zhu": {"name": "check_hua_zhu", "condition": "deck_exhausted",
                      "description": "查花猪：荒庄时手里仍有缺门牌（或三门都有）的玩家赔给其他未胡玩家封顶分"},
    "check_ting": {"name": "check_ting", "condition": "deck_exhausted AND not hua_zhu",
                   "description": "查大叫：荒庄时不是花猪但没听牌的玩家赔给听牌玩家其最大可能得分"},
}


def _play(data: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in data["phases"] if isinstance(p, dict) and p.get("type") == "mahjong_turn")


def _prelude(data: dict[str, Any], v: dict[str, Any]) -> None:
    """Rebuild the chain deal → [exchange] → [void] → play from the facts."""
    phases = [p for p in data.get("phases") or [] if isinstance(p, dict)]
    old = {p["type"]: p for p in phases if p.get("type") in PRELUDE}
    rest = [p for p in phases if p.get("type") not in PRELUDE]
    play = _play(data)
    wanted = []
    if v.get("exchange"):
        phase = dict(old.get("exchange_three") or {"name": "exchange", "type": "exchange_three"})
        phase["direction"] = v["exchange"]
        wanted.append(phase)
    if v.get("void"):
        wanted.append(dict(old.get("declare_void") or {"name": "void", "type": "declare_void"}))
    deal = next((p for p in rest if p.get("type") == "auto" and str(p.get("action", "")).startswith("deal_cards")), None)
    if deal is None:
        data["phases"] = rest
        return
    chain = [deal] + wanted
    for a, b in zip(chain, chain[1:] + [play]):
        a["next"] = b["name"]
    at = rest.index(deal) + 1
    data["phases"] = rest[:at] + wanted + rest[at:]


def _blood(data: dict[str, Any], v: dict[str, Any]) -> None:
    play = _play(data)
    block = play.setdefault("sub_phases", {}).setdefault("others_reaction", {})
    if v.get("blood"):
        play["parallel_elimination"] = False
        block["on_win"] = "stay"
        play["end_conditions"] = [{"type": "deck_exhausted", "action": "settle"}]
        scoring = data.setdefault("scoring", {"mode": "fan_table"})
        hooks = {h["name"]: h for h in scoring.get("pre_hooks") or [] if isinstance(h, dict)}
        for key, name in (("hua_zhu", "check_hua_zhu"), ("cha_jiao", "check_ting")):
            if v.get(key) and name not in hooks:
                hooks[name] = copy.deepcopy(DEFAULT_HOOKS[name])
        if hooks:
            scoring["pre_hooks"] = [hooks[n] for n in ("check_hua_zhu", "check_ting") if n in hooks] + [
                h for n, h in hooks.items() if n not in ("check_hua_zhu", "check_ting")]
    elif block.get("on_win") == "stay":
        block["on_win"] = "continue" if play.get("parallel_elimination") else "game_over"


def _scoring(data: dict[str, Any], v: dict[str, Any]) -> None:
    scoring = data.setdefault("scoring", {"mode": "fan_table"})
    if v.get("doubling"):
        data["fan_stacking"] = "double"
        dbl = dict(scoring.get("doubling") or {})
        dbl["base"] = int(v.get("doubling_base") or dbl.get("base") or 1)
        if v.get("self_draw_bonus"):
            dbl["self_draw"] = v["self_draw_bonus"]
        scoring["doubling"] = dbl
    elif data.get("fan_stacking") != "double":
        scoring.pop("doubling", None)  # the text chose another stacking: the template's doubling table goes
    # else: the text says nothing of how fans combine and the template doubles (川麻, as the published 成都
    # rules do): the template's doubling stays, shown to the reviewer as an assumption from the template
    if v.get("kong_payments") is not None or v.get("refund") or v.get("transfer"):
        stated = {k: n for k, n in (v.get("kong_payments") or {}).items() if k in KONG_KINDS}
        kp = stated or dict(DEFAULT_KONG)  # no amount stated: the usual ones, shown as assumptions
        if v.get("refund"):
            kp["refund"] = True
        if v.get("transfer"):
            kp["transfer"] = True
        scoring["kong_payments"] = kp
    else:
        scoring.pop("kong_payments", None)


def kong_rows(data: dict[str, Any], facts: Any) -> list[tuple[str, str, Any, str, str, str]]:
    """Provenance of every ``scoring.kong_payments`` field of ``data`` (rows as
    :func:`dslgen.generate.items_reader.item_rows` gives them): stated (with its sentence), the usual
    amounts assumed when the text names kong money without a number, or the specification's default."""
    from dslgen.rulefile.schema import field_descriptions

    kp = (data.get("scoring") or {}).get("kong_payments")
    if not isinstance(kp, dict):
        return []
    sources = getattr(facts, "sources", {})
    values = getattr(facts, "values", {})
    any_amount = any(f"kong_payments.{k}" in sources for k in KONG_KINDS)
    rows = []
    for key in (*KONG_KINDS, "refund", "transfer"):
        path = f"scoring.kong_payments.{key}"
        value = kp.get(key, default(path))
        label = "杠分 " + field_descriptions().get(path, key)
        said = sources.get(f"kong_payments.{key}") if key in KONG_KINDS else (sources.get(key) if key in values else "")
        if said:
            rows.append((path, label, value, "stated", said, ""))
        elif key in KONG_KINDS and not any_amount and value == DEFAULT_KONG[key]:
            rows.append((path, label, value, "assumed", "", "川麻常见的杠分（描述提到杠分但没有给分数）"))
        elif value == default(path):
            rows.append((path, label, value, "default", "", f"§18.6 {path} 默认 {str(value).lower()}"))
        else:
            rows.append((path, label, value, "assumed", "", "模板或模型"))
    return rows


#: exclusions the published 川麻 tables imply: 金钩钓 (four melds, no chow) is always also 对对胡; 海底炮 is the
#: discard case that the engine's 海底捞月 also covers (川麻's 海底捞月 is the self-drawn one).
KNOWN_EXCLUDES = {"金钩钓": ("对对胡",), "清金钩钓": ("对对胡",), "海底炮": ("海底捞月",)}


def _chuan(v: dict[str, Any]) -> bool:
    """The description is a 川麻 one (a composite name that is also a fan of its own, 清幺九, is then
    the 川麻 composite, not the 国标 fan)."""
    return bool(v.get("doubling") or v.get("void") or v.get("exchange") or v.get("blood"))


def _fans(data: dict[str, Any], v: dict[str, Any]) -> None:
    at_cap = set(v.get("at_cap") or ())
    names = {str(r.get("name")) for r in data.get("fan_types") or []}
    for row in data.get("fan_types") or []:
        name = str(row.get("name"))
        implied = [x for x in KNOWN_EXCLUDES.get(name, ()) if x in names]
        if implied:
            row["excludes"] = list(dict.fromkeys(list(row.get("excludes") or []) + implied))
        if name in KNOWN and not row.get("composite_of") and (lookup(name) is None or _chuan(v)):
            row["composite_of"] = list(KNOWN[name])
        if name == "根":
            if v.get("gen_unit"):
                row["per"] = v["gen_unit"]
            row.setdefault("per", "four_of_a_kind")
        if name in at_cap:
            row["at_cap"] = True
            cap = data.get("max_fan")
            if cap:
                row["base_fan"] = int(cap)


def apply(data: dict[str, Any], v: dict[str, Any]) -> None:
    """Write the 川麻 facts ``v`` into the draft ``data`` (in place)."""
    _prelude(data, v)
    _blood(data, v)
    _scoring(data, v)
    _fans(data, v)


def facts_of(data: dict[str, Any]) -> dict[str, Any]:
    """The 川麻 facts a rule mapping states (merged into :func:`dslgen.generate.drafter.facts_of`)."""
    phases = [p for p in data.get("phases") or [] if isinstance(p, dict)]
    exchange = next((p for p in phases if p.get("type") == "exchange_three"), None)
    scoring = data.get("scoring") or {}
    flags = needed(data)
    return {
        "exchange": exchange.get("direction", default("phases[type=exchange_three].direction")) if exchange else None,
        "void": "phase.declare_void" in flags,
        "blood": "phase.blood_flow" in flags,
        "doubling": dict(scoring.get("doubling") or {}) if "scoring.doubling" in flags else None,
        "kong_payments": dict(scoring.get("kong_payments") or {}) or None,
    }
