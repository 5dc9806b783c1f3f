"""Structured (JSON-schema) answers and the consistency gate on model drafts, over real HTTP
against the scripted local server."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.generate.examples import load_examples
from dslgen.generate.structured import answer_schema
from dslgen.rulefile.yamlio import load_yaml_text

from .test_openai_http import WUHAN_DESC, _answer, _good_yaml


def _run(tmp: Path, description: str = WUHAN_DESC) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["new", description, "--games", "10", "--jobs", "1", "--out", str(tmp / "draft"),
                                      "--json"])
    return result.exit_code, (json.loads(result.stdout) if result.stdout.strip().startswith("{") else {})


def _structured(rules: dict, **notes) -> str:
    body = {"rules": rules, "gaps": [], "mapping": [], "provenance": [], "assumptions": [], "unmapped": []}
    body.update(notes)
    return json.dumps(body, ensure_ascii=False)


def _wuhan_rules() -> dict:
    return load_yaml_text(_good_yaml(), "w.yaml").data


def test_the_answer_schema_is_the_rule_schema_plus_notes():
    schema = answer_schema()
    rules = schema["properties"]["rules"]
    assert "meta" not in rules["properties"] and {"game", "deck", "fan_types", "scoring"} <= set(rules["properties"])
    assert set(schema["required"]) == {"rules", "gaps", "mapping", "provenance", "assumptions", "unmapped"}
    assert "#/$defs/" in json.dumps(rules) and schema["$defs"]  # references resolve from the answer's root


def test_structured_answer_where_the_endpoint_supports_it(fake_openai, isolated):
    provenance = [{"field": "max_fan", "sentence": "封顶 16 番"}, {"field": "fan_types[清一色]", "sentence": "清一色 4 番"}]
    assumptions = [{"field": "fan_stacking", "value": "add", "from": "参考示例 hongzhong_laizi"}]
    fake_openai.script = [{"content": _structured(_wuhan_rules(), provenance=provenance, assumptions=assumptions,
                                                  gaps=[{"text": "点炮三倍", "reason": "点炮倍数以外的包赔无法表达"}])}]
    code, result = _run(isolated)
    request = fake_openai.requests[0]
    fmt = request["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["schema"]["properties"]["rules"]["required"]
    assert "JSON" in request["messages"][-1]["content"] and "<<<描述开始>>>" in request["messages"][-1]["content"]
    assert code == 0, result
    assert result["verdict"] == "pass" and result["gates"]["consistency"]
    rows = {r["field"]: r for r in result["value_sources"]["rows"]}
    assert rows["max_fan"]["source"] == "stated" and rows["max_fan"]["value"] == 16
    assert rows["fan_stacking"]["source"] == "assumed" and rows["fan_stacking"]["from"] == "参考示例 hongzhong_laizi"
    assert {"text": "点炮三倍", "reason": "点炮倍数以外的包赔无法表达"} in result["gaps"]
    assert (isolated / "draft" / "wuhan.yaml").read_text(encoding="utf-8").startswith("meta:")


def test_fenced_yaml_where_the_endpoint_refuses_the_format(fake_openai, isolated):
    fake_openai.script = [{"status": 400, "message": "response_format json_schema is not supported"},
                          {"content": _answer(_good_yaml())}]
    code, result = _run(isolated)
    assert code == 0, result
    assert "response_format" in fake_openai.requests[0] and "response_format" not in fake_openai.requests[1]
    assert result["rounds"] == 1 and result["verdict"] == "pass"


def test_structured_only_fails_clearly_when_refused(fake_openai, isolated, monkeypatch):
    monkeypatch.setenv("DSLGEN_STRUCTURED", "json_schema")
    fake_openai.script = [{"status": 400, "message": "unsupported"}]
    code, result = _run(isolated)
    assert code == 1 and result["failure"]["kind"] == "config" and "JSON Schema" in result["failure"]["message"]


def test_a_model_draft_that_contradicts_the_description_fails_and_is_told(fake_openai, isolated):
    """The consistency gate judges model drafts the same way: the contradiction goes back to the model."""
    description = WUHAN_DESC.replace("封顶 16 番", "封顶 8 番")
    fixed = _wuhan_rules()
    fixed["max_fan"] = 8
    fixed["scoring"]["max_cap"] = 8
    fake_openai.script = [{"content": _structured(_wuhan_rules())}, {"content": _structured(fixed)}]
    code, result = _run(isolated, description)
    assert code == 0, result
    assert result["rounds"] == 2
    first = result["round_findings"][0]["findings"]
    assert any(f["code"] == "D001" and f["path"] == "max_fan" for f in first)
    repair = fake_openai.requests[1]["messages"][-1]["content"]
    assert "D001" in repair and "max_fan" in repair and "封顶" in repair


def test_a_model_draft_that_stays_wrong_fails_the_gate(fake_openai, isolated):
    description = WUHAN_DESC.replace("封顶 16 番", "封顶 8 番")
    fake_openai.script = [{"content": _structured(_wuhan_rules())}] * 3
    code, result = _run(isolated, description)
    assert code == 1 and result["verdict"] == "fail" and not result["gates"]["consistency"]
    assert all(result["gates"][g] for g in ("schema", "capabilities", "compliance"))
    assert any(f["code"] == "D001" and f["path"] == "max_fan" for f in result["findings"])
    contradiction = next(f for f in result["consistency"]["findings"] if f["code"] == "D001")
    assert contradiction["sentence"] == "封顶 8 番" and contradiction["described"] == "8" and contradiction["drafted"] == "16"


def test_catalog_pool_is_available():
    assert any(e.id == "hongzhong_laizi" for e in load_examples())
