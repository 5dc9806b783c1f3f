"""The README's Quick start has exactly two commands, and .ci/run executes the second one verbatim."""

from __future__ import annotations

import importlib.util
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
TEST_COMMAND = "pip install -e '.[dev]' && pytest"


def _readme_command_module():
    spec = importlib.util.spec_from_file_location("readme_command", ROOT / ".ci" / "readme_command.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_quick_start_has_exactly_two_commands():
    cmds = _readme_command_module().quick_start_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(cmds) == 2
    assert cmds[0].startswith("pip install -e . && dslgen ")
    assert cmds[1] == TEST_COMMAND


def test_readme_command_script_prints_the_commands():
    out = subprocess.run([sys.executable, str(ROOT / ".ci" / "readme_command.py"), "test"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == TEST_COMMAND
    main = subprocess.run([sys.executable, str(ROOT / ".ci" / "readme_command.py"), "main"],
                          capture_output=True, text=True, check=True)
    assert main.stdout.strip().startswith("pip install -e . && dslgen ")


def test_readme_command_parser():
    parse = _readme_command_module().quick_start_commands
    text = "# x\n\n## Quick start\n\n```bash\na && b\n```\n\ntext\n\n```\nc\n```\n\n## Commands\n\n```bash\nnot this\n```\n"
    assert parse(text) == ["a && b", "c"]
    with pytest.raises(SystemExit):
        parse("# no quick start here\n")


def test_ci_runs_the_readme_test_command_in_a_fresh_venv():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines()]
    assert "-m venv" in script and "activate" in script
    assert lines[-1] == TEST_COMMAND  # the README's command, run as the last step
    assert "readme_command.py test" in script  # and a guard that it still equals the README's
    assert f'"$readme_cmd" != "{TEST_COMMAND}"' in script


def test_main_command_drafts_a_passing_variant_with_no_key(tmp_path, monkeypatch):
    """The README's main command works on a fresh machine: no key, offline drafter, exit 0."""
    from dslgen.cli import cli

    first = _readme_command_module().quick_start_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    args = shlex.split(first.split("&&", 1)[1])
    assert args[:2] == ["dslgen", "new"]
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "DSLGEN_MODEL", "DSLGEN_PROVIDER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args[1:] + ["--games", "20", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    drafts = list((tmp_path / ".dslgen" / "drafts").iterdir())
    assert len(drafts) == 1 and (drafts[0] / "result.json").is_file()
