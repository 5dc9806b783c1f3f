"""Fan names and their synonyms are one table: the engine's fan registry.

The drafter's fan vocabulary, the specification's §16.2 and the semantic diff derive from it; the
drafter keeps only description words that are not fan names (each mapped to a registry name) and
the names of fans the DSL cannot express. An AST scan shows no module keeps a second synonym table.
"""

from __future__ import annotations

import ast
from pathlib import Path

from dslgen.generate import facts
from dslgen.spec import fan_synonyms
from engine import fans
from engine.fans.composite import KNOWN

ROOT = Path(__file__).resolve().parents[2]


def _registry() -> dict[str, str]:
    return {name: unit.name for unit in fans.FANS.values() for name in unit.names}


def test_every_registered_name_is_read_by_the_drafter_as_its_canonical_fan():
    registry = _registry()
    for name, canonical in registry.items():
        if name in facts.NOT_SCANNED:
            continue
        assert facts.FAN_ALIASES[name] == canonical, name


def test_description_words_are_not_fan_names_and_map_to_registered_fans():
    registry = _registry()
    for word, target in facts.DESCRIPTION_WORDS.items():
        assert word not in registry, f"{word} is a fan name: register it with the fan, not in the drafter"
        assert word not in KNOWN, word
        assert registry.get(target) == target, f"{word} → {target}: not a canonical registered fan"


def test_unsupported_fans_are_neither_registered_nor_published_composites():
    registry = _registry()
    for word in facts.UNSUPPORTED_FANS:
        assert word not in registry and word not in KNOWN, word
        assert facts.FAN_ALIASES[word] is None


def test_a_synonym_registered_with_a_fan_reaches_the_drafter_the_diff_and_the_spec(monkeypatch):
    """Adding a synonym in one place (the registration) is enough for every consumer."""
    from dslgen import fandoc
    from engine.fans import registry as reg

    unit = fans.FANS["清一色"]
    wider = reg.FanUnit(**{**unit.__dict__, "synonyms": (*unit.synonyms, "清门子")})
    monkeypatch.setitem(reg.FANS, "清一色", wider)
    monkeypatch.setitem(reg._BY_NAME, "清门子", wider)
    assert facts._fan_vocabulary()["清门子"] == "清一色"
    assert fan_synonyms()["清门子"] == "清一色"
    assert "同义: [清一门, 清门子]" in fandoc.render_spec_fan_section()


def test_the_drafter_reads_a_registered_synonym_and_keeps_the_designers_word():
    from dslgen.generate.drafter import draft_offline
    from dslgen.generate.examples import load_examples

    draft = draft_offline("四人麻将，可以吃碰杠，点炮胡。七小对 4 番，门清 1 番，大对子 2 番。", load_examples())
    rows = {r["name"]: r["base_fan"] for r in draft.data["fan_types"]}
    assert rows.get("七小对") == 4 and rows.get("门清") == 1 and rows.get("大对子") == 2


def _synonym_pairs(node: ast.Dict, registry: dict[str, str]) -> int:
    pairs = 0
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and isinstance(value, ast.Constant) and isinstance(key.value, str) \
                and key.value in registry and key.value != value.value and registry[key.value] == value.value:
            pairs += 1
    return pairs


def test_no_module_keeps_a_second_synonym_table():
    """No dict literal in engine/ or dslgen/ maps registered synonyms to their canonical names."""
    registry = _registry()
    offenders = []
    for folder in ("engine", "dslgen"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Dict) and _synonym_pairs(node, registry) >= 2:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


def test_a_synonym_opens_its_fans_winning_shape_without_a_second_list():
    from engine.capabilities import needed, shape_of_fan

    assert shape_of_fan("七小对") == shape_of_fan("七对子") == shape_of_fan("七对") == "seven_pairs"
    assert shape_of_fan("国士无双") == "thirteen_orphans"
    assert shape_of_fan("将七对") == shape_of_fan("龙七对") == "seven_pairs"  # published composites, by their parts
    assert shape_of_fan("将将胡") == "all_258" and shape_of_fan("将一色") is None  # the word, not the fan
    assert "meldsolver.seven_pairs" in needed({"fan_types": [{"name": "小七对", "base_fan": 2}]})
