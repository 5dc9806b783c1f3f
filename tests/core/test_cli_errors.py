"""The CLI shell: user errors and dslgen's own bugs both end in a Chinese message and an exit code, never a traceback."""

import click
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.errors import InputError


def _invoke_with(monkeypatch, exc: Exception, debug: bool = False):
    def boom(*_args, **_kwargs):
        raise exc

    monkeypatch.setitem(cli.commands, "boom", click.Command("boom", callback=boom))
    if debug:
        monkeypatch.setenv("DSLGEN_DEBUG", "1")
    else:
        monkeypatch.delenv("DSLGEN_DEBUG", raising=False)
    return CliRunner().invoke(cli, ["boom"])


def test_user_error_prints_where_message_and_hint(monkeypatch):
    result = _invoke_with(monkeypatch, InputError("手牌写法有误", where="hands.txt:3", hint="例：123m"))
    assert result.exit_code == 1
    assert "hands.txt:3: 手牌写法有误" in result.output and "提示：例：123m" in result.output
    assert "Traceback" not in result.output


def test_internal_bug_is_one_line_and_exit_2(monkeypatch):
    result = _invoke_with(monkeypatch, ZeroDivisionError("division by zero"))
    assert result.exit_code == 2
    assert "dslgen 内部错误：ZeroDivisionError: division by zero" in result.output
    assert "DSLGEN_DEBUG=1" in result.output and "Traceback" not in result.output


def test_debug_lets_the_traceback_through(monkeypatch):
    result = _invoke_with(monkeypatch, ZeroDivisionError("x"), debug=True)
    assert isinstance(result.exception, ZeroDivisionError)


def test_unreadable_file_is_exit_2(monkeypatch):
    result = _invoke_with(monkeypatch, FileNotFoundError(2, "No such file or directory", "rules.yaml"))
    assert result.exit_code == 2 and "rules.yaml" in result.output
