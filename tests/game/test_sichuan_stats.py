"""川麻 statistics: the bot mix reaches 过水, 查花猪 and 退税; kong payments and 根 are counted;
the same seed gives the same statistics with any number of processes."""

from __future__ import annotations

import pytest

from dslgen.rulefile import load_rules
from dslgen.simulation import run
from engine.simulation.bots import MixBot

from tests.game.conftest import ROOT


def _rules(name):
    return load_rules(ROOT / "dsl-examples" / f"{name}.yaml").rules


@pytest.mark.parametrize("name", ["sichuan_xuezhan", "sichuan_xueliu"])
def test_same_seed_same_statistics_with_any_jobs(name):
    rules = _rules(name)
    one = run(rules, 8, 5, "mix", 1)
    two = run(rules, 8, 5, "mix", 2)
    assert one["errors"] == two["errors"] == []
    for key in ("wins", "fan_counts", "fan_histogram", "payments", "passed_wins"):
        assert one[key] == two[key], key


def test_mix_habits_cover_every_kind():
    habits = {MixBot(seed).habit for seed in range(200)}
    assert habits == {h for h, _ in MixBot.HABITS}


def test_mix_reaches_the_rules_greedy_avoids():
    r = run(_rules("sichuan_xuezhan"), 60, 1, "mix", 1)
    assert r["errors"] == []
    hooks = r["payments"]["hooks_with_payments"]
    assert r["passed_wins"] > 0 and hooks.get("check_hua_zhu", 0) > 0
    assert r["payments"]["kongs_paid_per_game"] > 0 and r["payments"]["kong_points_per_game"] > 0
    assert "根" in r["fan_frequency"] and r["fan_counts"]["根"] > 0
