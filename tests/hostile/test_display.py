"""Issue 19 items 5, 16, 23: user and model text is printed as text — no Rich markup, no terminal escape,
no control character, and a lone surrogate never crashes a display command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.output import clean, console, guard, to_json

FILES = Path(__file__).parent / "files"
HOSTILE = str(FILES / "markup_escape_name.yaml")
SURROGATE = str(FILES / "lone_surrogate_name.yaml")
_RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e\ud800-\udfff]")


def _run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("args", [
    ["check", HOSTILE], ["validate", HOSTILE], ["simulate", HOSTILE, "--games", "3", "--jobs", "1"],
    ["replay", HOSTILE, "--seed", "0"], ["review", HOSTILE, "--games", "3", "--jobs", "1"],
    ["hand", HOSTILE, "123m456m789m123s中中"],
])
def test_markup_and_escapes_in_a_name_are_printed_as_plain_text(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(*args)
    assert result.exit_code in (0, 1), result.output
    out = result.stdout + result.stderr
    assert not _RAW.search(out), repr(_RAW.search(out))
    if args[0] in ("simulate", "replay", "hand", "check", "review"):
        assert "[/red][bold]武汉" in out and ":smile:" in out  # shown literally, not interpreted


@pytest.mark.parametrize("args", [
    ["check", SURROGATE], ["validate", SURROGATE], ["simulate", SURROGATE, "--games", "3", "--jobs", "1"],
    ["replay", SURROGATE, "--seed", "0"], ["review", SURROGATE, "--games", "3", "--jobs", "1"],
    ["hand", SURROGATE, "123m456m789m123s中中"], ["check", SURROGATE, "--json"],
])
def test_a_lone_surrogate_is_a_finding_at_its_line_not_a_crash(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run(*args)
    out = result.stdout + result.stderr
    assert result.exit_code in (1, 2) and "内部错误" not in out, out
    assert "代理码位" in out


def test_clean_strips_escapes_controls_bidi_and_surrogates(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-live-0123456789")
    text = "a\x1b[2Jb\x1b]0;title\x07c\x9b31md\x07e\u202ef\ud800g\x0ch\ti\nj sk-live-0123456789"
    assert clean(text) == "abcde f\ufffdgh\ti\nj REDACTED".replace(" f", "f")


def test_guard_keeps_richs_colours_but_drops_foreign_escapes(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-live-0123456789")
    assert guard("\x1b[1;31mred\x1b[0m \x1b]0;t\x07\x1b[2J sk-live-0123456789\ud800") == "\x1b[1;31mred\x1b[0m  REDACTED\ufffd"


def test_console_prints_markup_literally(capsys):
    console().print("[/red] [bold]x[/bold] :smile:")
    assert capsys.readouterr().out == "[/red] [bold]x[/bold] :smile:\n"


def test_json_is_always_encodable():
    text = to_json({"a": "x\ud800y\x85", "n": 10 ** 2000})
    assert text.encode("utf-8") and "\\ud800" in text and "\\u0085" in text
    assert '"n": "1000' in text
