"""No drift: the specification's enumerations equal the engine's registries.

Adding a fan, capability, condition, action or hook to the engine means adding
its line to ``docs/dsl-specification.md`` §14 (and the other way round), or this fails.
"""

from __future__ import annotations

from collections import Counter

import pytest

from dslgen import spec
from engine import capabilities, fans, settlement
from engine.game import actions, conditions, hooks


@pytest.fixture(scope="module")
def enums():
    return spec.enumerations()


def _diff(spec_names, engine_names) -> str:
    s, e = set(spec_names), set(engine_names)
    return f"only in the spec: {sorted(s - e)}; only in the engine: {sorted(e - s)}"


def test_spec_lists_no_name_twice(enums):
    for key, names in enums.items():
        twice = [n for n, c in Counter(names).items() if c > 1]
        assert not twice, f"{key}: {twice}"


def test_capability_ids(enums):
    engine = capabilities.registry()
    assert set(enums["capabilities"]) == set(engine), _diff(enums["capabilities"], engine)


def test_fan_names_and_synonyms(enums):
    engine = fans.recognized_names()
    assert set(enums["fans"]) == set(engine), _diff(enums["fans"], engine)


def test_fan_synonym_groups_match():
    """Names the spec groups as one fan are one engine unit, and the spec's main name is the unit's name."""
    spec_groups = {}
    for name, main in spec.fan_synonyms().items():
        spec_groups.setdefault(main, set()).add(name)
    engine_groups = {unit.name: set(unit.names) for unit in fans.FANS.values()}
    assert spec_groups == engine_groups


def test_conditions_by_place():
    where = {"fan_types": set(), "pre_hooks": set(), "actions": set()}
    for row in spec.enumeration_tables()["conditions"]:
        used = row.get("用于")
        used = set(used) if isinstance(used, list) else {used}
        place = "fan_types" if "fan_types" in used else "pre_hooks" if "pre_hooks" in used else "actions"
        where[place].add(str(row["name"]))
    assert where["actions"] == set(conditions.CONDITIONS), _diff(where["actions"], conditions.CONDITIONS)
    assert where["fan_types"] == set(fans.CONDITIONS), _diff(where["fan_types"], fans.CONDITIONS)
    assert where["pre_hooks"] == set(hooks.HOOK_CONDITIONS), _diff(where["pre_hooks"], hooks.HOOK_CONDITIONS)


def test_actions(enums):
    assert set(enums["self_actions"]) == set(actions.SELF_ACTIONS), _diff(enums["self_actions"], actions.SELF_ACTIONS)
    assert set(enums["reactions"]) == set(actions.REACTIONS), _diff(enums["reactions"], actions.REACTIONS)


def test_pre_hooks(enums):
    assert set(enums["pre_hooks"]) == set(settlement.HOOKS), _diff(enums["pre_hooks"], settlement.HOOKS)


def test_checks_only_name_capabilities_the_spec_knows(enums):
    from dslgen.checks.requires import USAGES

    unknown = [u.capability for u in USAGES if u.capability not in enums["capabilities"]]
    assert not unknown


def test_the_specs_fan_table_is_generated_from_the_registry():
    """§16.2 is the fan registry rendered (``dslgen docs build``), not a hand-kept copy."""
    from dslgen.fandoc import render_specification

    assert spec.spec_text() == render_specification(), "run `dslgen docs build`"
