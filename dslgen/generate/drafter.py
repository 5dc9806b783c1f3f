"""The offline drafter: the most similar catalog variant, rewritten with every fact read from the description.

:func:`draft_offline` returns the rule data plus the facts, gaps and sentence mapping; the offline
provider turns that into an answer in the same format a model gives. :func:`facts_of` reads the same
facts back from any rule mapping, which the fidelity suite uses to score the drafter.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.capabilities import BASELINE, NEEDS, needed
from engine.defaults import default, fill

from dslgen.generate import sichuan_draft, wuhan_reader
from dslgen.generate.examples import Example, name_core, named_in
from dslgen.generate.description_facts import Facts, read_facts
from dslgen.generate.items_reader import apply_items, items_of
from dslgen.generate.opening_reader import apply_opening, opening_of
from dslgen.generate.liangdao_reader import apply_liang_dao, liang_dao_of
from dslgen.generate.similarity import rank
from dslgen.rulefile.spec import enumeration_tables, fan_synonyms

#: Fans whose shape needs honor tiles; they cannot happen in a deck without them.
HONOR_FANS = frozenset({"字一色", "混一色", "大三元", "小三元", "大四喜", "小四喜", "十三幺", "全不靠", "混幺九", "五门齐"})
#: Values used when a description names a fan without its value and no catalog variant has it.
DEFAULT_FAN_VALUES = {
    "平胡": 1, "鸡胡": 1, "门前清": 1, "对对胡": 2, "七对": 4, "清一色": 4, "混一色": 2, "字一色": 8, "将一色": 4,
    "带幺九": 2, "混幺九": 4, "缺一门": 1, "无字": 1, "断幺九": 1, "全大": 2, "全中": 2, "全小": 2, "全双": 2,
    "大于五": 2, "小于五": 2, "大四喜": 16, "大三元": 8, "小四喜": 8, "小三元": 4, "一色四同顺": 8, "五门齐": 2,
    "十三幺": 16, "全不靠": 4, "一色双龙会": 16, "连七对": 16, "全求人": 2, "杠上开花": 2, "海底捞月": 2,
    "抢杠胡": 2, "天胡": 8, "地胡": 8, "癞子胡": 1,
}
_FIXED_HONOR = {"红中", "发财", "白板"}
#: The usual seat flowers: dealer 春梅, then 夏兰, 秋竹, 冬菊.
SEAT_FLOWERS = {1: ["春", "梅"], 2: ["夏", "兰"], 3: ["秋", "竹"], 4: ["冬", "菊"]}
#: The plain win, the one fan a table needs when the description names none (listed as an assumption).
PLAIN_WIN = {"name": "鸡胡", "base_fan": 1}
KEY_ORDER = ["meta", "game", "requires", "deck", "deal", "wildcard_rules", "win_condition", "fan_types", "fan_stacking",
             "max_fan", "win_min_fan", "win_rule", "phases", "scoring", "flower_rules", "liang_dao", "settlement_items"]


@dataclass
class OfflineDraft:
    """The offline drafter's result."""

    data: dict[str, Any]
    facts: Facts
    base: str
    #: True when the base is the approved file of this very description (``dslgen batch``): unstated
    #: values then come from that approved version rather than from the specification's defaults.
    same_variant: bool = False


def fan_conventions(name: str) -> dict[str, Any]:
    """What a new ``fan_types`` row for the registered fan ``name`` carries besides its value: the
    fan's condition, occurrence unit (``per``), ``toward_min_fan`` and ``prefer_on_tie`` as the fan
    registry states them (only the values that differ from the row's documented defaults)."""
    from engine.fans import lookup

    unit = lookup(name)
    if unit is None:
        return {}
    row: dict[str, Any] = {"condition": unit.condition or None, "per": unit.per or None}
    for key in ("toward_min_fan", "prefer_on_tie"):
        if getattr(unit, key) != default(f"fan_types[].{key}"):
            row[key] = getattr(unit, key)
    return {k: v for k, v in row.items() if v is not None}


def _canonical(name: str) -> str:
    """A fan name as the description reader names it: a registered synonym's fan, or the fan a description
    word stands for (a file's own 河底捞鱼 is the 海底炮 a description names by the same word)."""
    from dslgen.generate.description_facts import DESCRIPTION_WORDS

    return fan_synonyms().get(name) or DESCRIPTION_WORDS.get(name, name)


def fan_knowledge(pool: list[Example]) -> dict[str, dict[str, Any]]:
    """For every fan the catalog declares: its most common value, and its excludes/conflicts/condition."""
    values: dict[str, Counter] = {}
    rows: dict[str, dict[str, Any]] = {}
    for example in pool:
        for row in example.data.get("fan_types") or []:
            if not isinstance(row, dict) or "name" not in row:
                continue
            name = _canonical(str(row["name"]))
            values.setdefault(name, Counter())[int(row.get("base_fan", 0) or 0)] += 1
            rows.setdefault(name, row)
    return {n: {**rows[n], "name": n, "base_fan": values[n].most_common(1)[0][0]} for n in rows}


def _play(data: dict[str, Any]) -> dict[str, Any]:
    for phase in data.get("phases") or []:
        if isinstance(phase, dict) and phase.get("type") == "mahjong_turn":
            return phase
    phase = {"name": "play", "type": "mahjong_turn", "sub_phases": {}}
    data.setdefault("phases", []).append(phase)
    return phase


def _options(play: dict[str, Any], slot: str) -> list[dict[str, Any]]:
    subs = play.setdefault("sub_phases", {})
    block = subs.setdefault(slot, {})
    return block.setdefault("options", [])


def _ensure(options: list[dict[str, Any]], entry: dict[str, Any]) -> None:
    if not any(o.get("action") == entry["action"] for o in options):
        options.append(entry)


def _drop(options: list[dict[str, Any]], *actions: str) -> None:
    options[:] = [o for o in options if o.get("action") not in actions]


def _drop_rob_only(options: list[dict[str, Any]]) -> None:
    """Remove a ``win`` reaction limited to robbing a kong (a base file's 转转 rule)."""
    options[:] = [o for o in options if not (o.get("action") == "win" and o.get("condition") == "can_rob_kong")]


def _sort_reactions(options: list[dict[str, Any]]) -> None:
    options.sort(key=lambda o: (o.get("action") == "pass", o.get("priority") or 0))


def _apply_deck(data: dict[str, Any], v: dict[str, Any]) -> None:
    deck = data.setdefault("deck", {"generator": "mahjong"})
    if v.get("players"):
        data.setdefault("game", {})["players"] = {"min": int(v["players"]), "max": int(v["players"])}
    if v.get("cards_per_player"):
        data.setdefault("deal", {})["cards_per_player"] = int(v["cards_per_player"])
    _apply_seating(data, v)
    for key, field in (("suits", "suits"), ("honor_tiles", "honors")):
        if v.get(key):
            deck[field] = list(v[key])
        else:
            deck.pop(field, None)
    if "honors" in v:
        deck["include_honors"] = bool(v["honors"])
    if "flowers" in v:
        deck["include_flowers"] = bool(v["flowers"])
    if deck.get("include_flowers") and not deck.get("include_honors"):
        deck["include_honors"] = True
    play = _play(data)
    draw = play.setdefault("sub_phases", {}).setdefault("draw", {"type": "auto", "action": "draw_card"})
    deal = next((p for p in data.get("phases") or [] if isinstance(p, dict) and p.get("action", "").startswith("deal_cards")), None)
    if deck.get("include_flowers"):
        flowers = data.setdefault("flower_rules", {"on_draw": "replace_and_draw", "scoring": {"normal": 1}})
        draw["on_draw_flower"] = "replace"
        timing = v.get("flower_timing")
        if timing == "play" or (timing is None and not flowers.get("replace_tiles")):
            flowers["replace_tiles"] = ""
            if deal is not None:
                deal["action"] = "deal_cards"
        else:
            flowers["replace_tiles"] = "BEFORE_GAME_START"
            if deal is not None:
                deal["action"] = "deal_cards_with_flowers"
        scoring = flowers.setdefault("scoring", {})
        if "flower_value" in v:
            scoring["normal"] = int(v["flower_value"])
        if v.get("flower_match"):
            scoring["matching"] = {"value": int(v["flower_match"]), "mapping": copy.deepcopy(
                (scoring.get("matching") or {}).get("mapping") or SEAT_FLOWERS)}
        else:
            scoring.pop("matching", None)  # seat flowers are a rule of their own; unstated, not inherited
    else:
        data.pop("flower_rules", None)
        draw.pop("on_draw_flower", None)
        if deal is not None:
            deal["action"] = "deal_cards"


#: ``game.seating`` fields and what leaving one out means (the specification's defaults; no seat winds).
_SEATING = {"seat_winds": None, "first_dealer": default("game.seating.first_dealer"),
            "next_dealer": default("game.seating.next_dealer")}


def _apply_seating(data: dict[str, Any], v: dict[str, Any]) -> None:
    """``game.seating``: a field the facts state with a non-default value is written, a default one dropped."""
    game = data.setdefault("game", {})
    seating = dict(game.get("seating") or {})
    for key, default in _SEATING.items():
        if key in v:
            if v[key] == default:
                seating.pop(key, None)
            else:
                seating[key] = v[key]
    if seating:
        game["seating"] = seating
    else:
        game.pop("seating", None)


def _deck_total(data: dict[str, Any]) -> None:
    deck = data["deck"]
    if deck.get("suits") or deck.get("honors") or deck.get("tiles"):  # a partial deck or a listed one (合肥 84)
        from engine.rules import Rules

        try:
            deck["total"] = len(Rules.from_dict(data).deck())
            return
        except (ValueError, TypeError, KeyError):
            pass
    if deck.get("include_honors"):
        deck["total"] = 144 if deck.get("include_flowers") else 136
        return
    wild = data.get("wildcard_rules") or {}
    extra = len({t for t in wild.get("tiles") or [] if t in _FIXED_HONOR}) if wild.get("type") == "fixed" else 0
    deck["total"] = 108 + 4 * extra


def _apply_wildcard(data: dict[str, Any], v: dict[str, Any]) -> None:
    if "wildcard" in v:
        wild = v["wildcard"]
        if wild is None:
            data.pop("wildcard_rules", None)
        else:
            rules = {"type": wild["type"]}
            if wild["type"] == "fixed":
                rules["tiles"] = list(wild["tiles"])
            else:
                rules["random_count"] = int(wild.get("random_count") or 1)
            old = data.get("wildcard_rules") or {}
            rules["wildcard_encoding"] = old.get("wildcard_encoding", default("wildcard_rules.wildcard_encoding"))
            rules["behavior"] = "substitute"
            rules["fan_calculation_policy"] = "optimal"
            rules["scoring"] = dict(old.get("scoring") or {"per_wildcard_in_win": 0})
            data["wildcard_rules"] = rules
    if "per_wildcard_in_win" in v and data.get("wildcard_rules"):
        data["wildcard_rules"].setdefault("scoring", {})["per_wildcard_in_win"] = int(v["per_wildcard_in_win"])


def _apply_actions(data: dict[str, Any], v: dict[str, Any], pool: list[Example]) -> None:
    play = _play(data)
    reactions = _options(play, "others_reaction")
    selfs = _options(play, "self_action")
    _ensure(selfs, {"action": "discard"})
    min8 = int(data.get("win_min_fan") or 0) >= 8 and any("fan_ge_8" in str(o.get("condition")) for o in reactions + selfs)
    _ensure(selfs, {"action": "win", "condition": "can_win_tumo_and_fan_ge_8" if min8 else "can_win_tumo"})
    if v.get("chi") is True:
        _ensure(reactions, {"action": "chi", "priority": 1, "condition": "can_chi"})
    elif v.get("chi") is False:
        _drop(reactions, "chi")
    if v.get("pung") is False:
        _drop(reactions, "pung")
    else:
        _ensure(reactions, {"action": "pung", "priority": 2, "condition": "has_two_same"})
    _ensure(reactions, {"action": "pass", "priority": 0})
    if v.get("kong") is False:
        _drop(reactions, "ming_kong")
        _drop(selfs, "an_kong", "bu_kong")
    elif v.get("kong") is True:
        _ensure(reactions, {"action": "ming_kong", "priority": 3, "condition": "has_three_same"})
        _ensure(selfs, {"action": "an_kong"})
        _ensure(selfs, {"action": "bu_kong", "condition": "has_punged_pair"})
    if v.get("discard_win") is True:
        _drop_rob_only(reactions)
        _ensure(reactions, {"action": "win", "priority": 4, "condition": "can_win_and_fan_ge_8" if min8 else "can_win"})
    elif v.get("discard_win") is False:
        _drop(reactions, "win")
        if v.get("rob_kong"):  # self-draw only, but a kong may be robbed (转转)
            reactions.append({"action": "win", "priority": 4, "condition": "can_rob_kong"})
    _sort_reactions(reactions)
    block = play["sub_phases"]["others_reaction"]
    if "multi_win" in v:
        block["priority_policy"] = "all_winners" if v["multi_win"] else "highest_wins"
    if "xuezhan" in v:
        _apply_xuezhan(data, play, bool(v["xuezhan"]), pool)
    if v.get("fu_flag"):
        play["fu_flag"] = {"type": "dirty_flag", "set_on": "can_win_but_pass", "clear_on": "next_discard_self",
                           "effect": "block_win_on_current_tile"}


def _apply_xuezhan(data: dict[str, Any], play: dict[str, Any], on: bool, pool: list[Example]) -> None:
    block = play["sub_phases"]["others_reaction"]
    scoring = data.setdefault("scoring", {"mode": "fan_table"})
    if on:
        if play.get("parallel_elimination"):
            return
        model = next((e for e in pool if _play(copy.deepcopy(e.data)).get("parallel_elimination")), None)
        source = _play(copy.deepcopy(model.data)) if model else {}
        play["parallel_elimination"] = True
        block["on_win"] = "continue"
        play["end_conditions"] = copy.deepcopy(source.get("end_conditions") or [
            {"type": "one_player_left", "action": "settle"},
            {"type": "deck_exhausted", "action": "settle"},
        ])
        hooks = scoring.get("pre_hooks") or ((model.data.get("scoring") or {}).get("pre_hooks") if model else None)
        scoring["pre_hooks"] = copy.deepcopy(hooks or list(sichuan_draft.DEFAULT_HOOKS.values()))
    else:
        if not play.get("parallel_elimination"):
            return
        play["parallel_elimination"] = False
        block["on_win"] = "game_over"
        play.pop("fu_flag", None)
        play["end_conditions"] = [{"type": "player_wins", "action": "settle"}, {"type": "deck_exhausted", "action": "draw_game"}]
        scoring["pre_hooks"] = [h for h in scoring.get("pre_hooks") or [] if h.get("name") not in ("check_hua_zhu", "check_ting")]
        if not scoring["pre_hooks"]:
            scoring.pop("pre_hooks")


def _synonyms() -> set[str]:
    return set(fan_synonyms())


#: The definition of a fan the library does not know, until the designer writes it (§22): it never holds.
UNDEFINED_WHEN = "false"


def unknown_fan_rows(facts: Facts, present: set[str]) -> list[dict[str, Any]]:
    """Rows for the fans the text gives a value but the library does not know (``门清自摸 3台``): the stated value
    is kept, so the table is never silently shortened; ``when`` is :data:`UNDEFINED_WHEN` (the fan never scores
    until its definition is written) and the reader lists the definition as a gap."""
    rows = []
    for word, (value, _sentence) in facts.unknown_fans.items():
        if word in present or _canonical(word) in present or word in {r["name"] for r in rows}:
            continue
        rows.append({"name": word, "base_fan": value, "when": UNDEFINED_WHEN})
    return rows


def _apply_fans(data: dict[str, Any], facts: Facts, knowledge: dict[str, dict[str, Any]], inherit: bool = False) -> None:
    table = [dict(r) for r in data.get("fan_types") or [] if isinstance(r, dict)]
    display: dict[str, str] = {}
    for row in table:
        if _same_shape(str(row["name"])):  # 将将胡 is written only when the text says it (it opens a shape)
            display[_canonical(str(row["name"]))] = str(row["name"])
        row["name"] = _canonical(str(row["name"]))
    valid_words = _synonyms()
    for name, word in facts.fan_words.items():
        if word in valid_words and _canonical(word) == name:
            display[name] = word  # the designer's own (valid) name wins over the base file's
    stacking = data.get("fan_stacking")  # required: the spec gives it no default
    named = {_canonical(k): v for k, v in facts.fans.items()}
    removed = {_canonical(n) for n in facts.removed_fans}
    explicit = [n for n, val in named.items() if val is not None]

    def new_row(name: str, value: int | None) -> dict[str, Any]:
        """A table row for a fan the base lacks: catalog knowledge first, then the default value."""
        known = knowledge.get(name, {})
        row = {"name": name, "base_fan": value if value is not None else known.get("base_fan", DEFAULT_FAN_VALUES.get(name, 1))}
        usual = fan_conventions(name)
        if known.get("condition") or usual.get("condition"):
            row["condition"] = known.get("condition") or usual["condition"]
        if stacking in ("max_level", "add_max") and known.get("level") is not None:
            row["level"] = known["level"]
        for key in ("per", "toward_min_fan", "prefer_on_tie"):
            value = known.get(key, usual.get(key))
            if value is not None:
                row[key] = value
        return row

    if stacking in ("max_level", "add_max") and facts.fan_levels:
        for row in table:
            row.pop("level", None)  # the description's groups replace the base's

    if not inherit and not named:
        table = [dict(PLAIN_WIN)]  # the text states no fan: nothing from the template, only the plain win
    elif not inherit or len(explicit) >= 3:
        by_name = {r["name"]: r for r in table}
        result = []
        for name, value in named.items():
            row = dict(by_name.get(name) or new_row(name, value))
            if value is not None:
                row["base_fan"] = value
            result.append(row)
        table = result
    else:
        index = {r["name"]: i for i, r in enumerate(table)}
        for name, value in named.items():
            if name in index:
                if value is not None:
                    table[index[name]]["base_fan"] = value
            else:
                table.append(new_row(name, value))
                index[name] = len(table) - 1
    table = [r for r in table if r["name"] not in removed]
    table += unknown_fan_rows(facts, {r["name"] for r in table})
    present = {r["name"]: r for r in table}
    for head, targets in facts.excludes.items():
        row = present.get(_canonical(head))
        if row is None:
            continue
        wanted = [_canonical(t) for t in targets]
        current = [_canonical(str(x)) for x in row.get("excludes") or []]
        row["excludes"] = list(dict.fromkeys(current + wanted))
        if row.get("conflicts"):
            row["conflicts"] = [x for x in row["conflicts"] if _canonical(str(x)) not in wanted]
    deck = data.get("deck") or {}
    if not deck.get("include_honors"):
        dropped = [r["name"] for r in table if r["name"] in HONOR_FANS]
        for name in dropped:
            if name in named:
                facts.gaps.append({"text": name, "reason": f"{name}需要字牌，而这个玩法不带字牌，番型已去掉"})
        table = [r for r in table if r["name"] not in HONOR_FANS]
    if not data.get("wildcard_rules"):
        table = [r for r in table if r.get("condition") != "hand_contains_wildcard" and r["name"] != "癞子胡"]
    for row in table:
        if row["name"] in facts.fan_levels and stacking in ("max_level", "add_max"):
            row["level"] = facts.fan_levels[row["name"]]
    _clean_graph(table)
    if stacking == "max_level":
        for row in table:
            row.setdefault("level", row["base_fan"])
    elif stacking == "add_max":
        top = max([int(r["level"]) for r in table if r.get("level") is not None] + [0])
        for row in table:
            if row.get("level") is None:
                top += 1
                row["level"] = top  # a fan of unknown group is its own level, so it always adds
    else:
        for row in table:
            row.pop("level", None)
    shown = lambda n: display.get(_canonical(str(n)), _canonical(str(n)))  # noqa: E731
    for row in table:
        row["name"] = shown(row["name"])
        for key in ("excludes", "conflicts"):
            if key in row:
                row[key] = [shown(n) for n in row[key]]
    data["fan_types"] = table
    wc = data.get("win_condition") or {}
    if wc.get("pair_258_exempt_fans"):
        names = {_canonical(r["name"]) for r in table}
        wc["pair_258_exempt_fans"] = [shown(n) for n in wc["pair_258_exempt_fans"] if _canonical(n) in names]
        if not wc["pair_258_exempt_fans"]:
            wc.pop("pair_258_exempt_fans")


def _same_shape(name: str) -> bool:
    """True when ``name`` opens the same winning shape as its canonical fan (every synonym but 将将胡)."""
    from engine.solver.shapes import shape_of_fan

    return shape_of_fan(name) == shape_of_fan(_canonical(name))


def _clean_graph(table: list[dict[str, Any]]) -> None:
    names = {r["name"] for r in table}
    for row in table:
        for key in ("excludes", "conflicts"):
            if key in row:
                targets = dict.fromkeys(_canonical(str(n)) for n in row[key])
                kept = [n for n in targets if n in names and n != row["name"]]
                if kept:
                    row[key] = kept
                else:
                    row.pop(key)
    by_name = {r["name"]: r for r in table}
    for row in table:
        for other in list(row.get("conflicts") or []):
            peer = by_name[_canonical(other)]
            if row["name"] not in peer.setdefault("conflicts", []):
                peer["conflicts"].append(row["name"])
    # drop exclusion edges that close a cycle (keep the first-declared direction)
    edges: dict[str, list[str]] = {}
    for row in table:
        for target in list(row.get("excludes") or []):
            if _reaches(edges, _canonical(target), row["name"]):
                row["excludes"].remove(target)
            else:
                edges.setdefault(row["name"], []).append(_canonical(target))
        if "excludes" in row and not row["excludes"]:
            row.pop("excludes")


def _reaches(edges: dict[str, list[str]], start: str, goal: str) -> bool:
    seen, stack = set(), [start]
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            stack.extend(edges.get(node, []))
    return False


def _apply_scalars(data: dict[str, Any], v: dict[str, Any]) -> None:
    wc = data.setdefault("win_condition", {})
    if "pair_258" in v:
        if not v["pair_258"]:
            wc.pop("pair_must_be_258", None)
            wc.pop("pair_258_exempt_fans", None)
        else:
            wc["pair_must_be_258"] = True
            if v.get("pair_258_exempt_big"):
                basic = {"平胡", "鸡胡", "素胡", "癞子胡", "门前清", "开口", "根"}  # not big wins
                big = [r["name"] for r in data.get("fan_types") or []
                       if _canonical(r["name"]) not in basic and not r.get("composite_of")]  # parts carry it
                if big:
                    wc["pair_258_exempt_fans"] = big
            elif v.get("pair_258_exempt_fans"):  # the fans the text names as exempt, as the table shows them
                names = {_canonical(r["name"]): r["name"] for r in data.get("fan_types") or []}
                named = [names[n] for n in v["pair_258_exempt_fans"] if n in names]
                if named:
                    wc["pair_258_exempt_fans"] = named
    if v.get("miss_suit"):
        wc["must_miss_suit"] = True
    elif "miss_suit" in v:
        wc.pop("must_miss_suit", None)
    if not wc:
        data.pop("win_condition")
    if "min_fan" in v:
        data["win_min_fan"] = int(v["min_fan"])
        eight = int(v["min_fan"]) == 8
        for slot in ("self_action", "others_reaction"):
            for o in _options(_play(data), slot):
                if o.get("action") != "win" or o.get("condition") == "can_rob_kong":
                    continue
                plain = "can_win_tumo" if slot == "self_action" else "can_win"
                o["condition"] = f"{plain}_and_fan_ge_8" if eight else plain
    scoring = data.setdefault("scoring", {"mode": "fan_table"})
    if "max_fan" in v:
        if v["max_fan"] is None:
            data.pop("max_fan", None)
            scoring.pop("max_cap", None)
        else:
            data["max_fan"] = int(v["max_fan"])
            scoring["max_cap"] = int(v["max_fan"])
    for key in ("self_draw_multiplier", "discard_win_multiplier", "dealer_multiplier"):
        if key in v:
            scoring[key] = int(v[key])
    for key in ("base_points", "base_paid_by", "discard_paid_by"):
        if key in v:
            if v[key] == default(f"scoring.{key}"):
                scoring.pop(key, None)
            else:
                scoring[key] = v[key]
    if "fan_stacking" in v:
        data["fan_stacking"] = v["fan_stacking"]
    if v.get("ji_hu_self_draw_only"):
        data.setdefault("win_rule", {})["ji_hu_self_draw_only"] = True
        if not any(r["name"] == "鸡胡" for r in data.get("fan_types") or []):
            data.setdefault("fan_types", []).append({"name": "鸡胡", "base_fan": 1})
    elif "ji_hu_self_draw_only" in v and data.get("win_rule"):
        data["win_rule"].pop("ji_hu_self_draw_only", None)
        if not data["win_rule"]:
            data.pop("win_rule")
    if v.get("ji_hu_dropped_by") == "shape_fan" and any(_canonical(str(r["name"])) == "鸡胡" for r in data.get("fan_types") or []):
        data.setdefault("win_rule", {})["ji_hu_dropped_by"] = "shape_fan"
    elif "ji_hu_dropped_by" in v and data.get("win_rule"):
        data["win_rule"].pop("ji_hu_dropped_by", None)
        if not data["win_rule"]:
            data.pop("win_rule")


def sync_requires(data: dict[str, Any], combo_dragon: bool = False) -> None:
    """Set ``requires`` from the features the rule data uses (:data:`engine.capabilities.NEEDS`).

    组合龙 may be a winning shape without its fan (a description that allows the shape but does
    not score it), so the description's mention of it (``combo_dragon``) or the base file's
    ``requires`` also keeps its capability."""
    from engine.capabilities import registry

    wanted = set(BASELINE) | set(needed(data))
    known = set(registry()) | {n.capability for n in NEEDS}
    keep_other = [r for r in data.get("requires") or [] if r not in known]
    if combo_dragon or "meldsolver.combo_dragon" in (data.get("requires") or []):
        wanted.add("meldsolver.combo_dragon")
    order = capability_order()
    data["requires"] = sorted(wanted, key=lambda c: (order.get(c, len(order)), c)) + keep_other


def capability_order() -> dict[str, int]:
    """Where each capability id goes in a drafted ``requires``: the order of the specification's §16.1
    table (checked against the engine's registry); the registry is the one list of capability ids."""
    return {str(row["id"]): i for i, row in enumerate(enumeration_tables()["capabilities"])}


def choose_base(description: str, pool: list[Example], name: str = "") -> Example:
    """The template a draft starts from: the catalog variant the description names (its name ``name``, the
    reader's :attr:`Facts.name`, names the variant: :func:`~dslgen.generate.examples.named_in`), else the
    variant most similar to the description (character n-grams). Several named: the longest name core, then
    the most similar."""
    named = named_in(name, pool)
    if named:
        longest = len(name_core(named[0].name))
        pool = [e for e in named if len(name_core(e.name)) == longest]
    return pool[rank(description, [e.description for e in pool])[0]]


def draft_offline(description: str, pool: list[Example], name: str = "") -> OfflineDraft:
    """Rule data for ``description``: the closest catalog variant with every fact read applied."""
    from dslgen.generate.provenance import SPEC_DEFAULTS

    facts = read_facts(description, catalog=pool)
    base = choose_base(description, pool, facts.name)
    same = base.description.strip() == description.strip()
    data = copy.deepcopy(base.data)
    v = dict(facts.values)
    if not same:  # what the text does not state is the specification's default, not the template's value
        for key, (off, _) in SPEC_DEFAULTS.items():
            if key == "wildcard" and v.get("wildcard_any"):
                continue
            v.setdefault(key, off)
    game = data.setdefault("game", {})
    game["name"] = facts.name or (str(game.get("name")) if same and game.get("name") else "") or name or "新玩法"
    _apply_deck(data, v)
    _apply_wildcard(data, v)
    if v.get("wildcard_any") and not data.get("wildcard_rules") and "wildcard" not in v:
        facts.gaps.append({"text": "癞子", "reason": "描述提到癞子但没有说明是哪张牌或怎样定（固定红中/翻牌定精），草稿未加入癞子"})
    _apply_actions(data, v, pool)
    if v.get("rob_kong") and v.get("discard_win") is not False and "抢杠胡" not in facts.fans:
        facts.fans["抢杠胡"] = None  # robbing needs the 抢杠胡 fan where discards win (its value: an assumption)
    if "fan_stacking" in v:
        data["fan_stacking"] = v["fan_stacking"]
    _use_referenced_table(data, facts, pool, base)
    _apply_fans(data, facts, fan_knowledge(pool), inherit=same)
    if "min_fan_exempt" in facts.values:
        _apply_min_fan_exempt(data, facts.values["min_fan_exempt"])
    if (data.get("deal") or {}).get("cards_per_player") == 16:
        _drop_fourteen_tile_shapes(data, facts)
    if not data.get("fan_types"):  # the table is required: a text naming no fan it can keep gets the basic win
        data["fan_types"] = [{"name": "鸡胡", "base_fan": 1}]
    if data.get("flower_rules") and any(_canonical(str(r["name"])) == "花牌" for r in data["fan_types"]):
        # the 花牌 fan scores the flowers (国标): no per-flower bonus on top of it
        data["flower_rules"].setdefault("scoring", {})["normal"] = 0
    if not any(_canonical(str(r["name"])) == "鸡胡" for r in data["fan_types"]) and data.get("win_rule"):
        data["win_rule"].pop("ji_hu_dropped_by", None)  # a 鸡胡 setting inherited by a table without 鸡胡
        if not data["win_rule"]:
            data.pop("win_rule")
    _apply_scalars(data, v)
    sichuan_draft.apply(data, v)
    wuhan_reader.apply(data, v)
    apply_items(data, v)
    apply_opening(data, v)
    apply_liang_dao(data, v)
    _deck_total(data)
    sync_requires(data, combo_dragon=bool(v.get("combo_dragon")))
    return OfflineDraft(data=ordered(data), facts=facts, base=base.id, same_variant=same)


def _use_referenced_table(data: dict[str, Any], facts: Facts, pool: list[Example], base: Example) -> None:
    """A fan table stated by reference ("番种按国标"): the referenced variant's rows (conditions, ``per``,
    exclusions, levels) are the rows the draft's table is built from, whatever template the draft started from."""
    variant = facts.fan_reference.get("variant")
    if not variant or variant == base.id:
        return
    source = next((e for e in pool if e.id == variant), None)
    if source is not None:
        data["fan_types"] = copy.deepcopy(source.data.get("fan_types") or [])


def _apply_min_fan_exempt(data: dict[str, Any], exempt: list[str]) -> None:
    """``花牌不计入起和番``: exactly the stated fans score without counting toward ``win_min_fan``."""
    wanted = {_canonical(n) for n in exempt}
    for row in data.get("fan_types") or []:
        if _canonical(str(row.get("name"))) in wanted:
            row["toward_min_fan"] = False
        else:
            row.pop("toward_min_fan", None)


def _drop_fourteen_tile_shapes(data: dict[str, Any], facts: Facts) -> None:
    """16-tile hands (five melds and a pair) never form 七对 / 十三幺 / 全不靠 / 组合龙 / 一色双龙会: the
    template's rows for them go, unless the description names them (then check C409 tells the reviewer)."""
    from engine.capabilities import shape_of_fan

    named = {_canonical(k) for k in facts.fans}
    data["fan_types"] = [r for r in data.get("fan_types") or []
                         if not shape_of_fan(_canonical(str(r.get("name")))) or _canonical(str(r.get("name"))) in named]
    kept = {_canonical(str(r.get("name"))) for r in data["fan_types"]}
    if "组合龙" not in named:
        data["requires"] = [r for r in data.get("requires") or [] if r != "meldsolver.combo_dragon"]
    for row in data["fan_types"]:
        for key in ("excludes", "conflicts"):
            if isinstance(row.get(key), list):
                row[key] = [n for n in row[key] if _canonical(str(n)) in kept or not shape_of_fan(_canonical(str(n)))]
                if not row[key]:
                    row.pop(key)


def ordered(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with top-level keys in the specification's order (unknown keys last)."""
    rank = {k: i for i, k in enumerate(KEY_ORDER)}
    return {k: data[k] for k in sorted(data, key=lambda k: rank.get(k, len(rank)))}


def facts_of(data: dict[str, Any]) -> dict[str, Any]:
    """The facts a rule mapping states, in the keys :mod:`dslgen.generate.description_facts` reads (omitted = documented default)."""
    data = fill(data)
    play = _play(copy.deepcopy(data))
    subs = play.get("sub_phases") or {}
    options = (subs.get("others_reaction") or {}).get("options") or []
    reactions = [o.get("action") for o in options if o.get("condition") != "can_rob_kong"]
    robbing = any(o.get("action") == "win" for o in options) and (
        "phase.rob_kong" in (data.get("requires") or []))
    selfs = [o.get("action") for o in (subs.get("self_action") or {}).get("options") or []]
    deck = data.get("deck") or {}
    wild = data.get("wildcard_rules")
    scoring = data.get("scoring") or {}
    wc = data.get("win_condition") or {}
    wildcard = None
    if wild:
        wildcard = ({"type": "fixed", "tiles": list(wild.get("tiles") or [])} if wild.get("type") == "fixed"
                    else {"type": "random", "random_count": int(wild["random_count"])})
    return {
        "honors": bool(deck.get("include_honors")),
        "flowers": bool(deck.get("include_flowers")),
        "wildcard": wildcard,
        "per_wildcard_in_win": int(wild["scoring"]["per_wildcard_in_win"] or 0) if wild else 0,
        "chi": "chi" in reactions,
        "pung": "pung" in reactions,
        "kong": "ming_kong" in reactions or "an_kong" in selfs,
        "discard_win": "win" in reactions,
        "rob_kong": robbing,
        "multi_win": (subs.get("others_reaction") or {}).get("priority_policy") == "all_winners",
        "xuezhan": bool(play.get("parallel_elimination")),
        "fu_flag": bool(play.get("fu_flag")),
        "miss_suit": bool(wc.get("must_miss_suit")),
        "pair_258": bool(wc.get("pair_must_be_258")),
        "min_fan": int(data.get("win_min_fan") or 0),
        "max_fan": data.get("max_fan", scoring.get("max_cap")),
        **{key: int(scoring.get(key, default(f"scoring.{key}")))
           for key in ("self_draw_multiplier", "discard_win_multiplier", "dealer_multiplier", "base_points")},
        "base_paid_by": str(scoring.get("base_paid_by", default("scoring.base_paid_by"))),
        "fan_stacking": data.get("fan_stacking"),
        "ji_hu_self_draw_only": bool((data.get("win_rule") or {}).get("ji_hu_self_draw_only")),
        "ji_hu_dropped_by": str((data.get("win_rule") or {}).get("ji_hu_dropped_by") or "any_fan"),
        "fans": {_canonical(str(r["name"])): int(r.get("base_fan", 0) or 0) for r in data.get("fan_types") or []},
        **sichuan_draft.facts_of(data),
        **wuhan_reader.facts_of(data),
        "settlement_items": items_of(data),
        "opening_hands": opening_of(data),
        "liang_dao": liang_dao_of(data) if "liang_dao" in selfs else None,
        "players": int(((data.get("game") or {}).get("players") or {}).get("max", 4)),
        "suits": list(deck["suits"]) if deck.get("suits") else None,
        "honor_tiles": list(deck["honors"]) if deck.get("honors") else None,
        "cards_per_player": int((data.get("deal") or {}).get("cards_per_player", default("deal.cards_per_player"))),
        **{k: _seating_of(data, k, d) for k, d in _SEATING.items()},
        "discard_paid_by": str(scoring.get("discard_paid_by") or "discarder"),
        "min_fan_exempt": [_canonical(str(r["name"])) for r in data.get("fan_types") or []
                           if isinstance(r, dict) and r.get("toward_min_fan") is False],
    }


def _seating_of(data: dict[str, Any], key: str, default: Any) -> Any:
    value = ((data.get("game") or {}).get("seating") or {}).get(key, default)
    return list(value) if isinstance(value, (list, tuple)) else value
