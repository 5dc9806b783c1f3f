"""The specification: version line, enumerations, and coverage of every reference field."""

from __future__ import annotations

import re

from dslgen.rulefile import spec

REFERENCE_FIELDS = [
    "game", "requires", "deck", "deal", "wildcard_rules", "win_condition", "fan_types", "fan_stacking",
    "max_fan", "win_min_fan", "win_rule", "phases", "sub_phases", "draw", "self_action", "others_reaction",
    "priority_policy", "on_win", "end_conditions", "fu_flag", "scoring", "mode", "max_cap",
    "self_draw_multiplier", "discard_win_multiplier", "dealer_multiplier", "pre_hooks", "flower_rules",
    "include_honors", "include_flowers", "total", "cards_per_player", "dealer_extra", "random_count",
    "wildcard_encoding", "behavior", "fan_calculation_policy", "per_wildcard_in_win", "pair_must_be_258",
    "base_fan", "level", "excludes", "conflicts", "condition", "ji_hu_self_draw_only", "turn_order",
    "parallel_elimination", "on_draw_flower", "on_empty_deck", "replace_tiles", "matching", "mapping",
    # added by this specification
    "must_miss_suit", "pair_258_exempt_fans", "all_winners", "meta", "provenance", "approval",
]


def test_version_and_text():
    assert re.fullmatch(r"\d+\.\d+\.\d+", spec.spec_version())
    assert spec.spec_text().startswith("# 麻将玩法 DSL 规范")


def test_every_field_is_specified():
    text = spec.spec_text()
    missing = [f for f in REFERENCE_FIELDS if not re.search(rf"(?<![A-Za-z_]){f}(?![A-Za-z_])", text)]
    assert not missing


def test_enumerations():
    e = spec.enumerations()
    assert tuple(e) == spec.ENUMERATION_KEYS
    assert len(e["capabilities"]) == 37 and "meldsolver.combo_dragon" in e["capabilities"]
    assert {"scoring.doubling", "scoring.composite_fans", "scoring.kong_payments", "phase.exchange_three",
            "phase.declare_void", "phase.blood_flow", "phase.liang_dao", "table.indicators"} <= set(e["capabilities"])
    # the reference's recognised names, synonyms listed as names of their own
    for name in ("清一色", "对对胡", "碰碰胡", "碰碰和", "平和", "全带幺", "十三幺", "一色双龙会", "癞子胡", "鸡胡", "暗七对"):
        assert name in e["fans"]
    assert len(set(e["fans"])) == len(e["fans"])
    assert {"deck_exhausted", "deck_exhausted AND not hua_zhu", "hand_contains_wildcard", "can_chi"} <= set(e["conditions"])
    assert e["self_actions"] == ["discard", "an_kong", "bu_kong", "win", "liang_dao"]
    assert e["reactions"] == ["chi", "pung", "ming_kong", "win", "pass"]
    assert e["pre_hooks"] == ["wildcard_count", "check_hua_zhu", "check_ting"]
    syn = spec.fan_synonyms()
    assert syn["碰碰和"] == "对对胡" and syn["平和"] == "平胡" and syn["清一色"] == "清一色"


def test_minimal_example_in_the_spec_is_valid_and_playable():
    from dslgen.rulefile import load_rules_text

    section = spec.spec_text().split("## 14. 最小完整示例", 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    rf = load_rules_text(example, "spec-example.yaml")
    assert rf.rules.deck_total == 108 and rf.rules.fan_names == {"鸡胡", "对对胡"}
