"""CLI conventions: --version, -q/-v, --color, Chinese click framing, completion, the config file."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import engine
from dslgen.rulefile import spec
from dslgen.cli import cli
from dslgen.generate.prompt import prompt_version

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tests" / "checks" / "base.yaml"
UNKNOWN_FAN = ROOT / "tests" / "checks" / "negative" / "C201_unknown_fan.yaml"
WUHAN = ROOT / "dsl-examples" / "hongzhong_laizi.yaml"

ENV_NAMES = ("DSLGEN_PROVIDER", "DSLGEN_MODEL", "OPENAI_BASE_URL", "DSLGEN_GAMES", "DSLGEN_JOBS", "DSLGEN_CATALOG",
             "DSLGEN_REVIEWER", "DSLGEN_TIMEOUT", "DSLGEN_MAX_RETRIES", "DSLGEN_RETRY_CAP", "DSLGEN_REPLAY",
             "OPENAI_API_KEY", "NO_COLOR", "FORCE_COLOR")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """cwd in an empty project folder, the user config dir in tmp, no dslgen variables."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    return tmp_path


def run(*args: str, **kwargs):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, **kwargs)


def _commands(group: click.Group, prefix=()):
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, prefix + (name,))
        else:
            yield prefix + (name,), cmd


# --- --version ---------------------------------------------------------------------------


def test_version_names_package_spec_prompt_and_engine():
    result = run("--version")
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("dslgen ")
    for part in (f"DSL 规范 {spec.spec_version()}", f"提示词 {prompt_version()}", f"引擎 {engine.__version__}"):
        assert part in out, out


# --- -q / -v / --color -------------------------------------------------------------------


def test_every_command_takes_quiet_verbose_and_color():
    commands = list(_commands(cli))
    assert len(commands) >= 15
    for path, cmd in commands:
        opts = {o for p in cmd.params for o in getattr(p, "opts", [])}
        assert {"-q", "--quiet", "-v", "--verbose", "--color"} <= opts, path
    group_opts = {o for p in cli.params for o in getattr(p, "opts", [])}
    assert {"-q", "-v", "--color", "--version"} <= group_opts


def test_quiet_prints_findings_only():
    loud = run("check", str(BASE), str(UNKNOWN_FAN))
    quiet = run("check", "-q", str(BASE), str(UNKNOWN_FAN))
    assert loud.exit_code == quiet.exit_code == 1
    assert "DSL 适配率" in loud.output and "共 2 个文件" in loud.output
    assert "DSL 适配率" not in quiet.output and "共 2 个文件" not in quiet.output
    assert "C201" in quiet.output and "提示：" in quiet.output
    assert run("-q", "validate", str(BASE)).output == ""
    assert "通过" in run("validate", str(BASE)).output


def test_verbose_says_what_it_read_and_how_long_it_took(home):
    (home / "project" / "dslgen.toml").write_text("games = 5\n", encoding="utf-8")
    result = run("-v", "validate", str(BASE))
    assert "读取配置（项目）" in result.output and "dslgen.toml" in result.output
    assert "用时" in result.output
    assert "用时" not in run("validate", str(BASE)).output


def test_color_always_never_and_no_color(monkeypatch):
    assert "\x1b[" in run("check", "--color", "always", str(BASE)).output
    assert "\x1b[" not in run("check", "--color", "never", str(BASE)).output
    assert "\x1b[" not in run("check", str(BASE)).output  # auto: not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run("check", str(BASE)).output
    # the state does not leak into the next invocation
    monkeypatch.delenv("NO_COLOR")
    run("--color", "always", "validate", str(BASE))
    assert "\x1b[" not in run("check", str(BASE)).output


def test_long_runs_stay_quiet_off_a_terminal_and_in_json(home):
    result = CliRunner().invoke(cli, ["simulate", str(WUHAN), "--games", "3", "--jobs", "1", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"] == 3 and result.stderr == ""
    text = CliRunner().invoke(cli, ["simulate", str(WUHAN), "--games", "3", "--jobs", "1", "-q"])
    assert text.exit_code == 0 and text.stderr == ""


# --- Chinese framing ---------------------------------------------------------------------


def test_usage_and_option_errors_are_chinese():
    result = CliRunner().invoke(cli, ["check", "--nosuch", str(BASE)])
    assert result.exit_code == 2
    assert "用法: dslgen check [选项]" in result.output
    assert "错误：没有选项 '--nosuch'" in result.output and "查看帮助" in result.output
    result = CliRunner().invoke(cli, ["chek"])
    assert result.exit_code == 2 and "没有命令 'chek'" in result.output and "是否想写" in result.output
    result = CliRunner().invoke(cli, ["simulate", "--games", "x", str(WUHAN)])
    assert "'--games' 的取值不正确" in result.output
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 2 and "缺少参数" in result.output
    for english in ("Usage:", "Error:", "Try '", "No such"):
        assert english not in result.output


def test_help_framing_is_chinese():
    out = run("--help").output
    assert "用法: dslgen [选项] 命令 [参数]..." in out
    assert "选项:" in out and "命令:" in out and "显示本帮助并退出。" in out
    assert "Options" not in out and "Commands" not in out and "Show this message" not in out


def test_shell_completion_script_is_available():
    result = CliRunner().invoke(cli, [], prog_name="dslgen", env={"_DSLGEN_COMPLETE": "bash_source"})
    assert result.exit_code == 0
    assert "_DSLGEN_COMPLETE=bash_complete" in result.output and "complete " in result.output


# --- config file -------------------------------------------------------------------------


def _show(**env):
    result = CliRunner().invoke(cli, ["config", "show", "--json"], env=env or None)
    assert result.exit_code == 0, result.output
    return {s["key"]: s for s in json.loads(result.output)["settings"]}, json.loads(result.output)


def test_precedence_flag_env_project_user(home):
    user_dir = home / "xdg" / "dslgen"
    user_dir.mkdir(parents=True)
    (user_dir / "config.toml").write_text('games = 4\nreviewer = "用户"\nmodel = "user-model"\n', encoding="utf-8")
    settings, data = _show()
    assert settings["games"]["value"] == 4 and settings["games"]["source"] == "user"
    assert data["files"]["user"] == str(user_dir / "config.toml") and data["files"]["project"] is None
    assert data["precedence"] == ["flag", "env", "project", "user", "default"]

    (home / "project" / "pyproject.toml").write_text('[tool.dslgen]\ngames = 3\n', encoding="utf-8")
    settings, data = _show()
    assert (settings["games"]["value"], settings["games"]["source"]) == (3, "project")
    assert settings["reviewer"]["source"] == "user" and settings["model"]["value"] == "user-model"
    assert data["files"]["project"].endswith("pyproject.toml")

    (home / "project" / "dslgen.toml").write_text("games = 2\n", encoding="utf-8")
    settings, _ = _show()
    assert (settings["games"]["value"], settings["games"]["where"]) == (2, str(home / "project" / "dslgen.toml"))

    settings, _ = _show(DSLGEN_GAMES="6")
    assert (settings["games"]["value"], settings["games"]["source"], settings["games"]["where"]) == ("6", "env", "DSLGEN_GAMES")

    # the settings reach the commands: project value, then env, then the flag
    def games(*args, env=None):
        result = CliRunner().invoke(cli, ["simulate", str(WUHAN), "--jobs", "1", "--json", *args], env=env)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["games"]

    assert games() == 2
    assert games(env={"DSLGEN_GAMES": "6"}) == 6
    assert games("--games", "1", env={"DSLGEN_GAMES": "6"}) == 1


def test_project_config_is_found_from_a_subfolder(home):
    (home / "project" / "dslgen.toml").write_text('catalog = "rules"\n', encoding="utf-8")
    sub = home / "project" / "a" / "b"
    sub.mkdir(parents=True)
    settings, _ = _show()
    assert settings["catalog"]["value"] == "rules"
    import os

    os.chdir(sub)
    settings, _ = _show()
    assert settings["catalog"]["value"] == "rules" and settings["catalog"]["source"] == "project"


def test_legacy_generate_section_and_ignored_api_key(home):
    (home / "project" / "dslgen.toml").write_text('api_key = "sk-in-file"\n[generate]\nmodel = "m"\n', encoding="utf-8")
    result = run("config", "show")
    assert result.exit_code == 0
    assert "sk-in-file" not in result.output and "已忽略" in result.output and "OPENAI_API_KEY" in result.output
    settings, data = _show()
    assert settings["model"]["value"] == "m" and data["ignored"][0]["key"] == "api_key"


def test_unknown_key_and_bad_values_are_usage_errors_naming_the_file(home):
    path = home / "project" / "dslgen.toml"
    path.write_text("gmaes = 3\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["config", "show"])
    assert result.exit_code == 2 and str(path) in result.output and "是否想写 “games”" in result.output
    path.write_text('jobs = "auto"\n', encoding="utf-8")
    # simulate accepts auto; batch wants a number: only batch complains, naming the setting and the file
    ok = CliRunner().invoke(cli, ["simulate", str(WUHAN), "--games", "2", "--json"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(cli, ["batch", "--only", "hongzhong_laizi", "--json"])
    assert bad.exit_code == 2 and "jobs" in bad.output and str(path) in bad.output
    path.write_text("games = [", encoding="utf-8")
    broken = CliRunner().invoke(cli, ["validate", str(BASE)])
    assert broken.exit_code == 2 and "配置文件无法解析" in broken.output


def test_reviewer_from_config_satisfies_a_required_option(home, tmp_path):
    (home / "project" / "dslgen.toml").write_text('reviewer = "张三"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["reject", str(tmp_path / "nope"), "--reason", "x"])
    # the reviewer is not reported missing; the missing draft folder is what fails
    assert "--reviewer" not in result.output and result.exit_code == 2


def test_offline_new_with_an_empty_catalog_is_a_usage_error_that_writes_nothing(home, monkeypatch):
    """The offline drafter starts from a catalog example: with none, ``new`` stops before drafting (exit 2),
    names the folder it looked in and how to point elsewhere, and leaves no failed draft behind."""
    empty = home / "empty-catalog"
    empty.mkdir()
    monkeypatch.setenv("DSLGEN_CATALOG", str(empty))
    result = run("new", "四川麻将，108张，只能碰杠")
    assert result.exit_code == 2, result.output
    assert str(empty) in result.output and "DSLGEN_CATALOG" in result.output and "dsl-examples/" not in result.output
    assert not (home / "project" / ".dslgen").exists()
