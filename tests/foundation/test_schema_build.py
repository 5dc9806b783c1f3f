"""The schemas are generated from the specification, and only from it."""

from __future__ import annotations

import json

import jsonschema
import pytest

from dslgen.rulefile import schema as schema_mod
from dslgen.rulefile import spec

from .conftest import ROOT


def test_schema_build_check_passes(dslgen):
    result = dslgen("schema", "build", "--check")
    assert result.exit_code == 0, result.output + result.stderr


def test_check_detects_a_hand_edit(dslgen, tmp_path, monkeypatch):
    copy = tmp_path / "mahjong-dsl.schema.json"
    data = json.loads(schema_mod.SCHEMA_FILE.read_text(encoding="utf-8"))
    data["properties"]["deck"]["properties"]["total"]["maximum"] = 999
    copy.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    monkeypatch.setattr(schema_mod, "SCHEMA_FILE", copy)
    monkeypatch.setattr(schema_mod, "DRAFT07_FILE", tmp_path / "missing.json")
    result = dslgen("schema", "build", "--check", "--json")
    assert result.exit_code == 1
    stale = json.loads(result.stdout)["stale"]
    assert len(stale) == 2 and result.stdout.count("json") >= 2
    # build writes both files back to what the specification generates
    monkeypatch.setattr(schema_mod, "SCHEMA_DIR", tmp_path)
    assert dslgen("schema", "build").exit_code == 0
    assert dslgen("schema", "build", "--check").exit_code == 0
    assert copy.read_text(encoding="utf-8") == schema_mod.render(schema_mod.build_schema())


def test_schemas_are_valid_for_their_drafts():
    main = json.loads(schema_mod.SCHEMA_FILE.read_text(encoding="utf-8"))
    d07 = json.loads(schema_mod.DRAFT07_FILE.read_text(encoding="utf-8"))
    assert main["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert d07["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft202012Validator.check_schema(main)
    jsonschema.Draft7Validator.check_schema(d07)
    assert "$defs" not in json.dumps(d07) and "definitions" in d07
    assert main["x-spec-version"] == spec.spec_version()


def test_every_top_level_field_comes_from_a_spec_block():
    targets = {b.target for b in spec.blocks() if b.kind == "schema"}
    props = schema_mod.build_schema()["properties"]
    assert {f"properties/{p}" for p in props} <= targets
    expected = {"game", "requires", "deck", "deal", "wildcard_rules", "win_condition", "fan_types", "fan_stacking",
                "max_fan", "win_min_fan", "win_rule", "phases", "scoring", "flower_rules", "meta", "settlement_items",
                "liang_dao", "tile_restrictions", "declarations", "payments", "reveal", "table_events", "hand_value"}
    assert set(props) == expected


def test_draft07_copy_validates_like_the_main_schema():
    from dslgen.rulefile.yamlio import load_yaml_file

    v2020 = jsonschema.Draft202012Validator(schema_mod.build_schema())
    v07 = jsonschema.Draft7Validator(schema_mod.to_draft07(schema_mod.build_schema()))
    for f in sorted((ROOT / "tests" / "foundation" / "fixtures").glob("*.yaml")) + sorted((ROOT / "dsl-examples").glob("*.yaml")):
        try:
            data = load_yaml_file(f).data
        except Exception:
            continue
        assert v2020.is_valid(data) == v07.is_valid(data), f.name


def test_spec_block_errors_are_reported():
    bad = "```yaml schema=root\ntype: object\n```\n```yaml schema=root\ntype: object\n```\n"
    with pytest.raises(Exception, match="出现了两次"):
        spec.parse_blocks(bad)
    blocks = spec.parse_blocks("```yaml schema=root\ntype: object\nrequired: [game]\n```\n")
    with pytest.raises(Exception, match="没有 schema 片段"):
        schema_mod.build_schema(blocks, "0")
