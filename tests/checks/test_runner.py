"""``check_data`` on in-memory mappings, odd shapes and the adaptation count."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hypothesis_profile import SUPPRESSED

from dslgen.checks.runner import check_data
from dslgen.rulefile.yamlio import load_yaml_file

from .conftest import BASE


@pytest.fixture(scope="module")
def base_data():
    return load_yaml_file(BASE).data


def test_plain_mapping_is_checked_without_positions(base_data):
    data = copy.deepcopy(base_data)
    data["fan_types"].append({"name": "十八罗汉", "base_fan": 8})
    report = check_data(data)
    (finding,) = report.findings
    assert finding.code == "C201" and "十八罗汉" in finding.message
    assert finding.line == 0 and finding.path_text == f"fan_types[{len(data['fan_types']) - 1}].name"


def test_adaptation_counts_requires_fans_conditions_actions_hooks(base_data):
    report = check_data(base_data)
    play = base_data["phases"][1]["sub_phases"]
    options = play["self_action"]["options"] + play["others_reaction"]["options"]
    expected = (len(base_data["requires"]) + len(base_data["fan_types"]) + len(options)
                + sum(1 for o in options if o.get("condition")))
    assert report.total == expected == report.supported


def test_unknown_items_lower_the_rate(base_data):
    data = copy.deepcopy(base_data)
    data["requires"].append("meldsolver.riichi")
    data["phases"][1]["sub_phases"]["others_reaction"]["options"][0]["action"] = "peng"
    report = check_data(data)
    assert report.supported == report.total - 2
    assert sorted(report.codes()) == ["C101", "C301"]


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(fan_types="清一色"),
        lambda d: d.update(phases={"name": "deal"}),
        lambda d: d.update(phases=[1, "x", None]),
        lambda d: d.update(requires=[1, {"a": 2}]),
        lambda d: d["phases"][1].update(sub_phases=[]),
        lambda d: d["phases"][1].update(end_conditions="settle"),
        lambda d: d.update(scoring={"pre_hooks": "check_ting"}),
        lambda d: d.update(wildcard_rules=["红中"]),
        lambda d: d["fan_types"].append({"name": "清一色", "excludes": 3}),
        lambda d: d.update(game=None, deck=None),
    ],
)
def test_schema_invalid_shapes_become_findings_not_crashes(base_data, mutate):
    data = copy.deepcopy(base_data)
    mutate(data)
    report = check_data(data)
    assert "C002" in report.codes()
    assert not report.ok


def test_top_level_list_is_a_finding():
    report = check_data([1, 2])
    assert report.codes() == ["C001"] and "列表" in report.findings[0].message


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=6),
    st.lists(st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=4), st.one_of(st.integers(), st.text(max_size=3)), max_size=3),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[*SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_field_replaced_by_junk_never_crashes(base_data, data):
    paths = [p for p in _paths(base_data) if p]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(_JUNK)
    doc = copy.deepcopy(base_data)
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    report = check_data(doc)  # must not raise, whatever the shape
    assert all(f.code and f.message for f in report.findings)
