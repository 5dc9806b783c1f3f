"""One home for defaults: the specification's ``default:`` keywords, generated into the engine, used everywhere."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

from dslgen.rulefile import schema as schema_mod
from dslgen.review.semantic_diff import semantic_changes
from dslgen.rulefile import load_rules
from engine import defaults
from engine.documented_defaults import DEFAULTS
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


def test_generated_module_matches_the_specification():
    assert DEFAULTS == schema_mod.documented_defaults()
    text = schema_mod.defaults_file().read_text(encoding="utf-8")
    assert text == schema_mod.render_defaults(schema_mod.documented_defaults()), "run: python -m dslgen schema build"


def test_documented_defaults_cover_the_fields_the_spec_tables_name():
    for path, value in {"scoring.discard_win_multiplier": 3, "deal.cards_per_player": 13, "fan_types[].level": 0,
                        "phases[].sub_phases.others_reaction.priority_policy": "highest_wins", "win_min_fan": 0,
                        "wildcard_rules.scoring.per_wildcard_in_win": 0, "fan_types[].toward_min_fan": True,
                        "fan_types[].prefer_on_tie": False, "fan_types[].per": None, "scoring.base_points": 0,
                        "scoring.base_paid_by": "payers", "settlement_items": []}.items():
        assert DEFAULTS[path] == value


def test_fill_adds_omitted_fields_and_keeps_absent_optional_objects_absent():
    data = {"scoring": {"mode": "fan_table", "discard_win_multiplier": 2},
            "fan_types": [{"name": "清一色", "base_fan": 4}], "phases": [{"name": "play", "type": "mahjong_turn"}]}
    before = copy.deepcopy(data)
    out = defaults.fill(data)
    assert data == before  # the input is not modified
    assert out["scoring"]["discard_win_multiplier"] == 2 and out["scoring"]["self_draw_multiplier"] == 1
    assert out["fan_types"][0] == {"name": "清一色", "base_fan": 4, "level": 0, "excludes": [], "conflicts": [],
                                   "condition": "", "per": None, "toward_min_fan": True, "prefer_on_tie": False,
                                   "composite_of": [], "at_cap": False}
    assert out["scoring"]["base_points"] == 0 and out["scoring"]["base_paid_by"] == "payers"
    assert out["settlement_items"] == []
    assert out["win_condition"] == {"pair_must_be_258": False, "pair_258_exempt_fans": [], "must_miss_suit": False,
                                    "must_open": False, "ready": "win"}
    assert "wildcard_rules" not in out and "flower_rules" not in out  # their presence means something


def test_engine_rules_keep_no_literal_defaults():
    """engine/rules.py reads omitted fields only through the documented defaults (no ``.get(key, literal)``)."""
    tree = ast.parse((ROOT / "engine" / "rules.py").read_text(encoding="utf-8"))
    offenders = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                and len(node.args) == 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value is not None):
            offenders.append(f"line {node.lineno}: .get({ast.unparse(node.args[0])}, {node.args[1].value!r})")
    assert not offenders, "add `default:` to the spec's schema block instead: " + "; ".join(offenders)


def test_an_omitted_field_and_its_stated_default_are_the_same_rules():
    rf = load_rules(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml")
    data = copy.deepcopy(rf.data)
    stated = copy.deepcopy(data)
    stated["scoring"]["discard_win_multiplier"] = DEFAULTS["scoring.discard_win_multiplier"]
    data["scoring"].pop("discard_win_multiplier", None)
    assert Rules.from_dict(data) == Rules.from_dict(stated)
    assert semantic_changes(data, stated) == []
    stated["scoring"]["discard_win_multiplier"] = 1
    assert semantic_changes(data, stated)


def test_a_default_of_one_kind_of_list_item_applies_to_that_kind_only():
    """``allOf: [{if: {properties: {type: {const: X}}}, then: {properties: {f: {default: v}}}}]`` on a list item
    is the default ``list[type=X].f``: filled into the items of that type, never into the others."""
    schema = {"type": "object", "properties": {"phases": {"type": "array", "items": {
        "type": "object", "properties": {"type": {"type": "string"}, "direction": {"enum": ["next", "previous"]}},
        "allOf": [{"if": {"properties": {"type": {"const": "exchange_three"}}},
                   "then": {"properties": {"direction": {"default": "next"}}}}]}}}}
    assert schema_mod.documented_defaults(schema) == {"phases[type=exchange_three].direction": "next"}
    phases = [{"name": "deal", "type": "auto"}, {"name": "swap", "type": "exchange_three"},
              {"name": "swap2", "type": "exchange_three", "direction": "previous"}]
    defaults._apply(phases, defaults._segments("phases[type=exchange_three].direction")[1:], "next")
    assert [p.get("direction") for p in phases] == [None, "next", "previous"]


def test_an_exchange_phase_without_direction_passes_to_the_next_seat_and_only_it_gets_the_default():
    rf = load_rules(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml")
    stated = copy.deepcopy(rf.data)
    exchange = next(p for p in stated["phases"] if p.get("type") == "exchange_three")
    exchange["direction"] = DEFAULTS["phases[type=exchange_three].direction"]
    omitted = copy.deepcopy(stated)
    next(p for p in omitted["phases"] if p.get("type") == "exchange_three").pop("direction")
    filled = defaults.fill(omitted)
    assert [p.get("direction") for p in filled["phases"] if p.get("type") != "exchange_three"] == [None] * (
        len(filled["phases"]) - 1)  # a deal or play phase gets no direction
    assert Rules.from_dict(omitted) == Rules.from_dict(stated) and semantic_changes(omitted, stated) == []
