"""One rule for naming a list element in a field path (overrides, resolutions, rules tables)."""

from dslgen.catalog_tables import PathError, resolve
from dslgen.elements import element_index
from dslgen.generate.overrides import apply_overrides, parse_override
from dslgen.review.resolve import field_exists

import pytest

DATA = {"fan_types": [{"name": "七对", "base_fan": 2}, {"name": "清一色", "base_fan": 4}],
        "settlement_items": [{"item": "birds"}, {"id": 7, "kind": "x"}], "tiles": ["红中", "白板"]}


def test_element_index_tries_keys_then_plain_values_then_indices():
    assert element_index(DATA["fan_types"], "清一色") == 1
    assert element_index(DATA["settlement_items"], "birds") == 0
    assert element_index(DATA["settlement_items"], 7) == 1  # an id, not index 7
    assert element_index(DATA["tiles"], "白板") == 1
    assert element_index(DATA["fan_types"], 1) == 1 and element_index(DATA["fan_types"], "-1") == 1
    assert element_index(DATA["fan_types"], 2) is None and element_index(DATA["fan_types"], "九莲") is None


def test_the_three_path_readers_agree_on_an_element():
    assert resolve(DATA, "fan_types[清一色].base_fan") == 4
    assert field_exists(DATA, "settlement_items[birds]") and field_exists(DATA, "settlement_items[x]")
    assert not field_exists(DATA, "fan_types[九莲].base_fan")
    changed, _ = apply_overrides(DATA, [parse_override("settlement_items[x].kind=y")])
    assert changed["settlement_items"][1]["kind"] == "y" and DATA["settlement_items"][1]["kind"] == "x"
    with pytest.raises(PathError, match="九莲.*有：七对、清一色"):
        resolve(DATA, "fan_types[九莲]")
