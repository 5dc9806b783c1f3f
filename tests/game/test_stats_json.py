"""Simulation statistics round-trip exactly through their JSON form (issue 12.3).

A chunk's raw counters (fan totals keyed by integers, settlement items, opening hands, failing games)
go through ``json`` and come back as an equal :class:`Stats`, which merges and summarises like the
original.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dslgen.rulefile import load_rules
from engine.simulation import Stats, run_chunk

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"


@pytest.mark.parametrize("name", ["sichuan_xuezhan.yaml", "changsha.yaml"])
def test_stats_round_trip_through_json(name):
    rules = load_rules(CATALOG / name).rules
    first, second = run_chunk(rules, 5, 0, 6), run_chunk(rules, 5, 6, 12)
    merged = Stats().merge(first).merge(second)
    assert merged.wins and merged.fan_totals  # real data: integer-keyed counters are exercised
    for stats in (first, merged):
        back = Stats.from_json(json.loads(json.dumps(stats.to_json())))
        assert back == stats
        assert back.to_json() == stats.to_json()
        names = [f.name for f in rules.fans]
        assert back.to_dict(names) == stats.to_dict(names)
    again = Stats.from_json(json.loads(json.dumps(first.to_json()))).merge(
        Stats.from_json(json.loads(json.dumps(second.to_json()))))
    assert again == merged


def test_stats_keep_their_failing_games():
    stats = Stats(games=2, error_count=1, errors=[{"game": 1, "seed": 9, "action_index": 4, "message": "坏了"}])
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


@pytest.mark.parametrize("bad", [None, {}, {"format": "other"}, {"format": "dslgen.stats/1"},
                                 {**Stats().to_json(), "fan_totals": {"3": 1}}, {**Stats().to_json(), "wins": "7"}])
def test_a_form_that_is_not_stats_is_refused(bad):
    with pytest.raises(ValueError):
        Stats.from_json(bad)
