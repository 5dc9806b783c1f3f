"""``dslgen check`` and ``dslgen capabilities`` end to end (in-process)."""

from __future__ import annotations

import json

from engine.capabilities import registry

from .conftest import BASE, NEGATIVE


def test_check_text_prints_rate_line_and_exits_0(run_cli):
    result = run_cli("check", str(BASE))
    assert result.exit_code == 0, result.output
    assert "DSL 适配率: " in result.output and "(100%) — 检查用基准玩法" in result.output


def test_check_text_shows_finding_with_location_and_hint(run_cli):
    path = NEGATIVE / "C201_unknown_fan.yaml"
    result = run_cli("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:" in result.output and "C201" in result.output and "大七对" in result.output
    assert "提示：" in result.output


def test_check_json_shape(run_cli):
    path = NEGATIVE / "C101_typo.yaml"
    result = run_cli("check", "--json", str(BASE), str(path))
    assert result.exit_code == 1
    clean, bad = json.loads(result.output)
    assert clean["file"] == str(BASE) and clean["findings"] == []
    assert clean["adaptation"]["supported"] == clean["adaptation"]["total"] > 0
    assert "meldsolver.wildcards" in bad["capabilities"]["required"]
    assert bad["capabilities"]["missing"] == ["meldsolver.wildcards"]
    assert bad["adaptation"]["supported"] == bad["adaptation"]["total"] - 1
    (finding,) = bad["findings"]
    assert set(finding) >= {"code", "severity", "path", "line", "message", "hint"}
    assert finding["code"] == "C101" and finding["severity"] == "error"
    assert finding["path"].startswith("requires[") and finding["line"] > 0
    assert "是否想写 meldsolver.wildcard" in finding["hint"]


def test_missing_capability_says_where_to_implement(run_cli):
    result = run_cli("check", "--json", str(NEGATIVE / "C101_unimplemented.yaml"))
    (entry,) = json.loads(result.output)
    (finding,) = entry["findings"]
    assert "meldsolver.riichi_furiten" in finding["message"]
    solver_modules = {c.module for cid, c in registry().items() if cid.startswith("meldsolver.")}
    assert solver_modules and any(m.replace(".", "/") in finding["hint"] for m in solver_modules)


def test_unreadable_file_exits_2_without_traceback(run_cli, tmp_path):
    result = run_cli("check", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    assert "文件不存在" in result.output and "Traceback" not in result.output


def test_unreadable_beats_findings(run_cli, tmp_path):
    result = run_cli("check", "--json", str(NEGATIVE / "C201_unknown_fan.yaml"), str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    entries = json.loads(result.output)
    assert entries[1]["error"]["message"] == "文件不存在"


def test_yaml_syntax_error_is_a_finding(run_cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game:\n  name: [unclosed\nrequires: []\n", encoding="utf-8")
    result = run_cli("check", "--json", str(bad))
    assert result.exit_code == 1
    (entry,) = json.loads(result.output)
    assert [f["code"] for f in entry["findings"]] == ["C001"]
    assert entry["findings"][0]["line"] >= 2


def test_capabilities_json_lists_the_registry(run_cli):
    result = run_cli("capabilities", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [d["id"] for d in data] == sorted(registry())
    assert all(set(d) == {"id", "name", "description", "since"} and d["name"] for d in data)


def test_capabilities_text_shows_ids_and_names(run_cli):
    result = run_cli("capabilities")
    assert result.exit_code == 0
    for cap in registry().values():
        assert cap.id in result.output


def test_check_directory_checks_every_yaml_file(run_cli, tmp_path):
    (tmp_path / "a.yaml").write_text(BASE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text((NEGATIVE / "C301_unknown_action.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_cli("check", "--json", str(tmp_path))
    assert result.exit_code == 1
    assert [e["file"].rsplit("/", 1)[-1] for e in json.loads(result.output)] == ["a.yaml", "b.yaml"]


def test_missing_capability_known_to_the_spec_is_explained():
    """An engine without meldsolver.wildcard: the finding gives its description and the solver's modules."""
    import dataclasses

    from dslgen.checks.context import engine_facts
    from dslgen.checks.runner import check_data, check_file
    from dslgen.rulefile.yamlio import load_yaml_file

    from .conftest import CATALOG

    facts = engine_facts()
    fewer = {k: v for k, v in facts.capabilities.items() if k != "meldsolver.wildcard"}
    loaded = load_yaml_file(CATALOG / "hongzhong_laizi.yaml")
    report = check_data(loaded, facts=dataclasses.replace(facts, capabilities=fewer))
    (finding,) = [f for f in report.findings if f.code == "C101"]
    from dslgen.checks.capability import spec_capability_notes

    note = spec_capability_notes()["meldsolver.wildcard"]
    assert note and f"meldsolver.wildcard（{note}）" in finding.message and finding.line > 0
    homes = {c.module.replace(".", "/") for k, c in fewer.items() if k.startswith("meldsolver.")}
    assert any(h in finding.hint for h in homes)
    assert report.missing == ["meldsolver.wildcard"] and check_file(CATALOG / "hongzhong_laizi.yaml").missing == []
