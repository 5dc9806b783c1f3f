"""Loading validates: every problem of a rule mapping is listed in ONE typed error (base class EngineError)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from dslgen.rulefile import load_rules
from engine import EngineError, RulesError
from engine.rules import Rules

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"


@pytest.fixture(scope="module")
def sichuan():
    data = load_rules(CATALOG / "sichuan_xuezhan.yaml").data
    return {k: v for k, v in data.items() if k != "meta"}


def _play(data):
    return next(p for p in data["phases"] if p["type"] == "mahjong_turn")


def test_every_problem_is_listed_in_one_error(sichuan):
    data = copy.deepcopy(sichuan)
    data["requires"].append("phase.time_travel")
    data["fan_types"].append({"name": "十八罗汉", "base_fan": 3})
    data["fan_types"][0]["condition"] = "on_a_full_moon"
    data["fan_types"][0]["excludes"] = ["不存在的番"]
    _play(data)["sub_phases"]["others_reaction"]["options"][0]["condition"] = "when_asked_nicely"
    data["scoring"]["pre_hooks"] = [{"name": "check_weather"}, {"name": "check_ting", "condition": "sometimes"}]
    data["phases"][-1]["next"] = data["phases"][0]["name"]  # settle → deal: the phase graph never ends
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    err = info.value
    assert isinstance(err, EngineError) and isinstance(err, ValueError)
    paths = [p.path for p in err.problems]
    assert "requires[%d]" % (len(data["requires"]) - 1) in paths
    assert f"fan_types[{len(data['fan_types']) - 1}].name" in paths
    assert "fan_types[0].condition" in paths and "fan_types[0].excludes[0]" in paths
    assert any(p.endswith("others_reaction.options[0].condition") for p in paths)
    assert "scoring.pre_hooks[0].name" in paths and "scoring.pre_hooks[1].condition" in paths
    assert any("阶段图没有终点" in p.message for p in err.problems)
    assert len(err.problems) >= 8 and str(len(err.problems)) in str(err)


def test_dangling_next_and_unknown_action_are_named(sichuan):
    data = copy.deepcopy(sichuan)
    data["phases"][0]["next"] = "nowhere"
    _play(data)["sub_phases"]["self_action"]["options"].append({"action": "teleport"})
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    messages = " ".join(p.message for p in info.value.problems)
    assert "nowhere" in messages and "teleport" in messages


def test_valid_catalog_files_load(sichuan):
    assert Rules.from_dict(sichuan).name


def test_the_cli_lists_every_problem(tmp_path, sichuan):
    from click.testing import CliRunner

    from dslgen.cli import cli
    from dslgen.rulefile.yamlio import dump_yaml

    data = copy.deepcopy(sichuan)
    data["fan_types"][0]["excludes"] = ["不存在的番"]
    data["scoring"]["pre_hooks"] = [{"name": "check_weather"}]
    path = tmp_path / "bad.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(path), "--games", "2", "--jobs", "1"])
    assert result.exit_code == 1
    assert "不存在的番" in result.output and "check_weather" in result.output and "Traceback" not in result.output


def test_the_capability_table_is_the_one_the_check_and_the_drafter_read():
    from dslgen.checks import requires as check
    from dslgen.generate import drafter
    from engine import capabilities
    from engine.solver import shapes

    assert check.USAGES is capabilities.NEEDS
    assert shapes._SHAPE_FANS is capabilities.SHAPE_FANS and shapes._SHAPE_CAPS is capabilities.SHAPE_CAPABILITIES
    data = {"requires": [], "deck": {"generator": "mahjong", "include_flowers": True},
            "fan_types": [{"name": "七对", "base_fan": 2}, {"name": "抢杠胡", "base_fan": 1, "excludes": ["七对"]}],
            "phases": [{"name": "play", "type": "mahjong_turn", "fu_flag": {}}]}
    found = capabilities.needed(data)
    assert found["meldsolver.seven_pairs"] == ("fan_types", 0, "name")
    assert {"deck.flower_cards", "phase.rob_kong", "scoring.fan_exclusion", "dsl.dirty_flag"} <= set(found)
    drafter.sync_requires(data)
    assert set(data["requires"]) == set(capabilities.BASELINE) | set(found)
    registered = capabilities.registry()
    assert all(n.capability in registered for n in capabilities.NEEDS)


def test_problems_carry_their_path_as_steps_and_check_places_them_without_parsing(sichuan, monkeypatch):
    """Issue 12.3: a position is never formatted into a string and parsed back. The engine's problems
    carry keys and list indices; the text path is only rendered from them; C709 and the rule-file loader
    locate them from the steps (parse_path is disabled here and nothing needs it)."""
    from dslgen.checks import finding
    from dslgen.checks.playable import engine_problems
    from engine.errors import path_text

    data = copy.deepcopy(sichuan)
    data["fan_types"][0]["excludes"] = ["不存在的番"]
    data["scoring"]["pre_hooks"] = [{"name": "check_weather"}]
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    steps = [p.steps for p in info.value.problems]
    assert ("fan_types", 0, "excludes", 0) in steps and ("scoring", "pre_hooks", 0, "name") in steps
    assert all(p.path == path_text(p.steps) for p in info.value.problems)
    assert info.value.steps == info.value.problems[0].steps

    def refuse(text):
        raise AssertionError(f"parsed a path back from text: {text}")

    monkeypatch.setattr(finding, "parse_path", refuse)
    assert set(steps) <= {s for s, _ in engine_problems(data)}
