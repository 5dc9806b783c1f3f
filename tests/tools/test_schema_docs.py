"""Editor support: every field and enum value of the generated schema carries Chinese documentation from the spec."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema

from dslgen.rulefile import schema as schema_mod
from dslgen.rulefile import schemadoc, spec

ROOT = Path(__file__).resolve().parents[2]


def test_every_field_and_enum_value_is_documented():
    built = schema_mod.build_schema()
    assert schemadoc.missing(built) == [], (
        "在 docs/dsl-specification.md 的 schema 代码块中给这些字段写 description，给取值写 x-enum-descriptions，"
        "或在该节的字段表中写“含义”"
    )
    assert "x-enum-descriptions" not in json.dumps(built, ensure_ascii=False)


def _fields(node, path=()):
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield path + (name,), sub
            yield from _fields(sub, path + (name,))
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                yield from _fields(node[key], path)


def test_descriptions_are_chinese_and_taken_from_the_specification():
    built = schema_mod.build_schema()
    text = spec.spec_text()
    cjk = re.compile(r"[\u4e00-\u9fff]")
    count = 0
    for path, node in _fields(built):
        if "$ref" in node and "description" not in node:
            continue
        count += 1
        assert cjk.search(node["description"]), (path, node["description"])
        assert node["markdownDescription"].startswith(f"**`{'.'.join(path)}`**"), path
    assert count > 60
    # a table's 含义 column, its type/default columns and the section reach the hover text
    base_fan = built["properties"]["fan_types"]["items"]["properties"]["level"]
    assert "max_level" in base_fan["description"]
    per_player = built["properties"]["scoring"]["properties"]["self_draw_multiplier"]
    assert per_player["description"] == "自摸：每位未胡的对手付 番数 × N" and "自摸：每位未胡的对手付" in text
    assert "默认：1" in per_player["markdownDescription"] and "12. scoring" in per_player["markdownDescription"]


def test_enum_values_are_described_one_by_one():
    built = schema_mod.build_schema()
    stacking = built["properties"]["fan_stacking"]
    assert stacking["enumDescriptions"][:3] == ["所有成立的番型番数相加", "只计 level 最高的一个番型", "每个 level 取番数最大的一个，再相加"]
    assert "2^番" in stacking["enumDescriptions"][3]  # double (四川)
    assert "番数相乘" in dict(zip(stacking["enum"], stacking["enumDescriptions"]))["multiply"]
    assert stacking["markdownEnumDescriptions"][0] == "`add`：所有成立的番型番数相加"
    policy = built["$defs"]["sub_phases"]["properties"]["others_reaction"]["properties"]["priority_policy"]
    assert dict(zip(policy["enum"], policy["enumDescriptions"]))["all_winners"] == "一炮多响"
    players = built["properties"]["game"]["properties"]["players"]["properties"]["max"]
    assert len(players["enumDescriptions"]) == len(players["enum"]) and all(players["enumDescriptions"])


def test_checked_in_schemas_carry_the_documentation_and_still_validate_the_catalog():
    for path in (schema_mod.SCHEMA_FILE, schema_mod.DRAFT07_FILE):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert "markdownDescription" in data["properties"]["deck"]["properties"]["total"]
    validator = jsonschema.Draft7Validator(json.loads(schema_mod.DRAFT07_FILE.read_text(encoding="utf-8")))
    for rule_file in sorted((ROOT / "dsl-examples").glob("*.yaml")):
        text = rule_file.read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=../schemas/mahjong-dsl.schema.json\n"), rule_file.name
        from dslgen.rulefile.yamlio import load_yaml_file

        assert not list(validator.iter_errors(load_yaml_file(rule_file).data)), rule_file.name


def test_editor_setup_is_three_lines_in_docs():
    doc = (ROOT / "docs" / "editor.md").read_text(encoding="utf-8")
    steps = re.findall(r"^\d\. .+$", doc, re.M)
    assert len(steps) == 3
    assert "redhat.vscode-yaml" in steps[0]
    assert '"yaml.schemas"' in steps[1] and "mahjong-dsl.draft07.schema.json" in steps[1]
    assert "yaml-language-server: $schema=" in steps[2]
    assert (ROOT / "schemas" / "mahjong-dsl.draft07.schema.json").is_file()
