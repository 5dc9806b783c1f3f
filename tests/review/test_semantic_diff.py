"""Semantic diff in rule language."""

from __future__ import annotations

import copy

from dslgen.review.semantic_diff import semantic_changes
from dslgen.rulefile.yamlio import load_yaml_file, load_yaml_text

from pathlib import Path

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"


def _sichuan():
    path = CATALOG / "sichuan_xuezhan.yaml"
    return path.read_text(encoding="utf-8"), load_yaml_file(path).data


def test_chi_on_and_double_qingyise_are_exactly_the_changes(chi_variant):
    _, data = _sichuan()
    draft = load_yaml_text(chi_variant).data
    draft["meta"]["provenance"] = {"provider": "offline"}  # provenance is not a rule change
    assert sorted(semantic_changes(data, draft)) == sorted(["可以吃：否 → 是", "清一色：2 番 → 4 番"])


def test_identical_rules_have_no_changes():
    _, data = _sichuan()
    assert semantic_changes(data, copy.deepcopy(data)) == []


def test_defaults_are_not_changes():
    _, data = _sichuan()
    a, b = copy.deepcopy(data), copy.deepcopy(data)
    a["scoring"].pop("self_draw_multiplier", None)
    b["scoring"]["self_draw_multiplier"] = 1
    assert semantic_changes(a, b) == []


def test_deck_fans_wildcard_hooks_and_flow_in_rule_language():
    _, data = _sichuan()
    new = copy.deepcopy(data)
    new["deck"].update(include_honors=True, total=136)
    new["fan_types"].append({"name": "门前清", "base_fan": 2})
    new["fan_types"] = [f for f in new["fan_types"] if f["name"] != "天胡"]
    new["wildcard_rules"] = {"type": "fixed", "tiles": ["红中"]}
    new["win_min_fan"] = 8
    play = next(p for p in new["phases"] if p["type"] == "mahjong_turn")
    play["parallel_elimination"] = False
    del play["fu_flag"]
    new["scoring"]["pre_hooks"] = [h for h in new["scoring"]["pre_hooks"] if h["name"] != "check_ting"]
    new["scoring"]["discard_win_multiplier"] = 3
    changes = semantic_changes(data, new)
    for expected in ("牌数：108 → 136", "含字牌（东南西北中发白）：否 → 是", "新增番型：门前清（2 番）",
                     "删除番型：天胡（5 番，按封顶计）", "癞子：无 → 红中（固定）", "起胡番数：无要求 → 8 番",
                     "血战到底（胡牌者离场，其余继续）：是 → 否", "过水（放过的牌本轮不能再胡）：是 → 否",
                     "删除结算前检查：查叫（check_ting）", "点炮倍数：1 倍 → 3 倍"):
        assert expected in changes, (expected, changes)
    assert len(changes) == 10, changes


def test_unknown_fields_are_never_dropped():
    _, data = _sichuan()
    new = copy.deepcopy(data)
    new["deal"]["mystery"] = 3
    assert semantic_changes(data, new) == ["deal.mystery：无 → 3"]


def test_every_catalog_difference_has_a_rule_language_label():
    import itertools
    import re

    docs = {p.stem: load_yaml_file(p).data for p in sorted(CATALOG.glob("*.yaml"))}
    assert len(docs) >= 5
    raw = re.compile(r"^[a-z_]+[.\[]|^对局阶段 ")
    for a, b in itertools.permutations(docs, 2):
        changes = semantic_changes(docs[a], docs[b])
        assert changes, (a, b)
        assert [c for c in changes if raw.match(c)] == [], (a, b)


def test_a_fan_renamed_to_its_synonym_is_one_rename_not_a_removal_and_an_addition():
    old = load_yaml_file(CATALOG / "sichuan_xuezhan.yaml").data
    new = copy.deepcopy(old)
    for fan in new["fan_types"]:
        if fan["name"] == "对对胡":
            fan["name"] = "碰碰胡"
    assert semantic_changes(old, new) == ["番型名称：对对胡 → 碰碰胡（同一番型，计分不变）"]


def test_actions_and_enum_values_read_as_their_registry_and_the_specification_name_them():
    from dslgen.rulefile.schema import enum_labels
    from engine.game.actions import REACTIONS, SELF_ACTIONS

    _, data = _sichuan()
    new = copy.deepcopy(data)
    play = next(p for p in new["phases"] if p.get("type") == "mahjong_turn")
    for slot in ("self_action", "others_reaction"):
        opts = play["sub_phases"][slot]["options"]
        opts[:] = [o for o in opts if o.get("action") != "win"]
    new["game"].setdefault("seating", {})["next_dealer"] = "rotate"
    changes = semantic_changes(data, new)
    assert f"可以{SELF_ACTIONS['win'].label_in('self_action')}：是 → 否" in changes
    assert f"可以{REACTIONS['win'].label_in('others_reaction')}：是 → 否" in changes
    assert "可以自摸胡：是 → 否" in changes and "可以点炮胡：是 → 否" in changes
    rotate = enum_labels()["game.seating.next_dealer"]["rotate"]
    assert any(c.startswith("下一局庄家：") and c.endswith(f"{rotate}（rotate）") for c in changes), changes
