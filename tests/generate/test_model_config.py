"""Issue 35 item 6: the model configuration never breaks the quick start.

A key exported for another tool, with no model named, drafts offline and says why; an unreachable model is a
usage error (exit 2) with one line and the fix, and leaves no draft folder; an interrupted ``new`` (Ctrl-C,
SIGTERM) leaves no empty reserved folder behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]
TUI_DAO = "推倒胡，能吃能碰。"


def test_a_key_without_a_model_drafts_offline_and_says_why(isolated, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-exported-for-another-tool")
    result = CliRunner().invoke(cli, ["new", TUI_DAO, "--games", "12", "--jobs", "1", "--json"])
    assert result.exit_code in (0, 1), result.output  # a verdict, not a usage error
    payload = json.loads(result.stdout)
    assert payload["provenance"]["provider"] == "offline" and "OPENAI_API_KEY" in payload["notice"]
    text = CliRunner().invoke(cli, ["new", TUI_DAO, "--games", "12", "--jobs", "1"])
    assert text.stdout.startswith("说明：环境变量 OPENAI_API_KEY 已设置，但没有指定模型") and "--model" in text.stdout
    assert "sk-exported" not in text.output


def test_a_named_model_or_provider_still_means_the_model(isolated, monkeypatch):
    """The fallback only applies when nobody asked for a model: ``--provider openai`` without a model is still
    the usage error that names the fix."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    result = CliRunner().invoke(cli, ["new", TUI_DAO, "--provider", "openai", "--games", "12"])
    assert result.exit_code == 2 and "未指定模型名称" in result.output
    from dslgen.generate import config

    monkeypatch.setenv("DSLGEN_MODEL", "deepseek-chat")
    name, settings = config.resolve(None, None)
    assert name == "openai" and settings.notice == ""
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("DSLGEN_MODEL")
    name, settings = config.resolve(None, None)
    assert name == "offline" and settings.notice == ""  # no key at all: offline is simply the default


def _spawn_paused(tmp_path: Path):
    marker, release = tmp_path / "paused", tmp_path / "release"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "DSLGEN_"))}
    env.update(PYTHONPATH=str(ROOT), HOME=str(tmp_path / "home"), DSLGEN_PAUSE_AT="draft-folder",
               DSLGEN_PAUSE_FILE=str(marker), DSLGEN_PAUSE_RELEASE=str(release), DSLGEN_PAUSE_SECONDS="120")
    proc = subprocess.Popen([sys.executable, "-m", "dslgen", "new", TUI_DAO, "--games", "12", "--jobs", "1"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "new never reserved its draft folder"
        time.sleep(0.05)
    return proc


def test_sigterm_and_ctrl_c_release_the_reserved_draft_folder(tmp_path):
    for sig, code in ((signal.SIGTERM, 143), (signal.SIGINT, 130)):
        work = tmp_path / sig.name
        work.mkdir()
        proc = _spawn_paused(work)
        drafts = work / ".dslgen" / "drafts"
        assert len(list(drafts.iterdir())) == 1  # reserved, holding only its mark
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == code, err
        assert list(drafts.iterdir()) == [], err
