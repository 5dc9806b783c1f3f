"""Issue 19.1 / 19.3 without a model: the user's own key-shaped words are kept, the configured key never leaves."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile.yamlio import load_yaml_file

DESC = "sk-proj-Abc123456789XYZ 四川血战到底：108张牌，只有万条筒，可以碰杠不能吃。"
KEY = "sk-proj-Abc123456789XYZ"


def _new(*args):
    return CliRunner().invoke(cli, ["new", *args])


def test_key_shaped_description_without_a_key_stays_a_valid_file(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    result = _new(DESC, "--provider", "offline", "--games", "20", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code == 0, result.output
    data = load_yaml_file(tmp_path / "d" / "sichuan.yaml").data
    assert data["meta"]["description"] == DESC  # the user's own text, kept as written
    assert json.loads(result.stdout)["verdict"] == "pass"


def test_configured_key_in_the_description_is_masked_in_data_not_text(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.chdir(tmp_path)
    text = _new(DESC, "--provider", "offline", "--games", "20", "--jobs", "1", "--out", "d")
    as_json = _new(DESC, "--provider", "offline", "--games", "20", "--jobs", "1", "--out", "e", "--json")
    for result, folder in ((text, "d"), (as_json, "e")):
        assert result.exit_code == 0, result.output
        assert KEY not in result.stdout + result.stderr
        files = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / folder).iterdir())
        assert KEY not in files
        data = load_yaml_file(tmp_path / folder / "sichuan.yaml").data  # masking never makes an alias
        assert data["meta"]["description"].startswith("REDACTED 四川血战到底")
