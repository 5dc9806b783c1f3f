"""Issue 19 items 4, 11, 12: schema-valid extremes and engine-unplayable flows are findings, never crashes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

FILES = Path(__file__).parent / "files"
NEGATIVE = Path(__file__).parents[1] / "checks" / "negative"
EXTREME = {
    "base_fan_400_digits.yaml": "C002",  # the schema's bound
    "base_fan_5000_digits.yaml": "C001",  # the reader's digit limit, at its line
    # 24,000 nodes: refused by the reader's node limit (the 1,500-long chain of test_hostile_answers
    # is under it and exercises the iterative walk)
    "excludes_chain_3000.yaml": "C001",
}


def _run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("name", sorted(EXTREME))
def test_check_reports_the_extreme_value_as_a_finding(name):
    result = _run("check", "--json", str(FILES / name))
    assert result.exit_code == 1, result.output
    (report,) = json.loads(result.stdout)
    assert EXTREME[name] in {f["code"] for f in report["findings"]}
    assert all(f["line"] > 0 for f in report["findings"] if f["code"] == EXTREME[name])
    text = _run("check", str(FILES / name)).stdout
    assert "(100%)" not in text and "阻断错误" in text  # never 100% beside a blocking error


@pytest.mark.parametrize("command", [["simulate", "--games", "2", "--jobs", "1"], ["replay", "--seed", "0"],
                                     ["review", "--games", "2", "--jobs", "1"]])
@pytest.mark.parametrize("name", sorted(EXTREME))
def test_playing_commands_refuse_the_extreme_file_without_crashing(name, command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(command[0], str(FILES / name), *command[1:])
    out = result.stdout + result.stderr
    assert result.exit_code in (1, 2) and "内部错误" not in out, out


def test_validate_a_folder_goes_past_a_5000_digit_file(tmp_path):
    shutil.copy(FILES / "base_fan_5000_digits.yaml", tmp_path / "a.yaml")
    shutil.copy(FILES.parents[2] / "dsl-examples" / "hongzhong_laizi.yaml", tmp_path / "b.yaml")
    result = _run("validate", str(tmp_path))
    assert result.exit_code == 1 and "内部错误" not in result.output
    assert "b.yaml: 通过" in result.stdout


@pytest.mark.parametrize("negative", ["C707_settle_loops_to_deal.yaml", "C708_unknown_end_action.yaml",
                                      "C709_no_discard.yaml"])
def test_simulate_refuses_what_check_refuses(negative, tmp_path, monkeypatch):
    """Issue 19.11 / 12.7: a flow that never ends or an end action the engine lacks is refused before playing."""
    monkeypatch.chdir(tmp_path)
    result = _run("simulate", str(NEGATIVE / negative), "--games", "2", "--jobs", "1")
    assert result.exit_code == 1 and negative[:4] in result.stderr, result.output


@pytest.mark.parametrize("name", ["hongzhong_laizi", "sichuan_xuezhan", "guobiao", "changsha", "guangdong_jipinghu"])
def test_unknown_end_condition_action_is_refused_for_every_catalog_file(name, tmp_path):
    path = FILES.parents[2] / "dsl-examples" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert "action: settle}" in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("action: settle}", "action: settle_later}", 1), encoding="utf-8")
    (report,) = json.loads(_run("check", "--json", str(bad)).stdout)
    assert "C708" in {f["code"] for f in report["findings"]}


def test_simulate_refuses_an_unknown_hook(tmp_path):
    text = (FILES.parents[2] / "dsl-examples" / "sichuan_xuezhan.yaml").read_text(encoding="utf-8")
    assert "pre_hooks" in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("pre_hooks:\n", "pre_hooks:\n    - {name: 不存在的钩子}\n", 1), encoding="utf-8")
    result = _run("simulate", str(bad), "--games", "2", "--jobs", "1")
    assert result.exit_code == 1 and "不存在的钩子" in result.stderr, result.output
