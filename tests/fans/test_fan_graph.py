"""Exclusion-graph validation: targets exist, excludes acyclic, conflicts symmetric."""

from engine.fans.graph import validate

from fan_helpers import make_rules


def codes(problems):
    return sorted(p.code for p in problems)


def test_clean_graph_has_no_problems():
    rules = make_rules(validate=False, fan_types=[
        {"name": "清一色", "base_fan": 8, "excludes": ["无字"], "conflicts": ["七对"]},
        {"name": "七对", "base_fan": 4, "conflicts": ["清一色"]},
        {"name": "无字", "base_fan": 1},
    ])
    assert validate(rules) == []


def test_missing_target_is_named():
    rules = make_rules(validate=False, fan_types=[{"name": "清一色", "base_fan": 8, "excludes": ["缺一门"]}])
    (p,) = validate(rules)
    assert p.code == "missing_target"
    assert "清一色" in p.message and "缺一门" in p.message
    assert p.path == "fan_types[0].excludes[0]"


def test_cycle_is_reported_with_its_path():
    rules = make_rules(validate=False, fan_types=[
        {"name": "清一色", "base_fan": 8, "excludes": ["混一色"]},
        {"name": "混一色", "base_fan": 4, "excludes": ["无字"]},
        {"name": "无字", "base_fan": 1, "excludes": ["清一色"]},
    ])
    problems = validate(rules)
    assert codes(problems) == ["cycle"]
    msg = problems[0].message
    for name in ("清一色", "混一色", "无字"):
        assert name in msg


def test_asymmetric_conflict_names_both_fans():
    rules = make_rules(validate=False, fan_types=[
        {"name": "清一色", "base_fan": 8, "conflicts": ["七对"]},
        {"name": "七对", "base_fan": 4},
    ])
    (p,) = validate(rules)
    assert p.code == "asymmetric_conflict"
    assert "清一色" in p.message and "七对" in p.message


def test_self_reference_and_both_relations():
    rules = make_rules(validate=False, fan_types=[
        {"name": "清一色", "base_fan": 8, "excludes": ["清一色", "七对"], "conflicts": ["七对"]},
        {"name": "七对", "base_fan": 4, "conflicts": ["清一色"]},
    ])
    assert codes(validate(rules)) == ["both_relations", "self_reference"]


def test_missing_target_that_is_a_synonym_says_so():
    rules = make_rules(validate=False, fan_types=[{"name": "对对胡", "base_fan": 2}, {"name": "清一色", "base_fan": 8, "excludes": ["碰碰和"]}])
    (p,) = validate(rules)
    assert p.code == "missing_target" and "同义名 对对胡" in p.message
