"""Loaded rules are an immutable, hashable value; caches key on it; the engine clears them in one call."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

import engine
from dslgen.rulefile import load_rules
from engine.fans.scoring import compile_table
from engine.simulation import play_game
from engine.rules import Rules

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"


@pytest.fixture(scope="module", params=sorted(p.stem for p in CATALOG.glob("*.yaml")))
def catalog_rules(request):
    return load_rules(CATALOG / f"{request.param}.yaml")


def test_two_loads_are_equal_and_hash_alike(catalog_rules):
    data = {k: v for k, v in catalog_rules.data.items() if k != "meta"}
    a, b = Rules.from_dict(data), Rules.from_dict(copy.deepcopy(data))
    assert a is not b and a == b and hash(a) == hash(b)
    assert len({a, b}) == 1


def test_to_dict_is_normalised_and_round_trips(catalog_rules):
    rules = catalog_rules.rules
    plain = rules.to_dict()
    assert isinstance(plain, dict) and isinstance(plain["phases"], list)
    assert Rules.from_dict(plain) == rules
    assert plain == Rules.from_dict(plain).to_dict()  # normalising twice changes nothing
    assert plain["scoring"]["self_draw_multiplier"] is not None  # defaults are filled in


def test_rules_cannot_be_changed():
    rules = load_rules(CATALOG / "guobiao.yaml").rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.win_min_fan = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.raw["win_min_fan"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.phases[0].options["next"] = None  # type: ignore[index]


def test_caches_key_on_the_value_and_clear_in_one_call():
    data = load_rules(CATALOG / "hongzhong_laizi.yaml").data
    first, second = Rules.from_dict(data), Rules.from_dict(copy.deepcopy(data))
    assert compile_table(first) is compile_table(second)  # an equal value hits, whatever object carries it
    play_game(first, seed=1)
    assert any(engine.memo.sizes().values())
    engine.clear_caches()
    assert not any(engine.memo.sizes().values())
    assert play_game(second, seed=1) == play_game(first, seed=1)  # still correct afterwards
